import KinetypeRender
import KinetypeText
import KinetypeMotion

/// A fill item's geometry read by kind, as tests check a display list.
extension FillItem {
    /// Its boxes (none unless it is boxes).
    package var rects: [Rect] {
        guard case let .boxes(rects, _) = outline else { return [] }
        return rects
    }
    package var cornerRadius: Double {
        guard case let .boxes(_, cornerRadius) = outline else { return 0 }
        return cornerRadius
    }
    package var isBoxes: Bool {
        guard case .boxes = outline else { return false }
        return true
    }
    package var isShape: Bool {
        guard case .shape = outline else { return false }
        return true
    }
    package var contours: [[Point2]] {
        guard case let .polygons(contours) = outline else { return [] }
        return contours
    }
}
