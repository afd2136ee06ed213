import Foundation
import Kinetype

// The SwiftUI article's spring: "Hello, World!" from 32 to 72 px, spring(response 0.5,
// dampingFraction 0.5), repeated forever with autoreverse; below it, a price counting in cents.
let spring = Easing.spring(response: 0.5, dampingFraction: 0.5)
let size = KeyframeTrack<Double>(
    keyframes: [
        Keyframe(time: 0, value: 32),
        Keyframe(time: 1.2, value: 72, easing: spring)
    ], repeat: .forever, autoreverses: true)
let price = KeyframeTrack(
    keyframes: [
        Keyframe(time: 0.2, value: "€1.00"),
        Keyframe(time: 1.4, value: "€3.00", easing: spring)
    ], interpolator: CentsCounter())

do {
    let scene = try Scene(
        canvas: CanvasSpec(width: 640, height: 240, background: .white),
        fps: 30, duration: 2.4,
        layers: [
            TextLayer(
                id: "hello", text: .constant("Hello, World!"), font: try .family("DejaVu Serif"),
                size: .animated(size), position: .constant(Point2(x: 320, y: 100)),
                color: .constant(RGBA(r: 0.04, g: 0.24, b: 0.57))),
            TextLayer(
                id: "price", text: .animated(price), font: try .system(design: "monospaced", weight: .constant(700)),
                size: .constant(28), position: .constant(Point2(x: 320, y: 190)))
        ])
    let output = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("frames")
    let summary = try RenderSession.run(scene, request: RenderRequest(outputDirectory: output))
    print("rendered \(summary.framesRendered) frames to \(output.path)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
