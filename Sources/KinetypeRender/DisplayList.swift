import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// What one frame draws, in drawing order: the painter's output and the rasterizer's input. It
/// names faces, glyphs, canvas positions and paint — no pixels and no FreeType — so it can be
/// printed (`kinetype inspect --display-list`), compared in tests, and drawn on any thread.
///
/// A new drawable (a decoration's rectangle, a shadow) is a new `Item` case, made by the painter
/// and executed by `CanvasRasterizer`.
public struct DisplayList: Sendable, Equatable, Encodable {
    public var width: Int
    public var height: Int
    public var background: RGBA
    /// The font files its runs draw with, by number (`GlyphItem.Run.font`).
    public var fonts: [String] = []
    public var items: [Item]

    public enum Item: Sendable, Equatable {
        /// One layer's glyphs, composited together so that glyphs which overlap (joined scripts,
        /// tight kerning) never darken twice.
        case glyphs(GlyphItem)
        /// An outline filled with a paint, exact area coverage: a background's boxes, a
        /// decoration, a shape's fill, stroke or shadow, a path, anything turned or skewed.
        case fill(FillItem)
        /// One layer's items drawn together into the layer's own coverage, then composited once
        /// with its opacity and blend mode (the items' paint does not include that opacity).
        case layer(LayerItem)
        /// One layer in motion: each sub-frame's items drawn alone, averaged, and composited
        /// once with the layer's blend mode (each sample carries its own opacity).
        case motionBlur(MotionBlurItem)
        /// An image layer's image, resampled into its rectangle.
        case image(ImageItem)
    }
}

/// The sub-frames of one moving layer over the shutter interval, in time order: the frame shows
/// their mean, as a film camera's exposure does.
public struct MotionBlurItem: Sendable, Equatable, Encodable {
    /// The layer's id, for reading a display list.
    public var layer: String
    public var blend: BlendMode
    /// Each sub-frame's items, as the layer would draw them at that time.
    public var samples: [[DisplayList.Item]]
    /// The canvas pixels drawing it can change (`ItemBounds.swift`), measured when it is made
    /// (after changing its fields, take `DisplayList.Item.remeasured()`).
    package internal(set) var bounds = PixelWindow.empty

    public init(layer: String, blend: BlendMode, samples: [[DisplayList.Item]]) {
        self.layer = layer
        self.blend = blend
        self.samples = samples
        bounds = measured()
    }
}

/// A layer composited as a whole: what a fading caption's box, shadow, stroke and fill become, so
/// that it fades as one piece (as After Effects, CSS `opacity` and SwiftUI's
/// `.compositingGroup()` fade a layer) instead of each part showing through the others.
public struct LayerItem: Sendable, Equatable, Encodable {
    /// The layer's id, for reading a display list.
    public var layer: String
    /// 0…1, applied once to the composited layer.
    public var opacity: Double
    /// The composited layer blurred by a Gaussian of σ = blur / 2 canvas pixels (0: sharp), before
    /// its mask, matte, opacity and blend mode apply.
    public var blur: Double
    /// The composited layer's colours adjusted, then its drop shadow and glow cast under it
    /// (after its blur, before its mask, matte, opacity and blend mode).
    public var effects: LayerEffectsState
    public var blend: BlendMode
    /// What is kept of the composited layer (nil: all of it).
    public var mask: ClipMask?
    /// Another layer the composited layer shows through (nil: none).
    public var matte: MatteItem?
    /// The layer's parts, in drawing order, at full opacity.
    public var items: [DisplayList.Item]
    /// The canvas pixels drawing it can change (`ItemBounds.swift`), measured when it is made
    /// (after changing its fields, take `DisplayList.Item.remeasured()`).
    package internal(set) var bounds = PixelWindow.empty

    public init(
        layer: String, opacity: Double, blur: Double = 0, effects: LayerEffectsState = LayerEffectsState(), blend: BlendMode,
        mask: ClipMask? = nil, items: [DisplayList.Item]
    ) {
        self.layer = layer
        self.opacity = opacity
        self.blur = blur
        self.effects = effects
        self.blend = blend
        self.mask = mask
        self.items = items
        bounds = measured()
    }
}

/// A rectangle (with circular corners) or an ellipse in canvas pixels, its edges where they fall.
public struct ShapeOutline: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        case rectangle, ellipse
    }

    public var kind: Kind
    public var rect: Rect
    /// A rectangle's corner radius (0: square corners); an ellipse ignores it.
    public var cornerRadius: Double

    public init(kind: Kind, rect: Rect, cornerRadius: Double = 0) {
        self.kind = kind
        self.rect = rect
        self.cornerRadius = cornerRadius
    }

    /// The outline moved out by `distance` on every side (in, when negative): a rectangle's
    /// corners keep their centres, so a radius grows by the distance; an ellipse's radii grow.
    public func grown(by distance: Double, roundCorners: Bool = true) -> ShapeOutline {
        let width = max(0, rect.width + 2 * distance), height = max(0, rect.height + 2 * distance)
        let radius = cornerRadius > 0 || roundCorners && distance > 0 ? max(0, cornerRadius + distance) : 0
        return ShapeOutline(
            kind: kind,
            rect: Rect(x: rect.x + rect.width / 2 - width / 2, y: rect.y + rect.height / 2 - height / 2, width: width, height: height),
            cornerRadius: kind == .rectangle ? radius : 0)
    }
}

/// An area, in canvas pixels: analytic boxes and shapes the rasterizer covers exactly by
/// formula, or polygons (curves as short straight segments) it covers by signed area.
public enum Outline: Sendable, Equatable, Encodable {
    /// Axis-aligned rectangles, drawn as their union (where a caption's line boxes grown by
    /// padding overlap, the paint is applied once), corners rounded by `cornerRadius`.
    case boxes([Rect], cornerRadius: Double)
    /// A rectangle (rounded) or an ellipse, less a hole of the same kinds (a stroke's ring).
    case shape(ShapeOutline, hole: ShapeOutline?)
    /// Polygons, nonzero winding: overlapping contours are painted once, a contour of the other
    /// direction is a hole.
    case polygons([[Point2]])

    private enum CodingKeys: String, CodingKey { case kind, rects, cornerRadius, outline, hole, contours }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .boxes(rects, cornerRadius):
            try container.encode("boxes", forKey: .kind)
            try container.encode(rects, forKey: .rects)
            try container.encode(cornerRadius, forKey: .cornerRadius)
        case let .shape(outline, hole):
            try container.encode("shape", forKey: .kind)
            try container.encode(outline, forKey: .outline)
            try container.encodeIfPresent(hole, forKey: .hole)
        case let .polygons(contours):
            try container.encode("polygons", forKey: .kind)
            try container.encode(contours, forKey: .contours)
        }
    }
}

/// An outline filled with exact area coverage, in a colour or a gradient, blurred by a Gaussian
/// of σ = blur / 2 when it is a shadow, cut to the whole pixels of a clip.
public struct FillItem: Sendable, Equatable, Encodable {
    /// The layer's id, for reading a display list.
    public var layer: String
    public var outline: Outline
    public var paint: Paint
    /// Twice the blur's standard deviation, pixels (0: sharp).
    public var blur: Double
    /// A gradient fill instead of the paint's colour (whose alpha then weighs it: the layer's
    /// opacity).
    public var gradient: CanvasGradient?
    /// Pixels outside this rectangle are not drawn (`truncation: clip`).
    public var clip: Rect?
    /// The canvas pixels drawing it can change (`ItemBounds.swift`), measured when it is made
    /// (after changing its fields, take `DisplayList.Item.remeasured()`).
    package internal(set) var bounds = PixelWindow.empty

    public init(
        layer: String, outline: Outline, paint: Paint, blur: Double = 0, gradient: CanvasGradient? = nil, clip: Rect? = nil
    ) {
        self.layer = layer
        self.outline = outline
        self.paint = paint
        self.blur = blur
        self.gradient = gradient
        self.clip = clip
        bounds = measured()
    }

    /// Rectangles, drawn as their union.
    public init(layer: String, rects: [Rect], paint: Paint, cornerRadius: Double = 0, clip: Rect? = nil) {
        self.init(layer: layer, outline: .boxes(rects, cornerRadius: cornerRadius), paint: paint, clip: clip)
    }

    /// A rectangle or an ellipse, less a hole.
    public init(
        layer: String, outline: ShapeOutline, hole: ShapeOutline? = nil, paint: Paint, blur: Double = 0, gradient: CanvasGradient? = nil
    ) {
        self.init(layer: layer, outline: .shape(outline, hole: hole), paint: paint, blur: blur, gradient: gradient)
    }

    /// Polygons.
    public init(layer: String, contours: [[Point2]], paint: Paint, blur: Double = 0, gradient: CanvasGradient? = nil) {
        self.init(layer: layer, outline: .polygons(contours), paint: paint, blur: blur, gradient: gradient)
    }
}

/// An image drawn into a rectangle of any fractional place and size (area averaging when shrunk,
/// bilinear when enlarged), cut to `clip` when its fit overflows its box.
public struct ImageItem: Sendable, Equatable, Encodable {
    /// The layer's id, for reading a display list.
    public var layer: String
    /// The decoded image; the display list prints its file.
    public var source: ImagePixels
    public var rect: Rect
    /// Exact-area clip (a `cover` fit's box); nil: none.
    public var clip: Rect?
    /// 0…1: the layer's opacity, unless the layer is composited as a whole.
    public var opacity: Double
    /// Where `rect` (and `clip`) then go on the canvas, turned, scaled or mirrored (nil: where
    /// they are): an image layer's transform, a group's.
    public var placement: Placement? = nil
    /// The canvas pixels drawing it can change (`ItemBounds.swift`), measured when it is made
    /// (after changing its fields, take `DisplayList.Item.remeasured()`).
    package internal(set) var bounds = PixelWindow.empty

    public init(layer: String, source: ImagePixels, rect: Rect, clip: Rect? = nil, opacity: Double = 1, placement: Placement? = nil) {
        self.layer = layer
        self.source = source
        self.rect = rect
        self.clip = clip
        self.opacity = opacity
        self.placement = placement
        bounds = measured()
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.layer == b.layer && a.source === b.source && a.rect == b.rect && a.clip == b.clip && a.opacity == b.opacity
            && a.placement == b.placement
    }

    private enum CodingKeys: String, CodingKey { case layer, file, rect, clip, opacity, placement, bounds }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layer, forKey: .layer)
        try container.encode(source.path, forKey: .file)
        try container.encode(rect, forKey: .rect)
        try container.encodeIfPresent(clip, forKey: .clip)
        try container.encode(opacity, forKey: .opacity)
        try container.encodeIfPresent(placement, forKey: .placement)
        try container.encode(bounds, forKey: .bounds)
    }
}

/// A track matte: the items of the matte layer, drawn alone (never onto the frame), whose alpha
/// or luma keeps the layer composited over them.
public struct MatteItem: Sendable, Equatable, Encodable {
    public enum Mode: String, Sendable, Encodable {
        case alpha, alphaInverted, luma, lumaInverted
    }

    /// The matte layer's id, for reading a display list.
    public var layer: String
    public var mode: Mode
    public var items: [DisplayList.Item]

    public init(layer: String, mode: Mode, items: [DisplayList.Item]) {
        self.layer = layer
        self.mode = mode
        self.items = items
    }
}

/// The glyphs of one layer, placed on the canvas, each with its paint.
public struct GlyphItem: Sendable, Equatable, Encodable {
    /// The layer's id, for reading a display list.
    public var layer: String
    /// The size the glyphs are drawn at (after shrink-to-fit), in pixels.
    public var size: Double
    /// Pixels outside this rectangle are not drawn (`truncation: clip`).
    public var clip: Rect?
    public var lines: [Line]
    /// Shadows, stroke and gradient fill, when the layer has them.
    public var style = GlyphStyle()
    /// The canvas pixels drawing it can change (`ItemBounds.swift`), measured when it is made
    /// (after changing its fields, take `DisplayList.Item.remeasured()`).
    package internal(set) var bounds = PixelWindow.empty

    public init(layer: String, size: Double, clip: Rect? = nil, lines: [Line], style: GlyphStyle = GlyphStyle()) {
        self.layer = layer
        self.size = size
        self.clip = clip
        self.lines = lines
        self.style = style
        bounds = measured()
    }

    public struct Line: Sendable, Equatable, Encodable {
        public var runs: [Run]
    }

    /// Glyphs of one face at one set of variation coordinates.
    public struct Run: Sendable, Equatable, Encodable {
        /// The face's file, by its number in the display list's `fonts`.
        public var font: Int
        public var variations: FontVariations
        public var glyphs: [Glyph]
    }

    /// A glyph's pen position on the baseline (canvas pixels, y down), its paint, and the transform
    /// of its outline about the pen position (a text animator's scale and rotation; nil: as laid out).
    public struct Glyph: Sendable, Equatable, Encodable {
        public var id: UInt32
        public var x: Double
        public var y: Double
        public var paint: Paint
        public var transform: GlyphTransform? = nil
        /// An animator's opacity for this glyph (the layer's is in the paint and the style's
        /// colours already): it weighs the glyph's stroke, shadow and gradient fill.
        public var opacity: Double = 1
    }
}
