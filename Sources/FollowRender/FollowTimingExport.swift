/// The timing library (sidecar and `book.json` model, readers, positions, diff,
/// sync exports) is part of this library's API: everything that imports
/// FollowRender sees it as before it was split out.
@_exported import FollowTiming
