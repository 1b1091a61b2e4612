import Synchronization

/// How a front end spells the names the library's messages use (`Setting`,
/// `CommandReference`): installed once at start, read by every message after.
/// Until one is installed, a name reads as the library's own words.
final class FrontEndSpelling<Name: Sendable>: Sendable {
    private let spelling = Mutex<(@Sendable (Name) -> String)?>(nil)

    /// Makes every later message spell names as `spelling` says.
    func install(_ spelling: @escaping @Sendable (Name) -> String) {
        self.spelling.withLock { $0 = spelling }
    }

    /// `name` as the front end spells it, else `words`.
    func spell(_ name: Name, words: String) -> String {
        let spelling = self.spelling.withLock { $0 }
        return spelling?(name) ?? words
    }
}
