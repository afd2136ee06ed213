import Foundation

/// The system's scalable fonts as fontconfig lists them, read once per process by running
/// `fc-list` (fontconfig's command-line client), so no variadic C API crosses into Swift.
final class FontconfigLister: Sendable {
    static let shared = FontconfigLister()
    let files: [FontFileInfo]

    private init() {
        files = Self.run(["--format", "%{family[0]}\t%{style[0]}\t%{file}\n", ":scalable=true"]).compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return FontFileInfo(
                path: String(fields[2]), family: String(fields[0]),
                style: String(fields[1]), weight: 400, weightAxis: nil)
        }
    }

    /// Scalable system font files that have a glyph for `scalar`, as fontconfig knows them.
    static func files(covering scalar: Unicode.Scalar) -> [String] {
        run(["--format", "%{file}\n", ":scalable=true:charset=\(String(scalar.value, radix: 16))"]).map(String.init).sorted()
    }

    /// The lines `fc-list` prints, or none when fontconfig is not installed.
    private static func run(_ arguments: [String]) -> [Substring] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
    }
}
