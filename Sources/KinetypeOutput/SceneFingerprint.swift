import Foundation
import KinetypeFiles
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// Fingerprints of what a render was made from: the spec file's bytes (with the subtitle and
/// image files its layers read) and the font files its layers use (their own fonts and fallbacks). FNV-1a,
/// 64-bit: a check for staleness, not a cryptographic hash.
package enum SceneFingerprint {
    /// The spec file's bytes, then each captions and image file's, or nil for a scene built in
    /// Swift. A spec without such files keeps the fingerprint it had before they existed.
    package static func spec(_ scene: Scene) -> String? {
        // A spec read from a pipe has no bytes left to read: its fingerprint is unknown.
        guard let data = try? InputFile.read(scene.sourcePath) else { return nil }
        var hash = fnv1a(data, seed: offsetBasis)
        for path in scene.layerFiles {
            hash = fnv1a(Data("\u{0}\(path)\u{0}".utf8) + ((try? InputFile.read(path)) ?? Data("missing".utf8)), seed: hash)
        }
        return hex(hash)
    }

    /// Every font file the scene may draw with, by path, size and modification time (reading
    /// megabytes of fonts at every render would cost more than it tells), in a fixed order.
    package static func fonts(_ scene: Scene) -> String {
        var hash = offsetBasis
        for path in scene.fontFiles {
            var info = stat()
            let stamp = stat(path, &info) == 0 ? "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "missing"
            hash = fnv1a(Data("\(path)\u{0}\(stamp)\u{0}".utf8), seed: hash)
        }
        return hex(hash)
    }

    /// Any text's fingerprint (a batch row's spec, fonts and values together).
    package static func text(_ text: String) -> String { hex(fnv1a(Data(text.utf8), seed: offsetBasis)) }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    private static func fnv1a(_ data: Data, seed: UInt64) -> UInt64 {
        data.withUnsafeBytes { bytes in
            var hash = seed
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
    }

    private static func hex(_ value: UInt64) -> String { String(format: "%016llx", value) }
}
