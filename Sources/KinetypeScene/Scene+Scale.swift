import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// `render --scale N`: the scene as if written at N times its size, so frames are re-rasterized
/// at that resolution (retina GIFs, 4K masters from a 1080p spec, a half-size GIF for a social
/// post), never resampled. N is 0.25…8 and may be fractional. Each canvas side becomes its length
/// × N rounded to the nearest whole pixel (halves up): 641 × 0.5 is 321, so the canvas's aspect
/// may change by under a pixel, while every length inside is multiplied by N exactly (nothing
/// moves to fit the rounding). Every length is multiplied: the canvas, positions, sizes, boxes, tracking, stroke widths, shadow offsets and
/// blurs, layer blurs, glows and drop shadows, background padding and corners, decoration thickness and offsets, animator offsets.
/// Ratios (opacity, line height, scale factors), angles, times and colours stay. A layer field
/// added later must be sorted into one of these groups here; `ScaleTests` lists the fields it
/// has seen and fails on a new one.
extension Scene {
    /// The scales `scaled(by:)` takes.
    public static let scaleRange = 0.25...8.0

    public func scaled(by factor: Int) throws -> Scene {
        try scaled(by: Double(factor))
    }

    public func scaled(by factor: Double) throws -> Scene {
        guard factor != 1 else { return self }
        guard Self.scaleRange.contains(factor) else {
            throw SceneScaleError(
                factor: factor,
                detail:
                    "is outside \(SceneScaleError.format(Self.scaleRange.lowerBound))…\(SceneScaleError.format(Self.scaleRange.upperBound))"
            )
        }
        let (width, height) = Self.scaledSize(canvas.width, canvas.height, by: factor)
        guard SpecLimits.canvasSide.contains(width), SpecLimits.canvasSide.contains(height) else {
            let limit =
                width > SpecLimits.canvasSide.upperBound || height > SpecLimits.canvasSide.upperBound
                ? "above the limit of \(SpecLimits.canvasSide.upperBound) px a side" : "below 1 px a side"
            throw SceneScaleError(factor: factor, detail: "makes the canvas \(width)×\(height), \(limit)")
        }
        var scene = self
        scene.canvas.width = width
        scene.canvas.height = height
        scene.scale = scale * factor
        scene.layers = layers.map { $0.scaled(by: factor) }
        return scene
    }

    /// A canvas of `width` × `height` at `factor`: each side × factor, rounded to the nearest
    /// whole pixel, halves up.
    public static func scaledSize(_ width: Int, _ height: Int, by factor: Double) -> (width: Int, height: Int) {
        func side(_ length: Int) -> Int {
            let exact = Double(length) * factor
            guard exact.isFinite, exact < 1e9 else { return Int.max }
            return Int((exact + 0.5).rounded(.down))
        }
        return (side(width), side(height))
    }
}

/// A scale the scene cannot take; `detail` follows the scale ("makes the canvas 10000×200, above
/// the limit of 8192 px a side"), so the command can name its own option before it.
public struct SceneScaleError: Error, CustomStringConvertible, Equatable {
    public var factor: Double
    public var detail: String
    public var message: String { "a scale of \(Self.format(factor)) \(detail)" }
    public var description: String { message }

    /// 2 as "2", 0.5 as "0.5".
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Layer {
    func scaled(by k: Double) -> Layer {
        var layer = self
        layer.position = position.mapValues { $0.scaled(by: k) }
        layer.blur = blur.mapValues { $0 * k }
        layer.stroke = stroke?.scaled(by: k)
        layer.fill = fill?.scaled(by: k)
        layer.mask = mask?.scaled(by: k)
        layer.shadows = shadows.map { $0.scaled(by: k) }
        layer.glow = glow?.scaled(by: k)
        layer.dropShadow = dropShadow?.scaled(by: k)
        switch content {
        case let .text(text): layer.content = .text(text.scaled(by: k))
        case let .shape(shape): layer.content = .shape(shape.scaled(by: k))
        case let .image(image): layer.content = .image(image.scaled(by: k))
        case let .video(video): layer.content = .video(video.scaled(by: k))
        case let .path(path): layer.content = .path(path.scaled(by: k))
        case var .group(group):
            group.layers = group.layers.map { $0.scaled(by: k) }
            layer.content = .group(group)
        }
        return layer
    }
}

extension TextContent {
    func scaled(by k: Double) -> TextContent {
        var text = self
        text.size = size.mapValues { $0 * k }
        text.tracking = tracking.mapValues { $0 * k }
        text.paragraph.boxWidth = paragraph.boxWidth?.mapValues { $0 * k }
        // The style's described lengths (box.height), then those filled in from the layer's own.
        text.paragraph.style = paragraph.style.scaled(by: k)
        text.paragraph.style.boxWidth = paragraph.style.boxWidth.map { $0 * k }
        text.paragraph.style.tracking = paragraph.style.tracking * k
        text.decorations = decorations.map { $0.scaled(by: k) }
        text.background = background?.scaled(by: k)
        text.path = path?.scaledPath(by: k)
        text.animators = animators.map { $0.scaled(by: k) }
        if let highlighting = spokenWords?.highlighting { text.spokenWords?.highlighting = highlighting.scaled(by: k) }
        return text
    }
}

extension Point2 {
    func scaled(by k: Double) -> Point2 { Point2(x: x * k, y: y * k) }
}
