//! The memory ceiling of a run of the command.
//!
//! The library refuses, before any work, a call whose working memory is
//! above its ceiling (1 GiB unless `--max-bytes` sets another). A ceiling
//! the process cannot actually reach would let a level pass that check
//! and then fail to allocate, which aborts the process: with `--max-bytes
//! 18446744073709551615` under `ulimit -v 2000000`, say. So the command
//! keeps its ceiling within what the process can still map: half of what
//! its address-space limit leaves (the level is still held while it is
//! rendered) and half of the machine's memory. On systems without
//! `/proc` the ceiling is the one asked for.

/// The ceiling of this run: `asked` (0: the library's default), kept
/// within [`reachable`].
pub fn ceiling(asked: u64) -> u64 {
    ceiling_within(asked, reachable())
}

/// [`ceiling`] with what the process can reach given.
fn ceiling_within(asked: u64, reachable: Option<u64>) -> u64 {
    let asked = if asked == 0 {
        mcrdun_geom::memory::DEFAULT_MEMORY_LIMIT
    } else {
        asked
    };
    reachable.map_or(asked, |r| asked.min(r))
}

/// Half of the address space this process may still map and half of the
/// machine's memory, the smaller; `None` when neither is known.
pub fn reachable() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok();
    let limits = std::fs::read_to_string("/proc/self/limits").ok();
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let mapped = status.as_deref().and_then(|s| kilobytes(s, "VmSize:"));
    let address_space = limits.as_deref().and_then(address_space_limit);
    let left = address_space.map(|limit| limit.saturating_sub(mapped.unwrap_or(0)) / 2);
    let memory = meminfo
        .as_deref()
        .and_then(|m| kilobytes(m, "MemTotal:"))
        .map(|m| m / 2);
    match (left, memory) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The value in bytes of a `Key:   N kB` line of a `/proc` file.
fn kilobytes(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line[key.len()..].split_whitespace().next()?.parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// The soft address-space limit from `/proc/self/limits` (the line `Max
/// address space  <soft> <hard> bytes`); `None` when unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_lines_are_read_in_bytes() {
        let status = "Name:\tmcrdun\nVmPeak:\t  9000 kB\nVmSize:\t  8000 kB\n";
        assert_eq!(kilobytes(status, "VmSize:"), Some(8000 * 1024));
        assert_eq!(kilobytes(status, "VmRSS:"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max cpu time              unlimited            unlimited            seconds\n\
                      Max address space         2048000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(2_048_000_000));
        let unlimited = limits.replace("2048000000", "unlimited");
        assert_eq!(address_space_limit(&unlimited), None);
    }

    #[test]
    fn the_ceiling_is_what_was_asked_within_reach() {
        let default = mcrdun_geom::memory::DEFAULT_MEMORY_LIMIT;
        assert_eq!(ceiling_within(0, None), default);
        assert_eq!(ceiling_within(0, Some(1 << 40)), default);
        assert_eq!(ceiling_within(0, Some(1000)), 1000);
        assert_eq!(ceiling_within(u64::MAX, Some(5 << 30)), 5 << 30);
        assert_eq!(ceiling_within(u64::MAX, None), u64::MAX);
        assert_eq!(ceiling_within(7, Some(1000)), 7);
        // On Linux the machine's memory is known, so the ceiling is finite.
        if cfg!(target_os = "linux") {
            assert!(reachable().is_some_and(|r| r > 0 && r < u64::MAX / 2));
        }
    }
}
