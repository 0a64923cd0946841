//! Union-find over run numbers, linking the larger root under the smaller.
//!
//! Linking by the smaller index keeps every root the first run of its set in
//! raster order and every parent below its child (`parent[x] <= x`). That is
//! what lets [`resolve`] number the regions in raster order in one forward
//! pass, without a second look at the grid.

/// The root of `x`, halving the path on the way up.
#[inline]
pub(crate) fn find(parent: &mut [u32], mut x: u32) -> u32 {
    loop {
        let p = parent[x as usize];
        if p == x {
            return x;
        }
        let gp = parent[p as usize];
        if gp == p {
            // `x` hangs right below the root (the usual case): no store.
            return p;
        }
        parent[x as usize] = gp;
        x = gp;
    }
}

/// Joins the sets whose roots are `ra` and `rb`; returns the new root (the
/// smaller).
#[inline]
pub(crate) fn link(parent: &mut [u32], ra: u32, rb: u32) -> u32 {
    if ra < rb {
        parent[rb as usize] = ra;
        ra
    } else {
        parent[ra as usize] = rb;
        rb
    }
}

/// Joins the sets of `a` and `b`; the smaller root becomes the root.
#[inline]
pub(crate) fn union(parent: &mut [u32], a: u32, b: u32) {
    let ra = find(parent, a);
    let rb = find(parent, b);
    if ra < rb {
        parent[rb as usize] = ra;
    } else if rb < ra {
        parent[ra as usize] = rb;
    }
}

/// Replaces each entry by its set's final label, 0..n-1 in order of the
/// sets' smallest members, and returns `n`. Relies on `parent[x] <= x`: a
/// parent's entry already holds the final label when its child is reached.
pub(crate) fn resolve(parent: &mut [u32]) -> u32 {
    resolve_from(parent, 0..parent.len(), 0)
}

/// [`resolve`] for the entries `range` only, which must follow all entries
/// resolved before (so parents below `range.start` already hold labels),
/// `n` being the number of labels given so far; returns the new count.
pub(crate) fn resolve_from(parent: &mut [u32], range: core::ops::Range<usize>, mut n: u32) -> u32 {
    for r in range {
        // Without a branch: about half the runs of a noisy map are roots,
        // and a mispredicted branch per run would cost more than the load.
        let p = parent[r] as usize;
        let is_root = p == r;
        let inherited = parent[p];
        parent[r] = if is_root { n } else { inherited };
        n += u32::from(is_root);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_are_minima_and_labels_compact() {
        let mut parent: Vec<u32> = (0..8).collect();
        union(&mut parent, 5, 2);
        union(&mut parent, 7, 5);
        union(&mut parent, 4, 6);
        union(&mut parent, 6, 1);
        assert_eq!(find(&mut parent, 7), 2);
        assert_eq!(find(&mut parent, 4), 1);
        assert!(parent.iter().enumerate().all(|(i, &p)| p as usize <= i));
        let n = resolve(&mut parent);
        // Sets: {0}, {1,4,6}, {2,5,7}, {3}
        assert_eq!(n, 4);
        assert_eq!(parent, [0, 1, 2, 3, 1, 2, 1, 2]);
    }
}
