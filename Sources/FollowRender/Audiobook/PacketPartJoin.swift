import CFFmpeg
import Foundation

/// Joins the parts of a split chapter's slices (`PacketPart`), encoded by
/// separate workers, into the chapter's one part, copying their packets.
///
/// Each slice's stream starts with the encoder's priming frame and ends
/// with its padding; a join sits in a paragraph pause, so what a decoder plays
/// there is that silence. With `targets` (the chapter also has an MP3 file,
/// whose slice joins fall elsewhere), a slice's speech is kept within half
/// a frame of where it starts in the MP3 file, so one sidecar times both: the
/// slice's silent priming frame is left out, or repeated, at its start. The
/// error does not add up from slice to slice.
enum PacketPartJoin {
    /// Writes the chapter's part at `path` from the slices' parts at `parts`, in order.
    /// - Parameter targets: where each slice's first sample should fall, in the
    ///   codec's samples after the first slice's; nil to put each where it falls.
    static func write(_ parts: [String], targets: [Int64]?, to path: String) throws(RenderError) {
        guard let firstPath = parts.first else { throw RenderError(.worker, file: path, "no slice parts to join") }
        let first = try PacketPart(path: firstPath)
        let parameters = first.parameters
        let frame = Int64(parameters.frameSize)
        let delay = Int64(parameters.initialPadding)
        let output = try PacketPart.Output(path: path, parameters: parameters)
        var position: Int64 = 0
        var end: Int64 = 0
        for (number, partPath) in parts.enumerated() {
            let part = number == 0 ? first : try PacketPart(path: partPath)
            guard part.parameters == parameters else {
                throw RenderError(.unreadableInput, file: partPath, "was encoded with other settings than the chapter's first slice")
            }
            // Priming frames to repeat (> 0) or leave out (-1): minus the frames by which the slice would be late.
            var shift: Int64 = 0
            if number > 0, let targets, number < targets.count {
                let late = position - targets[number]
                shift = max(-1, -(late * 2 + (late >= 0 ? frame : -frame)) / (2 * frame))
            }
            let last = number == parts.count - 1
            var index = 0
            try part.replay { packet throws(RenderError) in
                defer { index += 1 }
                if shift < 0, index == 0 { return }
                let copies = index == 0 ? 1 + max(0, shift) : 1
                for _ in 0..<copies {
                    packet.pointee.pts = position - delay
                    packet.pointee.dts = position - delay
                    if !last || packet.pointee.duration <= 0 { packet.pointee.duration = frame }
                    try output.append(packet)
                    position += frame
                }
            }
            // Whatever was repeated or left out, the slice's first sample is `delay` after its stream's start.
            end = position - part.span + part.samples
        }
        try output.finish(samples: end)
    }
}
