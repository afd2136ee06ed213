import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeOutput
import KinetypeRender
import KinetypeScene

/// A grid of a scene's frames, each scaled down by area averaging and labelled with its frame
/// number and time in kinetype's own text: the quickest way to see a whole animation, or to
/// review goldens.
public struct ContactSheet: Sendable {
    public var frames: [Int]
    public var columns: Int
    /// The sheet's width in pixels; cells share it.
    public var width: Int

    public static let margin = 12
    public static let labelHeight = 22

    public init(frames: [Int], columns: Int = 4, width: Int = 1600) {
        self.frames = frames
        self.columns = max(1, min(columns, frames.count))
        self.width = width
    }

    /// `count` frames evenly spaced from the first to the last.
    public static func evenlySpaced(count: Int, frameCount: Int) -> [Int] {
        guard count > 1, frameCount > 1 else { return [0] }
        // More than every frame is every frame (and never an array of --count entries).
        let count = min(count, frameCount)
        return Array(Set((0..<count).map { Int((Double($0) * Double(frameCount - 1) / Double(count - 1)).rounded()) })).sorted()
    }

    /// Renders the sheet (frames on up to `jobs` threads).
    public func render(
        _ scene: Scene, catalog: FontCatalog = .standard,
        jobs: Int = AvailableCPUs.count
    ) throws -> RGBAImage {
        let margin = Self.margin, labelHeight = Self.labelHeight
        let cellWidth = (width - margin * (columns + 1)) / columns
        guard cellWidth >= 8 else { throw SceneError(message: "a sheet \(width) px wide has no room for \(columns) columns") }
        let cellHeight = max(1, Int((Double(scene.canvas.height) * Double(cellWidth) / Double(scene.canvas.width)).rounded()))
        let rows = (frames.count + columns - 1) / columns
        let height = margin + rows * (cellHeight + labelHeight + margin)
        guard height <= SpecLimits.canvasSide.upperBound, width <= SpecLimits.canvasSide.upperBound else {
            throw SceneError(message: "the sheet would be \(width)×\(height) px; ask for fewer frames or a narrower sheet")
        }
        // The labels, drawn by kinetype as a scene of their own on the sheet's background.
        let font = try FontSpec.system(catalog: catalog)
        let labels = frames.enumerated().map { index, frame in
            Layer(
                id: "label\(index)", text: .constant(String(format: "frame %d · %.3f s", frame, scene.time(ofFrame: frame))),
                font: font, size: .constant(13),
                position: .constant(
                    Point2(
                        x: Double(margin + (index % columns) * (cellWidth + margin)),
                        y: Double(margin + (index / columns) * (cellHeight + labelHeight + margin) + cellHeight + 16))),
                anchor: .baselineLeft, color: .constant(RGBA(r: 0.25, g: 0.27, b: 0.3, a: 1)))
        }
        let labelScene = try Scene(
            canvas: CanvasSpec(width: width, height: height, background: RGBA(r: 0.96, g: 0.96, b: 0.95, a: 1)),
            fps: 1, duration: 1, layers: labels, catalog: catalog)
        var sheet = try FrameRenderer(scene: labelScene).render(frame: 0).rgbaImage

        let cells = Cells(count: frames.count)
        let workers = max(1, min(jobs, frames.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            guard let renderer = try? FrameRenderer(scene: scene) else { return }
            for index in stride(from: worker, to: frames.count, by: workers) {
                if let canvas = try? renderer.render(frame: frames[index]) {
                    cells.set(index, Self.scaled(canvas.rgbaImage, width: cellWidth, height: cellHeight))
                }
            }
        }
        for (index, cell) in cells.values.enumerated() {
            guard let cell else { throw SceneError(message: "frame \(frames[index]) could not be rendered") }
            Self.paste(
                cell, into: &sheet, x: margin + (index % columns) * (cellWidth + margin),
                y: margin + (index / columns) * (cellHeight + labelHeight + margin))
        }
        return sheet
    }

    /// Area-averaging downscale (each output pixel the mean of the source area it covers, in
    /// premultiplied alpha), so thin strokes fade rather than alias.
    static func scaled(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let y0 = Double(y) * sy, y1 = y0 + sy
            for x in 0..<width {
                let x0 = Double(x) * sx, x1 = x0 + sx
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0), area = 0.0
                for row in Int(y0)..<min(image.height, Int(y1.rounded(.up))) {
                    let wy = min(Double(row + 1), y1) - max(Double(row), y0)
                    for column in Int(x0)..<min(image.width, Int(x1.rounded(.up))) {
                        let w = wy * (min(Double(column + 1), x1) - max(Double(column), x0))
                        let p = (row * image.width + column) * 4
                        let a = Double(image.pixels[p + 3]) / 255
                        sum.r += w * a * Double(image.pixels[p]); sum.g += w * a * Double(image.pixels[p + 1])
                        sum.b += w * a * Double(image.pixels[p + 2]); sum.a += w * a; area += w
                    }
                }
                let q = (y * width + x) * 4
                let alpha = area > 0 ? sum.a / area : 0
                if sum.a > 0 {
                    out[q] = UInt8(min(255, (sum.r / sum.a).rounded())); out[q + 1] = UInt8(min(255, (sum.g / sum.a).rounded()))
                    out[q + 2] = UInt8(min(255, (sum.b / sum.a).rounded()))
                }
                out[q + 3] = UInt8(min(255, (alpha * 255).rounded()))
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Draws `cell` onto an opaque sheet at (x, y); transparent frames show a checkerboard.
    static func paste(_ cell: RGBAImage, into sheet: inout RGBAImage, x: Int, y: Int) {
        for row in 0..<cell.height where y + row < sheet.height {
            for column in 0..<cell.width where x + column < sheet.width {
                let s = (row * cell.width + column) * 4, t = ((y + row) * sheet.width + x + column) * 4
                let a = Int(cell.pixels[s + 3])
                let checker: Int = ((row / 8 + column / 8) % 2 == 0) ? 255 : 215
                for channel in 0..<3 {
                    sheet.pixels[t + channel] = UInt8((Int(cell.pixels[s + channel]) * a + checker * (255 - a)) / 255)
                }
                sheet.pixels[t + 3] = 255
            }
        }
    }

    private final class Cells: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [RGBAImage?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: RGBAImage) { lock.lock(); values[index] = value; lock.unlock() }
    }
}
