//! Traversals in the five orders, iterative (no recursion depth limit).

use crate::node::{NodeId, Order};
use crate::{Bsp, BspError};

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
    /// # Errors
    /// [`BspError::StaleNode`] / [`BspError::UnknownNode`] for a bad handle.
    pub fn traverse_into(
        &self,
        id: NodeId,
        order: Order,
        out: &mut Vec<NodeId>,
    ) -> Result<(), BspError> {
        let start = self.check(id)?;
        out.clear();
        let indices = self.order_indices(start, order);
        out.extend(indices.into_iter().map(|i| self.id(i)));
        Ok(())
    }

    /// Arena indices of the subtree of `start` in `order`.
    pub(crate) fn order_indices(&self, start: u32, order: Order) -> Vec<u32> {
        match order {
            Order::Pre => self.pre_order_indices(start, false),
            Order::Post => {
                // Node, second, first, reversed, is first, second, node.
                let mut v = self.pre_order_indices(start, true);
                v.reverse();
                v
            }
            Order::In => self.in_order_indices(start),
            Order::Level => self.level_order_indices(start),
            Order::InvertedLevel => {
                let mut v = self.level_order_indices(start);
                v.reverse();
                v
            }
        }
    }

    fn pre_order_indices(&self, start: u32, second_first: bool) -> Vec<u32> {
        let mut out = Vec::new();
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

    fn in_order_indices(&self, start: u32) -> Vec<u32> {
        let mut out = Vec::new();
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

    pub(crate) fn level_order_indices(&self, start: u32) -> Vec<u32> {
        // The output doubles as the queue.
        let mut out = vec![start];
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
