import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// A line drawn with a layer's text along each laid-out line — a strikethrough, underline,
/// overline or highlight band — that may draw itself in over time.
public struct Decoration: Sendable, DescribedFeature {
    public enum Kind: String, Sendable, CaseIterable {
        /// Centred midway between the line's ascent and descent lines; `size / 12` thick.
        case strikethrough
        /// At the font's underline position and thickness.
        case underline
        /// Its top edge on the line's ascent line; the font's underline thickness.
        case overline
        /// A band from the ascent line to the descent line, drawn behind the glyphs.
        case highlight
    }

    public var kind: Kind
    /// nil: the layer's colour.
    public var color: Property<RGBA>?
    /// nil: the kind's default (see ``Kind``); a highlight's default covers the line box.
    public var thickness: Property<Double>?
    /// Moves the line down (positive) or up from the kind's default position, in pixels.
    public var offset: Property<Double>
    /// nil: drawn in full from the start.
    public var draw: DrawAnimation?

    public init(
        kind: Kind, color: Property<RGBA>? = nil, thickness: Property<Double>? = nil,
        offset: Property<Double> = .constant(0), draw: DrawAnimation? = nil
    ) {
        self.kind = kind
        self.color = color
        self.thickness = thickness
        self.offset = offset
        self.draw = draw
    }

    /// Every field of a decoration (`decorations[]`), described once (``DescribedFeature``).
    package static let fields: [FeatureField<Decoration, DecorationState>] = [
        .choice("type", \.kind, \.kind, required: true, "What is drawn along each line."),
        .optionalColor("color", \.color, \.color, "Default: the layer's colour."),
        .optionalNumber(
            "thickness", \.thickness, \.thickness, in: 0...SpecLimits.size.upperBound, length: true, "Pixels; default by type."),
        .number(
            "offset", \.offset, \.offset, in: -SpecLimits.size.upperBound...SpecLimits.size.upperBound, length: true,
            "Moves the band down (positive) or up."),
        .feature("draw", \.draw, \.draw, "Draws the decoration in over time.")
    ]
    package static let defaults = Decoration(kind: .strikethrough)

    /// When nothing about the decoration changes any more, for `lineCount` lines: a draw-on's end
    /// depends on how many lines it runs over.
    func endTime(lineCount: Int) -> Double {
        max(endTime, draw?.endTime(lineCount: lineCount) ?? 0)
    }

    /// The decoration at `t` seconds, with the time each line's drawing progress is read at.
    package func evaluated(at t: Double) -> DecorationState {
        var state = state(at: t)
        state.time = t
        return state
    }
}

/// How a decoration draws itself in, line by line: CAShapeLayer's `strokeEnd` going 0 → 1 (or
/// 1 → 0 with `erase`), with butt ends.
public struct DrawAnimation: Sendable, Equatable, DescribedFeature, EvaluatedState {
    public enum Sequence: Sendable, Equatable {
        /// Line i starts when line i − 1 has finished: at start + i × duration.
        case lines
        /// Every line at once.
        case together
        /// Line i starts at start + i × the given seconds.
        case stagger(Double)
    }

    /// Seconds from the scene's start.
    public var start: Double
    /// Each line's own drawing time, in seconds.
    public var duration: Double
    public var easing: Easing
    public var sequence: Sequence
    /// The drawn line retracts towards its start instead (progress 1 → 0).
    public var erase: Bool

    public init(
        start: Double = 0, duration: Double = 0.5, easing: Easing = .easeInEaseOut,
        sequence: Sequence = .lines, erase: Bool = false
    ) {
        self.start = start
        self.duration = duration
        self.easing = easing
        self.sequence = sequence
        self.erase = erase
    }

    package init() { self.init(start: 0) }

    /// Every field of a decoration's `draw`, described once; all constant, so its state is itself.
    package static let fields: [FeatureField<DrawAnimation, DrawAnimation>] = {
        let seconds = 0...Double(SpecLimits.maxFrames)
        return [
            .constant("start", \.start, \.start, in: seconds, "When the first line starts drawing, seconds."),
            .constant("duration", \.duration, \.duration, in: seconds, "Each line's drawing time, seconds."),
            .easing("easing", \.easing, \.easing, "Any easing."),
            .sequence("sequence", \.sequence, \.sequence, in: seconds, "lines, together or {stagger: seconds}."),
            .flag("erase", \.erase, \.erase, "The drawn line retracts instead.")
        ]
    }()
    package static let defaults = DrawAnimation()

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: DrawAnimation.self, to: encoder) }

    /// When line `index` starts drawing.
    public func startTime(line index: Int) -> Double {
        switch sequence {
        case .lines: return start + Double(index) * duration
        case .together: return start
        case let .stagger(seconds): return start + Double(index) * seconds
        }
    }

    /// The drawn fraction of line `index` at `t` seconds: the easing's progress, 0 before the
    /// line starts and 1 once it has finished (a spring: once it has settled; reversed by `erase`).
    /// A spring's overshoot is cut at the line's ends: a line never draws past its text.
    public func progress(line index: Int, at t: Double) -> Double {
        let begin = startTime(line: index)
        let eased: Double
        if t < begin {
            eased = 0
        } else if case let .spring(spring) = easing {
            // Once settled, exactly drawn: frames after the end time equal the finished line.
            eased = t - begin >= spring.settlingDuration ? 1 : easing.progress(elapsed: t - begin, duration: duration)
        } else {
            eased = t >= begin + duration ? 1 : easing.progress(elapsed: t - begin, duration: duration)
        }
        let drawn = min(max(eased, 0), 1)
        return erase ? 1 - drawn : drawn
    }

    /// When the last of `lineCount` lines has finished (a spring: once it has settled).
    func endTime(lineCount: Int) -> Double {
        let lineTime: Double
        if case let .spring(spring) = easing { lineTime = spring.settlingDuration } else { lineTime = duration }
        return startTime(line: max(lineCount - 1, 0)) + lineTime
    }
}

/// A decoration's values at one frame; the painter turns it into one rectangle per line.
public struct DecorationState: Sendable, Equatable, EvaluatedState {
    public var kind: Decoration.Kind = .strikethrough
    public var color: RGBA?
    public var thickness: Double?
    public var offset: Double = 0
    public var draw: DrawAnimation?
    /// The frame's time, for each line's drawing progress.
    public var time: Double = 0

    package init() {}

    public func progress(line index: Int) -> Double {
        draw?.progress(line: index, at: time) ?? 1
    }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Decoration.self, to: encoder) }
}

extension DrawAnimation.Sequence {
    /// As a spec writes it: `lines`, `together` or `{stagger: seconds}`.
    var inspectValue: InspectValue {
        switch self {
        case .lines: return .text("lines")
        case .together: return .text("together")
        case let .stagger(seconds): return .mapping(["stagger": seconds])
        }
    }
}
