import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// An image file's decoded pixels, shared by every frame and thread (read once, when the spec is
/// loaded) and named by the file they came from.
public final class ImagePixels: Sendable {
    public let path: String
    public let image: RGBAImage

    public init(path: String, image: RGBAImage) {
        self.path = path
        self.image = image
    }

    /// The formats an image layer reads, by file extension.
    public static let extensions = ["png", "jpg", "jpeg"]

    /// Reads a PNG or JPEG file (by its extension) within `SpecLimits.maxImagePixels`, refusing a
    /// larger one before its pixels are allocated.
    public static func load(path: String) throws -> ImagePixels {
        let format = (path as NSString).pathExtension.lowercased()
        guard extensions.contains(format) else {
            throw ImageFileError(description: "cannot tell the image format: use a .png, .jpg or .jpeg file")
        }
        let image =
            format == "png"
            ? try PNGCodec.read(path: path, maxPixels: SpecLimits.maxImagePixels)
            : try JPEGCodec.read(path: path, maxPixels: SpecLimits.maxImagePixels)
        return ImagePixels(path: path, image: image)
    }
}

/// A layer's image, drawn instead of text (`type: image`): a PNG or JPEG fitted into a box of
/// `size` (by default the image's own), placed by the layer's `position` and `anchor`, faded,
/// blended, masked, matted, timed and motion-blurred as any layer. Sampled by area when shrunk
/// and bilinearly when enlarged, at the frame's exact size, so a logo scaled on a spring stays
/// smooth.
public struct LayerImage: Sendable, DescribedFeature {
    public enum Fit: String, Sendable, CaseIterable {
        /// The whole image, as large as fits, centred (letterboxed).
        case contain
        /// The box filled, the image centred and cropped to it.
        case cover
        /// The image stretched to the box.
        case fill
        /// The image at its own size, centred on the box, not clipped (CSS's `object-fit: none`,
        /// SwiftUI's `Image` before `.resizable()`).
        case none
    }

    /// The file as the spec names it (relative to the spec).
    public var file: String
    /// The box, pixels (animatable).
    public var size: Property<Point2>
    public var fit: Fit = .contain
    /// The decoded image (loaded from `file`; not a field of its own).
    public var pixels: ImagePixels

    public init(file: String, pixels: ImagePixels, size: Property<Point2>? = nil, fit: Fit = .contain) {
        self.file = file
        self.pixels = pixels
        self.size = size ?? .constant(Point2(x: Double(pixels.image.width), y: Double(pixels.image.height)))
        self.fit = fit
    }

    /// The fields an image adds to a layer, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerImage, ImageState>] = [
        .name("file", \.file, \.file, required: true, "A PNG or JPEG file, relative to the spec."),
        .point("size", \.size, \.size, derivedDefault: true, "The image's box, pixels (default: the image's own size)."),
        .choice(
            "fit", \.fit, \.fit, "contain (letterboxed), cover (cropped), fill (stretched) or none (its own size, centred) within the box.")
    ]
    package static let loadedProperties: Set<String> = ["pixels"]
    package static let defaults = LayerImage(file: "", pixels: ImagePixels(path: "", image: RGBAImage(width: 0, height: 0, pixels: [])))
}

/// A layer's image at one frame.
public struct ImageState: Sendable, Equatable, EvaluatedState {
    public var file = ""
    public var size = Point2.zero
    public var fit: LayerImage.Fit = .contain
    /// The decoded image (nil only in a state not yet filled in).
    public var pixels: ImagePixels?

    package init() {}

    /// The box before it is placed: at the origin, never negative.
    public var box: Rect { Rect(x: 0, y: 0, width: max(0, size.x), height: max(0, size.y)) }

    /// Where the image goes within a placed `box`, as its fit says, and the box as a clip when
    /// the image overflows it (cover).
    public func placement(in box: Rect) -> (rect: Rect, clip: Rect?) {
        guard let image = pixels?.image, image.width > 0, image.height > 0 else { return (box, nil) }
        let width = Double(image.width), height = Double(image.height)
        switch fit {
        case .fill: return (box, nil)
        case .none:
            return (Rect(x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width: width, height: height), nil)
        case .contain, .cover:
            let scale = fit == .contain ? min(box.width / width, box.height / height) : max(box.width / width, box.height / height)
            let rect = Rect(
                x: box.x + (box.width - width * scale) / 2, y: box.y + (box.height - height * scale) / 2, width: width * scale,
                height: height * scale)
            // Cover clips only what overflows the box.
            return (rect, fit == .cover && rect != box ? box : nil)
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.file == b.file && a.size == b.size && a.fit == b.fit && a.pixels === b.pixels
    }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerImage.self, to: encoder) }
}
