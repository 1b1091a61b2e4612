// swift-tools-version:6.0
// A reading app's package in miniature: it depends on follow-render's FollowTiming
// product only (FollowTimingPackageTests builds and runs it).
import PackageDescription

let package = Package(
    name: "TimingConsumer",
    dependencies: [.package(name: "follow-render", path: "../..")],
    targets: [
        .executableTarget(name: "TimingConsumer", dependencies: [.product(name: "FollowTiming", package: "follow-render")]),
    ]
)
