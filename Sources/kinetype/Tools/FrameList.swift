import Foundation
import KinetypeOutput
import KinetypeRender
import KinetypeScene

/// A list of frames as a user writes it: `0,15,29-31,last` (numbers from 0, inclusive ranges,
/// `last` for the spec's last frame, `middle` for the one halfway).
public struct FrameList: Sendable, Equatable {
    enum Item: Sendable, Equatable {
        case frame(Int)
        case range(Int, Int)
        case last
        case middle
    }
    let items: [Item]

    public init(parsing text: String) throws {
        var items: [Item] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if part == "last" { items.append(.last); continue }
            if part == "middle" { items.append(.middle); continue }
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            if bounds.count == 1, let frame = Int(part), frame >= 0 {
                items.append(.frame(frame))
            } else if bounds.count == 2, let a = Int(bounds[0]), let b = Int(bounds[1]), a >= 0, a <= b {
                items.append(.range(a, b))
            } else {
                throw FrameListError(message: "\"\(part)\" is not a frame, a range A-B or last, in \"\(text)\"; e.g. 0,15,29-31,last")
            }
        }
        guard !items.isEmpty else { throw FrameListError(message: "no frames in \"\(text)\"") }
        self.items = items
    }

    /// The frames, sorted without repeats, for a spec of `frameCount` frames; a frame past the end
    /// is an error naming it.
    public func frames(count frameCount: Int) throws -> [Int] {
        var frames = Set<Int>()
        for item in items {
            switch item {
            case let .frame(frame): frames.insert(frame)
            case let .range(a, b):
                // Checked before the range is listed: 0-9223372036854775807 must not list them all.
                guard b < frameCount else {
                    throw FrameListError(message: "frame \(max(a, frameCount)) is past the spec's last frame, \(frameCount - 1)")
                }
                frames.formUnion(a...b)
            case .last: frames.insert(frameCount - 1)
            case .middle: frames.insert((frameCount - 1) / 2)
            }
        }
        if let beyond = frames.filter({ $0 >= frameCount }).min() {
            throw FrameListError(message: "frame \(beyond) is past the spec's last frame, \(frameCount - 1)")
        }
        return frames.sorted()
    }
}

public struct FrameListError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
