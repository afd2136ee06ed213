import Foundation
import KinetypeOutput

// `--shard K/N` and `--shard auto`: how the command line names a shard. The library's `Shard`
// knows only its index, its count and its frames.

struct ShardError: Error, CustomStringConvertible, Equatable {
    var message: String
    var description: String { message }
}

extension Shard {
    /// `K/N`, K from 0 to N-1.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maximumCount).contains(count), (0..<count).contains(index)
        else {
            throw ShardError(
                message: "--shard takes K/N (shard K of N, K from 0 to N-1, N up to \(Self.maximumCount)) or auto; got \"\(text)\"")
        }
        self.init(index: index, count: count)
    }

    /// `--shard auto`: the shard a batch engine gave this process, and the variables it came from.
    /// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, with `KINETYPE_SHARDS` (the Job's
    ///   `completions`, which Kubernetes does not pass to the pod).
    /// - Slurm job array: `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`, counted from
    ///   `SLURM_ARRAY_TASK_MIN` in steps of `SLURM_ARRAY_TASK_STEP` (`--array=1-8`, `--array=0-15:4`).
    ///   With `KINETYPE_SHARDS` set, the task ID is the shard index and `KINETYPE_SHARDS` the
    ///   count, whatever tasks the submission holds: a retry of one task (`sbatch --array=5`,
    ///   which Slurm counts as an array of 1 from 5) renders that task's shard. Without it, a
    ///   one-task array whose ID is not 0 is refused: it looks like such a retry.
    /// - AWS Batch array job: `AWS_BATCH_JOB_ARRAY_INDEX`, with `KINETYPE_SHARDS` (the array size).
    static func fromEnvironment(_ environment: [String: String]) throws -> (shard: Shard, source: String) {
        func integer(_ name: String) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
                throw ShardError(message: "--shard auto: \(name)=\"\(text)\" is not a whole number ≥ 0")
            }
            return value
        }
        func required(_ name: String, with index: String, why: String) throws -> Int {
            guard let value = try integer(name) else {
                throw ShardError(message: "--shard auto: \(index) is set, but not \(name) (\(why))")
            }
            return value
        }
        let index: Int, count: Int
        var used: [String]
        if let value = try integer("JOB_COMPLETION_INDEX") {
            index = value
            count = try required("KINETYPE_SHARDS", with: "JOB_COMPLETION_INDEX", why: "set it to the Job's completions")
            used = ["JOB_COMPLETION_INDEX", "KINETYPE_SHARDS"]
        } else if let id = try integer("SLURM_ARRAY_TASK_ID") {
            if let shards = try integer("KINETYPE_SHARDS") {
                // The task ID is the shard index, whichever tasks this submission runs: a retry of
                // task 5 alone (`sbatch --array=5`) has SLURM_ARRAY_TASK_COUNT=1 and _MIN=5.
                index = id
                count = shards
                used = ["SLURM_ARRAY_TASK_ID", "KINETYPE_SHARDS"]
                if let last = try integer("SLURM_ARRAY_TASK_MAX"), last >= shards, shards >= 1 {
                    throw ShardError(
                        message:
                            "--shard auto: SLURM_ARRAY_TASK_MAX=\(last), KINETYPE_SHARDS=\(shards): with KINETYPE_SHARDS the array's task IDs are the shard indices, 0…\(shards - 1); submit --array=0-\(shards - 1) (or some of those IDs, to re-run them)"
                    )
                }
            } else {
                count = try required("SLURM_ARRAY_TASK_COUNT", with: "SLURM_ARRAY_TASK_ID", why: "Slurm sets it for job arrays")
                used = ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"]
                let minimum = try integer("SLURM_ARRAY_TASK_MIN") ?? 0
                let step = max(1, try integer("SLURM_ARRAY_TASK_STEP") ?? 1)
                if environment["SLURM_ARRAY_TASK_MIN"] != nil { used.append("SLURM_ARRAY_TASK_MIN") }
                if environment["SLURM_ARRAY_TASK_STEP"] != nil { used.append("SLURM_ARRAY_TASK_STEP") }
                // One task whose ID is not 0 is how a retry of one task of a larger array looks
                // (`sbatch --array=5`): alone it would be shard 0/1, every frame.
                guard count != 1 || id == 0 else {
                    throw ShardError(
                        message:
                            "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is the only task of its array (SLURM_ARRAY_TASK_COUNT=1), as in a retry of one task (sbatch --array=\(id)): this would render every frame as shard 0/1. Give the array's shard count: sbatch --array=\(id) --export=ALL,KINETYPE_SHARDS=N …"
                    )
                }
                guard id >= minimum, (id - minimum) % step == 0 else {
                    throw ShardError(
                        message: "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is not in the array \(minimum), \(minimum + step), …")
                }
                index = (id - minimum) / step
            }
        } else if let value = try integer("AWS_BATCH_JOB_ARRAY_INDEX") {
            index = value
            count = try required("KINETYPE_SHARDS", with: "AWS_BATCH_JOB_ARRAY_INDEX", why: "set it to the array job's size")
            used = ["AWS_BATCH_JOB_ARRAY_INDEX", "KINETYPE_SHARDS"]
        } else {
            throw ShardError(
                message:
                    "--shard auto found no shard index: set JOB_COMPLETION_INDEX (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID (Slurm job array) or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job), with KINETYPE_SHARDS for Kubernetes and AWS Batch, or give --shard K/N"
            )
        }
        let source = used.map { "\($0)=\(environment[$0]!)" }.joined(separator: ", ")
        guard (1...maximumCount).contains(count) else {
            throw ShardError(message: "--shard auto: \(source): the shard count must be 1…\(maximumCount)")
        }
        guard index < count else {
            throw ShardError(message: "--shard auto: \(source): the shard index must be 0…\(count - 1)")
        }
        return (Shard(index: index, count: count), source)
    }
}
