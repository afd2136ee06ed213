import KinetypeMotion

/// An outer glow: the layer's shape (its alpha, after its blur) blurred, made stronger and drawn
/// in a colour under the layer, as Photoshop's and After Effects' outer glow.
public struct LayerGlow: Sendable, DescribedFeature {
    public var color: Property<RGBA>
    /// Twice the Gaussian's standard deviation, pixels, as a shadow's blur.
    public var radius: Property<Double>
    /// Multiplies the blurred alpha (clamped to 1): above 1 the glow is denser and reaches further.
    public var strength: Property<Double>

    public init(
        color: Property<RGBA> = .constant(.white), radius: Property<Double> = .constant(12), strength: Property<Double> = .constant(1)
    ) {
        self.color = color
        self.radius = radius
        self.strength = strength
    }

    /// Every field of `glow:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerGlow, GlowState>] = [
        .color("color", \.color, \.color, "The glow's colour; its alpha weighs it."),
        .number(
            "radius", \.radius, \.radius, in: 0...SpecLimits.maxBlur, length: true,
            "How far it spreads: twice the Gaussian's standard deviation, pixels, as a shadow's blur."),
        .number("strength", \.strength, \.strength, in: 0...SpecLimits.maxGlowStrength, "Multiplies the blurred alpha, clamped to 1.")
    ]
    package static let defaults = LayerGlow()
}

public struct GlowState: Sendable, Hashable, EvaluatedState {
    public var color: RGBA = .white
    public var radius: Double = 0
    public var strength: Double = 1

    public init(color: RGBA, radius: Double, strength: Double) {
        self.color = color
        self.radius = radius
        self.strength = strength
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerGlow.self, to: encoder) }
}

/// The layer's colours changed as a whole, in this order, on each pixel's colour (sRGB values,
/// its alpha kept): `brightness` added, `contrast` about mid-grey, `saturation` toward its Rec. 709
/// luma, then `tint`, its luma carried from black to the tint colour and mixed in by the tint's alpha
/// (After Effects' Tint). SwiftUI's `.brightness`, `.contrast` and `.saturation` mean the same.
public struct ColorAdjust: Sendable, DescribedFeature {
    public var brightness: Property<Double>
    public var contrast: Property<Double>
    public var saturation: Property<Double>
    public var tint: Property<RGBA>

    public init(
        brightness: Property<Double> = .constant(0), contrast: Property<Double> = .constant(1),
        saturation: Property<Double> = .constant(1), tint: Property<RGBA> = .constant(.clear)
    ) {
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.tint = tint
    }

    /// Every field of `colorAdjust:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<ColorAdjust, ColorAdjustState>] = [
        .number("brightness", \.brightness, \.brightness, in: -1...1, "Added to each channel: −1 black, 0 unchanged, 1 white."),
        .number(
            "contrast", \.contrast, \.contrast, in: 0...SpecLimits.maxColorGain, "Scales each channel about mid-grey: 0 grey, 1 unchanged."),
        .number(
            "saturation", \.saturation, \.saturation, in: 0...SpecLimits.maxColorGain,
            "Scales each channel's distance from the pixel's luma: 0 grey, 1 unchanged."),
        .color("tint", \.tint, \.tint, "Black to this colour by luma, mixed in by its alpha (transparent: no tint).")
    ]
    package static let defaults = ColorAdjust()
}

public struct ColorAdjustState: Sendable, Hashable, EvaluatedState {
    public var brightness: Double = 0
    public var contrast: Double = 1
    public var saturation: Double = 1
    public var tint: RGBA = .clear

    public init(brightness: Double = 0, contrast: Double = 1, saturation: Double = 1, tint: RGBA = .clear) {
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.tint = tint
    }

    package init() {}

    /// Whether it changes no colour.
    public var isIdentity: Bool { brightness == 0 && contrast == 1 && saturation == 1 && tint.a == 0 }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: ColorAdjust.self, to: encoder) }
}

/// What is done to a layer composited as a whole, besides its blur, at one frame: its colours
/// adjusted, then a drop shadow and a glow cast from its shape under it (nil: none of that kind).
public struct LayerEffectsState: Sendable, Equatable, Encodable {
    public var colorAdjust: ColorAdjustState?
    public var glow: GlowState?
    /// Cast by everything the layer draws (an image's or a group's pixels too), under its glow.
    public var dropShadow: ShadowState?

    public init(colorAdjust: ColorAdjustState? = nil, glow: GlowState? = nil, dropShadow: ShadowState? = nil) {
        self.colorAdjust = colorAdjust
        self.glow = glow
        self.dropShadow = dropShadow
    }

    /// Whether none of them changes a pixel.
    public var isEmpty: Bool {
        (colorAdjust?.isIdentity ?? true) && (glow.map { $0.color.a == 0 || $0.strength == 0 } ?? true)
            && (dropShadow.map { $0.color.a == 0 } ?? true)
    }
}

extension Layer {
    /// The effects at `t` seconds of the layer's time.
    func effectsState(at t: Double) -> LayerEffectsState {
        LayerEffectsState(colorAdjust: colorAdjust?.state(at: t), glow: glow?.state(at: t), dropShadow: dropShadow?.state(at: t))
    }
}
