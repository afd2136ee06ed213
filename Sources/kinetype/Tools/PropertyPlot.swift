import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeOutput
import KinetypeRender
import KinetypeScene

/// A chart of a layer's animatable properties over the scene's duration: each property's value
/// at every pixel column of the time axis, its keyframes marked, axes with ticks and units. Drawn
/// through kinetype's own pipeline: labels are text layers, lines and marks are rectangles with
/// exact area coverage. How an author tunes a spring without rendering a GIF.
public struct PropertyPlot: Sendable {
    /// A property to plot: a declared layer property (`size`, `opacity`, `font.weight`, `tracking`,
    /// `box.width`), a component of a point (`position.x`, `position.y`), or `text` (the first
    /// number in it, for counting texts).
    public struct Series: Sendable {
        public var name: String
        public var samples: [(time: Double, value: Double)]
        public var keyframes: [(time: Double, value: Double)]
    }

    public var width: Int
    public var height: Int

    public init(width: Int = 1000, height: Int = 500) {
        self.width = width
        self.height = height
    }

    /// A property a layer has that `series(…)` can sample: its value in a layer's state at a
    /// time (nil when the state has none) and its keyframe times in the layer's own time.
    struct Plottable {
        var name: String
        var keyframeTimes: [Double]
        var value: (LayerState) -> Double?
        var isAnimated: Bool { !keyframeTimes.isEmpty }
    }

    /// The names `series(…)` accepts on some layer: the declared layer properties.
    public static var propertyNames: [String] {
        Layer.properties.flatMap { property -> [String] in
            switch property.kind {
            case .point: return [property.path + ".x", property.path + ".y"]
            case .color, .axes: return []
            default: return [property.path]
            }
        }
    }

    /// The number in an evaluated value: a number, a point's component, or a text's first number.
    private static func number(_ value: InspectValue?, _ component: Int?) -> Double? {
        switch value {
        case let .number(number)?: return component == nil ? number : nil
        case let .numbers(numbers)?: return component.flatMap { numbers.indices.contains($0) ? numbers[$0] : nil }
        case let .text(text)?:
            let digits = text.drop { !$0.isNumber && $0 != "-" }.prefix { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
            return Double(digits.replacingOccurrences(of: ",", with: ""))
        default: return nil
        }
    }

    /// A described feature's animatable numbers and points (`transform.scale.x`, `trim.end`, a
    /// shape's `size.x`), evaluated as the layer's state holds them.
    private static func plottables<Feature: DescribedFeature>(
        _ feature: Feature?, _ prefix: String, _ state: @escaping (LayerState) -> Feature.State?
    ) -> [Plottable] {
        guard let feature else { return [] }
        return Feature.fields.filter(\.isAnimatable).flatMap { field -> [Plottable] in
            let components: [(String, Int?)]
            switch field.kind {
            case .number, .integer: components = [("", nil)]
            case .point: components = [(".x", 0), (".y", 1)]
            // Printed as CSS writes it: [vertical, horizontal].
            case .padding: components = [(".vertical", 0), (".horizontal", 1)]
            default: return []
            }
            let times = field.value(of: feature).keyframeTimes
            return components.map { suffix, component in
                Plottable(name: prefix + field.key + suffix, keyframeTimes: times) { layerState in
                    state(layerState).flatMap { number(field.reportedValue(in: $0), component) }
                }
            }
        }
    }

    /// Every property of `layer` a chart can show: the declared properties its kind reads (a
    /// shape, image, video or path layer reads `position` and `opacity`, a text the rest too, an
    /// optional one only when given) and its features' animatable numbers.
    /// A gradient fill's animatable fields, under its kind's key.
    private static func fillPlottables(_ fill: GradientFill?) -> [Plottable] {
        switch fill {
        case let .linear(gradient)?:
            return plottables(gradient, "fill.linearGradient.") { if case let .linear(state)? = $0.gradient { state } else { nil } }
        case let .radial(gradient)?:
            // `endRadius` is plotted as `radius`, its other name.
            return plottables(gradient, "fill.radialGradient.") { if case let .radial(state)? = $0.gradient { state } else { nil } }
                .filter { $0.name != "fill.radialGradient.endRadius" }
        case let .conic(gradient)?:
            return plottables(gradient, "fill.conicGradient.") { if case let .conic(state)? = $0.gradient { state } else { nil } }
        case nil: return []
        }
    }

    static func plottables(of layer: Layer) -> [Plottable] {
        let isText = layer.textContent != nil
        let first = layer.state(at: 0)
        let declared = Layer.properties.flatMap { property -> [Plottable] in
            guard isText || Layer.shapeProperties.contains(property.path), property.reportedValue(in: first) != nil else { return [] }
            let components: [(String, Int?)]
            switch property.kind {
            case .point: components = [(".x", 0), (".y", 1)]
            case .color, .axes: return []
            default: components = [("", nil)]
            }
            let times = property.value(of: layer)?.keyframeTimes ?? []
            return components.map { suffix, component in
                Plottable(name: property.path + suffix, keyframeTimes: times) { number(property.reportedValue(in: $0), component) }
            }
        }
        var content: [Plottable] = []
        switch layer.content {
        case .text, .group: break
        case let .shape(shape):
            content =
                plottables(shape, "") { if case let .shape(state, _) = $0.content { state } else { nil } }
                + plottables(shape.trim, "trim.") { if case let .shape(_, trim) = $0.content { trim } else { nil } }
        case let .image(image): content = plottables(image, "") { if case let .image(state) = $0.content { state } else { nil } }
        case let .video(video): content = plottables(video, "") { if case let .video(state) = $0.content { state } else { nil } }
        case let .path(path):
            content =
                plottables(path, "") { if case let .path(state, _) = $0.content { state } else { nil } }
                + plottables(path.trim, "trim.") { if case let .path(_, trim) = $0.content { trim } else { nil } }
        }
        let features =
            plottables(layer.transform, "transform.") { $0.transform } + plottables(layer.mask, "mask.") { $0.mask }
            + plottables(layer.stroke, "stroke.") { $0.stroke } + fillPlottables(layer.fill)
            + plottables(layer.textContent?.background, "background.") { $0.background }
            + plottables(layer.glow, "glow.") { $0.effects.glow } + plottables(layer.colorAdjust, "colorAdjust.") { $0.effects.colorAdjust }
            + plottables(layer.dropShadow, "dropShadow.") { $0.effects.dropShadow }
            + layer.shadows.enumerated().flatMap { index, shadow in
                plottables(shadow, "shadows[\(index)].") { $0.shadows.indices.contains(index) ? $0.shadows[index] : nil }
            }
        return declared + content + features
    }

    /// One property of `layer` sampled at `samples` evenly spaced times over the scene. A
    /// property the layer does not have (a shape's `tracking`, `mask.size` without a mask) is
    /// refused, naming those it has; one it has but does not animate is drawn flat, its value.
    public static func series(_ name: String, layer: GroupedLayer, scene: Scene, samples: Int) throws -> Series {
        let all = plottables(of: layer.layer)
        guard let property = all.first(where: { $0.name == name }) else {
            let animated = all.filter(\.isAnimated).map(\.name), constant = all.filter { !$0.isAnimated }.map(\.name)
            throw SceneError(
                message: "cannot plot \"\(name)\" of \(layer.id): it has no such property; plottable properties of \(layer.id): "
                    + "animated: \(animated.isEmpty ? "none" : animated.joined(separator: ", ")); "
                    + "constant: \(constant.isEmpty ? "none" : constant.joined(separator: ", "))")
        }
        let duration = scene.duration
        let points = (0..<samples).compactMap { index -> (Double, Double)? in
            let t = duration * Double(index) / Double(max(samples - 1, 1))
            // Outside its in and out points the layer has no values to plot.
            guard layer.isShown(at: t) else { return nil }
            return property.value(layer.state(at: t)).map { (t, $0) }
        }
        guard !points.isEmpty else { throw SceneError(message: "\(layer.id) has no \(name) to plot") }
        // In the scene's time (a grouped layer's keyframes count from its groups' start).
        let keyframes = property.keyframeTimes.map { $0 + layer.timeOffset }.filter { $0 <= duration }.compactMap { t in
            property.value(layer.state(at: t)).map { (t, $0) }
        }
        return Series(name: name, samples: points, keyframes: keyframes)
    }

    static let palette = [
        RGBA(r: 0.16, g: 0.40, b: 0.85, a: 1), RGBA(r: 0.88, g: 0.30, b: 0.20, a: 1),
        RGBA(r: 0.15, g: 0.62, b: 0.35, a: 1), RGBA(r: 0.55, g: 0.30, b: 0.75, a: 1)
    ]

    /// Draws the series on one chart: time along x (seconds), values along y (their own units).
    public func render(_ series: [Series], title: String, catalog: FontCatalog = .standard) throws -> Canvas {
        let left = 70.0, right = Double(width) - 20, top = 40.0, bottom = Double(height) - 50
        let values = series.flatMap { $0.samples.map(\.value) }
        var low = values.min()!, high = values.max()!
        if high - low < 1e-9 { low -= 1; high += 1 }
        let pad = (high - low) * 0.08
        low -= pad; high += pad
        let duration = series.flatMap { $0.samples.map(\.time) }.max() ?? 1
        let x = { (t: Double) in left + (right - left) * t / max(duration, 1e-9) }
        let y = { (v: Double) in bottom - (bottom - top) * (v - low) / (high - low) }

        var rectangles: [(Rect, RGBA)] = []
        let axis = RGBA(r: 0.25, g: 0.27, b: 0.3, a: 1), grid = RGBA(r: 0.88, g: 0.89, b: 0.9, a: 1)
        var labels: [(String, Point2, Anchor, RGBA)] = []
        for tick in Self.ticks(low, high) {
            rectangles.append((Rect(x: left, y: y(tick) - 0.5, width: right - left, height: 1), grid))
            labels.append((Self.format(tick), Point2(x: left - 8, y: y(tick)), .right, axis))
        }
        for tick in Self.ticks(0, duration) where tick <= duration + 1e-9 {
            rectangles.append((Rect(x: x(tick) - 0.5, y: top, width: 1, height: bottom - top), grid))
            labels.append((Self.format(tick) + " s", Point2(x: x(tick), y: bottom + 8), .top, axis))
        }
        rectangles.append((Rect(x: left - 1, y: top, width: 1.5, height: bottom - top), axis))
        rectangles.append((Rect(x: left - 1, y: bottom, width: right - left + 1, height: 1.5), axis))
        for (index, one) in series.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            // One column of the curve per sample: a 2-px band from the previous value to this one.
            for (a, b) in zip(one.samples, one.samples.dropFirst()) {
                let y0 = y(a.value), y1 = y(b.value)
                rectangles.append(
                    (
                        Rect(
                            x: x(a.time), y: min(y0, y1) - 1, width: max(x(b.time) - x(a.time), 0.5),
                            height: abs(y1 - y0) + 2), colour
                    ))
            }
            for keyframe in one.keyframes {
                rectangles.append((Rect(x: x(keyframe.time) - 4, y: y(keyframe.value) - 4, width: 8, height: 8), colour))
            }
            labels.append(("■ \(one.name) (\(Self.unit(one.name)))", Point2(x: left + 10 + Double(index) * 180, y: 12), .topLeft, colour))
        }
        labels.append((title, Point2(x: right, y: 12), .topRight, axis))

        let font = try FontSpec.system(catalog: catalog)
        let layers = labels.enumerated().map { index, label in
            Layer(
                id: "label\(index)", text: .constant(label.0), font: font, size: .constant(13), position: .constant(label.1),
                anchor: label.2, color: .constant(label.3))
        }
        let canvas = CanvasSpec(width: width, height: height, background: .white)
        let labelScene = try Scene(canvas: canvas, fps: 1, duration: 1, layers: layers, catalog: catalog)
        let library = try FontLibrary()
        let state = labelScene.frameState(at: 0)
        var list = Painter(canvas: canvas, fonts: labelScene.fontFiles).displayList(
            state, layouts: try Layouter(library: library).layouts(state))
        list.items.insert(
            contentsOf: rectangles.map { .fill(FillItem(layer: "chart", rects: [$0.0], paint: Paint(color: $0.1))) }, at: 0)
        return try CanvasRasterizer(library: library, canvas: canvas).draw(list)
    }

    /// The unit of a plotted property, for its legend.
    static func unit(_ name: String) -> String {
        let key = name.split(separator: ".").last.map(String.init) ?? name
        let point = name.split(separator: ".").dropLast().last.map(String.init) ?? ""
        switch name {
        case "font.weight": return "weight"
        case "text": return "its number"
        case "trim.start", "trim.end": return "0…1"
        default: break
        }
        switch key {
        case "opacity", "progress": return "0…1"
        case "rotation", "angle", "skew": return "degrees"
        case "x",
            "y" where point == "scale":
            return "× size"
        default: return "px"
        }
    }

    /// Round tick values: 1, 2 or 5 times a power of ten, about six of them.
    static func ticks(_ low: Double, _ high: Double) -> [Double] {
        let raw = (high - low) / 6
        let power = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? raw
        var ticks: [Double] = []
        var tick = (low / step).rounded(.up) * step
        while tick <= high + step * 1e-9 { ticks.append(abs(tick) < step * 1e-9 ? 0 : tick); tick += step }
        return ticks
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%g", value)
    }
}
