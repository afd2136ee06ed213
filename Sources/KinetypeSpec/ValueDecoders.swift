import Foundation
import KinetypeScene
import KinetypeMotion
import KinetypeText

/// Constant values: colours and points.
enum ValueDecoders {
    /// `#RRGGBB`, `#RRGGBBAA` or the CSS shorthands `#RGB`, `#RGBA`.
    static func color(_ node: SpecNode, allowTransparent: Bool = false) throws -> RGBA {
        let text = try node.string()
        guard let colour = RGBA(hex: text) else {
            throw node.error(
                "\(SpecError.quoted(text)) is not a colour; use \(RGBA.hexForms)" + (allowTransparent ? " or transparent" : ""))
        }
        return colour
    }

    /// `[x, y]` in canvas pixels.
    static func point(_ node: SpecNode) throws -> Point2 { try point(node, what: "a position", example: ", e.g. [200, 100]") }

    /// `[x, y]`; `what` names it when it is not a list ("scale is a list [x, y]; got \"2\"").
    static func point(_ node: SpecNode, what: String, example: String = "") throws -> Point2 {
        if node.isMapping || node.isScalar { throw node.error("\(what) is a list [x, y]\(example); got \(node.kindDescription)") }
        let items = try node.sequence()
        guard items.count == 2 else { throw node.error("expected [x, y], got a list of \(items.count)") }
        return Point2(
            x: try items[0].number(in: SpecLimits.coordinate, what: "x"),
            y: try items[1].number(in: SpecLimits.coordinate, what: "y"))
    }

    /// A text to draw, within the documented length.
    /// Path data written out, or `{svg: FILE}`: the `d` of the first `<path>` of an SVG file
    /// relative to `directory` (the spec's folder), its transforms applied.
    static func pathOutline(_ node: SpecNode, in directory: URL?) throws -> PathOutline {
        guard node.isMapping else {
            do { return try PathOutline(try node.string()) } catch let problem as PathData.Problem {
                throw node.error("path data \(problem)")
            }
        }
        let fileNode = try node.mapping(allowed: ["svg"]).required("svg")
        let file = try fileNode.string()
        guard let directory else { throw fileNode.error("an SVG file cannot be read here: write the path data out") }
        guard file.lowercased().hasSuffix(".svg") else {
            throw fileNode.error("svg takes an SVG file (.svg), got \(SpecError.quoted(file))")
        }
        do { return try SVGPathFile.outline(path: MediaFileFields.path(file, in: directory)) } catch let problem as SVGPathFile.Problem {
            throw fileNode.error("\(problem)")
        }
    }

    static func text(_ node: SpecNode) throws -> String {
        let text = try node.string()
        // UTF-8 bytes bound the code points from above, so most texts skip the count.
        if text.utf8.count > SpecLimits.maxTextCharacters, text.unicodeScalars.count > SpecLimits.maxTextCharacters {
            throw node.error(
                "the text has \(text.unicodeScalars.count) characters, above the limit of \(SpecLimits.maxTextCharacters) (Unicode code points)"
            )
        }
        // HarfBuzz's time grows with the square of a cluster's length: 64k combining marks on one
        // letter took 20 s a frame. Real text stacks a handful.
        if text.utf8.count > SpecLimits.maxScalarsPerCharacter,
            let long = text.first(where: { $0.unicodeScalars.count > SpecLimits.maxScalarsPerCharacter })
        {
            throw node.error(
                "the text has a character made of \(long.unicodeScalars.count) code points (a letter with that many combining marks, or a run of marks); the limit is \(SpecLimits.maxScalarsPerCharacter)"
            )
        }
        return text
    }

    /// A BCP 47 language tag such as `zh-Hans`.
    static func languageTag(_ node: SpecNode) throws -> String {
        let tag = try node.string()
        guard LanguageTag.isWellFormed(tag) else {
            let hint = tag.contains("_") ? "; use hyphens, as in \(SpecError.quoted(tag.replacingOccurrences(of: "_", with: "-")))" : ""
            throw node.error(
                "\(SpecError.quoted(tag)) is not a BCP 47 language tag such as vi, zh-Hans or sr-Latn-RS (letters and digits in subtags of up to 8, joined by hyphens, at most \(LanguageTag.maximumLength) characters)\(hint)"
            )
        }
        return tag
    }

    /// `{tnum: 1, liga: 0}`: OpenType feature tags to values, `true` and `false` as 1 and 0, in
    /// the order given.
    static func openTypeFeatures(_ node: SpecNode) throws -> [FontFeature] {
        guard node.isMapping else { throw node.error("expected a mapping of OpenType feature tags to values, e.g. {tnum: 1, liga: 0}") }
        let tags = try node.mapping(allowed: nil)
        return try tags.keys.map { tag in
            let valueNode = try tags.required(tag)
            guard tag.utf8.count == 4, tag.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw valueNode.error(
                    "OpenType feature tags are 4 ASCII characters, e.g. tnum, smcp, liga, ss01; got \(SpecError.quoted(tag))")
            }
            if valueNode.isScalar, let flag = try? valueNode.bool() { return FontFeature(tag: tag, value: flag ? 1 : 0) }
            return FontFeature(tag: tag, value: UInt32(try valueNode.integer(in: 0...65_535, what: tag)))
        }
    }

    static func number(in range: ClosedRange<Double>, what: String) -> (SpecNode) throws -> Double {
        { try $0.number(in: range, what: what) }
    }

    /// One number for every side, or `[vertical, horizontal]` as in CSS; stored as x = horizontal.
    static func padding(_ node: SpecNode) throws -> Point2 {
        let range = 0...SpecLimits.coordinate.upperBound
        if node.isScalar {
            let all = try node.number(in: range, what: "padding")
            return Point2(x: all, y: all)
        }
        let items = try node.sequence()
        guard items.count == 2 else {
            throw node.error("padding is one number or [vertical, horizontal], got a list of \(items.count)")
        }
        return Point2(
            x: try items[1].number(in: range, what: "horizontal padding"),
            y: try items[0].number(in: range, what: "vertical padding"))
    }
}
