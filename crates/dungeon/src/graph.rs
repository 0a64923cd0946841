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
    edge_gap(&edges_of(a), &edges_of(b))
}

/// A rectangle's edges, `[x, y, right, bottom]`.
fn edges_of(r: &Rect) -> [i32; 4] {
    [r.x(), r.y(), r.right(), r.bottom()]
}

/// [`gap`] between rectangles given by their edges. For `b` inside a box
/// `c`, `edge_gap(a, c) <= edge_gap(a, b)`: a bucket's bounding box bounds
/// the gaps to all its rooms from below.
fn edge_gap(a: &[i32; 4], b: &[i32; 4]) -> u32 {
    let gx = (b[0] - a[2]).max(a[0] - b[2]).max(0);
    let gy = (b[1] - a[3]).max(a[1] - b[3]).max(0);
    (gx + gy) as u32
}

/// A counting sort: `(start, order)` where `order` lists the indices of
/// `keys` by key (ascending index within a key) and
/// `start[k]..start[k + 1]` indexes the run of key `k`; `keys` below `count`.
fn counting_sort(keys: &[u32], count: usize) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; count + 1];
    for &k in keys {
        start[k as usize + 1] += 1;
    }
    for k in 0..count {
        start[k + 1] += start[k];
    }
    let mut order = vec![0u32; keys.len()];
    let mut fill = start.clone();
    for (i, &k) in keys.iter().enumerate() {
        order[fill[k as usize] as usize] = i as u32;
        fill[k as usize] += 1;
    }
    (start, order)
}

/// The room graph: each room and its [`NEAREST`] nearest rooms by gap,
/// found through buckets of 32 x 32 tiles (wider rings of buckets for a
/// room with too few near it); each pair once, sorted.
///
/// Cost: O(rooms x candidates in a ring of buckets), with no sort of the
/// candidates: each is compared with the fifth best so far only (a
/// selection would partition every room's candidate list), its own bucket
/// first, and a bucket whose bounding box lies farther than the fifth best
/// is skipped whole. The edges come out ordered by a counting sort on their
/// first room, then a sort of each room's few partners.
pub(crate) fn nearest_rooms(rooms: &[Rect], w: i32, h: i32) -> Vec<Edge> {
    const B: i32 = 32;
    let (bw, bh) = ((w + B - 1) / B, (h + B - 1) / B);
    let bucket_of = |r: &Rect| {
        let c = r.center();
        ((c.x / B).clamp(0, bw - 1), (c.y / B).clamp(0, bh - 1))
    };
    let cells = (bw * bh) as usize;
    let cell_of: Vec<u32> = rooms
        .iter()
        .map(|r| {
            let (x, y) = bucket_of(r);
            (y * bw + x) as u32
        })
        .collect();
    // The rooms by bucket, row after row, with their edges in that order
    // (read in sequence), and each bucket's bounding box.
    let (start, members) = counting_sort(&cell_of, cells);
    let sorted: Vec<[i32; 4]> = members
        .iter()
        .map(|&i| edges_of(&rooms[i as usize]))
        .collect();
    let mut bounds = vec![[i32::MAX, i32::MAX, i32::MIN, i32::MIN]; cells];
    for (c, bound) in bounds.iter_mut().enumerate() {
        for e in &sorted[start[c] as usize..start[c + 1] as usize] {
            *bound = [
                bound[0].min(e[0]),
                bound[1].min(e[1]),
                bound[2].max(e[2]),
                bound[3].max(e[3]),
            ];
        }
    }
    let run = |c: usize| start[c] as usize..start[c + 1] as usize;
    // Each room's partners, as (lower, higher) index pairs.
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(rooms.len() * NEAREST);
    for (a, ra) in rooms.iter().enumerate() {
        let (bx, by) = bucket_of(ra);
        let mut ring = 1;
        let (rows, cols, near) = loop {
            // Half-open: cheaper to walk than inclusive ranges.
            let rows = (by - ring).max(0)..(by + ring).min(bh - 1) + 1;
            let cols = (bx - ring).max(0)..(bx + ring).min(bw - 1) + 1;
            // The other rooms in the ring (room `a` is in its own bucket),
            // counted from `start` alone: the buckets of a row are one run.
            let near = rows
                .clone()
                .map(|y| {
                    let row = (y * bw) as usize;
                    run(row + cols.start as usize).start..run(row + cols.end as usize - 1).end
                })
                .map(|r| r.len())
                .sum::<usize>()
                - 1;
            if near >= NEAREST || ring >= bw.max(bh) {
                break (rows, cols, near);
            }
            ring *= 2;
        };
        // The NEAREST least (gap, index) pairs as `gap << 32 | index`,
        // ascending (unused slots hold the greatest). Every pair is
        // distinct, so keeping the least seen gives the first NEAREST of
        // the full sort, whatever the order they are met in.
        let mut best = [u64::MAX; NEAREST];
        let ea = edges_of(ra);
        let own = (by * bw + bx) as usize;
        let visit = |c: usize, best: &mut [u64; NEAREST]| {
            for (e, &b) in sorted[run(c)].iter().zip(&members[run(c)]) {
                let cand = u64::from(edge_gap(&ea, e)) << 32 | u64::from(b);
                if cand < best[NEAREST - 1] && b as usize != a {
                    let mut k = NEAREST - 1;
                    while k > 0 && cand < best[k - 1] {
                        best[k] = best[k - 1];
                        k -= 1;
                    }
                    best[k] = cand;
                }
            }
        };
        visit(own, &mut best);
        for y in rows {
            for x in cols.clone() {
                let c = (y * bw + x) as usize;
                // No room of a bucket is nearer than its bounding box (an
                // empty bucket has none).
                if c != own
                    && !run(c).is_empty()
                    && u64::from(edge_gap(&ea, &bounds[c])) << 32 <= best[NEAREST - 1]
                {
                    visit(c, &mut best);
                }
            }
        }
        let a = a as u32;
        pairs.extend(best[..near.min(NEAREST)].iter().map(|&key| {
            let b = key as u32;
            (a.min(b), a.max(b))
        }));
    }
    // Ordered by (lower, higher) without a sort of all pairs: counted out
    // by lower room, then each room's few higher partners sorted and
    // deduplicated. A gap is the same both ways, so the weight follows the
    // pair.
    let lower: Vec<u32> = pairs.iter().map(|&(lo, _)| lo).collect();
    let (first, by_lower) = counting_sort(&lower, rooms.len());
    let mut higher: Vec<u32> = by_lower.iter().map(|&k| pairs[k as usize].1).collect();
    let mut edges = Vec::with_capacity(pairs.len());
    for (lo, ra) in rooms.iter().enumerate() {
        let partners = &mut higher[first[lo] as usize..first[lo + 1] as usize];
        partners.sort_unstable();
        let mut last = None;
        for &hi in partners.iter() {
            if last != Some(hi) {
                last = Some(hi);
                edges.push(Edge {
                    a: lo as u32,
                    b: hi,
                    weight: gap(ra, &rooms[hi as usize]),
                });
            }
        }
    }
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

    /// The first version of [`nearest_rooms`]: every candidate of the ring
    /// of buckets gathered, the nearest selected, all pairs sorted.
    fn nearest_by_rings(rooms: &[Rect], w: i32, h: i32) -> Vec<Edge> {
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

    /// Rooms of many sizes in clumps and alone, some buckets crowded and
    /// some empty (rings widen, bounding boxes skip buckets): the same
    /// graph as gathering and sorting every candidate.
    #[test]
    fn nearest_rooms_as_a_full_sort_of_the_candidates() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: i32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m as u64) as i32
        };
        for (w, h, count) in [(300, 200, 400), (500, 90, 60), (41, 300, 30), (200, 200, 7)] {
            let rooms: Vec<Rect> = (0..count)
                .map(|k| {
                    let (rw, rh) = (1 + next(12), 1 + next(12));
                    // Half of them in a clump at the top left.
                    let (sx, sy) = if k % 2 == 0 {
                        (w / 4, h / 4)
                    } else {
                        (w - rw, h - rh)
                    };
                    Rect::new(next(sx.max(1)), next(sy.max(1)), rw, rh).unwrap()
                })
                .collect();
            assert_eq!(
                nearest_rooms(&rooms, w, h),
                nearest_by_rings(&rooms, w, h),
                "{w}x{h}"
            );
        }
        assert!(nearest_rooms(&[], 40, 40).is_empty());
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
