import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

// Each display-list item's bounds: the canvas pixels outside which drawing it changes nothing. One
// function per item kind, here, called where the item is made (its initializer, or `remeasured()`
// after the painter carries it elsewhere); the painter culls items by them, and the rasterizer
// skips an item whose bounds miss its canvas. The `ItemBoundsTests` draw every item of every
// example alone and check that it changed no pixel outside them.

extension PixelWindow {
    /// Nothing: no pixel.
    package static let empty = PixelWindow(x0: 0, y0: 0, x1: 0, y1: 0)

    /// Every pixel any part of which lies in the rectangle with these edges, kept within ±2³⁰ so
    /// the arithmetic stays safe for far-off (or infinite) coordinates.
    package init(covering left: Double, _ top: Double, _ right: Double, _ bottom: Double) {
        let limit = Double(1 << 30)
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            value.isNaN ? 0 : Int(min(max(value.rounded(rule), -limit), limit))
        }
        self.init(x0: whole(left, .down), y0: whole(top, .down), x1: whole(right, .up), y1: whole(bottom, .up))
        if isEmpty { self = .empty }
    }

    package init(covering rect: Rect) { self.init(covering: rect.x, rect.y, rect.x + rect.width, rect.y + rect.height) }

    /// The pixels any part of which lies within the points' bounding box (nothing for no points).
    package init(covering points: some Sequence<Point2>) {
        var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
        for point in points {
            left = min(left, point.x); right = max(right, point.x)
            top = min(top, point.y); bottom = max(bottom, point.y)
        }
        self = left <= right && top <= bottom ? PixelWindow(covering: left, top, right, bottom) : .empty
    }

    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    package func intersects(_ other: PixelWindow) -> Bool {
        !isEmpty && !other.isEmpty && x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1
    }

    /// The pixels in both (empty when they do not meet).
    package func intersection(_ other: PixelWindow) -> PixelWindow {
        let window = PixelWindow(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return window.isEmpty ? .empty : window
    }

    /// The smallest window holding both.
    package func union(_ other: PixelWindow) -> PixelWindow {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelWindow(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Grown by `pixels` on every side (an empty window stays empty).
    package func grown(by pixels: Int) -> PixelWindow {
        isEmpty || pixels == 0 ? self : PixelWindow(x0: x0 - pixels, y0: y0 - pixels, x1: x1 + pixels, y1: y1 + pixels)
    }

    /// The union of many.
    package static func union(_ windows: some Sequence<PixelWindow>) -> PixelWindow {
        windows.reduce(.empty) { $0.union($1) }
    }
}

/// An item kind that measures its own bounds.
protocol MeasuredItem {
    var bounds: PixelWindow { get set }
    /// The pixels drawing the item can change, from what it draws.
    func measured() -> PixelWindow
}

extension GlyphItem: MeasuredItem {}
extension FillItem: MeasuredItem {}
extension LayerItem: MeasuredItem {}
extension MotionBlurItem: MeasuredItem {}
extension ImageItem: MeasuredItem {}

extension DisplayList.Item {
    /// The pixels the item can change (see `ItemBounds.swift`).
    package var bounds: PixelWindow {
        switch self {
        case let .glyphs(item): return item.bounds
        case let .fill(item): return item.bounds
        case let .layer(item): return item.bounds
        case let .motionBlur(item): return item.bounds
        case let .image(item): return item.bounds
        }
    }

    /// The item with its bounds measured again, after what it draws was changed through its
    /// fields (the painter's: moved with its group, turned with its layer). Bounds are measured by
    /// an item's initializer only, and the rasterizer skips an item whose bounds miss its canvas.
    public func remeasured() -> DisplayList.Item {
        func again<Kind: MeasuredItem>(_ item: Kind, _ wrap: (Kind) -> DisplayList.Item) -> DisplayList.Item {
            var item = item
            item.bounds = item.measured()
            return wrap(item)
        }
        switch self {
        case let .glyphs(item): return again(item, DisplayList.Item.glyphs)
        case let .fill(item): return again(item, DisplayList.Item.fill)
        case let .layer(item): return again(item, DisplayList.Item.layer)
        case let .motionBlur(item): return again(item, DisplayList.Item.motionBlur)
        case let .image(item): return again(item, DisplayList.Item.image)
        }
    }

    /// The items that can touch `canvas`; a layer keeps those of its own that can (an off-canvas
    /// item changes no pixel of the frame, so leaving it out changes none either).
    static func culled(_ items: [DisplayList.Item], to canvas: PixelWindow) -> [DisplayList.Item] {
        items.compactMap { item in
            guard item.bounds.intersects(canvas) else { return nil }
            guard case var .layer(layer) = item else { return item }
            // A blurred layer's items within its effects' reach of the canvas blur or cast onto it.
            let kept = culled(layer.items, to: canvas.grown(by: layer.effectsReach))
            guard kept.count < layer.items.count else { return item }
            guard !kept.isEmpty else { return nil }
            layer.items = kept
            layer.bounds = layer.measured()
            return .layer(layer)
        }
    }
}

extension GlyphItem {
    /// How far from its pen position (per axis, canvas pixels) a glyph can change pixels: its ink
    /// lies within 4 em and a pixel of the pen position (the painter's culling has assumed so
    /// from the start; `ItemBoundsTests` check it on every example), stretched by its outline's
    /// transform (its largest singular value, at least 1), then the style's stroke and shadows.
    static func reach(size: Double, transform: GlyphTransform?, style: GlyphStyle) -> Double {
        let stretch = transform.map { max(1, $0.largestStretch) } ?? 1
        return (4 * size + 1) * stretch + style.reach
    }

    /// The pixels a glyph drawn at `size` in `style` can change.
    static func bounds(of glyph: Glyph, size: Double, style: GlyphStyle) -> PixelWindow {
        let reach = reach(size: size, transform: glyph.transform, style: style)
        return PixelWindow(covering: glyph.x - reach, glyph.y - reach, glyph.x + reach, glyph.y + reach)
    }

    /// Every glyph's bounds united, cut to the clip (which cuts the fill, stroke, shadows and
    /// colour glyphs alike).
    func measured() -> PixelWindow {
        var window = PixelWindow.empty
        for line in lines {
            for run in line.runs {
                for glyph in run.glyphs { window = window.union(Self.bounds(of: glyph, size: size, style: style)) }
            }
        }
        return clip.map { window.intersection(PixelWindow(covering: $0)) } ?? window
    }
}

extension GlyphStyle {
    /// How far beyond a glyph's own ink the style can draw, in pixels: the stroke's band plus the
    /// furthest shadow's offset and blur (a shadow is the stroked text moved and blurred).
    public var reach: Double { (stroke?.reach ?? 0) + (shadows.map(\.reach).max() ?? 0) }
}

extension StrokePaint {
    /// How far the stroke's band reaches beyond the outline: its radius (the width outside, half
    /// of it centred), and up to the miter limit times that at a miter join's point (FreeType's
    /// miter limit, `GlyphOutline.stroked`), a dash's square cap's corner √2 times the radius
    /// out, and its blur's.
    public var reach: Double {
        let radius = outside ? width : width / 2
        let miter = min(max(1, miterLimit) * radius, max(radius, GlyphStrokeStyle.maxMiterReach))
        let squareCaps = cap == .square && dash.contains { $0 > 0 } ? 2.0.squareRoot() * radius : radius
        return max(join == .miter ? miter : radius, squareCaps) + Double(CoverageMask.reach(blur: blur))
    }
}

extension ShadowPaint {
    /// How far beyond the glyphs' ink the shadow can show: its offset plus its blur's reach.
    public var reach: Double { max(abs(offset.x), abs(offset.y)) + Double(CoverageMask.reach(blur: blur)) }
}

extension GlyphTransform {
    /// How much the transform stretches a length at most (its largest singular value).
    var largestStretch: Double {
        let squares = a * a + b * b + c * c + d * d, determinant = a * d - b * c
        return ((squares + max(0, squares * squares - 4 * determinant * determinant).squareRoot()) / 2).squareRoot()
    }
}

extension FillItem {
    /// The outline's pixels (a hole only takes away) grown by the blur's reach, cut to the clip.
    func measured() -> PixelWindow {
        let window: PixelWindow
        switch outline {
        case let .boxes(rects, _):
            window = PixelWindow.union(rects.filter { $0.width > 0 && $0.height > 0 }.map { PixelWindow(covering: $0) })
        case let .shape(outline, _):
            guard outline.rect.width > 0, outline.rect.height > 0 else { return .empty }
            window = PixelWindow(covering: outline.rect)
        case let .polygons(contours):
            window = PixelWindow(covering: contours.joined())
        }
        let reach = window.grown(by: CoverageMask.reach(blur: blur))
        return clip.map { reach.intersection(PixelWindow(covering: $0)) } ?? reach
    }
}

extension ImageItem {
    /// The image's rectangle (cut to its clip) where its placement puts it on the canvas, and a
    /// pixel more for the resampler's footprint.
    func measured() -> PixelWindow {
        var drawn = rect
        if let clip {
            let left = max(rect.x, clip.x), top = max(rect.y, clip.y)
            let right = min(rect.x + rect.width, clip.x + clip.width), bottom = min(rect.y + rect.height, clip.y + clip.height)
            guard right > left, bottom > top else { return .empty }
            drawn = Rect(x: left, y: top, width: right - left, height: bottom - top)
        }
        guard drawn.width > 0, drawn.height > 0 else { return .empty }
        let corners = [
            Point2(x: drawn.x, y: drawn.y), Point2(x: drawn.x + drawn.width, y: drawn.y),
            Point2(x: drawn.x + drawn.width, y: drawn.y + drawn.height), Point2(x: drawn.x, y: drawn.y + drawn.height)
        ]
        return PixelWindow(covering: corners.map { placement?.apply($0) ?? $0 }).grown(by: 1)
    }
}

extension ClipMask {
    /// The pixels a layer can keep under the mask: all of them when it is inverted, else the mask's
    /// shape grown by its feather's reach.
    var bounds: PixelWindow? {
        guard !invert else { return nil }
        let shape: PixelWindow
        switch outline {
        case let .shape(outline, _): shape = PixelWindow(covering: outline.rect)
        case .boxes, .polygons: shape = PixelWindow(covering: outline.polygons.joined())
        }
        return shape.grown(by: CoverageMask.reach(blur: feather))
    }
}

extension LayerItem {
    /// Its items' bounds united, grown by its effects' reach, cut to what its mask keeps (a matte is
    /// left out: it only keeps less).
    func measured() -> PixelWindow {
        let window = PixelWindow.union(items.map(\.bounds)).grown(by: effectsReach)
        return mask?.bounds.map { window.intersection($0) } ?? window
    }
}

extension MotionBlurItem {
    /// Every sub-frame's items' bounds united.
    func measured() -> PixelWindow { PixelWindow.union(samples.joined().map(\.bounds)) }
}
