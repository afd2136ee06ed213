import Foundation

/// Paths every test target shares. Tests use only the fonts in `fonts/` (and the fontconfig file
/// `TestFontIsolation` points at), never the machine's.
public enum TestPaths {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    public static let fonts = root.appendingPathComponent("fonts")
    public static let examples = root.appendingPathComponent("examples")
    public static let goldens = root.appendingPathComponent("Tests/Goldens")
    /// Reference outputs of programs nobody here wrote (hb-shape, libass' subtitle files…).
    public static let reference = root.appendingPathComponent("Tests/Reference")
    public static let failures = root.appendingPathComponent("Tests/golden-failures")

    /// A new empty folder under the system's temporary directory, named after the test.
    public static func temporaryDirectory(_ name: String = #function) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "kinetype-tests-\(getpid())-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A test that cannot run here fails with this (tests are never skipped): what is missing and why.
public struct TestEnvironmentError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
