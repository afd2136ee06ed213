/// Render stage 5: where encoded frames go. A render calls `begin` once, then `write` for each
/// frame, then `finish` — or `abandon` after an error or a cancellation.
///
/// A sink whose `wantsFrameOrder` is false gets frames as soon as each is done, from several
/// threads at once (a folder of files); one that wants order gets them one at a time in
/// ascending order, through a bounded reorder window (a video pipe). A new output format is one
/// new sink.
public protocol FrameSink: AnyObject, Sendable {
    var wantsFrameOrder: Bool { get }
    func begin(scene: Scene, frames: ClosedRange<Int>) throws
    func write(frame: Int, png: [UInt8]) throws
    func finish() throws
    func abandon()
}
