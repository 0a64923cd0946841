//! A spanning tree of the neighbour graph by flooding from a start room,
//! the rooms it cannot reach, and the unused pairs as loop candidates.

use crate::{Link, ScatterError};
use mcrdun_geom::Rect;
use mcrdun_geom::memory::{Budget, check_bytes};
use mcrdun_geom::random::below;
use rand::Rng;

/// How the rooms are connected: a spanning tree over the rooms reachable
/// from the start room, the neighbour pairs it did not use (loop
/// candidates), the loops chosen among them, and the unreachable rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connections {
    rooms: usize,
    start: usize,
    reached: Vec<bool>,
    tree: Vec<Link>,
    candidates: Vec<Link>,
    loops: Vec<Link>,
    unreachable: Vec<usize>,
}

/// Working memory of [`spanning_tree`] per link given: the pairs, both
/// directions of adjacency, the used marks and the loop candidates.
pub const TREE_BYTES_PER_LINK: u64 = 2 * LINK + 2 * 16 + 1;

/// Working memory of [`spanning_tree`] per room: the row starts, the
/// reached marks, the tree, the stack and the unreachable rooms.
pub const TREE_BYTES_PER_ROOM: u64 = 2 * 8 + 1 + LINK + 16 + 8;

/// Working memory of [`Connections::with_loops`] per loop candidate: the
/// shuffle, the marks and the two lists the candidates are sorted into.
pub const LOOP_BYTES_PER_CANDIDATE: u64 = 8 + 1 + 2 * LINK;

const LINK: u64 = core::mem::size_of::<Link>() as u64;

/// Floods the neighbour graph given by `links` over `rooms` rooms from
/// `start`, a depth-first colouring with an explicit stack
/// (no recursion depth limit): a room takes its neighbours in ascending
/// index order, and each neighbour not yet reached is linked to it and
/// flooded from before the next neighbour is tried (depth first).
///
/// The tree has one link per reached room but the start, each oriented from
/// the room that reached it (`a`) to the new room (`b`), in the order the
/// flood found them. Repeated pairs in `links` count once.
/// Cost O(rooms + links) time; memory [`TREE_BYTES_PER_LINK`] a link and
/// [`TREE_BYTES_PER_ROOM`] a room, checked against the memory ceiling
/// (`mcrdun_geom::memory`) before any work.
///
/// ```
/// use mcrdun_geom::{random::seeded_rng, Rect};
/// use mcrdun_scatter::{spanning_tree, neighbours};
/// // Four rooms in a ring around a square hole, and one far away.
/// let rooms = [
///     Rect::new(0, 0, 10, 5)?, Rect::new(10, 0, 5, 10)?,
///     Rect::new(5, 10, 10, 5)?, Rect::new(0, 5, 5, 10)?,
///     Rect::new(100, 100, 5, 5)?,
/// ];
/// let links = neighbours(&rooms, 1, 1)?;
/// let c = spanning_tree(rooms.len(), &links, 0)?;
/// assert_eq!(c.tree().len(), 3);
/// assert_eq!(c.unreachable(), [4]);
/// assert_eq!(c.loop_candidates().len(), 1);
/// let c = c.with_loops(1.0, &mut seeded_rng(1))?;
/// assert_eq!((c.loops().len(), c.loop_candidates().len()), (1, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ScatterError::BadStart`] when `start >= rooms` (also when there are no
/// rooms); [`ScatterError::BadLink`] for a link naming a missing room or
/// joining a room to itself; [`ScatterError::Geom`] with
/// [`GeomError::OverBudget`](mcrdun_geom::GeomError::OverBudget) above the
/// memory ceiling.
pub fn spanning_tree(
    rooms: usize,
    links: &[Link],
    start: usize,
) -> Result<Connections, ScatterError> {
    if start >= rooms {
        return Err(ScatterError::BadStart { start, rooms });
    }
    let _budget = Budget::start();
    check_bytes(
        "a spanning tree of the neighbours",
        (links.len() as u64)
            .saturating_mul(TREE_BYTES_PER_LINK)
            .saturating_add((rooms as u64).saturating_mul(TREE_BYTES_PER_ROOM)),
    )?;
    // Each pair once, as (low, high), sorted: the adjacency lists below are
    // then ascending without another sort.
    let mut pairs: Vec<Link> = Vec::with_capacity(links.len());
    for &l in links {
        if l.a >= rooms || l.b >= rooms || l.a == l.b {
            return Err(ScatterError::BadLink { a: l.a, b: l.b });
        }
        pairs.push(if l.a < l.b { l } else { l.reversed() });
    }
    pairs.sort_unstable_by_key(|l| (l.a, l.b));
    pairs.dedup_by_key(|l| (l.a, l.b));

    // Adjacency in compressed rows: `adj[first[r]..first[r + 1]]` holds
    // (neighbour, pair index) for room r, ascending by neighbour.
    let mut first = vec![0usize; rooms + 1];
    for l in &pairs {
        first[l.a + 1] += 1;
        first[l.b + 1] += 1;
    }
    for r in 0..rooms {
        first[r + 1] += first[r];
    }
    let mut fill = first.clone();
    let mut adj = vec![(0usize, 0usize); 2 * pairs.len()];
    // Pairs are sorted by (a, b): pushing each pair's b-side entry in this
    // order gives ascending lists for the b-rooms' lower neighbours first...
    for (k, l) in pairs.iter().enumerate() {
        adj[fill[l.b]] = (l.a, k);
        fill[l.b] += 1;
    }
    // ...and then the a-side entries, the higher neighbours, ascending.
    for (k, l) in pairs.iter().enumerate() {
        adj[fill[l.a]] = (l.b, k);
        fill[l.a] += 1;
    }

    let mut reached = vec![false; rooms];
    let mut used = vec![false; pairs.len()];
    let mut tree = Vec::with_capacity(rooms - 1);
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(rooms);
    stack.push((start, first[start]));
    reached[start] = true;
    while let Some(top) = stack.last_mut() {
        let (room, pos) = *top;
        if pos == first[room + 1] {
            stack.pop();
            continue;
        }
        top.1 += 1;
        let (next, k) = adj[pos];
        if !reached[next] {
            reached[next] = true;
            used[k] = true;
            let l = pairs[k];
            tree.push(if l.a == room { l } else { l.reversed() });
            stack.push((next, first[next]));
        }
    }
    let is_candidate = |(l, &u): (&Link, &bool)| !u && reached[l.a];
    let mut candidates =
        Vec::with_capacity(pairs.iter().zip(&used).filter(|&p| is_candidate(p)).count());
    candidates.extend(
        pairs
            .iter()
            .zip(&used)
            .filter(|&p| is_candidate(p))
            .map(|(&l, _)| l),
    );
    let mut unreachable = Vec::with_capacity(rooms - 1 - tree.len());
    unreachable.extend((0..rooms).filter(|&r| !reached[r]));
    Ok(Connections {
        rooms,
        start,
        reached,
        tree,
        candidates,
        loops: Vec::new(),
        unreachable,
    })
}

impl Connections {
    /// The number of rooms the flood was run over.
    pub fn room_count(&self) -> usize {
        self.rooms
    }

    /// The room the flood started from.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Whether the flood reached room `room` (false for a missing room).
    pub fn is_reached(&self, room: usize) -> bool {
        self.reached.get(room).copied().unwrap_or(false)
    }

    /// The spanning tree's links, in the order the flood found them, each
    /// from the room that was already reached (`a`) to the new one (`b`).
    /// There are (reached rooms - 1) of them.
    pub fn tree(&self) -> &[Link] {
        &self.tree
    }

    /// Neighbour pairs between reached rooms that are neither tree links nor
    /// chosen loops, with `a < b`, sorted.
    pub fn loop_candidates(&self) -> &[Link] {
        &self.candidates
    }

    /// The loop links chosen by [`Connections::with_loops`], with `a < b`,
    /// sorted.
    pub fn loops(&self) -> &[Link] {
        &self.loops
    }

    /// Rooms the flood could not reach, ascending.
    pub fn unreachable(&self) -> &[usize] {
        &self.unreachable
    }

    /// Every link to build: the tree, then the loops.
    pub fn links(&self) -> impl Iterator<Item = &Link> + '_ {
        self.tree.iter().chain(&self.loops)
    }

    /// Moves `round(fraction * candidates)` loop candidates, drawn uniformly
    /// without replacement, into the loops (the rest stay candidates, so a
    /// second call adds a share of what is left).
    ///
    /// This tree and its loops are not the ones levels use
    /// (`mcrdun_dungeon::links::spanning_links`: Kruskal over weighted
    /// edges, a loop share of at least one edge when above 0, or Brogue's
    /// shortcut rule): the tree here is a depth-first flood from a start
    /// room that also reports the rooms it cannot reach, this crate does
    /// not depend on the level crate, and the draws and counts are part of
    /// its outputs, pinned by golden tests and offered through the C ABI.
    /// Sharing one function would change those outputs. Draws use the integer
    /// helpers of `mcrdun_geom::random`; the count is one IEEE multiplication
    /// and rounding, exact on every platform.
    ///
    /// Memory: [`LOOP_BYTES_PER_CANDIDATE`] a candidate.
    ///
    /// # Errors
    /// [`ScatterError::BadFraction`] when `fraction` is NaN or outside
    /// `[0, 1]`; [`ScatterError::Geom`] above the memory ceiling.
    pub fn with_loops<R: Rng + ?Sized>(
        mut self,
        fraction: f64,
        rng: &mut R,
    ) -> Result<Connections, ScatterError> {
        if !(0.0..=1.0).contains(&fraction) {
            return Err(ScatterError::BadFraction);
        }
        let n = self.candidates.len();
        let _budget = Budget::start();
        mcrdun_geom::memory::check_budget("choosing loops", n as u64, LOOP_BYTES_PER_CANDIDATE)?;
        let k = ((fraction * n as f64).round() as usize).min(n);
        // A partial Fisher-Yates shuffle: the first k slots end up a uniform
        // choice of k candidates.
        let mut pick: Vec<usize> = (0..n).collect();
        for i in 0..k {
            let j = i + below(rng, (n - i) as u64)? as usize;
            pick.swap(i, j);
        }
        let mut chosen = vec![false; n];
        for &p in &pick[..k] {
            chosen[p] = true;
        }
        let mut keep = Vec::with_capacity(n - k);
        self.loops.reserve_exact(k);
        for (l, c) in self.candidates.into_iter().zip(chosen) {
            if c {
                self.loops.push(l);
            } else {
                keep.push(l);
            }
        }
        self.candidates = keep;
        self.loops.sort_unstable_by_key(|l| (l.a, l.b));
        Ok(self)
    }

    /// Removes the unreachable rooms from `rooms` (the slice the flood was
    /// run over, so `rooms.len() == room_count()`) keeping the others in
    /// order, and renumbers every link and the start room to match. The
    /// result has no unreachable rooms; read [`Connections::unreachable`]
    /// before calling to know which rooms went.
    ///
    /// Memory: 9 bytes a room (the new numbers and the reached marks; the
    /// links are renumbered in place), checked against the memory ceiling.
    ///
    /// # Errors
    /// [`ScatterError::WrongRoomCount`] when `rooms` is not the slice the
    /// flood was run over (its length differs); [`ScatterError::Geom`]
    /// above the memory ceiling.
    pub fn remove_unreachable(self, rooms: &mut Vec<Rect>) -> Result<Connections, ScatterError> {
        if rooms.len() != self.rooms {
            return Err(ScatterError::WrongRoomCount {
                expected: self.rooms,
                got: rooms.len(),
            });
        }
        let _budget = Budget::start();
        mcrdun_geom::memory::check_budget("removing unreachable rooms", self.rooms as u64, 9)?;
        let mut new_index = vec![usize::MAX; self.rooms];
        let mut next = 0;
        for (r, slot) in new_index.iter_mut().enumerate() {
            if self.reached[r] {
                *slot = next;
                next += 1;
            }
        }
        let mut r = 0;
        rooms.retain(|_| {
            r += 1;
            self.reached[r - 1]
        });
        let renumber = |links: Vec<Link>| -> Vec<Link> {
            links
                .into_iter()
                .map(|l| Link {
                    a: new_index[l.a],
                    b: new_index[l.b],
                    door: l.door,
                })
                .collect()
        };
        Ok(Connections {
            rooms: next,
            start: new_index[self.start],
            reached: vec![true; next],
            tree: renumber(self.tree),
            candidates: renumber(self.candidates),
            loops: renumber(self.loops),
            unreachable: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DoorSpan, neighbours};
    use mcrdun_geom::Side;
    use mcrdun_geom::random::seeded_rng;

    fn link(a: usize, b: usize) -> Link {
        Link {
            a,
            b,
            door: DoorSpan {
                side: Side::East,
                start: 0,
                end: 2,
                gap: 0,
            },
        }
    }

    #[test]
    fn depth_first_like_the_seed() {
        // 0-1, 0-2, 1-3, 2-3: from 0 the flood goes 0->1->3->2.
        let links = [link(0, 1), link(0, 2), link(3, 1), link(2, 3)];
        let c = spanning_tree(4, &links, 0).unwrap();
        let tree: Vec<(usize, usize)> = c.tree().iter().map(|l| (l.a, l.b)).collect();
        assert_eq!(tree, [(0, 1), (1, 3), (3, 2)]);
        assert_eq!(
            c.loop_candidates()
                .iter()
                .map(|l| (l.a, l.b))
                .collect::<Vec<_>>(),
            [(0, 2)]
        );
        // (1, 3) was given as (3, 1) with East from 3; seen from 1 it is West.
        assert_eq!(c.tree()[1].door.side, Side::West);
        assert!(c.unreachable().is_empty());
        assert_eq!((c.start(), c.room_count()), (0, 4));
    }

    #[test]
    fn long_chains_need_no_recursion() {
        let n = 200_000;
        let links: Vec<Link> = (1..n).map(|i| link(i - 1, i)).collect();
        let c = spanning_tree(n, &links, n / 2).unwrap();
        assert_eq!(c.tree().len(), n - 1);
    }

    #[test]
    fn bad_input() {
        assert_eq!(
            spanning_tree(0, &[], 0),
            Err(ScatterError::BadStart { start: 0, rooms: 0 })
        );
        assert_eq!(
            spanning_tree(2, &[link(0, 2)], 0),
            Err(ScatterError::BadLink { a: 0, b: 2 })
        );
        assert_eq!(
            spanning_tree(2, &[link(1, 1)], 0),
            Err(ScatterError::BadLink { a: 1, b: 1 })
        );
        let c = spanning_tree(3, &[link(0, 1), link(1, 0)], 0).unwrap();
        assert_eq!(c.tree().len(), 1);
        assert!(c.loop_candidates().is_empty());
        let mut rng = seeded_rng(1);
        for f in [f64::NAN, -0.1, 1.5, f64::INFINITY] {
            assert_eq!(
                c.clone().with_loops(f, &mut rng),
                Err(ScatterError::BadFraction)
            );
        }
        let mut wrong = vec![Rect::new(0, 0, 1, 1).unwrap()];
        assert_eq!(
            c.remove_unreachable(&mut wrong),
            Err(ScatterError::WrongRoomCount {
                expected: 3,
                got: 1
            })
        );
    }

    #[test]
    fn loops_and_removal() {
        // A 3x3 grid of touching rooms plus two islands.
        let mut rooms = Vec::new();
        for y in 0..3 {
            for x in 0..3 {
                rooms.push(Rect::new(x * 5, y * 5, 5, 5).unwrap());
            }
        }
        rooms.insert(2, Rect::new(100, 0, 5, 5).unwrap());
        rooms.push(Rect::new(0, 100, 5, 5).unwrap());
        let links = neighbours(&rooms, 1, 2).unwrap();
        assert_eq!(links.len(), 12);
        let c = spanning_tree(rooms.len(), &links, 0).unwrap();
        assert_eq!(c.unreachable(), [2, 10]);
        assert_eq!(c.tree().len(), 8);
        assert_eq!(c.loop_candidates().len(), 4);
        let mut rng = seeded_rng(9);
        let c = c.with_loops(0.5, &mut rng).unwrap();
        assert_eq!((c.loops().len(), c.loop_candidates().len()), (2, 2));
        assert_eq!(c.links().count(), 10);
        let c = c.with_loops(0.0, &mut rng).unwrap();
        assert_eq!(c.loops().len(), 2);
        let c = c.remove_unreachable(&mut rooms).unwrap();
        assert_eq!(rooms.len(), 9);
        assert_eq!(c.room_count(), 9);
        assert!(c.unreachable().is_empty());
        // Every renumbered link is still a neighbour pair with the same span.
        for l in c.links() {
            assert_eq!(
                crate::door_span(&rooms[l.a], &rooms[l.b], 1, 2),
                Some(l.door)
            );
        }
        assert!((0..9).all(|r| c.is_reached(r)));
        assert!(!c.is_reached(9));
    }
}
