//! The reader of vault files: line by line, a vault at a time.

use crate::check::check_shape;
use crate::{Generators, Glyph, Shape, Vault, VaultError};
use std::collections::HashSet;

/// The widest and highest vault map, in tiles.
pub const MAX_SIDE: u32 = 100;
/// The largest `weight`.
pub const MAX_WEIGHT: u32 = 1_000_000;
/// The largest `count` maximum.
pub const MAX_COUNT: u32 = 1000;

/// The most working memory [`parse`] uses, in bytes a byte of text (the
/// vaults, their shapes turned every allowed way, and the names seen),
/// measured by `crates/ffi/tests/costs/`. A text whose need passes the
/// memory limit is refused before it is read.
pub const PARSE_BYTES_PER_TEXT_BYTE: u64 = 32;

/// The settings of the vault being read, and its map so far.
struct Draft {
    name: String,
    line: u32,
    /// The column of the name on its line.
    name_col: u32,
    weight: Option<u32>,
    count: Option<(u32, u32)>,
    rotate: Option<bool>,
    mirror: Option<bool>,
    generators: Option<Generators>,
    /// `locked`, and the column of its value.
    locked: Option<(bool, u32)>,
    /// The line of `locked`, once seen.
    locked_line: u32,
    /// The line of `map`, once seen.
    map_line: Option<u32>,
    /// The rows of the map: each line number and its glyphs.
    rows: Vec<(u32, Vec<Glyph>)>,
}

/// Reads every vault of `text`; `file` names the text in errors. A UTF-8
/// byte-order mark (U+FEFF) at the start is skipped.
///
/// # Errors
/// The first problem found, as a [`VaultError`] with its line and column.
///
/// ```
/// let text = "vault nook\nmap\n#!#\n#.#\n###\nend\n";
/// let vaults = mcrdun_vaults::parse(text, "nook.vault")?;
/// assert_eq!(vaults[0].name(), "nook");
/// let e = mcrdun_vaults::parse("vault x\nweight lots\n", "x.vault").unwrap_err();
/// assert_eq!(e.to_string(), "x.vault:2:8: expected a whole number from 1 to 1000000, found `lots`");
/// # Ok::<(), mcrdun_vaults::VaultError>(())
/// ```
pub fn parse(text: &str, file: &str) -> Result<Vec<Vault>, VaultError> {
    let err = |line: u32, column: u32, expected: &str, found: String| VaultError::At {
        file: file.to_string(),
        line,
        column,
        expected: expected.to_string(),
        found,
    };
    let budget = mcrdun_geom::memory::Budget::start();
    check_size(&budget, file, text.len() as u64, PARSE_BYTES_PER_TEXT_BYTE)?;
    // A byte-order mark opening the text is skipped: columns count from
    // the character after it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut vaults: Vec<Vault> = Vec::new();
    // The names seen: a set, so that many vaults are read in linear time.
    let mut names: HashSet<String> = HashSet::new();
    let mut draft: Option<Draft> = None;
    let mut last = 0u32;
    for (i, raw) in text.split('\n').enumerate() {
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        last = n;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(d) = draft.as_mut().filter(|d| d.map_line.is_some()) {
            if line.trim() == "end" {
                let d = draft.take().expect("a draft in a map");
                if !names.insert(d.name.clone()) {
                    return Err(err(
                        d.line,
                        d.name_col,
                        "a name not used before in the file",
                        format!("`{}` again", d.name),
                    ));
                }
                vaults.push(finish(d).map_err(|(l, c, e, f)| err(l, c, &e, f))?);
            } else {
                d.rows
                    .push((n, map_row(line).map_err(|(c, e, f)| err(n, c, &e, f))?));
                if d.rows.len() > MAX_SIDE as usize {
                    return Err(err(
                        n,
                        1,
                        "`end` (a map has at most 100 rows)",
                        "a 101st row".into(),
                    ));
                }
            }
            continue;
        }
        let words = words(line);
        let Some(&(at, key)) = words.first() else {
            continue;
        };
        let column = column_of(line, at);
        match (key, draft.as_mut()) {
            ("vault", None) => {
                draft = Some(start(&words, line, n).map_err(|(c, e, f)| err(n, c, &e, f))?);
            }
            (_, None) => {
                return Err(err(n, column, "`vault NAME`", shown(key)));
            }
            (_, Some(d)) => {
                setting(d, &words, line, n).map_err(|(c, e, f)| err(n, c, &e, f))?;
            }
        }
    }
    match draft {
        None => Ok(vaults),
        Some(d) => Err(err(
            last,
            0,
            if d.map_line.is_some() {
                "`end`"
            } else {
                "`map`"
            },
            "the end of the file".into(),
        )),
    }
}

/// Refuses a text of `bytes` bytes when `each` bytes a byte of it pass
/// the budget's ceiling.
pub(crate) fn check_size(
    budget: &mcrdun_geom::memory::Budget,
    file: &str,
    bytes: u64,
    each: u64,
) -> Result<(), VaultError> {
    let needed = bytes.saturating_mul(each);
    if needed > budget.limit() {
        return Err(VaultError::TooLarge {
            file: file.to_string(),
            bytes,
            needed,
            limit: budget.limit(),
        });
    }
    Ok(())
}

/// Reads every vault of `bytes`, which must be UTF-8 (a byte-order mark at
/// the start is skipped): [`parse`] for text that comes as bytes (a file,
/// a C buffer). `file` names the text in errors.
///
/// # Errors
/// As [`parse`]; bytes that are not UTF-8 give the line and column (in
/// characters, from 1) of the first invalid byte.
///
/// ```
/// let e = mcrdun_vaults::parse_bytes(b"vault a\nweight \xff\n", "a.vault").unwrap_err();
/// assert_eq!(e.position(), Some((2, 8)));
/// assert_eq!(e.to_string(), "a.vault:2:8: expected UTF-8 text, found the byte 0xFF");
/// // A byte-order mark is skipped.
/// let vaults = mcrdun_vaults::parse_bytes(b"\xef\xbb\xbfvault a\nmap\n#!#\n#.#\n###\nend\n", "a.vault")?;
/// assert_eq!(vaults[0].name(), "a");
/// # Ok::<(), mcrdun_vaults::VaultError>(())
/// ```
pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Vec<Vault>, VaultError> {
    let budget = mcrdun_geom::memory::Budget::start();
    check_size(&budget, file, bytes.len() as u64, PARSE_BYTES_PER_TEXT_BYTE)?;
    match mcrdun_geom::text::utf8(bytes) {
        Ok(text) => parse(text, file),
        Err(bad) => Err(VaultError::At {
            file: file.to_string(),
            line: bad.line,
            column: bad.column,
            expected: "UTF-8 text".into(),
            found: format!("the byte 0x{:02X}", bad.byte),
        }),
    }
}

/// A problem on the current line: column, expected, found.
type LineError = (u32, String, String);

use mcrdun_geom::text::{column_of, words};

/// A shortened copy of what was found, for messages; characters that do
/// not show (controls, format characters such as a byte-order mark) are
/// written as escapes (`\u{feff}`).
fn shown(s: &str) -> String {
    let mut short = String::new();
    for c in s.chars().take(40) {
        if matches!(c, '\'' | '"' | '\\') || c.escape_debug().len() == 1 {
            short.push(c);
        } else {
            short.extend(c.escape_debug());
        }
    }
    if s.chars().nth(40).is_some() {
        format!("`{short}...`")
    } else {
        format!("`{short}`")
    }
}

/// The `vault NAME` line.
fn start(words: &[(usize, &str)], line: &str, n: u32) -> Result<Draft, LineError> {
    let name_ok = |s: &str| {
        !s.is_empty()
            && s.len() <= 64
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    let expected = "a name of 1 to 64 letters, digits, `_` or `-`";
    let Some(&(at, name)) = words.get(1) else {
        return Err((
            column_of(line, line.len()),
            expected.into(),
            "the end of the line".into(),
        ));
    };
    if !name_ok(name) {
        return Err((column_of(line, at), expected.into(), shown(name)));
    }
    if let Some(&(at, extra)) = words.get(2) {
        return Err((
            column_of(line, at),
            "the end of the line".into(),
            shown(extra),
        ));
    }
    Ok(Draft {
        name: name.to_string(),
        line: n,
        name_col: column_of(line, at),
        weight: None,
        count: None,
        rotate: None,
        mirror: None,
        generators: None,
        locked: None,
        locked_line: 0,
        map_line: None,
        rows: Vec::new(),
    })
}

/// A setting line, or `map`, of the vault `d`.
fn setting(d: &mut Draft, words: &[(usize, &str)], line: &str, n: u32) -> Result<(), LineError> {
    let (at, key) = words[0];
    let key_col = column_of(line, at);
    let end_col = column_of(line, line.trim_end().len());
    let value = words.get(1).copied();
    let value_col = value.map_or(end_col, |(at, _)| column_of(line, at));
    let one_value = |expected: &str| -> Result<&str, LineError> {
        let Some((_, v)) = value else {
            return Err((value_col, expected.into(), "the end of the line".into()));
        };
        if let Some(&(at, extra)) = words.get(2) {
            return Err((
                column_of(line, at),
                "the end of the line".into(),
                shown(extra),
            ));
        }
        Ok(v)
    };
    let again = || {
        (
            key_col,
            format!("`{key}` once per vault"),
            format!("a second `{key}`"),
        )
    };
    match key {
        "map" => {
            if let Some((_, extra)) = value {
                return Err((value_col, "the end of the line".into(), shown(extra)));
            }
            d.map_line = Some(n);
        }
        "weight" => {
            let expected = format!("a whole number from 1 to {MAX_WEIGHT}");
            let v = one_value(&expected)?;
            let w = number(v).filter(|w| (1..=MAX_WEIGHT).contains(w));
            let w = w.ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
            if d.weight.replace(w).is_some() {
                return Err(again());
            }
        }
        "count" => {
            let expected =
                format!("a count `N` or `MIN..MAX` with MIN <= MAX, 1 <= MAX <= {MAX_COUNT}");
            let v = one_value(&expected)?;
            let c = count(v).ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
            if d.count.replace(c).is_some() {
                return Err(again());
            }
        }
        "rotate" | "mirror" | "locked" => {
            let v = one_value("`yes` or `no`")?;
            let b = match v {
                "yes" => true,
                "no" => false,
                _ => return Err((value_col, "`yes` or `no`".into(), shown(v))),
            };
            let seen = match key {
                "rotate" => d.rotate.replace(b).is_some(),
                "mirror" => d.mirror.replace(b).is_some(),
                _ => {
                    d.locked_line = n;
                    d.locked.replace((b, value_col)).is_some()
                }
            };
            if seen {
                return Err(again());
            }
        }
        "generators" => {
            let g = generators(&words[1..], line, value_col)?;
            if d.generators.replace(g).is_some() {
                return Err(again());
            }
        }
        "vault" => {
            return Err((
                key_col,
                "`map` before the next vault".into(),
                "`vault`".into(),
            ));
        }
        _ => {
            return Err((
                key_col,
                "a setting (`weight`, `count`, `rotate`, `mirror`, `generators`, `locked`) or `map`"
                    .into(),
                shown(key),
            ));
        }
    }
    Ok(())
}

/// The names after `generators`: `all` or generator names.
fn generators(names: &[(usize, &str)], line: &str, end_col: u32) -> Result<Generators, LineError> {
    let expected = "`all` or generator names (bsp, scatter, maze, cave, passages, drunkard)";
    if names.is_empty() {
        return Err((end_col, expected.into(), "the end of the line".into()));
    }
    let mut set = Generators::NONE;
    for &(at, name) in names {
        let g = match name {
            "all" => Generators::ALL,
            _ => Generators::from_name(name)
                .ok_or_else(|| (column_of(line, at), expected.to_string(), shown(name)))?,
        };
        set = set.with(g);
    }
    Ok(set)
}

/// A whole number of at most 9 digits.
fn number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `N` or `MIN..MAX`.
fn count(s: &str) -> Option<(u32, u32)> {
    let (lo, hi) = match s.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(s)?;
            (n, n)
        }
    };
    (lo <= hi && (1..=MAX_COUNT).contains(&hi)).then_some((lo, hi))
}

/// The glyphs of one row of a map.
fn map_row(line: &str) -> Result<Vec<Glyph>, LineError> {
    let mut row = Vec::new();
    for (i, c) in line.chars().enumerate() {
        let column = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if i >= MAX_SIDE as usize {
            if line.chars().skip(i).all(|c| c == ' ') {
                break;
            }
            return Err((
                column,
                "at most 100 glyphs a row".into(),
                format!("{:?}", c),
            ));
        }
        let g = Glyph::from_char(c).ok_or_else(|| {
            (
                column,
                "a glyph (`#` `.` `+` `!` `?` `<` `>`, a space, a letter or a digit)".into(),
                format!("{c:?}"),
            )
        })?;
        row.push(g);
    }
    Ok(row)
}

/// The vault of a complete draft: its map trimmed to its tiles and
/// checked. A problem comes back with its line and column.
fn finish(d: Draft) -> Result<Vault, (u32, u32, String, String)> {
    let map_line = d.map_line.unwrap_or(d.line);
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (_, row)) in d.rows.iter().enumerate() {
        for (x, g) in row.iter().enumerate() {
            if g.is_part() {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x);
                y1 = y1.max(y);
            }
        }
    }
    if x0 == usize::MAX {
        return Err((
            map_line,
            0,
            "a map with tiles of the vault".into(),
            "an empty map".into(),
        ));
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut glyphs = Vec::with_capacity(w * h);
    for (_, row) in &d.rows[y0..=y1] {
        glyphs.extend((x0..=x1).map(|x| row.get(x).copied().unwrap_or(Glyph::Outside)));
    }
    let shape = Shape::new(w as u32, h as u32, glyphs).expect("w * h glyphs");
    let rows = &d.rows;
    let at = |x: i32, y: i32| {
        let line = rows.get(y0 + y.max(0) as usize).map_or(map_line, |r| r.0);
        (line, (x0 + x.max(0) as usize + 1) as u32)
    };
    check_shape(&shape).map_err(|(x, y, e, f)| {
        let (line, column) = at(x, y);
        (line, column, e, f)
    })?;
    let (min, max) = d.count.unwrap_or((0, 1));
    let locked = d.locked.is_some_and(|(b, _)| b);
    if let Some((true, col)) = d.locked
        && shape.glyphs().contains(&Glyph::StairsUp)
    {
        // The player starts inside: nothing is gated.
        return Err((
            d.locked_line,
            col,
            "`locked no` for a vault holding the up stairs (`<`): the player starts inside it"
                .into(),
            "`yes`".into(),
        ));
    }
    Ok(Vault {
        name: d.name,
        shape,
        weight: d.weight.unwrap_or(1),
        min,
        max,
        rotate: d.rotate.unwrap_or(true),
        mirror: d.mirror.unwrap_or(true),
        generators: d.generators.unwrap_or(Generators::ALL),
        locked,
        line: d.line,
    })
}
