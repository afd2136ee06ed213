import Kinetype
import KinetypeMotion

/// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, `{cubicBezier: [x1, y1, x2, y2]}`,
/// `{spring: {response, dampingFraction, blendDuration}}` or `{spring: {mass, stiffness, damping, initialVelocity}}`.
enum EasingDecoder {
    static let names = "linear, easeIn, easeOut, easeInEaseOut, default, {cubicBezier: [x1, y1, x2, y2]}, {spring: {response, dampingFraction}} or {spring: {mass, stiffness, damping, initialVelocity}}"

    static func easing(_ node: SpecNode) throws -> Easing {
        if node.isScalar {
            switch try node.string() {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            case let other: throw node.error("unknown easing \(SpecError.quoted(other)); allowed: \(names)")
            }
        }
        let fields = try node.mapping(allowed: ["cubicBezier", "spring"])
        if let curve = fields.optional("cubicBezier") {
            let points = try curve.sequence()
            guard points.count == 4 else { throw curve.error("cubicBezier needs [x1, y1, x2, y2], got \(points.count) numbers") }
            let x1 = try points[0].number(in: 0...1, what: "x1"), y1 = try points[1].number()
            let x2 = try points[2].number(in: 0...1, what: "x2"), y2 = try points[3].number()
            return .cubicBezier(x1, y1, x2, y2)
        }
        guard let springNode = fields.optional("spring") else { throw node.error("expected an easing: \(names)") }
        return .spring(try spring(springNode))
    }

    private static func spring(_ node: SpecNode) throws -> Spring {
        let fields = try node.mapping(allowed: ["response", "dampingFraction", "blendDuration", "mass", "stiffness", "damping", "initialVelocity"])
        let positive = 1e-6...1e9
        if let response = fields.optional("response") {
            for physical in ["mass", "stiffness", "damping", "initialVelocity"] {
                guard let conflicting = fields.optional(physical) else { continue }
                throw conflicting.error("a SwiftUI spring (response, dampingFraction) cannot also set \(physical)")
            }
            return Spring(response: try response.number(in: positive, what: "response"),
                          dampingFraction: try fields.optional("dampingFraction")?.number(in: 0...1e6, what: "dampingFraction") ?? 0.825,
                          blendDuration: try fields.optional("blendDuration")?.number(in: 0...1e6, what: "blendDuration") ?? 0)
        }
        guard fields.optional("stiffness") != nil else {
            throw node.error("a spring needs either response (and dampingFraction) or stiffness and damping (with mass and initialVelocity)")
        }
        return Spring(mass: try fields.optional("mass")?.number(in: positive, what: "mass") ?? 1,
                      stiffness: try fields.required("stiffness").number(in: positive, what: "stiffness"),
                      damping: try fields.optional("damping")?.number(in: 0...1e9, what: "damping") ?? 10,
                      initialVelocity: try fields.optional("initialVelocity")?.number() ?? 0)
    }
}
