//! The "A-Maze-ing" output file: one hex digit of wall bits per cell.
//!
//! ```text
//! 9515391539551795151151153
//! ...                           one line per row, one digit per cell
//!                               one empty line
//! 0,0                           the entry x,y
//! 24,19                         the exit x,y
//! SWSESWSESWSSSEESEEENEE...     the shortest path, N/E/S/W letters
//! ```
//!
//! Every line ends in `\n`. Digits are written in upper case and read in
//! either case.

use crate::{CarveError, Maze};
use mcrdun_geom::memory::{Budget, check_bytes};
use mcrdun_geom::{GeomError, Point, Side};

/// The length of a file's text: the rows, the blank line and two coordinate
/// lines of at most 23 bytes each (`-2147483648,-2147483648` and a newline),
/// and the path with its newline.
fn text_len(maze: &Maze, path: &str) -> usize {
    maze.len() + maze.height() as usize + 2 * 24 + path.len() + 1
}

/// Appends the file's text to `out` (which has room for [`text_len`]).
fn push_text(out: &mut String, maze: &Maze, entry: Point, exit: Point, path: &str) {
    use core::fmt::Write;
    maze.push_hex_rows(out);
    // Writing to a String cannot fail.
    let _ = write!(out, "\n{},{}\n{},{}\n", entry.x, entry.y, exit.x, exit.y);
    out.push_str(path);
    out.push('\n');
}

/// An empty string with room for `n` bytes, checked against the memory
/// budget, or an error naming `what`.
pub(crate) fn try_string(what: &'static str, n: usize) -> Result<String, CarveError> {
    check_bytes(what, n as u64)?;
    let mut s = String::new();
    s.try_reserve_exact(n).map_err(|_| GeomError::OutOfMemory {
        what,
        needed: n as u64,
    })?;
    Ok(s)
}

/// A maze with its entry, exit and the path between them: the content of
/// one hex file.
///
/// ```
/// use mcrdun_carve::{Algorithm, Maze, MazeFile};
/// use mcrdun_geom::{random::seeded_rng, Point};
/// let mut maze = Maze::new(20, 15)?;
/// maze.block_pattern42()?;
/// maze.carve(Algorithm::Backtracker, Point::new(0, 0), &mut seeded_rng(7))?;
/// let file = MazeFile::new(maze, Point::new(0, 0), Point::new(19, 14))?;
/// let text = file.to_text()?;
/// let back = MazeFile::parse(&text)?;
/// assert_eq!(back, file);
/// assert_eq!(back.to_text()?, text);
/// # Ok::<(), mcrdun_carve::CarveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MazeFile {
    /// The maze.
    pub maze: Maze,
    /// Where the path starts.
    pub entry: Point,
    /// Where the path ends.
    pub exit: Point,
    /// The path from entry to exit as N/E/S/W letters.
    pub path: String,
}

impl MazeFile {
    /// The working memory of [`MazeFile::parse`], in bytes a cell of the
    /// maze read (its walls and mask), besides a byte a step of its path.
    pub const READ_BYTES_PER_CELL: u64 = 2;

    /// The file for `maze` with the shortest path from `entry` to `exit`.
    ///
    /// # Errors
    /// As [`Maze::solve`].
    pub fn new(maze: Maze, entry: Point, exit: Point) -> Result<MazeFile, CarveError> {
        let path = maze.solve(entry, exit)?;
        Ok(MazeFile {
            maze,
            entry,
            exit,
            path,
        })
    }

    /// Moves the entry and the exit, and finds the new shortest path. Use
    /// it to choose them on a file read back by [`MazeFile::parse`], whose
    /// own entry and exit only say which fully closed cells are open.
    ///
    /// ```
    /// use mcrdun_carve::{Algorithm, Maze, MazeFile};
    /// use mcrdun_geom::{random::seeded_rng, Point};
    /// let mut maze = Maze::new(12, 9)?;
    /// maze.block_pattern42()?;
    /// maze.carve(Algorithm::Prim, Point::new(0, 0), &mut seeded_rng(3))?;
    /// let mut file = MazeFile::new(maze, Point::new(0, 0), Point::new(11, 8))?;
    /// file.set_ends(Point::new(11, 0), Point::new(0, 8))?;
    /// assert_eq!(file.entry, Point::new(11, 0));
    /// assert_eq!(file.path, file.maze.solve(Point::new(11, 0), Point::new(0, 8))?);
    /// assert!(file.set_ends(Point::new(2, 2), Point::new(0, 8)).is_err()); // in the 42
    /// # Ok::<(), mcrdun_carve::CarveError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Maze::solve`] (outside, blocked, no path); the file is then
    /// unchanged.
    pub fn set_ends(&mut self, entry: Point, exit: Point) -> Result<(), CarveError> {
        self.path = self.maze.solve(entry, exit)?;
        self.entry = entry;
        self.exit = exit;
        Ok(())
    }

    /// The file's text: its only memory, a byte a cell, one a row and one
    /// a path step (at most 3 a cell) and 49 more, checked against the
    /// [memory budget](mcrdun_geom::memory) and allocated once.
    ///
    /// # Errors
    /// [`CarveError::Geom`] with `OverBudget` when the text passes the
    /// memory budget.
    pub fn to_text(&self) -> Result<String, CarveError> {
        let _budget = Budget::start();
        let mut out = try_string("a maze file", text_len(&self.maze, &self.path))?;
        push_text(&mut out, &self.maze, self.entry, self.exit, &self.path);
        Ok(out)
    }

    /// Reads a file written by [`MazeFile::to_text`] (or by any "A-Maze-ing"
    /// program), checking it all: equal row lengths, hex digits, walls that
    /// agree between neighbours, a closed border, entry and exit inside, and
    /// a path that walks through open walls from the entry to the exit.
    ///
    /// The format does not tell a blocked cell from an open cell with four
    /// closed walls; every cell with all walls closed is read as blocked,
    /// except the entry and the exit. (A carved maze of two or more cells
    /// has no closed-in open cell, so it reads back equal.)
    ///
    /// Working memory: [`MazeFile::READ_BYTES_PER_CELL`] bytes a cell and a
    /// byte a step of the path (the maze and the path it returns), checked
    /// against the [memory budget](mcrdun_geom::memory) before anything is
    /// allocated: the cells the rows claim (the first row's length a row)
    /// as soon as the rows seen so far claim too many, before any row is
    /// read, so a text of millions of rows is refused after a few; the path
    /// once found.
    ///
    /// # Errors
    /// [`CarveError::Parse`] with the line of the first problem;
    /// [`CarveError::Geom`] with `OverBudget` above the memory budget.
    pub fn parse(text: &str) -> Result<MazeFile, CarveError> {
        let _budget = Budget::start();
        let err = |line: usize, message: String| CarveError::Parse { line, message };
        let Some(body) = text.strip_suffix('\n') else {
            return Err(err(
                text.lines().count().max(1),
                "the text must end with a newline".into(),
            ));
        };
        // Everything is checked before the maze is allocated, without
        // collecting the lines: a text may claim any size.
        let lines = || body.split('\n');
        let width = lines().next().map_or(0, str::len);
        let Some(blank) = blank_line(body, width)? else {
            return Err(err(lines().count(), "no empty line after the rows".into()));
        };
        if blank == 0 {
            return Err(err(1, "no maze rows".into()));
        }
        let height = blank;
        let too_large = || err(1, format!("a {width}x{height} maze is too large"));
        let w32 = u32::try_from(width).map_err(|_| too_large())?;
        let h32 = u32::try_from(height).map_err(|_| too_large())?;
        // The size the rows claim (already within the budget: the search
        // for the blank line refuses past it); the path is added below.
        let cells = (width as u64).saturating_mul(height as u64);
        let claimed = cells.saturating_mul(Self::READ_BYTES_PER_CELL);
        if let Some((y, row)) = lines()
            .take(blank)
            .enumerate()
            .find(|(_, row)| row.len() != width)
        {
            return Err(err(
                y + 1,
                format!("row of {} cells, expected {width}", row.len()),
            ));
        }
        let found = lines().count() - blank - 1;
        if found != 3 {
            return Err(err(
                blank + 2 + found.min(3),
                format!("expected entry, exit and path after the rows, found {found} lines"),
            ));
        }
        let mut rest = lines().skip(blank + 1);
        let mut next = || rest.next().unwrap_or_default();
        let (entry_line, exit_line, path_line) = (next(), next(), next());
        let entry = coordinate(entry_line, blank + 2, width, height)?;
        let exit = coordinate(exit_line, blank + 3, width, height)?;
        check_bytes(
            "reading a maze file",
            claimed.saturating_add(path_line.len() as u64),
        )?;
        let mut maze = Maze::new(w32, h32)?;
        let cell = |p: Point| p.y as usize * width + p.x as usize;
        maze.set_hex_rows(lines().take(blank), [cell(entry), cell(exit)])
            .map_err(|(i, m)| err(i / width + 1, m))?;
        walk_path(&maze, entry, exit, path_line, blank + 4)?;
        let mut path = try_string("a maze's path", path_line.len())?;
        path.push_str(path_line);
        Ok(MazeFile {
            maze,
            entry,
            exit,
            path,
        })
    }
}

/// The index of the first empty line of `body` (its lines split at `\n`),
/// refusing as soon as the rows before it claim more memory than the budget
/// allows (`width` digits a row, [`MazeFile::READ_BYTES_PER_CELL`] bytes a
/// cell): a text of millions of rows claiming a huge maze is refused after
/// a few of them.
fn blank_line(body: &str, width: usize) -> Result<Option<usize>, CarveError> {
    let limit = mcrdun_geom::memory::call_limit();
    let row_bytes = (width as u64).saturating_mul(MazeFile::READ_BYTES_PER_CELL);
    let mut claimed = 0u64;
    for (i, line) in body.split('\n').enumerate() {
        if line.is_empty() {
            return Ok(Some(i));
        }
        claimed = claimed.saturating_add(row_bytes);
        if claimed > limit {
            check_bytes("reading a maze file", claimed)?;
        }
    }
    Ok(None)
}

/// Reads `x,y` on `line` (1-based), a cell of a `width` x `height` maze.
fn coordinate(s: &str, line: usize, width: usize, height: usize) -> Result<Point, CarveError> {
    let err = |message: String| CarveError::Parse { line, message };
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| err(format!("'{s}' is not x,y")))?;
    let num = |t: &str| -> Result<i32, CarveError> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(format!("'{s}' is not x,y")));
        }
        t.parse::<i32>()
            .map_err(|_| err(format!("'{s}' is out of range")))
    };
    let p = Point::new(num(x)?, num(y)?);
    if p.x as usize >= width || p.y as usize >= height {
        return Err(err(format!("{p} is outside the {width}x{height} maze")));
    }
    Ok(p)
}

/// Checks that `path` (on `line`) walks through open walls from `entry` to
/// `exit`.
fn walk_path(
    maze: &Maze,
    entry: Point,
    exit: Point,
    path: &str,
    line: usize,
) -> Result<(), CarveError> {
    let err = |message: String| CarveError::Parse { line, message };
    let mut at = entry;
    for (k, c) in path.chars().enumerate() {
        let side =
            Side::from_letter(c).ok_or_else(|| err(format!("'{c}' is not one of N, E, S, W")))?;
        if maze.has_wall(at, side) != Some(false) {
            return Err(err(format!(
                "step {} ({c}) from {at} goes through a wall",
                k + 1
            )));
        }
        at = at + side.delta();
    }
    if at != exit {
        return Err(err(format!(
            "the path ends at {at}, not at the exit {exit}"
        )));
    }
    Ok(())
}

impl Maze {
    /// The wall grid as hex digits, one line per row, each ending in `\n`:
    /// its only memory, a byte a cell and one a row, checked against the
    /// [memory budget](mcrdun_geom::memory).
    ///
    /// # Errors
    /// [`CarveError::Geom`] with `OverBudget` above the memory budget.
    pub fn to_hex_rows(&self) -> Result<String, CarveError> {
        let _budget = Budget::start();
        let mut out = try_string("a maze's hex rows", self.len() + self.height() as usize)?;
        self.push_hex_rows(&mut out);
        Ok(out)
    }

    fn push_hex_rows(&self, out: &mut String) {
        const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
        for row in self.rows() {
            out.extend(row.iter().map(|&v| DIGITS[usize::from(v & 0xF)] as char));
            out.push('\n');
        }
    }

    /// The whole hex file with the shortest path from `entry` to `exit`.
    /// Working memory: [`Maze::SOLVE_BYTES_PER_CELL`] bytes a cell (the
    /// search; the path and the text that follow take at most 4).
    ///
    /// # Errors
    /// As [`Maze::solve`].
    pub fn to_hex(&self, entry: Point, exit: Point) -> Result<String, CarveError> {
        let _budget = Budget::start();
        let path = self.solve(entry, exit)?;
        let mut out = try_string("a maze file", text_len(self, &path))?;
        push_text(&mut out, self, entry, exit, &path);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_by_two() -> Maze {
        let mut m = Maze::new(2, 2).unwrap();
        m.open_wall(Point::new(0, 0), Side::East).unwrap();
        m.open_wall(Point::new(1, 0), Side::South).unwrap();
        m.open_wall(Point::new(1, 1), Side::West).unwrap();
        m
    }

    #[test]
    fn exact_text() {
        let text = two_by_two()
            .to_hex(Point::new(0, 0), Point::new(0, 1))
            .unwrap();
        assert_eq!(text, "D3\nD6\n\n0,0\n0,1\nESW\n");
        let back = MazeFile::parse(&text).unwrap();
        assert_eq!(back.maze, two_by_two());
        assert_eq!(back.to_text().unwrap(), text);
        assert_eq!(
            MazeFile::parse("d3\nd6\n\n0,0\n0,1\nESW\n").unwrap().maze,
            two_by_two()
        );
    }

    #[test]
    fn ends_decide_which_closed_cells_are_open() {
        // A 3 x 1 maze: (0, 0) and (1, 0) joined, (2, 0) closed in. The
        // closed cell is blocked unless it is the entry or the exit.
        let f = MazeFile::parse("D7F\n\n0,0\n1,0\nE\n").unwrap();
        assert_eq!(f.maze.is_blocked(Point::new(2, 0)), Some(true));
        let g = MazeFile::parse("D7F\n\n2,0\n2,0\n\n").unwrap();
        assert_eq!(g.maze.is_blocked(Point::new(2, 0)), Some(false));
        // As the exit it is open but out of reach: the path cannot end there.
        assert!(MazeFile::parse("D7F\n\n0,0\n2,0\nE\n").is_err());
        // Moving the ends re-solves; a blocked or outside end is refused
        // and the file is unchanged.
        let mut f = f;
        f.set_ends(Point::new(1, 0), Point::new(0, 0)).unwrap();
        assert_eq!((f.path.as_str(), f.entry), ("W", Point::new(1, 0)));
        let before = f.clone();
        assert!(matches!(
            f.set_ends(Point::new(2, 0), Point::new(0, 0)),
            Err(CarveError::Blocked { .. })
        ));
        assert!(matches!(
            f.set_ends(Point::new(3, 0), Point::new(0, 0)),
            Err(CarveError::OutOfBounds { .. })
        ));
        assert!(matches!(
            g.clone().set_ends(Point::new(0, 0), Point::new(2, 0)),
            Err(CarveError::NoPath { .. })
        ));
        assert_eq!(f, before);
        assert_eq!(f.to_text().unwrap(), "D7F\n\n1,0\n0,0\nW\n");
    }

    /// Solving, writing and reading refuse a call budget one byte short of
    /// their stated memory, and work with exactly that; a text claiming a
    /// maze past the budget is refused before the maze is allocated.
    #[test]
    fn files_keep_to_their_budgets() {
        use mcrdun_geom::memory::Budget;
        let mut m = Maze::new(30, 20).unwrap();
        m.carve(
            crate::Algorithm::Prim,
            Point::new(0, 0),
            &mut mcrdun_geom::random::seeded_rng(4),
        )
        .unwrap();
        let (a, b) = (Point::new(0, 0), Point::new(29, 19));
        let need = 600 * Maze::SOLVE_BYTES_PER_CELL;
        let text = m.to_hex(a, b).unwrap();
        let path = text.lines().last().unwrap().len() as u64;
        let read = 600 * MazeFile::READ_BYTES_PER_CELL + path;
        let too_large = |e: CarveError| matches!(e, CarveError::Geom(g) if g.is_too_large());
        {
            let _call = Budget::start_with(need - 1);
            assert!(too_large(m.solve(a, b).unwrap_err()));
            assert!(too_large(m.to_hex(a, b).unwrap_err()));
        }
        {
            let _call = Budget::start_with(read - 1);
            assert!(too_large(MazeFile::parse(&text).unwrap_err()));
        }
        {
            let _call = Budget::start_with(read);
            assert_eq!(MazeFile::parse(&text).unwrap().maze, m);
        }
        let _call = Budget::start_with(need);
        assert_eq!(m.to_hex(a, b).unwrap(), text);
        assert_eq!(m.solve(a, b).unwrap().len() as u64, path);
    }

    #[test]
    fn the_blank_line_is_the_first_empty_line() {
        for body in [
            "",
            "\n",
            "a",
            "a\n",
            "a\nb",
            "a\n\nb",
            "ab\ncd\n",
            "ab\ncd\n\n\nx",
            "\n\n",
            "a\nb\n\n",
        ] {
            let want = body.split('\n').position(str::is_empty);
            assert_eq!(blank_line(body, 2), Ok(want), "{body:?}");
        }
        // Three rows of 2 claim 12 bytes: refused on the third under 11,
        // read under 12.
        {
            let _call = mcrdun_geom::memory::Budget::start_with(12);
            assert_eq!(blank_line("ab\ncd\nef\n\n", 2), Ok(Some(3)));
        }
        let _call = mcrdun_geom::memory::Budget::start_with(11);
        assert_eq!(blank_line("ab\ncd\n\n", 2), Ok(Some(2)));
        assert!(blank_line("ab\ncd\nef\n\n", 2).is_err());
    }

    /// Each text is allocated once, at its size: the 48 bytes kept for the
    /// blank line and the two coordinate lines are the only slack.
    #[test]
    fn texts_are_allocated_once_at_their_size() {
        let m = two_by_two();
        let rows = m.to_hex_rows().unwrap();
        assert_eq!(rows, "D3\nD6\n");
        assert_eq!(rows.capacity(), rows.len());
        let text = m.to_hex(Point::new(0, 0), Point::new(0, 1)).unwrap();
        let file = MazeFile::parse(&text).unwrap().to_text().unwrap();
        for t in [&text, &file] {
            assert_eq!(t.as_str(), "D3\nD6\n\n0,0\n0,1\nESW\n");
            // 6 row bytes, 48 kept for the blank line and the coordinate
            // lines (9 used), 3 path bytes and its newline.
            assert_eq!(t.capacity(), 6 + 48 + 3 + 1);
        }
    }

    #[test]
    fn bad_digits_and_coordinates_are_named() {
        for (text, line, what) in [
            ("D3\nDG\n\n0,0\n0,1\nESW\n", 2, "'G' at column 2"),
            ("\u{e9}3\nD63\n\n0,0\n0,1\nE\n", 1, "'\u{e9}' at column 1"),
            ("D3\nD6\n\n0,\n0,1\nESW\n", 4, "'0,' is not x,y"),
            ("D3\nD6\n\n0,0\n,1\nESW\n", 5, "',1' is not x,y"),
            ("D3\nD6\n\n0,0\n0,99999999999\nESW\n", 5, "out of range"),
            ("3\u{e9}\nD63\n\n0,0\n0,1\nE\n", 1, "'\u{e9}' at column 2"),
        ] {
            match MazeFile::parse(text) {
                Err(CarveError::Parse { line: l, message }) => {
                    assert_eq!(l, line, "{text:?}");
                    assert!(message.contains(what), "{message}");
                }
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn bad_texts() {
        let bad = [
            ("D3\nD6\n\n0,0\n0,1\nESW", 6),      // no final newline
            ("D3\nD6\n0,0\n0,1\nESW\n", 5),      // no blank line
            ("\n0,0\n0,1\n\n", 1),               // no rows
            ("D3\nD\n\n0,0\n0,1\nESW\n", 2),     // short row
            ("D3\nDG\n\n0,0\n0,1\nESW\n", 2),    // not hex
            ("D3\nD6\n\n0,0\n0,1\n", 6),         // missing path line
            ("D3\nD6\n\n0,0\n0,1\nESW\nX\n", 7), // a line too many
            ("D3\nD6\n\n0;0\n0,1\nESW\n", 4),    // bad coordinate
            ("D3\nD6\n\n0,0\n2,1\nESW\n", 5),    // exit outside
            ("D3\nD6\n\n-1,0\n0,1\nESW\n", 4),   // negative
            ("D3\nD6\n\n0,0\n0,1\nESX\n", 6),    // bad letter
            ("D3\nD6\n\n0,0\n0,1\nS\n", 6),      // through a wall
            ("D3\nD6\n\n0,0\n0,1\nE\n", 6),      // ends elsewhere
            ("93\nD6\n\n0,0\n0,1\nESW\n", 1),    // disagreeing walls
            ("D3\nD2\n\n0,0\n0,1\nESW\n", 2),    // open border
            ("AA\nAA\nAA\n\n0,0\n0,1\n", 7),     // three rows, no path line
            ("AA\nAA\nAA\n\n0;0\n0,1\nE\n", 5),  // three rows, bad entry
            ("AA\nAA\nAA\n\n0,0\n0;1\nE\n", 6),  // three rows, bad exit
        ];
        for (text, line) in bad {
            match MazeFile::parse(text) {
                Err(CarveError::Parse { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }
}
