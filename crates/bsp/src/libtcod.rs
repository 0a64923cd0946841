//! libtcod-compatible splitting: `TCOD_bsp_split_recursive` with a
//! `TCOD_RNG_MT` generator, reproduced draw for draw.
//!
//! libtcod's rules (see the crate docs) use its own Mersenne Twister and
//! its own range rule (`draw % span + min`), so the trees depend on nothing
//! in `rand`. Where libtcod would go on to make a node of width or height
//! `<= 0`, or compute outside C's `int` range, this module refuses instead.

use crate::node::NodeId;
use crate::split::{check_params, max_leaves};
use crate::{Bsp, BspError};

/// MT19937 as libtcod's `TCOD_RNG_MT` runs it: the reference
/// `init_genrand` seeding, regeneration and tempering.
///
/// ```
/// use mcrdun_bsp::Mt19937;
/// // The reference generator's first output for seed 5489.
/// assert_eq!(Mt19937::new(5489).next_u32(), 3_499_211_612);
/// ```
#[derive(Clone, Debug)]
pub struct Mt19937 {
    state: [u32; 624],
    next: usize,
}

impl Mt19937 {
    /// The generator seeded with `seed` (reference `init_genrand`).
    pub fn new(seed: u32) -> Mt19937 {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        // The first draw regenerates the block.
        Mt19937 { state, next: 624 }
    }

    /// The reference regeneration, with the wrap-around of `(i + 1) % 624`
    /// and `(i + 397) % 624` taken out of the loops (same values, in place,
    /// in the same order).
    #[cold]
    #[inline(never)]
    fn regenerate(&mut self) {
        const N: usize = 624;
        const M: usize = 397;
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7FFF_FFFF;
        let mix = |a: u32, b: u32, far: u32| {
            let y = (a & UPPER) | (b & LOWER);
            far ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & 0x9908_B0DF)
        };
        let s = &mut self.state;
        for i in 0..N - M {
            s[i] = mix(s[i], s[i + 1], s[i + M]);
        }
        for i in N - M..N - 1 {
            s[i] = mix(s[i], s[i + 1], s[i + M - N]);
        }
        s[N - 1] = mix(s[N - 1], s[0], s[M - 1]);
        self.next = 0;
    }

    /// The next 32-bit output.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.next >= 624 {
            self.regenerate();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9D2C_5680;
        y ^= (y << 15) & 0xEFC6_0000;
        y ^ (y >> 18)
    }

    /// libtcod's `TCOD_random_get_int` with the linear distribution:
    /// `min` without a draw when the bounds are equal, swapped bounds when
    /// reversed, otherwise `draw % (max - min + 1) + min` in unsigned 32-bit
    /// arithmetic.
    #[inline]
    pub fn get_int(&mut self, min: i32, max: i32) -> i32 {
        if min == max {
            return min;
        }
        let (lo, hi) = if max < min { (max, min) } else { (min, max) };
        let delta = (hi as u32).wrapping_sub(lo as u32).wrapping_add(1);
        // delta == 0 only for the full 32-bit range, where every draw fits.
        let draw = self.next_u32();
        let offset = if delta == 0 { draw } else { draw % delta };
        offset.wrapping_add(lo as u32) as i32
    }
}

impl Bsp {
    /// Splits the leaf `id` exactly as libtcod's
    /// `TCOD_bsp_split_recursive(node, rng, depth, min_w, min_h,
    /// max_h_ratio, max_v_ratio)` does with `rng` a `TCOD_RNG_MT` generator
    /// seeded with `mt_seed`: the same nodes, in the same arena order
    /// (pre-order), hence the same leaves in the same level order.
    ///
    /// libtcod's rules: stop when `depth` is spent or the node is both
    /// narrower than `2 * min_w` and lower than `2 * min_h`. Cut vertically
    /// when `h < 2 * min_h` or `w > h * max_h_ratio`, else horizontally
    /// when `w < 2 * min_w` or `h > w * max_v_ratio`, else draw
    /// `get_int(0, 1)` (0: horizontal); the products are `f32`. Draw the
    /// position with `get_int(y + min_h, y + h - min_h)` (horizontal) or
    /// `get_int(x + min_w, x + w - min_w)`. Recurse into the first child,
    /// then the second. A ratio-forced cut along a short axis can leave a
    /// child smaller than the minimum, as in libtcod.
    ///
    /// # Errors
    /// Those of [`Bsp::split_recursive`], and
    /// [`BspError::LibtcodEmptyNode`] where libtcod would make a node of
    /// width or height `<= 0` (libtcod then returns a broken tree),
    /// [`BspError::LibtcodOverflow`] where its `int` arithmetic would
    /// overflow; [`BspError::TooManyNodes`] when `min(2^depth, w * h)`
    /// leaves (libtcod's rules can cut below the minimum, so only the cells
    /// bound the leaves) could pass `u32::MAX` nodes, and
    /// [`BspError::Geom`] (over budget) when their nodes, at
    /// [`NODE_BYTES`](crate::NODE_BYTES) (36) bytes a node, would pass the
    /// memory ceiling, both checked before any work (the memory as for
    /// [`Bsp::split_recursive`], with that bound: 72 bytes a cell of the
    /// leaf at most, so any depth up to 23, or any depth on a leaf of up to
    /// 14.9 million cells, under the default 1 GiB). The tree is unchanged
    /// on error.
    #[allow(clippy::too_many_arguments)]
    pub fn split_recursive_libtcod(
        &mut self,
        id: NodeId,
        mt_seed: u32,
        depth: u32,
        min_w: i32,
        min_h: i32,
        max_h_ratio: f32,
        max_v_ratio: f32,
    ) -> Result<(), BspError> {
        check_params(depth, min_w, min_h, max_h_ratio, max_v_ratio)?;
        let start = self.check(id)?;
        if !self.nodes[start as usize].is_leaf() {
            return Err(BspError::NotALeaf);
        }
        // libtcod computes 2 * min in int.
        let (min_w2, min_h2) = match (min_w.checked_mul(2), min_h.checked_mul(2)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(BspError::LibtcodOverflow),
        };
        let rect = self.nodes[start as usize].rect;
        let leaves = max_leaves(rect, depth, None);
        let mut rng = Mt19937::new(mt_seed);
        self.split_driver(start, depth, leaves, |rect| {
            let (x, y, w, h) = (rect.x(), rect.y(), rect.w(), rect.h());
            if w < min_w2 && h < min_h2 {
                return Ok(None);
            }
            // int * float in C: the int is converted to float, the
            // product rounded to float, then compared as floats.
            let horizontal = if h < min_h2 || (w as f32) > (h as f32) * max_h_ratio {
                false
            } else if w < min_w2 || (h as f32) > (w as f32) * max_v_ratio {
                true
            } else {
                rng.get_int(0, 1) == 0
            };
            let (lo, hi) = if horizontal {
                (y.checked_add(min_h), (y + h).checked_sub(min_h))
            } else {
                (x.checked_add(min_w), (x + w).checked_sub(min_w))
            };
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return Err(BspError::LibtcodOverflow);
            };
            let position = rng.get_int(lo, hi);
            let (start_edge, end_edge) = if horizontal { (y, y + h) } else { (x, x + w) };
            if position <= start_edge || position >= end_edge {
                return Err(BspError::LibtcodEmptyNode {
                    parent: rect,
                    horizontal,
                    position,
                });
            }
            Ok(Some((horizontal, position)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Rect;

    #[test]
    fn reference_outputs() {
        // The reference mt19937ar.c with init_genrand(5489) (C++'s default
        // std::mt19937): the 10000th output is 4123659995.
        let mut mt = Mt19937::new(5489);
        let first = mt.next_u32();
        assert_eq!(first, 3_499_211_612);
        for _ in 1..9999 {
            mt.next_u32();
        }
        assert_eq!(mt.next_u32(), 4_123_659_995);
    }

    #[test]
    fn get_int_rules() {
        let mut a = Mt19937::new(1);
        let mut b = Mt19937::new(1);
        assert_eq!(a.get_int(7, 7), 7);
        // Reversed bounds are swapped; one draw either way.
        assert_eq!(a.get_int(10, 3), b.get_int(3, 10));
        let d = Mt19937::new(9).next_u32();
        assert_eq!(Mt19937::new(9).get_int(-5, 5), (d % 11) as i32 - 5);
        let v = Mt19937::new(9).get_int(i32::MIN, i32::MAX);
        assert_eq!(v, d.wrapping_add(i32::MIN as u32) as i32);
    }

    #[test]
    fn libtcod_empty_node_is_an_error() {
        // The issue's example: 80x50, min (20, 5), ratios 1.5.
        let mut bsp = Bsp::new(Rect::new(0, 0, 80, 50).unwrap());
        let mut saw_error = false;
        for seed in 0..50 {
            match bsp.split_recursive_libtcod(bsp.root(), seed, 8, 20, 5, 1.5, 1.5) {
                Err(BspError::LibtcodEmptyNode { .. }) => {
                    saw_error = true;
                    assert_eq!(bsp.node_count(), 1, "rolled back");
                }
                Ok(()) => bsp.clear(),
                Err(e) => panic!("{e}"),
            }
        }
        assert!(saw_error);
        assert!(matches!(
            bsp.split_recursive_libtcod(bsp.root(), 1, 3, i32::MAX / 2 + 1, 1, 1.5, 1.5),
            Err(BspError::LibtcodOverflow)
        ));
    }
}
