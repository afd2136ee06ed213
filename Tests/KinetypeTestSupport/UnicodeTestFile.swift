import Foundation

/// A case of one of Unicode's break test files (Debian's unicode-data): the code points and the
/// UTF-8 offsets where the file says a break is.
public struct UnicodeTestCase {
    public var scalars: [Unicode.Scalar] = []
    /// UTF-8 offsets with a break, including 0 and the end.
    public var allBoundaries: [Int] = []
    public var source: String
    public var string: String { String(String.UnicodeScalarView(scalars)) }
    /// The code points as written in the file ("002D 0308 0023"), to name a case.
    public var key: String { scalars.map { String(format: "%04X", $0.value) }.joined(separator: " ") }
    public var innerBoundaries: [Int] {
        let end = scalars.reduce(0) { $0 + UTF8.width($1) }
        return allBoundaries.filter { $0 > 0 && $0 < end }
    }
}

public enum UnicodeTestFile {
    public static let directory = "/usr/share/unicode/auxiliary"

    public static func cases(named name: String) throws -> [UnicodeTestCase] {
        let path = "\(directory)/\(name)"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TestEnvironmentError("\(path) is missing: install Debian's unicode-data (scripts/setup does)")
        }
        var cases: [UnicodeTestCase] = []
        for line in text.split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard !data.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var testCase = UnicodeTestCase(source: String(line.prefix(80)))
            var offset = 0
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": testCase.allBoundaries.append(offset)
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw TestEnvironmentError("\(name): cannot read \"\(token)\" in \(line)")
                    }
                    testCase.scalars.append(scalar)
                    offset += UTF8.width(scalar)
                }
            }
            cases.append(testCase)
        }
        return cases
    }
}
