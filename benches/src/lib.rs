//! Benchmarks for the mcrdun crates live in `benches/benches/`; peer
//! comparisons (scripts that time another library and ours in one run) live
//! in `benches/peers/`. This library is empty: it exists so that the
//! benchmark targets have a package.
