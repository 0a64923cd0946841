//! Traversals in the five orders, iterative (no recursion depth limit).

use crate::node::{NodeId, Order};
use crate::{Bsp, BspError};

/// Working memory of a traversal per node of the arena from its start node
/// on: the indices it returns (4 bytes) and its stack (at most 6 bytes a
/// node at its peak, half the nodes held, growing by doubling). The
/// handles [`Bsp::traverse`] returns take 16 bytes a node more.
pub const TRAVERSE_BYTES_PER_NODE: u64 = 10;

impl Bsp {
    /// The subtree of `id` in `order`, as handles.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle.
    ///
    /// ```
    /// use mcrdun_bsp::{Bsp, Order};
    /// use mcrdun_geom::Rect;
    /// let mut bsp = Bsp::new(Rect::new(0, 0, 8, 8)?);
    /// let (a, _) = bsp.split_once(bsp.root(), false, 4)?;
    /// bsp.split_once(a, true, 4)?;
    /// let idx = |o| -> Vec<u32> {
    ///     bsp.traverse(bsp.root(), o).unwrap().iter().map(|n| n.index()).collect()
    /// };
    /// assert_eq!(idx(Order::Pre), [0, 1, 3, 4, 2]);
    /// assert_eq!(idx(Order::In), [3, 1, 4, 0, 2]);
    /// assert_eq!(idx(Order::Post), [3, 4, 1, 2, 0]);
    /// assert_eq!(idx(Order::Level), [0, 1, 2, 3, 4]);
    /// assert_eq!(idx(Order::InvertedLevel), [4, 3, 2, 1, 0]);
    /// # Ok::<(), mcrdun_bsp::BspError>(())
    /// ```
    pub fn traverse(&self, id: NodeId, order: Order) -> Result<Vec<NodeId>, BspError> {
        let mut out = Vec::new();
        self.traverse_into(id, order, &mut out)?;
        Ok(out)
    }

    /// Like [`Bsp::traverse`], into `out` (cleared first), so that a buffer
    /// can be reused.
    ///
    /// Working memory: [`TRAVERSE_BYTES_PER_NODE`] (10) bytes a node for
    /// the walk, plus the handles (16 bytes each) that `out` does not hold
    /// room for yet, a node counted for every node of the arena from `id`'s
    /// index on (a subtree's nodes all come after its root); checked
    /// against the memory ceiling (`mcrdun_geom::memory`) before any work.
    ///
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle;
    /// [`BspError::Geom`] (over budget) past the memory ceiling.
    pub fn traverse_into(
        &self,
        id: NodeId,
        order: Order,
        out: &mut Vec<NodeId>,
    ) -> Result<(), BspError> {
        let start = self.check(id)?;
        let _budget = mcrdun_geom::memory::Budget::start();
        let bound = self.nodes.len() - start as usize;
        let handles = bound.saturating_sub(out.capacity()) as u64;
        mcrdun_geom::memory::check_bytes(
            "the BSP traversal",
            (bound as u64 * TRAVERSE_BYTES_PER_NODE)
                .saturating_add(handles * core::mem::size_of::<NodeId>() as u64),
        )?;
        out.clear();
        let indices = self.order_indices(start, order)?;
        out.reserve_exact(indices.len());
        out.extend(indices.into_iter().map(|i| self.id(i)));
        Ok(())
    }

    /// The arena indices ([`NodeId::index`]) of the subtree of `id` in
    /// `order`: [`Bsp::traverse`] without the handles.
    ///
    /// Working memory: [`TRAVERSE_BYTES_PER_NODE`] (10) bytes a node of the
    /// arena from `id`'s index on (the indices returned and the walk's
    /// stack), checked against the memory ceiling before any work.
    ///
    /// # Errors
    /// As [`Bsp::traverse_into`].
    ///
    /// ```
    /// use mcrdun_bsp::{Bsp, Order};
    /// use mcrdun_geom::Rect;
    /// let mut bsp = Bsp::new(Rect::new(0, 0, 8, 8)?);
    /// bsp.split_once(bsp.root(), false, 4)?;
    /// assert_eq!(bsp.traverse_indices(bsp.root(), Order::Post)?, [1, 2, 0]);
    /// # Ok::<(), mcrdun_bsp::BspError>(())
    /// ```
    pub fn traverse_indices(&self, id: NodeId, order: Order) -> Result<Vec<u32>, BspError> {
        let start = self.check(id)?;
        let _budget = mcrdun_geom::memory::Budget::start();
        self.order_indices(start, order)
    }

    /// Arena indices of the subtree of `start` in `order`, after checking
    /// [`TRAVERSE_BYTES_PER_NODE`] a node of the arena from `start` on
    /// against the ceiling. The output is reserved for that bound (a
    /// subtree's nodes all come after its root); a walk's stack holds at
    /// most one node a level (`depth + 1`, and a subtree of depth `d` has
    /// at least `2d + 1` nodes), so at most half the bound, and growing by
    /// doubling it takes at most 6 bytes a node at its peak.
    pub(crate) fn order_indices(&self, start: u32, order: Order) -> Result<Vec<u32>, BspError> {
        let bound = self.nodes.len() - start as usize;
        mcrdun_geom::memory::check_budget(
            "the BSP traversal",
            bound as u64,
            TRAVERSE_BYTES_PER_NODE,
        )?;
        let out = mcrdun_geom::memory::try_with_capacity("the BSP traversal", bound)?;
        Ok(self.order_into(start, order, out))
    }

    fn order_into(&self, start: u32, order: Order, out: Vec<u32>) -> Vec<u32> {
        match order {
            Order::Pre => self.pre_order_indices(start, false, out),
            Order::Post => {
                // Node, second, first, reversed, is first, second, node.
                let mut v = self.pre_order_indices(start, true, out);
                v.reverse();
                v
            }
            Order::In => self.in_order_indices(start, out),
            Order::Level => self.level_order_indices(start, out),
            Order::InvertedLevel => {
                let mut v = self.level_order_indices(start, out);
                v.reverse();
                v
            }
        }
    }

    fn pre_order_indices(&self, start: u32, second_first: bool, mut out: Vec<u32>) -> Vec<u32> {
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            out.push(i);
            let s = &self.nodes[i as usize];
            if !s.is_leaf() {
                let (first, second) = (s.left, s.left + 1);
                if second_first {
                    stack.push(first);
                    stack.push(second);
                } else {
                    stack.push(second);
                    stack.push(first);
                }
            }
        }
        out
    }

    fn in_order_indices(&self, start: u32, mut out: Vec<u32>) -> Vec<u32> {
        let mut stack = Vec::new();
        let mut cur = Some(start);
        loop {
            // Go down the first children, remembering the way back.
            while let Some(i) = cur {
                stack.push(i);
                let s = &self.nodes[i as usize];
                cur = (!s.is_leaf()).then_some(s.left);
            }
            let Some(i) = stack.pop() else { break };
            out.push(i);
            let s = &self.nodes[i as usize];
            cur = (!s.is_leaf()).then(|| s.left + 1);
        }
        out
    }

    pub(crate) fn level_order_indices(&self, start: u32, mut out: Vec<u32>) -> Vec<u32> {
        // The output doubles as the queue.
        out.push(start);
        let mut head = 0;
        while head < out.len() {
            let s = &self.nodes[out[head] as usize];
            head += 1;
            if !s.is_leaf() {
                out.push(s.left);
                out.push(s.left + 1);
            }
        }
        out
    }
}
