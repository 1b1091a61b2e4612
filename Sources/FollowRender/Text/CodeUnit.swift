/// Character classes of single UTF-16 code units, as segmentation needs them.
///
/// Surrogates (halves of emoji and other astral characters) belong to no class:
/// they are never whitespace, letters or digits here.
enum CodeUnit {
    /// Unicode `White_Space`: spaces (including U+00A0 and U+3000), tabs and line breaks.
    static func isWhitespace(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return unit == 0x20 || (0x09 ... 0x0D).contains(unit) }
        return scalar(unit)?.properties.isWhitespace ?? false
    }

    /// Characters that end a line: LF, VT, FF, CR, NEL, U+2028, U+2029.
    static func isLineBreak(_ unit: UInt16) -> Bool {
        (0x0A ... 0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Unicode `Alphabetic`.
    static func isLetter(_ unit: UInt16) -> Bool {
        scalar(unit)?.properties.isAlphabetic ?? false
    }

    /// Characters with a numeric value, such as `5`, `٥` or `½`.
    static func isDigit(_ unit: UInt16) -> Bool {
        scalar(unit)?.properties.numericType != nil
    }

    static func isUppercase(_ unit: UInt16) -> Bool {
        scalar(unit)?.properties.isUppercase ?? false
    }

    static func isLowercase(_ unit: UInt16) -> Bool {
        scalar(unit)?.properties.isLowercase ?? false
    }

    private static func scalar(_ unit: UInt16) -> Unicode.Scalar? {
        Unicode.Scalar(UInt32(unit))
    }
}
