// include/mcrdun.hpp: mcrdun::regions (labelling with and without wrap,
// statistics, reachability, touched regions, connecting) on a small map
// with three regions, and mcrdun::scatter (generate, separate, neighbours,
// links, unreachable rooms, door spans), each checked against a plain
// all-pairs computation or values worked out by hand.
#include <cstdint>
#include <cstring>
#include <set>
#include <utility>
#include <vector>

#include "check.hpp"

namespace {

using PairSet = std::set<std::pair<uint32_t, uint32_t>>;

// '.' is floor. Regions in raster order: 0 the top-left room, 1 the right
// corridor, 2 the two cells bottom-left.
const char *const MAP[] = {
    "#########",
    "#...#...#",
    "#...#.#.#",
    "#####.#.#",
    "#..##...#",
    "#########",
};
const uint32_t W = 9, H = 6;

std::vector<uint8_t> map_cells() {
    std::vector<uint8_t> cells(W * H);
    for (uint32_t y = 0; y < H; ++y) {
        for (uint32_t x = 0; x < W; ++x) {
            cells[y * W + x] = MAP[y][x] == '.' ? 1 : 0;
        }
    }
    return cells;
}

void test_regions() {
    std::vector<uint8_t> cells = map_cells();
    const mcrdun::regions::Labels l = mcrdun::regions::label(cells, W, H, 4);
    CHECK(l.count == 3);
    CHECK(l.labels[0] == MCRDUN_NO_REGION && l.labels[1 * W + 1] == 0 && l.labels[1 * W + 5] == 1 &&
          l.labels[4 * W + 1] == 2);

    // A 3x3 torus: floor in the corners joins through both wraps.
    const std::vector<uint8_t> corners = {1, 0, 1, 0, 0, 0, 1, 0, 1};
    CHECK(mcrdun::regions::label(corners, 3, 3, 4).count == 4);
    CHECK(mcrdun::regions::label(corners, 3, 3, 4, MCRDUN_REGIONS_WRAP_X).count == 2);
    CHECK(mcrdun::regions::label(corners, 3, 3, 4, MCRDUN_REGIONS_WRAP_X | MCRDUN_REGIONS_WRAP_Y).count == 1);

    const std::vector<McrdunRegionStats> stats = mcrdun::regions::stats(cells, W, H, 4);
    CHECK(stats.size() == 3);
    CHECK(stats[0].area == 6 && stats[0].min_x == 1 && stats[0].max_x == 3 && stats[0].sum_x == 12 &&
          stats[0].sum_y == 9);
    CHECK(stats[1].area == 10 && stats[2].area == 2);
    CHECK(mcrdun::regions::largest(stats) == 1);
    CHECK(mcrdun::regions::largest({}) == MCRDUN_NO_REGION);

    const auto both = mcrdun::regions::label_stats(cells, W, H, 4);
    CHECK(both.first == l.labels);
    CHECK(both.second.size() == 3 && both.second[1].area == 10);

    const std::vector<uint8_t> mask = mcrdun::regions::reachable_from(cells, W, H, 4, {5, 3});
    std::size_t reached = 0;
    for (std::size_t i = 0; i < mask.size(); ++i) {
        reached += mask[i];
        CHECK(mask[i] == (l.labels[i] == 1 ? 1 : 0));
    }
    CHECK(reached == 10);

    CHECK(!mcrdun::regions::is_connected(cells, W, H, 4));
    CHECK((mcrdun::regions::touched(cells, W, H, 4, {{1, 1}, {7, 3}, {0, 0}}) == std::vector<uint32_t>{0, 1}));

    // Connect: two walls dug, the border kept, the map now one region.
    const std::vector<uint8_t> before = cells;
    CHECK(mcrdun::regions::connect(cells, W, H, true) == 2);
    CHECK(mcrdun::regions::is_connected(cells, W, H, 4));
    for (std::size_t i = 0; i < cells.size(); ++i) {
        CHECK(before[i] == 0 || cells[i] == before[i]);
    }

    EXPECT_ERROR([&] { mcrdun::regions::label(cells, W, H, 5); }, MCRDUN_STATUS_INVALID_ARGUMENT,
                 "mcrdun_regions_label");
    EXPECT_ERROR([&] { mcrdun::regions::label(cells, W + 1, H, 4); }, MCRDUN_STATUS_INVALID_ARGUMENT,
                 "width * height");
    EXPECT_ERROR([&] { mcrdun::regions::reachable_from(cells, W, H, 4, {int32_t(W), 0}); },
                 MCRDUN_STATUS_OUT_OF_RANGE, "mcrdun_regions_reachable_from");
    std::vector<uint8_t> row = {1, 0, 1};
    EXPECT_ERROR([&] { mcrdun::regions::connect(row, 3, 1, true); }, MCRDUN_STATUS_UNSATISFIABLE, "border");
}

bool overlap(const McrdunRect &a, const McrdunRect &b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

void test_scatter() {
    McrdunScatterParams params = mcrdun::scatter::params_default();
    CHECK(params.count == 40 && params.area_shape == MCRDUN_SPAWN_DISC);
    params.count = 30;
    const mcrdun::scatter::Scattered s = mcrdun::scatter::generate(11, params);
    CHECK(s.rooms.size() == 30);
    for (std::size_t i = 0; i < s.rooms.size(); ++i) {
        const McrdunRect &r = s.rooms[i];
        CHECK(r.w >= 4 && r.w <= 12 && r.h >= 3 && r.h <= 9);
        for (std::size_t j = i + 1; j < s.rooms.size(); ++j) {
            CHECK(!overlap(r, s.rooms[j]));
        }
    }
    const mcrdun::scatter::Scattered again = mcrdun::scatter::generate(11, params);
    CHECK(again.rooms.size() == s.rooms.size() &&
          std::memcmp(again.rooms.data(), s.rooms.data(), s.rooms.size() * sizeof(McrdunRect)) == 0);

    // Separate three overlapping rooms in place.
    std::vector<McrdunRect> heap = {{0, 0, 5, 5}, {1, 1, 5, 5}, {2, 2, 5, 5}};
    mcrdun::scatter::separate(heap, 1, 1000, false);
    CHECK(!overlap(heap[0], heap[1]) && !overlap(heap[0], heap[2]) && !overlap(heap[1], heap[2]));
    CHECK(heap[1].w == 5 && heap[2].h == 5);

    // Neighbours against the pairwise rule.
    const auto pairs = mcrdun::scatter::neighbours(s.rooms, 3, 1);
    PairSet expected;
    for (uint32_t i = 0; i < s.rooms.size(); ++i) {
        for (uint32_t j = i + 1; j < s.rooms.size(); ++j) {
            if (mcrdun::rect::are_neighbours(s.rooms[i], s.rooms[j], 3, 1)) {
                expected.insert({i, j});
            }
        }
    }
    CHECK(PairSet(pairs.begin(), pairs.end()) == expected);
    CHECK(pairs.size() == expected.size());

    // Links: the tree reaches every reachable room once; loops are neighbour pairs.
    const mcrdun::scatter::Links links = mcrdun::scatter::links(s.rooms, 3, 1, 0, 0.5, 3);
    const std::vector<uint32_t> lost = mcrdun::scatter::unreachable(s.rooms, 3, 1, 0);
    CHECK(links.tree.size() + lost.size() + 1 == s.rooms.size());
    std::set<uint32_t> reached = {0};
    for (const auto &link : links.tree) {
        CHECK(reached.count(link.first) == 1 && reached.count(link.second) == 0);
        reached.insert(link.second);
    }
    for (const auto &loop : links.loops) {
        CHECK(expected.count(loop) == 1);
    }

    const McrdunDoorSpan span = mcrdun::scatter::door_span({0, 0, 10, 10}, {12, 4, 5, 20}, 3, 2);
    CHECK(span.side == MCRDUN_SIDE_EAST && span.start == 4 && span.end == 10 && span.gap == 2);
    EXPECT_ERROR([] { mcrdun::scatter::door_span({0, 0, 10, 10}, {12, 4, 5, 20}, 2, 2); },
                 MCRDUN_STATUS_NOT_ADJACENT, "not neighbours");
    params.min_w = 0;
    EXPECT_ERROR([&] { mcrdun::scatter::generate(1, params); }, MCRDUN_STATUS_INVALID_ARGUMENT,
                 "mcrdun_scatter_generate");
    EXPECT_ERROR([&] { mcrdun::scatter::links(s.rooms, 3, 1, 999, 0.5, 3); }, MCRDUN_STATUS_OUT_OF_RANGE,
                 "mcrdun_scatter_links");
}

}  // namespace

int main() {
    return check_hpp::run_main("wrapper_regions_scatter.cpp", [] {
        test_regions();
        test_scatter();
    });
}
