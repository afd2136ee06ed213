import KinetypeMotion

/// SwiftUI's `StrokeStyle` under its own names and defaults (a miter join, butt caps, a miter
/// limit of 10), for ``Layer/stroke(_:style:)`` and ``Layer/stroke(style:)``: the stroke is
/// centred on the outline, as SwiftUI strokes a shape.
///
/// ```swift
/// Rectangle().frame(width: 200, height: 120)
///     .stroke(.white, style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [12, 8]))
/// ```
public struct StrokeStyle: Sendable {
    public var lineWidth: Double
    public var lineCap: TextStroke.Cap
    public var lineJoin: TextStroke.Join
    /// The longest miter point, in line widths; a sharper corner is bevelled.
    public var miterLimit: Double
    /// Dash and gap lengths in pixels (an odd count repeats twice); empty is solid.
    public var dash: [Double]
    /// Pixels into the dash pattern at the outline's start (the spec's `dashOffset`).
    public var dashPhase: Property<Double>

    public init(
        lineWidth: Double = 1, lineCap: TextStroke.Cap = .butt, lineJoin: TextStroke.Join = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.init(
            lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, dash: dash,
            dashPhase: .constant(dashPhase))
    }

    /// A dash phase with keyframes: marching ants, a dashed line that draws itself.
    @_disfavoredOverload
    public init(
        lineWidth: Double = 1, lineCap: TextStroke.Cap = .butt, lineJoin: TextStroke.Join = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Property<Double>
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
