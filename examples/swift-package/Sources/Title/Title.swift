// Sources/Title/Title.swift
import Kinetype

/// A title that springs to its size: `swift run Title` renders its frames into frames/, and
/// `kinetype preview --package . --product Title` previews it, rebuilt and reloaded on every save.
@main
struct Title: SceneApp {
    static func scene() throws -> Scene {
        var title = Text("Hello, World!", font: try .family("DejaVu Serif"), size: 32)
            .position(x: 320, y: 120)
            .foregroundColor("#1B1F24")
        try title.animate(.spring(duration: 0.8, bounce: 0.3), at: 0.2) { $0.size = 64 }
        return try Scene(width: 640, height: 240, fps: 30, duration: 2) {
            title
        }
    }
}
