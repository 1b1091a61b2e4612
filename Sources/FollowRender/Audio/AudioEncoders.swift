import CLame
import CSndFile

/// Versions of the encoder libraries, recorded in the book manifest so a
/// render can be reproduced.
public enum AudioEncoders {
    /// LAME's version, e.g. `3.100`.
    public static var lameVersion: String { String(cString: get_lame_version()) }

    /// libsndfile's version string, e.g. `libsndfile-1.2.0`.
    public static var sndfileVersion: String { String(cString: sf_version_string()) }
}
