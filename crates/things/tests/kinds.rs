//! The kind of place of every tile of small hand-drawn maps (goldens
//! worked out by hand), the given distances placement accepts and refuses
//! (one wrong tile at a time, at a row's end and inside it), and maps with
//! floor on some of their edges.

mod drawn;

use drawn::drawn;
use mcrdun_geom::Point;
use mcrdun_things::{PlaceError, PlaceMap, Spot, UNREACHED, parse, place_seeded};
use std::collections::VecDeque;

/// The tiles of kind `kind` (`room`, `dead_end`, ...): every one takes a
/// thing of an entry `where kind` whose count is all of them, and not one
/// more fits.
fn tiles_of(map: &PlaceMap, kind: &str) -> Vec<Point> {
    let entry = |n: usize| parse(&format!("thing k\nglyph k\ncount {n}\nwhere {kind}\n"), "k");
    let all = map.walkable() as usize + 1;
    let n = match place_seeded(map, &[entry(all).unwrap()], 1, 1) {
        Err(PlaceError::Unplaced { placed, .. }) => placed as usize,
        other => panic!("{kind}: {other:?}"),
    };
    if n == 0 {
        return Vec::new();
    }
    let mut at: Vec<Point> = place_seeded(map, &[entry(n).unwrap()], 1, 1)
        .unwrap()
        .iter()
        .map(|t| t.at)
        .collect();
    at.sort_by_key(|p| (p.y, p.x));
    at
}

/// The kinds of place of every tile as a picture: `r` room, `R` room dead
/// end, `d` room beside a door, `D` both, `c`/`C` corridor (dead end),
/// `v`/`V` vault (dead end), `_` walkable but no place (a door, the
/// stairs, an unreached tile), `#` wall, `?` any other set of kinds.
fn picture(map: &PlaceMap) -> Vec<String> {
    let spots = map.spots();
    let (w, h) = (spots.width() as usize, spots.height() as usize);
    let mut kinds = vec![0u8; w * h];
    for (bit, kind) in ["room", "corridor", "vault", "dead_end", "door_side"]
        .iter()
        .enumerate()
    {
        for p in tiles_of(map, kind) {
            kinds[p.y as usize * w + p.x as usize] |= 1 << bit;
        }
    }
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let p = Point::new(x as i32, y as i32);
                    match kinds[y * w + x] {
                        0 if spots.get(p) == Some(&Spot::Wall) => '#',
                        0 => '_',
                        0b00001 => 'r',
                        0b01001 => 'R',
                        0b10001 => 'd',
                        0b11001 => 'D',
                        0b00010 => 'c',
                        0b01010 => 'C',
                        0b00100 => 'v',
                        0b01100 => 'V',
                        _ => '?',
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn kinds_of_tiles_on_the_rows_ends_and_between_two_doors() {
    // Floor on every edge: the first and last tile of each row see a wall
    // off the map. (0,0) and (4,0) are beside a door (the last one's door
    // is its left neighbour, x = w - 2, not the row's middle), (2,0) is
    // between two doors, (4,1) and (0,2) are a corridor and a vault at
    // the rows' ends, (4,4) is a dead end whose left tile is a wall while
    // the row's middle is floor.
    let map = drawn(&[
        ".+.+.", //
        ".#.#,", //
        "v.S..", //
        ",#.#.", //
        ",..#.",
    ]);
    assert_eq!(
        picture(&map),
        [
            "d_d_d", //
            "r#r#c", //
            "vr_rr", //
            "c#r#r", //
            "crr#R",
        ]
    );
}

#[test]
fn kinds_of_tiles_in_a_one_wide_and_a_two_wide_map() {
    // One column: every tile is its row's first and last.
    let column = drawn(&["S", ".", "+", ".", ",", "v", "."]);
    assert_eq!(picture(&column), ["_", "d", "_", "d", "c", "v", "R"]);
    let two = drawn(&["S.", ".#", "+,", "..", "v#"]);
    assert_eq!(picture(&two), ["_R", "d#", "_c", "dr", "V#"]);
}

#[test]
fn kinds_of_tiles_inside_rooms_corridors_and_vaults() {
    let map = drawn(&[
        "#########",
        "#S..+,,,#",
        "#...#.#,#",
        "#.+.#v#,#",
        "#.#.#vv.#",
        "#########",
    ]);
    assert_eq!(
        picture(&map),
        [
            "#########",
            "#_rd_ccc#",
            "#rdr#r#c#",
            "#d_d#v#c#",
            "#R#R#vvr#",
            "#########",
        ]
    );
}

#[test]
fn floor_the_up_stairs_cannot_reach_has_no_kind_even_across_the_map_edge() {
    // (5,1) on the right edge and (0,2) on the left edge follow each other
    // in raster order but are not neighbours: the tiles below (0,2) are
    // unreached, whatever wraps around the rows.
    let map = drawn(&[
        "######", //
        "#S...,", //
        ",#####", //
        ".....#", //
        "######",
    ]);
    assert_eq!(
        picture(&map),
        [
            "######", //
            "#_rrrC", //
            "_#####", //
            "_____#", //
            "######",
        ]
    );
}

#[test]
fn floor_on_the_top_or_bottom_edge_only_is_walked_within_the_map() {
    // The side columns are walls but a top or bottom row is not: a tile of
    // that row has no neighbour above (below) it.
    let top = drawn(&["#...#", "#.#S#", "#...#", "#####"]);
    assert_eq!(picture(&top), ["#rrr#", "#r#_#", "#rrr#", "#####"]);
    let bottom = drawn(&["#####", "#.#S#", "#...#", "#.,.#"]);
    assert_eq!(picture(&bottom), ["#####", "#R#_#", "#rrr#", "#rcr#"]);
}

/// The walking distances from `start` by an independent breadth-first
/// search (walls `UNREACHED`).
fn walk(map: &PlaceMap) -> Vec<i32> {
    let s = map.spots();
    let (w, h) = (s.width() as i32, s.height() as i32);
    let mut d = vec![UNREACHED; (w * h) as usize];
    let at = |p: Point| (p.y * w + p.x) as usize;
    d[at(map.start())] = 0;
    let mut q = VecDeque::from([map.start()]);
    while let Some(p) = q.pop_front() {
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let n = Point::new(p.x + dx, p.y + dy);
            if n.x >= 0
                && n.y >= 0
                && n.x < w
                && n.y < h
                && s.get(n) != Some(&Spot::Wall)
                && d[at(n)] == UNREACHED
            {
                d[at(n)] = d[at(p)] + 1;
                q.push_back(n);
            }
        }
    }
    d
}

fn rats() -> mcrdun_things::Table {
    parse("thing r\nglyph r\ncount 0..2\nwhere anywhere\n", "r").unwrap()
}

/// Placement's verdict on `distances` given for `map`: `Ok` or the
/// error's text.
fn given(map: &PlaceMap, distances: Vec<i32>) -> Result<(), String> {
    let map = map.clone().with_distances(distances).unwrap();
    place_seeded(&map, &[rats()], 1, 1)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn not_the_walk_at(x: i32, y: i32) -> Result<(), String> {
    Err(format!(
        "cannot place things on this map: the distances given are not the walk from the up stairs at ({x}, {y})"
    ))
}

#[test]
fn the_true_walk_given_is_accepted_whichever_side_a_tile_is_reached_from() {
    // In the row of the up stairs (which is checked tile by tile): (0,1)
    // is one more than its upper neighbour only, (6,1) than its lower one
    // only, (2,1) than its right one only and (4,1) than its left one.
    let map = drawn(&[
        ".....##", //
        ".#.S.#.", //
        "##.....",
    ]);
    let d = walk(&map);
    assert_eq!(&d[7..14], &[5, UNREACHED, 1, 0, 1, UNREACHED, 5]);
    assert_eq!(given(&map, d.clone()), Ok(()));
    let table = [rats()];
    assert_eq!(
        place_seeded(&map, &table, 1, 4).unwrap(),
        place_seeded(&map.clone().with_distances(d).unwrap(), &table, 1, 4).unwrap()
    );
}

#[test]
fn a_wrong_distance_at_the_end_of_a_row_is_refused() {
    // One column: each tile is alone in its row, checked as a row's end;
    // the up stairs' row is checked anyway, so the wrong tile is below.
    let column = drawn(&["S", "."]);
    assert_eq!(given(&column, vec![0, 1]), Ok(()));
    assert_eq!(given(&column, vec![0, 5]), not_the_walk_at(0, 1));
    assert_eq!(given(&column, vec![0, 2]), not_the_walk_at(0, 1));
    assert_eq!(given(&column, vec![0, UNREACHED]), not_the_walk_at(0, 1));
    // The last tile of a row of five: its left neighbour is x = 3 (at 4),
    // not the row's middle (at 3, which would make 4 look right).
    let rows = drawn(&["S....", "....."]);
    let mut d = walk(&rows);
    assert_eq!(given(&rows, d.clone()), Ok(()));
    assert_eq!(d[9], 5);
    d[9] = 4;
    assert_eq!(given(&rows, d), not_the_walk_at(4, 1));
}

#[test]
fn a_wrong_distance_inside_a_row_is_refused() {
    // (1,1) is the only walkable tile of its row and inside it (its row's
    // ends are walls).
    let map = drawn(&["..S", "#.#"]);
    let u = UNREACHED;
    assert_eq!(given(&map, vec![2, 1, 0, u, 2, u]), Ok(()));
    for wrong in [5, 1, 3, u] {
        assert_eq!(
            given(&map, vec![2, 1, 0, u, wrong, u]),
            not_the_walk_at(1, 1),
            "{wrong}"
        );
    }
}

#[test]
fn the_first_wrong_tile_is_named() {
    // (0,2) at 0 is wrong (only the up stairs are at 0) even with a
    // neighbour at -1 below it, and comes before (0,3) in raster order.
    let column = drawn(&["S", ".", ".", "."]);
    assert_eq!(given(&column, vec![0, 1, 0, -1]), not_the_walk_at(0, 2));
}

#[test]
fn a_trusted_walk_is_not_checked_but_a_negative_distance_is_refused() {
    let line = drawn(&["S..."]);
    // Not the walk, but trusted: placed by the distances given.
    let trusted = line.clone().with_trusted_walk(vec![0, 0, 0, 0], 0).unwrap();
    let things = place_seeded(&trusted, &[rats()], 1, 1).unwrap();
    assert!(things.iter().all(|t| t.distance == 0));
    let trusted = |map: &PlaceMap, d: Vec<i32>| {
        let map = map.clone().with_trusted_walk(d, 1).unwrap();
        place_seeded(&map, &[rats()], 1, 1).map_err(|e| e.to_string())
    };
    let at = |x: i32, y: i32| {
        Err(format!(
            "cannot place things on this map: the trusted walk gives ({x}, {y}), a tile things \
             may take, the distance -1, outside 0 to the farthest given"
        ))
    };
    // Inside the row, named as the first negative tile (after tiles at 0
    // and above 0).
    assert_eq!(trusted(&line, vec![0, 1, -1, 1]), at(2, 0));
    // At the row's end, alone in its row.
    assert_eq!(trusted(&drawn(&["S", ".", "."]), vec![0, 1, -1]), at(0, 2));
}
