//! Corridors that join every region into one.
//!
//! All regions grow at once, one wall cell per step, by a breadth-first
//! search seeded with every floor cell (a discrete Voronoi diagram of the
//! walls). Where the territories of two regions meet, digging the two
//! shortest paths back to each region joins them; the number of wall cells
//! on those paths is the edge's cost. Kruskal's algorithm keeps a minimum
//! spanning tree of the candidate edges, and only the chosen paths are dug.

use crate::cells::{Cells, FloorCell};
use crate::label::Labeller;
use crate::uf::{find, union};
use crate::{Connectivity, NO_REGION, RegionsError};
use mcrdun_geom::memory::{check_budget, try_vec, try_with_capacity};
use mcrdun_geom::{Grid, Point};

/// The working memory of [`connect`] per cell of the map: owner labels and
/// distances (4 bytes each), predecessors and the queue (8 each), and the
/// labelling's worst case (6), checked as one sum before any work.
pub const CONNECT_BYTES_PER_CELL: u64 = 80;

/// How [`connect`] may dig.
///
/// ```
/// use mcrdun_regions::{ConnectOptions, Connectivity};
/// let o = ConnectOptions::default();
/// assert_eq!((o.connectivity, o.keep_border), (Connectivity::Four, false));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConnectOptions {
    /// What counts as connected, both for the regions and for the dug
    /// corridors: with [`Connectivity::Four`] every corridor cell shares a
    /// side with the next; with [`Connectivity::Eight`] corridors may step
    /// diagonally.
    pub connectivity: Connectivity,
    /// Never dig the cells of the outer border (row 0, the last row, column
    /// 0, the last column), so the map stays closed.
    pub keep_border: bool,
}

/// One dug corridor: the wall cells turned into floor to join two regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Corridor {
    /// The region the corridor leaves (a label of the map before digging).
    pub from: u32,
    /// The region it reaches.
    pub to: u32,
    /// The cells in walking order: the first touches a floor cell of `from`,
    /// each next one touches the previous, the last touches a floor cell of
    /// `to`. Two corridors may share their first cells (when both leave the
    /// same region the same way); the shared cells are listed in both.
    pub cells: Vec<Point>,
}

/// A place where two regions' territories meet: digging the paths back from
/// `u` and from `v` joins the regions `a` (owner of `u`) and `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Meeting {
    cost: u32,
    lo: u32,
    hi: u32,
    u: usize,
    v: usize,
}

/// Digs corridors through the walls of `grid` so that all its floor becomes
/// one region, and returns them in the order they were chosen (cheapest
/// first). Nothing is dug when there is at most one region. The map does not
/// wrap here.
///
/// Cost: labelling, a breadth-first search over the walls, and a sort of
/// the meeting places; [`CONNECT_BYTES_PER_CELL`] (80) bytes of scratch per
/// cell plus the meeting places, refused before any work when that passes
/// the [memory budget](mcrdun_geom::memory) (`RegionsError::Geom` with
/// `OverBudget`).
///
/// # Errors
/// [`RegionsError::Unconnectable`] when `keep_border` leaves some regions no
/// way to reach the others (only the border separates them); the grid is
/// unchanged then.
///
/// ```
/// use mcrdun_geom::{Grid, Point};
/// use mcrdun_regions::{connect, is_connected, ConnectOptions, Connectivity};
/// let rows = ["#####",
///             "#.#.#",
///             "#####"];
/// let mut grid = Grid::from_fn(5, 3, |p| rows[p.y as usize].as_bytes()[p.x as usize] == b'.')?;
/// let options = ConnectOptions { keep_border: true, ..ConnectOptions::default() };
/// let corridors = connect(&mut grid, options)?;
/// assert_eq!(corridors.len(), 1);
/// assert_eq!(corridors[0].cells, [Point::new(2, 1)]);
/// assert!(is_connected(&grid, Connectivity::Four)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn connect<T: FloorCell>(
    grid: &mut Grid<T>,
    options: ConnectOptions,
) -> Result<Vec<Corridor>, RegionsError> {
    let (w, h) = (grid.width(), grid.height());
    connect_slice(grid.as_mut_slice(), w, h, options)
}

/// [`connect`] over a raw row-major slice of `width * height` cells
/// (nonzero / `true` = floor); dug cells are set to 1 / `true`.
///
/// # Errors
/// [`RegionsError::CellCountMismatch`] or [`RegionsError::Geom`] for a slice
/// that does not match the size, and as [`connect`].
pub fn connect_slice<T: FloorCell>(
    cells: &mut [T],
    width: u32,
    height: u32,
    options: ConnectOptions,
) -> Result<Vec<Corridor>, RegionsError> {
    let view = Cells::from_slice(cells, width, height)?;
    // Working memory, refused before any work above the budget: the owner
    // labels (4 bytes a cell), distances (4), predecessors and the queue
    // (8 each), the labelling's scratch and the meetings and corridors
    // found: 76 bytes a cell at worst as measured (random maps, many
    // regions), stated as 80.
    check_budget(
        "connecting regions",
        view.len() as u64,
        CONNECT_BYTES_PER_CELL,
    )?;
    let mut owner = try_vec("connecting regions", view.len(), NO_REGION)?;
    let count = Labeller::new().label(view, options.connectivity, &mut owner)?;
    if count <= 1 {
        return Ok(Vec::new());
    }
    let mut search = Search::run(&mut owner, width as usize, height as usize, options)?;
    let chosen = spanning_tree(search.meetings(), count)?;
    let mut corridors = Vec::with_capacity(chosen.len());
    for m in chosen {
        let mut path = search.path_to_floor(m.u);
        path.reverse();
        path.extend(search.path_to_floor(m.v));
        for &i in &path {
            cells[i] = T::FLOOR;
        }
        corridors.push(Corridor {
            from: owner[m.u],
            to: owner[m.v],
            cells: path
                .iter()
                .map(|&i| Point::new((i % search.w) as i32, (i / search.w) as i32))
                .collect(),
        });
    }
    Ok(corridors)
}

/// The multi-source breadth-first search and what it found.
struct Search {
    w: usize,
    /// Wall cells dug to reach each cell from its owner (0 on floor,
    /// `u32::MAX` where nobody reached).
    dist: Vec<u32>,
    /// The cell each cell was reached from (itself on floor).
    pred: Vec<usize>,
    meetings: Vec<Meeting>,
}

impl Search {
    /// Grows every region over the walls; `owner` holds the labels on entry
    /// and each reached wall's owning region on return.
    fn run(
        owner: &mut [u32],
        w: usize,
        h: usize,
        options: ConnectOptions,
    ) -> Result<Search, RegionsError> {
        let n = owner.len();
        let what = "connecting regions";
        let mut dist = try_vec(what, n, u32::MAX)?;
        let mut pred = try_vec(what, n, usize::MAX)?;
        let mut queue = try_with_capacity(what, n)?;
        for (i, &o) in owner.iter().enumerate() {
            if o != NO_REGION {
                dist[i] = 0;
                pred[i] = i;
                queue.push(i);
            }
        }
        let diggable = |i: usize| {
            let (x, y) = (i % w, i / w);
            !options.keep_border || (x > 0 && y > 0 && x + 1 < w && y + 1 < h)
        };
        let steps: &[(isize, isize)] = match options.connectivity {
            Connectivity::Four => &[(0, -1), (-1, 0), (1, 0), (0, 1)],
            Connectivity::Eight => &[
                (-1, -1),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ],
        };
        let mut meetings = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            let (ux, uy) = ((u % w) as isize, (u / w) as isize);
            let a = owner[u];
            for &(dx, dy) in steps {
                let (vx, vy) = (ux + dx, uy + dy);
                if vx < 0 || vy < 0 || vx >= w as isize || vy >= h as isize {
                    continue;
                }
                let v = vy as usize * w + vx as usize;
                let b = owner[v];
                if b == NO_REGION {
                    if diggable(v) {
                        owner[v] = a;
                        dist[v] = dist[u] + 1;
                        pred[v] = u;
                        queue.push(v);
                    }
                } else if b != a {
                    meetings.push(Meeting {
                        cost: dist[u] + dist[v],
                        lo: a.min(b),
                        hi: a.max(b),
                        u,
                        v,
                    });
                }
            }
        }
        Ok(Search {
            w,
            dist,
            pred,
            meetings,
        })
    }

    /// The meeting places, cheapest first; ties broken by the regions and
    /// cells involved, so the choice never depends on anything but the map.
    fn meetings(&mut self) -> Vec<Meeting> {
        let mut m = core::mem::take(&mut self.meetings);
        m.sort_unstable();
        m
    }

    /// The wall cells from `i` back to (not including) its region's floor.
    fn path_to_floor(&self, mut i: usize) -> Vec<usize> {
        let mut path = Vec::with_capacity(self.dist[i] as usize);
        while self.dist[i] > 0 {
            path.push(i);
            i = self.pred[i];
        }
        path
    }
}

/// Kruskal over the meetings; errors when they do not span all regions.
fn spanning_tree(meetings: Vec<Meeting>, count: u32) -> Result<Vec<Meeting>, RegionsError> {
    let mut parent: Vec<u32> = (0..count).collect();
    let mut chosen = Vec::with_capacity(count as usize - 1);
    for m in meetings {
        if chosen.len() + 1 == count as usize {
            break;
        }
        if find(&mut parent, m.lo) != find(&mut parent, m.hi) {
            union(&mut parent, m.lo, m.hi);
            chosen.push(m);
        }
    }
    let groups = count - chosen.len() as u32;
    if groups > 1 {
        return Err(RegionsError::Unconnectable { groups });
    }
    Ok(chosen)
}

#[cfg(test)]
mod budget_tests {
    use super::*;
    use crate::is_connected;
    use mcrdun_geom::GeomError;

    fn over_budget(e: RegionsError) -> bool {
        matches!(e, RegionsError::Geom(GeomError::OverBudget { .. }))
    }

    /// Maps whose scratch passes the 1 GiB default are refused before any
    /// cell is read (the zeroed maps are never touched, so cost no memory).
    #[test]
    fn scratch_above_the_budget_is_refused_up_front() {
        // One row of 10^8 columns: 11 bytes of scratch per column.
        let row = vec![0u8; 100_000_000];
        let e = is_connected(
            Cells::from_slice(&row, 100_000_000, 1).unwrap(),
            Connectivity::Four,
        )
        .unwrap_err();
        assert!(over_budget(e.clone()), "{e}");
        // 8000 x 8000 to connect: 80 bytes per cell, 5.1 GB.
        let mut map = vec![0u8; 64_000_000];
        let e = connect_slice(&mut map, 8000, 8000, ConnectOptions::default()).unwrap_err();
        assert!(over_budget(e.clone()), "{e}");
        assert!(e.to_string().contains("connecting regions"), "{e}");
    }
}
