import KinetypeScene
import KinetypeText

/// "Did you mean" for an unknown field: a known synonym (`colour` → `color`, `fontSize` →
/// `size`), the same name in another case or spelling (`keyFrames`, `line_height`), or the
/// closest allowed name within a few edits.
enum FieldSuggestions {
    /// Names people write for a field, from CSS, SwiftUI, UIKit and After Effects habits.
    static let synonyms: [String: String] = [
        "colour": "color", "fontsize": "size", "textsize": "size", "pointsize": "size",
        "pos": "position", "origin": "position", "center": "position",
        "alignment": "align", "textalign": "align", "multilinetextalignment": "align",
        "frames": "keyframes", "keys": "keyframes",
        "ease": "easing", "timing": "easing", "timingfunction": "easing", "curve": "easing", "animation": "easing",
        "t": "time", "at": "time", "val": "value", "to": "value",
        "loop": "repeat", "repeatcount": "repeat", "loops": "repeat", "autoreverse": "autoreverses",
        "bg": "background", "backgroundcolor": "background", "backgroundcolour": "background",
        "w": "width", "h": "height", "framerate": "fps", "length": "duration",
        "linespacing": "lineHeight", "lineheightmultiple": "lineHeight",
        "numberoflines": "maxLines", "linelimit": "maxLines", "lines": "maxLines",
        "linebreakmode": "truncation", "minimumscale": "minimumScaleFactor", "minscale": "minimumScaleFactor",
        "alpha": "opacity", "string": "text", "content": "text", "name": "id", "fonts": "fallbackFonts",
        "fallbacks": "fallbackFonts", "fallback": "fallbackFonts", "fontfallbacks": "fallbackFonts",
        "fontdesign": "design", "axes": "variations", "path": "file",
        // Springs (SwiftUI, UIKit, Core Animation, react-spring/Framer habits) and repetition.
        "dampingratio": "dampingFraction", "zeta": "dampingFraction", "dampingfactor": "dampingFraction",
        "bounciness": "bounce", "bounce": "extraBounce", "additionalbounce": "extraBounce", "velocity": "initialVelocity",
        "initialspringvelocity": "initialVelocity", "tension": "stiffness", "friction": "damping",
        "perceptualduration": "duration", "period": "response", "blend": "blendDuration",
        "forever": "repeatForever", "repeatforever": "repeatForever", "loopforever": "repeatForever",
        "repeatsforever": "repeatForever", "infinite": "repeatForever",
        "delay": "start", "begin": "start", "interval": "stagger", "by": "unit", "per": "unit", "animations": "animators"
    ]

    /// Names that belong one level down, inside `font`.
    static let fontFields: [String: String] = [
        "fontfamily": "family", "family": "family", "fontweight": "weight", "weight": "weight",
        "fontfile": "file", "file": "file", "fontdesign": "design", "design": "design",
        // SwiftUI's `.monospacedDigit()` and the OpenType feature names are font settings here.
        "monospaceddigits": "monospacedDigits", "monospaceddigit": "monospacedDigits",
        "tabularnumbers": "monospacedDigits", "tabularfigures": "monospacedDigits", "tnum": "monospacedDigits",
        "features": "features", "fontfeatures": "features", "variations": "variations", "fontvariations": "variations"
    ]

    /// The suggestion, ready for a message (`"color"` or `font: {family: …}`), or nil.
    static func suggestion(for key: String, allowed: [String]) -> String? {
        let squashed = squash(key)
        if let target = synonyms[squashed], allowed.contains(target) { return SpecError.quoted(target) }
        if let same = allowed.first(where: { squash($0) == squashed }) { return SpecError.quoted(same) }
        if allowed.contains("font"), let field = fontFields[squashed] { return "font: {\(field): …}" }
        if allowed.contains("position"), ["x", "y"].contains(squashed) { return "position: [x, y]" }
        guard key.count <= 40 else { return nil }
        let limit = max(1, squashed.count / 3)
        let scored = allowed.map { ($0, editDistance(squash($0), squashed)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }.map { SpecError.quoted($0.0) }
    }

    /// Lowercased, without `-`, `_` and spaces.
    private static func squash(_ name: String) -> String {
        name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    }
}
