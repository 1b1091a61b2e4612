/// Where `--tracks` cuts the book's MP3 frames: one track per chapter mark
/// of the table of contents pruned at the chosen depth, each cut at an MP3
/// frame boundary in the pause before the track's first word.
///
/// Times are samples of the single file as a player decodes it (`SingleFileLayout`):
/// the boundary before frame `f` of the joined frames is at `f * samplesPerFrame - lead`,
/// where `lead` is what the decoder drops at the start (the first stream's encoder
/// delay plus the decoder's 529 samples, as the info tag declares).
///
/// In the pause between the word before the mark and the mark's first word, a
/// chapter's own start (a stream boundary, where nothing is shared between the
/// frames on either side) is taken when one falls there, else the frame boundary
/// nearest the middle of the pause. A pause shorter than a frame has no boundary:
/// the cut is then the last boundary before the first word, which is never cut.
/// A mark that would begin within the same frame as the one before it joins that
/// track, its title added after `: `.
struct TrackPlan: Equatable {
    /// One track: its title and its frames `[firstFrame, endFrame)` of the joined frames.
    struct Track: Equatable {
        var title: String
        var firstFrame: Int
        var endFrame: Int
        /// Its span in the single file, in samples as decoded.
        var start: Int64
        var end: Int64
    }

    let tracks: [Track]

    /// - Parameters:
    ///   - marks: the chapter marks (their starts are first words' begins; the first starts at 0).
    ///   - wordEnds: the end of every word, in order.
    ///   - streamStarts: the first frame of each chapter's stream.
    ///   - frames: the joined frames' count; `samplesPerFrame`, `lead`: as above; `fileEnd`: the decoded length.
    init(marks: [ChapterMarks.Mark], wordEnds: [Int64], streamStarts: [Int], frames: Int, samplesPerFrame: Int,
         lead: Int64, fileEnd: Int64) {
        let size = Int64(samplesPerFrame)
        let time = { (frame: Int) -> Int64 in frame == 0 ? 0 : frame == frames ? fileEnd : Int64(frame) * size - lead }
        var tracks: [Track] = []
        var word = 0
        for mark in marks {
            guard let previous = tracks.last else {
                tracks.append(Track(title: mark.title, firstFrame: 0, endFrame: frames, start: 0, end: fileEnd))
                continue
            }
            while word < wordEnds.count, wordEnds[word] <= mark.start { word += 1 }
            let low = max(word > 0 ? wordEnds[word - 1] : 0, previous.start)
            let high = mark.start
            // Frame boundaries whose time lies in [low, high].
            let first = Int((low + lead + size - 1) / size)
            let last = Int((high + lead) / size)
            var cut: Int
            if first <= last {
                let middle = Int(((low + high) / 2 + lead + size / 2) / size)
                cut = streamStarts.last { $0 >= first && $0 <= last } ?? min(max(middle, first), last)
            } else {
                cut = last
            }
            cut = min(cut, frames)
            guard cut > previous.firstFrame, cut < frames else {
                tracks[tracks.count - 1].title += ": " + mark.title
                continue
            }
            tracks[tracks.count - 1].endFrame = cut
            tracks[tracks.count - 1].end = time(cut)
            tracks.append(Track(title: mark.title, firstFrame: cut, endFrame: frames, start: time(cut), end: fileEnd))
        }
        self.tracks = tracks
    }
}
