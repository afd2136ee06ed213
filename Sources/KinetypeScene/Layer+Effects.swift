import KinetypeMotion

/// The whole-layer effects as modifiers, with SwiftUI's names where it has them. Each applies to
/// the layer composited as one piece (a group's layers together), as the spec's fields do.
extension Layer {
    /// SwiftUI's `.shadow(color:radius:x:y:)`: a shadow of everything the layer draws (spec
    /// `dropShadow`), blurred by a Gaussian of σ = radius / 2 as `.blur(radius:)` is. Its colour
    /// defaults to SwiftUI's, black at 33%.
    public func shadow(color: RGBA = Layer.swiftUIShadowColor, radius: Double, x: Double = 0, y: Double = 0) -> Layer {
        dropShadow(TextShadow(offset: .constant(Point2(x: x, y: y)), blur: .constant(radius), color: .constant(color)))
    }
    /// SwiftUI's default shadow colour.
    public static let swiftUIShadowColor = RGBA(r: 0, g: 0, b: 0, a: 0.33)
    /// A shadow of everything the layer draws, with keyframes (spec `dropShadow`).
    public func dropShadow(_ shadow: TextShadow?) -> Layer { withEffects { $0.dropShadow = shadow } }

    /// An outer glow under the layer, from its shape (spec `glow`).
    public func glow(
        color: Property<RGBA> = .constant(.white), radius: Property<Double> = .constant(12), strength: Property<Double> = .constant(1)
    ) -> Layer {
        glow(LayerGlow(color: color, radius: radius, strength: strength))
    }
    public func glow(_ glow: LayerGlow?) -> Layer { withEffects { $0.glow = glow } }

    /// SwiftUI's `.brightness(_:)`: added to each colour channel (−1…1).
    @_disfavoredOverload
    public func brightness(_ amount: Double) -> Layer { brightness(.constant(amount)) }
    public func brightness(_ amount: Property<Double>) -> Layer { adjusting { $0.brightness = amount } }
    /// SwiftUI's `.contrast(_:)`: each channel scaled about mid-grey (0 grey, 1 unchanged).
    @_disfavoredOverload
    public func contrast(_ amount: Double) -> Layer { contrast(.constant(amount)) }
    public func contrast(_ amount: Property<Double>) -> Layer { adjusting { $0.contrast = amount } }
    /// SwiftUI's `.saturation(_:)`: 0 grey, 1 unchanged.
    @_disfavoredOverload
    public func saturation(_ amount: Double) -> Layer { saturation(.constant(amount)) }
    public func saturation(_ amount: Property<Double>) -> Layer { adjusting { $0.saturation = amount } }
    /// Black to `color` by luma, mixed in by the colour's alpha (spec `colorAdjust.tint`).
    public func tint(_ color: Property<RGBA>) -> Layer { adjusting { $0.tint = color } }
    /// Every colour adjustment at once (spec `colorAdjust`).
    public func colorAdjust(_ adjust: ColorAdjust?) -> Layer { withEffects { $0.colorAdjust = adjust } }

    private func adjusting(_ change: (inout ColorAdjust) -> Void) -> Layer {
        withEffects {
            var adjust = $0.colorAdjust ?? ColorAdjust()
            change(&adjust)
            $0.colorAdjust = adjust
        }
    }

    private func withEffects(_ change: (inout Layer) -> Void) -> Layer {
        var layer = self
        change(&layer)
        return layer
    }
}

extension Group {
    /// SwiftUI's `.shadow(color:radius:x:y:)` of the composited group.
    public func shadow(color: RGBA = Layer.swiftUIShadowColor, radius: Double, x: Double = 0, y: Double = 0) -> Group {
        with { $0 = $0.shadow(color: color, radius: radius, x: x, y: y) }
    }
    public func dropShadow(_ shadow: TextShadow?) -> Group { with { $0 = $0.dropShadow(shadow) } }
    /// An outer glow under the composited group.
    public func glow(
        color: Property<RGBA> = .constant(.white), radius: Property<Double> = .constant(12), strength: Property<Double> = .constant(1)
    ) -> Group {
        with { $0 = $0.glow(color: color, radius: radius, strength: strength) }
    }
    @_disfavoredOverload
    public func brightness(_ amount: Double) -> Group { with { $0 = $0.brightness(amount) } }
    public func brightness(_ amount: Property<Double>) -> Group { with { $0 = $0.brightness(amount) } }
    @_disfavoredOverload
    public func contrast(_ amount: Double) -> Group { with { $0 = $0.contrast(amount) } }
    public func contrast(_ amount: Property<Double>) -> Group { with { $0 = $0.contrast(amount) } }
    @_disfavoredOverload
    public func saturation(_ amount: Double) -> Group { with { $0 = $0.saturation(amount) } }
    public func saturation(_ amount: Property<Double>) -> Group { with { $0 = $0.saturation(amount) } }
    public func tint(_ color: Property<RGBA>) -> Group { with { $0 = $0.tint(color) } }
    public func colorAdjust(_ adjust: ColorAdjust?) -> Group { with { $0 = $0.colorAdjust(adjust) } }
}
