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
        let order = bsp.level_order_indices(0);
        let mut number = vec![NONE; bsp.nodes.len()];
        let mut leaves = Vec::with_capacity(bsp.nodes.len() / 2 + 1);
        for i in order {
            if bsp.nodes[i as usize].is_leaf() {
                number[i as usize] = leaves.len() as u32;
                leaves.push(i);
            }
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
