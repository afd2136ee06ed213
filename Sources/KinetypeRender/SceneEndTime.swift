import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene
extension Scene {
    /// When the last layer stops changing (`.infinity` when something repeats forever). A layer
    /// whose decorations draw line after line ends after its last line: its line count is taken
    /// from its layout at the last frame, so a wrapped paragraph counts every line it wraps into;
    /// so does a layer whose animators move it line by line.
    public func endTime() throws -> Double {
        let final = frameState(at: max(frameCount - 1, 0))
        let layouts = try Layouter().layouts(final)
        return zip(layers, layouts).map { layer, layout in
            layer.decorations.contains { $0.draw != nil } || layer.animators.contains { $0.unit == .line }
                ? layer.endTime(lineCount: layout.lines.count) : layer.endTime
        }.max() ?? 0
    }
}
