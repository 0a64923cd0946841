//! Fuzz target `bsp_ops`: the property `mcrdun_fuzz_props::bsp_ops` (see that
//! crate's docs), also replayed on stable by its tests.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcrdun_fuzz_props::bsp_ops(data));
