import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeRender
import KinetypeScene
import KinetypeFootage

/// A scene's bottom layer, when it is footage that fills a 4:2:0 video's canvas exactly as it is
/// stored, left out of drawing: its frames go to the encoder as decoded, and the layers above,
/// drawn on a transparent canvas, are blended onto them in YCbCr (`YUVOverlay`), as libass blends
/// subtitles. Source-over is associative, so this is the composite drawn in RGB up to rounding and
/// the overlay's chroma subsampling, without converting every pixel of every frame to RGB and back.
final class FootageBackdrop {
    let video: LayerVideo
    let info: MediaInfo
    let matrix: YUVOverlay.Matrix
    let width: Int, height: Int
    private let maxPixels: Int
    private var decoder: FrameDecoder?
    private var current: (index: Int, planes: [UInt8])?

    private init(video: LayerVideo, info: MediaInfo, matrix: YUVOverlay.Matrix, width: Int, height: Int) {
        self.video = video
        self.info = info
        self.matrix = matrix
        self.width = width
        self.height = height
        maxPixels = width * height
    }

    /// The scene to draw without its backdrop (on a transparent canvas), and the backdrop; nil
    /// unless the bottom layer is footage drawn exactly as stored: 8-bit 4:2:0 in limited range,
    /// BT.601 or BT.709, the canvas's size, upright, at the origin, at full opacity all along,
    /// unmasked, unturned, unblurred, with no parent and parent of none; and every layer above it
    /// composited source-over.
    static func split(_ scene: Scene, codec: VideoCodec) -> (scene: Scene, backdrop: FootageBackdrop)? {
        guard codec.needsEvenSize, !(scene.motionBlur?.isOn ?? false), let bottom = scene.layers.first,
            case let .video(video) = bottom.content, let frames = video.frames
        else { return nil }
        let width = scene.canvas.width, height = scene.canvas.height
        guard case let .constant(opacity) = bottom.opacity, opacity >= 1, case .constant = bottom.position,
            case let .constant(size) = video.size, size == Point2(x: Double(width), y: Double(height)),
            bottom.blend == .normal, bottom.mask == nil, bottom.matte == nil, bottom.transform == nil, bottom.motionBlur == nil,
            bottom.inPoint ?? 0 <= 0, bottom.outPoint == nil,
            // Taken out of the scene, it could no longer lead a layer, nor follow one.
            bottom.parent == nil, !scene.layers.contains(where: { $0.parent == bottom.id })
        else { return nil }
        let stream = frames.video
        guard stream.pixelFormat == "yuv420p", stream.width == width, stream.height == height, stream.rotation == 0,
            stream.pixelAspect == 1, !stream.isHDR, stream.colorRange != "pc"
        else { return nil }
        let matrix: YUVOverlay.Matrix
        switch stream.colorSpace {
        case nil, "unknown", "smpte170m", "bt470bg": matrix = .bt601
        case "bt709": matrix = .bt709
        default: return nil
        }
        let above = scene.drawnLayers.dropFirst()
        guard above.allSatisfy({ $0.layer.blend == .normal && $0.groups.allSatisfy { $0.blend == .normal } }),
            !above.contains(where: { $0.layer.matte?.layer == bottom.id })
        else { return nil }
        // Placed by its anchor at the origin: the box the painter gives it.
        guard let box = try? InspectReport(scene: scene, frame: 0).layers.first?.box,
            box == Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        else { return nil }
        var rest = scene
        rest.layers.removeFirst()
        rest.canvas.background = RGBA(r: 0, g: 0, b: 0, a: 0)
        return (rest, FootageBackdrop(video: video, info: frames.info, matrix: matrix, width: width, height: height))
    }

    /// The planes of the source frame shown at scene time `t`, decoded forward (a new ffmpeg
    /// when it must go back, or far ahead).
    func planes(at t: Double) throws -> [UInt8] {
        guard let stream = info.video else { throw FootageError("\(info.path) has no video stream") }
        let index = stream.frameIndex(at: video.sourceTime(elapsed: t))
        if let current, current.index == index { return current.planes }
        let count = width * height * 3 / 2
        if decoder == nil || decoder!.nextIndex > index || index - decoder!.nextIndex > 60 {
            decoder?.close()
            decoder = try FrameDecoder(info: info, first: index, maxPixels: maxPixels, planar: true)
        }
        while let decoder, decoder.nextIndex <= index {
            let at = decoder.nextIndex
            // Past the last frame decoded, the last one stands.
            guard let planes = try decoder.nextPlanes(count: count) else { break }
            current = (at, planes)
        }
        guard let current else { throw FootageError("ffmpeg decoded no frames of \(info.path)") }
        return current.planes
    }

    func close() { decoder?.close() }
}
