//! Vault placement, a stage between the layout and the links: hand-made
//! rooms ([`mcrdun_vaults`]) chosen for a level, stamped on its canvas as
//! rooms of their own shape, their entrances their only door sites.
//!
//! # Which vaults
//!
//! First the required ones: each vault with a minimum count above 0 is
//! placed that many times, in the order of the list, or the level fails
//! with [`LevelError::Vault`] naming the vault and why (its generators
//! leave this one out, or no place on the map holds it). Then the optional
//! ones, drawn by weight among those below their maximum, while the
//! level's budget of optional vaults lasts (a quarter of its rooms) and some place holds them. A vault that fits nowhere is
//! not drawn again. At most one placed vault holds the up stairs, and one
//! the down stairs.
//!
//! # Where
//!
//! The generator offers slots: rectangles where a vault's map may lie
//! whole: a BSP leaf less a lane of rock on each side, a scattered room
//! with its wall ring, the largest rectangle of a passages room's floor
//! (so corridors pass round it as round the room it replaces). Each slot takes one vault; the orientation (among those the
//! vault allows), the slot among those it fits and the position in the
//! slot are drawn at random.
//!
//! # The rules kept
//!
//! Every tile of the vault's map is drawn as written (walls, floor, fixed
//! doors; markers and stairs as floor, the stairs put on them by the
//! finish); the corridor digger never digs a tile of a vault; an entrance
//! is a door site of the vault's room and nothing else is; once the rooms
//! are drawn, before the links, each required entrance is joined by a
//! corridor to the nearest door site or door of another room
//! ([`Canvas::link_entrance`]), or the level fails with
//! [`LevelError::Vault`]. The finish leaves vault tiles out of its stairs
//! search, so only a vault's own `<` and `>` put stairs in a vault.
//!
//! Cost: for each vault drawn, its orientations times the slots; then
//! linear in the vaults' tiles. A level without vaults draws nothing more
//! from its generator and is the same level as before.

use crate::corridors::Canvas;
use crate::{LevelError, LevelKind};
use mcrdun_geom::random::{SeededRng, index, range_i32, shuffle, weighted_index};
use mcrdun_geom::{Point, Rect};
use mcrdun_vaults::{Glyph, Orientation, Shape, Vault};

/// A vault placed in a level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedVault {
    /// The vault's name.
    pub name: String,
    /// Its index in the list of vaults the level was given.
    pub index: u32,
    /// How its map was turned.
    pub orientation: Orientation,
    /// The rectangle of its turned map; the top-left corner is its
    /// position.
    pub bounds: Rect,
    /// Its room in [`Level::rooms`](crate::Level::rooms), for the
    /// generators with rooms.
    pub room: Option<u32>,
    /// Whether the vault asked for a lock (`locked yes`): its entrances
    /// are then the doors of one of [`Level::locks`](crate::Level::locks).
    pub locked: bool,
    /// A locked vault's walkable tiles and entrances (empty for the
    /// others): what its lock gates, and its doors.
    pub(crate) interior: Vec<Point>,
}

/// A marker of a placed vault: a labelled floor tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marker {
    /// The label, a letter or digit as written in the map.
    pub label: char,
    /// Where it is.
    pub at: Point,
    /// Its vault, an index into [`Level::vaults`](crate::Level::vaults).
    pub vault: u32,
}

/// A vault chosen for a slot: which, turned how, where.
#[derive(Clone, Debug)]
pub(crate) struct Pick {
    pub vault: usize,
    pub orientation: Orientation,
    pub shape: Shape,
    pub at: Point,
}

/// What the stages after placement need to know of the vaults drawn.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stamped {
    pub placed: Vec<PlacedVault>,
    pub markers: Vec<Marker>,
    /// Each placed vault's required entrances.
    pub required: Vec<Vec<Point>>,
    /// The tiles of every vault's map (not for the level's stairs).
    pub footprint: Vec<Point>,
    pub up: Option<Point>,
    pub down: Option<Point>,
}

fn vault_error(v: &Vault, reason: String) -> LevelError {
    LevelError::Vault {
        name: v.name().to_string(),
        reason,
    }
}

/// Where a generator can put vaults.
pub(crate) trait Places {
    /// A place for `shape` now, drawn at random: its top-left corner and a
    /// number the generator knows it by; `None` when none holds it.
    fn find(
        &mut self,
        shape: &Shape,
        rng: &mut SeededRng,
    ) -> Result<Option<(Point, usize)>, LevelError>;
    /// `shape` was put at `at` (found as place `k`).
    fn take(&mut self, k: usize, at: Point, shape: &Shape);
}

/// Slots (`None`: a slot that holds none), at most one vault a slot.
struct Slots<'a> {
    slots: &'a [Option<Rect>],
    used: Vec<bool>,
    fits: Vec<usize>,
}

impl Places for Slots<'_> {
    fn find(
        &mut self,
        shape: &Shape,
        rng: &mut SeededRng,
    ) -> Result<Option<(Point, usize)>, LevelError> {
        let (w, h) = (shape.width() as i32, shape.height() as i32);
        self.fits.clear();
        for (k, s) in self.slots.iter().enumerate() {
            if let Some(s) = s
                && !self.used[k]
                && s.w() >= w
                && s.h() >= h
            {
                self.fits.push(k);
            }
        }
        if self.fits.is_empty() {
            return Ok(None);
        }
        let k = self.fits[index(rng, self.fits.len())?];
        let Some(s) = self.slots[k] else {
            return Ok(None);
        };
        let x = range_i32(rng, s.x(), s.right() - w)?;
        let y = range_i32(rng, s.y(), s.bottom() - h)?;
        Ok(Some((Point::new(x, y), k)))
    }

    fn take(&mut self, k: usize, _: Point, _: &Shape) {
        self.used[k] = true;
    }
}

/// Chooses vaults for `slots` (`None`: a slot that holds none), at most
/// one a slot: the required ones, then optional ones by weight up to
/// `budget`. Returns a pick per slot.
pub(crate) fn choose(
    vaults: &[Vault],
    kind: LevelKind,
    slots: &[Option<Rect>],
    budget: usize,
    rng: &mut SeededRng,
) -> Result<Vec<Option<Pick>>, LevelError> {
    let mut places = Slots {
        slots,
        used: vec![false; slots.len()],
        fits: Vec::new(),
    };
    let mut picks: Vec<Option<Pick>> = vec![None; slots.len()];
    for (k, pick) in choose_in(vaults, kind, &mut places, budget, rng)? {
        picks[k] = Some(pick);
    }
    Ok(picks)
}

/// Chooses vaults for `places`: the required ones, then optional ones by
/// weight up to `budget`. Returns each pick with its place's number, in
/// the order chosen.
pub(crate) fn choose_in(
    vaults: &[Vault],
    kind: LevelKind,
    places: &mut dyn Places,
    budget: usize,
    rng: &mut SeededRng,
) -> Result<Vec<(usize, Pick)>, LevelError> {
    let mut picks = Vec::new();
    let mut stairs = (false, false);
    let clash =
        |v: &Vault, s: (bool, bool)| (v.has_stairs_up() && s.0) || (v.has_stairs_down() && s.1);
    for (i, v) in vaults.iter().enumerate().filter(|(_, v)| v.is_required()) {
        if !v.generators().allows(kind.name()) {
            let reason = format!(
                "it is required (count {}..{}) but its generators ({}) leave out {}",
                v.min(),
                v.max(),
                v.generators(),
                kind.name()
            );
            return Err(vault_error(v, reason));
        }
        for n in 0..v.min() {
            if clash(v, stairs) {
                return Err(vault_error(
                    v,
                    "a second vault with the same stairs is required".into(),
                ));
            }
            let Some(pick) = place_one(vaults, i, places, rng)? else {
                let s = v.shape();
                let reason = format!(
                    "no place on this {} level holds its {}x{} map ({n} of {} placed)",
                    kind.name(),
                    s.width(),
                    s.height(),
                    v.min()
                );
                return Err(vault_error(v, reason));
            };
            picks.push(pick);
            stairs = (
                stairs.0 || v.has_stairs_up(),
                stairs.1 || v.has_stairs_down(),
            );
        }
    }
    let mut count: Vec<u32> = vaults.iter().map(Vault::min).collect();
    let mut weights: Vec<u32> = vaults
        .iter()
        .map(|v| {
            let open = v.generators().allows(kind.name()) && v.min() < v.max() && !clash(v, stairs);
            if open { v.weight() } else { 0 }
        })
        .collect();
    let mut left = budget;
    while left > 0 {
        let Ok(i) = weighted_index(rng, &weights) else {
            break;
        };
        let Some(pick) = place_one(vaults, i, places, rng)? else {
            weights[i] = 0;
            continue;
        };
        picks.push(pick);
        left -= 1;
        count[i] += 1;
        let v = &vaults[i];
        if count[i] >= v.max() {
            weights[i] = 0;
        }
        stairs = (
            stairs.0 || v.has_stairs_up(),
            stairs.1 || v.has_stairs_down(),
        );
        for (w, other) in weights.iter_mut().zip(vaults) {
            if clash(other, stairs) {
                *w = 0;
            }
        }
    }
    Ok(picks)
}

/// Places vault `i` where `places` has room for it, in a random
/// orientation of those that fit; `None` when none does.
fn place_one(
    vaults: &[Vault],
    i: usize,
    places: &mut dyn Places,
    rng: &mut SeededRng,
) -> Result<Option<(usize, Pick)>, LevelError> {
    let v = &vaults[i];
    let mut orientations = v.orientations();
    shuffle(rng, &mut orientations);
    for o in orientations {
        let shape = v.shape().oriented(o);
        if let Some((at, k)) = places.find(&shape, rng)? {
            places.take(k, at, &shape);
            let pick = Pick {
                vault: i,
                orientation: o,
                shape,
                at,
            };
            return Ok(Some((k, pick)));
        }
    }
    Ok(None)
}

/// Draws `pick` on `canvas` as a room of its own shape and records it in
/// `stamped`; returns the room's index.
pub(crate) fn draw(
    canvas: &mut Canvas,
    vaults: &[Vault],
    pick: &Pick,
    stamped: &mut Stamped,
) -> Result<u32, LevelError> {
    let v = &vaults[pick.vault];
    let s = &pick.shape;
    let at = |p: Point| Point::new(pick.at.x + p.x, pick.at.y + p.y);
    let mut cells = Vec::new();
    let mut doors = Vec::new();
    let mut entrances = Vec::new();
    let mut required = Vec::new();
    let mut footprint = Vec::new();
    let vault_id = stamped.placed.len() as u32;
    for (p, g) in s.tiles() {
        if g.is_part() {
            footprint.push(at(p));
        }
        if g.is_walkable() {
            cells.push(at(p));
        }
        match g {
            Glyph::Door => doors.push(at(p)),
            Glyph::StairsUp => stamped.up = Some(at(p)),
            Glyph::StairsDown => stamped.down = Some(at(p)),
            Glyph::Marker(c) => stamped.markers.push(Marker {
                label: c as char,
                at: at(p),
                vault: vault_id,
            }),
            Glyph::Required | Glyph::Optional => {
                // The outside is opposite the entrance's one walkable side.
                let inner = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                    .into_iter()
                    .find(|(dx, dy)| s.get(p.x + dx, p.y + dy).is_walkable())
                    .unwrap_or((0, 0));
                let out = Point::new(p.x - inner.0, p.y - inner.1);
                entrances.push((at(p), at(out)));
                if g == Glyph::Required {
                    required.push(at(p));
                }
            }
            _ => {}
        }
    }
    let room = canvas
        .add_vault(&cells, &footprint, &entrances, &doors)
        .ok_or_else(|| vault_error(v, format!("its map at {:?} leaves the level", pick.at)))?;
    let bounds = Rect::new(pick.at.x, pick.at.y, s.width() as i32, s.height() as i32)?;
    stamped.placed.push(PlacedVault {
        name: v.name().to_string(),
        index: pick.vault as u32,
        orientation: pick.orientation,
        bounds,
        room: Some(room),
        locked: v.is_locked(),
        interior: if v.is_locked() {
            let mut inside = cells.clone();
            inside.extend(entrances.iter().map(|e| e.0));
            inside
        } else {
            Vec::new()
        },
    });
    stamped.required.push(required);
    stamped.footprint.extend(footprint);
    Ok(room)
}

/// Joins every required entrance still wall to the rest of the level.
pub(crate) fn link_required(
    canvas: &mut Canvas,
    stamped: &Stamped,
    rng: &mut SeededRng,
) -> Result<(), LevelError> {
    for (placed, required) in stamped.placed.iter().zip(&stamped.required) {
        let Some(room) = placed.room else { continue };
        for &door in required {
            if !canvas.link_entrance(room, door, rng) {
                return Err(LevelError::Vault {
                    name: placed.name.clone(),
                    reason: format!(
                        "no corridor reaches its required entrance at ({}, {})",
                        door.x, door.y
                    ),
                });
            }
        }
    }
    Ok(())
}
