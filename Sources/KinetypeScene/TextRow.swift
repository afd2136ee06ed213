import KinetypeMotion
import KinetypeText

/// Labels laid out left to right on one baseline, as a spec's `row:` (the Name / ATK / HP row): each
/// item becomes an ordinary boxed text layer. Items with a box width keep it; the others share what
/// is left after the spacing. With ``Shrink/together`` (the default) every item is drawn at one
/// shared size, the smallest any item needs to fit its width (one fit group); with
/// ``Shrink/each`` each item shrinks on its own.
///
/// ```swift
/// let row = try TextRow(id: "stats", position: Point2(x: 24, y: 90), width: 592, spacing: 12) {
///     Text("Pikachu", font: inter, size: 30)
///     Text("ATK 55", font: inter, size: 30).box(width: 110).align(.right)
/// }
/// ```
public struct TextRow: Sendable {
    public enum Shrink: String, Sendable, CaseIterable {
        /// One shared size for every item.
        case together
        /// Each item shrinks on its own.
        case each
    }

    /// The items as placed: each at its x on the row's baseline, its box width, one line, and its
    /// fit (an item without an id is `ROW.0`, `ROW.1`, …).
    public let layers: [Layer]

    /// A row's own fields (`row:` but its `items`), described once (``DescribedFeature``). A row
    /// becomes its items' layers when it is read, so nothing is evaluated later: its state is
    /// itself.
    package struct Layout: Sendable, Equatable, DescribedFeature, EvaluatedState {
        package var id = ""
        var position = Point2.zero
        var width = 1.0
        var spacing = 8.0
        var shrink = Shrink.together
        var minimumScaleFactor = FitSpec.defaultMinimumScaleFactor

        package static let fields: [FeatureField<Self, Self>] = [
            .name("id", \.id, \.id, derivedDefault: true, "The row's name."),
            .constantPoint("position", \.position, \.position, required: true, "The first item's baseline-left point."),
            .constant(
                "width", \.width, \.width, in: 1...SpecLimits.coordinate.upperBound, length: true, required: true,
                "The row's width in pixels."),
            .constant("spacing", \.spacing, \.spacing, in: 0...10_000, length: true, "Pixels between items (default 8)."),
            .choice("shrink", \.shrink, \.shrink, "together: one shared size; each: each item on its own (default together)."),
            .constant(
                "minimumScaleFactor", \.minimumScaleFactor, \.minimumScaleFactor, in: 0.01...1,
                "The smallest size as a share of each item's size (default 0.5).")
        ]
        package static let defaults = Self()

        package init() {}

        package func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Self.self, to: encoder) }
    }

    /// A row read from a spec: its layout's fields and its items.
    package init(_ layout: Layout, items: [Layer]) throws {
        try self.init(
            id: layout.id, position: layout.position, width: layout.width, spacing: layout.spacing, shrink: layout.shrink,
            minimumScaleFactor: layout.minimumScaleFactor, items: items)
    }

    /// Lays out `items` along the row.
    ///
    /// Throws ``SceneError`` when the items' widths and spacing take more than `width`, or leave no
    /// room for the items without a width.
    public init(
        id: String, position: Point2, width: Double, spacing: Double = 8, shrink: Shrink = .together,
        minimumScaleFactor: Double = FitSpec.defaultMinimumScaleFactor, items: [Layer]
    ) throws {
        guard !items.isEmpty else { throw SceneError(message: "a row needs at least one item") }
        var items = items.enumerated().map { offset, item in item.id.isEmpty ? item.id("\(id).\(offset)") : item }
        let texts = items.compactMap(\.textContent)
        guard texts.count == items.count else {
            throw SceneError(message: "a row's items are texts; a shape, image, path or group is placed on its own")
        }
        let fixed = texts.compactMap { $0.paragraph.boxWidth.map { $0.value(at: 0) } }.reduce(0, +)
        let flexible = texts.filter { $0.paragraph.boxWidth == nil }.count
        let remaining = width - fixed - spacing * Double(items.count - 1)
        guard remaining >= 0, flexible == 0 || remaining > 0 else {
            let used = Self.format(fixed + spacing * Double(items.count - 1))
            throw SceneError(
                message:
                    "the items' widths and spacing take \(used) px of the row's \(Self.format(width)) px, leaving \(flexible == 0 ? "less than nothing" : "no room for the items without a width")"
            )
        }
        var x = position.x
        for index in items.indices {
            let itemWidth = texts[index].paragraph.boxWidth?.value(at: 0) ?? remaining / Double(max(flexible, 1))
            items[index].updateText { text in
                text.paragraph.boxWidth = .constant(itemWidth)
                text.paragraph.style.maxLines = 1
                // Row groups live in their own namespace, so a layer's fitGroup never joins a row by accident.
                text.fit = FitSpec(minimumScaleFactor: minimumScaleFactor, group: shrink == .together ? "row \(id)" : nil)
            }
            items[index].position = .constant(Point2(x: x, y: position.y))
            items[index].anchor = .baselineLeft
            x += itemWidth + spacing
        }
        layers = items
    }

    /// The same, with the items listed as a scene's layers are.
    public init(
        id: String, position: Point2, width: Double, spacing: Double = 8, shrink: Shrink = .together,
        minimumScaleFactor: Double = FitSpec.defaultMinimumScaleFactor, @LayerBuilder items: () throws -> [Layer]
    ) throws {
        try self.init(
            id: id, position: position, width: width, spacing: spacing, shrink: shrink, minimumScaleFactor: minimumScaleFactor,
            items: try items())
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
