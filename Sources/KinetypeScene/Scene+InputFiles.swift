import Foundation

extension Scene {
    /// Every font file the scene may draw with (each layer's own fonts and its fallbacks), by
    /// path, without duplicates, sorted.
    public var fontFiles: [String] {
        Set(layers.flatMap { layer in layer.font.family.files.map(\.path) + layer.font.fallbacks }).sorted()
    }

    /// The files the scene was read from, whose change changes what it draws: the spec file
    /// (none for a scene built in Swift), the captions and image files its layers read, and its
    /// font files; each once, in that order. What a live preview or `render --watch` watches: a
    /// new kind of file a layer reads belongs here too.
    public var inputFiles: [String] {
        var seen = Set<String>()
        let spec = FileManager.default.fileExists(atPath: sourcePath) ? [sourcePath] : []
        return (spec + layerFiles + fontFiles).filter { seen.insert($0).inserted }
    }

    /// The captions and image files the layers read, in layer order.
    public var layerFiles: [String] {
        layers.flatMap { [$0.captionsFile, $0.image?.pixels.path].compactMap { $0 } }
    }
}
