//! Replays every saved fuzz input under an ordinary `cargo test` (stable):
//! each file of `fuzz/corpus/<target>/` (the corpora the fuzzers grew) and
//! of `fuzz/regressions/<target>/` (every input that once failed, kept
//! forever) goes through the same function the fuzz target calls. Then a
//! few hundred deterministic pseudo-random inputs per target, so the
//! properties run even where a corpus is small.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The `c_abi` property lowers the process-wide memory limit for a moment
/// (`mcrdun_set_memory_limit`) to test refusals; another property running
/// on a second test thread meanwhile would be refused too and fail. The
/// tests of this file take turns.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    // A failed test poisons the lock; the others still run.
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn replay(dir: &str) -> usize {
    let mut total = 0;
    for (name, property) in mcrdun_fuzz_props::TARGETS {
        let path = fuzz_dir().join(dir).join(name);
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let result = std::panic::catch_unwind(|| property(&data));
            assert!(result.is_ok(), "{name}: {} fails", file.display());
            total += 1;
        }
    }
    total
}

#[test]
fn every_corpus_input_passes() {
    let _turn = one_at_a_time();
    let n = replay("corpus");
    println!("replayed {n} corpus inputs");
    assert!(
        n >= mcrdun_fuzz_props::TARGETS.len(),
        "the corpora are missing"
    );
}

#[test]
fn every_input_that_once_failed_passes() {
    let _turn = one_at_a_time();
    println!("replayed {} regression inputs", replay("regressions"));
}

#[test]
fn pseudo_random_inputs_pass() {
    let _turn = one_at_a_time();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (name, property) in mcrdun_fuzz_props::TARGETS {
        let runs = match name {
            "level" | "level_locks" => 40,
            _ => 200,
        };
        for _ in 0..runs {
            let len = (next() % 600) as usize;
            let data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if let Some(dump) = std::env::var_os("FUZZ_PROPS_DUMP") {
                std::fs::write(dump, &data).unwrap();
            }
            let result = std::panic::catch_unwind(|| property(&data));
            assert!(result.is_ok(), "{name} fails on {data:?}");
        }
    }
}
