//! The finishing pass: after snapping to whole cells, place rooms one by
//! one and move each past anything it overlaps, one way only, so that the
//! pass provably ends with no overlap at all.

use crate::ScatterError;
use mcrdun_geom::Rect;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher for the cell keys (plain integers chosen by us,
/// not by an adversary). The map is only ever looked up, never iterated, so
/// its order cannot leak into the output.
#[derive(Default)]
struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type CellMap = HashMap<(i64, i64), u32, BuildHasherDefault<CellHasher>>;

/// No room in a cell's list.
const NONE: u32 = u32::MAX;

/// Placed rooms bucketed by the cell of their top-left corner, as intrusive
/// lists (`head` per cell, `next` per room): no allocation per cell.
struct Placed {
    cell: i64,
    head: CellMap,
    next: Vec<u32>,
}

impl Placed {
    fn key(&self, x: i64, y: i64) -> (i64, i64) {
        (x.div_euclid(self.cell), y.div_euclid(self.cell))
    }

    fn insert(&mut self, i: usize, x: i64, y: i64) {
        let key = self.key(x, y);
        let head = self.head.entry(key).or_insert(NONE);
        self.next[i] = *head;
        *head = i as u32;
    }
}

/// The four ways a room may be pushed, in the order ties are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    East,
    West,
    South,
    North,
}

const WAYS: [Way; 4] = [Way::East, Way::West, Way::South, Way::North];

/// Places every room at its snapped top-left corner `at[i]`, moving those
/// that overlap earlier rooms (boxes padded by `pad` cells on the right and
/// bottom, so that clear boxes mean gaps of at least `pad`). Returns the
/// rooms and how many had to move.
pub(crate) fn finish(
    rooms: &[Rect],
    mut at: Vec<(i64, i64)>,
    pad: i64,
) -> Result<(Vec<Rect>, usize), ScatterError> {
    let n = rooms.len();
    let size = |i: usize| (i64::from(rooms[i].w()) + pad, i64::from(rooms[i].h()) + pad);
    let cell = (0..n).map(|i| size(i).0.max(size(i).1)).max().unwrap_or(1);
    let mut placed = Placed {
        cell,
        head: CellMap::with_capacity_and_hasher(n, Default::default()),
        next: vec![NONE; n],
    };
    let mut moved = 0;
    let mut hits: Vec<u32> = Vec::new();
    for i in placement_order(rooms, &at) {
        let (w, h) = size(i);
        let mut way = None;
        loop {
            let (x, y) = at[i];
            overlapping(&placed, &at, &size, x, y, w, h, &mut hits);
            if hits.is_empty() {
                break;
            }
            // The distance to clear every current overlap, for each way.
            let need = |way: Way| -> i64 {
                hits.iter()
                    .map(|&q| {
                        let q = q as usize;
                        let ((qx, qy), (qw, qh)) = (at[q], size(q));
                        match way {
                            Way::East => qx + qw - x,
                            Way::West => x + w - qx,
                            Way::South => qy + qh - y,
                            Way::North => y + h - qy,
                        }
                    })
                    .max()
                    .unwrap_or(0)
            };
            // The first move picks the cheapest way; later moves keep it,
            // which is what bounds the number of moves.
            let chosen = *way.get_or_insert_with(|| {
                WAYS.into_iter()
                    .min_by_key(|&wy| need(wy))
                    .unwrap_or(Way::East)
            });
            let d = need(chosen);
            at[i] = match chosen {
                Way::East => (x + d, y),
                Way::West => (x - d, y),
                Way::South => (x, y + d),
                Way::North => (x, y - d),
            };
        }
        if way.is_some() {
            moved += 1;
        }
        placed.insert(i, at[i].0, at[i].1);
    }
    let mut out = Vec::with_capacity(n);
    for (room, &(x, y)) in rooms.iter().zip(&at) {
        let (x, y) = match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Err(ScatterError::OutOfRange),
        };
        out.push(
            room.with_origin(x, y)
                .map_err(|_| ScatterError::OutOfRange)?,
        );
    }
    Ok((out, moved))
}

/// Rooms nearest the heap's centre first (then by index), so that a room
/// pushed aside meets rooms already placed nearer the middle and its
/// cheapest way out mostly points outwards: the heap grows at its rim
/// instead of being torn open inside.
fn placement_order(rooms: &[Rect], at: &[(i64, i64)]) -> Vec<usize> {
    let n = rooms.len().max(1) as i128;
    // Doubled centres keep the halves of odd sizes exact.
    let centre = |i: usize| {
        let (x, y) = at[i];
        (
            2 * i128::from(x) + i128::from(rooms[i].w()),
            2 * i128::from(y) + i128::from(rooms[i].h()),
        )
    };
    let (mut sx, mut sy) = (0i128, 0i128);
    for i in 0..rooms.len() {
        let (x, y) = centre(i);
        sx += x;
        sy += y;
    }
    let (mx, my) = (sx.div_euclid(n), sy.div_euclid(n));
    let mut order: Vec<(i128, usize)> = (0..rooms.len())
        .map(|i| {
            let (x, y) = centre(i);
            ((x - mx) * (x - mx) + (y - my) * (y - my), i)
        })
        .collect();
    order.sort_unstable();
    order.into_iter().map(|(_, i)| i).collect()
}

/// Collects into `hits` the placed rooms whose padded boxes overlap the box
/// `[x, x + w) x [y, y + h)`.
#[allow(clippy::too_many_arguments)]
fn overlapping(
    placed: &Placed,
    at: &[(i64, i64)],
    size: &impl Fn(usize) -> (i64, i64),
    x: i64,
    y: i64,
    w: i64,
    h: i64,
    hits: &mut Vec<u32>,
) {
    hits.clear();
    // A box overlapping ours has its corner in (x - cell, x + w) on x, and
    // likewise on y, since no box is wider than a cell.
    let (k0, l0) = placed.key(x - placed.cell + 1, y - placed.cell + 1);
    let (k1, l1) = placed.key(x + w - 1, y + h - 1);
    for l in l0..=l1 {
        for k in k0..=k1 {
            let mut q = placed.head.get(&(k, l)).copied().unwrap_or(NONE);
            while q != NONE {
                let (qx, qy) = at[q as usize];
                let (qw, qh) = size(q as usize);
                if qx < x + w && x < qx + qw && qy < y + h && y < qy + qh {
                    hits.push(q);
                }
                q = placed.next[q as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    #[test]
    fn takes_the_shortest_way_then_keeps_it() {
        let rooms = [r(0, 0, 10, 10), r(0, 0, 3, 3), r(0, 0, 10, 2)];
        let at = vec![(0, 0), (8, 4), (0, 9)];
        let (out, moved) = finish(&rooms, at, 0).unwrap();
        // Room 1 overlaps room 0 by 2 on x (east is cheapest).
        assert_eq!(out[1], r(10, 4, 3, 3));
        // Room 2 overlaps room 0 by 1 row: south.
        assert_eq!(out[2], r(0, 10, 10, 2));
        assert_eq!(moved, 2);
    }

    #[test]
    fn places_centre_first_and_passes_rooms() {
        // Doubled centre x: 4, 12, 20, 11; centroid 11: the order is 3, 1,
        // 0, 2. With padding 1: room 1 goes east of room 3 (5 < 6), room 0
        // west (2 < 9), room 2 east past both 3 and 1 at once (6 < 10).
        let rooms = [r(0, 0, 4, 9), r(0, 0, 4, 9), r(0, 0, 4, 9), r(0, 0, 5, 9)];
        let at = vec![(0, 0), (4, 0), (8, 0), (3, 0)];
        assert_eq!(placement_order(&rooms, &at), [3, 1, 0, 2]);
        let (out, moved) = finish(&rooms, at, 1).unwrap();
        assert_eq!(moved, 3);
        assert_eq!(
            out.iter().map(|r| r.x()).collect::<Vec<_>>(),
            [-2, 9, 14, 3]
        );
        for (i, a) in out.iter().enumerate() {
            for b in &out[i + 1..] {
                assert!(a.x_gap(b) >= 1 || a.y_gap(b) >= 1, "{a} {b}");
            }
        }
    }

    #[test]
    fn far_coordinates_are_refused() {
        let rooms = [r(0, 0, 4, 4)];
        assert_eq!(
            finish(&rooms, vec![(i64::from(i32::MAX), 0)], 0),
            Err(ScatterError::OutOfRange)
        );
    }
}
