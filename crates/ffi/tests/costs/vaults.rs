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
    let cases = [
        Stated::new(
            "mcrdun_vaults_parse",
            "byte",
            mcrdun_vaults::PARSE_BYTES_PER_TEXT_BYTE as f64,
        ),
        Stated::new(
            "mcrdun_vaults::read_file",
            "byte",
            mcrdun_vaults::READ_BYTES_PER_FILE_BYTE as f64,
        ),
    ];
    let dir = std::env::temp_dir().join(format!("mcrdun-costs-vaults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("v.vault");
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
        std::fs::write(&path, &text).unwrap();
        let (read, p) = peak(|| mcrdun_vaults::read_file(&path).map(|v| v.len()));
        assert_eq!(read, Ok(n), "{n} vaults of {w} x {h}");
        worst[1].add(&cases[1], text.len() as u64, p);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    report(&cases, &worst);
}

#[test]
fn a_vault_file_past_the_limit_is_refused_before_reading() {
    let dir = std::env::temp_dir().join(format!("mcrdun-costs-big-vault-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A sparse 1.5 GiB file under a 100 MB ceiling: refused from its size.
    let big = dir.join("big.vault");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(1536 << 20)
        .unwrap();
    let (e, p) = peak(|| {
        let _ceiling = mcrdun_geom::memory::Budget::start_with(100_000_000);
        mcrdun_vaults::read_file(&big)
    });
    assert!(e.is_err_and(|e| e.is_too_large()) && p < ALLOWANCE, "{p}");
    // A small file one byte of budget short.
    let small = dir.join("small.vault");
    let text = vault_file(50, 10, 10, "");
    std::fs::write(&small, &text).unwrap();
    let need = text.len() as u64 * mcrdun_vaults::READ_BYTES_PER_FILE_BYTE;
    let (e, p) = peak(|| {
        let _ceiling = mcrdun_geom::memory::Budget::start_with(need - 1);
        mcrdun_vaults::read_file(&small)
    });
    assert!(e.is_err_and(|e| e.is_too_large()) && p < ALLOWANCE, "{p}");
    let (read, p) = peak(|| {
        let _ceiling = mcrdun_geom::memory::Budget::start_with(need);
        mcrdun_vaults::read_file(&small).map(|v| v.len())
    });
    assert!(read == Ok(50) && p <= need + ALLOWANCE, "{p}");
    std::fs::remove_dir_all(&dir).unwrap();
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
