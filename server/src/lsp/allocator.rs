//! The allocator settings of the language server, a process that lives as long as the editor.
//!
//! glibc's malloc raises its mmap threshold (up to 32 MB) each time a large block is freed, so
//! that after the first `didOpen` of a large file, every buffer of a few megabytes — a document's
//! text, a formatting answer, the JSON of a whole-document request — comes from the heap of the
//! thread that asked and stays there when freed, one heap per blocking thread: measured on a
//! 10 MB PGN (`bench/lsp.sh`), resident memory after opening it was 68 MiB with glibc's defaults
//! and 39 MiB with the threshold fixed at 1 MiB, and the peak after a whole-document export
//! conversion, formatting and semantic tokens 181–201 MiB against 103–109 MiB, at the same speed
//! (mimalloc and jemalloc, tried as global allocators, did no better than the defaults).
//!
//! What many small blocks held — the facts, segments and texts of two hundred documents — is
//! freed into the heaps when the documents close, but the pages stay with the process: glibc
//! returns only a heap's free top. [`trim`] gives every free page back (measured on the two
//! hundred documents of `bench/lsp-documents.sh`, debug build: 264 MiB resident after closing
//! them, 94 MiB after a trim).

/// Blocks of at least this size are mapped on their own and returned to the system when freed;
/// a heap's free top above it is returned too.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const RETURN_ABOVE: libc::c_int = 1 << 20;

/// One heap a core (at least two): glibc makes up to eight a core, one for each thread that
/// finds the others busy, and the blocking pool's threads each fill one with what they
/// allocate and free — memory that no other thread's allocations reuse. Measured on the two
/// hundred documents of `bench/lsp-documents.sh` (debug build, 2 cores): a peak of 246–260 MiB
/// with glibc's count, 234–247 MiB with two, and 266–285 MiB against 292–329 MiB while they
/// close.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn arenas() -> libc::c_int {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2)).min(64) as libc::c_int
}

/// Fixes glibc's mmap and trim thresholds and its number of heaps (see the module
/// documentation and [`arenas`]); elsewhere nothing.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets parameters of the allocator, is thread-safe, and is given
    // parameters that glibc documents; a value it refuses is answered with 0 and ignored.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, RETURN_ABOVE);
        libc::mallopt(libc::M_TRIM_THRESHOLD, RETURN_ABOVE);
        libc::mallopt(libc::M_ARENA_MAX, arenas());
    }
}

/// Returns the free pages of every heap to the system (`malloc_trim`); elsewhere nothing.
/// Blocking work of a few milliseconds: the caller runs it off the runtime's threads.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only releases memory the allocator holds free, and is thread-safe.
    #[allow(unsafe_code)]
    unsafe {
        libc::malloc_trim(0);
    }
}
