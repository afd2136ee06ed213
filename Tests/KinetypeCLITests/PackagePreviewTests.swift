import Foundation
import XCTest
import KinetypeSceneTestSupport
import KinetypeTestSupport

/// `kinetype preview --package`: the product runs as the preview's server; a build that fails
/// shows the compiler's error over the last good frame; one that succeeds replaces the program.
/// The package is a folder of sources the test writes, `swift` a stand-in script that "builds" it
/// (fails while main.swift says BROKEN) and names the folder where `PreviewFixtureApp`, a
/// SceneApp built with the tests, already is: no test compiles a package.
final class PackagePreviewTests: XCTestCase {
    private func fixturePackage() throws -> (package: URL, swift: URL) {
        let root = TestPaths.temporaryDirectory()
        let package = root.appendingPathComponent("Titles")
        let sources = package.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "// swift-tools-version:6.0\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "@main struct App {}\n".write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        try "First\n".write(to: sources.appendingPathComponent("title.txt"), atomically: true, encoding: .utf8)
        let products = CommandLineTests.binary.deletingLastPathComponent().path
        let swift = root.appendingPathComponent("swift")
        try """
        #!/bin/bash
        # A stand-in for swift: build, build --show-bin-path and package describe.
        package=""
        for ((i = 1; i <= $#; i++)); do [[ "${!i}" == --package-path ]] && { j=$((i + 1)); package="${!j}"; }; done
        case "$1" in
        build)
            if [[ " $* " == *" --show-bin-path "* ]]; then echo "\(products)"; exit 0; fi
            echo "Building for debugging..."
            if grep -q BROKEN "$package/Sources/App/main.swift"; then
                echo "[1/3] Compiling App main.swift"
                echo "$package/Sources/App/main.swift:1:1: error: cannot find 'BROKEN' in scope"
                echo "error: fatalError"
                exit 1
            fi
            echo "Build complete!" ;;
        package) echo '{"name": "Titles", "products": [{"name": "PreviewFixtureApp", "type": {"executable": null}}]}' ;;
        *) exit 2 ;;
        esac
        """.write(to: swift, atomically: true, encoding: .utf8)
        chmod(swift.path, 0o755)
        return (package, swift)
    }

    private func summary(_ url: URL) throws -> [String: Any] {
        try httpGet(url, "/scene.json").json()
    }

    func testAFailedBuildKeepsTheLastFrameAndAGoodOneReplacesTheScene() throws {
        let (package, swift) = try fixturePackage()
        let command = try RunningCommand(
            ["preview", "--package", package.path, "--port", "0", "-j", "1"], environment: ["KINETYPE_SWIFT": swift.path])
        let url = try command.previewURL()

        // The product was found alone (no --product), built, and serves its scene.
        let first = try summary(url)
        XCTAssertEqual(first["spec"] as? String, "PreviewFixtureApp")
        XCTAssertNil(first["error"])
        XCTAssertEqual(first["frameCount"] as? Int, 10)
        let firstFrame = try httpGet(url, "/frames/5.png")
        XCTAssertEqual(firstFrame.status, 200)

        // A save that does not build: the compiler's error on the page, the same frame served.
        try "BROKEN\n".write(to: package.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        try eventually("the build error on the page (stderr: \(command.stderr))") {
            (try summary(url)["error"] as? String)?.contains("main.swift:1:1: error: cannot find 'BROKEN' in scope") == true
        }
        let broken = try summary(url)["error"] as? String ?? ""
        XCTAssertTrue(broken.hasPrefix("the package does not build:\n"), broken)
        XCTAssertFalse(broken.contains("[1/3]"), "progress lines are left out: \(broken)")
        XCTAssertEqual(try httpGet(url, "/frames/5.png").body, firstFrame.body)

        // A fix and a new title: a new program on the same port, versions past the old ones.
        try "Second\n".write(to: package.appendingPathComponent("Sources/App/title.txt"), atomically: true, encoding: .utf8)
        try "@main struct App {}\n".write(to: package.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        try eventually("the rebuilt scene (stderr: \(command.stderr))") {
            let now = try? summary(url)
            return now?["error"] == nil && (now?["version"] as? Int ?? 0) > 1_000_000
        }
        let second = try httpGet(url, "/frames/5.png")
        XCTAssertEqual(second.status, 200)
        XCTAssertNotEqual(second.body, firstFrame.body, "the new title is drawn")
        XCTAssertTrue(command.stderr.contains("reloaded PreviewFixtureApp"), command.stderr)

        XCTAssertEqual(try command.stop(), 130)
        XCTAssertThrowsError(try httpGet(url, "/scene.json"), "the program stops with the command")
    }

    func testMistakesOnTheCommandLine() throws {
        let (package, swift) = try fixturePackage()
        var checked = 0
        for (arguments, message) in [
            (["preview"], "name a spec to preview, or a Swift package with --package DIR"),
            (["preview", "spec.yaml", "--package", package.path], "preview takes a spec or --package, not both"),
            (["preview", "spec.yaml", "--product", "X"], "--product names a product of --package DIR"),
            (["preview", "--package", package.path, "--rows", "r.csv"], "--rows, --param and --params fill a spec's params"),
            (["preview", "--package", package.deletingLastPathComponent().path], "has no Package.swift"),
            (
                ["preview", "--package", package.path, "--product", "Titel"],
                "has no executable product Titel; its executables: PreviewFixtureApp"
            )
        ] {
            let command = try RunningCommand(arguments, environment: ["KINETYPE_SWIFT": swift.path])
            try eventually("kinetype \(arguments) to end") { !command.process.isRunning }
            command.process.waitUntilExit()
            XCTAssertNotEqual(command.process.terminationStatus, 0, "\(arguments)")
            XCTAssertTrue(command.stderr.contains(message), "\(arguments): \(command.stderr)")
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }
}
