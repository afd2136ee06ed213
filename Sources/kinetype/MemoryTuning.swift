#if os(Linux)
    internal import CMalloc
#endif

/// Process-wide malloc settings for rendering many frames: a choice for the command-line tool, not
/// for a library that shares its process with an app.
enum MemoryTuning {
    /// Every frame allocates the same large buffers (coverage masks, encoded rows); keeping them on
    /// the heap instead of fresh mmaps saves a page fault per 4 KiB of each, every frame. Memory
    /// stays flat: the next frame reuses what the last one freed. No effect without glibc.
    static func reuseLargeAllocations() {
        #if os(Linux)
            _ = mallopt(M_MMAP_THRESHOLD, 256 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, 512 << 20)
        #endif
    }
}
