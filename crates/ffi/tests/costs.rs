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
use std::ptr::null_mut;

/// One measured function: its name, the unit its cost is stated in, and
/// the stated bytes a unit.
struct Stated {
    name: &'static str,
    unit: &'static str,
    per_unit: f64,
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

fn maze(w: u32, h: u32) -> *mut McrdunMaze {
    let mut m = null_mut();
    // SAFETY: `m` is writable.
    assert_eq!(unsafe { mcrdun_maze_new(w, h, &mut m) }, McrdunStatus::Ok);
    m
}

#[test]
fn maze_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(2);
    let cases = [
        Stated {
            name: "mcrdun_maze_new",
            unit: "cell",
            per_unit: 2.0,
        },
        Stated {
            name: "mcrdun_maze_carve (backtracker)",
            unit: "cell",
            per_unit: 25.0,
        },
        Stated {
            name: "mcrdun_maze_carve (kruskal)",
            unit: "cell",
            per_unit: 49.0,
        },
        Stated {
            name: "mcrdun_maze_solve",
            unit: "cell",
            per_unit: 9.0,
        },
        Stated {
            name: "mcrdun_maze_hex",
            unit: "cell",
            per_unit: 9.0,
        },
        Stated {
            name: "mcrdun_maze_braid",
            unit: "cell",
            per_unit: 9.0,
        },
        Stated {
            name: "mcrdun_maze_texture",
            unit: "cell",
            per_unit: 28.0,
        },
        Stated {
            name: "mcrdun_maze_tiles",
            unit: "cell",
            per_unit: 8.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for round in 0..12 {
        let (w, h) = (s.side(2, 600) as u32, s.side(2, 600) as u32);
        let cells = u64::from(w) * u64::from(h);
        let (m, p) = peak(|| maze(w, h));
        worst[0].add(&cases[0], cells, p);
        // SAFETY: `m` is a live maze; buffers are NULL size queries or
        // vectors of the announced length.
        unsafe {
            let (st, p) = peak(|| mcrdun_maze_carve(m, 0, 0, 0, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[1].add(&cases[1], cells, p);
            let (st, p) = peak(|| mcrdun_maze_carve(m, 2, 0, 0, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[2].add(&cases[2], cells, p);
            let mut len = 0usize;
            let (_, p) = peak(|| mcrdun_maze_solve(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len));
            worst[3].add(&cases[3], cells, p);
            let (_, p) = peak(|| mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len));
            worst[4].add(&cases[4], cells, p);
            let (st, p) = peak(|| mcrdun_maze_braid(m, 0.5, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[5].add(&cases[5], cells, p);
            let mut t = std::mem::MaybeUninit::<McrdunMazeTexture>::uninit();
            let (st, p) = peak(|| mcrdun_maze_texture(m, t.as_mut_ptr()));
            assert_eq!(st, McrdunStatus::Ok);
            worst[6].add(&cases[6], cells, p);
            let (_, p) = peak(|| mcrdun_maze_tiles(m, null_mut(), 0, &mut len));
            worst[7].add(&cases[7], cells, p);
            mcrdun_maze_free(m);
        }
    }
    let over: Vec<&str> = cases
        .iter()
        .zip(&worst)
        .filter(|(c, w)| !w.check(c))
        .map(|(c, _)| c.name)
        .collect();
    assert!(
        over.is_empty(),
        "over their stated cost plus {ALLOWANCE} bytes: {over:?}"
    );
}

#[test]
fn region_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(3);
    let cases = [
        Stated {
            name: "mcrdun_regions_label (4)",
            unit: "cell",
            per_unit: 8.0,
        },
        Stated {
            name: "mcrdun_regions_label (8)",
            unit: "cell",
            per_unit: 8.0,
        },
        Stated {
            name: "mcrdun_regions_reachable_from",
            unit: "cell",
            per_unit: 13.0,
        },
        Stated {
            name: "mcrdun_regions_connect",
            unit: "cell",
            per_unit: 80.0,
        },
        Stated {
            name: "mcrdun_regions_stats",
            unit: "cell",
            per_unit: 8.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for _ in 0..12 {
        let (w, h) = (s.side(2, 600), s.side(2, 600));
        let open = s.below(1000);
        let mut cells = map(&mut s, w, h, open);
        let n = w * h;
        let mut labels = vec![0u32; n as usize];
        let mut mask = vec![0u8; n as usize];
        let (mut count, mut len) = (0u32, 0usize);
        // SAFETY: every buffer holds `n` values.
        unsafe {
            for (k, conn) in [(0, 4), (1, 8)] {
                let (st, p) = peak(|| {
                    mcrdun_regions_label(
                        cells.as_ptr(),
                        w as u32,
                        h as u32,
                        conn,
                        labels.as_mut_ptr(),
                        labels.len(),
                        &mut count,
                    )
                });
                assert_eq!(st, McrdunStatus::Ok);
                worst[k].add(&cases[k], n, p);
            }
            let (_, p) = peak(|| {
                mcrdun_regions_reachable_from(
                    cells.as_ptr(),
                    w as u32,
                    h as u32,
                    4,
                    McrdunPoint { x: 0, y: 0 },
                    mask.as_mut_ptr(),
                    mask.len(),
                )
            });
            worst[2].add(&cases[2], n, p);
            let (_, p) = peak(|| {
                mcrdun_regions_stats(
                    cells.as_ptr(),
                    w as u32,
                    h as u32,
                    8,
                    null_mut(),
                    0,
                    &mut len,
                )
            });
            worst[4].add(&cases[4], n, p);
            let (_, p) = peak(|| {
                mcrdun_regions_connect(cells.as_mut_ptr(), w as u32, h as u32, 0, &mut len)
            });
            worst[3].add(&cases[3], n, p);
        }
    }
    let over: Vec<&str> = cases
        .iter()
        .zip(&worst)
        .filter(|(c, w)| !w.check(c))
        .map(|(c, _)| c.name)
        .collect();
    assert!(
        over.is_empty(),
        "over their stated cost plus {ALLOWANCE} bytes: {over:?}"
    );
}

#[test]
fn scatter_and_bsp_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(4);
    let cases = [
        Stated {
            name: "mcrdun_scatter_generate",
            unit: "room",
            per_unit: 320.0,
        },
        Stated {
            name: "mcrdun_scatter_neighbours",
            unit: "pair",
            per_unit: 72.0,
        },
        Stated {
            name: "mcrdun_scatter_links",
            unit: "pair",
            per_unit: 250.0,
        },
        Stated {
            name: "mcrdun_bsp_split_recursive",
            unit: "node",
            per_unit: 36.0,
        },
        Stated {
            name: "mcrdun_bsp_adjacency (first)",
            unit: "leaf",
            per_unit: 128.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for round in 0..10 {
        let count = s.side(1, 20_000) as u32;
        // SAFETY: the buffers hold what the calls announce; handles live
        // until freed here.
        unsafe {
            let mut p = std::mem::MaybeUninit::<McrdunScatterParams>::uninit();
            assert_eq!(
                mcrdun_scatter_params_default(p.as_mut_ptr()),
                McrdunStatus::Ok
            );
            let mut params = p.assume_init();
            params.count = count;
            let mut rooms = vec![
                McrdunRect {
                    x: 0,
                    y: 0,
                    w: 1,
                    h: 1
                };
                count as usize
            ];
            let (mut len, mut tree) = (0usize, 0usize);
            let mut rep = McrdunSeparation::default();
            let (st, pk) = peak(|| {
                mcrdun_scatter_generate(
                    round,
                    &params,
                    rooms.as_mut_ptr(),
                    rooms.len(),
                    &mut len,
                    &mut rep,
                )
            });
            assert_eq!(st, McrdunStatus::Ok);
            worst[0].add(&cases[0], u64::from(count), pk);
            let gap = 1 + s.below(8) as u32;
            let (_, pk) = peak(|| {
                mcrdun_scatter_neighbours(rooms.as_ptr(), len, gap, 1, null_mut(), 0, &mut len)
            });
            let pairs = len as u64 / 2;
            let n = u64::from(count);
            worst[1].add_stated(&cases[1], 40 * n + 72 * pairs, pairs, pk);
            let (_, pk) = peak(|| {
                mcrdun_scatter_links(
                    rooms.as_ptr(),
                    count as usize,
                    gap,
                    1,
                    0,
                    0.3,
                    1,
                    null_mut(),
                    0,
                    &mut len,
                    &mut tree,
                )
            });
            worst[2].add_stated(&cases[2], 100 * n + 250 * pairs, pairs, pk);

            let (w, h) = (s.side(8, 5000) as i32, s.side(8, 5000) as i32);
            let mut bsp = null_mut();
            assert_eq!(mcrdun_bsp_new(0, 0, w, h, &mut bsp), McrdunStatus::Ok);
            let depth = s.below(14) as u32;
            let (st, pk) = peak(|| mcrdun_bsp_split_recursive(bsp, round, depth, 4, 4, 1.5, 1.5));
            assert_eq!(st, McrdunStatus::Ok);
            let leaves = mcrdun_bsp_leaf_count(bsp);
            worst[3].add(&cases[3], 2 * leaves as u64, pk);
            let (_, pk) = peak(|| mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, &mut len));
            worst[4].add(&cases[4], leaves as u64, pk);
            mcrdun_bsp_free(bsp);
        }
    }
    let over: Vec<&str> = cases
        .iter()
        .zip(&worst)
        .filter(|(c, w)| !w.check(c))
        .map(|(c, _)| c.name)
        .collect();
    assert!(
        over.is_empty(),
        "over their stated cost plus {ALLOWANCE} bytes: {over:?}"
    );
}

#[test]
fn a_layout_from_labels_is_refused_before_the_copy() {
    // 2048^2 labels: the copy is 16 MB, the layout 80 MB more. Under a
    // 32 MB ceiling the call is refused before copying anything.
    let (w, h) = (2048u32, 2048u32);
    let labels = vec![0u32; (w * h) as usize];
    let _ceiling = mcrdun_geom::memory::Budget::start_with(32 << 20);
    let mut out = null_mut();
    // SAFETY: `labels` holds `w * h` values, `out` is writable.
    let (st, pk) = peak(|| unsafe {
        mcrdun_layout_from_labels(w, h, labels.as_ptr(), labels.len(), &mut out)
    });
    assert_eq!(st, McrdunStatus::TooLarge);
    assert!(pk < ALLOWANCE, "{pk} bytes allocated before refusing");
}

#[test]
fn levels_keep_to_their_stated_costs_and_accepted_limits() {
    use mcrdun_dungeon::{LevelKind, schema::bytes_per_tile};
    let mut s = Sizes(1);
    let kinds = [
        (MCRDUN_LEVEL_KIND_BSP, LevelKind::Bsp),
        (MCRDUN_LEVEL_KIND_SCATTER, LevelKind::Scatter),
        (MCRDUN_LEVEL_KIND_MAZE, LevelKind::Maze),
        (MCRDUN_LEVEL_KIND_CAVE, LevelKind::Cave),
        (MCRDUN_LEVEL_KIND_PASSAGES, LevelKind::Passages),
    ];
    for (c_kind, kind) in kinds {
        let stated = Stated {
            name: kind.name(),
            unit: "tile",
            per_unit: bytes_per_tile(kind) as f64,
        };
        let mut worst = Worst::default();
        for i in 0..6 {
            let (w, h) = match i {
                0 => (30, s.side(300, 3000) as u32),
                1 => (s.side(300, 3000) as u32, 30),
                _ => (s.side(30, 700) as u32, s.side(30, 700) as u32),
            };
            let mut config = std::mem::MaybeUninit::<McrdunLevelConfig>::uninit();
            let mut tiles = vec![0u8; (w * h) as usize];
            let mut len = 0usize;
            // SAFETY: `config` is initialised by the call; `tiles` holds
            // the level's tiles; the other outputs are skipped (NULL).
            let (st, pk) = peak(|| unsafe {
                assert_eq!(
                    mcrdun_level_config_default(c_kind, w, h, config.as_mut_ptr()),
                    McrdunStatus::Ok
                );
                mcrdun_level_generate(
                    config.as_ptr(),
                    1,
                    tiles.as_mut_ptr(),
                    tiles.len(),
                    &mut len,
                    null_mut(),
                    0,
                    null_mut(),
                    null_mut(),
                    0,
                    null_mut(),
                    null_mut(),
                )
            });
            if st == McrdunStatus::Ok {
                worst.add(&stated, u64::from(w) * u64::from(h), pk);
            }
        }
        assert!(worst.check(&stated), "{} over its stated cost", kind.name());
    }
}
