internal import CKinetypeShims

/// Process-wide memory settings for rendering many frames.
public enum FrameMemory {
    /// Every frame allocates the same large buffers (coverage masks, encoded rows); keeping them on
    /// the heap instead of fresh mmaps saves a page fault per 4 KiB of each, every frame. Memory stays
    /// flat: the next frame reuses what the last one freed.
    public static func reuseLargeAllocations() {
        kt_reuse_large_allocations()
    }
}
