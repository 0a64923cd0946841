//! Winding tunnels: joins the walkable pieces of a cave into one region by
//! digging, from each piece not yet joined, a drunkard's walk toward the
//! nearest joined tile (the largest piece first, then everything a tunnel
//! has reached).
//!
//! The target is found by a 0-1 breadth-first search from the piece (walking
//! over floor is free, digging rock costs one), which ends at the first
//! joined tile, so it explores only the neighbourhood of the piece. The walk
//! then steps toward that target along an axis drawn in proportion to the
//! distance left on it, sideways a third of the time, and turns after at
//! most [`MAX_RUN`] steps in one direction: a tunnel winds like a cave's
//! passage instead of running straight; nor does it dig a tile that would
//! make a straight run of corridor (with the tunnels before it) longer
//! than [`MAX_STRAIGHT`]: it turns across instead. A walk that wanders too long (more
//! than eight times the distance plus 64 steps) finishes straight. Tunnels
//! never dig the outer border.
//!
//! Cost: O(w * h) for the labels (the labelling of
//! `mcrdun_regions::Labeller` over a mask of the walkable tiles, one byte
//! a tile, freed before the searches), plus each search's neighbourhood;
//! 12 bytes a tile (labels, search marks and parents) and the search queue.

use crate::measures::{NO_PIECE, pieces};
use crate::{LevelError, Tile};
use mcrdun_geom::random::{SeededRng, below, chance};

/// The most steps a tunnel takes in one direction before it turns.
pub const MAX_RUN: u32 = 3;

/// The longest straight run of corridor tiles (along a row or a column,
/// with the tunnels dug before and the vaults' corridors) that a tunnel
/// digs: where a step would make a longer one, the tunnel turns.
pub const MAX_STRAIGHT: usize = 6;

/// The straight runs of corridor through tile `i` if it were dug: the
/// longer of its row's and its column's (up to `MAX_STRAIGHT + 1`).
pub(crate) fn straight_run(tiles: &[Tile], w: usize, i: usize) -> usize {
    let dug = |j: usize| tiles.get(j) == Some(&Tile::Corridor);
    let count = |step: isize| {
        (1..=MAX_STRAIGHT as isize + 1)
            .take_while(|k| {
                let j = i as isize + k * step;
                // A row's run stops at the row's end.
                j >= 0 && (step.abs() != 1 || (j as usize) / w == i / w) && dug(j as usize)
            })
            .count()
    };
    let row = count(-1) + 1 + count(1);
    let column = count(-(w as isize)) + 1 + count(w as isize);
    row.max(column)
}

/// The share of a tunnel's steps taken sideways.
const WANDER: f64 = 1.0 / 3.0;

/// The chance, at each step, that the side a tunnel drifts to changes.
const FLIP: f64 = 0.1;

/// Joins the walkable tiles of `tiles` (`w` x `h`, row-major) into one
/// 4-connected region: rock on a tunnel becomes [`Tile::Corridor`]. Returns
/// the walkable pieces there were and the tiles dug. Pieces that only the
/// border could join stay apart (the finish step then refuses the level).
/// `known` is the labelling of the walkable tiles ([`pieces`]) when the
/// caller has it already.
pub(crate) fn join_winding(
    tiles: &mut [Tile],
    w: usize,
    h: usize,
    known: Option<crate::cave::FloorPieces>,
    rng: &mut SeededRng,
) -> Result<Joined, LevelError> {
    let (mut labels, found) = match known {
        Some(known) => known,
        None => {
            let walkable: Vec<bool> = tiles.iter().map(|t| t.is_walkable()).collect();
            pieces(w, h, &walkable)?
        }
    };
    if found.len() <= 1 {
        return Ok(Joined {
            pieces: found.len(),
            dug: 0,
            connected: found.len() == 1,
        });
    }
    let main = (0..found.len()).max_by_key(|&i| (found[i].size, usize::MAX - i));
    let mut joined = vec![false; found.len()];
    joined[main.unwrap_or(0)] = true;
    // The first tile of each piece, in raster order (labels are in that order).
    // Labels go in raster order of the pieces' first tiles: the first tile
    // labelled `next` is the next piece's first, and the scan stops at the
    // last piece's.
    let mut first = vec![usize::MAX; found.len()];
    let mut next = 0;
    for (i, &l) in labels.iter().enumerate() {
        if l as usize == next {
            first[next] = i;
            next += 1;
            if next == found.len() {
                break;
            }
        }
    }
    let mut search = Search::new(w, h);
    let (mut dug, mut connected) = (0, true);
    for piece in 0..found.len() {
        if joined[piece] {
            continue;
        }
        let Some((from, to)) = search.nearest(&labels, &joined, first[piece], piece as u32) else {
            connected = false;
            continue;
        };
        let walk = Walk {
            w,
            h,
            id: piece as u32,
            to: (to % w, to / w),
        };
        dug += walk.dig(tiles, &mut labels, &mut joined, from, rng);
        joined[piece] = true;
    }
    Ok(Joined {
        pieces: found.len(),
        dug,
        connected,
    })
}

/// What [`join_winding`] did.
pub(crate) struct Joined {
    /// The walkable pieces there were.
    pub(crate) pieces: usize,
    /// The tiles dug.
    pub(crate) dug: usize,
    /// Whether the walkable tiles are now one 4-connected region: there was
    /// one piece, or every other piece's tunnel reached the joined ones (a
    /// tunnel is a 4-connected walk that digs until it stands on a joined
    /// tile, and the pieces it passes through are joined by it).
    pub(crate) connected: bool,
}

/// The 0-1 search's buffers, reused for every piece.
struct Search {
    w: usize,
    /// The piece whose search last reached each tile (+1; 0: never;
    /// [`BORDER`] on the border).
    mark: Vec<u32>,
    parent: Vec<u32>,
    /// The search's double-ended queue, taken from the front only, as two
    /// plain vectors: `front` the tiles pushed to the front (the last one
    /// first), `back[head..]` the ones pushed to the back (in order). A
    /// deque's order exactly, with no wrapping index.
    front: Vec<u32>,
    back: Vec<u32>,
}

impl Search {
    fn new(w: usize, h: usize) -> Search {
        // The border is never searched: its marks stay above every stamp.
        let mut mark = vec![0; w * h];
        mark[..w].fill(BORDER);
        mark[(h - 1) * w..].fill(BORDER);
        for row in mark.chunks_exact_mut(w) {
            row[0] = BORDER;
            row[w - 1] = BORDER;
        }
        Search {
            w,
            mark,
            parent: vec![0; w * h],
            front: Vec::new(),
            back: Vec::new(),
        }
    }

    /// The nearest joined tile to the piece `id` (that holds `start`), and
    /// the piece's tile where the way there leaves the piece.
    fn nearest(
        &mut self,
        labels: &[u32],
        joined: &[bool],
        start: usize,
        id: u32,
    ) -> Option<(usize, usize)> {
        let w = self.w;
        let stamp = id + 1;
        let (front, back) = (&mut self.front, &mut self.back);
        front.clear();
        back.clear();
        back.push(start as u32);
        let mut head = 0;
        self.mark[start] = stamp;
        self.parent[start] = start as u32;
        loop {
            let i = match front.pop() {
                Some(i) => i as usize,
                None if head < back.len() => {
                    head += 1;
                    back[head - 1] as usize
                }
                None => return None,
            };
            let l = labels[i];
            if l != NO_PIECE && joined[l as usize] {
                // Back along the parents to the last tile of the piece.
                let mut at = i;
                while labels[at] != id {
                    at = self.parent[at] as usize;
                }
                return Some((at, i));
            }
            // West, east, north, south; `i` is inside the border, so
            // each is on the map (the border's marks turn it away).
            for j in [i - 1, i + 1, i - w, i + w] {
                if self.mark[j] >= stamp {
                    continue;
                }
                self.mark[j] = stamp;
                self.parent[j] = i as u32;
                // Walking over a piece is free; digging rock costs a step.
                if labels[j] != NO_PIECE {
                    front.push(j as u32);
                } else {
                    back.push(j as u32);
                }
            }
        }
    }
}

/// The search mark of a border tile: above every piece's stamp.
const BORDER: u32 = u32::MAX;

/// One tunnel from the piece `id`: toward `to`, ending at the first joined
/// tile. Its dug tiles belong to the piece, joined with it at the end.
struct Walk {
    w: usize,
    h: usize,
    id: u32,
    to: (usize, usize),
}

impl Walk {
    /// Digs from `from` until a joined tile; returns the tiles dug. Pieces
    /// the tunnel passes through are joined too.
    fn dig(
        &self,
        tiles: &mut [Tile],
        labels: &mut [u32],
        joined: &mut [bool],
        from: usize,
        rng: &mut SeededRng,
    ) -> usize {
        let (w, h) = (self.w, self.h);
        let (mut x, mut y) = (from % w, from / w);
        let far = x.abs_diff(self.to.0) + y.abs_diff(self.to.1);
        let patience = 8 * far + 64;
        let (mut last, mut run) = ((0i8, 0i8), 0u32);
        let mut dug = 0;
        let mut through = Vec::new();
        let mut side: i8 = if chance(rng, 0.5) { 1 } else { -1 };
        for step in 0.. {
            // Sideways steps keep to one side for a while: a tunnel
            // meanders in arcs instead of zigzagging in a straight band.
            if chance(rng, FLIP) {
                side = -side;
            }
            let (mut dx, mut dy) = self.choose((x, y), last, run, side, step >= patience, rng);
            // Never straight back: a tunnel doubling on itself widens
            // into a straight band.
            if (dx, dy) == (-last.0, -last.1) && step < patience {
                (dx, dy) = (-dx, -dy);
            }
            let inside = |(dx, dy): (i8, i8)| {
                let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
                (nx >= 1 && ny >= 1 && (nx as usize) + 1 < w && (ny as usize) + 1 < h)
                    .then_some(ny as usize * w + nx as usize)
            };
            // Never onto the border (the choice avoids it but for sideways
            // steps at its edge; those are skipped).
            let Some(next) = inside((dx, dy)) else {
                run = MAX_RUN;
                continue;
            };
            // Never a straight run of corridor past MAX_STRAIGHT (with the
            // tunnels dug before): turn across, to the drifting side
            // first; where neither side may be dug either, go on.
            let cost = |i: usize| {
                if labels[i] != NO_PIECE {
                    return 0;
                }
                let run = straight_run(tiles, w, i);
                if run > MAX_STRAIGHT { run } else { 0 }
            };
            let here = cost(next);
            if here > 0 {
                let across = if dx == 0 {
                    [(side, 0), (-side, 0)]
                } else {
                    [(0, side), (0, -side)]
                };
                let mut best = here;
                for d in across {
                    if let Some(c) = inside(d).map(cost)
                        && c < best
                    {
                        (dx, dy, best) = (d.0, d.1, c);
                    }
                }
            }
            let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
            run = if (dx, dy) == last { run + 1 } else { 1 };
            last = (dx, dy);
            (x, y) = (nx as usize, ny as usize);
            let i = y * w + x;
            match labels[i] {
                NO_PIECE => {
                    tiles[i] = Tile::Corridor;
                    labels[i] = self.id;
                    dug += 1;
                }
                l if joined[l as usize] => break,
                // Joined once the tunnel reaches a joined tile.
                l => through.push(l),
            }
        }
        for l in through {
            joined[l as usize] = true;
        }
        dug
    }

    /// The next step from (x, y): toward the target on an axis drawn in
    /// proportion to the distance left on it; sideways (across that axis)
    /// at times; across the last direction after [`MAX_RUN`] steps one
    /// way, toward the target where that axis has distance left; straight
    /// toward it once `straight`.
    fn choose(
        &self,
        (x, y): (usize, usize),
        last: (i8, i8),
        run: u32,
        side: i8,
        straight: bool,
        rng: &mut SeededRng,
    ) -> (i8, i8) {
        let toward = |from: usize, to: usize| i8::from(to > from) - i8::from(to < from);
        let (sx, sy) = (toward(x, self.to.0), toward(y, self.to.1));
        let (ax, ay) = (x.abs_diff(self.to.0) as u64, y.abs_diff(self.to.1) as u64);
        // `ax + ay > 0`: the walk ends on reaching its (joined) target.
        let along_x = below(rng, (ax + ay).max(1)).is_ok_and(|r| r < ax);
        let step = |x_axis: bool, s: i8| if x_axis { (s, 0) } else { (0, s) };
        if straight {
            return step(along_x, if along_x { sx } else { sy });
        }
        if run >= MAX_RUN {
            let x_axis = last.0 == 0;
            let s = if x_axis { sx } else { sy };
            return step(x_axis, if s != 0 { s } else { side });
        }
        if chance(rng, WANDER) {
            return step(!along_x, side);
        }
        step(along_x, if along_x { sx } else { sy })
    }
}
