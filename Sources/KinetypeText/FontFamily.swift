/// One file of a font family, as the catalog found it.
package struct FontFileInfo: Sendable, Equatable {
    package var path: String
    package var family: String
    package var style: String
    package var weight: Int
    /// The `wght` axis range, when the file is a variable font with one.
    package var weightAxis: ClosedRange<Double>?
    package var isItalic: Bool { style.lowercased().contains("italic") || style.lowercased().contains("oblique") }
}

/// The upright files of one family; picks a file and variation settings for a weight.
public struct FontFamily: Sendable, Equatable {
    public var name: String
    package var files: [FontFileInfo]

    package init(name: String, files: [FontFileInfo]) {
        self.name = name
        let upright = files.filter { !$0.isItalic }
        self.files = upright.isEmpty ? files : upright
    }

    /// The file for `weight` (100…900) and the variations to set on it. A variable font covering
    /// the weight gets it on its `wght` axis, so an animated weight moves smoothly; otherwise the
    /// nearest static weight is chosen (ties go to the heavier face above 400, as in CSS).
    /// Explicit `variations` win over the weight.
    package func select(weight: Double?, variations: [String: Double] = [:]) -> (path: String, variations: FontVariations) {
        let wanted = weight ?? 400
        if let variable = files.first(where: { $0.weightAxis?.contains(wanted) ?? false }) ?? files.first(where: { $0.weightAxis != nil }) {
            var settings = variations
            if settings["wght"] == nil, let range = variable.weightAxis {
                settings["wght"] = min(max(wanted, range.lowerBound), range.upperBound)
            }
            return (variable.path, FontVariations(settings))
        }
        let best = files.min { a, b in
            let da = abs(Double(a.weight) - wanted), db = abs(Double(b.weight) - wanted)
            if da != db { return da < db }
            return wanted > 400 ? a.weight > b.weight : a.weight < b.weight
        }!
        return (best.path, FontVariations(variations))
    }
}
