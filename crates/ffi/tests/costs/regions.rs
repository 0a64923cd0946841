//! The region-labelling calls: every one measured over random sizes and
//! maps (random floor, and the shapes with the most runs and regions:
//! stripes and checkerboards), and held to its budget at the edge (the
//! least budget it accepts, and one byte less).

use super::*;
use mcrdun_geom::memory::Budget;
use std::cell::RefCell;

/// A map of `w * h` cells: random floor, columns, rows or a checkerboard.
fn shaped(s: &mut Sizes, w: u64, h: u64) -> Vec<u8> {
    match s.below(4) {
        0 => {
            let open = s.below(1000);
            map(s, w, h, open)
        }
        1 => (0..w * h)
            .map(|i| u8::from((i % w).is_multiple_of(2)))
            .collect(),
        2 => (0..w * h)
            .map(|i| u8::from((i / w).is_multiple_of(2)))
            .collect(),
        _ => (0..w * h)
            .map(|i| u8::from((i % w + i / w).is_multiple_of(2)))
            .collect(),
    }
}

/// The stated bytes of a labelling call: `per_cell` a cell, 20 a column
/// and 30 a row, and 128 bytes.
fn stated(per_cell: f64, w: u64, h: u64) -> u64 {
    (per_cell * (w * h) as f64) as u64 + 20 * w + 30 * h + 128
}

/// The least budget under which `call` succeeds (`hi` is enough). Then
/// one byte less must refuse with `TOO_LARGE` having allocated less than
/// [`ALLOWANCE`] (with `grows`, a call whose queues are counted as they
/// grow, it may refuse late, but never past the budget), and the least
/// budget must hold the call's peak (plus the allowance). No budget tried
/// is ever passed. Returns that least budget.
pub(crate) fn at_the_edge(
    name: &str,
    hi: u64,
    grows: bool,
    mut call: impl FnMut() -> McrdunStatus,
) -> u64 {
    let mut under = |b: u64| {
        let _call = Budget::start_with(b);
        let (st, p) = peak(&mut call);
        assert!(p <= b + ALLOWANCE, "{name}: peak {p} under a budget of {b}");
        (st, p)
    };
    assert_eq!(
        under(hi).0,
        McrdunStatus::Ok,
        "{name}: {hi} bytes are not enough"
    );
    let (mut lo, mut hi) = (0u64, hi);
    if under(0).0 == McrdunStatus::Ok {
        hi = 0;
    }
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if under(mid).0 == McrdunStatus::Ok {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    if hi > 0 {
        let (st, p) = under(hi - 1);
        assert_eq!(st, McrdunStatus::TooLarge, "{name} one byte short of {hi}");
        assert!(
            grows || p < ALLOWANCE,
            "{name}: {p} bytes allocated before refusing"
        );
    }
    let (st, p) = under(hi);
    assert_eq!(st, McrdunStatus::Ok);
    assert!(
        p <= hi + ALLOWANCE,
        "{name}: peak {p} under a budget of {hi}"
    );
    hi
}

/// One map and what every call needs besides it.
struct Case {
    w: u64,
    h: u64,
    cells: Vec<u8>,
    points: Vec<McrdunPoint>,
}

impl Case {
    fn new(s: &mut Sizes, w: u64, h: u64) -> Case {
        let cells = shaped(s, w, h);
        let points = (0..s.below(200))
            .map(|_| McrdunPoint {
                x: s.below(w) as i32,
                y: s.below(h) as i32,
            })
            .collect();
        Case {
            w,
            h,
            cells,
            points,
        }
    }

    fn n(&self) -> u64 {
        self.w * self.h
    }

    /// The number of regions.
    fn regions(&self, conn: u32) -> usize {
        let mut labels = vec![0u32; self.n() as usize];
        let mut count = 0u32;
        // SAFETY: buffers of `n` cells.
        let st = unsafe {
            mcrdun_regions_label(
                self.cells.as_ptr(),
                self.w as u32,
                self.h as u32,
                conn,
                labels.as_mut_ptr(),
                labels.len(),
                &mut count,
            )
        };
        assert_eq!(st, McrdunStatus::Ok);
        count as usize
    }
}

/// Every region call on `c`, by index into [`cases`]: its status.
fn call(k: usize, c: &Case, conn: u32, wrap: u32, out: &RefCell<Outputs>) -> McrdunStatus {
    let (w, h) = (c.w as u32, c.h as u32);
    let o = &mut *out.borrow_mut();
    let mut len = 0usize;
    // SAFETY: every buffer holds the length passed with it.
    unsafe {
        match k {
            0 | 1 => mcrdun_regions_label(
                c.cells.as_ptr(),
                w,
                h,
                conn,
                o.labels.as_mut_ptr(),
                o.labels.len(),
                &mut o.count,
            ),
            2 => mcrdun_regions_label_wrapped(
                c.cells.as_ptr(),
                w,
                h,
                conn,
                wrap,
                o.labels.as_mut_ptr(),
                o.labels.len(),
                &mut o.count,
            ),
            3 => mcrdun_regions_label_stats(
                c.cells.as_ptr(),
                w,
                h,
                conn,
                o.labels.as_mut_ptr(),
                o.labels.len(),
                o.stats.as_mut_ptr(),
                o.stats.len(),
                &mut len,
            ),
            4 => mcrdun_regions_stats(
                c.cells.as_ptr(),
                w,
                h,
                conn,
                o.stats.as_mut_ptr(),
                o.stats.len(),
                &mut len,
            ),
            5 => mcrdun_regions_largest(o.stats.as_ptr(), o.stats.len(), &mut o.count),
            6 => mcrdun_regions_is_connected(c.cells.as_ptr(), w, h, conn, &mut o.yes),
            7 => mcrdun_regions_touched(
                c.cells.as_ptr(),
                w,
                h,
                conn,
                c.points.as_ptr(),
                c.points.len(),
                o.touched.as_mut_ptr(),
                o.touched.len(),
                &mut len,
            ),
            8 => mcrdun_regions_reachable_from(
                c.cells.as_ptr(),
                w,
                h,
                conn,
                McrdunPoint { x: 0, y: 0 },
                o.mask.as_mut_ptr(),
                o.mask.len(),
            ),
            _ => {
                // The map is dug: each call starts from the same one.
                o.dug.copy_from_slice(&c.cells);
                mcrdun_regions_connect(o.dug.as_mut_ptr(), w, h, 0, &mut len)
            }
        }
    }
}

/// The caller's buffers, allocated before any measurement.
struct Outputs {
    labels: Vec<u32>,
    stats: Vec<McrdunRegionStats>,
    touched: Vec<u32>,
    mask: Vec<u8>,
    dug: Vec<u8>,
    count: u32,
    yes: bool,
}

impl Outputs {
    fn new(c: &Case, conn: u32) -> RefCell<Outputs> {
        let n = c.n() as usize;
        RefCell::new(Outputs {
            labels: vec![0; n],
            stats: vec![McrdunRegionStats::default(); c.regions(conn)],
            touched: vec![0; c.points.len()],
            mask: vec![0; n],
            dug: vec![0; n],
            count: 0,
            yes: false,
        })
    }
}

/// The calls measured, with their stated bytes a cell (the name's figure
/// with 4-connectivity, then with 8-connectivity).
fn cases() -> [(Stated, f64); 10] {
    let s = |name, per_unit| Stated {
        name,
        unit: "cell",
        per_unit,
    };
    [
        (s("mcrdun_regions_label (4)", 6.0), 4.0),
        (s("mcrdun_regions_label (8)", 4.0), 4.0),
        (s("mcrdun_regions_label_wrapped", 6.0), 4.0),
        (s("mcrdun_regions_label_stats", 6.0), 4.25),
        (s("mcrdun_regions_stats", 6.0), 4.25),
        (s("mcrdun_regions_largest", 0.0), 0.0),
        (s("mcrdun_regions_is_connected", 6.0), 4.0),
        (s("mcrdun_regions_touched", 10.0), 8.0),
        (s("mcrdun_regions_reachable_from", 10.0), 8.0),
        (s("mcrdun_regions_connect", 56.0), 56.0),
    ]
}

/// The bytes call `k` states for case `c`: 0 for `largest`; else a part
/// a cell, 20 a column, 30 a row, 128 bytes, and 4 a point for
/// `touched`. Wrapped maps label rows one by one (the 4-connected figure).
fn stated_for(k: usize, case: &(Stated, f64), c: &Case, conn: u32, wrap: u32) -> u64 {
    if k == 5 {
        return 0;
    }
    let per_cell = if conn == 8 && (k != 2 || wrap == 0) {
        case.1
    } else {
        case.0.per_unit
    };
    let points = if k == 7 { 4 * c.points.len() as u64 } else { 0 };
    stated(per_cell, c.w, c.h) + points
}

/// The connectivity call `k` is measured with on round `round`.
fn connectivity(k: usize, round: u64) -> u32 {
    match k {
        0 | 9 => 4,
        1 => 8,
        _ => [4, 8][round as usize % 2],
    }
}

#[test]
fn region_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(3);
    let cases = cases();
    let mut worst = worst_of(&cases);
    for round in 0..16 {
        // Mostly square-ish maps, and now and then a thin one.
        let (w, h) = if round % 5 == 4 {
            (s.side(1000, 20_000), s.side(1, 3))
        } else {
            (s.side(1, 600), s.side(1, 600))
        };
        let c = Case::new(&mut s, w, h);
        let wrap = s.below(4) as u32;
        for (k, case) in cases.iter().enumerate() {
            let conn = connectivity(k, round);
            let out = Outputs::new(&c, conn);
            let (st, p) = peak(|| call(k, &c, conn, wrap, &out));
            assert!(
                matches!(st, McrdunStatus::Ok | McrdunStatus::BufferTooSmall),
                "{} {st:?}",
                case.0.name
            );
            let stated = stated_for(k, case, &c, conn, wrap);
            // The slope a cell is read on maps that are not thin (on
            // thin ones the parts a column and a row dominate).
            let cells = if w.min(h) >= 16 { c.n() } else { 0 };
            worst[k].add_stated(&case.0, stated, cells, p);
        }
    }
    let stated: Vec<Stated> = cases.into_iter().map(|c| c.0).collect();
    report(&stated, &worst);
}

/// Every call, on maps of random sizes and shapes: one byte short of the
/// least budget it accepts is refused before it allocates, the least
/// budget holds its peak, and that least budget is at most the stated cost.
#[test]
fn region_calls_are_refused_one_byte_short() {
    let mut s = Sizes(5);
    let cases = cases();
    for round in 0..6 {
        let (w, h) = (s.side(1, 120), s.side(1, 120));
        let c = Case::new(&mut s, w, h);
        let wrap = s.below(4) as u32;
        for (k, case) in cases.iter().enumerate() {
            let conn = connectivity(k, round);
            let out = Outputs::new(&c, conn);
            let stated = stated_for(k, case, &c, conn, wrap);
            let least = at_the_edge(case.0.name, 1 << 30, false, || {
                call(k, &c, conn, wrap, &out)
            });
            assert!(
                least <= stated,
                "{}: needs {least} bytes, states {stated} ({w}x{h})",
                case.0.name
            );
        }
    }
}
