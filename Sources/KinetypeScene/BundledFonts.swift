import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Finds the `fonts/` folder shipped with kinetype: `$KINETYPE_FONTS_DIR`, else a `fonts/` (or
/// `share/kinetype/fonts/`) beside or above the executable, else the source checkout's.
public enum BundledFonts {
    public static let directory: URL? = locate()

    private static func locate() -> URL? {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["KINETYPE_FONTS_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let marker = "DejaVuSerif.ttf"
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("fonts"))
            candidates.append(directory.appendingPathComponent("share/kinetype/fonts"))
            directory.deleteLastPathComponent()
        }
        // Sources/KinetypeScene/BundledFonts.swift → the checkout's root.
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("fonts"))
        return candidates.first { fileManager.fileExists(atPath: $0.appendingPathComponent(marker).path) }
    }
}
