import XCTest
@testable import Kinetype
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeSceneTestSupport

/// Issue 16 §2 (in part): the Swift `Easing` speaks SwiftUI's names, each equal to its spec-file
/// twin as the decoder reads it.
final class SwiftUIEasingAPITests: XCTestCase {
    /// The easing the decoder makes of `yaml`, written as a keyframe's `easing:`.
    static func decoded(_ yaml: String) throws -> Easing {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    {id: t, text: "a", font: {family: "DejaVu Sans"}, position: [10, 50],
                     size: {keyframes: [{time: 0, value: 10}, {time: 2, value: 20, easing: \(yaml)}]}}
                    """))
        guard case let .animated(track) = scene.layers[0].size else { throw TestEnvironmentError("size is not animated") }
        return track.keyframes[1].easing
    }

    func testEverySwiftUINameEqualsItsSpecTwin() throws {
        let twins: [(Easing, String)] = [
            (.easeInOut, "easeInOut"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.linear, "linear"),
            (.timingCurve(0.2, 0.8, 0.3, 1), "{cubicBezier: [0.2, 0.8, 0.3, 1]}"),
            (.spring, "spring"), (.smooth, "smooth"), (.snappy, "snappy"), (.bouncy, "bouncy"),
            (.interactiveSpring, "interactiveSpring"), (.interpolatingSpring, "interpolatingSpring"),
            (.spring(response: 0.5, dampingFraction: 0.6), "{spring: {response: 0.5, dampingFraction: 0.6}}"),
            (.spring(response: 0.4), "{spring: {response: 0.4}}"),
            (.spring(duration: 0.4, bounce: 0.2), "{spring: {duration: 0.4, bounce: 0.2}}"),
            (.spring(), "{spring: {}}"),
            (.smooth(duration: 0.7), "{smooth: {duration: 0.7}}"),
            (.snappy(duration: 0.3, extraBounce: 0.1), "{snappy: {duration: 0.3, extraBounce: 0.1}}"),
            (.bouncy(extraBounce: 0.2), "{bouncy: {extraBounce: 0.2}}"),
            (.interactiveSpring(duration: 0.2), "{interactiveSpring: {duration: 0.2}}"),
            (.interpolatingSpring(duration: 0.6, bounce: 0.3), "{interpolatingSpring: {duration: 0.6, bounce: 0.3}}"),
            (.interpolatingSpring(stiffness: 170, damping: 15), "{interpolatingSpring: {stiffness: 170, damping: 15}}")
        ]
        var checked = 0
        for (swift, yaml) in twins {
            XCTAssertEqual(swift, try Self.decoded(yaml), yaml)
            checked += 1
        }
        XCTAssertEqual(checked, 21)
    }
}
