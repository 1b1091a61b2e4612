import Foundation

extension POSIXError {
    /// The error for the `errno` value `code`, as the cause an error of ours
    /// keeps (nil when `code` names no POSIX error).
    static func of(_ code: Int32) -> POSIXError? {
        POSIXErrorCode(rawValue: code).map { POSIXError($0) }
    }

    /// The error `errno` holds now, from the C call that just failed.
    static var current: POSIXError? { of(errno) }
}
