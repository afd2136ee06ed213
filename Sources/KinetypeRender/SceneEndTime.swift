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
        return zip(drawnLayers, layouts).map { drawn, layout in
            guard let text = drawn.layer.textContent,
                text.decorations.contains(where: { $0.draw != nil }) || text.animators.contains(where: { $0.unit == .line })
            else { return drawn.endTime() }
            return drawn.endTime(lineCount: layout.lines.count)
        }.max() ?? 0
    }
}
