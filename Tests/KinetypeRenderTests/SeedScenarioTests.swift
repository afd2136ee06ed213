import XCTest
import Kinetype
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 16 §2: the five seed scenarios built in Swift (the files of examples/swift-package,
/// compiled here through the `SeedScenarios` link) draw the same frames as their spec files.
final class SeedScenarioTests: XCTestCase {
    /// Every frame's evaluated layers are equal, value by value, and a few frames render to the
    /// same pixels.
    static func assertSameFrames(_ code: Scene, _ spec: Scene, rendered: [Int] = [], file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        XCTAssertEqual(code.frameCount, spec.frameCount, file: file, line: line)
        XCTAssertEqual(code.canvas, spec.canvas, file: file, line: line)
        XCTAssertEqual(code.layers.map(\.id), spec.layers.map(\.id), file: file, line: line)
        var differing: [Int] = []
        for frame in 0..<code.frameCount where code.frameState(at: frame).layers != spec.frameState(at: frame).layers {
            differing.append(frame)
        }
        XCTAssertEqual(differing, [], "frames whose layers differ", file: file, line: line)
        if let first = differing.first {
            XCTAssertEqual(code.frameState(at: first).layers, spec.frameState(at: first).layers, file: file, line: line)
        }
        guard !rendered.isEmpty else { return }
        let fromCode = try FrameRenderer(scene: code), fromSpec = try FrameRenderer(scene: spec)
        for frame in rendered {
            XCTAssertEqual(
                try fromCode.render(frame: frame).bytes(includeAlpha: true), try fromSpec.render(frame: frame).bytes(includeAlpha: true),
                "frame \(frame)", file: file, line: line)
        }
    }

    static func example(_ name: String) throws -> Scene {
        try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("\(name).yaml").path)
    }

    let catalog = SwiftAPITests.catalog

    func testCrispSize() throws {
        try Self.assertSameFrames(SeedScenario.crispSize(catalog: catalog), Self.example("crisp-size"), rendered: [0, 30, 59])
    }

    func testPlaceholderSweep() throws {
        try Self.assertSameFrames(SeedScenario.placeholderSweep(catalog: catalog), Self.example("placeholder-sweep"), rendered: [18, 27])
    }

    func testCrossFade() throws {
        try Self.assertSameFrames(SeedScenario.crossFade(catalog: catalog), Self.example("cross-fade"), rendered: [30])
    }

    /// The Swift spring lands once settled, the spec's at 1.8 s: the frames are the same anyway.
    func testCounting() throws {
        let code = try SeedScenario.counting(catalog: catalog)
        try Self.assertSameFrames(code, Self.example("counting"), rendered: [20])
        XCTAssertTrue((0..<code.frameCount).contains { Int(code.frameState(at: $0).layers[0].text.prefix(3))! > 400 }, "overshoot")
    }

    func testTypewriter() throws {
        try Self.assertSameFrames(SeedScenario.typewriter(catalog: catalog), Self.example("typewriter"), rendered: [25])
    }

    /// The custom interpolator has no spec twin: its texts, and the rolling digits.
    func testPriceCountsInCentsAndStockRolls() throws {
        let scene = try SeedScenario.price(catalog: catalog)
        let texts = (0..<scene.frameCount).map { scene.frameState(at: $0).layers.map(\.text) }
        XCTAssertEqual(texts.first, ["€1.00", "120 left"])
        XCTAssertEqual(texts.last, ["€3.00", "97 left"])
        XCTAssertTrue(texts.contains { $0[0] > "€3.00" && $0[0].hasPrefix("€3") }, "the bouncy spring overshoots the price")
        // 120 → 97 counting down: the hundreds go 1 → 0, the tens 2, 1, 0, 9, the units 0, 9, 8, 7,
        // all landing together; a leading 0 the shorter number has a place for stays.
        var stock: [String] = []
        for text in texts.map({ $0[1] }) where text != stock.last { stock.append(text) }
        XCTAssertEqual(stock, ["120 left", "119 left", "08 left", "97 left"])
        XCTAssertEqual(
            try SeedScenario.all(catalog: catalog).map(\.scene.frameCount).reduce(0, +), 345,
            "examples/swift-package's frames (.ci/run counts them)")
    }
}
