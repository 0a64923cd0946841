// include/mcrdun.hpp from C++17: RAII handles, vectors from the two-call
// functions, statuses as exceptions. Builds a BSP and reads its adjacency,
// builds levels and checks them against the one-call C function, and
// carves, solves and braids a maze.
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "mcrdun.hpp"

namespace {

int failures = 0;

void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "level_wrapper.cpp:%d: CHECK failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

// Runs `f`, expecting mcrdun::Error with `status` and a message containing `needle`.
template <typename F>
void expect_error(F f, McrdunStatus status, const char *needle, int line) {
    try {
        f();
        check(false, "an exception", line);
    } catch (const mcrdun::Error &e) {
        check(e.status() == status, "the status", line);
        check(std::string(e.what()).find(needle) != std::string::npos, needle, line);
    }
}
#define EXPECT_ERROR(f, status, needle) expect_error((f), (status), (needle), __LINE__)

static_assert(!std::is_copy_constructible<mcrdun::Level>::value, "handles are move-only");
static_assert(std::is_nothrow_move_constructible<mcrdun::Level>::value, "handles move");
static_assert(!std::is_copy_constructible<mcrdun::Bsp>::value, "handles are move-only");
static_assert(!std::is_copy_constructible<mcrdun::Maze>::value, "handles are move-only");

void test_bsp() {
    mcrdun::Bsp bsp(0, 0, 80, 50);
    bsp.split_recursive(42, 4, 8, 6, 1.5f, 1.5f);
    const std::size_t n = bsp.leaf_count();
    CHECK(n > 1 && n <= 16);
    std::size_t area = 0, edges = 0;
    for (std::size_t leaf = 0; leaf < n; ++leaf) {
        const McrdunRect r = bsp.leaf_rect(leaf);
        area += static_cast<std::size_t>(r.w) * static_cast<std::size_t>(r.h);
        CHECK(bsp.find_leaf(r.x, r.y) == leaf);
        const std::vector<uint32_t> next = bsp.adjacency(leaf);
        CHECK(!next.empty());
        for (std::size_t i = 0; i < next.size(); ++i) {
            if (i > 0) {
                CHECK(next[i - 1] < next[i]);
            }
            // Symmetric, and the wall tiles face each other one step apart.
            const std::vector<uint32_t> back = bsp.adjacency(next[i]);
            bool found = false;
            for (uint32_t b : back) {
                found = found || b == leaf;
            }
            CHECK(found);
            const std::vector<McrdunPoint> mine = bsp.adjacent_tiles(leaf, next[i]);
            const std::vector<McrdunPoint> theirs = bsp.adjacent_tiles(next[i], leaf);
            CHECK(!mine.empty() && mine.size() == theirs.size());
            for (std::size_t k = 0; k < mine.size() && k < theirs.size(); ++k) {
                const int dx = mine[k].x - theirs[k].x, dy = mine[k].y - theirs[k].y;
                CHECK(dx * dx + dy * dy == 1);
            }
            ++edges;
        }
    }
    CHECK(area == 80 * 50);
    CHECK(edges % 2 == 0 && edges / 2 >= n - 1);

    EXPECT_ERROR([&] { bsp.adjacent_tiles(0, 0); }, MCRDUN_STATUS_NOT_ADJACENT, "mcrdun_bsp_adjacent_tiles");
    EXPECT_ERROR([&] { bsp.leaf_rect(n); }, MCRDUN_STATUS_OUT_OF_RANGE, "mcrdun_bsp_leaf_rect");
    EXPECT_ERROR([] { mcrdun::Bsp bad(0, 0, 0, 5); }, MCRDUN_STATUS_INVALID_ARGUMENT, "mcrdun_bsp_new");
    EXPECT_ERROR([&] { bsp.split_recursive(1, 4, 0, 6, 1.5f, 1.5f); }, MCRDUN_STATUS_INVALID_ARGUMENT,
                 "mcrdun_bsp_split_recursive");

    mcrdun::Bsp moved = std::move(bsp);
    CHECK(moved.leaf_count() == n);
}

void test_levels() {
    for (uint32_t kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_DRUNKARD; ++kind) {
        const McrdunLevelConfig config = mcrdun::level_config(kind, 64, 40);
        const mcrdun::Level level(config, 99);
        const McrdunLevelInfo info = level.info();
        const std::vector<uint8_t> tiles = level.tiles();
        const std::vector<McrdunLevelRoom> rooms = level.rooms();
        const std::vector<McrdunLevelDoor> doors = level.doors();
        CHECK(info.kind == kind && info.width == 64 && info.height == 40);
        CHECK(tiles.size() == 64 * 40);
        CHECK(rooms.size() == info.rooms && doors.size() == info.doors);
        CHECK(tiles[static_cast<std::size_t>(info.stairs_up.y) * 64 + info.stairs_up.x] ==
              MCRDUN_TILE_STAIRS_UP);
        for (const McrdunLevelDoor &d : doors) {
            CHECK(tiles[static_cast<std::size_t>(d.at.y) * 64 + d.at.x] == MCRDUN_TILE_DOOR);
            CHECK(d.room_b < rooms.size());
        }

        // The same bytes as the one-call C function.
        std::vector<uint8_t> direct(tiles.size());
        std::size_t len = 0;
        CHECK(mcrdun_level_generate(&config, 99, direct.data(), direct.size(), &len, nullptr, 0, nullptr,
                                    nullptr, 0, nullptr, nullptr) == MCRDUN_STATUS_OK);
        CHECK(direct == tiles);
    }

    McrdunLevelConfig cave = mcrdun::level_config(MCRDUN_LEVEL_KIND_CAVE, 5, 5);
    cave.cave_fill = 0.6;
    EXPECT_ERROR([&] { mcrdun::Level level(cave, 1); }, MCRDUN_STATUS_UNSATISFIABLE, "no level can be made");
    EXPECT_ERROR([] { mcrdun::level_config(42, 10, 10); }, MCRDUN_STATUS_INVALID_ARGUMENT,
                 "mcrdun_level_config_default");
    McrdunLevelConfig maze = mcrdun::level_config(MCRDUN_LEVEL_KIND_MAZE, 41, 31);
    maze.maze_algorithm = 99;
    EXPECT_ERROR([&] { mcrdun::Level level(maze, 1); }, MCRDUN_STATUS_INVALID_ARGUMENT, "maze_algorithm");
}

void test_maze() {
    mcrdun::Maze maze(20, 15);
    maze.block_pattern42();
    maze.carve(MCRDUN_MAZE_ALGORITHM_BACKTRACKER, 0, 0, 7);
    CHECK(maze.loop_count() == 0);
    const std::vector<uint8_t> walls = maze.walls();
    CHECK(walls.size() == 20 * 15);
    std::size_t blocked = 0;
    for (uint8_t w : walls) {
        CHECK(w <= 0xF);
        blocked += w == 0xF;
    }
    CHECK(blocked == 18);
    const std::string path = maze.solve(0, 0, 19, 14);
    CHECK(path.size() >= 19 + 14 && path.find_first_not_of("NESW") == std::string::npos);
    const std::string hex = maze.hex(0, 0, 19, 14);
    CHECK(hex.size() > path.size() && hex.substr(hex.size() - path.size() - 1) == path + "\n");
    CHECK(maze.solve(3, 3, 3, 3).empty());
    maze.braid(1.0, 7);
    CHECK(maze.loop_count() > 0);
    EXPECT_ERROR([&] { maze.block(20, 0); }, MCRDUN_STATUS_OUT_OF_RANGE, "mcrdun_maze_block");
    EXPECT_ERROR([&] { maze.braid(2.0, 1); }, MCRDUN_STATUS_INVALID_ARGUMENT, "mcrdun_maze_braid");
    EXPECT_ERROR([] { mcrdun::Maze small(3, 3); small.block_pattern42(); }, MCRDUN_STATUS_UNSATISFIABLE,
                 "mcrdun_maze_block_pattern42");
}

}  // namespace

int main() {
    CHECK(mcrdun::version() == mcrdun_version());
    try {
        test_bsp();
        test_levels();
        test_maze();
    } catch (const mcrdun::Error &e) {
        std::fprintf(stderr, "level_wrapper.cpp: unexpected mcrdun::Error %d: %s\n",
                     static_cast<int>(e.status()), e.what());
        return 1;
    }
    if (failures != 0) {
        std::fprintf(stderr, "level_wrapper.cpp: %d check(s) failed\n", failures);
        return 1;
    }
    std::printf("level_wrapper.cpp: all checks passed\n");
    return 0;
}
