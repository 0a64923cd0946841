//! Times the things' stage against the level it runs on: for each
//! generator (or `KIND`), `COUNT` levels at `WxH` (seeds 1..=COUNT), the
//! median time to generate a level (`generate`), the median time to
//! generate it with the example table (`examples/things/dungeon.things`,
//! depth `DEPTH`) placed (`generate_with_things`, which hands the stage
//! the walk the finish computed), and what the things add (their ratio
//! less one); then the median time of `Level::place_things` on its own
//! (which walks the level itself) and of reading the level as a map;
//! then 10,000 things with `apart 4` on a 1000x1000 cave.
//! Each time is this thread's CPU time (Linux `/proc/thread-self/schedstat`,
//! so that a loaded machine's waits do not count; the wall clock where it
//! cannot be read). That clock moves in scheduler ticks (4 ms here), so a
//! call is repeated until its batch has taken at least 250 ms and the
//! batch's mean is the call's time; the least of `REPEAT` batches (3) is
//! kept, and the median is over the seeds.
//!
//! `cargo run --release -p mcrdun-dungeon --example time_things -- [KIND|all] [WxH] [COUNT] [DEPTH] [REPEAT]`
use mcrdun_dungeon::{LevelConfig, LevelKind, generate, generate_with_things};
use std::time::Instant;

/// This thread's CPU time in nanoseconds, where Linux tells it.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

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
    let repeat: usize = a.get(4).map_or(3, |r| r.parse().unwrap());
    let least = |f: &mut dyn FnMut()| {
        (0..repeat)
            .map(|_| {
                let (t, cpu) = (Instant::now(), cpu_ns());
                let mut calls = 0u32;
                loop {
                    f();
                    calls += 1;
                    let ms = match (cpu, cpu_ns()) {
                        (Some(a), Some(b)) => (b - a) as f64 / 1e6,
                        _ => t.elapsed().as_secs_f64() * 1e3,
                    };
                    if ms >= 250.0 {
                        break ms / f64::from(calls);
                    }
                }
            })
            .fold(f64::INFINITY, f64::min)
    };
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
        let mut with = c;
        with.set("dungeon_level", f64::from(depth)).unwrap();
        let (mut gen_ms, mut with_ms, mut place_ms, mut map_ms, mut things) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), 0);
        for seed in 1..=count {
            let mut level = generate(&c, seed).unwrap();
            gen_ms.push(least(&mut || {
                level = generate(&c, seed).unwrap();
            }));
            let mut placed = level.clone();
            with_ms.push(least(&mut || {
                placed =
                    generate_with_things(&with, &[], std::slice::from_ref(&table), seed).unwrap();
            }));
            place_ms.push(least(&mut || {
                level
                    .place_things(&[], std::slice::from_ref(&table), depth, seed)
                    .unwrap();
            }));
            assert_eq!(
                level.things(),
                placed.things(),
                "the same things either way"
            );
            things += level.things().len();
            map_ms.push(least(&mut || {
                drop(mcrdun_dungeon::things::place_map(&level, &[]).unwrap());
            }));
        }
        let (g, t) = (median(gen_ms), median(with_ms));
        let (p, m) = (median(place_ms), median(map_ms));
        println!(
            "{:9} {w}x{h}: level {g:8.2} ms, with things {t:8.2} ms (+{:4.1}%), {:.0} things a level; place_things alone {p:6.2} ms (reading the level {m:.2} ms)",
            kind.name(),
            100.0 * (t / g - 1.0),
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
        ms.push(least(&mut || {
            level
                .place_things(&[], std::slice::from_ref(&many), 1, seed)
                .unwrap();
        }));
        assert_eq!(level.things().len(), 10_000);
    }
    println!(
        "cave 1000x1000: 10,000 things apart 4 in {:.2} ms (median)",
        median(ms)
    );
}
