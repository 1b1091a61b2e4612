/// Recognises a dialogue attribution that starts with a capital letter without
/// starting a sentence: "I" or a name, then a verb of speech ("I asked",
/// "Alice cried", "Mr Dodd replied" is not: only one word before the verb).
///
/// Capitalized pronouns and other words that commonly open a sentence are
/// never taken for a name, so "She asked." after a quotation stays a sentence.
///
/// The verbs of speech of French, German and Spanish are known too, for the
/// speaker of a quotation (`SpeakerAttribution`); the sentence rule is English's.
enum DialogueVerbs {
    /// English verbs that introduce or follow a quotation, past and present tense.
    static let verbs: Set<String> = [
        "said", "says", "asked", "asks", "cried", "cries", "shouted", "shouts", "replied", "replies",
        "answered", "answers", "whispered", "whispers", "exclaimed", "exclaims", "called", "calls",
        "yelled", "yells", "screamed", "screams", "muttered", "mutters", "murmured", "murmurs",
        "added", "adds", "continued", "continues", "demanded", "demands", "inquired", "inquires",
        "enquired", "enquires", "repeated", "repeats", "returned", "returns", "thought", "thinks",
        "wondered", "wonders", "sobbed", "gasped", "roared", "pleaded", "begged", "protested",
        "snapped", "growled", "sighed", "groaned", "retorted", "interrupted", "urged", "observed",
        "remarked", "declared", "insisted", "suggested", "shrieked", "squeaked", "stammered",
        "faltered", "panted", "grumbled", "hissed", "bellowed", "moaned", "wailed",
    ]

    /// More English verbs of speech, for attribution only (the sentence rule keeps `verbs`).
    static let moreEnglish: Set<String> = [
        "echoed", "echoes", "assented", "agreed", "agrees", "explained", "explains", "responded", "responds", "resumed",
        "resumes", "admitted", "admits", "announced", "announces", "objected", "chuckled", "laughed", "laughs", "smiled",
        "breathed", "persisted", "conceded", "corrected", "ventured", "mused", "proceeded", "concluded", "rejoined",
        "retorted", "chorused", "cried", "called", "babbled", "shrilled", "boomed", "thundered",
    ]

    /// French verbs of speech (passé simple, présent, passé composé's participle).
    static let french: Set<String> = [
        "dit", "dis", "disait", "demanda", "demande", "répondit", "répond", "cria", "crie", "s'écria", "écria", "murmura",
        "murmure", "reprit", "reprend", "ajouta", "ajoute", "chuchota", "chuchote", "fit", "fait", "souffla", "hurla",
        "répliqua", "réplique", "continua", "poursuivit", "observa", "déclara", "interrogea", "lança", "soupira", "s'exclama",
        "exclama", "insista", "protesta", "balbutia", "grommela", "gémit", "expliqua", "conclut", "dirent", "répondirent",
    ]

    /// German verbs of speech.
    static let german: Set<String> = [
        "sagte", "sagt", "fragte", "fragt", "antwortete", "antwortet", "rief", "ruft", "flüsterte", "flüstert", "meinte",
        "meint", "erwiderte", "erwidert", "schrie", "schreit", "murmelte", "murmelt", "fuhr", "fügte", "entgegnete",
        "entgegnet", "bemerkte", "erklärte", "seufzte", "stöhnte", "brüllte", "flehte", "wiederholte", "versetzte", "sprach",
    ]

    /// Spanish verbs of speech.
    static let spanish: Set<String> = [
        "dijo", "dice", "decía", "preguntó", "pregunta", "respondió", "responde", "contestó", "contesta", "gritó", "grita",
        "exclamó", "exclama", "murmuró", "murmura", "añadió", "añade", "susurró", "susurra", "replicó", "replica",
        "continuó", "prosiguió", "insistió", "suspiró", "explicó", "declaró", "observó", "repuso", "dijeron",
    ]

    /// The verbs of speech of the language of `tag` (BCP 47), with English's for any language.
    static func speechVerbs(language tag: String) -> Set<String> {
        switch tag.lowercased().prefix(2) {
        case "fr": verbs.union(moreEnglish).union(french)
        case "de": verbs.union(moreEnglish).union(german)
        case "es": verbs.union(moreEnglish).union(spanish)
        default: verbs.union(moreEnglish)
        }
    }

    /// Capitalized words that open sentences rather than name a speaker.
    static let openers: Set<String> = [
        "he", "she", "it", "we", "you", "they", "this", "that", "these", "those", "the", "a", "an",
        "there", "then", "but", "and", "so", "no", "yes", "what", "who", "why", "how", "when", "where",
        "his", "her", "its", "our", "your", "their", "my", "one", "all", "some",
    ]

    /// Whether `next` starts with "I" or a capitalized name followed by a verb of speech.
    static func startsAttribution(_ text: UnsafeBufferPointer<UInt16>, at next: Range<Int>) -> Bool {
        guard CodeUnit.isUppercase(text[next.lowerBound]) else { return false }
        let (first, afterFirst) = word(in: text, from: next.lowerBound, to: next.upperBound)
        guard first == "I" || !openers.contains(first.lowercased()) else { return false }
        var start = afterFirst
        while start < next.upperBound, text[start] == 0x20 { start += 1 }
        guard start > afterFirst else { return false }
        let (second, _) = word(in: text, from: start, to: next.upperBound)
        return verbs.contains(second)
    }

    /// The letters starting at `start`, and where they end.
    private static func word(in text: UnsafeBufferPointer<UInt16>, from start: Int, to limit: Int) -> (String, Int) {
        var end = start
        while end < limit, CodeUnit.isLetter(text[end]) { end += 1 }
        return (String(decoding: UnsafeBufferPointer(rebasing: text[start ..< end]), as: UTF16.self), end)
    }
}
