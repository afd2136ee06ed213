import KinetypeMotion
import KinetypeText

/// SwiftUI's `withAnimation` for a layer: change its values at a time, and the change is animated
/// by appending the keyframes the animation plays (``Animation/keyframes(from:to:at:)``) to each
/// property that changed.
///
/// ```swift
/// try title.animate(.spring(duration: 0.6, bounce: 0.3), at: 0.5) { $0.size = 72 }
/// try title.animate(.easeInOut(duration: 0.4).delay(0.2), at: 2) {
///     $0.opacity = 0
///     $0.position.y += 40
/// }
/// ```
extension Layer {
    /// Every animatable property's value at `time` seconds; a field the layer's kind does not have
    /// holds a neutral value (a shape's text is empty, a text's frame zero), which an animation
    /// cannot change.
    public func values(at time: Double) -> LayerValues {
        let text = textContent
        var values = LayerValues(
            text: text?.text.value(at: time) ?? "", size: text?.size.value(at: time) ?? 0, position: position.value(at: time),
            color: color.value(at: time), opacity: opacity.value(at: time), tracking: text?.tracking.value(at: time) ?? 0,
            boxWidth: text?.paragraph.boxWidth?.value(at: time), fontWeight: text?.font.weight?.value(at: time),
            fontVariations: text?.font.variations.mapValues { $0.value(at: time) } ?? [:])
        values.blur = blur.value(at: time)
        if let transform = transform?.state(at: time) {
            (values.scale, values.rotation, values.skew, values.offset) = (
                transform.scale, .degrees(transform.rotation), transform.skew, transform.offset
            )
        }
        switch content {
        case let .shape(shape):
            (values.frame, values.cornerRadius) = (shape.size.value(at: time), shape.cornerRadius.value(at: time))
            if let trim = shape.trim { (values.trimFrom, values.trimTo) = (trim.start.value(at: time), trim.end.value(at: time)) }
        case let .image(image): values.frame = image.size.value(at: time)
        case let .video(video): values.frame = video.size.value(at: time)
        case let .path(path):
            if let trim = path.trim { (values.trimFrom, values.trimTo) = (trim.start.value(at: time), trim.end.value(at: time)) }
            if path.kind == .path { values.path = path.d.value(at: time) }
        case .text, .group: break
        }
        return values
    }

    /// Animates the changes `change` makes to the layer's values at `time` seconds, as SwiftUI's
    /// `withAnimation(animation) { … }` would: each property that changed moves from its value when
    /// the animation starts (after the delays written before any repeat) to the new value, and
    /// holds it afterwards. Properties left alone keep their keyframes.
    ///
    /// A text change blends with the text's interpolator (``contentTransition(_:)``: counting,
    /// typewriter, `.numericText()`…); a text that has none changes when the animation lands
    /// (SwiftUI would cross-fade it).
    ///
    /// Throws ``SceneError`` for a value the layer's kind does not have (a font size of a shape, a
    /// frame of a text, a colour of an image), and for a change kinetype cannot write as
    /// keyframes: a property still
    /// animating when the new animation starts (SwiftUI would blend the two), a property whose
    /// animation repeats, a `repeatForever` after earlier keyframes of the same property, a box,
    /// weight or axis added or removed, and a spring that never settles; the layer is then left as
    /// it was.
    public mutating func animate(_ animation: Animation, at time: Double, _ change: (inout LayerValues) throws -> Void) throws {
        // All or nothing: the layer changes only once every property has its keyframes.
        var layer = self
        try layer.animateProperties(animation, at: time, change)
        self = layer
    }

    private mutating func animateProperties(_ animation: Animation, at time: Double, _ change: (inout LayerValues) throws -> Void) throws {
        let start: Double
        do { start = try animation.keyframes(from: 0.0, to: 1.0, at: time).keyframes[0].time } catch let error as AnimationError {
            throw SceneError(message: messageAbout(id, error.message))
        }
        let before = values(at: start)
        var after = before
        try change(&after)
        if let unanimatable = LayerValues.unanimatable(before: before, after: after, in: content) {
            throw SceneError(message: messageAbout(id, "\(unanimatable)"))
        }
        let animator = PropertyAnimator(layerID: id, animation: animation, time: time, start: start)
        if after.position != before.position {
            position = try animator.animate(position, "position", from: before.position, to: after.position)
        }
        if after.color != before.color { color = try animator.animate(color, "color", from: before.color, to: after.color) }
        if after.opacity != before.opacity { opacity = try animator.animate(opacity, "opacity", from: before.opacity, to: after.opacity) }
        if after.blur != before.blur { blur = try animator.animate(blur, "blur", from: before.blur, to: after.blur) }
        if after.scale != before.scale || after.rotation != before.rotation || after.skew != before.skew || after.offset != before.offset {
            var turned = transform ?? LayerTransform()
            try turned.animate(from: before, to: after, by: animator)
            transform = turned
        }
        switch content {
        case var .text(text):
            try text.animate(from: before, to: after, by: animator, layerID: id)
            content = .text(text)
        case var .shape(shape):
            if after.frame != before.frame { shape.size = try animator.animate(shape.size, "frame", from: before.frame, to: after.frame) }
            if after.cornerRadius != before.cornerRadius {
                shape.cornerRadius = try animator.animate(
                    shape.cornerRadius, "corner radius", from: before.cornerRadius, to: after.cornerRadius)
            }
            shape.trim = try ShapeTrim.animate(shape.trim, from: before, to: after, by: animator)
            content = .shape(shape)
        case var .image(image):
            if after.frame != before.frame { image.size = try animator.animate(image.size, "frame", from: before.frame, to: after.frame) }
            content = .image(image)
        case var .video(video):
            if after.frame != before.frame { video.size = try animator.animate(video.size, "frame", from: before.frame, to: after.frame) }
            content = .video(video)
        case var .path(path):
            path.trim = try ShapeTrim.animate(path.trim, from: before, to: after, by: animator)
            if after.path != before.path { path.d = try animator.animate(path.d, "path", from: before.path, to: after.path) }
            content = .path(path)
        case .group: break
        }
    }
}

extension LayerValues {
    /// What a change from `before` to `after` asks of a layer of `content` that it does not have,
    /// as a sentence; nil when every changed value is one of its own.
    fileprivate static func unanimatable(before: LayerValues, after: LayerValues, in content: LayerContent) -> String? {
        let kind: String, isText: Bool, hasColor: Bool, hasFrame: Bool, hasCorners: Bool, hasTrim: Bool
        switch content {
        case .text: (kind, isText, hasColor, hasFrame, hasCorners, hasTrim) = ("a text layer", true, true, false, false, false)
        case let .shape(shape):
            (kind, isText, hasColor, hasFrame, hasCorners, hasTrim) = (
                "\(shape.kind) layer", false, true, true, shape.kind == .rectangle, true
            )
        case .image: (kind, isText, hasColor, hasFrame, hasCorners, hasTrim) = ("an image layer", false, false, true, false, false)
        case .video: (kind, isText, hasColor, hasFrame, hasCorners, hasTrim) = ("a video layer", false, false, true, false, false)
        case .path: (kind, isText, hasColor, hasFrame, hasCorners, hasTrim) = ("a line or path layer", false, true, false, false, true)
        case .group: (kind, isText, hasColor, hasFrame, hasCorners, hasTrim) = ("a group", false, false, false, false, false)
        }
        let textual = "only a text has one"
        var hasPath = false
        if case let .path(path) = content { hasPath = path.kind == .path }
        let checks: [(name: String, changed: Bool, has: Bool, who: String)] = [
            ("text", after.text != before.text, isText, textual),
            ("font size", after.size != before.size, isText, "only a text has one; a shape's, image's or video's size is its frame"),
            ("tracking", after.tracking != before.tracking, isText, textual),
            ("box width", after.boxWidth != before.boxWidth, isText, textual),
            ("font weight", after.fontWeight != before.fontWeight, isText, textual),
            ("font variations", after.fontVariations != before.fontVariations, isText, textual),
            ("color", after.color != before.color, hasColor, "only a text, shape, line or path is drawn in one"),
            ("frame", after.frame != before.frame, hasFrame, "only a shape, image or video has one; a text's size is its font size"),
            ("corner radius", after.cornerRadius != before.cornerRadius, hasCorners, "only a rectangle has one"),
            ("trim", after.trimFrom != before.trimFrom || after.trimTo != before.trimTo, hasTrim, "only a shape, line or path has one"),
            ("path", after.path != before.path, hasPath, "only a path layer (Path { … }, type: path) has one")
        ]
        guard let missing = checks.first(where: { $0.changed && !$0.has }) else { return nil }
        let article = kind.first.map { "aeiou".contains($0) } == true ? "an " : "a "
        let subject = kind.hasPrefix("a ") || kind.hasPrefix("an ") ? kind : article + kind
        return "\(subject) has no \(missing.name) to animate: \(missing.who)"
    }
}

extension LayerTransform {
    /// The transform's values animated from `before` to `after`.
    fileprivate mutating func animate(from before: LayerValues, to after: LayerValues, by animator: PropertyAnimator) throws {
        if after.scale != before.scale { scale = try animator.animate(scale, "scale", from: before.scale, to: after.scale) }
        if after.rotation != before.rotation {
            rotation = try animator.animate(rotation, "rotation", from: before.rotation.degrees, to: after.rotation.degrees)
        }
        if after.skew != before.skew { skew = try animator.animate(skew, "skew", from: before.skew, to: after.skew) }
        if after.offset != before.offset { offset = try animator.animate(offset, "offset", from: before.offset, to: after.offset) }
    }
}

extension ShapeTrim {
    /// A shape's or path's trim with its ends animated from `before` to `after` (a trim added when
    /// it had none: all of the outline until then).
    fileprivate static func animate(_ trim: ShapeTrim?, from before: LayerValues, to after: LayerValues, by animator: PropertyAnimator)
        throws -> ShapeTrim?
    {
        guard after.trimFrom != before.trimFrom || after.trimTo != before.trimTo else { return trim }
        var trimmed = trim ?? ShapeTrim()
        if after.trimFrom != before.trimFrom {
            trimmed.start = try animator.animate(trimmed.start, "trim start", from: before.trimFrom, to: after.trimFrom)
        }
        if after.trimTo != before.trimTo {
            trimmed.end = try animator.animate(trimmed.end, "trim end", from: before.trimTo, to: after.trimTo)
        }
        return trimmed
    }
}

extension TextContent {
    /// A text's own values animated from `before` to `after`.
    fileprivate mutating func animate(from before: LayerValues, to after: LayerValues, by animator: PropertyAnimator, layerID id: String)
        throws
    {
        if after.text != before.text {
            text = try animator.animate(text, "text", from: before.text, to: after.text) {
                KeyframeTrack(keyframes: $0, repeat: $1, interpolator: DiscreteText())
            }
        }
        if after.size != before.size { size = try animator.animate(size, "size", from: before.size, to: after.size) }
        if after.tracking != before.tracking {
            tracking = try animator.animate(tracking, "tracking", from: before.tracking, to: after.tracking)
        }
        if after.boxWidth != before.boxWidth {
            guard let from = before.boxWidth, let to = after.boxWidth, let width = paragraph.boxWidth else {
                throw SceneError(
                    message: messageAbout(id, "a box cannot be added or removed by an animation; give the layer a box width first"))
            }
            paragraph.boxWidth = try animator.animate(width, "box width", from: from, to: to)
        }
        if after.fontWeight != before.fontWeight {
            guard let from = before.fontWeight, let to = after.fontWeight, let weight = font.weight else {
                throw SceneError(
                    message: messageAbout(
                        id, "a font weight cannot be animated from or to the family's default; give the font a weight first"))
            }
            font.weight = try animator.animate(weight, "font weight", from: from, to: to)
        }
        if after.fontVariations != before.fontVariations {
            guard Set(after.fontVariations.keys) == Set(before.fontVariations.keys) else {
                throw SceneError(
                    message: messageAbout(id, "variation axes cannot be added or removed by an animation; give the font every axis first"))
            }
            for (tag, to) in after.fontVariations.sorted(by: { $0.key < $1.key }) where before.fontVariations[tag] != to {
                font.variations[tag] = try animator.animate(font.variations[tag]!, "axis \(tag)", from: before.fontVariations[tag]!, to: to)
            }
        }
    }
}

/// Appends one animation's keyframes to a property, or says why it cannot.
private struct PropertyAnimator {
    let layerID: String
    let animation: Animation
    /// When the change is made, and when its first keyframe is (after the leading delays).
    let time: Double, start: Double

    func animate<Value: Interpolatable>(_ property: Property<Value>, _ name: String, from: Value, to: Value) throws -> Property<Value> {
        try animate(property, name, from: from, to: to) { KeyframeTrack(keyframes: $0, repeat: $1) }
    }

    func animate<Value: Sendable>(
        _ property: Property<Value>, _ name: String, from: Value, to: Value,
        newTrack: ([Keyframe<Value>], RepeatCount) -> KeyframeTrack<Value>
    ) throws -> Property<Value> {
        // A wiggle stays on top of the animated value.
        if case let .wiggling(base, wiggle) = property {
            return .wiggling(try animate(base, name, from: from, to: to, newTrack: newTrack), wiggle)
        }
        let keyframes: [Keyframe<Value>], repeatCount: RepeatCount
        do { (keyframes, repeatCount) = try animation.keyframes(from: from, to: to, at: time) } catch let error as AnimationError {
            throw SceneError(message: messageAbout(layerID, "\(name): \(error.message)"))
        }
        guard case let .animated(track) = property else { return .animated(newTrack(keyframes, repeatCount)) }
        // A track of one keyframe (a content transition's) is a constant that knows how to blend.
        guard track.legDuration > 0 else {
            return .animated(track.replacingKeyframes(keyframes, repeat: repeatCount, autoreverses: false))
        }
        guard let end = track.endTime, end <= start else {
            throw SceneError(
                message:
                    messageAbout(
                        layerID,
                        "\(name) is still animating at \(Self.format(start)) s (\(track.endTime.map { "until \(Self.format($0)) s" } ?? "for ever")); kinetype cannot blend two animations of one property as SwiftUI does: start the change once the first has landed"
                    )
            )
        }
        guard track.repeatCount.legCount == 1 else {
            throw SceneError(
                message:
                    messageAbout(
                        layerID,
                        "\(name) repeats, and a repeating track cannot take more keyframes after it; animate it with Animation's repeatCount instead"
                    )
            )
        }
        guard repeatCount == .count(1) else {
            throw SceneError(
                message:
                    messageAbout(
                        layerID,
                        "\(name) already has keyframes, and repeatForever repeats a whole track; make repeatForever the property's first animation"
                    )
            )
        }
        return .animated(track.replacingKeyframes(track.keyframes + keyframes))
    }

    static func format(_ seconds: Double) -> String {
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A message about layer `id`, named first when it has a name: a layer built in Swift has none
/// until its scene numbers it, and a sentence does not start with ": ".
func messageAbout(_ id: String, _ message: String) -> String {
    id.isEmpty ? message : "\(id): \(message)"
}
