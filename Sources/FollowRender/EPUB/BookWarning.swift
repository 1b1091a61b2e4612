/// A recoverable fault: the book is read anyway, and the user is told once.
public struct BookWarning: Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
