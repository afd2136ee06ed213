import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a frame folder holds every frame of a finished render (of SPEC, when given).",
        discussion: """
            Every frame_NNNNN.png must be present and a readable PNG of the canvas's size, and the \
            render that wrote the folder must have finished. Given SPEC, the folder must also be made \
            from it: the manifest records a fingerprint of the spec file and of the font files, so a \
            folder rendered from an older spec or other fonts is stale. Exits 0 when the folder is \
            complete, 1 listing what is missing, invalid or stale: the step a pipeline runs before \
            encoding.
            """
    )

    @Argument(help: ArgumentHelp("The frame folder.", valueName: "DIR"))
    var directory: String

    @Argument(help: "The spec the frames should come from.")
    var spec: String?

    func run() throws {
        let scene = try spec.map { try loadScene($0) }
        let result: FolderVerification
        do { result = try FolderVerification(directory: URL(fileURLWithPath: directory), scene: scene) } catch { fail(error) }
        guard !result.isComplete else {
            Output.toStandardOutput(
                Output.printable("\(directory): complete — \(result.frameCount) frames\(spec.map { " of \($0)" } ?? "")\n"))
            return
        }
        for finding in result.findings { note("\(directory): \(finding)") }
        throw ExitCode(1)
    }
}
