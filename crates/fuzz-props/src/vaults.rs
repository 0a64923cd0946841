//! The `vaults` property: the vault parser on any text.

use mcrdun_vaults::{parse, parse_bytes};

/// Vault files: any bytes are read by `parse_bytes` without a panic (an
/// error names a line of the bytes; bytes that are not UTF-8 are refused
/// where the first one is), and read as UTF-8 with invalid sequences
/// replaced they are parsed without a panic; an error names a line of the
/// text; every vault
/// accepted, in every orientation its settings allow, is written out and
/// read back to the same map, with its markers and entrances kept (the
/// map rules hold whichever way a vault is turned).
pub fn vaults(data: &[u8]) {
    let located = |e: &mcrdun_vaults::VaultError, lines: usize| {
        let (line, _) = e.position().unwrap_or_else(|| panic!("no place: {e}"));
        assert!(
            line >= 1 && line as usize <= lines,
            "line {line} of {lines}"
        );
        assert!(e.to_string().starts_with("fuzz.vault:"));
    };
    let from_bytes = parse_bytes(data, "fuzz.vault");
    if let Err(e) = &from_bytes {
        located(e, data.split(|&b| b == b'\n').count());
    }
    let text = String::from_utf8_lossy(data);
    let parsed = parse(&text, "fuzz.vault");
    if std::str::from_utf8(data).is_ok() {
        assert_eq!(parsed, from_bytes, "the bytes and the text read alike");
    }
    let vaults = match parsed {
        Ok(v) => v,
        Err(e) => {
            located(&e, text.split('\n').count());
            return;
        }
    };
    for v in &vaults {
        let shape = v.shape();
        let markers = shape.markers().count();
        let entrances: Vec<bool> = shape.entrances().map(|(_, r)| r).collect();
        for o in v.orientations() {
            let turned = v.oriented(o);
            let back = match parse(&turned.to_text(), "turned") {
                Ok(b) => b,
                Err(e) => panic!("{} {o}: {e}\n{}", v.name(), turned.to_text()),
            };
            assert_eq!(back.len(), 1);
            assert_eq!(back[0].shape(), turned.shape());
            assert_eq!(back[0].to_text(), turned.to_text());
            let s = turned.shape();
            assert_eq!(s.markers().count(), markers);
            let mut e: Vec<bool> = s.entrances().map(|(_, r)| r).collect();
            let mut want = entrances.clone();
            e.sort();
            want.sort();
            assert_eq!(e, want);
        }
    }
}
