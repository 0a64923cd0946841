//! The stated working memory is a measured fact: a counting allocator
//! holds the peak heap of reading a table and of placing things to the
//! constants the crate states. One test, so that nothing else allocates
//! meanwhile.

use mcrdun_geom::random::{chance, seeded_rng};
use mcrdun_geom::{Grid, Point};
use mcrdun_things::{
    PARSE_BYTES_PER_TEXT_BYTE, PARSE_FIXED_BYTES, PLACE_BYTES_PER_THING, PLACE_BYTES_PER_TILE,
    PLACE_FIXED_BYTES, PlaceMap, parse, place_seeded,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = NOW.fetch_add(l.size(), Relaxed) + l.size();
        PEAK.fetch_max(now, Relaxed);
        // SAFETY: as the caller promised for `l`.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        NOW.fetch_sub(l.size(), Relaxed);
        // SAFETY: `p` came from `alloc` with `l`.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static A: Counting = Counting;

/// The peak heap of `f` above what was held before it.
fn peak<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let base = NOW.load(Relaxed);
    PEAK.store(base, Relaxed);
    let out = f();
    (out, (PEAK.load(Relaxed) - base) as u64)
}

#[test]
fn stated_costs_hold() {
    // Reading: small and large tables, long lines, many markers.
    let glyphs: Vec<char> = ('!'..='~')
        .filter(|c| !mcrdun_things::LEVEL_GLYPHS.contains(c))
        .collect();
    let mut texts = vec![
        "thing a\nglyph a\n".to_string(),
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/things/dungeon.things"
        ))
        .unwrap(),
    ];
    let mut many = String::new();
    for (i, g) in glyphs.iter().enumerate() {
        many.push_str(&format!("thing t{i}\nglyph {g}\n"));
    }
    texts.push(many);
    let mut markers = String::from("thing m\nglyph m\nwhere");
    for c in ('a'..='z').chain('A'..='Z').chain('0'..='9') {
        markers.push_str(&format!(" marker {c}"));
    }
    texts.push(markers);
    let mut worst = 0.0f64;
    for text in &texts {
        let (t, bytes) = peak(|| parse(text, "t"));
        t.unwrap();
        let stated = PARSE_FIXED_BYTES + PARSE_BYTES_PER_TEXT_BYTE * text.len() as u64;
        assert!(
            bytes <= stated,
            "{bytes} > {stated} for {} bytes",
            text.len()
        );
        worst = worst.max(bytes.saturating_sub(PARSE_FIXED_BYTES) as f64 / text.len() as f64);
    }
    eprintln!("parse: at worst {worst:.1} bytes a text byte above the fixed part");

    // Placing: the example table and dense tables with groups and apart.
    let table = parse(&texts[1], "t").unwrap();
    let dense = parse(
        "thing a\nglyph a\ndensity 50\napart 3\nwhere anywhere\n\
         thing h\nglyph h\ndensity 5\ngroup 3..8 within 4\nwhere anywhere\n\
         thing s\nglyph s\ndensity 0..20\nblocks yes\nwhere anywhere\naway 2\n",
        "d",
    )
    .unwrap();
    let mut worst = 0.0f64;
    for (w, h, seed) in [(40, 30, 1), (200, 120, 2), (500, 300, 3), (7, 3, 4)] {
        let mut rng = seeded_rng(seed);
        let g = Grid::from_fn(w, h, |p| p.y == 0 || chance(&mut rng, 0.7)).unwrap();
        let map = PlaceMap::from_walkable(&g, Point::new(0, 0))
            .unwrap()
            .with_end(Point::new(1, 0))
            .unwrap();
        for tables in [std::slice::from_ref(&table), std::slice::from_ref(&dense)] {
            for depth in [1, 6] {
                let (things, bytes) = peak(|| place_seeded(&map, tables, depth, seed));
                // A table too big for a tiny map is refused; its memory
                // still counts.
                let things = things.unwrap_or_default();
                let names: u64 = things.iter().map(|t| t.name.len() as u64).sum();
                let tiles = u64::from(w * h);
                let stated = PLACE_FIXED_BYTES
                    + PLACE_BYTES_PER_TILE * tiles
                    + (PLACE_BYTES_PER_THING) * things.len() as u64
                    + names;
                assert!(
                    bytes <= stated,
                    "{w}x{h}: {bytes} > {stated} ({} things)",
                    things.len()
                );
                let per_tile = bytes.saturating_sub(
                    PLACE_FIXED_BYTES + PLACE_BYTES_PER_THING * things.len() as u64 + names,
                ) as f64
                    / tiles as f64;
                worst = worst.max(per_tile);
            }
        }
    }
    eprintln!("place: at worst {worst:.1} bytes a tile above the things and the fixed part");
}
