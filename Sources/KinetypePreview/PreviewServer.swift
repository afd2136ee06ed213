import Foundation
import KinetypeMotion
import KinetypeOutput
import KinetypeRaster
import KinetypeRender
import KinetypeScene
import KinetypeText

/// `kinetype preview`'s routes, served by `HTTPServer`: the page and what it asks for.
///
/// - `GET /`: the page (`PreviewPage`).
/// - `GET /scene.json`: the scene's summary and the load error, if any (`SceneSummary`).
/// - `GET /changes?since=V`: answers `{"version": W}` as soon as the version W is past V (the
///   spec or a file it reads changed and was loaded again, or failed to), at once when V is ahead
///   of it (a page that knew a server before this one), or after 10 s with the same V: a long
///   poll, which the page repeats. This answer and `/scene.json`'s name the server process in
///   `X-Kinetype-Server`.
/// - `GET /frames/N.png`: frame N, the bytes `render --frame N` writes (`PreviewFrames`); 404
///   for a frame out of range, 503 while no version of the spec has loaded. Its
///   `X-Kinetype-Scene-Version` header names the scene version it was drawn from, and
///   `X-Kinetype-Cache` says `hit` when it was ready (rendered ahead or before), else `miss`.
/// - `GET /inspect/N.json`: frame N as `kinetype inspect --frame N` prints it.
/// - `GET /params?row=N` or `?set=JSON`: loads the spec with a row's or the page's values for its
///   params; answers the new version.
/// - `GET /audio.m4a`: the scene's sound, mixed (`PreviewSoundtrack`); 404 when it has none.
///
/// Every error is JSON: `{"error": "…"}`. A request whose `Host` is not this machine's by
/// address or as localhost is refused first (403).
package final class PreviewServer: Sendable {
    let document: PreviewDocument
    let frames: PreviewFrames
    private let address: ListenAddress
    private let server: HTTPServer

    /// How long a long poll waits for a change before answering anyway.
    static let longPollSeconds = 10.0

    /// Names this process in `X-Kinetype-Server`: a restarted server counts its versions from 1
    /// again, so a page tells it from the one it knew by this, not by the numbers.
    static let processID = UUID().uuidString

    /// `rows`: a data file whose rows the page offers for the spec's params.
    package init(document: PreviewDocument, frames: PreviewFrames, rows: PreviewRows? = nil, address: ListenAddress) {
        self.document = document
        self.frames = frames
        self.address = address
        let routes = Routes(
            document: document, frames: frames, soundtrack: PreviewSoundtrack(), rows: rows, anyAddress: !address.isLoopback)
        server = HTTPServer { request in await routes.respond(to: request) }
    }

    /// Starts listening and returns the address it listens on (with the port the system chose
    /// for port 0); the server then runs until `stop`.
    package func start() throws -> ListenAddress {
        try server.start(on: address)
    }

    package func stop() {
        document.stopWatching()
        frames.stop()
        server.stop()
    }

    /// Whether a request's `Host` names the server so that no other web site can: localhost,
    /// 127.0.0.1 or [::1] (any loopback address), with or without a port; and, when `anyAddress`
    /// (the server listens on an address other machines reach), any IP address. A web page
    /// elsewhere that makes its own name resolve to 127.0.0.1 (DNS rebinding) sends its own
    /// name, and is refused.
    static func isAllowedHost(_ host: String?, anyAddress: Bool) -> Bool {
        guard let host, let name = hostName(host) else { return false }
        if name.lowercased() == "localhost" { return true }
        var ip4 = in_addr(), ip6 = in6_addr()
        if name.hasPrefix("[") {
            guard inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &ip6) == 1 else { return false }
            return anyAddress || name == "[::1]"
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), inet_pton(AF_INET, String(name), &ip4) == 1 else {
            return false
        }
        return anyAddress || name.hasPrefix("127.")
    }

    /// The name in `Host` without its port (an IPv6 literal keeps its brackets); nil when the
    /// port is not a number up to 65535.
    private static func hostName(_ host: String) -> Substring? {
        let name: Substring, rest: Substring
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            name = host[...close]
            rest = host[host.index(after: close)...]
        } else {
            name = host.prefix { $0 != ":" }
            rest = host.dropFirst(name.count)
        }
        guard !name.isEmpty else { return nil }
        if rest.isEmpty { return name }
        let port = rest.dropFirst()
        guard rest.first == ":", port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port) ?? 0 <= 65535 else {
            return nil
        }
        return name
    }

    /// N in `/frames/N.png`: digits only, no sign, no leading `+`.
    static func frameNumber(_ path: String, prefix: String, suffix: String) -> Int? {
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else { return nil }
        let digits = path.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The answer to each request.
    private struct Routes: Sendable {
        let document: PreviewDocument
        let frames: PreviewFrames
        let soundtrack: PreviewSoundtrack
        let rows: PreviewRows?
        let anyAddress: Bool

        func respond(to request: HTTPRequestHead) async -> HTTPResponse {
            guard PreviewServer.isAllowedHost(request.header("host"), anyAddress: anyAddress) else {
                return .error(403, "the preview answers requests for its address (127.0.0.1, [::1], localhost) only")
            }
            guard request.method == "GET" || request.method == "HEAD" else {
                var response = HTTPResponse.error(405, "the preview answers GET and HEAD only; got \(request.method)")
                response.headers.append(("Allow", "GET, HEAD"))
                return response
            }
            let path = request.path
            switch path {
            case "/", "/index.html":
                return HTTPResponse(
                    status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                    body: PreviewPage.bytes)
            case "/scene.json":
                return .json(Array(SceneSummary(document.current, spec: document.displayName, rows: rows).json())).fromThisProcess
            case "/params":
                return setParameters(request)
            case "/changes":
                let since = request.query("since").flatMap { Int($0) } ?? -1
                let version = await document.waitForChange(after: since, timeout: PreviewServer.longPollSeconds)
                return .json(Array("{\"version\":\(version)}".utf8)).fromThisProcess
            case _ where path.hasPrefix("/frames/"):
                return await frame(path)
            case _ where path.hasPrefix("/inspect/"):
                return await inspect(path)
            case "/audio.m4a":
                return audio()
            default:
                return .error(
                    404,
                    "no such page: \(path); the preview serves /, /scene.json, /changes, /params, /frames/N.png, /inspect/N.json and /audio.m4a"
                )
            }
        }

        /// `/params?row=N` loads the spec with row N's values, `/params?set=JSON` (a JSON object
        /// of strings) with those; answers the new version. A GET, as every route here: the
        /// server takes no request bodies, and the values change only what this preview shows.
        private func setParameters(_ request: HTTPRequestHead) -> HTTPResponse {
            var values: [String: String]
            if let number = request.query("row") {
                guard let rows, let row = rows.rows.first(where: { String($0.number) == number }) else {
                    return .error(
                        404, "no row \(number)\(rows.map { " in \($0.path) (rows 1 to \($0.rows.count))" } ?? ": no --rows file was given")"
                    )
                }
                values = row.values
            } else if let set = request.query("set"), let decoded = set.removingPercentEncoding,
                let object = try? JSONDecoder().decode([String: String].self, from: Data(decoded.utf8))
            {
                values = object
            } else {
                return .error(400, "/params takes ?row=N or ?set= and a JSON object of strings, percent-encoded")
            }
            // Columns that are no parameter (an id, a file name) are the row's, not the spec's.
            let declared = Set(document.current.loaded?.scene.parameters.map(\.name) ?? [])
            if !declared.isEmpty { values = values.filter { declared.contains($0.key) } }
            let state = document.reload(values: values)
            return .json(Array("{\"version\":\(state.version)}".utf8))
        }

        /// `body`'s answer for the loaded scene and the frame number a path names, or the error
        /// response when the path names none, nothing has loaded, or the frame is out of range.
        private func withLoadedFrame(
            _ path: String, prefix: String, suffix: String, what: String,
            _ body: (PreviewDocument.Loaded, Int) async -> HTTPResponse
        ) async -> HTTPResponse {
            guard let number = PreviewServer.frameNumber(path, prefix: prefix, suffix: suffix) else {
                return .error(404, "no such \(what): \(path); \(what)s are \(prefix)N\(suffix)")
            }
            let state = document.current
            guard let loaded = state.loaded else { return .error(503, state.error ?? "the spec has not loaded") }
            guard (0..<loaded.scene.frameCount).contains(number) else {
                return .error(404, FrameOutOfRange(number, frameCount: loaded.scene.frameCount).description)
            }
            return await body(loaded, number)
        }

        private func frame(_ path: String) async -> HTTPResponse {
            await withLoadedFrame(path, prefix: "/frames/", suffix: ".png", what: "frame") { loaded, number in
                do {
                    let frame = try await frames.png(frame: number, of: loaded)
                    return HTTPResponse(
                        status: 200,
                        headers: [
                            ("Content-Type", "image/png"), ("Cache-Control", "no-store"),
                            ("X-Kinetype-Scene-Version", "\(loaded.generation)"), ("X-Kinetype-Cache", frame.wasCached ? "hit" : "miss")
                        ],
                        body: frame.png)
                } catch {
                    return .error(500, "frame \(number): \(document.describe(error))")
                }
            }
        }

        private func audio() -> HTTPResponse {
            let state = document.current
            guard let loaded = state.loaded else { return .error(503, state.error ?? "the spec has not loaded") }
            guard !loaded.scene.audio.isEmpty else { return .error(404, "the scene has no audio") }
            do {
                return HTTPResponse(
                    status: 200,
                    headers: [
                        ("Content-Type", "audio/mp4"), ("Cache-Control", "no-store"), ("X-Kinetype-Scene-Version", "\(loaded.generation)")
                    ],
                    body: try soundtrack.bytes(for: loaded))
            } catch {
                return .error(500, "the scene's sound: \(document.describe(error))")
            }
        }

        private func inspect(_ path: String) async -> HTTPResponse {
            await withLoadedFrame(path, prefix: "/inspect/", suffix: ".json", what: "report") { loaded, number in
                do {
                    return .json(Array(try InspectReport(scene: loaded.scene, frame: number).json().utf8))
                } catch {
                    return .error(500, "frame \(number): \(document.describe(error))")
                }
            }
        }
    }
}

extension HTTPResponse {
    /// Tagged with the server process that answered (`PreviewServer.processID`).
    fileprivate var fromThisProcess: HTTPResponse {
        var tagged = self
        tagged.headers.append(("X-Kinetype-Server", PreviewServer.processID))
        return tagged
    }
}
