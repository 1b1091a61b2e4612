import Foundation

/// FNV-1a, 64 bit: the hash of every cache key (chapters, their parts of the
/// single file, the single file). Stable across runs and platforms, which
/// Swift's `Hasher` is not; change detection, not security.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `bytes`, then a separator byte, so that ("ab", "c") and ("a", "bc") differ.
    mutating func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        value ^= 0xFF
        value = value &* 0x0000_0100_0000_01b3
    }

    /// Adds `data`'s bytes through a raw buffer: `Data`'s own iterator is not
    /// specialized across modules and cost 1.2% of a render in the cache keys.
    mutating func add(_ data: Data) { data.withUnsafeBytes { add($0) } }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    /// The hash as 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
