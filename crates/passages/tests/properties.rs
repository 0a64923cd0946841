//! Property tests against brute force: borders, the room graph, chosen
//! passages, and whole-layout plans on random room shapes.

use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;
use mcrdun_passages::{
    Connect, Layout, PassagesError, Policy, RoomId, Weights, choose_passage, passages,
};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// A random labelling: each cell of a `w` x `h` grid gets room label
/// `0..k` or none. Rooms are arbitrary, often disconnected, cell sets.
fn labelled() -> impl Strategy<Value = (u32, u32, Vec<Option<u8>>)> {
    (1u32..12, 1u32..12, 1u8..6).prop_flat_map(|(w, h, k)| {
        let cell = prop_oneof![1 => Just(None), 4 => (0..k).prop_map(Some)];
        (
            Just(w),
            Just(h),
            proptest::collection::vec(cell, (w * h) as usize),
        )
    })
}

/// The layout of a labelling, and each room's cells in the order given.
fn build(w: u32, h: u32, labels: &[Option<u8>]) -> (Layout, Vec<Vec<Point>>) {
    let mut rooms: BTreeMap<u8, Vec<Point>> = BTreeMap::new();
    for (i, l) in labels.iter().enumerate() {
        if let Some(l) = l {
            let p = Point::new((i as u32 % w) as i32, (i as u32 / w) as i32);
            rooms.entry(*l).or_default().push(p);
        }
    }
    let mut layout = Layout::new(w, h).unwrap();
    let mut cells = Vec::new();
    for (_, room) in rooms {
        let id = layout.add_room(&room).unwrap();
        assert_eq!(id.index(), cells.len());
        cells.push(room);
    }
    (layout, cells)
}

/// The all-pairs comparison, as a sorted map.
fn brute_border(a: &[Point], b: &[Point]) -> BTreeMap<(i32, i32), Vec<(i32, i32)>> {
    let mut map: BTreeMap<(i32, i32), Vec<(i32, i32)>> = BTreeMap::new();
    for &p in a {
        for &q in b {
            if p.manhattan(q) == 1 {
                map.entry((p.y, p.x)).or_default().push((q.y, q.x));
                map.entry((q.y, q.x)).or_default().push((p.y, p.x));
            }
        }
    }
    for v in map.values_mut() {
        v.sort_unstable();
    }
    map
}

/// Connected groups of rooms by breadth-first search over brute adjacency.
fn brute_components(n: usize, edges: &[(usize, usize)]) -> u32 {
    let mut seen = vec![false; n];
    let mut groups = 0;
    for s in 0..n {
        if seen[s] {
            continue;
        }
        groups += 1;
        let mut stack = vec![s];
        seen[s] = true;
        while let Some(u) = stack.pop() {
            for &(a, b) in edges {
                let v = if a == u {
                    b
                } else if b == u {
                    a
                } else {
                    continue;
                };
                if !seen[v] {
                    seen[v] = true;
                    stack.push(v);
                }
            }
        }
    }
    groups
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(200))]

    #[test]
    fn border_equals_brute_force((w, h, labels) in labelled()) {
        let (layout, cells) = build(w, h, &labels);
        for i in 0..cells.len() {
            for j in 0..cells.len() {
                let (a, b) = (RoomId::new(i as u32), RoomId::new(j as u32));
                if i == j {
                    prop_assert_eq!(layout.border(a, b), Err(PassagesError::SameRoom { room: a }));
                    continue;
                }
                let border = layout.border(a, b).unwrap();
                let ours: BTreeMap<(i32, i32), Vec<(i32, i32)>> = border
                    .cells()
                    .map(|c| ((c.cell.y, c.cell.x), c.across.iter().map(|q| (q.y, q.x)).collect()))
                    .collect();
                prop_assert_eq!(&ours, &brute_border(&cells[i], &cells[j]));
                // Sorted by (y, x), each cell in the room it says.
                let order: Vec<(i32, i32)> = border.cells().map(|c| (c.cell.y, c.cell.x)).collect();
                prop_assert!(order.windows(2).all(|p| p[0] < p[1]));
                for c in border.cells() {
                    prop_assert_eq!(layout.room_of(c.cell), Some(c.room));
                }
                prop_assert_eq!(border.pairs().len(), 2 * border.edge_count());
            }
        }
    }

    #[test]
    fn room_graph_equals_brute_force((w, h, labels) in labelled()) {
        let (layout, cells) = build(w, h, &labels);
        let mut brute = Vec::new();
        for i in 0..cells.len() {
            for j in i + 1..cells.len() {
                if cells[i].iter().any(|p| cells[j].iter().any(|q| p.manhattan(*q) == 1)) {
                    brute.push((RoomId::new(i as u32), RoomId::new(j as u32)));
                }
            }
        }
        prop_assert_eq!(layout.adjacent_rooms().unwrap(), brute);
    }

    #[test]
    fn chosen_passages_join_the_two_rooms(
        (w, h, labels) in labelled(),
        seed in any::<u64>(),
        table in proptest::array::uniform4(0u32..20),
    ) {
        let (layout, _) = build(w, h, &labels);
        let mut rng = seeded_rng(seed);
        for (a, b) in layout.adjacent_rooms().unwrap() {
            for (x, y) in [(a, b), (b, a)] {
                let border = layout.border(x, y).unwrap();
                for weights in [Weights::Count, Weights::Table(table)] {
                    match choose_passage(&border, &mut rng, &weights) {
                        Ok(p) => {
                            prop_assert_eq!((p.a, p.b), (x, y));
                            prop_assert_eq!(layout.room_of(p.cell_a), Some(x));
                            prop_assert_eq!(layout.room_of(p.cell_b), Some(y));
                            prop_assert_eq!(p.cell_a.manhattan(p.cell_b), 1);
                            // The drawn cell had a non-zero weight.
                            let wa = weights.weight(border.get(p.cell_a).unwrap().len());
                            let wb = weights.weight(border.get(p.cell_b).unwrap().len());
                            prop_assert!(wa > 0 || wb > 0);
                        }
                        Err(PassagesError::NoWeight) => {
                            prop_assert!(border.cells().all(|c| weights.weight(c.across.len()) == 0));
                        }
                        Err(e) => prop_assert!(false, "unexpected {e}"),
                    }
                }
            }
        }
    }

    #[test]
    fn plans_are_deterministic_and_connect_like_the_graph(
        (w, h, labels) in labelled(),
        seed in any::<u64>(),
        per_mille in 0u32..=1000,
    ) {
        let (layout, cells) = build(w, h, &labels);
        let graph = layout.adjacent_rooms().unwrap();
        let edges: Vec<(usize, usize)> = graph.iter().map(|(a, b)| (a.index(), b.index())).collect();
        let groups = brute_components(cells.len(), &edges);
        for policy in [Policy::all_pairs(), Policy::spanning_tree(per_mille), Policy::spanning_tree(0)] {
            let plan = passages(&layout, &mut seeded_rng(seed), &policy).unwrap();
            let again = passages(&layout, &mut seeded_rng(seed), &policy).unwrap();
            prop_assert_eq!(&plan, &again);
            prop_assert_eq!(plan.components, groups);
            prop_assert_eq!(plan.adjacent_pairs, graph.len());
            // The passages alone connect the rooms as much as the graph does.
            let used: Vec<(usize, usize)> = plan.passages.iter().map(|p| (p.a.index(), p.b.index())).collect();
            prop_assert_eq!(brute_components(cells.len(), &used), groups);
            for p in &plan.passages {
                prop_assert!(p.a < p.b);
                prop_assert!(graph.contains(&(p.a, p.b)));
                prop_assert_eq!(layout.room_of(p.cell_a), Some(p.a));
                prop_assert_eq!(layout.room_of(p.cell_b), Some(p.b));
                prop_assert_eq!(p.cell_a.manhattan(p.cell_b), 1);
            }
            match policy.connect {
                Connect::AllPairs => prop_assert_eq!(plan.passages.len(), graph.len()),
                Connect::SpanningTree { loops_per_mille } => {
                    let tree = cells.len() - groups as usize;
                    let rest = (graph.len() - tree) as u64;
                    let loops = (rest * u64::from(loops_per_mille) + 500) / 1000;
                    prop_assert_eq!(plan.passages.len() as u64, tree as u64 + loops);
                }
            }
            let isolated: Vec<RoomId> = layout
                .rooms()
                .filter(|r| !graph.iter().any(|(a, b)| a == r || b == r))
                .collect();
            prop_assert_eq!(&plan.isolated, &isolated);
        }
    }

    #[test]
    fn labels_build_the_same_layout((w, h, labels) in labelled()) {
        let (added, _) = build(w, h, &labels);
        // Compact the labels to 0..n in ascending order, as `build` numbers rooms.
        let mut used: Vec<u8> = labels.iter().flatten().copied().collect();
        used.sort_unstable();
        used.dedup();
        let dense: Vec<u32> = labels
            .iter()
            .map(|l| l.map_or(u32::MAX, |l| used.binary_search(&l).unwrap() as u32))
            .collect();
        let from = Layout::from_labels(&mcrdun_geom::Grid::from_vec(w, h, dense).unwrap()).unwrap();
        prop_assert_eq!(from.room_count(), added.room_count());
        prop_assert_eq!(from.id_grid(), added.id_grid());
        for r in added.rooms() {
            prop_assert_eq!(from.cells(r).unwrap(), added.cells(r).unwrap());
            prop_assert_eq!(from.boundary(r).unwrap(), added.boundary(r).unwrap());
        }
    }

    #[test]
    fn failed_add_room_changes_nothing(
        (w, h, labels) in labelled(),
        extra in proptest::collection::vec((-2i32..14, -2i32..14), 0..6),
    ) {
        let (mut layout, _) = build(w, h, &labels);
        let before = layout.id_grid().clone();
        let count = layout.room_count();
        let cells: Vec<Point> = extra.iter().map(|&(x, y)| Point::new(x, y)).collect();
        match layout.add_room(&cells) {
            Ok(id) => {
                prop_assert_eq!(id.get(), count);
                for &p in &cells {
                    prop_assert_eq!(layout.room_of(p), Some(id));
                }
            }
            Err(_) => {
                prop_assert_eq!(layout.id_grid(), &before);
                prop_assert_eq!(layout.room_count(), count);
            }
        }
    }
}
