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

use mcrdun_carve::{Algorithm, GrowingTreeMode, Maze, MazeFile};
use mcrdun_geom::{Point, random::seeded_rng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let width: u32 = args.next().map_or(Ok(20), |a| a.parse())?;
    let height: u32 = args.next().map_or(Ok(15), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(42), |a| a.parse())?;
    let algorithm = match args.next().as_deref().unwrap_or("backtracker") {
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
    assert_eq!(maze.loop_count(), 0, "a carved maze is a spanning tree");

    let entry = Point::new(0, 0);
    let exit = Point::new(width as i32 - 1, height as i32 - 1);
    let file = MazeFile::new(maze, entry, exit)?;
    let text = file.to_text();
    print!("{text}");

    // The file reads back into the same maze, entry, exit and path.
    let again = MazeFile::parse(&text)?;
    assert_eq!(again, file);
    println!();
    print!("{}", again.maze.to_ascii());
    Ok(())
}
