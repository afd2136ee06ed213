import Foundation

/// The font files a scene draws with, each named by its place in the table: display-list runs
/// carry that number, and the rasterizer resolves each file once per list instead of per run
/// per pass. Made from the scene's font files (every layer's own and its fallbacks); a file a
/// layout uses that the scene did not list (none should) is added when it is first met, so no
/// run is ever dropped.
package final class FontTable: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String]
    private var numbers: [String: Int]

    package init(_ paths: [String]) {
        var unique: [String] = []
        var numbers: [String: Int] = [:]
        for path in paths where numbers[path] == nil {
            numbers[path] = unique.count
            unique.append(path)
        }
        self.paths = unique
        self.numbers = numbers
    }

    /// The file's number, added to the table when it is new.
    package func number(of path: String) -> Int {
        lock.withLock {
            if let number = numbers[path] { return number }
            numbers[path] = paths.count
            paths.append(path)
            return paths.count - 1
        }
    }

    /// The files so far, by number.
    package var files: [String] { lock.withLock { paths } }
}
