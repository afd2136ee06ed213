extension Int {
    /// `value` rounded by `rule`, clamped to ±2^62 (NaN is 0): a user's number of any size becomes
    /// an integer without trapping, and adding or subtracting a few still cannot overflow.
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let limit = Double(1 << 62)
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }
}
