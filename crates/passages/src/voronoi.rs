//! A discrete Voronoi partition as a [`Layout`]: rooms that tile a map.

use crate::layout::NO_ROOM;
use crate::{Layout, PassagesError};
use mcrdun_geom::random::range_i32;
use mcrdun_geom::{GeomError, Grid};
use rand::Rng;

/// The outer ring's label while the partition grows: no site's.
const RING: u32 = NO_ROOM - 1;

impl Layout {
    /// A `width` x `height` layout whose rooms are the cells of a discrete
    /// Voronoi partition of the map's inside (the outer ring of cells
    /// belongs to no room).
    ///
    /// 1. Up to `sites` sites are drawn at random, at least 2 cells from the
    ///    edge and at least `spacing` apart (Manhattan distance); a draw
    ///    too close to an accepted site is thrown away, and drawing stops
    ///    after `20 * sites` draws.
    /// 2. Every inside cell goes to its nearest site by a breadth-first
    ///    search from all sites at once (4-connected steps; ties to the site
    ///    that reached the cell first), so each room is a 4-connected cell
    ///    of the partition containing its site. Rooms are numbered in the
    ///    order their sites were drawn.
    ///
    /// Cost: O(width x height + sites x spacing^2); a label per cell, one
    /// queue and one spacing mask of a byte per cell.
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
        let (w, h) = (width as usize, height as usize);
        let mut near = vec![false; w * h];
        // Each cell is queued once: the queue is made in its room, not grown
        // by doubling over a million cells.
        let mut queue: Vec<u32> =
            mcrdun_geom::memory::try_with_capacity("the Voronoi growth queue", w * h)?;
        let reach = i32::try_from(spacing.clamp(1, 1 << 15)).unwrap_or(1) - 1;
        let attempts = u64::from(sites) * 20;
        let mut placed = 0u32;
        for _ in 0..attempts {
            if placed == sites {
                break;
            }
            let x = range_i32(rng, 2, w as i32 - 3)?;
            let y = range_i32(rng, 2, h as i32 - 3)?;
            let i = y as usize * w + x as usize;
            if near[i] {
                continue;
            }
            owner.as_mut_slice()[i] = placed;
            queue.push(i as u32);
            placed += 1;
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
        drop(near);
        // A breadth-first growth from every site at once: each cell goes
        // to the site that reaches it first. It partitions by distance, not
        // by connection, so it is no copy of a region labelling (which this
        // crate, independent of `mcrdun-regions`, does not do).
        //
        // The outer ring is held by a mark no site has while the growth
        // runs (so no step needs the cell's coordinates, a division per
        // cell), and given back to no room after. Sites number fewer than
        // the map's cells, under 2^31, so the mark is no site's.
        let ids = owner.as_mut_slice();
        let ring = |ids: &mut [u32], v: u32| {
            ids[..w].fill(v);
            ids[(h - 1) * w..].fill(v);
            for row in ids.chunks_exact_mut(w) {
                row[0] = v;
                row[w - 1] = v;
            }
        };
        ring(ids, RING);
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            // `i` is inside the ring, so its four neighbours are on the map.
            let id = ids[i];
            for j in [i - w, i + 1, i + w, i - 1] {
                if ids[j] == NO_ROOM {
                    ids[j] = id;
                    queue.push(j as u32);
                }
            }
        }
        ring(ids, NO_ROOM);
        Ok(owner)
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
}
