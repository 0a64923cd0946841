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

impl Bsp {
    pub(crate) fn leaf_index_cache(&self) -> &LeafIndex {
        self.leaf_cache.get_or_init(|| LeafIndex::build(self))
    }

    /// The number of leaves. Builds the leaf numbering on first use (O(n)).
    pub fn leaf_count(&self) -> usize {
        self.leaf_index_cache().leaves.len()
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
    pub fn leaf(&self, index: usize) -> Result<NodeId, BspError> {
        self.leaf_arena_index(index).map(|i| self.id(i))
    }

    /// The rectangle of leaf number `index`.
    ///
    /// # Errors
    /// [`BspError::LeafOutOfRange`] when `index >= leaf_count()`.
    pub fn leaf_rect(&self, index: usize) -> Result<Rect, BspError> {
        self.leaf_arena_index(index)
            .map(|i| self.nodes[i as usize].rect)
    }

    /// The leaf number of node `id`, `None` when it has children.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle.
    pub fn leaf_index(&self, id: NodeId) -> Result<Option<usize>, BspError> {
        let i = self.check(id)?;
        let n = self.leaf_index_cache().number[i as usize];
        Ok((n != NONE).then_some(n as usize))
    }

    /// The number of the leaf covering `p`, or `None` outside the tree.
    pub fn find_leaf(&self, p: mcrdun_geom::Point) -> Option<usize> {
        let i = self.find_index(p)?;
        Some(self.leaf_index_cache().number[i as usize] as usize)
    }

    pub(crate) fn leaf_arena_index(&self, index: usize) -> Result<u32, BspError> {
        let leaves = &self.leaf_index_cache().leaves;
        leaves.get(index).copied().ok_or(BspError::LeafOutOfRange {
            index,
            count: leaves.len(),
        })
    }
}
