//! Golden hashes: the same seed gives the same rooms, report, neighbours,
//! tree and loops, on every platform and forever (a change here changes
//! levels players have seen; update the pins only on purpose).

use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Rect, are_neighbours};
use mcrdun_scatter::{
    SeparateOptions, SizeRange, SpawnArea, neighbours, scatter, separate, spanning_tree,
};
use mcrdun_test_util::Fnv1a;

/// One level from `seed`: its hash, after checking it by brute force.
fn level(seed: u64, count: usize, area: SpawnArea, options: SeparateOptions) -> u64 {
    let mut rng = seeded_rng(seed);
    let (ws, hs) = (
        SizeRange::new(4, 12).unwrap(),
        SizeRange::new(3, 9).unwrap(),
    );
    let mut rooms = scatter(&mut rng, count, area, ws, hs).unwrap();
    let report = separate(&mut rooms, options).unwrap();
    let links = neighbours(&rooms, 2, 1).unwrap();
    let c = spanning_tree(rooms.len(), &links, 0)
        .unwrap()
        .with_loops(0.3, &mut rng)
        .unwrap();

    // The independent check: no overlap, padding kept, neighbours as the
    // all-pairs rule says.
    let pad = i64::from(options.padding);
    let mut brute = 0;
    for (i, a) in rooms.iter().enumerate() {
        for (j, b) in rooms.iter().enumerate().skip(i + 1) {
            assert!(
                a.x_gap(b) >= pad || a.y_gap(b) >= pad,
                "seed {seed}: {i} {j}"
            );
            brute += usize::from(are_neighbours(a, b, 2, 1));
        }
    }
    assert_eq!(brute, links.len());

    let mut h = Fnv1a::new();
    for r in &rooms {
        for v in [r.x(), r.y(), r.w(), r.h()] {
            h.i64(v.into());
        }
    }
    h.i64(report.steps.into());
    h.i64(i64::from(report.converged));
    h.i64(report.finished as i64);
    for l in c.tree().iter().chain(c.loops()) {
        h.i64(l.a as i64);
        h.i64(l.b as i64);
        h.i64(l.door.side.bit().into());
        h.i64(l.door.start.into());
        h.i64(l.door.end.into());
        h.i64(l.door.gap.into());
    }
    for &u in c.unreachable() {
        h.i64(u as i64);
    }
    h.finish()
}

#[test]
fn pinned_levels() {
    let disc = SpawnArea::Disc {
        center: Point::new(0, 0),
        radius: 20,
    };
    let rect = SpawnArea::Rect(Rect::new(-10, -5, 30, 12).unwrap());
    let default = SeparateOptions::default();
    let padded = SeparateOptions {
        padding: 1,
        max_steps: 300,
        spread: false,
    };
    let spread = SeparateOptions {
        spread: true,
        ..default
    };
    let capped = SeparateOptions {
        max_steps: 3,
        ..default
    };
    let got = [
        level(1, 60, disc, default),
        level(2, 60, rect, padded),
        level(3, 200, disc, spread),
        level(4, 120, disc, capped),
        level(5, 1, disc, default),
    ];
    let want: [u64; 5] = [
        0xdd25_508f_bf14_5816,
        0x40ea_739b_23f9_8098,
        0x2643_aaf3_0be9_ec93,
        0xf401_ce9d_5458_62e6,
        0xcf25_4afd_56c1_dd05,
    ];
    assert_eq!(got, want, "got {got:#018x?}");
}

/// The level `ffi-tests/scatter.c` pins through the C ABI
/// (`mcrdun_scatter_generate` with default parameters, 60 rooms, seed 1),
/// hashed the same way there: FNV-1a over each coordinate's 4 bytes.
#[test]
fn c_abi_level() {
    let mut rng = seeded_rng(1);
    let area = SpawnArea::Disc {
        center: Point::new(0, 0),
        radius: 20,
    };
    let (ws, hs) = (
        SizeRange::new(4, 12).unwrap(),
        SizeRange::new(3, 9).unwrap(),
    );
    let mut rooms = scatter(&mut rng, 60, area, ws, hs).unwrap();
    separate(&mut rooms, SeparateOptions::default()).unwrap();
    let mut h = Fnv1a::new();
    for r in &rooms {
        for v in [r.x(), r.y(), r.w(), r.h()] {
            h.i32(v);
        }
    }
    let h = h.finish();
    assert_eq!(h, 0x18b4_a635_d8a9_7ae4, "got {h:#018x}");
}
