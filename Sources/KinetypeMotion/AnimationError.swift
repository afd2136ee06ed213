/// An ``Animation`` that cannot become keyframes: a spring that never settles.
public struct AnimationError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
