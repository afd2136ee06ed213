// Tests/TitleTests/TitleTests.swift
import KinetypeTesting
import XCTest

@testable import Title

/// The title's first, springing and last frames against the goldens in Tests/Goldens/title
/// (recorded with `KINETYPE_UPDATE_GOLDENS=1 swift test`).
final class TitleTests: XCTestCase {
    func testTitleMatchesItsGoldens() throws {
        try assertFrames(of: Title.scene(), frames: [0, 12, 59], goldens: "Tests/Goldens/title")
    }
}
