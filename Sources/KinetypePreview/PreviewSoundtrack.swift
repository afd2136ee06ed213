import Foundation
import KinetypeMotion
import KinetypeOutput
import KinetypeRaster
import KinetypeRender
import KinetypeScene
import KinetypeText

/// The loaded scene's sound for the preview page (`GET /audio.m4a`): mixed by ffmpeg once per
/// scene generation, as a video of the scene would carry it, and kept until the spec changes.
final class PreviewSoundtrack: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (generation: Int, bytes: [UInt8])?

    /// The AAC .m4a bytes of the scene's sound (empty when it has none).
    func bytes(for loaded: PreviewDocument.Loaded) throws -> [UInt8] {
        if let kept = lock.withLock({ kept }), kept.generation == loaded.generation { return kept.bytes }
        guard !loaded.scene.audio.isEmpty else { return [] }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-preview-\(getpid())-\(loaded.generation).m4a")
        defer { try? FileManager.default.removeItem(at: file) }
        try Soundtrack.write(loaded.scene, to: file.path)
        let bytes = [UInt8](try Data(contentsOf: file))
        lock.withLock { kept = (loaded.generation, bytes) }
        return bytes
    }
}
