/// The version of follow-render, recorded in every rendered book.
public enum FollowRenderVersion {
    public static let current = "0.1.0"
}
