//! Recursive splitting with mcrdun's seeded generator.

use crate::node::NodeId;
use crate::{Bsp, BspError};
use mcrdun_geom::random::{below, range_i32};
use rand::Rng;

/// The deepest recursive split accepted (2^32 leaves at most).
pub const MAX_DEPTH: u32 = 32;

/// Checks the parameters shared by both recursive splitters.
pub(crate) fn check_params(
    depth: u32,
    min_w: i32,
    min_h: i32,
    max_h_ratio: f32,
    max_v_ratio: f32,
) -> Result<(), BspError> {
    if depth > MAX_DEPTH {
        return Err(BspError::DepthTooLarge { depth });
    }
    if min_w < 1 || min_h < 1 {
        return Err(BspError::InvalidMinSize { min_w, min_h });
    }
    for ratio in [max_h_ratio, max_v_ratio] {
        if ratio.is_nan() || ratio < 1.0 {
            return Err(BspError::InvalidRatio {
                ratio: f64::from(ratio),
            });
        }
    }
    Ok(())
}

impl Bsp {
    /// Splits the leaf `id` recursively, at most `depth` levels deep, never
    /// making a leaf narrower than `min_w` or lower than `min_h`: a node
    /// that cannot be cut without breaking the minimum stays a leaf.
    ///
    /// At each node: if only one direction keeps both children at the
    /// minimum, that one is taken; otherwise a node wider than
    /// `max_h_ratio` times its height is cut vertically, one higher than
    /// `max_v_ratio` times its width horizontally, and any other node flips
    /// a coin. The position is uniform over the places that respect the
    /// minimum. The first child's subtree is split before the second's.
    /// Ratios are compared in `f64`, exactly for every `i32` size.
    ///
    /// Draws only through [`mcrdun_geom::random`], so the same generator
    /// state gives the same tree on every platform.
    ///
    /// # Errors
    /// A bad handle, a node that is not a leaf, `depth > MAX_DEPTH`, a
    /// minimum below 1, a ratio below 1 or NaN, or more than `u32::MAX`
    /// nodes. The tree is unchanged on error.
    #[allow(clippy::too_many_arguments)]
    pub fn split_recursive<R: Rng + ?Sized>(
        &mut self,
        id: NodeId,
        rng: &mut R,
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
        let (hr, vr) = (f64::from(max_h_ratio), f64::from(max_v_ratio));
        let (min_w2, min_h2) = (2 * i64::from(min_w), 2 * i64::from(min_h));
        let len = self.nodes.len();
        // Depth-first, first child first: (node, levels left).
        let mut stack = vec![(start, depth)];
        while let Some((i, left)) = stack.pop() {
            let rect = self.nodes[i as usize].rect;
            let (w, h) = (i64::from(rect.w()), i64::from(rect.h()));
            let (can_v, can_h) = (w >= min_w2, h >= min_h2);
            if left == 0 || !(can_v || can_h) {
                continue;
            }
            let horizontal = if !can_h {
                false
            } else if !can_v {
                true
            } else if w as f64 > h as f64 * hr {
                false
            } else if h as f64 > w as f64 * vr {
                true
            } else {
                below(rng, 2)? == 0
            };
            // Both bounds lie inside the node, since its side is at least
            // twice the minimum.
            let position = if horizontal {
                range_i32(rng, rect.y() + min_h, rect.bottom() - min_h)?
            } else {
                range_i32(rng, rect.x() + min_w, rect.right() - min_w)?
            };
            let first = match self.push_split(i, horizontal, position) {
                Ok(first) => first,
                Err(e) => {
                    self.rollback(len, start);
                    return Err(e);
                }
            };
            stack.push((first + 1, left - 1));
            stack.push((first, left - 1));
        }
        self.invalidate();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Rect;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn parameters_are_checked() {
        let mut bsp = Bsp::new(Rect::new(0, 0, 80, 50).unwrap());
        let mut rng = seeded_rng(1);
        let root = bsp.root();
        let mut go = |d, w, h, a, b| bsp.split_recursive(root, &mut rng, d, w, h, a, b);
        assert_eq!(
            go(33, 4, 4, 1.5, 1.5),
            Err(BspError::DepthTooLarge { depth: 33 })
        );
        assert!(matches!(
            go(3, 0, 4, 1.5, 1.5),
            Err(BspError::InvalidMinSize { .. })
        ));
        assert!(matches!(
            go(3, 4, -1, 1.5, 1.5),
            Err(BspError::InvalidMinSize { .. })
        ));
        assert!(matches!(
            go(3, 4, 4, 0.5, 1.5),
            Err(BspError::InvalidRatio { .. })
        ));
        assert!(matches!(
            go(3, 4, 4, 1.5, f32::NAN),
            Err(BspError::InvalidRatio { .. })
        ));
        assert_eq!(bsp.generation(), 0);
        assert_eq!(bsp.node_count(), 1);
    }

    #[test]
    fn respects_minimum_and_depth() {
        let mut bsp = Bsp::new(Rect::new(-5, 3, 80, 50).unwrap());
        let mut rng = seeded_rng(7);
        bsp.split_recursive(bsp.root(), &mut rng, 6, 7, 5, 1.5, 1.5)
            .unwrap();
        assert!(bsp.leaf_count() > 8);
        for i in 0..bsp.leaf_count() {
            let r = bsp.leaf_rect(i).unwrap();
            assert!(r.w() >= 7 && r.h() >= 5, "{r}");
            assert!(bsp.node(bsp.leaf(i).unwrap()).unwrap().level <= 6);
        }
        // Too small to split at all: no error, no split.
        let mut tiny = Bsp::new(Rect::new(0, 0, 9, 9).unwrap());
        tiny.split_recursive(tiny.root(), &mut rng, 32, 5, 5, 1.0, 1.0)
            .unwrap();
        assert_eq!(tiny.node_count(), 1);
        // Infinite ratios are allowed and mean "never forced".
        let mut wide = Bsp::new(Rect::new(0, 0, 100, 2).unwrap());
        wide.split_recursive(wide.root(), &mut rng, 3, 1, 1, f32::INFINITY, f32::INFINITY)
            .unwrap();
        assert_eq!(wide.leaf_count(), 8);
    }
}
