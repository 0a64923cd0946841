//! `mcrdun`: generate a dungeon level and show it.
//!
//! ```text
//! mcrdun <bsp|scatter|maze|cave|passages|drunkard> [--width W] [--height H] [--seed S]
//!        [--format ascii|png|json|42] [--output FILE] [--scale N] [--distance] [--stats]
//!        [options of the generator]
//! mcrdun maze --config FILE      the 42 "A-Maze-ing" subject's config file
//! mcrdun vaults check FILE...    check vault files, print each vault turned every way it may be
//! mcrdun things check FILE...    check spawn tables, print each entry with every setting
//! ```
//!
//! `--vaults FILE` (repeatable) places the vaults of a file in the level.
//! `--things FILE` (repeatable) places the things of a spawn table on it,
//! at the depth of `--dungeon-level N`.
//!
//! Bad options print a message and exit with status 2; a failure to write
//! the output exits with status 1.
#![forbid(unsafe_code)]

mod args;
mod file_check;
mod headroom;
mod maze42;
mod messages;
mod output;
mod render;
mod things;
mod vaults;

use args::{Format, Parsed};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // `mcrdun vaults ...` has its own command line.
    if std::env::args_os().nth(1).is_some_and(|a| a == "vaults") {
        return vaults::main();
    }
    // So does `mcrdun things ...`.
    if std::env::args_os().nth(1).is_some_and(|a| a == "things") {
        return things::main();
    }
    // A misspelled generator: a suggestion and the list (clap suggests
    // only near spellings, and not `bsp` for `bps`).
    let first = std::env::args_os().nth(1);
    if let Some(msg) = messages::unknown_command(first.as_ref().and_then(|a| a.to_str())) {
        eprintln!("mcrdun: error: {msg}");
        return ExitCode::from(2);
    }
    let parsed = Parsed::from_env();
    match run(&parsed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("mcrdun: error: {}", in_cli_words(&msg));
            ExitCode::from(2)
        }
        Err(Failure::Io(msg)) => {
            eprintln!("mcrdun: error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
    }
}

/// A library message as a command-line user needs it: the memory limit is
/// raised with --max-bytes here, not with a library call.
fn in_cli_words(msg: &str) -> String {
    msg.replace(
        "(raise it with mcrdun_set_memory_limit, or memory::set_memory_limit in Rust)",
        "(raise it with --max-bytes)",
    )
    .replace(
        "(raise it with --max-bytes on the command line; from Rust or C raise the process memory limit, which a level's max_bytes can only lower)",
        "(raise it with --max-bytes)",
    )
}

/// Why a run failed: bad options (exit 2) or output that could not be
/// written (exit 1).
enum Failure {
    Usage(String),
    Io(String),
    BrokenPipe,
}

fn run(parsed: &Parsed) -> Result<(), Failure> {
    let cli = &parsed.cli;
    let common = cli.command.common();
    if common.format == Format::FortyTwo && !cli.command.is_maze() {
        return Err(Failure::Usage(
            "--format 42 is the maze file format: use it with `mcrdun maze`".into(),
        ));
    }
    if common.format == Format::Png && common.output.is_none() && std::io::stdout().is_terminal() {
        return Err(Failure::Usage(
            "a PNG is not for a terminal: add --output FILE (or redirect standard output)".into(),
        ));
    }
    if common.format != Format::Png && common.scale.is_some() {
        return Err(Failure::Usage(
            "--scale applies to --format png only".into(),
        ));
    }
    if common.format != Format::Png && common.distance {
        return Err(Failure::Usage(
            "--distance applies to --format png only".into(),
        ));
    }
    // One memory limit for the whole run: --max-bytes raises (or lowers)
    // what every step may use, levels and 42 mazes alike, within what the
    // process can map.
    mcrdun_geom::memory::set_memory_limit(headroom::ceiling(common.max_bytes));
    if let Some(done) = maze42::dispatch(parsed) {
        return done;
    }
    // Without --seed, one from the clock, told once the level is written.
    let seed = common.seed.unwrap_or_else(args::clock_seed);
    let vaults = vaults::load(&common.vaults).map_err(Failure::Usage)?;
    let tables = things::load(&common.things).map_err(Failure::Usage)?;
    let generated = parsed
        .generate(seed, &vaults, &tables)
        .map_err(|e| Failure::Usage(messages::level_error(&e, &parsed.given, common.max_bytes)))?;
    let level = &generated.level;
    let scale = common.scale.unwrap_or(args::DEFAULT_SCALE);
    let cost = render::cost(level, common.format, scale, common.distance, common.stats);
    mcrdun_geom::memory::check_bytes("showing the level", cost)
        .map_err(|e| Failure::Usage(format!("{e} (raise it with --max-bytes)")))?;
    let body: Vec<u8> = match common.format {
        Format::Ascii => render::ascii(level).into_bytes(),
        Format::Png => render::png(level, scale, common.distance).map_err(Failure::Usage)?,
        Format::Json => {
            let mut text = serde_json::to_string_pretty(&render::json(level, seed))
                .map_err(|e| Failure::Io(e.to_string()))?;
            text.push('\n');
            text.into_bytes()
        }
        Format::FortyTwo => generated
            .maze_text
            .clone()
            .ok_or_else(|| Failure::Usage("--format 42 needs a maze".into()))?
            .into_bytes(),
    };
    let stats = common.stats.then(|| render::stats_text(level, seed));
    match &common.output {
        Some(path) => {
            write_file(path, &body)?;
            if let Some(s) = stats {
                write_stdout(s.as_bytes())?;
            }
        }
        None => {
            write_stdout(&body)?;
            if let Some(s) = stats {
                // Keep stdout a clean image or JSON document.
                if common.format == Format::Ascii {
                    write_stdout(s.as_bytes())?;
                } else {
                    write_to(&mut std::io::stderr(), s.as_bytes())?;
                }
            }
        }
    }
    if common.seed.is_none() {
        tell_seed(seed, "--seed ");
    }
    Ok(())
}

/// Writes `bytes` to the file at `path`, whole or not at all.
fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), Failure> {
    output::write_whole(path, bytes).map_err(|e| {
        Failure::Io(format!(
            "cannot write {}: {e} (the file is unchanged)",
            path.display()
        ))
    })
}

/// Writes `bytes` to standard output; a closed standard output is an error.
fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    if !output::stdout_is_open() {
        return Err(Failure::Io(
            "standard output is closed, so the output would be lost: give --output FILE".into(),
        ));
    }
    write_to(&mut std::io::stdout(), bytes)
}

/// Tells the seed chosen from the clock, once the level (or maze) is
/// written: a level one likes can be made again with `again` and the seed.
fn tell_seed(seed: u64, again: &str) {
    eprintln!("mcrdun: seed {seed} (add {again}{seed} to make this level again)");
}

fn write_to(out: &mut dyn Write, bytes: &[u8]) -> Result<(), Failure> {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::BrokenPipe),
        Err(e) => Err(Failure::Io(format!("cannot write the output: {e}"))),
    }
}
