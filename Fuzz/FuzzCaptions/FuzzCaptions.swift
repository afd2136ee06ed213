// libFuzzer target: caption files (SRT, WebVTT, ASS and word-timed JSON) on arbitrary bytes.
//
// The first byte picks the format (srt, vtt, ass, json by its value mod 4) and the second the
// layer's options (bit 0: a spoken-word highlight with a scale and a box; bit 1: cues grouped
// anew into two lines of 18 characters; bit 2: the layer's style instead of an ASS file's own);
// the rest is the file. It is loaded through a fixed spec by `SpecLoader.load(path:)`, as
// `kinetype validate` and `render` load it; every frame is evaluated and the first three frames
// that show a caption are drawn on a small canvas. A thrown SpecError is the expected answer to
// bad input; anything else that stops the process (trap, sanitizer report, hang) is a finding.
//
// Built two ways, from the same source, as the other targets are (Fuzz/CFuzzDriver).
import CFuzzDriver
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeText

private let loader = SpecLoader(catalog: FontCatalog(bundledDirectory: BundledFonts.directory, useSystemFonts: false))

private let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-fuzzcaptions-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratch) }
    return url
}()

private let formats = ["srt", "vtt", "ass", "json"]

func fuzzCaptions(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 2 else { return }
    let format = formats[Int(bytes[0]) % formats.count], options = bytes[1]
    let captions = scratch.appendingPathComponent("captions.\(format)")
    guard (try? Data(bytes[2...]).write(to: captions)) != nil else { fatalError("FuzzCaptions: cannot write \(captions.path)") }
    var fields = ["file: captions.\(format)"]
    if options & 1 != 0 { fields.append("highlight: {color: \"#FFE14D\", scale: 1.2, background: \"#7C3AEDD9\", duration: 0.1}") }
    if options & 2 != 0 { fields.append("maxCharactersPerLine: 18, maxLines: 2") }
    if options & 4 != 0 { fields.append("style: layer") }
    let spec = """
        canvas: {width: 96, height: 54}
        fps: 10
        duration: 6
        layers:
          - {captions: {\(fields.joined(separator: ", "))}, font: {family: "DejaVu Sans"}, size: 8, box: {width: 90},
             position: [48, 50], anchor: bottom, stroke: {width: 1, color: "#000000"}}
        """
    let url = scratch.appendingPathComponent("spec.yaml")
    guard (try? Data(spec.utf8).write(to: url)) != nil else { fatalError("FuzzCaptions: cannot write \(url.path)") }
    guard let scene = try? loader.load(path: url.path) else { return }
    let shown = (0..<scene.frameCount).filter { frame in
        scene.frameState(at: frame).layers.contains { $0.isShown && !$0.text.isEmpty }
    }
    guard let renderer = try? FrameRenderer(scene: scene) else { return }
    for frame in shown.prefix(3) {
        _ = try? renderer.render(frame: frame)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzCaptions(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzCaptionsMain {
    static func main() {
        exit(kt_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzerTestOneInput))
    }
}
