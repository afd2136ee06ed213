import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeScene

/// Renders frames of one scene through the pipeline's stages: the scene evaluated at the frame's
/// time (video layers' frames decoded) → `Layouter` (box-local layouts) → `Painter` (a `DisplayList`) → `CanvasRasterizer` (pixels);
/// with motion blur, `MotionBlurDriver` runs the first three at each sub-frame.
/// Holds FreeType state and a canvas, so each thread uses its own renderer.
public final class FrameRenderer {
    public let scene: Scene
    /// Its fonts and glyph caches.
    package let library: FontLibrary
    package let layouter: Layouter
    private let painter: Painter
    private let motionBlur: MotionBlurDriver
    private let rasterizer: CanvasRasterizer
    /// How often a shadow or stroke mask came from an earlier frame, and how often it was made.
    var shapeMaskReuse: (hits: Int, misses: Int) { (rasterizer.shapeMasks.hits, rasterizer.shapeMasks.misses) }
    /// How often a shape layer's coverage came from an earlier frame, and how often it was made.
    var shapeCoverageReuse: (hits: Int, misses: Int) { (rasterizer.shapeCoverages.hits, rasterizer.shapeCoverages.misses) }
    /// How often a layer composited as a whole came from an earlier frame, and how often it was drawn.
    var layerPixelReuse: (hits: Int, misses: Int) { (rasterizer.layerPixels.hits, rasterizer.layerPixels.misses) }
    /// Time spent in layout and rasterization by this renderer so far.
    public private(set) var times = StageTimes()

    public convenience init(scene: Scene) throws {
        self.init(scene: scene, library: try FontLibrary())
    }

    /// A renderer drawing with `library`, which no other thread uses while this renderer lives.
    package init(scene: Scene, library: FontLibrary) {
        self.scene = scene
        self.library = library
        layouter = Layouter(library: library)
        painter = Painter(canvas: scene.canvas, fonts: scene.fontFiles)
        motionBlur = MotionBlurDriver(scene: scene, painter: painter)
        rasterizer = CanvasRasterizer(library: library, canvas: scene.canvas)
    }

    /// Every layer's layout, placed on the canvas (after shrink-to-fit).
    package func layouts(_ state: FrameState) throws -> [TextLayout] {
        zip(state.layers, try layouter.layouts(state)).map { Painter.place($1, layer: $0) }
    }

    public func displayList(_ state: FrameState) throws -> DisplayList {
        let state = try timed(&times.evaluate) { try state.decodingVideo() }
        let layouts = try timed(&times.layout) { try layouter.layouts(state) }
        return timed(&times.paint) { painter.displayList(state, layouts: layouts) }
    }

    public func render(frame: Int) throws -> Canvas {
        guard motionBlur.isOn else {
            let state = timed(&times.evaluate) { scene.frameState(at: frame) }
            return try render(state)
        }
        // Sub-frames are evaluated, laid out and painted together (timed as painting).
        let list = try timed(&times.paint) { try motionBlur.paint(frame: frame, layouter: layouter).displayList }
        return try timed(&times.raster) { try rasterizer.draw(list) }
    }

    public func render(_ state: FrameState) throws -> Canvas {
        let list = try displayList(state)
        return try timed(&times.raster) { try rasterizer.draw(list) }
    }
}
