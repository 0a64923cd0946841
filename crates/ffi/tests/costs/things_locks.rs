//! Spawn tables, things placed on a caller's map, and the locks solver.

use super::*;
use std::ptr::{null, null_mut};

/// A table of `n` entries, each a few settings long.
fn table_text(n: usize) -> String {
    const GLYPHS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    (0..n)
        .map(|i| {
            format!(
                "thing t{i} # an entry\nglyph {}\ncount 0..2\nwhere room corridor\napart 3\naway 2\n# spaced out\n",
                GLYPHS[i % GLYPHS.len()] as char
            )
        })
        .collect()
}

#[test]
fn things_and_locks_keep_to_their_stated_costs() {
    let mut s = Sizes(29);
    let cases = [
        Stated::new(
            "mcrdun_thing_table_parse",
            "byte",
            mcrdun_things::PARSE_BYTES_PER_TEXT_BYTE as f64,
        ),
        Stated::new("mcrdun_things_place", "tile", 45.0),
        Stated::new("mcrdun_locks_solve", "tile", 6.0),
    ];
    let mut worst = worst_of(&cases);
    // Tables: at most one entry a glyph, so long texts repeat one table's
    // worth of entries (the parser refuses a second glyph) — measure many
    // tables of 40 to 62 entries.
    for _ in 0..8 {
        let n = s.side(40, 62) as usize;
        let text = table_text(n);
        let mut out = null_mut();
        // SAFETY: `text` holds its length; `out` is writable.
        let (st, p) = peak(|| unsafe {
            mcrdun_thing_table_parse(text.as_ptr().cast(), text.len(), &mut out)
        });
        assert_eq!(st, McrdunStatus::Ok);
        worst[0].add(&cases[0], text.len() as u64, p);
        // SAFETY: a live handle, freed once.
        unsafe { mcrdun_thing_table_free(out) };
    }
    let text = table_text(20);
    let mut table = null_mut();
    // SAFETY: as above.
    let st = unsafe { mcrdun_thing_table_parse(text.as_ptr().cast(), text.len(), &mut table) };
    assert_eq!(st, McrdunStatus::Ok);
    for _ in 0..10 {
        let (w, h) = (s.side(8, 1500), s.side(8, 1500));
        let open = map(&mut s, w, h, 900);
        let mut spots: Vec<u8> = open.iter().map(|&o| o * MCRDUN_SPOT_ROOM).collect();
        spots[0] = MCRDUN_SPOT_ROOM;
        let rooms = vec![0u32; spots.len()];
        let pm = McrdunPlaceMap {
            spots: spots.as_ptr(),
            width: w as u32,
            height: h as u32,
            rooms: rooms.as_ptr(),
            start: McrdunPoint { x: 0, y: 0 },
            has_end: false,
            end: McrdunPoint::default(),
            markers: null(),
            markers_len: 0,
        };
        let tables = [table.cast_const()];
        let mut out = vec![McrdunThing::default(); 64];
        let mut len = 0;
        // SAFETY: the map's buffers hold w * h items; `out` holds 64.
        let (st, p) = peak(|| unsafe {
            mcrdun_things_place(
                &pm,
                tables.as_ptr(),
                1,
                1,
                7,
                out.as_mut_ptr(),
                64,
                &mut len,
            )
        });
        assert_eq!(st, McrdunStatus::Ok, "{w} x {h}");
        worst[1].add(&cases[1], w * h, p);
        let walkable = map(&mut s, w, h, 700);
        let mut walkable = walkable;
        walkable[0] = 1;
        let door = [McrdunPoint { x: 1, y: 0 }];
        walkable[1] = 1;
        let locks = [McrdunLock {
            id: 1,
            doors: door.as_ptr(),
            doors_len: 1,
        }];
        let keys = [McrdunKey {
            lock: 1,
            at: McrdunPoint { x: 0, y: 0 },
        }];
        let mut legs = [McrdunLeg::default(); 4];
        // SAFETY: `walkable` holds w * h bytes, the rest their lengths.
        let (st, p) = peak(|| unsafe {
            mcrdun_locks_solve(
                walkable.as_ptr(),
                w as u32,
                h as u32,
                locks.as_ptr(),
                1,
                keys.as_ptr(),
                1,
                McrdunPoint { x: 0, y: 0 },
                McrdunPoint { x: 1, y: 0 },
                legs.as_mut_ptr(),
                4,
                &mut len,
                null_mut(),
            )
        });
        assert_eq!(st, McrdunStatus::Ok, "{w} x {h}");
        worst[2].add(&cases[2], w * h, p);
    }
    // SAFETY: a live handle, freed once.
    unsafe { mcrdun_thing_table_free(table) };
    report(&cases, &worst);
}

/// `mcrdun_level_options_set_things` (its copies of the tables: about 100
/// bytes an entry) and `mcrdun_level_solve` (6 bytes a tile and 40 a
/// lock) on levels made with locks through the C options.
#[test]
fn level_things_and_solve_keep_to_their_stated_costs() {
    let mut s = Sizes(31);
    let cases = [
        Stated::new("mcrdun_level_options_set_things", "entry", 100.0),
        Stated::new("mcrdun_level_solve", "tile", 6.0),
    ];
    let mut worst = worst_of(&cases);
    for _ in 0..6 {
        let n = s.side(1, 62) as usize;
        let text = table_text(n);
        let mut table = null_mut();
        let mut options = null_mut();
        // SAFETY: `text` holds its length; the out pointers are writable;
        // the handles are live and freed once.
        unsafe {
            assert_eq!(
                mcrdun_thing_table_parse(text.as_ptr().cast(), text.len(), &mut table),
                McrdunStatus::Ok
            );
            assert_eq!(
                mcrdun_level_options_new(MCRDUN_LEVEL_KIND_BSP, &mut options),
                McrdunStatus::Ok
            );
            let tables = [table.cast_const()];
            let (st, p) = peak(|| mcrdun_level_options_set_things(options, tables.as_ptr(), 1));
            assert_eq!(st, McrdunStatus::Ok);
            worst[0].add(&cases[0], n as u64, p);
            mcrdun_level_options_free(options);
            mcrdun_thing_table_free(table);
        }
    }
    let kinds = [
        MCRDUN_LEVEL_KIND_BSP,
        MCRDUN_LEVEL_KIND_SCATTER,
        MCRDUN_LEVEL_KIND_MAZE,
        MCRDUN_LEVEL_KIND_CAVE,
        MCRDUN_LEVEL_KIND_PASSAGES,
        MCRDUN_LEVEL_KIND_DRUNKARD,
    ];
    for i in 0..12 {
        let (w, h) = (s.side(40, 400), s.side(40, 400));
        let mut options = null_mut();
        let mut level = null_mut();
        // SAFETY: as above; `legs` holds 16 legs.
        unsafe {
            assert_eq!(
                mcrdun_level_options_new(kinds[i % kinds.len()], &mut options),
                McrdunStatus::Ok
            );
            assert_eq!(
                mcrdun_level_options_set_size(options, w as u32, h as u32),
                McrdunStatus::Ok
            );
            assert_eq!(
                mcrdun_level_options_set_seed(options, i as u64),
                McrdunStatus::Ok
            );
            assert_eq!(
                mcrdun_level_options_set(options, c"locks".as_ptr(), 2.0),
                McrdunStatus::Ok
            );
            let st = mcrdun_level_generate_with(options, &mut level);
            mcrdun_level_options_free(options);
            if st != McrdunStatus::Ok {
                continue;
            }
            let mut legs = [McrdunLeg::default(); 16];
            let mut len = 0;
            let (st, p) =
                peak(|| mcrdun_level_solve(level, legs.as_mut_ptr(), 16, &mut len, null_mut()));
            assert_eq!(st, McrdunStatus::Ok, "{w} x {h}");
            worst[1].add(&cases[1], w * h, p);
            mcrdun_level_free(level);
        }
    }
    report(&cases, &worst);
}
