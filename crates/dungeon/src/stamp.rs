//! Vaults stamped on a level without rooms (a cave): a vault goes where
//! its map and a ring of one tile around it are all rock, so the cave
//! stays as it was around it, and where the cave lies at most 3 tiles
//! straight out of each entrance it uses; each is joined to the cave by a
//! corridor dug through rock from the tile outside it to the nearest
//! walkable tile (a breadth-first search that never enters a vault or the
//! map's border), so the corridor is as short as the cave's own tunnels
//! run straight. A vault uses its required entrances, or, with none, one
//! of its optional entrances drawn at random among those the cave is near.
//! A required vault's place is planned first ([`make_room`]): drawn among
//! every place that holds it, or, where none does, carved out of the cave
//! (a site turned to rock that keeps the cave joined).
//!
//! Cost: a prefix sum of the rock (4 bytes a tile), at most 256 tries of
//! a place per optional vault and orientation, for each required vault
//! two passes over its places and at most 64 labellings when carving
//! (see [`make_room`]), one search per entrance (at most the map, 4 bytes
//! a tile).

use crate::measures::{POCKET_BELOW, pieces};
use crate::tunnels::{MAX_STRAIGHT, straight_run};
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
    /// The places [`make_room`] chose for the required vaults, in the
    /// order they are drawn: each one's turned map and position.
    planned: VecDeque<(Shape, Point)>,
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
            planned: VecDeque::new(),
        }
    }

    /// The ring of one tile around `shape` placed at `at`.
    fn ring(shape: &Shape, at: Point) -> Option<Rect> {
        Rect::new(
            at.x - 1,
            at.y - 1,
            shape.width() as i32 + 2,
            shape.height() as i32 + 2,
        )
        .ok()
    }

    /// The rock tiles of `r`.
    fn rock_in(&self, r: &Rect) -> u32 {
        let (x0, y0, x1, y1) = (
            r.x() as usize,
            r.y() as usize,
            r.right() as usize,
            r.bottom() as usize,
        );
        let s = |x: usize, y: usize| self.sum[y * (self.w + 1) + x];
        s(x1, y1) + s(x0, y0) - s(x0, y1) - s(x1, y0)
    }

    /// The top-left corners a `shape` may take: two tiles from the edge, so
    /// that the tile outside an entrance stays off the border (`None`
    /// when the map is too small for it).
    fn corners(&self, shape: &Shape) -> Option<(i32, i32, i32, i32)> {
        let (sw, sh) = (shape.width() as i32, shape.height() as i32);
        let (w, h) = (self.w as i32, self.h as i32);
        (sw <= w - 4 && sh <= h - 4).then_some((2, 2, w - 2 - sw, h - 2 - sh))
    }

    /// Whether `shape` may go at `at` as the cave is: its map and ring all
    /// rock, clear of the vaults placed, and the cave near the entrances
    /// it needs.
    fn fits(&self, shape: &Shape, at: Point) -> bool {
        let Some(ring) = Self::ring(shape, at) else {
            return false;
        };
        self.all_rock(&ring)
            && self.taken.iter().all(|t| t.intersection(&ring).is_none())
            && !usable(shape, at, |door, out| {
                let step = (out.x - door.x, out.y - door.y);
                reaches(out, step, |i| self.walkable[i], (self.w, self.h))
            })
            .is_empty()
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
        // The required vaults go where make_room planned them.
        if let Some((planned, at)) = self.planned.front() {
            if planned != shape {
                return Ok(None);
            }
            let at = *at;
            self.planned.pop_front();
            return Ok(Some((at, 0)));
        }
        let Some((x0, y0, x1, y1)) = self.corners(shape) else {
            return Ok(None);
        };
        for _ in 0..TRIES {
            let x = range_i32(rng, x0, x1)?;
            let y = range_i32(rng, y0, y1)?;
            let at = Point::new(x, y);
            if self.fits(shape, at) {
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
/// ones where `planned` ([`make_room`]) puts them, then optional ones by
/// weight, at most `budget` of those; joins their entrances to the rest.
/// Returns what the finish needs.
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
    planned: Vec<(Shape, Point)>,
    rng: &mut SeededRng,
) -> Result<Stamped, LevelError> {
    let mut places = RockPlaces::new(tiles, w, h);
    places.planned = planned.into();
    let picks = choose_in(vaults, kind, &mut places, budget, rng)?;
    drop(places);
    let (stamped, protected) = stamp_picks(tiles, (w, h), vaults, &picks, false, rng)?;
    // A corridor may cut a speck of rock off; as the cave does, dig it.
    crate::cave::dig_specks(tiles, w, h, Some(&protected))?;
    Ok(stamped)
}

/// The most sites [`make_room`] tries to carve for one vault (each try
/// labels the map twice).
const CARVE_TRIES: usize = 64;

/// Plans a place for every required vault that `kind` may use (each as
/// many times as its minimum, in the order of the list, as
/// [`choose_in`] draws them), and makes room where the cave has none:
///
/// - where some places hold the vault as the cave is (its map and ring
///   all rock, the cave near each entrance it needs), one of them, drawn
///   at random among all of them (every orientation, every position);
/// - else the cave gives up a site: among the places where the cave lies
///   near each needed entrance, those whose ring holds the most rock
///   (the least floor lost) are tried in turn (at most [`CARVE_TRIES`]),
///   and the first whose ring, turned to rock, leaves the cave one
///   walkable region with no more floor pockets than it had is filled
///   with rock. Filling only adds rock, so it cuts off no speck, makes no
///   straight run longer and keeps the cave joined; the vault's rules
///   (walls as written, entrances joined) are kept by [`stamp_vaults`].
///
/// Returns the places, in order, and the corridor tiles filled.
///
/// Cost: for each required vault, two passes over its orientations and
/// positions (O(1) each with the prefix sum) and, when carving, up to
/// [`CARVE_TRIES`] labellings of the map; [`RockPlaces`] (5 bytes a tile)
/// and two masks and labels (6 bytes a tile) and the labelling's scratch.
///
/// # Errors
/// [`LevelError::Vault`] for a required vault no place holds, even by
/// carving.
pub(crate) fn make_room(
    tiles: &mut [Tile],
    (w, h): (usize, usize),
    vaults: &[Vault],
    kind: LevelKind,
    rng: &mut SeededRng,
) -> Result<(Vec<(Shape, Point)>, usize), LevelError> {
    let mut planned = Vec::new();
    let mut taken: Vec<Rect> = Vec::new();
    let mut filled = 0;
    let required = vaults
        .iter()
        .filter(|v| v.is_required() && v.generators().allows(kind.name()));
    for v in required {
        let mut shapes: Vec<Shape> = Vec::new();
        for o in v.orientations() {
            let s = v.shape().oriented(o);
            if !shapes.contains(&s) {
                shapes.push(s);
            }
        }
        for n in 0..v.min() {
            let mut places = RockPlaces::new(tiles, w, h);
            places.taken.clone_from(&taken);
            // Every place that holds it now, counted, then one drawn.
            let each = |places: &RockPlaces, f: &mut dyn FnMut(&Shape, Point) -> bool| {
                for s in &shapes {
                    let Some((x0, y0, x1, y1)) = places.corners(s) else {
                        continue;
                    };
                    for y in y0..=y1 {
                        for x in x0..=x1 {
                            if f(s, Point::new(x, y)) {
                                return;
                            }
                        }
                    }
                }
            };
            let mut count = 0usize;
            each(&places, &mut |s, at| {
                count += usize::from(places.fits(s, at));
                false
            });
            let pick = if count > 0 {
                let mut k = index(rng, count)?;
                let mut pick = None;
                each(&places, &mut |s, at| {
                    if places.fits(s, at) {
                        if k == 0 {
                            pick = Some((s.clone(), at));
                            return true;
                        }
                        k -= 1;
                    }
                    false
                });
                pick
            } else {
                let site = carve_site(tiles, (w, h), &places, &shapes)?;
                if let Some((_, _, ring)) = &site {
                    for p in ring.points() {
                        let t = &mut tiles[p.y as usize * w + p.x as usize];
                        filled += usize::from(*t == Tile::Corridor);
                        *t = Tile::Wall;
                    }
                }
                site.map(|(s, at, _)| (s, at))
            };
            let Some((s, at)) = pick else {
                let reason = format!(
                    "no place on this {} level holds its {}x{} map, even carved out of the cave ({n} of {} placed)",
                    kind.name(),
                    v.shape().width(),
                    v.shape().height(),
                    v.min()
                );
                return Err(LevelError::Vault {
                    name: v.name().to_string(),
                    reason,
                });
            };
            if let Some(ring) = RockPlaces::ring(&s, at) {
                taken.push(ring);
            }
            planned.push((s, at));
        }
    }
    Ok((planned, filled))
}

/// Whether tile `i` of a map `w` wide lies in `r`.
fn holds(r: &Rect, i: usize, w: usize) -> bool {
    let (x, y) = ((i % w) as i32, (i / w) as i32);
    x >= r.x() && x < r.right() && y >= r.y() && y < r.bottom()
}

/// The site [`make_room`] carves for one of `shapes` (see there): the
/// turned map, its position and its ring; `None` when none keeps the cave.
fn carve_site(
    tiles: &[Tile],
    (w, h): (usize, usize),
    places: &RockPlaces,
    shapes: &[Shape],
) -> Result<Option<(Shape, Point, Rect)>, LevelError> {
    // The best CARVE_TRIES places by rock in the ring (then by shape and
    // raster order): (rock, shape, position).
    let mut best: Vec<(u32, usize, Point)> = Vec::new();
    for (k, s) in shapes.iter().enumerate() {
        let Some((x0, y0, x1, y1)) = places.corners(s) else {
            continue;
        };
        for y in y0..=y1 {
            for x in x0..=x1 {
                let at = Point::new(x, y);
                let Some(ring) = RockPlaces::ring(s, at) else {
                    continue;
                };
                let rock = places.rock_in(&ring);
                let worse = |b: &(u32, usize, Point)| b.0 >= rock;
                if best.len() == CARVE_TRIES && best.iter().all(worse) {
                    continue;
                }
                if places.taken.iter().any(|t| t.intersection(&ring).is_some()) {
                    continue;
                }
                let outside_ring = |i: usize| places.walkable[i] && !holds(&ring, i, w);
                let near = !usable(s, at, |door, out| {
                    let step = (out.x - door.x, out.y - door.y);
                    reaches(out, step, outside_ring, (w, h))
                })
                .is_empty();
                if !near {
                    continue;
                }
                // Kept sorted: most rock first, earlier first on ties.
                let slot = best.iter().position(|b| b.0 < rock).unwrap_or(best.len());
                best.insert(slot, (rock, k, at));
                best.truncate(CARVE_TRIES);
            }
        }
    }
    let floor = |t: Tile| matches!(t, Tile::Floor | Tile::StairsUp | Tile::StairsDown);
    let pockets = |mask: &[bool]| -> Result<usize, LevelError> {
        let (_, found) = pieces(w, h, mask)?;
        Ok(found.iter().filter(|p| p.size < POCKET_BELOW).count())
    };
    let floor_mask: Vec<bool> = tiles.iter().map(|&t| floor(t)).collect();
    let before = pockets(&floor_mask)?;
    drop(floor_mask);
    for (_, k, at) in best {
        let s = &shapes[k];
        let Some(ring) = RockPlaces::ring(s, at) else {
            continue;
        };
        let outside = |i: usize| !holds(&ring, i, w);
        let walkable: Vec<bool> = (0..w * h)
            .map(|i| tiles[i].is_walkable() && outside(i))
            .collect();
        let (_, found) = pieces(w, h, &walkable)?;
        drop(walkable);
        if found.len() != 1 {
            continue;
        }
        let floor_mask: Vec<bool> = (0..w * h).map(|i| floor(tiles[i]) && outside(i)).collect();
        if pockets(&floor_mask)? > before {
            continue;
        }
        return Ok(Some((s.clone(), at, ring)));
    }
    Ok(None)
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
            locked: v.is_locked(),
            interior: if v.is_locked() {
                pick.shape
                    .tiles()
                    .filter(|(_, g)| {
                        g.is_walkable() || matches!(g, Glyph::Required | Glyph::Optional)
                    })
                    .map(|(p, _)| Point::new(pick.at.x + p.x, pick.at.y + p.y))
                    .collect()
            } else {
                Vec::new()
            },
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
        if self.maze {
            return self.dig_avoiding(tiles, protected, from, &[]).is_some();
        }
        // In a cave, no straight run of corridor past MAX_STRAIGHT: a way
        // that makes one is undone and searched again around the tiles
        // that made it (at most RETRIES times, while a way is left); then
        // the shortest way is dug after all, a run past MAX_STRAIGHT
        // beside a vault's door (11 levels in 52,000: each example vault
        // optional and required, seeds 1-1000 at 120x80 and 200x120).
        let mut blocked = Vec::new();
        for attempt in 0..=RETRIES {
            let Some(dug) = self.dig_avoiding(tiles, protected, from, &blocked) else {
                if attempt == 0 {
                    return false;
                }
                break;
            };
            let long: Vec<usize> = dug
                .iter()
                .copied()
                .filter(|&i| straight_run(tiles, self.w, i) > MAX_STRAIGHT)
                .collect();
            if long.is_empty() {
                return true;
            }
            for &i in &dug {
                tiles[i] = Tile::Wall;
            }
            blocked.extend(long);
        }
        self.dig_avoiding(tiles, protected, from, &[]).is_some()
    }

    /// One search and dig (see [`Reach::dig`]) that never digs a tile of
    /// `blocked`; returns the tiles dug (`None`: no way).
    fn dig_avoiding(
        &mut self,
        tiles: &mut [Tile],
        protected: &[bool],
        from: Point,
        blocked: &[usize],
    ) -> Option<Vec<usize>> {
        let (w, h) = (self.w, self.h);
        let start = from.y as usize * w + from.x as usize;
        if tiles[start].is_walkable() {
            return Some(Vec::new());
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
                if blocked.contains(&j) {
                    continue;
                }
                self.parent[j] = i as u32;
                seen.push(j);
                self.queue.push_back(j);
            }
        }
        let mut dug = Vec::new();
        if let Some(mut i) = end {
            loop {
                tiles[i] = Tile::Corridor;
                dug.push(i);
                if i == start {
                    break;
                }
                i = self.parent[i] as usize;
            }
        }
        for i in seen {
            self.parent[i] = UNSEEN;
        }
        end.map(|_| dug)
    }
}

/// The searches again for an entrance's corridor in a cave (see
/// [`Reach::dig`]).
const RETRIES: usize = 4;

/// The entrances a vault placed at `at` in a maze would use (see
/// [`usable`]): those whose outside tile is no corner between four cells.
pub(crate) fn usable_in_maze(shape: &Shape, at: Point) -> Vec<(Point, Point, bool)> {
    usable(shape, at, |_, out| !is_corner(out))
}
