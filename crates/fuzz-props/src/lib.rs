//! The properties behind mcrdun's fuzz targets, as ordinary functions.
//!
//! Each `pub fn` takes the fuzzer's bytes, decodes an input from them with
//! [`Bytes`] (running out of bytes reads zeros, so every byte string is a
//! valid input), runs mcrdun on it and panics when a property fails: a
//! result that disagrees with an independent brute-force computation, or an
//! invariant broken. Bad input must come back as an error value, never a
//! panic, so any panic is a finding.
//!
//! The cargo-fuzz targets in `fuzz/fuzz_targets/` are one line each, calling
//! these functions; `tests/corpus.rs` calls them on every file of
//! `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` under an
//! ordinary `cargo test` on stable, so CI replays the corpora without
//! nightly. [`TARGETS`] lists the pairs.
//!
//! | target | property |
//! |---|---|
//! | `maze_hex` | the 42 hex reader never panics; a file it accepts re-reads identically and its walls agree across every shared side |
//! | `regions` | labels equal a plain breadth-first flood fill (same compact raster numbering), statistics match, `connect` leaves one region and keeps the floor |
//! | `bsp_ops` | after any sequence of splits, clears and resizes, the leaves tile the root and the cached adjacency equals a brute force over the leaf rectangles |
//! | `scatter_separate` | separated rooms keep their sizes and never overlap, with the padding between every pair |
//! | `passages_layout` | every border equals the brute-force list of 4-adjacent cell pairs of the two rooms |
//! | `c_abi` | arbitrary call sequences on the C ABI never report `PANIC`, keep canaries around output buffers intact and agree with the two-call protocol |
//! | `level` | every generated level's walkable tiles are one 4-connected region (an independent flood fill) |
//! | `vaults` | the vault parser never panics; errors name a line of the text; every vault accepted, turned and mirrored as its settings allow, is written out and read back to the same map with the same markers and entrances |
//! | `option_set` | `LevelConfig::set` / `set_text` by any name and value: a refused value changes nothing, a taken one reads back exactly and is in its range, and the options then generate a level or an error |
//! | `level_options` | arbitrary calls on the C options handle agree with the same calls on a Rust `LevelConfig` (accepted or refused alike, values read back alike), never `PANIC`, and the handle builds the level Rust builds |
//! | `things_parse` | the spawn table parser never panics; errors name a line of the text; an accepted table's full text reads back to itself; C accepts and refuses alike |
//! | `things_place` | things placed on any small map keep every rule of their entries (kind of place, distance share, away, apart, group, counts, blocks), checked by an independent breadth-first search; C places the same things |
//! | `locks_solve` | the locks solver on any small puzzle: a walkthrough replays (each leg a shortest walk to a nearest target with the locks opened so far), `Stuck` only when no order of reachable keys reaches the goal; C answers alike |
//! | `level_locks` | levels of any kind, size and options with 0 to 32 locks, half with a locked vault: a refusal is typed (too many locks names fewer that fit), else exactly the locks asked for, each locked door one lock's, the public solver walks to the down stairs, every chain key before its lock and needed, no locked vault reached without its key |
//! | `distance` | every distance-map algorithm equals a fixpoint of relaxation sweeps (any costs, sources, start values, steps); the farthest cell and the descent from it agree with the map |
//!
//! ```
//! // Any bytes are an input; a property failure would panic.
//! mcrdun_fuzz_props::regions(&[7, 7, 1, 200, 0x5A, 0xC3, 0x0F]);
//! ```
#![deny(unsafe_code)]

mod c_abi;
mod distance;
mod level_locks;
mod locks;
mod options;
mod things;
mod vaults;

use mcrdun_bsp::Bsp;
use mcrdun_carve::MazeFile;
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Grid, Point, Rect, Side};
use mcrdun_regions::{Cells, ConnectOptions, Connectivity, LabelOptions, NO_REGION, RegionStats};
use std::collections::VecDeque;

pub use c_abi::c_abi;
pub use distance::distance;
pub use level_locks::level_locks;
pub use locks::locks_solve;
pub use options::{level_options, option_set};
pub use things::{things_parse, things_place};
pub use vaults::vaults;

/// A property: panics when the input shows a bug.
pub type Property = fn(&[u8]);

/// Every target: its name (the directory under `fuzz/corpus/`) and its
/// property.
pub const TARGETS: [(&str, Property); 15] = [
    ("maze_hex", maze_hex),
    ("regions", regions),
    ("bsp_ops", bsp_ops),
    ("scatter_separate", scatter_separate),
    ("passages_layout", passages_layout),
    ("c_abi", c_abi),
    ("level", level),
    ("distance", distance),
    ("vaults", vaults),
    ("option_set", option_set),
    ("level_options", level_options),
    ("things_parse", things_parse),
    ("things_place", things_place),
    ("locks_solve", locks_solve),
    ("level_locks", level_locks),
];

/// A cursor over fuzzer bytes; reads past the end give zeros.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, pos: 0 }
    }
    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }
    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | u16::from(self.u8()) << 8
    }
    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | u32::from(self.u16()) << 16
    }
    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }
    /// A value in `0..n` (`n >= 1`) from one or two bytes.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 256 {
            u32::from(self.u8()) % n
        } else {
            u32::from(self.u16()) % n
        }
    }
    /// A boolean from the low bit of a byte.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }
}

fn step(p: Point, side: Side) -> Point {
    let d = side.delta();
    Point::new(p.x + d.x, p.y + d.y)
}

/// The 42 maze file reader: no panic on any text; an accepted file re-reads
/// to itself and its walls agree across every shared side.
pub fn maze_hex(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = MazeFile::parse(text) else {
        return;
    };
    let again = MazeFile::parse(&file.to_text().expect("a read file writes back"))
        .expect("a file the reader accepted re-reads");
    assert_eq!(again, file, "read -> write -> read changed the file");
    let m = &file.maze;
    for y in 0..m.height() as i32 {
        for x in 0..m.width() as i32 {
            let p = Point::new(x, y);
            let walls = m.walls(p).expect("a cell inside");
            for side in Side::ALL {
                let q = step(p, side);
                match m.walls(q) {
                    Some(other) => assert_eq!(
                        walls & side.bit() != 0,
                        other & side.opposite().bit() != 0,
                        "cells {p} and {q} disagree about their wall"
                    ),
                    None => assert!(walls & side.bit() != 0, "border wall open at {p}"),
                }
            }
        }
    }
}

/// The neighbours of cell `(x, y)` on a `w x h` map, wrapping as asked.
fn neighbours(
    x: usize,
    y: usize,
    w: usize,
    h: usize,
    eight: bool,
    wrap: (bool, bool),
) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(8);
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            if (dx == 0 && dy == 0) || (!eight && dx != 0 && dy != 0) {
                continue;
            }
            let (mut nx, mut ny) = (x as i64 + dx, y as i64 + dy);
            if wrap.0 {
                nx = nx.rem_euclid(w as i64);
            }
            if wrap.1 {
                ny = ny.rem_euclid(h as i64);
            }
            if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                out.push((nx as usize, ny as usize));
            }
        }
    }
    out
}

/// Labels by breadth-first flood fill from each unlabelled floor cell in
/// raster order: the reference for `mcrdun_regions::label`.
pub fn flood_labels(
    cells: &[u8],
    w: usize,
    h: usize,
    eight: bool,
    wrap: (bool, bool),
) -> (Vec<u32>, u32) {
    let mut labels = vec![NO_REGION; cells.len()];
    let mut next = 0u32;
    let mut queue = VecDeque::new();
    for start in 0..cells.len() {
        if cells[start] == 0 || labels[start] != NO_REGION {
            continue;
        }
        labels[start] = next;
        queue.push_back(start);
        while let Some(i) = queue.pop_front() {
            for (nx, ny) in neighbours(i % w, i / w, w, h, eight, wrap) {
                let j = ny * w + nx;
                if cells[j] != 0 && labels[j] == NO_REGION {
                    labels[j] = next;
                    queue.push_back(j);
                }
            }
        }
        next += 1;
    }
    (labels, next)
}

/// Regions: labels and statistics against a flood fill, then `connect`.
pub fn regions(data: &[u8]) {
    let mut b = Bytes::new(data);
    let w = 1 + b.below(48) as usize;
    let h = 1 + b.below(48) as usize;
    let eight = b.bool();
    let wrap = (b.bool(), b.bool());
    let density = b.u8();
    let cells: Vec<u8> = (0..w * h).map(|_| u8::from(b.u8() < density)).collect();
    let connectivity = if eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let options = LabelOptions::new(connectivity).wrapping(wrap.0, wrap.1);
    let view = Cells::from_slice(&cells, w as u32, h as u32).expect("sizes match");
    let mut labels = vec![0u32; w * h];
    let stats =
        mcrdun_regions::label_with_stats(view, options, &mut labels).expect("a small map labels");
    let count = stats.len() as u32;
    let (reference, ref_count) = flood_labels(&cells, w, h, eight, wrap);
    assert_eq!(count, ref_count, "region count, {w} x {h}");
    assert_eq!(labels, reference, "labels, {w} x {h}");
    let mut ref_stats = vec![RegionStats::EMPTY; count as usize];
    for (i, &l) in reference.iter().enumerate() {
        if l != NO_REGION {
            let (x, y) = ((i % w) as u32, (i / w) as u32);
            ref_stats[l as usize].add_run(y, x, x + 1);
        }
    }
    assert_eq!(stats, ref_stats, "statistics, {w} x {h}");

    let keep_border = b.bool();
    let mut dug = cells.clone();
    let result = mcrdun_regions::connect_slice(
        &mut dug,
        w as u32,
        h as u32,
        ConnectOptions {
            connectivity,
            keep_border,
        },
    );
    for (i, (&before, &after)) in cells.iter().zip(&dug).enumerate() {
        assert!(before == 0 || after != 0, "connect removed floor at {i}");
    }
    match result {
        Ok(corridors) => {
            let (_, n) = flood_labels(&dug, w, h, eight, (false, false));
            assert!(n <= 1, "connect left {n} regions on {w} x {h}");
            for c in corridors {
                for p in c.cells {
                    let i = p.y as usize * w + p.x as usize;
                    assert!(
                        cells[i] == 0 && dug[i] != 0,
                        "corridor cell {p} was not dug"
                    );
                }
            }
        }
        Err(mcrdun_regions::RegionsError::Unconnectable { .. }) => {
            assert!(keep_border, "unconnectable without keep_border");
            assert_eq!(dug, cells, "the map changed on failure");
        }
        Err(e) => panic!("connect failed on a small map: {e}"),
    }
}

/// Whether two rectangles share a wall segment of length >= 1.
fn touch(a: &Rect, b: &Rect) -> bool {
    let overlap = |a0: i32, a1: i32, b0: i32, b1: i32| a0.max(b0) < a1.min(b1);
    ((a.right() == b.x() || b.right() == a.x()) && overlap(a.y(), a.bottom(), b.y(), b.bottom()))
        || ((a.bottom() == b.y() || b.bottom() == a.y())
            && overlap(a.x(), a.right(), b.x(), b.right()))
}

/// BSP: a sequence of operations; after each, the leaves tile the root and
/// the adjacency equals a brute force over the leaf rectangles.
pub fn bsp_ops(data: &[u8]) {
    let mut b = Bytes::new(data);
    let w = 1 + b.below(300) as i32;
    let h = 1 + b.below(300) as i32;
    let Ok(mut bsp) = Bsp::with_bounds(b.below(50) as i32 - 25, b.below(50) as i32 - 25, w, h)
    else {
        return;
    };
    for _ in 0..24 {
        if b.is_empty() {
            break;
        }
        match b.below(8) {
            0..=3 => {
                let n = bsp.leaf_count() as u32;
                let leaf = b.below(n.max(1)) as usize;
                let horizontal = b.bool();
                let Ok(id) = bsp.leaf(leaf) else { continue };
                let r = bsp.leaf_rect(leaf).expect("leaf exists");
                let span = if horizontal { r.h() } else { r.w() };
                let start = if horizontal { r.y() } else { r.x() };
                let pos = start + b.below(span.max(1) as u32 + 2) as i32 - 1;
                let _ = bsp.split_once(id, horizontal, pos);
            }
            4 => {
                let seed = b.u64();
                let depth = b.below(7);
                let (mw, mh) = (1 + b.below(12) as i32, 1 + b.below(12) as i32);
                let ratio = 1.0 + f32::from(b.u8()) / 64.0;
                let root = bsp.root();
                let _ =
                    bsp.split_recursive(root, &mut seeded_rng(seed), depth, mw, mh, ratio, ratio);
            }
            5 => bsp.clear(),
            6 => {
                let r = bsp.rect();
                let (dw, dh) = (b.below(40) as i32 - 20, b.below(40) as i32 - 20);
                if let Ok(nr) = Rect::new(
                    r.x() + 1,
                    r.y() - 1,
                    (r.w() + dw).max(1),
                    (r.h() + dh).max(1),
                ) {
                    let before: Vec<Rect> = bsp.leaf_rects().collect();
                    if bsp.resize(nr).is_err() {
                        let after: Vec<Rect> = bsp.leaf_rects().collect();
                        assert_eq!(before, after, "a failed resize changed the tree");
                    }
                }
            }
            _ => {
                let p = Point::new(
                    bsp.rect().x() + b.below(320) as i32 - 10,
                    bsp.rect().y() + b.below(320) as i32 - 10,
                );
                let found = bsp.find_leaf(p);
                let brute = bsp.leaf_rects().position(|r| r.contains(p));
                assert_eq!(found, brute, "find_leaf({p})");
            }
        }
        check_bsp(&bsp);
    }
}

fn check_bsp(bsp: &Bsp) {
    let rects: Vec<Rect> = bsp.leaf_rects().collect();
    let root = bsp.rect();
    let area: i64 = rects
        .iter()
        .map(|r| i64::from(r.w()) * i64::from(r.h()))
        .sum();
    assert_eq!(
        area,
        i64::from(root.w()) * i64::from(root.h()),
        "leaves cover the root"
    );
    for (i, a) in rects.iter().enumerate() {
        assert!(
            root.contains_rect(a),
            "leaf {i} {a} outside the root {root}"
        );
        for c in &rects[i + 1..] {
            assert!(a.intersection(c).is_none(), "leaves {a} and {c} overlap");
        }
    }
    let adjacency = bsp.adjacency().expect("a small tree's adjacency");
    for (i, a) in rects.iter().enumerate() {
        let brute: Vec<u32> = rects
            .iter()
            .enumerate()
            .filter(|&(j, c)| j != i && touch(a, c))
            .map(|(j, _)| j as u32)
            .collect();
        assert_eq!(
            adjacency.get(i).expect("a leaf"),
            &brute[..],
            "neighbours of leaf {i}"
        );
    }
}

/// Scatter: separated rooms keep their sizes and never overlap.
pub fn scatter_separate(data: &[u8]) {
    let mut b = Bytes::new(data);
    let n = b.below(48) as usize;
    let spread_out = 1 + b.below(200) as i32;
    let mut rooms: Vec<Rect> = (0..n)
        .filter_map(|_| {
            Rect::new(
                b.below(spread_out as u32) as i32 - spread_out / 2,
                b.below(spread_out as u32) as i32 - spread_out / 2,
                1 + b.below(30) as i32,
                1 + b.below(30) as i32,
            )
            .ok()
        })
        .collect();
    let before = rooms.clone();
    let options = mcrdun_scatter::SeparateOptions {
        padding: b.below(6),
        max_steps: b.below(3000),
        spread: b.bool(),
    };
    match mcrdun_scatter::separate(&mut rooms, options) {
        Ok(_) => {
            let p = i64::from(options.padding);
            for (i, (a, a0)) in rooms.iter().zip(&before).enumerate() {
                assert_eq!((a.w(), a.h()), (a0.w(), a0.h()), "room {i} changed size");
                for c in &rooms[i + 1..] {
                    let gx = (i64::from(c.x()) - i64::from(a.right()))
                        .max(i64::from(a.x()) - i64::from(c.right()));
                    let gy = (i64::from(c.y()) - i64::from(a.bottom()))
                        .max(i64::from(a.y()) - i64::from(c.bottom()));
                    assert!(gx >= p || gy >= p, "{a} and {c} closer than {p}");
                }
            }
        }
        Err(_) => assert_eq!(rooms, before, "the rooms changed on failure"),
    }
}

/// Passages: every border against the brute-force list of adjacent pairs.
pub fn passages_layout(data: &[u8]) {
    let mut b = Bytes::new(data);
    let w = 1 + b.below(24);
    let h = 1 + b.below(24);
    let k = 1 + b.below(7);
    let labels: Vec<u32> = (0..w * h)
        .map(|_| match b.below(k + 1) {
            l if l == k => u32::MAX,
            l => l,
        })
        .collect();
    let grid = Grid::from_vec(w, h, labels).expect("sizes match");
    let Ok(layout) = mcrdun_passages::Layout::from_labels(&grid) else {
        return;
    };
    let rooms: Vec<_> = layout.rooms().collect();
    for &ra in &rooms {
        for &rb in &rooms {
            if ra == rb {
                assert!(
                    layout.border(ra, rb).is_err(),
                    "a room has no border with itself"
                );
                continue;
            }
            let border = layout.border(ra, rb).expect("two rooms");
            let mut got: Vec<(Point, Point)> = border.pairs().to_vec();
            let mut brute = Vec::new();
            for (p, &l) in grid.iter() {
                let owner = |q: Point| grid.get(q).copied();
                let mine = if l == ra.index() as u32 {
                    rb
                } else if l == rb.index() as u32 {
                    ra
                } else {
                    continue;
                };
                for side in Side::ALL {
                    let q = step(p, side);
                    if owner(q) == Some(mine.index() as u32) {
                        brute.push((p, q));
                    }
                }
            }
            got.sort_by_key(|&(p, q)| (p.y, p.x, q.y, q.x));
            brute.sort_by_key(|&(p, q)| (p.y, p.x, q.y, q.x));
            assert_eq!(got, brute, "border of rooms {ra:?} and {rb:?}");
        }
    }
}

/// Options of every kind drawn from `b`, a little past their ranges at
/// times (a loop share up to 1.275, room sides from 0): a level is made
/// or refused as an error, never a panic.
fn options(b: &mut Bytes<'_>, config: &mut mcrdun_dungeon::LevelConfig) {
    use mcrdun_dungeon::{DrunkardStyle, LevelConfig, MazeAlgorithm};
    let share = |b: &mut Bytes<'_>| f64::from(b.u8()) / 200.0;
    match config {
        LevelConfig::Bsp(c) => {
            c.depth = b.below(40);
            c.min_leaf_width = b.below(40);
            c.min_leaf_height = b.below(40);
            c.min_room = b.below(20);
            c.loops = share(b);
            c.loop_factor = b.below(12);
        }
        LevelConfig::Scatter(c) => {
            c.rooms = b.below(400);
            c.min_room = b.below(16);
            c.max_room = b.below(24);
            c.loops = share(b);
            c.loop_factor = b.below(12);
        }
        LevelConfig::Maze(c) => {
            c.algorithm = MazeAlgorithm::ALL[b.below(MazeAlgorithm::ALL.len() as u32) as usize];
            c.braid = share(b);
            c.pattern42 = b.bool();
        }
        LevelConfig::Cave(c) => {
            c.fill = share(b);
            c.passes = b.below(70);
        }
        LevelConfig::Passages(c) => {
            c.rooms = b.below(400);
            c.loops = share(b);
            c.loop_factor = b.below(12);
        }
        LevelConfig::Drunkard(c) => {
            c.style = DrunkardStyle::ALL[b.below(DrunkardStyle::ALL.len() as u32) as usize];
            c.floor = share(b);
        }
    }
}

/// Levels: every generated level's walkable tiles form one 4-connected
/// region (checked by a flood fill written here, not the crate's).
/// Half the inputs set the options of their kind too (see `options`).
pub fn level(data: &[u8]) {
    use mcrdun_dungeon::{LevelConfig, LevelKind};
    let mut b = Bytes::new(data);
    let kind = LevelKind::ALL[b.below(LevelKind::ALL.len() as u32) as usize];
    let w = b.below(121);
    let h = b.below(121);
    let seed = b.u64();
    let mut config = LevelConfig::new(kind, w, h);
    if b.bool() {
        options(&mut b, &mut config);
    }
    let Ok(level) = mcrdun_dungeon::generate(&config, seed) else {
        return;
    };
    let tiles = level.tiles();
    assert_eq!((tiles.width(), tiles.height()), (w, h), "level size");
    let walk: Vec<u8> = tiles
        .as_slice()
        .iter()
        .map(|t| u8::from(t.is_walkable()))
        .collect();
    let (_, regions) = flood_labels(&walk, w as usize, h as usize, false, (false, false));
    assert!(
        regions <= 1,
        "a {kind:?} level of {w} x {h} (seed {seed}) has {regions} regions"
    );
}
