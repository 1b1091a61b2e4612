/// Why a book cannot be read at all. Lesser faults are `BookWarning`s.
public struct EPUBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line, naming the part of the book at fault and what is wrong.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

/// A recoverable fault: the book is read anyway, and the user is told once.
public struct BookWarning: Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
