//! Neighbour pairs by the "close enough, wide enough" rule, found by two
//! sorted sweeps instead of all pairs.

use crate::{MAX_ROOMS, ScatterError};
use mcrdun_geom::memory::{Budget, check_budget, grow, try_with_capacity};
use mcrdun_geom::{Rect, Side, are_neighbours};

/// Where a door between two neighbouring rooms can go: the side of room `a`
/// that faces room `b`, the span `[start, end)` along that side where the two
/// rooms face each other (x for North/South, y for East/West), and the
/// number of empty cells between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DoorSpan {
    /// The side of `a` facing `b`.
    pub side: Side,
    /// First coordinate of the shared span.
    pub start: i32,
    /// One past the last coordinate of the shared span.
    pub end: i32,
    /// Empty cells between the facing sides (0: they touch).
    pub gap: u32,
}

impl DoorSpan {
    /// The span seen from the other room: the opposite side, same cells.
    pub const fn reversed(self) -> DoorSpan {
        DoorSpan {
            side: self.side.opposite(),
            ..self
        }
    }

    /// The span's length in cells (greater than the door width).
    pub const fn len(&self) -> u32 {
        (self.end - self.start) as u32
    }

    /// Always false for a span produced by this crate, which is longer than
    /// the door width (present for the `len` / `is_empty` pair).
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// A connection between rooms `a` and `b` (indices into the room slice),
/// with the door span seen from `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Link {
    /// One room.
    pub a: usize,
    /// The other room.
    pub b: usize,
    /// Where a door between them can go, on `a`'s side.
    pub door: DoorSpan,
}

impl Link {
    /// The same link seen from `b`.
    pub const fn reversed(self) -> Link {
        Link {
            a: self.b,
            b: self.a,
            door: self.door.reversed(),
        }
    }
}

/// The door span between `a` and `b` when they are neighbours by
/// [`are_neighbours`]`(a, b, max_gap, door_width)`, else `None`.
///
/// ```
/// use mcrdun_geom::{Rect, Side};
/// use mcrdun_scatter::{door_span, DoorSpan};
/// let a = Rect::new(0, 0, 10, 10)?;
/// let b = Rect::new(12, 4, 5, 20)?;
/// assert_eq!(door_span(&a, &b, 3, 2), Some(DoorSpan { side: Side::East, start: 4, end: 10, gap: 2 }));
/// assert_eq!(door_span(&a, &b, 2, 2), None); // gap 2 is not below max_gap 2
/// # Ok::<(), mcrdun_geom::GeomError>(())
/// ```
pub fn door_span(a: &Rect, b: &Rect, max_gap: u32, door_width: u32) -> Option<DoorSpan> {
    if !are_neighbours(a, b, max_gap, door_width) {
        return None;
    }
    // Neighbours overlap along one axis (by more than the door width) and
    // have a gap in [0, max_gap) along the other: exactly one case holds.
    if a.y_overlap(b) > 0 {
        let side = if b.x() >= a.right() {
            Side::East
        } else {
            Side::West
        };
        Some(DoorSpan {
            side,
            start: a.y().max(b.y()),
            end: a.bottom().min(b.bottom()),
            gap: a.x_gap(b) as u32,
        })
    } else {
        let side = if b.y() >= a.bottom() {
            Side::South
        } else {
            Side::North
        };
        Some(DoorSpan {
            side,
            start: a.x().max(b.x()),
            end: a.right().min(b.right()),
            gap: a.y_gap(b) as u32,
        })
    }
}

/// Every pair of rooms that are neighbours by the rule of
/// [`are_neighbours`] (the gap between facing sides in `[0, max_gap)`, the
/// overlap along them wider than `door_width`), as links with `a < b`,
/// sorted by `(a, b)`.
///
/// Two sweeps, not all pairs: rooms sorted by left edge, and for each room
/// a binary search for the rooms whose left edge lies in
/// `[right, right + max_gap)`, its east-side candidates; then the same with
/// top edges for the south side. Cost O(n log n + candidates), and the
/// candidates are only the rooms starting within a `max_gap`-wide band.
/// Overlapping rooms are never neighbours.
///
/// Memory: [`NEIGHBOUR_BYTES_PER_ROOM`] a room plus [`NEIGHBOUR_BYTES_PER_PAIR`] a pair
/// found. The pairs can grow with the square of the rooms (rooms stacked
/// in a column with a wide `max_gap`), so they are counted as they grow:
/// the call is refused the moment they would pass the memory ceiling
/// (`mcrdun_geom::memory`).
///
/// ```
/// use mcrdun_geom::Rect;
/// use mcrdun_scatter::neighbours;
/// let rooms = [Rect::new(0, 0, 10, 10)?, Rect::new(10, 2, 6, 6)?, Rect::new(0, 11, 4, 4)?];
/// let pairs = |door| -> Result<Vec<(usize, usize)>, mcrdun_scatter::ScatterError> {
///     Ok(neighbours(&rooms, 2, door)?.iter().map(|l| (l.a, l.b)).collect())
/// };
/// // Room 1 touches room 0 over 6 cells; room 2 is 1 cell below it, over 4.
/// assert_eq!(pairs(3)?, [(0, 1), (0, 2)]);
/// assert_eq!(pairs(4)?, [(0, 1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ScatterError::TooManyRooms`] above [`MAX_ROOMS`](crate::MAX_ROOMS);
/// [`ScatterError::Geom`] with [`GeomError::OverBudget`](mcrdun_geom::GeomError::OverBudget)
/// when the rooms or their pairs need more than the memory ceiling.
pub fn neighbours(
    rooms: &[Rect],
    max_gap: u32,
    door_width: u32,
) -> Result<Vec<Link>, ScatterError> {
    let mut out = Vec::new();
    neighbours_into(rooms, max_gap, door_width, &mut out)?;
    Ok(out)
}

/// [`neighbours`] into a vector the caller owns (cleared first), so that
/// repeated calls reuse its capacity.
///
/// # Errors
/// As [`neighbours`].
pub fn neighbours_into(
    rooms: &[Rect],
    max_gap: u32,
    door_width: u32,
    out: &mut Vec<Link>,
) -> Result<(), ScatterError> {
    if rooms.len() > MAX_ROOMS {
        return Err(ScatterError::TooManyRooms { count: rooms.len() });
    }
    let _budget = Budget::start();
    out.clear();
    // The sweep's two index arrays; the pairs are counted as they grow.
    let fixed = rooms.len() as u64 * NEIGHBOUR_BYTES_PER_ROOM;
    check_budget(
        "finding neighbours",
        rooms.len() as u64,
        NEIGHBOUR_BYTES_PER_ROOM,
    )?;
    let mut order: Vec<u32> = try_with_capacity("finding neighbours", rooms.len())?;
    order.extend(0..rooms.len() as u32);
    let mut firsts = try_with_capacity("finding neighbours", rooms.len())?;
    sweep(
        rooms,
        &mut order,
        &mut firsts,
        (max_gap, door_width),
        out,
        fixed,
        |r| (r.x(), r.right()),
    )?;
    sweep(
        rooms,
        &mut order,
        &mut firsts,
        (max_gap, door_width),
        out,
        fixed,
        |r| (r.y(), r.bottom()),
    )?;
    out.sort_unstable_by_key(|l| (l.a, l.b));
    Ok(())
}

/// Working memory of [`neighbours`] per room, besides the pairs: two
/// arrays of `u32` for the sweeps.
pub const NEIGHBOUR_BYTES_PER_ROOM: u64 = 8;

/// Bytes of one neighbour pair ([`Link`]) in [`neighbours`]' output.
pub const NEIGHBOUR_BYTES_PER_PAIR: u64 = core::mem::size_of::<Link>() as u64;

/// One sweep along an axis: `span(r)` gives `(first, end)` of the room on
/// that axis; finds each pair whose facing sides are across that axis.
fn sweep(
    rooms: &[Rect],
    order: &mut [u32],
    firsts: &mut Vec<i32>,
    (max_gap, door_width): (u32, u32),
    out: &mut Vec<Link>,
    fixed: u64,
    span: impl Fn(&Rect) -> (i32, i32),
) -> Result<(), ScatterError> {
    order.sort_unstable_by_key(|&i| (span(&rooms[i as usize]).0, i));
    firsts.clear();
    firsts.extend(order.iter().map(|&i| span(&rooms[i as usize]).0));
    for &i in order.iter() {
        let a = &rooms[i as usize];
        let end = span(a).1;
        let stop = i64::from(end) + i64::from(max_gap);
        // Rooms starting in [end, end + max_gap) have a gap in [0, max_gap).
        let from = firsts.partition_point(|&f| f < end);
        for k in from..order.len() {
            if i64::from(firsts[k]) >= stop {
                break;
            }
            let j = order[k];
            let b = &rooms[j as usize];
            if let Some(door) = door_span(a, b, max_gap, door_width) {
                let link = Link {
                    a: i as usize,
                    b: j as usize,
                    door,
                };
                grow("neighbour pairs", out, fixed)?;
                out.push(if i < j { link } else { link.reversed() });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    #[test]
    fn spans_on_every_side() {
        let a = r(10, 10, 10, 10);
        let e = door_span(&a, &r(20, 12, 4, 4), 1, 1).unwrap();
        assert_eq!(
            e,
            DoorSpan {
                side: Side::East,
                start: 12,
                end: 16,
                gap: 0
            }
        );
        let w = door_span(&a, &r(5, 0, 4, 15), 2, 1).unwrap();
        assert_eq!(
            w,
            DoorSpan {
                side: Side::West,
                start: 10,
                end: 15,
                gap: 1
            }
        );
        let s = door_span(&a, &r(0, 22, 30, 4), 3, 1).unwrap();
        assert_eq!(
            s,
            DoorSpan {
                side: Side::South,
                start: 10,
                end: 20,
                gap: 2
            }
        );
        let n = door_span(&a, &r(18, 0, 4, 10), 1, 1).unwrap();
        assert_eq!(
            n,
            DoorSpan {
                side: Side::North,
                start: 18,
                end: 20,
                gap: 0
            }
        );
        assert_eq!(n.len(), 2);
        assert!(!n.is_empty());
        assert_eq!(n.reversed().side, Side::South);
        assert_eq!(door_span(&a, &r(15, 15, 10, 10), 5, 0), None);
    }

    #[test]
    fn sweep_matches_all_pairs_on_a_grid() {
        // A 6x6 grid of 4x4 rooms with gaps 0, 1, 2 alternating.
        let mut rooms = Vec::new();
        let mut y = 0;
        for row in 0..6 {
            let mut x = 0;
            for col in 0..6 {
                rooms.push(r(x, y, 4, 4));
                x += 4 + (col % 3);
            }
            y += 4 + (row % 3);
        }
        for (gap, door) in [(0, 0), (1, 0), (2, 2), (3, 3), (3, 2)] {
            let got: Vec<(usize, usize)> = neighbours(&rooms, gap, door)
                .unwrap()
                .iter()
                .map(|l| (l.a, l.b))
                .collect();
            let mut want = Vec::new();
            for i in 0..rooms.len() {
                for j in i + 1..rooms.len() {
                    if are_neighbours(&rooms[i], &rooms[j], gap, door) {
                        want.push((i, j));
                    }
                }
            }
            assert_eq!(got, want, "gap {gap} door {door}");
        }
        assert_eq!(neighbours(&rooms, 0, 0).unwrap(), vec![]);
        assert!(!neighbours(&rooms, 3, 0).unwrap().is_empty());
    }

    #[test]
    fn quadratic_pairs_are_refused_as_they_grow() {
        use mcrdun_geom::GeomError;
        use mcrdun_geom::memory::Budget;
        // 3,000 rooms stacked in a column, every pair neighbours with a wide
        // gap: 4.5 million pairs, 144 MB. Under 4 MiB the pairs stop at the
        // ceiling, and the call is refused.
        let rooms: Vec<Rect> = (0..3000).map(|i| r(0, 2 * i, 10, 1)).collect();
        let limit = 4 << 20;
        let _budget = Budget::start_with(limit);
        let mut out = Vec::new();
        let e = neighbours_into(&rooms, u32::MAX, 1, &mut out).unwrap_err();
        assert!(
            matches!(e, ScatterError::Geom(GeomError::OverBudget { .. })),
            "{e}"
        );
        let held = out.capacity() as u64 * NEIGHBOUR_BYTES_PER_PAIR
            + rooms.len() as u64 * NEIGHBOUR_BYTES_PER_ROOM;
        assert!(held <= limit, "{held}");
        // 300 rooms: 44,850 pairs fit; their tree needs 4.4 MB.
        let pairs = neighbours(&rooms[..300], u32::MAX, 1).unwrap();
        assert_eq!(pairs.len(), 44_850);
        let e = crate::spanning_tree(300, &pairs, 0).unwrap_err();
        assert!(
            matches!(e, ScatterError::Geom(GeomError::OverBudget { .. })),
            "{e}"
        );
        drop(_budget);
        assert_eq!(
            crate::spanning_tree(300, &pairs, 0).unwrap().tree().len(),
            299
        );
    }

    #[test]
    fn links_face_from_a() {
        let rooms = [r(10, 0, 5, 5), r(0, 0, 10, 5)];
        let links = neighbours(&rooms, 1, 0).unwrap();
        assert_eq!(links.len(), 1);
        assert_eq!(
            (links[0].a, links[0].b, links[0].door.side),
            (0, 1, Side::West)
        );
    }
}
