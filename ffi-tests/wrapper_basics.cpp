// include/mcrdun.hpp: version and errors, rectangle relations, and the
// one-call level (mcrdun::generate_level) against the level handle.
#include <cstdint>
#include <string>
#include <vector>

#include "check.hpp"

namespace {

void test_version_and_errors() {
    CHECK(mcrdun::version() == mcrdun_version());
    CHECK(mcrdun::header_version() == mcrdun::version());
    CHECK(mcrdun::status_str(MCRDUN_STATUS_OK) == mcrdun_status_str(0));
    CHECK(mcrdun::status_str(MCRDUN_STATUS_NOT_ADJACENT) != mcrdun::status_str(MCRDUN_STATUS_OK));
    // A failing call: the exception carries the status and the detail, and
    // the detail is also this thread's last error.
    try {
        mcrdun::rect::shared_wall(McrdunRect{0, 0, 0, 5}, McrdunRect{0, 0, 5, 5});
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_INVALID_ARGUMENT);
        CHECK(std::string(e.what()) == mcrdun::last_error());
        CHECK(std::string(e.what()).find("mcrdun_rect_shared_wall") != std::string::npos);
    }
}

void test_rect() {
    const McrdunRect top{0, 0, 80, 25};
    const McrdunRect bottom{20, 25, 40, 25};
    CHECK(mcrdun::rect::is_valid(top));
    CHECK(!mcrdun::rect::is_valid(McrdunRect{0, 0, 0, 1}));
    CHECK(!mcrdun::rect::is_valid(McrdunRect{INT32_MAX, 0, 2, 1}));

    const McrdunSharedWall wall = mcrdun::rect::shared_wall(top, bottom);
    CHECK(wall.side == MCRDUN_SIDE_SOUTH && wall.start == 20 && wall.end == 60);
    const McrdunSharedWall back = mcrdun::rect::shared_wall(bottom, top);
    CHECK(back.side == MCRDUN_SIDE_NORTH && back.start == 20 && back.end == 60);

    const std::vector<McrdunPoint> mine = mcrdun::rect::wall_tiles(top, bottom);
    CHECK(mine.size() == 40);
    for (std::size_t i = 0; i < mine.size(); ++i) {
        CHECK(mine[i].x == static_cast<int32_t>(20 + i) && mine[i].y == 24);
    }
    const std::vector<McrdunPoint> theirs = mcrdun::rect::wall_tiles(bottom, top);
    CHECK(theirs.size() == 40 && theirs.front().y == 25 && theirs.front().x == 20);

    // Neighbours: a gap of 2 with max_gap 3, overlap 10 wider than a door of 1.
    CHECK(mcrdun::rect::are_neighbours(McrdunRect{0, 0, 10, 10}, McrdunRect{12, 0, 10, 10}, 3, 1));
    CHECK(!mcrdun::rect::are_neighbours(McrdunRect{0, 0, 10, 10}, McrdunRect{13, 0, 10, 10}, 3, 1));
    CHECK(!mcrdun::rect::are_neighbours(top, McrdunRect{0, 0, 5, 5}, 3, 1));  // overlapping

    EXPECT_ERROR([&] { mcrdun::rect::shared_wall(top, McrdunRect{80, 25, 1, 1}); },
                 MCRDUN_STATUS_NOT_ADJACENT, "mcrdun_rect_shared_wall");
    EXPECT_ERROR([&] { mcrdun::rect::wall_tiles(top, McrdunRect{200, 200, 1, 1}); },
                 MCRDUN_STATUS_NOT_ADJACENT, "mcrdun_rect_wall_tiles");
    EXPECT_ERROR([&] { mcrdun::rect::are_neighbours(top, McrdunRect{0, 0, 1, -1}, 3, 1); },
                 MCRDUN_STATUS_INVALID_ARGUMENT, "mcrdun_rect_are_neighbours");
}

void test_generate_level() {
    for (uint32_t kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; ++kind) {
        const McrdunLevelConfig config = mcrdun::level_config(kind, 60, 40);
        const mcrdun::GeneratedLevel once = mcrdun::generate_level(config, 31);
        const mcrdun::Level level(config, 31);
        CHECK(once.tiles == level.tiles());
        CHECK(once.tiles.size() == 60 * 40);
        CHECK(once.rooms.size() == level.rooms().size() && once.rooms.size() == once.info.rooms);
        CHECK(once.doors.size() == level.doors().size() && once.doors.size() == once.info.doors);
        const McrdunLevelInfo info = level.info();
        CHECK(once.info.walkable == info.walkable && once.info.longest_path == info.longest_path);
        CHECK(once.info.stairs_up.x == info.stairs_up.x && once.info.stairs_up.y == info.stairs_up.y);
        std::size_t walkable = 0;
        for (uint8_t t : once.tiles) {
            walkable += t != MCRDUN_TILE_WALL && t != MCRDUN_TILE_ROCK;
        }
        CHECK(walkable == info.walkable);
    }
    McrdunLevelConfig bad = mcrdun::level_config(MCRDUN_LEVEL_KIND_BSP, 80, 50);
    bad.loops = 2.0;
    EXPECT_ERROR([&] { mcrdun::generate_level(bad, 1); }, MCRDUN_STATUS_INVALID_ARGUMENT, "loops");
}

}  // namespace

int main() {
    return check_hpp::run_main("wrapper_basics.cpp", [] {
        test_version_and_errors();
        test_rect();
        test_generate_level();
    });
}
