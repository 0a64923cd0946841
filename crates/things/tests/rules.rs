//! The rules of placement, checked by an independent checker
//! (`verify/mod.rs`) over maps of several kinds and pinned seeds, and the
//! errors of placement, one per rule.

mod verify;

use mcrdun_geom::random::{chance, index, seeded_rng};
use mcrdun_geom::{Grid, Point};
use mcrdun_things::{
    NO_ROOM, Place, PlaceError, PlaceMap, Rule, Spot, Table, Thing, parse, place_seeded,
};

fn example() -> Table {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    );
    let text = std::fs::read_to_string(path).unwrap();
    parse(&text, "dungeon.things").unwrap()
}

/// A cave-like map: noise smoothed twice, the start and the end on
/// floor tiles drawn at random (tiles of other regions unreached); no
/// floor on the map's edge.
fn cave(w: u32, h: u32, seed: u64) -> PlaceMap {
    cave_to_edges(w, h, seed, 1)
}

/// As [`cave`], with floor up to `border` tiles from the edge (0: on the
/// edge itself, where a tile has fewer than four neighbours on the map).
fn cave_to_edges(w: u32, h: u32, seed: u64, border: i32) -> PlaceMap {
    let mut rng = seeded_rng(seed);
    let (right, bottom) = (w as i32 - 1 - border, h as i32 - 1 - border);
    let mut g = Grid::from_fn(w, h, |p| {
        p.x >= border && p.y >= border && p.x <= right && p.y <= bottom && chance(&mut rng, 0.55)
    })
    .unwrap();
    for _ in 0..2 {
        let old = g.clone();
        for y in border..=bottom {
            for x in border..=right {
                let p = Point::new(x, y);
                let n = old.neighbours8(p).filter(|&q| *old.get(q).unwrap()).count();
                g.set(p, n >= 5 || (n >= 4 && *old.get(p).unwrap()))
                    .unwrap();
            }
        }
    }
    let cells: Vec<Point> = g.iter().filter(|(_, w)| **w).map(|(p, _)| p).collect();
    let start = cells[index(&mut rng, cells.len()).unwrap()];
    let end = cells[index(&mut rng, cells.len()).unwrap()];
    let map = PlaceMap::from_walkable(&g, start).unwrap();
    if end == start {
        map
    } else {
        map.with_end(end).unwrap()
    }
}

/// Rooms on a lattice joined by corridors through doors; one room a vault
/// with markers, one corridor holding a locked door (a barrier), stairs in
/// the first and last rooms.
fn rooms(cols: i32, rows: i32, seed: u64) -> PlaceMap {
    let (cw, ch) = (12, 10);
    let (w, h) = ((cols * cw + 1) as u32, (rows * ch + 1) as u32);
    let mut rng = seeded_rng(seed);
    let mut spots = Grid::new(w, h, Spot::Wall).unwrap();
    let mut room_of = Grid::new(w, h, NO_ROOM).unwrap();
    let vault = index(&mut rng, (cols * rows) as usize).unwrap() as i32;
    let mut markers = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let k = r * cols + c;
            let (x0, y0) = (c * cw + 2, r * ch + 2);
            for y in y0..y0 + 6 {
                for x in x0..x0 + 8 {
                    let p = Point::new(x, y);
                    spots
                        .set(p, if k == vault { Spot::Vault } else { Spot::Room })
                        .unwrap();
                    room_of.set(p, k as u32).unwrap();
                }
            }
            if k == vault {
                markers.push((Point::new(x0 + 3, y0 + 2), 'B'));
                markers.push((Point::new(x0 + 1, y0 + 1), 'g'));
            }
            // East: a corridor from the room's east door to the next room's west door.
            if c + 1 < cols && (chance(&mut rng, 0.85) || r == 0) {
                let y = y0 + 2 + index(&mut rng, 2).unwrap() as i32;
                spots.set(Point::new(x0 + 8, y), Spot::Door).unwrap();
                for x in x0 + 9..x0 + cw - 1 {
                    spots.set(Point::new(x, y), Spot::Corridor).unwrap();
                }
                spots.set(Point::new(x0 + cw - 1, y), Spot::Door).unwrap();
            }
            // South, with a dead-end stub beside it now and then.
            if r + 1 < rows && (c == 0 || chance(&mut rng, 0.6)) {
                let x = x0 + 3 + index(&mut rng, 2).unwrap() as i32;
                spots.set(Point::new(x, y0 + 6), Spot::Door).unwrap();
                for y in y0 + 7..y0 + ch - 1 {
                    spots.set(Point::new(x, y), Spot::Corridor).unwrap();
                }
                spots.set(Point::new(x, y0 + ch - 1), Spot::Door).unwrap();
                if chance(&mut rng, 0.5) {
                    spots
                        .set(Point::new(x + 1, y0 + 8), Spot::Corridor)
                        .unwrap();
                    spots
                        .set(Point::new(x + 2, y0 + 8), Spot::Corridor)
                        .unwrap();
                }
            }
        }
    }
    // A locked door in the first south corridor.
    let lock = Point::new(2 + 3, 2 + 7);
    for dx in 0..2 {
        let p = Point::new(lock.x + dx, lock.y);
        if spots.get(p) == Some(&Spot::Corridor) {
            spots.set(p, Spot::Barrier).unwrap();
        }
    }
    let start = Point::new(3, 3);
    let end = Point::new((cols - 1) * cw + 8, (rows - 1) * ch + 6);
    PlaceMap::new(spots, start)
        .unwrap()
        .with_end(end)
        .unwrap()
        .with_rooms(room_of)
        .unwrap()
        .with_markers(markers)
        .unwrap()
}

fn check(map: &PlaceMap, tables: &[Table], depth: u32, seed: u64) -> Vec<Thing> {
    let things = place_seeded(map, tables, depth, seed)
        .unwrap_or_else(|e| panic!("seed {seed} depth {depth}: {e}"));
    let v = verify::violations(map, tables, depth, &things);
    assert!(v.is_empty(), "seed {seed} depth {depth}: {v:#?}");
    things
}

#[test]
fn the_example_table_keeps_every_rule() {
    let table = [example()];
    let mut placed = 0;
    for seed in 1..=6 {
        for map in [
            cave(80, 50, seed),
            rooms(6, 5, seed),
            cave(200, 120, seed),
            rooms(16, 12, seed),
        ] {
            for depth in [1, 3, 6, 9] {
                placed += check(&map, &table, depth, seed).len();
            }
        }
    }
    assert!(placed > 1000, "{placed}");
}

#[test]
fn hard_rules_keep() {
    let table = parse(
        "thing horde\nglyph h\ncount 3..6\ngroup 2..6 within 4\napart 2\nwhere anywhere\n\
         thing statue\nglyph S\ncount 10..40\nblocks yes\nwhere anywhere\n\
         thing far\nglyph F\ncount 2\ndistance 0.7..0.9\naway 3\napart 5\n\
         thing lone\nglyph L\ndensity 1..3\napart 6\nwhere corridor room\n\
         thing loot\nglyph $\ncount 0..3\nwhere marker g marker B\n",
        "hard",
    )
    .unwrap();
    for seed in 1..=20 {
        check(&rooms(5, 4, seed), std::slice::from_ref(&table), 1, seed);
        check(&cave(60, 40, seed), std::slice::from_ref(&table), 1, seed);
    }
}

#[test]
fn floor_on_the_edge_keeps_every_rule() {
    // Tiles on the map's edge have fewer than four neighbours: the walks
    // and the `apart`, `away` and `group` searches must stop at the edge
    // rather than wrap to the other side of the map or leave it.
    let hard = parse(
        "thing horde\nglyph h\ncount 3..6\ngroup 2..6 within 4\napart 2\nwhere anywhere\n\
         thing statue\nglyph S\ncount 10..40\nblocks yes\nwhere anywhere\n\
         thing far\nglyph F\ncount 2\ndistance 0.7..0.9\naway 3\napart 5\n",
        "edges",
    )
    .unwrap();
    let mut placed = 0;
    for seed in 1..=8 {
        let map = cave_to_edges(60, 40, seed, 0);
        placed += check(&map, std::slice::from_ref(&hard), 1, seed).len();
        for depth in [1, 9] {
            placed += check(&map, &[example()], depth, seed).len();
        }
        // A map that is all floor: every edge and corner tile walkable.
        let open = Grid::from_fn(23, 11, |_| true).unwrap();
        let map = PlaceMap::from_walkable(&open, Point::new(22, 10))
            .unwrap()
            .with_end(Point::new(0, 0))
            .unwrap();
        placed += check(&map, std::slice::from_ref(&hard), 1, seed).len();
    }
    assert!(placed > 500, "{placed}");
}

/// One long corridor winding down a `w`-wide map in `rows` rows four
/// tiles apart, with a dead-end spur below every fifteenth tile: a walk
/// far longer than eight times its dead ends.
fn snake(w: i32, rows: i32) -> PlaceMap {
    let h = rows * 4 - 1;
    let g = Grid::from_fn(w as u32, h as u32, |p| {
        // Between row r (y = 4r + 1) and the next, the joint at one end.
        let r = (p.y - 2).div_euclid(4);
        let joint = if r % 2 == 0 { w - 1 } else { 0 };
        p.y % 4 == 1 || (r >= 0 && r + 1 < rows && p.x == joint) || (p.y % 4 == 2 && p.x % 15 == 7)
    })
    .unwrap();
    PlaceMap::from_walkable(&g, Point::new(0, 1))
        .unwrap()
        .with_end(Point::new(if rows % 2 == 0 { 0 } else { w - 1 }, h - 2))
        .unwrap()
}

#[test]
fn few_tiles_of_a_kind_keep_their_distances() {
    // A kind with few tiles against a long walk (dead ends and door sides
    // of a large map) is sorted by distance another way than a kind with
    // many: shares of the walk must hold for both.
    let table = parse(
        "thing near\nglyph n\ncount 0..4\ndistance 0..0.3\nwhere dead_end door_side\n\
         thing mid\nglyph m\ncount 0..4\ndistance 0.4..0.6\nwhere dead_end door_side marker g\n\
         thing far\nglyph f\ncount 0..4\ndistance 0.7..1\nwhere dead_end door_side\n",
        "few",
    )
    .unwrap();
    let mut placed = 0;
    // A golden of where they go: the order of a kind's list decides which
    // tile a draw lands on.
    let mut h = mcrdun_test_util::Fnv1a::new();
    for seed in 1..=10 {
        for map in [rooms(16, 12, seed), cave(200, 120, seed), snake(61, 12)] {
            for t in check(&map, std::slice::from_ref(&table), 1, seed) {
                h.u32(t.entry).i32(t.at.x).i32(t.at.y);
                placed += 1;
            }
        }
    }
    assert_eq!((placed, h.finish()), (171, 8557007645123108415));
}

#[test]
fn same_seed_same_things() {
    let map = rooms(6, 5, 3);
    let table = [example()];
    let a = place_seeded(&map, &table, 6, 9).unwrap();
    assert_eq!(a, place_seeded(&map, &table, 6, 9).unwrap());
    assert_ne!(a, place_seeded(&map, &table, 6, 10).unwrap());
    // A golden of the placed things: entry, position, group, distance.
    let mut h = mcrdun_test_util::Fnv1a::new();
    for t in &a {
        h.u32(t.entry)
            .i32(t.at.x)
            .i32(t.at.y)
            .u32(t.group.unwrap_or(u32::MAX))
            .u32(t.distance);
    }
    assert_eq!((a.len(), h.finish()), (20, 10591796606493995068), "{a:#?}");
}

#[test]
fn depth_selects_entries() {
    let map = cave(200, 120, 4);
    let table = [example()];
    let shallow = place_seeded(&map, &table, 1, 1).unwrap();
    assert!(shallow.iter().any(|t| t.name == "rat"));
    assert!(
        !shallow
            .iter()
            .any(|t| ["troll", "boss", "orc", "goblins"].contains(&t.name.as_str()))
    );
    let deep = place_seeded(&map, &table, 9, 1).unwrap();
    assert!(deep.iter().any(|t| t.name == "boss") && deep.iter().any(|t| t.name == "troll"));
    assert!(!deep.iter().any(|t| t.name == "rat"));
    assert!(
        place_seeded(&map, &table, 1000, 1)
            .unwrap()
            .iter()
            .all(|t| t.name != "rat")
    );
}

#[test]
fn weights_deal_the_extras() {
    let map = cave(200, 120, 2);
    let table = parse(
        "thing a\nglyph a\nweight 5\ncount 0..100\nwhere anywhere\n\
         thing b\nglyph b\nweight 1\ncount 0..100\nwhere anywhere\n",
        "w",
    )
    .unwrap();
    let (mut a, mut b) = (0, 0);
    for seed in 1..=20 {
        let things = check(&map, std::slice::from_ref(&table), 1, seed);
        a += things.iter().filter(|t| t.name == "a").count();
        b += things.iter().filter(|t| t.name == "b").count();
    }
    // 5 to 1, diluted where the first reaches its most and the rest of the
    // pool goes to the second.
    assert!(a > 2 * b && b > 200, "{a} {b}");
}

fn one_line_map(n: i32) -> PlaceMap {
    let g = Grid::from_fn(n as u32, 1, |_| true).unwrap();
    PlaceMap::from_walkable(&g, Point::new(0, 0)).unwrap()
}

fn unplaced(map: &PlaceMap, text: &str) -> (Rule, String) {
    let table = parse(text, "t").unwrap();
    match place_seeded(map, &[table], 1, 1) {
        Err(PlaceError::Unplaced {
            rule,
            setting,
            entry,
            ..
        }) => {
            assert_eq!(entry, "x");
            (rule, setting)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_required_entry_that_cannot_be_placed_names_the_rule() {
    let line = one_line_map(20);
    let g = |s: &str| format!("thing x\nglyph x\n{s}\n");
    assert_eq!(
        unplaced(&line, &g("count 1\nwhere corridor")),
        (Rule::Where, "where corridor".into())
    );
    assert_eq!(
        unplaced(&line, &g("count 1\nwhere marker Q")),
        (Rule::Where, "where marker Q".into())
    );
    // Two tiles, both stairs: no tile of any kind holds a thing.
    let stairs = one_line_map(2).with_end(Point::new(1, 0)).unwrap();
    assert_eq!(
        unplaced(&stairs, &g("count 1\nwhere anywhere")),
        (Rule::Where, "where anywhere".into())
    );
    assert_eq!(
        unplaced(
            &line.clone().with_end(Point::new(19, 0)).unwrap(),
            &g("count 1\naway 10")
        ),
        (Rule::Away, "away 10".into())
    );
    assert_eq!(
        unplaced(&line, &g("count 1\naway 30")),
        (Rule::Away, "away 30".into())
    );
    assert_eq!(
        unplaced(&line, &g("count 25")),
        (Rule::Taken, "one thing a tile".into())
    );
    assert_eq!(
        unplaced(&line, &g("count 5\napart 6")),
        (Rule::Apart, "apart 6".into())
    );
    // Between the stairs, every tile of a corridor cuts it.
    let between = line.clone().with_end(Point::new(19, 0)).unwrap();
    assert_eq!(
        unplaced(&between, &g("count 1\nblocks yes")),
        (Rule::Blocks, "blocks yes".into())
    );
    assert_eq!(
        unplaced(&line, &g("count 4\ngroup 4..4 within 1")),
        (Rule::Group, "group 4..4 within 1".into())
    );
    // No tile between shares 0.5 and 0.52 of a walk of 19 steps.
    assert_eq!(
        unplaced(&line, &g("count 1\ndistance 0.5..0.52")),
        (Rule::Distance, "distance 0.5..0.52".into())
    );
    let e = place_seeded(
        &line,
        &[parse(&g("count 1\napart 6\ncount 0..1"), "t").unwrap_or_default()],
        1,
        1,
    );
    assert!(e.is_ok());
    let e = PlaceError::Unplaced {
        entry: "x".into(),
        placed: 1,
        wanted: 3,
        rule: Rule::Blocks,
        setting: "blocks yes".into(),
    };
    assert_eq!(
        e.to_string(),
        "thing `x`: 1 of the 3 required placed: every tile left breaks `blocks yes` (it would cut the level apart)"
    );
}

#[test]
fn tables_placed_together_must_not_clash() {
    let line = one_line_map(10);
    let a = parse("thing x\nglyph x\n", "a").unwrap();
    let b = parse("thing x\nglyph y\n", "b").unwrap();
    let c = parse("thing z\nglyph x\n", "c").unwrap();
    assert!(matches!(
        place_seeded(&line, &[a.clone(), b], 1, 1),
        Err(PlaceError::Clash { what: "name", .. })
    ));
    assert!(matches!(
        place_seeded(&line, &[a, c], 1, 1),
        Err(PlaceError::Clash { what: "glyph", .. })
    ));
}

#[test]
fn bad_maps_are_errors() {
    let g = Grid::from_fn(3, 1, |p| p.x != 1).unwrap();
    assert!(matches!(
        PlaceMap::from_walkable(&g, Point::new(1, 0)),
        Err(PlaceError::Map { .. })
    ));
    assert!(matches!(
        PlaceMap::from_walkable(&g, Point::new(5, 0)),
        Err(PlaceError::Map { .. })
    ));
    let m = PlaceMap::from_walkable(&g, Point::new(0, 0)).unwrap();
    assert!(m.clone().with_end(Point::new(1, 0)).is_err());
    assert!(m.clone().with_rooms(Grid::new(2, 1, 0).unwrap()).is_err());
    assert!(m.clone().with_markers([(Point::new(0, 0), '!')]).is_err());
    assert!(
        m.clone()
            .with_markers([(Point::new(0, 0), 'a'), (Point::new(0, 0), 'b')])
            .is_err()
    );
    assert!(m.clone().with_markers([(Point::new(1, 0), 'a')]).is_err());
    let m = m.with_markers([(Point::new(2, 0), 'a')]).unwrap();
    assert_eq!(
        (m.marker(Point::new(2, 0)), m.marker(Point::new(0, 0))),
        (Some('a'), None)
    );
    // The unreached tile at x = 2 is never used.
    let t = parse("thing x\nglyph x\ncount 1\nwhere marker a\n", "t").unwrap();
    assert!(matches!(
        place_seeded(&m, &[t], 1, 1),
        Err(PlaceError::Unplaced {
            rule: Rule::Where,
            ..
        })
    ));
}

#[test]
fn blocking_things_never_cut_and_keep_barriers_reachable() {
    // A room with a locked door east: boulders may fill the room but
    // never the tile before the door, nor cut the room in two.
    let rows = [
        "#########",
        "#.......#",
        "#.......B.",
        "#.......#",
        "#########",
    ];
    let spots = Grid::from_fn(10, 5, |p| {
        match rows[p.y as usize].as_bytes().get(p.x as usize) {
            Some(b'.') => Spot::Room,
            Some(b'B') => Spot::Barrier,
            _ => Spot::Wall,
        }
    })
    .unwrap();
    let map = PlaceMap::new(spots, Point::new(1, 1)).unwrap();
    let table = parse(
        "thing boulder\nglyph 0\ncount 0..30\nblocks yes\nwhere anywhere\n",
        "b",
    )
    .unwrap();
    let mut most = 0;
    for seed in 1..=50 {
        let things = check(&map, std::slice::from_ref(&table), 1, seed);
        assert!(things.iter().all(|t| t.at != Point::new(7, 2)), "{seed}");
        most = most.max(things.len());
    }
    assert!(most > 8, "{most}");
}

#[test]
fn places_are_reported_as_the_first_kind_that_holds() {
    let map = rooms(4, 3, 1);
    let table = parse(
        "thing a\nglyph a\ndensity 40\nwhere door_side room\n\
         thing b\nglyph b\ncount 0..50\nwhere anywhere\n",
        "p",
    )
    .unwrap();
    let things = check(&map, std::slice::from_ref(&table), 1, 1);
    assert!(
        things
            .iter()
            .any(|t| t.name == "a" && t.place == Place::DoorSide)
    );
    assert!(
        things
            .iter()
            .any(|t| t.name == "a" && t.place == Place::Room)
    );
    assert!(
        things
            .iter()
            .any(|t| t.name == "b" && t.place == Place::Corridor)
    );
    assert!(things.iter().filter(|t| t.room.is_some()).count() > 10);
}

/// Spot bytes round-trip; given distances must be one a tile and the
/// true walk (the start at 0, each tile one more than its nearest
/// neighbour, no unreached tile beside a reached one), and then place the
/// same things as the walk placement makes itself.
#[test]
fn spot_bytes_and_given_distances() {
    for s in mcrdun_things::Spot::ALL {
        assert_eq!(mcrdun_things::Spot::from_u8(s as u8), Some(s));
    }
    assert_eq!(mcrdun_things::Spot::from_u8(7), None);
    let open = Grid::from_fn(5, 1, |_| true).unwrap();
    let map = PlaceMap::from_walkable(&open, Point::new(0, 0)).unwrap();
    assert!(map.clone().with_distances(vec![0; 4]).is_err());
    assert!(map.clone().with_distances(vec![0; 6]).is_err());
    let t = [mcrdun_things::parse("thing r\nglyph r\ncount 2\n", "t").unwrap()];
    let given = map.clone().with_distances((0..5).collect()).unwrap();
    assert_eq!(
        place_seeded(&map, &t, 1, 3).unwrap(),
        place_seeded(&given, &t, 1, 3).unwrap()
    );
    for bad in [
        vec![0, 1, 2, 4, 4],
        vec![1, 1, 2, 3, 4],
        vec![0, 1, 2, 3, i32::MAX],
        vec![0, 0, 1, 2, 3],
    ] {
        let wrong = map.clone().with_distances(bad.clone()).unwrap();
        let e = place_seeded(&wrong, &t, 1, 3).unwrap_err();
        assert!(e.to_string().contains("not the walk"), "{bad:?}: {e}");
    }
}

/// A trusted walk (`with_trusted_walk`) places what the map's own walk
/// places, on the farthest given; its farthest must be below the walkable
/// tiles, and a tile things may take with a distance outside `0..=far`
/// (negative, unreached, beyond the farthest given) is refused, naming
/// the tile, never indexed.
#[test]
fn a_trusted_walk_is_read_not_checked() {
    // A map of rooms (one region): the example table as its own walk
    // places it.
    let map = rooms(4, 3, 5);
    let t = [example()];
    let walk = verify::walk(map.spots(), map.start());
    let walk: Vec<i32> = walk
        .as_slice()
        .iter()
        .map(|&d| d.min(i32::MAX as u32) as i32)
        .collect();
    let far = *walk.iter().filter(|&&d| d != i32::MAX).max().unwrap() as u32;
    let trusted = map.clone().with_trusted_walk(walk, far).unwrap();
    assert_eq!(
        place_seeded(&map, &t, 6, 2).unwrap(),
        place_seeded(&trusted, &t, 6, 2).unwrap()
    );
    let open = Grid::from_fn(5, 1, |_| true).unwrap();
    let line = PlaceMap::from_walkable(&open, Point::new(0, 0)).unwrap();
    let r = [mcrdun_things::parse("thing r\nglyph r\ncount 4\n", "t").unwrap()];
    let trusted = line.clone().with_trusted_walk((0..5).collect(), 4).unwrap();
    assert_eq!(
        place_seeded(&line, &r, 1, 3).unwrap(),
        place_seeded(&trusted, &r, 1, 3).unwrap()
    );
    // The shares count from the farthest given: with 8, the far half
    // (`distance 0.5..1`) is the tiles at 4 and beyond.
    let far = [mcrdun_things::parse("thing f\nglyph f\ncount 1\ndistance 0.5..1\n", "t").unwrap()];
    let ten = PlaceMap::from_walkable(&Grid::from_fn(10, 1, |_| true).unwrap(), Point::new(0, 0));
    let longer = ten
        .unwrap()
        .with_trusted_walk((0..10).collect(), 8)
        .unwrap();
    let got = place_seeded(&longer, &far, 1, 3).unwrap_err();
    assert!(got.to_string().contains("(9, 0)"), "{got}");
    let ok = PlaceMap::from_walkable(&Grid::from_fn(9, 1, |_| true).unwrap(), Point::new(0, 0));
    let ok = ok.unwrap().with_trusted_walk((0..9).collect(), 8).unwrap();
    for th in place_seeded(&ok, &far, 1, 3).unwrap() {
        assert!(th.distance >= 4, "{th:?}");
    }
    // No walk of 5 tiles is 5 steps long.
    let e = line
        .clone()
        .with_trusted_walk((0..5).collect(), 5)
        .unwrap_err();
    assert!(e.to_string().contains("not below"), "{e}");
    for (bad, tile) in [
        (vec![0, 1, -2, 3, 4], "(2, 0)"),
        (vec![0, 1, 2, i32::MAX, 4], "(3, 0)"),
        (vec![0, 1, 2, 3, 5], "(4, 0)"),
    ] {
        let wrong = line.clone().with_trusted_walk(bad.clone(), 4).unwrap();
        let e = place_seeded(&wrong, &r, 1, 3).unwrap_err();
        assert!(e.to_string().contains(tile), "{bad:?}: {e}");
        assert!(e.to_string().contains("trusted walk"), "{bad:?}: {e}");
    }
}

/// The map's accessors: which spots take things, the down stairs, rooms.
#[test]
fn map_accessors() {
    use mcrdun_things::Spot;
    let usable: Vec<bool> = Spot::ALL.iter().map(|s| s.is_usable()).collect();
    assert_eq!(usable, [false, true, true, true, false, false, false]);
    let open = Grid::from_fn(4, 1, |_| true).unwrap();
    let map = PlaceMap::from_walkable(&open, Point::new(0, 0)).unwrap();
    assert_eq!(map.end(), None);
    assert_eq!(map.room(Point::new(1, 0)), None);
    let rooms = Grid::from_fn(4, 1, |p| if p.x == 2 { 7 } else { mcrdun_things::NO_ROOM }).unwrap();
    let map = map
        .with_end(Point::new(3, 0))
        .unwrap()
        .with_rooms(rooms)
        .unwrap();
    assert_eq!(map.end(), Some(Point::new(3, 0)));
    assert_eq!(map.room(Point::new(2, 0)), Some(7));
    assert_eq!(map.room(Point::new(1, 0)), None);
}
