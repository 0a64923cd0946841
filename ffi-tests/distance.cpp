// The distance section of include/mcrdun.hpp from C++17: a RAII scratch,
// vectors in and out, errors as mcrdun::Error, on a small cave-like map
// whose distances are checked against a breadth-first search written here.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <type_traits>
#include <vector>

#include "check.hpp"
#include "mcrdun.hpp"

namespace {

static_assert(!std::is_copy_constructible<mcrdun::DistanceScratch>::value, "move-only");
static_assert(std::is_nothrow_move_constructible<mcrdun::DistanceScratch>::value, "moves");

const char *const MAP[] = {
    "..........#.....",
    ".####.###.#.###.",
    ".#......#...#...",
    ".#.####.#####.#.",
    "...#..........#.",
    "####.########.#.",
    "................",
};
const uint32_t W = 16, H = 7;

// 4-connected breadth-first distances from (0, 0), written independently.
std::vector<int32_t> bfs(const std::vector<uint8_t> &floor) {
    std::vector<int32_t> d(W * H, MCRDUN_DISTANCE_UNREACHED);
    std::deque<uint32_t> q;
    d[0] = 0;
    q.push_back(0);
    while (!q.empty()) {
        uint32_t i = q.front();
        q.pop_front();
        int x = static_cast<int>(i % W), y = static_cast<int>(i / W);
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; ++k) {
            int nx = x + dx[k], ny = y + dy[k];
            if (nx < 0 || ny < 0 || nx >= static_cast<int>(W) || ny >= static_cast<int>(H)) continue;
            uint32_t n = static_cast<uint32_t>(ny) * W + static_cast<uint32_t>(nx);
            if (floor[n] && d[n] == MCRDUN_DISTANCE_UNREACHED) {
                d[n] = d[i] + 1;
                q.push_back(n);
            }
        }
    }
    return d;
}

}  // namespace

void test_distance() {
    std::vector<uint8_t> floor(W * H);
    for (uint32_t y = 0; y < H; ++y)
        for (uint32_t x = 0; x < W; ++x) floor[y * W + x] = MAP[y][x] == '.' ? 1 : 0;

    mcrdun::DistanceScratch scratch;
    std::vector<int32_t> dist(W * H, MCRDUN_DISTANCE_UNREACHED);
    dist[0] = 0;
    scratch.compute(floor, W, H, dist, 1, 0);
    CHECK(dist == bfs(floor));

    // u16 costs of 3 everywhere: three times the walking distance.
    std::vector<uint16_t> threes(floor.begin(), floor.end());
    for (uint16_t &c : threes) c = static_cast<uint16_t>(c * 3);
    std::vector<int32_t> tripled(W * H, MCRDUN_DISTANCE_UNREACHED);
    tripled[0] = 0;
    scratch.compute(threes, W, H, tripled, 1, 0);
    for (std::size_t i = 0; i < dist.size(); ++i)
        CHECK(tripled[i] == (dist[i] == MCRDUN_DISTANCE_UNREACHED ? dist[i] : 3 * dist[i]));

    // The farthest cell, and the way back from it: one step at a time.
    mcrdun::DistanceFarthest far = mcrdun::distance_farthest(dist, W, H);
    CHECK(far.found);
    CHECK(far.distance == dist[far.cell.y * static_cast<int32_t>(W) + far.cell.x]);
    std::vector<McrdunPoint> way = mcrdun::distance_descent(dist, W, H, far.cell, 1, 0);
    CHECK(way.size() == static_cast<std::size_t>(far.distance) + 1);
    CHECK(way.front().x == far.cell.x && way.front().y == far.cell.y);
    CHECK(way.back().x == 0 && way.back().y == 0);
    for (std::size_t k = 0; k < way.size(); ++k)
        CHECK(dist[way[k].y * static_cast<int32_t>(W) + way[k].x] == far.distance - static_cast<int32_t>(k));

    // The flee map: scale, rescan; the far cell is now the lowest point.
    std::vector<int32_t> flee = dist;
    mcrdun::distance_scale(flee, W, H, -6, 5);
    scratch.compute(floor, W, H, flee, 1, 0);
    for (std::size_t i = 0; i < flee.size(); ++i)
        if (dist[i] != MCRDUN_DISTANCE_UNREACHED) CHECK(flee[i] <= -(dist[i] * 6 + 4) / 5);

    // Errors become exceptions, and leave the vectors alone.
    std::vector<int32_t> before = dist;
    EXPECT_ERROR([&] { scratch.compute(floor, W, H, dist, 1, 0, 99); }, MCRDUN_STATUS_INVALID_ARGUMENT, "");
    EXPECT_ERROR([&] { scratch.compute(floor, W + 1, H, dist, 1, 0); }, MCRDUN_STATUS_INVALID_ARGUMENT, "");
    EXPECT_ERROR([&] { mcrdun::distance_descent(dist, W, H, McrdunPoint{-1, 0}, 1, 1); }, MCRDUN_STATUS_OUT_OF_RANGE, "");
    EXPECT_ERROR([&] { mcrdun::distance_scale(dist, W, H, 1, 0); }, MCRDUN_STATUS_INVALID_ARGUMENT, "");
    scratch.set_max_cells(10);
    EXPECT_ERROR([&] { scratch.compute(floor, W, H, dist, 1, 0); }, MCRDUN_STATUS_TOO_LARGE, "");
    CHECK(dist == before);

    // Move-only RAII: the handle moves, nothing leaks (valgrind checks).
    mcrdun::DistanceScratch moved = std::move(scratch);
    CHECK(moved.get() != nullptr);
}

int main() { return check_hpp::run_main("distance.cpp", test_distance); }
