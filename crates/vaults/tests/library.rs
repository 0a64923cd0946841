//! The example vaults in `examples/vaults/` all parse, and each of their
//! orientations is a valid vault too.

use mcrdun_vaults::{Glyph, Vault, parse};

fn library() -> Vec<Vault> {
    let mut all = Vec::new();
    for (f, text) in mcrdun_test_util::example_vault_files() {
        match parse(&text, &f.display().to_string()) {
            Ok(v) => all.extend(v),
            Err(e) => panic!("{e}"),
        }
    }
    all
}

#[test]
fn the_examples_parse_and_turn() {
    let vaults = library();
    assert!(vaults.len() >= 12, "{} vaults", vaults.len());
    let mut names: Vec<&str> = vaults.iter().map(|v| v.name()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), vaults.len(), "names are unique");
    for v in &vaults {
        for o in v.orientations() {
            let turned = v.oriented(o);
            let back =
                parse(&turned.to_text(), "turned").unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            assert_eq!(back[0].shape(), turned.shape());
        }
    }
    let has = |name: &str| vaults.iter().find(|v| v.name() == name).unwrap();
    // The shapes the library promises.
    for name in [
        "round",
        "cross",
        "l_hall",
        "pillars",
        "moat",
        "stairs_up",
        "stairs_down",
        "crossroads",
    ] {
        has(name);
    }
    assert!(has("stairs_up").has_stairs_up() && has("stairs_down").has_stairs_down());
    let only_optional = has("crossroads")
        .shape()
        .entrances()
        .all(|(_, required)| !required);
    assert!(only_optional);
    // Not a rectangle: the round hall leaves its corners to the level.
    assert_eq!(has("round").shape().get(0, 0), Glyph::Outside);
    assert!(
        vaults
            .iter()
            .any(|v| v.shape().glyphs().contains(&Glyph::Door))
    );
}
