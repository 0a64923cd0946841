//! Small drawing helpers shared by the room pipelines.

use crate::LevelError;
use crate::Tile;
use mcrdun_geom::random::{SeededRng, shuffle};
use mcrdun_geom::{DisjointSets, Grid, Point, Rect};

/// Fills `room` with floor.
pub(crate) fn fill_room(tiles: &mut Grid<Tile>, room: &Rect) {
    let w = tiles.width() as usize;
    let cells = tiles.as_mut_slice();
    for y in room.y()..room.bottom() {
        let row = y as usize * w;
        cells[row + room.x() as usize..row + room.right() as usize].fill(Tile::Floor);
    }
}

/// Turns a wall tile into corridor; other tiles stay as they are.
pub(crate) fn dig(tiles: &mut Grid<Tile>, p: Point) {
    if let Some(t) = tiles.get_mut(p)
        && *t == Tile::Wall
    {
        *t = Tile::Corridor;
    }
}

/// Digs an L-shaped corridor from `from` to `to`: first along the axis
/// `first_vertical` names, then along the other. Both ends are dug too
/// (unless they are not walls).
pub(crate) fn dig_l(tiles: &mut Grid<Tile>, from: Point, to: Point, first_vertical: bool) {
    let corner = if first_vertical {
        Point::new(from.x, to.y)
    } else {
        Point::new(to.x, from.y)
    };
    dig_line(tiles, from, corner);
    dig_line(tiles, corner, to);
}

/// Digs the straight horizontal or vertical segment `a..=b`.
fn dig_line(tiles: &mut Grid<Tile>, a: Point, b: Point) {
    let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let mut p = a;
    loop {
        dig(tiles, p);
        if p == b {
            break;
        }
        p = Point::new(p.x + dx, p.y + dy);
    }
}

/// The point of `r` nearest to `p` (clamped coordinates).
pub(crate) fn clamp_into(r: &Rect, p: Point) -> Point {
    Point::new(
        p.x.clamp(r.x(), r.right() - 1),
        p.y.clamp(r.y(), r.bottom() - 1),
    )
}

/// A random spanning tree of `n` nodes over `edges` (Kruskal over the
/// shuffled edges), then `round(loops * rest)` of the remaining edges, as
/// indices into `edges` in the order chosen. The graph must be connected
/// for the result to be.
pub(crate) fn tree_and_loops(
    n: usize,
    edges: &[(u32, u32)],
    loops: f64,
    rng: &mut SeededRng,
) -> Result<Vec<usize>, LevelError> {
    let mut order: Vec<usize> = (0..edges.len()).collect();
    shuffle(rng, &mut order);
    let mut forest = DisjointSets::new(n);
    let mut chosen = Vec::with_capacity(n);
    let mut rest = Vec::new();
    for i in order {
        let (a, b) = edges[i];
        if forest.union(a as usize, b as usize) {
            chosen.push(i);
        } else {
            rest.push(i);
        }
    }
    // One IEEE multiplication and rounding: the same count everywhere.
    let extra = ((loops * rest.len() as f64).round() as usize).min(rest.len());
    chosen.extend_from_slice(&rest[..extra]);
    Ok(chosen)
}
