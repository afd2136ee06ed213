import KinetypeMotion

/// Motion blur as a film camera makes it: each frame is the mean of `samples` sub-frames spread
/// evenly over the time the shutter is open, `shutterAngle`/360 of a frame, centred on the frame's
/// time (After Effects' shutter phase of −angle/2). Each sub-frame is rendered exactly as a frame
/// is: outlines re-rasterized at its own size and position.
public struct MotionBlur: Sendable, Hashable, DescribedFeature, EvaluatedState {
    /// Degrees, 0…720: 180 is a film camera's usual half-frame exposure; 0 turns blur off.
    public var shutterAngle: Double
    /// Sub-frames a frame averages, 2…64.
    public var samples: Int

    public static let shutterAngles = 0.0...720.0
    public static let sampleCounts = 2...64

    public init(shutterAngle: Double = 180, samples: Int = 16) {
        self.shutterAngle = shutterAngle
        self.samples = samples
    }

    /// Every field of `motionBlur:`, described once (``DescribedFeature``); nothing animates, so
    /// its state is itself.
    package static let fields: [FeatureField<MotionBlur, MotionBlur>] = [
        .constant(
            "shutterAngle", \.shutterAngle, \.shutterAngle, in: shutterAngles,
            "Degrees of a frame the shutter is open, centred on the frame's time; 0: no blur."),
        .integer("samples", \.samples, \.samples, in: sampleCounts, "Sub-frames averaged for each frame.")
    ]
    package static let defaults = MotionBlur()

    package init() { self.init(shutterAngle: 180, samples: 16) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: MotionBlur.self, to: encoder) }

    /// Whether frames differ from unblurred ones at all.
    public var isOn: Bool { shutterAngle > 0 && samples > 1 }

    /// The sub-frame times of the frame at `time`, for a scene at `fps`.
    public func sampleTimes(around time: Double, fps: Double) -> [Double] {
        let open = shutterAngle / 360 / fps
        return (0..<samples).map { index in time + open * ((Double(index) + 0.5) / Double(samples) - 0.5) }
    }
}
