import KinetypeMotion
import KinetypeText

/// Where a layer's font comes from (`font:` in a spec: a family, a file or the system font of a
/// design), its OpenType features, and its (animatable) weight and variation axes.
public struct FontSpec: Sendable, DescribedFeature {
    public enum Source: Sendable, Equatable {
        case family(String)
        case file(String)
        case system(design: String)
    }
    /// The system font's designs, each a bundled family (`FontCatalog.systemFamilies`).
    public enum Design: String, Sendable, CaseIterable {
        case `default`, serif, rounded, monospaced
    }

    /// A family by name (`family:`); nil for a file or the system font.
    public var familyName: String? = nil
    /// A font file (`file:`), resolved against the spec's folder when the spec is read.
    public var file: String? = nil
    /// The system font (`system: true`) of ``design``.
    public var system = false
    public var design: Design = .default
    /// The files that can serve this spec, resolved when the spec is loaded.
    public var family: FontFamily
    public var weight: Property<Double>?
    public var variations: [String: Property<Double>]
    /// OpenType features for the layer's text, in every font of its chain.
    public var features: [FontFeature] = []
    /// Font files tried, in order, for characters the layer's font lacks (resolved at load time:
    /// the spec's fallback families, then bundled and system fonts that cover its texts).
    public var fallbacks: [String] = []

    /// The one source the spec names: its family, its file or the system font.
    public var source: Source {
        get {
            if let familyName { return .family(familyName) }
            if let file { return .file(file) }
            return .system(design: design.rawValue)
        }
        set {
            (familyName, file, system) = (nil, nil, false)
            switch newValue {
            case let .family(name): familyName = name
            case let .file(path): file = path
            case let .system(name):
                system = true
                design = Design(rawValue: name) ?? .default
            }
        }
    }

    /// A resolved font (`FontSpec.family`, `.file` and `.system` resolve one).
    package init(
        source: Source, family: FontFamily, weight: Property<Double>?, variations: [String: Property<Double>],
        fallbacks: [String] = []
    ) {
        self.family = family
        self.weight = weight
        self.variations = variations
        self.fallbacks = fallbacks
        self.source = source
    }

    /// The fields of `font:`, described once (``DescribedFeature``). Its source (family, file or
    /// system: true) is read when the spec is loaded and resolved there into ``family``, the
    /// files a frame draws from, so a frame's state has no value of its own for it; which one
    /// source is given and finding it in the fonts is the decoder's rule. The weight and axes
    /// are the layer's declared properties (`font.weight`, `font.variations`).
    package static let fields: [FeatureField<FontSpec, FontState>] = [
        LoadedField.optionalString("family", \.familyName, \.familyName, "A family name: bundled fonts first, then the system's.")
            .resolvedAtLoad(),
        LoadedField.file("file", \.file, \.file, extensions: [], "A font file, relative to the spec.").resolvedAtLoad(),
        LoadedField.trueFlag("system", \.system, \.system, "The system font of a design.").resolvedAtLoad(),
        LoadedField.choice("design", \.design, \.design, "The system font's design.").resolvedAtLoad(),
        .openTypeFeatures("features", \.features, \.features, "OpenType features by tag, e.g. {tnum: 1, liga: 0}."),
        .flag("monospacedDigits", \.features.monospacedDigits, \.features.monospacedDigits, "The tnum feature: digits of one width.")
    ]
    /// The source's fields, read into the model alone.
    private typealias LoadedField = FeatureField<FontSpec, FontSpec>
    package static let defaults = FontSpec(family: FontFamily(name: "", files: []))
    package static let loadedProperties: Set<String> = ["family", "weight", "variations", "fallbacks"]
    package static let shorthands: Set<String> = ["monospacedDigits"]

    /// No source yet: the decoder sets the one the spec gives.
    private init(family: FontFamily) {
        self.family = family
        self.weight = nil
        self.variations = [:]
    }
}

/// A layer's font at one frame: what shaping applies beyond the files drawn (which are the
/// layer's `FontChain`, chosen by its weight and axes).
public struct FontState: Sendable, Equatable, EvaluatedState {
    public var features: [FontFeature] = []

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: FontSpec.self, to: encoder) }
}

extension [FontFeature] {
    /// SwiftUI's `.monospacedDigit()`: `tnum` among the features; true adds it at the end, false
    /// leaves them as they are.
    package var monospacedDigits: Bool {
        get { contains { $0.tag == FontFeature.monospacedDigits.tag } }
        set { if newValue, !monospacedDigits { append(.monospacedDigits) } }
    }
}
