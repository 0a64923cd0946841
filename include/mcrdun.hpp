// mcrdun: a header-only C++17 wrapper over the C ABI in mcrdun.h.
//
// - Handles are RAII objects holding a std::unique_ptr with the matching
//   mcrdun_*_free as its deleter: no manual free, move-only.
// - Variable-length outputs come back as std::vector, filled through the
//   C two-call protocol (ask for the size, then copy).
// - A failed call throws mcrdun::Error, which carries the McrdunStatus and
//   the detail from mcrdun_last_error().
//
//     #include "mcrdun.hpp"
//     mcrdun::Level level(mcrdun::level_config(MCRDUN_LEVEL_KIND_BSP, 80, 50), 7);
//     std::vector<uint8_t> tiles = level.tiles();   // MCRDUN_TILE_* bytes
//     for (const McrdunLevelDoor &d : level.doors()) { ... }
//
//     mcrdun::Bsp bsp(0, 0, 80, 50);
//     bsp.split_recursive(42, 4, 8, 6, 1.5f, 1.5f);
//     std::vector<uint32_t> next = bsp.adjacency(0);
//
//     mcrdun::Maze maze(20, 15);
//     maze.carve(MCRDUN_MAZE_ALGORITHM_BACKTRACKER, 0, 0, 7);
//     std::string path = maze.solve(0, 0, 19, 14);   // "EESSW..."
//
// Thread-safety is that of the C handles (see mcrdun.h): const methods of
// one object may run on several threads at once; anything else needs a lock.
#ifndef MCRDUN_HPP
#define MCRDUN_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "mcrdun.h"

namespace mcrdun {

/// A failed mcrdun call: the status and this thread's last-error detail.
class Error : public std::runtime_error {
public:
    Error(McrdunStatus status, const std::string &detail)
        : std::runtime_error(detail), status_(status) {}

    /// The status the C call returned.
    McrdunStatus status() const noexcept { return status_; }

private:
    McrdunStatus status_;
};

namespace detail {

/// This thread's last error, read right after the failing call.
inline std::string last_error() {
    std::size_t len = 0;
    if (mcrdun_last_error(nullptr, 0, &len) != MCRDUN_STATUS_BUFFER_TOO_SMALL || len == 0) {
        return std::string();
    }
    std::vector<char> buf(len);
    if (mcrdun_last_error(buf.data(), buf.size(), &len) != MCRDUN_STATUS_OK) {
        return std::string();
    }
    return std::string(buf.data());
}

/// Throws mcrdun::Error unless `status` is MCRDUN_STATUS_OK.
inline void check(McrdunStatus status) {
    if (status != MCRDUN_STATUS_OK) {
        std::string detail = last_error();
        if (detail.empty()) {
            detail = mcrdun_status_str(static_cast<uint32_t>(status));
        }
        throw Error(status, detail);
    }
}

/// The two-call protocol: `call(out, cap, &len)` once to learn the size,
/// then again into a vector of that size.
template <typename T, typename Call>
std::vector<T> read_buffer(Call call) {
    std::size_t len = 0;
    McrdunStatus status = call(static_cast<T *>(nullptr), 0, &len);
    if (status == MCRDUN_STATUS_OK) {
        return std::vector<T>();  // nothing to read
    }
    if (status != MCRDUN_STATUS_BUFFER_TOO_SMALL) {
        check(status);
    }
    std::vector<T> out(len);
    check(call(out.data(), out.size(), &len));
    out.resize(len);
    return out;
}

struct LevelDeleter {
    void operator()(McrdunLevel *level) const noexcept { mcrdun_level_free(level); }
};

struct BspDeleter {
    void operator()(McrdunBsp *bsp) const noexcept { mcrdun_bsp_free(bsp); }
};

struct MazeDeleter {
    void operator()(McrdunMaze *maze) const noexcept { mcrdun_maze_free(maze); }
};

/// A NUL-terminated string read through the two-call protocol.
template <typename Call>
std::string read_string(Call call) {
    std::vector<char> text = read_buffer<char>(call);
    return text.empty() ? std::string() : std::string(text.data());
}

}  // namespace detail

/// The version of the library linked in, e.g. "0.1.0".
inline std::string version() { return mcrdun_version(); }

/// The default options of `kind` (one of MCRDUN_LEVEL_KIND_*) at
/// `width` x `height`.
inline McrdunLevelConfig level_config(uint32_t kind, uint32_t width, uint32_t height) {
    McrdunLevelConfig config{};
    detail::check(mcrdun_level_config_default(kind, width, height, &config));
    return config;
}

/// A generated level (McrdunLevel handle).
class Level {
public:
    /// Builds the level `config` describes with `seed`.
    Level(const McrdunLevelConfig &config, uint64_t seed) {
        McrdunLevel *raw = nullptr;
        detail::check(mcrdun_level_new(&config, seed, &raw));
        handle_.reset(raw);
    }

    /// Size, stairs and summary.
    McrdunLevelInfo info() const {
        McrdunLevelInfo out{};
        detail::check(mcrdun_level_info(get(), &out));
        return out;
    }

    /// The width * height tile bytes (MCRDUN_TILE_*), row-major.
    std::vector<uint8_t> tiles() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<uint8_t>([level](uint8_t *out, std::size_t cap, std::size_t *len) {
            return mcrdun_level_tiles(level, out, cap, len);
        });
    }

    /// The rooms.
    std::vector<McrdunLevelRoom> rooms() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunLevelRoom>(
            [level](McrdunLevelRoom *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_rooms(level, out, cap, len);
            });
    }

    /// The doors.
    std::vector<McrdunLevelDoor> doors() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunLevelDoor>(
            [level](McrdunLevelDoor *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_doors(level, out, cap, len);
            });
    }

    /// The C handle, still owned by this object.
    const McrdunLevel *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunLevel, detail::LevelDeleter> handle_;
};

/// A BSP tree (McrdunBsp handle).
class Bsp {
public:
    /// A tree with one node covering (x, y, w, h).
    Bsp(int32_t x, int32_t y, int32_t w, int32_t h) {
        McrdunBsp *raw = nullptr;
        detail::check(mcrdun_bsp_new(x, y, w, h, &raw));
        handle_.reset(raw);
    }

    /// Clears the tree and splits it recursively with mcrdun's seeded generator.
    void split_recursive(uint64_t seed, uint32_t depth, int32_t min_w, int32_t min_h,
                         float max_h_ratio, float max_v_ratio) {
        detail::check(mcrdun_bsp_split_recursive(get(), seed, depth, min_w, min_h, max_h_ratio,
                                                 max_v_ratio));
    }

    /// Clears the tree and splits it as libtcod does with an MT seed.
    void split_recursive_libtcod(uint32_t mt_seed, uint32_t depth, int32_t min_w, int32_t min_h,
                                 float max_h_ratio, float max_v_ratio) {
        detail::check(mcrdun_bsp_split_recursive_libtcod(get(), mt_seed, depth, min_w, min_h,
                                                         max_h_ratio, max_v_ratio));
    }

    /// The number of leaves.
    std::size_t leaf_count() const { return mcrdun_bsp_leaf_count(get()); }

    /// The rectangle of leaf `leaf` (level order).
    McrdunRect leaf_rect(std::size_t leaf) const {
        McrdunRect out{};
        detail::check(mcrdun_bsp_leaf_rect(get(), leaf, &out));
        return out;
    }

    /// The leaf containing (x, y).
    std::size_t find_leaf(int32_t x, int32_t y) const {
        std::size_t out = 0;
        detail::check(mcrdun_bsp_find_leaf(get(), x, y, &out));
        return out;
    }

    /// The neighbours of leaf `leaf`, ascending.
    std::vector<uint32_t> adjacency(std::size_t leaf) const {
        const McrdunBsp *bsp = get();
        return detail::read_buffer<uint32_t>([bsp, leaf](uint32_t *out, std::size_t cap, std::size_t *len) {
            return mcrdun_bsp_adjacency(bsp, leaf, out, cap, len);
        });
    }

    /// The tiles on leaf `leaf`'s edge along the wall it shares with `neighbour`.
    std::vector<McrdunPoint> adjacent_tiles(std::size_t leaf, std::size_t neighbour) const {
        const McrdunBsp *bsp = get();
        return detail::read_buffer<McrdunPoint>(
            [bsp, leaf, neighbour](McrdunPoint *out, std::size_t cap, std::size_t *len) {
                return mcrdun_bsp_adjacent_tiles(bsp, leaf, neighbour, out, cap, len);
            });
    }

    /// The C handle, still owned by this object.
    McrdunBsp *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunBsp, detail::BspDeleter> handle_;
};

/// A maze (McrdunMaze handle): walls as bit flags, N = 1, E = 2, S = 4,
/// W = 8, a set bit a closed wall.
class Maze {
public:
    /// A width x height maze with every wall closed.
    Maze(uint32_t width, uint32_t height) {
        McrdunMaze *raw = nullptr;
        detail::check(mcrdun_maze_new(width, height, &raw));
        handle_.reset(raw);
    }

    /// Blocks cell (x, y): it stays fully closed.
    void block(uint32_t x, uint32_t y) { detail::check(mcrdun_maze_block(get(), x, y)); }

    /// Blocks the cells of the centred "42" pattern.
    void block_pattern42() { detail::check(mcrdun_maze_block_pattern42(get())); }

    /// Carves a perfect maze with `algorithm` (MCRDUN_MAZE_ALGORITHM_*) from (x, y).
    void carve(uint32_t algorithm, uint32_t x, uint32_t y, uint64_t seed) {
        detail::check(mcrdun_maze_carve(get(), algorithm, x, y, seed));
    }

    /// Removes `fraction` of the dead ends (adds loops).
    void braid(double fraction, uint64_t seed) { detail::check(mcrdun_maze_braid(get(), fraction, seed)); }

    /// The wall byte of every cell, row-major.
    std::vector<uint8_t> walls() const {
        const McrdunMaze *maze = get();
        return detail::read_buffer<uint8_t>([maze](uint8_t *out, std::size_t cap, std::size_t *len) {
            return mcrdun_maze_walls(maze, out, cap, len);
        });
    }

    /// Independent loops (0 for a perfect maze).
    std::size_t loop_count() const { return mcrdun_maze_loop_count(get()); }

    /// The shortest path between two cells as N/E/S/W letters.
    std::string solve(uint32_t from_x, uint32_t from_y, uint32_t to_x, uint32_t to_y) const {
        const McrdunMaze *maze = get();
        return detail::read_string([=](char *out, std::size_t cap, std::size_t *len) {
            return mcrdun_maze_solve(maze, from_x, from_y, to_x, to_y, out, cap, len);
        });
    }

    /// The "A-Maze-ing" hex file with that entry and exit.
    std::string hex(uint32_t entry_x, uint32_t entry_y, uint32_t exit_x, uint32_t exit_y) const {
        const McrdunMaze *maze = get();
        return detail::read_string([=](char *out, std::size_t cap, std::size_t *len) {
            return mcrdun_maze_hex(maze, entry_x, entry_y, exit_x, exit_y, out, cap, len);
        });
    }

    /// The C handle, still owned by this object.
    McrdunMaze *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunMaze, detail::MazeDeleter> handle_;
};

}  // namespace mcrdun

// ---------------------------------------------------------------- distance
//
//     mcrdun::DistanceScratch scratch;
//     std::vector<int32_t> dist(w * h, MCRDUN_DISTANCE_UNREACHED);
//     dist[start] = 0;
//     scratch.compute(costs, w, h, dist, 1, 1);          // in place
//     auto far = mcrdun::distance_farthest(dist, w, h);  // far.found, far.cell
//     std::vector<McrdunPoint> way = mcrdun::distance_descent(dist, w, h, far.cell, 1, 1);
namespace mcrdun {

namespace detail {

struct DistanceScratchDeleter {
    void operator()(McrdunDistanceScratch *s) const noexcept { mcrdun_distance_scratch_free(s); }
};

inline void check_cells(std::size_t size, uint32_t width, uint32_t height, const char *what) {
    if (size != static_cast<std::size_t>(width) * height) {
        throw Error(MCRDUN_STATUS_INVALID_ARGUMENT,
                    std::string(what) + " does not hold width * height cells");
    }
}

}  // namespace detail

/// Reusable working memory for distance maps (McrdunDistanceScratch
/// handle). One thread at a time.
class DistanceScratch {
public:
    DistanceScratch() {
        McrdunDistanceScratch *raw = nullptr;
        detail::check(mcrdun_distance_scratch_new(&raw));
        handle_.reset(raw);
    }

    /// Refuses maps of more than `max_cells` cells (TOO_LARGE).
    void set_max_cells(std::size_t max_cells) {
        detail::check(mcrdun_distance_scratch_set_max_cells(get(), max_cells));
    }

    /// Fills `dist` in place over `uint8_t` costs (0 = impassable); see
    /// mcrdun_distance_compute_u8. `dist` holds width * height values.
    void compute(const std::vector<uint8_t> &costs, uint32_t width, uint32_t height,
                 std::vector<int32_t> &dist, uint32_t cardinal, uint32_t diagonal,
                 uint32_t flags = 0) {
        detail::check_cells(costs.size(), width, height, "costs");
        detail::check_cells(dist.size(), width, height, "dist");
        detail::check(mcrdun_distance_compute_u8(get(), costs.data(), width, height, cardinal,
                                                 diagonal, flags, dist.data(), dist.size()));
    }

    /// The same over `uint16_t` costs.
    void compute(const std::vector<uint16_t> &costs, uint32_t width, uint32_t height,
                 std::vector<int32_t> &dist, uint32_t cardinal, uint32_t diagonal,
                 uint32_t flags = 0) {
        detail::check_cells(costs.size(), width, height, "costs");
        detail::check_cells(dist.size(), width, height, "dist");
        detail::check(mcrdun_distance_compute_u16(get(), costs.data(), width, height, cardinal,
                                                  diagonal, flags, dist.data(), dist.size()));
    }

    /// The C handle, still owned by this object.
    McrdunDistanceScratch *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunDistanceScratch, detail::DistanceScratchDeleter> handle_;
};

/// The path rolling downhill from `start` over a distance map
/// (mcrdun_distance_descent): begins with `start`, ends at a source.
inline std::vector<McrdunPoint> distance_descent(const std::vector<int32_t> &dist, uint32_t width,
                                                 uint32_t height, McrdunPoint start,
                                                 uint32_t cardinal, uint32_t diagonal,
                                                 uint32_t flags = 0) {
    detail::check_cells(dist.size(), width, height, "dist");
    const int32_t *d = dist.data();
    return detail::read_buffer<McrdunPoint>(
        [=](McrdunPoint *out, std::size_t cap, std::size_t *len) {
            return mcrdun_distance_descent(d, width, height, start, cardinal, diagonal, flags,
                                           out, cap, len);
        });
}

/// The farthest reached cell of a distance map (`found` false when none).
struct DistanceFarthest {
    bool found;
    McrdunPoint cell;
    int32_t distance;
};

/// mcrdun_distance_farthest.
inline DistanceFarthest distance_farthest(const std::vector<int32_t> &dist, uint32_t width,
                                          uint32_t height) {
    detail::check_cells(dist.size(), width, height, "dist");
    DistanceFarthest out{false, McrdunPoint{0, 0}, 0};
    detail::check(mcrdun_distance_farthest(dist.data(), width, height, &out.cell, &out.distance,
                                           &out.found));
    return out;
}

/// Scales every reached value by numerator / denominator (rounded down), in
/// place: the first half of a flee map (mcrdun_distance_scale).
inline void distance_scale(std::vector<int32_t> &dist, uint32_t width, uint32_t height,
                           int32_t numerator, int32_t denominator) {
    detail::check_cells(dist.size(), width, height, "dist");
    detail::check(mcrdun_distance_scale(dist.data(), width, height, numerator, denominator));
}

}  // namespace mcrdun

#endif  // MCRDUN_HPP
