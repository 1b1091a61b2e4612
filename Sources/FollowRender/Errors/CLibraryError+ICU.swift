import CICU

extension CLibraryError {
    /// ICU's `UErrorCode`, as the CICU shim returns it, as the innermost cause
    /// with ICU's name for it (`U_ILLEGAL_ARGUMENT_ERROR`): the one conversion
    /// for every ICU user (`BreakIterator`, `TextDecoder`). Nil when ICU did not
    /// fail (0, or a warning: the shim itself could not allocate).
    static func icu(_ status: Int32) -> CLibraryError? {
        guard status > 0 else { return nil }
        return CLibraryError(library: "ICU", code: Int(status), message: String(cString: fr_icu_error_name(status)))
    }
}
