import CICU

extension CLibraryError {
    /// ICU's `UErrorCode` that a CICU shim call returned on failure, as the
    /// innermost cause with ICU's name for it (`U_ILLEGAL_ARGUMENT_ERROR`): the
    /// one conversion for every ICU owner (`BreakIterator`, `TextDecoder`,
    /// `NumberWords`). The shim always has a code when it fails, its own
    /// allocation failures included (`U_MEMORY_ALLOCATION_ERROR`), so no ICU
    /// failure is text only.
    static func icu(_ status: Int32) -> CLibraryError {
        CLibraryError(library: "ICU", code: Int(status), message: String(cString: fr_icu_error_name(status)))
    }
}
