import Foundation
import Kinetype

/// `kinetype preview --package DIR --product NAME`: builds the package's product (a `SceneApp`),
/// runs it as the preview's server, and on every save under `Sources/` (or of `Package.swift`)
/// builds it again. A build that fails leaves the running program serving the last good frames,
/// with the compiler's error on the page; one that succeeds replaces the program on the same
/// port, and the page takes the new scene at the same frame.
struct PackagePreview {
    let package: URL
    let product: String
    let host: String
    var port: Int
    let jobs: Int
    /// The Swift driver: `swift` on PATH, or KINETYPE_SWIFT (a test's stand-in).
    let swift = ProcessInfo.processInfo.environment["KINETYPE_SWIFT"] ?? "swift"

    /// The executable products `swift package describe` lists, for a package whose product is
    /// not named.
    static func executableProducts(of package: URL) throws -> [String] {
        let result = try ProcessRun.capture(
            ProcessInfo.processInfo.environment["KINETYPE_SWIFT"] ?? "swift",
            ["package", "--package-path", package.path, "describe", "--type", "json"])
        guard result.status == 0 else { throw PreviewError("swift package describe failed:\n\(result.output)") }
        struct Description: Decodable {
            struct Product: Decodable {
                var name: String
                var type: [String: String?]
            }
            var products: [Product]
        }
        let json = result.output.drop { $0 != "{" }
        let description = try JSONDecoder().decode(Description.self, from: Data(json.utf8))
        return description.products.filter { $0.type.keys.contains("executable") }.map(\.name)
    }

    func run(interruption: Interruption) -> Never {
        let status = package.appendingPathComponent(".build/kinetype-preview/status.txt")
        do {
            try FileManager.default.createDirectory(at: status.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: status)
        } catch { fail(PreviewError("cannot write \(status.path): \(error)")) }
        var watcher = SourceWatcher(package: package)
        var child: PreviewChild?
        var generation = 0
        var port = port

        func build() -> Bool {
            note("building \(product)…")
            let started = Date()
            let result: (status: Int32, output: String)
            do {
                result = try ProcessRun.capture(swift, ["build", "--package-path", package.path, "--product", product])
            } catch {
                fail(PreviewError("cannot run \(swift): \(error)"))
            }
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            guard result.status == 0 else {
                let errors = Self.compilerErrors(result.output)
                note("\(product) does not build (\(seconds) s):\n\(errors)")
                try? Data(errors.utf8).write(to: status)
                return false
            }
            note("built \(product) in \(seconds) s")
            return true
        }

        func start() {
            if let running = child {
                running.stop()
                child = nil
            }
            try? Data().write(to: status)
            generation += 1
            do {
                let binary = try binaryPath()
                let started = try PreviewChild(
                    binary: binary, directory: package,
                    environment: [
                        ScenePreviewChild.addressVariable: Self.address(host: host, port: port),
                        ScenePreviewChild.statusVariable: status.path,
                        ScenePreviewChild.versionVariable: String(generation * 1_000_000),
                        ScenePreviewChild.jobsVariable: String(jobs)
                    ])
                child = started
                if generation == 1 {
                    if let chosen = URLComponents(string: started.url)?.port { port = chosen }
                    Output.toStandardOutput("\(started.url)\n")
                    note("previewing \(product) of \(package.path) at \(started.url) (Ctrl-C to stop)")
                } else {
                    note("reloaded \(product)")
                }
            } catch {
                note("error: \(error)")
            }
        }

        if build() { start() } else { note("the preview starts when \(product) builds; save a fix") }
        while !interruption.isRequested {
            if let running = child, !running.isRunning {
                note("\(product) stopped (exit \(running.exitStatus)); the preview starts again when it builds")
                child = nil
            }
            guard watcher.changed() else {
                usleep(100_000)
                continue
            }
            // A save often touches several files: let it finish.
            usleep(100_000)
            _ = watcher.changed()
            if build() { start() }
        }
        child?.stop()
        Foundation.exit(interruption.exitCode)
    }

    /// The product's executable, where `swift build --show-bin-path` says.
    private func binaryPath() throws -> String {
        let result = try ProcessRun.capture(swift, ["build", "--package-path", package.path, "--show-bin-path"])
        let folder = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, !folder.isEmpty else { throw PreviewError("swift build --show-bin-path failed:\n\(result.output)") }
        return URL(fileURLWithPath: folder).appendingPathComponent(product).path
    }

    static func address(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The compiler's errors in a build's output: from the first line that says `error:`, without
    /// the progress lines (`[12/40] Compiling …`), at most 80 lines.
    static func compilerErrors(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.firstIndex { $0.contains("error:") } ?? 0
        let kept = lines[first...].filter { !$0.hasPrefix("[") && !$0.hasPrefix("Building for") }
        let text = kept.prefix(80).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? output.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }
}

/// The package's sources as last seen: every file under `Sources/` and `Package.swift`, by
/// modification time, size and inode (an editor that saves by renaming changes the inode).
struct SourceWatcher {
    let package: URL
    private var stamps: [String: [Int]] = [:]

    init(package: URL) {
        self.package = package
        stamps = scan()
    }

    /// Whether a file changed, appeared or went since the last call.
    mutating func changed() -> Bool {
        let now = scan()
        defer { stamps = now }
        return now != stamps
    }

    private func scan() -> [String: [Int]] {
        var paths = [package.appendingPathComponent("Package.swift").path]
        let sources = package.appendingPathComponent("Sources")
        if let walker = FileManager.default.enumerator(atPath: sources.path) {
            while let relative = walker.nextObject() as? String { paths.append(sources.appendingPathComponent(relative).path) }
        }
        var result: [String: [Int]] = [:]
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            result[path] = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size), Int(info.st_ino)]
        }
        return result
    }
}

/// The product running as the preview's server: started with the address to listen on, it prints
/// the page's URL once it listens; closing its standard input stops it.
final class PreviewChild {
    private let process = Process()
    private let input = Pipe()
    let url: String

    init(binary: String, directory: URL, environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The first line is the URL; later output goes to our standard error (ours has the URL alone).
        var line = Data()
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard text.hasPrefix(ScenePreviewChild.listeningPrefix) else {
            process.waitUntilExit()
            throw PreviewError("\(binary) did not start a preview (exit \(process.terminationStatus)); is its @main type a SceneApp?")
        }
        url = String(text.dropFirst(ScenePreviewChild.listeningPrefix.count))
        let forwarded = FileHandle.standardError
        reader.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { forwarded.write(data) }
        }
    }

    var isRunning: Bool { process.isRunning }
    var exitStatus: Int32 { process.terminationStatus }

    /// Closes its input and waits for it to stop; after 5 s, kills it.
    func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A program run to its end, its standard output and error captured together.
enum ProcessRun {
    static func capture(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
