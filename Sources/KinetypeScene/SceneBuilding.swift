import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Building scenes in Swift: public initializers that resolve fonts and plan fallbacks exactly as
/// a spec file does, so `import Kinetype` alone is enough to make and render an animation.

extension FontCatalog {
    /// The bundled fonts (`fonts/`, or `$KINETYPE_FONTS_DIR`), then the system's.
    public static var standard: FontCatalog { FontCatalog(bundledDirectory: BundledFonts.directory) }
}

extension FontSpec {
    /// A family by name ("DejaVu Serif"), matched without regard to case: bundled fonts first,
    /// then the system's. Throws `FontLookupError` (with close names) for an unknown family.
    public static func family(
        _ name: String, weight: Property<Double>? = nil, variations: [String: Property<Double>] = [:],
        catalog: FontCatalog = .standard
    ) throws -> FontSpec {
        FontSpec(source: .family(name), family: try catalog.family(named: name), weight: weight, variations: variations)
    }

    /// A font file.
    public static func file(
        _ path: String, weight: Property<Double>? = nil,
        variations: [String: Property<Double>] = [:]
    ) throws -> FontSpec {
        FontSpec(source: .file(path), family: try FontCatalog.file(at: path), weight: weight, variations: variations)
    }

    /// The system font for a design: `default` (Inter), `serif`, `rounded`, `monospaced`.
    public static func system(
        design: String = "default", weight: Property<Double>? = nil,
        variations: [String: Property<Double>] = [:], catalog: FontCatalog = .standard
    ) throws -> FontSpec {
        FontSpec(
            source: .system(design: design), family: try catalog.systemFamily(design: design), weight: weight,
            variations: variations)
    }

    /// The font of a text that names none (`Text("…")`, a spec's text layer without `font:`): the
    /// system font of the default design, as SwiftUI's `Text` draws in the system font.
    package static let textDefault: FontSpec = {
        // Resolved once, from the bundled fonts alone, so a default never depends on the machine.
        let bundled = FontCatalog(bundledDirectory: BundledFonts.directory, useSystemFonts: false)
        return (try? system(catalog: bundled))
            ?? FontSpec(
                source: .system(design: Design.default.rawValue), family: FontFamily(name: "", files: []), weight: nil, variations: [:])
    }()

    /// Whether its files were found (only the default can be missing them: `fonts/` was not found
    /// when it was made).
    package var isResolved: Bool { !family.files.isEmpty }
}

/// A scene built in Swift that breaks a documented limit.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }

    package init(message: String) { self.message = message }
}

extension Scene {
    /// A scene built in Swift, checked against the limits a spec file has, with each layer's
    /// fallback fonts planned as a spec's are: the families in `fallbackFonts`, then bundled and
    /// system fonts that cover its texts. A layer with an empty id is named `layer0`, `layer1`, …
    /// by its place, as a spec file names a layer without one.
    public init(
        canvas: CanvasSpec, fps: Double, duration: Double, layers: [Layer],
        fallbackFonts: [String] = [], catalog: FontCatalog = .standard
    ) throws {
        guard SpecLimits.canvasSide.contains(canvas.width), SpecLimits.canvasSide.contains(canvas.height) else {
            throw SceneError(
                message:
                    "canvas \(canvas.width)×\(canvas.height) is out of range; each side must be \(SpecLimits.canvasSide.lowerBound)…\(SpecLimits.canvasSide.upperBound)"
            )
        }
        guard fps > 0, fps <= SpecLimits.fps.upperBound else {
            throw SceneError(message: "fps must be greater than 0 and at most \(Int(SpecLimits.fps.upperBound)), got \(fps)")
        }
        let frames = (duration * fps).rounded()
        guard duration.isFinite, frames >= 1, frames <= Double(SpecLimits.maxFrames) else {
            throw SceneError(message: "duration × fps must give 1…\(SpecLimits.maxFrames) frames, got \(duration) s × \(fps) fps")
        }
        let fallbackFiles = try fallbackFonts.map { try catalog.family(named: $0).select(weight: nil).path }
        let planner = try FallbackPlanner(catalog: catalog)
        var warnings: [String] = []
        var seen = Set<String>()
        /// Each layer named (`layer0`, … by its place when it has no id) and checked to be the
        /// only one of its id in frames, and each text's fallback fonts planned.
        func planned(_ layers: [Layer], prefix: String) throws -> [Layer] {
            let named = try layers.enumerated().map { index, written in
                var layer = written.id.isEmpty ? written.id("layer\(index)") : written
                let id = prefix + layer.id
                guard seen.insert(id).inserted else { throw SceneError(message: "layer id \"\(id)\" is used twice") }
                switch layer.content {
                case var .group(group):
                    group.layers = try planned(group.layers, prefix: id + "/")
                    layer.content = .group(group)
                case var .text(text):
                    if !text.font.isResolved {
                        do { text.font.family = try catalog.systemFamily(design: text.font.design.rawValue) } catch {
                            throw SceneError(message: "\(id): a text without a font draws in the system font, which is missing: \(error)")
                        }
                    }
                    let plan = try planner.plan(
                        fonts: [text.font.family.select(weight: nil).path] + fallbackFiles, texts: text.text.allValues)
                    text.font.fallbacks = fallbackFiles + plan.files
                    layer.content = .text(text)
                    if !plan.uncovered.isEmpty {
                        warnings.append(
                            "\(id): no font covers \(plan.uncovered.prefix(8).map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")); drawn as the missing-glyph box"
                        )
                    }
                case .shape, .image, .video, .path: break
                }
                return layer
            }
            for layer in named {
                if let problem = layer.parentProblem(among: named) { throw SceneError(message: "\(prefix + layer.id): \(problem)") }
            }
            return named
        }
        let planned = try planned(layers, prefix: "")
        self.init(canvas: canvas, fps: fps, duration: duration, layers: planned, sourcePath: "(Swift)", warnings: warnings)
    }
}

extension Scene {
    /// A scene written as SwiftUI writes a view: its layers, in drawing order (later on top), listed
    /// in the closure; `if`, `for` and ``TextRow``s work there too.
    ///
    /// ```swift
    /// let serif = try FontSpec.family("DejaVu Serif")
    /// let scene = try Scene(width: 640, height: 240, fps: 30, duration: 2) {
    ///     Text("Hello, World!", font: serif, size: 48).position(x: 320, y: 120)
    /// }
    /// ```
    public init(
        width: Int, height: Int, background: RGBA = .white, fps: Double, duration: Double, fallbackFonts: [String] = [],
        catalog: FontCatalog = .standard, @LayerBuilder layers: () throws -> [Layer]
    ) throws {
        try self.init(
            canvas: CanvasSpec(width: width, height: height, background: background), fps: fps, duration: duration,
            layers: try layers(), fallbackFonts: fallbackFonts, catalog: catalog)
    }
}
