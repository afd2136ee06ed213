import Foundation

/// Font libraries kept between renders, for a process that renders many scenes with the same
/// fonts (a batch): each render thread takes one, its faces open and its glyph caches warm, and
/// gives it back when its render ends. A library is used by one thread at a time.
public final class FontLibraryPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [FontLibrary] = []

    public init() {}

    /// An idle library, or a new one.
    package func take() throws -> FontLibrary {
        if let library = lock.withLock({ idle.popLast() }) { return library }
        return try FontLibrary()
    }

    package func give(_ library: FontLibrary) {
        lock.withLock { idle.append(library) }
    }
}
