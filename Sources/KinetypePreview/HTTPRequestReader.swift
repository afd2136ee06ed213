/// One HTTP/1.x request as the preview reads it: the request line and the header fields. The
/// preview answers GET and HEAD only, so a request with a body is refused before it is read.
struct HTTPRequestHead: Sendable {
    var method: String
    /// The request-target as sent (origin-form: a path and a query), not decoded.
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// The header fields in order, names lowercased.
    var fields: [(name: String, value: String)]

    /// The target up to its query.
    var path: String { String(target.prefix { $0 != "?" }) }

    /// The value of the query parameter `name` (`?since=3`), not decoded.
    func query(_ name: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }

    /// The first field named `name` (case-insensitive).
    func header(_ name: String) -> String? {
        let name = name.lowercased()
        return fields.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`.
    var keepsAlive: Bool {
        minorVersion >= 1 && !(header("connection")?.lowercased().split(separator: ",").contains { $0.trimmed == "close" } ?? false)
    }
}

/// A request the reader refuses: the status to answer with and why, after which the connection
/// is closed.
struct HTTPRequestFailure: Error, Equatable {
    var status: Int
    var message: String
}

/// Reads request heads from a connection's bytes as they arrive, in time linear in their size:
/// each byte is looked at once, however the bytes are split. The request line and the header
/// section are bounded (`Limits`); a request over a bound is refused as soon as the bound is
/// passed, without waiting for the rest.
struct HTTPRequestReader {
    struct Limits: Sendable {
        /// The request line's bytes, without its line end (an over-long one is answered 414).
        var requestLine = 8 << 10
        /// The header section's bytes, line ends included (431 past it).
        var headerSection = 32 << 10
        /// The number of header fields (431 past it).
        var headerFields = 100
    }

    enum Outcome {
        /// The bytes so far are not a whole request head.
        case needMore
        case request(HTTPRequestHead)
        case failure(HTTPRequestFailure)
    }

    let limits: Limits
    private var buffer: [UInt8] = []
    /// Where the request being read starts in `buffer`.
    private var start = 0
    /// The first byte of `buffer` not looked at yet.
    private var scanned = 0
    /// The request line's end (its LF), once seen.
    private var requestLineEnd: Int?
    /// The start of the header line being read.
    private var lineStart = 0
    /// The header lines seen so far: their starts and their ends (at the LF).
    private var fieldLines: [Range<Int>] = []

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether some bytes of a request that is not whole have arrived.
    var hasPartialRequest: Bool { buffer.count > start }

    mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next request whose head has arrived whole, or what is wrong with it.
    mutating func next() -> Outcome {
        if requestLineEnd == nil {
            // Empty lines before a request line are ignored (RFC 9112 §2.2).
            while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A, start >= scanned {
                start += 1
                scanned = start
            }
            guard let end = buffer[scanned...].firstIndex(of: 0x0A) else {
                scanned = buffer.count
                return buffer.count - start > limits.requestLine + 1 ? .failure(Self.lineTooLong(limits)) : .needMore
            }
            guard end - start - (end > start && buffer[end - 1] == 0x0D ? 1 : 0) <= limits.requestLine else {
                return .failure(Self.lineTooLong(limits))
            }
            requestLineEnd = end
            lineStart = end + 1
            scanned = end + 1
        }
        let sectionStart = requestLineEnd! + 1
        while let end = buffer[scanned...].firstIndex(of: 0x0A) {
            scanned = end + 1
            let contentEnd = end > lineStart && buffer[end - 1] == 0x0D ? end - 1 : end
            guard end + 1 - sectionStart <= limits.headerSection else { return .failure(Self.headersTooLarge(limits)) }
            if contentEnd == lineStart { return finish(headEnd: end + 1) }
            guard fieldLines.count < limits.headerFields else {
                return .failure(HTTPRequestFailure(status: 431, message: "the request has more than \(limits.headerFields) header fields"))
            }
            fieldLines.append(lineStart..<contentEnd)
            lineStart = end + 1
        }
        scanned = buffer.count
        return buffer.count - sectionStart > limits.headerSection ? .failure(Self.headersTooLarge(limits)) : .needMore
    }

    /// Parses the head that ends before `headEnd` and drops its bytes.
    private mutating func finish(headEnd: Int) -> Outcome {
        let lineEnd = requestLineEnd!
        let line = buffer[start..<(lineEnd > start && buffer[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd)]
        let result = Self.parse(requestLine: line, fields: fieldLines.map { buffer[$0] })
        buffer.removeFirst(headEnd)
        start = 0
        scanned = 0
        requestLineEnd = nil
        lineStart = 0
        fieldLines = []
        switch result {
        case let .success(head): return .request(head)
        case let .failure(failure): return .failure(failure)
        }
    }

    private static func parse(requestLine line: ArraySlice<UInt8>, fields lines: [ArraySlice<UInt8>]) -> Result<
        HTTPRequestHead, HTTPRequestFailure
    > {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isToken), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            return .failure(bad("the request line is not METHOD TARGET HTTP/1.1"))
        }
        let minor: Int
        switch String(decoding: parts[2], as: UTF8.self) {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        case let version where version.hasPrefix("HTTP/"):
            return .failure(HTTPRequestFailure(status: 505, message: "HTTP version \(version.dropFirst(5)) is not supported; use HTTP/1.1"))
        default: return .failure(bad("the request line does not end with HTTP/1.1"))
        }
        var fields: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex, line[..<colon].allSatisfy(isToken) else {
                return .failure(bad("a header field is not NAME: VALUE"))
            }
            let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            let trimmed = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.count
            let text = value.prefix(trimmed)
            guard text.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else {
                return .failure(bad("a header field's value has a control character"))
            }
            fields.append((String(decoding: line[..<colon], as: UTF8.self).lowercased(), String(decoding: text, as: UTF8.self)))
        }
        let head = HTTPRequestHead(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self), minorVersion: minor,
            fields: fields)
        if fields.filter({ $0.name == "host" }).count > 1 { return .failure(bad("the request has more than one Host field")) }
        if head.header("transfer-encoding") != nil || (head.header("content-length").map { $0 != "0" } ?? false) {
            return .failure(HTTPRequestFailure(status: 413, message: "the preview takes no request body"))
        }
        return .success(head)
    }

    private static func bad(_ message: String) -> HTTPRequestFailure { HTTPRequestFailure(status: 400, message: message) }

    private static func lineTooLong(_ limits: Limits) -> HTTPRequestFailure {
        HTTPRequestFailure(status: 414, message: "the request line is longer than \(limits.requestLine) bytes")
    }

    private static func headersTooLarge(_ limits: Limits) -> HTTPRequestFailure {
        HTTPRequestFailure(status: 431, message: "the request's header fields are longer than \(limits.headerSection) bytes")
    }

    /// A tchar of RFC 9110 §5.6.2: what methods and field names are made of.
    private static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension Substring {
    fileprivate var trimmed: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        return start.dropLast(start.reversed().prefix { $0 == " " || $0 == "\t" }.count)
    }
}
