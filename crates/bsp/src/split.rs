//! Recursive splitting: one allocation-free driver shared by both
//! splitters, and the seeded splitter's rules.
//!
//! Where the time goes (65536² to depth 20, min 8, ratios 1.5, about a
//! million nodes): callgrind counted 137 M instructions for the seeded
//! splitter before this driver, 174 M for the libtcod-compatible one, and
//! 395 M for libtcod's C (232 M of them in `malloc`/`calloc`, one per
//! node). `perf stat` put about half of our CPU time in the kernel, in the
//! page faults of the arena (36 bytes a node, about 9,000 faults a tree;
//! libtcod's nodes fault too). The driver therefore reserves the arena
//! once, for a bound on the node count computed before any work (which
//! also refuses, in O(1), a tree that could pass the node limit or the
//! memory ceiling, instead of after seconds and gigabytes; the kernel backs
//! the reserved pages only as nodes are written), keeps each pending node's rectangle on a
//! fixed stack of `MAX_DEPTH + 1` frames instead of reading it back from
//! the arena, and walks into the first child without a push and pop:
//! 104 M and 124 M instructions now, with the same trees.

use crate::node::{NONE, NodeId, Slot};
use crate::{Bsp, BspError};
use mcrdun_geom::Rect;
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

/// An upper bound on the leaves a recursive split of `rect` to `depth`
/// levels can make: at most `2^depth`, and, when every cut keeps both
/// children at least `min_w` wide and `min_h` high (the seeded rules, so
/// `min_sizes` is `Some`), at most `max(1, w / min_w) * max(1, h / min_h)`
/// (a vertical cut of a width `w1 + w2`, both at least `min_w`, has
/// `w1 / min_w + w2 / min_w <= w / min_w`, and likewise for heights; by
/// induction over the cuts). Without that guarantee (libtcod's rules can
/// cut a child below the minimum) every leaf still has a cell, so at most
/// `w * h`.
pub(crate) fn max_leaves(rect: Rect, depth: u32, min_sizes: Option<(i32, i32)>) -> u64 {
    let by_depth = 1u64 << depth.min(MAX_DEPTH);
    // Both sides are below 2^31, so the products fit in a u64.
    let by_size = match min_sizes {
        Some((min_w, min_h)) => {
            let cols = (rect.w() / min_w.max(1)).max(1) as u64;
            let rows = (rect.h() / min_h.max(1)).max(1) as u64;
            cols * rows
        }
        None => rect.w() as u64 * rect.h() as u64,
    };
    by_depth.min(by_size)
}

/// Bytes of one node of the tree's arena: a split makes two.
pub const NODE_BYTES: u64 = core::mem::size_of::<Slot>() as u64;

/// The refusal of an allocator that could not give `nodes` nodes.
fn out_of_memory(nodes: usize) -> BspError {
    BspError::Geom(mcrdun_geom::GeomError::OutOfMemory {
        what: "the BSP node arena",
        needed: (nodes as u64).saturating_mul(NODE_BYTES),
    })
}

/// A node still to be looked at: its arena index, level and rectangle,
/// and how many levels it may still be split.
#[derive(Clone, Copy)]
struct Frame {
    index: u32,
    level: u32,
    left: u32,
    rect: Rect,
}

impl Bsp {
    /// The driver of both recursive splitters: visits the leaf `start` and
    /// the nodes it makes in pre-order (a node, its first subtree, its
    /// second), at most `depth` levels down, and cuts each where `cut`
    /// says: `Ok(None)` leaves the node a leaf, `Ok(Some((horizontal,
    /// position)))` splits it (the position strictly inside the node).
    ///
    /// Before any work the node count is bounded with [`max_leaves`] (the
    /// caller passes that bound): a tree that could pass the `u32` index
    /// space is refused at once with [`BspError::TooManyNodes`], and one
    /// whose bound, at [`NODE_BYTES`] a node (the arena's existing nodes
    /// included, and the old arena while it moves), would pass the memory
    /// ceiling is refused at once with [`BspError::Geom`] (over budget).
    /// Otherwise the arena is reserved once for the whole bound, so the
    /// split never grows it and is never refused half way. On error every
    /// node made here is dropped again.
    pub(crate) fn split_driver<F>(
        &mut self,
        start: u32,
        depth: u32,
        leaves: u64,
        cut: F,
    ) -> Result<(), BspError>
    where
        F: FnMut(Rect) -> Result<Option<(bool, i32)>, BspError>,
    {
        let _budget = mcrdun_geom::memory::Budget::start();
        let len = self.nodes.len();
        self.reserve_for(leaves)?;
        let s = &self.nodes[start as usize];
        let first = Frame {
            index: start,
            level: s.level,
            left: depth,
            rect: s.rect,
        };
        match self.split_frames(first, cut) {
            Ok(()) => {
                self.invalidate();
                Ok(())
            }
            Err(e) => {
                self.rollback(len, start);
                Err(e)
            }
        }
    }

    /// Reserves the arena for a split that adds at most `leaves - 1`
    /// cuts (two nodes each), checked against the node limit and the
    /// memory ceiling first (see [`Bsp::split_driver`]).
    fn reserve_for(&mut self, leaves: u64) -> Result<(), BspError> {
        let len = self.nodes.len() as u64;
        // A leaf count of L adds 2 (L - 1) nodes; NONE must stay free.
        let total = len + 2 * leaves.saturating_sub(1);
        if total > u64::from(NONE) {
            return Err(BspError::TooManyNodes);
        }
        let capacity = self.nodes.capacity() as u64;
        if capacity >= total {
            return Ok(());
        }
        // The new arena and, while the nodes move into it, the old one.
        mcrdun_geom::memory::check_budget("the BSP node arena", total + capacity, NODE_BYTES)?;
        let more = (total - len) as usize;
        self.nodes
            .try_reserve_exact(more)
            .map_err(|_| out_of_memory(total as usize))
    }

    /// The pre-order walk of [`Bsp::split_driver`]. Only second children
    /// wait on the stack (the first is visited next), one per level at
    /// most, so `MAX_DEPTH + 1` frames always suffice.
    fn split_frames<F>(&mut self, mut cur: Frame, mut cut: F) -> Result<(), BspError>
    where
        F: FnMut(Rect) -> Result<Option<(bool, i32)>, BspError>,
    {
        let mut stack = [cur; MAX_DEPTH as usize + 1];
        let mut sp = 0;
        loop {
            let decision = if cur.left == 0 { None } else { cut(cur.rect)? };
            let Some((horizontal, position)) = decision else {
                if sp == 0 {
                    return Ok(());
                }
                sp -= 1;
                cur = stack[sp];
                continue;
            };
            let r = cur.rect;
            let (x, y, right, bottom) = (r.x(), r.y(), r.right(), r.bottom());
            let (a, b) = if horizontal {
                if position <= y || position >= bottom {
                    return Err(split_out_of_range(position, y, bottom));
                }
                (
                    Rect::new(x, y, r.w(), position - y)?,
                    Rect::new(x, position, r.w(), bottom - position)?,
                )
            } else {
                if position <= x || position >= right {
                    return Err(split_out_of_range(position, x, right));
                }
                (
                    Rect::new(x, y, position - x, r.h())?,
                    Rect::new(position, y, right - position, r.h())?,
                )
            };
            let index = self.nodes.len();
            // The arena holds the whole bound (`reserve_for`), so this
            // never grows it.
            debug_assert!(self.nodes.capacity() - index >= 2, "the node bound holds");
            let parent = &mut self.nodes[cur.index as usize];
            parent.left = index as u32;
            parent.horizontal = horizontal;
            parent.position = position;
            let level = cur.level.saturating_add(1);
            let child = |rect| Slot {
                rect,
                level,
                parent: cur.index,
                left: NONE,
                horizontal: false,
                position: 0,
            };
            self.nodes.extend_from_slice(&[child(a), child(b)]);
            let left = cur.left - 1;
            stack[sp] = Frame {
                index: index as u32 + 1,
                level,
                left,
                rect: b,
            };
            sp += 1;
            cur = Frame {
                index: index as u32,
                level,
                left,
                rect: a,
            };
        }
    }

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
    /// Cost: O(nodes made), no allocation but the arena's. Memory:
    /// [`NODE_BYTES`] (36) bytes a node of the most nodes the call can
    /// make, reserved once before any work: at most `2^depth` leaves and
    /// at most `max(1, w / min_w) * max(1, h / min_h)` leaves (`w`, `h`
    /// the leaf's size), so at most `2 * leaves - 1` nodes, plus the
    /// tree's existing nodes (twice while a full arena moves). A call
    /// whose bound would pass `u32::MAX` nodes or the memory ceiling
    /// (`mcrdun_geom::memory`) is refused before any work, even when the
    /// random cuts would have stopped sooner; a call that is accepted is
    /// never refused half way. The bound is at most `72 / (min_w * min_h)`
    /// bytes a cell of the leaf, so the default 1 GiB ceiling admits any
    /// depth up to 23, and any depth on a leaf of up to 14.9 million cells
    /// times `min_w * min_h`.
    ///
    /// # Errors
    /// A bad handle, a node that is not a leaf, `depth > MAX_DEPTH`, a
    /// minimum below 1, a ratio below 1 or NaN;
    /// [`BspError::TooManyNodes`] when the bound above passes `u32::MAX`
    /// nodes and [`BspError::Geom`] with
    /// [`GeomError::OverBudget`](mcrdun_geom::GeomError::OverBudget) when
    /// its nodes would pass the memory ceiling (both checked first, in
    /// O(1)), or `OutOfMemory` when the allocator refuses the arena. The
    /// tree is unchanged on error.
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
        let leaves = max_leaves(self.nodes[start as usize].rect, depth, Some((min_w, min_h)));
        let (hr, vr) = (f64::from(max_h_ratio), f64::from(max_v_ratio));
        let (min_w2, min_h2) = (2 * i64::from(min_w), 2 * i64::from(min_h));
        self.split_driver(start, depth, leaves, |rect| {
            let (w, h) = (i64::from(rect.w()), i64::from(rect.h()));
            let (can_v, can_h) = (w >= min_w2, h >= min_h2);
            if !(can_v || can_h) {
                return Ok(None);
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
            Ok(Some((horizontal, position)))
        })
    }
}

/// The error for a cut at `position` outside `(start, end)`: a broken
/// splitter rule, never expected.
#[cold]
fn split_out_of_range(position: i32, start: i32, end: i32) -> BspError {
    BspError::SplitOutOfRange {
        position,
        lo: i64::from(start) + 1,
        hi: i64::from(end) - 1,
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

    #[test]
    fn a_tree_past_the_node_limit_is_refused_at_once() {
        // 2^32 leaves possible: 2^33 - 1 nodes, past u32::MAX. Both
        // splitters answer before any work (this took 5-21 s and 4.7 GB
        // before the bound existed).
        let max = Rect::new(0, 0, i32::MAX, i32::MAX).unwrap();
        let mut bsp = Bsp::new(max);
        let root = bsp.root();
        assert_eq!(
            bsp.split_recursive(root, &mut seeded_rng(1), 32, 1, 1, 1.5, 1.5),
            Err(BspError::TooManyNodes)
        );
        assert_eq!(
            bsp.split_recursive_libtcod(root, 1, 32, 1, 1, 1.5, 1.5),
            Err(BspError::TooManyNodes)
        );
        assert_eq!((bsp.node_count(), bsp.generation()), (1, 0));
        assert!(bsp.nodes.capacity() < 1024, "nothing reserved");
        // 2^31 leaves: 2^32 - 1 nodes, the last index below NONE, so within
        // the index space, and refused by the memory ceiling instead.
        let _ceiling = mcrdun_geom::memory::Budget::start_with(1 << 30);
        let mut two = Bsp::new(Rect::new(0, 0, i32::MAX, 2).unwrap());
        let root = two.root();
        assert!(matches!(
            two.split_recursive(root, &mut seeded_rng(1), 31, 1, 1, 1.5, 1.5),
            Err(BspError::Geom(mcrdun_geom::GeomError::OverBudget { .. }))
        ));
        // One level less fits the index space (2^32 - 1 nodes would not:
        // u32::MAX stays free), two levels less too.
        assert_eq!(max_leaves(max, 31, Some((1, 1))), 1 << 31);
        assert_eq!(max_leaves(max, 32, None), 1 << 32);
    }

    #[test]
    fn a_tree_past_the_memory_ceiling_is_refused_at_once() {
        // 2^26 leaves on a root 2^31 - 1 wide: 2^27 - 1 nodes, 4.8 GB of
        // arena, above the 1 GiB ceiling. Refused before any work, as over
        // budget (this filled the ceiling node by node before).
        let _ceiling = mcrdun_geom::memory::Budget::start_with(1 << 30);
        let wide = Rect::new(0, 0, i32::MAX, 1).unwrap();
        let mut bsp = Bsp::new(wide);
        let root = bsp.root();
        let over = |e: Result<(), BspError>| {
            matches!(
                e,
                Err(BspError::Geom(mcrdun_geom::GeomError::OverBudget {
                    what: "the BSP node arena",
                    needed,
                    ..
                })) if needed == (1u64 << 27) * NODE_BYTES
            )
        };
        assert!(over(bsp.split_recursive(
            root,
            &mut seeded_rng(1),
            26,
            1,
            1,
            1.5,
            1.5
        )));
        assert!(over(
            bsp.split_recursive_libtcod(root, 1, 26, 1, 1, 1.5, 1.5)
        ));
        assert_eq!((bsp.node_count(), bsp.generation()), (1, 0));
        assert!(bsp.nodes.capacity() < 1024, "nothing reserved");
    }

    #[test]
    fn the_budget_is_the_bound_exactly() {
        // 80x50 to depth 4: at most 16 leaves, 31 nodes, and the one-node
        // arena moves: 32 nodes of 36 bytes.
        let need = 32 * NODE_BYTES;
        for libtcod in [false, true] {
            let mut bsp = Bsp::new(Rect::new(0, 0, 80, 50).unwrap());
            let root = bsp.root();
            let split = |bsp: &mut Bsp, cap| {
                let _b = mcrdun_geom::memory::Budget::start_with(cap);
                if libtcod {
                    bsp.split_recursive_libtcod(root, 1, 4, 4, 4, 1.5, 1.5)
                } else {
                    bsp.split_recursive(root, &mut seeded_rng(1), 4, 4, 4, 1.5, 1.5)
                }
            };
            assert!(matches!(
                split(&mut bsp, need - 1),
                Err(BspError::Geom(mcrdun_geom::GeomError::OverBudget { .. }))
            ));
            assert_eq!(bsp.node_count(), 1);
            split(&mut bsp, need).unwrap();
            assert!((17..=31).contains(&bsp.node_count()));
            assert_eq!(bsp.nodes.capacity(), 31, "the bound, reserved once");
        }
    }

    #[test]
    fn the_leaf_bound_holds() {
        let mut rng = seeded_rng(3);
        for (w, h, depth, min_w, min_h) in [
            (80, 50, 32, 4, 4),
            (80, 50, 32, 1, 1),
            (33, 7, 9, 3, 2),
            (5, 100, 32, 2, 9),
            (9, 9, 32, 10, 10),
            (64, 64, 3, 1, 1),
        ] {
            let rect = Rect::new(-3, 2, w, h).unwrap();
            for ratio in [1.0, 1.5, f32::INFINITY] {
                let mut bsp = Bsp::new(rect);
                bsp.split_recursive(bsp.root(), &mut rng, depth, min_w, min_h, ratio, ratio)
                    .unwrap();
                let bound = max_leaves(rect, depth, Some((min_w, min_h)));
                assert!(bsp.leaf_count() as u64 <= bound, "{rect} {depth}");
                for seed in 0..5 {
                    let mut t = Bsp::new(rect);
                    if t.split_recursive_libtcod(t.root(), seed, depth, min_w, min_h, ratio, ratio)
                        .is_ok()
                    {
                        assert!(t.leaf_count() as u64 <= max_leaves(rect, depth, None));
                    }
                }
            }
        }
        // Full binary trees reach the depth bound exactly.
        let mut full = Bsp::new(Rect::new(0, 0, 64, 64).unwrap());
        full.split_recursive(full.root(), &mut rng, 3, 1, 1, 1.0, 1.0)
            .unwrap();
        assert_eq!(full.leaf_count(), 8);
    }

    #[test]
    fn split_below_an_inner_leaf_keeps_the_tree() {
        // A second recursive split of one leaf appends to the arena and
        // links only that leaf; the first split's nodes stay as they were.
        let mut bsp = Bsp::new(Rect::new(0, 0, 80, 50).unwrap());
        bsp.split_recursive(bsp.root(), &mut seeded_rng(5), 2, 4, 4, 1.5, 1.5)
            .unwrap();
        let before: Vec<Rect> = (0..bsp.node_count()).map(|i| bsp.nodes[i].rect).collect();
        let leaf = bsp.leaf(1).unwrap();
        let leaf_rect = bsp.node(leaf).unwrap().rect;
        bsp.split_recursive(leaf, &mut seeded_rng(6), 3, 2, 2, 1.5, 1.5)
            .unwrap();
        for (i, r) in before.iter().enumerate() {
            assert_eq!(bsp.nodes[i].rect, *r);
        }
        let covered: u64 = bsp
            .leaf_rects()
            .filter(|r| leaf_rect.contains(r.origin()))
            .map(|r| r.area())
            .sum();
        assert_eq!(covered, leaf_rect.area());
    }
}
