import Foundation
import Kinetype

/// A price that counts in whole cents with a currency format ("€1.00" → "€1.37" → "€3.00"): the
/// counting-label article's hook, as a `TextInterpolator`. Texts that are not prices get no
/// context, so they change without animation when their keyframe lands.
struct CentsCounter: TextInterpolator {
    struct Context: Sendable {
        var from: Int
        var to: Int
    }

    func context(from: String, to: String) -> Context? {
        guard let a = Self.cents(from), let b = Self.cents(to) else { return nil }
        return Context(from: a, to: b)
    }

    func text(_ context: Context, at ratio: Double) -> String {
        // The ratio follows the easing: a spring overshoots past the target price and back.
        let cents = Int((Double(context.from) + Double(context.to - context.from) * ratio).rounded())
        return String(format: "€%d.%02d", cents / 100, abs(cents % 100))
    }

    static func cents(_ text: String) -> Int? {
        guard text.hasPrefix("€"), let value = Double(text.dropFirst()) else { return nil }
        return Int((value * 100).rounded())
    }
}
