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

    /// The names `series(…)` accepts.
    public static var propertyNames: [String] {
        Layer.properties.flatMap { property -> [String] in
            switch property.kind {
            case .point: return [property.path + ".x", property.path + ".y"]
            case .color, .axes: return []
            default: return [property.path]
            }
        }
    }

    /// One property of `layer` sampled at `samples` evenly spaced times over the scene.
    public static func series(_ name: String, layer: GroupedLayer, scene: Scene, samples: Int) throws -> Series {
        let parts = name.split(separator: ".").map(String.init)
        let component: Int? = ["x": 0, "y": 1][parts.last ?? ""]
        let path = component == nil ? name : parts.dropLast().joined(separator: ".")
        guard let property = Layer.properties.first(where: { $0.path == path }), propertyNames.contains(name) else {
            throw SceneError(message: "cannot plot \"\(name)\"; plottable properties: \(propertyNames.joined(separator: ", "))")
        }
        func number(_ value: InspectValue?) -> Double? {
            switch value {
            case let .number(number)?: return number
            case let .numbers(numbers)?: return component.map { numbers[$0] }
            case let .text(text)?:
                let digits = text.drop { !$0.isNumber && $0 != "-" }.prefix { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
                return Double(digits.replacingOccurrences(of: ",", with: ""))
            default: return nil
            }
        }
        let duration = scene.duration
        let points = (0..<samples).compactMap { index -> (Double, Double)? in
            let t = duration * Double(index) / Double(max(samples - 1, 1))
            // Outside its in and out points the layer has no values to plot.
            guard layer.isShown(at: t) else { return nil }
            return number(property.reportedValue(in: layer.state(at: t))).map { (t, $0) }
        }
        guard !points.isEmpty else { throw SceneError(message: "\(layer.id) has no \(name) to plot") }
        // In the scene's time (a grouped layer's keyframes count from its groups' start).
        let keyframeTimes = (property.value(of: layer.layer)?.keyframeTimes ?? []).map { $0 + layer.timeOffset }
        let keyframes = keyframeTimes.filter { $0 <= duration }.compactMap { t in
            number(property.reportedValue(in: layer.state(at: t))).map { (t, $0) }
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
        switch name {
        case "opacity": return "0…1"
        case "font.weight": return "weight"
        case "text": return "its number"
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
