import Foundation
import KinetypeOutput
import KinetypeRaster
import KinetypeRender
import KinetypeScene

/// Compares `frames` of `scene` with the golden PNGs in `goldens` (a folder relative to the
/// package that holds the calling test file), as `kinetype check` does: a pixel differs when a
/// channel differs by more than `tolerance` (out of 255), a frame when more than
/// `maxDifferingPixels` pixels differ or its size or transparency is not the golden's.
///
/// Throws a ``GoldenMismatch`` that names each frame that differs and the report (`index.html`
/// with the expected, actual and diff images, under `.build/golden-report/`), so a test in
/// XCTest (`try assertFrames(…)` in a `throws` test) or Swift Testing (`#expect(throws: Never.self)`
/// or a throwing `@Test`) fails with it. A missing golden is recorded when the environment has
/// `KINETYPE_UPDATE_GOLDENS=1` (which also re-records frames that differ), never when `CI=true`;
/// otherwise it is a failure that says how to record it.
public func assertFrames(
    of scene: Scene, frames: [Int], goldens: String, tolerance: Int = 2,
    maxDifferingPixels: GoldenCheck.Threshold = .fraction(0.0001), filePath: String = #filePath
) throws {
    let assertion = try GoldenAssertion(
        goldens: goldens, testFile: filePath, environment: ProcessInfo.processInfo.environment)
    let recorded = try assertion.check(scene, frames: frames, tolerance: tolerance, maxDifferingPixels: maxDifferingPixels)
    for frame in recorded {
        FileHandle.standardError.write(Data("recorded golden \(GoldenCheck.goldenURL(assertion.folder, frame: frame).path)\n".utf8))
    }
}

/// Why `assertFrames` failed, in sentences: the frames that differ and why, the goldens that are
/// missing, and where the report is.
public struct GoldenMismatch: Error, CustomStringConvertible, Equatable {
    /// The frames that differ from their goldens (a golden that cannot be read included).
    public var differingFrames: [Int]
    /// The frames that have no golden yet.
    public var missingFrames: [Int]
    public var description: String
}

/// One `assertFrames` call: where its goldens and report are, and whether it may record.
package struct GoldenAssertion {
    /// The goldens' folder, absolute.
    package let folder: URL
    /// The report's folder: `.build/golden-report/<goldens>` in the package.
    package let reportFolder: URL
    package let mayRecord: Bool
    private let goldens: String

    /// Finds the package of `testFile` (the nearest folder up from it with a `Package.swift`).
    package init(goldens: String, testFile: String, environment: [String: String]) throws {
        guard !goldens.isEmpty, !goldens.hasPrefix("/") else {
            throw GoldenAssertionError(
                "goldens is a folder relative to the test's package, such as \"Tests/Goldens/title\"; got \"\(goldens)\"")
        }
        var directory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            guard directory.path != "/" else {
                throw GoldenAssertionError(
                    "no Package.swift in any folder above \(testFile), so goldens \"\(goldens)\" has nothing to be relative to")
            }
            directory.deleteLastPathComponent()
        }
        self.goldens = goldens
        folder = directory.appendingPathComponent(goldens).standardizedFileURL
        reportFolder = directory.appendingPathComponent(".build/golden-report").appendingPathComponent(goldens).standardizedFileURL
        let update = environment["KINETYPE_UPDATE_GOLDENS"] == "1"
        if update, environment["CI"] == "true" {
            throw GoldenAssertionError("KINETYPE_UPDATE_GOLDENS=1 is refused with CI=true: a CI job must not record its own goldens")
        }
        mayRecord = update
    }

    /// Compares the frames with their goldens; records the missing (and differing) ones when it
    /// may, and returns the frames it recorded. Throws `GoldenMismatch` otherwise.
    package func check(_ scene: Scene, frames: [Int], tolerance: Int, maxDifferingPixels: GoldenCheck.Threshold) throws -> [Int] {
        guard !frames.isEmpty else { throw GoldenAssertionError("frames is empty: name the frames to compare, such as [0, 15, 29]") }
        guard (0...255).contains(tolerance) else { throw GoldenAssertionError("tolerance is 0…255; got \(tolerance)") }
        for frame in frames where !(0..<scene.frameCount).contains(frame) {
            throw GoldenAssertionError("frame \(frame) is out of range: the scene has frames 0…\(scene.frameCount - 1)")
        }
        let unique = Array(Set(frames)).sorted()
        let check = GoldenCheck(tolerance: tolerance, maxDifferingPixels: maxDifferingPixels)
        let name = URL(fileURLWithPath: goldens).lastPathComponent
        let results = try check.run([GoldenCheck.Job(name: name, scene: scene, folder: folder, frames: unique)])
        let missing = unique.filter { !FileManager.default.fileExists(atPath: GoldenCheck.goldenURL(folder, frame: $0).path) }
        let failed = results.filter { !$0.passed && !missing.contains($0.frame) }
        if mayRecord {
            let recorded = results.filter { !$0.passed }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for result in recorded { try AtomicFile.write(result.actualPNG, to: GoldenCheck.goldenURL(folder, frame: result.frame)) }
            return recorded.map(\.frame)
        }
        guard !failed.isEmpty || !missing.isEmpty else {
            // A report left by an earlier failure would say what is no longer so.
            try CheckReport.clear(reportFolder)
            return []
        }
        let reported = results.map { result -> GoldenCheck.FrameResult in
            var named = result
            if missing.contains(result.frame) { named.failure = "no golden" }
            return named
        }
        try CheckReport.write(reported, tolerance: tolerance, to: reportFolder)
        var sentences: [String] = []
        if !failed.isEmpty {
            let list = failed.map { "frame \($0.frame) (\($0.failure!))" }.joined(separator: "; ")
            sentences.append("\(failed.count) of \(unique.count) frames differ from their goldens in \(goldens): \(list).")
        }
        if !missing.isEmpty {
            let plural = missing.count == 1 ? "" : "s"
            sentences.append(
                "No golden for frame\(plural) \(missing.map(String.init).joined(separator: ", ")) in \(goldens); run the tests with KINETYPE_UPDATE_GOLDENS=1 to record \(missing.count == 1 ? "it" : "them")."
            )
        }
        sentences.append("The report is \(reportFolder.appendingPathComponent("index.html").path).")
        throw GoldenMismatch(differingFrames: failed.map(\.frame), missingFrames: missing, description: sentences.joined(separator: " "))
    }
}

/// An `assertFrames` call that cannot compare: a sentence saying why.
public struct GoldenAssertionError: Error, CustomStringConvertible, Equatable {
    public var description: String
    init(_ description: String) { self.description = description }
}
