//! Property tests: separation, neighbours and connections against brute force.

use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Rect, are_neighbours};
use mcrdun_scatter::{
    Connections, Link, SeparateOptions, SizeRange, SpawnArea, door_span, neighbours, scatter,
    separate, spanning_tree,
};
use proptest::prelude::*;

fn arb_rooms(max: usize, spread: i32) -> impl Strategy<Value = Vec<Rect>> {
    prop::collection::vec(
        (-spread..spread, -spread..spread, 1..14i32, 1..14i32),
        0..max,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(|(x, y, w, h)| Rect::new(x, y, w, h).unwrap())
            .collect()
    })
}

/// All pairs, the slow way.
fn brute_neighbours(rooms: &[Rect], gap: u32, door: u32) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..rooms.len() {
        for j in i + 1..rooms.len() {
            if are_neighbours(&rooms[i], &rooms[j], gap, door) {
                out.push((i, j));
            }
        }
    }
    out
}

/// Union-find root with path halving.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// A recursive colouring, as the reference for the flood order:
/// colour a room, then for each neighbour in ascending order that is not
/// coloured yet, link it and recurse.
fn seed_flood(adj: &[Vec<usize>], room: usize, seen: &mut [bool], tree: &mut Vec<(usize, usize)>) {
    seen[room] = true;
    for &next in &adj[room] {
        if !seen[next] {
            tree.push((room, next));
            seed_flood(adj, next, seen, tree);
        }
    }
}

fn check_connections(rooms: &[Rect], links: &[Link], c: &Connections, gap: u32, door: u32) {
    let n = rooms.len();
    let reached: Vec<usize> = (0..n).filter(|&r| c.is_reached(r)).collect();
    assert_eq!(reached.len() + c.unreachable().len(), n);
    assert!(c.is_reached(c.start()));
    assert_eq!(c.tree().len(), reached.len() - 1);
    // No cycle: every tree link joins two different components.
    let mut parent: Vec<usize> = (0..n).collect();
    for l in c.tree() {
        let (ra, rb) = (root(&mut parent, l.a), root(&mut parent, l.b));
        assert_ne!(ra, rb, "cycle through {l:?}");
        parent[ra] = rb;
    }
    // So the reached rooms form one tree.
    let top = root(&mut parent, c.start());
    for &r in &reached {
        assert_eq!(root(&mut parent, r), top);
    }
    // Every link is a neighbour pair with the right span.
    for l in c.links().chain(c.loop_candidates()) {
        assert_eq!(
            door_span(&rooms[l.a], &rooms[l.b], gap, door),
            Some(l.door),
            "{l:?}"
        );
        assert!(c.is_reached(l.a) && c.is_reached(l.b));
    }
    // Tree + loops + candidates are exactly the pairs among reached rooms.
    let mut all: Vec<(usize, usize)> = c
        .links()
        .chain(c.loop_candidates())
        .map(|l| (l.a.min(l.b), l.a.max(l.b)))
        .collect();
    all.sort_unstable();
    let want: Vec<(usize, usize)> = links
        .iter()
        .filter(|l| c.is_reached(l.a))
        .map(|l| (l.a, l.b))
        .collect();
    assert_eq!(all, want);
    // An unreachable room has no neighbour among the reached ones.
    for l in links {
        assert_eq!(c.is_reached(l.a), c.is_reached(l.b));
    }
}

/// Any valid rectangle, anywhere in the i32 plane.
fn arb_wild_rect() -> impl Strategy<Value = Rect> {
    (any::<i32>(), any::<i32>(), 1..=i32::MAX, 1..=i32::MAX)
        .prop_filter_map("edges must fit", |(x, y, w, h)| Rect::new(x, y, w, h).ok())
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(64))]

    #[test]
    fn wild_input_is_an_answer_or_an_error(
        rooms in prop::collection::vec(arb_wild_rect(), 0..8),
        padding in 0u32..3,
        max_steps in 0u32..20,
        spread in any::<bool>(),
        gap in any::<u32>(),
        door in any::<u32>(),
    ) {
        let mut out = rooms.clone();
        match separate(&mut out, SeparateOptions { padding, max_steps, spread }) {
            Ok(_) => {
                let pad = i64::from(padding);
                for (i, a) in out.iter().enumerate() {
                    for b in &out[i + 1..] {
                        prop_assert!(a.x_gap(b) >= pad || a.y_gap(b) >= pad);
                    }
                }
            }
            Err(e) => {
                prop_assert_eq!(e, mcrdun_scatter::ScatterError::OutOfRange);
                prop_assert_eq!(&out, &rooms);
            }
        }
        let got: Vec<(usize, usize)> =
            neighbours(&rooms, gap, door).unwrap().iter().map(|l| (l.a, l.b)).collect();
        prop_assert_eq!(got, brute_neighbours(&rooms, gap, door));
    }

    #[test]
    fn separated_rooms_never_overlap(
        rooms in arb_rooms(60, 12),
        padding in 0u32..4,
        max_steps in prop::sample::select(vec![0u32, 2, 40, 1000]),
        spread in any::<bool>(),
    ) {
        let mut out = rooms.clone();
        let report = separate(&mut out, SeparateOptions { padding, max_steps, spread }).unwrap();
        prop_assert!(report.steps <= max_steps);
        prop_assert!(report.finished <= rooms.len());
        prop_assert_eq!(out.len(), rooms.len());
        let pad = i64::from(padding);
        for (i, a) in out.iter().enumerate() {
            prop_assert_eq!((a.w(), a.h()), (rooms[i].w(), rooms[i].h()));
            for b in &out[i + 1..] {
                prop_assert!(a.x_gap(b) >= pad || a.y_gap(b) >= pad, "{} {}", a, b);
            }
        }
        // Deterministic: the same input gives the same output.
        let mut again = rooms.clone();
        prop_assert_eq!(separate(&mut again, SeparateOptions { padding, max_steps, spread }).unwrap(), report);
        prop_assert_eq!(again, out);
    }

    #[test]
    fn neighbours_match_brute_force(
        rooms in arb_rooms(80, 30),
        gap in 0u32..5,
        door in 0u32..5,
    ) {
        let links = neighbours(&rooms, gap, door).unwrap();
        let got: Vec<(usize, usize)> = links.iter().map(|l| (l.a, l.b)).collect();
        prop_assert_eq!(got, brute_neighbours(&rooms, gap, door));
        for l in &links {
            prop_assert_eq!(door_span(&rooms[l.a], &rooms[l.b], gap, door), Some(l.door));
            prop_assert!(l.door.len() > door);
            prop_assert!(l.door.gap < gap);
        }
    }

    #[test]
    fn connections_are_a_spanning_tree_plus_loops(
        seed in any::<u64>(),
        count in 1usize..70,
        start_pick in any::<usize>(),
        fraction in 0.0f64..=1.0,
        gap in 1u32..4,
        door in 0u32..3,
    ) {
        let mut rng = seeded_rng(seed);
        let area = SpawnArea::Disc { center: Point::new(0, 0), radius: 12 };
        let sizes = SizeRange::new(2, 9).unwrap();
        let mut rooms = scatter(&mut rng, count, area, sizes, sizes).unwrap();
        separate(&mut rooms, SeparateOptions::default()).unwrap();
        let links = neighbours(&rooms, gap, door).unwrap();
        let start = start_pick % count;
        let c = spanning_tree(count, &links, start).unwrap();
        check_connections(&rooms, &links, &c, gap, door);
        let mut adj = vec![Vec::new(); count];
        for l in &links {
            adj[l.a].push(l.b);
            adj[l.b].push(l.a);
        }
        adj.iter_mut().for_each(|v| v.sort_unstable());
        let mut reference = Vec::new();
        seed_flood(&adj, start, &mut vec![false; count], &mut reference);
        let tree: Vec<(usize, usize)> = c.tree().iter().map(|l| (l.a, l.b)).collect();
        prop_assert_eq!(tree, reference);
        let before = c.loop_candidates().to_vec();
        let c = c.with_loops(fraction, &mut rng).unwrap();
        check_connections(&rooms, &links, &c, gap, door);
        let want = (fraction * before.len() as f64).round() as usize;
        prop_assert_eq!(c.loops().len(), want);
        for l in c.loops() {
            prop_assert!(before.contains(l));
        }
        let gone = c.unreachable().to_vec();
        let kept = count - gone.len();
        let c = c.remove_unreachable(&mut rooms).unwrap();
        prop_assert_eq!(rooms.len(), kept);
        let links = neighbours(&rooms, gap, door).unwrap();
        check_connections(&rooms, &links, &c, gap, door);
    }

    #[test]
    fn scatter_respects_sizes_and_seed(
        seed in any::<u64>(),
        count in 0usize..50,
        (wmin, wmax) in (1u32..10).prop_flat_map(|a| (Just(a), a..12)),
        (hmin, hmax) in (1u32..10).prop_flat_map(|a| (Just(a), a..12)),
        rect in any::<bool>(),
    ) {
        let area = if rect {
            SpawnArea::Rect(Rect::new(-3, 4, 9, 2).unwrap())
        } else {
            SpawnArea::Disc { center: Point::new(5, 5), radius: 6 }
        };
        let (ws, hs) = (SizeRange::new(wmin, wmax).unwrap(), SizeRange::new(hmin, hmax).unwrap());
        let a = scatter(&mut seeded_rng(seed), count, area, ws, hs).unwrap();
        let b = scatter(&mut seeded_rng(seed), count, area, ws, hs).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.len(), count);
        for r in &a {
            prop_assert!((wmin as i32..=wmax as i32).contains(&r.w()));
            prop_assert!((hmin as i32..=hmax as i32).contains(&r.h()));
        }
    }
}
