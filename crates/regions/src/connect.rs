//! Corridors that join every region into one.
//!
//! All regions grow at once, one wall cell per step, by a breadth-first
//! search seeded with every floor cell (a discrete Voronoi diagram of the
//! walls). Where the territories of two regions meet, digging the two
//! shortest paths back to each region joins them; the number of wall cells
//! on those paths is the edge's cost. Kruskal's algorithm keeps a minimum
//! spanning tree of the candidate edges, and only the chosen paths are dug.

use crate::cells::{Cells, FloorCell};
use crate::label::{Labeller, scan_bytes};
use crate::uf::{find, union};
use crate::{Connectivity, LabelOptions, NO_REGION, RegionsError};
use mcrdun_geom::memory::{Budget, check_bytes, try_vec, try_with_capacity};
use mcrdun_geom::{GeomError, Grid, Point};

/// The working memory of [`connect`] per cell of the map with
/// 4-connectivity, at most: the owner labels, distances and predecessors
/// (4 bytes each), the meeting places (20 bytes each, at most two a cell:
/// one for each pair of touching cells of two regions' territories, the
/// cell's east and south neighbours) and the spanning tree's table (4
/// bytes a region, at most half a cell each); the queue (4 bytes a cell)
/// and the labelling's scratch (6 bytes a cell) are freed before. With
/// 8-connectivity up to four meeting places a cell: 96 bytes a cell. The
/// worst case is checked as one sum before any work.
pub const CONNECT_BYTES_PER_CELL: u64 = 56;

/// [`CONNECT_BYTES_PER_CELL`] for `connectivity`.
const fn bytes_per_cell(connectivity: Connectivity) -> u64 {
    match connectivity {
        Connectivity::Four => CONNECT_BYTES_PER_CELL,
        Connectivity::Eight => 96,
    }
}

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
/// `u` and from `v` joins the regions `a` (owner of `u`) and `b`. Only
/// the meeting with `u < v` of each pair of cells is kept: the other has
/// the same cost and regions and sorts after it, so Kruskal never takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Meeting {
    cost: u32,
    lo: u32,
    hi: u32,
    u: u32,
    v: u32,
}

/// Digs corridors through the walls of `grid` so that all its floor becomes
/// one region, and returns them in the order they were chosen (cheapest
/// first). Nothing is dug when there is at most one region. The map does not
/// wrap here.
///
/// Cost: labelling, a breadth-first search over the walls, and a sort of
/// the meeting places; at most [`CONNECT_BYTES_PER_CELL`] (56) bytes of
/// scratch a cell (96 with 8-connectivity), refused before any work when
/// that passes the [memory budget](mcrdun_geom::memory)
/// (`RegionsError::Geom` with `OverBudget`). The corridors returned are
/// counted as they are made (8 bytes a cell, 32 a corridor) and refused
/// with the same error, the grid unchanged, past the budget;
/// [`connect_in_place`] digs without listing them.
///
/// # Errors
/// [`RegionsError::Unconnectable`] when `keep_border` leaves some regions no
/// way to reach the others (only the border separates them);
/// [`RegionsError::Geom`] above the memory budget or for more than
/// `u32::MAX` cells; the grid is unchanged then.
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
    let _budget = Budget::start();
    let plan = Plan::new(cells, width, height, options)?;
    let chosen = plan.chosen.len();
    // The corridors, counted with everything still held.
    let what = "corridors";
    let mut held = plan.held_bytes();
    let each = core::mem::size_of::<Corridor>() as u64;
    held = held.saturating_add(chosen as u64 * each);
    check_bytes(what, held)?;
    let mut corridors = Vec::with_capacity(chosen);
    for &m in &plan.chosen {
        let len = (plan.search.dist[m.u as usize] + plan.search.dist[m.v as usize]) as usize;
        held = held.saturating_add(len as u64 * 8);
        check_bytes(what, held)?;
        let w = plan.search.w;
        let point = |i: usize| Point::new((i % w) as i32, (i / w) as i32);
        let mut path = Vec::with_capacity(len);
        plan.search
            .path_to_floor(m.u as usize, |i| path.push(point(i)));
        path.reverse();
        plan.search
            .path_to_floor(m.v as usize, |i| path.push(point(i)));
        corridors.push(Corridor {
            from: plan.owner[m.u as usize],
            to: plan.owner[m.v as usize],
            cells: path,
        });
    }
    plan.dig(cells);
    Ok(corridors)
}

/// [`connect_slice`] without the list of corridors: digs the same cells
/// and returns how many were dug. Working memory: at most
/// [`CONNECT_BYTES_PER_CELL`] (56) bytes a cell (96 with 8-connectivity),
/// checked before any work.
///
/// # Errors
/// As [`connect_slice`].
///
/// ```
/// use mcrdun_regions::{connect_in_place, ConnectOptions};
/// let mut row = [1u8, 0, 0, 1];
/// assert_eq!(connect_in_place(&mut row, 4, 1, ConnectOptions::default())?, 2);
/// assert_eq!(row, [1, 1, 1, 1]);
/// # Ok::<(), mcrdun_regions::RegionsError>(())
/// ```
pub fn connect_in_place<T: FloorCell>(
    cells: &mut [T],
    width: u32,
    height: u32,
    options: ConnectOptions,
) -> Result<usize, RegionsError> {
    let _budget = Budget::start();
    let plan = Plan::new(cells, width, height, options)?;
    Ok(plan.dig(cells))
}

/// The corridors chosen, not yet dug: the search they come from and the
/// regions' labels.
struct Plan {
    owner: Vec<u32>,
    search: Search,
    /// The meetings whose paths are dug, cheapest first.
    chosen: Vec<Meeting>,
}

impl Plan {
    /// Labels the map, grows the regions and chooses the corridors; the
    /// working memory's worst case is checked first.
    fn new<T: FloorCell>(
        cells: &[T],
        width: u32,
        height: u32,
        options: ConnectOptions,
    ) -> Result<Plan, RegionsError> {
        let view = Cells::from_slice(cells, width, height)?;
        let n = view.len() as u64;
        let what = "connecting regions";
        if n > u64::from(u32::MAX) {
            return Err(GeomError::OverBudget {
                what,
                needed: n.saturating_mul(bytes_per_cell(options.connectivity)),
                limit: u64::from(u32::MAX),
            }
            .into());
        }
        // Refused before any work above the budget: the search and the
        // meetings at their worst, or the labels with the labelling's
        // scratch if more (thin maps).
        let labels = LabelOptions::new(options.connectivity);
        let scan = scan_bytes(width as usize, height as usize, labels, false);
        let worst = n.saturating_mul(bytes_per_cell(options.connectivity));
        check_bytes(what, worst.max((4 * n).saturating_add(scan)))?;
        let mut owner = try_vec(what, view.len(), NO_REGION)?;
        let count = Labeller::new().label(view, labels, &mut owner)?;
        if count <= 1 {
            let search = Search::empty(width as usize);
            return Ok(Plan {
                owner,
                search,
                chosen: Vec::new(),
            });
        }
        let mut search = Search::run(&mut owner, width as usize, height as usize, options)?;
        let meetings = search.meetings(&owner, options.connectivity)?;
        let chosen = spanning_tree(meetings, count)?;
        Ok(Plan {
            owner,
            search,
            chosen,
        })
    }

    /// The bytes held: labels, distances, predecessors and the meetings.
    fn held_bytes(&self) -> u64 {
        let cells =
            self.owner.capacity() + self.search.dist.capacity() + self.search.pred.capacity();
        4 * cells as u64 + 20 * self.chosen.capacity() as u64
    }

    /// Digs the chosen corridors into `cells`; returns the cells dug.
    fn dig<T: FloorCell>(&self, cells: &mut [T]) -> usize {
        let mut dug = 0;
        for m in &self.chosen {
            for from in [m.u, m.v] {
                self.search.path_to_floor(from as usize, |i| {
                    dug += usize::from(cells[i].floor_byte() == 0);
                    cells[i] = T::FLOOR;
                });
            }
        }
        dug
    }
}

/// The multi-source breadth-first search and what it found.
struct Search {
    w: usize,
    h: usize,
    /// Wall cells dug to reach each cell from its owner (0 on floor,
    /// `u32::MAX` where nobody reached).
    dist: Vec<u32>,
    /// The cell each cell was reached from (itself on floor).
    pred: Vec<u32>,
    /// The meeting places found (those with `u < v`).
    meetings: usize,
}

/// The steps of a connectivity, as `(dx, dy)`.
fn steps(connectivity: Connectivity) -> &'static [(isize, isize)] {
    match connectivity {
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
    }
}

impl Search {
    /// No search (at most one region).
    fn empty(w: usize) -> Search {
        Search {
            w,
            h: 0,
            dist: Vec::new(),
            pred: Vec::new(),
            meetings: 0,
        }
    }

    /// Grows every region over the walls; `owner` holds the labels on entry
    /// and each reached wall's owning region on return. Counts the meeting
    /// places (see [`Search::meetings`]).
    fn run(
        owner: &mut [u32],
        w: usize,
        h: usize,
        options: ConnectOptions,
    ) -> Result<Search, RegionsError> {
        let n = owner.len();
        let what = "connecting regions";
        let mut dist = try_vec(what, n, u32::MAX)?;
        let mut pred = try_vec(what, n, u32::MAX)?;
        let mut queue: Vec<u32> = try_with_capacity(what, n)?;
        for (i, &o) in owner.iter().enumerate() {
            if o != NO_REGION {
                dist[i] = 0;
                pred[i] = i as u32;
                queue.push(i as u32);
            }
        }
        let diggable = |i: usize| {
            let (x, y) = (i % w, i / w);
            !options.keep_border || (x > 0 && y > 0 && x + 1 < w && y + 1 < h)
        };
        let steps = steps(options.connectivity);
        let mut meetings = 0;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head] as usize;
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
                        pred[v] = u as u32;
                        queue.push(v as u32);
                    }
                } else if b != a && u < v {
                    meetings += 1;
                }
            }
        }
        Ok(Search {
            w,
            h,
            dist,
            pred,
            meetings,
        })
    }

    /// The meeting places, cheapest first; ties broken by the regions and
    /// cells involved, so the choice never depends on anything but the map.
    ///
    /// They are gathered after the search, in exactly the number counted
    /// during it: a cell's owner is final once set, and a cell left
    /// unowned when its neighbour was taken out of the queue is then
    /// taken by that neighbour's region (or never, on a kept border); so
    /// the pairs of touching cells with two different owners, read from
    /// the finished search, are the meetings the search saw.
    fn meetings(
        &mut self,
        owner: &[u32],
        connectivity: Connectivity,
    ) -> Result<Vec<Meeting>, RegionsError> {
        let mut m = try_with_capacity("connecting regions", self.meetings)?;
        let (w, h) = (self.w, self.h);
        // The steps to a later cell (`v > u`).
        let forward: Vec<(isize, isize)> = steps(connectivity)
            .iter()
            .copied()
            .filter(|&(dx, dy)| dy > 0 || (dy == 0 && dx > 0))
            .collect();
        for (u, &a) in owner.iter().enumerate() {
            if a == NO_REGION {
                continue;
            }
            let (ux, uy) = ((u % w) as isize, (u / w) as isize);
            for &(dx, dy) in &forward {
                let (vx, vy) = (ux + dx, uy + dy);
                if vx < 0 || vy < 0 || vx >= w as isize || vy >= h as isize {
                    continue;
                }
                let v = vy as usize * w + vx as usize;
                let b = owner[v];
                if b != NO_REGION && b != a && m.len() < m.capacity() {
                    m.push(Meeting {
                        cost: self.dist[u] + self.dist[v],
                        lo: a.min(b),
                        hi: a.max(b),
                        u: u as u32,
                        v: v as u32,
                    });
                }
            }
        }
        debug_assert_eq!(m.len(), self.meetings);
        m.sort_unstable();
        Ok(m)
    }

    /// Calls `each` with the wall cells from `i` back to (not including)
    /// its region's floor.
    fn path_to_floor(&self, mut i: usize, mut each: impl FnMut(usize)) {
        while self.dist[i] > 0 {
            each(i);
            i = self.pred[i] as usize;
        }
    }
}

/// Kruskal over the meetings, keeping the chosen ones at the front of
/// the same vector (no second one); errors when they do not span all
/// regions.
fn spanning_tree(mut meetings: Vec<Meeting>, count: u32) -> Result<Vec<Meeting>, RegionsError> {
    let mut parent: Vec<u32> = try_with_capacity("connecting regions", count as usize)?;
    parent.extend(0..count);
    let mut chosen = 0;
    for k in 0..meetings.len() {
        if chosen + 1 == count as usize {
            break;
        }
        let m = meetings[k];
        if find(&mut parent, m.lo) != find(&mut parent, m.hi) {
            union(&mut parent, m.lo, m.hi);
            meetings[chosen] = m;
            chosen += 1;
        }
    }
    meetings.truncate(chosen);
    let groups = count - chosen as u32;
    if groups > 1 {
        return Err(RegionsError::Unconnectable { groups });
    }
    Ok(meetings)
}

#[cfg(test)]
mod budget_tests {
    use super::*;
    use crate::is_connected;
    use mcrdun_geom::GeomError;

    fn over_budget(e: RegionsError) -> bool {
        matches!(e, RegionsError::Geom(GeomError::OverBudget { .. }))
    }

    /// A call's budget one byte short of its need is refused before any
    /// allocation; exactly the need is enough (labelling: `label_bytes`;
    /// connecting: 56 bytes a cell).
    #[test]
    fn budgets_one_byte_short_are_refused() {
        use crate::{Labels, label, label_bytes, reachable_from};
        use mcrdun_geom::memory::Budget;
        let (w, h) = (37u32, 21u32);
        let map: Vec<u8> = (0..w * h).map(|i| u8::from(i % 3 != 0)).collect();
        let cells = || Cells::from_slice(&map, w, h).unwrap();
        let mut out = vec![0u32; map.len()];
        for conn in [Connectivity::Four, Connectivity::Eight] {
            let need = label_bytes(w, h, conn);
            {
                let _call = Budget::start_with(need - 1);
                assert!(over_budget(label(cells(), conn, &mut out).unwrap_err()));
                assert!(over_budget(is_connected(cells(), conn).unwrap_err()));
            }
            let _call = Budget::start_with(need);
            assert!(label(cells(), conn, &mut out).is_ok());
            assert!(is_connected(cells(), conn).is_ok());
        }
        let n = u64::from(w * h);
        let need = 4 * n + label_bytes(w, h, Connectivity::Four);
        {
            let _call = Budget::start_with(need - 1);
            let start = Point::new(1, 0);
            assert!(over_budget(
                reachable_from(cells(), start, Connectivity::Four).unwrap_err()
            ));
            assert!(over_budget(
                Labels::new(cells(), Connectivity::Four).unwrap_err()
            ));
        }
        let mut dug = map.clone();
        {
            let _call = Budget::start_with(56 * n - 1);
            let e = connect_in_place(&mut dug, w, h, ConnectOptions::default()).unwrap_err();
            assert!(over_budget(e));
            assert_eq!(dug, map);
        }
        let _call = Budget::start_with(56 * n);
        assert!(connect_in_place(&mut dug, w, h, ConnectOptions::default()).unwrap() > 0);
        assert!(is_connected(Cells::from_slice(&dug, w, h).unwrap(), Connectivity::Four).unwrap());
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
        // 8000 x 8000 to connect: 56 bytes per cell, 3.6 GB.
        let mut map = vec![0u8; 64_000_000];
        let e = connect_slice(&mut map, 8000, 8000, ConnectOptions::default()).unwrap_err();
        assert!(over_budget(e.clone()), "{e}");
        assert!(e.to_string().contains("connecting regions"), "{e}");
    }
}
