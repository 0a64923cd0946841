//! Level options from C through an opaque handle, and the option schema
//! itself, readable from C.
//!
//! `McrdunLevelOptions` wraps the Rust `LevelConfig` and its one setter,
//! `LevelConfig::set`: the same names, ranges and messages as the command
//! line and Python. A caller compiled against an older header keeps working
//! when options are added (it never sees the handle's layout), and a caller
//! that sets an option an older library lacks gets
//! `MCRDUN_STATUS_UNKNOWN_OPTION`, which it can tell from a bad value.
//!
//! `mcrdun_level_option_count` / `mcrdun_level_option_info` /
//! `mcrdun_level_option_choice` hand out the schema (name, flag, kind of
//! value, default, range, doc) with NUL-terminated strings that the library
//! owns for the life of the process, so that an editor can build its
//! controls from it.

use crate::boundary::boundary;
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::level::{McrdunLevel, kind_of};
use crate::ptr::{BoxHandle, check_out, input_str, write_out};
use core::ffi::c_char;
use mcrdun_dungeon::schema::{self, OptionSpec, ValueKind};
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::ffi::CString;
use std::sync::OnceLock;

/// Option value kind: a whole number (a count or a size).
pub const MCRDUN_OPTION_VALUE_INTEGER: u32 = 0;
/// Option value kind: a real number (a fraction, a weight).
pub const MCRDUN_OPTION_VALUE_REAL: u32 = 1;
/// Option value kind: 0 (off) or 1 (on).
pub const MCRDUN_OPTION_VALUE_SWITCH: u32 = 2;
/// Option value kind: one of `choices` named values, by number (0 is the
/// first; `mcrdun_level_option_choice` names them).
pub const MCRDUN_OPTION_VALUE_CHOICE: u32 = 3;

/// The options of one level, to fill with `mcrdun_level_options_set` (by
/// name) and build with `mcrdun_level_generate_with`. Made by
/// `mcrdun_level_options_new` with the kind's defaults at 80x50 tiles, seed
/// 0, and the process's memory ceiling. Not thread-safe while it is being
/// set; once set, several threads may generate from it at once.
pub struct McrdunLevelOptions {
    config: LevelConfig,
    seed: u64,
    /// The vaults to place (`mcrdun_level_options_set_vaults`).
    pub(crate) vaults: Vec<mcrdun_dungeon::Vault>,
    /// The spawn tables to place (`mcrdun_level_options_set_things`).
    pub(crate) things: Vec<mcrdun_things::Table>,
}

impl BoxHandle for McrdunLevelOptions {}

/// One option of a level kind, as `mcrdun_level_option_info` describes it.
/// The strings are NUL-terminated and owned by the library for the life of
/// the process: never free them. New facts about options come through new
/// functions, never through new fields, so this struct stays as it is.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct McrdunLevelOptionInfo {
    /// The name `mcrdun_level_options_set` takes (e.g. `"min_room"`).
    pub name: *const c_char,
    /// The `mcrdun` command's flag, without `--` (e.g. `"min-room"`).
    pub flag: *const c_char,
    /// What it does, one or two sentences.
    pub doc: *const c_char,
    /// One of the `MCRDUN_OPTION_VALUE_*` constants.
    pub value_kind: u32,
    /// The default.
    pub default_value: f64,
    /// The least value accepted.
    pub min: f64,
    /// The greatest value accepted.
    pub max: f64,
    /// For `MCRDUN_OPTION_VALUE_CHOICE`, the number of named choices
    /// (values 0 to `choices - 1`); 0 otherwise.
    pub choices: usize,
}

/// The schema's strings with a NUL at the end, made once.
struct Strings {
    name: CString,
    flag: CString,
    doc: CString,
    choices: Vec<CString>,
}

fn c_string(text: &str) -> CString {
    // The schema is ours and has no NUL inside; drop one if it ever did.
    CString::new(text.replace('\0', "")).unwrap_or_default()
}

/// The strings of every option of [`schema::OPTIONS`], in its order.
fn strings() -> &'static [Strings] {
    static STRINGS: OnceLock<Vec<Strings>> = OnceLock::new();
    STRINGS.get_or_init(|| {
        schema::OPTIONS
            .iter()
            .map(|o| Strings {
                name: c_string(o.name),
                flag: c_string(o.flag),
                doc: c_string(o.doc),
                choices: match o.value {
                    ValueKind::Choice(names) => names.iter().map(|n| c_string(n)).collect(),
                    _ => Vec::new(),
                },
            })
            .collect()
    })
}

/// Option `index` of `kind` and its strings.
fn option_at(kind: u32, index: usize) -> FfiResult<(&'static OptionSpec, &'static Strings)> {
    let kind = kind_of(kind)?;
    let (at, spec) = schema::OPTIONS
        .iter()
        .enumerate()
        .filter(|(_, o)| o.kind == kind)
        .nth(index)
        .ok_or_else(|| {
            FfiError::new(
                McrdunStatus::OutOfRange,
                format!(
                    "`index` {index} is past the {} options of {} levels",
                    schema::options(kind).count(),
                    kind.name()
                ),
            )
        })?;
    Ok((spec, &strings()[at]))
}

fn value_kind_number(value: ValueKind) -> u32 {
    match value {
        ValueKind::Integer => MCRDUN_OPTION_VALUE_INTEGER,
        ValueKind::Real => MCRDUN_OPTION_VALUE_REAL,
        ValueKind::Switch => MCRDUN_OPTION_VALUE_SWITCH,
        ValueKind::Choice(_) => MCRDUN_OPTION_VALUE_CHOICE,
    }
}

/// Makes options for level kind `kind` (one of `MCRDUN_LEVEL_KIND_*`) with
/// its defaults at 80x50 tiles and seed 0; free them with
/// `mcrdun_level_options_free`.
///
/// Errors: `INVALID_ARGUMENT` for an unknown kind; `NULL_ARGUMENT` when
/// `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_new(
    kind: u32,
    out: *mut *mut McrdunLevelOptions,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_new", {
        let options = McrdunLevelOptions {
            config: LevelConfig::new(kind_of(kind)?, 80, 50),
            seed: 0,
            vaults: Vec::new(),
            things: Vec::new(),
        };
        // SAFETY: `out` is NULL or writable by contract.
        unsafe { options.hand_out(out, "out") }
    })
}

/// A copy of `options` (to vary one setting and keep the other); free it
/// with `mcrdun_level_options_free`.
///
/// Errors: `NULL_ARGUMENT` for a NULL `options` or `out`.
///
/// # Safety
/// `options` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_clone(
    options: *const McrdunLevelOptions,
    out: *mut *mut McrdunLevelOptions,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_clone", {
        check_out(out, "out")?;
        // SAFETY: `options` is NULL or live by contract.
        let options = unsafe { McrdunLevelOptions::borrow(options, "options") }?;
        let copy = McrdunLevelOptions {
            config: options.config,
            seed: options.seed,
            vaults: options.vaults.clone(),
            things: options.things.clone(),
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { copy.hand_out(out, "out") }
    })
}

/// Frees options made by `mcrdun_level_options_new` or `_clone`; NULL does
/// nothing.
///
/// # Safety
/// `options` is NULL or a handle not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_free(options: *mut McrdunLevelOptions) {
    crate::boundary::boundary_value("mcrdun_level_options_free", (), || {
        // SAFETY: NULL or a live handle freed once, by contract.
        unsafe { McrdunLevelOptions::free(options) }
    })
}

/// Sets the option `name` (see `mcrdun_level_option_info`, or `"width"` /
/// `"height"`) to `value`, checked against the option's range (and a whole
/// number unless it is a real option). On failure the options are
/// unchanged and `mcrdun_last_error` names the option and its range, or
/// lists the kind's options.
///
/// Errors: `NULL_ARGUMENT` for a NULL `options` or `name`;
/// `UNKNOWN_OPTION` when the kind has no such option; `INVALID_ARGUMENT`
/// for a value out of range, NaN, or a name that is not UTF-8.
///
/// # Safety
/// `options` is NULL or a live handle not used by another thread meanwhile;
/// `name` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set(
    options: *mut McrdunLevelOptions,
    name: *const c_char,
    value: f64,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set", {
        // SAFETY: as this function's contract says.
        let (options, name) = unsafe {
            (
                McrdunLevelOptions::borrow_mut(options, "options")?,
                input_str(name, "name")?,
            )
        };
        options.config.set(name, value)?;
        Ok(())
    })
}

/// Sets the option `name` from text: a number, `true`/`false` (or `on`,
/// `off`, `yes`, `no`) for a switch, or a choice's name (e.g.
/// `"maze_algorithm"` = `"wilson"`).
///
/// Errors: as `mcrdun_level_options_set`, and `INVALID_ARGUMENT` for text
/// that is no value of the option; `NULL_ARGUMENT` for a NULL `value`.
///
/// # Safety
/// As `mcrdun_level_options_set`; `value` is NULL or a NUL-terminated
/// string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set_text(
    options: *mut McrdunLevelOptions,
    name: *const c_char,
    value: *const c_char,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set_text", {
        // SAFETY: as this function's contract says.
        let (options, name, value) = unsafe {
            (
                McrdunLevelOptions::borrow_mut(options, "options")?,
                input_str(name, "name")?,
                input_str(value, "value")?,
            )
        };
        options.config.set_text(name, value)?;
        Ok(())
    })
}

/// The value of the option `name` in `*out` (switches read 0 or 1, choices
/// their number).
///
/// Errors: `NULL_ARGUMENT` for a NULL `options`, `name` or `out`;
/// `UNKNOWN_OPTION` when the kind has no such option; `INVALID_ARGUMENT`
/// for a name that is not UTF-8 (as `mcrdun_level_options_set`).
///
/// # Safety
/// `options` is NULL or a live handle; `name` is NULL or a NUL-terminated
/// string; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_get(
    options: *const McrdunLevelOptions,
    name: *const c_char,
    out: *mut f64,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_get", {
        check_out(out, "out")?;
        // SAFETY: as this function's contract says.
        let (options, name) = unsafe {
            (
                McrdunLevelOptions::borrow(options, "options")?,
                input_str(name, "name")?,
            )
        };
        let value = options.config.get(name)?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}

/// Sets the map's size in tiles (judged by the generator: too small or too
/// large fails in `mcrdun_level_generate_with`).
///
/// Errors: `NULL_ARGUMENT` for a NULL `options`.
///
/// # Safety
/// `options` is NULL or a live handle not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set_size(
    options: *mut McrdunLevelOptions,
    width: u32,
    height: u32,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set_size", {
        // SAFETY: as this function's contract says.
        let options = unsafe { McrdunLevelOptions::borrow_mut(options, "options") }?;
        options.config.set_size(width, height);
        Ok(())
    })
}

/// Sets the seed: the same options and seed give the same level.
///
/// Errors: `NULL_ARGUMENT` for a NULL `options`.
///
/// # Safety
/// `options` is NULL or a live handle not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set_seed(
    options: *mut McrdunLevelOptions,
    seed: u64,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set_seed", {
        // SAFETY: as this function's contract says.
        let options = unsafe { McrdunLevelOptions::borrow_mut(options, "options") }?;
        options.seed = seed;
        Ok(())
    })
}

/// Sets the level's memory ceiling in bytes (0: the default); see
/// `McrdunLevelConfig::max_bytes`.
///
/// Errors: `NULL_ARGUMENT` for a NULL `options`.
///
/// # Safety
/// `options` is NULL or a live handle not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set_max_bytes(
    options: *mut McrdunLevelOptions,
    max_bytes: u64,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set_max_bytes", {
        // SAFETY: as this function's contract says.
        let options = unsafe { McrdunLevelOptions::borrow_mut(options, "options") }?;
        options.config.set_max_bytes(max_bytes);
        Ok(())
    })
}

/// Builds the level `options` describe into a new handle in `*out`; read
/// it with `mcrdun_level_tiles`, `_rooms`, `_doors`, `_info` (and
/// `mcrdun_level_vaults`, `_markers`, `_things`) and free it with
/// `mcrdun_level_free`. With vaults (`mcrdun_level_options_set_vaults`)
/// they are placed with the layout; with spawn tables
/// (`mcrdun_level_options_set_things`) their things are placed on the
/// finished level at the depth of the `dungeon_level` option, with a
/// random stream of their own: the map is the same level as without them.
///
/// Errors: `NULL_ARGUMENT` for a NULL `options` or `out`;
/// `INVALID_ARGUMENT` for a map too small for the kind or options that
/// contradict each other (e.g. `min_leaf_width` below `min_room + 4`), or
/// tables whose entries share a name or a glyph;
/// `TOO_LARGE` for a map too large; `UNSATISFIABLE` when no level can be
/// made from the options, a required vault fits nowhere, or a required
/// thing cannot be placed (`mcrdun_last_error` names the entry and the
/// rule). Thread-safe for a handle no thread is setting.
///
/// # Safety
/// `options` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_generate_with(
    options: *const McrdunLevelOptions,
    out: *mut *mut McrdunLevel,
) -> McrdunStatus {
    boundary!("mcrdun_level_generate_with", {
        check_out(out, "out")?;
        // SAFETY: `options` is NULL or live by contract.
        let options = unsafe { McrdunLevelOptions::borrow(options, "options") }?;
        let level = if !options.things.is_empty() {
            mcrdun_dungeon::generate_with_things(
                &options.config,
                &options.vaults,
                &options.things,
                options.seed,
            )?
        } else if options.vaults.is_empty() {
            generate(&options.config, options.seed)?
        } else {
            mcrdun_dungeon::generate_with_vaults(&options.config, &options.vaults, options.seed)?
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunLevel::new(level).hand_out(out, "out") }
    })
}

/// The number of options of level kind `kind` in `*out` (not counting
/// `"width"` and `"height"`).
///
/// Errors: `INVALID_ARGUMENT` for an unknown kind; `NULL_ARGUMENT` when
/// `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_option_count(kind: u32, out: *mut usize) -> McrdunStatus {
    boundary!("mcrdun_level_option_count", {
        check_out(out, "out")?;
        let count = schema::options(kind_of(kind)?).count();
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, count, "out") }
    })
}

/// Describes option `index` (from 0 to the count less 1) of level kind
/// `kind` in `*out`.
///
/// Errors: `INVALID_ARGUMENT` for an unknown kind; `OUT_OF_RANGE` for an
/// index past the count; `NULL_ARGUMENT` when `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_option_info(
    kind: u32,
    index: usize,
    out: *mut McrdunLevelOptionInfo,
) -> McrdunStatus {
    boundary!("mcrdun_level_option_info", {
        check_out(out, "out")?;
        let (spec, strings) = option_at(kind, index)?;
        let info = McrdunLevelOptionInfo {
            name: strings.name.as_ptr(),
            flag: strings.flag.as_ptr(),
            doc: strings.doc.as_ptr(),
            value_kind: value_kind_number(spec.value),
            default_value: spec.default,
            min: spec.min,
            max: spec.max,
            choices: strings.choices.len(),
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, info, "out") }
    })
}

/// The name of choice `choice` (the value `choice`) of option `index` of
/// level kind `kind`, in `*out`: a NUL-terminated string the library owns.
///
/// Errors: `INVALID_ARGUMENT` for an unknown kind; `OUT_OF_RANGE` for an
/// index past the count or a choice past the option's `choices` (0 for an
/// option that is not a choice); `NULL_ARGUMENT` when `out` is NULL.
/// Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_option_choice(
    kind: u32,
    index: usize,
    choice: usize,
    out: *mut *const c_char,
) -> McrdunStatus {
    boundary!("mcrdun_level_option_choice", {
        check_out(out, "out")?;
        let (spec, strings) = option_at(kind, index)?;
        let name = strings.choices.get(choice).ok_or_else(|| {
            FfiError::new(
                McrdunStatus::OutOfRange,
                format!(
                    "`choice` {choice} is past the {} choices of {}",
                    strings.choices.len(),
                    spec.name
                ),
            )
        })?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, name.as_ptr(), "out") }
    })
}

/// Maps the frozen `McrdunLevelConfig` onto the options bridge: every field
/// of the kind goes through `LevelConfig::set`, so the struct and the
/// handle are held to the same ranges. Options added after the struct was
/// frozen keep their defaults.
pub(crate) fn config_from_fields(
    kind: LevelKind,
    width: u32,
    height: u32,
    max_bytes: u64,
    field: impl Fn(&str) -> Option<f64>,
) -> FfiResult<LevelConfig> {
    let mut config = LevelConfig::new(kind, width, height);
    config.set_max_bytes(max_bytes);
    for spec in schema::options(kind) {
        if let Some(value) = field(spec.name) {
            config.set(spec.name, value)?;
        }
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;
    use core::ptr::{null, null_mut};

    fn text(p: *const c_char) -> &'static str {
        // SAFETY: the library's own static strings.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap()
    }

    fn new(kind: u32) -> *mut McrdunLevelOptions {
        let mut out = null_mut();
        // SAFETY: `out` is writable.
        assert_eq!(
            unsafe { mcrdun_level_options_new(kind, &mut out) },
            McrdunStatus::Ok
        );
        out
    }

    /// The schema read from C is the Rust schema, option by option.
    #[test]
    fn info_is_the_schema() {
        for (k, kind) in LevelKind::ALL.iter().enumerate() {
            let mut count = 0;
            // SAFETY: `count` is writable.
            let st = unsafe { mcrdun_level_option_count(k as u32, &mut count) };
            assert_eq!(st, McrdunStatus::Ok);
            assert_eq!(count, schema::options(*kind).count());
            for (i, spec) in schema::options(*kind).enumerate() {
                let mut info = McrdunLevelOptionInfo {
                    name: null(),
                    flag: null(),
                    doc: null(),
                    value_kind: 99,
                    default_value: 0.0,
                    min: 0.0,
                    max: 0.0,
                    choices: 0,
                };
                // SAFETY: `info` is writable.
                let st = unsafe { mcrdun_level_option_info(k as u32, i, &mut info) };
                assert_eq!(st, McrdunStatus::Ok);
                assert_eq!(text(info.name), spec.name);
                assert_eq!(text(info.flag), spec.flag);
                assert_eq!(text(info.doc), spec.doc);
                assert_eq!(info.value_kind, value_kind_number(spec.value));
                assert_eq!(
                    (info.default_value, info.min, info.max),
                    (spec.default, spec.min, spec.max)
                );
                if let ValueKind::Choice(names) = spec.value {
                    assert_eq!(info.choices, names.len());
                    for (c, n) in names.iter().enumerate() {
                        let mut p = null();
                        // SAFETY: `p` is writable.
                        let st = unsafe { mcrdun_level_option_choice(k as u32, i, c, &mut p) };
                        assert_eq!((st, text(p)), (McrdunStatus::Ok, *n));
                    }
                } else {
                    assert_eq!(info.choices, 0);
                }
                let mut p = null();
                // SAFETY: `p` is writable.
                let st = unsafe { mcrdun_level_option_choice(k as u32, i, info.choices, &mut p) };
                assert_eq!(st, McrdunStatus::OutOfRange);
            }
            let mut info = core::mem::MaybeUninit::<McrdunLevelOptionInfo>::uninit();
            // SAFETY: writable.
            let st = unsafe { mcrdun_level_option_info(k as u32, count, info.as_mut_ptr()) };
            assert_eq!(st, McrdunStatus::OutOfRange);
        }
        let mut count = 0;
        // SAFETY: `count` is writable.
        assert_eq!(
            unsafe { mcrdun_level_option_count(LevelKind::ALL.len() as u32, &mut count) },
            McrdunStatus::InvalidArgument
        );
        // SAFETY: NULL out.
        assert_eq!(
            unsafe { mcrdun_level_option_count(0, null_mut()) },
            McrdunStatus::NullArgument
        );
        assert_eq!(
            [
                ValueKind::Integer,
                ValueKind::Real,
                ValueKind::Switch,
                ValueKind::Choice(&[])
            ]
            .map(value_kind_number),
            [0, 1, 2, 3]
        );
    }

    /// The handle builds the level Rust builds for the same options.
    #[test]
    fn options_build_the_rust_level() {
        let o = new(0);
        // SAFETY: a live handle and static C strings.
        unsafe {
            assert_eq!(
                mcrdun_level_options_set(o, c"min_room".as_ptr(), 4.0),
                McrdunStatus::Ok
            );
            assert_eq!(
                mcrdun_level_options_set_text(o, c"loops".as_ptr(), c"0.25".as_ptr()),
                McrdunStatus::Ok
            );
            assert_eq!(mcrdun_level_options_set_size(o, 60, 40), McrdunStatus::Ok);
            assert_eq!(mcrdun_level_options_set_seed(o, 9), McrdunStatus::Ok);
            assert_eq!(
                mcrdun_level_options_set_max_bytes(o, 1 << 30),
                McrdunStatus::Ok
            );
            let mut v = 0.0;
            assert_eq!(
                mcrdun_level_options_get(o, c"min_room".as_ptr(), &mut v),
                McrdunStatus::Ok
            );
            assert_eq!(v, 4.0);
            assert_eq!(
                mcrdun_level_options_get(o, c"width".as_ptr(), &mut v),
                McrdunStatus::Ok
            );
            assert_eq!(v, 60.0);
            let mut level = null_mut();
            assert_eq!(mcrdun_level_generate_with(o, &mut level), McrdunStatus::Ok);
            let mut config = LevelConfig::new(LevelKind::Bsp, 60, 40);
            config.set("min_room", 4.0).unwrap();
            config.set("loops", 0.25).unwrap();
            let want = generate(&config, 9).unwrap();
            assert_eq!(McrdunLevel::borrow(level, "level").unwrap().level(), &want);
            crate::level::mcrdun_level_free(level);
            let mut copy = null_mut();
            assert_eq!(mcrdun_level_options_clone(o, &mut copy), McrdunStatus::Ok);
            assert_eq!(
                mcrdun_level_options_get(copy, c"loops".as_ptr(), &mut v),
                McrdunStatus::Ok
            );
            assert_eq!(v, 0.25);
            mcrdun_level_options_free(copy);
            mcrdun_level_options_free(o);
            mcrdun_level_options_free(null_mut());
        }
    }

    #[test]
    fn bad_input_is_refused_and_changes_nothing() {
        let o = new(3);
        // SAFETY: a live handle, static C strings, writable outputs.
        unsafe {
            let mut v = 0.0;
            for (name, value, status) in [
                (c"cave_fill", f64::NAN, McrdunStatus::InvalidArgument),
                (c"cave_fill", 1.5, McrdunStatus::InvalidArgument),
                (c"cave_passes", 2.5, McrdunStatus::InvalidArgument),
                (c"loops", 0.5, McrdunStatus::UnknownOption),
                (c"width", -1.0, McrdunStatus::InvalidArgument),
            ] {
                assert_eq!(
                    mcrdun_level_options_set(o, name.as_ptr(), value),
                    status,
                    "{name:?}"
                );
            }
            assert_eq!(
                mcrdun_level_options_get(o, c"cave_fill".as_ptr(), &mut v),
                McrdunStatus::Ok
            );
            assert_eq!(v, 0.5);
            assert_eq!(
                mcrdun_level_options_get(o, c"nope".as_ptr(), &mut v),
                McrdunStatus::UnknownOption
            );
            let bad_utf8 = [0xffu8 as c_char, 0];
            assert_eq!(
                mcrdun_level_options_set(o, bad_utf8.as_ptr(), 1.0),
                McrdunStatus::InvalidArgument
            );
            assert_eq!(
                mcrdun_level_options_get(o, bad_utf8.as_ptr(), &mut v),
                McrdunStatus::InvalidArgument
            );
            assert_eq!(
                mcrdun_level_options_set_text(o, c"cave_fill".as_ptr(), c"lots".as_ptr()),
                McrdunStatus::InvalidArgument
            );
            assert_eq!(
                mcrdun_level_options_set(null_mut(), c"cave_fill".as_ptr(), 0.5),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_set(o, null(), 0.5),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_set_text(o, c"cave_fill".as_ptr(), null()),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_get(o, c"cave_fill".as_ptr(), null_mut()),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_get(null(), c"cave_fill".as_ptr(), &mut v),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_set_size(null_mut(), 1, 1),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_set_seed(null_mut(), 1),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_set_max_bytes(null_mut(), 1),
                McrdunStatus::NullArgument
            );
            let mut level = null_mut();
            assert_eq!(
                mcrdun_level_generate_with(null(), &mut level),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_generate_with(o, null_mut()),
                McrdunStatus::NullArgument
            );
            assert_eq!(mcrdun_level_options_set_size(o, 2, 2), McrdunStatus::Ok);
            assert_eq!(
                mcrdun_level_generate_with(o, &mut level),
                McrdunStatus::InvalidArgument
            );
            assert!(level.is_null());
            let mut out = null_mut();
            assert_eq!(
                mcrdun_level_options_new(7, &mut out),
                McrdunStatus::InvalidArgument
            );
            assert!(out.is_null());
            assert_eq!(
                mcrdun_level_options_new(0, null_mut()),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_clone(null(), &mut out),
                McrdunStatus::NullArgument
            );
            assert_eq!(
                mcrdun_level_options_clone(o, null_mut()),
                McrdunStatus::NullArgument
            );
            mcrdun_level_options_free(o);
        }
    }
}
