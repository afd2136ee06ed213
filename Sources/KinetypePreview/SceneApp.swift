import Foundation
import KinetypeOutput
import KinetypeScene

/// A program whose scene is written in Swift, as a SwiftUI `App` is:
///
/// ```swift
/// @main
/// struct Title: SceneApp {
///     static func scene() throws -> Scene { try Scene(width: 640, height: 240, fps: 30, duration: 2) { Text("Hello") } }
/// }
/// ```
///
/// `swift run Title [FOLDER]` renders its frames into FOLDER (default `frames`), as
/// `kinetype render` does; `kinetype preview --package . --product Title` builds it, runs it as
/// the preview's server, and builds and reloads it on every save.
public protocol SceneApp: Sendable {
    /// The scene: called once a run, and again in a preview when a file it reads changes.
    static func scene() throws -> Scene
}

extension SceneApp {
    public static func main() {
        let environment = ProcessInfo.processInfo.environment
        if let address = environment[ScenePreviewChild.addressVariable] {
            ScenePreviewChild(environment: environment, name: "\(Self.self)").serve(address: address, scene: { try scene() })
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 {
            print(
                """
                Usage: \(CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app") [FOLDER]

                Renders the scene of \(Self.self) into FOLDER (default: frames), frame_00000.png …, as
                `kinetype render` does. `kinetype preview --package DIR --product NAME` previews it live.
                """)
            exit(arguments.count > 1 ? 64 : 0)
        }
        do {
            let output = URL(fileURLWithPath: arguments.first ?? "frames")
            let summary = try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: output))
            print("rendered \(summary.framesRendered) frame\(summary.framesRendered == 1 ? "" : "s") to \(output.path)")
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// A `SceneApp` run by `kinetype preview --package`: it serves the preview of its scene on the
/// address it is given and shows the build's error the command writes into a status file (the
/// last good frames stay), until the command closes its standard input.
package struct ScenePreviewChild {
    /// `host:port` to listen on; its presence makes the program a preview server.
    package static let addressVariable = "KINETYPE_PREVIEW_ADDRESS"
    /// A file the command writes the compiler's error into (empty: the build succeeded).
    package static let statusVariable = "KINETYPE_PREVIEW_STATUS"
    /// The version this server's first scene takes (past every earlier server's).
    package static let versionVariable = "KINETYPE_PREVIEW_VERSION"
    package static let jobsVariable = "KINETYPE_PREVIEW_JOBS"
    /// The line the program prints on standard output once it listens, then the page's URL.
    package static let listeningPrefix = "kinetype-preview-listening "

    let environment: [String: String]
    let name: String

    package init(environment: [String: String], name: String) {
        self.environment = environment
        self.name = name
    }

    func serve(address text: String, scene: @escaping @Sendable () throws -> Scene) -> Never {
        let status = environment[Self.statusVariable] ?? "/dev/null"
        let colon = text.lastIndex(of: ":")
        guard let colon, let port = UInt16(text[text.index(after: colon)...]),
            let address = ListenAddress(host: String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
        else { Self.fail("\(Self.addressVariable) is HOST:PORT, got \"\(text)\"") }
        let document = PreviewDocument(
            specPath: status, displayName: name, firstVersion: Int(environment[Self.versionVariable] ?? "") ?? 0
        ) { path, _ in
            let failure = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if !failure.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw BuildFailure(output: failure) }
            return try scene()
        }
        let jobs = Int(environment[Self.jobsVariable] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? AvailableCPUs.count
        let server = PreviewServer(document: document, frames: PreviewFrames(jobs: jobs), address: address)
        let bound: ListenAddress
        do { bound = try server.start() } catch { Self.fail("cannot listen on \(text): \(error)") }
        document.startWatching()
        FileHandle.standardOutput.write(Data((Self.listeningPrefix + bound.url + "\n").utf8))
        // The command closes our standard input when it stops or replaces us.
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(STDIN_FILENO, &buffer, buffer.count) > 0 {}
        server.stop()
        exit(0)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }
}

/// The package did not build: the compiler's output, shown on the page over the last good frame.
struct BuildFailure: Error, CustomStringConvertible {
    var output: String
    var description: String { "the package does not build:\n" + output.trimmingCharacters(in: .whitespacesAndNewlines) }
}
