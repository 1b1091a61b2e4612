import CLibXML2
import Foundation

/// The markup of an XML document as its original bytes hold it: tags with
/// their byte ranges, and the text nodes of the root element numbered exactly
/// as libxml2 numbers them (`XMLNode.textNodes`), each UTF-16 unit mapped back
/// to the bytes it was decoded from.
///
/// This is what lets the overlay writer insert elements at byte offsets and
/// leave every other byte of a document alone. Character data, CDATA sections
/// and character or predefined entity references between markup form one text
/// node; tags, comments, processing instructions and references to other
/// entities separate them, as in libxml2's tree. HTML named references count
/// as the numeric references `HTMLEntities` rewrites them to before parsing.
struct RawXML {
    /// One attribute of a start tag.
    struct Attribute {
        /// Qualified name as written, e.g. `id` or `xml:lang`.
        var name: String
        var value: String
        /// Bytes of the value between the quotes.
        var valueRange: Range<Int>
        /// Bytes from the whitespace before the name to the closing quote.
        var range: Range<Int>
    }

    /// A start, end or empty-element tag.
    struct Tag {
        enum Kind { case start, end, empty }
        var kind: Kind
        /// Qualified name as written.
        var name: String
        var range: Range<Int>
        var attributes: [Attribute]
        /// The default namespace in scope inside the element (for end tags: of the element closed).
        var defaultNamespace: String?
        /// Index in `tags` of the start tag of the enclosing element (for end tags: of the element closed).
        var parent: Int?

        /// The name without prefix.
        var localName: String { name.split(separator: ":").last.map(String.init) ?? name }

        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    }

    /// A text node of the root element.
    struct TextNode {
        /// The decoded text, as libxml2 gives it.
        var units: [UInt16] = []
        /// Byte offset where the character of each unit starts (both halves of a surrogate pair share it).
        var starts: [Int] = []
        /// Byte offset just after the character of each unit.
        var ends: [Int] = []
        /// Whether each unit lies inside a CDATA section.
        var inCDATA: [Bool] = []
        /// The default namespace in scope where the text stands.
        var defaultNamespace: String?
        /// Index in `tags` of the start tag of the element holding the text.
        var parent: Int?
    }

    let bytes: [UInt8]
    private(set) var tags: [Tag] = []
    private(set) var textNodes: [TextNode] = []
    /// Every `id` and `xml:id` value in the document.
    private(set) var ids: Set<String> = []
    /// Byte offsets of references to other entities, which stay unexpanded (not text).
    private(set) var entityReferences: [Int] = []

    /// Scans `data`; `path` names the document in errors.
    init(data: Data, path: String) throws(RenderError) {
        bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes, path: path)
        try scanner.scan()
        tags = scanner.tags
        textNodes = scanner.textNodes
        ids = scanner.ids
        entityReferences = scanner.entityReferences
    }

    /// Throws unless the text nodes are exactly libxml2's, so that no edit can
    /// land on the wrong characters.
    func verify(against document: XMLDocument) throws(RenderError) {
        let parsed = document.root?.textNodes ?? []
        guard parsed.count == textNodes.count else {
            throw RenderError(.overlay, file: document.path, "found \(textNodes.count) text nodes in the raw markup but libxml2 has \(parsed.count); the document is left without overlay")
        }
        for (index, (node, raw)) in zip(parsed, textNodes).enumerated() where Array(node.content.utf16) != raw.units {
            throw RenderError(.overlay, file: document.path, "text node \(index) reads differently in the raw markup and in libxml2; the document is left without overlay")
        }
    }

    /// Index in `tags` of the end tag closing the start tag at `index` (itself for an empty-element tag).
    func matchingEnd(of index: Int) -> Int? {
        var depth = 0
        for position in index..<tags.count {
            switch tags[position].kind {
            case .start: depth += 1
            case .end: depth -= 1
            case .empty: break
            }
            if depth == 0 { return position }
        }
        return nil
    }

    /// The first tag with a local name and kind.
    func firstTag(_ localName: String, kind: Tag.Kind) -> Tag? {
        tags.first { $0.kind == kind && $0.localName == localName }
    }
}

/// The byte-level state machine behind `RawXML`.
private struct Scanner {
    private static let predefined: [String: UInt32] = ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27]

    let bytes: [UInt8]
    let path: String
    var tags: [RawXML.Tag] = []
    var textNodes: [RawXML.TextNode] = []
    var ids: Set<String> = []
    var entityReferences: [Int] = []

    private var index = 0
    private var namespaces: [String?] = []
    /// Indices in `tags` of the open elements' start tags.
    private var parents: [Int] = []
    private var rootClosed = false
    /// The text node being collected, if the last thing read was character data.
    private var current: RawXML.TextNode?

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func scan() throws(RenderError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                try markup()
            } else if byte == UInt8(ascii: "&") {
                try reference()
            } else {
                try character(cdata: false)
            }
        }
        finishText()
        guard namespaces.isEmpty else { throw fault("an element is not closed") }
    }

    private var insideRoot: Bool { !namespaces.isEmpty }

    private mutating func markup() throws(RenderError) {
        if matches("<!--") {
            finishText()
            index = try position(after: "-->", from: index + 4)
        } else if matches("<![CDATA[") {
            let end = try position(of: "]]>", from: index + 9)
            index += 9
            while index < end { try character(cdata: true) }
            index = end + 3
        } else if matches("<!") {
            finishText()
            try skipDeclaration()
        } else if matches("<?") {
            finishText()
            index = try position(after: "?>", from: index + 2)
        } else if matches("</") {
            finishText()
            try endTag()
        } else {
            finishText()
            try startTag()
        }
    }

    private mutating func startTag() throws(RenderError) {
        let start = index
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw fault("a '<' that starts no tag") }
        var attributes: [RawXML.Attribute] = []
        while true {
            let before = index
            skipSpace()
            guard index < bytes.count else { throw fault("the tag <\(name)> is not closed") }
            if bytes[index] == UInt8(ascii: ">") || matches("/>") { break }
            let attributeName = readName()
            guard !attributeName.isEmpty else { throw fault("unexpected character in the tag <\(name)>") }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fault("attribute \(attributeName) has no value") }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fault("attribute \(attributeName) is not quoted")
            }
            let quote = bytes[index]
            guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { throw fault("attribute \(attributeName) is not closed") }
            let valueRange = (index + 1)..<close
            index = close + 1
            attributes.append(RawXML.Attribute(
                name: attributeName, value: String(decoding: bytes[valueRange], as: UTF8.self),
                valueRange: valueRange, range: before..<index
            ))
        }
        let empty = matches("/>")
        index += empty ? 2 : 1
        for attribute in attributes where attribute.name == "id" || attribute.name == "xml:id" {
            ids.insert(attribute.value)
        }
        guard !rootClosed else { throw fault("content after the root element") }
        let inherited = namespaces.last ?? nil
        let declared = attributes.first { $0.name == "xmlns" }.map { XMLEscaping.decodedAmpersands($0.value) }
        let namespace = declared ?? inherited
        tags.append(RawXML.Tag(kind: empty ? .empty : .start, name: name, range: start..<index,
                               attributes: attributes, defaultNamespace: namespace, parent: parents.last))
        if empty {
            if namespaces.isEmpty { rootClosed = true }
        } else {
            namespaces.append(namespace)
            parents.append(tags.count - 1)
        }
    }

    private mutating func endTag() throws(RenderError) {
        let start = index
        index += 2
        let name = readName()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fault("the end tag </\(name)> is not closed") }
        index += 1
        guard let namespace = namespaces.popLast() else { throw fault("the end tag </\(name)> closes nothing") }
        let closed = parents.removeLast()
        if namespaces.isEmpty { rootClosed = true }
        tags.append(RawXML.Tag(kind: .end, name: name, range: start..<index, attributes: [], defaultNamespace: namespace,
                               parent: tags[closed].parent))
    }

    /// `<!DOCTYPE …>` with its internal subset, or another declaration.
    private mutating func skipDeclaration() throws(RenderError) {
        index += 2
        var quote: UInt8?
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if matches("<!--") {
                index = try position(after: "-->", from: index + 4)
                continue
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") || (byte == UInt8(ascii: "<") && depth > 0) {
                depth += 1
            } else if byte == UInt8(ascii: "]") || (byte == UInt8(ascii: ">") && depth > 1) {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth == 0 {
                index += 1
                return
            }
            index += 1
        }
        throw fault("a declaration is not closed")
    }

    private mutating func reference() throws(RenderError) {
        let start = index
        guard let semicolon = bytes[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else {
            throw fault("an '&' that starts no reference")
        }
        let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        index = semicolon + 1
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value) else { throw fault("bad character reference &\(name);") }
            append(scalar, range: start..<index, cdata: false)
        } else if let value = Self.predefined[name] ?? Self.htmlEntity(name) {
            append(Unicode.Scalar(value)!, range: start..<index, cdata: false)
        } else {
            finishText()
            entityReferences.append(start)
        }
    }

    /// One character of character data or CDATA, line ends normalized as XML does.
    private mutating func character(cdata: Bool) throws(RenderError) {
        let start = index
        let byte = bytes[index]
        if byte == 0x0D {
            index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            append("\n", range: start..<index, cdata: cdata)
            return
        }
        if cdata, byte == UInt8(ascii: "&"), let rewritten = htmlReferenceInCDATA() {
            for unit in rewritten.unicodeScalars { append(unit, range: start..<index, cdata: true) }
            return
        }
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count,
              let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)?.unicodeScalars.first else {
            throw fault("invalid UTF-8 at byte \(index)")
        }
        index += length
        append(scalar, range: start..<index, cdata: cdata)
    }

    /// An HTML named reference inside CDATA, which `HTMLEntities` rewrites to
    /// literal `&#N;` text there too; nil when there is none at `index`.
    private mutating func htmlReferenceInCDATA() -> String? {
        guard let semicolon = bytes[index...].prefix(34).firstIndex(of: UInt8(ascii: ";")), semicolon > index + 1 else { return nil }
        let nameBytes = bytes[(index + 1)..<semicolon]
        guard nameBytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else { return nil }
        let name = String(decoding: nameBytes, as: UTF8.self)
        guard Self.predefined[name] == nil, let value = Self.htmlEntity(name) else { return nil }
        index = semicolon + 1
        return "&#\(value);"
    }

    private mutating func append(_ scalar: Unicode.Scalar, range: Range<Int>, cdata: Bool) {
        guard insideRoot else { return }
        if current == nil { current = RawXML.TextNode(defaultNamespace: namespaces.last ?? nil, parent: parents.last) }
        for unit in String(scalar).utf16 {
            current!.units.append(unit)
            current!.starts.append(range.lowerBound)
            current!.ends.append(range.upperBound)
            current!.inCDATA.append(cdata)
        }
    }

    private mutating func finishText() {
        if let node = current { textNodes.append(node) }
        current = nil
    }

    private static func htmlEntity(_ name: String) -> UInt32? {
        guard !name.isEmpty, name.utf8.count <= 32, let entity = htmlEntityLookup(name) else { return nil }
        return entity.pointee.value
    }

    private func matches(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    private func position(of text: String, from start: Int) throws(RenderError) -> Int {
        let utf8 = Array(text.utf8)
        var probe = start
        while probe + utf8.count <= bytes.count {
            if bytes[probe] == utf8[0], bytes[probe..<(probe + utf8.count)].elementsEqual(utf8) { return probe }
            probe += 1
        }
        throw fault("'\(text)' is missing")
    }

    private func position(after text: String, from start: Int) throws(RenderError) -> Int {
        try position(of: text, from: start) + text.utf8.count
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") {
                break
            }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func fault(_ reason: String) -> RenderError {
        RenderError(.overlay, file: path, "\(reason) (near byte \(index)); the document is left without overlay")
    }
}
