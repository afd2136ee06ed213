import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// A filled, optionally rounded rectangle behind a layer's text: behind each laid-out line (the
/// caption look) or behind its whole layout box.
public struct TextBackground: Sendable, DescribedFeature {
    public enum Extent: String, Sendable, CaseIterable {
        /// Each line's box: from its start to its end (trailing spaces excluded), from its ascent
        /// line to its descent line.
        case line
        /// The layer's layout box.
        case box
    }

    public var color: Property<RGBA>
    /// Grown on each side: `x` horizontally, `y` vertically, in pixels.
    public var padding: Property<Point2>
    public var cornerRadius: Property<Double>
    public var extent: Extent

    public static let defaultColor = RGBA(r: 0, g: 0, b: 0, a: 0xB3 / 255)  // #000000B3
    public static let defaultPadding = Point2(x: 12, y: 6)

    public init(
        color: Property<RGBA> = .constant(TextBackground.defaultColor),
        padding: Property<Point2> = .constant(TextBackground.defaultPadding),
        cornerRadius: Property<Double> = .constant(0), extent: Extent = .line
    ) {
        self.color = color
        self.padding = padding
        self.cornerRadius = cornerRadius
        self.extent = extent
    }

    /// Every field of `background:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<TextBackground, BackgroundState>] = [
        .color("color", \.color, \.color, "The box's colour."),
        .padding("padding", \.padding, \.padding, "Pixels around the text: one number, or [vertical, horizontal]."),
        .number("cornerRadius", \.cornerRadius, \.cornerRadius, in: 0...SpecLimits.coordinate.upperBound, length: true, "Pixels."),
        .choice("per", \.extent, \.extent, "line: a box behind each line; box: one behind the layout box.")
    ]
    package static let defaults = TextBackground()
}

/// A background's values at one frame.
public struct BackgroundState: Sendable, Equatable, EvaluatedState {
    public var color: RGBA = TextBackground.defaultColor
    public var padding = Point2.zero
    public var cornerRadius: Double = 0
    public var extent: TextBackground.Extent = .line

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: TextBackground.self, to: encoder) }

    /// The rectangles behind a placed layout: one per line with text, or one for the box.
    package func rectangles(_ layout: TextLayout) -> [Rect] {
        let grow = { (rect: Rect) in
            Rect(
                x: rect.x - padding.x, y: rect.y - padding.y,
                width: rect.width + 2 * padding.x, height: rect.height + 2 * padding.y)
        }
        switch extent {
        case .box:
            return [grow(layout.box)]
        case .line:
            return layout.lines.filter { $0.maxX > $0.minX }.map { line in
                grow(Rect(x: line.minX, y: line.baseline - line.ascent, width: line.maxX - line.minX, height: line.ascent + line.descent))
            }
        }
    }
}
