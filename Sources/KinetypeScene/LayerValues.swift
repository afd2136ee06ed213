import KinetypeMotion
import KinetypeText

/// A layer's animatable properties at one time, as plain values: the state a SwiftUI view keeps,
/// which `animate(_:at:_:)` hands its closure to change (`$0.size = 72`). One field for each of
/// ``Layer/properties``, then the transform's and each kind's own. A field a layer's kind does
/// not have holds a neutral value (an empty text, a zero frame), and changing it throws.
public struct LayerValues: Sendable, Equatable {
    public var text: String
    /// Font size in pixels.
    public var size: Double
    /// Where the anchor goes, canvas pixels.
    public var position: Point2
    public var color: RGBA
    public var opacity: Double
    /// The whole layer's blur (`.blur(radius:)`), pixels: σ = blur / 2.
    public var blur: Double = 0
    /// Letter spacing in pixels.
    public var tracking: Double
    /// The width lines wrap at; nil when the layer has no box (a box cannot be animated in or out).
    public var boxWidth: Double?
    /// nil: the family's default weight (a weight cannot be animated from or to nil).
    public var fontWeight: Double?
    /// Variation axes by tag; an axis can be animated, not added or removed.
    public var fontVariations: [String: Double]
    /// `transform.scale` (`.scaleEffect`): 1 is the layer's own size.
    public var scale = Point2(x: 1, y: 1)
    /// The scale as `.scaleEffect(_:)` takes it, one factor for both axes (reading it gives the
    /// horizontal one): `$0.scaleEffect = 1.2` in an `animate` closure.
    public var scaleEffect: Double {
        get { scale.x }
        set { scale = Point2(x: newValue, y: newValue) }
    }
    /// `transform.rotation` (`.rotationEffect`), clockwise.
    public var rotation = Angle.zero
    /// `transform.skew`, degrees.
    public var skew: Double = 0
    /// `transform.offset` (`.offset(x:y:)`), pixels.
    public var offset = Point2.zero
    /// A shape's, image's or video's size (`.frame(width:height:)`), pixels.
    public var frame = Point2.zero
    /// A rectangle's corner radius, pixels.
    public var cornerRadius: Double = 0
    /// Where a shape's or path's drawn outline starts and ends (`.trim(from:to:)`), fractions of it.
    public var trimFrom: Double = 0
    public var trimTo: Double = 1
    /// A path layer's outline: set another and it morphs (numbers blended when the two have the
    /// same commands, resampled point by point when not).
    public var path = PathOutline.empty

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
