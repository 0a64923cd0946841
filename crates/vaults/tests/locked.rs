//! The `locked` setting: read, written back, refused when malformed or
//! when the vault holds the up stairs.

use mcrdun_vaults::parse;

const MAP: &str = "map\n#!#\n#.#\n###\nend\n";

#[test]
fn locked_reads_and_writes_back() -> Result<(), mcrdun_vaults::VaultError> {
    let v = &parse(&format!("vault a\nlocked yes\n{MAP}"), "a")?[0];
    assert!(v.is_locked());
    let back = &parse(&v.to_text(), "b")?[0];
    assert_eq!(back, v);
    let v = &parse(&format!("vault a\nlocked no\n{MAP}"), "a")?[0];
    assert!(!v.is_locked());
    assert!(!v.to_text().contains("locked"));
    assert!(!parse(&format!("vault a\n{MAP}"), "a")?[0].is_locked());
    // Turned copies keep it.
    let v = &parse(&format!("vault a\nlocked yes\n{MAP}"), "a")?[0];
    for o in v.orientations() {
        assert!(v.oriented(o).is_locked());
    }
    Ok(())
}

#[test]
fn malformed_locked_is_refused_where_it_is() {
    let e = |t: &str| parse(t, "v").unwrap_err().to_string();
    assert_eq!(
        e(&format!("vault a\nlocked maybe\n{MAP}")),
        "v:2:8: expected `yes` or `no`, found `maybe`"
    );
    assert_eq!(
        e(&format!("vault a\nlocked yes\nlocked no\n{MAP}")),
        "v:3:1: expected `locked` once per vault, found a second `locked`"
    );
    assert_eq!(
        e(&format!("vault a\nlocked\n{MAP}")),
        "v:2:7: expected `yes` or `no`, found the end of the line"
    );
    let stairs = "vault s\nlocked yes\nmap\n#####!#####\n#.........#\n#....<....#\n#.........#\n###########\nend\n";
    assert!(e(stairs).starts_with("v:2:8: expected `locked no` for a vault holding the up stairs"));
    // The down stairs are fine: the goal behind a lock.
    assert!(parse(&stairs.replace('<', ">"), "v").is_ok());
}
