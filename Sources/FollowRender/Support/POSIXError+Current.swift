import Foundation

extension POSIXError {
    /// The error `errno` holds now, from the C call that just failed, as the
    /// cause an error of ours keeps (nil when `errno` names no POSIX error).
    static var current: POSIXError? {
        POSIXErrorCode(rawValue: errno).map { POSIXError($0) }
    }
}
