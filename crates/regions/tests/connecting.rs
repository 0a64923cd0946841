//! `connect`: afterwards one region, no floor lost, corridors are walkable.

mod common;

use common::{Shape, flood, make};
use mcrdun_geom::random::{below, seeded_rng};
use mcrdun_geom::{Grid, Point};
use mcrdun_regions::{
    ConnectOptions, Connectivity, Corridor, LabelOptions, RegionsError, connect, connect_slice,
};
use mcrdun_test_util::fnv1a_u32s;
use proptest::prelude::*;

fn touches(a: Point, b: Point, c: Connectivity) -> bool {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    match c {
        Connectivity::Four => dx + dy == 1,
        Connectivity::Eight => dx.max(dy) == 1,
    }
}

/// Checks everything `connect` promises about a successful run.
fn check(
    before: &[u8],
    after: &[u8],
    w: usize,
    h: usize,
    o: ConnectOptions,
    corridors: &[Corridor],
) {
    let lopts = LabelOptions::new(o.connectivity);
    let (old_labels, n) = flood(before, w, h, lopts);
    let (_, n_after) = flood(after, w, h, lopts);
    assert!(n_after <= 1, "still {n_after} regions");
    assert_eq!(corridors.len(), n.saturating_sub(1) as usize);
    for (i, (&b, &a)) in before.iter().zip(after).enumerate() {
        assert!(b == 0 || a == b, "floor cell {i} changed");
        if a != b {
            assert_eq!(a, 1);
            let (x, y) = (i % w, i / w);
            let border = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            assert!(!(o.keep_border && border), "border cell ({x}, {y}) dug");
            assert!(
                corridors
                    .iter()
                    .any(|c| c.cells.contains(&Point::new(x as i32, y as i32))),
                "cell {i} dug outside every corridor"
            );
        }
    }
    let region_near = |p: Point, r: u32| {
        (0..w * h).any(|i| {
            old_labels[i] == r
                && touches(
                    p,
                    Point::new((i % w) as i32, (i / w) as i32),
                    o.connectivity,
                )
        })
    };
    for c in corridors {
        assert!(!c.cells.is_empty());
        assert_ne!(c.from, c.to);
        for pair in c.cells.windows(2) {
            assert!(touches(pair[0], pair[1], o.connectivity), "{c:?}");
        }
        for p in &c.cells {
            assert_eq!(
                before[p.y as usize * w + p.x as usize],
                0,
                "corridor over floor"
            );
        }
        assert!(region_near(c.cells[0], c.from));
        assert!(region_near(*c.cells.last().unwrap(), c.to));
    }
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(150))]

    #[test]
    fn connect_makes_one_region(
        p in 0u32..700, (w, h) in (0usize..30, 0usize..30), seed in any::<u64>(),
        eight in any::<bool>(), keep_border in any::<bool>(),
    ) {
        let before = make(Shape::Random(p), w, h, seed);
        let mut after = before.clone();
        let o = ConnectOptions {
            connectivity: if eight { Connectivity::Eight } else { Connectivity::Four },
            keep_border,
        };
        match connect_slice(&mut after, w as u32, h as u32, o) {
            Ok(corridors) => check(&before, &after, w, h, o, &corridors),
            Err(RegionsError::Unconnectable { groups }) => {
                prop_assert!(keep_border && groups > 1);
                prop_assert_eq!(&after, &before);
                // Without the border constraint it always works.
                let mut free = before.clone();
                let o2 = ConnectOptions { keep_border: false, ..o };
                let corridors = connect_slice(&mut free, w as u32, h as u32, o2).unwrap();
                check(&before, &free, w, h, o2, &corridors);
            }
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }
}

#[test]
fn nothing_to_do() {
    for (w, h, fill) in [
        (0u32, 0u32, false),
        (4, 3, false),
        (4, 3, true),
        (0, 7, true),
    ] {
        let mut g = Grid::new(w, h, fill).unwrap();
        let before = g.clone();
        assert!(
            connect(&mut g, ConnectOptions::default())
                .unwrap()
                .is_empty()
        );
        assert_eq!(g, before);
    }
    let mut cells = [1u8, 0, 1];
    assert_eq!(
        connect_slice(&mut cells, 2, 2, ConnectOptions::default()),
        Err(RegionsError::CellCountMismatch {
            expected: 4,
            actual: 3
        })
    );
}

#[test]
fn border_only_separation_is_unconnectable() {
    // Two floor cells separated by a border wall (a one-row map: every cell
    // is on the border).
    let mut row = Grid::from_vec(3, 1, vec![true, false, true]).unwrap();
    let keep = ConnectOptions {
        keep_border: true,
        ..ConnectOptions::default()
    };
    assert_eq!(
        connect(&mut row, keep),
        Err(RegionsError::Unconnectable { groups: 2 })
    );
    assert_eq!(row.as_slice(), &[true, false, true]);
    let dug = connect(&mut row, ConnectOptions::default()).unwrap();
    assert_eq!(dug[0].cells, [Point::new(1, 0)]);
}

#[test]
fn digs_the_cheapest_joins() {
    // Three rooms in a row, 1 and 3 walls apart: the spanning tree digs the
    // single wall first, then the three.
    let rows = ["###########", "#..#..###.#", "#..#..###.#", "###########"];
    let mut g = Grid::from_fn(11, 4, |p| {
        rows[p.y as usize].as_bytes()[p.x as usize] == b'.'
    })
    .unwrap();
    let corridors = connect(
        &mut g,
        ConnectOptions {
            keep_border: true,
            ..ConnectOptions::default()
        },
    )
    .unwrap();
    let lens: Vec<usize> = corridors.iter().map(|c| c.cells.len()).collect();
    assert_eq!(lens, [1, 3]);
    assert_eq!((corridors[0].from, corridors[0].to), (0, 1));
    assert_eq!(
        corridors[1].cells,
        [Point::new(6, 1), Point::new(7, 1), Point::new(8, 1)]
    );
}

/// A seeded random cave: the result of `connect` is pinned by a hash.
#[test]
fn golden_seeded_connect() {
    let mut rng = seeded_rng(20261129);
    let (w, h) = (64u32, 48u32);
    let g = Grid::from_fn(w, h, |_| below(&mut rng, 100).unwrap() < 40).unwrap();
    let before: Vec<u8> = g.as_slice().iter().map(|&b| u8::from(b)).collect();
    for (connectivity, keep_border, golden) in [
        (Connectivity::Four, true, 0x20229c7846c53113u64),
        (Connectivity::Eight, false, 0xa22130c6c66144b1u64),
    ] {
        let mut grid = g.clone();
        let o = ConnectOptions {
            connectivity,
            keep_border,
        };
        let corridors = connect(&mut grid, o).unwrap();
        let after: Vec<u8> = grid.as_slice().iter().map(|&b| u8::from(b)).collect();
        // Independent check of every promise with the flood fill.
        check(&before, &after, w as usize, h as usize, o, &corridors);
        let hash = fnv1a_u32s(corridors.iter().flat_map(|c| {
            [c.from, c.to, c.cells.len() as u32]
                .into_iter()
                .chain(c.cells.iter().flat_map(|p| [p.x as u32, p.y as u32]))
        }));
        println!(
            "{connectivity:?} keep_border={keep_border}: {hash:#018x}, {} corridors",
            corridors.len()
        );
        assert_eq!(hash, golden, "{connectivity:?} {keep_border}");
    }
}

/// With two regions, `connect` digs the fewest cells that join them: the
/// cheapest meeting place of their territories is a shortest path through
/// the walls (found here by a breadth-first search that steps onto walls
/// at cost 1 and onto the first region's floor at cost 0). Checked on
/// random maps; `connect_in_place` reports the same count.
#[test]
fn two_regions_are_joined_by_a_shortest_corridor() {
    use mcrdun_regions::{Labels, connect_in_place};
    use std::collections::VecDeque;
    let (w, h) = (14usize, 11usize);
    let mut rng = seeded_rng(24);
    let mut checked = 0;
    for _ in 0..3000 {
        // Two random blobs of floor (each a few random rectangles).
        let mut map = vec![0u8; w * h];
        for _ in 0..2 {
            let (cx, cy) = (
                below(&mut rng, w as u64).unwrap(),
                below(&mut rng, h as u64).unwrap(),
            );
            for _ in 0..3 {
                let x0 = cx.saturating_sub(below(&mut rng, 4).unwrap()) as usize;
                let y0 = cy.saturating_sub(below(&mut rng, 3).unwrap()) as usize;
                let x1 = (cx as usize + below(&mut rng, 4).unwrap() as usize).min(w - 1);
                let y1 = (cy as usize + below(&mut rng, 3).unwrap() as usize).min(h - 1);
                for y in y0..=y1 {
                    map[y * w + x0..=y * w + x1].fill(1);
                }
            }
        }
        let labels = Labels::new(
            mcrdun_regions::Cells::from_slice(&map, w as u32, h as u32).unwrap(),
            Connectivity::Four,
        )
        .unwrap();
        if labels.count() != 2 {
            continue;
        }
        let label = |i: usize| {
            labels
                .region_at(Point::new((i % w) as i32, (i / w) as i32))
                .unwrap()
        };
        // 0-1 breadth-first search from region 0 to region 1.
        let mut dist = vec![usize::MAX; w * h];
        let mut queue = VecDeque::new();
        for (i, d) in dist.iter_mut().enumerate() {
            if label(i) == Some(0) {
                *d = 0;
                queue.push_back(i);
            }
        }
        let mut best = usize::MAX;
        while let Some(u) = queue.pop_front() {
            let (x, y) = (u % w, u / w);
            let steps = [
                (x > 0).then(|| u - 1),
                (x + 1 < w).then(|| u + 1),
                (y > 0).then(|| u - w),
                (y + 1 < h).then(|| u + w),
            ];
            for v in steps.into_iter().flatten() {
                match label(v) {
                    Some(1) => best = best.min(dist[u]),
                    Some(_) => {}
                    None if dist[u] + 1 < dist[v] => {
                        dist[v] = dist[u] + 1;
                        queue.push_back(v);
                    }
                    None => {}
                }
            }
        }
        let mut dug = map.clone();
        let count =
            connect_in_place(&mut dug, w as u32, h as u32, ConnectOptions::default()).unwrap();
        assert_eq!(count, best, "{map:?}");
        let mut grid = Grid::from_vec(w as u32, h as u32, map.clone()).unwrap();
        let corridors = connect(&mut grid, ConnectOptions::default()).unwrap();
        assert_eq!(corridors.len(), 1);
        assert_eq!(corridors[0].cells.len(), best);
        assert_eq!(grid.as_slice(), &dug[..]);
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} maps of two regions");
}
