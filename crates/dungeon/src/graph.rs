//! Stage 2, room graphs: which rooms may be joined, as [`Edge`]s for
//! [`spanning_links`](crate::links::spanning_links). One builder per
//! layout: BSP leaves sharing a wall ([`leaf_graph`]), each scattered room
//! and its nearest rooms ([`nearest_rooms`]), touching Voronoi cells
//! ([`cell_graph`]).

use crate::LevelError;
use crate::links::Edge;
use mcrdun_bsp::Bsp;
use mcrdun_geom::{DisjointSets, Rect};

/// No room (a cell too small for one).
const NONE: u32 = u32::MAX;

/// Neighbours each room is offered to by [`nearest_rooms`].
pub(crate) const NEAREST: usize = 5;

/// The BSP leaves that share a wall (the leaf adjacency), each pair once,
/// `a < b`, in leaf order; weight 0.
pub(crate) fn leaf_graph(tree: &Bsp) -> Result<Vec<Edge>, LevelError> {
    let mut edges: Vec<Edge> = Vec::new();
    for (a, next) in tree
        .adjacency()
        .map_err(LevelError::Bsp)?
        .iter()
        .enumerate()
    {
        for &b in next.iter().filter(|&&b| b as usize > a) {
            edges.push(Edge {
                a: a as u32,
                b,
                weight: 0,
            });
        }
    }
    Ok(edges)
}

/// The gap between two rectangles: empty tiles between them along x plus
/// along y.
pub(crate) fn gap(a: &Rect, b: &Rect) -> u32 {
    let gx = (b.x() - a.right()).max(a.x() - b.right()).max(0);
    let gy = (b.y() - a.bottom()).max(a.y() - b.bottom()).max(0);
    (gx + gy) as u32
}

/// The room graph: each room and its [`NEAREST`] nearest rooms by gap,
/// found through buckets of 32 x 32 tiles (wider rings of buckets for a
/// room with too few near it); each pair once, sorted.
pub(crate) fn nearest_rooms(rooms: &[Rect], w: i32, h: i32) -> Vec<Edge> {
    const B: i32 = 32;
    let (bw, bh) = ((w + B - 1) / B, (h + B - 1) / B);
    let bucket_of = |r: &Rect| {
        let c = r.center();
        ((c.x / B).clamp(0, bw - 1), (c.y / B).clamp(0, bh - 1))
    };
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); (bw * bh) as usize];
    for (i, r) in rooms.iter().enumerate() {
        let (x, y) = bucket_of(r);
        buckets[(y * bw + x) as usize].push(i as u32);
    }
    let mut edges = Vec::with_capacity(rooms.len() * NEAREST);
    let mut near: Vec<(u32, u32)> = Vec::new();
    for (a, ra) in rooms.iter().enumerate() {
        let (bx, by) = bucket_of(ra);
        let mut ring = 1;
        loop {
            near.clear();
            for y in (by - ring).max(0)..=(by + ring).min(bh - 1) {
                for x in (bx - ring).max(0)..=(bx + ring).min(bw - 1) {
                    for &b in &buckets[(y * bw + x) as usize] {
                        if b as usize != a {
                            near.push((gap(ra, &rooms[b as usize]), b));
                        }
                    }
                }
            }
            if near.len() >= NEAREST || ring >= bw.max(bh) {
                break;
            }
            ring *= 2;
        }
        // The NEAREST least (gap, index) pairs, in order: every pair is
        // distinct, so selecting them first and sorting only those gives
        // the full sort's first NEAREST.
        if near.len() > NEAREST {
            near.select_nth_unstable(NEAREST - 1);
            near.truncate(NEAREST);
        }
        near.sort_unstable();
        for &(g, b) in near.iter() {
            let (lo, hi) = ((a as u32).min(b), (a as u32).max(b));
            edges.push(Edge {
                a: lo,
                b: hi,
                weight: g,
            });
        }
    }
    edges.sort_unstable_by_key(|e| (e.a, e.b));
    edges.dedup();
    edges
}

/// The pairs of touching cells of a partition `ids` (`w` x `h`, `NONE` for
/// no cell): a tile and its east or south neighbour in different cells.
/// Each pair once, `(lower, higher)`, sorted.
pub(crate) fn touching_cells(ids: &[u32], w: usize, h: usize) -> Vec<(u32, u32)> {
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    // The last east and south neighbour pushed for each cell: a boundary
    // between two cells repeats row after row (east) and tile after tile
    // (south), and is pushed once a stretch instead (the sort and dedup
    // below make the result the same; only the pairs to sort are fewer).
    let mut last: Vec<(u32, u32)> = Vec::new();
    let mut note = |a: u32, b: u32, south: bool, pairs: &mut Vec<(u32, u32)>| {
        let k = a as usize;
        if k >= last.len() {
            last.resize(k + 1, (NONE, NONE));
        }
        let seen = if south {
            &mut last[k].1
        } else {
            &mut last[k].0
        };
        if *seen != b {
            *seen = b;
            pairs.push((a.min(b), a.max(b)));
        }
    };
    for y in 0..h {
        let row = &ids[y * w..(y + 1) * w];
        let below = (y + 1 < h).then(|| &ids[(y + 1) * w..(y + 2) * w]);
        for x in 0..w {
            let a = row[x];
            let e = if x + 1 < w { row[x + 1] } else { NONE };
            let s = below.map_or(NONE, |b| b[x]);
            // Inside a cell (or outside all): nothing to note.
            if a == NONE || (a == e && a == s) {
                continue;
            }
            if e != NONE && e != a {
                note(a, e, false, &mut pairs);
            }
            if s != NONE && s != a {
                note(a, s, true, &mut pairs);
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// The room graph of a partition whose cells hold a room or none
/// (`room_of_cell`, `NONE` for none) over its touching cell pairs `pairs`
/// ([`touching_cells`]): cells that touch and both hold a room (weight 0);
/// the rooms around a cell too small for a room, pairwise (weight 1, after
/// the direct ones); and, where the graph is still in pieces, the rooms
/// around a group of such cells ([`join_across_empty_cells`], weight 2).
/// Each pair once, at its lightest, sorted.
pub(crate) fn cell_graph(pairs: &[(u32, u32)], room_of_cell: &[u32], rooms: usize) -> Vec<Edge> {
    let mut edges: Vec<Edge> = Vec::new();
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); room_of_cell.len()];
    for &(a, b) in pairs {
        let (ca, cb) = (a as usize, b as usize);
        let (ra, rb) = (room_of_cell[ca], room_of_cell[cb]);
        match (ra != NONE, rb != NONE) {
            (true, true) => edges.push(Edge {
                a: ra.min(rb),
                b: ra.max(rb),
                weight: 0,
            }),
            (true, false) => around[cb].push(ra),
            (false, true) => around[ca].push(rb),
            (false, false) => {}
        }
    }
    for list in &around {
        for (k, &a) in list.iter().enumerate() {
            for &b in &list[k + 1..] {
                edges.push(Edge {
                    a: a.min(b),
                    b: a.max(b),
                    weight: 1,
                });
            }
        }
    }
    edges.sort_unstable_by_key(|e| (e.a, e.b, e.weight));
    edges.dedup_by_key(|e| (e.a, e.b));
    join_across_empty_cells(&mut edges, pairs, room_of_cell, rooms);
    edges
}

/// Makes the room graph connected where cells too small for a room lie
/// side by side: on a thin map two such cells can span it from edge to
/// edge, and the rooms on either side are then neighbours of neither
/// cell's neighbours. Each group of touching roomless cells (over the cell
/// pairs `pairs`) joins the rooms around it that the graph `edges` leaves
/// apart, with edges of weight 2 (after the direct ones and those across
/// one cell); a graph that is connected already is left as it is.
///
/// Cost: O(cells + pairs) with near-constant union-find steps.
pub(crate) fn join_across_empty_cells(
    edges: &mut Vec<Edge>,
    pairs: &[(u32, u32)],
    room_of_cell: &[u32],
    rooms: usize,
) {
    let mut apart = DisjointSets::new(rooms);
    for e in edges.iter() {
        apart.union(e.a as usize, e.b as usize);
    }
    if apart.set_count() <= 1 {
        return;
    }
    let mut group = DisjointSets::new(room_of_cell.len());
    for &(a, b) in pairs {
        if room_of_cell[a as usize] == NONE && room_of_cell[b as usize] == NONE {
            group.union(a as usize, b as usize);
        }
    }
    // The first room met around each group; every later one that the graph
    // leaves apart from it is joined to it.
    let mut first_room = vec![NONE; room_of_cell.len()];
    let mut added = Vec::new();
    for &(a, b) in pairs {
        let (ra, rb) = (room_of_cell[a as usize], room_of_cell[b as usize]);
        let (room, empty) = match (ra != NONE, rb != NONE) {
            (true, false) => (ra, b),
            (false, true) => (rb, a),
            _ => continue,
        };
        let g = group.find(empty as usize);
        if first_room[g] == NONE {
            first_room[g] = room;
        } else if apart.union(first_room[g] as usize, room as usize) {
            let other = first_room[g];
            added.push(Edge {
                a: other.min(room),
                b: other.max(room),
                weight: 2,
            });
        }
    }
    edges.extend(added);
    edges.sort_unstable_by_key(|e| (e.a, e.b, e.weight));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(a: u32, b: u32, weight: u32) -> Edge {
        Edge { a, b, weight }
    }

    #[test]
    fn rooms_apart_join_across_a_row_of_empty_cells() {
        // Cells 0 - 1 - 2 - 3 in a row; 1 and 2 are too small for a room.
        // Rooms 0 (cell 0) and 1 (cell 3) touch no common cell.
        let pairs = [(0, 1), (1, 2), (2, 3)];
        let room_of_cell = [0, NONE, NONE, 1];
        let mut edges = Vec::new();
        join_across_empty_cells(&mut edges, &pairs, &room_of_cell, 2);
        assert_eq!(edges, [edge(0, 1, 2)]);
    }

    #[test]
    fn only_rooms_apart_are_joined() {
        // Rooms 0 and 1 touch; room 2 lies beyond two empty cells (3, 4)
        // from both: one edge joins it, to the first room met.
        let pairs = [(0, 1), (0, 3), (1, 3), (3, 4), (2, 4)];
        let room_of_cell = [0, 1, 2, NONE, NONE];
        let mut edges = vec![edge(0, 1, 0)];
        join_across_empty_cells(&mut edges, &pairs, &room_of_cell, 3);
        assert_eq!(edges, [edge(0, 1, 0), edge(0, 2, 2)]);
        // A connected graph is left alone, even with empty cells around.
        let mut connected = vec![edge(0, 1, 0), edge(1, 2, 1)];
        join_across_empty_cells(&mut connected, &pairs, &room_of_cell, 3);
        assert_eq!(connected, [edge(0, 1, 0), edge(1, 2, 1)]);
        // Empty cells 3 and 4 touch only through room 1's cell: two
        // groups, each joining the rooms around it.
        let chain = [(0, 3), (1, 3), (1, 4), (2, 4)];
        let mut joined = Vec::new();
        join_across_empty_cells(&mut joined, &chain, &room_of_cell, 3);
        assert_eq!(joined, [edge(0, 1, 2), edge(1, 2, 2)]);
        // Two groups of empty cells that do not touch join nothing.
        let split = [(0, 3), (4, 2)];
        let mut none = vec![edge(0, 1, 0)];
        join_across_empty_cells(&mut none, &split, &room_of_cell, 3);
        assert_eq!(none, [edge(0, 1, 0)]);
    }

    #[test]
    fn touching_cells_and_the_rooms_around_an_empty_one() {
        // Cells 0 | 1 | 2 side by side over a row of no cell; cell 1 holds
        // no room.
        let ids = [0, 0, 1, 2, 2, NONE, NONE, NONE, NONE, NONE];
        let pairs = touching_cells(&ids, 5, 2);
        assert_eq!(pairs, [(0, 1), (1, 2)]);
        let edges = cell_graph(&pairs, &[0, NONE, 1], 2);
        assert_eq!(edges, [edge(0, 1, 1)]);
        let direct = cell_graph(&pairs, &[0, 1, 2], 3);
        assert_eq!(direct, [edge(0, 1, 0), edge(1, 2, 0)]);
    }

    #[test]
    fn nearest_rooms_by_gap() {
        let r = |x, y| Rect::new(x, y, 3, 3).unwrap();
        // Seven rooms in a row, 2 tiles apart: each gets its 5 nearest.
        let rooms: Vec<Rect> = (0..7).map(|i| r(1 + 5 * i, 1)).collect();
        assert_eq!(gap(&rooms[0], &rooms[1]), 2);
        assert_eq!(gap(&rooms[3], &rooms[0]), 12);
        assert_eq!(gap(&r(1, 1), &r(5, 6)), 3);
        let edges = nearest_rooms(&rooms, 40, 5);
        assert!(
            edges
                .iter()
                .all(|e| e.a < e.b && e.weight == gap(&rooms[e.a as usize], &rooms[e.b as usize]))
        );
        // Room 0's five nearest are 1..=5; room 6's are 1..=5 too.
        assert!(edges.contains(&edge(0, 5, 22)) && !edges.contains(&edge(0, 6, 27)));
        assert!(edges.contains(&edge(1, 6, 22)));
        let mut sorted = edges.clone();
        sorted.sort_unstable_by_key(|e| (e.a, e.b));
        sorted.dedup();
        assert_eq!(sorted, edges);
    }

    #[test]
    fn cells_touch_across_rows_and_columns() {
        // Cells 0 1 / 2 2 / 3 3 in columns of two tiles, up to the map's
        // right and bottom edges.
        let ids = [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
        assert_eq!(touching_cells(&ids, 4, 3), [(0, 1), (0, 2), (1, 2), (2, 3)]);
        let column = [0, 1, 1];
        assert_eq!(touching_cells(&column, 1, 3), [(0, 1)]);
    }

    /// Each room's [`NEAREST`] nearest by (gap, index), every pair once.
    fn nearest_by_brute_force(rooms: &[Rect]) -> Vec<Edge> {
        let mut edges = Vec::new();
        for (a, ra) in rooms.iter().enumerate() {
            let mut near: Vec<(u32, u32)> = (0..rooms.len() as u32)
                .filter(|&b| b as usize != a)
                .map(|b| (gap(ra, &rooms[b as usize]), b))
                .collect();
            near.sort_unstable();
            for &(g, b) in near.iter().take(NEAREST) {
                edges.push(edge((a as u32).min(b), (a as u32).max(b), g));
            }
        }
        edges.sort_unstable_by_key(|e| (e.a, e.b));
        edges.dedup();
        edges
    }

    #[test]
    fn nearest_rooms_over_buckets_on_a_grid() {
        // 6 x 5 rooms of 3x3, one a bucket of 32 tiles: each room's nearest
        // lie in the ring of buckets around it, or the next for a corner.
        let mut rooms = Vec::new();
        for j in 0..5 {
            for i in 0..6 {
                rooms.push(Rect::new(1 + 32 * i, 1 + 32 * j, 3, 3).unwrap());
            }
        }
        let edges = nearest_rooms(&rooms, 6 * 32 + 2, 5 * 32 + 2);
        assert_eq!(edges, nearest_by_brute_force(&rooms));
        assert!(edges.contains(&edge(0, 1, 29)) && edges.contains(&edge(0, 7, 58)));
    }

    #[test]
    fn leaves_sharing_a_wall() {
        let mut tree = Bsp::new(Rect::new(0, 0, 20, 10).unwrap());
        let root = tree.root();
        tree.split_once(root, false, 10).unwrap();
        let left = tree.find(mcrdun_geom::Point::new(0, 0)).unwrap();
        tree.split_once(left, true, 5).unwrap();
        let right = tree.find(mcrdun_geom::Point::new(19, 0)).unwrap();
        tree.split_once(right, true, 7).unwrap();
        // Leaves in level order: top left 0, bottom left 1, top right 2,
        // bottom right 3; the two bottom ones share x = 10 from y = 7 on,
        // and the top left one meets the bottom right one at no wall.
        let edges = leaf_graph(&tree).unwrap();
        assert_eq!(
            edges,
            [
                edge(0, 1, 0),
                edge(0, 2, 0),
                edge(1, 2, 0),
                edge(1, 3, 0),
                edge(2, 3, 0)
            ]
        );
    }
}
