import Foundation
import XCTest
@testable import kinetype
@testable import KinetypePreview
import KinetypeSceneTestSupport

/// The preview's own HTTP server and request reader, in this process: bounds, time linear in a
/// request's size, idle connections closed, nothing kept per connection.
final class PreviewHTTPServerTests: XCTestCase {
    private let request = Array("GET /frames/3.png?x=1&since=7 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAccept: */*\r\n\r\n".utf8)

    /// Every request read from `bytes` fed in chunks of `size`, and the failure that ended it.
    private func read(_ bytes: [UInt8], chunk size: Int, limits: HTTPRequestReader.Limits = .init()) -> (
        [HTTPRequestHead], HTTPRequestFailure?
    ) {
        var reader = HTTPRequestReader(limits: limits)
        var heads: [HTTPRequestHead] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            reader.append(bytes[start..<min(start + size, bytes.count)])
            while true {
                switch reader.next() {
                case .needMore: break
                case let .request(head):
                    heads.append(head)
                    continue
                case let .failure(failure): return (heads, failure)
                }
                break
            }
        }
        return (heads, nil)
    }

    func testARequestIsReadTheSameHoweverItsBytesAreSplit() {
        var splits = 0
        for size in [1, 2, 3, 7, 64, request.count] {
            splits += 1
            let (heads, failure) = read(request + Array("\r\n".utf8) + request, chunk: size)
            XCTAssertNil(failure, "chunks of \(size)")
            XCTAssertEqual(heads.count, 2, "chunks of \(size): two requests, the second after an empty line")
            for head in heads {
                XCTAssertEqual(head.method, "GET")
                XCTAssertEqual(head.path, "/frames/3.png")
                XCTAssertEqual(head.query("since"), "7")
                XCTAssertNil(head.query("frame"))
                XCTAssertEqual(head.header("HOST"), "127.0.0.1:8000")
                XCTAssertEqual(head.header("accept"), "*/*")
                XCTAssertTrue(head.keepsAlive)
            }
        }
        XCTAssertEqual(splits, 6)
        let closing = read(Array("GET / HTTP/1.1\r\nConnection: keep-alive, Close\r\n\r\nGET / HTTP/1.0\n\n".utf8), chunk: 5).0
        XCTAssertEqual(closing.map(\.keepsAlive), [false, false], "Connection: close, and HTTP/1.0")
    }

    func testRequestsPastTheBoundsAreRefusedAsSoonAsTheBoundIsPassed() {
        let limits = HTTPRequestReader.Limits(requestLine: 100, headerSection: 200, headerFields: 5)
        func line(_ length: Int) -> [UInt8] {
            let target = "/" + String(repeating: "a", count: length - "GET / HTTP/1.1".count)
            return Array("GET \(target) HTTP/1.1\r\n".utf8)
        }
        XCTAssertEqual(read(line(100) + Array("\r\n".utf8), chunk: 1, limits: limits).0.count, 1, "a line at the bound")
        XCTAssertEqual(read(line(101) + Array("\r\n".utf8), chunk: 1, limits: limits).1?.status, 414)
        // Endless: refused once the bound is passed, whatever follows.
        var reader = HTTPRequestReader(limits: limits)
        var fed = 0
        while case .needMore = reader.next() {
            reader.append(Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 10))
            fed += 15
            XCTAssertLessThan(fed, 200)
        }
        XCTAssertEqual(fed, 105)

        let field = Array("X-Field: \(String(repeating: "b", count: 30))\r\n".utf8)  // 41 bytes
        let fields4 = line(20) + Array(repeating: field, count: 4).joined() + Array("\r\n".utf8)
        XCTAssertEqual(read(fields4, chunk: 3, limits: limits).0.count, 1, "166 bytes of fields")
        let fields5 = line(20) + Array(repeating: field, count: 5).joined() + Array("\r\n".utf8)
        XCTAssertEqual(read(fields5, chunk: 3, limits: limits).1?.status, 431, "207 bytes of fields")
        let many = line(20) + Array(repeating: Array("A: b\r\n".utf8), count: 6).joined() + Array("\r\n".utf8)
        XCTAssertEqual(read(many, chunk: 3, limits: limits).1?.status, 431, "6 fields")
        let endless = line(20) + Array(repeating: UInt8(ascii: "c"), count: 1000)
        XCTAssertEqual(read(endless, chunk: 50, limits: limits).1?.status, 431)
    }

    func testMalformedRequestsAreRefused() {
        let cases: [(String, Int)] = [
            ("GET /\r\n\r\n", 400),
            ("GET  / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\n\r\n", 505),
            ("GET / FTP/1.1\r\n\r\n", 400),
            ("G(T / HTTP/1.1\r\n\r\n", 400),
            ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", 413),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 413)
        ]
        for (text, status) in cases {
            XCTAssertEqual(read(Array(text.utf8), chunk: 4).1?.status, status, text.debugDescription)
        }
        XCTAssertEqual(cases.count, 13)
        XCTAssertNil(read(Array("GET / HTTP/1.1\r\nContent-Length: 0\r\nX:  spaced  \r\n\r\n".utf8), chunk: 4).1)
    }

    /// The time to read a request grows with its size, not with its square: 16× the bytes takes
    /// far less than 256× the time (a quadratic reader took 10–40 s of CPU for 128–256 KiB).
    func testReadingIsLinearInTheRequestsSize() {
        let limits = HTTPRequestReader.Limits(requestLine: 8 << 20, headerSection: 8 << 20, headerFields: 100)
        func seconds(_ size: Int) -> Double {
            let bytes = Array(
                "GET /\(String(repeating: "a", count: size)) HTTP/1.1\r\nX: \(String(repeating: "b", count: size))\r\n\r\n".utf8)
            let start = Date()
            XCTAssertEqual(read(bytes, chunk: 1 << 12, limits: limits).0.count, 1)
            return Date().timeIntervalSince(start)
        }
        _ = seconds(1 << 16)
        let small = (0..<3).map { _ in seconds(1 << 16) }.min()!
        let large = (0..<3).map { _ in seconds(1 << 20) }.min()!
        XCTAssertLessThan(large, max(small, 0.001) * 64, "64 KiB: \(small) s, 1 MiB: \(large) s")
    }

    /// A server in this process answering each request with its path.
    private func echoServer(_ configuration: HTTPServer.Configuration = .init()) throws -> (HTTPServer, Int) {
        let server = HTTPServer(configuration: configuration) { request in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(request.path.utf8))
        }
        let address = try server.start(on: XCTUnwrap(ListenAddress(host: "127.0.0.1", port: 0)))
        return (server, Int(address.port))
    }

    func testAnIdleConnectionIsClosedAndAPartialRequestAnswered408() throws {
        var configuration = HTTPServer.Configuration()
        configuration.idleTimeout = 0.5
        let (server, port) = try echoServer(configuration)
        defer { server.stop() }
        let silent = try rawExchange(port: port, [], timeout: 10)
        XCTAssertEqual(silent.answer, "", "closed without an answer")
        XCTAssertLessThan(silent.seconds, 5)
        let partial = try rawExchange(port: port, Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8), timeout: 10)
        XCTAssertEqual(rawStatus(partial.answer), 408, partial.answer)
        XCTAssertNotNil(try rawJSON(partial.answer)["error"] as? String)
        XCTAssertLessThan(partial.seconds, 5)
        try eventually("the connections to be gone") { server.openConnections == 0 }
    }

    func testKeepAliveAndClosingConnectionsLeaveNothingBehind() throws {
        let (server, port) = try echoServer()
        defer { server.stop() }
        let two = Array("GET /one HTTP/1.1\r\nHost: a\r\n\r\nGET /two HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8)
        let answer = try rawExchange(port: port, two, timeout: 10).answer
        XCTAssertEqual(answer.components(separatedBy: "HTTP/1.1 200 OK\r\n").count, 3, answer)
        XCTAssertTrue(answer.hasSuffix("Connection: close\r\n\r\n/two"), answer)
        let head = try rawExchange(port: port, Array("HEAD /three HTTP/1.0\r\n\r\n".utf8), timeout: 10).answer
        XCTAssertTrue(head.hasSuffix("Content-Length: 6\r\nConnection: close\r\n\r\n"), head)
        for index in 0..<200 {
            let answer = try rawExchange(port: port, Array("GET /\(index) HTTP/1.1\r\nConnection: close\r\n\r\n".utf8), timeout: 10).answer
            XCTAssertTrue(answer.hasSuffix("\r\n\r\n/\(index)"), answer)
        }
        try eventually("every connection to be forgotten") { server.openConnections == 0 }
    }
}
