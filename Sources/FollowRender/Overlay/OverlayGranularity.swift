/// What each media-overlay fragment highlights while it is spoken.
public enum OverlayGranularity: String, Hashable, Sendable, CaseIterable {
    /// One fragment per sentence (pieces of it when it crosses element boundaries).
    case sentence
    /// One fragment per word.
    case word
}
