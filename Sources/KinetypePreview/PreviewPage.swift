import CPreviewPage

/// The preview's page: `Sources/CPreviewPage/Page/page.html` with its style sheet (`page.css`)
/// and script (`page.js`) written into it, one static HTML file with no build step and no request
/// but to the preview server (`PreviewServer` lists the endpoints it uses). The three files are
/// embedded in the binary when it is built (`CPreviewPage`, C23 `#embed`), so the tool needs no
/// file beside it wherever it is installed.
///
/// It draws frame N (`/frames/N.png`) into a canvas of the scene's size, fit to the window over
/// a checkerboard; a timeline below has a ruler, one row per layer with its keyframe ticks and
/// in/out span, and the playhead. Playing follows the wall clock at the spec's frame rate: the
/// frames ahead are fetched while it plays, a frame not there when it is due is skipped, and the
/// skipped frames are counted on screen. A long poll on `/changes` tells of a new version of the
/// spec: the page loads `/scene.json` and draws the same frame of the new scene, or shows the
/// error over the frame it has. `#frame=N` in the URL sets the frame (and follows it).
///
/// For tests, `window.kinetypePreview` has `seek(n)` (a promise kept once frame n of the current
/// scene is drawn), `readback()` (the canvas's RGBA pixels, base64), `state()`, `play()` and
/// `pause()`.
enum PreviewPage {
    /// The page as served.
    static let bytes: [UInt8] = inlined(html, css: css, script: script)
    static var html: [UInt8] { embedded(kt_preview_page_html()) }
    static var css: [UInt8] { embedded(kt_preview_page_css()) }
    static var script: [UInt8] { embedded(kt_preview_page_js()) }

    /// The line of `page.html` that stands for its style sheet, and the one for its script.
    static let styleLink = Array("<link rel=\"stylesheet\" href=\"page.css\">\n".utf8)
    static let scriptLink = Array("<script src=\"page.js\"></script>\n".utf8)

    /// `html` with its link to the style sheet and its script element replaced by the files.
    static func inlined(_ html: [UInt8], css: [UInt8], script: [UInt8]) -> [UInt8] {
        let style = Array("<style>\n".utf8) + css + Array("</style>\n".utf8)
        let code = Array("<script>\n".utf8) + script + Array("</script>\n".utf8)
        return replacing(scriptLink, with: code, in: replacing(styleLink, with: style, in: html))
    }

    private static func replacing(_ target: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let range = bytes.firstRange(of: target) else {
            preconditionFailure("page.html lost its \(String(decoding: target, as: UTF8.self))")
        }
        return Array(bytes[..<range.lowerBound]) + replacement + Array(bytes[range.upperBound...])
    }

    private static func embedded(_ file: kt_preview_file) -> [UInt8] {
        Array(UnsafeBufferPointer(start: file.bytes, count: file.count))
    }
}
