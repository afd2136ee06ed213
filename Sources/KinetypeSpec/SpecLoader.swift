import KinetypeFiles
import KinetypeScene
import Foundation
import KinetypeMotion
import KinetypeText

/// Reads a spec file (YAML or JSON, by extension), checks it and resolves its fonts.
public struct SpecLoader: Sendable {
    public var catalog: FontCatalog

    public init(catalog: FontCatalog = FontCatalog(bundledDirectory: BundledFonts.directory)) {
        self.catalog = catalog
    }

    /// - Parameter parameters: values for the spec's `params:`, by name, as text.
    public func load(path: String, parameters: [String: String] = [:]) throws -> Scene {
        try template(path: path).scene(parameters: parameters)
    }

    public enum SpecFormat: Sendable { case yaml, json }

    public func load(text: String, format: SpecFormat, path: String, parameters values: [String: String] = [:]) throws -> Scene {
        try template(text: text, format: format, path: path).scene(parameters: values)
    }

    /// A spec file parsed once, to be decoded with many rows' parameters (`kinetype batch`).
    public func template(path: String) throws -> SpecTemplate {
        let url = URL(fileURLWithPath: path)
        let format: SpecFormat
        switch url.pathExtension.lowercased() {
        case "yaml", "yml": format = .yaml
        case "json": format = .json
        default:
            throw SpecError(
                file: path, message: "unknown spec format \(SpecError.quoted("." + url.pathExtension)); use a .yaml, .yml or .json file")
        }
        return try template(text: SpecFile.text(SpecFile.read(path: path), path: path), format: format, path: path)
    }

    func template(text: String, format: SpecFormat, path: String) throws -> SpecTemplate {
        guard text.utf8.count <= SpecLimits.maxSpecBytes else {
            throw SpecError(file: path, message: "the spec is larger than the limit of \(SpecLimits.maxSpecBytes >> 20) MiB")
        }
        let root: SpecValue?
        switch format {
        case .yaml:
            root = try YAMLReader.compose(text, file: path).map(SpecValue.yaml)
        case .json:
            do { root = try JSONParser.parse(text, maxDepth: SpecLimits.maxNesting).map(SpecValue.json) } catch {
                throw SpecError(file: path, line: error.line, column: error.column, path: error.path, message: error.message)
            }
        }
        guard let root else {
            // Nothing to point at but the start: the shape stays file:line:column for editors.
            throw SpecError(file: path, line: 1, column: 1, message: "the spec is empty; it needs canvas, fps, duration and layers")
        }
        return SpecTemplate(root: root, path: path, catalog: catalog)
    }
}

/// A parsed spec, decoded into a scene for given values of its parameters.
public struct SpecTemplate: @unchecked Sendable {
    let root: SpecValue
    let path: String
    let catalog: FontCatalog

    public func scene(parameters values: [String: String]) throws -> Scene {
        let decoder = SceneDecoder(catalog: catalog, specDirectory: URL(fileURLWithPath: path).deletingLastPathComponent())
        var node = SpecNode(value: root, path: "", file: path)
        let declared = node.isMapping ? try node.mapping(allowed: nil).optional("params") : nil
        let parameters = try SpecParameters(declared, values: values)
        node.parameters = parameters
        var scene = try decoder.decode(node)
        if let unused = parameters.unused.first {
            throw unused.node.error("parameter \(unused.name) is declared but no ${\(unused.name)} refers to it")
        }
        scene.parameters = parameters.names.compactMap { parameters.parameters[$0] }.map {
            SceneParameter(name: $0.name, kind: $0.kind.rawValue, value: $0.value)
        }
        return scene
    }
}

extension SpecLoader {
    /// Why `value` is not a value of a parameter of `kind` (`SceneParameter.kind`), or nil.
    public static func problem(with value: String, as kind: String) -> String? {
        SpecParameters.Kind(rawValue: kind).flatMap { SpecParameters.problem(value, as: $0) }
    }
}
