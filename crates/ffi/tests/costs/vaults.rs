//! Reading vault files.

use super::*;
use std::ptr::null_mut;

/// A vault file of `n` vaults, each a `w` x `h` room with an entrance.
fn vault_file(n: usize, w: usize, h: usize, settings: &str) -> String {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("vault v{i}\n{settings}map\n"));
        for y in 0..h {
            let row: String = (0..w)
                .map(|x| match (x, y) {
                    (1, 0) => '!',
                    _ if x == 0 || y == 0 || x + 1 == w || y + 1 == h => '#',
                    _ => '.',
                })
                .collect();
            text.push_str(&row);
            text.push('\n');
        }
        text.push_str("end\n");
    }
    text
}

#[test]
fn vault_files_keep_to_their_stated_costs() {
    let mut s = Sizes(7);
    let cases = [Stated::new(
        "mcrdun_vaults_parse",
        "byte",
        mcrdun_vaults::PARSE_BYTES_PER_TEXT_BYTE as f64,
    )];
    let mut worst = worst_of(&cases);
    for round in 0..12 {
        let (w, h) = (s.side(3, 100) as usize, s.side(3, 100) as usize);
        let n = (s.side(1, 200_000) as usize / (w * h)).max(1);
        let settings = if round % 2 == 0 {
            "rotate yes\nmirror yes\n"
        } else {
            ""
        };
        let text = vault_file(n, w, h, settings);
        let mut out = null_mut();
        // SAFETY: `text` holds its length in bytes; `out` is writable.
        let (st, p) =
            peak(|| unsafe { mcrdun_vaults_parse(text.as_ptr().cast(), text.len(), &mut out) });
        assert_eq!(st, McrdunStatus::Ok, "{n} vaults of {w} x {h}");
        worst[0].add(&cases[0], text.len() as u64, p);
        // SAFETY: a live handle, freed once.
        unsafe { mcrdun_vaults_free(out) };
    }
    report(&cases, &worst);
}

#[test]
fn a_vault_text_past_the_limit_is_refused_before_reading() {
    let text = vault_file(50, 10, 10, "");
    let need = text.len() as u64 * mcrdun_vaults::PARSE_BYTES_PER_TEXT_BYTE;
    let mut out = null_mut();
    {
        let _ceiling = mcrdun_geom::memory::Budget::start_with(need - 1);
        // SAFETY: as above.
        let (st, p) =
            peak(|| unsafe { mcrdun_vaults_parse(text.as_ptr().cast(), text.len(), &mut out) });
        assert_eq!(st, McrdunStatus::TooLarge);
        assert!(out.is_null() && p < ALLOWANCE, "{p}");
    }
    let _ceiling = mcrdun_geom::memory::Budget::start_with(need);
    // SAFETY: as above.
    let st = unsafe { mcrdun_vaults_parse(text.as_ptr().cast(), text.len(), &mut out) };
    assert_eq!(st, McrdunStatus::Ok);
    // SAFETY: a live handle, freed once.
    unsafe { mcrdun_vaults_free(out) };
}
