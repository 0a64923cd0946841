//! Kruskal's algorithm: every inner wall of the piece in random order,
//! opened when it joins two different sets. The sets live in a union-find
//! forest with path compression and union by rank, so the whole run is
//! O(cells * alpha(cells)) after an O(cells) shuffle.

use super::OUT;
use crate::Maze;
use mcrdun_geom::Side;
use mcrdun_geom::random::shuffle;
use rand::Rng;

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, state: &[u8], cells: usize, rng: &mut R) {
    // A wall is `cell * 2` (its east wall) or `cell * 2 + 1` (its south one).
    let mut walls: Vec<usize> = Vec::with_capacity(2 * cells);
    for i in 0..maze.len() {
        if state[i] == OUT {
            continue;
        }
        for (k, side) in [Side::East, Side::South].into_iter().enumerate() {
            if let Some(j) = maze.step_index(i, side)
                && state[j] != OUT
            {
                walls.push(i * 2 + k);
            }
        }
    }
    shuffle(rng, &mut walls);
    let mut sets = UnionFind::new(maze.len());
    let mut joins = 0;
    for wall in walls {
        if joins + 1 >= cells {
            break;
        }
        let (i, side) = (
            wall / 2,
            if wall % 2 == 0 {
                Side::East
            } else {
                Side::South
            },
        );
        let j = maze
            .step_index(i, side)
            .expect("walls were listed between cells");
        if sets.union(i, j) {
            maze.open_between(i, j, side);
            joins += 1;
        }
    }
}

/// Disjoint sets over `0..n`.
pub(crate) struct UnionFind {
    parent: Vec<usize>,
    rank: Vec<u8>,
}

impl UnionFind {
    pub(crate) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
            rank: vec![0; n],
        }
    }

    /// The root of `x`'s set; every node on the way is re-pointed at it
    /// (full path compression, two passes, no recursion).
    pub(crate) fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.parent[root] != root {
            root = self.parent[root];
        }
        let mut y = x;
        while self.parent[y] != root {
            let next = self.parent[y];
            self.parent[y] = root;
            y = next;
        }
        root
    }

    /// Joins the sets of `a` and `b`; false when they were one set already.
    pub(crate) fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        // Union by rank: the shallower tree hangs under the deeper one.
        match self.rank[ra].cmp(&self.rank[rb]) {
            core::cmp::Ordering::Less => self.parent[ra] = rb,
            core::cmp::Ordering::Greater => self.parent[rb] = ra,
            core::cmp::Ordering::Equal => {
                self.parent[rb] = ra;
                self.rank[ra] += 1;
            }
        }
        true
    }

    /// Makes every node of `0..n` a singleton again.
    pub(crate) fn reset(&mut self, n: usize) {
        for (i, p) in self.parent[..n].iter_mut().enumerate() {
            *p = i;
        }
        self.rank[..n].fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_find() {
        let mut u = UnionFind::new(6);
        assert!(u.union(0, 1));
        assert!(u.union(2, 3));
        assert!(u.union(1, 3));
        assert!(!u.union(0, 2));
        assert_eq!(u.find(0), u.find(3));
        assert_ne!(u.find(0), u.find(4));
        u.reset(6);
        assert_ne!(u.find(0), u.find(1));
    }
}
