// mcrdun::LevelOptions and level_option_infos from C++17: options by name
// build the same level as the frozen config, the schema is read whole,
// copies are deep, and bad names and values throw with the right status.
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "check.hpp"
#include "mcrdun.hpp"

namespace {

static_assert(std::is_copy_constructible<mcrdun::LevelOptions>::value, "options copy");
static_assert(std::is_nothrow_move_constructible<mcrdun::LevelOptions>::value, "options move");

void test_same_level_as_the_config() {
    for (uint32_t kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; ++kind) {
        mcrdun::LevelOptions options(kind);
        options.size(64, 40).seed(12345);
        const mcrdun::Level a(options);
        const mcrdun::Level b(mcrdun::level_config(kind, 64, 40), 12345);
        CHECK(a.tiles() == b.tiles());
        CHECK(a.rooms().size() == b.rooms().size());
    }
    mcrdun::LevelOptions options(MCRDUN_LEVEL_KIND_MAZE);
    options.size(41, 31).seed(3).set_text("maze_algorithm", "wilson").set("maze_braid", 0.5);
    CHECK(options.get("maze_algorithm") == 3.0);
    McrdunLevelConfig config = mcrdun::level_config(MCRDUN_LEVEL_KIND_MAZE, 41, 31);
    config.maze_algorithm = MCRDUN_MAZE_ALGORITHM_WILSON;
    config.maze_braid = 0.5;
    CHECK(mcrdun::Level(options).tiles() == mcrdun::Level(config, 3).tiles());
}

void test_schema() {
    std::size_t total = 0;
    for (uint32_t kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; ++kind) {
        mcrdun::LevelOptions options(kind);
        for (const mcrdun::OptionInfo &info : mcrdun::level_option_infos(kind)) {
            CHECK(!info.name.empty() && !info.flag.empty() && !info.doc.empty());
            CHECK(info.min <= info.default_value && info.default_value <= info.max);
            CHECK(options.get(info.name.c_str()) == info.default_value);
            CHECK((info.value_kind == MCRDUN_OPTION_VALUE_CHOICE) == !info.choices.empty());
            for (const std::string &choice : info.choices) {
                options.set_text(info.name.c_str(), choice.c_str());
            }
            ++total;
        }
    }
    CHECK(total >= 15);
    EXPECT_ERROR([] { mcrdun::level_option_infos(9); }, MCRDUN_STATUS_INVALID_ARGUMENT, "kind");
}

void test_copies_and_errors() {
    mcrdun::LevelOptions a(MCRDUN_LEVEL_KIND_CAVE);
    mcrdun::LevelOptions b = a;
    b.set("cave_passes", 2);
    CHECK(a.get("cave_passes") != 2.0);
    a = b;
    CHECK(a.get("cave_passes") == 2.0);
    mcrdun::LevelOptions moved = std::move(b);
    CHECK(moved.get("cave_passes") == 2.0);
    EXPECT_ERROR([&a] { a.set("loops", 0.5); }, MCRDUN_STATUS_UNKNOWN_OPTION, "cave_fill");
    EXPECT_ERROR([&a] { a.set("cave_fill", 2.0); }, MCRDUN_STATUS_INVALID_ARGUMENT, "[0, 0.65]");
    EXPECT_ERROR([&a] { a.set_text("cave_fill", "lots"); }, MCRDUN_STATUS_INVALID_ARGUMENT, "lots");
    EXPECT_ERROR([&a] { (void)a.get("nope"); }, MCRDUN_STATUS_UNKNOWN_OPTION, "nope");
    EXPECT_ERROR([] { mcrdun::LevelOptions bad(7); }, MCRDUN_STATUS_INVALID_ARGUMENT, "kind");
    a.size(2, 2);
    EXPECT_ERROR([&a] { mcrdun::Level level(a); }, MCRDUN_STATUS_INVALID_ARGUMENT, "too small");
}

}  // namespace

int main() {
    return check_hpp::run_main("level_options_wrapper.cpp", [] {
        test_same_level_as_the_config();
        test_schema();
        test_copies_and_errors();
    });
}
