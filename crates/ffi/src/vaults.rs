//! Vaults through the C ABI: a vault set read from text
//! (`mcrdun_vaults_parse`), attached to level options
//! (`mcrdun_level_options_set_vaults`), and a level's placed vaults and
//! markers through the two-call protocol (`mcrdun_level_vaults`,
//! `mcrdun_level_markers`).

use crate::boundary::boundary;
use crate::error::{FfiError, McrdunStatus};
use crate::level::McrdunLevel;
use crate::level_options::McrdunLevelOptions;
use crate::ptr::{BoxHandle, check_out, input_slice, write_iter, write_out};
use crate::types::McrdunRect;
use core::ffi::c_char;
use mcrdun_dungeon::Vault;

/// A set of vaults read from a vault file's text by `mcrdun_vaults_parse`;
/// free it with `mcrdun_vaults_free`. Never changed once made: any number
/// of threads may read it at once.
pub struct McrdunVaults {
    inner: Vec<Vault>,
}

impl BoxHandle for McrdunVaults {}

/// A vault placed in a level.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunPlacedVault {
    /// Its index in the vault set the options were given
    /// (`mcrdun_vaults_name` gives its name).
    pub index: u32,
    /// The rectangle of its turned map; `x`, `y` is its position.
    pub bounds: McrdunRect,
    /// Its turn clockwise in degrees: 0, 90, 180 or 270 (after the mirror).
    pub rotation: u32,
    /// 1 when mirrored left to right (before the turn), else 0.
    pub mirror: u32,
    /// Its room (an index of `mcrdun_level_rooms`), or `UINT32_MAX` in a
    /// level without rooms (cave, maze).
    pub room: u32,
}

/// A marker of a placed vault: a labelled floor tile.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunMarker {
    /// The label: the ASCII letter or digit written in the map.
    pub label: u8,
    /// Where it is.
    pub x: i32,
    /// Where it is.
    pub y: i32,
    /// Its vault: an index of `mcrdun_level_vaults`.
    pub vault: u32,
}

/// Reads the vaults of a vault file's text (`text_len` bytes of UTF-8,
/// the file format of `mcrdun vaults check`; a byte-order mark at the
/// start is skipped) into a new set in `*out`.
///
/// Errors: `NULL_ARGUMENT` for a NULL `out` (or a NULL `text` with a
/// length); `INVALID_ARGUMENT` for text that is not a valid vault file
/// (bytes that are not UTF-8 included): `mcrdun_last_error` then reads
/// `text:LINE:COLUMN: expected ..., found ...` (for bytes that are not
/// UTF-8, the first invalid byte's place); `TOO_LARGE` when 32 bytes a
/// byte of text pass the memory limit (checked before the text is read). Working memory: at most 32 bytes a
/// byte of text. Thread-safe.
///
/// # Safety
/// `text` is NULL (with `text_len` 0) or `text_len` readable bytes; `out`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_vaults_parse(
    text: *const c_char,
    text_len: usize,
    out: *mut *mut McrdunVaults,
) -> McrdunStatus {
    boundary!("mcrdun_vaults_parse", {
        check_out(out, "out")?;
        // SAFETY: NULL (with 0) or `text_len` readable bytes by contract.
        let bytes = unsafe { input_slice(text.cast::<u8>(), text_len, "text") }?;
        // The one reader of vault bytes: the memory check first, then
        // UTF-8 (a byte-order mark skipped), then the vaults.
        let inner = mcrdun_vaults::parse_bytes(bytes, "text").map_err(|e| {
            let status = if e.is_too_large() {
                McrdunStatus::TooLarge
            } else {
                McrdunStatus::InvalidArgument
            };
            FfiError::new(status, e.to_string())
        })?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunVaults { inner }.hand_out(out, "out") }
    })
}

/// Frees a vault set; NULL does nothing.
///
/// # Safety
/// `vaults` is NULL or a handle not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_vaults_free(vaults: *mut McrdunVaults) {
    crate::boundary::boundary_value("mcrdun_vaults_free", (), || {
        // SAFETY: NULL or a live handle freed once, by contract.
        unsafe { McrdunVaults::free(vaults) }
    })
}

/// The number of vaults in the set in `*out`.
///
/// Errors: `NULL_ARGUMENT` for a NULL `vaults` or `out`. Thread-safe.
///
/// # Safety
/// `vaults` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_vaults_count(
    vaults: *const McrdunVaults,
    out: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_vaults_count", {
        check_out(out, "out")?;
        // SAFETY: `vaults` is NULL or live by contract.
        let vaults = unsafe { McrdunVaults::borrow(vaults, "vaults") }?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, vaults.inner.len(), "out") }
    })
}

/// The name of vault `index` of the set, as bytes (no NUL), through the
/// two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `vaults` or `len`; `OUT_OF_RANGE`
/// for an index past the set; `BUFFER_TOO_SMALL`. Thread-safe.
///
/// # Safety
/// `vaults` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_vaults_name(
    vaults: *const McrdunVaults,
    index: usize,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_vaults_name", {
        // SAFETY: `vaults` is NULL or live by contract.
        let vaults = unsafe { McrdunVaults::borrow(vaults, "vaults") }?;
        let v = vaults.inner.get(index).ok_or_else(|| {
            FfiError::out_of_range(format!("vault {index} of {}", vaults.inner.len()))
        })?;
        let bytes = v.name().bytes().map(|b| b as c_char);
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(bytes, out, cap, len, "out") }
    })
}

/// Gives `options` a copy of the vaults of `vaults` to place (NULL: no
/// vaults); `mcrdun_level_generate_with` then places them (see
/// `mcrdun_vaults_parse` for the file format): required vaults, or
/// `UNSATISFIABLE` naming the vault and why, then optional ones by weight.
///
/// Errors: `NULL_ARGUMENT` for a NULL `options`.
///
/// # Safety
/// `options` is NULL or a live handle not used by another thread
/// meanwhile; `vaults` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set_vaults(
    options: *mut McrdunLevelOptions,
    vaults: *const McrdunVaults,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set_vaults", {
        // SAFETY: as this function's contract says.
        let options = unsafe { McrdunLevelOptions::borrow_mut(options, "options") }?;
        options.vaults = match vaults.is_null() {
            true => Vec::new(),
            // SAFETY: non-NULL and live by contract.
            false => unsafe { McrdunVaults::borrow(vaults, "vaults") }?
                .inner
                .clone(),
        };
        Ok(())
    })
}

/// The vaults placed in `level`, in the order drawn, through the two-call
/// protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// vaults; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_vaults(
    level: *const McrdunLevel,
    out: *mut McrdunPlacedVault,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_vaults", {
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        let placed = level.inner.vaults().iter().map(|v| McrdunPlacedVault {
            index: v.index,
            bounds: v.bounds.into(),
            rotation: v.orientation.degrees(),
            mirror: u32::from(v.orientation.mirror),
            room: v.room.unwrap_or(u32::MAX),
        });
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(placed, out, cap, len, "out") }
    })
}

/// The markers of the vaults placed in `level`, through the two-call
/// protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// markers; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_markers(
    level: *const McrdunLevel,
    out: *mut McrdunMarker,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_markers", {
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        let markers = level.inner.markers().iter().map(|m| McrdunMarker {
            label: m.label as u8,
            x: m.at.x,
            y: m.at.y,
            vault: m.vault,
        });
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(markers, out, cap, len, "out") }
    })
}
