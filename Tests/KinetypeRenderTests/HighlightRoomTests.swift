import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// The spoken word and its box keep the space beside them clear: measured in pixels on
/// `examples/social-captions.yaml`, the box drawn alone and the text's ink (fill and stroke) drawn
/// alone, the same layout in both. At every row of the middle half of a box (which holds the
/// spoken word's ink and stroke), the columns between its edge and the nearest ink beside it are
/// counted; the narrowest is the gap.
final class HighlightRoomTests: XCTestCase {
    /// The smallest gap, in canvas pixels, over `frames`, and how many box edges had a neighbour
    /// on their row. Three drawings of each frame, the same layout in each: the boxes alone, the
    /// spoken words' fill alone (grown by the stroke's width and a pixel: their ink), and all the
    /// text's ink, fill and stroke. The spoken word is its box and its ink; the rest is the
    /// neighbours'.
    static func smallestGap(_ scene: Scene, frames: [Int]) throws -> (gap: Int, edges: Int) {
        let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        var boxes = scene, spoken = scene, ink = scene
        for index in scene.layers.indices {
            // The stroke kept where it is not drawn: the room made counts its width.
            for variant in [0, 1] {
                var layer = variant == 0 ? boxes.layers[index] : spoken.layers[index]
                layer.color = .constant(clear)
                layer.stroke?.color = .constant(clear)
                layer.shadows = []
                if variant == 0 { boxes.layers[index] = layer } else { spoken.layers[index] = layer }
            }
            spoken.layers[index].updateText {
                $0.spokenWords?.highlighting.background?.color.a = 0
                $0.spokenWords?.highlighting.color?.a = 1
            }
            ink.layers[index].shadows = []
            ink.layers[index].updateText { $0.spokenWords?.highlighting.background?.color.a = 0 }
        }
        let (width, height) = (scene.canvas.width, scene.canvas.height)
        let renderers = try [boxes, spoken, ink].map { try FrameRenderer(scene: $0) }
        let background = scene.canvas.background ?? .black
        let bg = [background.r, background.g, background.b].map { Int(($0 * 255).rounded()) }
        func mask(_ pixels: [UInt8], threshold: Int) -> [Bool] {
            var mask = [Bool](repeating: false, count: width * height)
            for i in 0..<(width * height) {
                let p = 4 * i
                mask[i] =
                    abs(Int(pixels[p]) - bg[0]) > threshold || abs(Int(pixels[p + 1]) - bg[1]) > threshold
                    || abs(Int(pixels[p + 2]) - bg[2]) > threshold
            }
            return mask
        }
        let grow = Int(((scene.layers[0].stroke?.width.value(at: 0) ?? 0) / 2).rounded(.up)) + 1
        var smallest = Int.max, edges = 0
        for frame in frames {
            let box = mask(try renderers[0].render(frame: frame).rgbaImage.pixels, threshold: 40)
            let fill = mask(try renderers[1].render(frame: frame).rgbaImage.pixels, threshold: 4)
            let inked = mask(try renderers[2].render(frame: frame).rgbaImage.pixels, threshold: 40)
            // The spoken word's ink: its fill grown by the stroke.
            var own = fill
            for y in 0..<height {
                for x in 0..<width where fill[y * width + x] {
                    for dy in -grow...grow where y + dy >= 0 && y + dy < height {
                        for dx in -grow...grow where x + dx >= 0 && x + dx < width { own[(y + dy) * width + x + dx] = true }
                    }
                }
            }
            for rect in Self.components(box, width: width, height: height) {
                // The middle half of the box's rows: beside the word, clear of its rounded
                // corners and of the lines above and below.
                let quarter = (rect.bottom - rect.top) / 4
                for y in (rect.top + quarter)...(rect.bottom - quarter) {
                    let row = y * width
                    for direction in [-1, 1] {
                        // Out of the spoken word (its box, then its own ink), then clear columns.
                        var x = direction < 0 ? rect.left - 1 : rect.right + 1
                        while x >= 0, x < width, own[row + x] || box[row + x] { x += direction }
                        var gap = 0
                        while x >= 0, x < width, !inked[row + x] {
                            x += direction
                            gap += 1
                        }
                        if x >= 0, x < width {
                            smallest = min(smallest, gap)
                            edges += 1
                        }
                    }
                }
            }
        }
        return (smallest, edges)
    }

    /// The bounding boxes of the mask's 4-connected parts.
    static func components(_ mask: [Bool], width: Int, height: Int) -> [(left: Int, right: Int, top: Int, bottom: Int)] {
        var seen = [Bool](repeating: false, count: mask.count)
        var found: [(left: Int, right: Int, top: Int, bottom: Int)] = []
        for start in mask.indices where mask[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var box = (left: width, right: -1, top: height, bottom: -1)
            while let index = stack.popLast() {
                let (x, y) = (index % width, index / width)
                box = (min(box.left, x), max(box.right, x), min(box.top, y), max(box.bottom, y))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < width && ny >= 0 && ny < height {
                    let next = ny * width + nx
                    if mask[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            found.append(box)
        }
        return found
    }

    /// At half size, every 10th frame: the gap is never under the space's width at that size less
    /// the stroke, and far from touching. `KINETYPE_HIGHLIGHT_GAP_FULL=1` measures every 3rd frame at
    /// full size and prints it.
    func testTheSpokenWordsBoxKeepsItsNeighboursSpace() throws {
        let full = ProcessInfo.processInfo.environment["KINETYPE_HIGHLIGHT_GAP_FULL"] == "1"
        let spec = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("social-captions.yaml").path)
        let scene = full ? spec : try spec.scaled(by: 0.5)
        let frames = Array(stride(from: 0, to: scene.frameCount, by: full ? 3 : 10))
        let (gap, edges) = try Self.smallestGap(scene, frames: frames)
        print("social-captions at \(full ? 1 : 0.5)×, \(frames.count) frames: smallest gap \(gap) px over \(edges) box edges")
        XCTAssertGreaterThan(edges, 300, "box edges beside a word")
        // Before the line made room, boxes touched their neighbours (0 px).
        XCTAssertGreaterThanOrEqual(gap, 6)
    }

    /// Right to left and aligned left or right: the same room, on a large scale and box.
    func testRoomIsMadeInEitherDirectionAndAlignment() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [
            ("he", "NotoSansHebrew-Regular.ttf", ["שלום", "לכם", "חברים", "יקרים"], "right"),
            ("en", "InterVariable.ttf", ["Hello", "there", "dear", "friends"], "left")
        ]
        var measured = 0
        for (name, font, words, align) in cases {
            var json = #"{"segments": [{"start": 0, "end": 2, "text": ""#
            json += words.joined(separator: " ") + #"", "words": ["#
            json += words.enumerated().map { #"{"word": " \#($1)", "start": \#(Double($0) * 0.5), "end": \#(Double($0 + 1) * 0.5)}"# }
                .joined(separator: ", ")
            json += "]}]}"
            try json.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
            let spec = """
                canvas: {width: 640, height: 120, background: "#202020"}
                fps: 20
                duration: 2
                layers:
                  - {id: c, captions: {file: \(name).json, highlight: {color: "#FFE14D", scale: 1.3, background: {color: "#7C3AED", padding: [2, 10]}}},
                     font: {file: \(TestPaths.fonts.appendingPathComponent(font).path)}, size: 44, color: "#FFFFFF", align: \(align),
                     box: {width: 600}, position: [320, 60], anchor: center, stroke: {width: 6, color: "#000000"}}
                """
            let scene = try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("\(name).yaml").path)
            let (gap, edges) = try Self.smallestGap(scene, frames: Array(0..<scene.frameCount))
            print("\(name), aligned \(align): smallest gap \(gap) px over \(edges) box edges")
            XCTAssertGreaterThan(edges, 200, name)
            XCTAssertGreaterThanOrEqual(gap, 6, name)
            measured += 1
        }
        XCTAssertEqual(measured, 2)
    }
}
