//! Fuzz target `level_locks`: the property `mcrdun_fuzz_props::level_locks` (see that
//! crate's docs), also replayed on stable by its tests.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcrdun_fuzz_props::level_locks(data));
