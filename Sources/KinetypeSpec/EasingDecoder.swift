import KinetypeScene
import KinetypeMotion

/// Reads a keyframe's easing: a name (`easeInOut`, `snappy`, …), `{cubicBezier: [x1, y1, x2, y2]}`
/// or one of SwiftUI's springs with parameters, e.g. `{spring: {duration: 0.4, bounce: 0.2}}`.
///
/// The spring names and their parameter lists are SwiftUI's (see `Spring+SwiftUI.swift` in
/// KinetypeMotion for where each number comes from). A spring's parameters come in families, as
/// SwiftUI's overloads do: `{duration, bounce}`, `{response, dampingFraction}` or Core
/// Animation's `{mass, stiffness, damping, initialVelocity}`; mixing two families is an error.
enum EasingDecoder {
    /// The easings a name stands for.
    static let named: [(name: String, easing: Easing)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("easeInOut", .easeInEaseOut), ("default", .default),
        ("spring", .spring(.spring)), ("smooth", .spring(.smooth)), ("snappy", .spring(.snappy)),
        ("bouncy", .spring(.bouncy)), ("interactiveSpring", .spring(.interactiveSpring)),
        ("interpolatingSpring", .spring(.interpolatingSpring))
    ]

    /// The parameter families of each spring that takes parameters, in SwiftUI's order of
    /// preference: with no field that picks a family (`{spring: {}}`, `{spring: {blendDuration}}`)
    /// the first one applies, as in SwiftUI, where the `response:` overloads are disfavoured.
    static let springForms: [(easing: String, forms: [[String]])] = [
        (
            "spring",
            [
                ["duration", "bounce", "blendDuration"], ["response", "dampingFraction", "blendDuration"],
                ["mass", "stiffness", "damping", "initialVelocity"]
            ]
        ),
        ("smooth", [["duration", "extraBounce"]]),
        ("snappy", [["duration", "extraBounce"]]),
        ("bouncy", [["duration", "extraBounce"]]),
        ("interactiveSpring", [["duration", "extraBounce", "blendDuration"], ["response", "dampingFraction", "blendDuration"]]),
        ("interpolatingSpring", [["duration", "bounce", "initialVelocity"], ["mass", "stiffness", "damping", "initialVelocity"]])
    ]

    /// The base bounce `extraBounce` adds to.
    static let baseBounce: [String: Double] = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3, "interactiveSpring": 0.15]

    /// Every accepted easing, for error messages.
    static let names: String = {
        let forms = springForms.map { entry in
            "{\(entry.easing): " + entry.forms.map { "{\($0.joined(separator: ", "))}" }.joined(separator: " | ") + "}"
        }
        return (named.map(\.name) + ["{cubicBezier: [x1, y1, x2, y2]}"] + forms).joined(separator: ", ")
    }()

    static func easing(_ node: SpecNode) throws -> Easing {
        if node.isScalar {
            let name = try node.string()
            if let easing = named.first(where: { $0.name == name })?.easing { return easing }
            let hint =
                callHint(name).map { " (did you mean \($0)? an easing is a name or a mapping, not a call)" }
                ?? FieldSuggestions.suggestion(for: name, allowed: named.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
            throw node.error("unknown easing \(SpecError.quoted(name))\(hint); allowed: \(names)")
        }
        let fields = try node.mapping(allowed: ["cubicBezier"] + springForms.map(\.easing))
        guard let kind = fields.keys.first else { throw node.error("expected an easing: \(names)") }
        if fields.keys.count > 1, let second = fields.optional(fields.keys[1]) {
            throw second.error(
                "an easing takes one form, not several; got \(fields.keys.map { SpecError.quoted($0) }.joined(separator: " and "))")
        }
        let value = try fields.required(kind)
        if kind == "cubicBezier" {
            let points = try value.sequence()
            guard points.count == 4 else { throw value.error("cubicBezier needs [x1, y1, x2, y2], got \(points.count) numbers") }
            let x1 = try points[0].number(in: 0...1, what: "x1"), y1 = try points[1].number()
            let x2 = try points[2].number(in: 0...1, what: "x2"), y2 = try points[3].number()
            return .cubicBezier(x1, y1, x2, y2)
        }
        return .spring(try spring(kind, value))
    }

    private static let positive = 1e-6...1e9

    /// The spec form of an easing written as a Swift or CSS call, e.g.
    /// `spring(response: 0.5, dampingFraction: 0.5)` → `{spring: {response: 0.5, dampingFraction: 0.5}}`,
    /// `.timingCurve(0.2, 0.8, 0.2, 1)` or `cubic-bezier(…)` → `{cubicBezier: [0.2, 0.8, 0.2, 1]}`,
    /// `.easeInOut(duration: 0.3)` → `easeInOut` (a segment lasts from keyframe to keyframe), and
    /// `.spring().repeatForever(autoreverses: true)` names the fields that go beside `keyframes`.
    static func callHint(_ text: String) -> String? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        for prefix in ["Animation.", "."] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        rest = rest.dropFirst(name.count)
        guard !name.isEmpty, rest.hasPrefix("("), let close = rest.firstIndex(of: ")") else { return nil }
        let inside = rest[rest.index(after: rest.startIndex)..<close]
        let chained = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        // Each argument: "label: value" or "value", values as written.
        var arguments: [(label: String?, value: String)] = []
        for part in inside.split(separator: ",") {
            let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let (label, value) = pieces.count == 2 ? (Optional(pieces[0]), pieces[1]) : (nil, pieces[0])
            guard Double(value) != nil, label.map({ !$0.isEmpty && $0.allSatisfy { $0.isLetter } }) ?? true else { return nil }
            arguments.append((label, value))
        }
        let squashed = name.lowercased().filter { $0 != "-" && $0 != "_" }
        var form: String
        if ["timingcurve", "cubicbezier", "bezier"].contains(squashed) {
            let points = arguments.filter { $0.label == nil }.map(\.value)
            guard points.count == 4 else { return nil }
            form = "{cubicBezier: [\(points.joined(separator: ", "))]}"
        } else if let spring = springForms.first(where: { $0.easing.lowercased() == squashed })?.easing {
            guard arguments.allSatisfy({ $0.label != nil }) else { return nil }
            form = arguments.isEmpty ? spring : "{\(spring): {\(arguments.map { "\($0.label!): \($0.value)" }.joined(separator: ", "))}}"
        } else if let easing = named.first(where: { $0.name.lowercased() == squashed })?.name {
            form = easing
            if arguments.contains(where: { $0.label == "duration" }) {
                form += " (the duration is from the previous keyframe's time to this one's)"
            }
        } else {
            return nil
        }
        if chained.hasPrefix(".repeatForever") {
            let reverses = !chained.contains("autoreverses: false")
            form += ", with repeatForever: true, autoreverses: \(reverses) beside keyframes"
        } else if chained.hasPrefix(".repeatCount") {
            form += ", with repeat: N and autoreverses beside keyframes"
        }
        return form
    }

    /// `{kind: {…}}` for one of ``springForms``.
    private static func spring(_ kind: String, _ node: SpecNode) throws -> Spring {
        let forms = springForms.first { $0.easing == kind }!.forms
        var allowed: [String] = []
        for field in forms.joined() where !allowed.contains(field) { allowed.append(field) }
        let fields = try node.mapping(allowed: allowed)
        let form = try self.form(of: fields, in: forms, kind: kind)

        func number(_ name: String, in range: ClosedRange<Double>, default value: Double) throws -> Double {
            try fields.optional(name)?.number(in: range, what: name) ?? value
        }
        let blendDefault = kind == "interactiveSpring" ? 0.25 : 0
        switch form[0] {
        case "duration":
            let duration = try number("duration", in: positive, default: kind == "interactiveSpring" ? 0.15 : 0.5)
            let bounce = try self.bounce(fields, kind: kind)
            var spring = Spring(
                duration: duration, bounce: bounce, blendDuration: try number("blendDuration", in: 0...1e6, default: blendDefault))
            spring.initialVelocity = try fields.optional("initialVelocity")?.number() ?? 0
            return spring
        case "response":
            let interactive = kind == "interactiveSpring"
            return Spring(
                response: try number("response", in: positive, default: interactive ? 0.15 : 0.5),
                dampingFraction: try number("dampingFraction", in: 0...1e6, default: interactive ? 0.86 : 0.825),
                blendDuration: try number("blendDuration", in: 0...1e6, default: blendDefault))
        default:
            // Core Animation's CASpringAnimation defaults damping to 10; SwiftUI's
            // interpolatingSpring(mass:stiffness:damping:initialVelocity:) has no default for it.
            guard fields.optional("stiffness") != nil, kind == "spring" || fields.optional("damping") != nil else {
                let needs = kind == "spring" ? "stiffness" : "stiffness and damping"
                throw node.error(
                    "\(kind) with mass, stiffness, damping and initialVelocity needs \(needs); or give \(alternatives(forms.dropLast()))")
            }
            return Spring(
                mass: try number("mass", in: positive, default: 1),
                stiffness: try fields.required("stiffness").number(in: positive, what: "stiffness"),
                damping: try number("damping", in: 0...1e9, default: 10),
                initialVelocity: try fields.optional("initialVelocity")?.number() ?? 0)
        }
    }

    /// The one family all the given fields belong to (the first when several fit), or an error at
    /// the first field that cannot be combined with an earlier one.
    private static func form(of fields: SpecMapping, in forms: [[String]], kind: String) throws -> [String] {
        var given: [String] = []
        for key in fields.keys {
            guard forms.contains(where: { Set(given + [key]).isSubset(of: $0) }) else {
                let other = given.first { earlier in !forms.contains { $0.contains(earlier) && $0.contains(key) } } ?? given[0]
                throw (fields.optional(key) ?? fields.owner).error(
                    "\(key) cannot be combined with \(other): \(kind) takes \(alternatives(forms[...]))")
            }
            given.append(key)
        }
        return forms.first { Set(given).isSubset(of: $0) }!
    }

    private static func alternatives(_ forms: ArraySlice<[String]>) -> String {
        let listed = forms.map { "{\($0.joined(separator: ", "))}" }
        return listed.count <= 1 ? listed.joined() : listed.dropLast().joined(separator: ", ") + " or " + listed.last!
    }

    /// The bounce of a duration-form spring: `bounce`, or the preset's base plus `extraBounce`;
    /// SwiftUI's range is more than -1 (overdamped) up to 1 (undamped).
    private static func bounce(_ fields: SpecMapping, kind: String) throws -> Double {
        if let base = baseBounce[kind] {
            guard let node = fields.optional("extraBounce") else { return base }
            let extra = try node.number()
            let bounce = base + extra
            guard bounce > -1, bounce <= 1 else {
                throw node.error(
                    "\(kind)'s bounce \(SpecNode.format(base)) + extraBounce \(SpecNode.format(extra)) = \(SpecNode.format(bounce)) is out of range; the bounce must be more than -1 and at most 1 (0 does not bounce, 1 never stops, below 0 is overdamped)"
                )
            }
            return bounce
        }
        guard let node = fields.optional("bounce") else { return 0 }
        let bounce = try node.number()
        guard bounce > -1, bounce <= 1 else {
            throw node.error(
                "bounce \(SpecNode.format(bounce)) is out of range; allowed: more than -1 and at most 1 (0 does not bounce, 1 never stops, below 0 is overdamped)"
            )
        }
        return bounce
    }
}
