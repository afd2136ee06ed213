/// How a layer's composited pixels combine with what is under them: the separable blend modes of
/// the W3C Compositing and Blending spec (level 1), applied in premultiplied space as its general
/// formula states, and `add` as its `plus-lighter` operator.
public enum BlendMode: String, CaseIterable, Sendable, Encodable {
    /// Source-over: the layer covers what is under it by its alpha.
    case normal
    /// B(Cb, Cs) = Cb·Cs: darkens; white leaves the backdrop unchanged.
    case multiply
    /// B(Cb, Cs) = Cb + Cs − Cb·Cs: lightens; black leaves the backdrop unchanged.
    case screen
    /// B(Cb, Cs) = HardLight(Cs, Cb): multiply where the backdrop is dark, screen where it is light.
    case overlay
    /// plus-lighter: co = min(1, cs + cb), αo = min(1, αs + αb).
    case add

    /// The blended pixel: `source` is the layer's premultiplied pixel (its opacity applied),
    /// `backdrop` what is under it, both premultiplied (r·a, g·a, b·a, a), 0…1.
    ///
    /// For the separable modes the spec's general formula, with Cs = cs/αs and Cb = cb/αb:
    /// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb·(1 − αs).
    @inline(__always)
    package func blend(_ source: SIMD4<Float>, over backdrop: SIMD4<Float>) -> SIMD4<Float> {
        let alphaS = source[3], alphaB = backdrop[3]
        switch self {
        case .normal:
            return source + backdrop * (1 - alphaS)
        case .add:
            return (source + backdrop).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        case .multiply:
            // αs·αb·Cs·Cb = cs·cb.
            var out = source * (1 - alphaB) + backdrop * (1 - alphaS) + source * backdrop
            out[3] = alphaS + alphaB * (1 - alphaS)
            return out
        case .screen:
            // αs·αb·(Cs + Cb − Cs·Cb) = cs·αb + cb·αs − cs·cb, so co = cs + cb − cs·cb.
            var out = source + backdrop - source * backdrop
            out[3] = alphaS + alphaB * (1 - alphaS)
            return out
        case .overlay:
            guard alphaS > 0, alphaB > 0 else { return source + backdrop * (1 - alphaS) }
            let cs = source / alphaS, cb = backdrop / alphaB
            // HardLight(Cs, Cb) with the roles swapped: the backdrop chooses.
            let dark = 2 * cs * cb
            let light = 1 - 2 * (1 - cs) * (1 - cb)
            let mixed = dark.replacing(with: light, where: cb .> 0.5)
            var out = source * (1 - alphaB) + backdrop * (1 - alphaS) + alphaS * alphaB * mixed
            out[3] = alphaS + alphaB * (1 - alphaS)
            return out
        }
    }
}
