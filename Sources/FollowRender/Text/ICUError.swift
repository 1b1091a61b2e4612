/// A failure reported by ICU, with a one-line message such as
/// `ICU break iterator: U_MISSING_RESOURCE_ERROR`.
struct ICUError: Error, CustomStringConvertible {
    let message: String

    var description: String { message }
}
