//! The table reader: every setting read, every refusal with its line and
//! column, and what it prints back.

use mcrdun_things::{Amount, Group, Place, SHARE_ONE, parse, parse_bytes};

/// The error text of `text` (file `t`).
fn refused(text: &str) -> String {
    parse(text, "t").unwrap_err().to_string()
}

#[test]
fn every_setting_is_read() {
    let t = parse(
        "# a comment\n\nthing goblin   # trailing comment\n glyph g\nweight 7\ncount 2..5\n\
         depth 3..9\nwhere room corridor dead_end door_side vault marker A\n\
         distance 0.25..0.75\naway 4\napart 2\ngroup 2..4 within 3\nblocks yes\n\
         thing cloud\r\nglyph ~\r\ndensity 0.5..2.25\r\ndepth 4..\r\nwhere anywhere\r\n\
         thing rock\nglyph %\ncount 3\ndepth 2\nblocks no\n",
        "t",
    )
    .unwrap();
    let [g, c, r] = t.entries() else { panic!() };
    assert_eq!(
        (g.name(), g.glyph(), g.weight(), g.line()),
        ("goblin", 'g', 7, 3)
    );
    assert_eq!(g.amount(), Amount::Count { min: 2, max: 5 });
    assert_eq!(g.depth(), (3, 9));
    assert!(g.at_depth(3) && g.at_depth(9) && !g.at_depth(2) && !g.at_depth(10));
    assert_eq!(
        g.places(),
        [
            Place::Room,
            Place::Corridor,
            Place::DeadEnd,
            Place::DoorSide,
            Place::Vault,
            Place::Marker('A')
        ]
    );
    assert_eq!(g.distance(), (250_000, 750_000));
    assert_eq!((g.away(), g.apart(), g.blocks()), (4, 2, true));
    assert_eq!(
        g.group(),
        Some(Group {
            min: 2,
            max: 4,
            within: 3
        })
    );
    assert!(g.is_required(0));
    assert_eq!(
        c.amount(),
        Amount::Density {
            min: 500,
            max: 2250
        }
    );
    assert_eq!(
        (c.depth(), c.places(), c.weight()),
        ((4, mcrdun_things::MAX_DEPTH), &[][..], 1)
    );
    assert!(!c.is_required(1999) && c.is_required(2000));
    assert_eq!(
        (r.amount(), r.depth(), r.blocks()),
        (Amount::Count { min: 3, max: 3 }, (2, 2), false)
    );
    // Defaults.
    let t = parse("thing x\nglyph x\n", "t").unwrap();
    let d = &t.entries()[0];
    assert_eq!(d.amount(), Amount::Count { min: 0, max: 1 });
    assert_eq!(
        (d.weight(), d.places(), d.distance()),
        (1, &[Place::Room][..], (0, SHARE_ONE))
    );
    assert_eq!(
        (d.away(), d.apart(), d.group(), d.blocks()),
        (0, 1, None, false)
    );
    assert!(parse("", "t").unwrap().entries().is_empty());
}

#[test]
fn a_table_prints_back_as_itself() {
    let t = parse(
        "thing goblin\nglyph g\nweight 7\ncount 2..5\ndepth 3..9\nwhere marker A room\n\
         distance 0.25..1\naway 4\napart 2\ngroup 2..4 within 3\nblocks yes\n\
         thing cloud\nglyph ~\ndensity 0.5..2.25\nwhere anywhere\n",
        "t",
    )
    .unwrap();
    let text = t.to_string();
    assert_eq!(parse(&text, "again").unwrap().to_string(), text);
    let again = parse(&text, "again").unwrap();
    assert_eq!(again.entries()[0].places(), t.entries()[0].places());
    assert!(text.starts_with("thing goblin\nglyph g\nweight 7\ncount 2..5\ndepth 3..9\nwhere marker A room\ndistance 0.25..1\n"), "{text}");
    assert!(text.contains("\nthing cloud\nglyph ~\nweight 1\ndensity 0.5..2.25\ndepth 0..1000000\nwhere anywhere\n"), "{text}");
}

#[test]
fn the_example_table_reads() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    );
    let t = parse(&std::fs::read_to_string(path).unwrap(), "dungeon.things").unwrap();
    let names: Vec<&str> = t.entries().iter().map(|e| e.name()).collect();
    assert_eq!(
        names,
        [
            "rat", "orc", "troll", "goblins", "potion", "scroll", "trap", "chest", "guardian",
            "gold", "boss", "boulder"
        ]
    );
}

#[test]
fn lines_outside_an_entry() {
    assert_eq!(
        refused("glyph g\n"),
        "t:1:1: expected `thing NAME`, found `glyph`"
    );
    assert_eq!(
        refused("\n  count 3\n"),
        "t:2:3: expected `thing NAME`, found `count`"
    );
}

#[test]
fn names() {
    let e = "expected a name of 1 to 64 letters, digits, `_` or `-`";
    assert_eq!(
        refused("thing\n"),
        format!("t:1:6: {e}, found the end of the line")
    );
    assert_eq!(refused("thing a!b\n"), format!("t:1:7: {e}, found `a!b`"));
    assert_eq!(
        refused(&format!("thing {}\n", "x".repeat(65))),
        format!("t:1:7: {e}, found `{}...`", "x".repeat(40))
    );
    assert_eq!(
        refused("thing a b\n"),
        "t:1:9: expected the end of the line, found `b`"
    );
    assert_eq!(
        refused("thing a\nglyph a\nthing a\nglyph b\n"),
        "t:3:7: expected a name not used before in the table, found `a` again"
    );
}

#[test]
fn glyphs() {
    let e = "expected one printable ASCII character that is not one of the level's own (`#` `.` `,` `+` `<` `>` `=` `*`) nor another thing's";
    assert_eq!(
        refused("thing a\n"),
        "t:1:7: expected a `glyph` for thing `a`, found none"
    );
    assert_eq!(
        refused("thing a\ncount 1\nthing b\nglyph b\n"),
        "t:1:7: expected a `glyph` for thing `a`, found none"
    );
    for bad in [".", "+", "<", ">", ",", "=", "*", "ab", "é"] {
        assert_eq!(
            refused(&format!("thing a\nglyph {bad}\n")),
            format!("t:2:7: {e}, found `{bad}`"),
            "{bad}"
        );
    }
    // `#` starts a comment.
    assert_eq!(
        refused("thing a\nglyph #\n"),
        format!("t:2:8: {e}, found the end of the line")
    );
    assert_eq!(
        refused("thing a\nglyph x\nthing b\nglyph x\n"),
        format!("t:4:7: {e}, found `x`, another thing's glyph")
    );
    assert_eq!(
        refused("thing a\nglyph x\nglyph y\n"),
        "t:3:1: expected `glyph` once per thing, found a second `glyph`"
    );
    assert_eq!(
        refused("thing a\nglyph x y\n"),
        "t:2:9: expected the end of the line, found `y`"
    );
}

#[test]
fn numbers_and_ranges() {
    let a = "thing a\nglyph a\n";
    assert_eq!(
        refused(&format!("{a}weight 0\n")),
        "t:3:8: expected a whole number from 1 to 1000000, found `0`"
    );
    assert_eq!(
        refused(&format!("{a}weight\n")),
        "t:3:7: expected a whole number from 1 to 1000000, found the end of the line"
    );
    let count = "expected a count `N` or `MIN..MAX` with MIN <= MAX and 1 <= MAX <= 1000000";
    for bad in ["5..2", "0", "0..0", "2000000", "x", "1..", "-1"] {
        assert_eq!(
            refused(&format!("{a}count {bad}\n")),
            format!("t:3:7: {count}, found `{bad}`"),
            "{bad}"
        );
    }
    let density = "expected a density `D` or `MIN..MAX` (things per 1000 walkable tiles, at most 3 decimals) with MIN <= MAX and 0 < MAX <= 1000";
    for bad in ["2..1", "0", "1001", "0.0001", "1.5.2", "x"] {
        assert_eq!(
            refused(&format!("{a}density {bad}\n")),
            format!("t:3:9: {density}, found `{bad}`"),
            "{bad}"
        );
    }
    let depth = "expected a depth `N`, `MIN..` or `MIN..MAX` with MIN <= MAX <= 1000000";
    for bad in ["9..3", "1000001", "..4", "x"] {
        assert_eq!(
            refused(&format!("{a}depth {bad}\n")),
            format!("t:3:7: {depth}, found `{bad}`"),
            "{bad}"
        );
    }
    let share = "expected shares `LO..HI` of the farthest walk, with 0 <= LO <= HI <= 1 (at most 6 decimals)";
    for bad in ["0.9..0.2", "0..1.5", "0.5", "0..0.1234567", "a..b"] {
        assert_eq!(
            refused(&format!("{a}distance {bad}\n")),
            format!("t:3:10: {share}, found `{bad}`"),
            "{bad}"
        );
    }
    assert_eq!(
        refused(&format!("{a}away -1\n")),
        "t:3:6: expected a whole number of steps from 0 to 1000000, found `-1`"
    );
    assert_eq!(
        refused(&format!("{a}apart 0\n")),
        "t:3:7: expected a whole number of steps from 1 to 255, found `0`"
    );
    assert_eq!(
        refused(&format!("{a}apart 256\n")),
        "t:3:7: expected a whole number of steps from 1 to 255, found `256`"
    );
    assert_eq!(
        refused(&format!("{a}blocks maybe\n")),
        "t:3:8: expected `yes` or `no`, found `maybe`"
    );
}

#[test]
fn conflicting_settings() {
    let a = "thing a\nglyph a\n";
    assert_eq!(
        refused(&format!("{a}count 1\ndensity 1\n")),
        "t:4:1: expected `count` or `density`, not both, found `density` after `count`"
    );
    assert_eq!(
        refused(&format!("{a}density 1\ncount 1\n")),
        "t:4:1: expected `count` or `density`, not both, found `count` after `density`"
    );
    assert_eq!(
        refused(&format!("{a}count 1\ncount 2\n")),
        "t:4:1: expected `count` once per thing, found a second `count`"
    );
    for key in [
        "weight 2",
        "depth 2",
        "where room",
        "distance 0..1",
        "away 2",
        "apart 2",
        "group 1..2 within 2",
        "blocks no",
    ] {
        let k = key.split(' ').next().unwrap();
        assert_eq!(
            refused(&format!("{a}{key}\n{key}\n")),
            format!("t:4:1: expected `{k}` once per thing, found a second `{k}`"),
            "{key}"
        );
    }
    assert_eq!(
        refused(&format!("{a}group 2..3 within 2\napart 3\n")),
        "t:4:7: expected `apart` at most the group's `within 2` (members stand within 2 steps of the first, and apart holds between members too), found `apart 3`"
    );
    // A group of one may be apart as it likes.
    assert!(parse(&format!("{a}group 1..1 within 1\napart 9\n"), "t").is_ok());
    assert_eq!(
        refused(&format!("{a}group 6..8 within 1\n")),
        "t:3:7: expected at most 5 members (the tiles within 1 steps of the first), found a group of at least 6"
    );
}

#[test]
fn kinds_of_place() {
    let a = "thing a\nglyph a\n";
    let kinds = "expected kinds of place (`room`, `corridor`, `dead_end`, `door_side`, `vault`, `marker X`) or `anywhere`";
    assert_eq!(
        refused(&format!("{a}where\n")),
        format!("t:3:6: {kinds}, found the end of the line")
    );
    assert_eq!(
        refused(&format!("{a}where room hall\n")),
        format!("t:3:12: {kinds}, found `hall`")
    );
    assert_eq!(
        refused(&format!("{a}where room room\n")),
        "t:3:12: expected each kind of place once, found `room` again"
    );
    assert_eq!(
        refused(&format!("{a}where marker A marker A\n")),
        "t:3:16: expected each kind of place once, found `marker A` again"
    );
    let label = "expected a marker's label (one letter or digit) after `marker`";
    assert_eq!(
        refused(&format!("{a}where marker\n")),
        format!("t:3:13: {label}, found the end of the line")
    );
    assert_eq!(
        refused(&format!("{a}where marker !\n")),
        format!("t:3:14: {label}, found `!`")
    );
    assert_eq!(
        refused(&format!("{a}where marker AB\n")),
        format!("t:3:14: {label}, found `AB`")
    );
    let alone = "expected `anywhere` alone (it already allows every kind of place), found `anywhere` with other kinds";
    assert_eq!(
        refused(&format!("{a}where anywhere room\n")),
        format!("t:3:7: {alone}")
    );
    assert_eq!(
        refused(&format!("{a}where room anywhere\n")),
        format!("t:3:12: {alone}")
    );
    assert_eq!(
        refused(&format!("{a}where anywhere anywhere\n")),
        format!("t:3:16: {alone}")
    );
}

#[test]
fn groups() {
    let a = "thing a\nglyph a\n";
    let g = "expected `group MIN..MAX within N` with 1 <= MIN <= MAX <= 1000 and 1 <= N <= 255";
    assert_eq!(
        refused(&format!("{a}group\n")),
        format!("t:3:6: {g}, found the end of the line")
    );
    assert_eq!(
        refused(&format!("{a}group 0..3 within 2\n")),
        format!("t:3:7: {g}, found `0..3`")
    );
    assert_eq!(
        refused(&format!("{a}group 4..3 within 2\n")),
        format!("t:3:7: {g}, found `4..3`")
    );
    assert_eq!(
        refused(&format!("{a}group 1..1001 within 2\n")),
        format!("t:3:7: {g}, found `1..1001`")
    );
    assert_eq!(
        refused(&format!("{a}group 2..3 near 2\n")),
        "t:3:12: expected `within N` after the group's size, found `near`"
    );
    assert_eq!(
        refused(&format!("{a}group 2..3\n")),
        "t:3:11: expected `within N` after the group's size, found the end of the line"
    );
    assert_eq!(
        refused(&format!("{a}group 2..3 within 0\n")),
        format!("t:3:19: {g}, found `0`")
    );
    assert_eq!(
        refused(&format!("{a}group 2..3 within 2 more\n")),
        "t:3:21: expected the end of the line, found `more`"
    );
}

/// The edges of each rule, both sides: what is just allowed reads, what is
/// just past it is refused.
#[test]
fn every_limit_holds_at_its_edge() {
    let a = "thing a\nglyph a\n";
    let read = |text: &str| parse(text, "t").unwrap().entries()[0].clone();
    // Names: letters, digits, `_` and `-`, each alone as well.
    for name in ["a_b", "a-b", "_", "-", "A9"] {
        assert_eq!(
            parse(&format!("thing {name}\nglyph a\n"), "t")
                .unwrap()
                .entries()[0]
                .name(),
            name
        );
    }
    // Whole numbers: up to 9 digits (leading zeros count), not 10.
    assert_eq!(
        read(&format!("{a}count 000000005\n")).amount(),
        Amount::Count { min: 5, max: 5 }
    );
    assert_eq!(
        refused(&format!("{a}count 0000000005\n")),
        "t:3:7: expected a count `N` or `MIN..MAX` with MIN <= MAX and 1 <= MAX <= 1000000, found `0000000005`"
    );
    // Decimals: up to 9 digits before the point and as many decimals as
    // the scale has zeros (3 for a density), digits only on both sides.
    assert_eq!(
        read(&format!("{a}density 000000001\n")).amount(),
        Amount::Density {
            min: 1000,
            max: 1000
        }
    );
    assert_eq!(
        read(&format!("{a}density 0.125\n")).amount(),
        Amount::Density { min: 125, max: 125 }
    );
    let density = "expected a density `D` or `MIN..MAX` (things per 1000 walkable tiles, at most 3 decimals) with MIN <= MAX and 0 < MAX <= 1000";
    for bad in ["0000000001", "+1", "0.+5", "+0.5", "1.", "."] {
        assert_eq!(
            refused(&format!("{a}density {bad}\n")),
            format!("t:3:9: {density}, found `{bad}`"),
            "{bad}"
        );
    }
    // A group fits the tiles within N steps of its first member, 2N^2 + 2N
    // + 1 of them: 13 within 2 (and 5 within 1, 25 within 3).
    for (n, most) in [(1, 5), (2, 13), (3, 25)] {
        assert_eq!(
            read(&format!("{a}group {most}..{most} within {n}\n")).group(),
            Some(Group {
                min: most,
                max: most,
                within: n
            })
        );
        assert_eq!(
            refused(&format!("{a}group {}..{} within {n}\n", most + 1, most + 1)),
            format!(
                "t:3:7: expected at most {most} members (the tiles within {n} steps of the first), found a group of at least {}",
                most + 1
            )
        );
    }
    // Members may be as far apart as they stand from the first, no farther.
    assert_eq!(
        read(&format!("{a}group 2..3 within 2\napart 2\n")).apart(),
        2
    );
    // A second `density` is "again", as a second `count` is.
    assert_eq!(
        refused(&format!("{a}density 1\ndensity 2\n")),
        "t:4:1: expected `density` once per thing, found a second `density`"
    );
}

/// Bytes read as the text they hold; what is not UTF-8 is refused at its
/// byte, and a byte-order mark is skipped.
#[test]
fn bytes_read_as_their_text() {
    let text = "thing rat\nglyph r\ncount 2..4\n";
    assert_eq!(
        parse_bytes(text.as_bytes(), "t").unwrap(),
        parse(text, "t").unwrap()
    );
    let with_mark = [&[0xef, 0xbb, 0xbf][..], text.as_bytes()].concat();
    assert_eq!(
        parse_bytes(&with_mark, "t").unwrap(),
        parse(text, "t").unwrap()
    );
    assert_eq!(
        parse_bytes(b"thing rat\nglyph \xff\n", "t")
            .unwrap_err()
            .to_string(),
        "t:2:7: expected UTF-8 text, found the byte 0xFF"
    );
}

#[test]
fn unknown_settings() {
    assert_eq!(
        refused("thing a\nglyph a\ncolour red\n"),
        "t:3:1: expected a setting (`glyph`, `weight`, `count`, `density`, `depth`, `where`, `distance`, `away`, `apart`, `group`, `blocks`) or `thing NAME`, found `colour`"
    );
}

#[test]
fn a_huge_text_is_refused_before_it_is_read() {
    let _budget = mcrdun_geom::memory::Budget::start_with(20_000);
    let text = "thing a\nglyph a\n".repeat(4);
    assert!(parse(&text, "t").is_err(), "a name twice");
    assert!(
        parse("thing a\nglyph a\n", "t").is_ok(),
        "16 bytes of text fit 20000 bytes"
    );
    let text = format!("{}\n", "#".repeat(200));
    let e = parse(&text, "t").unwrap_err();
    assert_eq!((e.line, e.column), (0, 0));
    assert!(
        e.to_string()
            .starts_with("t:0:0: expected a text whose table fits the memory limit, found "),
        "{e}"
    );
}
