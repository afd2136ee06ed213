/// The largest size, between size × minimumScaleFactor and size, at which a text fits its box
/// without truncation (as SwiftUI's `minimumScaleFactor`). Past the minimum it truncates.
package enum ShrinkToFit {
    package static func size(
        for text: String, fonts: FontChain, library: FontLibrary, size: Double,
        style: ParagraphStyle, minimumScaleFactor: Double
    ) throws -> Double {
        let fits = { (candidate: Double) throws -> Bool in
            try !ParagraphLayouter.layout(text, fonts: fonts, library: library, size: candidate, style: style).overflowed
        }
        guard size > 0, try !fits(size) else { return size }
        let minimum = size * min(max(minimumScaleFactor, 0), 1)
        var low = minimum, high = size
        // Unhinted advances grow linearly with the size, so one proportional step lands close for a
        // single line; the bisection makes it exact for wrapped text and rounding at the edge.
        if let width = style.boxWidth, style.maxLines == 1 {
            var unbounded = style
            unbounded.boxWidth = nil
            let natural = try ParagraphLayouter.layout(text, fonts: fonts, library: library, size: size, style: unbounded).box.width
            let guess = natural > 0 ? size * width / natural : size
            if guess >= minimum, guess < size, try fits(guess) { low = guess; high = min(size, guess * 1.001) }
        }
        guard try fits(low) else { return minimum }
        for _ in 0..<14 where high - low > 1.0 / 1024 {
            let middle = (low + high) / 2
            if try fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}
