import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

/// `kinetype render SPEC --watch`: renders as `render` does (into the folder or the video the
/// options name), then waits for the spec or a font or captions file it reads to change, and
/// renders again, until Ctrl-C. A save during a render stops it (the frames in progress are
/// finished) and starts it again; a spec that does not load prints its error and is watched
/// for the next save. Ctrl-C while waiting ends at once; during a render, as a render's does.
struct RenderWatch {
    let command: Render
    let range: ClosedRange<Int>?
    /// How often the files are looked at.
    var interval = 0.025

    func run() throws -> Never {
        let interruption = Interruption()
        let loader = SpecLoader()
        var files = [command.spec]
        while true {
            // Stamped before the spec is read, so a save during the load or the render counts.
            var watcher = SpecWatcher(files)
            do {
                try SpecWatcher.checkRegularFiles(files)
                let scene = try loader.load(path: command.spec, parameters: command.parameterOptions.values())
                watcher.add(scene.inputFiles)
                files = watcher.paths
                let stamped = watcher
                try command.render(scene, range: range) { interruption.isRequested || stamped.changedFile() != nil }
            } catch let error as ValidationError {
                throw error
            } catch {
                let (message, interrupted) = command.ending(error)
                if interrupted, !interruption.isRequested, let path = watcher.changedFile() {
                    if !command.quiet { note("\(message)\n\(path) changed: rendering again") }
                    continue
                }
                note(message)
                if interrupted { Foundation.exit(interruption.exitCode) }
            }
            if interruption.isRequested { Foundation.exit(interruption.exitCode) }
            if !command.quiet {
                let others = files.count - 1
                note(
                    "watching \(command.spec)\(others > 0 ? " and the \(others) file\(others == 1 ? "" : "s") it reads" : "") for changes (Ctrl-C to stop)"
                )
            }
            guard let path = watcher.waitForChange(interval: interval, stop: { interruption.isRequested }) else {
                Foundation.exit(interruption.exitCode)
            }
            if !command.quiet { note("\(path) changed: rendering again") }
        }
    }
}
