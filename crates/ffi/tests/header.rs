//! The committed `include/mcrdun.h` must be exactly what cbindgen makes of
//! this crate now. Refresh it with
//!
//!     MCRDUN_BLESS=1 cargo test -p mcrdun-ffi --test header

use std::path::PathBuf;

#[test]
fn committed_header_is_fresh() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let header_path = crate_dir.join("../../include/mcrdun.h");
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("read cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate the header");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).expect("cbindgen wrote UTF-8");

    if std::env::var_os("MCRDUN_BLESS").is_some() {
        std::fs::write(&header_path, &fresh).expect("write include/mcrdun.h");
        return;
    }
    let committed = std::fs::read_to_string(&header_path).unwrap_or_default();
    if committed != fresh {
        let first_difference = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(fresh.lines().count()));
        panic!(
            "include/mcrdun.h is out of date with crates/ffi (first difference at line {}).\n\
             Regenerate it with:\n\n    MCRDUN_BLESS=1 cargo test -p mcrdun-ffi --test header\n\n\
             then review and commit the new header.",
            first_difference + 1
        );
    }
}
