//! An independent checker of placed things: every rule of the issue,
//! recomputed from the map, the tables and the things with code of its
//! own (its own walks, its own kinds of place), so that a mistake in the
//! placement does not hide itself. Shared by the tests of this crate and
//! of mcrdun-dungeon (`#[path]`), and by the placement fuzz target.
#![allow(dead_code)]

use mcrdun_geom::{Grid, Point};
use mcrdun_things::{Entry, Place, PlaceMap, SHARE_ONE, Spot, Table, Thing};
use std::collections::{BTreeMap, HashSet, VecDeque};

const FAR: u32 = u32::MAX;

/// Walking distances (4-connected, walkable spots) from `from`, `FAR`
/// where unreached.
pub fn walk(spots: &Grid<Spot>, from: Point) -> Grid<u32> {
    let mut d = Grid::new(spots.width(), spots.height(), FAR).unwrap();
    let mut q = VecDeque::new();
    d.set(from, 0).unwrap();
    q.push_back(from);
    while let Some(p) = q.pop_front() {
        let here = *d.get(p).unwrap();
        for n in [
            Point::new(p.x + 1, p.y),
            Point::new(p.x - 1, p.y),
            Point::new(p.x, p.y + 1),
            Point::new(p.x, p.y - 1),
        ] {
            if spots.get(n).is_some_and(|s| *s != Spot::Wall) && *d.get(n).unwrap() == FAR {
                d.set(n, here + 1).unwrap();
                q.push_back(n);
            }
        }
    }
    d
}

/// The tiles at most `limit` steps (walking) from `from`.
fn near(spots: &Grid<Spot>, from: Point, limit: u32) -> HashSet<Point> {
    let mut seen = HashSet::from([from]);
    let mut ring = vec![from];
    for _ in 0..limit {
        let mut next = Vec::new();
        for p in ring {
            for n in four(p) {
                if walkable(spots, n) && seen.insert(n) {
                    next.push(n);
                }
            }
        }
        ring = next;
    }
    seen
}

fn walkable(spots: &Grid<Spot>, p: Point) -> bool {
    spots.get(p).is_some_and(|s| *s != Spot::Wall)
}

fn four(p: Point) -> [Point; 4] {
    [
        Point::new(p.x, p.y - 1),
        Point::new(p.x + 1, p.y),
        Point::new(p.x, p.y + 1),
        Point::new(p.x - 1, p.y),
    ]
}

/// Whether the tile at `p` is a place of kind `k`.
fn has(map: &PlaceMap, p: Point, k: Place) -> bool {
    let spots = map.spots();
    let s = *spots.get(p).unwrap();
    match k {
        Place::Room => s == Spot::Room,
        Place::Corridor => s == Spot::Corridor,
        Place::Vault => s == Spot::Vault,
        Place::DeadEnd => four(p).iter().filter(|&&n| walkable(spots, n)).count() == 1,
        Place::DoorSide => {
            s == Spot::Room && four(p).iter().any(|&n| spots.get(n) == Some(&Spot::Door))
        }
        Place::Marker(c) => map.marker(p) == Some(c),
    }
}

/// Labels of the 4-connected components of the tiles `keep` allows.
fn components(spots: &Grid<Spot>, keep: impl Fn(Point) -> bool) -> Grid<u32> {
    let mut label = Grid::new(spots.width(), spots.height(), FAR).unwrap();
    let mut next = 0;
    for y in 0..spots.height() as i32 {
        for x in 0..spots.width() as i32 {
            let p = Point::new(x, y);
            if !keep(p) || *label.get(p).unwrap() != FAR {
                continue;
            }
            let mut stack = vec![p];
            label.set(p, next).unwrap();
            while let Some(q) = stack.pop() {
                for n in four(q) {
                    if spots.in_bounds(n) && keep(n) && *label.get(n).unwrap() == FAR {
                        label.set(n, next).unwrap();
                        stack.push(n);
                    }
                }
            }
            next += 1;
        }
    }
    label
}

/// Every broken rule, in words; empty when every thing keeps every rule.
pub fn violations(map: &PlaceMap, tables: &[Table], depth: u32, things: &[Thing]) -> Vec<String> {
    let mut out = Vec::new();
    let entries: Vec<&Entry> = tables.iter().flat_map(|t| t.entries()).collect();
    let spots = map.spots();
    let up = walk(spots, map.start());
    let down = map.end().map(|e| walk(spots, e));
    let far = up
        .as_slice()
        .iter()
        .filter(|&&d| d != FAR)
        .max()
        .copied()
        .unwrap_or(0);
    let mut tiles = HashSet::new();
    for t in things {
        let Some(e) = entries.get(t.entry as usize) else {
            out.push(format!("{}: no entry {}", t.name, t.entry));
            continue;
        };
        let who = format!("{} at ({}, {})", t.name, t.at.x, t.at.y);
        if (e.name(), e.glyph(), e.blocks()) != (t.name.as_str(), t.glyph, t.blocks) {
            out.push(format!("{who}: name, glyph or blocks not its entry's"));
        }
        if !e.at_depth(depth) {
            out.push(format!("{who}: placed outside its depth"));
        }
        let Some(&spot) = spots.get(t.at) else {
            out.push(format!("{who}: outside the map"));
            continue;
        };
        if !matches!(spot, Spot::Room | Spot::Corridor | Spot::Vault) {
            out.push(format!("{who}: on {spot:?}"));
        }
        if t.at == map.start() || Some(t.at) == map.end() {
            out.push(format!("{who}: on a staircase"));
        }
        if !tiles.insert(t.at) {
            out.push(format!("{who}: a second thing on the tile"));
        }
        let d = *up.get(t.at).unwrap();
        if d == FAR {
            out.push(format!("{who}: not reached from the up stairs"));
            continue;
        }
        if d != t.distance {
            out.push(format!(
                "{who}: distance {} reported, {d} walked",
                t.distance
            ));
        }
        let (lo, hi) = e.distance();
        let scaled = u64::from(d) * u64::from(SHARE_ONE);
        if scaled < u64::from(lo) * u64::from(far) || scaled > u64::from(hi) * u64::from(far) {
            out.push(format!("{who}: distance {d} of {far} outside its shares"));
        }
        let away = e.away();
        let dd = down.as_ref().map_or(FAR, |g| *g.get(t.at).unwrap());
        if d < away || dd < away {
            out.push(format!(
                "{who}: {d} and {dd} steps from the stairs, away {away}"
            ));
        }
        let first = if e.places().is_empty() {
            [
                map.marker(t.at).map(Place::Marker),
                [
                    Place::Vault,
                    Place::DeadEnd,
                    Place::DoorSide,
                    Place::Corridor,
                    Place::Room,
                ]
                .into_iter()
                .find(|&k| has(map, t.at, k)),
            ]
            .into_iter()
            .flatten()
            .next()
        } else {
            e.places().iter().copied().find(|&k| has(map, t.at, k))
        };
        if first != Some(t.place) {
            out.push(format!(
                "{who}: place {:?} reported, {first:?} found",
                t.place
            ));
        }
        if t.room != map.room(t.at) {
            out.push(format!(
                "{who}: room {:?} reported, {:?} on the map",
                t.room,
                map.room(t.at)
            ));
        }
        if e.apart() >= 2 {
            let near = near(spots, t.at, e.apart() - 1);
            for o in things {
                if o.entry == t.entry && o.at != t.at && near.contains(&o.at) {
                    out.push(format!(
                        "{who}: {} at ({}, {}) nearer than apart {}",
                        o.name,
                        o.at.x,
                        o.at.y,
                        e.apart()
                    ));
                }
            }
        }
        if e.group().is_some() != t.group.is_some() {
            out.push(format!(
                "{who}: group {:?} for an entry with group {:?}",
                t.group,
                e.group()
            ));
        }
    }
    // Counts and groups.
    for (k, e) in entries.iter().enumerate() {
        let mine: Vec<&Thing> = things.iter().filter(|t| t.entry as usize == k).collect();
        let n = match e.group() {
            None => mine.len() as u64,
            Some(g) => {
                let mut groups: BTreeMap<u32, Vec<&Thing>> = BTreeMap::new();
                for t in &mine {
                    if let Some(id) = t.group {
                        groups.entry(id).or_default().push(t);
                    }
                }
                for (id, members) in &groups {
                    let size = members.len() as u32;
                    if size < g.min || size > g.max {
                        out.push(format!(
                            "{} group {id}: {size} members, not {}..{}",
                            e.name(),
                            g.min,
                            g.max
                        ));
                    }
                    let near = near(spots, members[0].at, g.within);
                    for m in &members[1..] {
                        if !near.contains(&m.at) {
                            out.push(format!(
                                "{} group {id}: ({}, {}) beyond within {}",
                                e.name(),
                                m.at.x,
                                m.at.y,
                                g.within
                            ));
                        }
                    }
                }
                groups.len() as u64
            }
        };
        let (min, max) = if e.at_depth(depth) {
            e.amount().range(map.walkable())
        } else {
            (0, 0)
        };
        if n < min || n > max {
            out.push(format!("{}: {n} placed, not {min}..{max}", e.name()));
        }
    }
    // Blocking things cut nothing: every stretch between barriers stays
    // one piece without them, and keeps every barrier it touched.
    let blocked: HashSet<Point> = things.iter().filter(|t| t.blocks).map(|t| t.at).collect();
    if !blocked.is_empty() {
        let open = |p: Point| walkable(spots, p) && spots.get(p) != Some(&Spot::Barrier);
        let before = components(spots, open);
        let after = components(spots, |p| open(p) && !blocked.contains(&p));
        let mut seen: BTreeMap<u32, u32> = BTreeMap::new();
        for (p, &b) in before.iter() {
            if b == FAR || blocked.contains(&p) {
                continue;
            }
            let a = *after.get(p).unwrap();
            if *seen.entry(b).or_insert(a) != a {
                out.push(format!(
                    "blocking things cut the piece holding ({}, {})",
                    p.x, p.y
                ));
                break;
            }
        }
        for (p, s) in spots.iter() {
            if *s != Spot::Barrier {
                continue;
            }
            let pieces: HashSet<u32> = four(p)
                .iter()
                .filter_map(|&n| before.get(n).copied())
                .filter(|&b| b != FAR)
                .collect();
            for piece in pieces {
                let left = before
                    .iter()
                    .any(|(q, &b)| b == piece && !blocked.contains(&q));
                let kept = !left
                    || four(p)
                        .iter()
                        .any(|&n| before.get(n) == Some(&piece) && !blocked.contains(&n));
                if !kept {
                    out.push(format!(
                        "the barrier at ({}, {}) lost its way in from one side",
                        p.x, p.y
                    ));
                }
            }
        }
    }
    out
}
