//! The `vaults` property: the vault parser on any text.

use mcrdun_vaults::parse;

/// Vault files: any bytes (read as UTF-8, invalid sequences replaced) are
/// parsed without a panic; an error names a line of the text; every vault
/// accepted, in every orientation its settings allow, is written out and
/// read back to the same map, with its markers and entrances kept (the
/// map rules hold whichever way a vault is turned).
pub fn vaults(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let vaults = match parse(&text, "fuzz.vault") {
        Ok(v) => v,
        Err(e) => {
            let lines = text.split('\n').count() as u32;
            assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}", e.line);
            assert!(e.to_string().starts_with("fuzz.vault:"));
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
