import Foundation
import XCTest
import KinetypeTestSupport

/// The code of the getting-started article is code CI compiles: each of its Swift blocks is in
/// `examples/swift-package`, which CI builds and tests. A block whose first line names a file
/// (`// Sources/Title/Title.swift`) is that file; the others, in order, are
/// `Sources/GettingStarted/main.swift`; the `// Package.swift` fragment is the package's manifest
/// in part, and is left out.
final class DocumentationCodeTests: XCTestCase {
    static let article = TestPaths.root.appendingPathComponent("Sources/Kinetype/Kinetype.docc/GettingStarted.md")
    static let package = TestPaths.examples.appendingPathComponent("swift-package")

    /// The ```swift blocks of a Markdown file, in order.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    func testTheGettingStartedCodeIsThePackagesCode() throws {
        let blocks = Self.swiftBlocks(try String(contentsOf: Self.article, encoding: .utf8))
        var main: [String] = [], files = 0
        for block in blocks {
            let first = block.prefix { $0 != "\n" }
            if first.hasPrefix("// Package.swift") { continue }
            if first.hasPrefix("// Sources/") || first.hasPrefix("// Tests/") {
                let path = String(first.dropFirst(3))
                let file = try String(contentsOf: Self.package.appendingPathComponent(path), encoding: .utf8)
                XCTAssertEqual(block, file, "the article's \(path) is examples/swift-package/\(path)")
                files += 1
            } else {
                main.append(block)
            }
        }
        let gettingStarted = try String(
            contentsOf: Self.package.appendingPathComponent("Sources/GettingStarted/main.swift"), encoding: .utf8)
        XCTAssertEqual(
            main.joined(separator: "\n"), gettingStarted,
            "examples/swift-package/Sources/GettingStarted/main.swift is the article's other blocks, joined by blank lines")
        XCTAssertGreaterThanOrEqual(main.count, 5)
        XCTAssertEqual(files, 2, "Title.swift and TitleTests.swift")
    }
}
