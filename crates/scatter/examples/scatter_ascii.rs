//! Scatters, separates and links rooms, prints the separation report and
//! an ASCII picture (up to 200 rooms): `cargo run -p mcrdun-scatter --example
//! scatter_ascii -- [rooms] [seed]`. Spreads the heap first unless `NOSPREAD`
//! is set in the environment.

use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Grid, Point};
use mcrdun_scatter::{
    SeparateOptions, SizeRange, SpawnArea, neighbours, scatter, separate, spanning_tree,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(Ok(40), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |a| a.parse())?;
    let mut rng = seeded_rng(seed);
    let radius = (count as f64).sqrt() as u32 * 3;
    let area = SpawnArea::Disc {
        center: Point::new(0, 0),
        radius,
    };
    let mut rooms = scatter(
        &mut rng,
        count,
        area,
        SizeRange::new(4, 12)?,
        SizeRange::new(3, 8)?,
    )?;
    let t = std::time::Instant::now();
    let report = separate(
        &mut rooms,
        SeparateOptions {
            spread: std::env::var("NOSPREAD").is_err(),
            ..SeparateOptions::default()
        },
    )?;
    println!("{count} rooms: {report:?} in {:?}", t.elapsed());
    let links = neighbours(&rooms, 2, 1)?;
    let c = spanning_tree(rooms.len(), &links, 0)?;
    println!(
        "{} neighbour pairs, tree {}, candidates {}, unreachable {}",
        links.len(),
        c.tree().len(),
        c.loop_candidates().len(),
        c.unreachable().len()
    );
    if count > 200 {
        return Ok(());
    }
    let x0 = rooms.iter().map(|r| r.x()).min().unwrap_or(0);
    let y0 = rooms.iter().map(|r| r.y()).min().unwrap_or(0);
    let x1 = rooms.iter().map(|r| r.right()).max().unwrap_or(0);
    let y1 = rooms.iter().map(|r| r.bottom()).max().unwrap_or(0);
    let mut g = Grid::new((x1 - x0) as u32, (y1 - y0) as u32, ' ')?;
    for (i, r) in rooms.iter().enumerate() {
        let ch = if c.is_reached(i) {
            b'a' + (i % 26) as u8
        } else {
            b'#'
        } as char;
        for p in r.points() {
            g.set(Point::new(p.x - x0, p.y - y0), ch)?;
        }
    }
    for row in g.rows() {
        println!("{}", row.iter().collect::<String>());
    }
    Ok(())
}
