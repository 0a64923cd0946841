//! The one error type of `mcrdun-scatter`.

use core::fmt;
use mcrdun_geom::GeomError;

/// Why rooms could not be scattered, separated or connected.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ScatterError {
    /// A size range with `min < 1`, `min > max`, or `max` above
    /// [`MAX_ROOM_SIDE`](crate::MAX_ROOM_SIDE).
    BadSizeRange {
        /// The smallest side asked for.
        min: u32,
        /// The largest side asked for.
        max: u32,
    },
    /// A disc radius above [`MAX_SPAWN_RADIUS`](crate::MAX_SPAWN_RADIUS).
    BadRadius {
        /// The radius asked for.
        radius: u32,
    },
    /// A padding above [`MAX_PADDING`](crate::MAX_PADDING).
    BadPadding {
        /// The padding asked for.
        padding: u32,
    },
    /// More rooms than [`MAX_ROOMS`](crate::MAX_ROOMS).
    TooManyRooms {
        /// The number of rooms asked for or given.
        count: usize,
    },
    /// A room the separation would have to move outside the `i32`
    /// coordinate range.
    OutOfRange,
    /// A loop fraction that is NaN or outside `[0, 1]`.
    BadFraction,
    /// The start room of a flood is not one of the rooms.
    BadStart {
        /// The index asked for.
        start: usize,
        /// The number of rooms.
        rooms: usize,
    },
    /// A link names a room index that does not exist, or links a room to
    /// itself.
    BadLink {
        /// One end of the link.
        a: usize,
        /// The other end.
        b: usize,
    },
    /// The rooms given are not the ones the connections were made for
    /// (their number differs).
    WrongRoomCount {
        /// The number of rooms the connections were made for.
        expected: usize,
        /// The number given.
        got: usize,
    },
    /// A geometric value could not be made (a rectangle overflowing `i32`).
    Geom(GeomError),
}

impl fmt::Display for ScatterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScatterError::BadSizeRange { min, max } => write!(
                f,
                "a room size range needs 1 <= min <= max <= {}, got {min}..={max}",
                crate::MAX_ROOM_SIDE
            ),
            ScatterError::BadRadius { radius } => write!(
                f,
                "a spawn disc radius must be at most {}, got {radius}",
                crate::MAX_SPAWN_RADIUS
            ),
            ScatterError::BadPadding { padding } => write!(
                f,
                "the padding between rooms must be at most {}, got {padding}",
                crate::MAX_PADDING
            ),
            ScatterError::TooManyRooms { count } => write!(
                f,
                "at most {} rooms can be scattered or separated, got {count}",
                crate::MAX_ROOMS
            ),
            ScatterError::OutOfRange => {
                f.write_str("separating the rooms would move one outside the i32 coordinate range")
            }
            ScatterError::BadFraction => {
                f.write_str("the loop fraction must be a number in [0, 1]")
            }
            ScatterError::BadStart { start, rooms } => {
                write!(
                    f,
                    "start room {start} does not exist (there are {rooms} rooms)"
                )
            }
            ScatterError::BadLink { a, b } => {
                write!(
                    f,
                    "link {a}-{b} names a missing room or joins a room to itself"
                )
            }
            ScatterError::WrongRoomCount { expected, got } => write!(
                f,
                "the connections were made for {expected} rooms, but {got} were given"
            ),
            ScatterError::Geom(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ScatterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ScatterError::Geom(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GeomError> for ScatterError {
    fn from(e: GeomError) -> Self {
        ScatterError::Geom(e)
    }
}
