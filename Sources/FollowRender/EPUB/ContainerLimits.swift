/// Bounds that keep a hostile book from exhausting memory or time.
///
/// They sit far above anything a real book needs (the largest corpus book has
/// 159 entries and 5 MB of content) and refuse the archive before inflating.
enum ContainerLimits {
    /// Most files (ZIP entries or folder files) a book may hold.
    static let maximumEntries = 10_000
    /// Most bytes all entries may hold together, uncompressed.
    static let maximumTotalSize: UInt64 = 2 << 30
    /// Most bytes a single resource may inflate to when read.
    static let maximumEntrySize: UInt64 = 256 << 20
    /// Highest uncompressed-to-compressed ratio tolerated for entries above
    /// `ratioCheckThreshold` (text compresses about 3:1, deflate tops out near 1032:1).
    static let maximumCompressionRatio: UInt64 = 100
    /// Entries smaller than this are exempt from the ratio check (a few kB of
    /// whitespace may compress very well, harmlessly).
    static let ratioCheckThreshold: UInt64 = 1 << 20
}
