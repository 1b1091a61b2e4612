/// An error of a type that is not rebuilt after crossing a process boundary
/// (`ErrorChain`): the JSON decoder's, Foundation's, a leaf of ours with no
/// kind. It keeps the type's name, its one line and the causes below it.
public struct CarriedError: CausedError {
    /// The name of the error's type where it was raised (`DecodingError`, `CocoaError` …).
    public var type: String
    /// The error's own line.
    public var message: String
    public var cause: (any Error)?

    public init(type: String, message: String, cause: (any Error)? = nil) {
        self.type = type
        self.message = message
        self.cause = cause
    }

    public var description: String { message }
}
