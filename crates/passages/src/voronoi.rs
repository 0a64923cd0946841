//! A discrete Voronoi partition as a [`Layout`]: rooms that tile a map.

use crate::layout::NO_ROOM;
use crate::{Layout, PassagesError};
use mcrdun_geom::random::range_i32;
use mcrdun_geom::{GeomError, Grid};
use rand::Rng;

impl Layout {
    /// A `width` x `height` layout whose rooms are the cells of a discrete
    /// Voronoi partition of the map's inside (the outer ring of cells
    /// belongs to no room).
    ///
    /// 1. Up to `sites` sites are drawn at random, at least 2 cells from the
    ///    edge and at least `spacing` apart (Manhattan distance); a draw
    ///    too close to an accepted site is thrown away, and drawing stops
    ///    after `20 * sites` draws.
    /// 2. Every inside cell goes to its nearest site (Manhattan distance;
    ///    ties to the site drawn first), as a breadth-first growth from all
    ///    sites at once would give it (4-connected steps, each cell to the
    ///    site that reaches it first), so each room is a 4-connected cell
    ///    of the partition containing its site. Rooms are numbered in the
    ///    order their sites were drawn.
    ///
    /// Cost: O(width x height + sites x spacing^2): a distance transform of
    /// four sweeps over the map; a label and a distance per cell, and a
    /// spacing mask of a byte per cell while the sites are drawn.
    ///
    /// # Errors
    /// [`PassagesError::Geom`] for a map under 5 x 5 (`EmptyRange`: no
    /// place for a site) or too large. A `spacing` of 0 counts as 1.
    ///
    /// ```
    /// use mcrdun_passages::Layout;
    /// let mut rng = mcrdun_geom::random::seeded_rng(1);
    /// let layout = Layout::voronoi(40, 30, 12, 6, &mut rng)?;
    /// assert!(layout.room_count() >= 2 && layout.room_count() <= 12);
    /// // Every inside cell is in some room.
    /// let owned = layout.id_grid().as_slice().iter().filter(|&&id| id != u32::MAX).count();
    /// assert_eq!(owned, 38 * 28);
    /// # Ok::<(), mcrdun_passages::PassagesError>(())
    /// ```
    pub fn voronoi<R: Rng + ?Sized>(
        width: u32,
        height: u32,
        sites: u32,
        spacing: u32,
        rng: &mut R,
    ) -> Result<Layout, PassagesError> {
        Layout::from_labels(&Layout::voronoi_labels(width, height, sites, spacing, rng)?)
    }

    /// The partition of [`Layout::voronoi`] as a grid of room labels
    /// (`0..n` in the order the sites were drawn, `u32::MAX` on the outer
    /// ring), for callers that need only the labels: the same draws, the
    /// same cells, without building the layout's cell lists.
    ///
    /// # Errors
    /// As [`Layout::voronoi`].
    ///
    /// ```
    /// use mcrdun_passages::Layout;
    /// use mcrdun_geom::random::seeded_rng;
    /// let labels = Layout::voronoi_labels(40, 30, 12, 6, &mut seeded_rng(1))?;
    /// let layout = Layout::voronoi(40, 30, 12, 6, &mut seeded_rng(1))?;
    /// assert_eq!(&labels, layout.id_grid());
    /// # Ok::<(), mcrdun_passages::PassagesError>(())
    /// ```
    pub fn voronoi_labels<R: Rng + ?Sized>(
        width: u32,
        height: u32,
        sites: u32,
        spacing: u32,
        rng: &mut R,
    ) -> Result<Grid<u32>, PassagesError> {
        if width < 5 || height < 5 {
            return Err(PassagesError::Geom(GeomError::EmptyRange));
        }
        let mut owner = Grid::new(width, height, NO_ROOM)?;
        let placed = draw_sites(width as usize, height as usize, sites, spacing, rng)?;
        nearest_sites(owner.as_mut_slice(), width as usize, &placed)?;
        Ok(owner)
    }
}

/// The sites of [`Layout::voronoi`] (step 1) on a `w` x `h` map, as cell
/// indices in the order drawn.
fn draw_sites<R: Rng + ?Sized>(
    w: usize,
    h: usize,
    sites: u32,
    spacing: u32,
    rng: &mut R,
) -> Result<Vec<usize>, PassagesError> {
    let mut near = mcrdun_geom::memory::try_vec("the Voronoi spacing mask", w * h, false)?;
    let reach = i32::try_from(spacing.clamp(1, 1 << 15)).unwrap_or(1) - 1;
    let attempts = u64::from(sites) * 20;
    let mut placed: Vec<usize> = Vec::new();
    for _ in 0..attempts {
        if placed.len() == sites as usize {
            break;
        }
        let x = range_i32(rng, 2, w as i32 - 3)?;
        let y = range_i32(rng, 2, h as i32 - 3)?;
        let i = y as usize * w + x as usize;
        if near[i] {
            continue;
        }
        placed.push(i);
        for dy in -reach..=reach {
            let r = reach - dy.abs();
            let ny = y + dy;
            if ny < 0 || ny as usize >= h {
                continue;
            }
            let lo = (x - r).max(0) as usize;
            let hi = ((x + r) as usize).min(w - 1);
            near[ny as usize * w + lo..=ny as usize * w + hi].fill(true);
        }
    }
    Ok(placed)
}

/// Each inside cell of `ids` (`w` wide; the outer ring is left as it is)
/// labelled with its nearest site of `placed` (step 2 of
/// [`Layout::voronoi`]).
fn nearest_sites(ids: &mut [u32], w: usize, placed: &[usize]) -> Result<(), PassagesError> {
    // Each inside cell goes to its nearest site by Manhattan distance,
    // ties to the site drawn first (the least label). That is the
    // partition a breadth-first growth from every site at once makes
    // (sites queued in the order drawn, each cell to the site that
    // reaches it first): inside a rectangle without walls the growth's
    // steps are Manhattan distances, and each ring of the growth is
    // queued in the order of its labels, so a cell is first reached
    // from the nearest site of least label. A distance transform finds
    // the same without a queue (no four neighbour visits and a push a
    // cell, in an order no loop can vectorise): Manhattan distance is
    // separable, so each cell first takes the least (distance, label)
    // in its column (a sweep down the map, each row from the row above,
    // then one up), then the least along its row of those plus the
    // steps across (a sweep left to right, then one back). Every
    // offer is a real path's length and every site's straight-then-
    // across path is offered, so each cell keeps exactly its least
    // (distance, label).
    //
    // The (distance, label) pairs compare as one integer, the distance
    // above the label's bits: in an `i32` when they fit (any map of a
    // few thousand tiles a side; signed, as the loops' minima then
    // vectorise, where an unsigned minimum has no instruction in
    // SSE2), else in an `i64` (a side is under 2^31 and a label under
    // 2^32, so they always fit).
    let bits = u32::BITS - (placed.len().max(1) as u32 - 1).leading_zeros();
    let far = (w as i64 + (ids.len() / w) as i64 + 2) << bits;
    if far <= i64::from(i32::MAX) {
        transform::<i32>(ids, w, placed, bits)
    } else {
        transform::<i64>(ids, w, placed, bits)
    }
}

/// The distance transform of [`Layout::voronoi_labels`] over `ids` (`w`
/// wide, the outer ring left as it is): each inside cell's label becomes
/// the least `(distance, label)` over the sites `placed` (their indices,
/// labelled in order), the pair held in a key `K` as `distance << bits |
/// label`, `bits` enough for every label and `K` for the farthest key.
fn transform<K>(ids: &mut [u32], w: usize, placed: &[usize], bits: u32) -> Result<(), PassagesError>
where
    K: Copy + Ord + Into<i64> + TryFrom<i64> + core::ops::Add<Output = K>,
{
    let h = ids.len() / w;
    let key = |d: i64, label: usize| K::try_from(d << bits | label as i64).ok();
    let too_large = || {
        PassagesError::Geom(GeomError::GridTooLarge {
            width: w as u64,
            height: h as u64,
        })
    };
    // Farther than any cell from any site (distances stay under w + h),
    // and a step more still fits: a cell no site has reached never wins.
    let far = key(w as i64 + h as i64 + 1, 0).ok_or_else(too_large)?;
    let step = key(1, 0).ok_or_else(too_large)?;
    if placed.is_empty() {
        return Ok(());
    }
    let mut keys = mcrdun_geom::memory::try_vec("the Voronoi distances", ids.len(), far)?;
    for (label, &i) in placed.iter().enumerate() {
        keys[i] = key(0, label).ok_or_else(too_large)?;
    }
    // The outer ring belongs to no room and takes no part: only the inside
    // of each inside row is swept.
    let inside = |y: usize| y * w + 1..(y + 1) * w - 1;
    // Down the columns, each row from the row above.
    for y in 2..h - 1 {
        let (above, here) = keys.split_at_mut(y * w);
        offer(&mut here[1..w - 1], &above[inside(y - 1)], step);
    }
    // Up the columns, each row from the row below: the row then holds the
    // best of its column, and is finished at once, while in cache: along
    // the row left to right carrying the best so far a step farther each
    // cell, then back; then the labels.
    let mask = (1i64 << bits) - 1;
    for y in (1..h - 1).rev() {
        let (here, below) = keys.split_at_mut((y + 1) * w);
        let row = &mut here[inside(y)];
        if y + 2 < h {
            offer(row, &below[1..w - 1], step);
        }
        let visit = |carry: K, k: &mut K| {
            *k = (*k).min(carry + step);
            *k
        };
        row.iter_mut().fold(far, visit);
        row.iter_mut().rev().fold(far, visit);
        for (id, &k) in ids[inside(y)].iter_mut().zip(row.iter()) {
            *id = (k.into() & mask) as u32;
        }
    }
    Ok(())
}

/// Each key of `keys` becomes the least of itself and the key next to it in
/// the row `from` a step farther.
fn offer<K: Copy + Ord + core::ops::Add<Output = K>>(keys: &mut [K], from: &[K], step: K) {
    let n = keys.len().min(from.len());
    let (keys, from) = (&mut keys[..n], &from[..n]);
    for x in 0..n {
        let c = from[x] + step;
        keys[x] = if c < keys[x] { c } else { keys[x] };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn cells_are_connected_and_spaced() {
        let layout = Layout::voronoi(60, 40, 20, 7, &mut seeded_rng(4)).unwrap();
        let n = layout.room_count();
        assert!(n > 5, "{n}");
        for room in layout.rooms() {
            let cells = layout.cells(room).unwrap();
            // A flood inside the room reaches all its cells.
            let mut seen = vec![cells[0]];
            let mut k = 0;
            while k < seen.len() {
                let p = seen[k];
                k += 1;
                for q in [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    .map(|(dx, dy)| mcrdun_geom::Point::new(p.x + dx, p.y + dy))
                {
                    if layout.room_of(q) == Some(room) && !seen.contains(&q) {
                        seen.push(q);
                    }
                }
            }
            assert_eq!(seen.len(), cells.len());
        }
        assert!(Layout::voronoi(4, 40, 3, 2, &mut seeded_rng(1)).is_err());
        assert!(Layout::voronoi(40, 40, 3, 0, &mut seeded_rng(1)).is_ok());
    }

    /// Each inside cell's label by comparing every site: the least
    /// (Manhattan distance, label).
    fn nearest_by_brute_force(w: usize, h: usize, placed: &[usize]) -> Vec<u32> {
        let mut ids = vec![NO_ROOM; w * h];
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let far = |&(_, &s): &(usize, &usize)| x.abs_diff(s % w) + y.abs_diff(s / w);
                let best = placed.iter().enumerate().min_by_key(far);
                ids[y * w + x] = best.map_or(NO_ROOM, |(label, _)| label as u32);
            }
        }
        ids
    }

    #[test]
    fn each_cell_goes_to_its_nearest_site_of_least_label() {
        // Thin maps, spacings that leave ties, one site and none; each in
        // 32-bit keys and in 64-bit ones.
        for (w, h, sites, spacing, seed) in [
            (40, 30, 12, 6, 1),
            (5, 5, 3, 1, 2),
            (7, 61, 9, 2, 3),
            (83, 6, 30, 3, 4),
            (64, 64, 400, 1, 5),
            (30, 20, 1, 8, 6),
            (30, 20, 0, 8, 7),
        ] {
            let placed = draw_sites(w, h, sites, spacing, &mut seeded_rng(seed)).unwrap();
            let want = nearest_by_brute_force(w, h, &placed);
            let mut ids = vec![NO_ROOM; w * h];
            nearest_sites(&mut ids, w, &placed).unwrap();
            assert_eq!(ids, want, "{w}x{h} {sites} sites");
            let bits = u32::BITS - (placed.len().max(1) as u32 - 1).leading_zeros();
            let mut wide = vec![NO_ROOM; w * h];
            transform::<i64>(&mut wide, w, &placed, bits).unwrap();
            assert_eq!(wide, want, "{w}x{h} {sites} sites, 64-bit keys");
        }
        // Keys too narrow for the map are refused, not wrapped.
        let mut ids = vec![NO_ROOM; 25];
        assert!(transform::<i32>(&mut ids, 5, &[12], 30).is_err());
    }
}
