import Foundation
@testable import FollowRender

/// What a page the web player writes may hold, checked on its tokens
/// (`HTMLTokenizer`): no script but the player's own files and its two JSON
/// blocks (which hold no `<` at all, so nothing in them can end or escape the
/// element), no event-handler or `style` attribute, no element that loads or
/// runs anything else, and every URL a percent-encoded file name beside the
/// page (or a cover as a `data:image/` URL in `<img>`), never a scheme such as
/// `javascript:`. The page names the scripts navigate to, in the embedded
/// book JSON and in `search.js`, must be such file names too.
enum PageAudit {
    /// The first fault of the page, or nil.
    static func problem(in html: String) -> String? {
        var tokenizer = HTMLTokenizer(html)
        var policies = 0
        for tag in tokenizer.tags() where !tag.isEnd {
            if ["style", "iframe", "object", "embed", "base", "form", "frame", "frameset", "math", "template", "applet", "foreignobject",
                "use", "image", "animate", "set"].contains(tag.name) {
                return "a <\(tag.name)> element"
            }
            // The player's own icons are inline SVG: a path and nothing that links, animates or runs.
            if ["svg", "path"].contains(tag.name), let other = tag.attributes.first(where: { !["viewbox", "aria-hidden", "class", "d"].contains($0.name) }) {
                return "<\(tag.name)> with \(other.name)"
            }
            for (name, value) in tag.attributes {
                if name.hasPrefix("on") { return "an event handler \(name) on <\(tag.name)>" }
                if name == "style" { return "a style attribute on <\(tag.name)>" }
                if ["href", "src", "action", "formaction", "poster", "data", "xlink:href", "srcset", "background", "cite"].contains(name),
                   let fault = url(value, in: tag.name, attribute: name) {
                    return fault
                }
            }
            switch tag.name {
            case "script":
                if let fault = script(tag) { return fault }
            case "meta":
                let equiv = tag.attribute("http-equiv")?.lowercased()
                if equiv == "refresh" { return "a meta refresh" }
                if equiv == "content-security-policy" { policies += 1 }
            case "link":
                guard tag.attribute("rel") == "stylesheet", ["player.css", "reading.css"].contains(tag.attribute("href") ?? "") else {
                    return "a <link> other than player.css and reading.css"
                }
            default:
                break
            }
        }
        return policies == 1 ? nil : "\(policies) Content-Security-Policy meta elements"
    }

    /// A URL must be a plain file name (percent-encoded) beside the page, with an optional fragment.
    private static func url(_ value: String, in element: String, attribute: String) -> String? {
        if element == "img", attribute == "src", value.hasPrefix("data:image/"),
           value.dropFirst(11).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=;,.-".contains($0)) }) {
            return nil
        }
        let isSafe = { (character: Character) in character.isASCII && (character.isLetter || character.isNumber || "._~%-".contains(character)) }
        let parts = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ $0.allSatisfy(isSafe) }), !value.hasPrefix("."), !value.contains("..") || value.hasPrefix("#") else {
            return "<\(element) \(attribute)=\"\(value.prefix(60))\">: not a file beside the page"
        }
        let trimmed = value.drop { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }
        if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            return "<\(element) \(attribute)=\"\(value.prefix(60))\">: a URL with a scheme"
        }
        return nil
    }

    private static func script(_ tag: HTMLTokenizer.Tag) -> String? {
        let content = tag.content ?? ""
        if let source = tag.attribute("src") {
            return ["player.js", "library.js", "reading.js", "follow-timing.js"].contains(source) && content.isEmpty ? nil : "a script from \(source.prefix(60))"
        }
        guard tag.attribute("type") == "application/json", let id = tag.attribute("id"), ["fr-book", "fr-timing"].contains(id) else {
            return "an inline script"
        }
        guard !content.contains("<") else { return "a '<' inside the \(id) JSON" }
        guard let json = try? JSONSerialization.jsonObject(with: Data(content.utf8), options: [.fragmentsAllowed]) else {
            return "the \(id) JSON does not parse"
        }
        guard id == "fr-book" else { return nil }
        return pages(in: json)
    }

    /// The chapters' pages in book or search data must be plain file names: the scripts navigate to them.
    private static func pages(in json: Any) -> String? {
        let book = json as? [String: Any] ?? [:]
        for chapter in book["chapters"] as? [[String: Any]] ?? [] {
            let page = chapter["page"] as? String ?? ""
            guard !page.isEmpty, page.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._~%-".contains($0)) }) else {
                return "a page the scripts navigate to is \(page.prefix(60).debugDescription)"
            }
        }
        return nil
    }

    /// The first fault of `search.js` (`SearchData`), or nil: exactly our statement
    /// assigning one JSON value, with no `<`, U+2028 or U+2029 left raw (so nothing
    /// in it can end the statement or the string it is in, in any JavaScript
    /// engine), whose chapters' pages are plain file names.
    static func searchProblem(in script: String) -> String? {
        guard script.hasPrefix(SearchData.prefix), script.hasSuffix(";\n") else { return "search.js is not the one statement we write" }
        let json = script.dropFirst(SearchData.prefix.count).dropLast(2)
        if let raw = json.first(where: { "<\u{2028}\u{2029}\n".contains($0) }) { return "search.js holds a raw \(raw.debugDescription)" }
        guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8)), value is [String: Any] else {
            return "search.js's data is not one JSON object"
        }
        return pages(in: value)
    }
}
