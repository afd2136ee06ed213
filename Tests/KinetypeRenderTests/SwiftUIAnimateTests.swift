import XCTest
@testable import Kinetype
@testable import KinetypeScene
import KinetypeMotion
import KinetypeSceneTestSupport

/// `animate(_:at:_:)` on every kind of layer: each animatable property SwiftUI's names set gets the
/// keyframes of its animation, and a value a kind does not have is an error, never ignored.
final class SwiftUIAnimateTests: XCTestCase {
    let catalog = SwiftAPITests.catalog
    let logo = TestPaths.examples.appendingPathComponent("images/kinetype-logo.png").path

    /// `animate` gives each property SwiftUI's names set the keyframes of a linear second from 0.5 s.
    func testAnimateDrivesEveryPropertyOfEveryKind() throws {
        let linear = Animation.linear(duration: 1)
        func keyframes<Value>(_ property: Property<Value>?) -> [(Double, Value)] {
            guard case let .animated(track)? = property else { return [] }
            return track.keyframes.map { ($0.time, $0.value) }
        }
        var checked = 0
        var bar = Rectangle().frame(width: 100, height: 10)
        try bar.animate(linear, at: 0.5) {
            $0.frame = Point2(x: 300, y: 10)
            $0.cornerRadius = 5
            $0.trimTo = 0.5
            $0.scale = Point2(x: 2, y: 2)
            $0.rotation = .degrees(90)
            $0.offset = Point2(x: 0, y: -20)
            $0.skew = 10
        }
        guard case let .shape(shape) = bar.content, let transform = bar.transform else { return XCTFail("not a shape") }
        XCTAssertEqual(keyframes(shape.size).map(\.0), [0.5, 1.5])
        XCTAssertEqual(keyframes(shape.size).map(\.1), [Point2(x: 100, y: 10), Point2(x: 300, y: 10)])
        XCTAssertEqual(keyframes(shape.cornerRadius).map(\.1), [0, 5])
        XCTAssertEqual(keyframes(shape.trim?.end).map(\.1), [1, 0.5])
        XCTAssertEqual(keyframes(transform.scale).map(\.1), [Point2(x: 1, y: 1), Point2(x: 2, y: 2)])
        XCTAssertEqual(keyframes(transform.rotation).map(\.1), [0, 90])
        XCTAssertEqual(keyframes(transform.offset).map(\.1), [.zero, Point2(x: 0, y: -20)])
        XCTAssertEqual(keyframes(transform.skew).map(\.1), [0, 10])
        checked += 7
        // Halfway, linear: each value is the mean of its two ends.
        let middle = bar.values(at: 1)
        XCTAssertEqual(middle.frame, Point2(x: 200, y: 10))
        XCTAssertEqual(middle.rotation, .degrees(45))
        XCTAssertEqual(middle.trimTo, 0.75)

        var picture = try Image(logo).resizable().frame(width: 40, height: 40)
        try picture.animate(linear, at: 0.5) {
            $0.frame = Point2(x: 80, y: 80)
            $0.opacity = 0
        }
        guard case let .image(image) = picture.content else { return XCTFail("not an image") }
        XCTAssertEqual(keyframes(image.size).map(\.1), [Point2(x: 40, y: 40), Point2(x: 80, y: 80)])
        XCTAssertEqual(keyframes(picture.opacity).map(\.1), [1, 0])
        checked += 2

        var wave = try Path { $0.addLines([Point2(x: 0, y: 0), Point2(x: 100, y: 0)]) }
        try wave.animate(linear, at: 0.5) { $0.trimFrom = 0.25 }
        guard case let .path(path) = wave.content else { return XCTFail("not a path") }
        XCTAssertEqual(keyframes(path.trim?.start).map(\.1), [0, 0.25])
        checked += 1

        var card = Group(id: "card") { Rectangle().frame(width: 10, height: 10) }.layer
        try card.animate(linear, at: 0.5) { $0.offset = Point2(x: 40, y: 0) }
        XCTAssertEqual(keyframes(card.transform?.offset).map(\.1), [.zero, Point2(x: 40, y: 0)])
        checked += 1
        XCTAssertEqual(checked, 11)

        // A scene of shapes animates the same way, by id.
        var scene = try Scene(width: 100, height: 100, fps: 10, duration: 2, catalog: catalog) {
            Rectangle().frame(width: 10, height: 10).position(x: 50, y: 50).id("box")
        }
        try scene.animate(linear, at: 0, layer: "box") { $0.rotation = .degrees(180) }
        XCTAssertEqual(scene.frameState(at: 5).layers[0].transform?.rotation, 90)
    }

    /// A change to a value a layer's kind does not have is an error that says so, and leaves the
    /// layer as it was.
    func testAChangeALayerCannotAnimateIsASentence() throws {
        let cases: [(Layer, (inout LayerValues) -> Void, String)] = [
            (
                Rectangle(), { $0.size = 20 },
                "layer0: a rectangle layer has no font size to animate: only a text has one; a shape's, image's or video's size is its frame"
            ),
            (Circle(), { $0.cornerRadius = 4 }, "layer0: a circle layer has no corner radius to animate: only a rectangle has one"),
            (
                Text("Hi"), { $0.frame = Point2(x: 10, y: 10) },
                "layer0: a text layer has no frame to animate: only a shape, image or video has one; a text's size is its font size"
            ),
            (Text("Hi"), { $0.trimTo = 0.5 }, "layer0: a text layer has no trim to animate: only a shape, line or path has one"),
            (
                try Image(logo), { $0.color = .white },
                "layer0: an image layer has no color to animate: only a text, shape, line or path is drawn in one"
            ),
            (try Image(logo), { $0.text = "x" }, "layer0: an image layer has no text to animate: only a text has one"),
            (Group(id: "g") { Text("Hi") }.layer, { $0.tracking = 2 }, "layer0: a group has no tracking to animate: only a text has one")
        ]
        var checked = 0
        for (written, change, message) in cases {
            var layer = written.id("layer0")
            let before = layer.values(at: 0)
            XCTAssertThrowsError(try layer.animate(.easeIn, at: 0, change)) { error in
                XCTAssertEqual((error as? SceneError)?.message, message)
            }
            XCTAssertEqual(layer.values(at: 0), before)
            checked += 1
        }
        XCTAssertEqual(checked, cases.count)
        XCTAssertEqual(checked, 7)
    }

    /// `$0.scaleEffect = 1.5` is `.scaleEffect(1.5)`'s value: both axes.
    func testScaleEffectSetsBothAxes() throws {
        var dot = Circle().frame(width: 20, height: 20).scaleEffect(0)
        try dot.animate(.linear(duration: 1), at: 0) { $0.scaleEffect = 1.5 }
        XCTAssertEqual(dot.values(at: 1).scale, Point2(x: 1.5, y: 1.5))
        XCTAssertEqual(dot.values(at: 0.5).scale, Point2(x: 0.75, y: 0.75))
        XCTAssertEqual(dot.values(at: 0.5).scaleEffect, 0.75)
    }

    /// A layer built in Swift has no id until its scene numbers it: its errors start with what
    /// is wrong, not with ": ".
    func testAnUnnamedLayersErrorsAreSentences() throws {
        var circle = Circle()
        XCTAssertThrowsError(try circle.animate(.easeIn, at: 0) { $0.cornerRadius = 4 }) {
            XCTAssertEqual("\($0)", "a circle layer has no corner radius to animate: only a rectangle has one")
        }
        var title = Text("Hi")
        try title.animate(.easeIn(duration: 1), at: 0) { $0.size = 30 }
        XCTAssertThrowsError(try title.animate(.easeIn, at: 0.5) { $0.size = 40 }) {
            XCTAssertTrue("\($0)".hasPrefix("size is still animating at 0.5 s (until 1 s)"), "\($0)")
        }
    }

    /// The guide's example: a bar that grows on a spring and tilts, landing where it was told.
    func testTheGuidesBarGrows() throws {
        let accent: Color = "#FFB000"
        var bar = Rectangle().frame(width: 0, height: 8).fill(accent).position(x: 60, y: 200).anchor(.left)
        try bar.animate(.spring(duration: 0.6), at: 0.2) {
            $0.frame.x = 300
            $0.rotation = .degrees(-3)
        }
        let landed = bar.values(at: 5)
        XCTAssertEqual(landed.frame, Point2(x: 300, y: 8))
        XCTAssertEqual(landed.rotation, .degrees(-3))
        XCTAssertEqual(bar.values(at: 0.2).frame, Point2(x: 0, y: 8))
    }
}
