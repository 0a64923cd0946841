//! Stage 3, links: which edges of a room graph become passages.
//!
//! One function, [`spanning_links`], for every generator: a spanning tree
//! (a forest on a graph in pieces) by Kruskal over the edges in order of
//! weight, ties in random order, then loops by one of two rules
//! ([`Loops`]). (`mcrdun-passages` and `mcrdun-scatter` keep trees of
//! their own, for their own outputs; their docs say how they differ.)

use crate::LevelError;
use mcrdun_geom::DisjointSets;
use mcrdun_geom::random::{SeededRng, below, shuffle};

/// An edge of a room graph: rooms `a` and `b` may be joined; lighter edges
/// go into the spanning tree first (equal weights in random order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    /// One room.
    pub a: u32,
    /// The other room.
    pub b: u32,
    /// The cost of joining them (for example the gap between them).
    pub weight: u32,
}

/// Which edges beyond the spanning tree are linked too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Loops {
    /// A share in `[0, 1]` of the other edges, chosen at random:
    /// `round(share * rest)`, but at least one when `share > 0` and there is
    /// an edge to add, so a non-zero share always changes the level.
    Share(f64),
    /// Brogue's rule: an edge is added when it shortens the walk between its
    /// rooms, counted in links, to `1` from at least `factor` (so only loops
    /// that matter are made). The edges are tried in random order, each
    /// against the links made so far.
    Shortcut {
        /// The least walk, in links, that an edge must cut short (at least
        /// 1; at 1 every edge is added, as [`Loops::Share`] 1 adds them).
        factor: u32,
    },
}

/// The links chosen: indices into the edges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Links {
    /// The spanning forest's edges, in the order chosen.
    pub tree: Vec<usize>,
    /// The loops' edges, in the order chosen.
    pub loops: Vec<usize>,
}

impl Links {
    /// How many links in all.
    pub fn len(&self) -> usize {
        self.tree.len() + self.loops.len()
    }

    /// Whether there is no link.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The loop rule of a level's options: Brogue's rule when `factor` is not
/// 0, else the share `loops`.
pub fn loop_rule(loops: f64, factor: u32) -> Loops {
    if factor == 0 {
        Loops::Share(loops)
    } else {
        Loops::Shortcut { factor }
    }
}

/// Picks the links of a room graph of `n` rooms: a spanning forest
/// (Kruskal, lighter edges first, equal weights in random order), then the
/// loops `loops` asks for.
///
/// Cost: O(E log E) for the order and the forest; the shortcut rule adds a
/// breadth-first search bounded to `factor` links per edge tried.
///
/// # Errors
/// [`LevelError::InvalidOption`] (`loops`) for a share outside `[0, 1]` or
/// a factor of 0 (a factor of 1 links every edge: every walk takes at
/// least one link); [`LevelError::Unsatisfiable`] for an edge naming a
/// room `>= n`.
///
/// ```
/// use mcrdun_dungeon::links::{spanning_links, Edge, Loops};
/// let square = [(0, 1), (1, 2), (2, 3), (3, 0)]
///     .map(|(a, b)| Edge { a, b, weight: 1 });
/// let mut rng = mcrdun_geom::random::seeded_rng(3);
/// let tree = spanning_links(4, &square, Loops::Share(0.0), &mut rng)?;
/// assert_eq!(tree.len(), 3);
/// let all = spanning_links(4, &square, Loops::Share(0.01), &mut rng)?;
/// assert_eq!(all.len(), 4, "a non-zero share adds at least one loop");
/// // Around the square the walk is 3 links: a factor of 3 closes it, 4 does not.
/// assert_eq!(spanning_links(4, &square, Loops::Shortcut { factor: 3 }, &mut rng)?.len(), 4);
/// assert_eq!(spanning_links(4, &square, Loops::Shortcut { factor: 4 }, &mut rng)?.len(), 3);
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn spanning_links(
    n: usize,
    edges: &[Edge],
    loops: Loops,
    rng: &mut SeededRng,
) -> Result<Links, LevelError> {
    check(n, edges, loops)?;
    // Random tie-breaking keys, then a stable sort by weight.
    let mut order: Vec<(u32, u64, usize)> = edges
        .iter()
        .enumerate()
        .map(|(i, e)| (e.weight, below(rng, u64::MAX).unwrap_or(0), i))
        .collect();
    order.sort_unstable();
    let mut forest = DisjointSets::new(n);
    let mut chosen = Vec::with_capacity(n);
    let mut rest = Vec::new();
    for &(_, _, i) in &order {
        let e = edges[i];
        if e.a != e.b && forest.union(e.a as usize, e.b as usize) {
            chosen.push(i);
        } else if e.a != e.b {
            rest.push(i);
        }
    }
    shuffle(rng, &mut rest);
    match loops {
        Loops::Share(share) => {
            // One IEEE multiplication and rounding: the same count everywhere.
            let mut extra = ((share * rest.len() as f64).round() as usize).min(rest.len());
            if share > 0.0 && !rest.is_empty() {
                extra = extra.max(1);
            }
            rest.truncate(extra);
            Ok(Links {
                tree: chosen,
                loops: rest,
            })
        }
        Loops::Shortcut { factor } => Ok(Links {
            loops: shortcuts(n, edges, &chosen, &rest, factor),
            tree: chosen,
        }),
    }
}

/// Refuses a share outside `[0, 1]`, a factor of 0 and an edge naming
/// a room `>= n`.
fn check(n: usize, edges: &[Edge], loops: Loops) -> Result<(), LevelError> {
    match loops {
        Loops::Share(s) if !(s.is_finite() && (0.0..=1.0).contains(&s)) => {
            return Err(LevelError::InvalidOption {
                name: "loops",
                reason: format!("{s} is not a fraction in [0, 1]"),
            });
        }
        Loops::Shortcut { factor: 0 } => {
            return Err(LevelError::InvalidOption {
                name: "loop_factor",
                reason: "a shortcut factor of 0: the rule is off at 0 (use Loops::Share)".into(),
            });
        }
        _ => {}
    }
    if let Some(e) = edges
        .iter()
        .find(|e| e.a as usize >= n || e.b as usize >= n)
    {
        return Err(LevelError::Unsatisfiable(format!(
            "an edge names room {} of {n}",
            e.a.max(e.b)
        )));
    }
    Ok(())
}

/// Brogue's rule: the edges of `rest`, in order, that cut the walk between
/// their rooms over the links so far (the tree `chosen`, then the edges
/// added) from at least `factor` links to 1.
fn shortcuts(
    n: usize,
    edges: &[Edge],
    chosen: &[usize],
    rest: &[usize],
    factor: u32,
) -> Vec<usize> {
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &i in chosen {
        adj[edges[i].a as usize].push(edges[i].b);
        adj[edges[i].b as usize].push(edges[i].a);
    }
    let mut seen = vec![u32::MAX; n];
    let mut frontier = Vec::new();
    let mut next = Vec::new();
    let mut added = Vec::new();
    for (k, &i) in rest.iter().enumerate() {
        let e = edges[i];
        if walk_at_least(
            &adj,
            e.a,
            e.b,
            factor,
            k as u32,
            &mut seen,
            &mut frontier,
            &mut next,
        ) {
            added.push(i);
            adj[e.a as usize].push(e.b);
            adj[e.b as usize].push(e.a);
        }
    }
    added
}

/// Whether the walk from `a` to `b` over `adj` takes at least `factor`
/// links (or there is none): a breadth-first search cut off at `factor - 1`
/// links.
#[allow(clippy::too_many_arguments)]
fn walk_at_least(
    adj: &[Vec<u32>],
    a: u32,
    b: u32,
    factor: u32,
    stamp: u32,
    seen: &mut [u32],
    frontier: &mut Vec<u32>,
    next: &mut Vec<u32>,
) -> bool {
    frontier.clear();
    frontier.push(a);
    seen[a as usize] = stamp;
    for _ in 1..factor {
        next.clear();
        for &r in frontier.iter() {
            for &s in &adj[r as usize] {
                if s == b {
                    return false;
                }
                if seen[s as usize] != stamp {
                    seen[s as usize] = stamp;
                    next.push(s);
                }
            }
        }
        if next.is_empty() {
            return true;
        }
        core::mem::swap(frontier, next);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    fn grid_graph(side: u32) -> Vec<Edge> {
        let mut e = Vec::new();
        for y in 0..side {
            for x in 0..side {
                let i = y * side + x;
                if x + 1 < side {
                    e.push(Edge {
                        a: i,
                        b: i + 1,
                        weight: 0,
                    });
                }
                if y + 1 < side {
                    e.push(Edge {
                        a: i,
                        b: i + side,
                        weight: 0,
                    });
                }
            }
        }
        e
    }

    #[test]
    fn tree_spans_and_loops_add() {
        let edges = grid_graph(6);
        let mut rng = seeded_rng(1);
        let links = spanning_links(36, &edges, Loops::Share(0.0), &mut rng).unwrap();
        assert!(links.loops.is_empty());
        let tree = links.tree;
        assert_eq!(tree.len(), 35);
        let mut sets = DisjointSets::new(36);
        for &i in &tree {
            assert!(sets.union(edges[i].a as usize, edges[i].b as usize));
        }
        let half = spanning_links(36, &edges, Loops::Share(0.5), &mut rng).unwrap();
        assert_eq!(half.len(), 35 + 13, "25 other edges, half rounded");
        assert_eq!(half.loops.len(), 13);
        let all = spanning_links(36, &edges, Loops::Share(1.0), &mut rng).unwrap();
        assert_eq!(all.len(), edges.len());
        let short = spanning_links(36, &edges, Loops::Shortcut { factor: 6 }, &mut rng).unwrap();
        assert!(
            short.len() > 35 && short.len() < edges.len(),
            "{}",
            short.len()
        );
    }

    #[test]
    fn lighter_edges_first() {
        let edges = [
            Edge {
                a: 0,
                b: 1,
                weight: 5,
            },
            Edge {
                a: 1,
                b: 2,
                weight: 1,
            },
            Edge {
                a: 0,
                b: 2,
                weight: 1,
            },
        ];
        let tree = spanning_links(3, &edges, Loops::Share(0.0), &mut seeded_rng(2)).unwrap();
        let mut t = tree.tree.clone();
        t.sort();
        assert_eq!(t, [1, 2]);
    }

    /// A factor of 1 adds every edge, the same links in the same order as
    /// a share of 1.
    #[test]
    fn a_factor_of_one_links_every_edge() {
        let edges = grid_graph(6);
        let every = spanning_links(36, &edges, Loops::Share(1.0), &mut seeded_rng(4)).unwrap();
        let one = spanning_links(
            36,
            &edges,
            Loops::Shortcut { factor: 1 },
            &mut seeded_rng(4),
        );
        assert_eq!(one.unwrap(), every);
        assert_eq!(every.tree.len() + every.loops.len(), edges.len());
    }

    #[test]
    fn bad_rules_are_errors() {
        let mut rng = seeded_rng(1);
        assert!(spanning_links(2, &[], Loops::Share(f64::NAN), &mut rng).is_err());
        assert!(spanning_links(2, &[], Loops::Shortcut { factor: 0 }, &mut rng).is_err());
        let bad = [Edge {
            a: 0,
            b: 5,
            weight: 0,
        }];
        assert!(spanning_links(2, &bad, Loops::Share(0.0), &mut rng).is_err());
    }
}
