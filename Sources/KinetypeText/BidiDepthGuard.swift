/// Keeps FriBidi below its explicit depth limit. libfribidi 1.0.8 (Debian 12) writes outside its
/// stack when a paragraph's explicit embeddings, overrides and isolates overflow depth 125 (a text of
/// a few hundred bidi controls crashed every command). UAX #9 (X1–X8) gives overflowing controls no
/// effect on levels, so neutralizing them before FriBidi sees them keeps the algorithm's result:
/// an overflowing embedding, override or PDF becomes BN (what rule X9 makes of it anyway); an
/// overflowing isolate initiator and its matching PDI become ON (both are neutrals at the enclosing
/// level already), and so does every explicit control inside it, which has no effect there either.
/// Texts that never overflow pass unchanged.
struct BidiDepthGuard {
    /// What the explicit rules look at in a character's bidi type.
    enum Class: Equatable {
        case other, strongLeft, strongRight
        case leftEmbedding, rightEmbedding, leftOverride, rightOverride, popFormatting
        case leftIsolate, rightIsolate, firstStrongIsolate, popIsolate
        case paragraphSeparator

        var isIsolateInitiator: Bool { self == .leftIsolate || self == .rightIsolate || self == .firstStrongIsolate }
        var isEmbeddingInitiator: Bool {
            self == .leftEmbedding || self == .rightEmbedding || self == .leftOverride || self == .rightOverride
        }
    }

    /// What a neutralized control becomes.
    enum Replacement: Equatable { case boundaryNeutral, otherNeutral }

    /// UAX #9's max_depth, FriBidi's FRIBIDI_BIDI_MAX_EXPLICIT_LEVEL.
    static let maxDepth = 125

    /// The controls to neutralize, by index, so that the explicit rules never overflow; empty for
    /// almost every text. `baseLevel` is nil for a paragraph whose direction comes from its text (P2–P3).
    static func replacements(for original: [Class], baseLevel: Int?) -> [Int: Replacement] {
        var classes = original
        var replaced: [Int: Replacement] = [:]
        // Neutralizing an isolate can change which strong character decides an enclosing FSI's or the
        // paragraph's direction, so run again on the result until nothing more overflows (at most a
        // few rounds: each only adds replacements).
        while true {
            let found = overflowing(classes, baseLevel: baseLevel)
            if found.isEmpty { return replaced }
            for (index, replacement) in found {
                replaced[index] = replacement
                classes[index] = .other  // what FriBidi will see: no explicit effect
            }
        }
    }

    /// One pass of rules X1–X8 over `classes`: the controls that overflow, or sit inside an
    /// overflowing isolate, and the PDFs and PDIs that close them.
    static func overflowing(_ classes: [Class], baseLevel: Int?) -> [Int: Replacement] {
        let firstStrong = firstStrongAfter(classes)
        var found: [Int: Replacement] = [:]
        var paragraphStart = 0
        while paragraphStart < classes.count {
            var end = paragraphStart
            while end < classes.count && classes[end] != .paragraphSeparator { end += 1 }
            let level = baseLevel ?? paragraphLevel(classes, from: paragraphStart, to: end)
            overflowing(classes, paragraphStart..<end, baseLevel: level, firstStrong: firstStrong, into: &found)
            paragraphStart = end + 1
        }
        return found
    }

    private static func overflowing(
        _ classes: [Class], _ range: Range<Int>, baseLevel: Int,
        firstStrong: [Class], into found: inout [Int: Replacement]
    ) {
        var stack: [(level: Int, isolate: Bool)] = [(baseLevel, false)]
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        func nextLevel(rightToLeft: Bool) -> Int {
            let level = stack[stack.count - 1].level
            return rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
        }
        for index in range {
            let type = classes[index]
            if type.isEmbeddingInitiator {  // X2–X5
                let level = nextLevel(rightToLeft: type == .rightEmbedding || type == .rightOverride)
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    stack.append((level, false))
                } else {
                    if overflowIsolates == 0 { overflowEmbeddings += 1 }
                    found[index] = .boundaryNeutral
                }
            } else if type.isIsolateInitiator {  // X5a–X5c
                let rightToLeft =
                    type == .rightIsolate
                    || (type == .firstStrongIsolate && index + 1 < classes.count && firstStrong[index + 1] == .strongRight)
                let level = nextLevel(rightToLeft: rightToLeft)
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append((level, true))
                } else {
                    overflowIsolates += 1
                    found[index] = .otherNeutral
                }
            } else if type == .popIsolate {  // X6a
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                    found[index] = .otherNeutral
                } else if validIsolates == 0 {
                    found[index] = .otherNeutral  // matches nothing: a neutral at the current level either way
                } else {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
            } else if type == .popFormatting {  // X7
                if overflowIsolates > 0 {
                    found[index] = .boundaryNeutral
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                    found[index] = .boundaryNeutral
                } else if !stack[stack.count - 1].isolate && stack.count >= 2 {
                    stack.removeLast()
                }
            }
        }
    }

    /// For each index, the class (strongLeft, strongRight or other) of the first strong character
    /// from there on, skipping isolates with their matching PDIs and stopping at an unmatched PDI
    /// or a paragraph separator: rules P2–P3 as X5c applies them to an FSI's content. Linear time.
    static func firstStrongAfter(_ classes: [Class]) -> [Class] {
        let matchingPDI = matchingPopIsolates(classes)
        var result = [Class](repeating: .other, count: classes.count + 1)
        for index in classes.indices.reversed() {
            switch classes[index] {
            case .strongLeft, .strongRight: result[index] = classes[index]
            case .popIsolate, .paragraphSeparator: result[index] = .other
            case .leftIsolate, .rightIsolate, .firstStrongIsolate:
                result[index] = matchingPDI[index].map { result[$0 + 1] } ?? .other
            default: result[index] = result[index + 1]
            }
        }
        return result
    }

    /// BD9: the matching PDI of each isolate initiator, if any, within its paragraph.
    static func matchingPopIsolates(_ classes: [Class]) -> [Int?] {
        var matching = [Int?](repeating: nil, count: classes.count)
        var open: [Int] = []
        for (index, type) in classes.enumerated() {
            if type.isIsolateInitiator {
                open.append(index)
            } else if type == .popIsolate, let initiator = open.popLast() {
                matching[initiator] = index
            } else if type == .paragraphSeparator {
                open.removeAll()
            }
        }
        return matching
    }

    /// P2–P3: 1 when the paragraph's first strong character outside isolates is right to left.
    static func paragraphLevel(_ classes: [Class], from start: Int, to end: Int) -> Int {
        var isolates = 0
        for index in start..<end {
            switch classes[index] {
            case .leftIsolate, .rightIsolate, .firstStrongIsolate: isolates += 1
            case .popIsolate: if isolates > 0 { isolates -= 1 }
            case .strongLeft where isolates == 0: return 0
            case .strongRight where isolates == 0: return 1
            default: break
            }
        }
        return 0
    }
}
