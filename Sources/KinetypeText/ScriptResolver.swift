internal import CHarfBuzz

/// The script of every scalar (HarfBuzz's Unicode data), with Common and Inherited characters
/// (spaces, punctuation, combining marks) taking the script of the text around them.
enum ScriptResolver {
    static func scripts(of text: UnicodeText) -> [UInt32] {
        let functions = hb_unicode_funcs_get_default()
        let raw = text.scalars.map { UInt32(hb_unicode_script(functions, $0.value).rawValue) }
        let common = UInt32(HB_SCRIPT_COMMON.rawValue), inherited = UInt32(HB_SCRIPT_INHERITED.rawValue)
        let unknown = UInt32(HB_SCRIPT_UNKNOWN.rawValue)
        let isReal = { (script: UInt32) in script != common && script != inherited && script != unknown }
        var resolved = raw
        var last: UInt32? = nil
        for index in resolved.indices {
            if isReal(resolved[index]) { last = resolved[index] } else if let last { resolved[index] = last }
        }
        // Leading neutral characters take the first real script that follows.
        if let first = raw.firstIndex(where: isReal) {
            for index in 0..<first { resolved[index] = raw[first] }
        } else {
            resolved = resolved.map { _ in UInt32(HB_SCRIPT_LATIN.rawValue) }
        }
        return resolved
    }

    /// The ISO 15924 tag of a script, e.g. "Arab".
    static func name(_ script: UInt32) -> String {
        let tag = hb_script_to_iso15924_tag(hb_script_t(rawValue: script))
        return FontFace.tagString(tag)
    }
}
