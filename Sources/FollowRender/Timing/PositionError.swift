/// A position query that cannot be answered, in one line saying why.
public struct PositionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
