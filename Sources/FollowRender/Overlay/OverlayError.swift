/// Why a media-overlay EPUB, or one document of it, could not be made: one line naming the file.
public struct OverlayError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
