//! The scattered-room calls.

use super::*;
use mcrdun_geom::memory::Budget;
use std::ptr::null_mut;

/// Stated working memory of the scatter calls (the C docs say the same).
const GENERATE_PER_ROOM: u64 = 200;
const SEPARATE_PER_ROOM: u64 = 200;
const NEIGHBOURS_PER_ROOM: u64 = 32;
const NEIGHBOURS_PER_PAIR: u64 = 48;
const LINKS_PER_ROOM: u64 = 112;
const LINKS_PER_PAIR: u64 = 226;

/// `count` separated rooms from `seed` through the C API.
fn generate(seed: u64, count: u32) -> (Vec<McrdunRect>, McrdunStatus, u64) {
    let mut p = std::mem::MaybeUninit::<McrdunScatterParams>::uninit();
    // SAFETY: `p` is writable; the buffers hold what the call announces.
    unsafe {
        assert_eq!(
            mcrdun_scatter_params_default(p.as_mut_ptr()),
            McrdunStatus::Ok
        );
        let mut params = p.assume_init();
        params.count = count;
        params.disc_radius = 20 + count / 20;
        let mut rooms = vec![McrdunRect::default(); count as usize];
        let (mut len, mut rep) = (0usize, McrdunSeparation::default());
        let (st, pk) = peak(|| {
            mcrdun_scatter_generate(
                seed,
                &params,
                rooms.as_mut_ptr(),
                rooms.len(),
                &mut len,
                &mut rep,
            )
        });
        (rooms, st, pk)
    }
}

/// `n` overlapping rooms heaped near the origin.
fn heap(s: &mut Sizes, n: u64) -> Vec<McrdunRect> {
    let r = (n as f64).sqrt() as u64 + 2;
    (0..n)
        .map(|_| McrdunRect {
            x: s.below(r) as i32,
            y: s.below(r) as i32,
            w: 1 + s.below(9) as i32,
            h: 1 + s.below(9) as i32,
        })
        .collect()
}

/// `n` rooms stacked in one column, 1 cell apart: with a wide `max_gap`
/// every pair of them is a neighbour pair.
fn column(n: usize) -> Vec<McrdunRect> {
    (0..n)
        .map(|i| McrdunRect {
            x: 0,
            y: 2 * i as i32,
            w: 10,
            h: 1,
        })
        .collect()
}

/// Neighbour pairs (`*len` / 2) of `rooms`, and the call's status and peak.
fn neighbour_pairs(rooms: &[McrdunRect], gap: u32) -> (McrdunStatus, u64, u64) {
    let mut len = 0usize;
    // SAFETY: `rooms` holds `rooms.len()` rects; a NULL size query.
    let (st, pk) = peak(|| unsafe {
        mcrdun_scatter_neighbours(rooms.as_ptr(), rooms.len(), gap, 1, null_mut(), 0, &mut len)
    });
    (st, len as u64 / 2, pk)
}

/// `mcrdun_scatter_links` (size query) and `_unreachable`: statuses and peaks.
fn links(rooms: &[McrdunRect], gap: u32) -> [(McrdunStatus, u64); 2] {
    let (mut len, mut tree) = (0usize, 0usize);
    // SAFETY: `rooms` holds `rooms.len()` rects; NULL size queries.
    unsafe {
        [
            peak(|| {
                mcrdun_scatter_links(
                    rooms.as_ptr(),
                    rooms.len(),
                    gap,
                    1,
                    0,
                    0.3,
                    1,
                    null_mut(),
                    0,
                    &mut len,
                    &mut tree,
                )
            }),
            peak(|| {
                mcrdun_scatter_unreachable(
                    rooms.as_ptr(),
                    rooms.len(),
                    gap,
                    1,
                    0,
                    null_mut(),
                    0,
                    &mut len,
                )
            }),
        ]
    }
}

fn separate_c(rooms: &mut [McrdunRect]) -> (McrdunStatus, u64) {
    let mut rep = McrdunSeparation::default();
    // SAFETY: `rooms` holds `rooms.len()` writable rects.
    peak(|| unsafe {
        mcrdun_scatter_separate(rooms.as_mut_ptr(), rooms.len(), 0, 1000, false, &mut rep)
    })
}

#[test]
fn scatter_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(4);
    let stated = |name, unit, per_unit: u64| Stated::new(name, unit, per_unit as f64);
    let cases = [
        stated("mcrdun_scatter_generate", "room", GENERATE_PER_ROOM),
        stated("mcrdun_scatter_separate", "room", SEPARATE_PER_ROOM),
        stated("mcrdun_scatter_neighbours", "pair", NEIGHBOURS_PER_PAIR),
        stated("mcrdun_scatter_links", "pair", LINKS_PER_PAIR),
        stated("mcrdun_scatter_unreachable", "pair", LINKS_PER_PAIR),
    ];
    let mut worst = worst_of(&cases);
    for round in 0..8 {
        // Real heaps, big enough for the slope to show.
        let count = s.side(64, 30_000);
        let (rooms, st, pk) = generate(round, count as u32);
        assert_eq!(st, McrdunStatus::Ok);
        worst[0].add(&cases[0], count, pk);
        let mut h = heap(&mut s, count);
        let (st, pk) = separate_c(&mut h);
        assert_eq!(st, McrdunStatus::Ok);
        worst[1].add(&cases[1], count, pk);
        // Then pairs: scattered rooms, and rooms in a column (every pair).
        let col = column(s.side(2, 2000) as usize);
        for (rooms, gap) in [(&rooms[..], 1 + s.below(8) as u32), (&col[..], u32::MAX)] {
            let n = rooms.len() as u64;
            let (st, pairs, pk) = neighbour_pairs(rooms, gap);
            assert_eq!(st, McrdunStatus::BufferTooSmall);
            // Each per-pair slope is read past the rooms' part (the
            // excess over the stated whole is the same).
            let (rooms_part, want) = (NEIGHBOURS_PER_ROOM * n, NEIGHBOURS_PER_PAIR * pairs);
            worst[2].add_stated(&cases[2], want, pairs, pk.saturating_sub(rooms_part));
            let (rooms_part, want) = (LINKS_PER_ROOM * n, LINKS_PER_PAIR * pairs);
            for (k, (_, pk)) in links(rooms, gap).into_iter().enumerate() {
                let pk = pk.saturating_sub(rooms_part);
                worst[3 + k].add_stated(&cases[3 + k], want, pairs, pk);
            }
        }
    }
    report(&cases, &worst);
}

#[test]
fn scatter_calls_refuse_one_byte_short_and_succeed_at_their_stated_need() {
    // Rooms in a column: every pair is a neighbour pair.
    let n = 400u64;
    let col = column(n as usize);
    let pairs = n * (n - 1) / 2;
    let cases: [(u64, u64, u64); 3] = [
        (0, NEIGHBOURS_PER_ROOM * n, NEIGHBOURS_PER_PAIR * pairs),
        (1, LINKS_PER_ROOM * n, LINKS_PER_PAIR * pairs),
        (2, LINKS_PER_ROOM * n, LINKS_PER_PAIR * pairs),
    ];
    for (which, per_rooms, per_pairs) in cases {
        let call = || match which {
            0 => neighbour_pairs(&col, u32::MAX).0,
            k => links(&col, u32::MAX)[k as usize - 1].0,
        };
        // No room is unreachable: an empty list needs no buffer.
        let ok = if which == 2 {
            McrdunStatus::Ok
        } else {
            McrdunStatus::BufferTooSmall
        };
        let need = least_budget(call, ok);
        assert!(need <= per_rooms + per_pairs, "{which}: {need}");
        let _short = Budget::start_with(need - 1);
        let (st, pk) = peak(call);
        assert_eq!(st, McrdunStatus::TooLarge, "{which}");
        assert!(pk < ALLOWANCE, "{which}: {pk} bytes before refusing");
        drop(_short);
        let _enough = Budget::start_with(need);
        let (st, pk) = peak(call);
        assert_eq!(st, ok, "{which}");
        assert!(pk <= need + ALLOWANCE, "{which}: {pk} over {need}");
    }
    // Separation and generation: refused at their stated cost less a byte
    // before any work, accepted at it.
    let mut s = Sizes(9);
    let mut h = heap(&mut s, 3000);
    let before = h.clone();
    {
        let _short = Budget::start_with(SEPARATE_PER_ROOM * 3000 - 1);
        let (st, pk) = separate_c(&mut h);
        assert_eq!(st, McrdunStatus::TooLarge);
        assert!(pk < ALLOWANCE, "{pk} bytes before refusing");
        assert_eq!(h, before);
    }
    let _enough = Budget::start_with(SEPARATE_PER_ROOM * 3000);
    assert_eq!(separate_c(&mut h).0, McrdunStatus::Ok);
    drop(_enough);
    let _short = Budget::start_with(GENERATE_PER_ROOM * 3000 - 1);
    let (_, st, pk) = generate(1, 3000);
    assert_eq!(st, McrdunStatus::TooLarge);
    assert!(pk < ALLOWANCE, "{pk} bytes before refusing");
    drop(_short);
    let _enough = Budget::start_with(GENERATE_PER_ROOM * 3000);
    assert_eq!(generate(1, 3000).1, McrdunStatus::Ok);
}
