//! The vault format: settings, maps, every kind of error with its place,
//! turns and mirrors.

use mcrdun_vaults::{Generators, Glyph, Orientation, VaultError, parse};

fn err(text: &str) -> VaultError {
    parse(text, "t.vault").expect_err("the text is refused")
}

/// `(line, column, expected, found)` of a located error.
fn located(e: VaultError) -> (u32, u32, String, String) {
    match e {
        VaultError::At {
            line,
            column,
            expected,
            found,
            ..
        } => (line, column, expected, found),
        other => panic!("not a located error: {other}"),
    }
}

/// `(line, column, a word of the expected text)` of the error for `text`.
fn at(text: &str) -> (u32, u32, String) {
    let (line, column, expected, _) = located(err(text));
    (line, column, expected)
}

const NOOK: &str = "map\n#!#\n#.#\n###\nend\n";

#[test]
fn defaults_and_settings() {
    let v = &parse(&format!("vault a\n{NOOK}"), "f").unwrap()[0];
    assert_eq!((v.weight(), v.min(), v.max()), (1, 0, 1));
    assert!(v.may_rotate() && v.may_mirror() && !v.is_required());
    assert_eq!(v.generators(), Generators::ALL);
    let text = format!(
        "# comment\n\nvault b # trailing\n  weight 7\ncount 2\nrotate no\nmirror no\ngenerators cave maze\n{NOOK}"
    );
    let v = &parse(&text, "f").unwrap()[0];
    assert_eq!(
        (v.name(), v.weight(), v.min(), v.max(), v.line()),
        ("b", 7, 2, 2, 3)
    );
    assert!(v.is_required() && !v.may_rotate() && !v.may_mirror());
    assert!(v.generators().allows("cave") && !v.generators().allows("bsp"));
    assert_eq!(v.orientations(), [Orientation::IDENTITY]);
    // Read back from its own text, the same vault.
    let again = &parse(&v.to_text(), "f").unwrap()[0];
    assert_eq!(again.to_text(), v.to_text());
}

#[test]
fn many_vaults_and_windows_line_ends() {
    let text = format!(
        "vault a\r\n{}vault b\ncount 1..3\n{NOOK}",
        NOOK.replace('\n', "\r\n")
    );
    let vs = parse(&text, "f").unwrap();
    assert_eq!(vs.len(), 2);
    assert_eq!((vs[1].min(), vs[1].max()), (1, 3));
    assert!(parse("", "f").unwrap().is_empty());
    assert!(parse("# only a comment\n", "f").unwrap().is_empty());
}

#[test]
fn setting_errors_name_the_place() {
    assert_eq!(at("weight 3\n").0, 1);
    assert_eq!(
        at("vault\n"),
        (1, 6, "a name of 1 to 64 letters, digits, `_` or `-`".into())
    );
    assert_eq!(at("vault a b\n").1, 9);
    assert_eq!(at("vault a/b\n").1, 7);
    assert_eq!(
        at("vault a\nweight 0\n"),
        (2, 8, "a whole number from 1 to 1000000".into())
    );
    assert_eq!(at("vault a\nweight 1000001\n").1, 8);
    assert_eq!(at("vault a\nweight 99999999999999\n").1, 8);
    assert_eq!(at("vault a\nweight\n").0, 2);
    assert_eq!(at("vault a\ncount 3..2\n").1, 7);
    assert_eq!(at("vault a\ncount 0\n").1, 7);
    assert_eq!(at("vault a\ncount 1..1001\n").1, 7);
    assert_eq!(at("vault a\ncount ..2\n").1, 7);
    assert_eq!(
        at("vault a\nrotate maybe\n"),
        (2, 8, "`yes` or `no`".into())
    );
    assert_eq!(at("vault a\ngenerators bsp moria\n").1, 16);
    assert_eq!(at("vault a\ngenerators\n").0, 2);
    assert_eq!(at("vault a\ncolour red\n").1, 1);
    assert_eq!(
        at("vault a\nweight 2\n weight 3\n"),
        (3, 2, "`weight` once per vault".into())
    );
    assert_eq!(at("vault a\nmap extra\n").1, 5);
    assert_eq!(at("vault a\nvault b\n").0, 2);
    assert_eq!(
        at(&format!("vault a\n{NOOK}vault a\n{NOOK}")),
        (7, 7, "a name not used before in the file".into())
    );
    let (line, column, expected, found) = located(err("vault a\nweight 2\n"));
    assert_eq!((line, column, expected.as_str()), (3, 0, "`map`"));
    assert_eq!(found, "the end of the file");
    assert_eq!(at("vault a\nmap\n#!#\n").2, "`end`");
}

#[test]
fn map_errors_name_the_glyph() {
    // An unknown glyph, and a row too long.
    assert_eq!(at("vault a\nmap\n#!#\n#~#\n").1, 2);
    assert_eq!(at("vault a\nmap\n#!#\n#\t#\n").1, 2);
    let long = format!("vault a\nmap\n{}\n", "#".repeat(101));
    assert_eq!(at(&long), (3, 101, "at most 100 glyphs a row".into()));
    // An empty map, an open vault, an entrance on a corner.
    assert_eq!(
        at("vault a\nmap\n   \nend\n"),
        (2, 0, "a map with tiles of the vault".into())
    );
    assert_eq!(
        at("vault a\nmap\n #!#\n #.\n ###\nend\n"),
        (
            4,
            3,
            "wall around every walkable tile (the vault must be closed)".into()
        )
    );
    assert!(
        at("vault a\nmap\n!##\n#.#\n###\nend\n")
            .2
            .contains("exactly one side")
    );
    // An entrance with a wall outside it, or floor across the outside.
    assert!(
        at("vault a\nmap\n###\n#!#\n#.#\n###\nend\n")
            .2
            .contains("opposite")
    );
    assert!(
        at("vault a\nmap\n#####\n#...#\n##!##\n#...#\n#####\nend\n")
            .2
            .contains("exactly one side")
    );
    // Flanks: an entrance beside a door or an entrance.
    assert!(
        at("vault a\nmap\n#!!#\n#..#\n####\nend\n")
            .2
            .contains("flanks")
    );
    let near = "vault a\nmap\n#!##\n!..#\n#..#\n####\nend\n";
    assert!(parse("vault a\nmap\n#!#!#\n#...#\n#####\nend\n", "f").is_ok());
    assert!(at(near).2.contains("apart"), "{:?}", at(near));
    // A door that is not in a wall.
    assert!(
        at("vault a\nmap\n##!##\n#...#\n#.+.#\n#...#\n#####\nend\n")
            .2
            .contains("door")
    );
    // Stairs by a wall; two up stairs.
    assert!(
        at("vault a\nmap\n#!#\n#<#\n###\nend\n")
            .2
            .contains("staircase")
    );
    let two = "vault a\nmap\n###!###\n#.....#\n#.<.<.#\n#.....#\n#######\nend\n";
    assert_eq!(at(two).0, 5);
    assert_eq!(at(two).1, 5);
    // No entrance; two rooms apart.
    assert_eq!(
        at("vault a\nmap\n###\n#.#\n###\nend\n").2,
        "at least one entrance (`!` or `?`)"
    );
    let apart = "vault a\nmap\n#!#####\n#.#...#\n#######\nend\n";
    assert_eq!(
        at(apart),
        (
            4,
            4,
            "walkable tiles joined into one region (through floor and doors)".into()
        )
    );
    // An entrance in a notch.
    assert!(
        parse(
            "vault a\nmap\n### ###\n#.#?#.#\n#.#.#.#\n#.....#\n#######\nend\n",
            "f"
        )
        .is_ok()
    );
}

#[test]
fn indentation_is_trimmed_and_rows_may_be_short() {
    let text = "vault round\nmap\n\n     ###!###\n    ##.....##\n    #...A...#\n    ##.....##\n     ###?###\n\nend\n";
    let v = &parse(text, "f").unwrap()[0];
    let s = v.shape();
    assert_eq!((s.width(), s.height()), (9, 5));
    assert_eq!(s.get(0, 0), Glyph::Outside);
    assert_eq!(s.get(4, 0), Glyph::Required);
    assert_eq!(s.get(8, 4), Glyph::Outside);
    assert_eq!(
        s.markers().collect::<Vec<_>>(),
        [('A', mcrdun_geom::Point::new(4, 2))]
    );
    assert_eq!(s.entrances().count(), 2);
}

#[test]
fn every_orientation_keeps_the_rules() {
    let text = "vault l\nmap\n#!###\n#...#\n#.#?#\n#.#\n#a#\n###\nend\n";
    let v = &parse(text, "f").unwrap()[0];
    let all = v.orientations();
    assert_eq!(all.len(), 8);
    for o in all {
        let turned = v.oriented(o);
        let back = &parse(&turned.to_text(), "f").unwrap()[0];
        assert_eq!(back.shape(), turned.shape(), "{o}");
        assert_eq!(turned.shape().markers().count(), 1);
        // Turning back: four quarter turns are the identity.
        let mut s = v.shape().oriented(o);
        for _ in 0..3 {
            s = s.oriented(Orientation {
                turns: 1,
                mirror: false,
            });
        }
        assert_eq!(
            s.oriented(Orientation {
                turns: 1,
                mirror: false
            }),
            v.shape().oriented(o)
        );
    }
    let mirrored = v.shape().oriented(Orientation {
        turns: 0,
        mirror: true,
    });
    assert_eq!(mirrored.to_string().lines().next(), Some("###!#"));
    // A square symmetric vault has one orientation.
    let sym = &parse(
        "vault s\nmap\n##!##\n#...#\n!...!\n#...#\n##!##\nend\n",
        "f",
    )
    .unwrap()[0];
    assert_eq!(sym.orientations().len(), 1);
    assert_eq!(
        Orientation {
            turns: 3,
            mirror: true
        }
        .to_string(),
        "rotated 270, mirrored"
    );
}

#[test]
fn the_error_text_has_file_line_and_column() {
    let e = parse("vault a\ncount x\n", "dir/my.vault").unwrap_err();
    assert_eq!(
        e.to_string(),
        "dir/my.vault:2:7: expected a count `N` or `MIN..MAX` with MIN <= MAX, 1 <= MAX <= 1000, found `x`"
    );
    // Columns count characters, not bytes.
    assert_eq!(at("vault a\nmap\n#é#\n").1, 2);
    assert_eq!(at("vault a\nweight é\n").1, 8);
}

#[test]
fn a_text_past_the_memory_limit_is_refused_before_reading() {
    use mcrdun_geom::memory::Budget;
    let text = "vault nook\nmap\n#!#\n#.#\n###\nend\n";
    let need = text.len() as u64 * mcrdun_vaults::PARSE_BYTES_PER_TEXT_BYTE;
    {
        let _ceiling = Budget::start_with(need - 1);
        let e = mcrdun_vaults::parse(text, "nook.vault").unwrap_err();
        // A whole-text error: the file, the size and the limit, no position.
        assert_eq!(
            e,
            VaultError::TooLarge {
                file: "nook.vault".into(),
                bytes: text.len() as u64,
                needed: need,
                limit: need - 1
            }
        );
        assert_eq!(e.position(), None);
        assert!(
            e.to_string().starts_with(&format!(
                "nook.vault: a vault text of {} bytes needs {need} bytes of working memory, above the memory limit of {} bytes",
                text.len(),
                need - 1
            )),
            "{e}"
        );
    }
    let _ceiling = Budget::start_with(need);
    assert_eq!(mcrdun_vaults::parse(text, "nook.vault").unwrap().len(), 1);
}

#[test]
fn many_vaults_keep_unique_names() {
    // Thousands of vaults: names checked by a set, a duplicate still found
    // at its own line.
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!("vault v{i}\nmap\n#!#\n#.#\n###\nend\n"));
    }
    assert_eq!(mcrdun_vaults::parse(&text, "many").unwrap().len(), 3000);
    text.push_str("vault v1234\nmap\n#!#\n#.#\n###\nend\n");
    let (line, column, _, found) = located(mcrdun_vaults::parse(&text, "many").unwrap_err());
    assert_eq!((line, column), (3000 * 6 + 1, 7));
    assert!(found.contains("v1234"), "{found}");
}
