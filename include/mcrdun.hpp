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
//     mcrdun::LevelOptions options(MCRDUN_LEVEL_KIND_BSP);
//     options.size(80, 50).seed(7).set("min_room", 4).set_text("loops", "0.3");
//     mcrdun::Level level(options);
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
// Every handle and function family of mcrdun.h has its counterpart here:
//
//   version, status_str, last_error, Error     version and errors
//   Level, LevelOptions, level_option_infos    whole levels, options by name
//   level_config, generate_level               the frozen McrdunLevelConfig path
//   Bsp                                        BSP trees and their adjacency
//   Maze                                       mazes
//   Layout, PassagePlan                        rooms of any shape, passages
//   regions::                                  labelling, statistics, connecting
//   scatter::                                  scattered rooms and their links
//   rect::                                     rectangle relations
//   DistanceScratch, distance_*                distance maps
//   ThingTable, place_things                   spawn tables, things placed by rule
//   solve_locks, Walkthrough                   the locks-and-keys solver
//
// Thread-safety is that of the C handles (see mcrdun.h): const methods of
// one object may run on several threads at once; anything else needs a lock.
#ifndef MCRDUN_HPP
#define MCRDUN_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
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

struct LevelOptionsDeleter {
    void operator()(McrdunLevelOptions *options) const noexcept { mcrdun_level_options_free(options); }
};

struct LevelDeleter {
    void operator()(McrdunLevel *level) const noexcept { mcrdun_level_free(level); }
};

struct VaultsDeleter {
    void operator()(McrdunVaults *vaults) const noexcept { mcrdun_vaults_free(vaults); }
};

struct ThingTableDeleter {
    void operator()(McrdunThingTable *t) const noexcept { mcrdun_thing_table_free(t); }
};

struct BspDeleter {
    void operator()(McrdunBsp *bsp) const noexcept { mcrdun_bsp_free(bsp); }
};

struct MazeDeleter {
    void operator()(McrdunMaze *maze) const noexcept { mcrdun_maze_free(maze); }
};

struct LayoutDeleter {
    void operator()(McrdunLayout *layout) const noexcept { mcrdun_layout_free(layout); }
};

struct PassagePlanDeleter {
    void operator()(McrdunPassagePlan *plan) const noexcept { mcrdun_passage_plan_free(plan); }
};

/// Splits a flat list of index pairs (a0, b0, a1, b1, ...) into pairs.
inline std::vector<std::pair<uint32_t, uint32_t>> pairs(const std::vector<uint32_t> &flat) {
    std::vector<std::pair<uint32_t, uint32_t>> out;
    out.reserve(flat.size() / 2);
    for (std::size_t i = 0; i + 1 < flat.size(); i += 2) {
        out.emplace_back(flat[i], flat[i + 1]);
    }
    return out;
}

/// A NUL-terminated string read through the two-call protocol.
template <typename Call>
std::string read_string(Call call) {
    std::vector<char> text = read_buffer<char>(call);
    return text.empty() ? std::string() : std::string(text.data());
}

}  // namespace detail

/// The version of the library linked in, e.g. "0.1.0" (compare with the
/// MCRDUN_VERSION_* macros of the header compiled in).
inline std::string version() { return mcrdun_version(); }

/// The version of the header compiled in, e.g. "0.1.0".
inline std::string header_version() {
    return std::to_string(MCRDUN_VERSION_MAJOR) + "." + std::to_string(MCRDUN_VERSION_MINOR) + "." +
           std::to_string(MCRDUN_VERSION_PATCH);
}

/// A static English description of a status.
inline std::string status_str(McrdunStatus status) {
    return mcrdun_status_str(static_cast<uint32_t>(status));
}

/// This thread's last failure detail (empty when nothing failed yet). The
/// wrapper's calls already put it into mcrdun::Error::what().
inline std::string last_error() { return detail::last_error(); }

/// The default options of `kind` (one of MCRDUN_LEVEL_KIND_*) at
/// `width` x `height`.
inline McrdunLevelConfig level_config(uint32_t kind, uint32_t width, uint32_t height) {
    McrdunLevelConfig config{};
    detail::check(mcrdun_level_config_default(kind, width, height, &config));
    return config;
}

/// A level built in one call (mcrdun_level_generate): tiles, rooms, doors and info.
struct GeneratedLevel {
    std::vector<uint8_t> tiles;          ///< width * height MCRDUN_TILE_* bytes, row-major
    std::vector<McrdunLevelRoom> rooms;  ///< the rooms
    std::vector<McrdunLevelDoor> doors;  ///< the doors
    McrdunLevelInfo info;                ///< size, stairs and summary
};

/// Builds the level `config` describes with `seed` through the one-call C
/// function (it runs the generator twice: once to size the buffers).
inline GeneratedLevel generate_level(const McrdunLevelConfig &config, uint64_t seed) {
    GeneratedLevel out{};
    std::size_t tiles_len = 0, rooms_len = 0, doors_len = 0;
    McrdunStatus status = mcrdun_level_generate(&config, seed, nullptr, 0, &tiles_len, nullptr, 0,
                                                &rooms_len, nullptr, 0, &doors_len, nullptr);
    if (status != MCRDUN_STATUS_BUFFER_TOO_SMALL) {
        detail::check(status);
    }
    out.tiles.resize(tiles_len);
    out.rooms.resize(rooms_len);
    out.doors.resize(doors_len);
    detail::check(mcrdun_level_generate(&config, seed, out.tiles.data(), out.tiles.size(), &tiles_len,
                                        out.rooms.data(), out.rooms.size(), &rooms_len,
                                        out.doors.data(), out.doors.size(), &doors_len, &out.info));
    out.tiles.resize(tiles_len);
    out.rooms.resize(rooms_len);
    out.doors.resize(doors_len);
    return out;
}

/// A set of vaults read from a vault file's text (McrdunVaults handle).
/// Throws mcrdun::Error with the line and column of a bad file.
class Vaults {
public:
    explicit Vaults(const std::string &text) {
        McrdunVaults *raw = nullptr;
        detail::check(mcrdun_vaults_parse(text.data(), text.size(), &raw));
        handle_.reset(raw);
    }

    /// The number of vaults.
    std::size_t size() const {
        std::size_t n = 0;
        detail::check(mcrdun_vaults_count(handle_.get(), &n));
        return n;
    }

    /// The name of vault `index`.
    std::string name(std::size_t index) const {
        const McrdunVaults *vaults = handle_.get();
        std::vector<char> bytes = detail::read_buffer<char>(
            [vaults, index](char *out, std::size_t cap, std::size_t *len) {
                return mcrdun_vaults_name(vaults, index, out, cap, len);
            });
        return std::string(bytes.begin(), bytes.end());
    }

    /// The C handle, still owned by this object.
    const McrdunVaults *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunVaults, detail::VaultsDeleter> handle_;
};

/// A spawn table read from its text (McrdunThingTable handle). Throws
/// mcrdun::Error with the line and column of a bad table.
class ThingTable {
public:
    explicit ThingTable(const std::string &text) {
        McrdunThingTable *raw = nullptr;
        detail::check(mcrdun_thing_table_parse(text.data(), text.size(), &raw));
        handle_.reset(raw);
    }

    /// The number of entries.
    std::size_t size() const {
        std::size_t n = 0;
        detail::check(mcrdun_thing_table_count(handle_.get(), &n));
        return n;
    }

    /// The settings of entry `index`.
    McrdunThingEntry entry(std::size_t index) const {
        McrdunThingEntry e{};
        detail::check(mcrdun_thing_table_entry(handle_.get(), index, &e));
        return e;
    }

    /// The name of entry `index`.
    std::string name(std::size_t index) const {
        const McrdunThingTable *t = handle_.get();
        std::vector<char> bytes = detail::read_buffer<char>(
            [t, index](char *out, std::size_t cap, std::size_t *len) {
                return mcrdun_thing_table_name(t, index, out, cap, len);
            });
        return std::string(bytes.begin(), bytes.end());
    }

    /// The whole table, every setting spelled out (it reads back as the same table).
    std::string text() const {
        const McrdunThingTable *t = handle_.get();
        std::vector<char> bytes = detail::read_buffer<char>(
            [t](char *out, std::size_t cap, std::size_t *len) {
                return mcrdun_thing_table_text(t, out, cap, len);
            });
        return std::string(bytes.begin(), bytes.end());
    }

    /// The C handle, still owned by this object.
    const McrdunThingTable *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunThingTable, detail::ThingTableDeleter> handle_;
};

/// Level options (McrdunLevelOptions handle), set by name and checked
/// against the option schema: a bad name throws mcrdun::Error with
/// MCRDUN_STATUS_UNKNOWN_OPTION (its message lists the valid names), a bad
/// value MCRDUN_STATUS_INVALID_ARGUMENT (its message gives the range).
/// Setters return *this so that they chain. Copies are deep.
class LevelOptions {
public:
    /// The defaults of `kind` (one of MCRDUN_LEVEL_KIND_*) at 80x50, seed 0.
    explicit LevelOptions(uint32_t kind) {
        McrdunLevelOptions *raw = nullptr;
        detail::check(mcrdun_level_options_new(kind, &raw));
        handle_.reset(raw);
    }

    LevelOptions(const LevelOptions &other) {
        McrdunLevelOptions *raw = nullptr;
        detail::check(mcrdun_level_options_clone(other.get(), &raw));
        handle_.reset(raw);
    }

    LevelOptions &operator=(const LevelOptions &other) {
        if (this != &other) {
            LevelOptions copy(other);
            handle_ = std::move(copy.handle_);
        }
        return *this;
    }

    LevelOptions(LevelOptions &&) noexcept = default;
    LevelOptions &operator=(LevelOptions &&) noexcept = default;

    /// Sets option `name` (or "width", "height") to `value`.
    LevelOptions &set(const char *name, double value) {
        detail::check(mcrdun_level_options_set(handle_.get(), name, value));
        return *this;
    }

    /// Sets option `name` from text: a number, true/false, or a choice's
    /// name (e.g. "maze_algorithm" = "wilson").
    LevelOptions &set_text(const char *name, const char *text) {
        detail::check(mcrdun_level_options_set_text(handle_.get(), name, text));
        return *this;
    }

    /// The value of option `name` (switches 0 or 1, choices their number).
    double get(const char *name) const {
        double out = 0.0;
        detail::check(mcrdun_level_options_get(handle_.get(), name, &out));
        return out;
    }

    /// The map's size in tiles.
    LevelOptions &size(uint32_t width, uint32_t height) {
        detail::check(mcrdun_level_options_set_size(handle_.get(), width, height));
        return *this;
    }

    /// The seed.
    LevelOptions &seed(uint64_t seed) {
        detail::check(mcrdun_level_options_set_seed(handle_.get(), seed));
        return *this;
    }

    /// The level's memory ceiling in bytes (0: the default).
    LevelOptions &max_bytes(uint64_t max_bytes) {
        detail::check(mcrdun_level_options_set_max_bytes(handle_.get(), max_bytes));
        return *this;
    }

    /// The vaults to place (a copy; see mcrdun_level_options_set_vaults).
    LevelOptions &vaults(const Vaults &vaults) {
        detail::check(mcrdun_level_options_set_vaults(handle_.get(), vaults.get()));
        return *this;
    }

    /// The spawn tables to place, in order (copies; an empty list: none;
    /// see mcrdun_level_options_set_things). The depth is the
    /// "dungeon_level" option.
    LevelOptions &things(const std::vector<const ThingTable *> &tables) {
        std::vector<const McrdunThingTable *> raw;
        raw.reserve(tables.size());
        for (const ThingTable *t : tables) {
            raw.push_back(t == nullptr ? nullptr : t->get());
        }
        detail::check(mcrdun_level_options_set_things(handle_.get(), raw.data(), raw.size()));
        return *this;
    }

    /// The C handle, still owned by this object.
    const McrdunLevelOptions *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<McrdunLevelOptions, detail::LevelOptionsDeleter> handle_;
};

/// One option of a level kind, as the schema describes it.
struct OptionInfo {
    std::string name;                  ///< what LevelOptions::set takes
    std::string flag;                  ///< the mcrdun command's flag, without "--"
    std::string doc;                   ///< what it does
    uint32_t value_kind = 0;           ///< one of MCRDUN_OPTION_VALUE_*
    double default_value = 0.0;        ///< the default
    double min = 0.0;                  ///< the least value accepted
    double max = 0.0;                  ///< the greatest value accepted
    std::vector<std::string> choices;  ///< the names of a choice's values, in order
};

/// Every option of level kind `kind`, in the schema's order: what a level
/// editor builds its controls from.
inline std::vector<OptionInfo> level_option_infos(uint32_t kind) {
    std::size_t count = 0;
    detail::check(mcrdun_level_option_count(kind, &count));
    std::vector<OptionInfo> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        McrdunLevelOptionInfo raw{};
        detail::check(mcrdun_level_option_info(kind, i, &raw));
        OptionInfo info;
        info.name = raw.name;
        info.flag = raw.flag;
        info.doc = raw.doc;
        info.value_kind = raw.value_kind;
        info.default_value = raw.default_value;
        info.min = raw.min;
        info.max = raw.max;
        for (std::size_t c = 0; c < raw.choices; ++c) {
            const char *name = nullptr;
            detail::check(mcrdun_level_option_choice(kind, i, c, &name));
            info.choices.emplace_back(name);
        }
        out.push_back(std::move(info));
    }
    return out;
}

/// A generated level (McrdunLevel handle).
class Level {
public:
    /// Builds the level `options` describe (mcrdun_level_generate_with).
    explicit Level(const LevelOptions &options) {
        McrdunLevel *raw = nullptr;
        detail::check(mcrdun_level_generate_with(options.get(), &raw));
        handle_.reset(raw);
    }

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

    /// The vaults placed.
    std::vector<McrdunPlacedVault> vaults() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunPlacedVault>(
            [level](McrdunPlacedVault *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_vaults(level, out, cap, len);
            });
    }

    /// The markers of the vaults placed.
    std::vector<McrdunMarker> markers() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunMarker>(
            [level](McrdunMarker *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_markers(level, out, cap, len);
            });
    }

    /// The things placed by the options' spawn tables, in the order placed.
    std::vector<McrdunThing> things() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunThing>(
            [level](McrdunThing *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_things(level, out, cap, len);
            });
    }

    /// The locks (made with the "locks" option), lock 1 first.
    std::vector<McrdunLevelLock> locks() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunLevelLock>(
            [level](McrdunLevelLock *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_locks(level, out, cap, len);
            });
    }

    /// Every lock's door tiles, lock by lock (McrdunLevelLock::first_door, doors).
    std::vector<McrdunPoint> lock_doors() const {
        const McrdunLevel *level = get();
        return detail::read_buffer<McrdunPoint>(
            [level](McrdunPoint *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_lock_doors(level, out, cap, len);
            });
    }

    /// The level's walkthrough from the up to the down stairs
    /// (mcrdun_level_solve); a leg's key indexes locks().
    std::vector<McrdunLeg> solve(uint64_t *steps = nullptr) const {
        const McrdunLevel *level = get();
        std::size_t len = 0;
        McrdunStatus status = mcrdun_level_solve(level, nullptr, 0, &len, nullptr);
        if (status != MCRDUN_STATUS_BUFFER_TOO_SMALL) {
            detail::check(status);
        }
        std::vector<McrdunLeg> legs(len);
        detail::check(mcrdun_level_solve(level, legs.data(), legs.size(), &len, steps));
        legs.resize(len);
        return legs;
    }

    /// The name of thing `index` (of things()).
    std::string thing_name(std::size_t index) const {
        const McrdunLevel *level = get();
        std::vector<char> bytes = detail::read_buffer<char>(
            [level, index](char *out, std::size_t cap, std::size_t *len) {
                return mcrdun_level_thing_name(level, index, out, cap, len);
            });
        return std::string(bytes.begin(), bytes.end());
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

    /// Splits leaf `leaf` along y = `position` (horizontal) or x = `position`.
    void split_leaf(std::size_t leaf, bool horizontal, int32_t position) {
        detail::check(mcrdun_bsp_split_leaf(get(), leaf, horizontal ? 1u : 0u, position));
    }

    /// Removes every node but the root.
    void clear() { detail::check(mcrdun_bsp_clear(get())); }

    /// Moves and resizes the whole tree, keeping every split position.
    void resize(int32_t x, int32_t y, int32_t w, int32_t h) {
        detail::check(mcrdun_bsp_resize(get(), x, y, w, h));
    }

    /// The change counter (bumped by every split, clear and resize).
    uint64_t generation() const { return mcrdun_bsp_generation(get()); }

    /// The number of leaves.
    std::size_t leaf_count() const { return mcrdun_bsp_leaf_count(get()); }

    /// The number of nodes (the root is node 0).
    std::size_t node_count() const { return mcrdun_bsp_node_count(get()); }

    /// The node index of leaf `leaf`.
    std::size_t leaf_node(std::size_t leaf) const {
        std::size_t out = 0;
        detail::check(mcrdun_bsp_leaf_node(get(), leaf, &out));
        return out;
    }

    /// Node `node` (rectangle, level, cut, parent and children).
    McrdunBspNode node(std::size_t node) const {
        McrdunBspNode out{};
        detail::check(mcrdun_bsp_node(get(), node, &out));
        return out;
    }

    /// The node indices of `node`'s subtree in `order` (MCRDUN_BSP_ORDER_*).
    std::vector<std::size_t> traverse(std::size_t node, uint32_t order) const {
        const McrdunBsp *bsp = get();
        return detail::read_buffer<std::size_t>(
            [bsp, node, order](std::size_t *out, std::size_t cap, std::size_t *len) {
                return mcrdun_bsp_traverse(bsp, node, order, out, cap, len);
            });
    }

    /// Writes each leaf's number into `cells` (width x height, row-major)
    /// over the leaf's rectangle shrunk by `margin`; other cells keep their
    /// value.
    void rasterise_leaves(int32_t margin, std::vector<uint32_t> &cells, uint32_t width,
                          uint32_t height) const {
        if (cells.size() < static_cast<std::size_t>(width) * height) {
            throw Error(MCRDUN_STATUS_BUFFER_TOO_SMALL, "rasterise_leaves: cells holds fewer than width * height values");
        }
        detail::check(mcrdun_bsp_rasterise_leaves(get(), margin, cells.data(), width, height));
    }

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

    /// Width and height in cells.
    std::pair<uint32_t, uint32_t> size() const {
        uint32_t w = 0, h = 0;
        detail::check(mcrdun_maze_size(get(), &w, &h));
        return {w, h};
    }

    /// Whether cell (x, y) is blocked.
    bool is_blocked(uint32_t x, uint32_t y) const {
        bool out = false;
        detail::check(mcrdun_maze_is_blocked(get(), x, y, &out));
        return out;
    }

    /// Opens the wall on `side` (MCRDUN_SIDE_*) of cell (x, y) and its facing wall.
    void open_wall(uint32_t x, uint32_t y, uint32_t side) {
        detail::check(mcrdun_maze_open_wall(get(), x, y, side));
    }

    /// Blocks cell (x, y): it stays fully closed.
    void block(uint32_t x, uint32_t y) { detail::check(mcrdun_maze_block(get(), x, y)); }

    /// Blocks the cells of the centred "42" pattern.
    void block_pattern42() { detail::check(mcrdun_maze_block_pattern42(get())); }

    /// Carves a perfect maze with `algorithm` (MCRDUN_MAZE_ALGORITHM_*) from (x, y).
    void carve(uint32_t algorithm, uint32_t x, uint32_t y, uint64_t seed) {
        detail::check(mcrdun_maze_carve(get(), algorithm, x, y, seed));
    }

    /// As carve(), but only the start's piece when a mask splits the open cells.
    void carve_piece(uint32_t algorithm, uint32_t x, uint32_t y, uint64_t seed) {
        detail::check(mcrdun_maze_carve_piece(get(), algorithm, x, y, seed));
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

    /// The maze as (2w + 1) x (2h + 1) MCRDUN_MAZE_TILE_* bytes, row-major.
    std::vector<uint8_t> tiles() const {
        const McrdunMaze *maze = get();
        return detail::read_buffer<uint8_t>([maze](uint8_t *out, std::size_t cap, std::size_t *len) {
            return mcrdun_maze_tiles(maze, out, cap, len);
        });
    }

    /// Dead ends, junctions, corridor length and longest path.
    McrdunMazeTexture texture() const {
        McrdunMazeTexture out{};
        detail::check(mcrdun_maze_texture(get(), &out));
        return out;
    }

    /// Independent loops (0 for a perfect maze). Throws `Error` with
    /// `MCRDUN_STATUS_TOO_LARGE` when the count's working memory (9 bytes a
    /// cell) passes the memory limit.
    std::size_t loop_count() const {
        std::size_t loops = mcrdun_maze_loop_count(get());
        if (loops == SIZE_MAX) {
            detail::check(MCRDUN_STATUS_TOO_LARGE);
        }
        return loops;
    }

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

    /// Reads an "A-Maze-ing" hex file; its entry and exit are kept.
    static Maze read_hex(const std::string &text) {
        McrdunMaze *raw = nullptr;
        detail::check(mcrdun_maze_read_hex(text.data(), text.size(), &raw));
        return Maze(raw);
    }

    /// Sets the entry and exit of hex_file(): two different open cells.
    void set_ends(uint32_t entry_x, uint32_t entry_y, uint32_t exit_x, uint32_t exit_y) {
        detail::check(mcrdun_maze_set_ends(get(), entry_x, entry_y, exit_x, exit_y));
    }

    /// The entry and exit as {entry_x, entry_y, exit_x, exit_y}.
    std::array<uint32_t, 4> ends() const {
        std::array<uint32_t, 4> e{};
        detail::check(mcrdun_maze_ends(get(), &e[0], &e[1], &e[2], &e[3]));
        return e;
    }

    /// The "A-Maze-ing" hex file with the entry and exit of set_ends().
    std::string hex_file() const {
        const McrdunMaze *maze = get();
        return detail::read_string([maze](char *out, std::size_t cap, std::size_t *len) {
            return mcrdun_maze_hex_file(maze, out, cap, len);
        });
    }

    /// The C handle, still owned by this object.
    McrdunMaze *get() const noexcept { return handle_.get(); }

private:
    explicit Maze(McrdunMaze *raw) : handle_(raw) {}

    std::unique_ptr<McrdunMaze, detail::MazeDeleter> handle_;
};

/// The passages chosen for a whole layout (McrdunPassagePlan handle).
class PassagePlan {
public:
    /// One passage per chosen pair of rooms, sorted by (a, b).
    std::vector<McrdunPassage> passages() const {
        const McrdunPassagePlan *plan = get();
        return detail::read_buffer<McrdunPassage>(
            [plan](McrdunPassage *out, std::size_t cap, std::size_t *len) {
                return mcrdun_passage_plan_passages(plan, out, cap, len);
            });
    }

    /// The rooms that touch no other room, ascending.
    std::vector<uint32_t> isolated() const {
        const McrdunPassagePlan *plan = get();
        return detail::read_buffer<uint32_t>([plan](uint32_t *out, std::size_t cap, std::size_t *len) {
            return mcrdun_passage_plan_isolated(plan, out, cap, len);
        });
    }

    /// Connected groups of rooms (1: every room is reachable).
    uint32_t components() const { return mcrdun_passage_plan_components(get()); }

    /// The C handle, still owned by this object.
    const McrdunPassagePlan *get() const noexcept { return handle_.get(); }

private:
    friend class Layout;
    explicit PassagePlan(McrdunPassagePlan *raw) : handle_(raw) {}

    std::unique_ptr<McrdunPassagePlan, detail::PassagePlanDeleter> handle_;
};

/// Rooms of any shape on a grid (McrdunLayout handle).
class Layout {
public:
    /// An empty width x height layout.
    Layout(uint32_t width, uint32_t height) {
        McrdunLayout *raw = nullptr;
        detail::check(mcrdun_layout_new(width, height, &raw));
        handle_.reset(raw);
    }

    /// A layout from row-major room labels (MCRDUN_NO_ROOM: no room).
    static Layout from_labels(uint32_t width, uint32_t height, const std::vector<uint32_t> &labels) {
        McrdunLayout *raw = nullptr;
        detail::check(mcrdun_layout_from_labels(width, height, labels.data(), labels.size(), &raw));
        return Layout(raw);
    }

    /// Adds a room made of `cells`; returns its number (0, 1, 2, ...).
    uint32_t add_room(const std::vector<McrdunPoint> &cells) {
        uint32_t room = 0;
        detail::check(mcrdun_layout_add_room(get(), cells.data(), cells.size(), &room));
        return room;
    }

    /// The number of rooms.
    uint32_t room_count() const { return mcrdun_layout_room_count(get()); }

    /// The room owning cell `p`, or MCRDUN_NO_ROOM.
    uint32_t room_of(McrdunPoint p) const {
        uint32_t room = 0;
        detail::check(mcrdun_layout_room_of(get(), p, &room));
        return room;
    }

    /// The border between rooms a and b as (cell, across) pairs.
    std::vector<McrdunBorderPair> border(uint32_t a, uint32_t b) const {
        const McrdunLayout *layout = get();
        return detail::read_buffer<McrdunBorderPair>(
            [layout, a, b](McrdunBorderPair *out, std::size_t cap, std::size_t *len) {
                return mcrdun_layout_border(layout, a, b, out, cap, len);
            });
    }

    /// Every pair of rooms sharing a border, a < b, sorted.
    std::vector<McrdunRoomPair> adjacent_rooms() const {
        const McrdunLayout *layout = get();
        return detail::read_buffer<McrdunRoomPair>(
            [layout](McrdunRoomPair *out, std::size_t cap, std::size_t *len) {
                return mcrdun_layout_adjacent_rooms(layout, out, cap, len);
            });
    }

    /// One passage between rooms a and b, seeded.
    McrdunPassage choose_passage(uint32_t a, uint32_t b, uint64_t seed, McrdunWeights weights) const {
        McrdunPassage out{};
        detail::check(mcrdun_layout_choose_passage(get(), a, b, seed, weights, &out));
        return out;
    }

    /// Passages for the whole layout, seeded.
    PassagePlan passages(uint64_t seed, McrdunPassagePolicy policy) const {
        McrdunPassagePlan *raw = nullptr;
        detail::check(mcrdun_layout_passages(get(), seed, policy, &raw));
        return PassagePlan(raw);
    }

    /// The C handle, still owned by this object.
    McrdunLayout *get() const noexcept { return handle_.get(); }

private:
    explicit Layout(McrdunLayout *raw) : handle_(raw) {}

    std::unique_ptr<McrdunLayout, detail::LayoutDeleter> handle_;
};

/// Region labelling, statistics, reachability and connecting on a
/// row-major map of cells (non-zero: floor, 0: wall).
namespace regions {

/// Labels of a labelled map and their count.
struct Labels {
    std::vector<uint32_t> labels;  ///< per cell: region or MCRDUN_NO_REGION
    uint32_t count;                ///< number of regions
};

namespace detail {
inline void check_size(const std::vector<uint8_t> &cells, uint32_t width, uint32_t height) {
    if (cells.size() != static_cast<std::size_t>(width) * height) {
        throw Error(MCRDUN_STATUS_INVALID_ARGUMENT, "regions: cells.size() != width * height");
    }
}
}  // namespace detail

/// Labels the floor with `connectivity` 4 or 8; `wrap` is 0 or MCRDUN_REGIONS_WRAP_* bits.
inline Labels label(const std::vector<uint8_t> &cells, uint32_t width, uint32_t height,
                    uint32_t connectivity, uint32_t wrap = 0) {
    detail::check_size(cells, width, height);
    Labels out{std::vector<uint32_t>(cells.size()), 0};
    if (wrap == 0) {
        mcrdun::detail::check(mcrdun_regions_label(cells.data(), width, height, connectivity,
                                                   out.labels.data(), out.labels.size(), &out.count));
    } else {
        mcrdun::detail::check(mcrdun_regions_label_wrapped(cells.data(), width, height, connectivity, wrap,
                                                           out.labels.data(), out.labels.size(), &out.count));
    }
    return out;
}

/// Each region's statistics (index = label).
inline std::vector<McrdunRegionStats> stats(const std::vector<uint8_t> &cells, uint32_t width,
                                            uint32_t height, uint32_t connectivity) {
    detail::check_size(cells, width, height);
    const uint8_t *data = cells.data();
    return mcrdun::detail::read_buffer<McrdunRegionStats>(
        [=](McrdunRegionStats *out, std::size_t cap, std::size_t *len) {
            return mcrdun_regions_stats(data, width, height, connectivity, out, cap, len);
        });
}

/// Labels and statistics in one pass.
inline std::pair<std::vector<uint32_t>, std::vector<McrdunRegionStats>> label_stats(
    const std::vector<uint8_t> &cells, uint32_t width, uint32_t height, uint32_t connectivity) {
    detail::check_size(cells, width, height);
    std::vector<uint32_t> labels(cells.size());
    std::size_t len = 0;
    McrdunStatus status = mcrdun_regions_label_stats(cells.data(), width, height, connectivity,
                                                     labels.data(), labels.size(), nullptr, 0, &len);
    std::vector<McrdunRegionStats> stats(len);
    if (status == MCRDUN_STATUS_BUFFER_TOO_SMALL) {
        status = mcrdun_regions_label_stats(cells.data(), width, height, connectivity, labels.data(),
                                            labels.size(), stats.data(), stats.size(), &len);
    }
    mcrdun::detail::check(status);
    stats.resize(len);
    return {std::move(labels), std::move(stats)};
}

/// The label of the largest region (lowest on a tie), MCRDUN_NO_REGION for none.
inline uint32_t largest(const std::vector<McrdunRegionStats> &stats) {
    uint32_t out = 0;
    mcrdun::detail::check(mcrdun_regions_largest(stats.data(), stats.size(), &out));
    return out;
}

/// 1 for every cell of `start`'s region, 0 elsewhere.
inline std::vector<uint8_t> reachable_from(const std::vector<uint8_t> &cells, uint32_t width,
                                           uint32_t height, uint32_t connectivity, McrdunPoint start) {
    detail::check_size(cells, width, height);
    std::vector<uint8_t> mask(cells.size());
    mcrdun::detail::check(mcrdun_regions_reachable_from(cells.data(), width, height, connectivity, start,
                                                        mask.data(), mask.size()));
    return mask;
}

/// Whether all floor is one region.
inline bool is_connected(const std::vector<uint8_t> &cells, uint32_t width, uint32_t height,
                         uint32_t connectivity) {
    detail::check_size(cells, width, height);
    bool out = false;
    mcrdun::detail::check(mcrdun_regions_is_connected(cells.data(), width, height, connectivity, &out));
    return out;
}

/// The distinct regions that `points` stand on, ascending.
inline std::vector<uint32_t> touched(const std::vector<uint8_t> &cells, uint32_t width, uint32_t height,
                                     uint32_t connectivity, const std::vector<McrdunPoint> &points) {
    detail::check_size(cells, width, height);
    const uint8_t *data = cells.data();
    const McrdunPoint *pts = points.data();
    const std::size_t n = points.size();
    return mcrdun::detail::read_buffer<uint32_t>([=](uint32_t *out, std::size_t cap, std::size_t *len) {
        return mcrdun_regions_touched(data, width, height, connectivity, pts, n, out, cap, len);
    });
}

/// Digs corridors in place until all floor is one 4-connected region;
/// returns the number of cells dug.
inline std::size_t connect(std::vector<uint8_t> &cells, uint32_t width, uint32_t height,
                           bool keep_border) {
    detail::check_size(cells, width, height);
    std::size_t dug = 0;
    mcrdun::detail::check(mcrdun_regions_connect(cells.data(), width, height, keep_border ? 1u : 0u, &dug));
    return dug;
}

}  // namespace regions

/// Rooms scattered and pushed apart, their neighbours and links.
namespace scatter {

/// The default parameters (40 rooms, disc of radius 20, ...).
inline McrdunScatterParams params_default() {
    McrdunScatterParams out{};
    mcrdun::detail::check(mcrdun_scatter_params_default(&out));
    return out;
}

/// Scattered and separated rooms and what the separation did.
struct Scattered {
    std::vector<McrdunRect> rooms;  ///< the rooms, integer, none overlapping
    McrdunSeparation report;        ///< steps and how it ended
};

/// Scatters and separates `params.count` rooms from `seed`.
inline Scattered generate(uint64_t seed, const McrdunScatterParams &params) {
    Scattered out{std::vector<McrdunRect>(params.count), McrdunSeparation{}};
    std::size_t len = 0;
    mcrdun::detail::check(
        mcrdun_scatter_generate(seed, &params, out.rooms.data(), out.rooms.size(), &len, &out.report));
    out.rooms.resize(len);
    return out;
}

/// Separates `rooms` in place; returns what the separation did.
inline McrdunSeparation separate(std::vector<McrdunRect> &rooms, uint32_t padding, uint32_t max_steps,
                                 bool spread) {
    McrdunSeparation report{};
    mcrdun::detail::check(
        mcrdun_scatter_separate(rooms.data(), rooms.size(), padding, max_steps, spread, &report));
    return report;
}

/// Every pair of neighbouring rooms (a < b), sorted.
inline std::vector<std::pair<uint32_t, uint32_t>> neighbours(const std::vector<McrdunRect> &rooms,
                                                             uint32_t max_gap, uint32_t door_width) {
    const McrdunRect *data = rooms.data();
    const std::size_t n = rooms.size();
    return mcrdun::detail::pairs(
        mcrdun::detail::read_buffer<uint32_t>([=](uint32_t *out, std::size_t cap, std::size_t *len) {
            return mcrdun_scatter_neighbours(data, n, max_gap, door_width, out, cap, len);
        }));
}

/// The links to build: tree links (from, to) in flood order, then loops (a < b).
struct Links {
    std::vector<std::pair<uint32_t, uint32_t>> tree;   ///< spanning tree links
    std::vector<std::pair<uint32_t, uint32_t>> loops;  ///< extra links
};

/// A spanning tree of the neighbour graph from `start` plus a share of loops.
inline Links links(const std::vector<McrdunRect> &rooms, uint32_t max_gap, uint32_t door_width,
                   uint32_t start, double loop_fraction, uint64_t loop_seed) {
    std::size_t len = 0, tree_pairs = 0;
    McrdunStatus status = mcrdun_scatter_links(rooms.data(), rooms.size(), max_gap, door_width, start,
                                               loop_fraction, loop_seed, nullptr, 0, &len, &tree_pairs);
    std::vector<uint32_t> flat(len);
    if (status == MCRDUN_STATUS_BUFFER_TOO_SMALL) {
        status = mcrdun_scatter_links(rooms.data(), rooms.size(), max_gap, door_width, start,
                                      loop_fraction, loop_seed, flat.data(), flat.size(), &len,
                                      &tree_pairs);
    }
    mcrdun::detail::check(status);
    flat.resize(len);
    std::vector<std::pair<uint32_t, uint32_t>> all = mcrdun::detail::pairs(flat);
    Links out;
    const std::size_t split = tree_pairs < all.size() ? tree_pairs : all.size();
    out.tree.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(split));
    out.loops.assign(all.begin() + static_cast<std::ptrdiff_t>(split), all.end());
    return out;
}

/// The rooms the flood from `start` cannot reach, ascending.
inline std::vector<uint32_t> unreachable(const std::vector<McrdunRect> &rooms, uint32_t max_gap,
                                         uint32_t door_width, uint32_t start) {
    const McrdunRect *data = rooms.data();
    const std::size_t n = rooms.size();
    return mcrdun::detail::read_buffer<uint32_t>([=](uint32_t *out, std::size_t cap, std::size_t *len) {
        return mcrdun_scatter_unreachable(data, n, max_gap, door_width, start, out, cap, len);
    });
}

/// Where a door between neighbouring rooms a and b can go.
inline McrdunDoorSpan door_span(McrdunRect a, McrdunRect b, uint32_t max_gap, uint32_t door_width) {
    McrdunDoorSpan out{};
    mcrdun::detail::check(mcrdun_scatter_door_span(a, b, max_gap, door_width, &out));
    return out;
}

}  // namespace scatter

/// Relations between two rectangles.
namespace rect {

/// Whether `r` is valid (w, h >= 1, edges within int32).
inline bool is_valid(McrdunRect r) { return mcrdun_rect_is_valid(r); }

/// Which side of a touches b, and the span they share.
inline McrdunSharedWall shared_wall(McrdunRect a, McrdunRect b) {
    McrdunSharedWall out{};
    mcrdun::detail::check(mcrdun_rect_shared_wall(a, b, &out));
    return out;
}

/// The tiles on a's own edge along the wall it shares with b, ascending.
inline std::vector<McrdunPoint> wall_tiles(McrdunRect a, McrdunRect b) {
    return mcrdun::detail::read_buffer<McrdunPoint>([=](McrdunPoint *out, std::size_t cap, std::size_t *len) {
        return mcrdun_rect_wall_tiles(a, b, out, cap, len);
    });
}

/// Whether a and b are neighbours by the "close enough, wide enough" rule.
inline bool are_neighbours(McrdunRect a, McrdunRect b, uint32_t max_gap, uint32_t door_width) {
    bool out = false;
    mcrdun::detail::check(mcrdun_rect_are_neighbours(a, b, max_gap, door_width, &out));
    return out;
}

}  // namespace rect

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

// ---------------------------------------------------------------- things
//
//     mcrdun::ThingTable table(text);                   // throws with line:column
//     McrdunPlaceMap map{};                              // spots, size, start, ...
//     std::vector<McrdunThing> things = mcrdun::place_things(map, {&table}, depth, seed);
//     options.things({&table});  mcrdun::Level level(options);  level.things();
//
// ---------------------------------------------------------------- locks
//
//     mcrdun::Walkthrough walk = mcrdun::solve_locks(walkable, w, h, locks, keys, start, goal);
//     walk.steps; walk.legs[i].key                       // MCRDUN_LEG_GOAL for the last
namespace mcrdun {

/// Places the entries of `tables` (one list, in order) on the caller's
/// `map` for dungeon depth `depth` with `seed` (mcrdun_things_place).
inline std::vector<McrdunThing> place_things(const McrdunPlaceMap &map,
                                             const std::vector<const ThingTable *> &tables,
                                             uint32_t depth, uint64_t seed) {
    std::vector<const McrdunThingTable *> raw;
    raw.reserve(tables.size());
    for (const ThingTable *t : tables) {
        raw.push_back(t == nullptr ? nullptr : t->get());
    }
    return detail::read_buffer<McrdunThing>(
        [&](McrdunThing *out, std::size_t cap, std::size_t *len) {
            return mcrdun_things_place(&map, raw.data(), raw.size(), depth, seed, out, cap, len);
        });
}

/// A walkthrough of a puzzle of locks and keys (mcrdun_locks_solve).
struct Walkthrough {
    std::vector<McrdunLeg> legs;  ///< in order; the last one's key is MCRDUN_LEG_GOAL
    uint64_t steps;               ///< the steps of all legs
};

/// Solves a puzzle of locks and keys on a `width` x `height` grid
/// (`walkable`: 0 a wall, anything else walkable). Throws mcrdun::Error
/// (MCRDUN_STATUS_UNSATISFIABLE naming the keys when there is no way
/// through).
inline Walkthrough solve_locks(const std::vector<uint8_t> &walkable, uint32_t width,
                               uint32_t height, const std::vector<McrdunLock> &locks,
                               const std::vector<McrdunKey> &keys, McrdunPoint start,
                               McrdunPoint goal) {
    detail::check_cells(walkable.size(), width, height, "walkable");
    Walkthrough walk{{}, 0};
    std::size_t len = 0;
    McrdunStatus status =
        mcrdun_locks_solve(walkable.data(), width, height, locks.data(), locks.size(), keys.data(),
                           keys.size(), start, goal, nullptr, 0, &len, nullptr);
    if (status != MCRDUN_STATUS_BUFFER_TOO_SMALL) {
        detail::check(status);
    }
    walk.legs.resize(len);
    detail::check(mcrdun_locks_solve(walkable.data(), width, height, locks.data(), locks.size(),
                                     keys.data(), keys.size(), start, goal, walk.legs.data(),
                                     walk.legs.size(), &len, &walk.steps));
    walk.legs.resize(len);
    return walk;
}

}  // namespace mcrdun

#endif  // MCRDUN_HPP
