// mcrdun from C++17 (include/mcrdun.hpp): rooms in the leaves of a BSP,
// joined by doors along the leaf adjacency (entrance and exit leaves near
// opposite corners, a breadth-first path between them, a door in the
// middle of each shared wall), then a whole level with its rooms and doors.
//
//     c++ -std=c++17 dungeon.cpp $(pkg-config --cflags --libs mcrdun) -o dungeon
//     ./dungeon [seed]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include "mcrdun.hpp"

namespace {

constexpr int W = 80, H = 50;

void print_map(const std::string &map, int w) {
    for (std::size_t at = 0; at < map.size(); at += static_cast<std::size_t>(w)) {
        std::printf("%s\n", map.substr(at, static_cast<std::size_t>(w)).c_str());
    }
}

void bsp_rooms(uint64_t seed) {
    mcrdun::Bsp bsp(0, 0, W, H);
    bsp.split_recursive(seed, 4, 8, 8, 1.5f, 1.5f);
    const std::size_t count = bsp.leaf_count();

    // A room fills each leaf but its outer ring of tiles.
    std::string map(static_cast<std::size_t>(W) * H, '#');
    std::size_t start = 0, end = 0;
    int lo = 0, hi = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const McrdunRect r = bsp.leaf_rect(i);
        for (int y = r.y + 1; y < r.y + r.h - 1; ++y) {
            for (int x = r.x + 1; x < r.x + r.w - 1; ++x) {
                map[static_cast<std::size_t>(y * W + x)] = '.';
            }
        }
        const int key = (r.x + r.w / 2) + (r.y + r.h / 2);
        if (i == 0 || key < lo) { lo = key; start = i; }
        if (i == 0 || key > hi) { hi = key; end = i; }
    }

    // Breadth-first search over the adjacency.
    std::vector<std::size_t> came_from(count, SIZE_MAX);
    std::deque<std::size_t> queue{start};
    came_from[start] = start;
    while (!queue.empty()) {
        const std::size_t cur = queue.front();
        queue.pop_front();
        for (uint32_t next : bsp.adjacency(cur)) {
            if (came_from[next] == SIZE_MAX) {
                came_from[next] = cur;
                queue.push_back(next);
            }
        }
    }

    std::printf("BSP %dx%d, seed %llu: %zu leaves, path from leaf %zu to leaf %zu\n", W, H,
                static_cast<unsigned long long>(seed), count, start, end);
    for (std::size_t b = end; b != start; b = came_from[b]) {
        const std::size_t a = came_from[b];
        const std::vector<McrdunPoint> mine = bsp.adjacent_tiles(a, b);
        const std::vector<McrdunPoint> theirs = bsp.adjacent_tiles(b, a);
        const McrdunPoint door = mine[mine.size() / 2], other = theirs[theirs.size() / 2];
        map[static_cast<std::size_t>(door.y * W + door.x)] = '+';
        map[static_cast<std::size_t>(other.y * W + other.x)] = '+';
        std::printf("door between rooms %zu and %zu at (%d, %d)\n", a, b, door.x, door.y);
    }
    print_map(map, W);
}

void level(uint64_t seed) {
    const mcrdun::Level level(mcrdun::level_config(MCRDUN_LEVEL_KIND_BSP, W, H), seed);
    const McrdunLevelInfo info = level.info();
    const std::vector<McrdunLevelRoom> rooms = level.rooms();
    std::string map;
    for (uint8_t tile : level.tiles()) {
        map += "#.,+<> "[tile];  // MCRDUN_TILE_WALL .. MCRDUN_TILE_STAIRS_DOWN, MCRDUN_TILE_ROCK
    }
    std::printf("\nlevel %ux%u, seed %llu: %zu rooms, %zu doors, %zu steps between the stairs\n",
                info.width, info.height, static_cast<unsigned long long>(seed), rooms.size(),
                level.doors().size(), info.longest_path);
    for (const McrdunLevelDoor &door : level.doors()) {
        const McrdunRect a = rooms[door.room_a].bounds, b = rooms[door.room_b].bounds;
        std::printf("door (%d, %d) joins the room at (%d, %d) and the room at (%d, %d)\n", door.at.x,
                    door.at.y, a.x, a.y, b.x, b.y);
    }
    print_map(map, W);
}

}  // namespace

int main(int argc, char **argv) {
    const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 42;
    std::printf("mcrdun %s\n", mcrdun::version().c_str());
    try {
        bsp_rooms(seed);
        level(seed);
    } catch (const mcrdun::Error &e) {
        std::fprintf(stderr, "mcrdun: %s (%s)\n", e.what(), mcrdun::status_str(e.status()).c_str());
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
