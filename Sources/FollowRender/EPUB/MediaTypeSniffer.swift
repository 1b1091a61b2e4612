import Foundation

/// Recognises what a resource is from its first bytes, for the media types
/// whose content has a clear signature: raster images, fonts, audio, and XML
/// documents by their root element. Anything else is not judged.
enum MediaTypeSniffer {
    /// Whether `mediaType` is one this sniffer can check.
    static func isCheckable(_ mediaType: String) -> Bool {
        let type = mediaType.lowercased()
        if type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/") || type.contains("font") { return true }
        return ["application/xhtml+xml", "application/x-dtbncx+xml", "application/smil+xml"].contains(type)
    }

    /// A description of the content (`PNG image`, `XHTML document` …), nil when not recognised.
    static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(512))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG image" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "PNG image" }
        if starts(Array("GIF8".utf8)) { return "GIF image" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "WebP image" }
        if starts(Array("OTTO".utf8)) || starts([0x00, 0x01, 0x00, 0x00]) || starts(Array("true".utf8)) { return "OpenType/TrueType font" }
        if starts(Array("wOFF".utf8)) { return "WOFF font" }
        if starts(Array("wOF2".utf8)) { return "WOFF2 font" }
        if starts(Array("ID3".utf8)) || (bytes.count > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0) { return "MP3 audio" }
        if starts(Array("ftyp".utf8), at: 4) { return "MP4 media" }
        if starts(Array("OggS".utf8)) { return "Ogg media" }
        guard let root = xmlRoot(bytes) else { return nil }
        switch root {
        case "html": return "XHTML document"
        case "svg": return "SVG document"
        case "ncx": return "NCX document"
        case "smil": return "SMIL document"
        default: return nil
        }
    }

    /// Whether sniffed content agrees with the declared media type.
    static func matches(_ found: String, declared: String) -> Bool {
        let type = declared.lowercased()
        switch found {
        case "JPEG image": return type == "image/jpeg" || type == "image/jpg"
        case "PNG image": return type == "image/png"
        case "GIF image": return type == "image/gif"
        case "WebP image": return type == "image/webp"
        case "OpenType/TrueType font", "WOFF font", "WOFF2 font": return type.contains("font") || type.contains("opentype")
        case "MP3 audio": return type == "audio/mpeg" || type == "audio/mp3"
        case "MP4 media": return type.hasPrefix("audio/") || type.hasPrefix("video/")
        case "Ogg media": return type.hasPrefix("audio/") || type.hasPrefix("video/")
        case "XHTML document": return type == "application/xhtml+xml"
        case "SVG document": return type == "image/svg+xml"
        case "NCX document": return type == "application/x-dtbncx+xml"
        case "SMIL document": return type == "application/smil+xml"
        default: return true
        }
    }

    /// The local name of the first element of an XML document, from its first bytes.
    private static func xmlRoot(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first else { return nil }
            if first == "?" || first == "!" { continue }
            let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }
}
