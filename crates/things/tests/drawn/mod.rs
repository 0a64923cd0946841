//! Maps drawn as rows of characters, for the tests of this directory.
#![allow(dead_code)]

use mcrdun_geom::Grid;
use mcrdun_things::{PlaceMap, Spot};

/// A map drawn as rows: `#` wall, `.` room, `,` corridor, `v` vault, `+`
/// door, `c` closed, `B` barrier, `S` the up stairs (room floor), a digit
/// room floor with a marker of that label.
pub fn drawn(rows: &[&str]) -> PlaceMap {
    let (w, h) = (rows[0].len() as u32, rows.len() as u32);
    let mut start = None;
    let mut markers = Vec::new();
    let spots = Grid::from_fn(w, h, |p| {
        match rows[p.y as usize].as_bytes()[p.x as usize] {
            b'.' => Spot::Room,
            b'S' => {
                start = Some(p);
                Spot::Room
            }
            b',' => Spot::Corridor,
            b'v' => Spot::Vault,
            b'+' => Spot::Door,
            b'c' => Spot::Closed,
            b'B' => Spot::Barrier,
            c @ b'0'..=b'9' => {
                markers.push((p, c as char));
                Spot::Room
            }
            _ => Spot::Wall,
        }
    })
    .unwrap();
    PlaceMap::new(spots, start.expect("an S in the map"))
        .unwrap()
        .with_markers(markers)
        .unwrap()
}
