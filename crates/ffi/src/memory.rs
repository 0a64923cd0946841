//! The memory budget from C (see `mcrdun_geom::memory`).

use crate::boundary::boundary_value;

/// The default ceiling on one call's working memory, in bytes (1 GiB).
pub const MCRDUN_DEFAULT_MEMORY_LIMIT: usize = 1_073_741_824;

const _: () =
    assert!(MCRDUN_DEFAULT_MEMORY_LIMIT as u64 == mcrdun_geom::memory::DEFAULT_MEMORY_LIMIT);

/// Sets the ceiling on the working memory of any one mcrdun call to `bytes`
/// and returns the previous ceiling. The default is
/// `MCRDUN_DEFAULT_MEMORY_LIMIT` (1 GiB). Every call whose memory grows with
/// its input states its need (bytes per cell, per run, per room) in its
/// documentation and returns `MCRDUN_STATUS_TOO_LARGE`, before doing any
/// work, when the need is above the ceiling; raise it to work on larger
/// maps. `SIZE_MAX` turns the budget off: each call then asks the system
/// for what its input needs, and a request the system refuses ends the
/// process (the large buffers are reserved fallibly, but not every
/// allocation is; on Linux an overcommitted page may also be killed when
/// touched). Keep the ceiling within the memory the process can map.
/// It counts each call's own scratch and results, not the caller's buffers.
///
/// Working memory of the calls that take a size (n = width * height), as
/// measured by the counting allocator of `crates/ffi/tests/costs/`
/// (every stated cost holds within 64 KiB):
/// - `mcrdun_maze_new`, `mcrdun_maze_read_hex`: 2 bytes per cell;
///   `mcrdun_maze_carve(_piece)`: 9 bytes per cell, plus 16 (backtracker,
///   Prim, growing tree), 40 (Kruskal) or 1 (Wilson); `mcrdun_maze_solve`,
///   `mcrdun_maze_hex`: 9 bytes per cell; `mcrdun_maze_texture`: 28;
///   `mcrdun_maze_tiles`: 2 bytes per tile.
/// - `mcrdun_regions_*` labelling: 11 bytes per column, 8 per row, 12 per
///   run of floor (counted as the scan finds them, before any output is
///   written), 1 bit per cell for 8-connected statistics, 56 bytes per
///   region for statistics; `mcrdun_regions_touched`,
///   `mcrdun_regions_reachable_from`: 4 or 5 bytes per cell more;
///   `mcrdun_regions_connect`: 80 bytes per cell in all.
/// - `mcrdun_layout_new`: 4 bytes per cell; `mcrdun_layout_from_labels`:
///   8 bytes per cell, 16 per labelled cell and 48 per room, checked before
///   the labels are copied.
/// - `mcrdun_scatter_generate`, `_separate`: 200 bytes per room;
///   `_neighbours`: 32 bytes per room and 48 per neighbour pair (the pairs
///   can grow with the square of the rooms: when they might not fit they
///   are counted before they are stored, and refused at the ceiling);
///   `_links`, `_unreachable`: 112 bytes per room and 226 per pair.
/// - `mcrdun_bsp_split_recursive(_libtcod)`: 36 bytes per node of the
///   most nodes the depth and sizes allow, checked before any work;
///   `mcrdun_bsp_split_leaf`: 72 bytes per node when the arena doubles;
///   `mcrdun_bsp_resize`: 16; `mcrdun_bsp_traverse`: 10; the leaf
///   numbering, built on first use after each change: 12 bytes per node;
///   `mcrdun_bsp_adjacency` (its first call on a tree):
///   128 bytes per leaf.
/// - `mcrdun_level_generate`: 64 KiB plus, per tile, 22 bytes (bsp), 40
///   (scatter), 24 (maze), 26 (cave) or 32 (passages), every stage counted
///   (`McrdunLevelConfig::max_bytes` can lower the limit for one call,
///   never raise it).
/// - `mcrdun_thing_table_parse`: 32 bytes a byte of text and 16 KiB,
///   checked before the text is read; `mcrdun_things_place`: 45 bytes a
///   tile (40 for the placement, 5 for the copies of the caller's spots
///   and rooms), 64 KiB and about 112 bytes a thing.
/// - `mcrdun_locks_solve`: 6 bytes a tile, 8 a door, about 48 a lock
///   and 20 a key, checked before anything is read.
/// - Wilson's algorithm also bounds its time: a maze whose long side
///   squared passes 4 n log2 n + 2^24 is refused (`TOO_LARGE`), and its
///   walks stop past 16 n log2 n + 2^24 steps.
///
/// Process-wide and thread-safe: one atomic value; calls already running
/// keep the ceiling they started with.
#[unsafe(no_mangle)]
pub extern "C" fn mcrdun_set_memory_limit(bytes: usize) -> usize {
    boundary_value("mcrdun_set_memory_limit", 0, || {
        let old = mcrdun_geom::memory::set_memory_limit(bytes as u64);
        usize::try_from(old).unwrap_or(usize::MAX)
    })
}

/// The current ceiling on one call's working memory, in bytes (see
/// `mcrdun_set_memory_limit`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn mcrdun_memory_limit() -> usize {
    boundary_value("mcrdun_memory_limit", 0, || {
        usize::try_from(mcrdun_geom::memory::memory_limit()).unwrap_or(usize::MAX)
    })
}
