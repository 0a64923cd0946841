//! Times the things' stage against the level it runs on: for each
//! generator (or `KIND`), `COUNT` levels at `WxH` (seeds 1..=COUNT), the
//! median time to generate a level and the median time to place the
//! example table (`examples/things/dungeon.things`, depth `DEPTH`) on it,
//! and their ratio; then 10,000 things with `apart 4` on a 1000x1000 cave.
//!
//! `cargo run --release -p mcrdun-dungeon --example time_things -- [KIND|all] [WxH] [COUNT] [DEPTH]`
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let which = a.first().map_or("all", String::as_str);
    let (w, h): (u32, u32) = a
        .get(1)
        .and_then(|s| s.split_once('x'))
        .map_or((1000, 1000), |(w, h)| {
            (w.parse().unwrap(), h.parse().unwrap())
        });
    let count: u64 = a.get(2).map_or(5, |c| c.parse().unwrap());
    let depth: u32 = a.get(3).map_or(6, |d| d.parse().unwrap());
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    );
    let table =
        mcrdun_things::parse(&std::fs::read_to_string(path).unwrap(), "dungeon.things").unwrap();
    for kind in LevelKind::ALL {
        if which != "all" && which != kind.name() {
            continue;
        }
        let c = LevelConfig::new(kind, w, h);
        let (mut gen_ms, mut place_ms, mut things) = (Vec::new(), Vec::new(), 0);
        for seed in 1..=count {
            let t = Instant::now();
            let mut level = generate(&c, seed).unwrap();
            gen_ms.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            level
                .place_things(&[], std::slice::from_ref(&table), depth, seed)
                .unwrap();
            place_ms.push(t.elapsed().as_secs_f64() * 1e3);
            things += level.things().len();
        }
        let (g, p) = (median(gen_ms), median(place_ms));
        println!(
            "{:9} {w}x{h}: level {g:8.2} ms, things {p:7.2} ms ({:4.1}%), {:.0} things a level",
            kind.name(),
            100.0 * p / g,
            things as f64 / count as f64
        );
    }
    let many = mcrdun_things::parse(
        "thing x\nglyph x\ncount 10000\napart 4\nwhere anywhere\n",
        "many",
    )
    .unwrap();
    let c = LevelConfig::new(LevelKind::Cave, 1000, 1000);
    let mut ms = Vec::new();
    for seed in 1..=count {
        let mut level = generate(&c, seed).unwrap();
        let t = Instant::now();
        level
            .place_things(&[], std::slice::from_ref(&many), 1, seed)
            .unwrap();
        ms.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(level.things().len(), 10_000);
    }
    println!(
        "cave 1000x1000: 10,000 things apart 4 in {:.2} ms (median)",
        median(ms)
    );
}
