import XCTest
@testable import KinetypeMotion

final class PropertyTests: XCTestCase {
    func testConstant() {
        let p = Property<Double>.constant(3)
        XCTAssertEqual(p.value(at: 10), 3)
        XCTAssertFalse(p.isAnimated)
        XCTAssertEqual(p.endTime, 0)
    }

    func testAnimated() {
        let track = KeyframeTrack(keyframes: [
            Keyframe(time: 0.5, value: Point2(x: 0, y: 0)),
            Keyframe(time: 1.5, value: Point2(x: 10, y: -20))
        ])
        let p = Property.animated(track)
        XCTAssertTrue(p.isAnimated)
        XCTAssertEqual(p.value(at: 1), Point2(x: 5, y: -10))
        XCTAssertEqual(p.endTime, 1.5)
        let forever = Property.animated(KeyframeTrack(keyframes: track.keyframes, repeat: .forever))
        XCTAssertEqual(forever.endTime, .infinity)
    }
}
