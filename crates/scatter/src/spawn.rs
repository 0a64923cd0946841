//! Placing rooms at random, overlapping freely.

use crate::{MAX_ROOM_SIDE, MAX_ROOMS, MAX_SPAWN_RADIUS, ScatterError};
use mcrdun_geom::random::range_i32;
use mcrdun_geom::{Point, Rect};
use rand::Rng;

/// An inclusive range of room side lengths, `min..=max`, validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SizeRange {
    min: u32,
    max: u32,
}

impl SizeRange {
    /// Sides from `min` to `max` cells, both inclusive.
    ///
    /// # Errors
    /// [`ScatterError::BadSizeRange`] when `min < 1`, `min > max` or
    /// `max > MAX_ROOM_SIDE`.
    pub const fn new(min: u32, max: u32) -> Result<SizeRange, ScatterError> {
        if min < 1 || min > max || max > MAX_ROOM_SIDE {
            return Err(ScatterError::BadSizeRange { min, max });
        }
        Ok(SizeRange { min, max })
    }

    /// The smallest side.
    pub const fn min(&self) -> u32 {
        self.min
    }

    /// The largest side.
    pub const fn max(&self) -> u32 {
        self.max
    }
}

/// Where room centres are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpawnArea {
    /// Cells within `radius` of `center` (Euclidean, `dx² + dy² <= r²`);
    /// a radius of 0 puts every centre on one cell.
    Disc {
        /// The disc's centre cell.
        center: Point,
        /// The radius in cells, at most [`MAX_SPAWN_RADIUS`].
        radius: u32,
    },
    /// The cells of a rectangle.
    Rect(Rect),
}

/// `count` rooms with sides drawn from `widths` and `heights`, each centred
/// (in the sense of [`Rect::center`]) on a cell drawn uniformly from `area`.
/// Rooms overlap freely; [`separate`](crate::separate) pushes them apart.
///
/// Each room draws, in order: its centre (a disc draws pairs of offsets in
/// the bounding square until one falls inside the disc, integer arithmetic
/// only), its width, its height. `count == 0` gives an empty vector.
///
/// ```
/// use mcrdun_geom::{random::seeded_rng, Point};
/// use mcrdun_scatter::{scatter, SizeRange, SpawnArea};
/// let mut rng = seeded_rng(7);
/// let area = SpawnArea::Disc { center: Point::new(0, 0), radius: 10 };
/// let rooms = scatter(&mut rng, 20, area, SizeRange::new(4, 9)?, SizeRange::new(3, 6)?)?;
/// assert_eq!(rooms.len(), 20);
/// assert!(rooms.iter().all(|r| (4..=9).contains(&r.w()) && (3..=6).contains(&r.h())));
/// # Ok::<(), mcrdun_scatter::ScatterError>(())
/// ```
///
/// # Errors
/// [`ScatterError::TooManyRooms`] above [`MAX_ROOMS`];
/// [`ScatterError::BadRadius`] for a disc radius above
/// [`MAX_SPAWN_RADIUS`]; [`ScatterError::OutOfRange`] when a room would
/// reach past the `i32` range; [`ScatterError::Geom`] when the rooms (16
/// bytes each) pass the memory ceiling (`mcrdun_geom::memory`).
pub fn scatter<R: Rng + ?Sized>(
    rng: &mut R,
    count: usize,
    area: SpawnArea,
    widths: SizeRange,
    heights: SizeRange,
) -> Result<Vec<Rect>, ScatterError> {
    if count > MAX_ROOMS {
        return Err(ScatterError::TooManyRooms { count });
    }
    if let SpawnArea::Disc { radius, .. } = area
        && radius > MAX_SPAWN_RADIUS
    {
        return Err(ScatterError::BadRadius { radius });
    }
    let _budget = mcrdun_geom::memory::Budget::start();
    let mut rooms = mcrdun_geom::memory::try_with_capacity("scattered rooms", count)?;
    for _ in 0..count {
        let c = draw_centre(rng, &area)?;
        // The size ranges are validated to lie in 1..=MAX_ROOM_SIDE, far below i32::MAX.
        let w = range_i32(rng, widths.min as i32, widths.max as i32)?;
        let h = range_i32(rng, heights.min as i32, heights.max as i32)?;
        let x = i64::from(c.x) - i64::from(w / 2);
        let y = i64::from(c.y) - i64::from(h / 2);
        let (x, y) = match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Err(ScatterError::OutOfRange),
        };
        // A room past the i32 edge is "too large for the coordinate
        // range", as a centre outside it is.
        rooms.push(Rect::new(x, y, w, h).map_err(|_| ScatterError::OutOfRange)?);
    }
    Ok(rooms)
}

/// One uniformly drawn cell of `area`.
fn draw_centre<R: Rng + ?Sized>(rng: &mut R, area: &SpawnArea) -> Result<Point, ScatterError> {
    match *area {
        SpawnArea::Rect(r) => {
            let x = range_i32(rng, r.x(), r.right() - 1)?;
            let y = range_i32(rng, r.y(), r.bottom() - 1)?;
            Ok(Point::new(x, y))
        }
        SpawnArea::Disc { center, radius } => {
            // Rejection from the bounding square: accepted with probability
            // about pi/4, so under 1.3 tries on average, and exact.
            let r = radius as i32;
            let r2 = i64::from(radius) * i64::from(radius);
            loop {
                let dx = range_i32(rng, -r, r)?;
                let dy = range_i32(rng, -r, r)?;
                if i64::from(dx) * i64::from(dx) + i64::from(dy) * i64::from(dy) <= r2 {
                    let x = i32::try_from(i64::from(center.x) + i64::from(dx));
                    let y = i32::try_from(i64::from(center.y) + i64::from(dy));
                    return match (x, y) {
                        (Ok(x), Ok(y)) => Ok(Point::new(x, y)),
                        _ => Err(ScatterError::OutOfRange),
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod edge_tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn rooms_past_the_i32_edge_are_out_of_range() {
        let edge = Rect::new(i32::MAX - 2, i32::MAX - 2, 2, 2).unwrap();
        let sizes = SizeRange::new(10, 20).unwrap();
        let e = scatter(&mut seeded_rng(1), 5, SpawnArea::Rect(edge), sizes, sizes);
        assert_eq!(e, Err(ScatterError::OutOfRange));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn size_ranges_are_validated() {
        assert!(SizeRange::new(0, 3).is_err());
        assert!(SizeRange::new(4, 3).is_err());
        assert!(SizeRange::new(1, MAX_ROOM_SIDE + 1).is_err());
        let s = SizeRange::new(3, 3).unwrap();
        assert_eq!((s.min(), s.max()), (3, 3));
    }

    #[test]
    fn zero_rooms_and_bad_areas() {
        let mut rng = seeded_rng(1);
        let s = SizeRange::new(2, 5).unwrap();
        let disc = SpawnArea::Disc {
            center: Point::new(0, 0),
            radius: 5,
        };
        assert_eq!(scatter(&mut rng, 0, disc, s, s), Ok(vec![]));
        let huge = SpawnArea::Disc {
            center: Point::new(0, 0),
            radius: MAX_SPAWN_RADIUS + 1,
        };
        assert!(matches!(
            scatter(&mut rng, 1, huge, s, s),
            Err(ScatterError::BadRadius { .. })
        ));
        let edge = SpawnArea::Disc {
            center: Point::new(i32::MAX - 1, 0),
            radius: 1000,
        };
        assert!(scatter(&mut rng, 50, edge, s, s).is_err());
    }

    #[test]
    fn centres_lie_in_the_area() {
        let mut rng = seeded_rng(2);
        let s = SizeRange::new(1, 9).unwrap();
        let disc = SpawnArea::Disc {
            center: Point::new(100, -50),
            radius: 7,
        };
        for r in scatter(&mut rng, 500, disc, s, s).unwrap() {
            let c = r.center();
            let (dx, dy) = (c.x - 100, c.y + 50);
            assert!(dx * dx + dy * dy <= 49, "{r}");
        }
        let area = Rect::new(-5, 3, 4, 2).unwrap();
        for r in scatter(&mut rng, 500, SpawnArea::Rect(area), s, s).unwrap() {
            assert!(area.contains(r.center()), "{r}");
        }
        let point = SpawnArea::Disc {
            center: Point::new(3, 3),
            radius: 0,
        };
        for r in scatter(&mut rng, 20, point, s, s).unwrap() {
            assert_eq!(r.center(), Point::new(3, 3));
        }
    }
}
