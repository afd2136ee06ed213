import Foundation
import XCTest
import KinetypeOutput
import KinetypeRender
@testable import kinetype
@testable import KinetypePreview
import KinetypeSceneTestSupport

/// `kinetype preview`'s server, through the binary as a person starts it (`--port 0`), and
/// `kinetype render --watch`.
final class PreviewTests: XCTestCase {
    /// A preview of `spec`, and its URL.
    private func preview(_ spec: URL, _ extra: [String] = []) throws -> (RunningCommand, URL) {
        let command = try RunningCommand(["preview", spec.path, "--port", "0"] + extra)
        return (command, try command.previewURL())
    }

    private func example(_ name: String) -> URL { TestPaths.examples.appendingPathComponent(name) }

    /// `render --frames` into a new folder; the folder.
    private func rendered(_ spec: URL, frames: String) throws -> URL {
        let folder = TestPaths.temporaryDirectory("rendered")
        let result = try runKinetype(["render", spec.path, "-o", folder.path, "--frames", frames, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return folder
    }

    private func frameFile(_ folder: URL, _ frame: Int) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(String(format: "frame_%05d.png", frame)))
    }

    private func writeSpec(_ text: String, in directory: URL? = nil, name: String = "spec.yaml") throws -> URL {
        let url = (directory ?? TestPaths.temporaryDirectory()).appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func oneLayer(color: String = "#1B1F24", text: String = "Preview") -> String {
        singleLayerSpec(
            width: 240, height: 80, fps: 10, duration: 1,
            layer: """
                id: label
                text: "\(text)"
                font: {family: "DejaVu Sans"}
                size: {keyframes: [{time: 0, value: 20}, {time: 0.8, value: 36}]}
                color: "\(color)"
                position: [120, 40]
                """)
    }

    /// The version after `since`, waited for by a long poll (the page's way).
    private func nextVersion(_ url: URL, after since: Int) throws -> Int {
        var version = since
        try eventually("a version after \(since)") {
            version = try httpGet(url, "/changes?since=\(since)").json()["version"] as? Int ?? since
            return version > since
        }
        return version
    }

    func testFramesAreTheBytesRenderWritesInAnyOrder() throws {
        let spec = example("kinetic-title.yaml")
        let folder = try rendered(spec, frames: "0-74")
        let (server, url) = try preview(spec)
        var order = Array(0..<75)
        var generator = SystemRandomNumberGenerator()
        order.shuffle(using: &generator)
        for frame in order {
            let response = try httpGet(url, "/frames/\(frame).png")
            XCTAssertEqual(response.status, 200, response.text)
            XCTAssertEqual(response.header("Content-Type"), "image/png")
            XCTAssertEqual(response.body, try frameFile(folder, frame), "frame \(frame) differs from render --frames' (order \(order))")
        }
        XCTAssertEqual(try server.stop(), 130)
    }

    func testTransparentAndMotionBlurredFramesAreTheBytesRenderWrites() throws {
        for (name, frames) in [("caption.yaml", [119, 0, 61]), ("motion-blur.yaml", [12, 3])] {
            let spec = example(name)
            let (server, url) = try preview(spec)
            for frame in frames {
                let folder = try rendered(spec, frames: "\(frame)-\(frame)")
                XCTAssertEqual(try httpGet(url, "/frames/\(frame).png").body, try frameFile(folder, frame), "\(name) frame \(frame)")
            }
            XCTAssertEqual(try server.stop(), 130)
        }
    }

    func testFramesOutOfRangeAndOtherPathsAre404WithAnError() throws {
        let (server, url) = try preview(example("crisp-size.yaml"))
        for path in ["/frames/60.png", "/frames/1000000.png", "/frames/-1.png", "/frames/x.png", "/frames/3", "/inspect/60.json"] {
            let response = try httpGet(url, path)
            XCTAssertEqual(response.status, 404, path)
            XCTAssertNotNil(try response.json()["error"] as? String, path)
        }
        XCTAssertEqual(
            try httpGet(url, "/frames/60.png").json()["error"] as? String, "frame 60 is out of range; the scene has frames 0…59")
        let unknown = try httpGet(url, "/nothing-here?x=1")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.header("Content-Type"), "application/json; charset=utf-8")
        XCTAssertEqual(
            try unknown.json()["error"] as? String,
            "no such page: /nothing-here; the preview serves /, /scene.json, /changes, /params, /frames/N.png, /inspect/N.json and /audio.m4a"
        )
        XCTAssertEqual(try httpGet(url, "/frames/59.png").status, 200)
        XCTAssertEqual(try server.stop(), 130)
    }

    func testSceneJSONDescribesTheSceneAndItsKeyframes() throws {
        let (server, url) = try preview(example("crisp-size.yaml"))
        let scene = try httpGet(url, "/scene.json").json()
        XCTAssertEqual(scene["width"] as? Int, 640)
        XCTAssertEqual(scene["height"] as? Int, 240)
        XCTAssertEqual(scene["fps"] as? Double, 30)
        XCTAssertEqual(scene["frameCount"] as? Int, 60)
        XCTAssertEqual(scene["version"] as? Int, 1)
        XCTAssertEqual(scene["sceneVersion"] as? Int, 1)
        XCTAssertNil(scene["error"])
        let layers = try XCTUnwrap(scene["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["id"] as? String }, ["title"])
        let tracks = try XCTUnwrap(layers[0]["keyframes"] as? [[String: Any]])
        XCTAssertEqual(tracks.first?["name"] as? String, "size")
        XCTAssertEqual(tracks.first?["times"] as? [Double], [0.1, 1.6])
        let page = try httpGet(url, "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("window.kinetypePreview"))
        XCTAssertFalse(page.text.contains("http://") || page.text.contains("https://"), "the page asks nothing of the network")
        XCTAssertEqual(try server.stop(), 130)
    }

    /// The page served is `page.html` as it is in the source tree (embedded when the binary was
    /// built), its style sheet and script written in where it links them.
    func testThePageIsItsFilesWithTheStyleSheetAndScriptWrittenIn() throws {
        let folder = TestPaths.root.appendingPathComponent("Sources/CPreviewPage/Page")
        let html = try [UInt8](Data(contentsOf: folder.appendingPathComponent("page.html")))
        let css = try [UInt8](Data(contentsOf: folder.appendingPathComponent("page.css")))
        let script = try [UInt8](Data(contentsOf: folder.appendingPathComponent("page.js")))
        XCTAssertEqual(PreviewPage.html, html, "the embedded page is the source tree's")
        XCTAssertEqual(PreviewPage.css, css)
        XCTAssertEqual(PreviewPage.script, script)
        let (server, url) = try preview(example("crisp-size.yaml"))
        let page = try httpGet(url, "/")
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual([UInt8](page.body), PreviewPage.inlined(html, css: css, script: script))
        XCTAssertTrue(page.text.contains("<style>\n\(String(decoding: css, as: UTF8.self))</style>\n</head>"))
        XCTAssertTrue(page.text.contains("<script>\n\(String(decoding: script, as: UTF8.self))</script>\n</body>"))
        XCTAssertFalse(page.text.contains("page.css") || page.text.contains("page.js"), "nothing left to fetch")
        XCTAssertEqual(try server.stop(), 130)
    }

    /// A grouped layer's timeline is in the scene's time: its keyframes moved by its groups'
    /// start, and its groups' own tracks (position, opacity, transform) beside its own.
    func testSceneJSONTimesGroupedLayersInTheScenesTime() throws {
        let (server, url) = try preview(example("groups.yaml"))
        let layers = try XCTUnwrap(try httpGet(url, "/scene.json").json()["layers"] as? [[String: Any]])
        func tracks(_ id: String) throws -> [String: [Double]] {
            let layer = try XCTUnwrap(layers.first { $0["id"] as? String == id }, id)
            let list = try XCTUnwrap(layer["keyframes"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0["times"] as? [Double] ?? []) })
        }
        XCTAssertEqual(try tracks("host/name")["host.position"], [0, 0.8])
        XCTAssertEqual(try tracks("guest/name")["guest.position"], [0.6, 1.4], "the guest group starts 0.6 s later")
        XCTAssertEqual(try tracks("guest/name")["guest.opacity"], [3.6, 4.0])
        XCTAssertEqual(try tracks("badge/label")["badge.transform.rotation"], [0, 1.2])
        XCTAssertEqual(try server.stop(), 130)
    }

    /// A parented layer's timeline has its parents' tracks beside its own, and its frames are
    /// the bytes render writes.
    func testParentedLayersInThePreview() throws {
        let spec = example("motion-tools.yaml")
        let (server, url) = try preview(spec)
        let layers = try XCTUnwrap(try httpGet(url, "/scene.json").json()["layers"] as? [[String: Any]])
        func tracks(_ id: String) throws -> [String: [Double]] {
            let layer = try XCTUnwrap(layers.first { $0["id"] as? String == id }, id)
            let list = try XCTUnwrap(layer["keyframes"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0["times"] as? [Double] ?? []) })
        }
        XCTAssertEqual(try tracks("badge")["bar.position"], [0, 2])
        XCTAssertEqual(try tracks("badgeLabel")["bar.transform.rotation"], [0, 2], "a parent's parent leads too")
        let folder = try rendered(spec, frames: "29-29")
        XCTAssertEqual(try httpGet(url, "/frames/29.png").body, try frameFile(folder, 29))
        XCTAssertEqual(try server.stop(), 130)
    }

    func testInspectEndpointIsWhatInspectPrints() throws {
        let spec = example("strikethrough.yaml")
        let (server, url) = try preview(spec)
        let served = try JSONSerialization.jsonObject(with: httpGet(url, "/inspect/17.json").body) as? NSDictionary
        let printed = try runKinetype(["inspect", spec.path, "--frame", "17"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(served, try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? NSDictionary)
        XCTAssertEqual(try server.stop(), 130)
    }

    func testABrokenSpecShowsItsErrorAsJSONOverTheLastGoodFrames() throws {
        let spec = try writeSpec(oneLayer())
        let (server, url) = try preview(spec)
        let good = try httpGet(url, "/frames/5.png").body
        XCTAssertEqual(good, try frameFile(try rendered(spec, frames: "5-5"), 5))

        let broken = oneLayer().replacingOccurrences(of: "{time: 0.8, value: 36}", with: "{time: soon, value: 36}")
        try broken.write(to: spec, atomically: true, encoding: .utf8)
        let version = try nextVersion(url, after: 1)
        let scene = try httpGet(url, "/scene.json").json()
        XCTAssertEqual(scene["version"] as? Int, version)
        XCTAssertEqual(scene["sceneVersion"] as? Int, 1, "the last good scene")
        let error = try XCTUnwrap(scene["error"] as? String)
        let rendering = try runKinetype(["render", spec.path, "-o", TestPaths.temporaryDirectory().path])
        XCTAssertEqual(rendering.status, 1)
        XCTAssertEqual("error: \(error)\n", rendering.stderr, "the same located line render prints")
        XCTAssertTrue(error.contains("spec.yaml:8:53: layers[0].size.keyframes[1].time"), error)
        XCTAssertEqual(try httpGet(url, "/frames/5.png").body, good, "the last good frame")
        XCTAssertTrue(server.stderr.contains("error: \(error)"), server.stderr)

        try oneLayer(color: "#C0392B").write(to: spec, atomically: true, encoding: .utf8)
        let fixed = try nextVersion(url, after: version)
        let again = try httpGet(url, "/scene.json").json()
        XCTAssertNil(again["error"])
        XCTAssertEqual(again["sceneVersion"] as? Int, fixed)
        let red = try httpGet(url, "/frames/5.png")
        XCTAssertEqual(red.header("X-Kinetype-Scene-Version"), "\(fixed)")
        XCTAssertEqual(red.body, try frameFile(try rendered(spec, frames: "5-5"), 5))
        XCTAssertNotEqual(red.body, good)
        XCTAssertEqual(try server.stop(), 130)
    }

    func testASpecThatNeverLoadedAnswersWithItsErrorAndRecovers() throws {
        let spec = try writeSpec(oneLayer().replacingOccurrences(of: "DejaVu Sans", with: "DejaVu Sanz"))
        let (server, url) = try preview(spec)
        let scene = try httpGet(url, "/scene.json").json()
        XCTAssertNil(scene["sceneVersion"])
        XCTAssertNil(scene["frameCount"])
        let error = try XCTUnwrap(scene["error"] as? String)
        XCTAssertTrue(error.contains("no font family named \"DejaVu Sanz\""), error)
        let frame = try httpGet(url, "/frames/0.png")
        XCTAssertEqual(frame.status, 503)
        XCTAssertEqual(try frame.json()["error"] as? String, error)

        try oneLayer().write(to: spec, atomically: true, encoding: .utf8)
        _ = try nextVersion(url, after: 1)
        XCTAssertEqual(try httpGet(url, "/frames/0.png").status, 200)
        XCTAssertEqual(try server.stop(), 130)
    }

    /// Replaces `file` by a FIFO at once (renamed over it).
    private func replaceWithFIFO(_ file: URL) throws {
        let fifo = file.deletingLastPathComponent().appendingPathComponent(".fifo-\(UUID().uuidString)")
        guard mkfifo(fifo.path, 0o644) == 0, rename(fifo.path, file.path) == 0 else {
            throw TestEnvironmentError("mkfifo: \(String(cString: strerror(errno)))")
        }
    }

    /// A spec replaced by a FIFO is an error shown over the last good frame (reading it would
    /// block the watcher for ever), and a regular file saved back in its place loads again.
    func testASpecReplacedByAFIFOIsAnErrorAndASavedFileReloads() throws {
        let spec = try writeSpec(oneLayer())
        let (server, url) = try preview(spec)
        let good = try httpGet(url, "/frames/5.png").body
        try replaceWithFIFO(spec)
        let version = try nextVersion(url, after: 1)
        let scene = try httpGet(url, "/scene.json").json()
        XCTAssertEqual(scene["version"] as? Int, version)
        XCTAssertEqual(scene["sceneVersion"] as? Int, 1, "the last good scene")
        XCTAssertEqual(scene["error"] as? String, "cannot read \(spec.path): not a regular file (it is a FIFO)")
        XCTAssertEqual(try httpGet(url, "/frames/5.png").body, good, "the last good frame")
        try eventually("the terminal to say it") { server.stderr.contains("not a regular file (it is a FIFO)") }

        try oneLayer(color: "#C0392B").write(to: spec, atomically: true, encoding: .utf8)
        let fixed = try nextVersion(url, after: version)
        let again = try httpGet(url, "/scene.json").json()
        XCTAssertNil(again["error"])
        XCTAssertEqual(again["sceneVersion"] as? Int, fixed)
        XCTAssertEqual(try httpGet(url, "/frames/5.png").body, try frameFile(try rendered(spec, frames: "5-5"), 5))
        XCTAssertEqual(try server.stop(), 130)
    }

    /// The page's reload path, timed: a save, the long poll's answer, the new scene and the
    /// frame at the playhead. The issue asks for 200 ms; the assertion allows a loaded machine.
    func testASaveReachesALongPollQuickly() throws {
        let spec = try writeSpec(oneLayer())
        let (server, url) = try preview(spec)
        _ = try httpGet(url, "/frames/3.png")
        var times: [Double] = []
        for (round, color) in ["#112233", "#445566", "#778899", "#AA3300", "#0055AA"].enumerated() {
            let waiting = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var answered: Date?
            DispatchQueue.global().async {
                answered = (try? httpGet(url, "/changes?since=\(round + 1)")).map { _ in Date() }
                waiting.signal()
            }
            usleep(50_000)  // lets the poll reach the server; not an assertion
            let saved = Date()
            try oneLayer(color: color).write(to: spec, atomically: true, encoding: .utf8)
            waiting.wait()
            let frame = try httpGet(url, "/frames/3.png")
            let shown = Date()
            XCTAssertEqual(frame.header("X-Kinetype-Scene-Version"), "\(round + 2)")
            XCTAssertNotNil(answered)
            times.append(shown.timeIntervalSince(saved) * 1000)
        }
        print("preview: save → long poll answered → frame fetched: \(times.map { String(format: "%.0f ms", $0) })")
        XCTAssertLessThan(times.sorted()[times.count / 2], 1000)
        XCTAssertEqual(try server.stop(), 130)
    }

    func testAChangedCaptionsFileReloads() throws {
        let directory = TestPaths.temporaryDirectory()
        let captions = directory.appendingPathComponent("lines.srt")
        try "1\n00:00:00,000 --> 00:00:01,000\nfirst words\n".write(to: captions, atomically: true, encoding: .utf8)
        let spec = try writeSpec(
            singleLayerSpec(
                width: 240, height: 80, fps: 10, duration: 1,
                layer: """
                    id: sub
                    captions: {file: lines.srt}
                    font: {family: "DejaVu Sans"}
                    size: 18
                    position: [120, 40]
                    """), in: directory)
        let (server, url) = try preview(spec)
        let before = try httpGet(url, "/frames/2.png").body
        try "1\n00:00:00,000 --> 00:00:01,000\nother words\n".write(to: captions, atomically: true, encoding: .utf8)
        _ = try nextVersion(url, after: 1)
        let after = try httpGet(url, "/frames/2.png").body
        XCTAssertNotEqual(before, after)
        XCTAssertEqual(after, try frameFile(try rendered(spec, frames: "2-2"), 2))
        try eventually("the terminal to say which file changed") { server.stderr.contains("reloaded \(captions.path) (read by") }
        XCTAssertEqual(try server.stop(SIGTERM), 143)
    }

    func testAPortInUseIsOneLineAndExit1() throws {
        let spec = example("crisp-size.yaml")
        let (first, url) = try preview(spec)
        let port = try XCTUnwrap(url.port)
        let second = try runKinetype(["preview", spec.path, "--port", "\(port)"])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(
            second.stderr,
            "error: cannot listen on 127.0.0.1 port \(port): the port is in use (--port N for another, or --port 0 for a free one)\n")
        XCTAssertEqual(try first.stop(), 130)
        XCTAssertEqual(try runKinetype(["preview", spec.path, "--host", "example.com"]).status, 64)
        XCTAssertEqual(try runKinetype(["preview", spec.path, "--port", "70000"]).status, 64)
    }

    func testARequestForAnotherHostNameIsRefused() throws {
        let (server, url) = try preview(example("crisp-size.yaml"))
        let rebound = try httpGet(url, "/frames/0.png", headers: ["Host": "attacker.example:\(url.port!)"])
        XCTAssertEqual(rebound.status, 403)
        XCTAssertNotNil(try rebound.json()["error"] as? String)
        XCTAssertEqual(try httpGet(url, "/frames/0.png", headers: ["Host": "localhost:\(url.port!)"]).status, 200)
        XCTAssertEqual(try server.stop(), 130)
        for host in ["127.0.0.1:8000", "127.0.0.1", "localhost", "LOCALHOST:80", "localhost:", "[::1]:8000", "[::1]", "127.0.0.2:80"] {
            XCTAssertTrue(PreviewServer.isAllowedHost(host, anyAddress: false), host)
            XCTAssertTrue(PreviewServer.isAllowedHost(host, anyAddress: true), host)
        }
        // An address other machines reach: any IP address, never a name.
        for host in ["192.168.1.5:8000", "[fe80::1]:8000", "10.0.0.1"] {
            XCTAssertFalse(PreviewServer.isAllowedHost(host, anyAddress: false), host)
            XCTAssertTrue(PreviewServer.isAllowedHost(host, anyAddress: true), host)
        }
        for host in [
            nil, "", "example.com", "127.0.0.1.example.com:8000", "localhost.example.com", "1.2.3:80", "127.0.0.1:x", "127.0.0.1:99999",
            "[::1]x", "[example.com]", ":8000", "localhost:80:80", "300.1.1.1"
        ] {
            XCTAssertFalse(PreviewServer.isAllowedHost(host, anyAddress: false), host ?? "nil")
            XCTAssertFalse(PreviewServer.isAllowedHost(host, anyAddress: true), host ?? "nil")
        }
    }

    // MARK: requests from anyone

    /// A request line or header section past the server's bounds is answered at once (414, 431,
    /// with the JSON error) without reading the rest, and the server goes on answering. A reader
    /// quadratic in the request's size took 40 s of CPU for the line and 10 s for the header,
    /// and after a few such requests answered nothing.
    func testOverlongRequestLinesAndHeadersAreRefusedAtOnce() throws {
        let (server, url) = try preview(example("crisp-size.yaml"))
        let port = try XCTUnwrap(url.port)
        let line = "GET /\(String(repeating: "a", count: 256 << 10)) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        let header = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Long: \(String(repeating: "b", count: 128 << 10))\r\n\r\n"
        for round in 0..<3 {
            for (request, status) in [(line, 414), (header, 431)] {
                let (answer, seconds) = try rawExchange(port: port, Array(request.utf8))
                XCTAssertEqual(rawStatus(answer), status, "round \(round): \(answer.prefix(300))")
                XCTAssertNotNil(try rawJSON(answer)["error"] as? String, "round \(round)")
                XCTAssertLessThan(seconds, 2, "round \(round): \(status) after \(seconds) s")
            }
        }
        XCTAssertEqual(try httpGet(url, "/scene.json", timeout: 10).status, 200, "still answering")
        XCTAssertEqual(try server.stop(), 130)
    }

    func testARequestWithoutAValidHostOrMethodIsRefusedWithAnError() throws {
        let (server, url) = try preview(example("crisp-size.yaml"))
        let port = try XCTUnwrap(url.port)
        for request in ["GET /scene.json HTTP/1.0\r\n\r\n", "GET /scene.json HTTP/1.1\r\nHost: 127.0.0.1:x\r\nConnection: close\r\n\r\n"] {
            let answer = try rawExchange(port: port, Array(request.utf8)).answer
            XCTAssertEqual(rawStatus(answer), 403, answer)
            XCTAssertNotNil(try rawJSON(answer)["error"] as? String, answer)
        }
        let delete = try rawExchange(port: port, Array("DELETE /scene.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
            .answer
        XCTAssertEqual(rawStatus(delete), 405, delete)
        XCTAssertEqual(try rawJSON(delete)["error"] as? String, "the preview answers GET and HEAD only; got DELETE")
        XCTAssertEqual(try server.stop(), 130)
    }

    /// The frames after the one asked for are rendered ahead and then served from the cache; a
    /// new scene empties it; the cache keeps to its bound.
    func testFramesAreRenderedAheadAndCachedPerScene() async throws {
        let scene = try loadYAML(oneLayer())
        let frames = PreviewFrames(jobs: 2, aheadCount: 3, cacheLimit: 1 << 30)
        defer { frames.stop() }
        let first = PreviewDocument.Loaded(scene: scene, generation: 1)
        let zero = try await frames.png(frame: 0, of: first)
        XCTAssertFalse(zero.wasCached)
        // Frame 0, then 1, 2, 3 ahead and 9 before (the page loops).
        try eventually("the frames ahead") { frames.statistics.rendered == 5 }
        for frame in [1, 2, 3, 9, 0] {
            let served = try await frames.png(frame: frame, of: first)
            XCTAssertTrue(served.wasCached, "frame \(frame)")
            XCTAssertEqual(served.png, try PNGFrames().encode(try FrameRenderer(scene: scene).render(frame: frame)), "frame \(frame)")
        }
        let second = PreviewDocument.Loaded(scene: try loadYAML(oneLayer(color: "#C0392B")), generation: 2)
        let redrawn = try await frames.png(frame: 2, of: second)
        XCTAssertFalse(redrawn.wasCached, "a new scene renders anew")
        let old = try await frames.png(frame: 2, of: first)
        XCTAssertNotEqual(redrawn.png, old.png)

        let small = PreviewFrames(jobs: 1, aheadCount: 1, cacheLimit: 1)
        defer { small.stop() }
        _ = try await small.png(frame: 5, of: first)
        try eventually("the frames ahead") { small.statistics.rendered == 3 }
        let again = try await small.png(frame: 5, of: first)
        XCTAssertFalse(again.wasCached, "a cache of 1 byte keeps only the last frame stored")
    }

    func testFrameNumbersAreDigitsOnly() {
        XCTAssertEqual(PreviewServer.frameNumber("/frames/12.png", prefix: "/frames/", suffix: ".png"), 12)
        XCTAssertEqual(PreviewServer.frameNumber("/frames/0.png", prefix: "/frames/", suffix: ".png"), 0)
        for path in ["/frames/.png", "/frames/+1.png", "/frames/1e3.png", "/frames/١.png", "/frames/9999999999.png", "/frames/1.jpg"] {
            XCTAssertNil(PreviewServer.frameNumber(path, prefix: "/frames/", suffix: ".png"), path)
        }
    }

    // MARK: render --watch

    func testRenderWatchRendersAgainOnEverySave() throws {
        let spec = try writeSpec(oneLayer())
        let output = spec.deletingLastPathComponent().appendingPathComponent("frames")
        let watch = try RunningCommand(["render", spec.path, "-o", output.path, "--watch"])
        try eventually("the first render (\(watch.stderr))") { watch.stderr.contains("for changes (Ctrl-C to stop)") }
        XCTAssertTrue(watch.stderr.hasPrefix("rendered 10 frames in"), watch.stderr)
        let first = try frameFile(output, 9)

        try oneLayer(color: "#C0392B").write(to: spec, atomically: true, encoding: .utf8)
        try eventually("a second render") { watch.stderr.components(separatedBy: "rendered 10 frames").count == 3 }
        XCTAssertTrue(watch.stderr.contains("\(spec.path) changed: rendering again"), watch.stderr)
        try eventually("the second render's frames") { try frameFile(output, 9) != first }
        XCTAssertEqual(try frameFile(output, 9), try frameFile(try rendered(spec, frames: "9-9"), 9))

        try oneLayer().replacingOccurrences(of: "time: 0.8", with: "time: soon").write(to: spec, atomically: true, encoding: .utf8)
        try eventually("the spec's error") { watch.stderr.contains("error: \(spec.path):") }
        try oneLayer(text: "Again").write(to: spec, atomically: true, encoding: .utf8)
        try eventually("a render after the error") { watch.stderr.components(separatedBy: "rendered 10 frames").count == 4 }
        try eventually("waiting again") { watch.stderr.hasSuffix("for changes (Ctrl-C to stop)\n") }
        XCTAssertEqual(try watch.stop(), 130)
    }

    /// A save while frames are rendering stops that render and starts the next at once; Ctrl-C
    /// during a render ends it as a render's Ctrl-C does.
    func testASaveDuringARenderStartsItAgain() throws {
        // 1800 frames on one thread: seconds of work, so the save lands in the middle of it.
        let long = singleLayerSpec(
            width: 640, height: 360, fps: 30, duration: 60,
            layer:
                #"{id: t, text: "Long", font: {family: "DejaVu Sans"}, size: {keyframes: [{time: 0, value: 20}, {time: 60, value: 90}]}, position: [320, 180]}"#
        )
        let spec = try writeSpec(long)
        let output = spec.deletingLastPathComponent().appendingPathComponent("frames")
        let watch = try RunningCommand(["render", spec.path, "-o", output.path, "--watch", "-j", "1"])
        try eventually("the render to start") {
            FileManager.default.fileExists(atPath: output.appendingPathComponent("frame_00003.png").path)
        }
        try (long + "\n# saved\n").write(to: spec, atomically: true, encoding: .utf8)
        try eventually("the render to stop and start again") { watch.stderr.contains("changed: rendering again") }
        XCTAssertTrue(watch.stderr.hasPrefix("interrupted after "), watch.stderr)
        XCTAssertTrue(watch.stderr.contains("of 1800 frames; \(output.path) is incomplete"), watch.stderr)
        XCTAssertFalse(watch.stderr.contains("rendered 1800 frames"), watch.stderr)
        XCTAssertEqual(try watch.stop(), 130)
        XCTAssertEqual(
            watch.stderr.components(separatedBy: "interrupted after ").count, 3, "the second render, interrupted: \(watch.stderr)")
    }

    func testRenderWatchRendersAVideoAgain() throws {
        let spec = try writeSpec(oneLayer())
        let video = spec.deletingLastPathComponent().appendingPathComponent("label.gif")
        let watch = try RunningCommand(["render", spec.path, "--video", video.path, "--watch"])
        try eventually("the first video (\(watch.stderr))") { watch.stderr.contains("for changes (Ctrl-C to stop)") }
        let first = try Data(contentsOf: video)
        try oneLayer(text: "Changed").write(to: spec, atomically: true, encoding: .utf8)
        try eventually("a second video") { watch.stderr.components(separatedBy: "encoded 10 frames").count == 3 }
        XCTAssertNotEqual(try Data(contentsOf: video), first)
        XCTAssertEqual(try watch.stop(SIGTERM), 143)
    }

    func testRenderWatchSaysAFIFOIsNotASpecAndRendersASavedFile() throws {
        let spec = try writeSpec(oneLayer())
        let output = spec.deletingLastPathComponent().appendingPathComponent("frames")
        let watch = try RunningCommand(["render", spec.path, "-o", output.path, "--watch"])
        try eventually("the first render (\(watch.stderr))") { watch.stderr.contains("for changes (Ctrl-C to stop)") }
        try replaceWithFIFO(spec)
        try eventually("the FIFO's error (\(watch.stderr))") {
            watch.stderr.contains("error: cannot read \(spec.path): not a regular file (it is a FIFO)")
        }
        try oneLayer(color: "#C0392B").write(to: spec, atomically: true, encoding: .utf8)
        try eventually("a render after the FIFO (\(watch.stderr))") {
            watch.stderr.components(separatedBy: "rendered 10 frames").count == 3
        }
        XCTAssertEqual(try frameFile(output, 9), try frameFile(try rendered(spec, frames: "9-9"), 9))
        XCTAssertEqual(try watch.stop(), 130)
    }

    func testRenderWatchRefusesStdout() throws {
        let result = try runKinetype(["render", example("crisp-size.yaml").path, "-o", "-", "--format", "rgba", "--watch"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--watch renders into a folder or a video (--video FILE), not to stdout"), result.stderr)
    }
}

extension PreviewTests {
    /// A template's params and the rows of `--rows` are on the page's scene; picking a row or
    /// setting values loads the spec with them, and a value that does not load keeps the frames.
    func testParamsAreSetFromARowOrTheirFields() throws {
        let folder = TestPaths.temporaryDirectory()
        let spec = try writeSpec(
            """
            params:
              name: {type: string, default: "Ada"}
              accent: {type: color, default: "#E63946"}
            canvas: {width: 160, height: 60, background: "${accent}"}
            fps: 10
            duration: 0.2
            layers:
              - {text: "${name}", font: {family: "DejaVu Sans"}, size: 20, position: [80, 30]}
            """, in: folder, name: "card.yaml")
        try "name,accent,id\nGrace,#1D3557,g\nKatherine,#2A9D8F,k\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let (server, url) = try preview(spec, ["--rows", folder.appendingPathComponent("rows.csv").path])
        var scene = try httpGet(url, "/scene.json").json()
        let parameters = try XCTUnwrap(scene["parameters"] as? [[String: String]])
        XCTAssertEqual(
            parameters, [["name": "name", "kind": "string", "value": "Ada"], ["name": "accent", "kind": "color", "value": "#E63946"]])
        let rows = try XCTUnwrap(scene["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["number"] as? Int }, [1, 2])
        XCTAssertEqual((rows[1]["values"] as? [String: String])?["name"], "Katherine")
        let ada = try httpGet(url, "/frames/0.png").body

        let picked = try httpGet(url, "/params?row=2")
        XCTAssertEqual(picked.status, 200, picked.text)
        scene = try httpGet(url, "/scene.json").json()
        XCTAssertEqual((scene["parameters"] as? [[String: String]])?.map { $0["value"] }, ["Katherine", "#2A9D8F"])
        XCTAssertEqual(scene["values"] as? [String: String], ["name": "Katherine", "accent": "#2A9D8F"], "the id column is no param")
        let katherine = try httpGet(url, "/frames/0.png").body
        XCTAssertNotEqual(katherine, ada)
        let single = TestPaths.temporaryDirectory("rendered")
        let byRender = try runKinetype(
            ["render", spec.path, "--param", "name=Katherine", "--param", "accent=#2A9D8F", "--frame", "0", "-o", single.path, "-q"])
        XCTAssertEqual(byRender.status, 0, byRender.stderr)
        XCTAssertEqual(katherine, try frameFile(single, 0), "the bytes render writes for the row")

        let set = ##"{"name":"Hopper","accent":"#000000"}"##.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        XCTAssertEqual(try httpGet(url, "/params?set=\(set)").status, 200)
        scene = try httpGet(url, "/scene.json").json()
        XCTAssertEqual((scene["parameters"] as? [[String: String]])?.map { $0["value"] }, ["Hopper", "#000000"])

        let bad = ##"{"name":"Hopper","accent":"notacolor"}"##.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        XCTAssertEqual(try httpGet(url, "/params?set=\(bad)").status, 200)
        scene = try httpGet(url, "/scene.json").json()
        XCTAssertTrue((scene["error"] as? String ?? "").contains("\"notacolor\" is not a colour"), "\(scene)")
        XCTAssertEqual((scene["parameters"] as? [[String: String]])?.map { $0["value"] }, ["Hopper", "#000000"], "the last good scene's")
        XCTAssertEqual(try httpGet(url, "/frames/0.png").status, 200)

        XCTAssertEqual(try httpGet(url, "/params?row=3").status, 404)
        XCTAssertEqual(try httpGet(url, "/params?set=notjson").status, 400)
        XCTAssertEqual(try server.stop(), 130)
    }
}
