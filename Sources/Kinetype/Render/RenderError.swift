/// Problems met while rendering into an output folder.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case io(String)
    case staleFrames(directory: String, files: [String])
    case frameOutOfRange(Int, frameCount: Int)

    public var description: String {
        switch self {
        case let .io(message): return message
        case let .staleFrames(directory, files):
            let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            return "\(directory) already holds \(shown), beyond this spec's last frame, and no kinetype manifest says kinetype wrote them; render into an empty folder or remove them first"
        case let .frameOutOfRange(frame, count):
            return "frame \(frame) is out of range; this spec has frames 0…\(count - 1)"
        }
    }
}
