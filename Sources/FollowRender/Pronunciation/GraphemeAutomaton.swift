/// An Aho–Corasick automaton over the *reversed* code units of a lexicon's
/// graphemes, for `LexiconMatcher`: run once over a stretch of text from its
/// end to its start, its state at each position is the longest text starting
/// there that is the start of a grapheme read backwards, and the output links
/// from that state list every grapheme that starts there, longest first. Both
/// take time linear in the text, whatever the graphemes (the failure links
/// bound the steps back, as in any Aho–Corasick automaton).
struct GraphemeAutomaton {
    /// The child of a node by a code unit, keyed `node << 16 | unit`; node 0 is the root.
    private let children: [UInt64: Int32]
    /// The failure link of each node: the longest proper suffix of its path that is also a path.
    let fail: [Int32]
    /// Code units from the root to each node: the length of the grapheme a node ends.
    let depth: [Int32]
    /// The node each grapheme given to `init` ends at, in order (0 for an empty one).
    let ends: [Int32]
    /// Every node but the root, shallower ones first.
    private let order: [Int32]

    init<Graphemes: Sequence<String>>(_ graphemes: Graphemes) {
        var children: [UInt64: Int32] = [:]
        var parent: [Int32] = [0], unit: [UInt16] = [0], depth: [Int32] = [0]
        var ends: [Int32] = []
        for grapheme in graphemes {
            var node: Int32 = 0
            for code in grapheme.utf16.reversed() {
                let key = UInt64(node) << 16 | UInt64(code)
                if let next = children[key] {
                    node = next
                } else {
                    let next = Int32(parent.count)
                    children[key] = next
                    parent.append(node)
                    unit.append(code)
                    depth.append(depth[Int(node)] + 1)
                    node = next
                }
            }
            ends.append(node)
        }
        var byDepth = [[Int32]](repeating: [], count: Int(depth.max() ?? 0) + 1)
        for node in 1..<Int32(parent.count) { byDepth[Int(depth[Int(node)])].append(node) }
        var order: [Int32] = []
        order.reserveCapacity(parent.count)
        for nodes in byDepth { order += nodes }
        var fail = [Int32](repeating: 0, count: parent.count)
        for node in order.map(Int.init) where parent[node] != 0 {
            var link = fail[Int(parent[node])]
            while true {
                if let next = children[UInt64(link) << 16 | UInt64(unit[node])] {
                    fail[node] = next
                    break
                }
                if link == 0 { break }
                link = fail[Int(link)]
            }
        }
        self.children = children
        self.fail = fail
        self.depth = depth
        self.ends = ends
        self.order = order
    }

    /// Whether the automaton holds no grapheme.
    var isEmpty: Bool { children.isEmpty }

    /// The state after reading `units[range]` backwards down to each position, by position in the range.
    func startStates(_ units: [UInt16], _ range: Range<Int>) -> [Int32] {
        var states = [Int32](repeating: 0, count: range.count)
        var state: Int32 = 0
        for position in range.reversed() {
            let code = UInt64(units[position])
            while true {
                if let next = children[UInt64(state) << 16 | code] {
                    state = next
                    break
                }
                if state == 0 { break }
                state = fail[Int(state)]
            }
            states[position - range.lowerBound] = state
        }
        return states
    }

    /// Output links to the nodes `marked`: for each node, the nearest marked
    /// node on its failure chain (itself included), 0 for none. From the state
    /// at a position, `links[state]` is the longest marked grapheme starting
    /// there and `links[fail[node]]` the next shorter one.
    func outputLinks(_ marked: [Bool]) -> [Int32] {
        var links = [Int32](repeating: 0, count: depth.count)
        for node in order {
            links[Int(node)] = marked[Int(node)] ? node : links[Int(fail[Int(node)])]
        }
        return links
    }
}
