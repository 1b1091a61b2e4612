/// A setting that cannot be used, found by the library: a malformed pause list,
/// an impossible batch task, a cover that is no image, an audiobook path of
/// no known format. `setting` says which (its kind); the reason names it
/// through `Setting`, so the command line's message names its option.
///
/// Checks of a value's form alone are the command line's (`UsageError`); this
/// error is for what only the library can tell. Where a setting fails deep in
/// another operation, that operation's error (`BookError`, `RenderError`) has
/// kind `.setting` and this error as its cause.
public struct SettingError: CausedError, Sendable {
    /// The setting at fault: what a caller switches on.
    public var setting: Setting
    /// One line saying what is wrong, naming the setting.
    public var reason: String
    /// The error that caused this one, when there is one.
    public var cause: (any Error)?

    public init(_ setting: Setting, _ reason: String, cause: (any Error)? = nil) {
        self.setting = setting
        self.reason = reason
        self.cause = cause
    }

    public var description: String { reason }
}
