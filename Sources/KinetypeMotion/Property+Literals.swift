/// A literal where a property is expected is that constant, so Swift code writes `size: 48`,
/// `text: "Hello"` and `color: "#1B1F24"` as a spec file does, instead of `.constant(…)`.
extension Property: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Value.IntegerLiteralType) {
        self = .constant(Value(integerLiteral: value))
    }
}

extension Property: ExpressibleByFloatLiteral where Value: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Value.FloatLiteralType) {
        self = .constant(Value(floatLiteral: value))
    }
}

extension Property: ExpressibleByUnicodeScalarLiteral where Value: ExpressibleByStringLiteral {
    public init(unicodeScalarLiteral value: Value.UnicodeScalarLiteralType) {
        self = .constant(Value(unicodeScalarLiteral: value))
    }
}

extension Property: ExpressibleByExtendedGraphemeClusterLiteral where Value: ExpressibleByStringLiteral {
    public init(extendedGraphemeClusterLiteral value: Value.ExtendedGraphemeClusterLiteralType) {
        self = .constant(Value(extendedGraphemeClusterLiteral: value))
    }
}

extension Property: ExpressibleByStringLiteral where Value: ExpressibleByStringLiteral {
    public init(stringLiteral value: Value.StringLiteralType) {
        self = .constant(Value(stringLiteral: value))
    }
}
