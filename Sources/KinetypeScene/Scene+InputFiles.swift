import Foundation

extension Scene {
    /// Every font file the scene may draw with (each layer's own fonts and its fallbacks), by
    /// path, without duplicates, sorted.
    public var fontFiles: [String] {
        Set(drawnLayers.flatMap { drawn in drawn.layer.textContent.map { $0.font.family.files.map(\.path) + $0.font.fallbacks } ?? [] })
            .sorted()
    }

    /// The files the scene was read from, whose change changes what it draws: the spec file
    /// (none for a scene built in Swift), the captions and image files its layers read, and its
    /// font files; each once, in that order. What a live preview or `render --watch` watches: a
    /// new kind of file a layer reads belongs here too.
    public var inputFiles: [String] {
        var seen = Set<String>()
        let spec = FileManager.default.fileExists(atPath: sourcePath) ? [sourcePath] : []
        return (spec + layerFiles + audio.compactMap { $0.info?.path } + fontFiles).filter { seen.insert($0).inserted }
    }

    /// The captions, image, video and SVG files the layers read (a path's and its groups' and
    /// its own masks' `d: {svg: FILE}`), in layer order.
    public var layerFiles: [String] {
        drawnLayers.flatMap { drawn in
            let masks = (drawn.groups + [drawn.layer]).compactMap(\.mask).flatMap { PathOutline.files(of: $0.d) }
            switch drawn.layer.content {
            case let .text(text): return [text.captionsFile].compactMap { $0 } + masks
            case let .image(image): return [image.pixels.path] + masks
            case let .video(video): return [video.frames?.info.path].compactMap { $0 } + masks
            case let .path(path): return PathOutline.files(of: path.d) + masks
            case .shape, .group: return masks
            }
        }
    }
}
