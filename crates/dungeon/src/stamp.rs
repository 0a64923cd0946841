//! Vaults stamped on a level without rooms (a cave): a vault goes where
//! its map and a ring of one tile around it are all rock, so the cave
//! stays as it was around it, and where the cave lies at most 3 tiles
//! straight out of each entrance it uses; each is joined to the cave by a
//! corridor dug through rock from the tile outside it to the nearest
//! walkable tile (a breadth-first search that never enters a vault or the
//! map's border), so the corridor is as short as the cave's own tunnels
//! run straight. A vault uses its required entrances, or, with none, one
//! of its optional entrances drawn at random among those the cave is near.
//!
//! Cost: a prefix sum of the rock (4 bytes a tile), at most 256 tries of
//! a place per vault and orientation, one search per entrance (at most
//! the map, 4 bytes a tile).

use crate::measures::{NO_PIECE, SPECK_BELOW, pieces};
use crate::vaults::{Marker, Pick, PlacedVault, Places, Stamped, choose_in};
use crate::{LevelError, LevelKind, Tile};
use mcrdun_geom::random::{SeededRng, index, range_i32};
use mcrdun_geom::{Point, Rect};
use mcrdun_vaults::{Glyph, Shape, Vault};
use std::collections::VecDeque;

/// Random places tried for a vault in one orientation.
const TRIES: u32 = 256;

/// Places where a vault and the ring around it are all rock.
struct RockPlaces {
    /// `sum[y * (w + 1) + x]`: rock tiles above and left of (x, y).
    sum: Vec<u32>,
    w: usize,
    h: usize,
    /// Vaults placed, grown by their ring.
    taken: Vec<Rect>,
    /// Whether each tile is walkable (the cave as it was).
    walkable: Vec<bool>,
}

impl RockPlaces {
    fn new(tiles: &[Tile], w: usize, h: usize) -> RockPlaces {
        let mut sum = vec![0u32; (w + 1) * (h + 1)];
        for y in 0..h {
            let mut row = 0;
            for x in 0..w {
                row += u32::from(tiles[y * w + x] == Tile::Wall);
                sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1] + row;
            }
        }
        RockPlaces {
            sum,
            w,
            h,
            taken: Vec::new(),
            walkable: tiles.iter().map(|t| t.is_walkable()).collect(),
        }
    }

    fn all_rock(&self, r: &Rect) -> bool {
        let (x0, y0, x1, y1) = (
            r.x() as usize,
            r.y() as usize,
            r.right() as usize,
            r.bottom() as usize,
        );
        let s = |x: usize, y: usize| self.sum[y * (self.w + 1) + x];
        s(x1, y1) + s(x0, y0) - s(x0, y1) - s(x1, y0) == (r.w() * r.h()) as u32
    }
}

impl Places for RockPlaces {
    fn find(
        &mut self,
        shape: &Shape,
        rng: &mut SeededRng,
    ) -> Result<Option<(Point, usize)>, LevelError> {
        let (sw, sh) = (shape.width() as i32, shape.height() as i32);
        let (w, h) = (self.w as i32, self.h as i32);
        // The map two tiles from the edge, so that the tile outside an
        // entrance stays off the border.
        if sw > w - 4 || sh > h - 4 {
            return Ok(None);
        }
        for _ in 0..TRIES {
            let x = range_i32(rng, 2, w - 2 - sw)?;
            let y = range_i32(rng, 2, h - 2 - sh)?;
            let ring = Rect::new(x - 1, y - 1, sw + 2, sh + 2)?;
            let at = Point::new(x, y);
            if self.all_rock(&ring)
                && self.taken.iter().all(|t| t.intersection(&ring).is_none())
                && !usable(shape, at, |door, out| {
                    let step = (out.x - door.x, out.y - door.y);
                    reaches(out, step, |i| self.walkable[i], (self.w, self.h))
                })
                .is_empty()
            {
                return Ok(Some((at, 0)));
            }
        }
        Ok(None)
    }

    fn take(&mut self, _: usize, at: Point, shape: &Shape) {
        if let Ok(r) = Rect::new(
            at.x - 1,
            at.y - 1,
            shape.width() as i32 + 2,
            shape.height() as i32 + 2,
        ) {
            self.taken.push(r);
        }
    }
}

/// Stamps vaults on `tiles` (`w` x `h`, one walkable region): the required
/// ones, then optional ones by weight, at most `budget` of those; joins
/// their entrances to the rest. Returns what the finish needs.
///
/// # Errors
/// [`LevelError::Vault`] for a required vault that `kind` may not use or
/// that fits nowhere, or an entrance that no corridor reaches.
pub(crate) fn stamp_vaults(
    tiles: &mut [Tile],
    (w, h): (usize, usize),
    vaults: &[Vault],
    kind: LevelKind,
    budget: usize,
    rng: &mut SeededRng,
) -> Result<Stamped, LevelError> {
    let mut places = RockPlaces::new(tiles, w, h);
    let picks = choose_in(vaults, kind, &mut places, budget, rng)?;
    drop(places);
    let (stamped, protected) = stamp_picks(tiles, (w, h), vaults, &picks, false, rng)?;
    // A corridor may cut a speck of rock off; as the cave does, dig it.
    let wall: Vec<bool> = tiles
        .iter()
        .zip(&protected)
        .map(|(&t, &p)| t == Tile::Wall && !p)
        .collect();
    let (labels, found) = pieces(w, h, &wall)?;
    drop(wall);
    for (t, &l) in tiles.iter_mut().zip(&labels) {
        if l != NO_PIECE && !found[l as usize].on_border && found[l as usize].size < SPECK_BELOW {
            *t = Tile::Corridor;
        }
    }
    Ok(stamped)
}

/// Stamps the vaults `picks` on `tiles` and joins the entrances each uses
/// ([`usable`]: in a maze, those whose outside tile is no corner between
/// four cells; in a cave, those the cave is near) by corridors to the
/// nearest walkable tile; with `maze`, corridors never dig such corners
/// (so no 2x2 square of floor appears). Returns what the finish needs and
/// the vaults' tiles.
pub(crate) fn stamp_picks(
    tiles: &mut [Tile],
    (w, h): (usize, usize),
    vaults: &[Vault],
    picks: &[(usize, Pick)],
    maze: bool,
    rng: &mut SeededRng,
) -> Result<(Stamped, Vec<bool>), LevelError> {
    let mut stamped = Stamped::default();
    let mut protected = vec![false; w * h];
    let mut doors = Vec::new();
    for (_, pick) in picks {
        stamp_one(tiles, w, pick, &mut stamped, &mut protected);
        let v = &vaults[pick.vault];
        let open = usable(&pick.shape, pick.at, |door, out| {
            if maze {
                !is_corner(out)
            } else {
                let walkable = |i: usize| tiles[i].is_walkable() && !protected[i];
                reaches(out, (out.x - door.x, out.y - door.y), walkable, (w, h))
            }
        });
        if open.is_empty() {
            let reason = "no entrance it needs can be joined to the level here".to_string();
            return Err(LevelError::Vault {
                name: v.name().to_string(),
                reason,
            });
        }
        let used: Vec<(Point, Point)> = if open.len() == 1 || open.iter().any(|e| e.2) {
            open.iter().map(|&(d, o, _)| (d, o)).collect()
        } else {
            // No required entrance: one optional one, drawn at random.
            let (d, o, _) = open[index(rng, open.len())?];
            vec![(d, o)]
        };
        stamped.placed.push(PlacedVault {
            name: v.name().to_string(),
            index: pick.vault as u32,
            orientation: pick.orientation,
            bounds: Rect::new(
                pick.at.x,
                pick.at.y,
                pick.shape.width() as i32,
                pick.shape.height() as i32,
            )?,
            room: None,
        });
        stamped
            .required
            .push(used.iter().map(|(d, _)| *d).collect());
        doors.push((stamped.placed.len() - 1, used));
    }
    let mut search = Reach::new(w, h, maze);
    for (k, list) in doors {
        for (door, out) in list {
            if !search.dig(tiles, &protected, out) {
                return Err(LevelError::Vault {
                    name: stamped.placed[k].name.clone(),
                    reason: format!(
                        "no corridor reaches its entrance at ({}, {})",
                        door.x, door.y
                    ),
                });
            }
            tiles[door.y as usize * w + door.x as usize] = Tile::Door;
        }
    }
    Ok((stamped, protected))
}

/// Draws the tiles of `pick` as written (entrances as wall), marks them
/// protected, and records its markers, stairs and footprint.
fn stamp_one(
    tiles: &mut [Tile],
    w: usize,
    pick: &Pick,
    stamped: &mut Stamped,
    protected: &mut [bool],
) {
    let k = stamped.placed.len() as u32;
    for (p, g) in pick.shape.tiles() {
        if !g.is_part() {
            continue;
        }
        let q = Point::new(pick.at.x + p.x, pick.at.y + p.y);
        let i = q.y as usize * w + q.x as usize;
        protected[i] = true;
        stamped.footprint.push(q);
        tiles[i] = match g {
            Glyph::Door => Tile::Door,
            g if g.is_walkable() => Tile::Floor,
            _ => Tile::Wall,
        };
        match g {
            Glyph::StairsUp => stamped.up = Some(q),
            Glyph::StairsDown => stamped.down = Some(q),
            Glyph::Marker(c) => stamped.markers.push(Marker {
                label: c as char,
                at: q,
                vault: k,
            }),
            _ => {}
        }
    }
}

/// Whether a tile is a corner between four maze cells (both coordinates
/// even): always wall in a maze, so no 2x2 square of floor forms.
fn is_corner(p: Point) -> bool {
    p.x % 2 == 0 && p.y % 2 == 0
}

/// Whether a walkable tile lies at most [`REACH`] tiles straight out from
/// `from` in direction `(dx, dy)`, `from` itself included.
fn reaches(
    from: Point,
    (dx, dy): (i32, i32),
    walkable: impl Fn(usize) -> bool,
    (w, h): (usize, usize),
) -> bool {
    (0..=REACH).any(|k| {
        let (x, y) = (from.x + k * dx, from.y + k * dy);
        x > 0
            && y > 0
            && (x as usize) < w
            && (y as usize) < h
            && walkable(y as usize * w + x as usize)
    })
}

/// The entrances of `shape` placed at `at` that the level opens: every
/// required one when `ok(entrance, outside tile)` holds for each, else
/// none; without required ones, the optional ones for which it holds.
/// Each as (entrance, outside tile, required).
fn usable(
    shape: &Shape,
    at: Point,
    ok: impl Fn(Point, Point) -> bool,
) -> Vec<(Point, Point, bool)> {
    let mut required = Vec::new();
    let mut optional = Vec::new();
    let mut blocked = false;
    for (p, needed) in shape.entrances() {
        let door = Point::new(at.x + p.x, at.y + p.y);
        let out = outside(shape, p, at);
        match (needed, ok(door, out)) {
            (true, true) => required.push((door, out, true)),
            (true, false) => blocked = true,
            (false, true) => optional.push((door, out, false)),
            (false, false) => {}
        }
    }
    if blocked {
        Vec::new()
    } else if required.is_empty() {
        optional
    } else {
        required
    }
}

/// How far straight out of an entrance the cave must be: the corridor
/// dug is at most this long, no longer than the cave's own tunnels run
/// straight.
const REACH: i32 = 3;

/// The map tile outside the entrance at `p` of `shape` placed at `at`:
/// opposite its one walkable side.
fn outside(shape: &Shape, p: Point, at: Point) -> Point {
    let inner = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .find(|(dx, dy)| shape.get(p.x + dx, p.y + dy).is_walkable())
        .unwrap_or((0, 0));
    Point::new(at.x + p.x - inner.0, at.y + p.y - inner.1)
}

/// A breadth-first search through rock to the nearest walkable tile.
struct Reach {
    w: usize,
    h: usize,
    /// Whether corners between maze cells stay rock.
    maze: bool,
    parent: Vec<u32>,
    queue: VecDeque<usize>,
}

const UNSEEN: u32 = u32::MAX;

impl Reach {
    fn new(w: usize, h: usize, maze: bool) -> Reach {
        Reach {
            w,
            h,
            maze,
            parent: vec![UNSEEN; w * h],
            queue: VecDeque::new(),
        }
    }

    /// Digs from `from` (rock) through rock, never a protected tile or the
    /// border, to the nearest walkable tile that is not protected; returns
    /// whether it got there. A walkable `from` needs nothing.
    fn dig(&mut self, tiles: &mut [Tile], protected: &[bool], from: Point) -> bool {
        let (w, h) = (self.w, self.h);
        let start = from.y as usize * w + from.x as usize;
        if tiles[start].is_walkable() {
            return true;
        }
        let mut seen = vec![start];
        self.queue.clear();
        self.queue.push_back(start);
        self.parent[start] = start as u32;
        let mut end = None;
        'search: while let Some(i) = self.queue.pop_front() {
            let (x, y) = (i % w, i / w);
            for (ok, j) in [
                (y > 1, i.wrapping_sub(w)),
                (x + 2 < w, i + 1),
                (y + 2 < h, i + w),
                (x > 1, i.wrapping_sub(1)),
            ] {
                let corner = self.maze && (j % w) % 2 == 0 && (j / w) % 2 == 0;
                if !ok || protected[j] || corner || self.parent[j] != UNSEEN {
                    continue;
                }
                if tiles[j].is_walkable() {
                    end = Some(i);
                    break 'search;
                }
                self.parent[j] = i as u32;
                seen.push(j);
                self.queue.push_back(j);
            }
        }
        if let Some(mut i) = end {
            loop {
                tiles[i] = Tile::Corridor;
                if i == start {
                    break;
                }
                i = self.parent[i] as usize;
            }
        }
        for i in seen {
            self.parent[i] = UNSEEN;
        }
        end.is_some()
    }
}

/// The entrances a vault placed at `at` in a maze would use (see
/// [`usable`]): those whose outside tile is no corner between four cells.
pub(crate) fn usable_in_maze(shape: &Shape, at: Point) -> Vec<(Point, Point, bool)> {
    usable(shape, at, |_, out| !is_corner(out))
}
