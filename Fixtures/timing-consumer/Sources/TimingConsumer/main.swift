import FollowTiming

/// Prints the word spoken 3 s into chapter 1 of the rendered folder given, and its audio fragment.
let book = try RenderedBook.load(CommandLine.arguments[1])
let position = try PositionIndex(book).position(chapter: 1, time: 3.0)
print(position.word.text, position.audioLocator.locations.fragments?.joined() ?? "")
