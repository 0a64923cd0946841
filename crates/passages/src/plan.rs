//! Passages for a whole layout: which adjacent pairs get one, and where.

use crate::choose::choose_with;
use crate::{Border, Layout, Passage, PassagesError, RoomId, Weights};
use mcrdun_geom::DisjointSets;
use mcrdun_geom::memory::{Budget, call_limit, try_vec, try_with_capacity};
use mcrdun_geom::random::shuffle;

/// Working memory of [`passages`] per room, besides the room graph: the
/// touched marks (1), the isolated rooms (4) and the spanning forest (9).
pub const PLAN_BYTES_PER_ROOM: u64 = 14;

/// Working memory of [`passages`] per adjacent pair: the pair (8), the
/// chosen marks (1), the shuffled order and the other pairs (4 + 4), the
/// passage (24).
pub const PLAN_BYTES_PER_PAIR: u64 = 41;

/// Working memory of [`passages`] per border pair of its largest border:
/// the reused border's five streams (each at most twice the largest
/// border's pairs in its direction: up to 80 bytes), the sorted pairs
/// (16), the entries (20), the neighbours across (8) and the weights (4).
pub const PLAN_BYTES_PER_BORDER_PAIR: u64 = 128;
use rand::Rng;

/// Which pairs of adjacent rooms get a passage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connect {
    /// Every adjacent pair.
    AllPairs,
    /// A random spanning forest of the room graph (one tree per connected
    /// group of rooms), plus `loops_per_mille / 1000` of the remaining
    /// adjacent pairs, rounded to the nearest whole pair (halves up), as
    /// loops. `0` gives a tree (no loops), `1000` every pair.
    ///
    /// This is not the spanning tree plus loops that levels use
    /// (`mcrdun_dungeon::links::spanning_links`, Kruskal over weighted
    /// edges, a loop share of at least one edge when above 0, or Brogue's
    /// shortcut rule): this crate does not depend on the level crate, its
    /// pairs are unweighted, and its draws and its loop count are part of
    /// its outputs, pinned by golden tests and offered through the C ABI.
    /// Sharing one function would change those outputs.
    SpanningTree {
        /// The fraction of non-tree pairs that become loops, in thousandths
        /// (`0..=1000`).
        loops_per_mille: u32,
    },
}

/// How [`passages`] connects a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    /// Which adjacent pairs get a passage.
    pub connect: Connect,
    /// How each passage is placed on its border.
    pub weights: Weights,
}

impl Policy {
    /// A passage for every adjacent pair, weights by count.
    pub const fn all_pairs() -> Policy {
        Policy {
            connect: Connect::AllPairs,
            weights: Weights::Count,
        }
    }

    /// A spanning forest plus `loops_per_mille` thousandths of the other
    /// pairs, weights by count.
    pub const fn spanning_tree(loops_per_mille: u32) -> Policy {
        Policy {
            connect: Connect::SpanningTree { loops_per_mille },
            weights: Weights::Count,
        }
    }

    /// The same policy with other weights.
    pub const fn with_weights(self, weights: Weights) -> Policy {
        Policy { weights, ..self }
    }
}

impl Default for Policy {
    fn default() -> Policy {
        Policy::all_pairs()
    }
}

/// The passages of a layout, and what could not be connected.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassagePlan {
    /// One passage per chosen pair, sorted by `(a, b)` with `a < b`.
    pub passages: Vec<Passage>,
    /// Rooms that touch no other room, ascending: no passage can reach them.
    pub isolated: Vec<RoomId>,
    /// The number of connected groups of rooms in the room graph (each
    /// isolated room is a group of its own); 1 means every room is reachable
    /// from every other through the passages (under either policy).
    pub components: u32,
    /// How many adjacent pairs the layout has (the passages are a subset).
    pub adjacent_pairs: usize,
}

/// Passages for a whole layout.
///
/// 1. The room graph comes from [`Layout::adjacent_rooms`] (one grid pass).
/// 2. [`Connect::AllPairs`] takes every pair. [`Connect::SpanningTree`]
///    shuffles the pairs and runs Kruskal's algorithm over that order: the
///    pairs that join two groups form a random spanning forest; the first
///    pairs (in shuffled order) of the rest are the loops.
/// 3. For each chosen pair in ascending order, the border is built (reusing
///    one buffer) and [`choose_passage`](crate::choose_passage) places the
///    passage.
///
/// The random stream is consumed in that order (the shuffle, then one
/// choice per passage), so the same seed and layout give the same plan.
/// Cost: one grid pass, plus the borders of the chosen pairs.
///
/// Memory: the room graph's ([`Layout::adjacent_rooms`]: 8 bytes a column
/// and 16 a boundary cell while it is made), then
/// [`PLAN_BYTES_PER_ROOM`] (14) bytes a room and [`PLAN_BYTES_PER_PAIR`]
/// (41) an adjacent pair, checked against the
/// [memory budget](mcrdun_geom::memory) before the pairs are chosen; then
/// one border at a time, reused: at most [`PLAN_BYTES_PER_BORDER_PAIR`]
/// (128) bytes a pair of the largest border (its five streams, one per
/// direction, each keep the largest size a border needed, so they can
/// hold more than one border's pairs), each border checked before its
/// scan as [`Layout::border`] is, with room for
/// [`BORDER_BYTES_PER_SCANNED_CELL`](crate::BORDER_BYTES_PER_SCANNED_CELL)
/// (608) bytes a boundary cell of the smaller room.
///
/// ```
/// use mcrdun_geom::{Point, random::seeded_rng};
/// use mcrdun_passages::{passages, Layout, Policy};
/// // a b .
/// // c c .   d is alone.
/// // . . d
/// let mut layout = Layout::new(3, 3)?;
/// let a = layout.add_room(&[Point::new(0, 0)])?;
/// let b = layout.add_room(&[Point::new(1, 0)])?;
/// let c = layout.add_room(&[Point::new(0, 1), Point::new(1, 1)])?;
/// let d = layout.add_room(&[Point::new(2, 2)])?;
/// let plan = passages(&layout, &mut seeded_rng(1), &Policy::spanning_tree(0))?;
/// assert_eq!(plan.passages.len(), 2); // a tree over a, b, c
/// assert_eq!(plan.adjacent_pairs, 3);
/// assert_eq!(plan.isolated, [d]);
/// assert_eq!(plan.components, 2);
/// # Ok::<(), mcrdun_passages::PassagesError>(())
/// ```
///
/// # Errors
/// [`PassagesError::BadLoopFraction`] above 1000 per mille;
/// [`PassagesError::NoWeight`] when the weight table gives every cell of
/// some chosen border weight 0; [`PassagesError::Geom`] with `OverBudget` /
/// `OutOfMemory`.
pub fn passages<R: Rng + ?Sized>(
    layout: &Layout,
    rng: &mut R,
    policy: &Policy,
) -> Result<PassagePlan, PassagesError> {
    if let Connect::SpanningTree { loops_per_mille } = policy.connect
        && loops_per_mille > 1000
    {
        return Err(PassagesError::BadLoopFraction {
            per_mille: loops_per_mille,
        });
    }
    let budget = Budget::start();
    let pairs = layout.adjacent_rooms()?;
    let n = layout.room_count();
    let plan_bytes = (u64::from(n) * PLAN_BYTES_PER_ROOM)
        .saturating_add(pairs.len() as u64 * PLAN_BYTES_PER_PAIR);
    budget.check_bytes("a passage plan", plan_bytes)?;

    let mut touched = try_vec("a passage plan", n as usize, false)?;
    for &(a, b) in &pairs {
        touched[a.index()] = true;
        touched[b.index()] = true;
    }
    let lonely = touched.iter().filter(|&&t| !t).count();
    let mut isolated = try_with_capacity("a passage plan", lonely)?;
    isolated.extend(layout.rooms().filter(|r| !touched[r.index()]));
    drop(touched);

    let mut forest = DisjointSets::new(n as usize);
    let mut joins = 0u32;
    let chosen: Vec<bool> = match policy.connect {
        Connect::AllPairs => {
            for &(a, b) in &pairs {
                joins += u32::from(forest.union(a.index(), b.index()));
            }
            try_vec("a passage plan", pairs.len(), true)?
        }
        Connect::SpanningTree { loops_per_mille } => {
            let mut order: Vec<u32> = try_with_capacity("a passage plan", pairs.len())?;
            order.extend(0..pairs.len() as u32);
            shuffle(rng, &mut order);
            let mut chosen = try_vec("a passage plan", pairs.len(), false)?;
            let mut rest = try_with_capacity("a passage plan", pairs.len())?;
            for &i in &order {
                let (a, b) = pairs[i as usize];
                if forest.union(a.index(), b.index()) {
                    chosen[i as usize] = true;
                    joins += 1;
                } else {
                    rest.push(i);
                }
            }
            let loops = (rest.len() as u64 * u64::from(loops_per_mille) + 500) / 1000;
            for &i in &rest[..loops as usize] {
                chosen[i as usize] = true;
            }
            chosen
        }
    };

    let mut out = try_with_capacity("a passage plan", chosen.iter().filter(|&&c| c).count())?;
    // The borders, one at a time, within what the plan leaves.
    let _borders = Budget::start_with(call_limit().saturating_sub(plan_bytes));
    let mut border = Border::new();
    let mut scratch = Vec::new();
    for (&(a, b), _) in pairs.iter().zip(&chosen).filter(|(_, c)| **c) {
        layout.border_into(a, b, &mut border)?;
        out.push(choose_with(&border, rng, &policy.weights, &mut scratch)?);
    }
    Ok(PassagePlan {
        passages: out,
        isolated,
        components: n - joins,
        adjacent_pairs: pairs.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Point;
    use mcrdun_geom::random::seeded_rng;

    /// A `k` x `k` checkerboard of 2x2 rooms: a grid graph.
    fn blocks(k: i32) -> Layout {
        let mut l = Layout::new(2 * k as u32, 2 * k as u32).unwrap();
        for by in 0..k {
            for bx in 0..k {
                let cells: Vec<Point> = (0..4)
                    .map(|i| Point::new(2 * bx + i % 2, 2 * by + i / 2))
                    .collect();
                l.add_room(&cells).unwrap();
            }
        }
        l
    }

    #[test]
    fn tree_has_rooms_minus_one_passages() {
        let l = blocks(5);
        let plan = passages(&l, &mut seeded_rng(9), &Policy::spanning_tree(0)).unwrap();
        assert_eq!(plan.adjacent_pairs, 40);
        assert_eq!(plan.passages.len(), 24);
        assert_eq!(plan.components, 1);
        assert!(plan.isolated.is_empty());
        // 40 - 24 = 16 other pairs; half of them, rounded, are loops.
        let plan = passages(&l, &mut seeded_rng(9), &Policy::spanning_tree(500)).unwrap();
        assert_eq!(plan.passages.len(), 24 + 8);
        let plan = passages(&l, &mut seeded_rng(9), &Policy::spanning_tree(1000)).unwrap();
        assert_eq!(plan.passages.len(), 40);
        let all = passages(&l, &mut seeded_rng(9), &Policy::all_pairs()).unwrap();
        assert_eq!(all.passages.len(), 40);
        assert!(
            all.passages
                .windows(2)
                .all(|w| (w[0].a, w[0].b) < (w[1].a, w[1].b))
        );
    }

    #[test]
    fn bad_fraction_and_empty_layout() {
        let l = blocks(2);
        assert_eq!(
            passages(&l, &mut seeded_rng(1), &Policy::spanning_tree(1001)),
            Err(PassagesError::BadLoopFraction { per_mille: 1001 })
        );
        let empty = Layout::new(3, 3).unwrap();
        let plan = passages(&empty, &mut seeded_rng(1), &Policy::all_pairs()).unwrap();
        assert_eq!(plan, PassagePlan::default());
    }
}
