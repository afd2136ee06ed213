import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// A decoded, validated animation: everything needed to evaluate any frame, with no I/O left.
public struct Scene: Sendable {
    /// A decoded scene, as the spec decoder (or `init(canvas:fps:duration:layers:)`) makes it.
    package init(
        canvas: CanvasSpec, fps: Double, duration: Double, layers: [Layer], sourcePath: String,
        warnings: [String] = []
    ) {
        self.canvas = canvas
        self.fps = fps
        self.duration = duration
        self.layers = Self.resolvingMattes(layers)
        self.sourcePath = sourcePath
        self.warnings = warnings
    }

    public var canvas: CanvasSpec
    public var fps: Double
    public var duration: Double
    public var layers: [Layer]
    /// The spec file this scene came from (for messages and the render manifest).
    public var sourcePath: String
    /// Motion blur for every layer that does not set its own (nil: none).
    public var motionBlur: MotionBlur? = nil
    /// The sounds muxed into a video of the scene, mixed when there are several.
    public var audio: [AudioClip] = []
    /// The spec's parameters and the values this scene was made with, in the spec's order.
    public var parameters: [SceneParameter] = []
    /// Things that are allowed but probably not meant (a spring cut short by its next keyframe…).
    public var warnings: [String] = []
    /// The multiple of the spec's size this scene renders at (`scaled(by:)`, `render --scale`),
    /// 1 as written; fractional for a smaller preview (0.5).
    public internal(set) var scale: Double = 1

    /// Frame `i` shows time `i / fps`; there are `round(duration × fps)` frames.
    public var frameCount: Int { Int(saturating: duration * fps, rounding: .toNearestOrAwayFromZero) }

    public func time(ofFrame frame: Int) -> Double { Double(frame) / fps }

    /// The resolved state of every layer at a frame. Pure: no fonts are opened here.
    public func frameState(at frame: Int) -> FrameState {
        frameState(atTime: time(ofFrame: frame), frame: frame)
    }

    /// Every layer at `t` seconds, for frame `frame`: a motion-blur sub-frame between frames.
    public func frameState(atTime t: Double, frame: Int) -> FrameState {
        let frameTime = time(ofFrame: frame)
        let (layers, tree) = layerStates(at: t, frameTime: frameTime)
        return FrameState(frame: frame, time: t, layers: layers, tree: tree)
    }

    /// Each drawn layer's motion blur: its own, else the scene's; nil where it is off.
    public var layerMotionBlurs: [MotionBlur?] {
        drawnLayers.map { drawn in (drawn.layer.motionBlur ?? motionBlur).flatMap { $0.isOn ? $0 : nil } }
    }
}

public struct CanvasSpec: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var background: RGBA

    public init(width: Int, height: Int, background: RGBA = .white) {
        self.width = width
        self.height = height
        self.background = background
    }
}

/// One of a spec's parameters (`params:`) and its value in a scene.
public struct SceneParameter: Sendable, Equatable {
    public var name: String
    /// `string`, `number`, `color`, `file` or `boolean`.
    public var kind: String
    public var value: String

    public init(name: String, kind: String, value: String) {
        self.name = name
        self.kind = kind
        self.value = value
    }
}
