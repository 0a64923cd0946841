//! Disjoint sets (union-find), the one copy every crate uses.

/// A partition of `0..n` into disjoint sets, with union by rank and full
/// path compression: any sequence of `m` operations costs
/// O(m α(n)), effectively linear.
///
/// Only the partition is meaningful: which element of a set [`find`]
/// returns as its root is an implementation detail, so code whose output
/// must be deterministic compares roots, never orders by them.
///
/// ```
/// use mcrdun_geom::DisjointSets;
/// let mut sets = DisjointSets::new(5);
/// assert!(sets.union(0, 1));
/// assert!(sets.union(3, 4));
/// assert!(!sets.union(1, 0)); // already one set
/// assert!(sets.same(0, 1) && !sets.same(1, 3));
/// assert_eq!(sets.set_count(), 3);
/// ```
///
/// [`find`]: DisjointSets::find
#[derive(Clone, Debug)]
pub struct DisjointSets {
    parent: Vec<usize>,
    rank: Vec<u8>,
    sets: usize,
}

impl DisjointSets {
    /// `n` singleton sets `{0}, {1}, ..., {n - 1}`.
    pub fn new(n: usize) -> DisjointSets {
        DisjointSets {
            parent: (0..n).collect(),
            rank: vec![0; n],
            sets: n,
        }
    }

    /// The number of elements, `n`.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The number of disjoint sets.
    pub fn set_count(&self) -> usize {
        self.sets
    }

    /// The root of `x`'s set. Every node on the way is re-pointed at the
    /// root (two passes, no recursion). Panics if `x >= len()`, like slice
    /// indexing.
    pub fn find(&mut self, x: usize) -> usize {
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

    /// Whether `a` and `b` are in the same set.
    pub fn same(&mut self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// Joins the sets of `a` and `b`; false when they were one set already.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
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
        self.sets -= 1;
        true
    }

    /// Makes every element a singleton again, keeping the allocation.
    pub fn reset(&mut self) {
        for (i, p) in self.parent.iter_mut().enumerate() {
            *p = i;
        }
        self.rank.fill(0);
        self.sets = self.parent.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let mut d = DisjointSets::new(5);
        assert_eq!((d.len(), d.set_count()), (5, 5));
        assert!(!d.is_empty());
        assert!(DisjointSets::new(0).is_empty());
        d.union(0, 4);
        assert_eq!((d.len(), d.set_count()), (5, 4));
    }

    #[test]
    fn matches_a_naive_partition() {
        // A naive labelling: label[i] is the smallest element of i's set.
        let n = 40;
        let mut sets = DisjointSets::new(n);
        let mut label: Vec<usize> = (0..n).collect();
        let mut x = 12345u64;
        for _ in 0..200 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (a, b) = ((x >> 33) as usize % n, (x >> 13) as usize % n);
            let joined = sets.union(a, b);
            assert_eq!(joined, label[a] != label[b]);
            let (la, lb) = (label[a], label[b]);
            let keep = la.min(lb);
            for l in label.iter_mut() {
                if *l == la || *l == lb {
                    *l = keep;
                }
            }
            for i in 0..n {
                for j in [0, n / 2, n - 1] {
                    assert_eq!(sets.same(i, j), label[i] == label[j]);
                }
            }
            let mut distinct = label.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(sets.set_count(), distinct.len());
        }
        sets.reset();
        assert_eq!(sets.set_count(), n);
        assert!(!sets.same(0, 1));
        assert!(DisjointSets::new(0).is_empty());
    }
}
