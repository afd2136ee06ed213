import KinetypeMotion
import KinetypeRaster
import KinetypeScene

extension LayerItem {
    /// Its blur, colour adjustment, drop shadow and glow as the rasterizer applies them.
    var pixelEffects: PixelEffects {
        var halos: [PixelEffects.Halo] = []
        if let shadow = effects.dropShadow, shadow.color.a > 0 {
            let limit = SpecLimits.maxDropShadowOffset
            let (dx, dy) = (min(max(shadow.offset.x, -limit), limit), min(max(shadow.offset.y, -limit), limit))
            halos.append(PixelEffects.Halo(color: shadow.color.premultiplied, blur: min(shadow.blur, SpecLimits.maxBlur), dx: dx, dy: dy))
        }
        if let glow = effects.glow, glow.color.a > 0, glow.strength > 0 {
            halos.append(
                PixelEffects.Halo(
                    color: glow.color.premultiplied, blur: min(glow.radius, SpecLimits.maxBlur), strength: Float(glow.strength)))
        }
        let adjustment = effects.colorAdjust.flatMap { adjust -> PixelEffects.ColorAdjustment? in
            guard !adjust.isIdentity else { return nil }
            return PixelEffects.ColorAdjustment(
                brightness: Float(adjust.brightness), contrast: Float(adjust.contrast), saturation: Float(adjust.saturation),
                tint: SIMD4(Float(adjust.tint.r), Float(adjust.tint.g), Float(adjust.tint.b), Float(adjust.tint.a)))
        }
        return PixelEffects(adjustment: adjustment, blur: min(blur, SpecLimits.maxBlur), halos: halos)
    }

    /// Whole pixels its effects reach beyond its items.
    var effectsReach: Int { pixelEffects.reach }
}

extension LayerEffectsState {
    /// The effects carried with their layer by a group's placement: lengths scaled, the shadow's
    /// offset turned with the layer.
    func placed(by placement: Placement) -> LayerEffectsState {
        var placed = self
        let scale = placement.lengthScale
        placed.glow?.radius *= scale
        if let shadow = dropShadow {
            let moved = placement.matrix.apply(shadow.offset.x, shadow.offset.y)
            placed.dropShadow?.offset = Point2(x: moved.x, y: moved.y)
            placed.dropShadow?.blur = shadow.blur * scale
        }
        return placed
    }
}

extension RGBA {
    /// The colour premultiplied by its alpha, as canvas pixels hold it.
    var premultiplied: SIMD4<Float> { SIMD4(Float(r * a), Float(g * a), Float(b * a), Float(a)) }
}
