// The entry and exit of the 42 "A-Maze-ing" hex file through
// include/mcrdun.hpp: set them on a carved maze, write the file, read it
// back (the ends come with it), move them, and the errors as exceptions.
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "check.hpp"
#include "mcrdun.hpp"

namespace {

void test_ends() {
    mcrdun::Maze maze(20, 15);
    maze.block_pattern42();
    maze.carve(MCRDUN_MAZE_ALGORITHM_WILSON, 5, 0, 3);
    EXPECT_ERROR([&] { (void)maze.hex_file(); }, MCRDUN_STATUS_INVALID_ARGUMENT, "mcrdun_maze_set_ends");
    EXPECT_ERROR([&] { maze.set_ends(6, 5, 0, 0); }, MCRDUN_STATUS_INVALID_ARGUMENT, "blocked");
    EXPECT_ERROR([&] { maze.set_ends(0, 0, 0, 0); }, MCRDUN_STATUS_INVALID_ARGUMENT, "differ");
    EXPECT_ERROR([&] { maze.set_ends(0, 0, 20, 0); }, MCRDUN_STATUS_OUT_OF_RANGE, "outside");
    maze.set_ends(5, 0, 14, 14);
    const std::array<uint32_t, 4> want{{5, 0, 14, 14}};
    CHECK(maze.ends() == want);
    const std::string text = maze.hex_file();
    CHECK(text == maze.hex(5, 0, 14, 14));
    CHECK(text.find("\n\n5,0\n14,14\n") != std::string::npos);

    mcrdun::Maze back = mcrdun::Maze::read_hex(text);
    CHECK(back.ends() == want);
    CHECK(back.hex_file() == text);
    CHECK(back.walls() == maze.walls());
    back.set_ends(0, 14, 19, 0);
    CHECK(back.hex_file() == maze.hex(0, 14, 19, 0));

    EXPECT_ERROR([] { (void)mcrdun::Maze::read_hex("12\n"); }, MCRDUN_STATUS_INVALID_ARGUMENT, "line");
}

}  // namespace

int main() { return check_hpp::run_main("maze_ends.cpp", test_ends); }
