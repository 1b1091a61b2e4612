/// Escaping for text and attribute values written into the player's HTML.
enum HTMLText {
    /// `&`, `<`, `>` and `"` as character references.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// JSON made safe inside `<script type="application/json">`: every `<`
    /// (only ever inside strings) becomes `\u003c`, so no `</script>` can end it.
    static func scriptJSON(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
