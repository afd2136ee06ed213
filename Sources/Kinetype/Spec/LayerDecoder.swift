import Foundation
import KinetypeMotion
import KinetypeText

/// Reads one text layer, including its font, which is resolved against the catalog here so a
/// missing family is reported at load time with the field's line.
struct LayerDecoder {
    let catalog: FontCatalog
    let specDirectory: URL

    static let fields = ["id", "text", "font", "size", "position", "anchor", "color", "opacity"]

    func decode(_ node: SpecNode, index: Int, warnings: inout [String]) throws -> TextLayer {
        let fields = try node.mapping(allowed: Self.fields)
        var properties = PropertyDecoder()
        defer { warnings += properties.warnings }

        let id = try fields.optional("id")?.string() ?? "layer\(index)"
        let text = try properties.textProperty(fields.required("text"))
        let font = try decodeFont(fields.required("font"), properties: &properties)
        let size = try properties.property(fields.required("size"), value: ValueDecoders.number(in: SpecLimits.size, what: "size"))
        let position = try fields.optional("position").map { try properties.property($0, value: ValueDecoders.point) }
            ?? .constant(Point2(x: 0, y: 0))
        var anchor = Anchor.center
        if let anchorNode = fields.optional("anchor") {
            let name = try anchorNode.string()
            guard let value = Anchor(rawValue: name) else {
                throw anchorNode.error("unknown anchor \"\(name)\"; allowed: \(Anchor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            anchor = value
        }
        let color = try fields.optional("color").map { try properties.property($0, value: { try ValueDecoders.color($0) }) }
            ?? .constant(RGBA(r: 0, g: 0, b: 0, a: 1))
        let opacity = try fields.optional("opacity").map { try properties.property($0, value: ValueDecoders.number(in: 0...1, what: "opacity")) }
            ?? .constant(1)
        return TextLayer(id: id, text: text, font: font, size: size, position: position, anchor: anchor,
                         color: color, opacity: opacity)
    }

    private func decodeFont(_ node: SpecNode, properties: inout PropertyDecoder) throws -> FontSpec {
        let fields = try node.mapping(allowed: ["family", "file", "system", "weight", "design", "variations"])
        let sources = ["family", "file", "system"].filter { fields.optional($0) != nil }
        guard sources.count == 1 else {
            throw node.error(sources.isEmpty ? "a font needs one of family, file or system: true"
                                             : "a font takes only one of family, file or system; got \(sources.joined(separator: " and "))")
        }
        let source: FontSpec.Source
        let family: FontFamily
        if let familyNode = fields.optional("family") {
            let name = try familyNode.string()
            source = .family(name)
            do { family = try catalog.family(named: name) } catch let error as FontLookupError {
                throw familyNode.error(error.description)
            }
        } else if let fileNode = fields.optional("file") {
            let relative = try fileNode.string()
            let path = relative.hasPrefix("/") ? relative : specDirectory.appendingPathComponent(relative).standardizedFileURL.path
            source = .file(path)
            do { family = try FontCatalog.file(at: path) } catch let error as FontError {
                throw fileNode.error(error.description)
            }
        } else {
            let systemNode = try fields.required("system")
            guard try systemNode.bool() else { throw systemNode.error("system must be true (or use family or file)") }
            let design = try fields.optional("design")?.string() ?? "default"
            source = .system(design: design)
            do { family = try catalog.systemFamily(design: design) } catch let error as FontLookupError {
                throw (fields.optional("design") ?? systemNode).error(error.description)
            } catch {
                throw systemNode.error("the system font for design \"\(design)\" is missing from fonts/: \(error)")
            }
        }
        if let design = fields.optional("design"), source != .system(design: (try? design.string()) ?? "") {
            throw design.error("design applies to the system font only; use system: true")
        }
        let weight = try fields.optional("weight").map {
            try properties.property($0, value: ValueDecoders.number(in: SpecLimits.weight, what: "weight"))
        }
        var variations: [String: Property<Double>] = [:]
        if let node = fields.optional("variations") {
            guard let mapping = node.node.mapping else { throw node.error("expected a mapping of axis tags to values, e.g. {wght: 650}") }
            for (key, value) in mapping {
                guard let tag = key.scalar?.string, tag.utf8.count == 4, tag.allSatisfy(\.isASCII) else {
                    throw node.error("variation axis tags are 4 ASCII characters, e.g. wght, wdth, opsz")
                }
                let axisNode = node.child(value, key: tag)
                if tag == "wght", !family.files.contains(where: { $0.weightAxis != nil }) {
                    properties.warnings.append("\(axisNode.path): \(family.name) has no wght axis; the setting has no effect")
                }
                variations[tag] = try properties.property(axisNode, value: { try $0.number() })
            }
        }
        return FontSpec(source: source, family: family, weight: weight, variations: variations)
    }
}
