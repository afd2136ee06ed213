import KinetypeText

/// A display list's font table as the rasterizer uses it: each file opened (from the thread's
/// library, which keeps faces across frames) when a run first draws with it, then by number.
struct ListFonts {
    private let files: [String]
    private let library: FontLibrary?
    private var faces: [FontFace?]

    init(files: [String], library: FontLibrary?) {
        self.files = files
        self.library = library
        faces = Array(repeating: nil, count: files.count)
    }

    /// The file of font number `number`.
    func file(_ number: Int) -> String { files.indices.contains(number) ? files[number] : "" }

    /// The face of font number `number`.
    mutating func face(_ number: Int) throws -> FontFace {
        guard faces.indices.contains(number), let library else { throw UnknownFont(number: number, count: files.count) }
        if let face = faces[number] { return face }
        let face = try library.face(path: files[number])
        faces[number] = face
        return face
    }
}

/// A run names a font the display list's table does not have (a list built by hand).
struct UnknownFont: Error, CustomStringConvertible {
    var number: Int
    var count: Int
    var description: String { "a glyph run names font \(number), but the display list has \(count) fonts" }
}
