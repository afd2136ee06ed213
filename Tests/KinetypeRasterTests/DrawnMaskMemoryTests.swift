import XCTest
@testable import KinetypeRaster

/// What a canvas keeps of the masks composited on it, to clear and convert only what they
/// cover, stays within 2 bytes a canvas pixel however many are drawn: they are let go once
/// they span the canvas, and a mask mostly off the canvas is kept cut to it. Clearing and
/// converting still restore and give every pixel exactly.
final class DrawnMaskMemoryTests: XCTestCase {
    static let width = 64, height = 48
    static let background: (r: Double, g: Double, b: Double, a: Double) = (0.1, 0.2, 0.3, 1)

    /// A soft mask of `side` × `side` whose top-left pixel is (x, y).
    private func softMask(x: Int, y: Int, side: Int, seed: Int) -> CoverageMask {
        var mask = CoverageMask(x: x, y: y, width: side, height: side)
        for row in 0..<side {
            for column in 0..<side where (row * 7 + column * 3 + seed) % 11 != 0 {
                mask.coverage[row * side + column] = UInt8((row * 31 + column * 17 + seed * 5) % 256)
            }
        }
        return mask
    }

    /// The canvas's pixels each converted on its own, as `bytes(includeAlpha:)` must give them.
    private func everyPixelConverted(_ canvas: Canvas) -> [UInt8] {
        stride(from: 0, to: canvas.pixels.count, by: 4).flatMap { index -> [UInt8] in
            let pixel = SIMD4<Float>(canvas.pixels[index], canvas.pixels[index + 1], canvas.pixels[index + 2], canvas.pixels[index + 3])
            let encoded = Canvas.encode(pixel, includeAlpha: true)
            return [encoded[0], encoded[1], encoded[2], encoded[3]]
        }
    }

    private func assertHoldsAtMostTwoBytesAPixel(_ canvas: Canvas, _ message: String, line: UInt = #line) {
        XCTAssertEqual(canvas.drawnMaskBytes, canvas.drawn.reduce(0) { $0 + $1.bytes }, message, line: line)
        XCTAssertLessThanOrEqual(canvas.drawnMaskBytes, 2 * canvas.width * canvas.height, message, line: line)
    }

    /// 300 soft masks, some cut by the edges: the canvas never holds more than 2 bytes a pixel of
    /// them, converts to every pixel's bytes, and clears back to the background everywhere.
    func testManyMasksAreLetGoOnceTheySpanTheCanvas() {
        var canvas = Canvas(width: Self.width, height: Self.height, fill: Self.background)
        let blank = canvas.pixels
        for index in 0..<300 {
            let mask = softMask(x: index * 13 % 80 - 12, y: index * 7 % 60 - 10, side: 6 + index % 20, seed: index)
            canvas.composite(mask, color: (Double(index % 3) / 2, 0.5, 1, 0.6))
            assertHoldsAtMostTwoBytesAPixel(canvas, "mask \(index)")
        }
        XCTAssertTrue(canvas.drawn.isEmpty, "let go once they spanned the canvas")
        XCTAssertEqual(canvas.bytes(includeAlpha: true), everyPixelConverted(canvas))
        canvas.clear()
        XCTAssertEqual(canvas.pixels, blank)
    }

    /// A mask mostly off the canvas (a soft shadow past its corner) is kept cut to the canvas.
    func testAMaskMostlyOffTheCanvasIsKeptCutToIt() {
        var canvas = Canvas(width: Self.width, height: Self.height, fill: Self.background)
        let blank = canvas.pixels
        canvas.composite(softMask(x: -180, y: -190, side: 200, seed: 1), color: (1, 1, 1, 1))
        XCTAssertEqual(canvas.drawn.count, 1)
        XCTAssertEqual(canvas.drawn[0].coverage.count, 20 * 10, "the 20 × 10 pixels on the canvas")
        assertHoldsAtMostTwoBytesAPixel(canvas, "one mask")
        XCTAssertEqual(canvas.bytes(includeAlpha: true), everyPixelConverted(canvas))
        canvas.clear()
        XCTAssertEqual(canvas.pixels, blank)
    }

    /// Motion blur's way: 64 sub-frames, each as large as the canvas, drawn alone, summed and added
    /// to the frame. Neither the sum nor the frame keeps their masks; both clear everywhere.
    func testSubFramesSummedKeepNoMasks() {
        var frame = Canvas(width: Self.width, height: Self.height, fill: Self.background)
        var own = Canvas(width: Self.width, height: Self.height, fill: (0, 0, 0, 0))
        var sum = Canvas(width: Self.width, height: Self.height, fill: (0, 0, 0, 0))
        let blank = frame.pixels, transparent = own.pixels
        for sample in 0..<64 {
            own.composite(softMask(x: sample - 40, y: -4, side: 60, seed: sample), color: (1, 0.7, 0.2, 1))
            sum.accumulate(own, over: frame, blend: .normal, weight: 1 / 64)
            own.clear()
            assertHoldsAtMostTwoBytesAPixel(sum, "sub-frame \(sample)")
        }
        frame.add(differences: sum)
        assertHoldsAtMostTwoBytesAPixel(frame, "the frame")
        XCTAssertEqual(frame.bytes(includeAlpha: true), everyPixelConverted(frame))
        sum.clear()
        frame.clear()
        XCTAssertEqual(sum.pixels, transparent)
        XCTAssertEqual(frame.pixels, blank)
    }

    /// A layer whose masks were let go, composited from its canvas or from its kept pixels, makes
    /// the canvas under it let go of its own: it then clears the whole drawn rectangle.
    func testALayerThatLetItsMasksGoClearsWhole() {
        var layer = Canvas(width: Self.width, height: Self.height, fill: (0, 0, 0, 0))
        for index in 0..<40 {
            layer.composite(softMask(x: index % 8 * 8, y: index / 8 * 9, side: 30, seed: index), color: (0.2, 0.9, 0.4, 1))
        }
        XCTAssertTrue(layer.drawn.isEmpty)
        let kept = layer.drawnLayer()!
        XCTAssertEqual(kept.maskBytes, 0)
        for fromKeptPixels in [false, true] {
            var frame = Canvas(width: Self.width, height: Self.height, fill: Self.background)
            let blank = frame.pixels
            frame.composite(softMask(x: 2, y: 3, side: 5, seed: 9), color: (1, 0, 0, 1))
            XCTAssertEqual(frame.drawn.count, 1)
            if fromKeptPixels {
                frame.composite(layer: kept, opacity: 0.8, blend: .multiply)
            } else {
                frame.composite(layer: layer, opacity: 0.8, blend: .multiply)
            }
            XCTAssertTrue(frame.drawn.isEmpty, "kept pixels: \(fromKeptPixels)")
            XCTAssertEqual(frame.bytes(includeAlpha: true), everyPixelConverted(frame))
            frame.clear()
            XCTAssertEqual(frame.pixels, blank, "kept pixels: \(fromKeptPixels)")
        }
    }
}
