import Foundation

/// `kinetype-render.json`, written into the output folder before any frame: which spec the
/// frames belong to and how many it has. A later render trusts it to know which frame files
/// kinetype wrote there (and so may replace or remove), and `make-gif` reads the frame rate.
public struct RenderManifest: Codable, Equatable, Sendable {
    public static let fileName = "kinetype-render.json"
    public var spec: String
    public var fps: Double
    public var frameCount: Int
    public var width: Int
    public var height: Int
    /// Frame files below this index may have been written here by kinetype (an earlier, longer
    /// render's frames kept by a partial render count too).
    public var framesOwned: Int

    public static func read(in directory: URL) -> RenderManifest? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(fileName)) else { return nil }
        return try? JSONDecoder().decode(RenderManifest.self, from: data)
    }

    public func write(in directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: directory.appendingPathComponent(Self.fileName))
    }
}

/// Writes by way of a hidden temporary file and `rename`, so a reader never sees half a file.
enum AtomicFile {
    static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    }

    static func write(_ data: Data, to url: URL) throws {
        let temporary = temporaryURL(for: url)
        try data.write(to: temporary)
        try commit(temporary, to: url)
    }

    static func commit(_ temporary: URL, to url: URL) throws {
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw RenderError.io("cannot move \(temporary.lastPathComponent) to \(url.path): \(reason)")
        }
    }
}
