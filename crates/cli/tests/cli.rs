//! The `mcrdun` binary run as a user would: every format, the files it
//! writes, and bad options (exit status 2 with a message, no panic).

use std::process::{Command, Output};

fn mcrdun(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcrdun"))
        .args(args)
        .output()
        .expect("run mcrdun")
}

fn ok(args: &[&str]) -> Output {
    let out = mcrdun(args);
    assert!(
        out.status.success(),
        "mcrdun {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `args`, expects exit status 2 and a message on stderr that
/// contains `needle`, and no panic.
fn usage_error(args: &[&str], needle: &str) {
    let out = mcrdun(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "mcrdun {args:?}: {err}");
    assert!(
        err.contains(needle),
        "mcrdun {args:?}: {err:?} lacks {needle:?}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty(), "nothing on stdout for a usage error");
}

const GENERATORS: &[&str] = &["bsp", "scatter", "maze", "cave", "passages", "drunkard"];

#[test]
fn ascii_is_the_default_and_has_the_asked_size() {
    for g in GENERATORS {
        let out = ok(&[g, "--seed", "7", "--width", "61", "--height", "23"]);
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 23, "{g}");
        // Trailing rock is trimmed: no line is longer than the map, none
        // ends in a blank, and the widest reaches the map's last column
        // but one (the border's wall stands next to floor).
        assert!(lines.iter().all(|l| l.chars().count() <= 61), "{g}");
        assert!(lines.iter().all(|l| !l.ends_with(' ')), "{g}");
        assert!(lines.iter().any(|l| l.chars().count() >= 60), "{g}");
        assert_eq!(text.matches('<').count(), 1, "{g}");
        assert_eq!(text.matches('>').count(), 1, "{g}");
        // Same seed, same output.
        let again = ok(&[g, "--seed", "7", "--width", "61", "--height", "23"]);
        assert_eq!(text.as_bytes(), &again.stdout[..], "{g}");
    }
}

#[test]
fn stats_show_the_summary() {
    for g in GENERATORS {
        let out = ok(&[g, "--seed", "3", "--stats"]);
        let text = String::from_utf8(out.stdout).unwrap();
        for key in [
            "rooms",
            "in room walls",
            "floor",
            "regions",
            "loops",
            "dead ends",
            "longest path",
            "seed          3",
        ] {
            assert!(text.contains(key), "{g}: {key} missing in\n{text}");
        }
    }
}

#[test]
fn png_decodes_to_the_right_size() {
    let dir = std::env::temp_dir().join(format!("mcrdun-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for g in GENERATORS {
        let path = dir.join(format!("{g}.png"));
        let p = path.to_str().unwrap();
        ok(&[
            g, "--seed", "5", "--width", "40", "--height", "30", "--format", "png", "--scale", "3",
            "--output", p,
        ]);
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (120, 90), "{g}");
        assert_eq!(info.color_type, png::ColorType::Rgb);
        // The corner tile is a wall: the wall colour, 3x3 pixels of it.
        assert_eq!(&buf[0..3], &buf[3 * 2..3 * 3]);
        // Default scale 8, to stdout.
        let out = ok(&[
            g, "--seed", "5", "--width", "24", "--height", "14", "--format", "png",
        ]);
        let decoder = png::Decoder::new(std::io::Cursor::new(out.stdout));
        let reader = decoder.read_info().unwrap();
        assert_eq!(
            (reader.info().width, reader.info().height),
            (192, 112),
            "{g}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--locks K`: the JSON lists the locks (doors and key) and each room's
/// intensity, the ASCII shows locked doors and keys, `--stats` the
/// walkthrough; too many locks is an error naming how many fit.
#[test]
fn locks_everywhere_a_level_goes() {
    for g in GENERATORS {
        let args = [
            g, "--seed", "7", "--width", "80", "--height", "50", "--locks", "2",
        ];
        let mut json_args = args.to_vec();
        json_args.extend(["--format", "json"]);
        let v: serde_json::Value = serde_json::from_slice(&ok(&json_args).stdout).unwrap();
        let locks = v["locks"].as_array().unwrap();
        assert_eq!(locks.len(), 2, "{g}");
        let rows: Vec<&str> = v["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let at = |p: &serde_json::Value| {
            rows[p["y"].as_u64().unwrap() as usize].as_bytes()[p["x"].as_u64().unwrap() as usize]
        };
        for (i, l) in locks.iter().enumerate() {
            assert_eq!(l["id"], i + 1);
            assert!(
                l["vault"].is_null(),
                "{g}: the locks option's locks gate no vault"
            );
            assert_eq!(at(&l["key"]), b'*', "{g}");
            for d in l["doors"].as_array().unwrap() {
                assert_eq!(at(d), b'=', "{g}");
            }
        }
        assert_eq!(v["legend"]["="], "locked_door");
        assert_eq!(v["legend"]["*"], "key");
        assert!(
            v["walkthrough"]["steps"].as_u64().unwrap()
                >= v["summary"]["longest_path"].as_u64().unwrap()
        );
        assert_eq!(v["walkthrough"]["legs"].as_array().unwrap().len(), 3);
        for r in v["rooms"].as_array().unwrap() {
            let x = r["intensity"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&x), "{g}");
        }
        let text = String::from_utf8(ok(&args).stdout).unwrap();
        assert_eq!(text.matches('*').count(), 2, "{g}");
        let mut stats_args = args.to_vec();
        stats_args.push("--stats");
        let stats = String::from_utf8(ok(&stats_args).stdout).unwrap();
        assert!(
            stats.contains("locks         2\nwalkthrough   "),
            "{g}: {stats}"
        );
        assert!(stats.contains("backtracking factor"), "{g}");
    }
    // Without locks: an empty list, no walkthrough, no intensity.
    let v: serde_json::Value =
        serde_json::from_slice(&ok(&["bsp", "--seed", "7", "--format", "json"]).stdout).unwrap();
    assert_eq!(v["locks"], serde_json::json!([]));
    assert!(v["walkthrough"].is_null());
    assert!(v["rooms"][0].get("intensity").is_none());
    let out = mcrdun(&[
        "cave", "--seed", "7", "--width", "40", "--height", "30", "--locks", "32",
    ]);
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("32 locks asked for, but "), "{e}");
}

#[test]
fn json_has_tiles_rooms_doors_and_summary() {
    for g in GENERATORS {
        let out = ok(&[
            g, "--seed", "9", "--width", "50", "--height", "20", "--format", "json",
        ]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["generator"], *g);
        assert_eq!(v["seed"], 9);
        assert_eq!(
            (v["width"].as_u64(), v["height"].as_u64()),
            (Some(50), Some(20))
        );
        let rows = v["tiles"].as_array().unwrap();
        assert_eq!(rows.len(), 20);
        assert!(rows.iter().all(|r| r.as_str().unwrap().len() == 50));
        let (ux, uy) = (
            v["stairs"]["up"][0].as_u64().unwrap(),
            v["stairs"]["up"][1].as_u64().unwrap(),
        );
        assert_eq!(
            rows[uy as usize].as_str().unwrap().as_bytes()[ux as usize],
            b'<'
        );
        assert!(v["rooms"].is_array() && v["doors"].is_array());
        // Without vaults every door tile is a room's door of the list.
        let door_tiles: usize = rows
            .iter()
            .map(|r| r.as_str().unwrap().matches('+').count())
            .sum();
        assert_eq!(v["summary"]["doors"].as_u64().unwrap() as usize, door_tiles);
        assert_eq!(v["doors"].as_array().unwrap().len(), door_tiles);
        assert_eq!(v["legend"]["+"], "door");
        // Rock is blank in the rows, and the legend says so.
        assert_eq!(v["legend"][" "], "rock");
        assert!(rows.iter().any(|r| r.as_str().unwrap().contains(' ')));
    }
}

/// In a PNG, walls (next to a walkable tile) and rock (away from every
/// walkable tile) have colours of their own, as in the ASCII output (`#`
/// and blank), with and without --distance.
#[test]
fn png_walls_differ_from_rock() {
    for g in GENERATORS {
        let common = [g, "--seed", "4", "--width", "60", "--height", "40"];
        let text = String::from_utf8(ok(&common).stdout).unwrap();
        for extra in [&[][..], &["--distance"][..]] {
            let args = [&common[..], &["--format", "png", "--scale", "1"], extra].concat();
            let (w, colours) = png_colours(ok(&args).stdout);
            let (mut wall, mut rock) = (None, None);
            for (y, line) in text.lines().enumerate() {
                let bytes = line.as_bytes();
                for x in 0..w {
                    let c = colours[y * w + x];
                    match bytes.get(x).copied().unwrap_or(b' ') {
                        b'#' => assert_eq!(*wall.get_or_insert(c), c, "{g}: walls in one colour"),
                        b' ' => assert_eq!(*rock.get_or_insert(c), c, "{g}: rock in one colour"),
                        _ => {}
                    }
                }
            }
            let (wall, rock) = (wall.expect("walls"), rock.expect("rock"));
            assert_ne!(wall, rock, "{g} {extra:?}: walls drawn as rock");
        }
    }
}

#[test]
fn bad_options_exit_2_with_a_message() {
    usage_error(&["cave", "--width", "abc"], "invalid value 'abc'");
    usage_error(&["cave", "--width=-3"], "--width");
    usage_error(&["cave", "--width", "2"], "too small");
    usage_error(&["cave", "--fill", "1.5"], "--fill");
    usage_error(&["cave", "--fill", "NaN"], "--fill");
    usage_error(&["cave", "--format", "gif"], "gif");
    usage_error(&["cave", "--format", "42"], "maze");
    usage_error(&["cave", "--scale", "0", "--format", "png"], "--scale");
    usage_error(&["cave", "--scale", "2"], "--scale applies to --format png");
    usage_error(&["cave", "--fill", "1"], "1 is not a number in [0, 0.65]");
    usage_error(
        &["cave", "--fill", "0.6", "--width", "5", "--height", "5"],
        "no level can be made",
    );
    usage_error(
        &["cave", "--width", "4000000000", "--height", "4000000000"],
        "too large",
    );
    usage_error(
        &["maze", "--width", "9", "--height", "9", "--pattern42"],
        "--pattern42",
    );
    usage_error(
        &["maze", "--algorithm", "eller", "--pattern42"],
        "--algorithm",
    );
    usage_error(&["maze", "--algorithm", "dfs"], "dfs");
    usage_error(&["maze", "--braid", "2"], "--braid");
    usage_error(&["bsp", "--min-leaf-width", "3"], "--min-leaf-width");
    usage_error(&["bsp", "--depth", "40"], "--depth");
    usage_error(&["bsp", "--loops=-1"], "--loops");
    usage_error(&["scatter", "--loop-factor", "1001"], "--loop-factor");
    // Every value of the schema's range is taken (1 was refused).
    ok(&["scatter", "--seed", "1", "--loop-factor", "1"]);
    usage_error(
        &["scatter", "--min-room", "8", "--max-room", "4"],
        "--min-room",
    );
    usage_error(&["scatter", "--rooms", "100000"], "--rooms");
    usage_error(
        &["cave", "--width", "10000", "--height", "10000"],
        "too large",
    );
    usage_error(
        &[
            "bsp",
            "--width",
            "300",
            "--height",
            "300",
            "--max-bytes",
            "1000",
        ],
        "too large",
    );
    usage_error(&["passages", "--width", "6"], "too small");
    usage_error(&["bsp", "--format", "42"], "maze");
    usage_error(&["dragon"], "'dragon' is not a generator");
    usage_error(&[], "Usage");
}

#[test]
fn maze_42_format() {
    let out = ok(&[
        "maze", "--seed", "3", "--width", "41", "--height", "21", "--format", "42",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // 20 x 10 cells: ten rows of twenty hex digits, an empty line, entry,
    // exit and the path.
    assert_eq!(lines.len(), 10 + 1 + 3, "{text}");
    assert!(
        lines[..10]
            .iter()
            .all(|l| l.len() == 20 && l.chars().all(|c| c.is_ascii_hexdigit()))
    );
    assert_eq!(lines[10], "");
    assert_eq!(lines[11], "0,0");
    assert_eq!(lines[12], "19,9");
    assert!(lines[13].chars().all(|c| "NESW".contains(c)) && lines[13].len() >= 19 + 9);
    assert!(text.ends_with('\n'));
    // The 42 format always draws the "42" when it fits (fully closed F
    // cells); --pattern42 changes nothing there.
    assert!(text.lines().take(10).any(|l| l.contains('F')));
    let out = ok(&[
        "maze",
        "--seed",
        "3",
        "--width",
        "41",
        "--height",
        "21",
        "--format",
        "42",
        "--pattern42",
    ]);
    let masked = String::from_utf8(out.stdout).unwrap();
    assert_eq!(masked, text);
}

#[test]
fn maze_options() {
    for algorithm in [
        "backtracker",
        "prim",
        "kruskal",
        "wilson",
        "eller",
        "hunt-and-kill",
        "sidewinder",
        "binary-tree",
        "growing-tree-mixed",
    ] {
        let out = ok(&[
            "maze",
            "--seed",
            "2",
            "--width",
            "31",
            "--height",
            "15",
            "--algorithm",
            algorithm,
            "--stats",
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("loops         0\n"),
            "{algorithm}: a perfect maze\n{text}"
        );
    }
    let out = ok(&["maze", "--seed", "2", "--braid", "1", "--stats"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.contains("loops         0\n"),
        "braided: loops\n{text}"
    );
}

#[test]
fn output_to_an_unwritable_place_exits_1() {
    let out = mcrdun(&["cave", "--seed", "1", "--output", "/nonexistent-dir/x.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"));
}

fn pixels(bytes: Vec<u8>) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The pictures in docs/ are what the command makes today (compared as
/// decoded pixels, so a different PNG compressor would not matter): the
/// README's `bsp-seed7.png`, and each generator at 80x50 and 200x120.
#[test]
fn docs_pictures_are_current() {
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs");
    let mut pictures = vec![("bsp-seed7.png".to_string(), vec!["bsp", "--seed", "7"])];
    for g in GENERATORS {
        for (w, h) in [("80", "50"), ("200", "120")] {
            pictures.push((
                format!("{g}-{w}x{h}.png"),
                vec![g, "--seed", "7", "--width", w, "--height", h],
            ));
        }
    }
    // Each style of the drunkard's walk (docs/drunkard-<style>-WxH.png).
    for style in mcrdun_dungeon::DrunkardStyle::NAMES {
        for (w, h) in [("80", "50"), ("200", "120")] {
            pictures.push((
                format!("drunkard-{style}-{w}x{h}.png"),
                vec![
                    "drunkard", "--style", style, "--seed", "7", "--width", w, "--height", h,
                ],
            ));
        }
    }
    // Shaded by walking distance from the up stairs (--distance).
    pictures.push((
        "bsp-80x50-distance.png".to_string(),
        vec![
            "bsp",
            "--seed",
            "7",
            "--width",
            "80",
            "--height",
            "50",
            "--distance",
        ],
    ));
    pictures.push((
        "cave-200x120-distance.png".to_string(),
        vec![
            "cave",
            "--seed",
            "7",
            "--width",
            "200",
            "--height",
            "120",
            "--distance",
        ],
    ));
    // With three locks (docs/locks-<generator>-80x50.png).
    for g in GENERATORS {
        pictures.push((
            format!("locks-{g}-80x50.png"),
            vec![
                g, "--seed", "7", "--width", "80", "--height", "50", "--locks", "3",
            ],
        ));
    }
    // With every example vault (docs/vaults-<generator>-120x80.png).
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/vaults");
    let mut vault_files: Vec<String> = std::fs::read_dir(examples)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".vault"))
        .collect();
    vault_files.sort();
    let vault_args: Vec<&str> = vault_files
        .iter()
        .flat_map(|f| ["--vaults", f.as_str()])
        .collect();
    for g in GENERATORS {
        let mut args = vec![*g, "--seed", "7", "--width", "120", "--height", "80"];
        args.extend(&vault_args);
        pictures.push((format!("vaults-{g}-120x80.png"), args));
    }
    for (file, mut args) in pictures {
        let path = format!("{docs}/{file}");
        let committed = pixels(std::fs::read(&path).unwrap_or_default());
        args.extend([
            "--format",
            "png",
            "--scale",
            if file.contains("200x") { "4" } else { "8" },
        ]);
        let made = pixels(ok(&args).stdout);
        assert!(
            committed == made,
            "docs/{file} is stale: run `mcrdun {} --output docs/{file}`",
            args.join(" ")
        );
    }
}

/// The README's first command and the first rows it shows.
#[test]
fn readme_excerpt_is_current() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    assert!(readme.contains("cargo run --release -p mcrdun-cli -- bsp --seed 7\n"));
    let excerpt: Vec<&str> = readme
        .split("Its first rows:\n\n```\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README shows the first rows")
        .lines()
        .collect();
    assert!(excerpt.len() >= 5);
    // Byte for byte: the sample is the output's first lines, as printed.
    let out = String::from_utf8(ok(&["bsp", "--seed", "7"]).stdout).unwrap();
    let first: String = out.split_inclusive('\n').take(excerpt.len()).collect();
    let shown: String = excerpt.iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(first, shown, "README.md's sample differs from the output");
}

#[test]
fn a_seed_from_the_clock_is_told() {
    let out = ok(&["cave", "--width", "30", "--height", "20"]);
    let err = String::from_utf8(out.stderr).unwrap();
    let seed = err
        .split("--seed ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("the seed on stderr");
    let again = ok(&["cave", "--width", "30", "--height", "20", "--seed", seed]);
    assert_eq!(
        out.stdout, again.stdout,
        "the told seed makes the same level"
    );
    // With --seed given, nothing on stderr.
    assert!(again.stderr.is_empty());
}

/// Decodes a scale-1 RGB PNG into one colour per tile.
fn png_colours(bytes: Vec<u8>) -> (usize, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let colours = buf[..info.buffer_size()]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width as usize, colours)
}

#[test]
fn distance_png_shades_walkable_tiles_by_walking_distance_from_the_up_stairs() {
    for g in ["bsp", "cave", "scatter"] {
        let common = [g, "--seed", "4", "--width", "60", "--height", "40"];
        let text = String::from_utf8(ok(&common).stdout).unwrap();
        let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
        let (plain_w, plain) =
            png_colours(ok(&[&common[..], &["--format", "png", "--scale", "1"]].concat()).stdout);
        let (w, shaded) = png_colours(
            ok(&[
                &common[..],
                &["--format", "png", "--scale", "1", "--distance"],
            ]
            .concat())
            .stdout,
        );
        assert_eq!((w, plain_w), (60, 60));
        // Our own breadth-first walk from '<' over the ASCII map.
        let walkable = |c: u8| matches!(c, b'.' | b',' | b'+' | b'<' | b'>');
        let h = rows.len();
        let mut dist = vec![u32::MAX; w * h];
        let start = (0..w * h)
            .find(|&i| rows[i / w].get(i % w) == Some(&b'<'))
            .expect("up stairs");
        dist[start] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            let (x, y) = (i % w, i / w);
            let mut next = vec![];
            if x > 0 {
                next.push(i - 1)
            }
            if x + 1 < w {
                next.push(i + 1)
            }
            if y > 0 {
                next.push(i - w)
            }
            if y + 1 < h {
                next.push(i + w)
            }
            for j in next {
                let c = rows[j / w].get(j % w).copied().unwrap_or(b' ');
                if walkable(c) && dist[j] == u32::MAX {
                    dist[j] = dist[i] + 1;
                    queue.push_back(j);
                }
            }
        }
        let far = dist
            .iter()
            .copied()
            .filter(|d| *d != u32::MAX)
            .max()
            .unwrap();
        let mut by_distance = std::collections::BTreeMap::new();
        for i in 0..w * h {
            let c = rows[i / w].get(i % w).copied().unwrap_or(b' ');
            if !walkable(c) || c == b'<' || c == b'>' {
                assert_eq!(
                    shaded[i], plain[i],
                    "{g}: tile {i} ({}) keeps its colour",
                    c as char
                );
                continue;
            }
            // One colour per distance.
            let seen = by_distance.entry(dist[i]).or_insert(shaded[i]);
            assert_eq!(
                *seen, shaded[i],
                "{g}: tiles at distance {} differ",
                dist[i]
            );
            if dist[i] == far {
                assert_eq!(
                    shaded[i],
                    [30, 50, 150],
                    "{g}: the farthest tile is deep blue"
                );
            }
        }
        // Near tiles are light, far ones dark.
        let lum = |c: [u8; 3]| u32::from(c[0]) + u32::from(c[1]) + u32::from(c[2]);
        let nearest = by_distance.values().next().copied().unwrap();
        let farthest = by_distance.values().last().copied().unwrap();
        assert!(
            lum(nearest) > lum(farthest) + 200,
            "{g}: {nearest:?} vs {farthest:?}"
        );
    }
    usage_error(&["bsp", "--distance"], "--distance applies to --format png");
}

/// An example vault file of the repository.
fn example_vault(name: &str) -> String {
    format!(
        "{}/../../examples/vaults/{name}.vault",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Both file commands share one command line: each names itself whole in
/// its usage, has its own helps, and refuses a missing file list.
#[test]
fn file_commands_name_themselves_and_their_files() {
    for (kind, files) in [("vaults", "The vault files"), ("things", "The table files")] {
        let help = String::from_utf8(ok(&[kind, "check", "--help"]).stdout).unwrap();
        assert!(
            help.contains(&format!("Usage: mcrdun {kind} check [OPTIONS] <FILE>...")),
            "{help}"
        );
        assert!(help.contains(files), "{help}");
        assert!(help.contains("--max-bytes"), "{help}");
        let out = mcrdun(&[kind, "check"]);
        assert_eq!(out.status.code(), Some(2), "{kind} check without files");
        assert!(out.stdout.is_empty());
    }
    let top = String::from_utf8(ok(&["things", "--help"]).stdout).unwrap();
    assert!(top.starts_with("Spawn tables:"), "{top}");
    let top = String::from_utf8(ok(&["vaults", "--help"]).stdout).unwrap();
    assert!(top.starts_with("Vault files:"), "{top}");
}

#[test]
fn vaults_check_prints_every_orientation_and_refuses_with_the_place() {
    let cross = example_vault("cross");
    let out = ok(&["vaults", "check", &cross, &example_vault("cells")]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("vault cross (line 3): 7x7"), "{text}");
    // The cross turns four ways; the cells may not be mirrored: four too.
    assert_eq!(text.matches("rotated").count(), 8, "{text}");
    assert!(
        text.contains("    ?..s..!\n"),
        "the cross turned a quarter: {text}"
    );
    let dir = std::env::temp_dir().join(format!("mcrdun-vaults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.vault");
    std::fs::write(&bad, "vault x\nweight 2\nmap\n#!#\n#.#\n#.##\nend\n").unwrap();
    let bad = bad.to_str().unwrap();
    usage_error(
        &["vaults", "check", bad],
        &format!("{bad}:6:2: expected wall around every walkable tile"),
    );
    usage_error(&["bsp", "--vaults", bad], ":6:2: expected");
    usage_error(
        &["bsp", "--vaults", "/no/such.vault"],
        "cannot read /no/such.vault",
    );
    // Not UTF-8: the line and column of the first bad byte.
    let latin1 = dir.join("latin1.vault");
    std::fs::write(&latin1, b"vault x\n# caf\xe9\n").unwrap();
    let latin1 = latin1.to_str().unwrap();
    usage_error(
        &["bsp", "--vaults", latin1],
        &format!("{latin1}:2:6: expected UTF-8 text, found the byte 0xE9"),
    );
    // A byte-order mark is skipped.
    let bom = dir.join("bom.vault");
    std::fs::write(&bom, "\u{feff}vault x\nmap\n#!#\n#.#\n###\nend\n").unwrap();
    ok(&["vaults", "check", bom.to_str().unwrap()]);
    ok(&["bsp", "--seed", "1", "--vaults", bom.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A vault file far past the memory limit is refused from its size, before
/// it is read, naming the file, its size and the limit (no position).
#[test]
fn a_vault_file_past_the_limit_is_refused_unread() {
    let dir = std::env::temp_dir().join(format!("mcrdun-big-vault-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.vault");
    // Sparse: 1.5 GiB that takes no disk and, refused unread, no memory.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(1536 << 20)
        .unwrap();
    let big = big.to_str().unwrap();
    let message = format!(
        "mcrdun: error: {big}: a vault text of 1610612736 bytes needs 53150220288 bytes of working memory, above the memory limit of 100000000 bytes (raise it with --max-bytes)\n"
    );
    for args in [
        &["bsp", "--vaults", big, "--max-bytes", "100000000"][..],
        &["vaults", "check", big, "--max-bytes", "100000000"],
    ] {
        let out = mcrdun(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn levels_place_vaults_and_list_them() {
    let round = example_vault("round");
    for g in ["bsp", "scatter", "passages", "cave", "maze"] {
        let out = ok(&[
            g,
            "--seed",
            "3",
            "--width",
            "120",
            "--height",
            "80",
            "--format",
            "json",
            "--vaults",
            &round,
            "--vaults",
            &example_vault("pillars"),
            "--vaults",
            &example_vault("crossroads"),
        ]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let vaults = v["vaults"].as_array().unwrap();
        assert!(!vaults.is_empty(), "{g}: no vault");
        let rows: Vec<&str> = v["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        for m in v["markers"].as_array().unwrap() {
            let (x, y) = (
                m["x"].as_u64().unwrap() as usize,
                m["y"].as_u64().unwrap() as usize,
            );
            // ASCII shows the marker's label.
            assert_eq!(rows[y][x..x + 1], *m["label"].as_str().unwrap(), "{g}");
            let k = m["vault"].as_u64().unwrap() as usize;
            let b = &vaults[k];
            assert!(
                x as u64 >= b["x"].as_u64().unwrap()
                    && (x as u64) < b["x"].as_u64().unwrap() + b["w"].as_u64().unwrap()
            );
        }
    }
    // Without vaults the lists are empty.
    let out = ok(&["bsp", "--seed", "3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (
            v["vaults"].as_array().unwrap().len(),
            v["markers"].as_array().unwrap().len()
        ),
        (0, 0)
    );
}

/// The example locked vault (`examples/vaults/locked/strongroom.vault`,
/// `locked yes`): its lock in the JSON names it (`"vault"`, an index of
/// `"vaults"`), after the `--locks` chain's (whose `"vault"` is null); its
/// doors on the vault's edge, its key outside it.
#[test]
fn a_locked_vault_names_its_vault_in_the_json() {
    let strongroom = format!(
        "{}/../../examples/vaults/locked/strongroom.vault",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut placed = 0;
    for g in GENERATORS {
        for locks in ["0", "2"] {
            let out = mcrdun(&[
                g,
                "--seed",
                "3",
                "--width",
                "120",
                "--height",
                "80",
                "--locks",
                locks,
                "--format",
                "json",
                "--vaults",
                &strongroom,
            ]);
            if !out.status.success() {
                // A level where the vault or the locks do not fit says so.
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(
                    err.contains("strongroom") || err.contains("lock"),
                    "{g}: {err}"
                );
                continue;
            }
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let vaults = v["vaults"].as_array().unwrap();
            let all = v["locks"].as_array().unwrap();
            let chain: usize = locks.parse().unwrap();
            assert_eq!((vaults.len(), all.len()), (1, chain + 1), "{g}");
            for l in &all[..chain] {
                assert!(l["vault"].is_null(), "{g}");
            }
            let lock = &all[chain];
            assert_eq!(lock["vault"], 0, "{g}");
            assert_eq!(lock["id"], chain + 1, "{g}");
            let b = &vaults[0];
            let inside = |p: &serde_json::Value| {
                let (x, y) = (p["x"].as_i64().unwrap(), p["y"].as_i64().unwrap());
                let (bx, by) = (b["x"].as_i64().unwrap(), b["y"].as_i64().unwrap());
                x >= bx
                    && y >= by
                    && x < bx + b["w"].as_i64().unwrap()
                    && y < by + b["h"].as_i64().unwrap()
            };
            assert!(!inside(&lock["key"]), "{g}: the key in its own vault");
            for d in lock["doors"].as_array().unwrap() {
                assert!(inside(d), "{g}");
            }
            placed += 1;
        }
    }
    assert!(placed >= 6, "{placed}");
}

/// The counts of the JSON output count every door tile, the vaults' doors
/// included, and its legend names every character of its tiles, marker
/// labels included (issue 33: `cave --seed 1` with the treasury had 2
/// door tiles and `summary.doors` 0; `bsp --seed 1` 33 and 32).
#[test]
fn json_counts_every_door_tile_and_its_legend_every_character() {
    let treasury = example_vault("treasury");
    for (g, want) in [("cave", Some(2)), ("bsp", Some(33))] {
        let out = ok(&[g, "--seed", "1", "--format", "json", "--vaults", &treasury]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["summary"]["doors"].as_u64(), want, "{g}");
        assert_eq!(v["metrics"]["doors"].as_u64(), want, "{g}");
    }
    let files: Vec<String> = mcrdun_test_util::example_vault_files()
        .into_iter()
        .map(|(path, _)| path.display().to_string())
        .collect();
    for g in GENERATORS {
        for seed in ["1", "2", "3"] {
            let mut args = vec![*g, "--seed", seed, "--width", "120", "--height", "80"];
            args.extend(["--format", "json"]);
            for f in &files {
                args.extend(["--vaults", f.as_str()]);
            }
            let v: serde_json::Value = serde_json::from_slice(&ok(&args).stdout).unwrap();
            let rows: Vec<&str> = v["tiles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            let door_tiles = rows.iter().map(|r| r.matches('+').count()).sum::<usize>() as u64;
            assert_eq!(
                v["summary"]["doors"].as_u64(),
                Some(door_tiles),
                "{g} {seed}"
            );
            assert_eq!(
                v["metrics"]["doors"].as_u64(),
                Some(door_tiles),
                "{g} {seed}"
            );
            assert_eq!(
                v["metrics"]["doors_in_walls"].as_u64(),
                Some(door_tiles),
                "{g} {seed}"
            );
            let legend = v["legend"].as_object().unwrap();
            for c in rows.iter().flat_map(|r| r.chars()) {
                assert!(
                    legend.contains_key(&c.to_string()),
                    "{g} {seed}: {c:?} not in the legend"
                );
            }
            for m in v["markers"].as_array().unwrap() {
                assert_eq!(legend[m["label"].as_str().unwrap()], "marker", "{g} {seed}");
            }
            if *g != "maze" {
                assert!(
                    !v["markers"].as_array().unwrap().is_empty(),
                    "{g} {seed}: no marker"
                );
            }
        }
    }
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mcrdun-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs mcrdun through sh with a 1 KiB file-size limit (SIGXFSZ ignored,
/// so the write fails with an error instead of killing the process).
fn under_file_size_limit(args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 1; exec '{}' {args}",
            env!("CARGO_BIN_EXE_mcrdun")
        ))
        .output()
        .expect("run sh")
}

#[test]
fn a_failed_write_leaves_the_old_file_whole() {
    let dir = scratch("write");
    let level = dir.join("level.txt");
    let maze = dir.join("maze.txt");
    std::fs::write(&level, "old level").unwrap();
    std::fs::write(&maze, "old maze").unwrap();
    let config = dir.join("maze.cfg");
    std::fs::write(
        &config,
        format!(
            "WIDTH=60\nHEIGHT=60\nENTRY=0,0\nEXIT=59,59\nOUTPUT_FILE={}\nPERFECT=True\nSEED=1\n",
            maze.display()
        ),
    )
    .unwrap();
    let runs = [
        format!(
            "bsp --width 200 --height 100 --seed 1 --output '{}'",
            level.display()
        ),
        format!(
            "maze --format 42 --cells 60x60 --seed 1 --output '{}'",
            maze.display()
        ),
        format!("maze --config '{}'", config.display()),
    ];
    for args in &runs {
        let out = under_file_size_limit(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert!(err.contains("cannot write"), "{args}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&level).unwrap(), "old level");
    assert_eq!(std::fs::read_to_string(&maze).unwrap(), "old maze");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 3, "no temporary file is left: {names:?}");
    // And a write that succeeds replaces the file.
    ok(&[
        "bsp",
        "--width",
        "40",
        "--height",
        "30",
        "--seed",
        "1",
        "--output",
        level.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&level).unwrap().contains('#'));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_standard_output_is_an_error() {
    for args in ["bsp --seed 1", "maze --format 42 --cells 5x5 --seed 1"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec '{}' {args} >&-",
                env!("CARGO_BIN_EXE_mcrdun")
            ))
            .output()
            .expect("run sh");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert!(err.contains("standard output is closed"), "{err}");
    }
}

#[test]
fn config_files_are_capped_and_never_overwritten() {
    usage_error(&["maze", "--config", "/dev/zero"], "larger than 1024 KiB");
    let dir = scratch("config");
    let config = dir.join("maze.cfg");
    let link = dir.join("out.txt");
    let text = format!(
        "WIDTH=5\nHEIGHT=5\nENTRY=0,0\nEXIT=4,4\nOUTPUT_FILE={}\nPERFECT=True\n",
        link.display()
    );
    std::fs::write(&config, &text).unwrap();
    std::fs::hard_link(&config, &link).unwrap();
    usage_error(
        &["maze", "--config", config.to_str().unwrap()],
        "is the config file itself",
    );
    assert_eq!(std::fs::read_to_string(&config).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn max_bytes_is_the_one_memory_limit_of_a_run() {
    // Too large for the default limit, with a message for a CLI user.
    usage_error(
        &["cave", "--width", "6000", "--height", "7000"],
        "--max-bytes",
    );
    let out = mcrdun(&["cave", "--width", "6000", "--height", "7000"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("mcrdun_set_memory_limit"));
    // --max-bytes lowers it for every subcommand, the 42 formats included.
    usage_error(
        &[
            "bsp",
            "--width",
            "300",
            "--height",
            "300",
            "--max-bytes",
            "100000",
        ],
        "--max-bytes",
    );
    usage_error(
        &[
            "maze",
            "--format",
            "42",
            "--cells",
            "300x300",
            "--max-bytes",
            "100000",
        ],
        "--max-bytes",
    );
    let dir = scratch("maxbytes");
    let config = dir.join("maze.cfg");
    std::fs::write(
        &config,
        format!(
            "WIDTH=300\nHEIGHT=300\nENTRY=0,0\nEXIT=299,299\nOUTPUT_FILE={}\nPERFECT=True\n",
            dir.join("m.txt").display()
        ),
    )
    .unwrap();
    usage_error(
        &[
            "maze",
            "--config",
            config.to_str().unwrap(),
            "--max-bytes",
            "100000",
        ],
        "--max-bytes",
    );
    // And raises it: a small map under a raised limit still works.
    ok(&[
        "bsp",
        "--width",
        "80",
        "--height",
        "50",
        "--seed",
        "1",
        "--max-bytes",
        "2147483648",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_to_dev_null_is_still_fine() {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec '{}' bsp --seed 1 > /dev/null",
            env!("CARGO_BIN_EXE_mcrdun")
        ))
        .output()
        .expect("run sh");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A misspelled generator is refused with a suggestion and the list of
/// generators; the usage lists them too.
#[test]
fn a_misspelled_generator_gets_a_suggestion() {
    usage_error(&["bps"], "did you mean 'bsp'?");
    usage_error(
        &["cavve"],
        "generators: bsp, scatter, maze, cave, passages, drunkard",
    );
    let help = String::from_utf8(ok(&["--help"]).stdout).unwrap();
    assert!(
        help.contains("Usage: mcrdun <bsp|scatter|maze|cave|passages|drunkard> [OPTIONS]"),
        "{help}"
    );
}

/// `--format 42` is offered by the maze's help only.
#[test]
fn only_the_maze_offers_format_42() {
    for g in ["bsp", "scatter", "cave", "passages"] {
        let help = String::from_utf8(ok(&["help", g]).stdout).unwrap();
        assert!(!help.contains("42"), "{g}: {help}");
    }
    let help = String::from_utf8(ok(&["help", "maze"]).stdout).unwrap();
    assert!(help.contains("the maze also writes 42"), "{help}");
}

/// A maze too small for the "42" succeeds with a warning, not an error;
/// the clock's seed is told once the file is written, for every kind.
#[test]
fn warnings_say_warning_and_the_seed_follows_the_level() {
    let out = ok(&["maze", "--format", "42", "--cells", "8x6"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("mcrdun: warning: a 8x6 maze is too small"),
        "{err}"
    );
    assert!(!err.contains("error"), "{err}");
    assert!(
        err.lines().last().unwrap().starts_with("mcrdun: seed "),
        "{err}"
    );
    for g in GENERATORS {
        let err = String::from_utf8(ok(&[g, "--width", "30", "--height", "20"]).stderr).unwrap();
        assert_eq!(err.matches("mcrdun: seed ").count(), 1, "{g}: {err}");
    }
    // No level, no seed: a bad size, or an output that cannot be written.
    for args in [
        &["bsp", "--width", "0"][..],
        &["cave", "--output", "/nonexistent/dir/level.txt"][..],
        &["maze", "--format", "42", "--cells", "0x5"][..],
    ] {
        let out = mcrdun(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!err.contains("seed"), "{args:?}: {err}");
    }
}

/// Errors name the command line's flags, not the library's option names,
/// and the ceiling the user set.
#[test]
fn errors_name_flags() {
    let says = |args: &[&str], has: &[&str], lacks: &[&str]| {
        let out = mcrdun(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        for h in has {
            assert!(err.contains(h), "{args:?}: {err:?} lacks {h:?}");
        }
        for l in lacks {
            assert!(!err.contains(l), "{args:?}: {err:?} has {l:?}");
        }
    };
    says(
        &["scatter", "--max-room", "3"],
        &["invalid --max-room:", "(--min-room and --max-room)"],
        &["max_room", "min_room"],
    );
    says(
        &["scatter", "--max-room", "0"],
        &["--max-room"],
        &["--min-room", "max_room"],
    );
    says(
        &["bsp", "--min-leaf-width", "2147483648"],
        &["--min-leaf-width", "5..=2147483647"],
        &["need at least 7", "min_leaf_width"],
    );
    says(
        &["bsp", "--width", "100000", "--height", "10000"],
        &[
            "--width 100000 --height 10000 is too large",
            "--max-bytes N raises it",
        ],
        &["max_bytes"],
    );
    says(
        &["cave", "--width", "1000", "--max-bytes", "1000"],
        &["--max-bytes 1000"],
        &["GiB", "max_bytes"],
    );
    says(
        &[
            "maze", "--format", "42", "--width", "100000", "--height", "100000",
        ],
        &["--width 100000 --height 100000"],
        &["--cells"],
    );
    // The maze's smallest sizes, named alike whatever the shape.
    says(
        &["maze", "--width", "3", "--height", "3"],
        &["at least 4x3"],
        &[],
    );
    says(
        &["maze", "--width", "2", "--height", "3"],
        &["at least 3x4"],
        &[],
    );
}

/// A config file with a Latin-1 comment is read; Latin-1 elsewhere is an
/// error with the line; 100,000 unknown keys print ten warnings and a
/// count; a huge value or control bytes are echoed escaped and cut short.
#[test]
fn hostile_config_files() {
    let dir = std::env::temp_dir().join(format!("mcrdun-cli-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("maze.txt");
    let keys = format!(
        "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE={}\nPERFECT=True\nSEED=1\n",
        out_file.display()
    );
    let run = |name: &str, bytes: Vec<u8>| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        mcrdun(&["maze", "--config", path.to_str().unwrap()])
    };
    let mut latin1 = b"# caf\xe9\n".to_vec();
    latin1.extend(keys.as_bytes());
    let out = run("latin1-comment.txt", latin1);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut bad = keys.as_bytes().to_vec();
    bad.extend(b"ALGORITHM=prim\xe9\n");
    let out = run("latin1-value.txt", bad);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("line 8: not UTF-8"), "{err}");
    // (The command reads at most 1 MiB of config: 100,000 keys fit.)
    let mut many = keys.clone();
    for i in 0..100_000 {
        many.push_str(&format!("K{i}=1\n"));
    }
    let out = run("many.txt", many.into_bytes());
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 11, "{}", &err[..err.len().min(2000)]);
    assert!(err.contains("99990 more unknown keys"), "{err}");
    let huge = keys.replace("WIDTH=20", &format!("WIDTH={}", "9".repeat(1_000_000)));
    let out = run("huge.txt", huge.into_bytes());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.len() < 400 && err.contains("more characters"),
        "{}",
        &err[..err.len().min(400)]
    );
    let nul = keys.replace("ENTRY=0,0", "ENTRY=0,\0\x1b[31m");
    let out = run("nul.txt", nul.into_bytes());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("\\u{0}\\u{1b}[31m") && !err.contains('\0'),
        "{err:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs the command under `ulimit -v kb` (address space) in a shell.
fn under_address_space_limit(kb: u64, args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kb} && exec '{}' {args}",
            env!("CARGO_BIN_EXE_mcrdun")
        ))
        .output()
        .expect("run sh")
}

#[test]
fn max_bytes_stays_within_what_the_process_can_map() {
    if !cfg!(target_os = "linux") {
        return;
    }
    // Under a 2 GB address-space cap a limit of 2^64 - 1 cannot be kept:
    // the ceiling is held within reach, so the level is refused before
    // any work instead of aborting half way.
    for kind in ["bsp", "scatter"] {
        let out = under_address_space_limit(
            2_000_000,
            &format!("{kind} --width 20000 --height 20000 --max-bytes 18446744073709551615"),
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{kind}: {err}");
        assert!(err.contains("this process can use"), "{err}");
    }
    // Within reach, --max-bytes is kept as asked.
    let out =
        under_address_space_limit(2_000_000, "bsp --width 300 --height 300 --max-bytes 100000");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("above --max-bytes 100000"), "{err}");
}

#[test]
fn showing_a_level_is_counted_against_the_limit() {
    // A 300x300 level fits 8 MB; its picture at scale 6 (3.24 million
    // pixels of 3 bytes) does not, at scale 5 it does, unless --stats
    // adds the metrics' 20 bytes a tile.
    let dir = scratch("showing");
    let png = dir.join("level.png");
    let png = png.to_str().unwrap();
    let run = |more: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = [
            "bsp",
            "--width",
            "300",
            "--height",
            "300",
            "--seed",
            "1",
            "--max-bytes",
            "8000000",
            "--format",
            "png",
            "--output",
            png,
        ]
        .map(String::from)
        .to_vec();
        args.extend(more.iter().map(|s| s.to_string()));
        args
    };
    let refused = run(&["--scale", "6"]);
    usage_error(
        &refused.iter().map(String::as_str).collect::<Vec<_>>(),
        "showing the level",
    );
    assert!(!std::path::Path::new(png).exists());
    ok(&run(&["--scale", "5"])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    let with_stats = run(&["--scale", "5", "--stats"]);
    usage_error(
        &with_stats.iter().map(String::as_str).collect::<Vec<_>>(),
        "(raise it with --max-bytes)",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The example spawn table of the repository.
fn example_things() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    )
    .to_string()
}

/// `--things` places a table on every generator's level: ASCII draws the
/// glyphs, JSON lists each thing with every field, and the map is the
/// level made without it.
#[test]
fn things_on_every_generator() {
    let table = example_things();
    for g in GENERATORS {
        let args = [
            "--seed",
            "4",
            "--width",
            "120",
            "--height",
            "80",
            "--dungeon-level",
            "6",
        ];
        let bare = ok(&[&[*g][..], &args[..], &["--format", "json"]].concat());
        let with = ok(&[
            &[*g][..],
            &args[..],
            &["--format", "json", "--things", &table],
        ]
        .concat());
        let bare: serde_json::Value = serde_json::from_slice(&bare.stdout).unwrap();
        let with: serde_json::Value = serde_json::from_slice(&with.stdout).unwrap();
        assert_eq!(bare["tiles"], with["tiles"], "{g}");
        assert_eq!(bare["things"], serde_json::json!([]), "{g}");
        let things = with["things"].as_array().unwrap();
        assert!(
            things.iter().any(|t| t["name"] == "boss"),
            "{g}: the boss at depth 6"
        );
        for t in things {
            let keys: Vec<&str> = t.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            assert_eq!(
                keys,
                [
                    "blocks", "distance", "glyph", "group", "name", "place", "room", "x", "y"
                ]
            );
            assert_eq!(t["group"].is_null(), t["name"] != "goblins", "{g}: {t}");
        }
        let ascii = ok(&[&[*g][..], &args[..], &["--things", &table]].concat());
        let text = String::from_utf8(ascii.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for t in things {
            let (x, y) = (
                t["x"].as_u64().unwrap() as usize,
                t["y"].as_u64().unwrap() as usize,
            );
            assert_eq!(&lines[y][x..x + 1], t["glyph"].as_str().unwrap(), "{g}");
        }
        // The same seed, the same things.
        let again = ok(&[&[*g][..], &args[..], &["--things", &table]].concat());
        assert_eq!(again.stdout, text.as_bytes());
    }
}

#[test]
fn things_check_prints_every_entry() {
    let out = ok(&["things", "check", &example_things()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("dungeon.things: 12 entries\n"), "{text}");
    assert!(text.contains("\nthing boss\nglyph D\nweight 1\ncount 1..1\ndepth 5..1000000\nwhere room\ndistance 0.85..1\naway 10\napart 1\nblocks no\n"), "{text}");
}

#[test]
fn bad_tables_name_the_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("mcrdun-things-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.things");
    std::fs::write(&bad, "thing rat\nglyph r\ncount 5..2\n").unwrap();
    let bad = bad.to_str().unwrap();
    let expected = format!("{bad}:3:7: expected a count `N` or `MIN..MAX`");
    usage_error(&["things", "check", bad], &expected);
    usage_error(&["bsp", "--things", bad], &expected);
    usage_error(&["bsp", "--things", "/no/such.things"], "/no/such.things: ");
    let latin = dir.join("latin.things");
    std::fs::write(&latin, b"thing r\xe9\n").unwrap();
    usage_error(
        &["things", "check", latin.to_str().unwrap()],
        "latin.things:1:8: expected UTF-8 text",
    );
    // A required entry no place holds: the entry and the rule.
    let idol = dir.join("idol.things");
    std::fs::write(&idol, "thing idol\nglyph I\ncount 1\nwhere vault\n").unwrap();
    usage_error(
        &["cave", "--seed", "1", "--things", idol.to_str().unwrap()],
        "thing `idol`: 0 of the 1 required placed: no free tile meets `where vault`",
    );
    // Two tables with one name.
    usage_error(
        &[
            "bsp",
            "--things",
            &example_things(),
            "--things",
            &example_things(),
        ],
        "its name is another entry's too",
    );
    // A table too large for the memory limit is refused from its size.
    let big = dir.join("big.things");
    std::fs::write(&big, "#".repeat(2_000_000)).unwrap();
    usage_error(
        &[
            "things",
            "check",
            "--max-bytes",
            "10000000",
            big.to_str().unwrap(),
        ],
        "needs 66016384 bytes of working memory, above the memory limit of 10000000 bytes (raise it with --max-bytes)",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
