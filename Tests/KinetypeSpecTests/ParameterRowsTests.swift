import XCTest
@testable import KinetypeSpec

/// Data files for batches: CSV as people write it, JSON, JSON Lines; problems located.
final class ParameterRowsTests: XCTestCase {
    func testCSVQuotesNewlinesAndLocations() throws {
        let rows = try ParameterRows.csv(
            "name,quote\r\nKatherine,\"Mathematician, \"\"human computer\"\"\"\r\n\"Two\r\nlines\",x\r\n", path: "q.csv")
        XCTAssertEqual(rows.columns, ["name", "quote"])
        XCTAssertEqual(rows.rows.map { $0.values["quote"] }, ["Mathematician, \"human computer\"", "x"])
        XCTAssertEqual(rows.rows[1].values["name"], "Two\r\nlines")
        XCTAssertEqual(rows.location(rows.rows[1], column: "quote"), "q.csv:4:8")
        XCTAssertEqual(rows.location(rows.rows[0], column: "quote"), "q.csv:2:11")
        var checked = 0
        for (text, expected) in [
            ("a,b\n\"open,1\n", "q.csv:2:1: a quoted field that never closes"),
            ("a,b\n\"x\"y,1\n", "q.csv:2:4: text after a closing quote"),
            ("a,a\n1,2\n", "q.csv:1:3: column a is named twice"),
            ("", "q.csv: no header row")
        ] {
            XCTAssertThrowsError(try ParameterRows.csv(text, path: "q.csv")) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }
}
