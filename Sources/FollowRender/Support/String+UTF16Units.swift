extension String {
    /// The text of `units` (UTF-16 code units; an unpaired surrogate becomes
    /// U+FFFD, as with `String(decoding:as:)`). A run of ASCII, most of the
    /// words and tokens of a Latin-script book, is copied byte for byte; the
    /// standard library's generic UTF-16 transcoder, which every other run
    /// goes through, cost the parent about a tenth of its CPU when
    /// normalization made a string of each token (docs/performance.md).
    init(utf16Units units: ArraySlice<UInt16>) {
        var ascii = true
        let copied = String(unsafeUninitializedCapacity: units.count) { buffer in
            var offset = 0
            for unit in units {
                guard unit < 0x80 else {
                    ascii = false
                    return 0
                }
                buffer[offset] = UInt8(truncatingIfNeeded: unit)
                offset += 1
            }
            return offset
        }
        self = ascii ? copied : String(decoding: units, as: UTF16.self)
    }
}
