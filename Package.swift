// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "kinetype",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kinetype", targets: ["kinetype"]),
        .library(name: "Kinetype", targets: ["Kinetype"]),
        .library(name: "KinetypeSpec", targets: ["KinetypeSpec"]),
        .library(name: "KinetypeTesting", targets: ["KinetypeTesting"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2")
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CMalloc"),
        // libhyphen (no pkg-config file): the LibreOffice/Hunspell hyphenation patterns.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]),
        // One shim per library: macros Swift cannot import, as plain C functions; libpng with
        // its setjmp kept in C.
        .target(name: "CFreeTypeShims", dependencies: ["CFreeType"]),
        .target(name: "CFriBidiShims", dependencies: ["CFriBidi"]),
        // zlib: unfiltered PNGs are deflated in the shim.
        .target(name: "CPNGShims", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "CWebPShims", dependencies: ["CWebP"]),
        // libjpeg-turbo's decoder, its setjmp kept in C.
        .target(name: "CJPEGShims", dependencies: ["CJPEG"]),
        // ICU's break iterators behind plain C names (ICU renames its functions per version).
        .target(name: "CICUShims", dependencies: ["CICU"]),
        // glibc's sched_getaffinity (needs _GNU_SOURCE) for the CPUs a render may use.
        .target(name: "CSchedShims"),
        // The preview page's HTML, CSS and JavaScript (`Page/`), embedded in the tool when it is
        // built (C23 #embed), so the binary serves them wherever it is installed.
        .target(name: "CPreviewPage", exclude: ["Page"]),

        // Time, curves, springs, keyframes, interpolators. Pure Swift.
        .target(name: "KinetypeMotion"),
        // Reading untrusted files: every path is stat'ed before it is opened (a FIFO blocks for ever).
        .target(name: "KinetypeFiles"),
        // Fonts, bidi, line breaking, shaping, layout. The only module that holds
        // FreeType/HarfBuzz/FriBidi/ICU handles.
        .target(
            name: "KinetypeText",
            dependencies: [
                "KinetypeFiles", "CFreeType", "CHarfBuzz", "CFriBidi", "CICUShims", "CFreeTypeShims", "CFriBidiShims", "CHyphen"
            ]),
        // Canvas, compositing, image resampling, PNG and WebP encode/decode, JPEG decode.
        .target(name: "KinetypeRaster", dependencies: ["KinetypeFiles", "CPNGShims", "CWebPShims", "CJPEGShims"]),
        // Video and audio files through ffprobe and ffmpeg (fixed arguments, the file never where an
        // option goes): what a file holds, and its frames decoded through a pipe.
        .target(name: "KinetypeFootage", dependencies: ["KinetypeFiles", "KinetypeRaster"]),
        // The scene model: layers whose properties are constants or keyframes, public
        // initializers, evaluation at a time, limits, font resolution and the glyph check. No I/O
        // beyond fonts, images and video frames, no Yams.
        .target(
            name: "KinetypeScene", dependencies: ["KinetypeMotion", "KinetypeText", "KinetypeRaster", "KinetypeFootage", "KinetypeFiles"]),
        // The drawing stages, pure functions of their input: FrameState → TextLayout (layouter) →
        // DisplayList (painter) → Canvas (rasterizer), and inspect's view of them.
        .target(name: "KinetypeRender", dependencies: ["KinetypeScene", "KinetypeMotion", "KinetypeText", "KinetypeRaster"]),
        // The output side: sinks that own their encoding (image-sequence folders with claims,
        // locks, manifests and shards; video through ffmpeg; streams; memory), the render session
        // that drives them, verify and encode of finished folders.
        .target(
            name: "KinetypeOutput",
            dependencies: [
                "KinetypeRender", "KinetypeScene", "KinetypeMotion", "KinetypeText", "KinetypeRaster", "KinetypeFiles", "KinetypeFootage",
                "CSchedShims"
            ]),
        // Caption files (SRT, WebVTT, ASS/SSA, word-timed JSON), one reader each, read into one
        // caption track, and the track made into scene layers. No Yams, no spec.
        .target(name: "KinetypeCaptions", dependencies: ["KinetypeScene", "KinetypeMotion", "KinetypeText", "KinetypeFiles"]),
        // The live preview: a small HTTP server on this machine, the page, frames rendered ahead, a
        // scene reloaded when its files change; and `SceneApp`, a package's scene as a program that
        // renders its frames or serves the preview `kinetype preview --package` rebuilds.
        .target(
            name: "KinetypePreview",
            dependencies: [
                "KinetypeScene", "KinetypeRender", "KinetypeOutput", "KinetypeRaster", "KinetypeMotion", "KinetypeText", "CPreviewPage"
            ]),
        // What `import Kinetype` gives: the modules above, re-exported. No Yams.
        .target(
            name: "Kinetype",
            dependencies: [
                "KinetypeMotion", "KinetypeText", "KinetypeRaster", "KinetypeFootage", "KinetypeScene", "KinetypeCaptions",
                "KinetypeRender",
                "KinetypeOutput", "KinetypePreview"
            ]),
        // Spec files (YAML through Yams, JSON by its own strict parser) decoded and validated
        // into scenes, with one-line errors.
        .target(
            name: "KinetypeSpec",
            dependencies: [
                "KinetypeScene", "KinetypeCaptions", "KinetypeMotion", "KinetypeText", "KinetypeRaster", "KinetypeFiles", "KinetypeFootage",
                .product(name: "Yams", package: "Yams")
            ]),
        // Golden-image tests: frames compared with recorded PNGs (`kinetype check` and
        // `assertFrames` for a package's own tests), and the report of the frames that differ.
        .target(
            name: "KinetypeTesting",
            dependencies: ["KinetypeScene", "KinetypeRender", "KinetypeOutput", "KinetypeRaster", "KinetypeMotion"]),
        .executableTarget(
            name: "kinetype",
            dependencies: [
                "Kinetype", "KinetypeSpec", "KinetypeTesting", "KinetypePreview", "KinetypeScene", "KinetypeRender", "KinetypeOutput",
                "KinetypeRaster", "KinetypeFiles",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),

        // libFuzzer targets: scripts/fuzz builds them with -sanitize=fuzzer,address. In a normal
        // build (no libFuzzer linked) each is a small tool that replays the input files it is given.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .executableTarget(name: "FuzzSpec", dependencies: ["Kinetype", "KinetypeSpec", "CFuzzDriver"], path: "Fuzz/FuzzSpec"),
        .executableTarget(name: "FuzzLayout", dependencies: ["Kinetype", "KinetypeSpec", "CFuzzDriver"], path: "Fuzz/FuzzLayout"),
        .executableTarget(name: "FuzzRender", dependencies: ["Kinetype", "KinetypeSpec", "CFuzzDriver"], path: "Fuzz/FuzzRender"),
        .executableTarget(name: "FuzzCaptions", dependencies: ["Kinetype", "KinetypeSpec", "CFuzzDriver"], path: "Fuzz/FuzzCaptions"),
        .executableTarget(name: "FuzzFont", dependencies: ["Kinetype", "KinetypeSpec", "CFuzzDriver"], path: "Fuzz/FuzzFont"),

        // Sets FONTCONFIG_FILE to Tests/fontconfig/fonts.conf (bundled fonts only) when the test
        // binary loads, so no test depends on the fonts a machine has installed.
        .target(name: "TestFontIsolation", path: "Tests/TestFontIsolation"),
        // A SceneApp that `kinetype preview --package` tests run (its title read from a file).
        .executableTarget(name: "PreviewFixtureApp", dependencies: ["Kinetype"], path: "Tests/PreviewFixtureApp"),
        // Paths and the environment error every test target shares.
        .target(name: "KinetypeTestSupport", path: "Tests/KinetypeTestSupport"),
        // Scenes loaded from spec text with the bundled fonts only, golden images: what the spec,
        // render and command-line tests share.
        .target(
            name: "KinetypeSceneTestSupport",
            dependencies: [
                "Kinetype", "KinetypeScene", "KinetypeCaptions", "KinetypeSpec", "KinetypeRaster", "KinetypeText", "KinetypeTestSupport"
            ],
            path: "Tests/KinetypeSceneTestSupport"),
        // A test target per module; only the command line's depends on the executable.
        .testTarget(name: "KinetypeMotionTests", dependencies: ["KinetypeMotion"]),
        .testTarget(name: "KinetypeTextTests", dependencies: ["KinetypeText", "KinetypeTestSupport", "TestFontIsolation"]),
        .testTarget(name: "KinetypeRasterTests", dependencies: ["KinetypeRaster", "KinetypeTestSupport"]),
        .testTarget(
            name: "KinetypeCaptionsTests", dependencies: ["KinetypeCaptions", "Kinetype", "KinetypeTestSupport", "TestFontIsolation"]),
        .testTarget(
            name: "KinetypeSpecTests",
            dependencies: [
                "KinetypeSpec", "Kinetype", "KinetypeScene", "KinetypeCaptions", "KinetypeMotion", "KinetypeText", "KinetypeRender",
                "KinetypeOutput", "KinetypeSceneTestSupport", "TestFontIsolation"
            ]),
        .testTarget(
            name: "KinetypeSceneTests",
            dependencies: ["Kinetype", "KinetypeScene", "KinetypeSpec", "KinetypeMotion", "KinetypeSceneTestSupport", "TestFontIsolation"]),
        .testTarget(
            name: "KinetypeOutputTests",
            dependencies: [
                "Kinetype", "KinetypeScene", "KinetypeRender", "KinetypeOutput", "KinetypeSpec", "KinetypeRaster",
                "KinetypeSceneTestSupport",
                "TestFontIsolation"
            ]),
        .testTarget(
            name: "KinetypeRenderTests",
            dependencies: [
                "Kinetype", "KinetypeScene", "KinetypeRender", "KinetypeOutput", "KinetypeSpec", "KinetypeText", "KinetypeRaster",
                "KinetypeMotion", "KinetypeFiles", "KinetypeSceneTestSupport", "TestFontIsolation"
            ]),
        .testTarget(
            name: "KinetypeCLITests",
            dependencies: [
                "kinetype", "Kinetype", "KinetypeScene", "KinetypeRender", "KinetypeOutput", "KinetypeSpec", "KinetypeText",
                "KinetypeRaster", "KinetypeMotion", "KinetypeTesting", "KinetypePreview", "KinetypeSceneTestSupport",
                "TestFontIsolation"
            ])
    ]
)
