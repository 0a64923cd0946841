//! A perfect maze around the "42" pattern, written in the 42 school's
//! "A-Maze-ing" format (one hex digit of closed walls per cell, N = 1,
//! E = 2, S = 4, W = 8; an empty line; the entry; the exit; the shortest
//! path in N/E/S/W letters), read back, and drawn as ASCII.
//!
//! ```sh
//! cargo run -p mcrdun-carve --example maze42 -- [width] [height] [seed] [algorithm]
//! ```
//!
//! Algorithms: backtracker (default), prim, kruskal, wilson, hunt-and-kill,
//! growing-tree (the ones that honour a mask).

//!
//! `cargo test -p mcrdun-carve --example maze42` runs it with the defaults.

use mcrdun_carve::{Algorithm, GrowingTreeMode, Maze, MazeFile};
use mcrdun_geom::{Point, random::seeded_rng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let width: u32 = args.next().map_or(Ok(20), |a| a.parse())?;
    let height: u32 = args.next().map_or(Ok(15), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(42), |a| a.parse())?;
    let algorithm = args.next().unwrap_or_else(|| "backtracker".to_owned());
    print!("{}", maze42(width, height, seed, &algorithm)?);
    Ok(())
}

/// The hex file, an empty line and the maze drawn in ASCII.
fn maze42(
    width: u32,
    height: u32,
    seed: u64,
    algorithm: &str,
) -> Result<String, Box<dyn std::error::Error>> {
    let algorithm = match algorithm {
        "backtracker" => Algorithm::Backtracker,
        "prim" => Algorithm::Prim,
        "kruskal" => Algorithm::Kruskal,
        "wilson" => Algorithm::Wilson,
        "hunt-and-kill" => Algorithm::HuntAndKill,
        "growing-tree" => Algorithm::GrowingTree(GrowingTreeMode::Mixed { newest_percent: 50 }),
        other => return Err(format!("unknown algorithm {other:?}").into()),
    };

    let mut maze = Maze::new(width, height)?;
    maze.block_pattern42()?; // 18 cells that stay closed, in the middle
    maze.carve(algorithm, Point::new(0, 0), &mut seeded_rng(seed))?;
    assert_eq!(maze.loop_count()?, 0, "a carved maze is a spanning tree");

    let entry = Point::new(0, 0);
    let exit = Point::new(width as i32 - 1, height as i32 - 1);
    let file = MazeFile::new(maze, entry, exit)?;
    let text = file.to_text()?;

    // The file reads back into the same maze, entry, exit and path.
    let again = MazeFile::parse(&text)?;
    assert_eq!(again, file);
    Ok(format!("{text}\n{}", again.maze.to_ascii()?))
}

#[test]
fn the_file_has_a_hex_row_per_maze_row_and_the_path() {
    let text = maze42(20, 15, 42, "backtracker").unwrap();
    let rows: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 15);
    assert!(
        rows.iter()
            .all(|r| r.len() == 20 && r.chars().all(|c| c.is_ascii_hexdigit()))
    );
    // The 18 cells of the "42" are closed on all four sides: F.
    assert_eq!(rows.concat().matches('F').count(), 18);
    assert!(text.contains("\n0,0\n19,14\n"));
    assert!(maze42(20, 15, 42, "eller").is_err());
}
