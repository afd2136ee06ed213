import Foundation
import Kinetype

// Renders each seed scenario into ./frames/<scenario>: the same folders `kinetype render` writes
// (frame_00000.png …, a manifest, atomic renames).
do {
    let frames = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("frames")
    var total = 0
    for (name, scene) in try SeedScenario.all() {
        let output = frames.appendingPathComponent(name)
        let summary = try RenderSession.run(scene, request: RenderRequest(outputDirectory: output))
        print("\(name): rendered \(summary.framesRendered) frames to \(output.path)")
        total += summary.framesRendered
    }
    print("rendered \(total) frames")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
