/// Names that never collide with what a book already has: the first of a
/// series of candidates (`name`, then numbered variants) that is not taken.
enum FreeName {
    /// The first of `candidate(nil)`, `candidate(2)`, `candidate(3)` … whose
    /// `key` is not in `taken`; that key is then taken too.
    static func claim(_ candidate: (Int?) -> String, taken: inout Set<String>,
                      key: (String) -> String = { $0 }) -> String {
        var number: Int?
        while true {
            let name = candidate(number)
            if taken.insert(key(name)).inserted { return name }
            number = (number ?? 1) + 1
        }
    }
}
