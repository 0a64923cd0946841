//! Helpers shared by the tests of the mcrdun crates, as `regex-test` is
//! for regex: a dev-dependency only, never part of a published crate.
//!
//! Golden tests pin what a seed generates by a hash of it, so that a
//! change to any level, maze or room list shows up as a changed number.
//! The hash must never change with the toolchain or the platform, which
//! rules out std's `Hasher`s; FNV-1a (64 bits) is small, fixed and
//! published, and the C tests in `ffi-tests/` compute the same one. Every
//! value is hashed as its little-endian bytes.
//!
//! Property tests run the same cases on every run: [`proptest_config`]
//! pins proptest's seed (and keeps its regression files beside each test
//! file), so `cargo test` is as deterministic as the code it tests; the
//! deeper run with fresh seeds is asked for by an environment variable
//! ([`SEED_VAR`]).
//!
//! ```
//! use mcrdun_test_util::{Fnv1a, fnv1a};
//! let mut h = Fnv1a::new();
//! h.i32(-1).u64(7);
//! assert_eq!(h.finish(), fnv1a([0xFF; 4].into_iter().chain(7u64.to_le_bytes())));
//! ```

/// The FNV-1a 64-bit offset basis: the hash of nothing.
const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// The FNV 64-bit prime.
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// An FNV-1a (64-bit) hash being fed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a::new()
    }
}

impl Fnv1a {
    /// The hash of nothing yet.
    pub const fn new() -> Fnv1a {
        Fnv1a(OFFSET_BASIS)
    }

    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: impl IntoIterator<Item = u8>) -> &mut Fnv1a {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(PRIME);
        }
        self
    }

    /// Feeds a `u32` as its 4 little-endian bytes.
    pub fn u32(&mut self, v: u32) -> &mut Fnv1a {
        self.bytes(v.to_le_bytes())
    }

    /// Feeds an `i32` as its 4 little-endian bytes.
    pub fn i32(&mut self, v: i32) -> &mut Fnv1a {
        self.bytes(v.to_le_bytes())
    }

    /// Feeds a `u64` as its 8 little-endian bytes.
    pub fn u64(&mut self, v: u64) -> &mut Fnv1a {
        self.bytes(v.to_le_bytes())
    }

    /// Feeds an `i64` as its 8 little-endian bytes.
    pub fn i64(&mut self, v: i64) -> &mut Fnv1a {
        self.bytes(v.to_le_bytes())
    }

    /// The hash of everything fed so far.
    pub const fn finish(&self) -> u64 {
        self.0
    }
}

/// FNV-1a of a byte stream.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    Fnv1a::new().bytes(bytes).finish()
}

/// FNV-1a of a stream of `u32`s, each as its 4 little-endian bytes.
pub fn fnv1a_u32s(values: impl IntoIterator<Item = u32>) -> u64 {
    let mut h = Fnv1a::new();
    for v in values {
        h.u32(v);
    }
    h.finish()
}

/// FNV-1a of a stream of `u64`s, each as its 8 little-endian bytes.
pub fn fnv1a_u64s(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut h = Fnv1a::new();
    for v in values {
        h.u64(v);
    }
    h.finish()
}

/// The example vault files of the repository's `examples/vaults/`, in name
/// order: each file's path and text. The tests of several crates read them
/// (the vault parser, the levels that place them, the memory costs).
pub fn example_vault_files() -> Vec<(std::path::PathBuf, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/vaults");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "vault"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text =
                std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            (f, text)
        })
        .collect()
}

/// The environment variable that chooses the property tests' seed:
/// unset, the pinned [`PINNED_SEED`] (what `cargo test` and CI run); a
/// number, that seed (to replay a run); `fresh`, a new seed each time the
/// test runs, printed to standard error (`--nocapture` shows it; a failing
/// test shows it in its output) so that the run can be replayed.
pub const SEED_VAR: &str = "MCRDUN_PROPTEST_SEED";

/// The seed every property test runs with unless [`SEED_VAR`] says
/// otherwise.
pub const PINNED_SEED: u64 = 0x6d63_7264_756e_0001;

/// The proptest configuration of every property test in the workspace:
/// `cases` cases drawn from the seed [`SEED_VAR`] chooses (the pinned one
/// by default), failures kept beside the test file as
/// `<test>.proptest-regressions` (proptest's default looks for a `lib.rs`
/// above the file, which tests under `tests/` do not have) and replayed
/// before any new case.
///
/// # Panics
///
/// If [`SEED_VAR`] is set to something other than a `u64` or `fresh`: a
/// misspelt seed must not silently run the pinned cases.
///
/// ```
/// use mcrdun_test_util::{PINNED_SEED, proptest_config};
/// use proptest::test_runner::RngSeed;
/// # if std::env::var_os(mcrdun_test_util::SEED_VAR).is_none() {
/// let config = proptest_config(64);
/// assert_eq!(config.cases, 64);
/// assert_eq!(config.rng_seed, RngSeed::Fixed(PINNED_SEED));
/// # }
/// ```
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};
    let seed = match std::env::var(SEED_VAR) {
        Err(std::env::VarError::NotPresent) => PINNED_SEED,
        Ok(text) => seed_from(&text)
            .unwrap_or_else(|| panic!("{SEED_VAR}={text:?}: expected a seed (a u64) or `fresh`")),
        Err(e) => panic!("{SEED_VAR}: {e}"),
    };
    if seed != PINNED_SEED {
        eprintln!("proptest seed {seed} ({SEED_VAR}={seed} replays this run)");
    }
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

/// The seed a value of [`SEED_VAR`] names: a number, or for `fresh` one
/// drawn from std's per-process hash keys and the clock (no new
/// dependency; a fresh seed only needs to differ between runs).
fn seed_from(text: &str) -> Option<u64> {
    use std::hash::{BuildHasher, Hasher};
    match text.trim() {
        "fresh" => {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            h.write_u128(now);
            h.write_u32(std::process::id());
            Some(h.finish())
        }
        number => number.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_test_vectors() {
        assert_eq!(fnv1a(*b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(*b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(*b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn values_are_their_little_endian_bytes() {
        let bytes = [1u8, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF];
        assert_eq!(fnv1a_u32s([1, u32::MAX - 1]), fnv1a(bytes));
        assert_eq!(Fnv1a::new().i32(1).i32(-2).finish(), fnv1a(bytes));
        let wide = 0x0807_0605_0403_0201u64;
        assert_eq!(fnv1a_u64s([wide]), fnv1a(1..=8));
        assert_eq!(Fnv1a::new().i64(wide as i64).finish(), fnv1a(1..=8));
        assert_eq!(Fnv1a::default(), Fnv1a::new());
    }

    #[test]
    fn seeds_are_numbers_or_fresh() {
        assert_eq!(seed_from("42"), Some(42));
        assert_eq!(seed_from(" 18446744073709551615\n"), Some(u64::MAX));
        assert_eq!(seed_from("-1"), None);
        assert_eq!(seed_from("frsh"), None);
        assert_eq!(seed_from(""), None);
        // Fresh seeds differ from run to run (and call to call).
        let a = seed_from("fresh").unwrap();
        let b = seed_from("fresh").unwrap();
        assert_ne!(a, b);
    }

    #[test]
    fn the_pinned_config() {
        use proptest::test_runner::RngSeed;
        if std::env::var_os(SEED_VAR).is_some() {
            return; // a deeper run: the seed is the caller's
        }
        let c = proptest_config(7);
        assert_eq!(c.cases, 7);
        assert_eq!(c.rng_seed, RngSeed::Fixed(PINNED_SEED));
        let persistence = format!("{:?}", c.failure_persistence);
        assert!(persistence.contains("WithSource"), "{persistence}");
    }
}
