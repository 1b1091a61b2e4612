import CMeCab
import Foundation

/// MeCab with the IPA dictionary (Debian `mecab-ipadic-utf8`): splits Japanese
/// text into words and gives each its pronunciation in katakana, because
/// eSpeak NG's Japanese voice reads kana but says "Chinese letter" for kanji.
///
/// Owns MeCab's model, tagger and lattice and frees them in `deinit`; no MeCab
/// pointer leaves it. Not thread-safe: one analyzer per thread of use.
public final class JapaneseAnalyzer {
    /// One word: where it is in the analysed text and how it is pronounced.
    public struct Token: Hashable, Sendable {
        /// UTF-16 range in the analysed text.
        public var range: Range<Int>
        /// Katakana pronunciation (`発音`, else `読み`), nil when the dictionary has none
        /// (unknown words, Latin letters, digits, symbols).
        public var reading: String?
        /// The part of speech, as the IPA dictionary names it (`名詞`, `助詞`, `記号` …).
        public var category: String
        /// Its first subdivision (`格助詞`, `接尾`, `非自立` …), `*` when there is none.
        public var subcategory: String
    }

    private let model: OpaquePointer
    private let tagger: OpaquePointer
    private let lattice: OpaquePointer
    /// MeCab's version and the dictionary's file and version, for cache keys.
    public let version: String

    /// The dictionaries tried, in order: the UTF-8 IPA dictionary, then MeCab's configured default.
    static let dictionaries = ["/var/lib/mecab/dic/ipadic-utf8", "/usr/lib/x86_64-linux-gnu/mecab/dic/ipadic-utf8"]

    /// Opens MeCab; throws when MeCab or a UTF-8 dictionary is missing.
    public init() throws(RenderError) {
        let folder = Self.dictionaries.first { FileManager.default.fileExists(atPath: $0 + "/sys.dic") }
        let arguments = folder.map { "-d \($0)" } ?? ""
        guard let model = mecab_model_new2(arguments) else {
            throw RenderError(.analyser, file: folder ?? "mecab", "cannot open MeCab with the IPA dictionary (install mecab-ipadic-utf8)")
        }
        guard let tagger = mecab_model_new_tagger(model), let lattice = mecab_model_new_lattice(model) else {
            mecab_model_destroy(model)
            throw RenderError(.analyser, file: folder ?? "mecab", "cannot start MeCab's tagger")
        }
        self.model = model
        self.tagger = tagger
        self.lattice = lattice
        var dictionary = ""
        if let info = mecab_dictionary_info(tagger) {
            let charset = info.pointee.charset.map { String(cString: $0) } ?? ""
            dictionary = " \(info.pointee.filename.map { String(cString: $0) } ?? "") v\(info.pointee.version) \(charset)"
        }
        version = "MeCab \(String(cString: mecab_version()))" + dictionary
    }

    deinit {
        mecab_lattice_destroy(lattice)
        mecab_destroy(tagger)
        mecab_model_destroy(model)
    }

    /// The words of `text`, in order; whitespace belongs to no word.
    public func tokens(of text: String) -> [Token] {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return [] }
        // UTF-16 offset of each UTF-8 byte offset.
        var utf16At = [Int](repeating: 0, count: bytes.count + 1)
        var byte = 0
        var unit = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            for step in 0..<width { utf16At[byte + step] = unit }
            byte += width
            unit += UTF16.width(scalar)
        }
        utf16At[bytes.count] = unit
        var tokens: [Token] = []
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return }
                mecab_lattice_set_sentence2(lattice, base, bytes.count)
                guard mecab_parse_lattice(tagger, lattice) != 0 else { return }
                var node = mecab_lattice_get_bos_node(lattice)
                while let current = node {
                    defer { node = current.pointee.next }
                    let stat = Int32(current.pointee.stat)
                    guard stat == Int32(MECAB_NOR_NODE) || stat == Int32(MECAB_UNK_NODE),
                          let surface = current.pointee.surface, current.pointee.length > 0 else { continue }
                    let start = surface - base
                    let end = start + Int(current.pointee.length)
                    guard start >= 0, end <= bytes.count else { continue }
                    let feature = current.pointee.feature.map { String(cString: $0) } ?? ""
                    let fields = feature.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
                    tokens.append(Token(range: utf16At[start]..<utf16At[end], reading: Self.reading(feature),
                                        category: fields.first ?? "*", subcategory: fields.count > 1 ? fields[1] : "*"))
                }
            }
        }
        return tokens
    }

    /// The pronunciation field (9th) of an IPA-dictionary feature string, else the reading (8th).
    static func reading(_ feature: String) -> String? {
        let fields = feature.split(separator: ",", omittingEmptySubsequences: false)
        for index in [8, 7] where index < fields.count && fields[index] != "*" && !fields[index].isEmpty {
            return String(fields[index])
        }
        return nil
    }
}
