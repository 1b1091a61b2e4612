// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "follow-render",
    products: [
        .library(name: "FollowRender", targets: ["FollowRender"]),
        .library(name: "FollowTiming", targets: ["FollowTiming"]),
        .executable(name: "follow-render", targets: ["FollowRenderCLI"]),
    ],
    targets: [
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CLame", pkgConfig: "lame", providers: [.apt(["libmp3lame-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CMeCab", providers: [.apt(["libmecab-dev", "mecab-ipadic-utf8"])]),
        .systemLibrary(name: "CSonic", providers: [.apt(["libsonic-dev"])]),
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
        ),
        .target(name: "CProcess"),
        // The timing model, readers, position lookups, diff and sync exports for apps
        // that play our output: Foundation only, so an iOS or macOS app can depend on it.
        .target(name: "FollowTiming"),
        .target(
            name: "FollowRender",
            dependencies: ["FollowTiming", "CEspeakNG", "CSndFile", "CLame", "CZip", "CLibXML2", "CICU", "CCmark", "CPoppler", "CFFmpeg", "CMeCab",
                           "CSonic", "CProcess"],
            resources: [.process("Resources")]
        ),
        .executableTarget(
            name: "FollowRenderCLI",
            dependencies: ["FollowRender"]
        ),
        .testTarget(
            name: "FollowRenderTests",
            dependencies: ["FollowRender"]
        ),
        .testTarget(
            name: "FollowTimingTests",
            dependencies: ["FollowTiming"]
        ),
    ]
)

// libFuzzer targets (Fuzz/, run by scripts/fuzz.sh): declared only when
// FOLLOW_RENDER_FUZZ is set, because libFuzzer supplies their `main` and they
// link only with `--sanitize=fuzzer`.
if Context.environment["FOLLOW_RENDER_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["FollowRender"], path: "Fuzz/FuzzSupport"))
    for name in ["FuzzEPUB", "FuzzText", "FuzzMarkdown", "FuzzPDF", "FuzzSidecar", "FuzzManifest", "FuzzRawXML", "FuzzLexicon", "FuzzLexiconMatcher", "FuzzWebPage"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["FollowRender", "FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
