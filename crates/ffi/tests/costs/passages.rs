//! The passage-layout calls.

use super::*;
use mcrdun_geom::memory::Budget;
use std::ptr::null_mut;

/// Stated working memory of the passage calls (the C docs say the same).
const NEW_PER_CELL: u64 = 4;
const LABELS_PER_CELL: u64 = 8;
const LABELS_PER_LABELLED: u64 = 16;
const LABELS_PER_ROOM: u64 = 48;
const ADD_PER_GIVEN: u64 = 8;
const ADD_PER_ROOM_CELL: u64 = 32;
const ADD_PER_ROOM: u64 = 64;
const ADJACENT_PER_COLUMN: u64 = 8;
const ADJACENT_PER_BOUNDARY: u64 = 16;
const ADJACENT_PER_PAIR: u64 = 8;
const BORDER_PER_PAIR: u64 = 76;
const CHOOSE_PER_PAIR: u64 = 80;
const BORDER_PER_SCANNED_CELL: u64 = 608;
const PLAN_PER_ROOM: u64 = 14;
const PLAN_PER_PAIR: u64 = 41;
const PLAN_PER_BORDER_PAIR: u64 = 128;

/// A labelled grid: rows of blocks `side` wide, each row shifted by a
/// random amount so that the walls are ragged, a few cells in no room.
/// Returns the labels (dense) and the room count.
fn labels(s: &mut Sizes, w: u32, h: u32, side: u32) -> (Vec<u32>, u32) {
    let cols = w.div_ceil(side) + 1;
    let shifts: Vec<u32> = (0..h).map(|_| s.below(u64::from(side)) as u32).collect();
    let mut raw: Vec<u32> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            let hole = (x * 7 + y * 3) % 23 == 0 && x % side != 0;
            if hole {
                u32::MAX
            } else {
                (y / side) * cols + (x + shifts[y as usize]) / side
            }
        })
        .collect();
    // Dense: renumber the labels used, in order of first use.
    let mut map = std::collections::HashMap::new();
    for l in raw.iter_mut().filter(|l| **l != u32::MAX) {
        let next = map.len() as u32;
        *l = *map.entry(*l).or_insert(next);
    }
    (raw, map.len() as u32)
}

/// Two rooms in a checkerboard: every cell borders the other room.
fn checkerboard(w: u32, h: u32) -> Vec<u32> {
    (0..w * h).map(|i| (i % w + i / w) % 2).collect()
}

/// Labelled cells in a room whose 4-neighbour is in the grid but not in
/// that room.
fn boundary_cells(labels: &[u32], w: u32, h: u32) -> u64 {
    let at = |x: i64, y: i64| -> Option<u32> {
        (x >= 0 && y >= 0 && x < i64::from(w) && y < i64::from(h))
            .then(|| labels[(y * i64::from(w) + x) as usize])
    };
    let mut n = 0;
    for y in 0..i64::from(h) {
        for x in 0..i64::from(w) {
            let l = labels[(y * i64::from(w) + x) as usize];
            if l == u32::MAX {
                continue;
            }
            let near = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            if near
                .iter()
                .any(|&(dx, dy)| at(x + dx, y + dy).is_some_and(|m| m != l))
            {
                n += 1;
            }
        }
    }
    n
}

fn from_labels(w: u32, h: u32, labels: &[u32]) -> (*mut McrdunLayout, McrdunStatus, u64) {
    let mut out = null_mut();
    // SAFETY: `labels` holds `w * h` values, `out` is writable.
    let (st, pk) = peak(|| unsafe {
        mcrdun_layout_from_labels(w, h, labels.as_ptr(), labels.len(), &mut out)
    });
    (out, st, pk)
}

/// The layout's adjacent pairs.
fn adjacent(layout: *const McrdunLayout) -> (Vec<McrdunRoomPair>, McrdunStatus, u64) {
    let mut len = 0usize;
    // SAFETY: `layout` is live; a size query, then a buffer of that size.
    unsafe {
        let (st, pk) = peak(|| mcrdun_layout_adjacent_rooms(layout, null_mut(), 0, &mut len));
        let mut pairs = vec![McrdunRoomPair::default(); len];
        if st == McrdunStatus::BufferTooSmall {
            let got = mcrdun_layout_adjacent_rooms(layout, pairs.as_mut_ptr(), len, &mut len);
            assert_eq!(got, McrdunStatus::Ok);
        }
        (pairs, st, pk)
    }
}

/// The border pairs between `a` and `b` (a size query), status and peak.
fn border(layout: *const McrdunLayout, p: McrdunRoomPair) -> (u64, McrdunStatus, u64) {
    let mut len = 0usize;
    // SAFETY: `layout` is live; a NULL size query.
    let (st, pk) =
        peak(|| unsafe { mcrdun_layout_border(layout, p.a, p.b, null_mut(), 0, &mut len) });
    (len as u64, st, pk)
}

fn choose(layout: *const McrdunLayout, p: McrdunRoomPair) -> (McrdunStatus, u64) {
    let mut out = McrdunPassage::default();
    let weights = McrdunWeights::default();
    // SAFETY: `layout` is live, `out` writable.
    peak(|| unsafe { mcrdun_layout_choose_passage(layout, p.a, p.b, 7, weights, &mut out) })
}

fn plan(layout: *const McrdunLayout, connect: u32) -> (McrdunStatus, u64) {
    let policy = McrdunPassagePolicy {
        connect,
        loops_per_mille: 300,
        weights: McrdunWeights::default(),
    };
    let mut out = null_mut();
    // SAFETY: `layout` is live, `out` writable; the plan is freed inside
    // the measured call's closure, after the peak.
    peak(|| unsafe {
        let st = mcrdun_layout_passages(layout, 3, policy, &mut out);
        mcrdun_passage_plan_free(out);
        st
    })
}

/// A layout's rooms as cell lists, in label order.
fn rooms_of(labels: &[u32], w: u32, rooms: u32) -> Vec<Vec<McrdunPoint>> {
    let mut cells = vec![Vec::new(); rooms as usize];
    for (i, &l) in labels.iter().enumerate() {
        if l != u32::MAX {
            let (x, y) = (i as u32 % w, i as u32 / w);
            cells[l as usize].push(McrdunPoint {
                x: x as i32,
                y: y as i32,
            });
        }
    }
    cells
}

/// The cases, in the order `Worst` entries are kept.
fn cases() -> [Stated; 8] {
    let st = |name, unit, per_unit: u64| Stated::new(name, unit, per_unit as f64);
    [
        st("mcrdun_layout_new", "cell", NEW_PER_CELL),
        st(
            "mcrdun_layout_from_labels",
            "cell",
            LABELS_PER_CELL + LABELS_PER_LABELLED,
        ),
        st("mcrdun_layout_add_room", "rcell", ADD_PER_ROOM_CELL),
        st(
            "mcrdun_layout_adjacent_rooms",
            "bcell",
            ADJACENT_PER_BOUNDARY,
        ),
        st("mcrdun_layout_border", "bpair", BORDER_PER_PAIR),
        st("mcrdun_layout_choose_passage", "bpair", CHOOSE_PER_PAIR),
        st("mcrdun_layout_passages (all)", "B", 1),
        st("mcrdun_layout_passages (tree)", "B", 1),
    ]
}

/// Measures every call on one labelled layout.
fn measure(w: u32, h: u32, labels: &[u32], rooms: u32, worst: &mut [Worst]) {
    let cases = cases();
    let cells = u64::from(w) * u64::from(h);
    let labelled = labels.iter().filter(|&&l| l != u32::MAX).count() as u64;
    let bcells = boundary_cells(labels, w, h);
    // An empty layout, then the rooms one by one.
    let mut layout = null_mut();
    // SAFETY: `layout` is writable.
    let (st, pk) = peak(|| unsafe { mcrdun_layout_new(w, h, &mut layout) });
    assert_eq!(st, McrdunStatus::Ok);
    worst[0].add(&cases[0], cells, pk);
    let (mut room_cells, mut room) = (0u64, 0u32);
    for (k, cells) in rooms_of(labels, w, rooms).iter().enumerate() {
        room_cells += cells.len() as u64;
        let n = cells.len() as u64;
        // SAFETY: `layout` is live, `cells` holds `n` points.
        let (st, pk) = peak(|| unsafe {
            mcrdun_layout_add_room(layout, cells.as_ptr(), cells.len(), &mut room)
        });
        assert_eq!(st, McrdunStatus::Ok);
        let want =
            ADD_PER_GIVEN * n + ADD_PER_ROOM_CELL * room_cells + ADD_PER_ROOM * (k as u64 + 1);
        worst[2].add_stated(&cases[2], want, room_cells, pk);
    }
    // SAFETY: made above.
    unsafe { mcrdun_layout_free(layout) };
    let (layout, st, pk) = from_labels(w, h, labels);
    assert_eq!(st, McrdunStatus::Ok);
    let want = LABELS_PER_CELL * cells
        + LABELS_PER_LABELLED * labelled
        + LABELS_PER_ROOM * u64::from(rooms);
    worst[1].add_stated(&cases[1], want, cells, pk);
    let (pairs, _, pk) = adjacent(layout);
    let np = pairs.len() as u64;
    let columns = ADJACENT_PER_COLUMN * u64::from(w);
    let want = columns + ADJACENT_PER_BOUNDARY * bcells + ADJACENT_PER_PAIR * np;
    worst[3].add_stated(&cases[3], want, bcells, pk);
    let mut largest = 0;
    for &p in &pairs {
        let (n, st, pk) = border(layout, p);
        assert!(matches!(
            st,
            McrdunStatus::BufferTooSmall | McrdunStatus::Ok
        ));
        largest = largest.max(n);
        worst[4].add(&cases[4], n, pk);
        let (st, pk) = choose(layout, p);
        assert_eq!(st, McrdunStatus::Ok);
        worst[5].add(&cases[5], n, pk);
    }
    let want = columns
        + ADJACENT_PER_BOUNDARY * bcells
        + PLAN_PER_ROOM * u64::from(rooms)
        + PLAN_PER_PAIR * np
        + PLAN_PER_BORDER_PAIR * largest;
    for (k, connect) in [
        (6, MCRDUN_CONNECT_ALL_PAIRS),
        (7, MCRDUN_CONNECT_SPANNING_TREE),
    ] {
        let (st, pk) = plan(layout, connect);
        assert_eq!(st, McrdunStatus::Ok);
        // Stated as a sum of parts (columns, boundary cells, rooms, pairs,
        // the largest border): measured as a ratio of that sum.
        worst[k].add_stated(&cases[k], want, want, pk);
    }
    // SAFETY: made above.
    unsafe { mcrdun_layout_free(layout) };
}

#[test]
fn passage_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(11);
    let cases = cases();
    let mut worst = worst_of(&cases);
    for _ in 0..8 {
        let (w, h) = (s.side(2, 500) as u32, s.side(2, 500) as u32);
        let side = s.side(2, 60) as u32;
        let (labels, rooms) = labels(&mut s, w, h, side);
        measure(w, h, &labels, rooms, &mut worst);
    }
    // The worst borders: two rooms in a checkerboard.
    let (w, h) = (s.side(20, 200) as u32, s.side(20, 200) as u32);
    measure(w, h, &checkerboard(w, h), 2, &mut worst);
    report(&cases, &worst);
}

#[test]
fn passage_calls_refuse_one_byte_short() {
    let (w, h) = (120u32, 90u32);
    let labels = checkerboard(w, h);
    let bcells = boundary_cells(&labels, w, h);
    let (layout, st, _) = from_labels(w, h, &labels);
    assert_eq!(st, McrdunStatus::Ok);
    let pair = McrdunRoomPair { a: 0, b: 1 };
    let bpairs = border(layout, pair).0;
    // Both rooms of the checkerboard are all boundary: the scan reads half
    // the cells.
    let scanned = bcells / 2;
    let cells = u64::from(w * h);
    // (name, stated need, refused before allocating, the call, its success)
    type Call<'a> = Box<dyn FnMut() -> McrdunStatus + 'a>;
    let calls: Vec<(&str, u64, bool, Call<'_>, McrdunStatus)> = vec![
        (
            "layout_new",
            NEW_PER_CELL * cells,
            true,
            Box::new(|| {
                let mut l = null_mut();
                // SAFETY: `l` is writable; freed at once.
                unsafe {
                    let st = mcrdun_layout_new(w, h, &mut l);
                    mcrdun_layout_free(l);
                    st
                }
            }),
            McrdunStatus::Ok,
        ),
        (
            "layout_from_labels",
            LABELS_PER_CELL * cells + LABELS_PER_LABELLED * cells + 2 * LABELS_PER_ROOM,
            true,
            Box::new(|| {
                let (l, st, _) = from_labels(w, h, &labels);
                // SAFETY: NULL or made here.
                unsafe { mcrdun_layout_free(l) };
                st
            }),
            McrdunStatus::Ok,
        ),
        (
            "layout_adjacent_rooms",
            ADJACENT_PER_COLUMN * u64::from(w) + ADJACENT_PER_BOUNDARY * bcells + ADJACENT_PER_PAIR,
            true,
            Box::new(|| adjacent(layout).1),
            McrdunStatus::BufferTooSmall,
        ),
        (
            "layout_border",
            BORDER_PER_SCANNED_CELL * scanned,
            true,
            Box::new(|| border(layout, pair).1),
            McrdunStatus::BufferTooSmall,
        ),
        (
            "layout_choose_passage",
            BORDER_PER_SCANNED_CELL * scanned + 4 * bpairs,
            true,
            Box::new(|| choose(layout, pair).0),
            McrdunStatus::Ok,
        ),
        (
            "layout_passages",
            ADJACENT_PER_COLUMN * u64::from(w)
                + ADJACENT_PER_BOUNDARY * bcells
                + 2 * PLAN_PER_ROOM
                + PLAN_PER_PAIR
                + PLAN_PER_BORDER_PAIR * bpairs
                + BORDER_PER_SCANNED_CELL * scanned,
            // The room graph is made before the borders are checked.
            false,
            Box::new(|| plan(layout, MCRDUN_CONNECT_ALL_PAIRS).0),
            McrdunStatus::Ok,
        ),
    ];
    for (name, stated, before_work, mut call, ok) in calls {
        let need = least_budget(&mut call, ok);
        assert!(need <= stated, "{name}: needs {need}, stated {stated}");
        let short = Budget::start_with(need - 1);
        let (st, pk) = peak(&mut call);
        assert_eq!(st, McrdunStatus::TooLarge, "{name}");
        // Refused before any work, or while its output-sized parts grow,
        // never past the budget.
        let most = if before_work {
            ALLOWANCE
        } else {
            need + ALLOWANCE
        };
        assert!(pk < most, "{name}: {pk} bytes before refusing");
        drop(short);
        let _enough = Budget::start_with(need);
        let (st, pk) = peak(&mut call);
        assert_eq!(st, ok, "{name}");
        assert!(pk <= need + ALLOWANCE, "{name}: {pk} over {need}");
        println!("{name:<24} need {need:>9} B, stated {stated:>9} B");
    }
    // Adding a room of n cells to an empty layout: the copy (8 bytes a
    // cell), the cell and boundary tables (8 + 8) and the room (32).
    let room = &rooms_of(&labels, w, 2)[0];
    let n = room.len() as u64;
    let need = 24 * n + 32;
    assert!(need <= (ADD_PER_GIVEN + ADD_PER_ROOM_CELL) * n + ADD_PER_ROOM);
    for (limit, ok) in [(need - 1, false), (need, true)] {
        let (mut l, mut id) = (null_mut(), 0);
        // SAFETY: `l` is writable, live until freed; `room` holds its cells.
        unsafe {
            assert_eq!(mcrdun_layout_new(w, h, &mut l), McrdunStatus::Ok);
            let _call = Budget::start_with(limit);
            let (st, pk) = peak(|| mcrdun_layout_add_room(l, room.as_ptr(), room.len(), &mut id));
            if ok {
                assert_eq!(st, McrdunStatus::Ok);
                assert!(pk <= need + ALLOWANCE, "add_room: {pk} over {need}");
            } else {
                assert_eq!(st, McrdunStatus::TooLarge);
                assert!(pk < ALLOWANCE, "add_room: {pk} bytes before refusing");
                assert_eq!(mcrdun_layout_room_count(l), 0);
            }
            mcrdun_layout_free(l);
        }
    }
    // SAFETY: made above.
    unsafe { mcrdun_layout_free(layout) };
}

#[test]
fn a_layout_from_labels_is_refused_before_the_copy() {
    // 2048^2 labels: the copy is 16 MB, the layout 80 MB more. Under a
    // 32 MB ceiling the call is refused before copying anything.
    let (w, h) = (2048u32, 2048u32);
    let labels = vec![0u32; (w * h) as usize];
    let _ceiling = Budget::start_with(32 << 20);
    let mut out = null_mut();
    // SAFETY: `labels` holds `w * h` values, `out` is writable.
    let (st, pk) = peak(|| unsafe {
        mcrdun_layout_from_labels(w, h, labels.as_ptr(), labels.len(), &mut out)
    });
    assert_eq!(st, McrdunStatus::TooLarge);
    assert!(pk < ALLOWANCE, "{pk} bytes before refusing");
}
