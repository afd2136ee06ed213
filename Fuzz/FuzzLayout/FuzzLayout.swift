// libFuzzer target: layout and rendering of arbitrary text.
//
// An input is a text, optionally preceded by one header line of settings:
//
//     %kt size=0 width=120 height=30 lines=2 lh=0.8 align=justified trunc=clip anchor=center
//         font=3 weight=650 lang=vi fit=0.5 opacity=0.5 x=10 y=10
//     (the text, to the end of the input; newlines included)
//
// Without a header the text is drawn at 24 px in a 200 px wide box (`width=none`: no box). Every
// setting is clamped to the range a spec accepts, so anything found here is reachable from a
// valid spec. The text and settings are written as a
// YAML spec (the text as a double-quoted scalar with every non-ASCII or control character
// escaped, so any Unicode scalar gets through), loaded with `SpecLoader`, which plans fallback
// fonts from the bundled ones as for a real spec, and frame 0 is rendered to a 240×160 canvas by
// `FrameRenderer`, the renderer `kinetype render` uses. Bytes that are not UTF-8 become U+FFFD.
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address`; a normal build replays the files named
// on the command line instead (see Fuzz/CFuzzDriver).
import CFuzzDriver
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeText

/// Bundled families (fonts/), chosen by `font=N` (modulo the count).
private let families = [
    "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Inter", "Quicksand",
    "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Droid Sans Fallback"
]
private let alignments = ["natural", "left", "center", "right", "justified"]
private let truncations = ["tail", "head", "middle", "clip"]
private let anchors = [
    "topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom",
    "bottomRight", "baselineLeft", "baseline", "baselineRight"
]

/// Made once per process; system fonts left out so a run depends only on the checkout.
private let loader = SpecLoader(catalog: FontCatalog(bundledDirectory: BundledFonts.directory, useSystemFonts: false))

struct LayoutCase {
    var text = ""
    var size = 24.0
    var width: Double? = 200
    var height: Double? = nil
    var maxLines: Int? = nil
    var lineHeight = 1.0
    var align = "natural"
    var truncation = "tail"
    var anchor = "topLeft"
    var family = "DejaVu Sans"
    var weight: Double? = nil
    var language: String? = nil
    var fit: Double? = nil
    var opacity = 1.0
    var x = 10.0, y = 10.0

    init(_ input: String) {
        guard input.hasPrefix("%kt") else { text = input; return }
        let header = input.prefix { $0 != "\n" && $0 != "\r\n" }
        text = String(input.dropFirst(header.count).dropFirst())
        for field in header.dropFirst(3).split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = String(parts[0]), value = String(parts[1])
            // Numbers: finite only (a spec refuses the rest), clamped to the spec's ranges.
            func number(_ range: ClosedRange<Double>) -> Double? {
                Double(value).flatMap { $0.isFinite ? min(max($0, range.lowerBound), range.upperBound) : nil }
            }
            func index(_ count: Int) -> Int { (Int(value).map { abs($0 % count) }) ?? 0 }
            switch key {
            case "size": size = number(0...2048) ?? size
            case "width": width = value == "none" ? nil : number(0.01...1_000_000) ?? width
            case "height": height = number(0.01...1_000_000)
            case "lines": maxLines = Int(value).map { min(max($0, 1), 10_000) }
            case "lh": lineHeight = number(0.1...10) ?? lineHeight
            case "align": align = alignments.contains(value) ? value : alignments[index(alignments.count)]
            case "trunc": truncation = truncations.contains(value) ? value : truncations[index(truncations.count)]
            case "anchor": anchor = anchors.contains(value) ? value : anchors[index(anchors.count)]
            case "font": family = families[index(families.count)]
            case "weight": weight = number(100...900)
            case "lang": language = LanguageTag.isWellFormed(value) ? value : nil  // the decoder refuses the rest
            case "fit": fit = number(0.01...1)
            case "opacity": opacity = number(0...1) ?? opacity
            case "x": x = number(-1_000_000...1_000_000) ?? x
            case "y": y = number(-1_000_000...1_000_000) ?? y
            default: continue
            }
        }
    }

    /// A double-quoted YAML scalar holding exactly `string`.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(scalar)
            default: out += "\\U" + String(format: "%08X", scalar.value)
            }
        }
        return out + "\""
    }

    var yaml: String {
        var font = "{family: \(Self.quoted(family))"
        if let weight { font += ", weight: \(weight)" }
        font += "}"
        var layer = [
            "text: \(Self.quoted(text))", "font: \(font)", "size: \(size)", "position: [\(x), \(y)]",
            "anchor: \(anchor)", "align: \(align)", "truncation: \(truncation)", "lineHeight: \(lineHeight)",
            "opacity: \(opacity)", "color: \"#202124\""
        ]
        var box: [String] = []
        if let width { box.append("width: \(width)") }
        if let height { box.append("height: \(height)") }
        if !box.isEmpty { layer.append("box: {\(box.joined(separator: ", "))}") }
        if let maxLines { layer.append("maxLines: \(maxLines)") }
        if let language { layer.append("language: \(Self.quoted(language))") }
        if let fit, width != nil { layer.append("fit: {minimumScaleFactor: \(fit)}") }
        return """
            canvas: {width: 240, height: 160, background: transparent}
            fps: 30
            duration: 1
            layers:
              - {\(layer.joined(separator: ", "))}

            """
    }
}

func fuzzLayout(_ bytes: UnsafeRawBufferPointer) {
    let layoutCase = LayoutCase(String(decoding: bytes, as: UTF8.self))
    let spec = layoutCase.yaml
    let scene: Scene
    do {
        scene = try loader.load(text: spec, format: .yaml, path: "fuzz-layout.yaml")
    } catch {
        // Every setting is in range, so the spec is valid: refusing it is a bug too.
        fatalError("FuzzLayout: a valid spec was refused: \(error)\n--- spec ---\n\(spec)")
    }
    do {
        let renderer = try FrameRenderer(scene: scene)
        _ = try renderer.render(frame: 0)
    } catch {
        // Thrown errors (a corrupt glyph…) are reported cleanly by the CLI; only crashes count here.
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzLayout(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzLayoutMain {
    static func main() {
        exit(kt_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzerTestOneInput))
    }
}
