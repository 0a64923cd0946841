//! Vault files read from disk: the memory limit kept before and while
//! reading, bytes that are not UTF-8 located, a byte-order mark skipped.

use mcrdun_geom::memory::Budget;
use mcrdun_vaults::{READ_BYTES_PER_FILE_BYTE, VaultError, parse, parse_bytes, read_file};
use std::path::PathBuf;

/// A fresh directory of this test's own.
fn temp_dir(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mcrdun-vaults-read-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const NOOK: &str = "vault nook\nmap\n#!#\n#.#\n###\nend\n";

#[test]
fn a_file_past_the_limit_is_refused_from_its_size_unread() {
    let dir = temp_dir("big");
    let path = dir.join("big.vault");
    // A sparse 1.5 GiB file: nothing on disk, and nothing read.
    let size = 1536u64 << 20;
    std::fs::File::create(&path).unwrap().set_len(size).unwrap();
    let limit = 100_000_000;
    let e = {
        let _ceiling = Budget::start_with(limit);
        read_file(&path).unwrap_err()
    };
    let name = path.display().to_string();
    assert_eq!(
        e,
        VaultError::TooLarge {
            file: name.clone(),
            bytes: size,
            needed: size * READ_BYTES_PER_FILE_BYTE,
            limit,
        }
    );
    assert_eq!(e.position(), None);
    assert!(
        e.to_string().starts_with(&format!(
            "{name}: a vault text of {size} bytes needs {} bytes of working memory, above the memory limit of {limit} bytes",
            size * 33
        )),
        "{e}"
    );
    // The same under the default limit (1 GiB).
    assert!(read_file(&path).unwrap_err().is_too_large());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_is_read_when_its_need_fits_exactly() {
    let dir = temp_dir("fits");
    let path = dir.join("nook.vault");
    std::fs::write(&path, NOOK).unwrap();
    let need = NOOK.len() as u64 * READ_BYTES_PER_FILE_BYTE;
    {
        let _ceiling = Budget::start_with(need);
        assert_eq!(read_file(&path).unwrap()[0].name(), "nook");
    }
    {
        let _ceiling = Budget::start_with(need - 1);
        let e = read_file(&path).unwrap_err();
        assert!(e.is_too_large(), "{e}");
        assert_eq!(e.file(), path.display().to_string());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_file_is_read_only_up_to_the_cap() {
    // /dev/zero says it is empty and never ends: the read stops one byte
    // past the largest file that fits.
    let limit = 33 * 1000;
    let _ceiling = Budget::start_with(limit);
    let e = read_file(std::path::Path::new("/dev/zero")).unwrap_err();
    assert_eq!(
        e,
        VaultError::TooLarge {
            file: "/dev/zero".into(),
            bytes: 1001,
            needed: 1001 * 33,
            limit,
        }
    );
}

#[test]
fn a_missing_file_or_a_directory_is_unreadable_without_a_position() {
    let dir = temp_dir("unreadable");
    for path in [dir.join("none.vault"), dir.clone()] {
        let e = read_file(&path).unwrap_err();
        let name = path.display().to_string();
        assert!(
            matches!(&e, VaultError::Unreadable { file, .. } if *file == name),
            "{e:?}"
        );
        assert_eq!(e.position(), None);
        assert!(
            e.to_string().starts_with(&format!("cannot read {name}: ")),
            "{e}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The place and the found text of the error for `bytes`.
fn bad_utf8(bytes: &[u8]) -> (u32, u32, String) {
    match parse_bytes(bytes, "t.vault").unwrap_err() {
        VaultError::At {
            line,
            column,
            expected,
            found,
            ..
        } => {
            assert_eq!(expected, "UTF-8 text");
            (line, column, found)
        }
        other => panic!("{other}"),
    }
}

#[test]
fn bytes_that_are_not_utf8_are_located() {
    assert_eq!(bad_utf8(b"\xffvault a\n"), (1, 1, "the byte 0xFF".into()));
    assert_eq!(
        bad_utf8(b"vault a\nweight \xc3\n"),
        (2, 8, "the byte 0xC3".into())
    );
    // Columns count characters: `é` is one; a BOM is not a column.
    assert_eq!(
        bad_utf8(b"vault a\nmap\n#\xc3\xa9#\x80\n"),
        (3, 4, "the byte 0x80".into())
    );
    assert_eq!(
        bad_utf8(b"\xef\xbb\xbfab\xfe\n"),
        (1, 3, "the byte 0xFE".into())
    );
    // A Windows line end is two characters before the next line starts.
    assert_eq!(
        bad_utf8(b"vault a\r\n\r\nx\xe0"),
        (3, 2, "the byte 0xE0".into())
    );
    // The same from a file.
    let dir = temp_dir("utf8");
    let path = dir.join("bad.vault");
    std::fs::write(&path, b"vault a\nweight \xff\n").unwrap();
    let e = read_file(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}:2:8: expected UTF-8 text, found the byte 0xFF",
            path.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_byte_order_mark_is_skipped_and_elsewhere_named() {
    let with_bom = format!("\u{feff}{NOOK}");
    assert_eq!(
        parse(&with_bom, "b.vault").unwrap(),
        parse(NOOK, "b.vault").unwrap()
    );
    assert_eq!(
        parse_bytes(with_bom.as_bytes(), "b.vault").unwrap().len(),
        1
    );
    // Columns of the first line count from after the mark.
    let e = parse("\u{feff}vault a b\n", "b.vault").unwrap_err();
    assert_eq!(e.position(), Some((1, 9)));
    // A mark anywhere else is no glyph and no word, and the message shows it.
    let e = parse("vault a\n\u{feff}weight 2\n", "b.vault").unwrap_err();
    assert_eq!(
        e.to_string(),
        "b.vault:2:1: expected a setting (`weight`, `count`, `rotate`, `mirror`, `generators`, `locked`) or `map`, found `\\u{feff}weight`"
    );
    let e = parse("\u{feff}\u{feff}vault a\n", "b.vault").unwrap_err();
    assert!(e.to_string().ends_with("found `\\u{feff}vault`"), "{e}");
    let dir = temp_dir("bom");
    let path = dir.join("bom.vault");
    std::fs::write(&path, &with_bom).unwrap();
    assert_eq!(read_file(&path).unwrap()[0].name(), "nook");
    std::fs::remove_dir_all(&dir).unwrap();
}
