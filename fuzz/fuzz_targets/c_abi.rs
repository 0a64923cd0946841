//! Fuzz target `c_abi`: the property `mcrdun_fuzz_props::c_abi` (see that
//! crate's docs), also replayed on stable by its tests.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcrdun_fuzz_props::c_abi(data));
