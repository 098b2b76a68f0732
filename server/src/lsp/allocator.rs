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

/// Blocks of at least this size are mapped on their own and returned to the system when freed;
/// a heap's free top above it is returned too.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const RETURN_ABOVE: libc::c_int = 1 << 20;

/// Fixes glibc's mmap and trim thresholds (see the module documentation); elsewhere nothing.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets parameters of the allocator, is thread-safe, and is given
    // parameters that glibc documents; a value it refuses is answered with 0 and ignored.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, RETURN_ABOVE);
        libc::mallopt(libc::M_TRIM_THRESHOLD, RETURN_ABOVE);
    }
}
