import Foundation
import XCTest
import KinetypeSceneTestSupport

/// Issue 19: the container and cluster files. The Kubernetes Job passes --jobs from its CPU
/// limit and stages the spec and fonts onto the shared volume; .dockerignore keeps builds and
/// renders out of the image. (No cluster or Docker daemon is needed: the YAML is read with
/// PyYAML, the staging script runs under sh, and the ignore patterns are matched as Docker does.)
final class DeployTests: XCTestCase {
    static let deploy = TestPaths.root.appendingPathComponent("deploy")

    /// The YAML documents of a file, through PyYAML (which the schema tests use too).
    func documents(_ name: String) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import json, sys, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))",
            Self.deploy.appendingPathComponent(name).path
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestEnvironmentError("python3 with PyYAML (python3-yaml) is needed to read \(name)")
        }
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    func podSpec(_ documents: [[String: Any]], job: String) throws -> [String: Any] {
        let found = try XCTUnwrap(
            documents.first { ($0["kind"] as? String) == "Job" && (($0["metadata"] as? [String: Any])?["name"] as? String) == job })
        let template = try XCTUnwrap((found["spec"] as? [String: Any])?["template"] as? [String: Any])
        return try XCTUnwrap(template["spec"] as? [String: Any])
    }

    /// Each container that runs kinetype passes --jobs from its own CPU limit, which is set.
    func testTheJobsPassJobsFromTheirCPULimit() throws {
        var checked = 0
        for (file, job, container) in [
            ("kubernetes-indexed-job.yaml", "kinetype-render", "render"), ("kubernetes-encode-job.yaml", "kinetype-encode", "encode")
        ] {
            let pod = try podSpec(try documents(file), job: job)
            let main = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first { ($0["name"] as? String) == container })
            let arguments = (main["args"] as? [String] ?? []).joined(separator: " ")
            XCTAssertTrue(arguments.contains("--jobs $(KINETYPE_JOBS)"), "\(file): \(arguments)")
            let env = try XCTUnwrap((main["env"] as? [[String: Any]])?.first { ($0["name"] as? String) == "KINETYPE_JOBS" })
            let field = try XCTUnwrap((env["valueFrom"] as? [String: Any])?["resourceFieldRef"] as? [String: Any])
            XCTAssertEqual(field["resource"] as? String, "limits.cpu", file)
            XCTAssertEqual(field["containerName"] as? String, container, file)
            XCTAssertEqual(field["divisor"] as? String, "1", file)
            let limits = try XCTUnwrap((main["resources"] as? [String: Any])?["limits"] as? [String: Any])
            XCTAssertNotNil(limits["cpu"], "\(file): without a CPU limit, limits.cpu is the node's CPUs")
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// The render pods stage the spec and fonts onto the shared volume before rendering; the
    /// staging script, run here as a pod would run it, copies a ConfigMap mount's files (symlinks
    /// into `..data`) as regular files, under a temporary name first, and leaves nothing else.
    func testTheInitContainerStagesTheSpecAndFontsOntoTheVolume() throws {
        let pod = try podSpec(try documents("kubernetes-indexed-job.yaml"), job: "kinetype-render")
        let stage = try XCTUnwrap((pod["initContainers"] as? [[String: Any]])?.first)
        let mounts = try XCTUnwrap(stage["volumeMounts"] as? [[String: Any]])
        XCTAssertTrue(mounts.contains { ($0["name"] as? String) == "work" && ($0["mountPath"] as? String) == "/work" })
        XCTAssertTrue(mounts.contains { ($0["name"] as? String) == "input" && ($0["mountPath"] as? String) == "/input" })
        let volumes = try XCTUnwrap(pod["volumes"] as? [[String: Any]])
        let input = try XCTUnwrap(volumes.first { ($0["name"] as? String) == "input" }?["configMap"] as? [String: Any])
        XCTAssertEqual(input["optional"] as? Bool, true, "without the ConfigMap (kubectl cp instead) the pods still start")
        XCTAssertEqual(stage["command"] as? [String], ["sh", "-c"])
        let script = try XCTUnwrap((stage["args"] as? [String])?.first)

        let directory = TestPaths.temporaryDirectory()
        let mount = directory.appendingPathComponent("input"), work = directory.appendingPathComponent("work")
        let data = mount.appendingPathComponent("..2026_11_23_data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let spec = try Data(contentsOf: TestPaths.examples.appendingPathComponent("crisp-size.yaml"))
        let font = try Data(contentsOf: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf"))
        try spec.write(to: data.appendingPathComponent("title.yaml"))
        try font.write(to: data.appendingPathComponent("Brand.ttf"))
        try FileManager.default.createSymbolicLink(
            atPath: mount.appendingPathComponent("..data").path, withDestinationPath: data.lastPathComponent)
        for name in ["title.yaml", "Brand.ttf"] {
            try FileManager.default.createSymbolicLink(
                atPath: mount.appendingPathComponent(name).path, withDestinationPath: "..data/\(name)")
        }
        let local = script.replacingOccurrences(of: "/input", with: mount.path).replacingOccurrences(of: "/work", with: work.path)
        var checked = 0
        for _ in 0..<2 {  // a retried pod stages again over the first copy
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", local]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), ["Brand.ttf", "title.yaml"])
            XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("title.yaml")), spec)
            XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("Brand.ttf")), font)
            let type =
                try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent("title.yaml").path)[.type]
                as? FileAttributeType
            XCTAssertEqual(type, .typeRegular)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// Docker's .dockerignore rule: a path is left out when it, or a folder above it, matches a
    /// pattern (Go's filepath.Match, as fnmatch with FNM_PATHNAME); the last matching line wins,
    /// `!` re-includes.
    static func ignored(_ path: String, by patterns: [String]) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        var result = false
        for line in patterns {
            let negated = line.hasPrefix("!")
            let pattern = String((negated ? line.dropFirst() : Substring(line)).drop { $0 == "/" })
            for depth in 1...components.count {
                let prefix = components[0..<depth].joined(separator: "/")
                if fnmatch(pattern, prefix, FNM_PATHNAME) == 0 { result = !negated; break }
            }
        }
        return result
    }

    func testDockerignoreKeepsBuildsAndRendersOutOfTheImage() throws {
        let text = try String(contentsOf: TestPaths.root.appendingPathComponent(".dockerignore"), encoding: .utf8)
        let patterns = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
        let out = [
            ".build/debug/kinetype", ".build/release/kinetype", ".build-fuzz/x86_64/FuzzSpec", ".build_linux/a.o", "out/frame_00000.png",
            "out/crisp.gif", "frames/frame_00000.png", "check-report/index.html", "Tests/golden-failures/x.png", ".git/HEAD",
            "Package.resolved", "Fuzz/crashes/spec/crash-1"
        ]
        let kept = [
            "Package.swift", "Sources/kinetype/Render.swift", "Sources/CSchedShims/sched_shim.c", "scripts/setup", "fonts/DejaVuSans.ttf",
            "examples/crisp-size.yaml", "Tests/KinetypeCLITests/DeployTests.swift", "Fuzz/corpus/spec/seed.yaml", "deploy/Dockerfile",
            "docs/kinetype-spec.schema.json", "Tests/fontconfig/fonts.conf"
        ]
        var checked = 0
        for path in out { XCTAssertTrue(Self.ignored(path, by: patterns), "\(path) would enter the image"); checked += 1 }
        for path in kept { XCTAssertFalse(Self.ignored(path, by: patterns), "\(path) is needed to build"); checked += 1 }
        XCTAssertEqual(checked, out.count + kept.count)
        XCTAssertEqual(checked, 23)
        // The Dockerfile builds from that context.
        let dockerfile = try String(contentsOf: Self.deploy.appendingPathComponent("Dockerfile"), encoding: .utf8)
        XCTAssertTrue(dockerfile.contains("COPY . ."))
    }
}
