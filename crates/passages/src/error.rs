//! The one error type of `mcrdun-passages`.

use crate::RoomId;
use core::fmt;
use mcrdun_geom::{GeomError, Point};

/// Why a layout, a border or a passage could not be made.
///
/// Every failing call leaves the [`Layout`](crate::Layout) exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PassagesError {
    /// A geometric error from `mcrdun-geom` (for example a grid too large).
    Geom(GeomError),
    /// A room needs at least one cell.
    EmptyRoom,
    /// A room cell outside the layout's grid.
    OutOfBounds {
        /// The offending cell.
        point: Point,
        /// Layout width.
        width: u32,
        /// Layout height.
        height: u32,
    },
    /// A room cell that already belongs to another room.
    CellTaken {
        /// The offending cell.
        point: Point,
        /// The room that owns it.
        owner: RoomId,
    },
    /// The same cell was given twice for one room.
    DuplicateCell {
        /// The repeated cell.
        point: Point,
    },
    /// A label grid skips a room number: every label below the largest must
    /// be used by at least one cell.
    MissingLabel {
        /// The first unused label.
        label: u32,
    },
    /// The layout already holds the largest number of rooms a [`RoomId`]
    /// can number (`u32::MAX - 1`).
    TooManyRooms,
    /// A room id that this layout never handed out.
    UnknownRoom {
        /// The id asked for.
        room: RoomId,
        /// How many rooms the layout has.
        count: u32,
    },
    /// A border or passage between a room and itself.
    SameRoom {
        /// The room given twice.
        room: RoomId,
    },
    /// A passage was asked for between two rooms that share no border.
    NotAdjacent {
        /// The first room.
        a: RoomId,
        /// The second room.
        b: RoomId,
    },
    /// Every cell of the border has weight zero under the weight table.
    NoWeight,
    /// A loop fraction above 1000 per mille.
    BadLoopFraction {
        /// The fraction given, in thousandths.
        per_mille: u32,
    },
}

impl fmt::Display for PassagesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassagesError::Geom(e) => e.fmt(f),
            PassagesError::EmptyRoom => f.write_str("a room needs at least one cell"),
            PassagesError::OutOfBounds {
                point,
                width,
                height,
            } => write!(f, "cell {point} is outside the {width} x {height} layout"),
            PassagesError::CellTaken { point, owner } => {
                write!(f, "cell {point} already belongs to {owner}")
            }
            PassagesError::DuplicateCell { point } => {
                write!(f, "cell {point} is given twice for the same room")
            }
            PassagesError::MissingLabel { label } => {
                write!(
                    f,
                    "label {label} is used by no cell (labels must be 0..n, each used)"
                )
            }
            PassagesError::TooManyRooms => f.write_str("the layout cannot number more rooms"),
            PassagesError::UnknownRoom { room, count } => {
                write!(f, "{room} does not exist (the layout has {count} rooms)")
            }
            PassagesError::SameRoom { room } => {
                write!(f, "a passage needs two different rooms, got {room} twice")
            }
            PassagesError::NotAdjacent { a, b } => {
                write!(f, "{a} and {b} share no border")
            }
            PassagesError::NoWeight => {
                f.write_str("every border cell has weight zero under the weight table")
            }
            PassagesError::BadLoopFraction { per_mille } => {
                write!(
                    f,
                    "a loop fraction is at most 1000 per mille, got {per_mille}"
                )
            }
        }
    }
}

impl std::error::Error for PassagesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PassagesError::Geom(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GeomError> for PassagesError {
    fn from(e: GeomError) -> Self {
        PassagesError::Geom(e)
    }
}
