//! The `things_parse` and `things_place` properties: spawn tables from any
//! text, and placement of a table on any small map, every rule of every
//! entry checked by an independent breadth-first search.
#![allow(unsafe_code)] // The properties compare Rust with the C ABI.

use crate::Bytes;
use mcrdun_geom::{Grid, Point};
use mcrdun_things::{Place, PlaceMap, Spot, Table, parse, place_seeded};
use std::collections::VecDeque;

/// Spawn tables: any bytes, read as UTF-8 with invalid sequences replaced,
/// are parsed without a panic; an error names a line of the text (from 1)
/// and reads `fuzz.things:LINE:COLUMN: expected ...`; an accepted table's
/// full text (every setting spelled out) reads back to the same text and
/// the same entries; the C ABI (`mcrdun_thing_table_parse`) accepts and
/// refuses the same bytes.
pub fn things_parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let parsed = parse(&text, "fuzz.things");
    let mut raw = core::ptr::null_mut();
    // SAFETY: `data` is readable for its length; `raw` is writable.
    let status =
        unsafe { mcrdun::mcrdun_thing_table_parse(data.as_ptr().cast(), data.len(), &mut raw) };
    // SAFETY: NULL or the handle just made, freed once.
    unsafe { mcrdun::mcrdun_thing_table_free(raw) };
    let bom = data.starts_with(b"\xEF\xBB\xBF");
    if std::str::from_utf8(data).is_ok() && !bom {
        assert_eq!(
            status == mcrdun::McrdunStatus::Ok,
            parsed.is_ok(),
            "C and Rust disagree: {status:?} vs {parsed:?}"
        );
    }
    assert_ne!(status, mcrdun::McrdunStatus::Panic);
    let table = match parsed {
        Ok(t) => t,
        Err(e) => {
            let lines = text.split('\n').count() as u32;
            assert!(
                e.line >= 1 && e.line <= lines,
                "line {} of {lines}: {e}",
                e.line
            );
            assert!(
                e.to_string()
                    .starts_with(&format!("fuzz.things:{}:{}: expected ", e.line, e.column)),
                "{e}"
            );
            return;
        }
    };
    let canon = table.to_string();
    let back = parse(&canon, "canon").unwrap_or_else(|e| panic!("{e}\n{canon}"));
    assert_eq!(back.to_string(), canon);
    assert_eq!(back.entries().len(), table.entries().len());
    for (a, b) in back.entries().iter().zip(table.entries()) {
        assert_eq!(
            (a.name(), a.glyph(), a.amount(), a.depth(), a.places()),
            (b.name(), b.glyph(), b.amount(), b.depth(), b.places())
        );
        assert_eq!(
            (
                a.distance(),
                a.away(),
                a.apart(),
                a.group(),
                a.blocks(),
                a.weight()
            ),
            (
                b.distance(),
                b.away(),
                b.apart(),
                b.group(),
                b.blocks(),
                b.weight()
            )
        );
    }
}

/// Lines a fuzzed table is made of: one `thing` with a glyph, then any of
/// these settings (repeats and conflicts are refused by the parser, which
/// is part of the property).
const SETTINGS: [&str; 24] = [
    "count 1",
    "count 0..3",
    "count 2..5",
    "density 1..40",
    "density 0..100",
    "weight 5",
    "depth 2..4",
    "where room",
    "where corridor dead_end",
    "where door_side vault",
    "where marker A",
    "where anywhere",
    "distance 0.5..1",
    "distance 0..0.3",
    "away 3",
    "apart 2",
    "apart 4",
    "group 2..3 within 2",
    "group 1..4 within 3",
    "blocks yes",
    "where room corridor",
    "away 1",
    "count 0..8",
    "distance 0.9..1",
];

const GLYPHS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?$%&~^";

/// Walking distances (4-connected over walkable spots) from `from`.
fn bfs(spots: &[Spot], w: usize, h: usize, from: usize, blocked: &[bool]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; w * h];
    let mut q = VecDeque::new();
    dist[from] = 0;
    q.push_back(from);
    while let Some(c) = q.pop_front() {
        let (x, y) = (c % w, c / w);
        let mut visit = |n: usize| {
            if spots[n].is_walkable() && !blocked[n] && dist[n] == u32::MAX {
                dist[n] = dist[c] + 1;
                q.push_back(n);
            }
        };
        if x > 0 {
            visit(c - 1);
        }
        if x + 1 < w {
            visit(c + 1);
        }
        if y > 0 {
            visit(c - w);
        }
        if y + 1 < h {
            visit(c + w);
        }
    }
    dist
}

/// Placement on any small map: a map of up to 24 x 24 spots (any mix of
/// the seven kinds), stairs, rooms and markers from the bytes, and a table
/// of up to four entries built from `SETTINGS`. When placement succeeds
/// every thing stands on a usable spot the up stairs reach, never on the
/// stairs, never two on a tile; its distance is the breadth-first walk
/// from the up stairs; its kind of place is one its entry allows and its
/// tile really is; `away`, `apart`, `group ... within` and the counts
/// hold; blocking things leave every tile the up stairs reached (without
/// barriers) reached; the same input places the same things; the C ABI
/// (`mcrdun_things_place`) places the same things. A failure is a typed
/// error, never a panic.
pub fn things_place(data: &[u8]) {
    let _ = place_case(data);
}

/// [`things_place`], returning how many things were placed (`None` when
/// the input was refused).
pub(crate) fn place_case(data: &[u8]) -> Option<usize> {
    let mut b = Bytes::new(data);
    let w = 1 + b.below(24) as usize;
    let h = 1 + b.below(24) as usize;
    let n = w * h;
    let density = b.u8();
    let cells: Vec<Spot> = (0..n)
        .map(|_| {
            let r = b.u8();
            if r < density / 2 {
                Spot::Wall
            } else {
                Spot::ALL[(r % 7) as usize]
            }
        })
        .collect();
    let start = b.below(n as u32) as usize;
    let end = b.bool().then(|| b.below(n as u32) as usize);
    let with_rooms = b.bool();
    let rooms: Vec<u32> = (0..n)
        .map(|i| if with_rooms { (i % 3) as u32 } else { 0 })
        .collect();
    let markers: Vec<(usize, char)> = (0..b.below(3))
        .map(|_| {
            (
                b.below(n as u32) as usize,
                ['A', 'B', '7'][b.below(3) as usize],
            )
        })
        .collect();
    let mut text = String::new();
    let entries = 1 + b.below(4);
    for e in 0..entries {
        let glyph = GLYPHS[b.below(GLYPHS.len() as u32) as usize] as char;
        text.push_str(&format!("thing t{e}\nglyph {glyph}\n"));
        for _ in 0..b.below(5) {
            text.push_str(SETTINGS[b.below(SETTINGS.len() as u32) as usize]);
            text.push('\n');
        }
    }
    let depth = b.below(6);
    let seed = b.u64();
    let Ok(table) = parse(&text, "fuzz.things") else {
        return None;
    };
    let pt = |i: usize| Point::new((i % w) as i32, (i / w) as i32);
    let Ok(grid) = Grid::from_vec(w as u32, h as u32, cells.clone()) else {
        return None;
    };
    let built = PlaceMap::new(grid, pt(start))
        .and_then(|m| match end {
            Some(e) => m.with_end(pt(e)),
            None => Ok(m),
        })
        .and_then(|m| {
            if with_rooms {
                m.with_rooms(Grid::from_vec(w as u32, h as u32, rooms.clone())?)
            } else {
                Ok(m)
            }
        })
        .and_then(|m| m.with_markers(markers.iter().map(|&(i, c)| (pt(i), c))));
    let Ok(map) = built else {
        return None;
    };
    let tables = [table];
    let result = place_seeded(&map, &tables, depth, seed);
    assert_eq!(
        result,
        place_seeded(&map, &tables, depth, seed),
        "deterministic"
    );
    check_c_agrees(
        &cells, w, h, start, end, with_rooms, &rooms, &markers, &tables, depth, seed, &result,
    );
    let Ok(things) = result else {
        return None;
    };
    let table = &tables[0];
    let none = vec![false; n];
    let up = bfs(&cells, w, h, start, &none);
    let down = end.map(|e| bfs(&cells, w, h, e, &none));
    let mut taken = vec![false; n];
    let mut count = vec![0u64; table.entries().len()];
    let mut groups: Vec<(u32, usize, u32, u64)> = Vec::new(); // (group, first tile, entry, members)
    for t in &things {
        let i = t.at.y as usize * w + t.at.x as usize;
        let e = &table.entries()[t.entry as usize];
        assert!(cells[i].is_usable(), "{t:?} on {:?}", cells[i]);
        assert!(up[i] != u32::MAX, "{t:?} where the up stairs do not reach");
        assert!(i != start && Some(i) != end, "{t:?} on the stairs");
        assert!(!taken[i], "two things at {:?}", t.at);
        taken[i] = true;
        assert_eq!(t.distance, up[i], "{t:?}");
        assert_eq!(
            (t.name.as_str(), t.glyph, t.blocks),
            (e.name(), e.glyph(), e.blocks())
        );
        assert!(e.at_depth(depth));
        if !e.places().is_empty() {
            assert!(
                e.places().contains(&t.place),
                "{t:?} not in {:?}",
                e.places()
            );
        }
        // The tile is the kind of place said.
        let walk4 = |i: usize| {
            let (x, y) = (i % w, i / w);
            [
                (x > 0).then(|| i - 1),
                (x + 1 < w).then(|| i + 1),
                (y > 0).then(|| i - w),
                (y + 1 < h).then(|| i + w),
            ]
        };
        match t.place {
            Place::Room => assert_eq!(cells[i], Spot::Room),
            Place::Corridor => assert_eq!(cells[i], Spot::Corridor),
            Place::Vault => assert_eq!(cells[i], Spot::Vault),
            Place::DeadEnd => {
                let open = walk4(i)
                    .iter()
                    .flatten()
                    .filter(|&&j| cells[j].is_walkable())
                    .count();
                assert_eq!(open, 1, "{t:?} is no dead end");
            }
            Place::DoorSide => {
                assert_eq!(cells[i], Spot::Room);
                assert!(walk4(i).iter().flatten().any(|&j| cells[j] == Spot::Door));
            }
            Place::Marker(c) => assert!(markers.contains(&(i, c)), "{t:?}"),
        }
        if with_rooms {
            assert_eq!(t.room, Some(rooms[i]));
        } else {
            assert_eq!(t.room, None);
        }
        let (lo, hi) = e.distance();
        let far = u64::from(
            up.iter()
                .filter(|&&d| d != u32::MAX)
                .copied()
                .max()
                .unwrap_or(0),
        );
        let share = u64::from(t.distance) * 1_000_000;
        assert!(
            share >= u64::from(lo) * far && share <= u64::from(hi) * far,
            "{t:?} distance"
        );
        assert!(t.distance >= e.away(), "{t:?} away");
        if let Some(d) = &down {
            assert!(d[i] >= e.away(), "{t:?} away from the down stairs");
        }
        match (t.group, e.group()) {
            (Some(g), Some(_)) => match groups.iter_mut().find(|x| x.0 == g) {
                Some(x) => {
                    assert_eq!(x.2, t.entry);
                    x.3 += 1;
                }
                None => {
                    groups.push((g, i, t.entry, 1));
                    count[t.entry as usize] += 1;
                }
            },
            (None, None) => count[t.entry as usize] += 1,
            other => panic!("{t:?}: group {other:?}"),
        }
    }
    // apart, between every two things of an entry.
    for (k, a) in things.iter().enumerate() {
        let e = &table.entries()[a.entry as usize];
        if e.apart() <= 1 {
            continue;
        }
        let ia = a.at.y as usize * w + a.at.x as usize;
        let d = bfs(&cells, w, h, ia, &none);
        for bth in things.iter().skip(k + 1).filter(|t| t.entry == a.entry) {
            let ib = bth.at.y as usize * w + bth.at.x as usize;
            assert!(d[ib] >= e.apart(), "{a:?} and {bth:?} closer than apart");
        }
    }
    // groups: members within reach of the first, sizes in range.
    for &(g, first, entry, members) in &groups {
        let grp = table.entries()[entry as usize].group().unwrap();
        assert!(
            members >= u64::from(grp.min) && members <= u64::from(grp.max),
            "group {g}"
        );
        let d = bfs(&cells, w, h, first, &none);
        for t in things.iter().filter(|t| t.group == Some(g)) {
            let i = t.at.y as usize * w + t.at.x as usize;
            assert!(d[i] <= grp.within, "{t:?} beyond `within`");
        }
    }
    // counts.
    let walkable = map.walkable();
    for (e, &c) in table.entries().iter().zip(&count) {
        if !e.at_depth(depth) {
            assert_eq!(c, 0);
            continue;
        }
        let (min, max) = e.amount().range(walkable);
        assert!(
            c >= min && c <= max,
            "{}: {c} not in {min}..={max}",
            e.name()
        );
    }
    // blocking things cut nothing the up stairs reached off.
    let blocked: Vec<bool> = (0..n)
        .map(|i| things.iter().any(|t| t.blocks && t.at == pt(i)))
        .collect();
    let after = bfs(&cells, w, h, start, &blocked);
    for i in 0..n {
        if up[i] != u32::MAX && !blocked[i] {
            assert!(after[i] != u32::MAX, "a blocking thing cut {:?} off", pt(i));
        }
    }
    Some(things.len())
}

#[allow(clippy::too_many_arguments)]
fn check_c_agrees(
    cells: &[Spot],
    w: usize,
    h: usize,
    start: usize,
    end: Option<usize>,
    with_rooms: bool,
    rooms: &[u32],
    markers: &[(usize, char)],
    tables: &[Table],
    depth: u32,
    seed: u64,
    rust: &Result<Vec<mcrdun_things::Thing>, mcrdun_things::PlaceError>,
) {
    let spots: Vec<u8> = cells.iter().map(|&s| s as u8).collect();
    let pt = |i: usize| mcrdun::McrdunPoint {
        x: (i % w) as i32,
        y: (i / w) as i32,
    };
    let c_markers: Vec<mcrdun::McrdunThingMarker> = markers
        .iter()
        .map(|&(i, c)| mcrdun::McrdunThingMarker {
            label: c as u8,
            x: pt(i).x,
            y: pt(i).y,
        })
        .collect();
    let map = mcrdun::McrdunPlaceMap {
        spots: spots.as_ptr(),
        width: w as u32,
        height: h as u32,
        rooms: if with_rooms {
            rooms.as_ptr()
        } else {
            core::ptr::null()
        },
        start: pt(start),
        has_end: end.is_some(),
        end: pt(end.unwrap_or(0)),
        markers: c_markers.as_ptr(),
        markers_len: c_markers.len(),
    };
    let text = tables[0].to_string();
    let mut t = core::ptr::null_mut();
    // SAFETY: valid text and out-pointer.
    let st = unsafe { mcrdun::mcrdun_thing_table_parse(text.as_ptr().cast(), text.len(), &mut t) };
    assert_eq!(
        st,
        mcrdun::McrdunStatus::Ok,
        "the canonical text reads in C"
    );
    let handles = [t.cast_const()];
    let mut out = vec![mcrdun::McrdunThing::default(); 64];
    let mut len = 0;
    // SAFETY: the map's buffers live; `out` holds 64 things.
    let st = unsafe {
        mcrdun::mcrdun_things_place(
            &map,
            handles.as_ptr(),
            1,
            depth,
            seed,
            out.as_mut_ptr(),
            64,
            &mut len,
        )
    };
    let need = len;
    if st == mcrdun::McrdunStatus::BufferTooSmall {
        out.resize(need, mcrdun::McrdunThing::default());
        // SAFETY: as above, with `need` things.
        let st2 = unsafe {
            mcrdun::mcrdun_things_place(
                &map,
                handles.as_ptr(),
                1,
                depth,
                seed,
                out.as_mut_ptr(),
                need,
                &mut len,
            )
        };
        assert_eq!(st2, mcrdun::McrdunStatus::Ok);
    } else {
        assert_eq!(
            st == mcrdun::McrdunStatus::Ok,
            rust.is_ok(),
            "{st:?} vs {rust:?}"
        );
    }
    // SAFETY: the handle made above, freed once.
    unsafe { mcrdun::mcrdun_thing_table_free(t) };
    if let Ok(things) = rust {
        assert_eq!(len, things.len());
        for (c, r) in out.iter().zip(things) {
            assert_eq!(
                (c.x, c.y, c.entry, c.distance),
                (r.at.x, r.at.y, r.entry, r.distance)
            );
            assert_eq!(c.glyph, r.glyph as u8);
            assert_eq!(c.room, r.room.unwrap_or(u32::MAX));
            assert_eq!(c.group, r.group.unwrap_or(u32::MAX));
        }
    }
}

#[cfg(test)]
mod tests {
    /// The committed seeds are worth replaying: some place many things.
    #[test]
    fn seeds_place_things() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/things_place");
        let placed: Vec<usize> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|f| super::place_case(&std::fs::read(f.unwrap().path()).unwrap()))
            .collect();
        assert!(
            placed.iter().filter(|&&n| n >= 5).count() >= 3,
            "{placed:?}"
        );
    }
}
