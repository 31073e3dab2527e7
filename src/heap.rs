//! The page's memory allocator: std's own (dlmalloc), asking the browser for memory in 16 MiB steps.
//!
//! std's wasm32 allocator is dlmalloc with a 64 KiB granularity: whenever its free space runs out it grows
//! the wasm memory by a little more than the request, so a run that needs ~70 MB (the simulation budget's
//! churn, 256 nodes × 110 pods) grew it 803 times (counted; 4 times in 16 MiB steps). In V8 each
//! `memory.grow` is costly enough that those grows were ~0.1–0.5 s of the first such run in a page (the
//! runs after it reuse the memory). Measured on the churn in Node's V8, three runs each, first run (the later runs ~0.5 s throughout):
//!
//! | granularity | first run |
//! | --- | --- |
//! | 64 KiB (std) | 894–1,167 ms |
//! | 1 MiB | 734–808 ms |
//! | 4 MiB | 654–712 ms |
//! | 16 MiB | 588–671 ms |
//! | 64 MiB | 628–682 ms |
//!
//! A step the browser has not yet had to back with pages costs nothing: wasm memory is committed lazily.

use dlmalloc::Dlmalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;

/// How much memory dlmalloc asks for at a time: beyond this, the first run no longer got faster.
const GRANULARITY: usize = 16 << 20;

/// dlmalloc with [`GRANULARITY`]. `dlmalloc::GlobalDlmalloc` keeps its instance private, with std's
/// granularity, so this wraps one of its own.
pub struct Heap(UnsafeCell<Dlmalloc>);

// SAFETY: the page runs on one thread (wasm32-unknown-unknown without the atomics feature has no others),
// so the allocator is never entered from two places at once.
unsafe impl Sync for Heap {}

impl Heap {
    /// A heap that has not asked for memory yet.
    pub const fn new() -> Self {
        let mut dlmalloc = Dlmalloc::new();
        // A power of two above dlmalloc's minimum: always accepted.
        dlmalloc.set_granularity(GRANULARITY);
        Heap(UnsafeCell::new(dlmalloc))
    }
}

impl Default for Heap {
    fn default() -> Self {
        Heap::new()
    }
}

// SAFETY: each call hands its arguments to the dlmalloc method with the same contract (the crate documents
// them as `GlobalAlloc`'s), and `Sync` above rules out overlapping calls.
unsafe impl GlobalAlloc for Heap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).malloc(layout.size(), layout.align())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).calloc(layout.size(), layout.align())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        (*self.0.get()).free(ptr, layout.size(), layout.align())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        (*self.0.get()).realloc(ptr, layout.size(), layout.align(), new_size)
    }
}
