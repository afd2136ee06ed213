import Foundation
import KinetypeRaster
import XCTest
import KinetypeSceneTestSupport

/// The preview page itself, in headless Chromium (Debian's `chromium`, which scripts/test
/// installs; without it these tests fail, saying so): it draws the frames `render` writes, scrubs,
/// steps, plays, overlays the layout, and follows saves of the spec, errors included.
final class PreviewBrowserTests: XCTestCase {
    private func spec(color: String = "#1B1F24", background: String = "\"#F4F1EA\"", text: String = "Preview") -> String {
        singleLayerSpec(
            width: 320, height: 120, fps: 10, duration: 2, background: background,
            layer: """
                id: label
                text: "\(text)"
                font: {family: "DejaVu Sans"}
                size: {keyframes: [{time: 0, value: 20}, {time: 1.5, value: 44}]}
                color: "\(color)"
                position: [160, 60]
                """)
    }

    private struct Session {
        var server: RunningCommand
        var url: URL
        var browser: HeadlessChromium
        var spec: URL
    }

    /// A preview of `text` written to a spec file, open in a browser at `#frame=N`.
    private func open(_ text: String, frame: Int) throws -> Session {
        let spec = TestPaths.temporaryDirectory().appendingPathComponent("page.yaml")
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let server = try RunningCommand(["preview", spec.path, "--port", "0"])
        let url = try server.previewURL()
        let browser = try HeadlessChromium()
        try browser.navigate(URL(string: "#frame=\(frame)", relativeTo: url)!.absoluteURL)
        let session = Session(server: server, url: url, browser: browser, spec: spec)
        try waitForDrawn(session, frame: frame)
        return session
    }

    private func state(_ session: Session) throws -> [String: Any] {
        try session.browser.evaluate("window.kinetypePreview ? kinetypePreview.state() : {}") as? [String: Any] ?? [:]
    }

    /// Waits until the page has drawn `frame` of the scene version `version` (any if nil).
    private func waitForDrawn(_ session: Session, frame: Int, version: Int? = nil) throws {
        try eventually("the page to draw frame \(frame)\(version.map { " of version \($0)" } ?? "")") {
            let state = try state(session)
            return state["drawnFrame"] as? Int == frame && state["drawnSceneVersion"] as? Int == (version ?? state["sceneVersion"] as? Int)
        }
    }

    /// The page's canvas, read back as straight RGBA.
    private func canvasPixels(_ session: Session) throws -> [UInt8] {
        let base64 = try XCTUnwrap(session.browser.evaluate("kinetypePreview.readback()") as? String)
        return [UInt8](try XCTUnwrap(Data(base64Encoded: base64)))
    }

    /// Frame `frame` as `render --frame` writes it, decoded.
    private func renderedFrame(_ spec: URL, _ frame: Int) throws -> RGBAImage {
        let folder = TestPaths.temporaryDirectory("rendered")
        let result = try runKinetype(["render", spec.path, "-o", folder.path, "--frame", "\(frame)", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGCodec.read(path: folder.appendingPathComponent(String(format: "frame_%05d.png", frame)).path)
    }

    /// The canvas equals the PNG: exactly where opaque; where translucent, premultiplied within
    /// 1 (a canvas keeps premultiplied 8-bit colour, so straight colour under low alpha rounds).
    private func assertCanvasShows(
        _ session: Session, _ image: RGBAImage, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let pixels = try canvasPixels(session)
        XCTAssertEqual(pixels.count, image.pixels.count, what, file: file, line: line)
        guard pixels.count == image.pixels.count else { return }
        var differing = 0, inked = 0
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let a = Int(image.pixels[index + 3])
            if image.pixels[index..<index + 4] != image.pixels[0..<4] { inked += 1 }
            for channel in 0..<4 {
                let expected = Int(image.pixels[index + channel]), shown = Int(pixels[index + channel])
                let close: Bool
                if channel == 3 || a == 255 {
                    close = expected == shown
                } else {
                    close = abs(expected * a - shown * Int(pixels[index + 3])) <= 255 + 255 / 2
                }
                if !close { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "\(what): \(differing) channels differ from the PNG", file: file, line: line)
        XCTAssertGreaterThan(inked, 100, "\(what): the frame shows more than its background", file: file, line: line)
    }

    func testThePageShowsTheFramesRenderWritesAndFollowsSaves() throws {
        let session = try open(spec(), frame: 7)
        try assertCanvasShows(session, try renderedFrame(session.spec, 7), "#frame=7")
        XCTAssertEqual(
            try session.browser.evaluate("getComputedStyle(document.getElementById('sound-label')).display") as? String, "none",
            "no sound switch without audio")

        try session.browser.evaluate("kinetypePreview.seek(15)")
        try assertCanvasShows(session, try renderedFrame(session.spec, 15), "scrubbed to 15")
        try session.browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
        try waitForDrawn(session, frame: 16)
        try assertCanvasShows(session, try renderedFrame(session.spec, 16), "→ to 16")
        XCTAssertEqual(try session.browser.evaluate("location.hash") as? String, "#frame=16")
        XCTAssertEqual(
            try session.browser.evaluate("document.getElementById('readout').textContent") as? String,
            "frame 16 / 19 · 1.600 s / 2.000 s")

        // A save: the new scene at the same frame.
        try spec(color: "#C0392B", text: "Saved").write(to: session.spec, atomically: true, encoding: .utf8)
        try waitForDrawn(session, frame: 16, version: 2)
        try assertCanvasShows(session, try renderedFrame(session.spec, 16), "frame 16 after the save")

        // A broken spec: its error over the last good frame.
        let good = try canvasPixels(session)
        try spec(color: "#C0392B", text: "Saved").replacingOccurrences(of: "time: 1.5", with: "time: later")
            .write(to: session.spec, atomically: true, encoding: .utf8)
        try eventually("the page to show the error") { try state(session)["error"] is String }
        let error = try XCTUnwrap(try state(session)["error"] as? String)
        XCTAssertTrue(error.hasSuffix("page.yaml:8:53: layers[0].size.keyframes[1].time: expected a number, got \"later\""), error)
        XCTAssertEqual(try session.browser.evaluate("document.getElementById('error').textContent") as? String, error)
        XCTAssertEqual(
            try session.browser.evaluate("getComputedStyle(document.getElementById('error')).display") as? String, "block")
        XCTAssertEqual(try canvasPixels(session), good, "the last good frame stays")
        try saveScreenshot(session, "error")

        try spec(text: "Fixed").write(to: session.spec, atomically: true, encoding: .utf8)
        try waitForDrawn(session, frame: 16, version: 4)
        XCTAssertNil(try state(session)["error"] as? String)
        XCTAssertEqual(try session.browser.evaluate("getComputedStyle(document.getElementById('error')).display") as? String, "none")
        try assertCanvasShows(session, try renderedFrame(session.spec, 16), "frame 16 after the fix")
        XCTAssertEqual(try session.server.stop(), 130)
    }

    func testTransparentFramesAreDrawnOverTheCheckerboard() throws {
        let session = try open(spec(color: "#FFFFFF80", background: "transparent"), frame: 12)
        try assertCanvasShows(session, try renderedFrame(session.spec, 12), "transparent frame 12")
        let background = try session.browser.evaluate("getComputedStyle(document.getElementById('frame')).backgroundImage")
        XCTAssertTrue((background as? String)?.hasPrefix("repeating-conic-gradient") == true, "\(background ?? "none")")
        try saveScreenshot(session, "transparent")
        XCTAssertEqual(try session.server.stop(), 130)
    }

    /// A video layer shows as render draws it, and the page plays the scene's sound from the
    /// frame's time, stopping it on pause.
    func testVideoLayersShowAndTheSoundPlaysInStep() throws {
        let folder = TestPaths.temporaryDirectory()
        _ = try programOutput(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=320x120:rate=10:duration=2", "-f",
                "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                "yuv420p", "-c:a", "aac", "-shortest", folder.appendingPathComponent("talk.mp4").path
            ])
        let text = """
            canvas: {width: 320, height: 120, background: "#000000"}
            fps: 10
            duration: 2
            audio: {file: talk.mp4}
            layers:
              - {type: video, file: talk.mp4, position: [160, 60]}
              - {text: "Talk", font: {family: "DejaVu Sans"}, size: 30, color: "#FFFFFF", position: [160, 90]}
            """
        let spec = folder.appendingPathComponent("page.yaml")
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let server = try RunningCommand(["preview", spec.path, "--port", "0"])
        let url = try server.previewURL()
        let browser = try HeadlessChromium()
        try browser.navigate(URL(string: "#frame=12", relativeTo: url)!.absoluteURL)
        let session = Session(server: server, url: url, browser: browser, spec: spec)
        try waitForDrawn(session, frame: 12)
        try assertCanvasShows(session, try renderedFrame(spec, 12), "a video frame")

        try eventually("the page to decode the sound") { try state(session)["sound"] as? String == "ready" }
        XCTAssertEqual(try XCTUnwrap(state(session)["soundDuration"] as? Double), 2, accuracy: 0.05)
        XCTAssertEqual(try session.browser.evaluate("document.getElementById('sound-label').hidden") as? Bool, false)
        XCTAssertNotEqual(
            try session.browser.evaluate("getComputedStyle(document.getElementById('sound-label')).display") as? String, "none")
        try session.browser.evaluate("kinetypePreview.play()")
        let playing = try state(session)
        XCTAssertEqual(playing["soundPlaying"] as? Bool, true)
        XCTAssertEqual(try XCTUnwrap(playing["soundOffset"] as? Double), 1.2, accuracy: 1e-9, "from frame 12's time")
        try eventually("playing to move on") { (try state(session)["drawnFrame"] as? Int ?? 12) != 12 }
        try session.browser.evaluate("kinetypePreview.pause()")
        XCTAssertEqual(try state(session)["soundPlaying"] as? Bool, false)

        let soundtrack = folder.appendingPathComponent("served.m4a")
        try Data(try XCTUnwrap(try? Data(contentsOf: url.appendingPathComponent("audio.m4a")))).write(to: soundtrack)
        let duration = String(
            decoding: try programOutput("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", soundtrack.path]),
            as: UTF8.self)
        XCTAssertEqual(try XCTUnwrap(Double(duration.trimmingCharacters(in: .whitespacesAndNewlines))), 2, accuracy: 0.05)
        XCTAssertEqual(try session.server.stop(), 130)
    }

    func testPlayingAdvancesAtTheFrameRateAndCountsDroppedFrames() throws {
        let session = try open(spec(), frame: 0)
        try session.browser.evaluate("kinetypePreview.play()")
        var seen = Set<Int>()
        try eventually("playing to show 8 different frames") {
            if let frame = try state(session)["drawnFrame"] as? Int { seen.insert(frame) }
            return seen.count >= 8
        }
        let playing = try state(session)
        XCTAssertEqual(playing["playing"] as? Bool, true)
        let dropped = try XCTUnwrap(playing["dropped"] as? Int)
        XCTAssertGreaterThanOrEqual(dropped, 0)
        let readout = try session.browser.evaluate("document.getElementById('dropped').textContent") as? String
        XCTAssertTrue(readout?.hasPrefix("dropped ") == true, readout ?? "")
        try session.browser.evaluate("kinetypePreview.pause()")
        XCTAssertEqual(try state(session)["playing"] as? Bool, false)
        XCTAssertEqual(try session.server.stop(), 130)
    }

    func testTheLayoutOverlayOutlinesEachLayer() throws {
        let session = try open(spec(), frame: 15)
        let ink =
            "(() => { const c = document.getElementById('overlay'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            + " let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; })()"
        XCTAssertEqual(try session.browser.evaluate(ink) as? Int, 0)
        try session.browser.evaluate("document.getElementById('boxes').click()")
        try eventually("the overlay to draw") { (try session.browser.evaluate(ink) as? Int ?? 0) > 100 }
        try saveScreenshot(session, "layout")
        try session.browser.evaluate("document.getElementById('boxes').click()")
        XCTAssertEqual(try session.browser.evaluate(ink) as? Int, 0)
        XCTAssertEqual(try session.server.stop(), 130)
    }

    /// Keeps a screenshot of the page beside the test's files, to look at.
    private func saveScreenshot(_ session: Session, _ name: String) throws {
        let path = session.spec.deletingLastPathComponent().appendingPathComponent("page-\(name).png")
        try session.browser.screenshot().write(to: path)
        print("preview page screenshot: \(path.path)")
    }
}

extension PreviewBrowserTests {
    /// A template's params are fields on the page; a row picked from `--rows`, or a field
    /// changed, loads the spec with those values and the page draws what render draws with them.
    func testTheParamsPanelPicksRowsAndEditsValues() throws {
        let folder = TestPaths.temporaryDirectory()
        let spec = folder.appendingPathComponent("card.yaml")
        try """
        params:
          name: {type: string, default: "Ada"}
          accent: {type: color, default: "#E63946"}
        canvas: {width: 240, height: 80, background: "${accent}"}
        fps: 10
        duration: 0.5
        layers:
          - {text: "${name}", font: {family: "DejaVu Sans"}, size: 28, color: "#FFFFFF", position: [120, 40]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        try "name,accent\nGrace,#1D3557\nKatherine,#2A9D8F\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let server = try RunningCommand(["preview", spec.path, "--port", "0", "--rows", folder.appendingPathComponent("rows.csv").path])
        let url = try server.previewURL()
        let browser = try HeadlessChromium()
        try browser.navigate(URL(string: "#frame=0", relativeTo: url)!.absoluteURL)
        let session = Session(server: server, url: url, browser: browser, spec: spec)
        try waitForDrawn(session, frame: 0)
        XCTAssertEqual(try browser.evaluate("document.getElementById('params').hidden") as? Bool, false)
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('#param-fields [data-param]').length") as? Int, 2)
        XCTAssertEqual(try browser.evaluate("document.querySelector('[data-param=name]').value") as? String, "Ada")
        XCTAssertEqual(try browser.evaluate("document.getElementById('row').options.length") as? Int, 3, "a prompt and two rows")

        func rendered(_ parameters: [String]) throws -> RGBAImage {
            let out = TestPaths.temporaryDirectory("rendered")
            let result = try runKinetype(
                ["render", spec.path, "-o", out.path, "--frame", "0", "-q"] + parameters.flatMap { ["--param", $0] })
            XCTAssertEqual(result.status, 0, result.stderr)
            return try PNGCodec.read(path: out.appendingPathComponent("frame_00000.png").path)
        }
        let first = try state(session)["sceneVersion"] as? Int ?? 0
        try browser.evaluate("(() => { const s = document.getElementById('row'); s.value = '2'; s.dispatchEvent(new Event('change')); })()")
        try waitForDrawn(session, frame: 0, version: first + 1)
        try assertCanvasShows(session, try rendered(["name=Katherine", "accent=#2A9D8F"]), "row 2")
        try eventually("the fields to show row 2") {
            try browser.evaluate("document.querySelector('[data-param=name]').value") as? String == "Katherine"
        }

        try browser.evaluate(
            "(() => { const i = document.querySelector('[data-param=name]'); i.value = 'Hopper'; i.dispatchEvent(new Event('change')); })()"
        )
        try waitForDrawn(session, frame: 0, version: first + 2)
        try assertCanvasShows(session, try rendered(["name=Hopper", "accent=#2A9D8F"]), "a value typed in")
        XCTAssertEqual(try browser.evaluate("document.getElementById('row').value") as? String, "", "no row has these values")
    }
}

extension PreviewBrowserTests {
    /// A spec of `layers` text layers on a `width` × `height` canvas (a timeline row each).
    private func tallTimelineSpec(width: Int, height: Int, layers: Int) -> String {
        """
        canvas: {width: \(width), height: \(height), background: "#2A9D8F"}
        fps: 10
        duration: 1
        layers:
        \((0..<layers).map { """
              - {id: line\($0), text: "Line \($0)", font: {family: "DejaVu Sans"}, color: "#FFFFFF",
                 position: [\(width / 2), \(120 + $0 * 120)], size: {keyframes: [{time: 0, value: 50}, {time: 1, value: 70}]}}
            """ }.joined(separator: "\n"))
        """
    }

    /// What the page's layout is, measured in the page: the viewport, the header's bottom, the
    /// footer's top, the frame's and the error banner's boxes, and the stage's inner size.
    private static let measure = """
        (() => { const r = (id) => { const b = document.getElementById(id).getBoundingClientRect();
          return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; };
          const stage = document.getElementById('stage'), cs = getComputedStyle(stage);
          return {innerWidth, innerHeight, header: document.querySelector('header').getBoundingClientRect().bottom,
            footer: document.querySelector('footer').getBoundingClientRect().top, frame: r('frame'), error: r('error'),
            availWidth: stage.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
            availHeight: stage.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom),
            errorScrolls: document.getElementById('error').scrollHeight > document.getElementById('error').clientHeight}; })()
        """

    /// "fit" shows the whole frame between header and footer, in width and height, at a wide and
    /// a tall window; the error banner, a long one too, stays in view at fit and at 100% scrolled.
    func testFitShowsTheWholeFrameAndTheErrorBannerStaysInView() throws {
        for (windowWidth, windowHeight) in [(1400, 900), (800, 1200)] {
            let spec = TestPaths.temporaryDirectory().appendingPathComponent("page.yaml")
            let text = tallTimelineSpec(width: 1920, height: 1080, layers: 8)
            try text.write(to: spec, atomically: true, encoding: .utf8)
            let server = try RunningCommand(["preview", spec.path, "--port", "0"])
            let url = try server.previewURL()
            let browser = try HeadlessChromium(width: windowWidth, height: windowHeight)
            try browser.navigate(URL(string: "#frame=5", relativeTo: url)!.absoluteURL)
            let session = Session(server: server, url: url, browser: browser, spec: spec)
            try waitForDrawn(session, frame: 5)
            let window = "\(windowWidth)×\(windowHeight)"
            // The timeline's rows are drawn after the scene loads: the fit follows the stage's size.
            try eventually("the fitted frame to settle at \(window)") {
                let m = try XCTUnwrap(browser.evaluate(Self.measure) as? [String: Any])
                let frame = try XCTUnwrap(m["frame"] as? [String: Double])
                return frame["bottom"]! <= (m["footer"] as? Double)! && frame["top"]! >= (m["header"] as? Double)!
            }
            let m = try XCTUnwrap(browser.evaluate(Self.measure) as? [String: Any])
            let frame = try XCTUnwrap(m["frame"] as? [String: Double])
            let header = try XCTUnwrap(m["header"] as? Double), footer = try XCTUnwrap(m["footer"] as? Double)
            let availWidth = try XCTUnwrap(m["availWidth"] as? Double), availHeight = try XCTUnwrap(m["availHeight"] as? Double)
            print(
                "preview fit at \(window): frame \(frame["left"]!),\(frame["top"]!) – \(frame["right"]!),\(frame["bottom"]!)"
                    + " (\(frame["width"]!)×\(frame["height"]!)); space between header and footer \(header) – \(footer)")
            XCTAssertGreaterThanOrEqual(frame["left"]!, 0, window)
            XCTAssertLessThanOrEqual(frame["right"]!, Double(windowWidth), window)
            XCTAssertGreaterThanOrEqual(frame["top"]!, header, window)
            XCTAssertLessThanOrEqual(frame["bottom"]!, footer, window)
            XCTAssertEqual(frame["width"]! / frame["height"]!, 1920.0 / 1080, accuracy: 0.01, "\(window): the aspect ratio kept")
            XCTAssertTrue(
                abs(frame["width"]! - availWidth) <= 1 || abs(frame["height"]! - availHeight) <= 1,
                "\(window): fit fills the width or the height (\(frame), \(availWidth)×\(availHeight))")
            try saveScreenshot(session, "fit-\(windowWidth)x\(windowHeight)")

            // A broken spec: the banner is inside the window, at fit and at 100% scrolled down.
            try text.replacingOccurrences(of: "time: 1,", with: "time: later,").write(to: spec, atomically: true, encoding: .utf8)
            try eventually("the page to show the error") { try state(session)["error"] is String }
            func assertBannerInView(_ what: String) throws {
                let m = try XCTUnwrap(browser.evaluate(Self.measure) as? [String: Any])
                let banner = try XCTUnwrap(m["error"] as? [String: Double])
                XCTAssertGreaterThan(banner["height"]!, 10, "\(window), \(what): the banner shows")
                XCTAssertGreaterThanOrEqual(banner["top"]!, 0, "\(window), \(what)")
                XCTAssertLessThanOrEqual(banner["bottom"]!, footer, "\(window), \(what)")
                XCTAssertLessThanOrEqual(banner["right"]!, Double(windowWidth), "\(window), \(what)")
            }
            try assertBannerInView("fit")
            try browser.evaluate(
                "(() => { const z = document.getElementById('zoom'); z.value = '1'; z.dispatchEvent(new Event('change'));"
                    + " const s = document.getElementById('stage'); s.scrollTop = s.scrollHeight; s.scrollLeft = s.scrollWidth; })()")
            try assertBannerInView("100%, scrolled to the bottom right")
            // A message of many lines keeps its lines and scrolls inside the banner.
            try browser.evaluate(
                "document.getElementById('error').textContent = Array.from({length: 80}, (_, i) => `error: line ${i + 1}`).join('\\n')")
            try assertBannerInView("80 lines")
            XCTAssertEqual(try XCTUnwrap(browser.evaluate(Self.measure) as? [String: Any])["errorScrolls"] as? Bool, true)
            XCTAssertEqual(try browser.evaluate("getComputedStyle(document.getElementById('error')).whiteSpace") as? String, "pre-wrap")
            try saveScreenshot(session, "error-\(windowWidth)x\(windowHeight)")
            XCTAssertEqual(try server.stop(), 130)
        }
    }

    /// `?static` loads the scene once and polls nothing, so `chromium --screenshot
    /// --virtual-time-budget` finishes and its screenshot shows the frame.
    func testStaticPagesLetAHeadlessScreenshotFinish() throws {
        let folder = TestPaths.temporaryDirectory()
        let spec = folder.appendingPathComponent("page.yaml")
        try tallTimelineSpec(width: 640, height: 360, layers: 2).write(to: spec, atomically: true, encoding: .utf8)
        let server = try RunningCommand(["preview", spec.path, "--port", "0"])
        let url = try server.previewURL()
        let screenshot = folder.appendingPathComponent("static.png")
        let chromium = Process()
        chromium.executableURL = URL(fileURLWithPath: try HeadlessChromium.executable())
        chromium.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--window-size=800,600",
            "--screenshot=\(screenshot.path)", "--virtual-time-budget=5000",
            URL(string: "?static#frame=5", relativeTo: url)!.absoluteString
        ]
        chromium.standardOutput = FileHandle.nullDevice
        chromium.standardError = FileHandle.nullDevice
        let started = Date()
        try chromium.run()
        defer { if chromium.isRunning { kill(chromium.processIdentifier, SIGKILL) } }
        try eventually("chromium --screenshot to finish", timeout: 60) { !chromium.isRunning }
        let seconds = Date().timeIntervalSince(started)
        print(
            "preview ?static: chromium --screenshot --virtual-time-budget=5000 took \(String(format: "%.1f", seconds)) s: \(screenshot.path)"
        )
        XCTAssertEqual(chromium.terminationStatus, 0)
        let image = try PNGCodec.read(path: screenshot.path)
        XCTAssertEqual([image.width, image.height], [800, 600])
        // The frame's background (#2A9D8F) where it is fitted, and its white text.
        var background = 0, white = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let p = image.pixels[index..<index + 3].map(Int.init)
            if abs(p[0] - 0x2A) <= 2 && abs(p[1] - 0x9D) <= 2 && abs(p[2] - 0x8F) <= 2 { background += 1 }
            if p.allSatisfy({ $0 >= 250 }) { white += 1 }
        }
        XCTAssertGreaterThan(background, 800 * 600 / 4, "the frame fills much of the window")
        XCTAssertGreaterThan(white, 200, "its text shows")
        XCTAssertEqual(try server.stop(), 130)
    }

    /// A server stopped and another started on its port with another spec (its versions count
    /// from 1 again, as the first's did): the page keeps the last frame while it is away, then
    /// shows the new server's frame at the same place.
    func testThePageFollowsARestartedServer() throws {
        let session = try open(spec(text: "First"), frame: 12)
        let first = try renderedFrame(session.spec, 12)
        XCTAssertEqual(try canvasPixels(session), first.pixels)
        XCTAssertEqual(try session.server.stop(), 130)
        try eventually("the page to see the server gone") { try state(session)["connected"] as? Bool == false }
        XCTAssertEqual(try canvasPixels(session), first.pixels, "the last good frame stays")

        let secondSpec = session.spec.deletingLastPathComponent().appendingPathComponent("second.yaml")
        try spec(color: "#C0392B", text: "Second").write(to: secondSpec, atomically: true, encoding: .utf8)
        let port = try XCTUnwrap(session.url.port)
        let server = try RunningCommand(["preview", secondSpec.path, "--port", "\(port)"])
        XCTAssertEqual(try server.previewURL().port, port)
        let second = try renderedFrame(secondSpec, 12)
        XCTAssertNotEqual(first.pixels, second.pixels)
        try eventually("the page to show the new server's frame 12") { try canvasPixels(session) == second.pixels }
        XCTAssertEqual(try state(session)["connected"] as? Bool, true)
        XCTAssertEqual(try state(session)["sceneVersion"] as? Int, 1, "the new server counts from 1 again")
        XCTAssertEqual(try server.stop(), 130)
    }

    /// The layout overlay draws a grouped layer's lines and box through the group's placement:
    /// where the overlay puts them is where the frame's ink is.
    func testTheLayoutOverlayFollowsAGroupsPlacement() throws {
        let text = """
            canvas: {width: 480, height: 240, background: "#FFFFFF"}
            fps: 10
            duration: 1
            layers:
              - type: group
                id: card
                position: [100, 30]
                transform: {scale: [2, 2]}
                layers:
                  - {id: word, text: "HHH", font: {family: "DejaVu Sans"}, size: 40, color: "#000000", anchor: topLeft, position: [10, 10]}
            """
        let session = try open(text, frame: 3)
        try session.browser.evaluate("document.getElementById('boxes').click()")
        try eventually("the overlay to draw") { try session.browser.evaluate("kinetypePreview.overlay()") is [Any] }
        let layers = try XCTUnwrap(session.browser.evaluate("kinetypePreview.overlay()") as? [[String: Any]])
        XCTAssertEqual(layers.count, 1)
        let line = try XCTUnwrap((layers[0]["lines"] as? [[String: [[Double]]]])?.first)
        let outline = try XCTUnwrap(layers[0]["outline"] as? [[Double]])
        let baseline = try XCTUnwrap(line["baseline"]), ascent = try XCTUnwrap(line["ascent"])

        // The ink of the rendered frame: its bounds.
        let image = try renderedFrame(session.spec, 3)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] < 128 {
                minX = min(minX, x); maxX = max(maxX, x + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
            }
        }
        print("overlay through a group: ink x \(minX)–\(maxX), y \(minY)–\(maxY); baseline \(baseline), ascent \(ascent)")
        // H sits on the baseline and has no descender; its side bearings are a few pixels at 80 px.
        XCTAssertEqual(baseline[0][1], Double(maxY), accuracy: 1.5, "the baseline under the ink")
        XCTAssertEqual(baseline[1][1], baseline[0][1], "a horizontal baseline")
        XCTAssertLessThanOrEqual(ascent[0][1], Double(minY), "the ascent line above the ink")
        XCTAssertGreaterThan(ascent[0][1], Double(minY) - 40, "…and near it")
        XCTAssertTrue(
            (baseline[0][0] - 1)...(baseline[0][0] + 16) ~= Double(minX), "the line starts at the ink: \(baseline[0][0]) vs \(minX)")
        XCTAssertTrue(
            (baseline[1][0] - 16)...(baseline[1][0] + 1) ~= Double(maxX), "the line ends at the ink: \(baseline[1][0]) vs \(maxX)")
        let xs = outline.map { $0[0] }, ys = outline.map { $0[1] }
        XCTAssertTrue(
            xs.min()! <= Double(minX) && xs.max()! >= Double(maxX) && ys.min()! <= Double(minY) && ys.max()! >= Double(maxY),
            "the box holds the ink: \(outline)")
        try saveScreenshot(session, "layout-group")
        XCTAssertEqual(try session.server.stop(), 130)
    }
}
