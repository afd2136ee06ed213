import Foundation
import KinetypeTestSupport

/// Quicksand Regular (bundled) with four points of "A" moved 16–32 em outside its stored box,
/// by fontTools, which keeps the stored box as it was (`recalcBBoxes=False`).
package func corruptQuicksand(in directory: URL) throws -> URL {
    let output = directory.appendingPathComponent("QuicksandCorrupt.ttf")
    let script = """
        import sys
        from fontTools.ttLib import TTFont
        font = TTFont(sys.argv[1], recalcBBoxes=False)
        glyph = font['glyf'][font.getBestCmap()[ord('A')]]
        box = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax)
        for index, x, y in [(9, -32000, 202), (3, 32000, -1), (20, 302, 32000), (12, 58, -16000)]:
            glyph.coordinates[index] = (x, y)
        font.save(sys.argv[2])
        saved = TTFont(sys.argv[2])['glyf'][font.getBestCmap()[ord('A')]]
        assert (saved.xMin, saved.yMin, saved.xMax, saved.yMax) == box, 'the stored box must stay'
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3.hasPrefix("/") ? python3 : "/usr/bin/env")
    process.arguments =
        (python3.hasPrefix("/") ? [] : ["python3"])
        + ["-c", script, TestPaths.fonts.appendingPathComponent("Quicksand-Regular.ttf").path, output.path]
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw TestEnvironmentError("fontTools could not make the corrupt font (scripts/setup installs python3-fonttools): \(message)")
    }
    return output
}
