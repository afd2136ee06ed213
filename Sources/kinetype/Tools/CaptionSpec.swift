import Foundation
import Kinetype

/// The spec `kinetype caption` renders: the video as a full-canvas layer and its sound, the
/// captions over it in one of three looks, the canvas, frame rate and duration the video's own.
/// Written as YAML so `--print-spec` shows exactly what is rendered, ready to edit.
struct CaptionSpec {
    enum Preset: String, CaseIterable {
        /// Broadcast subtitles: semibold white on a translucent black box per line, near the bottom.
        case broadcast
        /// Social-video captions: large heavy type with an outline, the spoken word highlighted.
        case social
        /// Karaoke: the line sung, each syllable lit as it is sung (from timed captions).
        case karaoke
    }

    var video: String
    var captions: String
    var preset: Preset
    var info: MediaInfo

    /// The file formats whose captions can carry word timings (the spoken word highlighted).
    static let timedFormats = ["json", "ass", "ssa", "vtt"]

    var yaml: String {
        guard let stream = info.video else { return "" }
        // 4:2:0 video needs even sides: an odd source is cropped by a pixel to fill the canvas.
        let width = stream.width / 2 * 2, height = stream.height / 2 * 2
        let fps = stream.frameRate > 0 ? stream.frameRate : 30
        let duration = max(info.duration, 1 / fps)
        // Lengths scale with the frame's short side, 1080 px being the looks' design size.
        let unit = Double(min(width, height)) / 1080
        func px(_ value: Double) -> String { Self.number(value * unit) }
        let timed = Self.timedFormats.contains(URL(fileURLWithPath: captions).pathExtension.lowercased())
        let center = Self.number(Double(width) / 2)
        var lines = [
            "# Made by kinetype caption \(preset.rawValue); paths are relative to the folder it ran in:",
            "# save this there, edit it, and render it with kinetype render SPEC --video OUT.",
            "canvas: {width: \(width), height: \(height), background: \"#000000\"}",
            "fps: \(Self.number(fps, digits: 6))",
            "duration: \(Self.number(duration, digits: 6))"
        ]
        if info.audio != nil { lines.append("audio: {file: \(Self.quoted(video))}") }
        lines += [
            "layers:",
            "  - id: video",
            "    type: video",
            "    file: \(Self.quoted(video))",
            "    size: [\(width), \(height)]",
            "    fit: cover",
            "    position: [\(center), \(Self.number(Double(height) / 2))]",
            "  - id: captions"
        ]
        switch preset {
        case .broadcast:
            lines += [
                "    captions: {file: \(Self.quoted(captions))}",
                "    font: {family: Inter, weight: 600}",
                "    size: \(px(52))",
                "    color: \"#FFFFFF\"",
                "    align: center",
                "    box: {width: \(Self.number(Double(width) * 0.83))}",
                "    lineHeight: 1.12",
                "    position: [\(center), \(Self.number(Double(height) - 70 * unit))]",
                "    anchor: bottom",
                "    background: {color: \"#000000C0\", padding: [\(px(6)), \(px(16))], cornerRadius: \(px(4)), per: line}"
            ]
        case .social:
            let highlight =
                timed
                ? ", highlight: {color: \"#FFE14D\", scale: 1.08, background: {color: \"#7C3AEDD9\", padding: [\(px(2)), \(px(8))], cornerRadius: \(px(14))}, duration: 0.1}"
                : ""
            lines += [
                "    captions: {file: \(Self.quoted(captions)), maxCharactersPerLine: \(width >= height ? 32 : 18), maxLines: 2\(highlight)}",
                "    font: {family: Inter, weight: 800}",
                "    size: \(px(width >= height ? 76 : 96))",
                "    color: \"#FFFFFF\"",
                "    align: center",
                "    box: {width: \(Self.number(Double(width) * 0.9))}",
                "    lineHeight: 1.2",
                "    position: [\(center), \(Self.number(Double(height) * 0.8))]",
                "    stroke: {width: \(px(8)), color: \"#000000\", join: round}",
                "    shadow: {offset: [0, \(px(8))], blur: \(px(14)), color: \"#00000099\"}"
            ]
        case .karaoke:
            lines += [
                "    captions: {file: \(Self.quoted(captions)), style: layer\(timed ? ", highlight: \"#FFD400\"" : "")}",
                "    font: {family: Inter, weight: 800}",
                "    size: \(px(96))",
                "    color: \"#FFFFFF\"",
                "    align: center",
                "    box: {width: \(Self.number(Double(width) * 0.86))}",
                "    lineHeight: 1.15",
                "    position: [\(center), \(Self.number(Double(height) - 80 * unit))]",
                "    anchor: bottom",
                "    stroke: {width: \(px(7)), color: \"#000000\", join: round}",
                "    shadow: {offset: [0, \(px(6))], blur: \(px(12)), color: \"#00000099\"}"
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A number without trailing zeros, to `digits` decimals.
    static func number(_ value: Double, digits: Int = 2) -> String {
        var text = String(format: "%.\(digits)f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
