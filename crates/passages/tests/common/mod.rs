//! The crate's example layout, shared by the integration tests.

use mcrdun_geom::Point;
use mcrdun_passages::{Layout, RoomId};

/// Two rooms of 9 and 7 cells on a 6x6 grid whose border has 8 cells; the
/// cell (3, 3) of the first juts down into the second.
pub fn seed_layout() -> (Layout, RoomId, RoomId) {
    let cells = |v: &[(i32, i32)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect::<Vec<_>>();
    let mut layout = Layout::new(6, 6).unwrap();
    let upper = layout
        .add_room(&cells(&[
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (3, 3),
        ]))
        .unwrap();
    let lower = layout
        .add_room(&cells(&[
            (1, 3),
            (2, 3),
            (4, 3),
            (1, 4),
            (2, 4),
            (3, 4),
            (4, 4),
        ]))
        .unwrap();
    (layout, upper, lower)
}
