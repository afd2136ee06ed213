import Foundation
import Kinetype

/// A SceneApp for the tests of `kinetype preview --package`: its title is the text of
/// `Sources/App/title.txt` in the folder it runs in (the package a test writes), so a test changes
/// the scene without compiling anything.
@main
struct PreviewFixtureApp: SceneApp {
    static func scene() throws -> Scene {
        let title = try String(contentsOfFile: "Sources/App/title.txt", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let text = Text(.constant(title), font: try .family("DejaVu Sans"), size: 24).position(x: 80, y: 40).color("#1B1F24")
        return try Scene(width: 160, height: 80, fps: 10, duration: 1) { text }
    }
}
