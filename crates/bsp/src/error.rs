//! The one error type of `mcrdun-bsp`.

use core::fmt;
use mcrdun_geom::{GeomError, Rect};

/// Why a BSP operation was refused. A refused operation changes nothing.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum BspError {
    /// A rectangle could not be made (non-positive size, `i32` overflow).
    Geom(GeomError),
    /// The node handle comes from an older generation of the tree: the tree
    /// was split, cleared or resized since the handle was taken.
    StaleNode {
        /// The generation the handle was taken at.
        handle: u64,
        /// The tree's current generation.
        current: u64,
    },
    /// The node handle does not name a node of this tree (it was taken from
    /// another tree).
    UnknownNode {
        /// The handle's arena index.
        index: u32,
        /// The number of nodes in this tree.
        count: usize,
    },
    /// Only a leaf can be split.
    NotALeaf,
    /// A split position must leave both children at least one cell:
    /// `lo <= position <= hi`.
    SplitOutOfRange {
        /// The position asked for.
        position: i32,
        /// The smallest valid position.
        lo: i64,
        /// The largest valid position.
        hi: i64,
    },
    /// A leaf number at or past the number of leaves.
    LeafOutOfRange {
        /// The leaf number asked for.
        index: usize,
        /// The number of leaves.
        count: usize,
    },
    /// The two leaves do not share a wall segment.
    NotAdjacent {
        /// The first leaf.
        a: usize,
        /// The second leaf.
        b: usize,
    },
    /// Minimum leaf sizes must be at least 1.
    InvalidMinSize {
        /// The minimum width asked for.
        min_w: i32,
        /// The minimum height asked for.
        min_h: i32,
    },
    /// Ratios must be at least 1 (NaN is refused; infinity means "never").
    InvalidRatio {
        /// The offending ratio.
        ratio: f64,
    },
    /// Recursive splitting is capped at [`crate::MAX_DEPTH`] levels.
    DepthTooLarge {
        /// The depth asked for.
        depth: u32,
    },
    /// libtcod would have made a node of width or height `<= 0` here (its
    /// forced direction runs along an axis shorter than twice the minimum).
    LibtcodEmptyNode {
        /// The node libtcod would have split.
        parent: Rect,
        /// Whether libtcod's cut was horizontal.
        horizontal: bool,
        /// The position libtcod drew.
        position: i32,
    },
    /// libtcod's `int` arithmetic would overflow for these sizes (undefined
    /// behaviour in C), so there is no tree to reproduce.
    LibtcodOverflow,
    /// The tree would need more than `u32::MAX` nodes.
    TooManyNodes,
    /// A rasterising margin must not be negative.
    NegativeMargin {
        /// The margin asked for.
        margin: i32,
    },
    /// Resizing would leave a split position outside its node, making an
    /// empty child.
    ResizeBreaksSplit {
        /// The node's new rectangle.
        rect: Rect,
        /// Whether its split is horizontal.
        horizontal: bool,
        /// The kept split position.
        position: i32,
    },
}

impl fmt::Display for BspError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BspError::Geom(e) => write!(f, "{e}"),
            BspError::StaleNode { handle, current } => write!(
                f,
                "stale node handle: taken at generation {handle}, the tree is at generation {current}"
            ),
            BspError::UnknownNode { index, count } => write!(
                f,
                "node handle {index} does not belong to this tree ({count} nodes)"
            ),
            BspError::NotALeaf => f.write_str("only a leaf can be split"),
            BspError::SplitOutOfRange { position, lo, hi } => write!(
                f,
                "split position {position} would leave an empty child (valid: {lo}..={hi})"
            ),
            BspError::LeafOutOfRange { index, count } => {
                write!(f, "leaf {index} out of range ({count} leaves)")
            }
            BspError::NotAdjacent { a, b } => {
                write!(f, "leaves {a} and {b} do not share a wall")
            }
            BspError::InvalidMinSize { min_w, min_h } => write!(
                f,
                "minimum leaf size must be at least 1 x 1, got {min_w} x {min_h}"
            ),
            BspError::InvalidRatio { ratio } => {
                write!(f, "a split ratio must be >= 1 and not NaN, got {ratio}")
            }
            BspError::DepthTooLarge { depth } => write!(
                f,
                "split depth {depth} is above the maximum of {}",
                crate::MAX_DEPTH
            ),
            BspError::LibtcodEmptyNode {
                parent,
                horizontal,
                position,
            } => write!(
                f,
                "libtcod would cut {parent} {} at {position}, making an empty node",
                if *horizontal {
                    "horizontally"
                } else {
                    "vertically"
                }
            ),
            BspError::LibtcodOverflow => {
                f.write_str("these sizes overflow libtcod's int arithmetic")
            }
            BspError::TooManyNodes => f.write_str("the tree would exceed u32::MAX nodes"),
            BspError::NegativeMargin { margin } => {
                write!(f, "a margin must not be negative, got {margin}")
            }
            BspError::ResizeBreaksSplit {
                rect,
                horizontal,
                position,
            } => write!(
                f,
                "resizing puts node at {rect}, and its kept {} split at {position} does not fall strictly inside it",
                if *horizontal {
                    "horizontal"
                } else {
                    "vertical"
                }
            ),
        }
    }
}

impl std::error::Error for BspError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BspError::Geom(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GeomError> for BspError {
    fn from(e: GeomError) -> BspError {
        BspError::Geom(e)
    }
}
