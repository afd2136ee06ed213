// libFuzzer target: a spec file on arbitrary bytes, loaded and drawn.
//
// FuzzSpec stops at evaluation; the composition features (groups and their transforms, shapes,
// paths and their trim, images, masks, mattes, blend modes, motion blur, shadows and strokes)
// meet their hostile values in the painter and the rasterizer. Each input is loaded as a YAML
// spec (the path `kinetype render` takes), shrunk with `--scale`'s own scaling so its longer side
// is at most 96 px (a 1920×1080 seed draws in microseconds, and every length shrinks with it),
// and its first, middle and last frames are rendered by `FrameRenderer`. A thrown error is an
// answer (`render` prints it); a trap, a sanitizer report, a hang or running out of memory is a
// finding.
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address`, and in a normal `swift build`, where
// `main` replays the files named on the command line (Fuzz/CFuzzDriver).
import CFuzzDriver
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeText

/// Made once per process; system fonts are left out so a run depends only on the checkout.
private let loader = SpecLoader(catalog: FontCatalog(bundledDirectory: BundledFonts.directory, useSystemFonts: false))

/// One private folder per process, removed at exit, holding the spec and the examples' images
/// (so `file: images/kinetype-logo.png` in a seed loads, as beside examples/).
private let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-fuzzrender-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    if let fonts = BundledFonts.directory {
        let images = fonts.deletingLastPathComponent().appendingPathComponent("examples/images")
        try? FileManager.default.copyItem(at: images, to: url.appendingPathComponent("images"))
    }
    atexit { try? FileManager.default.removeItem(at: scratch) }
    return url
}()

/// The longest canvas side drawn.
private let largestSide = 96.0

func fuzzRender(_ bytes: UnsafeRawBufferPointer) {
    let url = scratch.appendingPathComponent("spec.yaml")
    guard (try? Data(bytes).write(to: url)) != nil else { fatalError("FuzzRender: cannot write \(url.path)") }
    guard var scene = try? loader.load(path: url.path) else { return }
    // `scaled(by:)` takes at least 0.25 at a time (as `--scale` does): a 1080p seed takes three.
    while Double(max(scene.canvas.width, scene.canvas.height)) > largestSide {
        let side = Double(max(scene.canvas.width, scene.canvas.height))
        guard let smaller = try? scene.scaled(by: max(Scene.scaleRange.lowerBound, largestSide / side)) else { return }
        scene = smaller
    }
    guard let renderer = try? FrameRenderer(scene: scene) else { return }
    let count = scene.frameCount
    for frame in Set([0, count / 2, count - 1]) {
        _ = try? renderer.render(frame: frame)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRender(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzRenderMain {
    static func main() {
        exit(kt_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzerTestOneInput))
    }
}
