//! What the command says, in the command line's own terms: a misspelled
//! generator gets a suggestion, a level error names the flags (`--max-room`,
//! `--max-bytes`) rather than the library's option names, and a value
//! echoed back from the user's input is escaped and cut short.

use mcrdun_dungeon::schema;
use mcrdun_dungeon::{LevelError, LevelKind};

/// The subcommands besides the generators.
const OTHER_COMMANDS: [&str; 2] = ["vaults", "help"];

/// The most characters of a user's value echoed in a message.
const ECHO_MOST: usize = 60;

/// `text` as a message shows it: control characters (a NUL, a tab, an
/// escape) written as escapes, and cut after [`ECHO_MOST`] characters with
/// the length of the rest, so that a huge or binary value cannot flood the
/// terminal.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == ECHO_MOST {
            let rest = text.chars().count() - n;
            out.push_str(&format!("... ({rest} more characters)"));
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The generators' names, in the usage's order.
pub fn generator_names() -> Vec<&'static str> {
    LevelKind::ALL.iter().map(|k| k.name()).collect()
}

/// The edit distance of `a` and `b`, a swap of two neighbouring letters
/// counting as one edit (`bps` is one edit from `bsp`).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The message for a first argument that names no command, or `None` when
/// it is a command, a flag, or missing (clap then says what it says).
pub fn unknown_command(first: Option<&str>) -> Option<String> {
    let word = first?;
    let generators = generator_names();
    if word.starts_with('-') || generators.contains(&word) || OTHER_COMMANDS.contains(&word) {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    let near = generators
        .iter()
        .chain(&OTHER_COMMANDS)
        .map(|g| (distance(&lower, g), *g))
        .filter(|(d, g)| *d <= 2.min(g.len() / 2) || g.starts_with(&lower))
        .min();
    let hint = near.map_or(String::new(), |(_, g)| format!("; did you mean '{g}'?"));
    Some(format!(
        "'{}' is not a generator{hint}\n  generators: {} (`mcrdun help <generator>` lists its options; `mcrdun vaults` checks vault files)",
        shown(word),
        generators.join(", ")
    ))
}

/// The flag of the schema option `name` of any generator, with `--`.
fn flag(name: &str) -> String {
    format!("--{}", schema::flag_of(name))
}

/// A [`LevelError`] as the command says it: options by their flags (the
/// ones the user gave first, where a rule ties two together), sizes by
/// `--width`/`--height` and the memory ceiling by `--max-bytes`.
pub fn level_error(e: &LevelError, given: &[&str], max_bytes: u64) -> String {
    match e {
        LevelError::InvalidOption { name, reason } => {
            // A rule of two options (min_room and max_room) names both; the
            // message leads with the one the user gave.
            let mentioned: Vec<&str> = schema::OPTIONS
                .iter()
                .map(|o| o.name)
                .filter(|n| *n == *name || (n.contains('_') && reason.contains(n)))
                .collect();
            let lead = mentioned
                .iter()
                .find(|n| given.contains(n))
                .copied()
                .unwrap_or(name);
            format!("invalid {}: {}", flag(lead), flags_in(reason))
        }
        LevelError::TooLarge { width, height } => too_large(*width, *height),
        LevelError::OverBudget { .. } => over_budget(e, max_bytes),
        other => flags_in(&other.to_string()),
    }
}

/// `text` with every schema option name it mentions written as its flag
/// (the names with an underscore: `rooms` or `loops` in a sentence are
/// words).
fn flags_in(text: &str) -> String {
    let mut names: Vec<&str> = schema::OPTIONS
        .iter()
        .map(|o| o.name)
        .filter(|n| n.contains('_'))
        .collect();
    // Longer names first, so `min_leaf_width` is not read as `min_leaf`.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        for n in &names {
            let whole = rest.starts_with(n)
                && !rest[n.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                && !out.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-');
            if whole {
                out.push_str(&flag(n));
                rest = &rest[n.len()..];
                continue 'scan;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The too-large message: the sides asked for, past the grid's limits.
fn too_large(width: u32, height: u32) -> String {
    format!(
        "--width {width} --height {height} is too large: each side is at most {} tiles, and a level fewer than 2^31 tiles",
        i32::MAX
    )
}

/// The over-budget message: the memory the level needs and the ceiling,
/// named as the flag that sets it.
fn over_budget(e: &LevelError, max_bytes: u64) -> String {
    let LevelError::OverBudget {
        width,
        height,
        needed,
        per_tile,
        limit,
    } = e
    else {
        return e.to_string();
    };
    let asked = if max_bytes == 0 {
        mcrdun_geom::memory::DEFAULT_MEMORY_LIMIT
    } else {
        max_bytes
    };
    let ceiling = if *limit < asked {
        // Kept within reach (see headroom.rs), whatever --max-bytes says.
        format!(
            "the {limit} bytes this process can use (half of what its address-space limit leaves, or of the machine's memory)"
        )
    } else if max_bytes == 0 {
        format!("the memory limit of {limit} bytes (1 GiB unless --max-bytes N raises it)")
    } else {
        format!("--max-bytes {max_bytes}")
    };
    format!(
        "--width {width} --height {height} is too large: the level needs {needed} bytes of working memory ({per_tile} a tile), above {ceiling}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelled_generators_get_a_suggestion() {
        let m = unknown_command(Some("bps")).unwrap();
        assert!(m.contains("did you mean 'bsp'"), "{m}");
        assert!(
            m.contains("bsp, scatter, maze, cave, passages, drunkard"),
            "{m}"
        );
        assert!(unknown_command(Some("cav")).unwrap().contains("'cave'"));
        assert!(unknown_command(Some("Maze")).unwrap().contains("'maze'"));
        assert!(
            !unknown_command(Some("zzzzzz"))
                .unwrap()
                .contains("did you mean")
        );
        for ok in ["bsp", "help", "vaults", "--help", "-V"] {
            assert_eq!(unknown_command(Some(ok)), None);
        }
        assert_eq!(unknown_command(None), None);
    }

    #[test]
    fn echoes_are_escaped_and_short() {
        assert_eq!(shown("a\0b\tc"), "a\\u{0}b\\tc");
        let long = "x".repeat(10_000);
        let s = shown(&long);
        assert!(
            s.len() < 100 && s.ends_with("(9940 more characters)"),
            "{s}"
        );
    }

    #[test]
    fn errors_name_flags() {
        let e = LevelError::InvalidOption {
            name: "min_room",
            reason: "a room size range needs 1 <= min <= max, got 4..=3 (min_room and max_room)"
                .into(),
        };
        let m = level_error(&e, &["max_room"], 0);
        assert!(m.starts_with("invalid --max-room: "), "{m}");
        assert!(m.contains("(--min-room and --max-room)"), "{m}");
        assert!(level_error(&e, &[], 0).starts_with("invalid --min-room: "));
        let big = LevelError::OverBudget {
            width: 100_000,
            height: 1000,
            needed: 48 * 100_000_000,
            per_tile: 48,
            limit: 1 << 30,
        };
        let m = level_error(&big, &[], 0);
        assert!(
            m.contains("--max-bytes N raises it") && !m.contains("max_bytes"),
            "{m}"
        );
        let m = level_error(&big, &[], 1000);
        assert!(
            m.contains("above --max-bytes 1000") && !m.contains("GiB"),
            "{m}"
        );
        let huge = LevelError::TooLarge {
            width: 100_000,
            height: 100_000,
        };
        assert!(
            level_error(&huge, &[], 0).starts_with("--width 100000 --height 100000 is too large")
        );
        assert_eq!(
            flags_in("min_leaf_width and min_room"),
            "--min-leaf-width and --min-room"
        );
    }
}
