/// A frame index the scene does not have (frames run 0…frameCount − 1).
public struct FrameOutOfRange: Error, CustomStringConvertible, Equatable {
    public let frame: Int
    public let frameCount: Int

    public init(_ frame: Int, frameCount: Int) {
        self.frame = frame
        self.frameCount = frameCount
    }

    public var description: String { "frame \(frame) is out of range; the scene has frames 0…\(frameCount - 1)" }
}
