import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// What `kinetype inspect` prints: each layer's resolved properties and layout at one frame,
/// all in canvas pixels as floating point.
package struct InspectReport: Encodable, Sendable {
    package struct Layer: Encodable, Sendable {
        public var id: String
        /// False outside the layer's in and out points: then nothing else is reported.
        public var shown = true
        /// The font file drawn and its variation coordinates (after `font.weight` and `font.variations`).
        public var font: String
        public var variations: [String: Double]
        public var anchor: String
        /// Every declared animatable property (``TextLayer/properties``) at the frame, by its spec
        /// path: `text`, `size` (after shrink-to-fit), `position`, `color`, `opacity`, `box.width`…
        public var properties: [(path: String, value: InspectValue)]
        public var box: Rect
        /// The text did not fit its box (maxLines, box height or width) and was truncated or clipped.
        public var overflowed: Bool
        public var lines: [LaidOutLine]
        /// Each glyph's values after the layer's animators, by line, run and glyph (printed with the
        /// glyph): opacity (the layer's times its units'), offset, scale, rotation and colour.
        public var glyphValues: [[[UnitValues]]]
        /// Each decoration's segment per line at the frame.
        public var decorations: [Decoration]
        /// The background's resolved values and the rectangles it fills, when the layer has one.
        public var background: Background?
        /// The stroke, shadows and gradient fill at the frame, as the spec writes them, resolved:
        /// the evaluated states print their described fields by spec key.
        public var stroke: StrokeState?
        public var shadows: [ShadowState]
        public var fill: Fill?
        /// The mask's rectangle at the frame, when the layer has one.
        public var mask: MaskState?
        /// The whole layer's colour adjustment, glow and drop shadow at the frame.
        public var effects = LayerEffectsState()
        /// A shape layer's shape at the frame (its placed box is `box`).
        public var shape: ShapeState?
        /// An image layer's image at the frame (its placed box is `box`).
        public var image: ImageState?
        /// A video layer's fields at the frame, and which of its file's frames it shows.
        public var video: VideoState?
        /// A line or path layer's own fields (its points' bounds are `box`).
        public var path: PathState?
        /// A text's path at the frame, and its length (the text's lines are as laid out straight).
        public var textPath: TextPathReport?
        /// The groups around the layer, outermost first. `box` is on the canvas (the bounds of the
        /// layer's box under its groups); lines, decorations and rectangles are in the layer's
        /// own coordinates, which the innermost group's `placement` carries onto the canvas.
        public var groups: [GroupState] = []
        /// Where the layers it follows (`parent:`) carry its coordinates, in its group's (nil
        /// without a parent); its placement on the canvas is the innermost group's after it.
        public var parenting: Placement?
        /// A grouped or parented layer's box in its own coordinates (nil when neither moves it): with the
        /// innermost group's `placement`, where its corners are on the canvas, which `box`'s
        /// bounds do not say under a turn.
        public var layerBox: Rect?

        /// A text path's described fields at the frame, and its length in pixels (the offsets
        /// along it that place glyphs run from 0 to it).
        public struct TextPathReport: Encodable, Sendable {
            public var state: TextPathState
            public var length: Double

            public func encode(to encoder: Encoder) throws {
                try state.encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(length, forKey: Key("length"))
            }
        }

        /// The gradient's kind (its spec key) and described fields at the frame, and where it
        /// lies on the canvas: a linear gradient's line, a radial or conic one's centre.
        public struct Fill: Encodable, Sendable {
            public var state: GradientFillState
            /// Where a linear gradient's line starts and ends on the canvas (empty for the others).
            public var start: [Double] = []
            public var end: [Double] = []
            /// Where a radial or conic gradient's centre is on the canvas (empty for a linear one).
            public var canvasCenter: [Double] = []

            init(state: GradientFillState, painted: CanvasGradient?) {
                self.state = state
                switch painted?.geometry {
                case let .linear(start, end)?: (self.start, self.end) = ([start.x, start.y], [end.x, end.y])
                case let .radial(center, _, _, _, _)?, let .conic(center, _, _, _)?: canvasCenter = [center.x, center.y]
                case nil: break
                }
            }

            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                switch state {
                case .linear: try container.encode(GradientFill.keys[0], forKey: Key("kind"))
                case .radial: try container.encode(GradientFill.keys[1], forKey: Key("kind"))
                case .conic: try container.encode(GradientFill.keys[2], forKey: Key("kind"))
                }
                try state.encode(to: encoder)
                if !start.isEmpty {
                    try container.encode(start, forKey: Key("start"))
                    try container.encode(end, forKey: Key("end"))
                }
                if !canvasCenter.isEmpty { try container.encode(canvasCenter, forKey: Key("canvasCenter")) }
            }
        }

        /// The background's fields at the frame and the rectangles it fills.
        public struct Background: Encodable, Sendable {
            public var state: BackgroundState
            public var rects: [Rect]

            public func encode(to encoder: Encoder) throws {
                try state.encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(rects, forKey: Key("rects"))
            }
        }

        /// A decoration's described fields at the frame (its colour resolved: the layer's when it
        /// gives none) and its segment per line.
        public struct Decoration: Encodable, Sendable {
            public var state: DecorationState
            public var segments: [DecorationPainter.Segment]

            public func encode(to encoder: Encoder) throws {
                try state.encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(segments, forKey: Key("segments"))
            }
        }

        fileprivate struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(id, forKey: Key("id"))
            guard shown else { return try container.encode(false, forKey: Key("shown")) }
            try container.encode(anchor, forKey: Key("anchor"))
            try container.encode(box, forKey: Key("box"))
            if shape != nil || image != nil || video != nil || path != nil {
                // A shape or image layer has no text, font or lines: its shape or image and the
                // properties it reads.
                try container.encodeIfPresent(shape, forKey: Key("shape"))
                try container.encodeIfPresent(image, forKey: Key("image"))
                try container.encodeIfPresent(video, forKey: Key("video"))
                try container.encodeIfPresent(path, forKey: Key("path"))
                for (path, value) in properties where KinetypeScene.Layer.shapeProperties.contains(path) {
                    try container.encode(value, forKey: Key(path))
                }
            } else {
                try container.encode(font, forKey: Key("font"))
                try container.encode(variations, forKey: Key("variations"))
                for (path, value) in properties { try container.encode(value, forKey: Key(path)) }
                try container.encodeIfPresent(textPath, forKey: Key("path"))
                try container.encode(overflowed, forKey: Key("overflowed"))
                try container.encode(zip(lines, glyphValues).map(InspectLine.init), forKey: Key("lines"))
            }
            if !decorations.isEmpty { try container.encode(decorations, forKey: Key("decorations")) }
            try container.encodeIfPresent(background, forKey: Key("background"))
            try container.encodeIfPresent(stroke, forKey: Key("stroke"))
            if !shadows.isEmpty { try container.encode(shadows, forKey: Key("shadows")) }
            try container.encodeIfPresent(fill, forKey: Key("fill"))
            try container.encodeIfPresent(mask, forKey: Key("mask"))
            try container.encodeIfPresent(effects.colorAdjust, forKey: Key("colorAdjust"))
            try container.encodeIfPresent(effects.glow, forKey: Key("glow"))
            try container.encodeIfPresent(effects.dropShadow, forKey: Key("dropShadow"))
            if !groups.isEmpty { try container.encode(groups, forKey: Key("groups")) }
            try container.encodeIfPresent(parenting, forKey: Key("parenting"))
            try container.encodeIfPresent(layerBox, forKey: Key("layerBox"))
        }
    }
    package var frame: Int
    package var time: Double
    /// The values of the spec's parameters this frame was made with (nil: it declares none).
    package var parameters: [String: String]?
    package var layers: [Layer]

    package init(scene: Scene, frame: Int) throws {
        guard (0..<scene.frameCount).contains(frame) else {
            throw FrameOutOfRange(frame, frameCount: scene.frameCount)
        }
        // Layout and painting only: no canvas is allocated to print JSON. The painted frame is
        // the one the rasterizer would draw.
        let state = scene.frameState(at: frame)
        self.frame = frame
        time = state.time
        parameters = scene.parameters.isEmpty ? nil : Dictionary(scene.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        let painted = Painter(canvas: scene.canvas, fonts: scene.fontFiles).paint(state, layouts: try Layouter().layouts(state))
        layers = zip(state.layers, painted.layers).map { layer, painted in
            let layout = painted.layout
            var drawn = layer
            drawn.size = layout.size  // what is drawn: after shrink-to-fit
            var report = Layer(
                id: layer.id, font: layer.fonts.members.first?.path ?? "",
                variations: Dictionary(
                    uniqueKeysWithValues: (layer.fonts.members.first?.variations.settings ?? []).map { ($0.tag, $0.value) }),
                anchor: layer.anchor.rawValue,
                properties: KinetypeScene.Layer.properties.compactMap { property in
                    property.reportedValue(in: drawn).map { (property.path, $0) }
                },
                box: layout.box, overflowed: layout.overflowed, lines: layout.lines,
                glyphValues: painted.glyphs.map {
                    $0.map {
                        $0.map { glyph in
                            var values = glyph.values
                            values.opacity *= layer.opacity
                            return values
                        }
                    }
                },
                decorations: zip(layer.decorations, painted.decorations).map { decoration, segments in
                    var resolved = decoration
                    resolved.color = decoration.color ?? layer.color
                    return Layer.Decoration(state: resolved, segments: segments)
                },
                background: layer.background.map { Layer.Background(state: $0, rects: painted.backgroundRects) },
                stroke: layer.stroke, shadows: layer.shadows,
                fill: layer.gradient.map { Layer.Fill(state: $0, painted: painted.gradient) }, mask: layer.mask)
            switch layer.content {
            case .text:
                report.textPath = layer.textPath.map { path in
                    let along = TextPathPainter(path, layout: painted.layout, alignment: layer.style.alignment, position: layer.position)
                    return Layer.TextPathReport(state: path, length: along?.length ?? 0)
                }
            case let .shape(shape, _): report.shape = shape
            case let .image(image): report.image = image
            case let .video(video): report.video = video
            case let .path(path, _): report.path = path
            }
            report.shown = layer.isShown
            report.effects = layer.effects
            report.groups = layer.groups
            report.parenting = layer.parenting.isIdentity ? nil : layer.parenting
            if !layer.placement.isIdentity {
                let b = layout.box
                report.layerBox = b
                let corners = [(b.x, b.y), (b.x + b.width, b.y), (b.x, b.y + b.height), (b.x + b.width, b.y + b.height)].map {
                    layer.placement.apply(Point2(x: $0.0, y: $0.1))
                }
                let xs = corners.map(\.x), ys = corners.map(\.y)
                report.box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            }
            return report
        }
    }

    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// One frame's display list without rendering it: layout and painting only, no canvas.
package enum DisplayListReport {
    package static func displayList(scene: Scene, frame: Int) throws -> DisplayList {
        guard (0..<scene.frameCount).contains(frame) else {
            throw FrameOutOfRange(frame, frameCount: scene.frameCount)
        }
        let painter = Painter(canvas: scene.canvas, fonts: scene.fontFiles)
        return try MotionBlurDriver(scene: scene, painter: painter).paint(frame: frame, layouter: try Layouter()).displayList
    }
}
