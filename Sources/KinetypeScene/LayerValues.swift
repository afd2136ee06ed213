import KinetypeMotion
import KinetypeText

/// A layer's animatable properties at one time, as plain values: the state a SwiftUI view keeps,
/// which `animate(_:at:_:)` hands its closure to change (`$0.size = 72`). One field for each of
/// ``Layer/properties``.
public struct LayerValues: Sendable, Equatable {
    public var text: String
    /// Font size in pixels.
    public var size: Double
    /// Where the anchor goes, canvas pixels.
    public var position: Point2
    public var color: RGBA
    public var opacity: Double
    /// Letter spacing in pixels.
    public var tracking: Double
    /// The width lines wrap at; nil when the layer has no box (a box cannot be animated in or out).
    public var boxWidth: Double?
    /// nil: the family's default weight (a weight cannot be animated from or to nil).
    public var fontWeight: Double?
    /// Variation axes by tag; an axis can be animated, not added or removed.
    public var fontVariations: [String: Double]

    public init(
        text: String, size: Double, position: Point2, color: RGBA, opacity: Double, tracking: Double = 0,
        boxWidth: Double? = nil, fontWeight: Double? = nil, fontVariations: [String: Double] = [:]
    ) {
        self.text = text
        self.size = size
        self.position = position
        self.color = color
        self.opacity = opacity
        self.tracking = tracking
        self.boxWidth = boxWidth
        self.fontWeight = fontWeight
        self.fontVariations = fontVariations
    }
}
