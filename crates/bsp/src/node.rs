//! Node handles and the read-only view of a node.

use mcrdun_geom::Rect;

/// A handle to a node of a [`crate::Bsp`].
///
/// It carries the tree's generation at the time it was taken: after any
/// change to the tree (a split, [`crate::Bsp::clear`], [`crate::Bsp::resize`])
/// the handle is refused with [`crate::BspError::StaleNode`] instead of
/// silently naming another node. Take fresh handles from [`crate::Bsp::root`],
/// [`crate::Bsp::leaf`], [`crate::Bsp::node`] or a traversal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeId {
    pub(crate) index: u32,
    pub(crate) generation: u64,
}

impl NodeId {
    /// The node's position in the tree's arena (stable until the tree
    /// changes). The root is always 0.
    #[inline]
    pub const fn index(self) -> u32 {
        self.index
    }

    /// The tree generation this handle belongs to.
    #[inline]
    pub const fn generation(self) -> u64 {
        self.generation
    }
}

/// How an internal node was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    /// `true`: a horizontal line at `y = position`, the first child above.
    /// `false`: a vertical line at `x = position`, the first child left.
    pub horizontal: bool,
    /// The first coordinate of the second child.
    pub position: i32,
}

/// A snapshot of one node, with handles of the current generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// This node.
    pub id: NodeId,
    /// The cells the node covers.
    pub rect: Rect,
    /// Depth below the root (the root is level 0).
    pub level: u32,
    /// The parent, `None` for the root.
    pub parent: Option<NodeId>,
    /// The first (left or upper) and second child; `None` for a leaf.
    pub children: Option<(NodeId, NodeId)>,
    /// How the node is cut; `None` for a leaf.
    pub split: Option<Split>,
}

impl Node {
    /// Whether the node has no children.
    #[inline]
    pub const fn is_leaf(&self) -> bool {
        self.children.is_none()
    }
}

/// The order of a traversal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Node, then its first subtree, then its second.
    Pre,
    /// First subtree, node, second subtree.
    In,
    /// First subtree, second subtree, node.
    Post,
    /// Breadth first, level by level, first child before second.
    Level,
    /// The exact reverse of [`Order::Level`] (as libtcod's C does it).
    InvertedLevel,
}

/// Which nodes an operation (rasterising) applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Select {
    /// Leaves only.
    Leaves,
    /// Nodes with children only.
    Internal,
    /// Every node.
    All,
}

/// Arena entry. `NONE` marks a missing link.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub rect: Rect,
    pub level: u32,
    pub parent: u32,
    /// First child; the second is always `left + 1` (children are pushed in
    /// pairs), so one index suffices.
    pub left: u32,
    pub horizontal: bool,
    pub position: i32,
}

pub(crate) const NONE: u32 = u32::MAX;

impl Slot {
    #[inline]
    pub fn is_leaf(&self) -> bool {
        self.left == NONE
    }
}
