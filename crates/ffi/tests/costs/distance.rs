//! The distance-map calls: every one measured over random sizes, costs,
//! steps and sources, and held to its budget at the edge.

use super::regions::at_the_edge;
use super::*;
use std::ptr::null_mut;

/// One distance-map case: costs (as `u16`, also passed as `u8` when they
/// fit), the steps, and the starting map.
struct Case {
    w: u32,
    h: u32,
    costs: Vec<u16>,
    wide: bool,
    cardinal: u32,
    diagonal: u32,
    flags: u32,
    start: Vec<i32>,
}

impl Case {
    fn new(s: &mut Sizes, w: u64, h: u64) -> Case {
        let n = (w * h) as usize;
        // Mostly open maps half the time (the padded engines), any share
        // of walls else.
        let walls = if s.below(2) == 0 {
            s.below(100)
        } else {
            s.below(1000)
        };
        let (top, wide) = match s.below(4) {
            0 | 1 => (1, false),
            2 => (1 + s.below(255), false),
            _ => (1 + s.below(60_000), true),
        };
        let costs: Vec<u16> = (0..n)
            .map(|_| {
                if s.below(1000) < walls {
                    0
                } else {
                    1 + s.below(top) as u16
                }
            })
            .collect();
        let (cardinal, diagonal) = [(1, 0), (1, 1), (2, 3), (3, 2), (0, 1)][s.below(5) as usize];
        let flags = s.below(2) as u32;
        let mut start = vec![MCRDUN_DISTANCE_UNREACHED; n];
        let sources = if s.below(4) == 0 {
            n as u64
        } else {
            1 + s.below(10)
        };
        for _ in 0..sources {
            start[s.below(n as u64) as usize] = s.below(100) as i32 - 50;
        }
        Case {
            w: w as u32,
            h: h as u32,
            costs,
            wide,
            cardinal,
            diagonal,
            flags,
            start,
        }
    }

    fn n(&self) -> u64 {
        u64::from(self.w) * u64::from(self.h)
    }

    /// Cells of the map with a one-cell border.
    fn padded(&self) -> u64 {
        (u64::from(self.w) + 2) * (u64::from(self.h) + 2)
    }

    fn sources(&self) -> u64 {
        self.start
            .iter()
            .filter(|&&v| v != MCRDUN_DISTANCE_UNREACHED)
            .count() as u64
    }

    /// Buckets of the queue: the largest step weight plus one, rounded up
    /// to a power of two.
    fn buckets(&self) -> u64 {
        let top = u64::from(*self.costs.iter().max().unwrap_or(&0));
        (top * u64::from(self.cardinal.max(self.diagonal)) + 1).next_power_of_two()
    }

    /// The distances into `dist` (reset to the start first), with
    /// `scratch` (NULL: a fresh one).
    fn compute(&self, scratch: *mut McrdunDistanceScratch, dist: &mut [i32]) -> McrdunStatus {
        dist.copy_from_slice(&self.start);
        let narrow: Vec<u8>;
        // SAFETY: the buffers hold `n` cells.
        unsafe {
            if self.wide {
                mcrdun_distance_compute_u16(
                    scratch,
                    self.costs.as_ptr(),
                    self.w,
                    self.h,
                    self.cardinal,
                    self.diagonal,
                    self.flags,
                    dist.as_mut_ptr(),
                    dist.len(),
                )
            } else {
                narrow = self.costs.iter().map(|&c| c as u8).collect();
                mcrdun_distance_compute_u8(
                    scratch,
                    narrow.as_ptr(),
                    self.w,
                    self.h,
                    self.cardinal,
                    self.diagonal,
                    self.flags,
                    dist.as_mut_ptr(),
                    dist.len(),
                )
            }
        }
    }
}

/// The stated cost of a compute: 22 bytes a padded cell and 8 a source;
/// with a bucket queue, 48 bytes a bucket and the first room of each
/// list in use (256 entries of 4 bytes and 256 held-back steps of 8), at
/// most one list a bucket or a cell. (A queue's further growth, at most 4
/// bytes a cell and 8 a held-back step, is counted as it grows.)
fn compute_stated(c: &Case) -> u64 {
    let buckets = c.buckets();
    22 * c.padded() + 8 * c.sources() + 48 * buckets + 3072 * buckets.min(c.padded())
}

fn cases() -> [Stated; 8] {
    let s = Stated::new;
    [
        s("mcrdun_distance_scratch_new", "call", 0.0),
        s("mcrdun_distance_scratch_set_max_cells", "call", 0.0),
        s("mcrdun_distance_compute (no scratch)", "cell", 22.0),
        s("mcrdun_distance_compute (a scratch)", "cell", 22.0),
        s("mcrdun_distance_descent", "cell", 0.0),
        s("mcrdun_distance_farthest", "cell", 0.0),
        s("mcrdun_distance_scale", "cell", 0.0),
        s("mcrdun_distance_scratch_free", "call", 0.0),
    ]
}

#[test]
fn distance_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(7);
    let cases = cases();
    let mut worst = worst_of(&cases);
    for round in 0..32 {
        let (w, h) = if round % 6 == 5 {
            (s.side(1000, 20_000), s.side(1, 3))
        } else {
            (s.side(1, 500), s.side(1, 500))
        };
        let c = Case::new(&mut s, w, h);
        let n = c.n();
        let mut dist = vec![0i32; n as usize];
        let mut scratch = null_mut();
        // SAFETY: `scratch` is writable; the handle is freed below.
        let (st, p) = peak(|| unsafe { mcrdun_distance_scratch_new(&mut scratch) });
        assert_eq!(st, McrdunStatus::Ok);
        worst[0].add_stated(&cases[0], 0, 0, p);
        // SAFETY: a live handle.
        let (st, p) = peak(|| unsafe { mcrdun_distance_scratch_set_max_cells(scratch, 1 << 27) });
        assert_eq!(st, McrdunStatus::Ok);
        worst[1].add_stated(&cases[1], 0, 0, p);
        let slope = if w.min(h) >= 16 { n } else { 0 };
        let (st, p) = peak(|| c.compute(null_mut(), &mut dist));
        assert_eq!(st, McrdunStatus::Ok);
        worst[2].add_stated(&cases[2], compute_stated(&c), slope, p);
        // A scratch reused: the second call finds its buffers.
        for _ in 0..2 {
            let (st, p) = peak(|| c.compute(scratch, &mut dist));
            assert_eq!(st, McrdunStatus::Ok);
            worst[3].add_stated(&cases[3], compute_stated(&c), slope, p);
        }
        let mut len = 0usize;
        let mut path = vec![McrdunPoint { x: 0, y: 0 }; n as usize];
        let at = McrdunPoint {
            x: s.below(w) as i32,
            y: s.below(h) as i32,
        };
        // SAFETY: `dist` holds `n` values, `path` `n` points.
        let (st, p) = peak(|| unsafe {
            mcrdun_distance_descent(
                dist.as_ptr(),
                c.w,
                c.h,
                at,
                c.cardinal,
                c.diagonal,
                c.flags,
                path.as_mut_ptr(),
                path.len(),
                &mut len,
            )
        });
        assert_eq!(st, McrdunStatus::Ok);
        worst[4].add_stated(&cases[4], 0, slope, p);
        let (mut cell, mut d, mut found) = (McrdunPoint { x: 0, y: 0 }, 0, false);
        // SAFETY: as above; the out-parameters are writable.
        let (st, p) = peak(|| unsafe {
            mcrdun_distance_farthest(dist.as_ptr(), c.w, c.h, &mut cell, &mut d, &mut found)
        });
        assert_eq!(st, McrdunStatus::Ok);
        worst[5].add_stated(&cases[5], 0, slope, p);
        // SAFETY: as above.
        let (st, p) = peak(|| unsafe { mcrdun_distance_scale(dist.as_mut_ptr(), c.w, c.h, -6, 5) });
        assert_eq!(st, McrdunStatus::Ok);
        worst[6].add_stated(&cases[6], 0, slope, p);
        // SAFETY: the handle from above, freed once.
        let (_, p) = peak(|| unsafe { mcrdun_distance_scratch_free(scratch) });
        worst[7].add_stated(&cases[7], 0, 0, p);
    }
    report(&cases, &worst);
}

/// Computing on maps of random sizes, costs and steps: the least budget
/// accepted holds the call's peak and is at most the stated cost; no
/// budget is ever passed, even by a queue refused as it grows; and one
/// byte short of the bit planes (the least any map needs) is refused
/// before anything is allocated.
#[test]
fn distance_maps_are_refused_one_byte_short() {
    let mut s = Sizes(11);
    for _ in 0..10 {
        let (w, h) = (s.side(1, 100), s.side(1, 100));
        let c = Case::new(&mut s, w, h);
        let mut dist = vec![0i32; c.n() as usize];
        let least = at_the_edge("mcrdun_distance_compute", 1 << 30, true, || {
            c.compute(null_mut(), &mut dist)
        });
        let stated = compute_stated(&c);
        assert!(
            least <= stated,
            "needs {least} bytes, states {stated} ({w}x{h})"
        );
        // Two planes of one bit a padded cell (rows of w + 26 bits rounded
        // up to bytes) and the two rings of one list.
        let planes = 2 * (w + 26).div_ceil(8) * (h + 2) + 48;
        let _call = mcrdun_geom::memory::Budget::start_with(planes - 1);
        let (st, p) = peak(|| c.compute(null_mut(), &mut dist));
        assert_eq!(st, McrdunStatus::TooLarge);
        assert!(p < ALLOWANCE, "{p} bytes allocated before refusing");
    }
}
