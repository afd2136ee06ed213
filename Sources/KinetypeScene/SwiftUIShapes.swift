import Foundation
import KinetypeMotion
import KinetypeText

// SwiftUI's shapes and `Image` as it writes them: `Rectangle().frame(width: 300, height: 8)`.
// In SwiftUI each is a type; here each is a function returning a `Layer`, as `Text` is `Layer`
// under another name, so every layer modifier chains after it and a scene's builder takes it.
// A type of each name would need every modifier again on each. Their size is zero until
// `.frame(width:height:)` gives one (no parent proposes a size); each is filled with black, as
// SwiftUI fills a shape with the foreground colour.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A rectangle filling its frame (`type: rectangle`).
public func Rectangle() -> Layer {
    Layer(content: .shape(LayerShape(.rectangle, size: .constant(.zero))))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A rectangle with circular corners of `cornerRadius` (`type: rectangle` with `cornerRadius`).
public func RoundedRectangle(cornerRadius: Double) -> Layer {
    Layer(content: .shape(LayerShape(.rectangle, size: .constant(.zero), cornerRadius: .constant(cornerRadius))))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The circle inscribed in its frame: the shorter side across, centred (`type: circle`).
public func Circle() -> Layer {
    Layer(content: .shape(LayerShape(.circle, size: .constant(.zero))))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The ellipse inscribed in its frame (`type: ellipse`).
public func Ellipse() -> Layer {
    Layer(content: .shape(LayerShape(.ellipse, size: .constant(.zero))))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A rectangle with fully rounded ends, at every size (`type: capsule`).
public func Capsule() -> Layer {
    Layer(content: .shape(LayerShape(.capsule, size: .constant(.zero))))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A path drawn in the closure, as SwiftUI's `Path { path in … }` (`type: path` with the same
/// `d`): coordinates are pixels from the layer's position (with the default position, canvas
/// pixels). Throws ``PathData/Problem`` for a coordinate beyond the spec's limits.
///
/// ```swift
/// try Path { path in
///     path.move(to: Point2(x: 0, y: 0))
///     path.addQuadCurve(to: Point2(x: 200, y: 0), control: Point2(x: 100, y: -80))
/// }
/// .stroke(.white, lineWidth: 4)
/// ```
public func Path(_ draw: (inout PathBuilder) throws -> Void) throws -> Layer {
    try Path(PathOutline(draw))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A path layer drawing `outline` (path data read with ``PathOutline/init(_:)-(String)``, an SVG
/// file's with ``SVGPathFile/outline(path:)``); `animate` morphs it into another (`$0.path = …`).
public func Path(_ outline: PathOutline) -> Layer {
    // A path's anchor does not apply; top-left is what a spec's path layer has.
    Layer(content: .path(LayerPath(path: .constant(outline))), anchor: .topLeft)
}

extension PathOutline {
    /// The outline a `Path { path in … }` closure draws. Throws ``PathData/Problem`` for a
    /// coordinate beyond the spec's limits.
    public init(_ draw: (inout PathBuilder) throws -> Void) throws {
        var builder = PathBuilder()
        try draw(&builder)
        try self.init(builder.d)
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A PNG or JPEG file at its own size, centred on its frame (`type: image` with `fit: none`), as
/// SwiftUI's `Image("name")`; `.resizable()` stretches it to the frame. The file is read here, so
/// a missing or unreadable one throws where it is named.
public func Image(_ file: String) throws -> Layer {
    let pixels = try ImagePixels.load(path: file)
    return Layer(content: .image(LayerImage(file: file, pixels: pixels, fit: .none)))
}

/// What SwiftUI's `Path { path in … }` closure draws with, written as SVG path data (``d``), so a
/// path built in Swift and its spec twin are the same.
public struct PathBuilder: Sendable {
    /// The path so far as SVG path data.
    public private(set) var d = ""

    public init() {}

    /// Starts a subpath at `point`.
    public mutating func move(to point: Point2) { add("M", point) }
    /// A straight line to `point`.
    public mutating func addLine(to point: Point2) { add("L", point) }
    /// Straight lines through `points`, the first a move.
    public mutating func addLines(_ points: [Point2]) {
        for (index, point) in points.enumerated() { add(index == 0 ? "M" : "L", point) }
    }
    /// A quadratic Bézier curve to `point`.
    public mutating func addQuadCurve(to point: Point2, control: Point2) { add("Q", control, point) }
    /// A cubic Bézier curve to `point`.
    public mutating func addCurve(to point: Point2, control1: Point2, control2: Point2) { add("C", control1, control2, point) }
    /// A line back to the subpath's start.
    public mutating func closeSubpath() { d += d.isEmpty ? "Z" : " Z" }
    /// An arc of the circle around `center` from `startAngle` to `endAngle`, as SwiftUI draws it:
    /// a line (or a move) to its start first; angles from +x towards +y (clockwise on the canvas,
    /// y down), and `clockwise: false` runs the angle up, which is clockwise on screen as in
    /// SwiftUI. Written as SVG arcs (`A`) of at most a quarter turn each.
    public mutating func addArc(center: Point2, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        var delta = endAngle.radians - startAngle.radians
        // The way round the flag asks for; a whole turn or more is a circle.
        if abs(delta) >= 2 * .pi {
            delta = clockwise ? -2 * .pi : 2 * .pi
        } else if !clockwise, delta < 0 {
            delta += 2 * .pi
        } else if clockwise, delta > 0 {
            delta -= 2 * .pi
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: .radians(delta))
    }
    /// An arc of the circle around `center` from `startAngle` turning by `delta` (positive: the
    /// angle grows), a line (or a move) to its start first, as SwiftUI's `addRelativeArc`.
    public mutating func addRelativeArc(center: Point2, radius: Double, startAngle: Angle, delta: Angle) {
        func point(_ angle: Double) -> Point2 { Point2(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
        add(d.isEmpty ? "M" : "L", point(startAngle.radians))
        let pieces = max(1, Int((abs(delta.radians) / (.pi / 2)).rounded(.up)))
        for piece in 1...pieces {
            let end = point(startAngle.radians + delta.radians * Double(piece) / Double(pieces))
            let r = Self.number(abs(radius))
            d += " A \(r) \(r) 0 0 \(delta.radians >= 0 ? 1 : 0) \(Self.number(end.x)) \(Self.number(end.y))"
        }
    }
    /// A closed rectangle, clockwise from its top-left corner.
    public mutating func addRect(_ rect: Rect) {
        addLines([
            Point2(x: rect.x, y: rect.y), Point2(x: rect.x + rect.width, y: rect.y),
            Point2(x: rect.x + rect.width, y: rect.y + rect.height),
            Point2(x: rect.x, y: rect.y + rect.height)
        ])
        closeSubpath()
    }
    /// The ellipse inscribed in `rect`, as four cubic curves (within 0.03 % of its radius).
    public mutating func addEllipse(in rect: Rect) {
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.x + rx, cy = rect.y + ry
        // The control distance that makes a quarter of a circle of radius 1 from one cubic.
        let k = 4 * (2.squareRoot() - 1) / 3
        move(to: Point2(x: cx + rx, y: cy))
        addCurve(to: Point2(x: cx, y: cy + ry), control1: Point2(x: cx + rx, y: cy + k * ry), control2: Point2(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point2(x: cx - rx, y: cy), control1: Point2(x: cx - k * rx, y: cy + ry), control2: Point2(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point2(x: cx, y: cy - ry), control1: Point2(x: cx - rx, y: cy - k * ry), control2: Point2(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point2(x: cx + rx, y: cy), control1: Point2(x: cx + k * rx, y: cy - ry), control2: Point2(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    private mutating func add(_ command: String, _ points: Point2...) {
        let numbers = points.map { "\(Self.number($0.x)) \(Self.number($0.y))" }.joined(separator: " ")
        d += (d.isEmpty ? "" : " ") + command + " " + numbers
    }

    /// The shortest text that reads back as the same number (`12`, `0.5`, `1e-07`).
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
