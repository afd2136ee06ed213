// swift-tools-version:6.0
// A package that uses kinetype as a library: builds the spring scenario in Swift, plugs in its own
// text interpolator, and writes frames into ./frames. Run it with `swift run` from this folder.
import PackageDescription

let package = Package(
    name: "SpringPrice",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "kinetype", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "SpringPrice",
            dependencies: [
                .product(name: "Kinetype", package: "kinetype")
            ])
    ]
)
