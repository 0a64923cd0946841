//! The 42 subject's `KEY=VALUE` config file (its keys are listed in the
//! parent module) and the `--cells`, `--entry` and `--exit` flags that
//! mean the same: read with a size cap, checked, and made into a [`Spec`].
//! This module only reads; the driver beside it carves and writes, so the
//! flag parsers that `args` needs come from here without a circle.

use crate::messages::shown;
use mcrdun_carve::{Algorithm, pattern42};
use mcrdun_geom::Point;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most cells a 42 maze may have (4096 x 4096).
pub const MAX_CELLS: u64 = 1 << 24;

/// The share of dead ends opened when PERFECT=False and LOOPS is not given.
pub const DEFAULT_LOOPS: f64 = 0.3;

const MANDATORY: [&str; 6] = ["WIDTH", "HEIGHT", "ENTRY", "EXIT", "OUTPUT_FILE", "PERFECT"];
const OPTIONAL: [&str; 3] = ["SEED", "ALGORITHM", "LOOPS"];

/// Everything the driver needs, from a config file or from the flags.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub width: u32,
    pub height: u32,
    pub entry: Point,
    pub exit: Point,
    /// `None`: standard output.
    pub output: Option<PathBuf>,
    pub perfect: bool,
    pub seed: Option<u64>,
    pub algorithm: Algorithm,
    /// Share of dead ends opened (0 when perfect).
    pub loops: f64,
}

/// Where each value came from, to name it in an error: `"config.txt,
/// line 3: ENTRY"` or `"--entry"`.
pub(super) struct Places {
    pub(super) size: String,
    pub(super) entry: String,
    pub(super) exit: String,
}

/// One `KEY=VALUE` line: its number (from 1) and its trimmed value.
#[derive(Clone, Copy)]
struct Item<'a> {
    line: usize,
    value: &'a str,
}

/// The config's known keys, each with its line and value, in MANDATORY
/// then OPTIONAL order, and warnings for unknown keys. Errors: a line that
/// is not KEY=VALUE, an empty key or value, a key given twice, a missing
/// mandatory key.
fn read_items<'a>(
    text: &'a str,
    name: &str,
) -> Result<([Option<Item<'a>>; 9], Vec<String>), String> {
    let at = |line: usize, msg: String| format!("{name}, line {line}: {msg}");
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut warnings = Vec::new();
    // Known keys in MANDATORY then OPTIONAL order.
    let mut items: [Option<Item<'_>>; 9] = [None; 9];
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(at(
                line,
                format!("expected KEY=VALUE, found '{}'", shown(trimmed)),
            ));
        };
        let key = key.trim().to_ascii_uppercase();
        let value = value.trim();
        if key.is_empty() {
            return Err(at(
                line,
                format!("no key before '=' in '{}'", shown(trimmed)),
            ));
        }
        let Some(slot) = MANDATORY.iter().chain(&OPTIONAL).position(|k| *k == key) else {
            warnings.push(at(line, format!("unknown key '{}' (ignored)", shown(&key))));
            continue;
        };
        if let Some(first) = items[slot] {
            return Err(at(
                line,
                format!("{key} is given twice (first on line {})", first.line),
            ));
        }
        if value.is_empty() {
            return Err(at(line, format!("{key} has no value")));
        }
        items[slot] = Some(Item { line, value });
    }
    let missing: Vec<&str> = MANDATORY
        .iter()
        .zip(&items)
        .filter(|(_, it)| it.is_none())
        .map(|(k, _)| *k)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{name}: missing mandatory key{} {}",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", ")
        ));
    }
    Ok((items, warnings))
}

/// Reads the subject's config text. `name` is the file name used in the
/// messages. Returns the spec and the warnings (unknown keys); an error is
/// one message naming the file and the line.
pub fn parse_config(text: &str, name: &str) -> Result<(Spec, Vec<String>), String> {
    let at = |line: usize, msg: String| format!("{name}, line {line}: {msg}");
    let (items, warnings) = read_items(text, name)?;
    let get = |slot: usize| items[slot].expect("mandatory keys were checked");
    let (w, h, en, ex, out, perf) = (get(0), get(1), get(2), get(3), get(4), get(5));
    let (seed, algo, loops) = (items[6], items[7], items[8]);
    // Values in line order is not needed: each error names its own line.
    let width = parse_side(w.value).map_err(|m| at(w.line, format!("WIDTH {m}")))?;
    let height = parse_side(h.value).map_err(|m| at(h.line, format!("HEIGHT {m}")))?;
    let entry = parse_xy(en.value).map_err(|m| at(en.line, format!("ENTRY {m}")))?;
    let exit = parse_xy(ex.value).map_err(|m| at(ex.line, format!("EXIT {m}")))?;
    let perfect = match perf.value.to_ascii_lowercase().as_str() {
        "true" => true,
        "false" => false,
        _ => {
            return Err(at(
                perf.line,
                format!("PERFECT must be True or False; got '{}'", shown(perf.value)),
            ));
        }
    };
    let seed = match seed {
        None => None,
        Some(it) => Some(parse_whole::<u64>(it.value).ok_or_else(|| {
            at(
                it.line,
                format!(
                    "SEED must be a whole number from 0 to {}; got '{}'",
                    u64::MAX,
                    shown(it.value)
                ),
            )
        })?),
    };
    let algorithm = match algo {
        None => Algorithm::Backtracker,
        Some(it) => parse_algorithm(it.value).map_err(|m| at(it.line, format!("ALGORITHM {m}")))?,
    };
    let loops = match loops {
        None if perfect => 0.0,
        None => DEFAULT_LOOPS,
        Some(it) => {
            let v = parse_share(it.value).map_err(|m| at(it.line, format!("LOOPS {m}")))?;
            if perfect && v > 0.0 {
                return Err(at(
                    it.line,
                    format!(
                        "LOOPS={} adds loops, but PERFECT=True (line {}) allows none",
                        it.value, perf.line
                    ),
                ));
            }
            v
        }
    };
    let spec = Spec {
        width,
        height,
        entry,
        exit,
        output: Some(PathBuf::from(out.value)),
        perfect,
        seed,
        algorithm,
        loops,
    };
    let later = if h.line > w.line { h.line } else { w.line };
    let places = Places {
        size: at(later, "WIDTH x HEIGHT".into()),
        entry: at(en.line, "ENTRY".into()),
        exit: at(ex.line, "EXIT".into()),
    };
    check_spec(&spec, &places)?;
    Ok((spec, warnings))
}

/// The checks shared by the file and the flags: size ceiling, entry and
/// exit inside, different, and not in the "42".
pub(super) fn check_spec(spec: &Spec, places: &Places) -> Result<(), String> {
    let cells = u64::from(spec.width) * u64::from(spec.height);
    if cells > MAX_CELLS {
        return Err(format!(
            "{} = {}x{} = {cells} cells, above the ceiling of {MAX_CELLS} cells",
            places.size, spec.width, spec.height
        ));
    }
    let (w, h) = (spec.width as i64, spec.height as i64);
    for (p, place) in [(spec.entry, &places.entry), (spec.exit, &places.exit)] {
        if i64::from(p.x) >= w || i64::from(p.y) >= h {
            return Err(format!(
                "{place} {},{} is outside the {w}x{h} maze (x from 0 to {}, y from 0 to {})",
                p.x,
                p.y,
                w - 1,
                h - 1
            ));
        }
    }
    if spec.entry == spec.exit {
        return Err(format!(
            "{} {},{} is the entry's cell; the exit must be another cell",
            places.exit, spec.exit.x, spec.exit.y
        ));
    }
    if let Ok(mask) = pattern42(spec.width, spec.height) {
        for (p, place) in [(spec.entry, &places.entry), (spec.exit, &places.exit)] {
            if mask.get(p) == Some(&true) {
                return Err(format!(
                    "{place} {},{} lies in the \"42\" pattern, whose cells are fully closed; choose another cell",
                    p.x, p.y
                ));
            }
        }
    }
    Ok(())
}

/// Digits only (no sign, no spaces), parsed as `T`.
fn parse_whole<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_side(s: &str) -> Result<u32, String> {
    match parse_whole::<u32>(s) {
        Some(v) if v >= 1 => Ok(v),
        _ => Err(format!(
            "must be a whole number of cells, at least 1; got '{}'",
            shown(s)
        )),
    }
}

fn parse_xy(s: &str) -> Result<Point, String> {
    let bad = || {
        format!(
            "must be x,y with whole numbers from 0 (zero-based); got '{}'",
            shown(s)
        )
    };
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let x = parse_whole::<i32>(x.trim()).ok_or_else(bad)?;
    let y = parse_whole::<i32>(y.trim()).ok_or_else(bad)?;
    Ok(Point::new(x, y))
}

fn parse_share(s: &str) -> Result<f64, String> {
    let bad = || {
        format!(
            "must be a number from 0 to 1 (the share of dead ends opened); got '{}'",
            shown(s)
        )
    };
    let v: f64 = s.parse().map_err(|_| bad())?;
    if !(0.0..=1.0).contains(&v) {
        return Err(bad());
    }
    Ok(v)
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    let want = s.to_ascii_lowercase().replace('_', "-");
    Algorithm::ALL
        .into_iter()
        .find(|a| a.name() == want)
        .ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("'{}' is not one of: {}", shown(s), names.join(", "))
        })
}

/// `--cells WxH`.
pub fn parse_cells_arg(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{}' is not WxH, e.g. 20x15", shown(s)))?;
    let w = parse_side(w.trim()).map_err(|m| format!("the width {m}"))?;
    let h = parse_side(h.trim()).map_err(|m| format!("the height {m}"))?;
    Ok((w, h))
}

/// `--entry X,Y` and `--exit X,Y`.
pub fn parse_xy_arg(s: &str) -> Result<(u32, u32), String> {
    let p = parse_xy(s)?;
    Ok((p.x as u32, p.y as u32))
}

/// The largest config file read (1 MiB); a 42 maze config is a few lines.
pub const CONFIG_CAP: u64 = 1 << 20;

/// The text of the config file at `path`, read with the [`CONFIG_CAP`]
/// cap.
///
/// # Errors
/// A message naming the file: unreadable, larger than the cap, or not
/// UTF-8.
pub fn read_config(path: &Path) -> Result<String, String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read the config file {name}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(CONFIG_CAP + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the config file {name}: {e}"))?;
    if bytes.len() as u64 > CONFIG_CAP {
        return Err(format!(
            "the config file {name} is larger than {} KiB: a maze config is a few lines",
            CONFIG_CAP >> 10
        ));
    }
    // UTF-8, but a comment may hold other bytes; an error names the line.
    config_text(&bytes, &name.to_string())
}

/// The config file's text: UTF-8, but a comment line may hold any bytes
/// (a Latin-1 comment is read, lossily); any other line that is not UTF-8
/// is an error naming it.
fn config_text(bytes: &[u8], name: &str) -> Result<String, String> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    for (n, line) in bytes.split(|b| *b == b'\n').enumerate() {
        let comment = line.trim_ascii_start().starts_with(b"#");
        if let Err(e) = std::str::from_utf8(line)
            && !comment
        {
            let at = e.valid_up_to();
            return Err(format!(
                "{name}, line {}: not UTF-8 text (byte 0x{:02X} at column {}); save the file as UTF-8",
                n + 1,
                line[at],
                at + 1
            ));
        }
    }
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_are_read_with_a_cap() {
        let e = read_config(Path::new("/dev/zero")).unwrap_err();
        assert!(e.contains("larger than 1024 KiB"), "{e}");
        assert!(read_config(Path::new("/no/such/config")).is_err());
    }
}
