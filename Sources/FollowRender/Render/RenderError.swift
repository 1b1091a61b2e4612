/// Why a render could not be done, in one line naming what failed.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
