import KinetypeScene

// The scene's kinds in the display list's terms, by exhaustive switches: a new kind in the scene
// is a compile error here until the display list can draw it.

extension ShapeOutline.Kind {
    init(_ kind: LayerShape.Kind) {
        switch kind {
        case .rectangle: self = .rectangle
        case .ellipse: self = .ellipse
        }
    }
}

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
