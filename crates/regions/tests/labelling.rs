//! Labelling compared with a plain flood fill, on every kind of grid.

mod common;

use common::{Shape, direct_stats, flood, make};
use mcrdun_geom::{Grid, Point};
use mcrdun_regions::{
    Cells, Connectivity, LabelOptions, Labeller, Labels, NO_REGION, RegionStats, RegionsError,
    is_connected, label, label_with_stats, largest_region, reachable_from,
};
use proptest::prelude::*;

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        4 => (0u32..=1000).prop_map(Shape::Random),
        1 => Just(Shape::Checker),
        1 => Just(Shape::Spiral),
        1 => Just(Shape::AllFloor),
        1 => Just(Shape::AllWall),
        1 => (0u32..12).prop_map(Shape::Bars),
    ]
}

fn dims() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        3 => (0usize..70, 0usize..40),
        1 => (1usize..=1, 0usize..200),
        1 => (0usize..300, 1usize..=1),
        1 => (60usize..140, 1usize..6),
    ]
}

fn options() -> impl Strategy<Value = LabelOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(eight, wx, wy)| {
        let c = if eight {
            Connectivity::Eight
        } else {
            Connectivity::Four
        };
        LabelOptions::new(c).wrapping(wx, wy)
    })
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(400))]

    /// Same partition as a flood fill, numbered in raster order (the flood
    /// fill numbers regions by their first cell), with matching statistics.
    #[test]
    fn same_as_flood_fill(shape in shape(), (w, h) in dims(), seed in any::<u64>(), opts in options()) {
        let cells = make(shape, w, h, seed);
        let (expected, n) = flood(&cells, w, h, opts);
        // A buffer longer than the grid: the tail must stay untouched.
        let mut out = vec![7u32; w * h + 3];
        let view = Cells::from_slice(&cells, w as u32, h as u32).unwrap();
        let mut stats = Vec::new();
        let count = Labeller::new().label_with_stats(view, opts, &mut out, &mut stats).unwrap();
        prop_assert_eq!(count, n);
        prop_assert_eq!(&out[..w * h], &expected[..]);
        prop_assert_eq!(&out[w * h..], &[7, 7, 7]);
        prop_assert_eq!(stats, direct_stats(&expected, w, n));

        // The plain path, the bool path and the count agree.
        let mut plain = vec![0u32; w * h];
        prop_assert_eq!(label(view, opts, &mut plain).unwrap(), n);
        prop_assert_eq!(&plain, &expected);
        let bools = Grid::from_vec(w as u32, h as u32, cells.iter().map(|&c| c != 0).collect()).unwrap();
        prop_assert_eq!(label(&bools, opts, &mut plain).unwrap(), n);
        prop_assert_eq!(&plain, &expected);
        prop_assert_eq!(Labeller::new().count(view, opts).unwrap(), n);
        // Stats alone (no label buffer) from a prepared scan.
        let mut labeller = Labeller::new();
        let prepared = labeller.prepare(view, opts).unwrap();
        let mut only = vec![RegionStats::EMPTY; n as usize + 1];
        prepared.stats(&mut only).unwrap();
        prop_assert_eq!(&only[..n as usize], &direct_stats(&expected, w, n)[..]);
        prop_assert_eq!(only[n as usize], RegionStats::EMPTY);
        if n > 0 {
            let too_short = prepared.write_with_stats(&mut plain, &mut only[..n as usize - 1]);
            let refused = matches!(too_short, Err(RegionsError::BufferTooSmall { .. }));
            prop_assert!(refused);
        }
    }

    /// Labels appear in raster order: each new label is one more than the
    /// largest seen so far.
    #[test]
    fn labels_in_raster_order(shape in shape(), (w, h) in dims(), seed in any::<u64>(), opts in options()) {
        let cells = make(shape, w, h, seed);
        let mut out = vec![0u32; w * h];
        let n = label(Cells::from_slice(&cells, w as u32, h as u32).unwrap(), opts, &mut out).unwrap();
        let mut next = 0u32;
        for (&l, &c) in out.iter().zip(&cells) {
            prop_assert_eq!(l == NO_REGION, c == 0);
            if l != NO_REGION {
                prop_assert!(l <= next);
                if l == next { next += 1; }
            }
        }
        prop_assert_eq!(next, n);
    }

    /// Reachability agrees with the flood fill.
    #[test]
    fn reachability(shape in shape(), (w, h) in (1usize..40, 1usize..30), seed in any::<u64>(), x in any::<u16>(), y in any::<u16>()) {
        let cells = make(shape, w, h, seed);
        let opts = LabelOptions::new(Connectivity::Four);
        let (expected, n) = flood(&cells, w, h, opts);
        let grid = Grid::from_vec(w as u32, h as u32, cells).unwrap();
        let p = Point::new(i32::from(x) % w as i32, i32::from(y) % h as i32);
        let mask = reachable_from(&grid, p, opts).unwrap();
        let target = expected[p.y as usize * w + p.x as usize];
        for (i, &m) in mask.as_slice().iter().enumerate() {
            prop_assert_eq!(m, target != NO_REGION && expected[i] == target);
        }
        prop_assert_eq!(is_connected(&grid, opts).unwrap(), n <= 1);
        let labels = Labels::new(&grid, opts).unwrap();
        prop_assert_eq!(labels.region_at(p).unwrap(), (target != NO_REGION).then_some(target));
        prop_assert_eq!(labels.largest(), largest_region(labels.stats()));
    }
}

#[test]
fn thousands_of_regions() {
    // Isolated floor cells on every other row and column: 40 000 regions,
    // far past a fixed table of 16, numbered in raster order.
    let (w, h) = (400usize, 400usize);
    let grid = Grid::from_fn(w as u32, h as u32, |p| p.x % 2 == 0 && p.y % 2 == 0).unwrap();
    let mut out = vec![0u32; w * h];
    let n = label(&grid, Connectivity::Four, &mut out).unwrap();
    assert_eq!(n, 40_000);
    for y in (0..h).step_by(2) {
        for x in (0..w).step_by(2) {
            assert_eq!(out[y * w + x] as usize, (y / 2) * (w / 2) + x / 2);
        }
    }
    // Diagonal neighbours only: a checkerboard is one region with
    // 8-connectivity and w*h/2 regions with 4.
    let checker = Grid::from_fn(300, 200, |p| (p.x + p.y) % 2 == 0).unwrap();
    let mut out = vec![0u32; 300 * 200];
    assert_eq!(
        label(&checker, Connectivity::Four, &mut out).unwrap(),
        30_000
    );
    assert_eq!(label(&checker, Connectivity::Eight, &mut out).unwrap(), 1);
    let stats = label_with_stats(&checker, Connectivity::Four, &mut out).unwrap();
    assert_eq!(stats.len(), 30_000);
    assert!(stats.iter().all(|s| s.area == 1));
}

#[test]
fn torus_seams() {
    // Floor at both ends of a row: one region only when wrapping east-west.
    let row = Grid::from_vec(5, 1, vec![true, false, false, false, true]).unwrap();
    let mut out = vec![0; 5];
    assert_eq!(label(&row, Connectivity::Four, &mut out).unwrap(), 2);
    let wrap = LabelOptions::new(Connectivity::Four).wrapping(true, false);
    assert_eq!(label(&row, wrap, &mut out).unwrap(), 1);
    assert_eq!(out, [0, NO_REGION, NO_REGION, NO_REGION, 0]);
    // Opposite corners touch diagonally on a torus.
    let corners = Grid::from_vec(
        3,
        3,
        vec![true, false, false, false, false, false, false, false, true],
    )
    .unwrap();
    let mut out = vec![0; 9];
    let torus8 = LabelOptions::new(Connectivity::Eight).wrapping(true, true);
    assert_eq!(label(&corners, torus8, &mut out).unwrap(), 1);
    let torus4 = LabelOptions::new(Connectivity::Four).wrapping(true, true);
    assert_eq!(label(&corners, torus4, &mut out).unwrap(), 2);
    // Top and bottom rows join when wrapping north-south.
    let column = Grid::from_vec(1, 3, vec![true, false, true]).unwrap();
    let mut out = vec![0; 3];
    let wrap_y = LabelOptions::new(Connectivity::Four).wrapping(false, true);
    assert_eq!(label(&column, wrap_y, &mut out).unwrap(), 1);
}

#[test]
fn bad_input_is_an_error_and_writes_nothing() {
    let cells = [1u8; 6];
    assert_eq!(
        Cells::from_slice(&cells, 4, 2).unwrap_err(),
        RegionsError::CellCountMismatch {
            expected: 8,
            actual: 6
        }
    );
    assert!(matches!(
        Cells::from_slice(&cells, u32::MAX, 2),
        Err(RegionsError::Geom(_))
    ));
    let view = Cells::from_slice(&cells, 3, 2).unwrap();
    let mut short = [9u32; 5];
    assert_eq!(
        label(view, Connectivity::Four, &mut short),
        Err(RegionsError::BufferTooSmall {
            needed: 6,
            actual: 5
        })
    );
    assert_eq!(short, [9; 5]);
    assert_eq!(
        Connectivity::from_u32(0),
        Err(RegionsError::BadConnectivity(0))
    );
    let grid = Grid::new(3, 2, true).unwrap();
    assert!(matches!(
        reachable_from(&grid, Point::new(3, 0), Connectivity::Four),
        Err(RegionsError::OutOfBounds { .. })
    ));
    let labels = Labels::new(&grid, Connectivity::Four).unwrap();
    assert!(labels.region_at(Point::new(-1, 0)).is_err());
    assert!(
        labels
            .regions_touched(&[Point::new(0, 0), Point::new(0, 9)])
            .is_err()
    );
    assert_eq!(
        labels.mask(1).unwrap_err(),
        RegionsError::NoSuchRegion {
            region: 1,
            count: 1
        }
    );
    // Empty grids are valid: zero regions.
    for (w, h) in [(0u32, 0u32), (0, 5), (5, 0)] {
        let empty = Grid::new(w, h, true).unwrap();
        assert_eq!(label(&empty, Connectivity::Eight, &mut []).unwrap(), 0);
        assert!(is_connected(&empty, Connectivity::Four).unwrap());
    }
}

#[test]
fn seed_example_map() {
    // A classic 12x12 map: 4-connected regions, raster order.
    let rows = [
        "............",
        "..##........",
        ".####...###.",
        ".###...####.",
        ".##....##...",
        ".....####.#.",
        "..##.##...#.",
        "...###...##.",
        ".#.......##.",
        ".###....##..",
        ".##......#..",
        "............",
    ];
    let grid = Grid::from_fn(12, 12, |p| {
        rows[p.y as usize].as_bytes()[p.x as usize] == b'#'
    })
    .unwrap();
    let labels = Labels::new(&grid, Connectivity::Four).unwrap();
    let letters: Vec<String> = labels
        .grid()
        .rows()
        .map(|r| {
            r.iter()
                .map(|&l| {
                    if l == NO_REGION {
                        ' '
                    } else {
                        (b'A' + l as u8) as char
                    }
                })
                .collect()
        })
        .collect();
    assert_eq!(
        letters,
        [
            "            ",
            "  AA        ",
            " AAAA   BBB ",
            " AAA   BBBB ",
            " AA    BB   ",
            "     BBBB C ",
            "  BB BB   C ",
            "   BBB   CC ",
            " D       CC ",
            " DDD    CC  ",
            " DD      C  ",
            "            ",
        ]
    );
    // (The spiral-like arm at rows 6-7 joins B through (5, 6)-(5, 7).)
    assert_eq!(labels.count(), 4);
    assert_eq!(labels.largest(), Some(1));
    let b = labels.stats()[1];
    assert_eq!(
        (b.area, b.min_x, b.min_y, b.max_x, b.max_y),
        (20, 2, 2, 10, 7)
    );
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(150))]

    /// 8-connected labels without wrapping are found two rows at a time
    /// (plain labels and counts) or a row at a time (with statistics); both
    /// agree with the flood fill on wide maps of odd and even heights, where
    /// pairs of rows meet across word boundaries.
    #[test]
    fn row_pairs_agree_with_flood_fill(shape in shape(), w in 1usize..200, h in 1usize..24, seed in any::<u64>()) {
        let cells = make(shape, w, h, seed);
        let opts = LabelOptions::new(Connectivity::Eight);
        let (expected, n) = flood(&cells, w, h, opts);
        let view = Cells::from_slice(&cells, w as u32, h as u32).unwrap();
        let mut labeller = Labeller::new();
        let mut out = vec![7u32; w * h];
        prop_assert_eq!(labeller.label(view, opts, &mut out).unwrap(), n);
        prop_assert_eq!(&out, &expected);
        let mut stats = Vec::new();
        out.fill(7);
        prop_assert_eq!(labeller.label_with_stats(view, opts, &mut out, &mut stats).unwrap(), n);
        prop_assert_eq!(&out, &expected);
        prop_assert_eq!(&stats, &direct_stats(&expected, w, n));
        prop_assert_eq!(labeller.count(view, opts).unwrap(), n);
        let prepared = labeller.prepare(view, opts).unwrap();
        let mut only = vec![RegionStats::EMPTY; n as usize];
        prepared.stats(&mut only).unwrap();
        prop_assert_eq!(&only, &stats);
    }
}
