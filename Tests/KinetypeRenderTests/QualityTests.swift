import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// The three text-quality invariants of DESIGN.md: crisp, landing, smooth. Scenes are built in
/// Swift: one "Hello, World!" layer in DejaVu Serif.
final class QualityTests: XCTestCase {
    static let ink = RGBA(r: 0x10 / 255, g: 0x20 / 255, b: 0x30 / 255, a: 1)

    static func hello(
        size: Property<Double>, position: Property<Point2>, width: Int = 640,
        duration: Double = 2, color: RGBA = ink
    ) throws -> Scene {
        let layer = TextLayer(
            id: "hello", text: .constant("Hello, World!"),
            font: try .family("DejaVu Serif", catalog: SwiftAPITests.catalog),
            size: size, position: position, anchor: .center, color: .constant(color))
        return try Scene(
            canvas: CanvasSpec(width: width, height: 200), fps: 30, duration: duration, layers: [layer],
            catalog: SwiftAPITests.catalog)
    }

    /// 32 → 72 px over 2 s, linear, while moving from (300.3, 90.7) to (330.1, 110.2) easing in and out.
    static func ramp() throws -> Scene {
        try hello(
            size: .animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 32), Keyframe(time: 2, value: 72)])),
            position: .animated(
                KeyframeTrack(keyframes: [
                    Keyframe(time: 0, value: Point2(x: 300.3, y: 90.7)),
                    Keyframe(time: 2, value: Point2(x: 330.1, y: 110.2), easing: .easeInEaseOut)
                ])))
    }

    /// A static scene showing exactly the given size and position.
    func staticRender(size: Double, x: Double, y: Double) throws -> Canvas {
        try FrameRenderer(scene: Self.hello(size: .constant(size), position: .constant(Point2(x: x, y: y)))).render(frame: 0)
    }

    func testCrispEveryFrameEqualsAStaticRenderAtItsExactSizeAndPosition() throws {
        let scene = try Self.ramp()
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
        var scene = try Self.ramp()
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
        let spring = Spring(response: 0.5, dampingFraction: 0.5)
        let scene = try Self.hello(
            size: .animated(
                KeyframeTrack(keyframes: [
                    Keyframe(time: 0, value: 32),
                    Keyframe(time: 1.2, value: 72, easing: .spring(spring))
                ])),
            position: .constant(Point2(x: 320, y: 100)))
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
        let scene = try Self.hello(
            size: .animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 32), Keyframe(time: 2, value: 72)])),
            position: .constant(Point2(x: 400, y: 100)), width: 800, color: .black)
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
