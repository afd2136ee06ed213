import Foundation
import KinetypeMotion

/// The `d` of an SVG file's first `<path>` (in document order, comments and CDATA skipped), with
/// the `transform`s of the path and the elements around it applied: a logo exported from Figma or
/// Illustrator drops in as a path layer's `d`. Coordinates are the file's user units; its `viewBox`,
/// `width` and `height`, `<use>` references, styles and other shapes (`<rect>`, `<circle>`…) are not
/// read.
public enum SVGPathFile {
    /// Why a file gives no path data.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
    }

    /// The outline of the file's first `<path>`; its ``PathOutline/file`` is `path`.
    public static func outline(path: String) throws -> PathOutline {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw Problem(message: "cannot read \(name)\(missing ? ": there is no such file" : "") (\(path))")
        }
        let text = String(decoding: data, as: UTF8.self)
        let (d, transform) = try firstPath(in: text, name: name)
        var outline: PathOutline
        do { outline = try PathOutline(d) } catch let problem as PathData.Problem {
            throw Problem(message: "\(name): the first <path>'s d, \(problem)")
        }
        if let transform, transform != .identity { outline = outline.transformed(by: transform) }
        outline.file = path
        return outline
    }

    /// The first `<path>`'s `d` and the product of the transforms on it and its ancestors.
    static func firstPath(in text: String, name: String) throws -> (d: String, transform: AffineMap?) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        // Open elements' transforms, innermost last.
        var stack: [(name: String, transform: AffineMap)] = []
        func starts(with prefix: String, at position: Int) -> Bool {
            let p = Array(prefix.unicodeScalars)
            return position + p.count <= scalars.count && Array(scalars[position..<position + p.count]) == p
        }
        func skip(past end: String) throws {
            while index < scalars.count, !starts(with: end, at: index) { index += 1 }
            guard index < scalars.count else { throw Problem(message: "\(name): the file ends inside a comment or declaration") }
            index += end.unicodeScalars.count
        }
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            if starts(with: "<!--", at: index) {
                try skip(past: "-->")
            } else if starts(with: "<![CDATA[", at: index) {
                try skip(past: "]]>")
            } else if starts(with: "<?", at: index) {
                try skip(past: "?>")
            } else if starts(with: "<!", at: index) {
                try skip(past: ">")
            } else if starts(with: "</", at: index) {
                try skip(past: ">")
                if !stack.isEmpty { stack.removeLast() }
            } else {
                index += 1
                let tag = try element(scalars, &index, name: name)
                let own = try tag.attributes["transform"].map { try transform($0, name: name) } ?? .identity
                let outer = stack.last?.transform ?? .identity
                if tag.name == "path" || tag.name.hasSuffix(":path") {
                    guard let d = tag.attributes["d"] else { throw Problem(message: "\(name): the first <path> has no d attribute") }
                    let combined = outer.concatenating(own)
                    return (d, combined == .identity ? nil : combined)
                }
                if !tag.selfClosing { stack.append((tag.name, outer.concatenating(own))) }
            }
        }
        throw Problem(message: "\(name) has no <path> element")
    }

    /// A start tag's name and attributes (entities decoded), `index` just after its `<`.
    private static func element(
        _ scalars: [Unicode.Scalar], _ index: inout Int, name file: String
    ) throws -> (name: String, attributes: [String: String], selfClosing: Bool) {
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" }
        func word() -> String {
            var word = String.UnicodeScalarView()
            while index < scalars.count, !isSpace(scalars[index]), !"=/>\"'".unicodeScalars.contains(scalars[index]) {
                word.append(scalars[index])
                index += 1
            }
            return String(word)
        }
        let tag = word()
        var attributes: [String: String] = [:]
        while true {
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count else { throw Problem(message: "\(file): the file ends inside <\(tag)>") }
            if scalars[index] == ">" {
                index += 1
                return (tag, attributes, false)
            }
            if scalars[index] == "/" {
                index += 1
                guard index < scalars.count, scalars[index] == ">" else { throw Problem(message: "\(file): a stray / in <\(tag)>") }
                index += 1
                return (tag, attributes, true)
            }
            let key = word()
            guard !key.isEmpty else { throw Problem(message: "\(file): an unreadable attribute in <\(tag)>") }
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count, scalars[index] == "=" else { continue }  // an attribute without a value
            index += 1
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
                throw Problem(message: "\(file): the value of \(key) in <\(tag)> is not quoted")
            }
            let quote = scalars[index]
            index += 1
            var value = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != quote {
                value.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { throw Problem(message: "\(file): the file ends inside the value of \(key) in <\(tag)>") }
            index += 1
            attributes[key] = decodeEntities(String(value))
        }
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references decoded.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let replacement = named[String(entity)] {
                result += replacement
            } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// An SVG `transform` list: `matrix`, `translate`, `scale`, `rotate` (about a point too),
    /// `skewX` and `skewY`, applied right to left as SVG says.
    static func transform(_ text: String, name: String) throws -> AffineMap {
        var result = AffineMap.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "(") {
            let function = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\n\t\r"))
            guard let close = rest[open...].firstIndex(of: ")") else { throw Problem(message: "\(name): transform \"\(text)\" lacks a )") }
            let numbers = rest[rest.index(after: open)..<close].split(whereSeparator: { " ,\n\t\r".contains($0) }).map { Double($0) }
            guard numbers.allSatisfy({ $0?.isFinite ?? false }) else {
                throw Problem(message: "\(name): transform \"\(text)\" has a value that is not a number")
            }
            let n = numbers.map { $0! }
            func bad() -> Problem {
                Problem(message: "\(name): transform \(function)(…) takes other values than \(n.count); in \"\(text)\"")
            }
            let step: AffineMap
            switch function {
            case "matrix":
                guard n.count == 6 else { throw bad() }
                step = AffineMap(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
            case "translate":
                guard n.count == 1 || n.count == 2 else { throw bad() }
                step = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: n[0], ty: n.count == 2 ? n[1] : 0)
            case "scale":
                guard n.count == 1 || n.count == 2 else { throw bad() }
                step = AffineMap(a: n[0], b: 0, c: 0, d: n.count == 2 ? n[1] : n[0], tx: 0, ty: 0)
            case "rotate":
                guard n.count == 1 || n.count == 3 else { throw bad() }
                let angle = n[0] * .pi / 180
                let turn = AffineMap(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
                if n.count == 3 {
                    let there = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: n[1], ty: n[2])
                    let back = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: -n[1], ty: -n[2])
                    step = there.concatenating(turn).concatenating(back)
                } else {
                    step = turn
                }
            case "skewX":
                guard n.count == 1 else { throw bad() }
                step = AffineMap(a: 1, b: 0, c: tan(n[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case "skewY":
                guard n.count == 1 else { throw bad() }
                step = AffineMap(a: 1, b: tan(n[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default:
                throw Problem(
                    message: "\(name): unknown transform \"\(function)\"; allowed: matrix, translate, scale, rotate, skewX, skewY")
            }
            result = result.concatenating(step)
            rest = rest[rest.index(after: close)...]
        }
        guard rest.trimmingCharacters(in: CharacterSet(charactersIn: " ,\n\t\r")).isEmpty else {
            throw Problem(message: "\(name): transform \"\(text)\" ends in something that is no transform")
        }
        return result
    }
}
