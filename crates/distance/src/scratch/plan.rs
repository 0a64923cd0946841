//! Reading the map before any work: the range of the costs, where the
//! sources are, and from those the engine a call runs and the memory it
//! needs.

use super::LARGE_MAP_CELLS;
use crate::planes::{self, one_multiplier};
use crate::{Algorithm, Cost, SATURATED, Steps, UNREACHED};

/// The range of the passable costs and how many cells are passable.
pub(super) struct CostRange {
    /// The least and greatest passable cost (both 0 when nothing is).
    pub(super) min: u16,
    pub(super) max: u16,
    pub(super) passable: usize,
}

impl CostRange {
    /// One pass over the costs.
    pub(super) fn of<C: Cost>(costs: &[C]) -> CostRange {
        let (mut min_less_1, mut max_c, mut passable) = (u16::MAX, 0u16, 0usize);
        for chunk in costs.chunks(4096) {
            // Branch-free so that it vectorises: walls count as u16::MAX
            // for the minimum and 0 for the maximum.
            let (mut lo, mut hi, mut open) = (u16::MAX, 0u16, 0u16);
            for &c in chunk {
                let c = c.cost();
                lo = lo.min(c.wrapping_sub(1));
                hi = hi.max(c);
                open += u16::from(c != 0);
            }
            min_less_1 = min_less_1.min(lo);
            max_c = max_c.max(hi);
            passable += usize::from(open);
        }
        CostRange {
            // 0 when nothing is passable (u16::MAX + 1 wraps).
            min: min_less_1.wrapping_add(1),
            max: max_c,
            passable,
        }
    }
}

/// Cells of the distance map a block, as sources are looked for.
pub(super) const BLOCK: usize = 256;

/// The number of sources (cells not [`UNREACHED`]) and their least and
/// greatest value: read before they are gathered, so that the engine and
/// the room it needs are known and checked first.
pub(super) struct SourceRange {
    pub(super) count: usize,
    pub(super) lo: i32,
    pub(super) hi: i32,
}

impl SourceRange {
    /// One pass over the distances: blocks without a source (most of
    /// them, but for a rescan) are skipped by one vectorised test; the
    /// others are marked in `marks` (one bit a block, all clear on entry)
    /// for [`DistanceScratch::gather_sources`].
    pub(super) fn of(dist: &[i32], marks: &mut [u64]) -> SourceRange {
        let (mut count, mut lo, mut hi) = (0usize, i32::MAX, i32::MIN);
        for (k, chunk) in dist.chunks(BLOCK).enumerate() {
            if !chunk.iter().fold(false, |any, &v| any | (v != UNREACHED)) {
                continue;
            }
            marks[k / 64] |= 1 << (k % 64);
            for &v in chunk {
                if v != UNREACHED {
                    count += 1;
                    lo = lo.min(v);
                    hi = hi.max(v);
                }
            }
        }
        SourceRange { count, lo, hi }
    }
}

/// Which engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Engine {
    /// Dial's queue over bit planes, in place.
    Planes,
    /// Padded rings: one weight, two weights of at most 3, two weights.
    Rings,
    Rings4,
    Rings2,
    /// Padded buckets with saturating sums.
    Buckets,
    Heap,
}

/// The engine a call runs and the weights it runs with.
pub(super) struct Plan {
    pub(super) engine: Engine,
    /// Cardinal and diagonal step weights of rings (one cost everywhere).
    pub(super) wc: i64,
    pub(super) wd: i64,
    /// The largest step weight.
    pub(super) max_w: u64,
}

impl Plan {
    /// Buckets run over bit planes, in place, unless a sum could come
    /// near saturation; so do rings on a map that is mostly walls, where
    /// the padded copies would cost more than the search, and rings with
    /// two weights from sources at one value, where the planes' waves
    /// enter every cell once (measured at 512^2, steps 2,3, unit costs:
    /// cave 6.6 -> 4.7 ms, random floor 5.9 -> 5.2 ms against the padded
    /// four buckets) or, from several values, on large maps, where the
    /// four buckets' 16 bytes a cell no longer stay in cache (2048^2: cave
    /// 100 -> 82 ms, random floor 94 -> 99 ms; at 512^2 the branch-free
    /// buckets win, 3.9 against 4.2 and 5.1 ms). With one weight on a
    /// mostly open map, the padded ring stays ahead (512^2, 1,0: 2.1
    /// against 3.8 ms).
    pub(super) fn new(
        chosen: Algorithm,
        steps: Steps,
        range: &CostRange,
        sources: &SourceRange,
        (n, w, h): (usize, usize, usize),
    ) -> Plan {
        let (card, diag) = (u64::from(steps.cardinal), u64::from(steps.diagonal));
        let max_w = card.max(diag) * u64::from(range.max);
        let one_multiplier = one_multiplier(steps.cardinal, steps.diagonal);
        let same_start = sources.lo == sources.hi;
        let in_place = match chosen {
            Algorithm::Buckets => true,
            Algorithm::Rings => {
                range.passable < n / 2 || (!one_multiplier && (same_start || n >= LARGE_MAP_CELLS))
            }
            _ => false,
        };
        // A path has fewer than n steps, each weighing at most max_w.
        let top = if sources.count == 0 {
            0
        } else {
            i64::from(sources.hi)
        };
        let no_saturation =
            top.saturating_add((n as i64).saturating_mul(max_w as i64)) < i64::from(SATURATED);
        let c = u64::from(range.max);
        let (wc, wd) = ((card * c) as i64, (diag * c) as i64);
        let engine = if in_place && no_saturation && max_w < 1 << 16 && planes::fits(w, h) {
            Engine::Planes
        } else {
            match chosen {
                Algorithm::Rings if one_multiplier => Engine::Rings,
                Algorithm::Rings => {
                    // Two weights of at most 3 (unit costs, steps such as
                    // 2,3) and no saturation in sight: four buckets with
                    // fixed targets; otherwise two merged queues.
                    let pn = ((w + 2) * (h + 2)) as i64;
                    if wc.max(wd) <= 3 && top + 3 * pn < i64::from(SATURATED) {
                        Engine::Rings4
                    } else {
                        Engine::Rings2
                    }
                }
                Algorithm::Buckets => Engine::Buckets,
                _ => Engine::Heap,
            }
        };
        Plan {
            engine,
            wc,
            wd,
            max_w,
        }
    }

    /// The engine's working memory besides the sources, before its
    /// queues grow: see [`DistanceScratch`].
    pub(super) fn bytes(&self, w: usize, h: usize) -> u64 {
        let nb = (self.max_w + 1).next_power_of_two();
        if self.engine == Engine::Planes {
            return planes::fixed_bytes(w, h, nb);
        }
        let pn = (w as u64 + 2) * (h as u64 + 2);
        6 * pn
            + match self.engine {
                Engine::Rings => 4 * (pn + 8),
                Engine::Rings4 | Engine::Rings2 => 16 * (pn + 8),
                Engine::Buckets => nb * 32,
                _ => 0,
            }
    }
}
