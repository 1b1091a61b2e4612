/// The version of follow-render, recorded in every rendered book, printed
/// first by `follow-render --version` and taken from there by
/// `scripts/package-deb.sh` as the Debian package's version: spelled only here.
public enum FollowRenderVersion {
    public static let current = "0.1.0"
}
