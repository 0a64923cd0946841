//! The memory ceiling from C: inputs whose working memory grows with the
//! square of the input (neighbour pairs) or with the output (BSP nodes)
//! are refused with `TOO_LARGE` as they grow, never aborting the host; a
//! level's `max_bytes` cannot lift it past the process limit; and a call
//! keeps the ceiling it started with while another thread changes it.
//!
//! One test binary of its own: one test changes the process-wide limit,
//! so the tests here take turns.

use mcrdun::*;
use std::ptr::null_mut;
use std::sync::Mutex;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn turn() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// `n` rooms 10 wide and 1 high, stacked in one column with a gap of 1:
/// with a huge `max_gap` every pair is a neighbour pair.
fn column(n: i32) -> Vec<McrdunRect> {
    (0..n)
        .map(|i| McrdunRect {
            x: 0,
            y: 2 * i,
            w: 10,
            h: 1,
        })
        .collect()
}

fn last_error() -> String {
    let mut buf = vec![0u8; 1024];
    let mut len = 0usize;
    // SAFETY: `buf` holds 1024 bytes, `len` is writable.
    unsafe { mcrdun_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    String::from_utf8_lossy(&buf[..len.min(1023)]).into_owned()
}

#[test]
fn quadratic_neighbour_pairs_are_refused() {
    let _turn = turn();
    // A lowered ceiling keeps the debug build quick; the same holds at
    // the default 1 GiB (16,000 and 10,000 rooms, the reports' sizes).
    let _ceiling = mcrdun_geom::memory::Budget::start_with(32 << 20);
    let rooms = column(16_000);
    let mut len = 7usize;
    // SAFETY: `rooms` holds its length; a size query with `out` NULL.
    let s = unsafe {
        mcrdun_scatter_neighbours(
            rooms.as_ptr(),
            rooms.len(),
            u32::MAX,
            1,
            null_mut(),
            0,
            &mut len,
        )
    };
    assert_eq!(s, McrdunStatus::TooLarge, "{}", last_error());
    assert_eq!(len, 7, "nothing written on failure");
    assert!(last_error().contains("memory limit"), "{}", last_error());
    let rooms = column(10_000);
    let (mut len, mut tree) = (7usize, 7usize);
    // SAFETY: as above.
    let s = unsafe {
        mcrdun_scatter_links(
            rooms.as_ptr(),
            rooms.len(),
            u32::MAX,
            1,
            0,
            0.5,
            1,
            null_mut(),
            0,
            &mut len,
            &mut tree,
        )
    };
    assert_eq!(s, McrdunStatus::TooLarge, "{}", last_error());
    assert_eq!((len, tree), (7, 7));
}

#[test]
fn deep_splits_of_a_huge_root_are_refused_as_over_budget() {
    let _turn = turn();
    let _ceiling = mcrdun_geom::memory::Budget::start_with(8 << 20);
    for libtcod in [false, true] {
        let mut bsp = null_mut();
        // SAFETY: `bsp` is writable; the handle is freed below.
        unsafe {
            assert_eq!(
                mcrdun_bsp_new(0, 0, i32::MAX, i32::MAX, &mut bsp),
                McrdunStatus::Ok
            );
            let s = if libtcod {
                mcrdun_bsp_split_recursive_libtcod(bsp, 1, 26, 1, 1, 1.5, 1.5)
            } else {
                mcrdun_bsp_split_recursive(bsp, 1, 26, 1, 1, 1.5, 1.5)
            };
            assert_eq!(s, McrdunStatus::TooLarge);
            let e = last_error();
            assert!(e.contains("memory limit") && !e.contains("u32::MAX"), "{e}");
            let mut len = 0usize;
            assert_eq!(
                mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, &mut len),
                McrdunStatus::Ok
            );
            assert_eq!(len, 0, "the tree is unchanged: one leaf");
            mcrdun_bsp_free(bsp);
        }
    }
}

fn level_status(kind: u32, width: u32, height: u32, max_bytes: u64) -> McrdunStatus {
    let mut config = std::mem::MaybeUninit::<McrdunLevelConfig>::uninit();
    let mut len = 0usize;
    // SAFETY: `config` is writable and initialised by the call; the level
    // call gets NULL buffers (a size query).
    unsafe {
        assert_eq!(
            mcrdun_level_config_default(kind, width, height, config.as_mut_ptr()),
            McrdunStatus::Ok
        );
        let mut config = config.assume_init();
        config.max_bytes = max_bytes;
        mcrdun_level_generate(
            &config,
            1,
            null_mut(),
            0,
            &mut len,
            null_mut(),
            0,
            null_mut(),
            null_mut(),
            0,
            null_mut(),
            null_mut(),
        )
    }
}

#[test]
fn a_level_cannot_lift_the_process_limit() {
    let _turn = turn();
    for kind in [
        MCRDUN_LEVEL_KIND_BSP,
        MCRDUN_LEVEL_KIND_SCATTER,
        MCRDUN_LEVEL_KIND_CAVE,
    ] {
        assert_eq!(
            level_status(kind, 20_000, 20_000, u64::MAX),
            McrdunStatus::TooLarge
        );
    }
    assert_eq!(
        level_status(MCRDUN_LEVEL_KIND_BSP, 59, 9_277_792, u64::MAX),
        McrdunStatus::TooLarge
    );
    assert_eq!(
        level_status(MCRDUN_LEVEL_KIND_CAVE, 6_000, 7_000, 0),
        McrdunStatus::TooLarge
    );
    assert!(last_error().contains("--max-bytes"), "{}", last_error());
}

#[test]
fn a_running_call_keeps_its_ceiling() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let _turn = turn();
    let stop = AtomicBool::new(false);
    let default = mcrdun_memory_limit();
    std::thread::scope(|s| {
        s.spawn(|| {
            // Toggles the limit between 1 KB and the default.
            let mut low = true;
            while !stop.load(Ordering::Relaxed) {
                mcrdun_set_memory_limit(if low { 1000 } else { default });
                low = !low;
                std::thread::sleep(std::time::Duration::from_micros(50));
            }
            mcrdun_set_memory_limit(default);
        });
        let mut failed = 0;
        for _ in 0..20 {
            // A call that starts under 1 KB is refused at once; one that
            // starts under the default keeps it to the end.
            while mcrdun_memory_limit() != default {
                std::hint::spin_loop();
            }
            let s = level_status(MCRDUN_LEVEL_KIND_CAVE, 200, 200, 0);
            if s != McrdunStatus::BufferTooSmall {
                failed += 1;
            }
        }
        stop.store(true, Ordering::Relaxed);
        // A race between the read above and the call's start can lose a
        // few; a call that lost its ceiling mid-way loses nearly all.
        assert!(failed <= 5, "{failed} of 20 level calls failed");
    });
}
