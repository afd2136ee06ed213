import KinetypeMotion
import KinetypeText
import KinetypeScene

/// Part of render stage 2: groups. A grouped layer is painted in its group's coordinates, then its
/// items are carried onto the canvas by the group's placement (`ItemPlacement`); the layers of a
/// group composited as a whole (an opacity below 1, a blend mode, a mask) are then wrapped in one
/// `layer` item, so the group fades as one piece.
enum GroupPainter {
    /// The frame's items in its tree's order, each group that is composited as a whole wrapped
    /// around its layers' items, inner groups inside outer ones.
    static func nested(_ tree: [FrameNode], _ items: [[DisplayList.Item]]) -> [DisplayList.Item] {
        tree.flatMap { node -> [DisplayList.Item] in
            switch node {
            case let .layer(index): return items[index]
            case let .group(group, inside): return wrapped(group, nested(inside, items))
            }
        }
    }

    /// A group's items as one `layer` item with its opacity, blend mode and mask, when it is
    /// composited as a whole; as they are otherwise.
    private static func wrapped(_ group: GroupState, _ items: [DisplayList.Item]) -> [DisplayList.Item] {
        guard group.isCompositedAsAWhole, !items.isEmpty else { return items }
        guard group.opacity > 0 else { return [] }
        let mask = group.mask.map { ItemPlacement(group.parentPlacement).apply(ClipMask($0)) }
        // The blur is given in the group's parent's coordinates, as its mask is.
        let blur = group.blur * group.parentPlacement.lengthScale
        let effects = group.effects.placed(by: group.parentPlacement)
        return [
            .layer(
                LayerItem(
                    layer: group.id, opacity: group.opacity, blur: blur, effects: effects, blend: group.blend, mask: mask, items: items))
        ]
    }
}

extension ClipMask {
    /// A layer's or group's mask at one frame, in its own coordinates: a path mask as its polygons.
    init(_ mask: MaskState) {
        let outline: Outline
        switch mask.shape {
        case .rectangle: outline = .shape(ShapeOutline(kind: .rectangle, rect: mask.rect, cornerRadius: mask.cornerRadius), hole: nil)
        case .ellipse: outline = .shape(ShapeOutline(kind: .ellipse, rect: mask.rect, cornerRadius: mask.cornerRadius), hole: nil)
        case .path: outline = .polygons(mask.contours)
        }
        self.init(outline: outline, feather: mask.feather, invert: mask.invert)
    }
}

/// Items carried from a group's coordinates onto the canvas. A move keeps every item what it is
/// (a rectangle stays a rectangle, an image keeps its resampling); a turn, scale or skew makes
/// boxes and shapes polygons, joins each glyph's transform (text is still drawn from its outlines
/// at the final matrix) and gives an image its placement. Shadows turn with what casts them.
struct ItemPlacement {
    let placement: Placement

    init(_ placement: Placement) { self.placement = placement }

    func apply(_ point: Point2) -> Point2 { placement.apply(point) }

    func apply(_ items: [DisplayList.Item]) -> [DisplayList.Item] {
        guard !placement.isIdentity else { return items }
        return items.map { apply($0).remeasured() }
    }

    private func apply(_ item: DisplayList.Item) -> DisplayList.Item {
        let move = placement.offset
        switch item {
        case var .glyphs(glyphs):
            glyphs.moveGlyphs(by: apply, joining: placement.isTranslation ? nil : placement.matrix)
            glyphs.clip = glyphs.clip.flatMap(apply(clip:))
            glyphs.style.gradient = glyphs.style.gradient.map(apply)
            return .glyphs(glyphs)
        case var .fill(fill):
            fill.gradient = fill.gradient.map(apply)
            switch fill.outline {
            case let .boxes(rects, cornerRadius):
                guard placement.isTranslation else {
                    let contours = rects.filter { $0.width > 0 && $0.height > 0 }.map {
                        ShapeOutline(kind: .rectangle, rect: $0, cornerRadius: cornerRadius).points().map(apply)
                    }
                    return .fill(
                        FillItem(layer: fill.layer, contours: contours, paint: fill.paint, blur: fill.blur, gradient: fill.gradient))
                }
                fill.outline = .boxes(rects.map { $0.translated(dx: move.x, dy: move.y) }, cornerRadius: cornerRadius)
                fill.clip = fill.clip?.translated(dx: move.x, dy: move.y)
            case .shape(var outline, let hole):
                guard placement.isTranslation else {
                    var contours = [outline.points().map(apply)]
                    if let hole { contours.append(hole.points().map(apply).reversed()) }
                    return .fill(
                        FillItem(layer: fill.layer, contours: contours, paint: fill.paint, blur: fill.blur, gradient: fill.gradient))
                }
                outline.rect = outline.rect.translated(dx: move.x, dy: move.y)
                let movedHole = hole.map {
                    ShapeOutline(kind: $0.kind, rect: $0.rect.translated(dx: move.x, dy: move.y), cornerRadius: $0.cornerRadius)
                }
                fill.outline = .shape(outline, hole: movedHole)
            case let .polygons(contours):
                fill.outline = .polygons(contours.map { $0.map(apply) })
            }
            return .fill(fill)
        case var .image(image):
            if image.placement == nil, placement.keepsAxes, placement.matrix.a > 0, placement.matrix.d > 0 {
                // Moved or scaled without a turn or mirror: still a rectangle on the canvas.
                image.rect = apply(rect: image.rect)
                image.clip = image.clip.map(apply(rect:))
            } else {
                image.placement = placement.after(image.placement ?? .identity)
            }
            return .image(image)
        case var .layer(layer):
            layer.items = apply(layer.items)
            layer.blur *= placement.lengthScale
            layer.effects = layer.effects.placed(by: placement)
            layer.mask = layer.mask.map(apply)
            if let matte = layer.matte { layer.matte?.items = apply(matte.items) }
            return .layer(layer)
        case var .motionBlur(blur):
            blur.samples = blur.samples.map(apply)
            return .motionBlur(blur)
        }
    }

    /// A mask carried with what it clips: a rectangle or ellipse while the placement keeps the
    /// axes, its outline as a polygon under a turn or skew; its feather scaled with it.
    func apply(_ mask: ClipMask) -> ClipMask {
        guard !placement.isIdentity else { return mask }
        var placed = mask
        placed.feather = mask.feather * placement.lengthScale
        switch mask.outline {
        case var .shape(outline, nil) where placement.keepsAxes:
            outline.rect = apply(rect: outline.rect)
            outline.cornerRadius = outline.cornerRadius * min(abs(placement.matrix.a), abs(placement.matrix.d))
            placed.outline = .shape(outline, hole: nil)
        case .shape, .boxes, .polygons:
            placed.outline = .polygons(mask.outline.polygons.map { $0.map(apply) })
        }
        return placed
    }

    private func apply(_ gradient: CanvasGradient) -> CanvasGradient { gradient.mapped { apply($0) } }

    /// A clip rectangle, while it stays one on the canvas (nil, no clip, under a turn or skew).
    private func apply(clip: Rect) -> Rect? { placement.keepsAxes ? apply(rect: clip) : nil }

    /// A rectangle under a placement that keeps the axes.
    private func apply(rect: Rect) -> Rect {
        let a = apply(Point2(x: rect.x, y: rect.y)), b = apply(Point2(x: rect.x + rect.width, y: rect.y + rect.height))
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
