//! Prints a hash of every level of every kind at a few sizes and seeds
//! (tiles, stairs, rooms, doors, summary): two builds that print the
//! same lines make the same levels.
//!
//! `cargo run --release -p mcrdun-dungeon --example fingerprint`
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};

fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let big = std::env::args().nth(1).is_some_and(|a| a == "big");
    let sizes: &[(u32, u32, u64)] = if big {
        &[(1024, 1024, 3), (2000, 300, 2)]
    } else {
        &[
            (80, 50, 20),
            (200, 120, 10),
            (300, 300, 4),
            (41, 300, 4),
            (1024, 1024, 1),
        ]
    };
    for kind in LevelKind::ALL {
        for &(w, h, seeds) in sizes {
            let mut hash = 0xcbf2_9ce4_8422_2325u64;
            for seed in 1..=seeds {
                let level = generate(&LevelConfig::new(kind, w, h), seed).unwrap();
                fnv(&mut hash, &level.tile_bytes().collect::<Vec<u8>>());
                fnv(
                    &mut hash,
                    format!(
                        "{:?}{:?}{:?}",
                        level.summary(),
                        level.stairs_up(),
                        level.stairs_down()
                    )
                    .as_bytes(),
                );
                fnv(
                    &mut hash,
                    format!("{:?}{:?}", level.rooms(), level.doors()).as_bytes(),
                );
            }
            println!("{} {w}x{h} x{seeds} {hash:016x}", kind.name());
        }
    }
}
