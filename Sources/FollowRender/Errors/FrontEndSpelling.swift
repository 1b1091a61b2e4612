import Synchronization

/// How a front end spells the names the library's messages use (`Setting`,
/// `CommandReference`): installed once at start, read by every message after.
/// Until one is installed, a name reads as the library's own words.
public final class FrontEndSpelling<Name: Sendable>: Sendable {
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

/// A name the library's texts use that a front end may spell its own way
/// (`Setting`, `CommandReference`): the library's `words` until one is installed.
public protocol FrontEndSpelled: Sendable, CustomStringConvertible {
    /// The library's words for it, used until a front end installs its own.
    var words: String { get }
    /// Where the installed spelling of this kind of name is kept.
    static var spelling: FrontEndSpelling<Self> { get }
}

extension FrontEndSpelled {
    /// The words texts use: the front end's spelling when one is installed, else `words`.
    public var description: String { Self.spelling.spell(self, words: words) }

    /// Makes every later text spell these names as `spelling` says (the command
    /// line passes its option and command names). Called once by a front end at start.
    public static func spell(with spelling: @escaping @Sendable (Self) -> String) {
        Self.spelling.install(spelling)
    }
}
