import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

/// Render stage 5: where frames go. A sink owns both halves of its output: `encode` turns a drawn
/// canvas into its bytes on the render thread that drew it (several threads at once), and `write`
/// puts them where they belong. A render calls `begin` once, then `encode` and `write` for each
/// frame, then `finish` — or `abandon` after an error or a cancellation.
///
/// A sink whose `wantsFrameOrder` is false gets frames as soon as each is done, from several
/// threads at once (a folder of files); one that wants order gets them one at a time in
/// ascending order, through a bounded reorder window (a video pipe). A new output format is one
/// new sink (or, for a folder of images, one new `FrameImageFormat`).
public protocol FrameSink: AnyObject, Sendable {
    var wantsFrameOrder: Bool { get }
    /// The scene the render draws for this sink: the scene itself, or what is left when the sink
    /// takes a part of it over (a video sink passes footage under the rest through as decoded).
    func sceneToDraw(_ scene: Scene) -> Scene
    func begin(scene: Scene, frames: ClosedRange<Int>) throws
    /// The frame's bytes as `write` takes them. Called from several render threads at once.
    func encode(_ canvas: Canvas) throws -> [UInt8]
    /// A frame, as `encode` made it.
    func write(frame: Int, encoded: [UInt8]) throws
    func finish() throws
    func abandon()
}

extension FrameSink {
    public func sceneToDraw(_ scene: Scene) -> Scene { scene }
}
