//! The arena tree: creation, node access, single splits, clearing,
//! resizing and point location.

use crate::BspError;
use crate::adjacency::Adjacency;
use crate::leaves::LeafIndex;
use crate::node::{NONE, Node, NodeId, Slot, Split};
use mcrdun_geom::{Point, Rect};
use std::sync::OnceLock;

/// A binary space partition of a rectangle.
///
/// Nodes live in one arena (`Vec`); a node's two children are adjacent
/// entries. Every change to the tree bumps [`Bsp::generation`], drops the
/// cached leaf numbering and adjacency, and makes older [`NodeId`]s stale.
///
/// `Bsp` is `Send + Sync`: the caches are filled through `&self` with
/// [`OnceLock`], so several threads may read the leaves and the adjacency of
/// one shared tree at once; the first reader builds, the others wait for it.
#[derive(Clone, Debug)]
pub struct Bsp {
    pub(crate) nodes: Vec<Slot>,
    generation: u64,
    pub(crate) leaf_cache: OnceLock<LeafIndex>,
    pub(crate) adjacency_cache: OnceLock<Adjacency>,
}

impl Bsp {
    /// A tree with one node (the root, a leaf) covering `rect`.
    pub fn new(rect: Rect) -> Bsp {
        Bsp {
            nodes: vec![Slot {
                rect,
                level: 0,
                parent: NONE,
                left: NONE,
                horizontal: false,
                position: 0,
            }],
            generation: 0,
            leaf_cache: OnceLock::new(),
            adjacency_cache: OnceLock::new(),
        }
    }

    /// A tree over the rectangle `(x, y, w, h)`.
    ///
    /// # Errors
    /// [`BspError::Geom`] for a size below 1 or edges past the `i32` range.
    pub fn with_bounds(x: i32, y: i32, w: i32, h: i32) -> Result<Bsp, BspError> {
        Ok(Bsp::new(Rect::new(x, y, w, h)?))
    }

    /// The rectangle the whole tree covers.
    #[inline]
    pub fn rect(&self) -> Rect {
        self.nodes[0].rect
    }

    /// The change counter: bumped by every successful call that may change
    /// the tree (splits, [`Bsp::clear`], [`Bsp::resize`]).
    #[inline]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The root's handle (always valid, since every change issues new ones).
    #[inline]
    pub fn root(&self) -> NodeId {
        self.id(0)
    }

    /// The number of nodes, leaves and internal ones.
    #[inline]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A snapshot of the node `id`.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle.
    pub fn node(&self, id: NodeId) -> Result<Node, BspError> {
        let i = self.check(id)?;
        Ok(self.snapshot(i))
    }

    /// The handle of the node at arena index `index` (the order in which
    /// nodes were created; the root is 0), or `None` past the end.
    pub fn node_at(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then(|| self.id(index as u32))
    }

    /// Whether the node `id` covers the cell `p`.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle.
    pub fn contains(&self, id: NodeId, p: Point) -> Result<bool, BspError> {
        let i = self.check(id)?;
        Ok(self.nodes[i as usize].rect.contains(p))
    }

    /// The deepest node covering `p` (always a leaf, since children tile
    /// their parent), or `None` outside the root. O(depth).
    pub fn find(&self, p: Point) -> Option<NodeId> {
        self.find_index(p).map(|i| self.id(i))
    }

    pub(crate) fn find_index(&self, p: Point) -> Option<u32> {
        if !self.nodes[0].rect.contains(p) {
            return None;
        }
        let mut i = 0u32;
        loop {
            let s = &self.nodes[i as usize];
            if s.is_leaf() {
                return Some(i);
            }
            let coord = if s.horizontal { p.y } else { p.x };
            i = if coord < s.position {
                s.left
            } else {
                s.left + 1
            };
        }
    }

    /// Cuts the leaf `id` in two: with `horizontal`, along the line
    /// `y = position` (first child above); otherwise along `x = position`
    /// (first child left). Returns the two children's handles.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle,
    /// [`BspError::NotALeaf`] for a node that is already split,
    /// [`BspError::SplitOutOfRange`] when a child would be empty,
    /// [`BspError::TooManyNodes`] past `u32::MAX` nodes, [`BspError::Geom`]
    /// (over budget) when the arena must grow past the memory ceiling.
    ///
    /// Memory: the arena grows by doubling when full (to at most what fits
    /// under the memory ceiling, `mcrdun_geom::memory`): 72 bytes a node
    /// for the new arena, the old one freed once the nodes moved.
    pub fn split_once(
        &mut self,
        id: NodeId,
        horizontal: bool,
        position: i32,
    ) -> Result<(NodeId, NodeId), BspError> {
        let i = self.check(id)?;
        let s = self.nodes[i as usize];
        if !s.is_leaf() {
            return Err(BspError::NotALeaf);
        }
        let (start, end) = if horizontal {
            (s.rect.y(), s.rect.bottom())
        } else {
            (s.rect.x(), s.rect.right())
        };
        let (lo, hi) = (i64::from(start) + 1, i64::from(end) - 1);
        if i64::from(position) < lo || i64::from(position) > hi {
            return Err(BspError::SplitOutOfRange { position, lo, hi });
        }
        self.reserve(2)?;
        let left = self.push_split(i, horizontal, position)?;
        self.invalidate();
        Ok((self.id(left), self.id(left + 1)))
    }

    /// Makes room in the arena for `additional` more nodes (a split makes
    /// two), so that the splits that follow do not allocate: when it is
    /// full the arena doubles, or grows to what fits under the memory
    /// ceiling (`mcrdun_geom::memory`), which the whole arena is checked
    /// against first. Changes nothing a reader sees (no new generation).
    ///
    /// # Errors
    /// [`BspError::TooManyNodes`] past `u32::MAX` nodes;
    /// [`BspError::Geom`] (over budget) when the arena with `additional`
    /// more nodes ([`NODE_BYTES`](crate::NODE_BYTES) each) would pass the
    /// ceiling.
    ///
    /// ```
    /// use mcrdun_bsp::Bsp;
    /// use mcrdun_geom::Rect;
    /// let mut bsp = Bsp::new(Rect::new(0, 0, 8, 8)?);
    /// bsp.reserve(2)?;
    /// let before = bsp.generation();
    /// bsp.split_once(bsp.root(), false, 4)?;
    /// assert_eq!(bsp.generation(), before + 1);
    /// # Ok::<(), mcrdun_bsp::BspError>(())
    /// ```
    pub fn reserve(&mut self, additional: usize) -> Result<(), BspError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        // NONE must stay free.
        if self.nodes.len().saturating_add(additional) >= NONE as usize {
            return Err(BspError::TooManyNodes);
        }
        Ok(mcrdun_geom::memory::try_reserve(
            "the BSP node arena",
            &mut self.nodes,
            additional,
        )?)
    }

    /// Removes every node but the root.
    pub fn clear(&mut self) {
        self.nodes.truncate(1);
        self.nodes[0].left = NONE;
        self.invalidate();
    }

    /// Replaces this tree by `other` as one change: the generation moves
    /// past both trees' generations, so no handle of either is accepted
    /// afterwards. Useful to build a tree on the side and swap it in only
    /// when every step succeeded.
    ///
    /// ```
    /// use mcrdun_bsp::Bsp;
    /// use mcrdun_geom::Rect;
    /// let mut bsp = Bsp::new(Rect::new(0, 0, 80, 50)?);
    /// let old = bsp.root();
    /// let mut fresh = Bsp::new(bsp.rect());
    /// fresh.split_recursive_libtcod(fresh.root(), 1, 4, 8, 8, 1.5, 1.5)?;
    /// bsp.replace_with(fresh);
    /// assert_eq!(bsp.leaf_count(), 16);
    /// assert!(bsp.node(old).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replace_with(&mut self, other: Bsp) {
        let generation = self.generation.max(other.generation);
        self.nodes = other.nodes;
        self.generation = generation;
        self.invalidate();
    }

    /// Moves and resizes the whole tree to `rect`, keeping every split
    /// position (as libtcod's `TCOD_bsp_resize` does): each child is
    /// recomputed from its parent's new rectangle and the kept position.
    ///
    /// Working memory: the new rectangles, [`RESIZE_BYTES_PER_NODE`] (16)
    /// bytes a node, checked against the memory ceiling
    /// (`mcrdun_geom::memory`) first.
    ///
    /// # Errors
    /// [`BspError::ResizeBreaksSplit`] when a kept position no longer falls
    /// strictly inside its node; [`BspError::Geom`] (over budget) when the
    /// rectangles do not fit under the ceiling. The tree is then unchanged.
    pub fn resize(&mut self, rect: Rect) -> Result<(), BspError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        // Compute every new rectangle first, so that a failure changes nothing.
        // Parents come before children in the arena (children are appended
        // when their parent is split), so one forward pass suffices.
        // Every entry but the root's is overwritten by its parent below.
        let mut rects =
            mcrdun_geom::memory::try_vec("the resized BSP rectangles", self.nodes.len(), rect)?;
        for i in 0..self.nodes.len() {
            let s = self.nodes[i];
            if s.is_leaf() {
                continue;
            }
            let (a, b) = child_rects(rects[i], s.horizontal, s.position).ok_or(
                BspError::ResizeBreaksSplit {
                    rect: rects[i],
                    horizontal: s.horizontal,
                    position: s.position,
                },
            )?;
            rects[s.left as usize] = a;
            rects[s.left as usize + 1] = b;
        }
        for (s, r) in self.nodes.iter_mut().zip(rects) {
            s.rect = r;
        }
        self.invalidate();
        Ok(())
    }

    /// The arena index of a live handle.
    pub(crate) fn check(&self, id: NodeId) -> Result<u32, BspError> {
        if id.generation != self.generation {
            return Err(BspError::StaleNode {
                handle: id.generation,
                current: self.generation,
            });
        }
        if id.index as usize >= self.nodes.len() {
            return Err(BspError::UnknownNode {
                index: id.index,
                count: self.nodes.len(),
            });
        }
        Ok(id.index)
    }

    #[inline]
    pub(crate) fn id(&self, index: u32) -> NodeId {
        NodeId {
            index,
            generation: self.generation,
        }
    }

    pub(crate) fn snapshot(&self, i: u32) -> Node {
        let s = &self.nodes[i as usize];
        let leaf = s.is_leaf();
        Node {
            id: self.id(i),
            rect: s.rect,
            level: s.level,
            parent: (s.parent != NONE).then(|| self.id(s.parent)),
            children: (!leaf).then(|| (self.id(s.left), self.id(s.left + 1))),
            split: (!leaf).then_some(Split {
                horizontal: s.horizontal,
                position: s.position,
            }),
        }
    }

    /// Splits leaf `i` without checking `position` (callers do) and returns
    /// the first child's index. Does not bump the generation.
    pub(crate) fn push_split(
        &mut self,
        i: u32,
        horizontal: bool,
        position: i32,
    ) -> Result<u32, BspError> {
        let left = self.nodes.len();
        // Two new indices, and NONE must stay free.
        if left + 2 > NONE as usize {
            return Err(BspError::TooManyNodes);
        }
        let parent = &mut self.nodes[i as usize];
        let (a, b) = child_rects(parent.rect, horizontal, position)
            .expect("callers check that the split position is inside the node");
        parent.left = left as u32;
        parent.horizontal = horizontal;
        parent.position = position;
        let level = parent.level.saturating_add(1);
        for rect in [a, b] {
            self.nodes.push(Slot {
                rect,
                level,
                parent: i,
                left: NONE,
                horizontal: false,
                position: 0,
            });
        }
        Ok(left as u32)
    }

    /// Undoes every split made since the arena had `len` nodes and `root`
    /// was a leaf: new nodes are always appended, so truncating and
    /// unlinking `root` restores the old tree.
    pub(crate) fn rollback(&mut self, len: usize, root: u32) {
        self.nodes.truncate(len);
        self.nodes[root as usize].left = NONE;
    }

    /// Marks a change: new generation, caches dropped.
    pub(crate) fn invalidate(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        self.leaf_cache = OnceLock::new();
        self.adjacency_cache = OnceLock::new();
    }
}

/// Working memory of [`Bsp::resize`] per node: one new rectangle.
pub const RESIZE_BYTES_PER_NODE: u64 = core::mem::size_of::<Rect>() as u64;

/// The two children of `rect` cut at `position`, or `None` when one would
/// be empty.
pub(crate) fn child_rects(rect: Rect, horizontal: bool, position: i32) -> Option<(Rect, Rect)> {
    if horizontal {
        if position <= rect.y() || position >= rect.bottom() {
            return None;
        }
        Some((
            Rect::from_edges(rect.x(), rect.y(), rect.right(), position).ok()?,
            Rect::from_edges(rect.x(), position, rect.right(), rect.bottom()).ok()?,
        ))
    } else {
        if position <= rect.x() || position >= rect.right() {
            return None;
        }
        Some((
            Rect::from_edges(rect.x(), rect.y(), position, rect.bottom()).ok()?,
            Rect::from_edges(position, rect.y(), rect.right(), rect.bottom()).ok()?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NODE_BYTES, Order};

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    #[test]
    fn split_once_and_handles() {
        let mut bsp = Bsp::new(r(0, 0, 10, 6));
        let root = bsp.root();
        let (a, b) = bsp.split_once(root, false, 4).unwrap();
        assert_eq!(bsp.node(a).unwrap().rect, r(0, 0, 4, 6));
        assert_eq!(bsp.node(b).unwrap().rect, r(4, 0, 6, 6));
        // The old root handle is stale now.
        assert!(matches!(bsp.node(root), Err(BspError::StaleNode { .. })));
        let root = bsp.root();
        assert_eq!(bsp.split_once(root, true, 3), Err(BspError::NotALeaf));
        let (c, d) = bsp.split_once(b, true, 1).unwrap();
        assert_eq!(bsp.node(c).unwrap().rect, r(4, 0, 6, 1));
        assert_eq!(bsp.node(d).unwrap().rect, r(4, 1, 6, 5));
        assert_eq!(bsp.node(d).unwrap().level, 2);
        assert_eq!(bsp.node_count(), 5);
        let b = bsp.node_at(2).unwrap();
        let n = bsp.node(b).unwrap();
        assert_eq!(n.children, Some((c, d)));
        assert_eq!(
            n.split,
            Some(Split {
                horizontal: true,
                position: 1
            })
        );
        assert_eq!(bsp.node(c).unwrap().parent, Some(b));
    }

    #[test]
    fn split_bounds() {
        let mut bsp = Bsp::new(r(5, 5, 3, 2));
        let root = bsp.root();
        let gen0 = bsp.generation();
        assert_eq!(
            bsp.split_once(root, false, 5),
            Err(BspError::SplitOutOfRange {
                position: 5,
                lo: 6,
                hi: 7
            })
        );
        assert!(bsp.split_once(root, false, 8).is_err());
        assert!(bsp.split_once(root, true, 5).is_err());
        assert!(bsp.split_once(root, true, 7).is_err());
        assert_eq!(bsp.generation(), gen0, "a refused split changes nothing");
        assert!(bsp.split_once(root, true, 6).is_ok());
        let mut one = Bsp::new(r(0, 0, 1, 1));
        let root = one.root();
        assert!(one.split_once(root, false, 0).is_err());
        assert!(one.split_once(root, true, 1).is_err());
    }

    #[test]
    fn find_contains_clear() {
        let mut bsp = Bsp::new(r(0, 0, 10, 10));
        let (a, b) = bsp.split_once(bsp.root(), false, 3).unwrap();
        let (c, _d) = bsp.split_once(b, true, 7).unwrap();
        let a = bsp.node_at(a.index() as usize).unwrap();
        assert_eq!(bsp.find(Point::new(2, 9)), Some(a));
        assert_eq!(bsp.find(Point::new(3, 6)), Some(c));
        assert_eq!(bsp.find(Point::new(10, 6)), None);
        assert_eq!(bsp.find(Point::new(-1, 0)), None);
        assert!(bsp.contains(c, Point::new(9, 0)).unwrap());
        assert!(!bsp.contains(c, Point::new(9, 7)).unwrap());
        bsp.clear();
        assert_eq!(bsp.node_count(), 1);
        assert!(bsp.node(bsp.root()).unwrap().is_leaf());
        assert!(bsp.contains(c, Point::new(9, 0)).is_err());
        let bad = NodeId {
            index: 7,
            generation: bsp.generation(),
        };
        assert!(matches!(bsp.node(bad), Err(BspError::UnknownNode { .. })));
    }

    #[test]
    fn calls_refuse_one_byte_short_of_their_need() {
        use mcrdun_geom::GeomError;
        use mcrdun_geom::memory::Budget;
        let over = |e| matches!(e, BspError::Geom(GeomError::OverBudget { .. }));
        let mut bsp = Bsp::new(r(0, 0, 64, 64));
        for x in 1..8 {
            bsp.split_once(bsp.find(Point::new(x * 8, 0)).unwrap(), false, x * 8)
                .unwrap();
        }
        let n = bsp.node_count() as u64;
        let before = bsp.generation();
        // Resize: 16 bytes a node.
        {
            let _b = Budget::start_with(n * 16 - 1);
            assert!(over(bsp.resize(r(0, 0, 65, 64)).unwrap_err()));
        }
        {
            let _b = Budget::start_with(n * 16);
            bsp.resize(r(0, 0, 64, 64)).unwrap();
        }
        // Reserve: the whole arena.
        let full = bsp.nodes.capacity() as u64;
        {
            let _b = Budget::start_with((full + 2) * NODE_BYTES - 1);
            assert!(over(
                bsp.reserve(full as usize + 2 - n as usize).unwrap_err()
            ));
        }
        assert_eq!(bsp.nodes.capacity() as u64, full);
        // Traversal: 10 bytes a node for the indices, 16 more a handle.
        let root = bsp.root();
        {
            let _b = Budget::start_with(n * 10 - 1);
            assert!(over(bsp.traverse_indices(root, Order::Pre).unwrap_err()));
        }
        {
            let _b = Budget::start_with(n * 10);
            assert_eq!(
                bsp.traverse_indices(root, Order::Pre).unwrap().len() as u64,
                n
            );
            assert!(over(bsp.traverse(root, Order::Pre).unwrap_err()));
        }
        {
            let _b = Budget::start_with(n * 26 - 1);
            assert!(over(bsp.traverse(root, Order::Level).unwrap_err()));
        }
        {
            let _b = Budget::start_with(n * 26);
            assert_eq!(bsp.traverse(root, Order::Level).unwrap().len() as u64, n);
        }
        // From an inner node: the nodes from its index on.
        let inner = bsp.node_at(5).unwrap();
        {
            let _b = Budget::start_with((n - 5) * 10 - 1);
            assert!(over(bsp.traverse_indices(inner, Order::In).unwrap_err()));
        }
        {
            let _b = Budget::start_with((n - 5) * 10);
            assert!(!bsp.traverse_indices(inner, Order::In).unwrap().is_empty());
        }
        {
            let _b = Budget::start_with((n - 5) * 26);
            assert!(!bsp.traverse(inner, Order::Post).unwrap().is_empty());
        }
        // The leaf numbering: 12 bytes a node, once a generation.
        {
            let _b = Budget::start_with(n * 12 - 1);
            assert!(over(bsp.try_leaf_count().unwrap_err()));
            assert!(over(bsp.leaf(0).unwrap_err()));
        }
        {
            let _b = Budget::start_with(n * 12);
            assert_eq!(bsp.try_leaf_count().unwrap(), 8);
        }
        assert!(bsp.generation() > before);
    }

    #[test]
    fn resize_keeps_positions() {
        let mut bsp = Bsp::new(r(0, 0, 10, 10));
        let (_, b) = bsp.split_once(bsp.root(), false, 3).unwrap();
        bsp.split_once(b, true, 7).unwrap();
        bsp.resize(r(1, 2, 20, 20)).unwrap();
        let rects: Vec<Rect> = (0..5).map(|i| bsp.nodes[i].rect).collect();
        assert_eq!(
            rects,
            [
                r(1, 2, 20, 20),
                r(1, 2, 2, 20),
                r(3, 2, 18, 20),
                r(3, 2, 18, 5),
                r(3, 7, 18, 15)
            ]
        );
        let gen_before = bsp.generation();
        let err = bsp.resize(r(0, 0, 3, 30)).unwrap_err();
        assert!(matches!(err, BspError::ResizeBreaksSplit { .. }));
        assert_eq!(bsp.generation(), gen_before);
        assert_eq!(bsp.nodes[0].rect, r(1, 2, 20, 20));
    }
}
