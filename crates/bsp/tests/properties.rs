//! Property tests: tiling, minimum sizes, adjacency against brute force,
//! facing wall tiles, find, traversal orders.

use mcrdun_bsp::{Adjacency, Bsp, Order};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Rect, Side, shared_wall};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Params {
    rect: Rect,
    seed: u64,
    depth: u32,
    min_w: i32,
    min_h: i32,
    hr: f32,
    vr: f32,
    libtcod: bool,
}

fn params() -> impl Strategy<Value = Params> {
    (
        (-1000i32..1000, -1000i32..1000, 1i32..400, 1i32..400),
        any::<u64>(),
        0u32..8,
        (1i32..20, 1i32..20),
        (
            prop::sample::select(vec![1.0f32, 1.2, 1.5, 2.0, 10.0]),
            prop::sample::select(vec![1.0f32, 1.3, 1.5, 3.0]),
        ),
        any::<bool>(),
    )
        .prop_map(
            |((x, y, w, h), seed, depth, (min_w, min_h), (hr, vr), libtcod)| Params {
                rect: Rect::new(x, y, w, h).unwrap(),
                seed,
                depth,
                min_w,
                min_h,
                hr,
                vr,
                libtcod,
            },
        )
}

/// The tree for `p`, or `None` when libtcod's rules would make an empty
/// node (the only error expected here).
fn build(p: &Params) -> Option<Bsp> {
    let mut bsp = Bsp::new(p.rect);
    let root = bsp.root();
    let result = if p.libtcod {
        bsp.split_recursive_libtcod(root, p.seed as u32, p.depth, p.min_w, p.min_h, p.hr, p.vr)
    } else {
        let mut rng = seeded_rng(p.seed);
        bsp.split_recursive(root, &mut rng, p.depth, p.min_w, p.min_h, p.hr, p.vr)
    };
    match result {
        Ok(()) => Some(bsp),
        Err(mcrdun_bsp::BspError::LibtcodEmptyNode { .. }) if p.libtcod => None,
        Err(e) => panic!("{e}"),
    }
}

fn overlap(a0: i32, a1: i32, b0: i32, b1: i32) -> i32 {
    (a1.min(b1) - a0.max(b0)).max(0)
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(96))]

    #[test]
    fn leaves_tile_the_root(p in params()) {
        let Some(bsp) = build(&p) else { return Ok(()) };
        let leaves: Vec<Rect> = bsp.leaf_rects().collect();
        let total: u64 = leaves.iter().map(Rect::area).sum();
        prop_assert_eq!(total, p.rect.area());
        for (i, a) in leaves.iter().enumerate() {
            prop_assert!(p.rect.contains_rect(a));
            for b in &leaves[i + 1..] {
                prop_assert!(!a.intersects(b), "{} overlaps {}", a, b);
            }
        }
        // Contained, disjoint and with the right total area: an exact tiling.
        if !p.libtcod {
            for r in &leaves {
                // The minimum holds unless the root itself was smaller.
                prop_assert!(r.w() >= p.min_w.min(p.rect.w()));
                prop_assert!(r.h() >= p.min_h.min(p.rect.h()));
            }
        }
        for id in bsp.leaves() {
            prop_assert!(bsp.node(id).unwrap().level <= p.depth);
        }
    }

    #[test]
    fn adjacency_equals_brute_force(p in params()) {
        let Some(bsp) = build(&p) else { return Ok(()) };
        let leaves: Vec<Rect> = bsp.leaf_rects().collect();
        let adj = bsp.adjacency().unwrap();
        prop_assert_eq!(adj, &Adjacency::brute_force(&leaves));
        prop_assert_eq!(adj.len(), leaves.len());
        for (i, ns) in adj.iter().enumerate() {
            prop_assert!(ns.windows(2).all(|w| w[0] < w[1]), "ascending");
            for &j in ns {
                prop_assert!(adj[j as usize].contains(&(i as u32)), "symmetric");
            }
        }
    }

    #[test]
    fn wall_tiles_face_each_other(p in params()) {
        let Some(bsp) = build(&p) else { return Ok(()) };
        let adj = bsp.adjacency().unwrap();
        for a in 0..adj.len() {
            let ra = bsp.leaf_rect(a).unwrap();
            for &b in &adj[a] {
                let b = b as usize;
                let rb = bsp.leaf_rect(b).unwrap();
                let mine: Vec<Point> = bsp.adjacent_tiles(a, b).unwrap().collect();
                let theirs: Vec<Point> = bsp.adjacent_tiles(b, a).unwrap().collect();
                let side = shared_wall(&ra, &rb).unwrap().side;
                let len = match side {
                    Side::East | Side::West => overlap(ra.y(), ra.bottom(), rb.y(), rb.bottom()),
                    Side::North | Side::South => overlap(ra.x(), ra.right(), rb.x(), rb.right()),
                };
                prop_assert_eq!(mine.len(), len as usize);
                prop_assert_eq!(theirs.len(), len as usize);
                for (m, t) in mine.iter().zip(&theirs) {
                    prop_assert!(ra.contains(*m) && rb.contains(*t));
                    prop_assert_eq!(m.checked_step(side), Some(*t));
                }
            }
            // Every non-neighbour is refused.
            for b in 0..adj.len() {
                if !adj.contains(a, b) {
                    prop_assert!(bsp.adjacent_tiles(a, b).is_err());
                }
            }
        }
    }

    #[test]
    fn find_and_orders(p in params(), probes in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 16)) {
        let Some(bsp) = build(&p) else { return Ok(()) };
        let r = p.rect;
        for (fx, fy) in probes {
            let pt = Point::new(r.x() + (fx * f64::from(r.w())) as i32, r.y() + (fy * f64::from(r.h())) as i32);
            let leaf = bsp.find_leaf(pt).unwrap();
            prop_assert!(bsp.leaf_rect(leaf).unwrap().contains(pt));
            let id = bsp.find(pt).unwrap();
            prop_assert_eq!(bsp.leaf_index(id).unwrap(), Some(leaf));
        }
        prop_assert_eq!(bsp.find(Point::new(r.right(), r.y())), None);
        let root = bsp.root();
        let level = bsp.traverse(root, Order::Level).unwrap();
        let mut inverted = bsp.traverse(root, Order::InvertedLevel).unwrap();
        inverted.reverse();
        prop_assert_eq!(&inverted, &level);
        let from_level: Vec<_> = level.iter().copied().filter(|&id| bsp.node(id).unwrap().is_leaf()).collect();
        prop_assert_eq!(from_level, bsp.leaves().collect::<Vec<_>>());
        // Levels never decrease in level order.
        prop_assert!(level.windows(2).all(|w| bsp.node(w[0]).unwrap().level <= bsp.node(w[1]).unwrap().level));
        for order in [Order::Pre, Order::In, Order::Post] {
            let mut v: Vec<u32> = bsp.traverse(root, order).unwrap().iter().map(|n| n.index()).collect();
            prop_assert_eq!(v.len(), bsp.node_count());
            // Pre-order starts at the root, post-order ends there.
            match order {
                Order::Pre => prop_assert_eq!(v[0], 0),
                Order::Post => prop_assert_eq!(*v.last().unwrap(), 0),
                _ => {}
            }
            v.sort_unstable();
            prop_assert!(v.iter().enumerate().all(|(i, &n)| i as u32 == n), "a permutation");
        }
        // In-order leaves run left to right / top to bottom through each cut:
        // every internal node sits between its subtrees.
        let inord = bsp.traverse(root, Order::In).unwrap();
        for (k, id) in inord.iter().enumerate() {
            if let Some((a, b)) = bsp.node(*id).unwrap().children {
                let pa = inord.iter().position(|x| *x == a).unwrap();
                let pb = inord.iter().position(|x| *x == b).unwrap();
                prop_assert!(pa < k && k < pb);
            }
        }
    }

    #[test]
    fn random_single_splits_tile(rect in (-50i32..50, -50i32..50, 1i32..60, 1i32..60), cuts in prop::collection::vec((any::<prop::sample::Index>(), any::<bool>(), any::<prop::sample::Index>()), 0..40)) {
        let mut bsp = Bsp::with_bounds(rect.0, rect.1, rect.2, rect.3).unwrap();
        for (leaf, horizontal, pos) in cuts {
            let i = leaf.index(bsp.leaf_count());
            let r = bsp.leaf_rect(i).unwrap();
            let (lo, len) = if horizontal { (r.y(), r.h()) } else { (r.x(), r.w()) };
            let gen0 = bsp.generation();
            // Any position from the edge to one past it: the ends are refused.
            let position = lo + pos.index(len as usize + 1) as i32;
            let result = bsp.split_once(bsp.leaf(i).unwrap(), horizontal, position);
            prop_assert_eq!(result.is_ok(), position > lo && position < lo + len);
            prop_assert_eq!(bsp.generation() != gen0, result.is_ok());
        }
        let leaves: Vec<Rect> = bsp.leaf_rects().collect();
        prop_assert_eq!(leaves.iter().map(Rect::area).sum::<u64>(), bsp.rect().area());
        prop_assert_eq!(bsp.adjacency().unwrap(), &Adjacency::brute_force(&leaves));
    }
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(6))]

    /// Trees big enough for the radix sort path (>= 256 edges per list),
    /// anywhere in the i32 plane.
    #[test]
    fn big_trees_adjacency_equals_brute_force(
        x in -(1i32 << 30)..(1 << 30),
        y in -(1i32 << 30)..(1 << 30),
        w in 64i32..(1 << 30),
        h in 64i32..(1 << 30),
        seed in any::<u64>(),
    ) {
        let mut bsp = Bsp::new(Rect::new(x, y, w, h).unwrap());
        bsp.split_recursive(bsp.root(), &mut seeded_rng(seed), 10, 1, 1, 1.5, 1.5).unwrap();
        prop_assert!(bsp.leaf_count() >= 300);
        let leaves: Vec<Rect> = bsp.leaf_rects().collect();
        prop_assert_eq!(bsp.adjacency().unwrap(), &Adjacency::brute_force(&leaves));
    }
}
