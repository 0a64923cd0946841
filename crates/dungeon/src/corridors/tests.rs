//! The canvas's rules, checked on the tiles it digs.

use super::*;
use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;

/// Every rule of the module doc that the tiles can show, as a list of
/// broken ones.
fn broken_rules(c: &Canvas) -> Vec<String> {
    let t = c.tiles();
    let (w, h) = (t.width() as i32, t.height() as i32);
    let at = |x: i32, y: i32| t.get(Point::new(x, y)).copied().unwrap_or(Tile::Wall);
    let mut broken = Vec::new();
    for d in c.doors() {
        if !door_in_wall(t, d.at) {
            broken.push(format!("door {:?} not in a wall", d.at));
        }
        for e in c.doors() {
            let (dx, dy) = (d.at.x - e.at.x, d.at.y - e.at.y);
            if (dx, dy) != (0, 0) && dx.abs() <= 1 && dy.abs() <= 1 {
                broken.push(format!("doors {:?} and {:?} touch", d.at, e.at));
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            if at(x, y) == Tile::Corridor {
                let near_floor =
                    (-1..=1).any(|dy| (-1..=1).any(|dx| at(x + dx, y + dy) == Tile::Floor));
                if near_floor || x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    broken.push(format!("corridor ({x}, {y}) beside floor or on the border"));
                }
            }
            let square = [at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1)];
            if x + 1 < w
                && y + 1 < h
                && square.iter().all(|t| t.is_walkable())
                && square.iter().any(|&t| t != Tile::Floor)
            {
                broken.push(format!("2x2 walkable square at ({x}, {y}) outside rooms"));
            }
        }
    }
    broken
}

/// A grid of `n` x `m` rooms of random size, four tiles apart at least.
fn rooms_grid(n: i32, m: i32, seed: u64) -> Canvas {
    let mut rng = seeded_rng(seed);
    let mut c = Canvas::new((n * 12 + 2) as u32, (m * 10 + 2) as u32).unwrap();
    for j in 0..m {
        for i in 0..n {
            let rw = mcrdun_geom::random::range_i32(&mut rng, 3, 8).unwrap();
            let rh = mcrdun_geom::random::range_i32(&mut rng, 3, 6).unwrap();
            c.add_rect(Rect::new(1 + i * 12 + 2, 1 + j * 10 + 2, rw, rh).unwrap())
                .unwrap();
        }
    }
    c
}

#[test]
fn links_keep_every_rule() {
    for seed in 1..=6 {
        let mut c = rooms_grid(5, 4, seed);
        let mut rng = seeded_rng(seed);
        let map = Rect::new(0, 0, 62, 42).unwrap();
        // Every pair of neighbours, across and down, twice: corridors merge
        // and cross without breaking a rule.
        for reuse in [true, false] {
            for r in 0..20u32 {
                if r % 5 != 4 {
                    c.link(r, r + 1, map, reuse, &mut rng).unwrap();
                }
                if r < 15 {
                    c.link(r, r + 5, map, reuse, &mut rng).unwrap();
                }
            }
        }
        assert!(c.doors().len() > 40, "{}", c.doors().len());
        assert_eq!(broken_rules(&c), Vec::<String>::new(), "seed {seed}");
        assert_eq!(c.linked.set_count(), 1);
    }
}

#[test]
fn a_link_is_a_door_in_each_room_and_a_corridor_between() {
    let mut c = Canvas::new(30, 12).unwrap();
    c.add_rect(Rect::new(2, 3, 5, 5).unwrap()).unwrap();
    c.add_rect(Rect::new(20, 3, 5, 5).unwrap()).unwrap();
    let map = Rect::new(0, 0, 30, 12).unwrap();
    assert!(c.link(0, 1, map, true, &mut seeded_rng(1)).unwrap());
    assert_eq!(c.doors().len(), 2);
    let d = c.doors();
    assert_eq!((d[0].rooms, d[1].rooms), ((0, 1), (0, 1)));
    // The shortest way: a straight corridor from wall to wall.
    let corridors = c.count_corridors();
    assert_eq!(corridors, 11, "x = 8 to 18");
    assert_eq!(broken_rules(&c), Vec::<String>::new());
    // Linked again: the doors are still door sites, so nothing new need
    // be dug, with or without `reuse`.
    assert!(c.link(0, 1, map, true, &mut seeded_rng(2)).unwrap());
    assert_eq!((c.doors().len(), c.count_corridors()), (2, 11));
    assert!(c.link(0, 1, map, false, &mut seeded_rng(2)).unwrap());
    assert_eq!((c.doors().len(), c.count_corridors()), (2, 11));
    assert_eq!(broken_rules(&c), Vec::<String>::new());
    assert!(matches!(
        c.link(0, 2, map, true, &mut seeded_rng(1)),
        Err(LevelError::Unsatisfiable(_))
    ));
    assert!(c.link(1, 1, map, true, &mut seeded_rng(1)).is_err());
}

#[test]
fn no_link_where_a_corridor_would_run_beside_floor() {
    // Rooms with two walls between them, nothing else: a corridor there
    // would touch both rooms' floor; and the map's edge leaves no way round.
    let mut c = Canvas::new(20, 9).unwrap();
    c.add_rect(Rect::new(2, 2, 5, 5).unwrap()).unwrap();
    c.add_rect(Rect::new(9, 2, 5, 5).unwrap()).unwrap();
    let between = Rect::new(6, 0, 5, 9).unwrap();
    assert!(!c.link(0, 1, between, true, &mut seeded_rng(1)).unwrap());
    assert_eq!(c.count_corridors(), 0);
    // Round the rooms, through the lanes at the map's edge, it can.
    let map = Rect::new(0, 0, 20, 9).unwrap();
    assert!(!c.link(0, 1, map, true, &mut seeded_rng(1)).unwrap());
    let mut wide = Canvas::new(20, 12).unwrap();
    wide.add_rect(Rect::new(2, 4, 5, 5).unwrap()).unwrap();
    wide.add_rect(Rect::new(9, 4, 5, 5).unwrap()).unwrap();
    let map = Rect::new(0, 0, 20, 12).unwrap();
    assert!(wide.link(0, 1, map, true, &mut seeded_rng(1)).unwrap());
    assert_eq!(broken_rules(&wide), Vec::<String>::new());
}

#[test]
fn connect_all_joins_rooms_no_link_joined() {
    let mut c = rooms_grid(4, 3, 9);
    let mut rng = seeded_rng(9);
    assert!(!c.is_connected());
    let (groups, dug) = c.connect_all(&mut rng);
    assert_eq!(groups, 12);
    assert!(dug > 0 && c.is_connected());
    assert_eq!(c.linked.set_count(), 1);
    assert_eq!(broken_rules(&c), Vec::<String>::new());
    // Joined already: nothing more to do.
    assert_eq!(c.connect_all(&mut rng), (1, 0));
    // One room is one group.
    let mut one = Canvas::new(10, 10).unwrap();
    one.add_rect(Rect::new(2, 2, 3, 3).unwrap()).unwrap();
    assert_eq!(one.connect_all(&mut rng), (1, 0));
    assert!(one.is_connected());
}

#[test]
fn windows_bound_the_search() {
    let mut c = Canvas::new(40, 10).unwrap();
    c.add_rect(Rect::new(2, 2, 4, 4).unwrap()).unwrap();
    c.add_rect(Rect::new(30, 2, 4, 4).unwrap()).unwrap();
    // A window around the first room only: no target inside.
    let near = Rect::new(0, 0, 10, 10).unwrap();
    assert!(!c.link(0, 1, near, true, &mut seeded_rng(1)).unwrap());
    let all = c.link_all(
        &[crate::links::Edge {
            a: 0,
            b: 1,
            weight: 0,
        }],
        &crate::links::Links {
            tree: vec![0],
            loops: vec![],
        },
        |_| near,
        &mut seeded_rng(1),
    );
    // Grown by 16 tiles, the window still misses the far room.
    assert_eq!(all.unwrap(), 1);
    assert_eq!(c.count_corridors(), 0);
    assert_eq!(grow(&near, 16), Rect::new(-16, -16, 42, 42).unwrap());
    assert_eq!(
        bounding(&near, &Rect::new(30, 2, 4, 4).unwrap()),
        Rect::new(0, 0, 34, 10).unwrap()
    );
}

#[test]
fn the_divider_gives_every_column_and_row() {
    for d in [1usize, 2, 3, 7, 80, 1000, 1024, 65_537, (1 << 31) - 1] {
        let by = super::Divider::new(d);
        for x in [
            0usize,
            1,
            d - 1,
            d,
            d + 1,
            12_345_678,
            (1 << 31) - 1,
            u32::MAX as usize,
        ] {
            assert_eq!(by.xy(x), (x % d, x / d), "{x} by {d}");
        }
    }
}
