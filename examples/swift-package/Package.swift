// swift-tools-version:6.0
// A package that uses kinetype as a library: builds the five seed scenarios of kinetype's design
// in Swift, SwiftUI's way (Text, .animate with SwiftUI's animations, content transitions), and
// writes each one's frames into ./frames/<scenario>. Run it with `swift run SeedScenarios` from this
// folder; `Title` is one scene as a program, with a golden test (`swift test`).
import PackageDescription

let package = Package(
    name: "SeedScenarios",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "kinetype", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "SeedScenarios",
            dependencies: [
                .product(name: "Kinetype", package: "kinetype")
            ]),
        // The getting-started article's code (DocumentationCodeTests keeps the two the same).
        .executableTarget(
            name: "GettingStarted",
            dependencies: [
                .product(name: "Kinetype", package: "kinetype")
            ]),
        // One scene as a program (a SceneApp), for `kinetype preview --package`, and its golden test.
        .executableTarget(
            name: "Title",
            dependencies: [
                .product(name: "Kinetype", package: "kinetype")
            ]),
        .testTarget(
            name: "TitleTests",
            dependencies: [
                "Title",
                .product(name: "KinetypeTesting", package: "kinetype")
            ])
    ]
)
