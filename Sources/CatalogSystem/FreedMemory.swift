#if os(Linux)
    import CAllocator
#endif

/// Returns the heap's free memory to the system between the stages of an import: after
/// the reader has walked the files' trees, before a theme's rows are built, and at the end
/// of a commit's body. The allocator keeps what a program frees for its next allocations,
/// but what comes next does not reuse all of it (a large buffer, a revision's changeset,
/// is mapped apart; small objects land among what is still held): the process would hold
/// both. glibc's `malloc_trim` gives the free pages back (a few milliseconds); elsewhere
/// this does nothing.
public enum FreedMemory {
    /// Gives back the heap's free pages.
    public static func release() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}
