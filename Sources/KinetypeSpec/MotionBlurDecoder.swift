import KinetypeScene

/// Reads `motionBlur: {shutterAngle, samples}`, at the top level or on a layer.
enum MotionBlurDecoder {
    static let fields = ["shutterAngle", "samples"]

    static func decode(_ node: SpecNode) throws -> MotionBlur {
        let fields = try node.mapping(allowed: Self.fields)
        var blur = MotionBlur()
        if let angle = fields.optional("shutterAngle") {
            blur.shutterAngle = try angle.number(in: MotionBlur.shutterAngles, what: "shutterAngle")
        }
        if let samples = fields.optional("samples") {
            blur.samples = try samples.integer(in: MotionBlur.sampleCounts, what: "samples")
        }
        return blur
    }
}
