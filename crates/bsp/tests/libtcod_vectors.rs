//! `split_recursive_libtcod` against trees made by the real libtcod
//! (`data/libtcod_vectors.txt`, written by `data/libtcod_vectors.py`).

use mcrdun_bsp::{Bsp, BspError, Order};
use mcrdun_geom::Rect;

const VECTORS: &str = include_str!("data/libtcod_vectors.txt");

fn nums(line: &str) -> Vec<i64> {
    line.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn matches_libtcod_node_for_node() {
    let mut lines = VECTORS.lines().filter(|l| !l.starts_with('#'));
    let (mut cases, mut empty) = (0, 0);
    while let Some(head) = lines.next() {
        let f: Vec<&str> = head.split_whitespace().collect();
        assert_eq!(f[0], "case", "{head}");
        let int = |i: usize| f[i].parse::<i64>().unwrap();
        // python floats passed to a C float parameter: double, then float.
        let ratio = |i: usize| f[i].parse::<f64>().unwrap() as f32;
        let mut bsp =
            Bsp::with_bounds(int(1) as i32, int(2) as i32, int(3) as i32, int(4) as i32).unwrap();
        let result = bsp.split_recursive_libtcod(
            bsp.root(),
            int(5) as u32,
            int(6) as u32,
            int(7) as i32,
            int(8) as i32,
            ratio(9),
            ratio(10),
        );
        cases += 1;
        let kind = lines.next().unwrap();
        if kind == "empty" {
            empty += 1;
            assert!(
                matches!(result, Err(BspError::LibtcodEmptyNode { .. })),
                "{head}: {result:?}"
            );
            assert_eq!(bsp.node_count(), 1, "{head}: rolled back");
            continue;
        }
        result.unwrap_or_else(|e| panic!("{head}: {e}"));
        let n: usize = kind.strip_prefix("pre ").unwrap().parse().unwrap();
        let pre = bsp.traverse(bsp.root(), Order::Pre).unwrap();
        assert_eq!(pre.len(), n, "{head}: node count");
        for id in pre {
            let line = lines.next().unwrap();
            let v: Vec<&str> = line.split_whitespace().collect();
            let want = nums(&v[..5].join(" "));
            let node = bsp.node(id).unwrap();
            let r = node.rect;
            let got = [r.x(), r.y(), r.w(), r.h(), node.level as i32].map(i64::from);
            assert_eq!(got.as_slice(), want.as_slice(), "{head}");
            let split = match node.split {
                None => "-".to_string(),
                Some(s) => format!("{}{}", if s.horizontal { 'h' } else { 'v' }, s.position),
            };
            assert_eq!(split, v[5], "{head}: {line}");
        }
        let k: usize = lines
            .next()
            .unwrap()
            .strip_prefix("level ")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(bsp.leaf_count(), k, "{head}");
        for (i, rect) in bsp.leaf_rects().enumerate() {
            let v = nums(lines.next().unwrap());
            let want = Rect::new(v[0] as i32, v[1] as i32, v[2] as i32, v[3] as i32).unwrap();
            assert_eq!(rect, want, "{head}: leaf {i}");
        }
    }
    assert!(cases > 150 && empty > 0, "{cases} cases, {empty} empty");
}
