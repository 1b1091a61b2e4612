/// Writes a `ChapterScript` as one line of JSON, byte for byte what
/// `JSONCoding.encoder()` makes of it, at a small part of `JSONEncoder`'s
/// cost: a script is mostly its sentences (ranges, pauses and pieces), which
/// are written here by hand; `JSONEncoder` writes the rest (chapter, tags,
/// outputs) around an empty `sentences` list, which this fills in. Every
/// job's script is encoded twice, once for the chapter's cache key and once
/// for the worker, and `JSONEncoder` on the sentences was the largest share
/// of the parent's CPU after reading the book (docs/performance.md).
/// `ScriptJSONTests` compares the two on the corpus's scripts and on strings
/// of every control character.
enum ScriptJSON {
    /// `script`'s JSON, without a trailing newline.
    static func encode(_ script: ChapterScript) throws -> [UInt8] {
        var shell = script
        shell.sentences = []
        let head = Array(try JSONCoding.encoder().encode(shell))
        // The only place these bytes can stand: a quote inside a string is escaped,
        // and no other object of a script has a `sentences` key.
        let empty = Array(#""sentences":[]"#.utf8)
        guard let slot = head.firstRange(of: empty) else { return head }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count + script.sentences.count * 160)
        bytes.append(contentsOf: head[..<(slot.upperBound - 1)])
        for (number, sentence) in script.sentences.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            append(sentence, to: &bytes)
        }
        bytes.append(contentsOf: head[(slot.upperBound - 1)...])
        return bytes
    }

    /// `{"pause":…,"pieces":[…],"range":[…],"words":[…]}`: the keys in sorted order.
    private static func append(_ sentence: ChapterScript.Sentence, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"pause":"#.utf8)
        JSONBytes.append(integer: sentence.pause, to: &bytes)
        bytes.append(contentsOf: #","pieces":["#.utf8)
        for (number, piece) in sentence.pieces.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"phonemes":"#.utf8)
            bytes.append(contentsOf: (piece.phonemes ? "true" : "false").utf8)
            bytes.append(contentsOf: #","text":"#.utf8)
            JSONBytes.append(string: piece.text, to: &bytes)
            bytes.append(contentsOf: #","voice":"#.utf8)
            JSONBytes.append(string: piece.voice, to: &bytes)
            bytes.append(contentsOf: #","words":"#.utf8)
            JSONBytes.append(piece.words, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #"],"range":"#.utf8)
        JSONBytes.append(sentence.range, to: &bytes)
        bytes.append(contentsOf: #","words":"#.utf8)
        JSONBytes.append(sentence.words, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}
