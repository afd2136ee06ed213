import KinetypeScene

// The scene's kinds in the display list's terms, by exhaustive switches: a new kind in the scene
// is a compile error here until the display list can draw it (a shape's: `ShapePainter.outline`).

extension MatteItem.Mode {
    init(_ mode: LayerMatte.Mode) {
        switch mode {
        case .alpha: self = .alpha
        case .alphaInverted: self = .alphaInverted
        case .luma: self = .luma
        case .lumaInverted: self = .lumaInverted
        }
    }
}
