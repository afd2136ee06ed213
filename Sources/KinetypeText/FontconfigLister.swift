import Foundation

/// The system's scalable fonts as fontconfig lists them, read once per process by running
/// `fc-list` (fontconfig's command-line client), so no variadic C API crosses into Swift.
final class FontconfigLister: Sendable {
    static let shared = FontconfigLister()
    let files: [FontFileInfo]

    private init() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list", "--format", "%{family[0]}\t%{style[0]}\t%{file}\n", ":scalable=true"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { files = []; return }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        files = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return FontFileInfo(path: String(fields[2]), family: String(fields[0]),
                                style: String(fields[1]), weight: 400, weightAxis: nil)
        }
    }
}
