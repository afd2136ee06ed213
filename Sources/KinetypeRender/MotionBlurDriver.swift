import KinetypeMotion
import KinetypeScene

/// Motion blur, driven around the pipeline: the frame and each blurred layer's sub-frames are
/// evaluated, laid out and painted in turn; a layer whose sub-frames all paint the same is drawn
/// once (still layers cost nothing more), the others become one `motionBlur` item. The layers'
/// geometry is the frame's own (its time, not a sub-frame's).
struct MotionBlurDriver {
    let scene: Scene
    let painter: Painter
    /// Each drawn layer's motion blur, in frame-state order (nil: sharp).
    let blurs: [MotionBlur?]

    init(scene: Scene, painter: Painter) {
        self.scene = scene
        self.painter = painter
        blurs = scene.layerMotionBlurs
    }

    /// Whether any layer is blurred: then frames are drawn from sub-frames.
    var isOn: Bool { blurs.contains { $0 != nil } }

    func paint(frame: Int, layouter: Layouter) throws -> PaintedFrame {
        let state = try scene.frameState(at: frame).decodingVideo()
        let layers = painter.paintLayers(state, layouts: try layouter.layouts(state))
        var items = Painter.withMattes(state, layers.map(\.items))
        for blur in Set(blurs.compactMap { $0 }).sorted(by: { ($0.shutterAngle, $0.samples) < ($1.shutterAngle, $1.samples) }) {
            let samples = try blur.sampleTimes(around: state.time, fps: scene.fps).map { time in
                let sub = try scene.frameState(atTime: time, frame: frame).decodingVideo()
                return painter.layerItems(sub, layouts: try layouter.layouts(sub))
            }
            for index in blurs.indices where blurs[index] == blur {
                let layerSamples = samples.map { $0[index] }
                if layerSamples.dropFirst().allSatisfy({ $0 == layerSamples[0] }) {
                    items[index] = layerSamples[0]
                } else {
                    items[index] = [
                        .motionBlur(MotionBlurItem(layer: state.layers[index].id, blend: state.layers[index].blend, samples: layerSamples))
                    ]
                }
            }
        }
        return PaintedFrame(displayList: painter.displayList(state, items: items), layers: layers.map(\.painted))
    }
}
