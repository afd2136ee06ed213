/// Render stage 5: where encoded frames go. A render calls `begin` once, then `write` for each
/// frame, then `finish` — or `abandon` after an error or a cancellation.
///
/// A sink whose `wantsFrameOrder` is false gets frames as soon as each is done, from several
/// threads at once (a folder of files); one that wants order gets them one at a time in
/// ascending order, through a bounded reorder window (a video pipe). A new output format is one
/// new sink.
public protocol FrameSink: AnyObject, Sendable {
    var wantsFrameOrder: Bool { get }
    /// What `write` receives: PNG files (the default) or raw 8-bit RGBA (a video encoder's input).
    var frameEncoding: FrameEncoding { get }
    func begin(scene: Scene, frames: ClosedRange<Int>) throws
    /// A frame, encoded as `frameEncoding` says.
    func write(frame: Int, encoded: [UInt8]) throws
    func finish() throws
    func abandon()
}

public enum FrameEncoding: Sendable {
    case png
    /// width × height × 4 bytes, 8-bit straight-alpha RGBA.
    case rgba
    /// 8-bit planar 4:2:0, BT.601 limited range (`PlanarYUV`): what H.264 and HEVC encode, made on
    /// the render threads. Opaque frames with even sides only.
    case yuv420p
}

extension FrameSink {
    public var frameEncoding: FrameEncoding { .png }
}
