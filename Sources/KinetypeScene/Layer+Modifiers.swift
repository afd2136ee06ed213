import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// A layer's fields as SwiftUI-style modifiers: each returns the layer with one field set, named
/// after the spec file's field, so a layer reads as its spec does. A text's own fields (its
/// font, size, paragraph, decorations…) leave a shape, image, path or group as it is.
///
/// ```swift
/// let title = Text("Quarterly report", font: try .system(weight: 700), size: 48)
///     .position(x: 40, y: 80)
///     .anchor(.baselineLeft)
///     .color("#14171C")
///     .stroke(width: 2, color: .white)
///     .shadow(offset: .constant(Point2(x: 0, y: 4)), blur: 8)
/// ```
extension Layer {
    public func id(_ id: String) -> Layer { with { $0.id = id } }
    public func text(_ text: Property<String>) -> Layer { withText { $0.text = text } }
    public func font(_ font: FontSpec) -> Layer { withText { $0.font = font } }
    /// `font.weight`: 100…900, a family's member or a variable font's `wght`.
    public func fontWeight(_ weight: Property<Double>) -> Layer { withText { $0.font.weight = weight } }
    /// SwiftUI's `.monospacedDigit()`: the `tnum` feature, so a counting number keeps its width.
    public func monospacedDigit() -> Layer {
        withText { $0.font.features.monospacedDigits = true }
    }
    public func size(_ size: Property<Double>) -> Layer { withText { $0.size = size } }
    public func position(_ position: Property<Point2>) -> Layer { with { $0.position = position } }
    public func position(x: Double, y: Double) -> Layer { with { $0.position = .constant(Point2(x: x, y: y)) } }
    public func anchor(_ anchor: Anchor) -> Layer { with { $0.anchor = anchor } }
    public func color(_ color: Property<RGBA>) -> Layer { with { $0.color = color } }
    public func opacity(_ opacity: Property<Double>) -> Layer { with { $0.opacity = opacity } }
    /// Letter spacing in pixels (SwiftUI's `.tracking`).
    public func tracking(_ tracking: Property<Double>) -> Layer { withText { $0.tracking = tracking } }

    // MARK: - Paragraph

    /// `box`: lines wrap at `width` (animatable); a `height` cuts the lines that do not fit.
    public func box(width: Property<Double>, height: Double? = nil) -> Layer {
        withText {
            $0.paragraph.boxWidth = width
            $0.paragraph.style.boxHeight = height
        }
    }
    public func align(_ alignment: ParagraphStyle.Alignment) -> Layer { withText { $0.paragraph.style.alignment = alignment } }
    /// A multiple of the font's line height.
    public func lineHeight(_ lineHeight: Double) -> Layer { withText { $0.paragraph.style.lineHeight = lineHeight } }
    public func maxLines(_ maxLines: Int?) -> Layer { withText { $0.paragraph.style.maxLines = maxLines } }
    public func truncation(_ truncation: ParagraphStyle.Truncation) -> Layer { withText { $0.paragraph.style.truncation = truncation } }
    /// How lines are filled: `.balance` for titles and captions, `.pretty` for paragraphs (CSS `text-wrap`).
    public func textWrap(_ wrap: ParagraphStyle.TextWrap) -> Layer { withText { $0.paragraph.style.textWrap = wrap } }
    /// `.optimal`: breaks chosen over the whole paragraph (Knuth–Plass), for justified text.
    public func lineBreaking(_ breaking: ParagraphStyle.LineBreaking) -> Layer { withText { $0.paragraph.style.lineBreaking = breaking } }
    /// Hyphenation (CSS `hyphens`): `.auto` hyphenates by the layer's `language`.
    public func hyphens(_ hyphens: ParagraphStyle.Hyphens, limits: ParagraphStyle.HyphenationLimits? = nil) -> Layer {
        withText {
            $0.paragraph.style.hyphens = hyphens
            $0.paragraph.style.hyphenationLimits = limits
        }
    }
    /// Line-break rules (CSS `line-break`) and breaks inside words (CSS `word-break`).
    public func lineBreak(_ rules: ParagraphStyle.LineBreak, wordBreak: ParagraphStyle.WordBreak = .normal) -> Layer {
        withText {
            $0.paragraph.style.lineBreak = rules
            $0.paragraph.style.wordBreak = wordBreak
        }
    }
    /// A BCP 47 tag ("vi", "zh-Hans") for shaping and line breaking.
    public func language(_ language: String?) -> Layer { withText { $0.paragraph.style.language = language } }
    /// `fit`: shrinks the size until the text fits its box, down to size × `minimumScaleFactor`
    /// (SwiftUI's `.minimumScaleFactor`); needs a box width.
    public func fit(minimumScaleFactor: Double = FitSpec.defaultMinimumScaleFactor) -> Layer {
        withText { $0.fit = FitSpec(minimumScaleFactor: minimumScaleFactor, group: $0.fit?.group) }
    }
    /// `fitGroup`: every layer of the group is drawn at one shared size, the smallest any needs
    /// (implies ``fit(minimumScaleFactor:)``).
    public func fitGroup(_ group: String) -> Layer {
        withText { $0.fit = FitSpec(minimumScaleFactor: $0.fit?.minimumScaleFactor ?? FitSpec.defaultMinimumScaleFactor, group: group) }
    }

    // MARK: - Styles

    /// An outline around every glyph, under the fill.
    public func stroke(
        width: Property<Double>, color: Property<RGBA> = .constant(.black), join: TextStroke.Join = .round,
        position: TextStroke.Position = .outside
    ) -> Layer {
        stroke(TextStroke(width: width, color: color, join: join, position: position))
    }
    public func stroke(_ stroke: TextStroke?) -> Layer { with { $0.stroke = stroke } }

    /// Adds a shadow (over the ones added before it).
    public func shadow(
        offset: Property<Point2> = .constant(Point2(x: 2, y: 2)), blur: Property<Double> = .constant(4),
        color: Property<RGBA> = .constant(TextShadow.defaultColor)
    ) -> Layer {
        shadow(TextShadow(offset: offset, blur: blur, color: color))
    }
    public func shadow(_ shadow: TextShadow) -> Layer { with { $0.shadows.append(shadow) } }

    /// A box behind each line (`per: .line`) or behind the layout box (`.box`).
    public func background(
        color: Property<RGBA> = .constant(TextBackground.defaultColor),
        padding: Property<Point2> = .constant(TextBackground.defaultPadding), cornerRadius: Property<Double> = .constant(0),
        per extent: TextBackground.Extent = .line
    ) -> Layer {
        background(TextBackground(color: color, padding: padding, cornerRadius: cornerRadius, extent: extent))
    }
    public func background(_ background: TextBackground?) -> Layer { withText { $0.background = background } }

    /// Lays the text along SVG path data `d` (pixels from the layer's position), starting `offset`
    /// pixels of arc length along it (``TextPath``); throws ``PathData/Problem`` where `d` cannot
    /// be read.
    ///
    /// ```swift
    /// try Text("Around and around", size: 28).position(x: 320, y: 180).path("M -100 0 C -100 -138 100 -138 100 0", offset: 40)
    /// ```
    public func path(_ d: String, offset: Property<Double> = .constant(0)) throws -> Layer { path(try TextPath(d, offset: offset)) }
    public func path(_ path: TextPath?) -> Layer { withText { $0.path = path } }

    /// A gradient that replaces the layer's colour.
    public func fill(_ gradient: LinearGradient?) -> Layer { with { $0.fill = gradient.map(GradientFill.linear) } }
    /// A radial gradient that replaces the layer's colour.
    public func fill(_ gradient: RadialGradient) -> Layer { with { $0.fill = .radial(gradient) } }
    /// A conic gradient that replaces the layer's colour.
    public func fill(_ gradient: AngularGradient) -> Layer { with { $0.fill = .conic(gradient) } }
    /// A gradient of any kind that replaces the layer's colour.
    public func fill(_ gradient: GradientFill) -> Layer { with { $0.fill = gradient } }

    /// Adds a strikethrough, underline, overline or highlight along every line.
    public func decoration(
        _ kind: Decoration.Kind, color: Property<RGBA>? = nil, thickness: Property<Double>? = nil,
        offset: Property<Double> = .constant(0), draw: DrawAnimation? = nil
    ) -> Layer {
        decoration(Decoration(kind: kind, color: color, thickness: thickness, offset: offset, draw: draw))
    }
    public func decoration(_ decoration: Decoration) -> Layer { withText { $0.decorations.append(decoration) } }

    /// Adds a per-unit animation (letters, words or lines one after another).
    public func animator(_ animator: TextAnimator) -> Layer { withText { $0.animators.append(animator) } }

    // MARK: - Compositing and timing

    public func blend(_ mode: BlendMode) -> Layer { with { $0.blend = mode } }

    /// Keeps only what lies inside a rectangle of the canvas (outside, with `invert`).
    public func mask(
        position: Property<Point2> = .constant(.zero), size: Property<Point2>, feather: Property<Double> = .constant(0),
        invert: Bool = false
    ) -> Layer {
        mask(LayerMask(origin: position, size: size, feather: feather, invert: invert))
    }
    public func mask(_ mask: LayerMask?) -> Layer { with { $0.mask = mask } }

    /// `in` and `out`: the layer is shown from `start` (inclusive) until `end` (exclusive).
    public func shown(from start: Double? = nil, until end: Double? = nil) -> Layer {
        with {
            $0.inPoint = start
            $0.outPoint = end
        }
    }

    /// This layer's motion blur, instead of the scene's (`shutterAngle: 0` keeps it sharp).
    public func motionBlur(shutterAngle: Double = 180, samples: Int = 16) -> Layer {
        motionBlur(MotionBlur(shutterAngle: shutterAngle, samples: samples))
    }
    public func motionBlur(_ motionBlur: MotionBlur?) -> Layer { with { $0.motionBlur = motionBlur } }
    /// Follows the layer of id `parent` beside it (same group): moved, turned, scaled and skewed
    /// with it, as After Effects' parenting; nil follows none.
    public func parent(_ parent: String?) -> Layer { with { $0.parent = parent } }

    /// How the text blends when it changes: SwiftUI's `.contentTransition(…)`, as a text
    /// interpolation (`.numericText()`, `.counting`, `.typewriter`, `.discrete` or your own). An
    /// animated text keeps its keyframes; a constant one keeps its text, ready for
    /// ``animate(_:at:_:)`` to change it.
    public func contentTransition<Interpolator: TextInterpolator>(_ interpolator: Interpolator) -> Layer {
        withText { layer in
            switch layer.text {
            case let .constant(value):
                layer.text = .animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: value)], interpolator: interpolator))
            case .animated, .wiggling:
                layer.text = layer.text.mapTrack { track in
                    KeyframeTrack(
                        keyframes: track.keyframes, repeat: track.repeatCount, autoreverses: track.autoreverses,
                        extrapolation: track.extrapolation, interpolator: interpolator)
                }
            }
        }
    }

    private func with(_ change: (inout Layer) -> Void) -> Layer {
        var layer = self
        change(&layer)
        return layer
    }

    /// A text's own field changed; any other layer as it is.
    private func withText(_ change: (inout TextContent) -> Void) -> Layer {
        var layer = self
        layer.updateText(change)
        return layer
    }
}
