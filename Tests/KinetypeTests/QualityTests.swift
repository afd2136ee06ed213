import XCTest
@testable import Kinetype
@testable import KinetypeSpec
import KinetypeRaster

/// The three text-quality invariants of DESIGN.md: crisp, landing, smooth.
final class QualityTests: XCTestCase {
    static let ramp = singleLayerSpec(width: 640, height: 200, fps: 30, duration: 2, layer: """
    text: "Hello, World!"
    font: {family: "DejaVu Serif"}
    size: {keyframes: [{time: 0, value: 32}, {time: 2, value: 72}]}
    position: {keyframes: [{time: 0, value: [300.3, 90.7]}, {time: 2, value: [330.1, 110.2], easing: easeInEaseOut}]}
    anchor: center
    color: "#102030"
    """)

    /// A static spec showing exactly the given size and position.
    func staticRender(size: Double, x: Double, y: Double, duration: Double = 2) throws -> Canvas {
        let scene = try loadYAML(singleLayerSpec(width: 640, height: 200, fps: 30, duration: duration, layer: """
        text: "Hello, World!"
        font: {family: "DejaVu Serif"}
        size: \(size)
        position: [\(x), \(y)]
        anchor: center
        color: "#102030"
        """))
        return try FrameRenderer(scene: scene).render(frame: 0)
    }

    func testCrispEveryFrameEqualsAStaticRenderAtItsExactSizeAndPosition() throws {
        let scene = try loadYAML(Self.ramp)
        let renderer = try FrameRenderer(scene: scene)
        var checked = 0
        for frame in [1, 17, 29, 43, 58] {
            let state = scene.frameState(at: frame).layers[0]
            let animated = try renderer.render(frame: frame)
            let still = try staticRender(size: state.size, x: state.position.x, y: state.position.y)
            XCTAssertEqual(animated.rgbaImage, still.rgbaImage, "frame \(frame) at \(state.size) px")
            XCTAssertNotEqual(state.size.rounded(), state.size, "the test wants fractional sizes")
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    func testLandingFramesAtAndAfterTheLastKeyframeEqualTheFinalStaticRender() throws {
        var scene = try loadYAML(Self.ramp)
        scene.duration = 2.5  // half a second held after the last keyframe
        let renderer = try FrameRenderer(scene: scene)
        let final = try staticRender(size: 72, x: 330.1, y: 110.2).rgbaImage
        var checked = 0
        for frame in 60..<scene.frameCount {
            XCTAssertEqual(try renderer.render(frame: frame).rgbaImage, final, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 15, "frames 60…74 of a 2.5 s scene at 30 fps")
        XCTAssertNotEqual(try renderer.render(frame: 59).rgbaImage, final)
    }

    func testLandingAfterASpringSettles() throws {
        let scene = try loadYAML(singleLayerSpec(width: 640, height: 200, fps: 30, duration: 2, layer: """
        text: "Hello, World!"
        font: {family: "DejaVu Serif"}
        size: {keyframes: [{time: 0, value: 32}, {time: 1.2, value: 72, easing: {spring: {response: 0.5, dampingFraction: 0.5}}}]}
        position: [320, 100]
        color: "#102030"
        """))
        let renderer = try FrameRenderer(scene: scene)
        let final = try staticRender(size: 72, x: 320, y: 100).rgbaImage
        var checked = 0
        for frame in [36, 45, 59] {
            XCTAssertEqual(try renderer.render(frame: frame).rgbaImage, final, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// Over a linear 32→72 px ramp, the ink's horizontal spread and centroid follow straight lines.
    func testSmoothInkSpreadAndCentroidFollowStraightLines() throws {
        let scene = try loadYAML(singleLayerSpec(width: 800, height: 200, fps: 30, duration: 2, layer: """
        text: "Hello, World!"
        font: {family: "DejaVu Serif"}
        size: {keyframes: [{time: 0, value: 32}, {time: 2, value: 72}]}
        position: [400, 100]
        anchor: center
        color: "#000000"
        """))
        let renderer = try FrameRenderer(scene: scene)
        var sizes: [Double] = [], spreads: [Double] = [], centroids: [Double] = []
        for frame in 0..<scene.frameCount {
            let stats = InkStatistics(try renderer.render(frame: frame))
            sizes.append(scene.frameState(at: frame).layers[0].size)
            spreads.append(stats.spreadX)
            centroids.append(stats.centroidX)
        }
        let spreadResidual = straightLineResidualRMS(sizes, spreads)
        let centroidResidual = straightLineResidualRMS(sizes, centroids)
        print("smoothness: spread residual \(spreadResidual) px RMS, centroid residual \(centroidResidual) px RMS")
        XCTAssertLessThanOrEqual(spreadResidual, 0.05)
        XCTAssertLessThanOrEqual(centroidResidual, 0.05)
        XCTAssertGreaterThan(spreads.last! - spreads.first!, 50, "the ink must actually grow")
        XCTAssertEqual(sizes.count, 60, "every frame of the 2 s ramp")
    }
}
