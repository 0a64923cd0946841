//! A hash of every locked level (tiles, locks, key-levels, room
//! intensities, or the error where fewer locks fit) of every generator,
//! 1, 3 and 8 locks, with and without the example vaults: at 80x50,
//! 200x120, 41x300 and 300x300 (seeds 1 to 12, 6, 3 and 2), or with `big`
//! at 1000x1000 (seeds 1 to 3).
//! Run it before and after a change to the locks stage and diff the
//! output: a change meant to be faster only must leave every line as it
//! was.
//!
//! `cargo run --release -p mcrdun-dungeon --example locks_hash [big]`
use mcrdun_dungeon::{LevelConfig, LevelError, LevelKind, generate, generate_with_vaults};
use mcrdun_geom::Point;

fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let big = std::env::args().nth(1).is_some_and(|a| a == "big");
    let vaults: Vec<_> = mcrdun_test_util::example_vault_files()
        .iter()
        .flat_map(|(_, text)| mcrdun_vaults::parse(text, "v").unwrap())
        .collect();
    let sizes: &[(u32, u32, u64)] = if big {
        &[(1000, 1000, 3)]
    } else {
        &[(80, 50, 12), (200, 120, 6), (41, 300, 3), (300, 300, 2)]
    };
    for kind in LevelKind::ALL {
        for &(w, h, seeds) in sizes {
            for vs in [&[][..], &vaults[..]] {
                for k in [1u32, 3, 8] {
                    let mut hash = 0xcbf2_9ce4_8422_2325u64;
                    for seed in 1..=seeds {
                        let mut c = LevelConfig::new(kind, w, h);
                        c.set("locks", f64::from(k)).unwrap();
                        let r = if vs.is_empty() {
                            generate(&c, seed)
                        } else {
                            generate_with_vaults(&c, vs, seed)
                        };
                        let level = match r {
                            Ok(l) => l,
                            Err(LevelError::Locks { fit, .. }) => {
                                fnv(&mut hash, format!("fit{fit}").as_bytes());
                                continue;
                            }
                            Err(e) => {
                                fnv(&mut hash, format!("{e}").as_bytes());
                                continue;
                            }
                        };
                        fnv(&mut hash, &level.tile_bytes().collect::<Vec<u8>>());
                        fnv(
                            &mut hash,
                            format!("{:?}{:?}", level.locks(), level.room_intensity()).as_bytes(),
                        );
                        let mut b = Vec::new();
                        for y in 0..h as i32 {
                            for x in 0..w as i32 {
                                b.push(level.behind(Point::new(x, y)) as u8);
                            }
                        }
                        fnv(&mut hash, &b);
                    }
                    println!(
                        "{} {w}x{h} vaults {} k {k}: {hash:016x}",
                        kind.name(),
                        vs.len()
                    );
                }
            }
        }
    }
}
