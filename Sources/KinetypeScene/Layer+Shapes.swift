import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Shape and image layers, and track mattes, in Swift: each the twin of its spec form
/// (`type: rectangle`, `type: ellipse`, `type: image`, `matte:`). Every modifier that is not about
/// text applies to them too; a text's own modifiers leave them as they are.
///
/// ```swift
/// let bar = Layer.rectangle(size: .constant(Point2(x: 300, y: 8)), cornerRadius: 4)
///     .position(x: 60, y: 200).anchor(.left).color("#FFB000")
/// let logo = try Layer.image(file: "logo.png", size: .constant(Point2(x: 96, y: 96)))
/// let colours = Layer.rectangle(size: .constant(Point2(x: 1280, y: 480))).anchor(.topLeft)
///     .fill(LinearGradient(stops: [.init(color: "#FF5F6D", offset: 0), .init(color: "#7A5CFF", offset: 1)]))
///     .matte("letters")
/// ```
extension Layer {
    /// A rectangle of `size` (circular corners of `cornerRadius`), in the layer's colour.
    public static func rectangle(id: String = "", size: Property<Point2>, cornerRadius: Property<Double> = .constant(0)) throws
        -> Layer
    {
        try shapeLayer(id: id, LayerShape(.rectangle, size: size, cornerRadius: cornerRadius))
    }

    /// The ellipse inscribed in a box of `size`, in the layer's colour.
    public static func ellipse(id: String = "", size: Property<Point2>) throws -> Layer {
        try shapeLayer(id: id, LayerShape(.ellipse, size: size))
    }

    /// A polyline through `points` (pixels from the layer's position), drawn by its stroke.
    public static func line(id: String = "", points: [Point2], closed: Bool = false) throws -> Layer {
        Layer(id: id, content: .path(LayerPath(line: points, closed: closed)))
    }

    /// SVG path data (`"M 0 0 C …"`), filled with the layer's colour and stroked by its stroke;
    /// throws ``PathData/Problem`` where it cannot be read.
    public static func path(id: String = "", d: String) throws -> Layer {
        Layer(id: id, content: .path(try LayerPath(path: d)))
    }

    /// A PNG or JPEG file fitted into a box of `size` (by default the image's own size).
    public static func image(
        id: String = "", file: String, size: Property<Point2>? = nil, fit: LayerImage.Fit = .contain
    ) throws -> Layer {
        let pixels = try ImagePixels.load(path: file)
        return Layer(id: id, content: .image(LayerImage(file: file, pixels: pixels, size: size, fit: fit)))
    }

    /// A video file (anything ffmpeg reads) fitted into a box of `size` (by default the frame's own
    /// size as shown), playing `from`…`to` at `speed` from the layer's in point.
    public static func video(
        id: String = "", file: String, size: Property<Point2>? = nil, fit: LayerImage.Fit = .contain, from: Double = 0,
        to: Double? = nil, speed: Double = 1, loop: Bool = false
    ) throws -> Layer {
        var video = LayerVideo(file: file, frames: try LayerVideo.open(path: file), size: size, fit: fit)
        (video.from, video.to, video.speed, video.loop) = (from, to, speed, loop)
        return Layer(id: id, content: .video(video))
    }

    /// Turns, scales and skews the layer about its anchor point, then moves it by `offset`
    /// (`transform:`).
    public func transform(
        rotation: Property<Double> = .constant(0), scale: Property<Point2> = .constant(Point2(x: 1, y: 1)),
        skew: Property<Double> = .constant(0), offset: Property<Point2> = .constant(.zero)
    ) -> Layer {
        var layer = self
        layer.transform = LayerTransform(rotation: rotation, scale: scale, skew: skew, offset: offset)
        return layer
    }

    /// Shows this layer only through the layer `id`'s alpha or luma; that layer is then not
    /// drawn itself.
    public func matte(_ id: String, mode: LayerMatte.Mode = .alpha) -> Layer {
        var layer = self
        layer.matte = LayerMatte(layer: id, mode: mode)
        return layer
    }

    private static func shapeLayer(id: String, _ shape: LayerShape) throws -> Layer {
        Layer(id: id, content: .shape(shape))
    }
}
