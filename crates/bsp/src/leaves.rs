//! Leaf numbering in level order, cached until the tree changes.

use crate::node::{NONE, NodeId};
use crate::{Bsp, BspError};
use mcrdun_geom::Rect;

/// Leaves in level order and the way back from a node to its number.
#[derive(Clone, Debug)]
pub(crate) struct LeafIndex {
    /// `leaves[k]` is the arena index of leaf number `k`.
    pub leaves: Vec<u32>,
    /// `number[i]` is the leaf number of arena node `i`, `NONE` for
    /// internal nodes.
    pub number: Vec<u32>,
}

impl LeafIndex {
    fn build(bsp: &Bsp) -> LeafIndex {
        // Level order, without a breadth-first walk: within one level, level
        // order is left to right, which is also the order in which a
        // pre-order walk meets the nodes. So walk in pre-order (children of
        // split_recursive trees sit next to their parent in the arena, so
        // this is nearly sequential) and counting-sort the leaves by level,
        // which is stable. A breadth-first walk over a large arena jumps
        // across memory at every level and costs about twice as much.
        let nodes = &bsp.nodes;
        let mut pre_leaves = Vec::with_capacity(nodes.len() / 2 + 1);
        let mut per_level: Vec<usize> = Vec::new();
        let mut stack = vec![0u32];
        while let Some(i) = stack.pop() {
            let s = &nodes[i as usize];
            if s.is_leaf() {
                let level = s.level as usize;
                if per_level.len() <= level {
                    per_level.resize(level + 1, 0);
                }
                per_level[level] += 1;
                pre_leaves.push(i);
            } else {
                stack.push(s.left + 1);
                stack.push(s.left);
            }
        }
        // per_level[l] becomes the first leaf number of level l.
        let mut next = 0;
        for count in per_level.iter_mut() {
            let c = *count;
            *count = next;
            next += c;
        }
        let mut leaves = vec![0u32; pre_leaves.len()];
        let mut number = vec![NONE; nodes.len()];
        for i in pre_leaves {
            let slot = &mut per_level[nodes[i as usize].level as usize];
            leaves[*slot] = i;
            number[i as usize] = *slot as u32;
            *slot += 1;
        }
        LeafIndex { leaves, number }
    }
}

/// Working memory of the leaf numbering per node of the tree, built once
/// a generation on first use: the leaves in level order and the way back
/// (4 bytes a leaf and 4 a node, kept), and the walk's list of leaves (4
/// bytes a leaf, dropped), with the walk's stack (4 bytes a level) besides.
/// A tree has fewer leaves than nodes, and the numbering is a third of the
/// tree's own arena ([`NODE_BYTES`](crate::NODE_BYTES), 36 bytes a node).
pub const LEAF_INDEX_BYTES_PER_NODE: u64 = 12;

impl Bsp {
    pub(crate) fn leaf_index_cache(&self) -> &LeafIndex {
        self.leaf_cache.get_or_init(|| LeafIndex::build(self))
    }

    /// The leaf numbering, built against the memory ceiling when it is not
    /// cached yet.
    pub(crate) fn checked_leaf_index(&self) -> Result<&LeafIndex, BspError> {
        if let Some(built) = self.leaf_cache.get() {
            return Ok(built);
        }
        mcrdun_geom::memory::check_budget(
            "the BSP leaf numbering",
            self.nodes.len() as u64,
            LEAF_INDEX_BYTES_PER_NODE,
        )?;
        Ok(self.leaf_index_cache())
    }

    /// The number of leaves. Builds the leaf numbering on first use (O(n),
    /// [`LEAF_INDEX_BYTES_PER_NODE`] bytes a node, a third of what the
    /// tree's arena takes) without checking it against the memory ceiling:
    /// [`Bsp::try_leaf_count`] does.
    pub fn leaf_count(&self) -> usize {
        self.leaf_index_cache().leaves.len()
    }

    /// [`Bsp::leaf_count`], building the leaf numbering (when it is not
    /// cached yet) only when its [`LEAF_INDEX_BYTES_PER_NODE`] bytes a
    /// node fit under the memory ceiling (`mcrdun_geom::memory`).
    ///
    /// # Errors
    /// [`BspError::Geom`] with
    /// [`GeomError::OverBudget`](mcrdun_geom::GeomError::OverBudget) when
    /// they do not.
    ///
    /// ```
    /// use mcrdun_bsp::Bsp;
    /// use mcrdun_geom::Rect;
    /// let mut bsp = Bsp::new(Rect::new(0, 0, 8, 8)?);
    /// bsp.split_once(bsp.root(), false, 4)?;
    /// assert_eq!(bsp.try_leaf_count()?, 2);
    /// # Ok::<(), mcrdun_bsp::BspError>(())
    /// ```
    pub fn try_leaf_count(&self) -> Result<usize, BspError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        Ok(self.checked_leaf_index()?.leaves.len())
    }

    /// The leaves in level order (breadth first, first child first): leaf
    /// number `k` is the `k`-th item.
    pub fn leaves(&self) -> impl ExactSizeIterator<Item = NodeId> + '_ {
        self.leaf_index_cache()
            .leaves
            .iter()
            .map(move |&i| self.id(i))
    }

    /// The rectangles of the leaves, in leaf order.
    pub fn leaf_rects(&self) -> impl ExactSizeIterator<Item = Rect> + '_ {
        self.leaf_index_cache()
            .leaves
            .iter()
            .map(move |&i| self.nodes[i as usize].rect)
    }

    /// The handle of leaf number `index`.
    ///
    /// # Errors
    /// [`BspError::LeafOutOfRange`] when `index >= leaf_count()`.
    ///
    /// The first of these calls in a generation builds the leaf numbering
    /// ([`LEAF_INDEX_BYTES_PER_NODE`] bytes a node), checked against the
    /// memory ceiling: [`BspError::Geom`] (over budget) when it does not
    /// fit.
    pub fn leaf(&self, index: usize) -> Result<NodeId, BspError> {
        self.leaf_arena_index(index).map(|i| self.id(i))
    }

    /// The rectangle of leaf number `index`.
    ///
    /// # Errors
    /// [`BspError::LeafOutOfRange`] when `index >= leaf_count()`; over
    /// budget as [`Bsp::leaf`].
    pub fn leaf_rect(&self, index: usize) -> Result<Rect, BspError> {
        self.leaf_arena_index(index)
            .map(|i| self.nodes[i as usize].rect)
    }

    /// The leaf number of node `id`, `None` when it has children.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle;
    /// over budget as [`Bsp::leaf`].
    pub fn leaf_index(&self, id: NodeId) -> Result<Option<usize>, BspError> {
        let i = self.check(id)?;
        let n = self.checked_leaf_index()?.number[i as usize];
        Ok((n != NONE).then_some(n as usize))
    }

    /// The number of the leaf covering `p`, or `None` outside the tree.
    pub fn find_leaf(&self, p: mcrdun_geom::Point) -> Option<usize> {
        let i = self.find_index(p)?;
        Some(self.leaf_index_cache().number[i as usize] as usize)
    }

    pub(crate) fn leaf_arena_index(&self, index: usize) -> Result<u32, BspError> {
        let leaves = &self.checked_leaf_index()?.leaves;
        leaves.get(index).copied().ok_or(BspError::LeafOutOfRange {
            index,
            count: leaves.len(),
        })
    }
}
