// libFuzzer target: untrusted font bytes drawn at any size and animator transform.
//
// An input is an 8-byte header, then the bytes of a font file:
//
//     bytes 0-1  size, big-endian, in 1/16 px: 0…4095.94 px (a spec's own sizes stop at 2048;
//                springs overshoot to 4095, the most kinetype draws)
//     byte  2    the animator's `from.scale`, n/4: 0…63.75 (the spec's 0…64)
//     bytes 3-4  the animator's `from.rotation`, big-endian signed, in 1/8°: ±4096° (cut to ±3600)
//     byte  5    the pen's x position in 1/64 px (its subpixel offset), and bit 6: a stroke
//     byte  6    the pen's y position in 1/64 px
//     byte  7    which text (`texts`, modulo their count)
//
// The font is written to a file and named by a YAML spec, loaded with `SpecLoader` (which runs
// the glyph check, as `validate` and `render` do), and frame 0 is rendered by `FrameRenderer`
// with the animator at its `from` values: the rasterizer `kinetype render` uses, with the
// animator's scale and rotation applied to the outlines. A thrown error (an unreadable font, a
// glyph the check refuses) is the expected answer to a bad font; anything that stops the process
// (a trap, a sanitizer report, a hang, memory past -rss_limit_mb) is a finding.
//
// Seeds (Fuzz/corpus/font/) are small subsets of open-licence fonts with a header in front; see
// Fuzz/corpus/font-seeds.md for their sources and licences.
import CFuzzDriver
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeText

private let loader = SpecLoader(catalog: FontCatalog(bundledDirectory: BundledFonts.directory, useSystemFonts: false))
private let texts = ["A", "Aa1", "Ag@", "ÅÑ&", "א1", "fi%", "W\u{301}"]

/// One private folder per process, removed at exit (scripts/fuzz points $TMPDIR into its work folder).
private let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-fuzzfont-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratch) }
    return url
}()
/// A new font file name for each input: faces are cached by path.
nonisolated(unsafe) private var inputs = 0  // libFuzzer calls the target from one thread

struct FontCase {
    var size = 24.0, scale = 1.0, rotation = 0.0, x = 0.0, y = 0.0, stroke = false
    var text = "A"
    var font = Data()

    init(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else { font = Data(bytes); return }
        size = min(Double(UInt16(bytes[0]) << 8 | UInt16(bytes[1])) / 16, SpecLimits.maxDrawnSize)
        scale = Double(bytes[2]) / 4
        rotation = min(max(Double(Int16(bitPattern: UInt16(bytes[3]) << 8 | UInt16(bytes[4]))) / 8, -3600), 3600)
        x = Double(bytes[5] & 63) / 64
        stroke = bytes[5] & 64 != 0
        y = Double(bytes[6] & 63) / 64
        text = texts[Int(bytes[7]) % texts.count]
        font = Data(bytes[8...])
    }

    /// A one-layer spec; the animator starts after frame 0, so frame 0 draws its `from` values.
    func yaml(fontFile: String) -> String {
        let style = stroke ? ", stroke: {width: 3, color: \"#FF0000\", join: miter}" : ""
        // A size below 2048 is the layer's; above, the spring overshoot a spec reaches is modelled
        // by the animator: the layer at 2048 and a scale that brings the glyph to `size`.
        let layerSize = min(size, 2048), extra = size > 2048 ? size / 2048 : 1
        return """
            canvas: {width: 320, height: 200, background: transparent}
            fps: 30
            duration: 1
            layers:
              - {text: "\(text)", font: {file: "\(fontFile)"}, size: \(layerSize), position: [\(160 + x), \(100 + y)],
                 anchor: center, color: "#202124"\(style),
                 animators: [{unit: cluster, start: 5, duration: 1, from: {scale: \(min(scale * extra, 64)), rotation: \(rotation)}}]}

            """
    }
}

func fuzzFont(_ bytes: UnsafeRawBufferPointer) {
    let fontCase = FontCase(bytes)
    inputs += 1
    let file = scratch.appendingPathComponent("font-\(inputs).ttf")
    guard (try? fontCase.font.write(to: file)) != nil else { fatalError("FuzzFont: cannot write \(file.path)") }
    defer { try? FileManager.default.removeItem(at: file) }
    let spec = fontCase.yaml(fontFile: file.lastPathComponent)
    // KINETYPE_FUZZ_VERBOSE=1 prints what happened to each input (replay a seed to see it draw).
    let verbose = ProcessInfo.processInfo.environment["KINETYPE_FUZZ_VERBOSE"] != nil
    do {
        let scene = try loader.load(text: spec, format: .yaml, path: scratch.appendingPathComponent("spec.yaml").path)
        let canvas = try FrameRenderer(scene: scene).render(frame: 0)
        if verbose { print("drawn: \(canvas.pixels.lazy.filter { $0 != 0 }.count) non-zero bytes\n\(spec)") }
    } catch {
        // An unreadable font or a glyph the check refuses: a clean error, as the CLI reports it.
        if verbose { print("refused: \(error)\n\(spec)") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzFont(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzFontMain {
    static func main() {
        exit(kt_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzerTestOneInput))
    }
}
