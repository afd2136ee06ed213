import Foundation
import XCTest
@testable import Kinetype

/// Issue 10 §2: `--shard K/N` and `--shard auto`.
final class ShardTests: XCTestCase {
    func testRangesAreContiguousNearEqualAndCoverEveryFrameOnce() throws {
        var checked = 0
        for frameCount in [1, 2, 5, 99, 100, 101, 3000] {
            for count in [1, 2, 3, 7, 16, 128] {
                let ranges = (0..<count).map { Shard(index: $0, count: count).frames(of: frameCount) }
                XCTAssertEqual(ranges.first?.lowerBound, 0)
                XCTAssertEqual(ranges.last?.upperBound, frameCount)
                for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
                let sizes = ranges.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "\(frameCount) frames in \(count) shards: \(sizes)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 42)
        XCTAssertEqual(Shard(index: 2, count: 3).frames(of: 100), 66..<100)
    }

    func testParsing() throws {
        XCTAssertEqual(try Shard(parsing: "0/1"), Shard(index: 0, count: 1))
        XCTAssertEqual(try Shard(parsing: "6/7"), Shard(index: 6, count: 7))
        for bad in ["7/7", "-1/3", "1", "a/b", "1/0", "1/3/4", "", " 1/3", "1/100001"] {
            XCTAssertThrowsError(try Shard(parsing: bad), bad) { error in
                XCTAssertTrue("\(error)".contains("K/N"), "\(error)")
            }
        }
    }

    func testAutoReadsEachBatchEnginesVariables() throws {
        let cases: [([String: String], Shard, String)] = [
            (["JOB_COMPLETION_INDEX": "2", "KINETYPE_SHARDS": "5"], Shard(index: 2, count: 5), "JOB_COMPLETION_INDEX=2, KINETYPE_SHARDS=5"),
            (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"], Shard(index: 3, count: 4), "SLURM_ARRAY_TASK_ID=3, SLURM_ARRAY_TASK_COUNT=4"),
            // sbatch --array=1-4: IDs from SLURM_ARRAY_TASK_MIN
            (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"], Shard(index: 0, count: 4), "SLURM_ARRAY_TASK_ID=1, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=1"),
            // sbatch --array=0-9:3 (0, 3, 6, 9)
            (["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "3"], Shard(index: 2, count: 4), "SLURM_ARRAY_TASK_ID=6, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_STEP=3"),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "0", "KINETYPE_SHARDS": "10"], Shard(index: 0, count: 10), "AWS_BATCH_JOB_ARRAY_INDEX=0, KINETYPE_SHARDS=10"),
        ]
        for (environment, shard, source) in cases {
            let found = try Shard.fromEnvironment(environment)
            XCTAssertEqual(found.shard, shard)
            XCTAssertEqual(found.source, source)
        }
        let failures: [([String: String], String)] = [
            ([:], "JOB_COMPLETION_INDEX"),
            (["JOB_COMPLETION_INDEX": "2"], "KINETYPE_SHARDS"),
            (["JOB_COMPLETION_INDEX": "5", "KINETYPE_SHARDS": "5"], "0…4"),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "x", "KINETYPE_SHARDS": "2"], "AWS_BATCH_JOB_ARRAY_INDEX"),
            (["SLURM_ARRAY_TASK_ID": "3"], "SLURM_ARRAY_TASK_COUNT"),
        ]
        for (environment, mention) in failures {
            XCTAssertThrowsError(try Shard.fromEnvironment(environment)) { error in
                XCTAssertTrue("\(error)".contains(mention), "\(environment): \(error)")
            }
        }
        XCTAssertEqual(cases.count + failures.count, 10)
    }
}
