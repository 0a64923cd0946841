//! Placement: the entries of some tables put on a [`PlaceMap`] by their
//! rules.

use crate::error::Rule;
use crate::table::{Entry, Place, SHARE_ONE, Table, decimal};
use crate::{PlaceError, PlaceMap, Spot};

use crate::map::UNREACHED;
use mcrdun_geom::Point;
use mcrdun_geom::memory::{Budget, grow, try_vec};
use mcrdun_geom::random::{below, range_u64, seeded_rng, weighted_index};
use rand::Rng;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

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
/// things it returns: the walking distances from the up stairs and the
/// search's queue (4 bytes a tile each, none when the map has its
/// distances), each tile's kinds of place (1), the lists of open tiles
/// by kind (4 a tile and kind, at most 4 kinds a tile, typically little
/// over 1) and one kind's tiles before they are sorted (8 a tile: the
/// tile and its distance), the counting sort's counts (4 a step of the
/// longest walk; a kind with fewer tiles than an eighth of the steps is
/// sorted by its keys instead), one run's draws (at worst 4 a
/// candidate), which tiles hold things (1), the `apart` stamps (1, and 4
/// a tile stamped, only when some entry has `apart` of 2 or more) and the
/// distances from the down stairs within the largest `away` (8 a tile in
/// reach). Checked against the memory ceiling before any work;
/// `tests/memory.rs` measures the worst case.
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

/// The kinds of place of a tile, as bits, in the order of [`list_of`].
const K_ROOM: u8 = 1;
const K_CORRIDOR: u8 = 2;
const K_DEAD_END: u8 = 4;
const K_DOOR_SIDE: u8 = 8;
const K_VAULT: u8 = 16;
const K_MARKER: u8 = 32;
/// Every kind-of-place bit; the two above are a bounded search's marks
/// while it runs (cleared after).
const K_PLACES: u8 = 63;
/// A tile the search from the down stairs has seen.
const K_SEEN_DOWN: u8 = 64;
/// A tile a group's search has seen.
const K_SEEN_GROUP: u8 = 128;
const K_BITS: [u8; 6] = [
    K_ROOM,
    K_CORRIDOR,
    K_DEAD_END,
    K_DOOR_SIDE,
    K_VAULT,
    K_MARKER,
];
/// The list of kind `p` (markers: one list for every label).
const fn list_of(p: Place) -> usize {
    match p {
        Place::Room => 0,
        Place::Corridor => 1,
        Place::DeadEnd => 2,
        Place::DoorSide => 3,
        Place::Vault => 4,
        Place::Marker(_) => 5,
    }
}

/// The bit of kind `p`.
const fn bit_of(p: Place) -> u8 {
    K_BITS[list_of(p)]
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
    /// No walkable tile on the map's edge: every walkable tile has its
    /// four neighbours on the map.
    inner: bool,
    /// Walking distances from the up stairs: the map's own, or walked.
    up: Cow<'a, [i32]>,
    /// Walking distances from the down stairs of the tiles less than the
    /// largest `away` from them, sorted by tile; empty without down
    /// stairs or `away`.
    down: Vec<(u32, u32)>,
    /// Each tile's kinds of place (`K_*` bits); 0 for a tile no thing may
    /// take (not usable, a staircase, not reached).
    kinds: Vec<u8>,
    /// The open tiles of each kind ([`list_of`] order), each sorted by
    /// walking distance from the up stairs, then in raster order.
    lists: [Vec<u32>; 6],
    /// One run's candidates: the slice of each kind's list in its
    /// distance range (empty for kinds it does not want).
    slices: [(usize, usize); 6],
    /// The farthest walk from the up stairs.
    far: u64,
    taken: Vec<u8>,
    /// `apart` stamps: 0, or one more than the steps left from a thing of
    /// the entry being placed (a tile too near it); the tiles stamped.
    left: Vec<u8>,
    stamped: Vec<u32>,
    queue: Vec<(u32, u16)>,
    /// While a group is tried: the stamps it overwrote.
    undo: Vec<(u32, u8)>,
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
        let inner = edge_free(spots, w, h);
        let (up, known): (Cow<'a, [i32]>, Known) = match (&map.distances, map.farthest) {
            // The caller's walk by construction, not checked.
            (Some(d), Some(far)) => (Cow::Borrowed(d.as_slice()), Known::Farthest(far)),
            (Some(d), None) => (Cow::Borrowed(d.as_slice()), Known::Checked),
            (None, _) => {
                let (d, far, all) = walk_from(spots, w, start, map.walkable as usize, inner)?;
                let known = if all {
                    Known::Farthest(far)
                } else {
                    Known::Partial
                };
                (Cow::Owned(d), known)
            }
        };
        let (kinds, far) = kinds_of(spots, w, &up, start, end, known)?;
        let apart = active.iter().any(|(_, e)| e.apart >= 2);
        let mut p = Placer {
            map,
            spots,
            w,
            h,
            inner,
            up,
            down: Vec::new(),
            kinds,
            lists: Default::default(),
            slices: [(0, 0); 6],
            far,
            taken: try_vec("things' tiles", n, FREE)?,
            left: if apart {
                try_vec("apart stamps", n, 0u8)?
            } else {
                Vec::new()
            },
            stamped: Vec::new(),
            queue: Vec::new(),
            undo: Vec::new(),
            logging: false,
            things: Vec::new(),
            groups: 0,
        };
        let away = active.iter().map(|(_, e)| e.away).max().unwrap_or(0);
        if let (Some(at), true) = (end, away > 0) {
            p.near(at, away - 1)?;
        }
        p.sort_kinds()?;
        Ok(p)
    }

    /// Walking distances from tile `at` up to `reach` steps, in
    /// `self.down`: a bounded breadth-first search, its seen tiles marked
    /// in `kinds` while it runs.
    #[inline(never)]
    fn near(&mut self, at: usize, reach: u32) -> Result<(), PlaceError> {
        const WHAT: &str = "distances from the down stairs";
        self.queue.clear();
        grow(WHAT, &mut self.queue, 0)?;
        self.queue.push((at as u32, 0));
        self.kinds[at] |= K_SEEN_DOWN;
        let mut head = 0;
        while head < self.queue.len() {
            let (t, d) = self.queue[head];
            head += 1;
            if u32::from(d) >= reach {
                continue;
            }
            for j in self.neighbours(t as usize) {
                if self.spots[j].is_walkable() && self.kinds[j] & K_SEEN_DOWN == 0 {
                    self.kinds[j] |= K_SEEN_DOWN;
                    grow(WHAT, &mut self.queue, 0)?;
                    self.queue.push((j as u32, d + 1));
                }
            }
        }
        mcrdun_geom::memory::try_reserve(WHAT, &mut self.down, self.queue.len())?;
        for &(t, d) in &self.queue {
            self.kinds[t as usize] &= !K_SEEN_DOWN;
            self.down.push((t, u32::from(d)));
        }
        self.down.sort_unstable();
        Ok(())
    }

    /// The lists of open tiles of each kind, sorted by walking distance
    /// from the up stairs, ties in raster order: each kind's tiles listed
    /// in raster order (one pass over the kinds, eight tiles a word, a
    /// word's tiles of the kind taken bit by bit, each keyed by its
    /// distance and index as it is read), then sorted stably by distance
    /// (a counting sort of the keys, or for a kind of few tiles a sort of
    /// the keys): each tile's distance is read once a kind (a million
    /// tiles' distances are 4 MB, and reading them is most of the stage's
    /// time).
    #[inline(never)]
    fn sort_kinds(&mut self) -> Result<(), PlaceError> {
        const WHAT: &str = "kinds of place";
        for &(m, _) in &self.map.markers {
            if self.kinds[m as usize] != 0 {
                self.kinds[m as usize] |= K_MARKER;
            }
        }
        let kinds: &[u8] = &self.kinds;
        let up: &[i32] = &self.up;
        // Which kinds some tile has (a byte's OR, vectorised).
        let present = kinds
            .chunks(1 << 12)
            .fold(0u8, |a, c| a | c.iter().fold(0u8, |b, &k| b | k));
        // One kind's tiles in raster order, keyed by (distance, tile) so
        // that sorting them reads no distance again (an open tile is
        // walkable).
        let mut raw: Vec<u64> =
            mcrdun_geom::memory::try_with_capacity(WHAT, self.map.walkable as usize)?;
        let steps = self.far as usize + 2;
        // The counting sort's counts: of each distance while the tiles
        // are listed, then where each distance's tiles go.
        let mut at: Vec<u32> = try_vec(WHAT, steps, 0u32)?;
        let w = self.w;
        for (b, &bit) in K_BITS.iter().enumerate() {
            if present & bit == 0 {
                continue;
            }
            raw.clear();
            at.fill(0);
            let mask = u64::from_ne_bytes([bit; 8]);
            let mut chunks = kinds.chunks_exact(8);
            let mut t = 0u32;
            for c in &mut chunks {
                let mut m = u64::from_ne_bytes(c.try_into().expect("8 bytes")) & mask;
                // One bit a byte at most: each is a tile.
                while m != 0 {
                    list_one(&mut raw, &mut at, up, w, t + m.trailing_zeros() / 8)?;
                    m &= m - 1;
                }
                t += 8;
            }
            for &k in chunks.remainder() {
                if k & bit != 0 {
                    list_one(&mut raw, &mut at, up, w, t)?;
                }
                t += 1;
            }
            let count = raw.len();
            let mut list: Vec<u32> = mcrdun_geom::memory::try_with_capacity(WHAT, count)?;
            if count.saturating_mul(8) < steps {
                // Few tiles: a sort of their keys.
                raw.sort_unstable();
                list.extend(raw.iter().map(|&k| k as u32));
            } else {
                // Where each distance's tiles start (a running sum, kept
                // in a register).
                let mut sum = 0;
                for a in at.iter_mut() {
                    sum += *a;
                    *a = sum;
                }
                list.resize(count, 0);
                for &k in &raw {
                    let place = &mut at[(k >> 32) as usize];
                    list[*place as usize] = k as u32;
                    *place += 1;
                }
            }
            self.lists[b] = list;
        }
        Ok(())
    }

    #[inline]
    fn walkable(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.w
            && (y as usize) < self.h
            && self.spots[y as usize * self.w + x as usize].is_walkable()
    }

    /// The 4-neighbours of walkable tile `i` that are on the map (up,
    /// right, down, left): all four, without a division, on a map with no
    /// walkable tile on its edge.
    #[inline]
    fn neighbours(&self, i: usize) -> std::iter::Take<std::array::IntoIter<usize, 4>> {
        let w = self.w;
        if self.inner {
            return [i - w, i + 1, i + w, i - 1].into_iter().take(4);
        }
        let (x, y) = (i % w, i / w);
        let mut n = [0; 4];
        let mut k = 0;
        for (on, j) in [
            (y > 0, i.wrapping_sub(w)),
            (x + 1 < w, i + 1),
            (y + 1 < self.h, i + w),
            (x > 0, i.wrapping_sub(1)),
        ] {
            if on {
                n[k] = j;
                k += 1;
            }
        }
        n.into_iter().take(k)
    }

    /// Whether open tile `i` is a place of kind `p` (from its kinds).
    #[inline]
    fn has(&self, p: Place, i: usize) -> bool {
        let k = self.kinds[i] & K_PLACES;
        match p {
            Place::Marker(c) => k & K_MARKER != 0 && self.map.marker_at(i as u32) == Some(c),
            _ => k & bit_of(p) != 0,
        }
    }

    /// The kind of place tile `i` is for `e`, `None` when `e` may not
    /// stand there.
    #[inline]
    fn place_of(&self, e: &Entry, i: usize) -> Option<Place> {
        if self.kinds[i] & K_PLACES == 0 {
            return None;
        }
        if e.places.is_empty() {
            if self.kinds[i] & K_MARKER != 0 {
                return self.map.marker_at(i as u32).map(Place::Marker);
            }
            return [
                Place::Vault,
                Place::DeadEnd,
                Place::DoorSide,
                Place::Corridor,
                Place::Room,
            ]
            .into_iter()
            .find(|&p| self.has(p, i));
        }
        e.places.iter().copied().find(|&p| self.has(p, i))
    }

    #[inline]
    fn share_ok(&self, e: &Entry, i: usize) -> bool {
        let d = self.up[i] as u64 * u64::from(SHARE_ONE);
        u64::from(e.distance.0) * self.far <= d && d <= u64::from(e.distance.1) * self.far
    }

    #[inline]
    fn away_ok(&self, e: &Entry, i: usize) -> bool {
        let a = i64::from(e.away);
        i64::from(self.up[i]) >= a
            && match self.down.binary_search_by_key(&(i as u32), |d| d.0) {
                Ok(k) => i64::from(self.down[k].1) >= a,
                Err(_) => true,
            }
    }

    /// The candidates of `e`: the slices of its kinds' lists within its
    /// distance shares, in `self.slices`; their count.
    fn candidates(&mut self, e: &Entry) -> usize {
        let mut wanted = [false; 6];
        if e.places.is_empty() {
            for p in [Place::Room, Place::Corridor, Place::Vault] {
                wanted[list_of(p)] = true;
            }
        }
        for &p in &e.places {
            wanted[list_of(p)] = true;
        }
        let (lo, hi) = (
            u64::from(e.distance.0) * self.far,
            u64::from(e.distance.1) * self.far,
        );
        let up = &self.up;
        let scaled = |t: u32| up[t as usize] as u64 * u64::from(SHARE_ONE);
        let mut total = 0;
        for (k, list) in self.lists.iter().enumerate() {
            self.slices[k] = (0, 0);
            if !wanted[k] {
                continue;
            }
            let a = list.partition_point(|&t| scaled(t) < lo);
            let b = list.partition_point(|&t| scaled(t) <= hi).max(a);
            self.slices[k] = (a, b);
            total += b - a;
        }
        total
    }

    /// The tile at position `q` of the run's candidates (the slices one
    /// after another), or `None` when an earlier slice lists it too (a
    /// tile of two of the entry's kinds is drawn from the first).
    #[inline]
    fn candidate(&self, mut q: usize) -> Option<usize> {
        let mut before = 0u8;
        for (k, &(a, b)) in self.slices.iter().enumerate() {
            if q < b - a {
                let t = self.lists[k][a + q] as usize;
                return (self.kinds[t] & before == 0).then_some(t);
            }
            q -= b - a;
            if b > a {
                before |= K_BITS[k];
            }
        }
        None
    }

    /// The rules that never change while things are placed.
    #[inline]
    fn admits(&self, e: &Entry, i: usize) -> bool {
        self.kinds[i] & K_PLACES != 0
            && self.share_ok(e, i)
            && self.away_ok(e, i)
            && self.place_of(e, i).is_some()
    }

    /// The first static rule no tile keeps (for an entry with no
    /// candidates).
    fn static_rule(&self, e: &Entry) -> Rule {
        let by_where = (0..self.spots.len()).filter(|&i| self.place_of(e, i).is_some());
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
        // The open 4-neighbours (even places of the ring), in order.
        let mut ends = [0usize; 4];
        let mut len = 0;
        for k in (0..8).step_by(2) {
            if open[k] {
                ends[len] = k;
                len += 1;
            }
        }
        let ends = &ends[..len];
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
        let reach = (apart - 1).min(u32::from(u8::MAX - 1)) as u8;
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
                if self.spots[j].is_walkable() && u16::from(self.left[j]) < l {
                    self.mark(j, (l - 1) as u8)?;
                    grow("apart stamps", &mut self.queue, 0)?;
                    self.queue.push((j as u32, l - 1));
                }
            }
        }
        Ok(())
    }

    /// Stamps tile `j` with `left` steps left (stored one more).
    #[inline]
    fn mark(&mut self, j: usize, left: u8) -> Result<(), PlaceError> {
        if self.logging {
            grow("group stamps", &mut self.undo, 0)?;
            self.undo.push((j as u32, self.left[j]));
        }
        if self.left[j] == 0 {
            grow("apart stamps", &mut self.stamped, 0)?;
            self.stamped.push(j as u32);
        }
        self.left[j] = left + 1;
        Ok(())
    }

    /// Why tile `i` cannot take a thing of `e` now, if it cannot.
    #[inline]
    fn refuses(&self, e: &Entry, i: usize) -> Option<Rule> {
        if self.taken[i] != FREE {
            Some(Rule::Taken)
        } else if e.apart >= 2 && self.left[i] != 0 {
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
            for t in self.stamped.drain(..) {
                self.left[t as usize] = 0;
            }
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
        let total = self.candidates(e);
        let mut draws = Draws::new(total)?;
        let mut admitted = 0u64;
        let mut refused = [0u64; 7];
        let mut placed = 0u64;
        let mut pool: Vec<u32> = Vec::new();
        'want: while placed < want {
            loop {
                let Some(q) = draws.next(rng)? else {
                    break 'want;
                };
                let Some(i) = self.candidate(q) else {
                    continue;
                };
                if !self.admits(e, i) {
                    continue;
                }
                admitted += 1;
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
            None if admitted == 0 => None,
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
            pool.clear();
            self.queue.clear();
            grow("group search", &mut self.queue, 0)?;
            self.queue.push((lead as u32, 0));
            self.kinds[lead] |= K_SEEN_GROUP;
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
                    if self.spots[j].is_walkable() && self.kinds[j] & K_SEEN_GROUP == 0 {
                        self.kinds[j] |= K_SEEN_GROUP;
                        grow("group search", &mut self.queue, 0)?;
                        self.queue.push((j as u32, d + 1));
                    }
                }
            }
            for &(t, _) in &self.queue {
                self.kinds[t as usize] &= !K_SEEN_GROUP;
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
            while let Some((t, l)) = self.undo.pop() {
                // A stamp made from nothing was the last tile listed.
                if l == 0 && self.left[t as usize] != 0 {
                    self.stamped.pop();
                }
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

/// Whether no walkable tile is on the map's edge (then every walkable
/// tile's four neighbours are on the map).
fn edge_free(spots: &[Spot], w: usize, h: usize) -> bool {
    if spots.is_empty() {
        return true;
    }
    let walls = |r: &[Spot]| r.iter().all(|&s| s == Spot::Wall);
    walls(&spots[..w])
        && walls(&spots[(h - 1) * w..])
        && (0..h).all(|y| spots[y * w] == Spot::Wall && spots[y * w + w - 1] == Spot::Wall)
}

/// Walking distances (4-connected steps over the walkable spots) from tile
/// `at`, `UNREACHED` where no walk leads, the farthest of them (the last
/// tile queued) and whether the walk reached all `walkable` tiles: one
/// breadth-first search, 8 bytes a tile at most (the distances and the
/// queue). With `inner` (no walkable tile on the map's edge) a tile's
/// neighbours are its index plus or minus 1 and the width, without a
/// division.
#[inline(never)]
fn walk_from(
    spots: &[Spot],
    w: usize,
    at: usize,
    walkable: usize,
    inner: bool,
) -> Result<(Vec<i32>, u32, bool), PlaceError> {
    let n = spots.len();
    let mut d = try_vec("walking distances", n, UNREACHED)?;
    // Every walkable tile is queued at most once: one allocation.
    let mut queue: Vec<u32> =
        mcrdun_geom::memory::try_with_capacity("walking distances", walkable.max(1))?;
    d[at] = 0;
    queue.push(at as u32);
    let mut head = 0;
    while head < queue.len() {
        let t = queue[head] as usize;
        head += 1;
        let next = d[t] + 1;
        if inner {
            for j in [t - w, t + 1, t + w, t - 1] {
                if spots[j] != Spot::Wall && d[j] == UNREACHED {
                    d[j] = next;
                    queue.push(j as u32);
                }
            }
            continue;
        }
        let (x, y) = (t % w, t / w);
        let around = [
            (y > 0).then(|| t - w),
            (x + 1 < w).then(|| t + 1),
            (t + w < n).then(|| t + w),
            (x > 0).then(|| t - 1),
        ];
        for j in around.into_iter().flatten() {
            if spots[j].is_walkable() && d[j] == UNREACHED {
                d[j] = next;
                queue.push(j as u32);
            }
        }
    }
    // Tiles are queued in the order of their distances.
    let far = d[queue[queue.len() - 1] as usize] as u32;
    let all = queue.len() == walkable;
    Ok((d, far, all))
}

/// The kinds of place of a tile of spot `s` at walking distance `d` with
/// the 4-neighbours `around` (spot and distance; a wall off the map), the
/// distance it adds to the farthest walk (0 for none), and whether the
/// distances break the walk's rule there (as if it were not the up
/// stairs: a reached tile is one more than its nearest walkable
/// neighbour, an unreached one has no reached walkable neighbour).
#[inline(always)]
fn tile_kind(s: Spot, d: i32, around: [(Spot, i32); 4]) -> (u8, i32, bool) {
    let mut open = 0u8;
    let mut door = false;
    let mut nearest = UNREACHED;
    for (sj, dj) in around {
        let walk = sj != Spot::Wall;
        open += u8::from(walk);
        door |= sj == Spot::Door;
        nearest = nearest.min(if walk { dj } else { UNREACHED });
    }
    let walkable = s != Spot::Wall;
    let reached = d != UNREACHED;
    // d - 1 == nearest: nearest is then reached.
    let fine = if reached {
        (d > 0) & (d.wrapping_sub(1) == nearest)
    } else {
        nearest == UNREACHED
    };
    let room = s == Spot::Room;
    let base = if room { K_ROOM } else { 0 }
        | if s == Spot::Corridor { K_CORRIDOR } else { 0 }
        | if s == Spot::Vault { K_VAULT } else { 0 };
    let k =
        base | if open == 1 { K_DEAD_END } else { 0 } | if door & room { K_DOOR_SIDE } else { 0 };
    let k = if (base != 0) & reached { k } else { 0 };
    let f = if walkable & reached { d } else { 0 };
    (k, f, walkable & !fine)
}

/// The kinds of place of the inside of a row (every tile but its ends)
/// from the spots of the tiles' left, own, right, above and below tiles,
/// one slice each, as [`tile_kind`] gives them for a reached tile; a
/// byte a lane, so that it vectorises.
#[inline(never)]
fn kinds_inside(out: &mut [u8], s: [&[Spot]; 5]) {
    let n = out.len();
    let (s0, s1, s2, s3, s4) = (&s[0][..n], &s[1][..n], &s[2][..n], &s[3][..n], &s[4][..n]);
    for x in 0..n {
        let around = [s0[x], s2[x], s3[x], s4[x]];
        let open = around
            .iter()
            .map(|&a| u8::from(a != Spot::Wall))
            .sum::<u8>();
        let door = around.iter().fold(false, |a, &v| a | (v == Spot::Door));
        let s = s1[x];
        let room = s == Spot::Room;
        let base = if room { K_ROOM } else { 0 }
            | if s == Spot::Corridor { K_CORRIDOR } else { 0 }
            | if s == Spot::Vault { K_VAULT } else { 0 };
        let k = base
            | if open == 1 { K_DEAD_END } else { 0 }
            | if door & room { K_DOOR_SIDE } else { 0 };
        out[x] = if base != 0 { k } else { 0 };
    }
}

/// What the distances say of the inside of a row whose kinds
/// [`kinds_inside`] gave (the same slices, and the tiles' distances):
/// unreached tiles lose their kinds; the farthest distance and, with
/// `CHECK`, whether any tile breaks the walk's rule (else false). Its own
/// loop, 4 bytes a lane.
#[inline(never)]
fn distances_inside<const CHECK: bool>(
    out: &mut [u8],
    s: [&[Spot]; 5],
    d: [&[i32]; 5],
) -> (i32, bool) {
    let n = out.len();
    let (s0, s1, s2, s3, s4) = (&s[0][..n], &s[1][..n], &s[2][..n], &s[3][..n], &s[4][..n]);
    let (d0, d1, d2, d3, d4) = (&d[0][..n], &d[1][..n], &d[2][..n], &d[3][..n], &d[4][..n]);
    let mut far = 0i32;
    let mut wrong = 0u8;
    let masked = |sj: Spot, dj: i32| if sj != Spot::Wall { dj } else { UNREACHED };
    for x in 0..n {
        let d = d1[x];
        let walkable = s1[x] != Spot::Wall;
        let reached = d != UNREACHED;
        out[x] &= if reached { 0xff } else { 0 };
        far = far.max(if walkable & reached { d } else { 0 });
        if CHECK {
            let nearest = masked(s0[x], d0[x])
                .min(masked(s2[x], d2[x]))
                .min(masked(s3[x], d3[x]))
                .min(masked(s4[x], d4[x]));
            // d - 1 == nearest: nearest is then reached.
            let fine = if reached {
                (d > 0) & (d.wrapping_sub(1) == nearest)
            } else {
                nearest == UNREACHED
            };
            wrong |= u8::from(walkable & !fine);
        }
    }
    (far, wrong != 0)
}

/// Whether the distances `up` break the walk's rule at tile `t`: the up
/// stairs (`at`) at 0, every other reached walkable tile one more than
/// its nearest walkable neighbour, no unreached walkable tile beside a
/// reached one.
fn walk_wrong(spots: &[Spot], w: usize, up: &[i32], at: usize, t: usize) -> bool {
    let n = spots.len();
    let (x, y) = (t % w, t / w);
    let d = up[t];
    let near = [
        (y > 0).then(|| t - w),
        (x + 1 < w).then(|| t + 1),
        (t + w < n).then(|| t + w),
        (x > 0).then(|| t - 1),
    ]
    .into_iter()
    .flatten()
    .filter(|&j| spots[j].is_walkable())
    .map(|j| up[j])
    .min()
    .unwrap_or(UNREACHED);
    spots[t].is_walkable()
        && !if t == at {
            d == 0
        } else if d == UNREACHED {
            near == UNREACHED
        } else {
            d > 0 && near != UNREACHED && d == near + 1
        }
}

/// What placement knows of the walking distances from the up stairs
/// before its pass over the map ([`kinds_of`]).
#[derive(Clone, Copy, Debug)]
enum Known {
    /// The caller's ([`PlaceMap::with_distances`]): checked on the way,
    /// the farthest found.
    Checked,
    /// Placement's own walk, which left walkable tiles unreached: those
    /// lose their kinds, the farthest is found.
    Partial,
    /// A walk that reaches every walkable tile and its farthest
    /// (placement's own walk, or the caller's trusted one): the pass reads
    /// the spots alone.
    Farthest(u32),
}

/// Each tile's kinds of place (0 for a tile no thing may take: not
/// usable, a staircase, not reached; markers are added after) and the
/// farthest walk from the up stairs (`at`), in one pass over the map in
/// raster order. With [`Known::Checked`], the distances `up` are the
/// caller's and are checked on the way: 0 at the up stairs only, every
/// other reached walkable tile one more than its nearest walkable
/// neighbour, no unreached walkable tile beside a reached one (which only
/// the true walk satisfies: each reached tile has a neighbour one step
/// nearer, down to the up stairs, and none nearer than that). With
/// [`Known::Farthest`] the distances are not read.
#[inline(never)]
fn kinds_of(
    spots: &[Spot],
    w: usize,
    up: &[i32],
    at: usize,
    end: Option<usize>,
    known: Known,
) -> Result<(Vec<u8>, u64), PlaceError> {
    let n = spots.len();
    let mut kinds = try_vec("kinds of place", n, 0u8)?;
    if n == 0 {
        return Ok((kinds, 0));
    }
    let h = n / w;
    let check = matches!(known, Known::Checked);
    let read = !matches!(known, Known::Farthest(_));
    let mut far = 0i32;
    let mut wrong = false;
    // A row of walls beyond the map's top and bottom edges.
    let walls = try_vec("kinds of place", w, Spot::Wall)?;
    let unreached = try_vec("kinds of place", w, UNREACHED)?;
    // Row by row, without branches on the tile (walls and floor alternate
    // at random on many maps), so that the row's inside vectorises: a
    // neighbour off the map is a wall.
    for y in 0..h {
        let r = y * w..(y + 1) * w;
        let (row, urow) = (&spots[r.clone()], &up[r.clone()]);
        let (sa, ua) = if y > 0 {
            (&spots[r.start - w..r.start], &up[r.start - w..r.start])
        } else {
            (&walls[..], &unreached[..])
        };
        let (sb, ub) = if y + 1 < h {
            (&spots[r.end..r.end + w], &up[r.end..r.end + w])
        } else {
            (&walls[..], &unreached[..])
        };
        let out = &mut kinds[r.clone()];
        let mut row_far = 0i32;
        let mut row_wrong = false;
        let mut one = |x: usize, left: (Spot, i32), right: (Spot, i32)| {
            // Unread distances: the tile is reached.
            let d = if read { urow[x] } else { 0 };
            let (k, f, bad) = tile_kind(row[x], d, [left, right, (sa[x], ua[x]), (sb[x], ub[x])]);
            out[x] = k;
            row_far = row_far.max(f);
            row_wrong |= check & bad;
        };
        let wall = (Spot::Wall, UNREACHED);
        if w == 1 {
            one(0, wall, wall);
        } else {
            one(0, wall, (row[1], urow[1]));
            one(w - 1, (row[w - 2], urow[w - 2]), wall);
        }
        if w > 2 {
            let inside = [
                &row[..w - 2],
                &row[1..w - 1],
                &row[2..],
                &sa[1..w - 1],
                &sb[1..w - 1],
            ];
            kinds_inside(&mut out[1..w - 1], inside);
            if read {
                let distances = if check {
                    distances_inside::<true>
                } else {
                    distances_inside::<false>
                };
                let (f, bad) = distances(
                    &mut out[1..w - 1],
                    inside,
                    [
                        &urow[..w - 2],
                        &urow[1..w - 1],
                        &urow[2..],
                        &ua[1..w - 1],
                        &ub[1..w - 1],
                    ],
                );
                row_far = row_far.max(f);
                row_wrong |= bad;
            }
        }
        far = far.max(row_far);
        if check && (row_wrong || r.contains(&at)) {
            // Again, tile by tile, the up stairs at 0 (the rule above
            // wants every reached tile one more than a neighbour).
            wrong |= r.clone().any(|t| walk_wrong(spots, w, up, at, t));
        }
    }
    for t in [Some(at), end].into_iter().flatten() {
        kinds[t] = 0;
    }
    if wrong {
        // The first tile that is wrong, for the message.
        let t = (0..n)
            .find(|&t| walk_wrong(spots, w, up, at, t))
            .unwrap_or(at);
        return Err(PlaceError::Map {
            reason: format!(
                "the distances given are not the walk from the up stairs at ({}, {})",
                t % w,
                t / w
            ),
        });
    }
    let far = match known {
        Known::Farthest(f) => u64::from(f),
        Known::Checked | Known::Partial => far as u64,
    };
    Ok((kinds, far))
}

/// Lists tile `i` in `raw`, keyed by (distance, tile), and counts its
/// distance in `at` (the counting sort's counts, one more than the
/// farthest distance long): a distance outside `0..=far` (only a trusted
/// walk's, whose tiles the pass over the map did not read) is refused,
/// not indexed.
#[inline(always)]
fn list_one(
    raw: &mut Vec<u64>,
    at: &mut [u32],
    up: &[i32],
    w: usize,
    i: u32,
) -> Result<(), PlaceError> {
    let d = up[i as usize];
    match at.get_mut(d as u32 as usize + 1) {
        Some(c) => *c += 1,
        None => return Err(beyond_walk(w, i as usize, d)),
    }
    raw.push(u64::from(d as u32) << 32 | u64::from(i));
    Ok(())
}

/// The error for tile `t` of a trusted walk (`with_trusted_walk`) whose
/// distance `d` a thing's tile cannot have: negative, unreached, or above
/// the farthest given.
fn beyond_walk(w: usize, t: usize, d: i32) -> PlaceError {
    let d = if d == UNREACHED {
        "unreached".to_string()
    } else {
        d.to_string()
    };
    PlaceError::Map {
        reason: format!(
            "the trusted walk gives ({}, {}), a tile things may take, the distance {d}, \
             outside 0 to the farthest given",
            t % w,
            t / w
        ),
    }
}

/// A hasher for tile positions (`u32` and `usize` keys): one
/// multiplication, no random state (nothing depends on a map's order:
/// the maps below are only looked up).
#[derive(Default)]
struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = (self.0 ^ u64::from(v)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_usize(&mut self, v: usize) {
        self.0 = (self.0 ^ v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// One run's draws from its candidates, positions `0..len` of the slices
/// one after another, each at most once in random order: a partial
/// Fisher-Yates shuffle of the positions, the same draws as shuffling a
/// copy of them, but without the copy: the positions it moved are kept
/// aside (a few per draw), and only a run that draws more than a
/// sixteenth of its candidates writes them all out (4 bytes each).
struct Draws {
    len: usize,
    cursor: usize,
    moved: HashMap<u32, u32, BuildHasherDefault<PositionHasher>>,
    all: Vec<u32>,
}

impl Draws {
    fn new(len: usize) -> Result<Draws, PlaceError> {
        if u32::try_from(len).is_err() {
            return Err(PlaceError::Map {
                reason: format!("{len} candidate tiles, more than 32-bit indices address"),
            });
        }
        Ok(Draws {
            len,
            cursor: 0,
            moved: HashMap::default(),
            all: Vec::new(),
        })
    }

    fn at(&self, q: usize) -> u32 {
        self.moved.get(&(q as u32)).copied().unwrap_or(q as u32)
    }

    /// The next position, `None` when every one has been drawn.
    fn next<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Option<usize>, PlaceError> {
        if self.cursor >= self.len {
            return Ok(None);
        }
        let c = self.cursor;
        let j = c + below(rng, (self.len - c) as u64)? as usize;
        self.cursor += 1;
        if !self.all.is_empty() {
            self.all.swap(c, j);
            return Ok(Some(self.all[c] as usize));
        }
        let (at_j, at_c) = (self.at(j), self.at(c));
        self.moved.remove(&(c as u32));
        if j != c {
            if self.moved.len() >= self.moved.capacity() {
                // A slot is a key, a value and a control byte.
                let more = self.moved.len().max(16);
                let bytes = ((self.moved.len() + more) as u64).saturating_mul(2 * 9);
                mcrdun_geom::memory::check_bytes("candidate draws", bytes)?;
                self.moved
                    .try_reserve(more)
                    .map_err(|_| mcrdun_geom::GeomError::OutOfMemory {
                        what: "candidate draws",
                        needed: bytes,
                    })?;
            }
            self.moved.insert(j as u32, at_c);
        }
        if self.moved.len() > self.len / 16 + 64 {
            let mut all = try_vec("candidate tiles", self.len, 0u32)?;
            for (q, a) in all.iter_mut().enumerate().skip(self.cursor) {
                *a = self.at(q);
            }
            self.moved = HashMap::default();
            self.all = all;
        }
        Ok(Some(at_j as usize))
    }
}
