internal import CFriBidi
internal import CFriBidiShims

/// The resolved embedding level of every scalar of a paragraph (UAX #9, by FriBidi):
/// even levels run left to right, odd ones right to left.
struct BidiLevels {
    let levels: [UInt8]
    let paragraphIsRightToLeft: Bool

    enum BaseDirection { case auto, leftToRight, rightToLeft }

    init(_ text: UnicodeText, base: BaseDirection = .auto) {
        let count = text.scalars.count
        var characters = text.scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction: FriBidiParType
        switch base {
        case .auto: direction = kt_fribidi_par_auto()
        case .leftToRight: direction = kt_fribidi_par_ltr()
        case .rightToLeft: direction = kt_fribidi_par_rtl()
        }
        if count > 0 {
            fribidi_get_bidi_types(&characters, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(&characters, FriBidiStrIndex(count), &types, &brackets)
            Self.neutralizeOverflowingControls(&types, base: base)
            let result = fribidi_get_par_embedding_levels_ex(&types, &brackets, FriBidiStrIndex(count), &direction, &levels)
            if result == 0 { levels = [FriBidiLevel](repeating: 0, count: count) }  // out of memory: left to right
        }
        self.levels = levels.map { UInt8(bitPattern: $0) }
        paragraphIsRightToLeft = kt_fribidi_par_is_rtl(direction) != 0
    }

    /// Keeps FriBidi below its depth limit (see `BidiDepthGuard`); touches nothing in a text
    /// without bidi controls.
    private static func neutralizeOverflowingControls(_ types: inout [FriBidiCharType], base: BaseDirection) {
        let classes = types.map { BidiDepthGuard.Class(fribidiClass: kt_fribidi_explicit_class($0)) }
        guard classes.contains(where: { $0.isEmbeddingInitiator || $0.isIsolateInitiator }) else { return }
        let baseLevel: Int? =
            switch base {
            case .auto: nil;
            case .leftToRight: 0;
            case .rightToLeft: 1
            }
        for (index, replacement) in BidiDepthGuard.replacements(for: classes, baseLevel: baseLevel) {
            types[index] = replacement == .boundaryNeutral ? kt_fribidi_type_bn() : kt_fribidi_type_on()
        }
    }

    /// Visual order of items with these levels (rule L2): from the highest level down to the
    /// lowest odd level, reverse every maximal sequence at that level or above.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max() else { return order }
        let lowestOdd = levels.filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        var level = highest
        while level >= lowestOdd && level > 0 {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else { index += 1; continue }
                var end = index
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return order
    }
}

extension BidiDepthGuard.Class {
    /// From `kt_fribidi_explicit_class`'s numbering.
    init(fribidiClass: Int32) {
        let classes: [Self] = [
            .other, .strongLeft, .strongRight, .leftEmbedding, .rightEmbedding, .leftOverride,
            .rightOverride, .popFormatting, .leftIsolate, .rightIsolate, .firstStrongIsolate,
            .popIsolate, .paragraphSeparator
        ]
        self = classes.indices.contains(Int(fribidiClass)) ? classes[Int(fribidiClass)] : .other
    }
}
