// swift-tools-version:6.0
// A package that uses kinetype as a library: builds the five seed scenarios of kinetype's design
// in Swift, SwiftUI's way (Text, .animate with SwiftUI's animations, content transitions), and
// writes each one's frames into ./frames/<scenario>. Run it with `swift run` from this folder.
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
            ])
    ]
)
