import KinetypeMotion
import KinetypeText

/// An angle as SwiftUI writes one: `.degrees(45)`, `.radians(.pi / 4)`.
public struct Angle: Sendable, Equatable, Hashable {
    public var degrees: Double
    public var radians: Double { degrees * .pi / 180 }

    public init(degrees: Double) { self.degrees = degrees }
    public init(radians: Double) { self.degrees = radians * 180 / .pi }

    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static let zero = Angle(degrees: 0)
}

/// A point of a layer's box as SwiftUI writes one: x and y fractions of its width and height,
/// (0, 0) its top-left corner (a gradient's centre).
public struct UnitPoint: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// SwiftUI's `ContentMode`, for ``Layer/aspectRatio(contentMode:)``.
public enum ContentMode: Sendable, CaseIterable {
    /// The whole image, as large as fits (``LayerImage/Fit/contain``).
    case fit
    /// The box filled, the image cropped to it (``LayerImage/Fit/cover``).
    case fill
}

/// SwiftUI's modifiers under SwiftUI's names, each taking a plain value as SwiftUI's does and
/// setting the field of the scene model it means; `animate(_:at:_:)` animates the same fields.
/// Where SwiftUI's layout differs from a scene's (no parent proposes a size here), the modifier
/// follows SwiftUI as far as one layer can:
///
/// - `.position(x:y:)` places the anchor point, the centre unless `.anchor` says otherwise, as
///   SwiftUI places a view's centre.
/// - `.offset(x:y:)`, `.scaleEffect(_:)` and `.rotationEffect(_:)` are the layer's transform:
///   they move, scale and turn it after it is placed, about its anchor point, whatever order they
///   are written in. Written twice, the last one wins (SwiftUI would compose them).
/// - `.frame(width:height:)` is a shape's, image's or video's size and a text's box.
extension Layer {
    // MARK: - Colour and opacity

    /// The layer's colour (a text's, shape's or path's fill).
    public func foregroundColor(_ color: Color) -> Layer { fill(color) }
    /// The layer's colour (a text's, shape's or path's fill).
    public func foregroundStyle(_ color: Color) -> Layer { fill(color) }
    /// A gradient instead of the layer's colour.
    public func foregroundStyle(_ gradient: LinearGradient) -> Layer { fill(gradient) }
    /// A radial gradient instead of the layer's colour.
    public func foregroundStyle(_ gradient: RadialGradient) -> Layer { fill(gradient) }
    /// A conic gradient instead of the layer's colour.
    public func foregroundStyle(_ gradient: AngularGradient) -> Layer { fill(gradient) }

    /// A shape's, path's or text's solid fill: its colour, replacing any gradient.
    public func fill(_ color: Color) -> Layer {
        var layer = self
        layer.color = .constant(color)
        layer.fill = nil
        return layer
    }

    /// `.opacity(_:)` with a plain value (0 transparent … 1 opaque). Disfavoured so a literal
    /// (`.opacity(0)`) still means the property, as it did before this overload.
    @_disfavoredOverload
    public func opacity(_ opacity: Double) -> Layer { self.opacity(.constant(opacity)) }

    /// SwiftUI's `.blur(radius:)`: the whole layer (a group's layers together) blurred by a
    /// Gaussian of σ = radius / 2 pixels, the convention of a shadow's blur, so `.blur(radius: 8)`
    /// softens as a shadow of blur 8 does (spec field `blur`).
    @_disfavoredOverload
    public func blur(radius: Double) -> Layer { blur(radius: .constant(radius)) }
    /// `.blur(radius:)` with keyframes.
    public func blur(radius: Property<Double>) -> Layer {
        var layer = self
        layer.blur = radius
        return layer
    }

    /// An outline of `lineWidth` centred on the outline, as SwiftUI strokes a shape. A shape or
    /// path stroked is drawn as its outline alone, as SwiftUI's `.stroke` draws it; `.fill(_:)`
    /// written after it fills it too (iOS 17's `.stroke(…).fill(…)`). A text keeps its fill.
    public func stroke(_ color: Color, lineWidth: Double = 1) -> Layer {
        var layer = stroke(TextStroke(width: .constant(lineWidth), color: .constant(color), join: .miter, position: .center))
        switch content {
        case .shape, .path:
            layer.color = .constant(.clear)
            layer.fill = nil
        case .text, .image, .video, .group: break
        }
        return layer
    }

    /// SwiftUI's `.stroke(_:style:)`: a stroke centred on the outline with the style's width,
    /// caps, join, miter limit and dashes, the shape or path drawn as its outline alone (as
    /// `.stroke(_:lineWidth:)`). A text keeps its fill, its glyphs' contours stroked (dashed
    /// too) under it.
    public func stroke(_ color: Color, style: StrokeStyle) -> Layer { stroke(.constant(color), style: style) }

    /// SwiftUI's `.stroke(style:)`: `.stroke(_:style:)` in the layer's colour.
    public func stroke(style: StrokeStyle) -> Layer { stroke(color, style: style) }

    private func stroke(_ color: Property<RGBA>, style: StrokeStyle) -> Layer {
        let stroke = TextStroke(
            width: .constant(style.lineWidth), color: color, join: style.lineJoin, position: .center, cap: style.lineCap,
            miterLimit: style.miterLimit, dash: style.dash, dashOffset: style.dashPhase)
        var layer = self.stroke(stroke)
        switch content {
        case .shape, .path:
            layer.color = .constant(.clear)
            layer.fill = nil
        case .text, .image, .video, .group: break
        }
        return layer
    }

    // MARK: - Transform

    /// Moves the layer by `x`, `y` pixels after it is placed and turned (`transform.offset`).
    public func offset(x: Double = 0, y: Double = 0) -> Layer { offset(.constant(Point2(x: x, y: y))) }
    /// Moves the layer by an animatable offset after it is placed and turned (`transform.offset`).
    public func offset(_ offset: Property<Point2>) -> Layer { withTransform { $0.offset = offset } }

    /// Scales the layer about its anchor point (`transform.scale`).
    public func scaleEffect(_ scale: Double) -> Layer { scaleEffect(x: scale, y: scale) }
    /// Scales the layer about its anchor point, each axis on its own (`transform.scale`).
    public func scaleEffect(x: Double = 1, y: Double = 1) -> Layer { withTransform { $0.scale = .constant(Point2(x: x, y: y)) } }

    /// Turns the layer clockwise about its anchor point (`transform.rotation`).
    public func rotationEffect(_ angle: Angle) -> Layer { withTransform { $0.rotation = .constant(angle.degrees) } }

    // MARK: - Shapes, images and videos

    /// A shape's, image's or video's size (a dimension not given keeps its size at time 0), and a
    /// text's box: lines wrap at `width`, and a `height` cuts the lines that do not fit. A path
    /// and a group have no size of their own and are left as they are.
    public func frame(width: Double? = nil, height: Double? = nil) -> Layer {
        var layer = self
        func sized(_ size: Property<Point2>) -> Property<Point2> {
            let now = size.value(at: 0)
            return .constant(Point2(x: width ?? now.x, y: height ?? now.y))
        }
        switch content {
        case var .shape(shape):
            shape.size = sized(shape.size)
            layer.content = .shape(shape)
        case var .image(image):
            image.size = sized(image.size)
            layer.content = .image(image)
        case var .video(video):
            video.size = sized(video.size)
            layer.content = .video(video)
        case var .text(text):
            if let width { text.paragraph.boxWidth = .constant(width) }
            if let height { text.paragraph.style.boxHeight = height }
            layer.content = .text(text)
        case .path, .group: break
        }
        return layer
    }

    /// Draws only the part of a shape's or path's outline from `from` to `to` (fractions of its
    /// length); other layers are left as they are.
    public func trim(from: Double = 0, to: Double = 1) -> Layer { trim(ShapeTrim(start: .constant(from), end: .constant(to))) }

    /// A shape's or path's trim, its ends animatable (nil: the whole outline).
    public func trim(_ trim: ShapeTrim?) -> Layer {
        var layer = self
        switch content {
        case var .shape(shape):
            shape.trim = trim
            layer.content = .shape(shape)
        case var .path(path):
            path.trim = trim
            layer.content = .path(path)
        case .text, .image, .video, .group: break
        }
        return layer
    }

    /// An image or video stretched to its frame (`fit: fill`), as SwiftUI's `.resizable()`;
    /// before it, an `Image` keeps its own size whatever its frame (`fit: none`).
    public func resizable() -> Layer { withFit(.fill) }

    /// An image or video fitted into its frame whole (`.fit`: `fit: contain`) or filling it
    /// (`.fill`: `fit: cover`, cropped to the frame, where SwiftUI would overflow it).
    public func aspectRatio(contentMode: ContentMode) -> Layer {
        switch contentMode {
        case .fit: return withFit(.contain)
        case .fill: return withFit(.cover)
        }
    }

    private func withFit(_ fit: LayerImage.Fit) -> Layer {
        var layer = self
        switch content {
        case var .image(image):
            image.fit = fit
            layer.content = .image(image)
        case var .video(video):
            video.fit = fit
            layer.content = .video(video)
        case .text, .shape, .path, .group: break
        }
        return layer
    }

    /// The layer's transform (identity when it had none) with one field changed.
    private func withTransform(_ change: (inout LayerTransform) -> Void) -> Layer {
        var layer = self
        var transform = layer.transform ?? LayerTransform()
        change(&transform)
        layer.transform = transform
        return layer
    }
}
