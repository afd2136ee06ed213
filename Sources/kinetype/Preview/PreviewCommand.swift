import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview a spec live in a browser: scrub, play, and see every save at once.",
        discussion: """
            Starts a local web server and prints its URL. The page shows the frame at the canvas's \
            size fit to the window (a checkerboard under transparency), a timeline with each \
            layer's keyframes, play and pause at the spec's frame rate (frames that come too late \
            are skipped and counted), ← and → to step a frame, loop, the frame and time, and an \
            overlay of each layer's box, lines and baselines (what inspect reports).

            Frames are rendered on demand, in memory, on all the CPUs this process may use (-j), \
            the next ones ahead of the playhead, and are byte for byte the PNGs `render --frame N` \
            writes. When the spec or a font or captions file it reads changes, the page shows the \
            new version at the same frame; a spec that does not load shows its error over the last \
            good frame, and the server goes on.

            The server listens on 127.0.0.1 (this machine only) unless --host says otherwise; \
            --port 0 takes a free port. Ctrl-C stops it (exit code 130; 143 for SIGTERM).

            A scene written in Swift: --package DIR --product NAME builds the package's \
            executable product NAME (whose @main type is a SceneApp; --product may be left out when \
            the package has one executable), runs it as the preview's server, and builds it again on \
            every save under DIR/Sources or of DIR/Package.swift. A build that fails shows the \
            compiler's error on the page over the last good frame; one that succeeds replaces the \
            program on the same port and the page shows the new scene at the same frame.
            """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json); or --package.")
    var spec: String?

    @Option(name: .long, help: ArgumentHelp("A Swift package whose product is a SceneApp, instead of a spec.", valueName: "DIR"))
    var package: String?

    @Option(name: .long, help: ArgumentHelp("The package's executable product (default: its only one).", valueName: "NAME"))
    var product: String?

    @OptionGroup var parameterOptions: ParameterOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A data file (CSV, JSON or JSON Lines, as batch reads it) whose rows the page offers for the spec's params.",
            valueName: "ROWS"))
    var rows: String?

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8000

    @Option(name: .long, help: "The address to listen on: 127.0.0.1 (this machine only), ::1, or 0.0.0.0 for every network.")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the page in the default browser (xdg-open).")
    var open = false

    @OptionGroup var jobsOption: JobsOption

    func validate() throws {
        if let problem = jobsOption.problem { throw ValidationError(problem) }
        switch (spec, package) {
        case (nil, nil): throw ValidationError("name a spec to preview, or a Swift package with --package DIR")
        case (_?, _?): throw ValidationError("preview takes a spec or --package, not both")
        case (_?, nil) where product != nil: throw ValidationError("--product names a product of --package DIR")
        case (nil, _?) where rows != nil || !parameterOptions.assignments.isEmpty || parameterOptions.file != nil:
            throw ValidationError("--rows, --param and --params fill a spec's params; a Swift scene takes its values in code")
        default: break
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535 (0: a free port); got \(port)") }
        _ = try address()
    }

    /// The address for `--host` and `--port`: an IPv4 or IPv6 literal, or localhost.
    func address() throws -> ListenAddress {
        if let address = ListenAddress(host: host == "localhost" ? "127.0.0.1" : host, port: UInt16(port)) { return address }
        throw ValidationError("--host takes an IP address (127.0.0.1, ::1, 0.0.0.0) or localhost; got \"\(host)\"")
    }

    func run() throws {
        MemoryTuning.reuseLargeAllocations()
        let interruption = Interruption()
        guard let spec else { return try runPackage(interruption: interruption) }
        let loader = SpecLoader()
        // A spec that is not there is a mistake on the command line (said as render says it), not
        // an edit in progress.
        guard FileManager.default.fileExists(atPath: spec) else { _ = try loadScene(spec); return }
        let values = try parameterOptions.values()
        let data: ParameterRows?
        do { data = try rows.map { try ParameterRows.read($0) } } catch { fail(error) }
        let document = PreviewDocument(specPath: spec, values: values, describe: Self.describe) {
            try loader.load(path: $0, parameters: $1)
        }
        if let error = document.current.error { note("error: \(error)") }
        if let loaded = document.current.loaded { loaded.scene.warnings.forEach { note("warning: \($0)") } }
        let frames = PreviewFrames(jobs: jobsOption.jobs)
        let offered = data.map { PreviewRows(path: $0.path, rows: $0.rows.map { PreviewRows.Row(number: $0.number, values: $0.values) }) }
        let server = PreviewServer(document: document, frames: frames, rows: offered, address: try address())

        let url: String
        do {
            url = try server.start().url
        } catch {
            let reason = (error as? SocketFailure).map(Self.reason) ?? "\(error)"
            fail(PreviewError("cannot listen on \(host) port \(port): \(reason)"))
        }
        Output.toStandardOutput("\(url)\n")
        note("previewing \(spec) at \(url) (Ctrl-C to stop)")
        document.startWatching { path, state in
            let what = path == spec ? spec : "\(path) (read by \(spec))"
            if let error = state.error {
                note("error: \(error)")
            } else {
                note("reloaded \(what)")
                state.loaded?.scene.warnings.forEach { note("warning: \($0)") }
            }
        }
        if open { Self.openBrowser(url) }

        while !interruption.isRequested { usleep(20_000) }
        server.stop()
        Foundation.exit(interruption.exitCode)
    }

    private func runPackage(interruption: Interruption) throws {
        let folder = URL(fileURLWithPath: package!)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
            fail(PreviewError("--package \(folder.path) has no Package.swift"))
        }
        let products: [String]
        do { products = try PackagePreview.executableProducts(of: folder) } catch { fail(error) }
        let name: String
        if let product {
            guard products.contains(product) else {
                fail(
                    PreviewError(
                        "\(folder.path) has no executable product \(product)"
                            + (products.isEmpty ? "" : "; its executables: \(products.joined(separator: ", "))")))
            }
            name = product
        } else {
            guard products.count == 1 else {
                fail(
                    PreviewError(
                        products.isEmpty
                            ? "\(folder.path) has no executable product to preview"
                            : "\(folder.path) has \(products.count) executable products (\(products.joined(separator: ", "))); name one with --product"
                    ))
            }
            name = products[0]
        }
        PackagePreview(package: folder, product: name, host: host, port: port, jobs: jobsOption.jobs).run(interruption: interruption)
    }

    /// An error on one line for the page's banner, with the flags that fix it and no control
    /// characters.
    @Sendable static func describe(_ error: Error) -> String {
        Output.printable(withAdvice(error).split(separator: "\n").joined(separator: " "))
    }

    private static func reason(_ failure: SocketFailure) -> String {
        switch failure.errno {
        case EADDRINUSE: "the port is in use (--port N for another, or --port 0 for a free one)"
        case EADDRNOTAVAIL: "this machine has no such address (--host)"
        case EACCES: "permission denied (ports under 1024 need root; try --port 0)"
        default: SystemCall.reason(failure.errno)
        }
    }

    /// `xdg-open URL`, the desktop's way to open a page in the default browser.
    private static func openBrowser(_ url: String) {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let opener = directories.map({ "\($0)/xdg-open" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return note("no xdg-open here to open a browser with: open \(url) in one")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { note("cannot run \(opener): open \(url) in a browser") }
    }
}

/// A preview that cannot start.
struct PreviewError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
