import KinetypeTesting
import Testing

@testable import Title

/// The same check in Swift Testing: a throwing test fails with the mismatch's sentences.
@Test func titleMatchesItsGoldens() throws {
    try assertFrames(of: Title.scene(), frames: [0, 12, 59], goldens: "Tests/Goldens/title")
}
