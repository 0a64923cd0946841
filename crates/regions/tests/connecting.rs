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
    #![proptest_config(ProptestConfig::with_cases(150))]

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
