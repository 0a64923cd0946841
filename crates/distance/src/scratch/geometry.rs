//! The steps out of a cell of the padded map: neighbour offsets, step
//! weights, and the relaxations the padded engines share.

use crate::{SATURATED, Steps};

/// Neighbour offsets in the padded map, and the step multipliers.
#[derive(Clone, Copy)]
pub(super) struct Geometry {
    pub(super) card: u64,
    pub(super) diag: u64,
    pub(super) corner_cutting: bool,
    pub(super) card_off: [isize; 4],
    /// Diagonal offset, then the two cardinal offsets beside it.
    pub(super) diag_off: [(isize, isize, isize); 4],
}

impl Geometry {
    pub(super) fn new(pw: usize, steps: Steps) -> Geometry {
        let w = pw as isize;
        Geometry {
            card: steps.cardinal.into(),
            diag: steps.diagonal.into(),
            corner_cutting: steps.corner_cutting,
            card_off: [-w, w, -1, 1],
            diag_off: [
                (-w - 1, -w, -1),
                (w - 1, w, -1),
                (-w + 1, -w, 1),
                (w + 1, w, 1),
            ],
        }
    }

    /// Relaxes every allowed step out of cell `i` (at distance `d`):
    /// a neighbour improved to `nd` gets `dist = nd` and `push(n, nd)`.
    #[inline(always)]
    pub(super) fn relax(
        &self,
        cost: &[u16],
        dist: &mut [i32],
        i: usize,
        d: i32,
        mut push: impl FnMut(u32, i32),
    ) {
        let d = i64::from(d);
        if self.card != 0 {
            for off in self.card_off {
                let n = i.wrapping_add_signed(off);
                let c = cost[n];
                if c != 0 {
                    let nd = (d + (self.card * u64::from(c)) as i64).min(SATURATED as i64) as i32;
                    if nd < dist[n] {
                        dist[n] = nd;
                        push(n as u32, nd);
                    }
                }
            }
        }
        if self.diag != 0 {
            for (off, a, b) in self.diag_off {
                let n = i.wrapping_add_signed(off);
                let c = cost[n];
                if c != 0
                    && (self.corner_cutting
                        || (cost[i.wrapping_add_signed(a)] != 0
                            && cost[i.wrapping_add_signed(b)] != 0))
                {
                    let nd = (d + (self.diag * u64::from(c)) as i64).min(SATURATED as i64) as i32;
                    if nd < dist[n] {
                        dist[n] = nd;
                        push(n as u32, nd);
                    }
                }
            }
        }
    }

    /// [`Geometry::relax`] when every allowed step weighs `nd - d`: `nd` is
    /// computed once. Branch-free: every neighbour is written to
    /// `queue[*tail]`, and `*tail` moves on only for an improved one (walls
    /// and improvements are unpredictable on real maps; mispredicted
    /// branches would cost more than the stores).
    #[inline(always)]
    pub(super) fn relax_uniform<const S: bool>(
        &self,
        cost: &[u16],
        dist: &mut [i32],
        i: usize,
        nd: i32,
        queue: &mut [u32],
        tail: &mut usize,
    ) {
        if self.card != 0 {
            for off in self.card_off {
                let n = i.wrapping_add_signed(off);
                let old = dist[n];
                let better = open::<S>(cost, old, n) & (nd < old);
                dist[n] = if better { nd } else { old };
                queue[*tail] = n as u32;
                *tail += usize::from(better);
            }
        }
        if self.diag != 0 {
            for (off, a, b) in self.diag_off {
                let n = i.wrapping_add_signed(off);
                let old = dist[n];
                let (a, b) = (i.wrapping_add_signed(a), i.wrapping_add_signed(b));
                let corner_ok = self.corner_cutting
                    | (open::<S>(cost, dist[a], a) & open::<S>(cost, dist[b], b));
                let better = open::<S>(cost, old, n) & (nd < old) & corner_ok;
                dist[n] = if better { nd } else { old };
                queue[*tail] = n as u32;
                *tail += usize::from(better);
            }
        }
    }
}

/// The distance that marks a wall in the padded map when rings run with
/// walls folded into the distances (`S = true`): below every real distance,
/// so that no step improves it.
pub(super) const WALL: i32 = i32::MIN;

/// Whether padded cell `n` (holding distance `d`) may be entered: by its
/// cost, or with walls folded into the distances by `d != WALL`.
#[inline(always)]
pub(super) fn open<const S: bool>(cost: &[u16], d: i32, n: usize) -> bool {
    if S { d != WALL } else { cost[n] != 0 }
}
