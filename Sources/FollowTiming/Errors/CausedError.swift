/// An error that says which error caused it, so that a caller (or a test) can
/// walk from what the user is told down to what the operating system, a C
/// library or the JSON parser reported, and switch on the kind at any level.
///
/// Every error type of FollowTiming and FollowRender conforms; a layer that
/// catches one and throws its own keeps the caught one as `cause` rather than
/// copying its message.
public protocol CausedError: Error, CustomStringConvertible {
    /// The error this one reports, when another layer raised it.
    var cause: (any Error)? { get }
}

extension CausedError {
    /// This error, then its cause, then that one's cause …, outermost first,
    /// down to the first error that names no cause (an OS, C or parse error,
    /// or a leaf of ours).
    public var causeChain: [any Error] {
        var chain: [any Error] = [self]
        // At most 32 levels: a cycle (an error that is its own cause) cannot hang the walk.
        while chain.count < 32, let next = (chain[chain.count - 1] as? any CausedError)?.cause {
            chain.append(next)
        }
        return chain
    }

    /// The innermost error of `causeChain`.
    public var rootCause: any Error { causeChain[causeChain.count - 1] }
}
