import KinetypeMotion
import KinetypeText

/// `render --scale N`: the scene as if written at N times its size, so frames are re-rasterized
/// at that resolution (retina GIFs, 4K masters from a 1080p spec), not upscaled. Every length is
/// multiplied: the canvas, positions, sizes, boxes, tracking, stroke widths, shadow offsets and
/// blurs, background padding and corners, decoration thickness and offsets, animator offsets.
/// Ratios (opacity, line height, scale factors), angles, times and colours stay. A layer field
/// added later must be sorted into one of these groups here; `ScaleTests` lists the fields it
/// has seen and fails on a new one.
extension Scene {
    public func scaled(by factor: Int) throws -> Scene {
        guard factor != 1 else { return self }
        let width = canvas.width * factor, height = canvas.height * factor
        guard SpecLimits.canvasSide.contains(width), SpecLimits.canvasSide.contains(height) else {
            throw SceneScaleError(message: "--scale \(factor) makes the canvas \(width)×\(height), above the limit of \(SpecLimits.canvasSide.upperBound) px a side")
        }
        var scene = self
        scene.canvas.width = width
        scene.canvas.height = height
        scene.scale = scale * factor
        scene.layers = layers.map { $0.scaled(by: Double(factor)) }
        return scene
    }
}

public struct SceneScaleError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}

extension TextLayer {
    func scaled(by k: Double) -> TextLayer {
        var layer = self
        layer.size = size.mapValues { $0 * k }
        layer.position = position.mapValues { $0.scaled(by: k) }
        layer.tracking = tracking.mapValues { $0 * k }
        layer.paragraph.boxWidth = paragraph.boxWidth?.mapValues { $0 * k }
        layer.paragraph.style.boxWidth = paragraph.style.boxWidth.map { $0 * k }
        layer.paragraph.style.boxHeight = paragraph.style.boxHeight.map { $0 * k }
        layer.paragraph.style.tracking = paragraph.style.tracking * k
        layer.decorations = decorations.map { decoration in
            var scaled = decoration
            scaled.thickness = decoration.thickness?.mapValues { $0 * k }
            scaled.offset = decoration.offset.mapValues { $0 * k }
            return scaled
        }
        layer.background = background.map { background in
            var scaled = background
            scaled.padding = background.padding.mapValues { $0.scaled(by: k) }
            scaled.cornerRadius = background.cornerRadius.mapValues { $0 * k }
            return scaled
        }
        layer.animators = animators.map { animator in
            var scaled = animator
            scaled.from.offset = animator.from.offset?.scaled(by: k)
            return scaled
        }
        layer.stroke = stroke.map { stroke in
            var scaled = stroke
            scaled.width = stroke.width.mapValues { $0 * k }
            return scaled
        }
        layer.shadows = shadows.map { shadow in
            var scaled = shadow
            scaled.offset = shadow.offset.mapValues { $0.scaled(by: k) }
            scaled.blur = shadow.blur.mapValues { $0 * k }
            return scaled
        }
        return layer
    }
}

extension Point2 {
    func scaled(by k: Double) -> Point2 { Point2(x: x * k, y: y * k) }
}
