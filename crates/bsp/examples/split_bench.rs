//! The BSP split bench's work, once, for instruction counts
//! (`valgrind --tool=callgrind`): 65536x65536 split to depth 20 with
//! minimum 8x8 and ratios 1.5, with the seeded splitter and with the
//! libtcod-compatible one.
use mcrdun_bsp::Bsp;
use mcrdun_geom::Rect;
use mcrdun_geom::random::seeded_rng;

fn main() {
    let rect = Rect::new(0, 0, 65536, 65536).expect("a valid root");
    let mut bsp = Bsp::new(rect);
    bsp.split_recursive(bsp.root(), &mut seeded_rng(1), 20, 8, 8, 1.5, 1.5)
        .expect("the seeded split");
    let mut libtcod = Bsp::new(rect);
    libtcod
        .split_recursive_libtcod(libtcod.root(), 1, 20, 8, 8, 1.5, 1.5)
        .expect("the libtcod split");
    println!("{} {}", bsp.node_count(), libtcod.node_count());
}
