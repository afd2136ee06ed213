// libFuzzer target: the spec decoder on arbitrary bytes, as YAML and as JSON.
//
// Each input is written to a temporary `.yaml` and `.json` file and loaded with
// `SpecLoader.load(path:)`, the path `kinetype validate` and `render` take, so bytes that are not
// UTF-8 meet the same checks as a file would. A spec that loads is then evaluated (pure maths, no
// fonts drawn) at its first, middle and last frames, which runs every easing, spring and
// interpolator the spec names. A thrown SpecError is the expected answer to bad input; anything
// else that stops the process (trap, assertion, sanitizer report, hang) is a finding.
//
// Built two ways, from the same source: by scripts/fuzz with `-sanitize=fuzzer,address`, where
// `main` hands over to libFuzzer's driver; and in a normal `swift build`, where `main` replays the
// files named on the command line once each (Fuzz/CFuzzDriver), so the target links everywhere
// and a reproducer can be re-run without the sanitizer build.
import CFuzzDriver
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeText

/// Made once per process: scanning `fonts/` and fontconfig per input would dominate. System
/// fonts are left out so a run depends only on the checkout (and never forks `fc-list`).
private let loader = SpecLoader(catalog: FontCatalog(bundledDirectory: BundledFonts.directory, useSystemFonts: false))

/// One private folder per process (libFuzzer's -fork/-jobs start several processes), removed at
/// exit; under $TMPDIR, which scripts/fuzz points into its work folder, so a crash leaves nothing.
private let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-fuzzspec-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratch) }
    return url
}()

func fuzzSpec(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    for name in ["spec.yaml", "spec.json"] {
        let url = scratch.appendingPathComponent(name)
        guard (try? data.write(to: url)) != nil else { fatalError("FuzzSpec: cannot write \(url.path)") }
        guard let scene = try? loader.load(path: url.path) else { continue }
        // The decoder promises at least one and at most SpecLimits.maxFrames frames.
        let count = scene.frameCount
        precondition(count >= 1, "a loaded scene has \(count) frames")
        for frame in Set([0, count / 2, count - 1]) {
            _ = scene.frameState(at: frame)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzSpec(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzSpecMain {
    static func main() {
        exit(kt_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzerTestOneInput))
    }
}
