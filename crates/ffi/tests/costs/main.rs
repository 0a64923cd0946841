//! Stated costs as measured facts: a counting global allocator measures the
//! peak heap of the public functions (Rust, and C through the ffi crate's
//! Rust API) over random sizes, and each must stay under the cost its docs
//! state plus a small fixed allowance ([`ALLOWANCE`]). A call that succeeds
//! under a budget must also peak under that budget plus the allowance.
//!
//! Counting is per thread (each test thread measures only its own calls).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The fixed allowance over a stated cost: small tables, error messages,
/// the few vectors whose size does not grow with the input.
const ALLOWANCE: u64 = 64 << 10;

struct Counting;

thread_local! {
    // Signed: a block freed here may have been allocated before counting
    // started, or on another thread.
    static NOW: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn add(bytes: usize) {
    let _ = NOW.try_with(|n| {
        let v = n.get().wrapping_add(bytes as i64);
        n.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn sub(bytes: usize) {
    let _ = NOW.try_with(|n| n.set(n.get().wrapping_sub(bytes as i64)));
}

// SAFETY: every method forwards to the system allocator unchanged and only
// updates this thread's counters besides.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded.
        unsafe { System.dealloc(ptr, layout) };
        sub(layout.size());
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Both blocks may live at once during the move.
            add(new_size);
            sub(layout.size());
        }
        p
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f` and returns its result and its peak heap above the start.
fn peak<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let start = NOW.with(Cell::get);
    PEAK.with(|p| p.set(start));
    let out = f();
    (out, (PEAK.with(Cell::get) - start).max(0) as u64)
}

/// A tiny portable generator for the random sizes.
struct Sizes(u64);

impl Sizes {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
    /// A side on a log scale in `[lo, hi]`.
    fn side(&mut self, lo: u64, hi: u64) -> u64 {
        let (l, h) = ((lo as f64).ln(), (hi as f64).ln());
        let t = self.below(1 << 20) as f64 / f64::from(1 << 20);
        ((l + t * (h - l)).exp() as u64).clamp(lo, hi)
    }
}

use mcrdun::*;

/// One measured function: its name, the unit its cost is stated in, and
/// the stated bytes a unit.
struct Stated {
    name: &'static str,
    unit: &'static str,
    per_unit: f64,
}

impl Stated {
    /// The cost of `name`: `per_unit` bytes a `unit`.
    fn new(name: &'static str, unit: &'static str, per_unit: f64) -> Stated {
        Stated {
            name,
            unit,
            per_unit,
        }
    }
}

/// One empty [`Worst`] for each case.
fn worst_of<C>(cases: &[C]) -> Vec<Worst> {
    cases.iter().map(|_| Worst::default()).collect()
}

/// Worst measured bytes a unit, and the worst peak over the stated cost.
#[derive(Default)]
struct Worst {
    per_unit: f64,
    over: i64,
}

impl Worst {
    fn add(&mut self, s: &Stated, units: u64, peak: u64) {
        self.add_stated(s, (s.per_unit * units as f64) as u64, units, peak);
    }

    /// As `add`, with the stated bytes worked out by the caller (costs
    /// with a part per room and a part per pair).
    fn add_stated(&mut self, _s: &Stated, stated: u64, units: u64, peak: u64) {
        // The slope, read where the fixed part no longer counts.
        if units >= 4096 {
            let per = peak as f64 / units as f64;
            self.per_unit = self.per_unit.max(per);
        }
        self.over = self.over.max(peak as i64 - stated as i64);
    }

    fn check(&self, s: &Stated) -> bool {
        println!(
            "{:<34} stated {:>6.1} B/{:<5} measured worst {:>7.1} B/{:<5} worst excess over stated {:>8} B",
            s.name, s.per_unit, s.unit, self.per_unit, s.unit, self.over
        );
        self.over <= ALLOWANCE as i64
    }
}

/// A random open/wall map of `w * h` cells, `open` in 1000ths open.
fn map(s: &mut Sizes, w: u64, h: u64, open: u64) -> Vec<u8> {
    (0..w * h).map(|_| u8::from(s.below(1000) < open)).collect()
}

/// Prints each function's stated and measured cost, and fails naming
/// every one over its stated cost plus [`ALLOWANCE`].
fn report(cases: &[Stated], worst: &[Worst]) {
    let over: Vec<&str> = cases
        .iter()
        .zip(worst)
        .filter(|(c, w)| !w.check(c))
        .map(|(c, _)| c.name)
        .collect();
    assert!(
        over.is_empty(),
        "over their stated cost plus {ALLOWANCE} bytes: {over:?}"
    );
}

/// The exact need of a call, found by halving: the least call budget it
/// succeeds under (it must fail one byte below).
fn least_budget(mut call: impl FnMut() -> McrdunStatus, ok: McrdunStatus) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 32);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        let _b = mcrdun_geom::memory::Budget::start_with(mid);
        if call() == ok {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

mod bsp;
mod distance;
mod level_views;
mod levels;
mod maze;
mod passages;
mod regions;
mod scatter;
mod things_locks;
mod vaults;
