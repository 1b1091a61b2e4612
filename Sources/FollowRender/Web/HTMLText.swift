/// JSON embedded in the player's HTML (text and attribute values are escaped
/// by `XMLEscaping`, like every writer's).
enum HTMLText {
    /// JSON made safe inside `<script type="application/json">`: every `<`
    /// (only ever inside strings) becomes `\u003c`, so no `</script>` can end it.
    static func scriptJSON(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
