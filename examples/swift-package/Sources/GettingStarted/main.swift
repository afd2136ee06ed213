import Foundation
import Kinetype

var title = Text("Hello, World!", font: try .family("DejaVu Serif"), size: 32)
    .position(x: 320, y: 120)
    .color("#1B1F24")

try title.animate(.easeInOut(duration: 1.5), at: 0.1) { $0.size = 72 }

let scene = try Scene(width: 640, height: 240, fps: 30, duration: 2) {
    title
}

let size = KeyframeTrack<Double>(
    keyframes: [
        Keyframe(time: 0, value: 32),
        Keyframe(time: 1.2, value: 72, easing: .spring(response: 0.5, dampingFraction: 0.5))
    ], repeat: .forever, autoreverses: true)
let hello = Text("Hello, World!", font: try .family("DejaVu Serif"), size: .animated(size))

// The same folder the command writes: frame_00000.png …, a manifest, atomic renames, a lock.
try RenderSession.run(scene, request: RenderRequest(outputDirectory: URL(fileURLWithPath: "frames")))

// A video through ffmpeg: H.264 for .mp4 (ProRes 4444 for .mov and VP9 for .webm keep alpha).
try RenderSession.run(scene, into: try VideoSink(output: URL(fileURLWithPath: "title.mp4")))

// Each frame's PNG bytes in memory, by frame number.
let memory = MemorySink()
try RenderSession.run(scene, into: memory)
print(memory.frames[0]?.count ?? 0, "bytes of PNG")

// One frame's pixels: 8-bit RGBA rows.
let renderer = try FrameRenderer(scene: scene)
let canvas = try renderer.render(frame: 10)
let image = canvas.rgbaImage
print(image.width, image.height, image.pixels.count)

let state = scene.frameState(at: 10)
print(state.layers[0].size, state.layers[0].position)
for case let .glyphs(item) in try renderer.displayList(state).items {
    let glyphs = item.lines.flatMap(\.runs).flatMap(\.glyphs)
    print(item.layer, item.size, glyphs.map(\.x))
}
