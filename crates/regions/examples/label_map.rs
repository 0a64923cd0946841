//! Labelling a map of your own: reads a map from a file (or uses a small
//! built-in one), where `.` is floor and anything else is wall, labels its
//! regions, prints their statistics and whether the stairs `<` and `>` are
//! in one region, then digs corridors (`,`) until all floor is one region.
//!
//! ```sh
//! cargo run -p mcrdun-regions --example label_map -- [map.txt] [4|8]
//! ```

//!
//! `cargo test -p mcrdun-regions --example label_map` runs it on the
//! built-in map.

use mcrdun_geom::{Grid, Point};
use mcrdun_regions::{ConnectOptions, Connectivity, Labels, connect};
use std::fmt::Write as _;

const BUILT_IN: &str = "\
###############
#<..#.....#...#
#...#.....#.>.#
#####.....#...#
#.........#####
#...###########
#..#...#......#
###############
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let text = match args.next() {
        Some(path) => std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?,
        None => BUILT_IN.to_owned(),
    };
    let connectivity = match args.next().as_deref() {
        None | Some("4") => Connectivity::Four,
        Some("8") => Connectivity::Eight,
        Some(other) => return Err(format!("connectivity {other:?}: 4 or 8").into()),
    };
    print!("{}", label_map(&text, connectivity)?);
    Ok(())
}

/// The regions, their statistics, the stairs and the map with its corridors.
fn label_map(text: &str, connectivity: Connectivity) -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();

    let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0) as u32;
    let height = rows.len() as u32;
    let at = |p: Point| {
        rows[p.y as usize]
            .get(p.x as usize)
            .copied()
            .unwrap_or(b'#')
    };
    // Floor: '.', and the stairs stand on floor.
    let mut floor = Grid::from_fn(width, height, |p| matches!(at(p), b'.' | b'<' | b'>'))?;
    let find = |c: u8| {
        (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| Point::new(x, y)))
            .find(|&p| at(p) == c)
    };

    let labels = Labels::new(&floor, connectivity)?;
    writeln!(out, "{width}x{height}: {} regions", labels.count())?;
    for (label, s) in labels.stats().iter().enumerate() {
        writeln!(
            out,
            "region {label}: {} cells, box ({}, {})..=({}, {}), centre ({:.1}, {:.1})",
            s.area,
            s.min_x,
            s.min_y,
            s.max_x,
            s.max_y,
            s.sum_x as f64 / s.area as f64,
            s.sum_y as f64 / s.area as f64
        )?;
    }
    if let (Some(up), Some(down)) = (find(b'<'), find(b'>')) {
        writeln!(
            out,
            "stairs {up:?} and {down:?} in one region: {}",
            labels.same_region(&[up, down])?
        )?;
    }

    // Dig until everything is one region, keeping the outer wall.
    let before = floor.clone();
    let options = ConnectOptions {
        keep_border: true,
        ..ConnectOptions::default()
    };
    let corridors = connect(&mut floor, options)?;
    writeln!(out, "{} corridors dug", corridors.len())?;
    for y in 0..height as i32 {
        let line: String = (0..width as i32)
            .map(|x| {
                let p = Point::new(x, y);
                match (before[p], floor[p]) {
                    (false, true) => ',',
                    _ => at(p) as char,
                }
            })
            .collect();
        writeln!(out, "{line}")?;
    }
    assert!(Labels::new(&floor, Connectivity::Four)?.is_connected());
    Ok(out)
}

#[test]
fn the_built_in_map_has_five_regions_joined_by_four_corridors() {
    let out = label_map(BUILT_IN, Connectivity::Four).unwrap();
    assert!(out.starts_with("15x8: 5 regions\n"), "{out}");
    assert!(out.contains("in one region: false"), "{out}");
    assert!(out.contains("4 corridors dug"), "{out}");
    // Walls were dug, the border kept.
    assert!(out.contains(','), "{out}");
    assert!(
        out.lines()
            .rev()
            .take(8)
            .all(|l| l.starts_with('#') && l.ends_with('#')),
        "{out}"
    );
}
