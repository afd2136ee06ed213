import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Frame sinks: in-memory frames equal the folder's files, ordered sinks get frames in order,
/// and a failing sink stops the render and is abandoned.
final class FrameSinkTests: XCTestCase {
    func scene() throws -> Scene {
        try loadYAML(
            singleLayerSpec(
                width: 200, height: 100, duration: 1,
                layer: """
                    {id: t, text: "Sink", font: {family: "DejaVu Sans"}, position: [100, 50],
                     size: {keyframes: [{time: 0, value: 12}, {time: 1, value: 40}]}}
                    """))
    }

    func testMemoryFramesEqualTheFolderFilesByteForByte() throws {
        let scene = try scene()
        let memory = MemorySink()
        _ = try RenderSession.run(scene, jobs: 2, into: memory)
        XCTAssertTrue(memory.finished)
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try RenderSession.run(scene, request: RenderRequest(outputDirectory: directory, jobs: 2))
        XCTAssertEqual(memory.frames.count, 30)
        var compared = 0
        for (frame, png) in memory.frames {
            XCTAssertEqual(png, [UInt8](try Data(contentsOf: directory.appendingPathComponent(FrameFiles.name(frame)))), "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(compared, 30)
    }

    func testASinkThatAsksForOrderGetsFramesInOrder() throws {
        let ordered = MemorySink(wantsFrameOrder: true)
        _ = try RenderSession.run(try scene(), frames: 3...27, jobs: 4, into: ordered)
        XCTAssertEqual(ordered.arrivalOrder, Array(3...27))
    }

    func testTheReorderWindowDeliversInOrderAndBoundsWhatWaits() throws {
        /// Frames handed out in order and finished in a shuffled order by 4 workers.
        final class Record: @unchecked Sendable {
            let lock = NSLock()
            var delivered: [Int] = [], handedOut = 0
            func nextFrame() -> Int? {
                lock.withLock {
                    handedOut < 200
                        ? {
                            handedOut += 1; return handedOut - 1
                        }() : nil
                }
            }
        }
        let record = Record()
        let window = FrameReorderWindow(first: 0, capacity: 4) { frame, _ in
            record.lock.withLock { record.delivered.append(frame) }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            while let frame = record.nextFrame() {
                usleep(UInt32((frame * 7919 + worker * 31) % 500))
                try? window.submit(frame: frame, encoded: [])
            }
        }
        XCTAssertEqual(record.delivered, Array(0..<200))
        XCTAssertLessThanOrEqual(window.mostWaiting, 4)
        XCTAssertGreaterThan(window.mostWaiting, 1, "frames did finish out of order")
    }

    func testAFailingSinkStopsTheRenderAndIsAbandoned() throws {
        final class FailingSink: FrameSink, @unchecked Sendable {
            let wantsFrameOrder: Bool
            var abandoned = false, finished = false
            init(ordered: Bool) { wantsFrameOrder = ordered }
            func begin(scene: Scene, frames: ClosedRange<Int>) throws {}
            func encode(_ canvas: Canvas) throws -> [UInt8] { [] }
            func write(frame: Int, encoded png: [UInt8]) throws { if frame == 5 { throw FrameOutOfRange(5, frameCount: 0) } }
            func finish() throws { finished = true }
            func abandon() { abandoned = true }
        }
        var checked = 0
        for ordered in [false, true] {
            let sink = FailingSink(ordered: ordered)
            XCTAssertThrowsError(try RenderSession.run(try scene(), jobs: 2, into: sink))
            XCTAssertTrue(sink.abandoned)
            XCTAssertFalse(sink.finished)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }
}
