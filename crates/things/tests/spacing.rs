//! The local rules of placement on small hand-drawn maps, where the tiles
//! a rule allows are few enough to name: `apart` stamps, blocking things
//! beside corners and locked doors, candidates of two kinds, failed
//! groups, and the working memory placement states.

mod drawn;

use drawn::drawn;
use mcrdun_geom::memory::Budget;
use mcrdun_geom::{Grid, Point};
use mcrdun_things::{
    PLACE_BYTES_PER_TILE, PLACE_FIXED_BYTES, PlaceError, PlaceMap, Rule, Thing, parse, place_seeded,
};

fn placed(map: &PlaceMap, text: &str, seed: u64) -> Result<Vec<Thing>, PlaceError> {
    place_seeded(map, &[parse(text, "t").unwrap()], 1, seed)
}

/// The rule and count of an entry `x` short of its least count.
fn short(r: Result<Vec<Thing>, PlaceError>) -> (Rule, u64) {
    match r {
        Err(PlaceError::Unplaced {
            entry,
            rule,
            placed,
            ..
        }) if entry == "x" => (rule, placed),
        other => panic!("{other:?}"),
    }
}

#[test]
fn apart_n_allows_two_things_exactly_n_steps_apart() {
    let map = drawn(&["S1..1"]);
    let things = placed(
        &map,
        "thing x\nglyph x\ncount 2\napart 3\nwhere marker 1\n",
        1,
    )
    .unwrap();
    let mut at: Vec<i32> = things.iter().map(|t| t.at.x).collect();
    at.sort_unstable();
    assert_eq!(at, [1, 4]);
    let map = drawn(&["S1.1"]);
    assert_eq!(
        short(placed(
            &map,
            "thing x\nglyph x\ncount 2\napart 3\nwhere marker 1\n",
            1
        )),
        (Rule::Apart, 1)
    );
}

#[test]
fn a_stamp_goes_on_through_tiles_another_thing_stamped_from_farther() {
    // Markers A (0,0), B (5,0) and C (3,2) below the junction (3,0): A-B
    // and A-C are 5 steps, B-C 4. With `apart 5` any two but B and C
    // stand; when A and then B are placed, B's stamp must reach C through
    // the junction A stamped (3 steps from A, 2 from B), or C would
    // stand 4 steps from B. Every order of the draws, over the seeds.
    let map = drawn(&[
        "1....1S", //
        "###.###", //
        "###1###",
    ]);
    for seed in 1..=40 {
        assert_eq!(
            short(placed(
                &map,
                "thing x\nglyph x\ncount 3\napart 5\nwhere marker 1\n",
                seed
            )),
            (Rule::Apart, 2),
            "seed {seed}"
        );
    }
}

#[test]
fn an_entrys_apart_stamps_do_not_keep_a_later_entry_off_their_tiles() {
    // `far` stamps the whole line; `x` (placed after it) keeps its own
    // `apart` only, so its one tile, 2 steps from `far`, is free to it.
    let map = drawn(&["S1.2...."]);
    let things = placed(
        &map,
        "thing far\nglyph f\ncount 1\napart 10\nwhere marker 1\n\
         thing x\nglyph x\ncount 1\napart 2\nwhere marker 2\n",
        1,
    )
    .unwrap();
    let at: Vec<(&str, i32)> = things.iter().map(|t| (t.name.as_str(), t.at.x)).collect();
    assert_eq!(at, [("far", 1), ("x", 3)]);
}

#[test]
fn a_blocking_thing_never_leaves_two_sides_joined_only_through_a_locked_door() {
    // The corridor tile (2,2) joins the room's two halves; without it
    // they meet only through the barrier (3,2).
    let map = drawn(&[
        "#####", //
        "##S.#", //
        "##,B#", //
        "##..#", //
        "#####",
    ]);
    assert_eq!(
        short(placed(
            &map,
            "thing x\nglyph x\ncount 1\nblocks yes\nwhere corridor\n",
            1
        )),
        (Rule::Blocks, 0)
    );
}

#[test]
fn a_blocking_thing_may_stand_in_the_corner_of_a_room() {
    // (2,2)'s open neighbours, above and left, are joined round its
    // upper-left corner (counter-clockwise from the first of them).
    let map = drawn(&[
        "####", //
        "#S.#", //
        "#.,#", //
        "####",
    ]);
    let things = placed(
        &map,
        "thing x\nglyph x\ncount 1\nblocks yes\nwhere corridor\n",
        1,
    )
    .unwrap();
    assert_eq!(things[0].at, Point::new(2, 2));
}

#[test]
fn a_tile_of_two_wanted_kinds_is_drawn_as_often_as_another() {
    // (3,0) is room and dead end, (1,0) and (2,0) room only: each a third
    // of the draws, not (3,0) a half for being listed twice.
    let map = drawn(&["S..."]);
    let text = "thing x\nglyph x\ncount 1\nwhere room dead_end\n";
    let seeds = 600;
    let mut hits = [0u32; 4];
    for seed in 1..=seeds {
        hits[placed(&map, text, seed).unwrap()[0].at.x as usize] += 1;
    }
    assert_eq!(hits[0], 0);
    for (x, &n) in hits.iter().enumerate().skip(1) {
        assert!((150..=250).contains(&n), "{x}: {hits:?}");
    }
}

/// A map of `w` x `h` room floor, the up stairs in a corner.
fn open(w: u32, h: u32) -> PlaceMap {
    PlaceMap::from_walkable(&Grid::from_fn(w, h, |_| true).unwrap(), Point::new(0, 0)).unwrap()
}

/// Placement within a memory ceiling of exactly what it states for the
/// map (the fixed part and the bytes a tile).
fn within_stated(map: &PlaceMap, text: &str) -> Result<Vec<Thing>, PlaceError> {
    let tiles = u64::from(map.spots().width() * map.spots().height());
    let _budget = Budget::start_with(PLACE_FIXED_BYTES + PLACE_BYTES_PER_TILE * tiles);
    placed(map, text, 3)
}

#[test]
fn placement_asks_for_no_more_memory_than_it_states() {
    // Many draws of one run: the draws' bookkeeping grows with them.
    let things = within_stated(&open(60, 50), "thing x\nglyph x\ncount 300\n").unwrap();
    assert_eq!(things.len(), 300);
    // A wide `apart`: each stamp enters a tile once, however many
    // shortest walks lead to it.
    let things = within_stated(&open(40, 40), "thing x\nglyph x\ncount 2\napart 20\n").unwrap();
    assert_eq!(things.len(), 2);
    // Groups that never fit (20 members 5 apart within 5 steps), tried
    // from every tile: each failed group's stamps are taken back.
    let e = within_stated(
        &open(30, 30),
        "thing x\nglyph x\ncount 1\ngroup 20..20 within 5\napart 5\n",
    );
    assert_eq!(short(e), (Rule::Group, 0));
}

#[test]
fn failed_groups_take_back_their_own_stamps_only() {
    // A room with 1-wide teeth below it: a group of `g` led from a tooth
    // never fits and is taken back, one led from the room does. Taking a
    // group back must leave the stamps of the groups placed before it
    // listed, so that the next entry with `apart` starts from none; `b`
    // goes wherever the tiles allow it, so a stamp left behind would move
    // it. A golden of where both go.
    let map = PlaceMap::from_walkable(
        &Grid::from_fn(31, 9, |p| {
            (1..=29).contains(&p.x)
                && ((1..=3).contains(&p.y) || (p.y >= 4 && p.y <= 7 && p.x % 2 == 0))
        })
        .unwrap(),
        Point::new(1, 1),
    )
    .unwrap();
    let table = parse(
        "thing g\nglyph g\ncount 3\ngroup 3..3 within 3\napart 3\nwhere anywhere\n\
         thing b\nglyph b\ncount 0..60\napart 2\nwhere anywhere\n",
        "t",
    )
    .unwrap();
    let mut h = mcrdun_test_util::Fnv1a::new();
    let mut n = 0;
    for seed in 1..=20 {
        for t in place_seeded(&map, std::slice::from_ref(&table), 1, seed).unwrap() {
            h.u32(t.entry).i32(t.at.x).i32(t.at.y);
            n += 1;
        }
    }
    assert_eq!((n, h.finish()), (854, 12534425320128794927));
}
