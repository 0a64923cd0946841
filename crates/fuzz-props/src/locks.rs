//! The `locks_solve` property: the locks-and-keys solver on any small
//! puzzle, its answer checked by an independent walk.
#![allow(unsafe_code)] // The properties compare Rust with the C ABI.

use crate::Bytes;
use mcrdun_geom::Point;
use mcrdun_locks::{Key, Lock, Puzzle, SolveError, Stop, solve};
use std::collections::VecDeque;

/// Breadth-first distances from `from` over walkable tiles, the doors of
/// closed locks (`closed[tile]`) as walls.
fn bfs(walkable: &[bool], closed: &[bool], w: usize, h: usize, from: usize) -> Vec<u64> {
    let mut dist = vec![u64::MAX; w * h];
    let mut q = VecDeque::new();
    dist[from] = 0;
    q.push_back(from);
    while let Some(c) = q.pop_front() {
        let (x, y) = (c % w, c / w);
        let next = [
            (x > 0).then(|| c - 1),
            (x + 1 < w).then(|| c + 1),
            (y > 0).then(|| c - w),
            (y + 1 < h).then(|| c + w),
        ];
        for n in next.into_iter().flatten() {
            if walkable[n] && !closed[n] && dist[n] == u64::MAX {
                dist[n] = dist[c] + 1;
                q.push_back(n);
            }
        }
    }
    dist
}

/// Puzzles of up to 20 x 20 tiles with up to 6 locks (up to 4 doors each)
/// and up to 8 keys, anywhere (walls, doors and keys on one tile, keys of
/// missing locks, tiles outside the grid are all possible): a malformed
/// puzzle is a typed error; when a walkthrough comes back, replaying it
/// with an independent breadth-first search holds (each leg a shortest
/// walk with the locks opened so far, ending on a key of a closed lock
/// nearest among the targets, or on the goal; the steps add up); when the
/// solver says `Stuck`, the goal is out of reach even after taking every
/// key reachable in any order (a fixpoint); the C ABI
/// (`mcrdun_locks_solve`) gives the same legs or the same status.
pub fn locks_solve(data: &[u8]) {
    let _ = solve_case(data);
}

/// [`locks_solve`], returning the walkthrough's number of legs (`None`
/// when there is none).
pub(crate) fn solve_case(data: &[u8]) -> Option<usize> {
    let mut b = Bytes::new(data);
    let w = 1 + b.below(20) as usize;
    let h = 1 + b.below(20) as usize;
    let n = w * h;
    let density = b.u8();
    let walkable: Vec<bool> = (0..n).map(|_| b.u8() >= density / 2).collect();
    // Points may fall one tile outside the grid.
    let point = |b: &mut Bytes<'_>| {
        Point::new(
            b.below(w as u32 + 1) as i32 - i32::from(b.below(8) == 0),
            b.below(h as u32 + 1) as i32,
        )
    };
    let locks: Vec<Lock> = (0..b.below(7))
        .map(|i| Lock {
            id: if b.below(10) == 0 { 0 } else { i * 3 + 1 },
            doors: (0..b.below(5)).map(|_| point(&mut b)).collect(),
        })
        .collect();
    let keys: Vec<Key> = (0..b.below(9))
        .map(|_| Key {
            lock: b.below(7) * 3 + 1,
            at: point(&mut b),
        })
        .collect();
    let start = point(&mut b);
    let goal = point(&mut b);
    let puzzle = Puzzle {
        width: w as u32,
        height: h as u32,
        walkable: &walkable,
        locks: &locks,
        keys: &keys,
        start,
        goal,
    };
    let result = solve(&puzzle);
    check_c_agrees(&puzzle, &result);
    let idx = |p: Point| p.y as usize * w + p.x as usize;
    match result {
        Ok(walk) => {
            let mut open = vec![false; locks.len()];
            let closed_tiles = |open: &[bool]| {
                let mut c = vec![false; n];
                for (l, lock) in locks.iter().enumerate() {
                    if !open[l] {
                        for &d in &lock.doors {
                            c[idx(d)] = true;
                        }
                    }
                }
                c
            };
            let mut at = idx(start);
            let mut total = 0;
            for (k, leg) in walk.legs.iter().enumerate() {
                let closed = closed_tiles(&open);
                let d = bfs(&walkable, &closed, w, h, at);
                assert_eq!(d[idx(leg.at)], leg.steps, "leg {k} is a shortest walk");
                // No target nearer than this one.
                let mut targets: Vec<usize> = keys
                    .iter()
                    .filter(|key| {
                        let l = locks.iter().position(|l| l.id == key.lock).unwrap();
                        !open[l]
                    })
                    .map(|key| idx(key.at))
                    .collect();
                targets.push(idx(goal));
                let nearest = targets.iter().map(|&t| d[t]).min().unwrap();
                assert_eq!(leg.steps, nearest, "leg {k} goes to a nearest target");
                match leg.to {
                    Stop::Key(i) => {
                        assert_eq!(leg.at, keys[i].at);
                        let l = locks.iter().position(|l| l.id == keys[i].lock).unwrap();
                        assert!(!open[l], "leg {k} picks up a key of an open lock");
                        open[l] = true;
                        assert!(k + 1 < walk.legs.len());
                    }
                    Stop::Goal => {
                        assert_eq!(leg.at, goal);
                        assert_eq!(k + 1, walk.legs.len(), "the goal ends the walk");
                    }
                }
                total += leg.steps;
                at = idx(leg.at);
            }
            assert_eq!(total, walk.steps);
            assert!(!walk.legs.is_empty());
            return Some(walk.legs.len());
        }
        Err(SolveError::Stuck { held, .. }) => {
            // Every key reachable in any order, taken: the goal stays out of reach.
            let mut open = vec![false; locks.len()];
            loop {
                let mut c = vec![false; n];
                for (l, lock) in locks.iter().enumerate() {
                    if !open[l] {
                        for &d in &lock.doors {
                            c[idx(d)] = true;
                        }
                    }
                }
                let d = bfs(&walkable, &c, w, h, idx(start));
                assert_eq!(d[idx(goal)], u64::MAX, "stuck, but the goal is reachable");
                let mut more = false;
                for key in &keys {
                    let l = locks.iter().position(|l| l.id == key.lock).unwrap();
                    if !open[l] && d[idx(key.at)] != u64::MAX {
                        open[l] = true;
                        more = true;
                    }
                }
                if !more {
                    break;
                }
            }
            assert!(held.len() <= keys.len());
        }
        Err(_) => {}
    }
    None
}

fn check_c_agrees(puzzle: &Puzzle<'_>, rust: &Result<mcrdun_locks::Walkthrough, SolveError>) {
    let walkable: Vec<u8> = puzzle.walkable.iter().map(|&b| u8::from(b)).collect();
    let doors: Vec<Vec<mcrdun::McrdunPoint>> = puzzle
        .locks
        .iter()
        .map(|l| l.doors.iter().map(|&p| p.into()).collect())
        .collect();
    let locks: Vec<mcrdun::McrdunLock> = puzzle
        .locks
        .iter()
        .zip(&doors)
        .map(|(l, d)| mcrdun::McrdunLock {
            id: l.id,
            doors: d.as_ptr(),
            doors_len: d.len(),
        })
        .collect();
    let keys: Vec<mcrdun::McrdunKey> = puzzle
        .keys
        .iter()
        .map(|k| mcrdun::McrdunKey {
            lock: k.lock,
            at: k.at.into(),
        })
        .collect();
    let mut legs = vec![mcrdun::McrdunLeg::default(); puzzle.keys.len() + 1];
    let (mut len, mut steps) = (0, 0);
    // SAFETY: every buffer lives and holds what its length says.
    let st = unsafe {
        mcrdun::mcrdun_locks_solve(
            walkable.as_ptr(),
            puzzle.width,
            puzzle.height,
            locks.as_ptr(),
            locks.len(),
            keys.as_ptr(),
            keys.len(),
            puzzle.start.into(),
            puzzle.goal.into(),
            legs.as_mut_ptr(),
            legs.len(),
            &mut len,
            &mut steps,
        )
    };
    match rust {
        Ok(walk) => {
            assert_eq!(st, mcrdun::McrdunStatus::Ok);
            assert_eq!((len, steps), (walk.legs.len(), walk.steps));
            for (c, r) in legs.iter().zip(&walk.legs) {
                let key = match r.to {
                    Stop::Key(k) => k as u32,
                    Stop::Goal => mcrdun::MCRDUN_LEG_GOAL,
                };
                assert_eq!(
                    (c.key, c.at.x, c.at.y, c.steps),
                    (key, r.at.x, r.at.y, r.steps)
                );
            }
        }
        Err(SolveError::Stuck { .. }) => assert_eq!(st, mcrdun::McrdunStatus::Unsatisfiable),
        Err(SolveError::OutOfBounds { .. }) => assert_eq!(st, mcrdun::McrdunStatus::OutOfRange),
        Err(e) => assert_eq!(st, mcrdun::McrdunStatus::InvalidArgument, "{e}"),
    }
}

#[cfg(test)]
mod tests {
    /// The committed seeds are worth replaying: some walk through locks.
    #[test]
    fn seeds_open_locks() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/locks_solve");
        let legs: Vec<usize> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|f| super::solve_case(&std::fs::read(f.unwrap().path()).unwrap()))
            .collect();
        assert!(legs.iter().filter(|&&n| n >= 3).count() >= 2, "{legs:?}");
    }
}
