#if os(Linux)
    import CAllocator
#endif

/// Returns the heap's free memory to the system, before a theme's rows are built and at
/// the end of a commit's body. The allocator keeps what a program frees
/// for its next allocations, but a large buffer allocated next (a revision's changeset)
/// is mapped apart and does not reuse it: after an import has let go of the theme it read,
/// the process would hold both. glibc's `malloc_trim` gives the free pages back (a few
/// milliseconds); elsewhere this does nothing.
enum FreedMemory {
    /// Gives back the heap's free pages.
    static func release() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}
