//! The library version, as macros for the compiler and a string at run time.

use core::ffi::c_char;

/// Major version of the mcrdun library this header belongs to.
pub const MCRDUN_VERSION_MAJOR: u32 = 0;
/// Minor version of the mcrdun library this header belongs to.
pub const MCRDUN_VERSION_MINOR: u32 = 1;
/// Patch version of the mcrdun library this header belongs to.
pub const MCRDUN_VERSION_PATCH: u32 = 0;

/// The version of the linked library as a static NUL-terminated string,
/// e.g. `"0.1.0"`; compare with the `MCRDUN_VERSION_*` macros to detect a
/// header/library mismatch. Do not free it. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn mcrdun_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macros_match_cargo_toml() {
        let parse = |s: &str| s.parse::<u32>().unwrap();
        assert_eq!(MCRDUN_VERSION_MAJOR, parse(env!("CARGO_PKG_VERSION_MAJOR")));
        assert_eq!(MCRDUN_VERSION_MINOR, parse(env!("CARGO_PKG_VERSION_MINOR")));
        assert_eq!(MCRDUN_VERSION_PATCH, parse(env!("CARGO_PKG_VERSION_PATCH")));
        // SAFETY: mcrdun_version returns a static C string.
        let s = unsafe { core::ffi::CStr::from_ptr(mcrdun_version()) };
        assert_eq!(s.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
