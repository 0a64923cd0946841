//! Prints a hash of the things placed on levels of every kind at a few
//! sizes and seeds, with and without the example vaults and locks, by
//! `generate_with_things` (the finish's walk handed over) and by
//! `Level::place_things` (the stage's own walk): two builds that print
//! the same lines place the same things.
//!
//! `cargo run --release -p mcrdun-dungeon --example things_fingerprint`
use mcrdun_dungeon::{LevelConfig, LevelKind, Vault, generate_with_things, generate_with_vaults};

fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    );
    let table =
        mcrdun_things::parse(&std::fs::read_to_string(path).unwrap(), "dungeon.things").unwrap();
    let tables = std::slice::from_ref(&table);
    let vaults: Vec<Vault> = mcrdun_test_util::example_vault_files()
        .iter()
        .flat_map(|(_, text)| mcrdun_vaults::parse(text, "v").unwrap())
        .collect();
    let sizes: &[(u32, u32, u64)] = &[(80, 50, 40), (200, 120, 10), (1000, 1000, 2)];
    for kind in LevelKind::ALL {
        for &(w, h, seeds) in sizes {
            for (with_vaults, locks) in [(false, 0.0), (true, 0.0), (false, 3.0)] {
                let vs: &[Vault] = if with_vaults { &vaults } else { &[] };
                let mut hash = 0xcbf2_9ce4_8422_2325u64;
                let mut things = 0;
                for seed in 1..=seeds {
                    let depth = (seed % 10 + 1) as u32;
                    let mut c = LevelConfig::new(kind, w, h);
                    c.set("dungeon_level", f64::from(depth)).unwrap();
                    c.set("locks", locks).unwrap();
                    let text = match generate_with_things(&c, vs, tables, seed) {
                        Ok(level) => {
                            let mut bare = generate_with_vaults(&c, vs, seed).unwrap();
                            bare.place_things(vs, tables, depth, seed).unwrap();
                            assert_eq!(bare.things(), level.things());
                            things += level.things().len();
                            format!("{:?}", level.things())
                        }
                        Err(e) => format!("error {e}"),
                    };
                    fnv(&mut hash, text.as_bytes());
                }
                println!(
                    "{} {w}x{h} x{seeds} vaults {with_vaults} locks {locks}: {things} things {hash:016x}",
                    kind.name()
                );
            }
        }
    }
}
