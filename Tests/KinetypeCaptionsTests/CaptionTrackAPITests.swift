import Foundation
import Kinetype
import KinetypeTestSupport
import XCTest

/// Captions from Swift through the public API alone: an SRT string read into a track, made into
/// the layers of a scene and rendered.
final class CaptionTrackAPITests: XCTestCase {
    func testASceneFromAnSRTString() throws {
        let catalog = FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false)
        let srt = """
            1
            00:00:00,500 --> 00:00:01,500
            Hello from <b>Swift</b>

            2
            00:00:02,000 --> 00:00:03,000
            {\\an8}At the top

            """
        let track = try CaptionTrack(srt: srt)
        // The same file read from disk.
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try srt.write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CaptionTrack(contentsOf: folder.appendingPathComponent("talk.srt")), track)
        XCTAssertEqual(track.captions.map(\.text), ["Hello from Swift", "At the top"])
        XCTAssertEqual(track.captions.map(\.start), [0.5, 2])
        XCTAssertEqual(track.end, 3)
        let base = Text("", id: "captions", font: try .family("DejaVu Sans", catalog: catalog), size: 24)
            .position(x: 160, y: 100).anchor(.bottom).color(.white)
        let scene = try Scene(width: 320, height: 120, background: .black, fps: 10, duration: track.end, catalog: catalog) {
            try track.layers(base, width: 320, height: 120, catalog: catalog)
        }
        // The cue placed by {\an8} is a layer of its own, at the top; each layer shows its cue alone.
        XCTAssertEqual(scene.layers.map(\.id), ["captions", "captions-2"])
        XCTAssertEqual(scene.layers.map { $0.textContent?.text.value(at: 1) }, ["Hello from Swift", ""])
        XCTAssertEqual(scene.layers.map { $0.textContent?.text.value(at: 2.5) }, ["", "At the top"])
        XCTAssertEqual(scene.layers[1].anchor, .top)
        XCTAssertEqual(scene.layers[1].position.value(at: 2.5), Point2(x: 160, y: 20))
        XCTAssertEqual(scene.layers[0].textContent?.spans?.intervals.flatMap(\.spans).map(\.weight), [700], "<b>Swift</b>")
        // Ink where a cue shows, in its half of the frame; none between cues.
        let renderer = try FrameRenderer(scene: scene)
        func inkRows(_ frame: Int) throws -> [Int] {
            let image = try renderer.render(frame: frame).rgbaImage
            return (0..<image.height).filter { y in (0..<image.width).contains { image.pixels[(y * image.width + $0) * 4] > 40 } }
        }
        let first = try inkRows(10), between = try inkRows(18), second = try inkRows(25)
        XCTAssertFalse(first.isEmpty)
        XCTAssertGreaterThan(first.min() ?? 0, 60, "the first cue above the bottom at 100")
        XCTAssertEqual(between, [])
        XCTAssertFalse(second.isEmpty)
        XCTAssertLessThan(second.max() ?? 120, 60, "the second cue below the top at 20")
    }
}
