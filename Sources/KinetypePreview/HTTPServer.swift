import Dispatch
import Foundation

/// An HTTP response, written whole with one `send`.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body, not cached.
    static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")], body: body)
    }

    /// `{"error": message}`, the form of every error the preview answers with.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json((try? JSONEncoder().encode(["error": message])).map { [UInt8]($0) } ?? [], status: status)
    }

    /// The status line, the fields and the body, as sent; `head` leaves the body out (HEAD).
    func bytes(closing: Bool, head: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        if closing { text += "Connection: close\r\n" }
        text += "\r\n"
        return Array(text.utf8) + (head ? [] : body)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}

/// An address to listen on: an IPv4 or IPv6 literal and a port.
package enum ListenAddress: Sendable, Equatable {
    /// The page's URL at this address (a wildcard address as this machine's loopback).
    package var url: String {
        switch self {
        case let .ip4(ip, port): "http://\(ip == "0.0.0.0" ? "127.0.0.1" : ip):\(port)/"
        case let .ip6(ip, port): "http://[\(ip == "::" ? "::1" : ip)]:\(port)/"
        }
    }

    case ip4(String, port: UInt16)
    case ip6(String, port: UInt16)

    /// `host` as an IPv4 literal, or an IPv6 one with or without brackets; nil for anything else.
    package init?(host: String, port: UInt16) {
        var ip4 = in_addr(), ip6 = in6_addr()
        if inet_pton(AF_INET, host, &ip4) == 1 {
            self = .ip4(host, port: port)
        } else if inet_pton(AF_INET6, host.trimmingCharacters(in: ["[", "]"]), &ip6) == 1 {
            self = .ip6(host.trimmingCharacters(in: ["[", "]"]), port: port)
        } else {
            return nil
        }
    }

    var port: UInt16 {
        switch self {
        case let .ip4(_, port), let .ip6(_, port): port
        }
    }

    /// Whether only this machine reaches it (127.0.0.0/8, ::1).
    var isLoopback: Bool {
        switch self {
        case let .ip4(ip, _): ip.hasPrefix("127.")
        case let .ip6(ip, _): ip == "::1"
        }
    }
}

/// A socket call that failed, with its errno.
package struct SocketFailure: Error, CustomStringConvertible {
    var call: String
    package var errno: Int32
    package var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// A small HTTP/1.1 server over POSIX sockets, for the preview on this machine: a thread
/// accepts connections, and each connection has a thread that reads its requests
/// (`HTTPRequestReader`, bounded and linear), hands each to the handler and writes the answer.
/// A connection that has not sent a whole request within `idleTimeout` seconds of opening or of
/// its last answer is closed; at most `maxConnections` are open at once (more are closed as they
/// come). Nothing of a connection outlives it.
final class HTTPServer: @unchecked Sendable {
    struct Configuration: Sendable {
        var limits = HTTPRequestReader.Limits()
        var idleTimeout = 15.0
        /// How long one `send` may wait for a client that does not read.
        var sendTimeout = 15.0
        var maxConnections = 64
    }

    typealias Handler = @Sendable (HTTPRequestHead) async -> HTTPResponse

    let configuration: Configuration
    private let handler: Handler
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var connections: Set<Int32> = []
    private var stopped = false

    init(configuration: Configuration = Configuration(), handler: @escaping Handler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// The connections open now.
    var openConnections: Int { lock.withLock { connections.count } }

    /// Binds and listens on `address`, starts accepting, and returns the address listened on
    /// (with the port the system chose for port 0).
    func start(on address: ListenAddress) throws -> ListenAddress {
        let family = address.isIP6 ? AF_INET6 : AF_INET
        #if os(Linux)
            let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketFailure(call: "socket", errno: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 128) == 0 else {
            let failure = SocketFailure(call: bound == 0 ? "listen" : "bind", errno: errno)
            close(fd)
            throw failure
        }
        let actual = try ListenAddress.local(of: fd, like: address)
        lock.withLock { listener = fd }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "kinetype.preview.accept"
        thread.start()
        return actual
    }

    /// Stops accepting and ends every open connection (a handler already running finishes, but
    /// its answer is not sent).
    func stop() {
        lock.withLock {
            stopped = true
            if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
            for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if lock.withLock({ stopped }) { break }
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: usleep(50_000)  // out of descriptors: the idle ones time out
                default: usleep(10_000)
                }
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not handed to a browser the preview opens
            let admitted = lock.withLock {
                guard !stopped, connections.count < configuration.maxConnections else { return false }
                connections.insert(fd)
                return true
            }
            guard admitted else {
                close(fd)
                continue
            }
            let thread = Thread { [self] in
                serve(fd)
                lock.withLock { _ = connections.remove(fd) }
                close(fd)
            }
            thread.name = "kinetype.preview.connection"
            thread.start()
        }
        lock.withLock { self.listener = -1 }
        close(listener)
    }

    /// Answers the requests that come on `fd` until the client closes, asks to close, sends
    /// something refused, or is idle too long.
    private func serve(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if !os(Linux)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval(tv_sec: Int(configuration.sendTimeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var reader = HTTPRequestReader(limits: configuration.limits)
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var deadline = Self.now() + configuration.idleTimeout
        while true {
            switch reader.next() {
            case let .request(head):
                let response = respond(to: head)
                let closing = !head.keepsAlive || lock.withLock { stopped }
                guard sendAll(fd, response.bytes(closing: closing, head: head.method == "HEAD")), !closing else { return }
                deadline = Self.now() + configuration.idleTimeout
            case let .failure(failure):
                if sendAll(fd, HTTPResponse.error(failure.status, failure.message).bytes(closing: true)) { drain(fd) }
                return
            case .needMore:
                let remaining = deadline - Self.now()
                guard remaining > 0 else {
                    if reader.hasPartialRequest {
                        let message = "no whole request within \(Int(configuration.idleTimeout)) s"
                        if sendAll(fd, HTTPResponse.error(408, message).bytes(closing: true)) { drain(fd) }
                    }
                    return
                }
                var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiting, 1, Int32(min(remaining * 1000 + 1, 60_000)))
                if ready < 0, errno != EINTR { return }
                guard ready > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { return }
                reader.append(chunk[0..<count])
            }
        }
    }

    /// The handler's answer, waited for on this connection's thread.
    private func respond(to head: HTTPRequestHead) -> HTTPResponse {
        let answer = Answer()
        let handler = handler
        Task {
            answer.response = await handler(head)
            answer.ready.signal()
        }
        answer.ready.wait()
        return answer.response ?? .error(500, "no answer")
    }

    /// Writes all of `bytes`; false when the client is gone or stopped reading.
    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if os(Linux)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, flags) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// After an answer that closes the connection: stops writing, then reads and drops what the
    /// client still sends (up to a second and 1 MiB), so that closing does not reset the
    /// connection before the client has read the answer.
    private func drain(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Self.now() + 1
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var total = 0
        while total < 1 << 20 {
            let remaining = deadline - Self.now()
            guard remaining > 0 else { return }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(remaining * 1000) + 1) > 0 else { return }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            total += count
        }
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// A handler's answer, handed from its task to the connection's thread.
    private final class Answer: @unchecked Sendable {
        let ready = DispatchSemaphore(value: 0)
        var response: HTTPResponse?
    }
}

extension ListenAddress {
    fileprivate var isIP6: Bool {
        if case .ip6 = self { return true }
        return false
    }

    /// Calls `body` with this address as a `sockaddr` and its length.
    fileprivate func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        switch self {
        case let .ip4(ip, port):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, ip, &address.sin_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case let .ip6(ip, port):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, ip, &address.sin6_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }

    /// The address `fd` is bound to, of the same family as `address`.
    fileprivate static func local(of fd: Int32, like address: ListenAddress) throws -> ListenAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw SocketFailure(call: "getsockname", errno: errno) }
        let port: UInt16 = withUnsafePointer(to: &storage) {
            switch address {
            case .ip4: $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case .ip6: $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        }
        switch address {
        case let .ip4(ip, _): return .ip4(ip, port: port)
        case let .ip6(ip, _): return .ip6(ip, port: port)
        }
    }
}
