/// One job for a worker process, complete: everything speech, timing and the
/// encoders need for a chapter, or for one slice of a long chapter, worked
/// out by the parent (`ScriptBuilder`) and streamed to the worker as one line
/// of JSON.
///
/// The worker never opens the book: the text each synthesis call is given,
/// with its voice and its words, the silences between sentences in samples,
/// the tags and cover, and the files to write are all here, so no EPUB, XML,
/// ICU, MeCab, cmark or poppler code runs in it, and parent and worker cannot
/// disagree about the chapter. The same script gives the same bytes in any
/// worker (each job runs in a fresh copy of an unused engine, `WorkerServer`),
/// which is why a chapter's cache key is a hash of its scripts (`ChapterCacheKey`).
public struct ChapterScript: Hashable, Sendable, Codable {
    /// One synthesis call: a stretch of a sentence spoken with one voice.
    public struct Piece: Hashable, Sendable, Codable {
        /// Exactly what eSpeak NG is given.
        public var text: String
        public var voice: String
        /// Whether `text` holds eSpeak phoneme input (`[[…]]`).
        public var phonemes: Bool
        /// The sentence's words spoken in this piece, as UTF-16 ranges of `text`, in order.
        public var words: [TextRange]

        public init(text: String, voice: String, phonemes: Bool, words: [TextRange]) {
            self.text = text
            self.voice = voice
            self.phonemes = phonemes
            self.words = words
        }
    }

    /// A sentence: its ranges in the chapter text, the pause before it and its pieces.
    public struct Sentence: Hashable, Sendable, Codable {
        public var range: TextRange
        public var words: [TextRange]
        /// Samples of silence written before it.
        public var pause: Int
        /// Empty for a sentence without words (a row of asterisks), which gets `ChapterScript.silentSentence`.
        public var pieces: [Piece]

        public init(range: TextRange, words: [TextRange], pause: Int, pieces: [Piece]) {
            self.range = range
            self.words = words
            self.pause = pause
            self.pieces = pieces
        }
    }

    /// The part of a split chapter this job speaks (see `SlicePlan`).
    public struct Slice: Hashable, Sendable, Codable {
        public var index: Int
        public var count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// What the job writes, in the output folder.
    public struct Outputs: Hashable, Sendable, Codable {
        /// The chapter's audio file (`--format`).
        public struct Audio: Hashable, Sendable, Codable {
            /// Its name (a slice writes a temporary stream the parent joins into it).
            public var file: String
            public var format: AudioFormat
            /// MP3 kbps.
            public var bitrate: Int
            public var tags: AudioTags

            public init(file: String, format: AudioFormat, bitrate: Int, tags: AudioTags) {
                self.file = file
                self.format = format
                self.bitrate = bitrate
                self.tags = tags
            }
        }

        /// The chapter's part of the single-file audiobook (`--audiobook`, `--library`),
        /// encoded from the same PCM (see `PacketPartWriter`; an MP3 part is a LAME stream).
        public struct Part: Hashable, Sendable, Codable {
            /// Its name (hidden; a slice writes a temporary part the parent joins into it).
            public var file: String
            public var codec: AudiobookCodec
            /// Samples of silence before the speech: the chapter file's own lead, so times agree.
            public var leadingSilence: Int
            /// MP3 kbps, for an MP3 part.
            public var bitrate: Int

            public init(file: String, codec: AudiobookCodec, leadingSilence: Int, bitrate: Int) {
                self.file = file
                self.codec = codec
                self.leadingSilence = leadingSilence
                self.bitrate = bitrate
            }
        }

        /// The output folder (absolute). Left out of the cache key.
        public var folder: String
        /// The chapter's audio file; nil with `--format none`.
        public var audio: Audio?
        /// The chapter's sidecar file name (written by the parent for a slice).
        public var timing: String
        /// The part of the single file to encode; nil without one (or when the chapter MP3 is its part).
        public var part: Part?
        /// With `--format none`: the single file the sidecar names (relative to the folder),
        /// whose start in it the parent fills in when it muxes the book.
        public var singleFile: String?

        public init(folder: String, audio: Audio?, timing: String, part: Part? = nil, singleFile: String? = nil) {
            self.folder = folder
            self.audio = audio
            self.timing = timing
            self.part = part
            self.singleFile = singleFile
        }
    }

    public var chapter: ChapterTiming.Chapter
    /// The chapter's narration text, for its sidecar; empty for a slice, whose sidecar the parent writes.
    public var text: String
    /// The engine's sample rate the pauses were counted in; the worker refuses another.
    public var sampleRate: Int
    /// eSpeak NG's words per minute.
    public var wpm: Int
    /// Pitch and intonation (`--pitch`, `--intonation`); nil for eSpeak's
    /// defaults, left out of the JSON so earlier cache keys still hold.
    public var voiceParameters: VoiceParameters?
    /// The sentences this job speaks, in order.
    public var sentences: [Sentence]
    /// Samples of silence after the last sentence.
    public var trailing: Int
    /// The silent clip of a sentence with nothing to say.
    public var silentSentence: Int
    /// Set when the job is one slice of a split chapter.
    public var slice: Slice?
    public var outputs: Outputs

    public init(chapter: ChapterTiming.Chapter, text: String, sampleRate: Int, wpm: Int, voiceParameters: VoiceParameters? = nil,
                sentences: [Sentence], trailing: Int, silentSentence: Int, slice: Slice?, outputs: Outputs) {
        self.voiceParameters = voiceParameters
        self.chapter = chapter
        self.text = text
        self.sampleRate = sampleRate
        self.wpm = wpm
        self.sentences = sentences
        self.trailing = trailing
        self.silentSentence = silentSentence
        self.slice = slice
        self.outputs = outputs
    }

    /// The number of words of every sentence.
    public var wordCount: Int { sentences.reduce(0) { $0 + $1.words.count } }
}
