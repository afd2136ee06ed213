import XCTest
@testable import KinetypeRaster

/// Compositing a layer canvas, and its pixels kept apart (`drawnLayer()`), row span by row span:
/// the same floats as the per-pixel formula over the whole drawn rectangle, for every blend mode,
/// opacity, mask (partial, outside, inverted, fractional) and a layer cut by the canvas's edges.
final class LayerCompositingTests: XCTestCase {
    /// The per-pixel formula over every pixel of the layer's drawn rectangle (the code before
    /// the row spans).
    private func reference(
        _ base: Canvas, layer: Canvas, opacity: Double, blend: BlendMode, mask: CoverageMask?, invert: Bool
    ) -> [Float] {
        var out = base.pixels
        guard opacity > 0, let window = layer.drawnWindow else { return out }
        let scale = Float(min(opacity, 1))
        for row in window.y0..<window.y1 {
            for column in window.x0..<window.x1 {
                let index = (row * base.width + column) * 4
                var pixel = SIMD4<Float>(layer.pixels[index], layer.pixels[index + 1], layer.pixels[index + 2], layer.pixels[index + 3])
                guard pixel[3] > 0 else { continue }
                if let mask {
                    let x = column - mask.x, y = row - mask.y
                    var kept: Float = 0
                    if x >= 0, x < mask.width, y >= 0, y < mask.height { kept = Float(mask.coverage[y * mask.width + x]) / 255 }
                    if invert { kept = 1 - kept }
                    guard kept > 0 else { continue }
                    pixel *= kept
                }
                let backdrop = SIMD4<Float>(out[index], out[index + 1], out[index + 2], out[index + 3])
                let result = blend.blend(pixel * scale, over: backdrop)
                for channel in 0..<4 { out[index + channel] = result[channel] }
            }
        }
        return out
    }

    /// A mask of fractional coverage (some rows and columns left empty) at (x, y).
    private func mask(x: Int, y: Int, width: Int, height: Int, seed: Int) -> CoverageMask {
        var mask = CoverageMask(x: x, y: y, width: width, height: height)
        for row in 0..<height where (row + seed) % 5 != 0 {
            for column in 0..<width where (column * 3 + row + seed) % 7 != 0 {
                mask.coverage[row * width + column] = UInt8((row * 37 + column * 11 + seed * 13) % 256)
            }
        }
        return mask
    }

    private func bits(_ pixels: [Float]) -> [UInt32] { pixels.map(\.bitPattern) }

    func testSpansCompositeTheSameFloatsAsThePerPixelFormula() {
        let width = 41, height = 29
        // Layers: inside the canvas, cut by its left and top edges, by its right and bottom edges,
        // and two parts far apart (empty rows and columns between them).
        let layerMasks: [[(x: Int, y: Int, w: Int, h: Int)]] = [
            [(5, 4, 12, 9)], [(-6, -3, 15, 11)], [(30, 20, 20, 14)], [(2, 1, 6, 5), (28, 19, 9, 7)]
        ]
        let keeps: [CoverageMask?] = [
            nil, mask(x: 8, y: 6, width: 20, height: 12, seed: 3), mask(x: -4, y: -2, width: 50, height: 40, seed: 5),
            mask(x: 100, y: 100, width: 3, height: 3, seed: 1)
        ]
        var cases = 0, pixels = 0
        for (layerIndex, parts) in layerMasks.enumerated() {
            var layer = Canvas(width: width, height: height, fill: (0, 0, 0, 0))
            for (index, part) in parts.enumerated() {
                let coverage = mask(x: part.x, y: part.y, width: part.w, height: part.h, seed: layerIndex + index)
                layer.composite(coverage, color: (0.9, 0.3 + 0.2 * Double(index), 0.1, 0.85))
                layer.composite(coverage.moved(dx: 1, dy: 2), color: (0.2, 0.4, 1, 0.5))
            }
            let kept = layer.drawnLayer()!
            XCTAssertEqual(kept.window, layer.drawnWindow)
            for blend in BlendMode.allCases {
                for opacity in [1, 0.37, 1.5, 0] {
                    for keep in keeps {
                        for invert in keep == nil ? [false] : [false, true] {
                            // A backdrop with something drawn on it, over a translucent background.
                            var base = Canvas(width: width, height: height, fill: (0.1, 0.2, 0.3, 0.4))
                            base.composite(mask(x: 3, y: 3, width: 30, height: 20, seed: 7), color: (0.6, 0.8, 0.2, 0.9))
                            let expected = reference(base, layer: layer, opacity: opacity, blend: blend, mask: keep, invert: invert)
                            var fromCanvas = base, fromKept = base
                            fromCanvas.composite(layer: layer, opacity: opacity, blend: blend, mask: keep, invertMask: invert)
                            fromKept.composite(layer: kept, opacity: opacity, blend: blend, mask: keep, invertMask: invert)
                            let what =
                                "layer \(layerIndex), \(blend), opacity \(opacity), mask \(keep.map { "\($0.x),\($0.y)" } ?? "none"), invert \(invert)"
                            XCTAssertEqual(bits(fromCanvas.pixels), bits(expected), what)
                            XCTAssertEqual(bits(fromKept.pixels), bits(expected), what)
                            // Both take over what the layer drew: the same bytes, and cleared back to the background.
                            XCTAssertEqual(fromKept.drawnWindow, fromCanvas.drawnWindow, what)
                            XCTAssertEqual(fromKept.bytes(includeAlpha: true), fromCanvas.bytes(includeAlpha: true), what)
                            fromKept.clear()
                            XCTAssertEqual(
                                bits(fromKept.pixels), bits(Canvas(width: width, height: height, fill: (0.1, 0.2, 0.3, 0.4)).pixels), what)
                            cases += 1
                            pixels += width * height
                        }
                    }
                }
            }
        }
        // 4 layers × 5 modes × 4 opacities × (1 + 3 masks × 2).
        XCTAssertEqual(cases, 4 * 5 * 4 * 7)
        XCTAssertEqual(pixels, cases * 41 * 29)
    }

    /// A kept layer's spans run from the first to the last pixel with alpha in each row; its
    /// window is the drawn rectangle, and nothing drawn keeps nothing.
    func testKeptPixelsAreTheDrawnRectangle() {
        var layer = Canvas(width: 20, height: 10, fill: (0, 0, 0, 0))
        XCTAssertNil(layer.drawnLayer())
        var coverage = CoverageMask(x: 3, y: 2, width: 10, height: 5)
        coverage.coverage[0 * 10 + 2] = 10  // row 2: column 5 only
        coverage.coverage[4 * 10 + 1] = 255  // row 6: columns 4 and 11
        coverage.coverage[4 * 10 + 8] = 1
        layer.composite(coverage, color: (1, 1, 1, 1))
        let kept = layer.drawnLayer()!
        XCTAssertEqual(kept.window, PixelWindow(x0: 3, y0: 2, x1: 13, y1: 7))
        XCTAssertEqual(kept.area, 50)
        XCTAssertEqual(kept.spans, [5..<6, 0..<0, 0..<0, 0..<0, 4..<12])
    }
}
