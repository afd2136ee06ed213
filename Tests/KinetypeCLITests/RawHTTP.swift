import Foundation
import KinetypeSceneTestSupport

/// Sends `bytes` to 127.0.0.1:`port` on a connection of its own, then reads until the server
/// closes (or `timeout` seconds pass); the answer and the seconds from connecting to the end.
/// For requests `URLSession` will not send: over-long, malformed, partial.
func rawExchange(port: Int, _ bytes: [UInt8], timeout: Double = 30, closeAfterSending: Bool = false) throws -> (
    answer: String, seconds: Double
) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestEnvironmentError("socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw TestEnvironmentError("connect: \(String(cString: strerror(errno)))") }
    let start = Date()
    var offset = 0
    while offset < bytes.count {
        // The server may answer and stop reading before the end: a failed send is not an error.
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { break }
        offset += sent
    }
    if closeAfterSending { shutdown(fd, Int32(SHUT_WR)) }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        answer += chunk[0..<count]
    }
    return (String(decoding: answer, as: UTF8.self), Date().timeIntervalSince(start))
}

/// The status of a raw HTTP answer (`HTTP/1.1 414 URI Too Long` → 414), nil when there is none.
func rawStatus(_ answer: String) -> Int? {
    let parts = answer.prefix { $0 != "\r" }.split(separator: " ")
    return parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") ? Int(parts[1]) : nil
}

/// The body of a raw HTTP answer as a JSON object.
func rawJSON(_ answer: String) throws -> [String: Any] {
    guard let range = answer.range(of: "\r\n\r\n"),
        let object = try JSONSerialization.jsonObject(with: Data(answer[range.upperBound...].utf8)) as? [String: Any]
    else { throw TestEnvironmentError("no JSON object in \(answer.prefix(300))") }
    return object
}
