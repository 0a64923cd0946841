//! Mazes: walls as bit flags, masks, carvers, braiding, solving, and the
//! hex, tile and wall outputs (`mcrdun-carve`).
//!
//! Thread-safety of `McrdunMaze`: a maze is not synchronised. Calls that
//! take a `const McrdunMaze *` may run at the same time on one maze; a call
//! that takes a `McrdunMaze *` needs the maze to itself. Different mazes
//! are independent.

use crate::boundary::{boundary, boundary_value};
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::ptr::{BoxHandle, announce, check_out, write_buffer, write_out};
use core::ffi::c_char;
use mcrdun_carve::{Algorithm, CarveError, Maze, MazeFile, MazeTile};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Side};

/// Iterative recursive backtracker (depth-first search, long corridors).
pub const MCRDUN_MAZE_ALGORITHM_BACKTRACKER: u32 = 0;
/// Prim's algorithm on random frontier cells.
pub const MCRDUN_MAZE_ALGORITHM_PRIM: u32 = 1;
/// Kruskal's algorithm (shuffled walls, union-find).
pub const MCRDUN_MAZE_ALGORITHM_KRUSKAL: u32 = 2;
/// Wilson's algorithm (loop-erased random walks, uniform spanning tree).
pub const MCRDUN_MAZE_ALGORITHM_WILSON: u32 = 3;
/// Eller's algorithm (row by row). Refuses masked mazes.
pub const MCRDUN_MAZE_ALGORITHM_ELLER: u32 = 4;
/// Growing tree, always growing from the newest cell.
pub const MCRDUN_MAZE_ALGORITHM_GROWING_TREE_NEWEST: u32 = 5;
/// Growing tree, growing from a random cell.
pub const MCRDUN_MAZE_ALGORITHM_GROWING_TREE_RANDOM: u32 = 6;
/// Growing tree, newest or random half the time each.
pub const MCRDUN_MAZE_ALGORITHM_GROWING_TREE_MIXED: u32 = 7;
/// Hunt-and-kill (random walks, raster hunts).
pub const MCRDUN_MAZE_ALGORITHM_HUNT_AND_KILL: u32 = 8;
/// Sidewinder. Refuses masked mazes.
pub const MCRDUN_MAZE_ALGORITHM_SIDEWINDER: u32 = 9;
/// Binary tree. Refuses masked mazes.
pub const MCRDUN_MAZE_ALGORITHM_BINARY_TREE: u32 = 10;

/// Tile value of `mcrdun_maze_tiles`: rock.
pub const MCRDUN_MAZE_TILE_WALL: u8 = 0;
/// Tile value of `mcrdun_maze_tiles`: floor.
pub const MCRDUN_MAZE_TILE_FLOOR: u8 = 1;

/// The constants in number order: `Algorithm::from_number` decodes them.
pub(crate) const ALGORITHMS: [u32; 11] = [
    MCRDUN_MAZE_ALGORITHM_BACKTRACKER,
    MCRDUN_MAZE_ALGORITHM_PRIM,
    MCRDUN_MAZE_ALGORITHM_KRUSKAL,
    MCRDUN_MAZE_ALGORITHM_WILSON,
    MCRDUN_MAZE_ALGORITHM_ELLER,
    MCRDUN_MAZE_ALGORITHM_GROWING_TREE_NEWEST,
    MCRDUN_MAZE_ALGORITHM_GROWING_TREE_RANDOM,
    MCRDUN_MAZE_ALGORITHM_GROWING_TREE_MIXED,
    MCRDUN_MAZE_ALGORITHM_HUNT_AND_KILL,
    MCRDUN_MAZE_ALGORITHM_SIDEWINDER,
    MCRDUN_MAZE_ALGORITHM_BINARY_TREE,
];

const _: () = {
    let mut i = 0;
    while i < ALGORITHMS.len() {
        assert!(ALGORITHMS[i] == i as u32);
        i += 1;
    }
    assert!(ALGORITHMS.len() == Algorithm::ALL.len());
    assert!(MCRDUN_MAZE_TILE_WALL == MazeTile::Wall as u8);
    assert!(MCRDUN_MAZE_TILE_FLOOR == MazeTile::Floor as u8);
};

/// A maze handle: `width` x `height` cells with four walls each (bit flags
/// N = 1, E = 2, S = 4, W = 8, a set bit is a closed wall), and a mask of
/// blocked cells. Create with `mcrdun_maze_new` (or
/// `mcrdun_maze_read_hex`), free with `mcrdun_maze_free`.
///
/// Thread-safety: a maze is not synchronised. Calls taking a
/// `const McrdunMaze *` may run at the same time on one maze; a call taking
/// a `McrdunMaze *` needs the maze to itself. Different mazes are
/// independent.
pub struct McrdunMaze {
    inner: Maze,
    /// The entry and exit of `mcrdun_maze_hex_file`: set by
    /// `mcrdun_maze_set_ends` or read by `mcrdun_maze_read_hex`.
    ends: Option<(Point, Point)>,
}

impl BoxHandle for McrdunMaze {}

/// How a maze feels to walk (`mcrdun_maze_texture`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct McrdunMazeTexture {
    /// Share of open cells with exactly one passage, in percent.
    pub dead_end_percent: f64,
    /// Share of open cells with three or four passages, in percent.
    pub junction_percent: f64,
    /// Passages per corridor (chains of two-passage cells between nodes).
    pub mean_corridor_length: f64,
    /// Passages on the longest path (exact for a perfect maze).
    pub longest_path: usize,
}

impl From<CarveError> for FfiError {
    fn from(e: CarveError) -> FfiError {
        let status = match &e {
            CarveError::TooLarge { .. } | CarveError::WalkTooLong { .. } => McrdunStatus::TooLarge,
            CarveError::OutOfBounds { .. } => McrdunStatus::OutOfRange,
            CarveError::TooSmallForPattern { .. }
            | CarveError::MaskUnsupported { .. }
            | CarveError::SplitByMask { .. }
            | CarveError::NoPath { .. } => McrdunStatus::Unsatisfiable,
            CarveError::BufferSize { .. } => McrdunStatus::BufferTooSmall,
            CarveError::Geom(g) => return FfiError::from(g.clone()),
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// A cell from C coordinates; anything past `INT32_MAX` is outside every
/// maze, so it is reported as out of range.
fn cell(x: u32, y: u32, maze: &Maze) -> FfiResult<Point> {
    match (i32::try_from(x), i32::try_from(y)) {
        (Ok(x), Ok(y)) => Ok(Point::new(x, y)),
        _ => Err(FfiError::out_of_range(format!(
            "cell ({x}, {y}) is outside the {} x {} maze",
            maze.width(),
            maze.height()
        ))),
    }
}

/// Creates a `width` x `height` maze with every wall closed and no cell
/// blocked, into `*out`.
///
/// Memory: 2 bytes a cell (the maze itself); refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit.
///
/// Errors: `INVALID_ARGUMENT` for a zero side; `TOO_LARGE` for a side above
/// `INT32_MAX`, more cells than memory can hold, or 2 bytes a cell above
/// the memory limit; `NULL_ARGUMENT` when `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_new(
    width: u32,
    height: u32,
    out: *mut *mut McrdunMaze,
) -> McrdunStatus {
    boundary!("mcrdun_maze_new", {
        check_out(out, "out")?;
        let maze = McrdunMaze {
            inner: Maze::new(width, height)?,
            ends: None,
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { maze.hand_out(out, "out") }
    })
}

/// Frees a maze made by `mcrdun_maze_new`; NULL does nothing.
///
/// # Safety
/// `maze` is NULL or a live handle from `mcrdun_maze_new`, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_free(maze: *mut McrdunMaze) {
    boundary_value("mcrdun_maze_free", (), || {
        // SAFETY: NULL or a live handle from mcrdun_maze_new, given back
        // exactly once by the caller's contract.
        unsafe { McrdunMaze::free(maze) }
    })
}

/// The maze's width and height.
///
/// Errors: `NULL_ARGUMENT` when any pointer is NULL.
///
/// # Safety
/// `maze` is NULL or a live handle; `width` and `height` are NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_size(
    maze: *const McrdunMaze,
    width: *mut u32,
    height: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_maze_size", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        check_out(width, "width")?;
        check_out(height, "height")?;
        // SAFETY: both checked non-NULL and writable by contract.
        unsafe { write_out(width, m.width(), "width") }?;
        // SAFETY: as above.
        unsafe { write_out(height, m.height(), "height") }
    })
}

/// Blocks cell `(x, y)`: it keeps all four walls closed (and its
/// neighbours' facing walls) and is never carved. Blocking a blocked cell
/// does nothing.
///
/// Errors: `OUT_OF_RANGE` outside the maze; `NULL_ARGUMENT`.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_block(maze: *mut McrdunMaze, x: u32, y: u32) -> McrdunStatus {
    boundary!("mcrdun_maze_block", {
        // SAFETY: NULL or a live handle used by this thread only, by contract.
        let m = &mut unsafe { McrdunMaze::borrow_mut(maze, "maze") }?.inner;
        let p = cell(x, y, m)?;
        m.block(p)?;
        Ok(())
    })
}

/// Blocks the 18 cells of the "42" pattern (7 x 5 cells), centred.
///
/// Working memory: none (the cells are blocked in place), so this call
/// never returns `TOO_LARGE`.
///
/// Errors: `UNSATISFIABLE` when the maze is smaller than 9 x 7 (the
/// pattern with a free margin), the maze unchanged; `NULL_ARGUMENT`.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_block_pattern42(maze: *mut McrdunMaze) -> McrdunStatus {
    boundary!("mcrdun_maze_block_pattern42", {
        // SAFETY: NULL or a live handle used by this thread only, by contract.
        let m = &mut unsafe { McrdunMaze::borrow_mut(maze, "maze") }?.inner;
        m.block_pattern42()?;
        Ok(())
    })
}

/// Whether cell `(x, y)` is blocked, into `*out`.
///
/// Errors: `OUT_OF_RANGE`; `NULL_ARGUMENT`.
///
/// # Safety
/// `maze` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_is_blocked(
    maze: *const McrdunMaze,
    x: u32,
    y: u32,
    out: *mut bool,
) -> McrdunStatus {
    boundary!("mcrdun_maze_is_blocked", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        check_out(out, "out")?;
        let p = cell(x, y, m)?;
        let b = m.is_blocked(p).ok_or(CarveError::OutOfBounds {
            cell: p,
            width: m.width(),
            height: m.height(),
        })?;
        // SAFETY: checked non-NULL and writable by contract.
        unsafe { write_out(out, b, "out") }
    })
}

/// Opens the wall on `side` (one of `MCRDUN_SIDE_*`) of cell `(x, y)` and
/// the facing wall of its neighbour.
///
/// Errors: `OUT_OF_RANGE` outside the maze; `INVALID_ARGUMENT` for an
/// unknown side, an outer-border wall, or a blocked cell on either side;
/// `NULL_ARGUMENT`. The maze is unchanged on error.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_open_wall(
    maze: *mut McrdunMaze,
    x: u32,
    y: u32,
    side: u32,
) -> McrdunStatus {
    boundary!("mcrdun_maze_open_wall", {
        // SAFETY: NULL or a live handle used by this thread only, by contract.
        let m = &mut unsafe { McrdunMaze::borrow_mut(maze, "maze") }?.inner;
        let s = u8::try_from(side)
            .ok()
            .and_then(Side::from_bit)
            .ok_or_else(|| FfiError::invalid(format!("{side} is not a MCRDUN_SIDE_* flag")))?;
        let p = cell(x, y, m)?;
        m.open_wall(p, s)?;
        Ok(())
    })
}

/// The body of `mcrdun_maze_carve` and `mcrdun_maze_carve_piece`.
///
/// # Safety
/// `maze` is NULL or a live handle used by this thread only.
unsafe fn carve_with(
    maze: *mut McrdunMaze,
    algorithm: u32,
    start_x: u32,
    start_y: u32,
    seed: u64,
    whole: bool,
) -> FfiResult {
    // SAFETY: NULL or a live handle used by this thread only, by this
    // function's contract.
    let m = &mut unsafe { McrdunMaze::borrow_mut(maze, "maze") }?.inner;
    let algo = Algorithm::from_number(algorithm)?;
    let start = cell(start_x, start_y, m)?;
    let mut rng = seeded_rng(seed);
    if whole {
        algo.carve(m, start, &mut rng)?;
    } else {
        algo.carve_piece(m, start, &mut rng)?;
    }
    Ok(())
}

/// Carves a perfect maze (a spanning tree of the open cells) with
/// `algorithm` (one of the `MCRDUN_MAZE_ALGORITHM_*` constants; the
/// backtracker is 0) from cell `(start_x, start_y)`, seeded by `seed`: the
/// same seed gives the same walls on every platform. Walls opened before
/// are closed first; blocked cells stay blocked.
///
/// Working memory: 9 bytes a cell (Kruskal 26; Eller, sidewinder and
/// binary tree none a cell, Eller 35 bytes a column); refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit, before the maze
/// changes.
///
/// Errors: `INVALID_ARGUMENT` for an unknown algorithm or a blocked start;
/// `OUT_OF_RANGE` for a start outside; `UNSATISFIABLE` when the algorithm
/// cannot honour a mask (Eller, sidewinder, binary tree) or the mask splits
/// the open cells in pieces (see `mcrdun_maze_carve_piece`); `TOO_LARGE`
/// above the memory limit, or for Wilson's algorithm on a thin shape (far
/// longer than wide, where its walks take quadratic time); `NULL_ARGUMENT`.
/// The maze is unchanged on error.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_carve(
    maze: *mut McrdunMaze,
    algorithm: u32,
    start_x: u32,
    start_y: u32,
    seed: u64,
) -> McrdunStatus {
    boundary!("mcrdun_maze_carve", {
        // SAFETY: `maze` is NULL or a live handle by this export's contract.
        unsafe { carve_with(maze, algorithm, start_x, start_y, seed, true) }
    })
}

/// As `mcrdun_maze_carve`, but when the mask splits the open cells in
/// pieces only the start's piece is carved (the other open cells keep every
/// wall closed) instead of failing. Working memory and errors as
/// `mcrdun_maze_carve` (without the split mask's `UNSATISFIABLE`).
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_carve_piece(
    maze: *mut McrdunMaze,
    algorithm: u32,
    start_x: u32,
    start_y: u32,
    seed: u64,
) -> McrdunStatus {
    boundary!("mcrdun_maze_carve_piece", {
        // SAFETY: `maze` is NULL or a live handle by this export's contract.
        unsafe { carve_with(maze, algorithm, start_x, start_y, seed, false) }
    })
}

/// Copies the wall bytes, `width * height` of them, row-major, into `out`
/// (two-call protocol: `*len` receives the count; with `out == NULL` or
/// `cap` too small the call returns `BUFFER_TOO_SMALL`). Each byte holds
/// the closed walls: N = 1, E = 2, S = 4, W = 8.
///
/// Working memory: none (the bytes are copied into `out`).
///
/// Errors: `NULL_ARGUMENT` when `maze` or `len` is NULL; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `maze` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_walls(
    maze: *const McrdunMaze,
    out: *mut u8,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_maze_walls", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        // SAFETY: `out`, `cap` and `len` are valid by contract.
        unsafe { write_buffer(m.as_bytes(), out, cap, len, "out") }
    })
}

/// The number of independent loops, `passages - open cells + pieces`: 0
/// for a perfect maze. A NULL maze gives 0 (and records the error for
/// `mcrdun_last_error`).
///
/// Working memory: 9 bytes a cell; refused with `SIZE_MAX` (the
/// `MCRDUN_STATUS_TOO_LARGE` error recorded for `mcrdun_last_error`) above
/// the memory limit.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_loop_count(maze: *const McrdunMaze) -> usize {
    boundary_value("mcrdun_maze_loop_count", 0, || {
        let _budget = mcrdun_geom::memory::Budget::start();
        // SAFETY: NULL or a live handle by contract.
        let loops = match unsafe { McrdunMaze::borrow(maze, "maze") } {
            Ok(m) => m
                .inner
                .loop_count()
                .map_err(|e| (FfiError::from(e), usize::MAX)),
            Err(e) => Err((e, 0)),
        };
        loops.unwrap_or_else(|(e, value)| {
            crate::error::set_last_error("mcrdun_maze_loop_count", &e.message);
            value
        })
    })
}

/// Removes `fraction` (in [0, 1]) of the dead ends by opening walls, which
/// adds loops, without ever opening a 3 x 3 area; seeded by `seed`.
///
/// Working memory: 8 bytes a cell, checked against the memory ceiling
/// before any change.
///
/// Errors: `INVALID_ARGUMENT` for a fraction outside [0, 1] or NaN;
/// `TOO_LARGE` when 8 bytes a cell exceed the ceiling; the maze is then
/// unchanged; `NULL_ARGUMENT`.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_braid(
    maze: *mut McrdunMaze,
    fraction: f64,
    seed: u64,
) -> McrdunStatus {
    boundary!("mcrdun_maze_braid", {
        // SAFETY: NULL or a live handle used by this thread only, by contract.
        let m = &mut unsafe { McrdunMaze::borrow_mut(maze, "maze") }?.inner;
        m.braid(fraction, &mut seeded_rng(seed))?;
        Ok(())
    })
}

/// Copies `text` and a terminating NUL into `out` with the two-call
/// protocol (`*len` counts the NUL), without a copy of its own.
///
/// # Safety
/// As `write_buffer`.
unsafe fn write_text(text: &str, out: *mut c_char, cap: usize, len: *mut usize) -> FfiResult {
    let bytes = text.as_bytes();
    let with_nul = (0..bytes.len() + 1).map(|i| bytes.get(i).map_or(0, |&b| b as c_char));
    // SAFETY: forwarded from this function's contract.
    unsafe { crate::ptr::write_iter(with_nul, out, cap, len, "out") }
}

/// The shortest path from `(from_x, from_y)` to `(to_x, to_y)` as a
/// NUL-terminated string of `N`, `E`, `S`, `W` letters (breadth-first
/// search; empty when the cells are the same). Two-call protocol: `*len`
/// receives the size including the NUL.
///
/// Working memory: 9 bytes a cell; refused with `MCRDUN_STATUS_TOO_LARGE`
/// above the memory limit.
///
/// Errors: `OUT_OF_RANGE` for a cell outside; `INVALID_ARGUMENT` for a
/// blocked cell; `UNSATISFIABLE` when no path joins them; `TOO_LARGE`;
/// `NULL_ARGUMENT` when `maze` or `len` is NULL; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `maze` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // The signature the issue fixes.
pub unsafe extern "C" fn mcrdun_maze_solve(
    maze: *const McrdunMaze,
    from_x: u32,
    from_y: u32,
    to_x: u32,
    to_y: u32,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_maze_solve", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        check_out(len, "len")?;
        let path = m.solve(cell(from_x, from_y, m)?, cell(to_x, to_y, m)?)?;
        // SAFETY: `out`, `cap` and `len` are valid by contract.
        unsafe { write_text(&path, out, cap, len) }
    })
}

/// The "A-Maze-ing" output file as a NUL-terminated string: one hex digit
/// of wall bits per cell, a row per line, an empty line, the entry `x,y`,
/// the exit `x,y`, and the shortest path in N/E/S/W letters, each line
/// ending in `\n`. Two-call protocol: `*len` counts the NUL.
///
/// Working memory: 9 bytes a cell (the search; the path and the text that
/// follow take at most 4); refused with `MCRDUN_STATUS_TOO_LARGE` above the
/// memory limit.
///
/// Errors: as `mcrdun_maze_solve`.
///
/// # Safety
/// As `mcrdun_maze_solve`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // Mirrors mcrdun_maze_solve.
pub unsafe extern "C" fn mcrdun_maze_hex(
    maze: *const McrdunMaze,
    entry_x: u32,
    entry_y: u32,
    exit_x: u32,
    exit_y: u32,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_maze_hex", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        check_out(len, "len")?;
        let text = m.to_hex(cell(entry_x, entry_y, m)?, cell(exit_x, exit_y, m)?)?;
        // SAFETY: `out`, `cap` and `len` are valid by contract.
        unsafe { write_text(&text, out, cap, len) }
    })
}

/// Reads a hex file (as written by `mcrdun_maze_hex`) of `text_len` bytes
/// into a new maze at `*out`; cells with all four walls closed, other than
/// the entry and exit, are read as blocked. The entry, exit and path are
/// checked (the path must walk through open walls from entry to exit); the
/// entry and exit are kept (`mcrdun_maze_ends`, `mcrdun_maze_hex_file`).
///
/// Working memory: 2 bytes a cell (the maze) and a byte a step of the
/// path; refused with `MCRDUN_STATUS_TOO_LARGE` above the memory limit
/// before the maze is allocated: the cells the rows claim (the first row's
/// length a row) as soon as the rows seen so far claim too many, before any
/// row is read (a text of millions of rows is refused after a few), the
/// path once found.
///
/// Errors: `INVALID_ARGUMENT` for text that is not a valid maze file (the
/// last error names the line); `TOO_LARGE`; `NULL_ARGUMENT`.
///
/// # Safety
/// `text` is NULL or readable for `text_len` bytes; `out` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_read_hex(
    text: *const c_char,
    text_len: usize,
    out: *mut *mut McrdunMaze,
) -> McrdunStatus {
    boundary!("mcrdun_maze_read_hex", {
        check_out(out, "out")?;
        // SAFETY: NULL (with 0) or `text_len` readable bytes by contract.
        let bytes = unsafe { crate::ptr::input_slice(text.cast::<u8>(), text_len, "text") }?;
        let s = core::str::from_utf8(bytes)
            .map_err(|e| FfiError::invalid(format!("the text is not UTF-8: {e}")))?;
        let file = MazeFile::parse(s)?;
        let maze = McrdunMaze {
            inner: file.maze,
            ends: Some((file.entry, file.exit)),
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { maze.hand_out(out, "out") }
    })
}

/// The maze as a tile grid of `(2 * width + 1) x (2 * height + 1)` bytes,
/// row-major, each `MCRDUN_MAZE_TILE_WALL` or `MCRDUN_MAZE_TILE_FLOOR`:
/// cell `(x, y)` is tile `(2x + 1, 2y + 1)`, an open wall the tile between
/// two cells. Two-call protocol: `*len` receives the tile count.
///
/// Working memory: none (the tiles are written straight into `out`).
///
/// Errors: `TOO_LARGE` when the tile grid passes `INT32_MAX` a side or the
/// tile count does not fit in memory, `*len` then unwritten;
/// `NULL_ARGUMENT` when `maze` or `len` is NULL; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `maze` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_tiles(
    maze: *const McrdunMaze,
    out: *mut u8,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_maze_tiles", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        check_out(len, "len")?;
        let (tw, th) = m.tile_size()?;
        let n = tw as usize * th as usize;
        // SAFETY: `out`, `cap` and `len` are valid by contract.
        unsafe { announce(out, cap, len, n, "out") }?;
        // `out` holds at least `n` bytes here (n > 0: a maze has a cell).
        // SAFETY: writable for `cap >= n` bytes by contract, not otherwise
        // accessed during the call.
        let buf = unsafe { crate::ptr::input_slice_mut(out, n, "out") }?;
        m.write_tile_bytes(buf)?;
        // SAFETY: `len` was checked non-NULL and is writable by contract.
        unsafe { write_out(len, n, "len") }
    })
}

/// Dead-end and junction shares, mean corridor length and longest path,
/// into `*out`.
///
/// Working memory: 12 bytes a cell; refused with `MCRDUN_STATUS_TOO_LARGE`
/// above the memory limit.
///
/// Errors: `TOO_LARGE`; `NULL_ARGUMENT`.
///
/// # Safety
/// `maze` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_texture(
    maze: *const McrdunMaze,
    out: *mut McrdunMazeTexture,
) -> McrdunStatus {
    boundary!("mcrdun_maze_texture", {
        // SAFETY: NULL or a live handle by contract.
        let m = &unsafe { McrdunMaze::borrow(maze, "maze") }?.inner;
        check_out(out, "out")?;
        let t = m.texture()?;
        let value = McrdunMazeTexture {
            dead_end_percent: t.dead_end_percent,
            junction_percent: t.junction_percent,
            mean_corridor_length: t.mean_corridor_length,
            longest_path: t.longest_path,
        };
        // SAFETY: checked non-NULL and writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}

/// Sets the entry and the exit that `mcrdun_maze_hex_file` writes (the 42
/// "A-Maze-ing" subject's ENTRY and EXIT, zero-based): two different cells
/// that are not blocked (so not in the "42"). No working memory.
///
/// Errors: `OUT_OF_RANGE` for a cell outside; `INVALID_ARGUMENT` for a
/// blocked cell or the same cell twice; `NULL_ARGUMENT`. The maze is
/// unchanged on error.
///
/// # Safety
/// `maze` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_set_ends(
    maze: *mut McrdunMaze,
    entry_x: u32,
    entry_y: u32,
    exit_x: u32,
    exit_y: u32,
) -> McrdunStatus {
    boundary!("mcrdun_maze_set_ends", {
        // SAFETY: NULL or a live handle used by this thread only, by contract.
        let h = unsafe { McrdunMaze::borrow_mut(maze, "maze") }?;
        let entry = cell(entry_x, entry_y, &h.inner)?;
        let exit = cell(exit_x, exit_y, &h.inner)?;
        for p in [entry, exit] {
            match h.inner.is_blocked(p) {
                None => {
                    return Err(CarveError::OutOfBounds {
                        cell: p,
                        width: h.inner.width(),
                        height: h.inner.height(),
                    }
                    .into());
                }
                Some(true) => return Err(CarveError::Blocked { cell: p }.into()),
                Some(false) => {}
            }
        }
        if entry == exit {
            return Err(FfiError::invalid(format!(
                "the entry and the exit are both cell {entry}; they must differ"
            )));
        }
        h.ends = Some((entry, exit));
        Ok(())
    })
}

/// The entry and exit set by `mcrdun_maze_set_ends` or read by
/// `mcrdun_maze_read_hex`, into the four out-parameters. No working
/// memory.
///
/// Errors: `INVALID_ARGUMENT` when none were set; `NULL_ARGUMENT`.
///
/// # Safety
/// `maze` is NULL or a live handle; the four outputs are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_ends(
    maze: *const McrdunMaze,
    entry_x: *mut u32,
    entry_y: *mut u32,
    exit_x: *mut u32,
    exit_y: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_maze_ends", {
        // SAFETY: NULL or a live handle by contract.
        let h = unsafe { McrdunMaze::borrow(maze, "maze") }?;
        check_out(entry_x, "entry_x")?;
        check_out(entry_y, "entry_y")?;
        check_out(exit_x, "exit_x")?;
        check_out(exit_y, "exit_y")?;
        let (entry, exit) = ends_of(h)?;
        // Cells of a maze are never negative: the casts are exact.
        // SAFETY: all four checked non-NULL and writable by contract.
        unsafe {
            write_out(entry_x, entry.x as u32, "entry_x")?;
            write_out(entry_y, entry.y as u32, "entry_y")?;
            write_out(exit_x, exit.x as u32, "exit_x")?;
            write_out(exit_y, exit.y as u32, "exit_y")
        }
    })
}

fn ends_of(h: &McrdunMaze) -> FfiResult<(Point, Point)> {
    h.ends.ok_or_else(|| {
        FfiError::invalid(
            "the maze has no entry and exit: call mcrdun_maze_set_ends (or read a hex file)",
        )
    })
}

/// The "A-Maze-ing" hex file with the entry and exit set by
/// `mcrdun_maze_set_ends` (or read by `mcrdun_maze_read_hex`), as a
/// NUL-terminated string; otherwise as `mcrdun_maze_hex`. Two-call
/// protocol: `*len` counts the NUL.
///
/// Working memory: 9 bytes a cell, as `mcrdun_maze_hex`; refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit.
///
/// Errors: `INVALID_ARGUMENT` when no entry and exit were set, or one was
/// blocked since; `UNSATISFIABLE` when no path joins them; `TOO_LARGE`;
/// `NULL_ARGUMENT` when `maze` or `len` is NULL; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `maze` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_maze_hex_file(
    maze: *const McrdunMaze,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_maze_hex_file", {
        // SAFETY: NULL or a live handle by contract.
        let h = unsafe { McrdunMaze::borrow(maze, "maze") }?;
        check_out(len, "len")?;
        let (entry, exit) = ends_of(h)?;
        let text = h.inner.to_hex(entry, exit)?;
        // SAFETY: `out`, `cap` and `len` are valid by contract.
        unsafe { write_text(&text, out, cap, len) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithm_numbers_match_the_crate() {
        let names = [
            "backtracker",
            "prim",
            "kruskal",
            "wilson",
            "eller",
            "growing-tree-newest",
            "growing-tree-random",
            "growing-tree-mixed",
            "hunt-and-kill",
            "sidewinder",
            "binary-tree",
        ];
        for (n, name) in ALGORITHMS.into_iter().zip(names) {
            assert_eq!(Algorithm::from_number(n).unwrap().name(), name);
        }
    }

    #[test]
    fn same_bytes_as_the_rust_api() {
        let mut h = core::ptr::null_mut();
        // SAFETY: `h` is a valid out-pointer; the handle is freed below.
        unsafe {
            assert_eq!(mcrdun_maze_new(20, 15, &mut h), McrdunStatus::Ok);
            assert_eq!(mcrdun_maze_block_pattern42(h), McrdunStatus::Ok);
            assert_eq!(mcrdun_maze_carve(h, 2, 0, 0, 99), McrdunStatus::Ok);
        }
        let mut maze = Maze::new(20, 15).unwrap();
        maze.block_pattern42().unwrap();
        Algorithm::Kruskal
            .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(99))
            .unwrap();
        let mut buf = vec![0u8; 300];
        let mut len = 0;
        // SAFETY: `buf` holds 300 bytes; `h` is live until freed.
        unsafe {
            assert_eq!(
                mcrdun_maze_walls(h, buf.as_mut_ptr(), 300, &mut len),
                McrdunStatus::Ok
            );
            assert_eq!(mcrdun_maze_loop_count(h), 0);
            mcrdun_maze_free(h);
        }
        assert_eq!(len, 300);
        assert_eq!(buf, maze.as_bytes());
    }
}
