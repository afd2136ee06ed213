/// The point of a text's layout box that is placed at the layer's position. Top and bottom are
/// the font's ascender and descender lines; the baseline anchors sit on the first baseline.
public enum Anchor: String, Sendable, CaseIterable, Codable {
    case center, topLeft, top, topRight, left, right, bottomLeft, bottom, bottomRight
    case baselineLeft, baseline, baselineRight

    /// 0 = left edge, 0.5 = centre, 1 = right edge.
    var horizontalFraction: Double {
        switch self {
        case .topLeft, .left, .bottomLeft, .baselineLeft: return 0
        case .center, .top, .bottom, .baseline: return 0.5
        case .topRight, .right, .bottomRight, .baselineRight: return 1
        }
    }

    /// Offset of the anchor below the box's top edge.
    func verticalOffset(boxHeight: Double, firstAscent: Double) -> Double {
        switch self {
        case .topLeft, .top, .topRight: return 0
        case .left, .center, .right: return boxHeight / 2
        case .bottomLeft, .bottom, .bottomRight: return boxHeight
        case .baselineLeft, .baseline, .baselineRight: return firstAscent
        }
    }
}
