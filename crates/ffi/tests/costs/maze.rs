//! The maze calls: every public maze function of the C ABI, every carving
//! algorithm, over random sizes; and each call refused one byte short of
//! its stated need, allocating less than [`ALLOWANCE`] first, and done with
//! exactly that need.

use super::*;
use mcrdun_carve::Algorithm;
use mcrdun_geom::memory::Budget;
use std::ffi::c_char;
use std::ptr::null_mut;

/// The stated working memory of a carve, bytes a cell, by algorithm number
/// (as `mcrdun_maze_carve`'s docs give them).
const CARVE_PER_CELL: [u64; 11] = [9, 9, 26, 9, 0, 9, 9, 9, 9, 0, 0];
/// Eller's bytes a column.
const ELLER_PER_COLUMN: u64 = 35;
/// Bytes a cell of the other calls, as their docs state them.
const NEW: u64 = 2;
const SOLVE: u64 = 9;
const HEX: u64 = 9;
const READ_HEX: u64 = 2;
const BRAID: u64 = 8;
const TEXTURE: u64 = 12;
const LOOP_COUNT: u64 = 9;

fn maze(w: u32, h: u32) -> *mut McrdunMaze {
    let mut m = null_mut();
    // SAFETY: `m` is writable.
    assert_eq!(unsafe { mcrdun_maze_new(w, h, &mut m) }, McrdunStatus::Ok);
    m
}

/// The stated bytes of carving a `w` x `h` maze with algorithm `a`.
fn carve_need(a: usize, w: u32, h: u32) -> u64 {
    let per_column = if a == 4 { ELLER_PER_COLUMN } else { 0 };
    u64::from(w) * u64::from(h) * CARVE_PER_CELL[a] + u64::from(w) * per_column
}

/// A name that lives as long as the test: `what (algorithm)`.
fn named(what: &str, a: usize) -> &'static str {
    Box::leak(format!("{what} ({})", Algorithm::NAMES[a]).into_boxed_str())
}

#[test]
fn stated_carving_costs_are_the_crates() {
    for (a, algorithm) in Algorithm::ALL.into_iter().enumerate() {
        assert_eq!(algorithm.scratch_bytes_per_cell(), CARVE_PER_CELL[a]);
        let column = if a == 4 { ELLER_PER_COLUMN } else { 0 };
        assert_eq!(algorithm.scratch_bytes_per_column(), column);
    }
}

/// Every algorithm, carved whole (with and without the "42" mask) and by
/// piece (a mask split in two by a blocked column), over random sizes; and
/// the row-wise ones on very wide mazes, where Eller's bytes a column show.
#[test]
fn every_carver_keeps_to_its_stated_cost() {
    let mut s = Sizes(11);
    let n = Algorithm::ALL.len();
    let cases: Vec<Stated> = (0..2 * n)
        .map(|k| Stated {
            name: named(
                if k < n {
                    "mcrdun_maze_carve"
                } else {
                    "mcrdun_maze_carve_piece"
                },
                k % n,
            ),
            unit: "cell",
            per_unit: CARVE_PER_CELL[k % n] as f64,
        })
        .collect();
    let mut worst = worst_of(&cases);
    let mut sizes: Vec<(u32, u32)> = (0..10)
        .map(|_| (s.side(2, 500) as u32, s.side(2, 500) as u32))
        .collect();
    sizes.extend([(40_000, 2), (2, 30_000), (9, 7)]);
    for (round, &(w, h)) in sizes.iter().enumerate() {
        let cells = u64::from(w) * u64::from(h);
        for (a, algorithm) in Algorithm::ALL.into_iter().enumerate() {
            let need = carve_need(a, w, h);
            let mut record = |k: usize, st: McrdunStatus, p: u64| {
                if st == McrdunStatus::Ok {
                    worst[k].add_stated(&cases[k], need, cells, p);
                } else {
                    // Only Wilson refuses, on thin shapes, before any work.
                    assert_eq!((a, st), (3, McrdunStatus::TooLarge), "{w} x {h}");
                    assert!(p < ALLOWANCE, "{p}");
                }
            };
            let m = maze(w, h);
            // SAFETY: `m` is a live maze, freed once below.
            unsafe {
                let (st, p) = peak(|| mcrdun_maze_carve(m, a as u32, 0, 0, round as u64));
                record(a, st, p);
                if algorithm.supports_mask() && w >= 9 && h >= 7 {
                    assert_eq!(mcrdun_maze_block_pattern42(m), McrdunStatus::Ok);
                    let (st, p) = peak(|| mcrdun_maze_carve(m, a as u32, 0, 0, round as u64));
                    record(a, st, p);
                }
                if algorithm.supports_mask() && w >= 3 {
                    for y in 0..h {
                        assert_eq!(mcrdun_maze_block(m, w / 2, y), McrdunStatus::Ok);
                    }
                }
                let (st, p) = peak(|| mcrdun_maze_carve_piece(m, a as u32, 0, 0, round as u64));
                record(n + a, st, p);
                mcrdun_maze_free(m);
            }
        }
    }
    report(&cases, &worst);
}

/// Each carver refuses one byte short of its stated need, having allocated
/// less than the allowance, and carves with exactly that need.
#[test]
fn every_carver_refuses_one_byte_short() {
    let (w, h) = (300, 200);
    for a in 0..Algorithm::ALL.len() {
        let need = carve_need(a, w, h);
        let m = maze(w, h);
        // SAFETY: `m` is a live maze, freed once below.
        unsafe {
            if need > 0 {
                let _call = Budget::start_with(need - 1);
                let (st, p) = peak(|| mcrdun_maze_carve(m, a as u32, 0, 0, 1));
                assert_eq!(st, McrdunStatus::TooLarge, "{}", Algorithm::NAMES[a]);
                assert!(p < ALLOWANCE, "{} allocated {p}", Algorithm::NAMES[a]);
            }
            let _call = Budget::start_with(need);
            let (st, p) = peak(|| mcrdun_maze_carve(m, a as u32, 0, 0, 1));
            assert_eq!(st, McrdunStatus::Ok, "{}", Algorithm::NAMES[a]);
            assert!(
                p <= need + ALLOWANCE,
                "{} peaked at {p}",
                Algorithm::NAMES[a]
            );
            drop(_call);
            assert_eq!(mcrdun_maze_loop_count(m), 0);
            mcrdun_maze_free(m);
        }
    }
}

/// A hex text of a carved `w` x `h` maze, corner to corner.
fn hex_text(m: *const McrdunMaze, w: u32, h: u32) -> Vec<c_char> {
    let mut len = 0usize;
    // SAFETY: `m` is live; the buffer has the announced length.
    unsafe {
        mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len);
        let mut text = vec![0 as c_char; len];
        let st = mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, text.as_mut_ptr(), len, &mut len);
        assert_eq!(st, McrdunStatus::Ok);
        text.pop(); // the NUL
        text
    }
}

#[test]
fn maze_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(2);
    let stated = |name, unit, per_unit: u64| Stated::new(name, unit, per_unit as f64);
    let cases = [
        stated("mcrdun_maze_new", "cell", NEW),
        stated("mcrdun_maze_block_pattern42", "cell", 0),
        stated("mcrdun_maze_solve", "cell", SOLVE),
        stated("mcrdun_maze_hex", "cell", HEX),
        stated("mcrdun_maze_set_ends", "cell", 0),
        stated("mcrdun_maze_hex_file", "cell", HEX),
        // Plus a byte a path step: the stated bytes are worked out below.
        stated("mcrdun_maze_read_hex", "cell", READ_HEX),
        stated("mcrdun_maze_braid", "cell", BRAID),
        stated("mcrdun_maze_texture", "cell", TEXTURE),
        stated("mcrdun_maze_tiles", "tile", 0),
        stated("mcrdun_maze_walls", "cell", 0),
        stated("mcrdun_maze_loop_count", "cell", LOOP_COUNT),
        stated("mcrdun_maze_ends", "cell", 0),
    ];
    let mut worst = worst_of(&cases);
    for round in 0..12u64 {
        let (w, h) = (s.side(9, 600) as u32, s.side(7, 600) as u32);
        let cells = u64::from(w) * u64::from(h);
        let tiles = (2 * u64::from(w) + 1) * (2 * u64::from(h) + 1);
        let (m, p) = peak(|| maze(w, h));
        worst[0].add(&cases[0], cells, p);
        // SAFETY: `m` is a live maze; buffers are NULL size queries or
        // vectors of the announced length.
        unsafe {
            let (st, p) = peak(|| mcrdun_maze_block_pattern42(m));
            assert_eq!(st, McrdunStatus::Ok);
            worst[1].add(&cases[1], cells, p);
            let algorithm = (round as u32 % 2) * 2; // backtracker, kruskal
            assert_eq!(
                mcrdun_maze_carve(m, algorithm, 0, 0, round),
                McrdunStatus::Ok
            );
            let mut len = 0usize;
            let (_, p) = peak(|| mcrdun_maze_solve(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len));
            worst[2].add(&cases[2], cells, p);
            let mut out = vec![0 as c_char; len];
            let (st, p) =
                peak(|| mcrdun_maze_solve(m, 0, 0, w - 1, h - 1, out.as_mut_ptr(), len, &mut len));
            assert_eq!(st, McrdunStatus::Ok);
            worst[2].add(&cases[2], cells, p);
            let (_, p) = peak(|| mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len));
            worst[3].add(&cases[3], cells, p);
            let mut out = vec![0 as c_char; len];
            let (st, p) =
                peak(|| mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, out.as_mut_ptr(), len, &mut len));
            assert_eq!(st, McrdunStatus::Ok);
            worst[3].add(&cases[3], cells, p);
            let (st, p) = peak(|| mcrdun_maze_set_ends(m, w - 1, 0, 0, h - 1));
            assert_eq!(st, McrdunStatus::Ok);
            worst[4].add(&cases[4], cells, p);
            let (_, p) = peak(|| mcrdun_maze_hex_file(m, null_mut(), 0, &mut len));
            worst[5].add(&cases[5], cells, p);
            let text = hex_text(m, w, h);
            let path = text
                .iter()
                .rev()
                .skip(1)
                .take_while(|&&c| c != b'\n' as c_char);
            let read_need = cells * READ_HEX + path.count() as u64;
            let mut back = null_mut();
            let (st, p) = peak(|| mcrdun_maze_read_hex(text.as_ptr(), text.len(), &mut back));
            assert_eq!(st, McrdunStatus::Ok);
            worst[6].add_stated(&cases[6], read_need, cells, p);
            mcrdun_maze_free(back);
            let (st, p) = peak(|| mcrdun_maze_braid(m, 0.5, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[7].add(&cases[7], cells, p);
            let mut t = std::mem::MaybeUninit::<McrdunMazeTexture>::uninit();
            let (st, p) = peak(|| mcrdun_maze_texture(m, t.as_mut_ptr()));
            assert_eq!(st, McrdunStatus::Ok);
            worst[8].add(&cases[8], cells, p);
            let (_, p) = peak(|| mcrdun_maze_tiles(m, null_mut(), 0, &mut len));
            worst[9].add(&cases[9], tiles, p);
            let mut out = vec![0u8; len];
            let (st, p) = peak(|| mcrdun_maze_tiles(m, out.as_mut_ptr(), len, &mut len));
            assert_eq!(st, McrdunStatus::Ok);
            worst[9].add(&cases[9], tiles, p);
            let mut out = vec![0u8; cells as usize];
            let (st, p) = peak(|| mcrdun_maze_walls(m, out.as_mut_ptr(), out.len(), &mut len));
            assert_eq!(st, McrdunStatus::Ok);
            worst[10].add(&cases[10], cells, p);
            let (loops, p) = peak(|| mcrdun_maze_loop_count(m));
            assert!(loops < cells as usize);
            worst[11].add(&cases[11], cells, p);
            let mut e = [0u32; 4];
            let (st, p) = peak(|| {
                let [a, b, c, d] = &mut e;
                mcrdun_maze_ends(m, a, b, c, d)
            });
            assert_eq!(st, McrdunStatus::Ok);
            worst[12].add(&cases[12], cells, p);
            mcrdun_maze_free(m);
        }
    }
    report(&cases, &worst);
}

/// Runs `call` under a budget of `need - 1` bytes (it must refuse with
/// `TOO_LARGE`, having allocated less than the allowance) and of `need`
/// (it must succeed within `need` plus the allowance).
fn refuses_one_byte_short(what: &str, need: u64, mut call: impl FnMut() -> McrdunStatus) {
    {
        let _call = Budget::start_with(need - 1);
        let (st, p) = peak(&mut call);
        assert_eq!(st, McrdunStatus::TooLarge, "{what} one byte short");
        assert!(p < ALLOWANCE, "{what} allocated {p} before refusing");
    }
    let _call = Budget::start_with(need);
    let (st, p) = peak(&mut call);
    assert_eq!(st, McrdunStatus::Ok, "{what} with its need");
    assert!(p <= need + ALLOWANCE, "{what} peaked at {p}, need {need}");
}

#[test]
fn maze_calls_refuse_one_byte_short() {
    let (w, h) = (300u32, 200u32);
    let cells = u64::from(w * h);
    let m = maze(w, h);
    let mut len = 0usize;
    // SAFETY: `m` is a live maze, freed once at the end; buffers are NULL
    // size queries or vectors of the announced length.
    unsafe {
        let mut out = null_mut();
        refuses_one_byte_short("mcrdun_maze_new", cells * NEW, || {
            let st = mcrdun_maze_new(w, h, &mut out);
            mcrdun_maze_free(out);
            out = null_mut();
            st
        });
        assert_eq!(mcrdun_maze_block_pattern42(m), McrdunStatus::Ok);
        assert_eq!(mcrdun_maze_carve(m, 0, 0, 0, 5), McrdunStatus::Ok);
        mcrdun_maze_solve(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len);
        let mut text = vec![0 as c_char; len];
        refuses_one_byte_short("mcrdun_maze_solve", cells * SOLVE, || {
            mcrdun_maze_solve(m, 0, 0, w - 1, h - 1, text.as_mut_ptr(), len, &mut len)
        });
        mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len);
        let mut text = vec![0 as c_char; len];
        refuses_one_byte_short("mcrdun_maze_hex", cells * HEX, || {
            mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, text.as_mut_ptr(), len, &mut len)
        });
        assert_eq!(
            mcrdun_maze_set_ends(m, 0, 0, w - 1, h - 1),
            McrdunStatus::Ok
        );
        let mut text = vec![0 as c_char; len];
        refuses_one_byte_short("mcrdun_maze_hex_file", cells * HEX, || {
            mcrdun_maze_hex_file(m, text.as_mut_ptr(), len, &mut len)
        });
        text.pop();
        let path = text
            .iter()
            .rev()
            .skip(1)
            .take_while(|&&c| c != b'\n' as c_char);
        let read_need = cells * READ_HEX + path.count() as u64;
        refuses_one_byte_short("mcrdun_maze_read_hex", read_need, || {
            let st = mcrdun_maze_read_hex(text.as_ptr(), text.len(), &mut out);
            mcrdun_maze_free(out);
            out = null_mut();
            st
        });
        let mut t = std::mem::MaybeUninit::<McrdunMazeTexture>::uninit();
        refuses_one_byte_short("mcrdun_maze_texture", cells * TEXTURE, || {
            mcrdun_maze_texture(m, t.as_mut_ptr())
        });
        refuses_one_byte_short("mcrdun_maze_braid", cells * BRAID, || {
            mcrdun_maze_braid(m, 0.5, 3)
        });
        refuses_one_byte_short("mcrdun_maze_loop_count", cells * LOOP_COUNT, || {
            match mcrdun_maze_loop_count(m) {
                usize::MAX => McrdunStatus::TooLarge,
                _ => McrdunStatus::Ok,
            }
        });
        let fresh = maze(w, h);
        // No working memory: these work under a ceiling of 0.
        let _none = Budget::start_with(0);
        assert_eq!(
            mcrdun_maze_tiles(m, null_mut(), 0, &mut len),
            McrdunStatus::BufferTooSmall
        );
        let mut tiles = vec![0u8; len];
        let (st, p) = peak(|| mcrdun_maze_tiles(m, tiles.as_mut_ptr(), len, &mut len));
        assert_eq!((st, p), (McrdunStatus::Ok, 0));
        let mut walls = vec![0u8; cells as usize];
        let st = mcrdun_maze_walls(m, walls.as_mut_ptr(), walls.len(), &mut len);
        assert_eq!(st, McrdunStatus::Ok);
        assert_eq!(
            mcrdun_maze_carve(m, 9, 0, 0, 1),
            McrdunStatus::Unsatisfiable
        );
        let (st, p) = peak(|| mcrdun_maze_block_pattern42(fresh));
        assert_eq!((st, p), (McrdunStatus::Ok, 0));
        mcrdun_maze_free(fresh);
        mcrdun_maze_free(m);
    }
}

/// A hex text that claims a maze far past the ceiling (a first row of
/// 100000 digits, then 100000 short rows) is refused before its rows are
/// read or anything is allocated.
#[test]
fn read_hex_refuses_a_huge_claim_before_allocating() {
    let mut text = "F".repeat(100_000);
    text.push('\n');
    text.push_str(&"F\n".repeat(100_000));
    text.push_str("\n0,0\n0,1\n\n");
    let _call = Budget::start_with(1 << 20);
    let mut out = null_mut();
    // SAFETY: `text` is readable for its length; `out` is writable.
    let (st, p) =
        peak(|| unsafe { mcrdun_maze_read_hex(text.as_ptr().cast(), text.len(), &mut out) });
    // 100000 x 100001 cells claimed: refused as too large before the rows
    // are read (the second row, one digit long, is never looked at).
    assert_eq!(st, McrdunStatus::TooLarge);
    assert!(out.is_null());
    assert!(p < ALLOWANCE, "allocated {p}");
    // A claim that fits (100 x 1001 cells) is read, and its short rows
    // refused as such, before anything is allocated.
    let text = format!("{}\n{}\n0,0\n0,1\n\n", "F".repeat(100), "F\n".repeat(1000));
    // SAFETY: as above.
    let (st, p) =
        peak(|| unsafe { mcrdun_maze_read_hex(text.as_ptr().cast(), text.len(), &mut out) });
    assert_eq!(st, McrdunStatus::InvalidArgument);
    assert!(out.is_null());
    assert!(p < ALLOWANCE, "allocated {p}");
    // A well-formed text of 2000 x 1000 cells: 2 MB, refused under 1 MiB.
    let mut text = String::new();
    for y in 0..1000 {
        let row: String = (0..2000)
            .map(|x| {
                let n = u32::from(y == 0) | u32::from(x == 1999) << 1;
                let s = u32::from(y == 999) << 2 | u32::from(x == 0) << 3;
                char::from_digit(n | s, 16).unwrap().to_ascii_uppercase()
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    text.push_str("\n0,0\n1,0\nE\n");
    // SAFETY: as above.
    let (st, p) =
        peak(|| unsafe { mcrdun_maze_read_hex(text.as_ptr().cast(), text.len(), &mut out) });
    assert_eq!(st, McrdunStatus::TooLarge);
    assert!(out.is_null());
    assert!(p < ALLOWANCE, "allocated {p}");
}

/// The Rust API of `mcrdun-carve` on its own: the outputs and analyses that
/// have no C function of their own, and the Rust names of the C calls,
/// each against the memory its docs state.
#[test]
fn rust_maze_calls_keep_to_their_stated_costs() {
    use mcrdun_carve::{Maze, MazeFile, pattern42};
    use mcrdun_geom::Point;
    use mcrdun_geom::random::seeded_rng;
    let mut s = Sizes(5);
    let stated = |name, per_unit: f64| Stated {
        name,
        unit: "cell",
        per_unit,
    };
    let cases = [
        stated("Maze::to_ascii", 8.0),
        stated("MazeFile::to_text", 3.0),
        stated("Maze::to_hex_rows", 1.0),
        stated("Maze::to_grid", 1.0),
        stated("Maze::tiles", 4.0),
        stated("Maze::texture", TEXTURE as f64),
        stated("Maze::component_count", LOOP_COUNT as f64),
        stated("MazeFile::parse", READ_HEX as f64),
        stated("pattern42", 1.0),
        stated("Maze::to_hex", HEX as f64),
    ];
    let mut worst = worst_of(&cases);
    for round in 0..12 {
        let (w, h) = (s.side(9, 600) as u32, s.side(7, 600) as u32);
        let (wu, hu) = (u64::from(w), u64::from(h));
        let cells = wu * hu;
        let mut m = Maze::new(w, h).unwrap();
        m.block_pattern42().unwrap();
        Algorithm::ALL[round % 11]
            .carve_piece(&mut m, Point::new(0, 0), &mut seeded_rng(round as u64))
            .unwrap_or_else(|_| {
                // The row-wise carvers refuse the mask: carve unmasked.
                m = Maze::new(w, h).unwrap();
                Algorithm::ALL[round % 11]
                    .carve(&mut m, Point::new(0, 0), &mut seeded_rng(1))
                    .unwrap();
            });
        let (a, b) = (Point::new(0, 0), Point::new(w as i32 - 1, h as i32 - 1));
        let Ok(file) = MazeFile::new(m.clone(), a, b) else {
            continue; // a piece carve may leave the far corner out
        };
        let path = file.path.len() as u64;
        let (out, p) = peak(|| m.to_ascii().unwrap());
        worst[0].add_stated(&cases[0], (4 * wu + 2) * (2 * hu + 1), cells, p);
        drop(out);
        let (text, p) = peak(|| file.to_text().unwrap());
        worst[1].add_stated(&cases[1], cells + hu + path + 49, cells, p);
        let (out, p) = peak(|| m.to_hex_rows().unwrap());
        worst[2].add_stated(&cases[2], cells + hu, cells, p);
        drop(out);
        let (out, p) = peak(|| m.to_grid().unwrap());
        worst[3].add(&cases[3], cells, p);
        drop(out);
        let (out, p) = peak(|| m.tiles().unwrap());
        worst[4].add_stated(&cases[4], (2 * wu + 1) * (2 * hu + 1), cells, p);
        drop(out);
        let (_, p) = peak(|| m.texture().unwrap());
        worst[5].add(&cases[5], cells, p);
        let (_, p) = peak(|| m.component_count().unwrap());
        worst[6].add(&cases[6], cells, p);
        let (back, p) = peak(|| MazeFile::parse(&text).unwrap());
        worst[7].add_stated(&cases[7], cells * READ_HEX + path, cells, p);
        assert_eq!(back, file);
        let (out, p) = peak(|| pattern42(w, h).unwrap());
        worst[8].add(&cases[8], cells, p);
        drop(out);
        let (out, p) = peak(|| m.to_hex(a, b).unwrap());
        worst[9].add(&cases[9], cells, p);
        assert_eq!(out, text);
    }
    report(&cases, &worst);
}
