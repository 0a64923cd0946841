//! Level options set by name, from Rust (`option_set`) and through the C
//! options handle (`level_options`).
//!
//! Names are drawn half from the schema (so values reach the range checks)
//! and half as arbitrary bytes; values are drawn from each option's edges,
//! NaN, infinities and raw bits. The properties: nothing panics; a value
//! that is refused leaves the options as they were; a value that is taken
//! reads back exactly and passes the schema's check; the options then
//! generate a level or a typed error, and the C handle builds the level
//! Rust builds from the same options.
#![allow(unsafe_code)] // Calling the C ABI is the point of `level_options`.

use crate::Bytes;
use mcrdun::*;
use mcrdun_dungeon::schema::{self, ValueKind};
use mcrdun_dungeon::{LevelConfig, LevelKind};
use std::ffi::CString;
use std::ptr::{null, null_mut};

/// A name: one of the kind's options, `width`/`height`, or bytes.
fn name(b: &mut Bytes<'_>, kind: LevelKind) -> Vec<u8> {
    let specs: Vec<_> = schema::options(kind).collect();
    match b.below(4) {
        0 | 1 if !specs.is_empty() => specs[b.below(specs.len() as u32) as usize]
            .name
            .as_bytes()
            .to_vec(),
        2 => [&b"width"[..], b"height"][b.below(2) as usize].to_vec(),
        _ => {
            let n = b.below(24) as usize;
            (0..n).map(|_| b.u8()).collect()
        }
    }
}

/// A value near the edges of `name`'s range, or anything at all.
fn value(b: &mut Bytes<'_>, kind: LevelKind, name: &[u8]) -> f64 {
    let spec = std::str::from_utf8(name)
        .ok()
        .and_then(|n| schema::find(kind, n));
    let (min, max) = spec.map_or((0.0, 200.0), |s| (s.min, s.max));
    match b.below(8) {
        0 => min,
        1 => max,
        2 => min + f64::from(b.below(64)),
        3 => min + f64::from(b.below(64)) / 16.0,
        4 => [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0][b.below(4) as usize],
        5 => f64::from_bits(b.u64()),
        6 => max + 1.0,
        _ => f64::from(b.u16()) / 256.0,
    }
}

fn kind(b: &mut Bytes<'_>) -> LevelKind {
    LevelKind::ALL[b.below(LevelKind::ALL.len() as u32) as usize]
}

/// `LevelConfig::set` and `set_text` by name, then `generate`.
pub fn option_set(data: &[u8]) {
    let mut b = Bytes::new(data);
    let kind = kind(&mut b);
    let mut config = LevelConfig::new(kind, 8 + b.below(40), 8 + b.below(40));
    let seed = b.u64();
    for _ in 0..b.below(12) {
        let name = name(&mut b, kind);
        let before = config;
        let text = String::from_utf8_lossy(&name).into_owned();
        let result = if b.bool() {
            let v = value(&mut b, kind, &name);
            config.set(&text, v).map(|()| Some(v))
        } else {
            let n = b.below(12) as usize;
            let raw: Vec<u8> = (0..n).map(|_| b.u8()).collect();
            config
                .set_text(&text, &String::from_utf8_lossy(&raw))
                .map(|()| None)
        };
        match result {
            Err(_) => assert_eq!(config, before, "a refused {text:?} changed the options"),
            Ok(set) => {
                let got = config.get(&text).expect("a name set is a name read");
                if let Some(v) = set {
                    // -0.0 may read back as 0.0: equal as numbers.
                    assert_eq!(got, v, "{text:?} reads back");
                }
                if let Some(spec) = schema::find(kind, &text) {
                    spec.check(got).expect("a value taken is in range");
                    if spec.value != ValueKind::Real {
                        assert_eq!(got.fract(), 0.0);
                    }
                }
            }
        }
    }
    // Small maps only: the options may ask for many rooms or passes.
    if u64::from(config.width()) * u64::from(config.height()) <= 4096 {
        let _ = mcrdun_dungeon::generate(&config, seed);
    }
}

/// The C options handle driven by arbitrary calls; its levels are Rust's.
pub fn level_options(data: &[u8]) {
    let mut b = Bytes::new(data);
    // One past the kinds is not a kind.
    let kinds = LevelKind::ALL.len() as u32;
    let k = b.below(kinds + 1);
    let mut o = null_mut();
    // SAFETY: `o` is writable.
    let st = unsafe { mcrdun_level_options_new(k, &mut o) };
    if k >= kinds {
        assert_eq!((st, o.is_null()), (McrdunStatus::InvalidArgument, true));
        return;
    }
    assert_eq!(st, McrdunStatus::Ok);
    let kind = LevelKind::ALL[k as usize];
    let mut mirror = LevelConfig::new(kind, 80, 50);
    let mut seed = 0u64;
    for _ in 0..b.below(16) {
        // SAFETY: `o` is live; names are NUL-terminated; outputs writable.
        unsafe { step(&mut b, o, kind, &mut mirror, &mut seed) };
    }
    if u64::from(mirror.width()) * u64::from(mirror.height()) <= 4096 {
        let mut level = null_mut();
        // SAFETY: `o` is live, `level` writable.
        let st = unsafe { mcrdun_level_generate_with(o, &mut level) };
        assert_ne!(st, McrdunStatus::Panic);
        let rust = mcrdun_dungeon::generate(&mirror, seed);
        assert_eq!(st == McrdunStatus::Ok, rust.is_ok(), "C and Rust agree");
        if let Ok(rust) = rust {
            let mut len = 0;
            let mut tiles = vec![0u8; rust.tiles().len()];
            // SAFETY: `tiles` holds `len` bytes; `level` is live.
            let st =
                unsafe { mcrdun_level_tiles(level, tiles.as_mut_ptr(), tiles.len(), &mut len) };
            assert_eq!(st, McrdunStatus::Ok);
            assert!(
                tiles.iter().copied().eq(rust.shown_bytes()),
                "the same level"
            );
        }
        // SAFETY: NULL or a live level, freed once.
        unsafe { mcrdun_level_free(level) };
    }
    // SAFETY: a live handle, freed once.
    unsafe { mcrdun_level_options_free(o) };
}

/// One call on the handle, mirrored on a Rust config.
///
/// # Safety
/// `o` is a live options handle.
unsafe fn step(
    b: &mut Bytes<'_>,
    o: *mut McrdunLevelOptions,
    kind: LevelKind,
    mirror: &mut LevelConfig,
    seed: &mut u64,
) {
    let name = name(b, kind);
    let c_name = CString::new(name.clone()).unwrap_or_default();
    // What C receives: the bytes up to a NUL.
    let text = String::from_utf8_lossy(c_name.as_bytes()).into_owned();
    match b.below(5) {
        0 => {
            let v = value(b, kind, &name);
            // SAFETY: `o` live, `c_name` NUL-terminated.
            let st = unsafe { mcrdun_level_options_set(o, c_name.as_ptr(), v) };
            assert_ne!(st, McrdunStatus::Panic);
            let valid_utf8 = std::str::from_utf8(c_name.as_bytes()).is_ok();
            let rust = mirror.set(&text, v);
            if valid_utf8 {
                assert_eq!(st == McrdunStatus::Ok, rust.is_ok(), "{text:?} = {v}");
            }
        }
        1 => {
            let mut v = f64::NAN;
            // SAFETY: as above; `v` writable.
            let st = unsafe { mcrdun_level_options_get(o, c_name.as_ptr(), &mut v) };
            assert_ne!(st, McrdunStatus::Panic);
            if st == McrdunStatus::Ok {
                assert_eq!(Ok(v), mirror.get(&text));
            }
        }
        2 => {
            let (w, h) = (b.below(70), b.below(70));
            // SAFETY: `o` live.
            assert_eq!(
                unsafe { mcrdun_level_options_set_size(o, w, h) },
                McrdunStatus::Ok
            );
            mirror.set_size(w, h);
        }
        3 => {
            *seed = b.u64();
            // SAFETY: `o` live.
            assert_eq!(
                unsafe { mcrdun_level_options_set_seed(o, *seed) },
                McrdunStatus::Ok
            );
        }
        _ => {
            let mut copy = null_mut();
            // SAFETY: `o` live, `copy` writable; NULL arguments are refused.
            unsafe {
                assert_eq!(mcrdun_level_options_clone(o, &mut copy), McrdunStatus::Ok);
                mcrdun_level_options_free(copy);
                assert_eq!(
                    mcrdun_level_options_get(null(), c_name.as_ptr(), null_mut()),
                    McrdunStatus::NullArgument
                );
            }
        }
    }
}
