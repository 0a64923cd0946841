//! The `level_locks` property: levels made with locks (any kind, size,
//! options and `locks` count, with or without a locked vault), each
//! proven by the public solver.

use crate::Bytes;
use mcrdun_dungeon::{LevelConfig, LevelError, LevelKind, Tile};
use mcrdun_geom::Point;
use mcrdun_locks::{Key, Lock, Puzzle, SolveError, solve};

/// A vault that asks for a lock (two ways in), placed by half the inputs.
const HOARD: &str =
    "vault hoard\ncount 0..1\nlocked yes\nmap\n #####\n #...#\n ?.t.!\n #...#\n #####\nend\n";

/// Levels of up to 100 x 100 of any kind, half with random options of
/// their kind, `locks` from 0 to 32, half with a locked vault: generating
/// never panics; a refusal is a typed error, and `LevelError::Locks`
/// names fewer locks than asked; a level has exactly the locks asked for
/// (and one more per locked vault placed), every locked door tile belongs
/// to one lock, the solver walks from the up to the down stairs, each
/// chain key lies before its lock (`behind` one less than its id) and is
/// needed (without it the solver is stuck), and without a locked vault's
/// key none of its doors is reached.
pub fn level_locks(data: &[u8]) {
    let mut b = Bytes::new(data);
    let kind = LevelKind::ALL[b.below(5) as usize];
    let w = b.below(101);
    let h = b.below(101);
    let seed = b.u64();
    let k = b.below(33);
    let mut config = LevelConfig::new(kind, w, h);
    if b.bool() {
        crate::options(&mut b, &mut config);
    }
    let vaults = if b.bool() {
        mcrdun_vaults::parse(HOARD, "hoard").expect("the vault reads")
    } else {
        Vec::new()
    };
    if config.set("locks", f64::from(k)).is_err() {
        return;
    }
    let level = match mcrdun_dungeon::generate_with_vaults(&config, &vaults, seed) {
        Ok(level) => level,
        Err(LevelError::Locks { asked, fit, reason }) => {
            assert!(asked == k && fit < k, "{asked} {fit} {k}: {reason}");
            return;
        }
        Err(_) => return,
    };
    let locks = level.locks();
    let chain: Vec<_> = locks.iter().filter(|l| l.vault.is_none()).collect();
    assert_eq!(chain.len(), k as usize, "{kind:?} {w}x{h} seed {seed}");
    assert_eq!(
        locks.len() - chain.len(),
        level.vaults().iter().filter(|v| v.locked).count()
    );
    let mut doors: Vec<Point> = locks.iter().flat_map(|l| l.doors.iter().copied()).collect();
    let locked = level
        .tiles()
        .as_slice()
        .iter()
        .filter(|t| **t == Tile::LockedDoor)
        .count();
    doors.sort_by_key(|p| (p.y, p.x));
    doors.dedup();
    assert_eq!(doors.len(), locked, "every locked door is one lock's");
    let walkable: Vec<bool> = level
        .tiles()
        .as_slice()
        .iter()
        .map(|t| t.is_walkable())
        .collect();
    let puzzle_locks: Vec<Lock> = locks
        .iter()
        .map(|l| Lock {
            id: l.id,
            doors: l.doors.clone(),
        })
        .collect();
    let keys: Vec<Key> = locks
        .iter()
        .map(|l| Key {
            lock: l.id,
            at: l.key,
        })
        .collect();
    let run = |keys: &[Key], goal: Point| {
        solve(&Puzzle {
            width: w,
            height: h,
            walkable: &walkable,
            locks: &puzzle_locks,
            keys,
            start: level.stairs_up(),
            goal,
        })
    };
    let walk = run(&keys, level.stairs_down()).expect("solvable by construction");
    assert_eq!(level.solve().expect("the level solves"), walk);
    for (i, l) in locks.iter().enumerate() {
        let mut fewer = keys.clone();
        fewer.remove(i);
        if l.vault.is_none() {
            assert_eq!(
                level.behind(l.key),
                l.id - 1,
                "key {} behind its lock",
                l.id
            );
            assert!(
                matches!(
                    run(&fewer, level.stairs_down()),
                    Err(SolveError::Stuck { .. })
                ),
                "lock {} does not matter",
                l.id
            );
        } else {
            // No door of the vault is reached without its key: standing
            // in a door is reaching the vault.
            for d in &l.doors {
                assert!(
                    matches!(run(&fewer, *d), Err(SolveError::Stuck { .. })),
                    "vault lock {} reached without its key",
                    l.id
                );
            }
        }
    }
}
