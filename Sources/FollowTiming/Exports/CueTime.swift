/// Time stamps as the sync formats write them, from whole milliseconds so that
/// every export agrees with the sidecar to the millisecond.
package enum CueTime {
    /// `hh:mm:ss.ttt` (WebVTT).
    package static func webVTT(_ time: Seconds) -> String { clock(time, separator: ".") }

    /// `hh:mm:ss,ttt` (SRT).
    package static func srt(_ time: Seconds) -> String { clock(time, separator: ",") }

    /// Seconds with three decimals, e.g. `12.345` (media fragments `t=`).
    package static func decimal(_ time: Seconds) -> String {
        let milliseconds = max(0, time.milliseconds)
        return "\(milliseconds / 1000)." + padded(milliseconds % 1000, 3)
    }

    private static func clock(_ time: Seconds, separator: String) -> String {
        let milliseconds = max(0, time.milliseconds)
        let seconds = milliseconds / 1000
        return padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":" + padded(seconds % 60, 2)
            + separator + padded(milliseconds % 1000, 3)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
