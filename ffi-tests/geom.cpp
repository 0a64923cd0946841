// The header from C++17: it must compile cleanly as C++, and the C ABI must
// behave the same when called from C++.
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mcrdun.h"

namespace {

int failures = 0;

void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "geom.cpp:%d: CHECK failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

std::vector<McrdunPoint> wall_tiles(McrdunRect a, McrdunRect b, McrdunStatus &status) {
    std::size_t len = 0;
    status = mcrdun_rect_wall_tiles(a, b, nullptr, 0, &len);
    std::vector<McrdunPoint> tiles(len);
    if (status == MCRDUN_STATUS_BUFFER_TOO_SMALL) {
        status = mcrdun_rect_wall_tiles(a, b, tiles.data(), tiles.size(), &len);
    }
    return tiles;
}

}  // namespace

int main() {
    const std::string version = std::to_string(MCRDUN_VERSION_MAJOR) + "." +
                                std::to_string(MCRDUN_VERSION_MINOR) + "." +
                                std::to_string(MCRDUN_VERSION_PATCH);
    CHECK(version == mcrdun_version());

    McrdunStatus status = MCRDUN_STATUS_PANIC;
    const McrdunRect top{0, 0, 80, 25};
    const McrdunRect bottom{20, 25, 40, 25};
    const auto mine = wall_tiles(top, bottom, status);
    CHECK(status == MCRDUN_STATUS_OK);
    CHECK(mine.size() == 40);
    CHECK(mine.front().x == 20 && mine.front().y == 24);
    CHECK(mine.back().x == 59 && mine.back().y == 24);
    const auto theirs = wall_tiles(bottom, top, status);
    CHECK(status == MCRDUN_STATUS_OK && theirs.size() == 40 && theirs[0].y == 25);

    McrdunSharedWall wall{};
    CHECK(mcrdun_rect_shared_wall(top, bottom, &wall) == MCRDUN_STATUS_OK);
    CHECK(wall.side == MCRDUN_SIDE_SOUTH && wall.start == 20 && wall.end == 60);
    CHECK(mcrdun_rect_shared_wall(top, McrdunRect{80, 25, 1, 1}, &wall) ==
          MCRDUN_STATUS_NOT_ADJACENT);

    bool yes = true;
    CHECK(mcrdun_rect_are_neighbours(top, McrdunRect{0, 0, 5, 5}, 3, 1, &yes) == MCRDUN_STATUS_OK);
    CHECK(!yes);

    std::array<char, 256> buf{};
    std::size_t len = 0;
    CHECK(mcrdun_last_error(buf.data(), buf.size(), &len) == MCRDUN_STATUS_OK);
    CHECK(std::string(buf.data()).find("mcrdun_rect_shared_wall") != std::string::npos);

    if (failures != 0) {
        std::fprintf(stderr, "geom.cpp: %d check(s) failed\n", failures);
        return 1;
    }
    std::printf("geom.cpp: all checks passed\n");
    return 0;
}
