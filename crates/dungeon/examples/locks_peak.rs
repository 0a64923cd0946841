//! The peak heap per tile of levels with and without locks, by a counting
//! allocator: six seeds at 300x200 and 120x900 of every generator, 8 locks
//! or the most that fit; the worst of each (the figures behind
//! `mcrdun_dungeon::locks::LOCKS_BYTES_PER_TILE`).
//!
//! `cargo run --release -p mcrdun-dungeon --example locks_peak`
use mcrdun_dungeon::{LevelConfig, LevelError, LevelKind, generate};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
struct Count;
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Count {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let n = NOW.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        PEAK.fetch_max(n, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        NOW.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
}
#[global_allocator]
static A: Count = Count;
fn main() {
    for kind in LevelKind::ALL {
        let mut worst = (0f64, 0f64);
        for seed in 1..=6u64 {
            for (w, h) in [(300u32, 200u32), (120, 900)] {
                let mut c = LevelConfig::new(kind, w, h);
                let base = NOW.load(Ordering::Relaxed);
                PEAK.store(base, Ordering::Relaxed);
                drop(generate(&c, seed).unwrap());
                let p0 = (PEAK.load(Ordering::Relaxed) - base) as f64 / f64::from(w * h);
                c.set("locks", 8.0).unwrap();
                if let Err(LevelError::Locks { fit, .. }) = generate(&c, seed) {
                    c.set("locks", f64::from(fit)).unwrap();
                }
                PEAK.store(base, Ordering::Relaxed);
                drop(generate(&c, seed).unwrap());
                let p1 = (PEAK.load(Ordering::Relaxed) - base) as f64 / f64::from(w * h);
                worst = (worst.0.max(p0), worst.1.max(p1));
            }
        }
        println!(
            "{} peak B/tile without {:.1} with locks {:.1}",
            kind.name(),
            worst.0,
            worst.1
        );
    }
}
