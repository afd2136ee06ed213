import FlyingFox
import FlyingSocks
import Foundation
import Kinetype

/// `kinetype preview`'s HTTP server (FlyingFox): the page and what it asks for.
///
/// - `GET /`: the page (`PreviewPage`).
/// - `GET /scene.json`: the scene's summary and the load error, if any (`SceneSummary`).
/// - `GET /changes?since=V`: answers `{"version": W}` as soon as the version W is past V (the
///   spec or a file it reads changed and was loaded again, or failed to), or after 10 s with the
///   same V: a long poll, which the page repeats.
/// - `GET /frames/N.png`: frame N, the bytes `render --frame N` writes (`PreviewFrames`); 404
///   for a frame out of range, 503 while no version of the spec has loaded. Its
///   `X-Kinetype-Scene-Version` header names the scene version it was drawn from, and
///   `X-Kinetype-Cache` says `hit` when it was ready (rendered ahead or before), else `miss`.
/// - `GET /inspect/N.json`: frame N as `kinetype inspect --frame N` prints it.
///
/// Every error is JSON: `{"error": "…"}`.
final class PreviewServer: Sendable {
    let document: PreviewDocument
    let frames: PreviewFrames
    private let server: HTTPServer

    /// How long a long poll waits for a change before answering anyway.
    static let longPollSeconds = 10.0

    init(document: PreviewDocument, frames: PreviewFrames, address: some SocketAddress) {
        self.document = document
        self.frames = frames
        server = HTTPServer(address: address, timeout: 60, pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled)
    }

    /// Starts listening and returns the address it listens on (with the port the system chose
    /// for port 0); the server then runs until `stop`.
    func start() async throws -> Socket.Address {
        // First: a request for another host name is refused, the rest fall through to the routes.
        await server.appendRoute("*") { request in
            guard Self.isAddressedByNumber(request.headers[.host]) else {
                return Self.error(.forbidden, "the preview answers requests for its address (127.0.0.1, [::1], localhost) only")
            }
            throw HTTPUnhandledError()
        }
        await server.appendRoute("GET /", handler: Self.page)
        await server.appendRoute("GET /index.html", handler: Self.page)
        await server.appendRoute("GET /scene.json") { [document] _ in
            Self.json(SceneSummary(document.current, spec: document.specPath).json())
        }
        await server.appendRoute("GET /changes") { [document] request in
            let since = request.query["since"].flatMap(Int.init) ?? -1
            let version = await document.waitForChange(after: since, timeout: Self.longPollSeconds)
            return Self.json(Data("{\"version\":\(version)}".utf8))
        }
        await server.appendRoute("GET /frames/*") { [self] request in try await frame(request) }
        await server.appendRoute("GET /inspect/*") { [self] request in try await inspect(request) }

        let failure = Failure()
        let server = self.server
        Task {
            do { try await server.run() } catch { failure.error = error }
        }
        while true {
            if let address = await server.listeningAddress { return address }
            if let error = failure.error { throw error }
            try await Task.sleep(nanoseconds: 2_000_000)
        }
    }

    func stop() async {
        document.stopWatching()
        frames.stop()
        await server.stop(timeout: 1)
    }

    private static func page(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: Data(PreviewPage.html.utf8))
    }

    private func frame(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let number = Self.frameNumber(request.path, prefix: "/frames/", suffix: ".png") else {
            return Self.error(.notFound, "no such frame: \(request.path); frames are /frames/N.png")
        }
        let state = document.current
        guard let loaded = state.loaded else {
            return Self.error(.serviceUnavailable, state.error ?? "the spec has not loaded")
        }
        guard (0..<loaded.scene.frameCount).contains(number) else {
            return Self.error(.notFound, FrameOutOfRange(number, frameCount: loaded.scene.frameCount).description)
        }
        do {
            let frame = try await frames.png(frame: number, of: loaded)
            return HTTPResponse(
                statusCode: .ok,
                headers: [
                    .contentType: "image/png", .cacheControl: "no-store",
                    HTTPHeader("X-Kinetype-Scene-Version"): "\(loaded.generation)",
                    HTTPHeader("X-Kinetype-Cache"): frame.wasCached ? "hit" : "miss"
                ],
                body: Data(frame.png))
        } catch {
            return Self.error(.internalServerError, "frame \(number): \(withAdvice(error))")
        }
    }

    private func inspect(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let number = Self.frameNumber(request.path, prefix: "/inspect/", suffix: ".json") else {
            return Self.error(.notFound, "no such report: \(request.path); reports are /inspect/N.json")
        }
        guard let loaded = document.current.loaded else {
            return Self.error(.serviceUnavailable, document.current.error ?? "the spec has not loaded")
        }
        guard (0..<loaded.scene.frameCount).contains(number) else {
            return Self.error(.notFound, FrameOutOfRange(number, frameCount: loaded.scene.frameCount).description)
        }
        do {
            return Self.json(Data(try InspectReport(scene: loaded.scene, frame: number).json().utf8))
        } catch {
            return Self.error(.internalServerError, "frame \(number): \(withAdvice(error))")
        }
    }

    /// Whether a request's `Host` names the server by its address (an IPv4 or bracketed IPv6
    /// literal) or as localhost, with or without a port. A web page elsewhere that makes its own
    /// name resolve to 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
    static func isAddressedByNumber(_ host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        if host.hasPrefix("[") { return host.contains("]") }
        let name = host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
        return name.lowercased() == "localhost" || name.split(separator: ".").count == 4 && name.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// N in `/frames/N.png`: digits only, no sign, no leading `+`.
    static func frameNumber(_ path: String, prefix: String, suffix: String) -> Int? {
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else { return nil }
        let digits = path.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func json(_ body: Data, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"], body: body)
    }

    private static func error(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
        return json(body, status: status)
    }

    /// The server task's error, if it stopped before listening.
    private final class Failure: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Error?
        var error: Error? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
