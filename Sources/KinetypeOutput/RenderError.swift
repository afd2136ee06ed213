import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender
/// Problems met while rendering into an output folder.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// A system call failed: "cannot `action` `path`: `reason`" (see `SystemCall.reason`).
    case system(action: String, path: String, errno: Int32)
    case staleFrames(directory: String, files: [String])
    /// Another render holds the folder's lock; `pid` is what its lock file says, if readable.
    case folderInUse(directory: String, pid: Int32?)
    /// The same shard of a render is already rendering into the folder.
    case shardInUse(directory: String, shard: String, pid: Int32?)
    /// The folder holds manifest parts of this spec's render split into `existing` shards, and
    /// this shard belongs to a split into another count (a retried batch task that lost the count).
    case shardCountDiffers(directory: String, shard: String, existing: Int)
    /// Cancelled between frames: `rendered` of the `total` requested frames were written.
    case interrupted(rendered: Int, total: Int)
    /// Cancelled while waiting for another render to release the folder: nothing was written.
    case interruptedWhileWaiting(directory: String)

    public var description: String {
        switch self {
        case let .system(action, path, code):
            return "cannot \(action) \(path): \(SystemCall.reason(code))"
        case let .staleFrames(directory, files):
            let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            return
                "\(directory) already holds \(shown), beyond this spec's last frame, and no kinetype manifest says kinetype wrote them; render into an empty folder or remove them first"
        case let .folderInUse(directory, pid):
            let holder = pid.map { "another render (PID \($0))" } ?? "another render"
            return "the output folder \(directory) is in use by \(holder); wait for it to finish, or render into another folder"
        case let .shardInUse(directory, shard, pid):
            let holder = pid.map { " (PID \($0))" } ?? ""
            return "shard \(shard) is already rendering into \(directory)\(holder); wait for it to finish"
        case let .shardCountDiffers(directory, shard, existing):
            return
                "\(directory) holds the manifest parts of this spec's render in \(existing) shards (kinetype-render.shard-K-of-\(existing).json), "
                + "but this is shard \(shard): every shard of a render must use the same count, so a retried task needs the first run's "
                + "(shard K/\(existing)); to split the render another way, remove those parts first or render the folder whole"
        case let .interrupted(rendered, total):
            return "interrupted after \(rendered) of \(total) frames"
        case let .interruptedWhileWaiting(directory):
            return "interrupted while waiting for the output folder \(directory); nothing was written"
        }
    }
}
