import Foundation
import KinetypeMotion
import KinetypeOutput
import KinetypeRaster
import KinetypeRender
import KinetypeScene
import KinetypeText

/// The spec a preview shows: the scene as last loaded, the error of the last load that failed,
/// and a version that counts every change the page must see. A thread polls the spec and the
/// files it reads (`SpecWatcher`) and reloads on a change; a spec that no longer loads keeps the
/// last good scene (its frames still render) beside its one-line error.
package final class PreviewDocument: @unchecked Sendable {
    /// A scene that loaded, numbered by the version at which it did: frames and caches belong to
    /// one generation.
    package struct Loaded: Sendable {
        package let scene: Scene
        package let generation: Int
        package init(scene: Scene, generation: Int) {
            self.scene = scene
            self.generation = generation
        }
    }

    /// What the page asks for: the version, the last good scene and the current error.
    package struct State: Sendable {
        package var version: Int
        package var loaded: Loaded?
        /// The last load's error, one located line; nil when the spec loaded.
        package var error: String?
        /// The values given to the spec's params (the command line's, or the page's).
        package var values: [String: String] = [:]
    }

    package let specPath: String
    /// What the page calls it: the spec's path, or a package's product.
    package let displayName: String
    /// An error as the page shows it (the command adds the flags that fix it).
    let describe: @Sendable (Error) -> String
    private let load: @Sendable (String, [String: String]) throws -> Scene
    private let lock = NSLock()
    private var state = State(version: 0)
    private var watcher = SpecWatcher([])
    private var waiters: [UUID: CheckedContinuation<Int, Never>] = [:]
    private var stopped = false

    /// Loads the spec once with `values`; `load` turns a path and values for its params into a
    /// scene (the command's `SpecLoader`). Versions count on from `firstVersion`, so a page that
    /// saw an earlier server's versions sees this one's as new.
    package init(
        specPath: String, displayName: String? = nil, firstVersion: Int = 0, values: [String: String] = [:],
        describe: @escaping @Sendable (Error) -> String = { "\($0)" },
        load: @escaping @Sendable (String, [String: String]) throws -> Scene
    ) {
        self.specPath = specPath
        self.displayName = displayName ?? specPath
        self.describe = describe
        self.load = load
        state.version = firstVersion
        state.values = values
        reload()
    }

    /// Loads the spec again with other values for its params (picked on the page).
    @discardableResult
    package func reload(values: [String: String]) -> State {
        lock.withLock { state.values = values }
        return reload()
    }

    package var current: State { lock.withLock { state } }

    /// Loads the spec again and bumps the version. The files are stamped before they are read,
    /// so a save during the load is seen as one more change.
    @discardableResult
    package func reload() -> State {
        let previous = lock.withLock { state }
        var stamped = SpecWatcher([specPath] + (previous.loaded?.scene.inputFiles ?? []))
        let next: State
        do {
            try SpecWatcher.checkRegularFiles(stamped.paths)
            let scene = try load(specPath, previous.values)
            stamped.add(scene.inputFiles)
            next = State(
                version: previous.version + 1, loaded: Loaded(scene: scene, generation: previous.version + 1), error: nil,
                values: previous.values)
        } catch {
            next = State(version: previous.version + 1, loaded: previous.loaded, error: describe(error), values: previous.values)
        }
        let resumed = lock.withLock {
            state = next
            watcher = stamped
            defer { waiters = [:] }
            return waiters.values
        }
        resumed.forEach { $0.resume(returning: next.version) }
        return next
    }

    /// Polls the watched files every `interval` seconds on a thread of its own and reloads when
    /// one changed; `changed` is told which (for the terminal).
    package func startWatching(
        interval: Double = 0.025, changed: @escaping @Sendable (_ path: String, _ state: State) -> Void = { _, _ in }
    ) {
        let thread = Thread { [weak self] in
            while let self, !lock.withLock({ stopped }) {
                if let path = lock.withLock({ watcher }).changedFile() {
                    changed(path, reload())
                } else {
                    usleep(UInt32(interval * 1_000_000))
                }
            }
        }
        thread.name = "kinetype.preview.watch"
        thread.start()
    }

    package func stopWatching() {
        let resumed = lock.withLock {
            stopped = true
            defer { waiters = [:] }
            return waiters.values
        }
        let version = current.version
        resumed.forEach { $0.resume(returning: version) }
    }

    /// Returns the version as soon as it is past `since`, or after `timeout` seconds whatever it
    /// is (a long poll: the page asks again at once). A `since` ahead of the version was another
    /// process's (this server restarted): answered at once.
    func waitForChange(after since: Int, timeout: Double) async -> Int {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Int? = lock.withLock {
                    if state.version != since || stopped { return state.version }
                    waiters[id] = continuation
                    return nil
                }
                if let ready { return continuation.resume(returning: ready) }
                Task {
                    try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
                    self.resumeWaiter(id)
                }
            }
        } onCancel: {
            resumeWaiter(id)
        }
    }

    private func resumeWaiter(_ id: UUID) {
        let (waiter, version) = lock.withLock { (waiters.removeValue(forKey: id), state.version) }
        waiter?.resume(returning: version)
    }
}
