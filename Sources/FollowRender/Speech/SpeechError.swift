/// A failure of speech synthesis, with a one-line message naming what is
/// wrong or missing, e.g. `eSpeak NG voice 'xx' is not installed`.
public struct SpeechError: Error, CustomStringConvertible, Hashable, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
