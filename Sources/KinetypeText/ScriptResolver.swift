internal import CHarfBuzz

/// The script of every scalar (HarfBuzz's Unicode data), with Common and Inherited characters
/// (spaces, punctuation, combining marks) taking the script of the text around them.
enum ScriptResolver {
    /// `levels` (bidi levels per scalar) keep a neutral with the side it is drawn with: a space between
    /// a right-to-left word and a left-to-right one takes the script of the neighbour at its level.
    static func scripts(of text: UnicodeText, levels: [UInt8]? = nil) -> [UInt32] {
        let functions = hb_unicode_funcs_get_default()
        let raw = text.scalars.map { UInt32(hb_unicode_script(functions, $0.value).rawValue) }
        let common = UInt32(HB_SCRIPT_COMMON.rawValue), inherited = UInt32(HB_SCRIPT_INHERITED.rawValue)
        let unknown = UInt32(HB_SCRIPT_UNKNOWN.rawValue)
        let isReal = { (script: UInt32) in script != common && script != inherited && script != unknown }
        guard raw.contains(where: isReal) else { return raw.map { _ in UInt32(HB_SCRIPT_LATIN.rawValue) } }
        let level = { (index: Int) in levels?[index] ?? 0 }
        var nextReal = [Int?](repeating: nil, count: raw.count)
        var following: Int? = nil
        for index in raw.indices.reversed() {
            nextReal[index] = following
            if isReal(raw[index]) { following = index }
        }
        var resolved = raw
        var previous: Int? = nil
        for index in raw.indices {
            if isReal(raw[index]) { previous = index; continue }
            let next = nextReal[index]
            if let previous, level(previous) == level(index) || next == nil || raw[index] == inherited {
                resolved[index] = raw[previous]
            } else if let next {
                resolved[index] = raw[next]
            } else if let previous {
                resolved[index] = raw[previous]
            }
        }
        return resolved
    }

    /// The ISO 15924 tag of a script, e.g. "Arab".
    static func name(_ script: UInt32) -> String {
        let tag = hb_script_to_iso15924_tag(hb_script_t(rawValue: script))
        return FontFace.tagString(tag)
    }
}
