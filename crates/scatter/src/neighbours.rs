//! Neighbour pairs by the "close enough, wide enough" rule, found by two
//! sorted sweeps instead of all pairs.

use crate::{MAX_ROOMS, ScatterError};
use mcrdun_geom::memory::{Budget, grow, try_reserve, try_with_capacity};
use mcrdun_geom::{GeomError, Rect, Side, are_neighbours};

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
/// Memory: [`NEIGHBOUR_BYTES_PER_ROOM`] a room plus
/// [`NEIGHBOUR_BYTES_PER_PAIR`] a pair found. The pairs can grow with the
/// square of the rooms (rooms stacked in a column with a wide `max_gap`),
/// so each sweep first counts its candidates (two binary searches a room,
/// nothing stored); when they might not fit under the memory ceiling
/// (`mcrdun_geom::memory`), it counts its pairs without storing them and
/// refuses the call as soon as they pass it: a call that cannot fit is
/// refused after counting at most as many pairs as would fit, holding
/// [`NEIGHBOUR_BYTES_PER_ROOM`] a room.
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
    neighbours_for(rooms, max_gap, door_width, PairCost::default(), out)
}

/// What a caller of [`neighbours_for`] spends besides the pairs themselves:
/// bytes it already holds, and bytes it will spend on each pair found (a
/// tree, loops, a copy of the pairs), all counted against the same memory
/// ceiling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairCost {
    /// Bytes the caller holds for this call besides the rooms' and pairs'.
    pub held: u64,
    /// Bytes the caller will spend on each pair after the call.
    pub per_pair: u64,
}

/// [`neighbours_into`] for a caller that will build more from the pairs:
/// the pairs are counted at [`NEIGHBOUR_BYTES_PER_PAIR`] plus
/// `cost.per_pair` bytes each, beside `cost.held` bytes and
/// [`NEIGHBOUR_BYTES_PER_ROOM`] a room, so a call whose pairs the caller
/// could not afford is refused while the pairs are counted, before they are
/// stored.
///
/// ```
/// use mcrdun_geom::{memory::Budget, Rect};
/// use mcrdun_scatter::{neighbours_for, PairCost};
/// // 2,000 rooms in a column, every pair neighbours: 1,999,000 pairs.
/// let rooms: Vec<Rect> = (0..2000).map(|i| Rect::new(0, 2 * i, 10, 1)).collect::<Result<_, _>>()?;
/// let _call = Budget::start_with(64 << 20);
/// let mut out = Vec::new();
/// // 48 bytes a pair fit in 64 MiB (96 MB)? No: refused while counting.
/// assert!(neighbours_for(&rooms, u32::MAX, 1, PairCost::default(), &mut out).is_err());
/// assert!(out.capacity() == 0);
/// let few = &rooms[..500]; // 124,750 pairs, 6 MB
/// assert!(neighbours_for(few, u32::MAX, 1, PairCost::default(), &mut out).is_ok());
/// // ... but not if the caller needs 1 KB more a pair.
/// let dear = PairCost { held: 0, per_pair: 1000 };
/// assert!(neighbours_for(few, u32::MAX, 1, dear, &mut out).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`neighbours`].
pub fn neighbours_for(
    rooms: &[Rect],
    max_gap: u32,
    door_width: u32,
    cost: PairCost,
    out: &mut Vec<Link>,
) -> Result<(), ScatterError> {
    if rooms.len() > MAX_ROOMS {
        return Err(ScatterError::TooManyRooms { count: rooms.len() });
    }
    let budget = Budget::start();
    out.clear();
    let n = rooms.len();
    // The sweeps' three arrays, and what the caller holds.
    let fixed = (n as u64 * NEIGHBOUR_BYTES_PER_ROOM).saturating_add(cost.held);
    budget.check_bytes("finding neighbours", fixed)?;
    let per_pair = NEIGHBOUR_BYTES_PER_PAIR.saturating_add(cost.per_pair);
    // The most pairs that fit, besides the fixed part.
    let most = (budget.limit() - fixed) / per_pair;
    let mut sweep = Sweep {
        rooms,
        order: try_with_capacity("finding neighbours", n)?,
        firsts: try_with_capacity("finding neighbours", n)?,
        range: try_with_capacity("finding neighbours", n)?,
        max_gap,
        door_width,
    };
    sweep.order.extend(0..n as u32);
    // Each pair as one key, `a << 32 | b` with a < b: 8 bytes while the
    // sweeps find them, made links once they are all found and sorted.
    let mut keys: Vec<u64> = Vec::new();
    for axis in [Axis::X, Axis::Y] {
        let candidates = sweep.prepare(axis);
        let left = most - keys.len() as u64;
        if candidates > left {
            // Maybe too many: count the pairs, storing none, and stop as
            // soon as they pass what fits.
            let Some(found) = sweep.count(left) else {
                return Err(over_budget(
                    fixed,
                    keys.len() as u64 + left + 1,
                    per_pair,
                    &budget,
                ));
            };
            keys.try_reserve_exact(found as usize)
                .map_err(|_| over_budget(fixed, keys.len() as u64 + found, per_pair, &budget))?;
        }
        sweep.collect(&mut keys, fixed)?;
    }
    drop(sweep);
    keys.sort_unstable();
    try_reserve("neighbour pairs", out, keys.len())?;
    out.extend(keys.iter().filter_map(|&k| {
        let (a, b) = ((k >> 32) as usize, (k & 0xFFFF_FFFF) as usize);
        let door = door_span(&rooms[a], &rooms[b], max_gap, door_width)?;
        Some(Link { a, b, door })
    }));
    Ok(())
}

/// The refusal of `pairs` pairs at `per_pair` bytes beside `fixed`.
fn over_budget(fixed: u64, pairs: u64, per_pair: u64, budget: &Budget) -> ScatterError {
    ScatterError::Geom(GeomError::OverBudget {
        what: "neighbour pairs",
        needed: fixed.saturating_add(pairs.saturating_mul(per_pair)),
        limit: budget.limit(),
    })
}

/// Working memory of [`neighbours`] per room, besides the pairs: three
/// arrays of the sweeps (the order, the sorted edges, each room's
/// candidate range).
pub const NEIGHBOUR_BYTES_PER_ROOM: u64 = 16;

/// Working memory of [`neighbours`] per pair found: the [`Link`] returned
/// (32 bytes) and the pair's key while the sweeps run (8 bytes, in a
/// vector that at most doubles: 16).
pub const NEIGHBOUR_BYTES_PER_PAIR: u64 = core::mem::size_of::<Link>() as u64 + 16;

/// The axis a sweep looks across.
#[derive(Clone, Copy)]
enum Axis {
    X,
    Y,
}

/// The sweeps' state: the rooms, their order along the current axis, the
/// sorted first edges and each room's candidate range in that order.
struct Sweep<'a> {
    rooms: &'a [Rect],
    order: Vec<u32>,
    firsts: Vec<i32>,
    range: Vec<(u32, u32)>,
    max_gap: u32,
    door_width: u32,
}

impl Sweep<'_> {
    /// `(first, end)` of a room along `axis`.
    #[inline]
    fn span(r: &Rect, axis: Axis) -> (i32, i32) {
        match axis {
            Axis::X => (r.x(), r.right()),
            Axis::Y => (r.y(), r.bottom()),
        }
    }

    /// Sorts the rooms along `axis` and finds each room's candidates: the
    /// rooms starting in `[end, end + max_gap)`, which have a gap in
    /// `[0, max_gap)`. Returns their number (an upper bound on the pairs).
    fn prepare(&mut self, axis: Axis) -> u64 {
        let rooms = self.rooms;
        self.order
            .sort_unstable_by_key(|&i| (Self::span(&rooms[i as usize], axis).0, i));
        self.firsts.clear();
        self.firsts.extend(
            self.order
                .iter()
                .map(|&i| Self::span(&rooms[i as usize], axis).0),
        );
        self.range.clear();
        let mut candidates = 0u64;
        for &i in &self.order {
            let end = Self::span(&rooms[i as usize], axis).1;
            let stop = i64::from(end) + i64::from(self.max_gap);
            let from = self.firsts.partition_point(|&f| f < end);
            let to = from + self.firsts[from..].partition_point(|&f| i64::from(f) < stop);
            candidates += (to - from) as u64;
            self.range.push((from as u32, to as u32));
        }
        candidates
    }

    /// The pairs among the candidates, counted without storing them:
    /// `None` as soon as there are more than `most`.
    fn count(&self, most: u64) -> Option<u64> {
        let mut found = 0u64;
        for (&i, &(from, to)) in self.order.iter().zip(&self.range) {
            let a = &self.rooms[i as usize];
            for &j in &self.order[from as usize..to as usize] {
                if are_neighbours(a, &self.rooms[j as usize], self.max_gap, self.door_width) {
                    found += 1;
                    if found > most {
                        return None;
                    }
                }
            }
        }
        Some(found)
    }

    /// Pushes the key of every pair among the candidates onto `keys`.
    fn collect(&self, keys: &mut Vec<u64>, fixed: u64) -> Result<(), ScatterError> {
        for (&i, &(from, to)) in self.order.iter().zip(&self.range) {
            let a = &self.rooms[i as usize];
            for &j in &self.order[from as usize..to as usize] {
                if are_neighbours(a, &self.rooms[j as usize], self.max_gap, self.door_width) {
                    let (lo, hi) = if i < j { (i, j) } else { (j, i) };
                    grow("neighbour pairs", keys, fixed)?;
                    keys.push(u64::from(lo) << 32 | u64::from(hi));
                }
            }
        }
        Ok(())
    }
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
    fn quadratic_pairs_are_refused_before_they_are_stored() {
        use mcrdun_geom::GeomError;
        use mcrdun_geom::memory::Budget;
        // 3,000 rooms stacked in a column, every pair neighbours with a wide
        // gap: 4.5 million pairs, 216 MB. Under 4 MiB the pairs are counted,
        // not stored, and the call is refused.
        let rooms: Vec<Rect> = (0..3000).map(|i| r(0, 2 * i, 10, 1)).collect();
        let limit = 4 << 20;
        let _budget = Budget::start_with(limit);
        let mut out = Vec::new();
        let e = neighbours_into(&rooms, u32::MAX, 1, &mut out).unwrap_err();
        assert!(
            matches!(e, ScatterError::Geom(GeomError::OverBudget { needed, .. }) if needed > limit),
            "{e}"
        );
        assert_eq!(out.capacity(), 0);
        // The most pairs that fit, exactly: 160 rooms give 12,720 pairs.
        let fits =
            |n: u64, pairs: u64| n * NEIGHBOUR_BYTES_PER_ROOM + pairs * NEIGHBOUR_BYTES_PER_PAIR;
        {
            let _call = Budget::start_with(fits(160, 12_720) - 1);
            assert!(neighbours(&rooms[..160], u32::MAX, 1).is_err());
            let dear = PairCost {
                held: 1,
                per_pair: 0,
            };
            drop(_call);
            let _call = Budget::start_with(fits(160, 12_720));
            assert_eq!(
                neighbours(&rooms[..160], u32::MAX, 1).unwrap().len(),
                12_720
            );
            let mut out = Vec::new();
            assert!(neighbours_for(&rooms[..160], u32::MAX, 1, dear, &mut out).is_err());
        }
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

    /// Candidates that are not pairs: the exact count lets through what
    /// fits, and refuses one byte less.
    #[test]
    fn pairs_are_counted_exactly_when_the_candidates_do_not_fit() {
        use mcrdun_geom::memory::Budget;
        // A column of 200 rooms, every other one a cell wide: all 19,900
        // pairs are candidates, but only the 4,950 pairs of wide rooms
        // face each other over more than the door.
        let rooms: Vec<Rect> = (0..200)
            .map(|i| r(0, 2 * i, if i % 2 == 0 { 10 } else { 1 }, 1))
            .collect();
        let need = 200 * NEIGHBOUR_BYTES_PER_ROOM + 4950 * NEIGHBOUR_BYTES_PER_PAIR;
        {
            let _call = Budget::start_with(need - 1);
            match neighbours(&rooms, u32::MAX, 1) {
                Err(ScatterError::Geom(GeomError::OverBudget { needed, limit, .. })) => {
                    assert!(needed > limit, "{needed} {limit}");
                }
                other => panic!("{other:?}"),
            }
        }
        let _call = Budget::start_with(need);
        let links = neighbours(&rooms, u32::MAX, 1).unwrap();
        assert_eq!(links.len(), 4950);
        assert!(links.iter().all(|l| l.a % 2 == 0 && l.b % 2 == 0));
    }

    /// Pairs on both axes: the second sweep counts what the first stored.
    #[test]
    fn both_sweeps_share_one_budget() {
        use mcrdun_geom::memory::Budget;
        // A 12 x 12 grid of touching 4 x 4 rooms: 264 pairs, half of them
        // found by each sweep.
        let rooms: Vec<Rect> = (0..144)
            .map(|i| r(4 * (i % 12), 4 * (i / 12), 4, 4))
            .collect();
        let need = 144 * NEIGHBOUR_BYTES_PER_ROOM + 264 * NEIGHBOUR_BYTES_PER_PAIR;
        {
            let _call = Budget::start_with(need - 1);
            match neighbours(&rooms, 1, 1) {
                Err(ScatterError::Geom(GeomError::OverBudget { needed, limit, .. })) => {
                    assert!(needed > limit, "{needed} {limit}");
                }
                other => panic!("{other:?}"),
            }
        }
        let _call = Budget::start_with(need);
        assert_eq!(neighbours(&rooms, 1, 1).unwrap().len(), 264);
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
