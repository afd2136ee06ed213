import Foundation
import XCTest
import KinetypeSceneTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A frame's peak memory follows its canvas, not how much is drawn on it (docs/limits.md): the
/// built `kinetype render` of one frame peaks within a margin whether it draws few or many soft
/// shadows, few or many motion-blur sub-frames. Each render is a process of its own, its peak
/// read from `wait4`.
final class PeakMemoryTests: XCTestCase {
    /// How much more the larger render may peak at, kilobytes (a frame that held the coverage it
    /// composited would peak about 16 MB higher with the 400 shadows, 46 MB with the 64 sub-frames).
    static let margin = 4 << 10

    /// What 400 soft shadows add to the peak of the same rectangles without them is what 50 add:
    /// each shadow's coverage is let go once composited. (The layers themselves, read and laid out,
    /// cost their own few kilobytes each, with or without shadows.)
    func testSoftShadowsOfManyLayersDoNotRaiseThePeak() throws {
        var added: [Int: Int] = [:]
        for count in [50, 400] {
            let sharp = try peakKilobytes(rendering: Self.rectangles(count, shadowed: false))
            added[count] = try peakKilobytes(rendering: Self.rectangles(count, shadowed: true)) - sharp
        }
        XCTAssertLessThan(
            added[400]!, added[50]! + Self.margin, "peak RSS added by the shadows: 50 \(added[50]!) KB, 400 \(added[400]!) KB")
    }

    /// 64 motion-blur sub-frames, each with a soft shadow reaching far past the canvas, peak as 2 do.
    func testMotionBlurSamplesDoNotRaiseThePeak() throws {
        let few = try peakKilobytes(rendering: Self.fadingTile(samples: 2))
        let many = try peakKilobytes(rendering: Self.fadingTile(samples: 64))
        XCTAssertLessThan(many, few + Self.margin, "peak RSS: 2 motion-blur samples \(few) KB, 64 \(many) KB")
    }

    /// `count` small rectangles on a 640×360 canvas, with a soft shadow each (blur 48: its
    /// coverage is about 220 × 200 pixels, most of it on the canvas) or without.
    static func rectangles(_ count: Int, shadowed: Bool) -> String {
        var spec = "canvas: {width: 640, height: 360, background: \"#20242A\"}\nfps: 30\nduration: 1\nlayers:\n"
        for index in 0..<count {
            let x = 20 + index % 20 * 30, y = 20 + index / 20 % 20 * 16
            spec += "  - {id: r\(index), type: rectangle, size: [24, 10], anchor: topLeft, position: [\(x), \(y)], color: \"#F2B33D\""
            spec += shadowed ? ", shadow: {offset: [0, 4], blur: 48, color: \"#00000066\"}}\n" : "}\n"
        }
        return spec
    }

    /// A small rectangle changing colour under motion blur (so each sub-frame is drawn) on a
    /// 160×90 canvas, its shadow's coverage about 930 × 860 pixels once cut to what can reach it.
    static func fadingTile(samples: Int) -> String {
        """
        canvas: {width: 160, height: 90, background: "#101418"}
        fps: 30
        duration: 1
        motionBlur: {shutterAngle: 180, samples: \(samples)}
        layers:
          - id: tile
            type: rectangle
            size: [20, 10]
            anchor: topLeft
            position: [70, 40]
            color: {keyframes: [{time: 0, value: "#F2B33D"}, {time: 1, value: "#3DB3F2"}]}
            shadow: {offset: [0, 4], blur: 256, color: "#000000CC"}

        """
    }

    /// The peak resident memory of `kinetype render SPEC --frame 0 -j 1`, kilobytes.
    func peakKilobytes(rendering spec: String, function: String = #function) throws -> Int {
        let directory = TestPaths.temporaryDirectory(function)
        defer { try? FileManager.default.removeItem(at: directory) }
        let specFile = directory.appendingPathComponent("spec.yaml"), log = directory.appendingPathComponent("stderr.txt")
        try spec.write(to: specFile, atomically: true, encoding: .utf8)
        let arguments = [
            CommandLineTests.binary.path, "render", specFile.path, "--frame", "0", "-o", directory.appendingPathComponent("frames").path,
            "-j", "1"
        ]
        let environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
            .map { "\($0)=\($1)" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var argv = arguments.map { strdup($0) } + [nil], envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else { throw TestEnvironmentError("could not start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        // wait4, not Process: it gives this child's own peak (RUSAGE_CHILDREN keeps the largest of all).
        var status: Int32 = 0, usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw TestEnvironmentError("wait4: \(String(cString: strerror(errno)))") }
        }
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw TestEnvironmentError("kinetype render ended with status \(status): \(stderr)")
        }
        return usage.ru_maxrss
    }
}
