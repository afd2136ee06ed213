// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "kinetype",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kinetype", targets: ["kinetype"]),
        .library(name: "Kinetype", targets: ["Kinetype"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak",
                       providers: [.apt(["libunibreak-dev"])]),
        // Macros Swift cannot import, and the libpng setjmp, as plain C functions.
        .target(name: "CKinetypeShims", dependencies: ["CFreeType", "CHarfBuzz", "CPNG", "CFriBidi"]),

        // Time, curves, springs, keyframes, interpolators. Pure Swift.
        .target(name: "KinetypeMotion"),
        // Fonts, bidi, line breaking, shaping, layout. The only module that holds
        // FreeType/HarfBuzz/FriBidi/libunibreak handles.
        .target(name: "KinetypeText", dependencies: ["CFreeType", "CHarfBuzz", "CFriBidi", "CUnibreak", "CKinetypeShims"]),
        // Canvas, compositing, PNG encode/decode.
        .target(name: "KinetypeRaster", dependencies: ["CPNG", "CKinetypeShims"]),
        // Spec decoding and validation, scene evaluation, frame rendering.
        .target(name: "Kinetype", dependencies: [
            "KinetypeMotion", "KinetypeText", "KinetypeRaster",
            .product(name: "Yams", package: "Yams"),
        ]),
        .executableTarget(name: "kinetype", dependencies: [
            "Kinetype", "KinetypeRaster",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // libFuzzer targets: scripts/fuzz builds them with -sanitize=fuzzer,address. In a normal
        // build (no libFuzzer linked) each is a small tool that replays the input files it is given.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .executableTarget(name: "FuzzSpec", dependencies: ["Kinetype", "CFuzzDriver"], path: "Fuzz/FuzzSpec"),
        .executableTarget(name: "FuzzLayout", dependencies: ["Kinetype", "CFuzzDriver"], path: "Fuzz/FuzzLayout"),

        .testTarget(name: "KinetypeMotionTests", dependencies: ["KinetypeMotion"]),
        .testTarget(name: "KinetypeTests", dependencies: ["Kinetype", "KinetypeText", "KinetypeRaster", "KinetypeMotion", "kinetype"],
                    exclude: ["Goldens", "Reference"]),
    ]
)
