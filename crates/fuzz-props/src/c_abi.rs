//! The C ABI driven by arbitrary call sequences, as a C caller would: each
//! step picks an export and its arguments from the bytes. Output buffers
//! are exactly as large as the capacity passed plus canaries, so an
//! overflow is caught; every status must be a defined one other than
//! `PANIC`, and a size query must agree with the filled call.
#![allow(unsafe_code)] // Calling the C ABI is the point of this module.

use crate::Bytes;
use mcrdun::*;
use std::ptr::{null, null_mut};

const CANARY: u8 = 0xA5;

/// A buffer of `cap` items of `T` between canary bytes.
struct Guarded {
    bytes: Vec<u8>,
    size: usize,
    cap: usize,
}

impl Guarded {
    const PAD: usize = 16;
    fn new<T>(cap: usize) -> Guarded {
        let size = core::mem::size_of::<T>();
        Guarded {
            bytes: vec![CANARY; cap * size + 2 * Guarded::PAD + 8],
            size,
            cap,
        }
    }
    /// A pointer to the buffer, aligned for `T` (alignment <= 8).
    fn ptr<T>(&mut self) -> *mut T {
        let base = self.bytes.as_mut_ptr();
        let off = Guarded::PAD + base.align_offset(8).min(8);
        // SAFETY: `off + cap * size` stays inside `bytes` (PAD + 8 spare).
        unsafe { base.add(off) }.cast()
    }
    /// Whether the canaries around the buffer are intact.
    fn intact(&self) -> bool {
        let off = Guarded::PAD + self.bytes.as_ptr().align_offset(8).min(8);
        let end = off + self.cap * self.size;
        self.bytes[..off].iter().all(|&b| b == CANARY)
            && self.bytes[end..].iter().all(|&b| b == CANARY)
    }
}

fn ok_status(s: McrdunStatus) {
    assert_ne!(s, McrdunStatus::Panic, "a call panicked: {}", last_error());
}

fn last_error() -> String {
    let mut buf = vec![0 as core::ffi::c_char; 2048];
    let mut len = 0usize;
    // SAFETY: `buf` holds 2048 bytes, `len` is writable.
    let s = unsafe { mcrdun_last_error(buf.as_mut_ptr(), buf.len(), &mut len) };
    if s != McrdunStatus::Ok {
        return String::from("<unavailable>");
    }
    let bytes: Vec<u8> = buf[..len.saturating_sub(1)]
        .iter()
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A size: mostly small, sometimes extreme.
fn size(b: &mut Bytes<'_>) -> u32 {
    match b.below(16) {
        0 => u32::MAX,
        1 => i32::MAX as u32,
        2 => 65536,
        3 => 0,
        _ => b.below(40),
    }
}

/// The C ABI property (see the crate docs).
pub fn c_abi(data: &[u8]) {
    let mut b = Bytes::new(data);
    let mut mazes: Vec<*mut McrdunMaze> = Vec::new();
    let mut bsps: Vec<*mut McrdunBsp> = Vec::new();
    let mut layouts: Vec<*mut McrdunLayout> = Vec::new();
    for _ in 0..64 {
        if b.is_empty() {
            break;
        }
        match b.below(14) {
            0 => {
                let mut m = null_mut();
                let (w, h) = (size(&mut b), size(&mut b));
                // SAFETY: `m` is writable.
                let s = unsafe { mcrdun_maze_new(w, h, &mut m) };
                ok_status(s);
                assert_eq!(s == McrdunStatus::Ok, !m.is_null());
                // Large mazes are only created (and freed): carving them
                // would make each input slow.
                if !m.is_null() && u64::from(w) * u64::from(h) <= 4096 {
                    mazes.push(m);
                } else {
                    // SAFETY: NULL or a fresh handle.
                    unsafe { mcrdun_maze_free(m) };
                }
            }
            1 if !mazes.is_empty() => {
                let m = mazes[b.below(mazes.len() as u32) as usize];
                let (algo, x, y, seed) = (b.below(13), b.below(40), b.below(40), b.u64());
                // SAFETY: a live maze handle.
                let s = unsafe {
                    if b.bool() {
                        mcrdun_maze_carve(m, algo, x, y, seed)
                    } else {
                        mcrdun_maze_carve_piece(m, algo, x, y, seed)
                    }
                };
                ok_status(s);
                if s == McrdunStatus::Ok && b.bool() {
                    // SAFETY: a live maze handle.
                    ok_status(unsafe { mcrdun_maze_block(m, b.below(40), b.below(40)) });
                }
            }
            2 if !mazes.is_empty() => {
                let m = mazes[b.below(mazes.len() as u32) as usize];
                let cap = b.below(64) as usize;
                let mut g = Guarded::new::<u8>(cap);
                let mut len = 0usize;
                let (ex, ey, xx, xy) = (b.below(40), b.below(40), b.below(40), b.below(40));
                // SAFETY: `g` holds `cap` bytes; `len` is writable.
                let s = unsafe { mcrdun_maze_hex(m, ex, ey, xx, xy, g.ptr(), cap, &mut len) };
                ok_status(s);
                assert!(g.intact(), "maze_hex wrote past its buffer");
                if s == McrdunStatus::Ok {
                    let mut back = null_mut();
                    // SAFETY: the text is `len - 1` readable bytes; `back` writable.
                    let r = unsafe { mcrdun_maze_read_hex(g.ptr(), len - 1, &mut back) };
                    assert_eq!(
                        r,
                        McrdunStatus::Ok,
                        "hex written is read back: {}",
                        last_error()
                    );
                    // SAFETY: a handle from read_hex (or NULL).
                    unsafe { mcrdun_maze_free(back) };
                }
            }
            3 if !mazes.is_empty() => {
                let m = mazes[b.below(mazes.len() as u32) as usize];
                let mut len = 0usize;
                // SAFETY: a size query: NULL buffer, writable `len`.
                let q = unsafe { mcrdun_maze_tiles(m, null_mut(), 0, &mut len) };
                ok_status(q);
                if q == McrdunStatus::BufferTooSmall && len < 1 << 16 {
                    let cap = len.saturating_sub(b.below(2) as usize);
                    let mut g = Guarded::new::<u8>(cap);
                    let mut len2 = 0usize;
                    // SAFETY: `g` holds `cap` bytes.
                    let s = unsafe { mcrdun_maze_tiles(m, g.ptr(), cap, &mut len2) };
                    ok_status(s);
                    assert_eq!(len2, len, "the size query and the call agree");
                    assert_eq!(s == McrdunStatus::Ok, cap == len);
                    assert!(g.intact(), "maze_tiles wrote past its buffer");
                }
            }
            4 => {
                let mut h = null_mut();
                let (x, y) = (b.u32() as i32, b.u32() as i32);
                let (w, hh) = (size(&mut b) as i32, size(&mut b) as i32);
                // SAFETY: `h` is writable.
                let s = unsafe { mcrdun_bsp_new(x, y, w, hh, &mut h) };
                ok_status(s);
                if !h.is_null() {
                    bsps.push(h);
                }
            }
            5 if !bsps.is_empty() => {
                let t = bsps[b.below(bsps.len() as u32) as usize];
                let ratio = match b.below(4) {
                    0 => f32::NAN,
                    1 => f32::INFINITY,
                    2 => 0.5,
                    _ => 1.5,
                };
                let (seed, depth, mw, mh) =
                    (b.u64(), b.below(9), b.below(8) as i32, b.below(8) as i32);
                // SAFETY: a live tree.
                let s = unsafe {
                    if b.bool() {
                        mcrdun_bsp_split_recursive(t, seed, depth, mw, mh, ratio, 1.5)
                    } else {
                        mcrdun_bsp_split_leaf(t, b.below(8) as usize, b.below(3), b.u16() as i32)
                    }
                };
                ok_status(s);
            }
            6 if !bsps.is_empty() => {
                let t = bsps[b.below(bsps.len() as u32) as usize];
                let cap = b.below(16) as usize;
                let mut g = Guarded::new::<u32>(cap);
                let mut len = 0usize;
                // SAFETY: `g` holds `cap` u32s.
                let s =
                    unsafe { mcrdun_bsp_adjacency(t, b.below(8) as usize, g.ptr(), cap, &mut len) };
                ok_status(s);
                assert!(g.intact(), "bsp_adjacency wrote past its buffer");
                let cap = b.below(32) as usize;
                let mut g = Guarded::new::<usize>(cap);
                // SAFETY: `g` holds `cap` usizes.
                let s = unsafe {
                    mcrdun_bsp_traverse(t, b.below(8) as usize, b.below(6), g.ptr(), cap, &mut len)
                };
                ok_status(s);
                assert!(g.intact(), "bsp_traverse wrote past its buffer");
            }
            7 if !bsps.is_empty() => {
                let t = bsps[b.below(bsps.len() as u32) as usize];
                let (w, h) = (b.below(40), b.below(40));
                let mut cells = vec![u32::MAX; (w * h) as usize];
                // SAFETY: `cells` holds w * h items.
                let s = unsafe {
                    mcrdun_bsp_rasterise_leaves(t, b.below(4) as i32 - 1, cells.as_mut_ptr(), w, h)
                };
                ok_status(s);
                // SAFETY: impossible sizes are refused before the pointer is used.
                let s = unsafe {
                    mcrdun_bsp_rasterise_leaves(t, 0, cells.as_mut_ptr(), u32::MAX, u32::MAX)
                };
                assert_eq!(s, McrdunStatus::TooLarge);
            }
            8 => {
                let (w, h) = (b.below(30), b.below(30));
                let cells: Vec<u8> = (0..w * h).map(|_| b.u8() & 1).collect();
                let cap = b.below(8) as usize;
                let mut g = Guarded::new::<McrdunRegionStats>(cap);
                let mut len = 0usize;
                // SAFETY: `cells` holds w * h bytes; `g` holds `cap` items.
                let s = unsafe {
                    mcrdun_regions_stats(
                        cells.as_ptr(),
                        w,
                        h,
                        4 + 4 * b.below(2),
                        g.ptr(),
                        cap,
                        &mut len,
                    )
                };
                ok_status(s);
                assert!(g.intact(), "regions_stats wrote past its buffer");
                let mut map = cells.clone();
                let mut dug = 0usize;
                // SAFETY: `map` holds w * h bytes.
                let s =
                    unsafe { mcrdun_regions_connect(map.as_mut_ptr(), w, h, b.below(3), &mut dug) };
                ok_status(s);
                let mut one = false;
                // SAFETY: as above.
                let c = unsafe { mcrdun_regions_is_connected(map.as_ptr(), w, h, 4, &mut one) };
                ok_status(c);
                if s == McrdunStatus::Ok {
                    assert!(one, "connect left more than one region");
                }
            }
            9 => {
                let mut l = null_mut();
                let (w, h) = (size(&mut b), size(&mut b));
                // SAFETY: `l` is writable.
                ok_status(unsafe { mcrdun_layout_new(w, h, &mut l) });
                if !l.is_null() && u64::from(w) * u64::from(h) <= 4096 {
                    layouts.push(l);
                } else {
                    // SAFETY: NULL or a fresh handle.
                    unsafe { mcrdun_layout_free(l) };
                }
            }
            10 if !layouts.is_empty() => {
                let l = layouts[b.below(layouts.len() as u32) as usize];
                let n = b.below(6) as usize;
                let pts: Vec<McrdunPoint> = (0..n)
                    .map(|_| McrdunPoint {
                        x: b.below(44) as i32 - 2,
                        y: b.below(44) as i32 - 2,
                    })
                    .collect();
                let mut room = 0u32;
                // SAFETY: `pts` holds n points.
                ok_status(unsafe { mcrdun_layout_add_room(l, pts.as_ptr(), n, &mut room) });
                let cap = b.below(8) as usize;
                let mut g = Guarded::new::<McrdunRoomPair>(cap);
                let mut len = 0usize;
                // SAFETY: `g` holds `cap` pairs.
                ok_status(unsafe { mcrdun_layout_adjacent_rooms(l, g.ptr(), cap, &mut len) });
                assert!(g.intact(), "layout_adjacent_rooms wrote past its buffer");
            }
            11 => {
                let n = b.below(12) as usize;
                let labels: Vec<u32> = (0..n)
                    .map(|_| if b.bool() { b.below(4) } else { b.u32() })
                    .collect();
                let mut l = null_mut();
                let w = b.below(n as u32 + 1);
                let h = (n as u32).checked_div(w).unwrap_or(0);
                // SAFETY: `labels` holds n labels.
                ok_status(unsafe { mcrdun_layout_from_labels(w, h, labels.as_ptr(), n, &mut l) });
                // SAFETY: NULL or a fresh handle.
                unsafe { mcrdun_layout_free(l) };
            }
            12 => {
                let text: Vec<u8> = (0..b.below(64)).map(|_| b.u8()).collect();
                let mut m = null_mut();
                // SAFETY: `text` holds its length in bytes.
                ok_status(unsafe {
                    mcrdun_maze_read_hex(text.as_ptr().cast(), text.len(), &mut m)
                });
                if !m.is_null() {
                    mazes.push(m);
                }
            }
            _ => {
                let old = mcrdun_set_memory_limit(b.below(1 << 16) as usize * 64);
                let mut m = null_mut();
                // SAFETY: `m` is writable.
                ok_status(unsafe { mcrdun_maze_new(b.below(100), b.below(100), &mut m) });
                // SAFETY: NULL or a fresh handle.
                unsafe { mcrdun_maze_free(m) };
                mcrdun_set_memory_limit(old);
            }
        }
    }
    // NULL everywhere is an error, never a crash.
    // SAFETY: NULL handles are checked.
    unsafe {
        ok_status(mcrdun_maze_tiles(null(), null_mut(), 0, null_mut()));
        mcrdun_maze_free(null_mut());
    }
    for m in mazes {
        // SAFETY: each handle is freed once.
        unsafe { mcrdun_maze_free(m) };
    }
    for t in bsps {
        // SAFETY: as above.
        unsafe { mcrdun_bsp_free(t) };
    }
    for l in layouts {
        // SAFETY: as above.
        unsafe { mcrdun_layout_free(l) };
    }
}
