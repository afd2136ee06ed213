import Foundation
import KinetypeSceneTestSupport

/// Debian's `chromium`, headless, driven through the Chrome DevTools Protocol over a pipe
/// (`--remote-debugging-pipe`: JSON messages ended by NUL on file descriptors 3 and 4), so the
/// tests need no WebSocket client and open no port of their own. One page, attached at start.
final class HeadlessChromium {
    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session = ""

    /// The browser's path, or why there is none (scripts/test installs Debian's chromium).
    static func executable() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw TestEnvironmentError("no chromium: scripts/setup --with-chromium installs it, as scripts/test does")
    }

    /// `extraArguments`: more command-line switches, such as a device scale factor.
    init(width: Int = 1280, height: Int = 800, extraArguments: [String] = []) throws {
        let path = try Self.executable()
        profile = TestPaths.temporaryDirectory("chromium-profile")
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw TestEnvironmentError("pipe: errno \(errno)") }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The child's ends go to 3 and 4; keep every end above 4 so dup2 never meets itself.
        func high(_ fd: Int32) -> Int32 {
            guard fd <= 4 else { return fd }
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            return moved
        }
        let childRead = high(toChild[0]), childWrite = high(fromChild[1])
        toBrowser = high(toChild[1])
        fromBrowser = high(fromChild[0])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments =
            [
                path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
                "--autoplay-policy=no-user-gesture-required",
                "--window-size=\(width),\(height)"
            ] + extraArguments + ["about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(childRead)
        close(childWrite)
        guard status == 0 else { throw TestEnvironmentError("cannot start \(path): error \(status)") }
        pid = child
        let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetID = target["targetId"] as? String else { throw TestEnvironmentError("no target: \(target)") }
        let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        session = attached["sessionId"] as? String ?? ""
        _ = try call(
            "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    func navigate(_ url: URL) throws {
        _ = try call("Page.navigate", ["url": url.absoluteString])
    }

    /// Evaluates `expression` in the page, awaiting a promise, and returns its value as JSON
    /// gives it (a number, a string, a dictionary…). A thrown exception is a thrown error.
    @discardableResult
    func evaluate(_ expression: String, timeout: Double = 30) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], timeout: timeout)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw TestEnvironmentError("JavaScript error in \(expression.prefix(80)): \(text)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the page as it is on screen.
    func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw TestEnvironmentError("no screenshot")
        }
        return data
    }

    /// Sends one command and reads messages until its answer (events in between are dropped).
    private func call(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true, timeout: Double = 30) throws
        -> [String: Any]
    {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if inSession { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard n > 0 else { throw TestEnvironmentError("chromium closed its pipe (\(method))") }
            written += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try readMessage(until: deadline, method: method)
            guard reply["id"] as? Int == nextID else { continue }
            if let error = reply["error"] { throw TestEnvironmentError("\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage(until deadline: Date, method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let raw = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: raw)) as? [String: Any] ?? [:]
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TestEnvironmentError("chromium did not answer \(method) in time") }
            var descriptor = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000)) >= 0 else { continue }
            guard descriptor.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard n > 0 else { throw TestEnvironmentError("chromium closed its pipe (\(method))") }
            buffer += chunk[..<n]
        }
    }
}
