import KinetypeScene
import KinetypeText

extension FontLookupError {
    /// The lookup error with the spec's name quoted and cut like every echoed value.
    var specMessage: String {
        switch self {
        case let .unknownFamily(name, suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean " + suggestions.map { SpecError.quoted($0) }.joined(separator: ", ") + "?"
            return "no font family named \(SpecError.quoted(name)) in fonts/ or the system's fonts\(hint)"
        case let .unknownDesign(design):
            return "unknown design \(SpecError.quoted(design)); allowed: default, serif, rounded, monospaced"
        case let .unloadableFamily(name, reasons):
            return
                "the font family \(SpecError.quoted(name)) is installed but cannot be loaded: \(reasons.prefix(3).joined(separator: "; "))"
        }
    }
}
