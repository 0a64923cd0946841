//! Locks and keys (`mcrdun-locks`) through the C ABI: the public solver
//! on a caller's grid (`mcrdun_locks_solve`), its walkthrough read back
//! through the two-call protocol; a generated level's locks and their
//! doors (`mcrdun_level_locks`, `mcrdun_level_lock_doors`) and its
//! walkthrough (`mcrdun_level_solve`).

use crate::boundary::boundary;
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::level::McrdunLevel;
use crate::ptr::{BoxHandle, check_out, input_slice, write_iter};
use crate::types::McrdunPoint;
use mcrdun_geom::checked_cell_count;
use mcrdun_geom::memory::try_with_capacity;
use mcrdun_locks::{Key, Lock, Puzzle, SOLVE_BYTES_PER_TILE, SolveError, Stop};

/// `McrdunLeg::key` of the last leg, which ends at the goal.
pub const MCRDUN_LEG_GOAL: u32 = u32::MAX;

/// The most keys a puzzle may hold (`mcrdun_locks_solve`): 2^31 - 1.
pub const MCRDUN_LOCKS_MAX_KEYS: usize = 2_147_483_647;

/// A lock of a puzzle (an input of `mcrdun_locks_solve`): an id of the
/// caller's choosing, unique among the puzzle's locks, and its door tiles,
/// all opened by one key.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct McrdunLock {
    /// The lock's id; `McrdunKey::lock` names it.
    pub id: u32,
    /// `doors_len` door tiles (NULL when 0): walkable tiles that cannot be
    /// entered before one of its keys is picked up.
    pub doors: *const McrdunPoint,
    /// The number of door tiles (a lock with none gates nothing).
    pub doors_len: usize,
}

/// A key lying on a tile (an input of `mcrdun_locks_solve`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunKey {
    /// The id of the lock it opens.
    pub lock: u32,
    /// Where it lies: a walkable tile, not a door of any lock.
    pub at: McrdunPoint,
}

/// One leg of a walkthrough: a shortest walk, with the locks opened so
/// far, from where the last leg ended (or the start) to a key or the goal.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunLeg {
    /// The key picked up at its end (an index into the puzzle's keys), or
    /// `MCRDUN_LEG_GOAL` for the last leg.
    pub key: u32,
    /// The tile it ends on.
    pub at: McrdunPoint,
    /// Its length in 4-connected steps.
    pub steps: u64,
}

impl From<SolveError> for FfiError {
    fn from(e: SolveError) -> FfiError {
        let status = match &e {
            SolveError::Memory(g) => return FfiError::from(g.clone()),
            SolveError::Stuck { .. } => McrdunStatus::Unsatisfiable,
            SolveError::OutOfBounds { .. } => McrdunStatus::OutOfRange,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// The working memory of `mcrdun_locks_solve` a tile besides the solver's
/// own: the walkable mask copied as booleans.
const COPY_BYTES_PER_TILE: u64 = 1;

/// Solves the puzzle and returns its walkthrough.
///
/// # Safety
/// As `mcrdun_locks_solve`.
#[allow(clippy::too_many_arguments)]
unsafe fn solve_impl(
    walkable: *const u8,
    width: u32,
    height: u32,
    locks: *const McrdunLock,
    locks_len: usize,
    keys: *const McrdunKey,
    keys_len: usize,
    start: McrdunPoint,
    goal: McrdunPoint,
) -> FfiResult<mcrdun_locks::Walkthrough> {
    let n = checked_cell_count(width.into(), height.into())?;
    if keys_len > MCRDUN_LOCKS_MAX_KEYS {
        return Err(FfiError::new(
            McrdunStatus::TooLarge,
            format!("{keys_len} keys, more than MCRDUN_LOCKS_MAX_KEYS"),
        ));
    }
    // SAFETY: readable for their lengths by contract; sizes checked.
    let c_locks = unsafe { input_slice(locks, locks_len, "locks") }?;
    // SAFETY: as above.
    let c_keys = unsafe { input_slice(keys, keys_len, "keys") }?;
    let mut doors_total = 0u64;
    for l in c_locks {
        doors_total = doors_total.saturating_add(l.doors_len as u64);
    }
    // Everything this call holds besides the solver's own memory, and the
    // solver's: checked before anything is read or allocated.
    let need = (n as u64)
        .saturating_mul(SOLVE_BYTES_PER_TILE + COPY_BYTES_PER_TILE)
        .saturating_add(doors_total.saturating_mul(size_of::<mcrdun_geom::Point>() as u64))
        .saturating_add((locks_len as u64).saturating_mul(size_of::<Lock>() as u64 + 16))
        .saturating_add((keys_len as u64).saturating_mul(size_of::<Key>() as u64 + 8));
    mcrdun_geom::memory::check_bytes("solving locks and keys", need)?;
    // SAFETY: readable for n bytes by contract; size checked.
    let cells = unsafe { input_slice(walkable, n, "walkable") }?;
    let mut mask = try_with_capacity("the walkable mask", n)?;
    mask.extend(cells.iter().map(|&b| b != 0));
    let mut rust_locks: Vec<Lock> = try_with_capacity("the locks", c_locks.len())?;
    for (i, l) in c_locks.iter().enumerate() {
        // SAFETY: each lock's doors are readable for `doors_len` points by
        // contract; size checked.
        let doors = unsafe { input_slice(l.doors, l.doors_len, "locks[].doors") }
            .map_err(|e| FfiError::new(e.status, format!("locks[{i}]: {}", e.message)))?;
        let mut v = try_with_capacity("a lock's doors", doors.len())?;
        v.extend(doors.iter().map(|&p| mcrdun_geom::Point::from(p)));
        rust_locks.push(Lock { id: l.id, doors: v });
    }
    let mut rust_keys: Vec<Key> = try_with_capacity("the keys", c_keys.len())?;
    rust_keys.extend(c_keys.iter().map(|k| Key {
        lock: k.lock,
        at: k.at.into(),
    }));
    let puzzle = Puzzle {
        width,
        height,
        walkable: &mask,
        locks: &rust_locks,
        keys: &rust_keys,
        start: start.into(),
        goal: goal.into(),
    };
    Ok(mcrdun_locks::solve(&puzzle)?)
}

/// Finds a walkthrough of a puzzle of locks and keys on a caller's grid
/// (the solver of `mcrdun-locks`, the one the generated levels are proved
/// with): from `start`, the greedy player walks (4-connected) to the
/// nearest key of a lock not yet open, or the goal, picks the key up (its
/// lock opens for good), and goes on until the goal is reached. A door of
/// a closed lock is a wall. On a chain of nested locks that is the only
/// order there is; elsewhere one good order, its length an upper bound
/// on the shortest.
///
/// `walkable` holds `width * height` bytes, row-major (0: a wall, any
/// other value walkable with every lock open); `locks` and `keys` are the
/// puzzle's (a lock may have several keys). The legs go through the
/// two-call protocol: `*len` receives their number (at least 1: the last
/// ends at the goal); with `out == NULL` or `cap` too small the call
/// returns `BUFFER_TOO_SMALL` (call again: the puzzle is solved again, to
/// the same walkthrough). On success `*steps`, if not NULL, receives the
/// walkthrough's total steps.
///
/// Time: one breadth-first search a leg, O(tiles x (keys + 1)). Working
/// memory: 6 bytes a tile (the solver's 5 and the mask's 1), 8 bytes a
/// door, about 48 a lock and 20 a key, checked against the memory limit
/// before anything is read; the legs, 32 bytes each, counted as they grow.
///
/// Errors: `NULL_ARGUMENT` for a NULL `len`, or a NULL `walkable`,
/// `locks`, `keys` or door list with a length; `OUT_OF_RANGE` for a start,
/// goal, door or key outside the grid; `INVALID_ARGUMENT` for one on a
/// wall, two locks with one id, a tile that is two doors, two keys, a
/// key and a door or the start and a door, or a key of a lock the puzzle
/// lacks; `UNSATISFIABLE`
/// when the goal cannot be reached (`mcrdun_last_error` names the keys
/// held and the keys never reached); `TOO_LARGE` for an impossible size,
/// more than `MCRDUN_LOCKS_MAX_KEYS` keys, or a need above the memory
/// limit; `BUFFER_TOO_SMALL`. Nothing but `*len` is written on failure.
/// Thread-safe.
///
/// # Safety
/// `walkable` is readable for `width * height` bytes; `locks` is NULL
/// (with 0) or `locks_len` readable locks, each with `doors` NULL (with 0)
/// or readable for `doors_len` points; `keys` is NULL (with 0) or
/// `keys_len` readable keys; `out` is NULL or writable for `cap` legs;
/// `len` and `steps` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_locks_solve(
    walkable: *const u8,
    width: u32,
    height: u32,
    locks: *const McrdunLock,
    locks_len: usize,
    keys: *const McrdunKey,
    keys_len: usize,
    start: McrdunPoint,
    goal: McrdunPoint,
    out: *mut McrdunLeg,
    cap: usize,
    len: *mut usize,
    steps: *mut u64,
) -> McrdunStatus {
    boundary!("mcrdun_locks_solve", {
        check_out(len, "len")?;
        // SAFETY: forwarded from this function's contract.
        let walk = unsafe {
            solve_impl(
                walkable, width, height, locks, locks_len, keys, keys_len, start, goal,
            )
        }?;
        // SAFETY: `out`/`cap`/`len`/`steps` valid by contract.
        unsafe { write_walk(&walk, out, cap, len, steps) }
    })
}

/// A lock of a generated level (`mcrdun_level_locks`): its door tiles,
/// all opened by one key, and where that key lies.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunLevelLock {
    /// Its number: 1 for the first lock met from the up stairs, 2 for the
    /// next, ...
    pub id: u32,
    /// Where its key lies: reachable with the keys of the locks before it,
    /// never behind this lock.
    pub key: McrdunPoint,
    /// The walkable tiles of the area it gates (its doors excluded): the
    /// tiles that cannot be reached without its key.
    pub area: usize,
    /// Its first door in the list of `mcrdun_level_lock_doors`.
    pub first_door: usize,
    /// Its number of doors (`MCRDUN_TILE_LOCKED_DOOR` tiles), from
    /// `first_door` on, in raster order.
    pub doors: usize,
    /// The vault whose entrances it locks (an index of
    /// `mcrdun_level_vaults`), for a vault that asked for a lock (`locked
    /// yes`); `MCRDUN_NO_VAULT` for the locks of the `locks` option.
    pub vault: u32,
}

/// The `vault` of a [`McrdunLevelLock`] that gates no vault (a lock of the
/// `locks` option): `UINT32_MAX`.
pub const MCRDUN_NO_VAULT: u32 = u32::MAX;

/// The locks of `level` (made with the `locks` option), in order (lock 1
/// first), through the two-call protocol. A level without locks has none.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
/// Thread-safe.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// locks; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_locks(
    level: *const McrdunLevel,
    out: *mut McrdunLevelLock,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_locks", {
        // SAFETY: the arguments are valid by contract.
        unsafe {
            read_level(level, out, cap, len, |level| {
                let mut first = 0;
                level.locks().iter().map(move |l| {
                    let lock = McrdunLevelLock {
                        id: l.id,
                        key: l.key.into(),
                        area: l.area,
                        first_door: first,
                        doors: l.doors.len(),
                        vault: l.vault.unwrap_or(MCRDUN_NO_VAULT),
                    };
                    first += l.doors.len();
                    lock
                })
            })
        }
    })
}

/// The door tiles of every lock of `level`, lock by lock (lock 1's first;
/// `McrdunLevelLock::first_door` and `doors` say which are whose), each
/// lock's in raster order, through the two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
/// Thread-safe.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// points; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_lock_doors(
    level: *const McrdunLevel,
    out: *mut McrdunPoint,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_lock_doors", {
        // SAFETY: the arguments are valid by contract.
        unsafe {
            read_level(level, out, cap, len, |level| {
                let locks = level.locks();
                let n = locks.iter().map(|l| l.doors.len()).sum::<usize>();
                let doors = locks
                    .iter()
                    .flat_map(|l| l.doors.iter().map(|&p| McrdunPoint::from(p)));
                Counted(doors, n)
            })
        }
    })
}

/// The two-call reader of the locks' views of a level: checks `len`,
/// borrows `level`, and writes what `items` makes of it through the
/// two-call protocol.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// items; `len` is NULL or writable.
unsafe fn read_level<'a, T, I: ExactSizeIterator<Item = T>>(
    level: *const McrdunLevel,
    out: *mut T,
    cap: usize,
    len: *mut usize,
    items: impl FnOnce(&'a mcrdun_dungeon::Level) -> I,
) -> FfiResult {
    check_out(len, "len")?;
    // SAFETY: `level` is NULL or live by contract, and outlives this call.
    let level: &'a McrdunLevel = unsafe { McrdunLevel::borrow(level, "level") }?;
    // SAFETY: `out`/`cap`/`len` valid by contract.
    unsafe { write_iter(items(&level.inner), out, cap, len, "out") }
}

/// An iterator of a known length.
struct Counted<I>(I, usize);

impl<I: Iterator> Iterator for Counted<I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        let item = self.0.next()?;
        self.1 -= 1;
        Some(item)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.1, Some(self.1))
    }
}

impl<I: Iterator> ExactSizeIterator for Counted<I> {}

/// Each room's intensity in [0, 1], in the order of `mcrdun_level_rooms`
/// (issue 30's, after metazelda): how far along the progression it lies,
/// `(key-level + f) / (locks + 1)` with `f` in [0, 1] its distance
/// (counted in the pieces the locks cut the level into: rooms, corridors,
/// stretches of cave or maze) from the entrance of its key-level over the
/// farthest in that key-level; through the two-call protocol. Empty for a
/// level made without the `locks` option.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
/// Thread-safe.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// values; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_room_intensity(
    level: *const McrdunLevel,
    out: *mut f64,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_room_intensity", {
        // SAFETY: the arguments are valid by contract.
        unsafe {
            read_level(level, out, cap, len, |level| {
                level.room_intensity().into_iter()
            })
        }
    })
}

/// Solves `level` as it stands (the same solver as `mcrdun_locks_solve`):
/// from the up to the down stairs, its locked doors impassable until their
/// key is picked up; the legs through the two-call protocol, each leg's
/// `key` an index of `mcrdun_level_locks` (the key of that lock), the last
/// `MCRDUN_LEG_GOAL`; `*steps`, if not NULL, receives the total on
/// success. A level without locks is solved by the direct walk (one leg).
/// Every level as generated is solvable.
///
/// Working memory: 6 bytes a tile (the solver's 5 and a walkable mask)
/// and 40 bytes a lock and its doors, checked against the memory limit. Time: one breadth-first search a lock plus one.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `TOO_LARGE` above
/// the memory limit; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// legs; `len` and `steps` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_solve(
    level: *const McrdunLevel,
    out: *mut McrdunLeg,
    cap: usize,
    len: *mut usize,
    steps: *mut u64,
) -> McrdunStatus {
    boundary!("mcrdun_level_solve", {
        check_out(len, "len")?;
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        let walk = solve_level(&level.inner)?;
        // SAFETY: `out`/`cap`/`len`/`steps` valid by contract.
        unsafe { write_walk(&walk, out, cap, len, steps) }
    })
}

/// [`mcrdun_dungeon::Level::solve`], after checking its memory (the
/// solver's and the walkable mask, a lock's copy and its doors) against
/// the limit.
fn solve_level(level: &mcrdun_dungeon::Level) -> FfiResult<mcrdun_locks::Walkthrough> {
    let tiles = level.tiles();
    let locks = level.locks();
    let doors = locks.iter().map(|l| l.doors.len() as u64).sum::<u64>();
    mcrdun_geom::memory::check_bytes(
        "solving a level",
        (tiles.len() as u64)
            .saturating_mul(SOLVE_BYTES_PER_TILE + COPY_BYTES_PER_TILE)
            .saturating_add(doors.saturating_mul(8))
            .saturating_add(locks.len() as u64 * 40),
    )?;
    Ok(level.solve()?)
}

/// Writes a walkthrough's legs through the two-call protocol and, on
/// success, its steps.
///
/// # Safety
/// `out` is NULL or writable for `cap` legs; `len` and `steps` are NULL or
/// writable.
unsafe fn write_walk(
    walk: &mcrdun_locks::Walkthrough,
    out: *mut McrdunLeg,
    cap: usize,
    len: *mut usize,
    steps: *mut u64,
) -> FfiResult {
    let legs = walk.legs.iter().map(|l| McrdunLeg {
        key: match l.to {
            Stop::Key(k) => k as u32,
            Stop::Goal => MCRDUN_LEG_GOAL,
        },
        at: l.at.into(),
        steps: l.steps,
    });
    // SAFETY: `out`/`cap`/`len` valid by contract.
    unsafe { write_iter(legs, out, cap, len, "out") }?;
    if !steps.is_null() {
        // SAFETY: non-NULL and writable by contract.
        unsafe { steps.write(walk.steps) };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate example of mcrdun-locks: `S . k . = . G`.
    #[test]
    fn corridor_with_one_lock() {
        let walkable = [1u8; 7];
        let door = [McrdunPoint { x: 4, y: 0 }];
        let locks = [McrdunLock {
            id: 7,
            doors: door.as_ptr(),
            doors_len: 1,
        }];
        let keys = [McrdunKey {
            lock: 7,
            at: McrdunPoint { x: 2, y: 0 },
        }];
        let (start, goal) = (McrdunPoint { x: 0, y: 0 }, McrdunPoint { x: 6, y: 0 });
        let mut len = 0;
        let mut steps = 0;
        // SAFETY: valid buffers.
        let st = unsafe {
            mcrdun_locks_solve(
                walkable.as_ptr(),
                7,
                1,
                locks.as_ptr(),
                1,
                keys.as_ptr(),
                1,
                start,
                goal,
                core::ptr::null_mut(),
                0,
                &mut len,
                &mut steps,
            )
        };
        assert_eq!((st, len, steps), (McrdunStatus::BufferTooSmall, 2, 0));
        let mut legs = [McrdunLeg::default(); 2];
        // SAFETY: valid buffers.
        let st = unsafe {
            mcrdun_locks_solve(
                walkable.as_ptr(),
                7,
                1,
                locks.as_ptr(),
                1,
                keys.as_ptr(),
                1,
                start,
                goal,
                legs.as_mut_ptr(),
                2,
                &mut len,
                &mut steps,
            )
        };
        assert_eq!((st, steps), (McrdunStatus::Ok, 6));
        assert_eq!(
            legs[0],
            McrdunLeg {
                key: 0,
                at: McrdunPoint { x: 2, y: 0 },
                steps: 2
            }
        );
        assert_eq!(
            legs[1],
            McrdunLeg {
                key: MCRDUN_LEG_GOAL,
                at: goal,
                steps: 4
            }
        );
        // SAFETY: valid buffers; no key: stuck.
        let st = unsafe {
            mcrdun_locks_solve(
                walkable.as_ptr(),
                7,
                1,
                locks.as_ptr(),
                1,
                core::ptr::null(),
                0,
                start,
                goal,
                legs.as_mut_ptr(),
                2,
                &mut len,
                core::ptr::null_mut(),
            )
        };
        assert_eq!(st, McrdunStatus::Unsatisfiable);
    }
}
