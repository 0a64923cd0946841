//! Placement: the entries of some tables put on a [`PlaceMap`] by their
//! rules.

use crate::error::Rule;
use crate::table::{Entry, Place, SHARE_ONE, Table, decimal};
use crate::{PlaceError, PlaceMap, Spot};
use mcrdun_distance::{DistanceScratch, Steps, UNREACHED};
use mcrdun_geom::Point;
use mcrdun_geom::memory::{Budget, grow, try_vec};
use mcrdun_geom::random::{below, range_u64, seeded_rng, weighted_index};
use rand::Rng;
use std::collections::HashSet;

/// A thing placed on a map.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thing {
    /// Its entry's name.
    pub name: String,
    /// Its entry's index among the entries of all the tables placed, in
    /// order (the first table's entries first).
    pub entry: u32,
    /// Its entry's glyph.
    pub glyph: char,
    /// Where it stands.
    pub at: Point,
    /// The room of its tile, if the map has rooms and the tile is in one.
    pub room: Option<u32>,
    /// The kind of place it stands on: the first of its entry's `where`
    /// kinds its tile is (for `anywhere`, the tile's most particular kind:
    /// marker, vault, dead end, door side, corridor, room).
    pub place: Place,
    /// Its group, numbered from 0 over the whole placement in the order
    /// groups were placed; `None` for an entry without `group`.
    pub group: Option<u32>,
    /// Its walking distance (4-connected steps over the map's walkable
    /// tiles, things ignored) from the up stairs.
    pub distance: u32,
    /// Whether it blocks movement.
    pub blocks: bool,
}

/// The most working memory [`place`] uses a tile of the map, besides the
/// things it returns: the walking distances from both stairs (4 bytes a
/// tile each), the distance search's scratch (at most 22 bytes a padded
/// tile, dropped before anything is placed), which tiles hold things (1),
/// the `apart` stamps (5, only when some entry has `apart` of 2 or more),
/// the group search's marks (4, only with groups) and one entry's
/// candidate tiles at a time (4). Checked against the memory ceiling
/// before any work; `tests/memory.rs` measures at most 23.5 a tile.
pub const PLACE_BYTES_PER_TILE: u64 = 40;

/// The fixed part of [`place`]'s working memory: the entries' lists and
/// counts, the distance search's small tables.
pub const PLACE_FIXED_BYTES: u64 = 64 << 10;

/// The most working memory [`place`] uses a thing placed, besides its
/// name's bytes and [`PLACE_FIXED_BYTES`]: the [`Thing`] in the vector
/// returned (which grows by doubling) and its group's search.
pub const PLACE_BYTES_PER_THING: u64 = 2 * size_of::<Thing>() as u64 + 16;

/// Places the entries of `tables` on `map` for dungeon depth `depth`,
/// with the randomness of `rng` (see the crate docs for the rules and
/// their order).
///
/// # Errors
/// [`PlaceError::Clash`] when two entries share a name or a glyph;
/// [`PlaceError::Unplaced`] naming a required entry and the rule it could
/// not keep; [`PlaceError::Memory`] above the memory ceiling.
///
/// ```
/// use mcrdun_things::{parse, place, PlaceMap};
/// use mcrdun_geom::{random::seeded_rng, Grid, Point};
/// let walkable = Grid::from_fn(30, 1, |_| true)?;
/// let map = PlaceMap::from_walkable(&walkable, Point::new(0, 0))?;
/// let table = parse("thing chest\nglyph $\ncount 1\ndistance 0.9..1\n", "t")?;
/// let things = place(&map, &[table], 1, &mut seeded_rng(7))?;
/// assert_eq!(things.len(), 1);
/// assert!(things[0].at.x >= 27, "far from the start");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn place<R: Rng + ?Sized>(
    map: &PlaceMap,
    tables: &[Table],
    depth: u32,
    rng: &mut R,
) -> Result<Vec<Thing>, PlaceError> {
    let budget = Budget::start();
    let entries = entries_of(tables)?;
    let tiles = map.spots.len() as u64;
    budget.check_bytes(
        "thing placement",
        tiles
            .saturating_mul(PLACE_BYTES_PER_TILE)
            .saturating_add(PLACE_FIXED_BYTES),
    )?;
    let active: Vec<(u32, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.at_depth(depth))
        .map(|(i, e)| (i as u32, *e))
        .collect();
    if active.is_empty() {
        return Ok(Vec::new());
    }
    let mut p = Placer::new(map, &active)?;
    // How many of each: the least of each entry is required; the extras
    // drawn for every entry are pooled and dealt by weight.
    let walkable = map.walkable;
    let mut caps = Vec::with_capacity(active.len());
    let mut pool = 0u64;
    for (_, e) in &active {
        let (min, max) = e.amount.range(walkable);
        let cap = (max - min).min(walkable);
        caps.push((min, cap));
        pool += range_u64(rng, 0, cap)?;
    }
    let pool = pool.min(walkable);
    let mut extras = vec![0u64; active.len()];
    let mut weights: Vec<u32> = active
        .iter()
        .zip(&caps)
        .map(|((_, e), &(_, cap))| if cap > 0 { e.weight } else { 0 })
        .collect();
    for _ in 0..pool {
        let k = weighted_index(rng, &weights)?;
        extras[k] += 1;
        if extras[k] == caps[k].1 {
            weights[k] = 0;
        }
    }
    for (k, &(id, e)) in active.iter().enumerate() {
        let min = caps[k].0;
        if min == 0 {
            continue;
        }
        let (placed, rule) = p.run(id, e, min, rng)?;
        if placed < min {
            let rule = rule.unwrap_or_else(|| p.static_rule(e));
            return Err(PlaceError::Unplaced {
                entry: e.name.clone(),
                placed,
                wanted: min,
                rule,
                setting: setting(e, rule),
            });
        }
    }
    for (k, &(id, e)) in active.iter().enumerate() {
        if extras[k] > 0 {
            p.run(id, e, extras[k], rng)?;
        }
    }
    Ok(p.things)
}

/// [`place`] with the generator seeded from `seed`
/// ([`mcrdun_geom::random::seeded_rng`]).
///
/// # Errors
/// As [`place`].
pub fn place_seeded(
    map: &PlaceMap,
    tables: &[Table],
    depth: u32,
    seed: u64,
) -> Result<Vec<Thing>, PlaceError> {
    place(map, tables, depth, &mut seeded_rng(seed))
}

/// Every entry of `tables`, names and glyphs unique across them.
fn entries_of(tables: &[Table]) -> Result<Vec<&Entry>, PlaceError> {
    let mut names = HashSet::new();
    let mut glyphs = HashSet::new();
    let mut out = Vec::new();
    for e in tables.iter().flat_map(|t| &t.entries) {
        if !names.insert(e.name.as_str()) {
            return Err(PlaceError::Clash {
                what: "name",
                entry: e.name.clone(),
            });
        }
        if !glyphs.insert(e.glyph) {
            return Err(PlaceError::Clash {
                what: "glyph",
                entry: e.name.clone(),
            });
        }
        mcrdun_geom::memory::grow("entries", &mut out, 0)?;
        out.push(e);
    }
    Ok(out)
}

/// The setting behind `rule`, as the table writes it.
fn setting(e: &Entry, rule: Rule) -> String {
    match rule {
        Rule::Where if e.places.is_empty() => "where anywhere".into(),
        Rule::Where => {
            let words: Vec<String> = e.places.iter().map(Place::to_string).collect();
            format!("where {}", words.join(" "))
        }
        Rule::Distance => format!(
            "distance {}..{}",
            decimal(e.distance.0, SHARE_ONE),
            decimal(e.distance.1, SHARE_ONE)
        ),
        Rule::Away => format!("away {}", e.away),
        Rule::Taken => "one thing a tile".into(),
        Rule::Apart => format!("apart {}", e.apart),
        Rule::Blocks => "blocks yes".into(),
        Rule::Group => e.group.map_or_else(String::new, |g| {
            format!("group {}..{} within {}", g.min, g.max, g.within)
        }),
    }
}

/// What a tile holds: nothing, a thing, a thing that blocks.
const FREE: u8 = 0;
const THING: u8 = 1;
const BLOCKER: u8 = 2;

/// The 8 neighbours in cyclic order (N, NE, E, SE, S, SW, W, NW): each is
/// a 4-neighbour of the next.
const RING: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

struct Placer<'a> {
    map: &'a PlaceMap,
    spots: &'a [Spot],
    w: usize,
    h: usize,
    up: Vec<i32>,
    down: Option<Vec<i32>>,
    /// The farthest walk from the up stairs.
    far: u64,
    start: usize,
    end: Option<usize>,
    taken: Vec<u8>,
    /// `apart` stamps: the run's epoch on tiles too near a thing of the
    /// entry being placed, and the steps left from there.
    stamp: Vec<u32>,
    left: Vec<u8>,
    epoch: u32,
    /// Group searches: the search's epoch on tiles seen.
    seen: Vec<u32>,
    search: u32,
    queue: Vec<(u32, u16)>,
    /// While a group is tried: the stamps it overwrote.
    undo: Vec<(u32, u32, u8)>,
    logging: bool,
    things: Vec<Thing>,
    groups: u32,
}

impl<'a> Placer<'a> {
    fn new(map: &'a PlaceMap, active: &[(u32, &Entry)]) -> Result<Placer<'a>, PlaceError> {
        let spots = map.spots.as_slice();
        let (w, h) = (map.spots.width() as usize, map.spots.height() as usize);
        let n = spots.len();
        let start = map.spots.index_of(map.start).expect("checked by PlaceMap");
        let end = map.end.and_then(|p| map.spots.index_of(p));
        let walk = {
            let mut v = try_vec("walkable tiles", n, false)?;
            for (b, s) in v.iter_mut().zip(spots) {
                *b = s.is_walkable();
            }
            v
        };
        let mut scratch = DistanceScratch::new();
        let from = |scratch: &mut DistanceScratch, at: usize| -> Result<Vec<i32>, PlaceError> {
            let mut d = try_vec("walking distances", n, UNREACHED)?;
            d[at] = 0;
            scratch
                .compute(&walk, &mut d, w as u32, h as u32, Steps::FOUR)
                .map_err(|e| PlaceError::Map {
                    reason: e.to_string(),
                })?;
            Ok(d)
        };
        let up = from(&mut scratch, start)?;
        let needs_down = active.iter().any(|(_, e)| e.away > 0);
        let down = match end {
            Some(at) if needs_down => Some(from(&mut scratch, at)?),
            _ => None,
        };
        drop(scratch);
        drop(walk);
        let far = up
            .iter()
            .filter(|&&d| d != UNREACHED)
            .max()
            .copied()
            .unwrap_or(0) as u64;
        let apart = active.iter().any(|(_, e)| e.apart >= 2);
        let groups = active.iter().any(|(_, e)| e.group.is_some());
        Ok(Placer {
            map,
            spots,
            w,
            h,
            up,
            down,
            far,
            start,
            end,
            taken: try_vec("things' tiles", n, FREE)?,
            stamp: if apart {
                try_vec("apart stamps", n, 0u32)?
            } else {
                Vec::new()
            },
            left: if apart {
                try_vec("apart stamps", n, 0u8)?
            } else {
                Vec::new()
            },
            epoch: 0,
            seen: if groups {
                try_vec("group search", n, 0u32)?
            } else {
                Vec::new()
            },
            search: 0,
            queue: Vec::new(),
            undo: Vec::new(),
            logging: false,
            things: Vec::new(),
            groups: 0,
        })
    }

    #[inline]
    fn walkable(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.w
            && (y as usize) < self.h
            && self.spots[y as usize * self.w + x as usize].is_walkable()
    }

    /// The 4-neighbours of tile `i` that are on the map.
    #[inline]
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (w, h) = (self.w, self.h);
        let (x, y) = (i % w, i / w);
        let n = [
            (y > 0).then(|| i - w),
            (x + 1 < w).then(|| i + 1),
            (y + 1 < h).then(|| i + w),
            (x > 0).then(|| i - 1),
        ];
        n.into_iter().flatten()
    }

    /// Whether tile `i` is a place of kind `p`.
    fn is(&self, p: Place, i: usize) -> bool {
        let s = self.spots[i];
        match p {
            Place::Room => s == Spot::Room,
            Place::Corridor => s == Spot::Corridor,
            Place::Vault => s == Spot::Vault,
            Place::DeadEnd => {
                self.neighbours(i)
                    .filter(|&j| self.spots[j].is_walkable())
                    .count()
                    == 1
            }
            Place::DoorSide => {
                s == Spot::Room && self.neighbours(i).any(|j| self.spots[j] == Spot::Door)
            }
            Place::Marker(c) => self.map.marker_at(i as u32) == Some(c),
        }
    }

    /// The kind of place tile `i` is for `e`, `None` when `e` may not
    /// stand there.
    fn place_of(&self, e: &Entry, i: usize) -> Option<Place> {
        if e.places.is_empty() {
            if let Some(c) = self.map.marker_at(i as u32) {
                return Some(Place::Marker(c));
            }
            return [
                Place::Vault,
                Place::DeadEnd,
                Place::DoorSide,
                Place::Corridor,
                Place::Room,
            ]
            .into_iter()
            .find(|&p| self.is(p, i));
        }
        e.places.iter().copied().find(|&p| self.is(p, i))
    }

    /// Whether a usable tile the up stairs reach, not a staircase.
    #[inline]
    fn open(&self, i: usize) -> bool {
        self.spots[i].is_usable()
            && i != self.start
            && Some(i) != self.end
            && self.up[i] != UNREACHED
    }

    #[inline]
    fn share_ok(&self, e: &Entry, i: usize) -> bool {
        let d = self.up[i] as u64 * u64::from(SHARE_ONE);
        u64::from(e.distance.0) * self.far <= d && d <= u64::from(e.distance.1) * self.far
    }

    #[inline]
    fn away_ok(&self, e: &Entry, i: usize) -> bool {
        let a = i64::from(e.away);
        i64::from(self.up[i]) >= a && self.down.as_ref().is_none_or(|d| i64::from(d[i]) >= a)
    }

    /// The rules that never change while things are placed.
    #[inline]
    fn admits(&self, e: &Entry, i: usize) -> bool {
        self.open(i) && self.share_ok(e, i) && self.away_ok(e, i) && self.place_of(e, i).is_some()
    }

    /// The first static rule no tile keeps (for an entry with no
    /// candidates).
    fn static_rule(&self, e: &Entry) -> Rule {
        let by_where =
            (0..self.spots.len()).filter(|&i| self.open(i) && self.place_of(e, i).is_some());
        let mut any_where = false;
        let mut any_share = false;
        for i in by_where {
            any_where = true;
            if self.share_ok(e, i) {
                any_share = true;
                if self.away_ok(e, i) {
                    return Rule::Taken;
                }
            }
        }
        match (any_where, any_share) {
            (false, _) => Rule::Where,
            (true, false) => Rule::Distance,
            (true, true) => Rule::Away,
        }
    }

    /// Whether a blocking thing on tile `i` could cut the walkable tiles
    /// apart: true unless its walkable 4-neighbours are joined around it
    /// (through its 8 neighbours, never through a barrier), which keeps
    /// every walk that crossed `i` possible without it.
    fn cuts(&self, i: usize) -> bool {
        let (x, y) = ((i % self.w) as i64, (i / self.w) as i64);
        let mut open = [false; 8];
        let mut barrier = [false; 8];
        for (k, (dx, dy)) in RING.iter().enumerate() {
            let (nx, ny) = (x + i64::from(*dx), y + i64::from(*dy));
            if self.walkable(nx, ny) {
                let j = ny as usize * self.w + nx as usize;
                open[k] = self.taken[j] != BLOCKER;
                barrier[k] = self.spots[j] == Spot::Barrier;
            }
        }
        let ends: Vec<usize> = (0..8).step_by(2).filter(|&k| open[k]).collect();
        if ends.len() <= 1 {
            return false;
        }
        let Some(&first) = ends.iter().find(|&&k| !barrier[k]) else {
            return true;
        };
        let mut reached = [false; 8];
        reached[first] = true;
        let mut stack = [0usize; 8];
        let mut top = 1;
        stack[0] = first;
        while top > 0 {
            top -= 1;
            let k = stack[top];
            if barrier[k] && k != first {
                continue;
            }
            for m in [(k + 1) % 8, (k + 7) % 8] {
                if open[m] && !reached[m] {
                    reached[m] = true;
                    stack[top] = m;
                    top += 1;
                }
            }
        }
        !ends.iter().all(|&k| reached[k])
    }

    /// Marks every tile within `apart - 1` steps of tile `at` with this
    /// run's epoch.
    fn stamp(&mut self, at: usize, apart: u32) -> Result<(), PlaceError> {
        let reach = (apart - 1).min(u32::from(u8::MAX)) as u8;
        self.mark(at, reach)?;
        self.queue.clear();
        self.queue.push((at as u32, u16::from(reach)));
        let mut head = 0;
        while head < self.queue.len() {
            let (t, l) = self.queue[head];
            head += 1;
            if l == 0 {
                continue;
            }
            for j in self.neighbours(t as usize) {
                if self.spots[j].is_walkable()
                    && (self.stamp[j] != self.epoch || u16::from(self.left[j]) < l - 1)
                {
                    self.mark(j, (l - 1) as u8)?;
                    grow("apart stamps", &mut self.queue, 0)?;
                    self.queue.push((j as u32, l - 1));
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn mark(&mut self, j: usize, left: u8) -> Result<(), PlaceError> {
        if self.logging {
            grow("group stamps", &mut self.undo, 0)?;
            self.undo.push((j as u32, self.stamp[j], self.left[j]));
        }
        self.stamp[j] = self.epoch;
        self.left[j] = left;
        Ok(())
    }

    /// Why tile `i` cannot take a thing of `e` now, if it cannot.
    #[inline]
    fn refuses(&self, e: &Entry, i: usize) -> Option<Rule> {
        if self.taken[i] != FREE {
            Some(Rule::Taken)
        } else if e.apart >= 2 && self.stamp[i] == self.epoch {
            Some(Rule::Apart)
        } else if e.blocks && self.cuts(i) {
            Some(Rule::Blocks)
        } else {
            None
        }
    }

    /// Puts a thing of `e` on tile `i` (its stamp too).
    fn occupy(&mut self, e: &Entry, i: usize) -> Result<(), PlaceError> {
        self.taken[i] = if e.blocks { BLOCKER } else { THING };
        if e.apart >= 2 {
            self.stamp(i, e.apart)?;
        }
        Ok(())
    }

    fn thing(&self, id: u32, e: &Entry, i: usize, group: Option<u32>) -> Thing {
        let at = self.map.spots.point_of(i);
        Thing {
            name: e.name.clone(),
            entry: id,
            glyph: e.glyph,
            at,
            room: self.map.room(at),
            place: self
                .place_of(e, i)
                .expect("a candidate has a kind of place"),
            group,
            distance: self.up[i] as u32,
            blocks: e.blocks,
        }
    }

    fn push(&mut self, t: Thing) -> Result<(), PlaceError> {
        grow("things", &mut self.things, 0)?;
        self.things.push(t);
        Ok(())
    }

    /// Places up to `want` things (groups) of entry `e` (number `id`):
    /// how many it placed and, when short, the rule that refused most.
    fn run<R: Rng + ?Sized>(
        &mut self,
        id: u32,
        e: &Entry,
        want: u64,
        rng: &mut R,
    ) -> Result<(u64, Option<Rule>), PlaceError> {
        if e.apart >= 2 {
            self.epoch += 1;
            let mine: Vec<usize> = self
                .things
                .iter()
                .filter(|t| t.entry == id)
                .filter_map(|t| self.map.spots.index_of(t.at))
                .collect();
            for i in mine {
                self.stamp(i, e.apart)?;
            }
        }
        let mut cand: Vec<u32> = Vec::new();
        for i in 0..self.spots.len() {
            if self.admits(e, i) {
                grow("candidate tiles", &mut cand, 0)?;
                cand.push(i as u32);
            }
        }
        let mut cursor = 0usize;
        let mut refused = [0u64; 7];
        let mut placed = 0u64;
        let mut pool: Vec<u32> = Vec::new();
        'want: while placed < want {
            loop {
                let Some(i) = draw(&mut cand, &mut cursor, rng)? else {
                    break 'want;
                };
                if let Some(r) = self.refuses(e, i) {
                    refused[r as usize] += 1;
                    continue;
                }
                match e.group {
                    None => {
                        self.occupy(e, i)?;
                        let t = self.thing(id, e, i, None);
                        self.push(t)?;
                        placed += 1;
                        continue 'want;
                    }
                    Some(_) => {
                        if self.group_at(id, e, i, &mut pool, rng)? {
                            placed += 1;
                            continue 'want;
                        }
                        refused[Rule::Group as usize] += 1;
                    }
                }
            }
        }
        if placed >= want {
            return Ok((placed, None));
        }
        let rules = [Rule::Taken, Rule::Apart, Rule::Blocks, Rule::Group];
        let most = rules
            .into_iter()
            .filter(|&r| refused[r as usize] > 0)
            .max_by_key(|&r| refused[r as usize]);
        let rule = match most {
            Some(r) => Some(r),
            None if cand.is_empty() => None,
            None => Some(Rule::Taken),
        };
        Ok((placed, rule))
    }

    /// Tries a group of `e` led from tile `lead`: true when at least its
    /// least members were placed (then kept), false when not (then
    /// nothing is left of it).
    fn group_at<R: Rng + ?Sized>(
        &mut self,
        id: u32,
        e: &Entry,
        lead: usize,
        pool: &mut Vec<u32>,
        rng: &mut R,
    ) -> Result<bool, PlaceError> {
        let g = e.group.expect("a grouped entry");
        let size = range_u64(rng, g.min.into(), g.max.into())?;
        self.logging = true;
        self.undo.clear();
        self.occupy(e, lead)?;
        let mut members: Vec<usize> = Vec::new();
        grow("group members", &mut members, 0)?;
        members.push(lead);
        if size > 1 {
            // The tiles within `within` steps of the first that its rules
            // admit.
            self.search += 1;
            pool.clear();
            self.queue.clear();
            self.queue.push((lead as u32, 0));
            self.seen[lead] = self.search;
            let mut head = 0;
            while head < self.queue.len() {
                let (t, d) = self.queue[head];
                head += 1;
                if t as usize != lead && self.admits(e, t as usize) {
                    grow("group search", pool, 0)?;
                    pool.push(t);
                }
                if u32::from(d) == g.within {
                    continue;
                }
                for j in self.neighbours(t as usize) {
                    if self.spots[j].is_walkable() && self.seen[j] != self.search {
                        self.seen[j] = self.search;
                        grow("group search", &mut self.queue, 0)?;
                        self.queue.push((j as u32, d + 1));
                    }
                }
            }
            let mut cursor = 0;
            while (members.len() as u64) < size {
                let Some(i) = draw(pool, &mut cursor, rng)? else {
                    break;
                };
                if self.refuses(e, i).is_none() {
                    self.occupy(e, i)?;
                    grow("group members", &mut members, 0)?;
                    members.push(i);
                }
            }
        }
        self.logging = false;
        if (members.len() as u64) < u64::from(g.min) {
            for &m in &members {
                self.taken[m] = FREE;
            }
            while let Some((t, s, l)) = self.undo.pop() {
                self.stamp[t as usize] = s;
                self.left[t as usize] = l;
            }
            return Ok(false);
        }
        self.undo.clear();
        let group = self.groups;
        self.groups += 1;
        for m in members {
            let t = self.thing(id, e, m, Some(group));
            self.push(t)?;
        }
        Ok(true)
    }
}

/// The next tile of `cand` at random (a partial Fisher-Yates shuffle from
/// `cursor` on), `None` when every one has been drawn.
fn draw<R: Rng + ?Sized>(
    cand: &mut [u32],
    cursor: &mut usize,
    rng: &mut R,
) -> Result<Option<usize>, PlaceError> {
    if *cursor >= cand.len() {
        return Ok(None);
    }
    let j = *cursor + below(rng, (cand.len() - *cursor) as u64)? as usize;
    cand.swap(*cursor, j);
    let i = cand[*cursor] as usize;
    *cursor += 1;
    Ok(Some(i))
}
