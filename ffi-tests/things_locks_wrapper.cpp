// mcrdun::ThingTable, place_things and solve_locks from C++17: a spawn table
// from text (a bad one throws with its line and column), its entries read
// back, things placed on a caller's map, and the locks solver's walkthrough
// (a puzzle without a way through throws UNSATISFIABLE).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mcrdun.hpp"

namespace {

int failures = 0;

void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "things_locks_wrapper.cpp:%d: CHECK failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

void test_table() {
    mcrdun::ThingTable table("thing chest\nglyph C\ncount 1\nwhere dead_end\n"
                             "thing rat\nglyph r\ncount 2\nwhere room\napart 3\n");
    CHECK(table.size() == 2);
    CHECK(table.name(0) == "chest");
    CHECK(table.name(1) == "rat");
    CHECK(table.entry(1).apart == 3 && table.entry(1).glyph == 'r');
    CHECK(table.entry(0).places == 1u << MCRDUN_THING_PLACE_DEAD_END);
    mcrdun::ThingTable again(table.text());
    CHECK(again.text() == table.text());
    try {
        table.entry(2);
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_OUT_OF_RANGE);
    }
    try {
        mcrdun::ThingTable bad("thing rat\nglyph r\ncount 5..2\n");
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_INVALID_ARGUMENT);
        CHECK(std::string(e.what()).find("text:3:7: expected a count") != std::string::npos);
    }
}

void test_place() {
    const char *const rows[] = {"###########", "#.....#####", "#.....,,,,#",
                                "#.....###,#", "#########,#", "###########"};
    std::vector<uint8_t> spots;
    for (const char *row : rows) {
        for (const char *c = row; *c != '\0'; ++c) {
            spots.push_back(*c == '.' ? MCRDUN_SPOT_ROOM
                            : *c == ',' ? MCRDUN_SPOT_CORRIDOR
                                        : MCRDUN_SPOT_WALL);
        }
    }
    McrdunPlaceMap map{};
    map.spots = spots.data();
    map.width = 11;
    map.height = 6;
    map.start = McrdunPoint{1, 1};
    mcrdun::ThingTable table("thing chest\nglyph C\ncount 1\nwhere dead_end\n"
                             "thing rat\nglyph r\ncount 2\nwhere room\napart 3\n");
    std::vector<McrdunThing> things = mcrdun::place_things(map, {&table}, 1, 42);
    CHECK(things.size() == 3);
    int chests = 0;
    for (const McrdunThing &t : things) {
        if (t.glyph == 'C') {
            ++chests;
            // As the Rust doc test of mcrdun-things pins it.
            CHECK(t.x == 9 && t.y == 4 && t.distance == 11);
            CHECK(t.place == MCRDUN_THING_PLACE_DEAD_END);
        }
    }
    CHECK(chests == 1);
    CHECK(mcrdun::place_things(map, {}, 1, 42).empty());
    mcrdun::ThingTable boss("thing boss\nglyph B\ncount 1\nwhere vault\n");
    try {
        mcrdun::place_things(map, {&boss}, 1, 42);
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_UNSATISFIABLE);
        CHECK(std::string(e.what()).find("thing `boss`") != std::string::npos);
    }
}

void test_solve() {
    // S . k . = . G on one row.
    std::vector<uint8_t> walkable(7, 1);
    McrdunPoint door{4, 0};
    std::vector<McrdunLock> locks{McrdunLock{7, &door, 1}};
    std::vector<McrdunKey> keys{McrdunKey{7, McrdunPoint{2, 0}}};
    mcrdun::Walkthrough walk =
        mcrdun::solve_locks(walkable, 7, 1, locks, keys, McrdunPoint{0, 0}, McrdunPoint{6, 0});
    CHECK(walk.steps == 6);
    CHECK(walk.legs.size() == 2);
    if (walk.legs.size() == 2) {
        CHECK(walk.legs[0].key == 0 && walk.legs[0].steps == 2);
        CHECK(walk.legs[1].key == MCRDUN_LEG_GOAL && walk.legs[1].at.x == 6);
    }
    try {
        mcrdun::solve_locks(walkable, 7, 1, locks, {}, McrdunPoint{0, 0}, McrdunPoint{6, 0});
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_UNSATISFIABLE);
    }
    try {
        mcrdun::solve_locks(walkable, 8, 1, locks, keys, McrdunPoint{0, 0}, McrdunPoint{6, 0});
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_INVALID_ARGUMENT);
    }
}

void test_level_things() {
    mcrdun::ThingTable table("thing chest\nglyph C\ncount 1\ndistance 0.8..1\n"
                             "thing rat\nglyph r\ncount 3..5\nwhere room corridor\naway 5\n");
    for (uint32_t kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_DRUNKARD; ++kind) {
        mcrdun::LevelOptions options(kind);
        options.size(80, 50).seed(7).set("dungeon_level", 3);
        std::vector<uint8_t> bare = mcrdun::Level(options).tiles();
        options.things({&table});
        mcrdun::Level level(options);
        CHECK(level.tiles() == bare);
        std::vector<McrdunThing> things = level.things();
        CHECK(things.size() >= 4 && things.size() <= 6);
        int chests = 0;
        for (std::size_t i = 0; i < things.size(); ++i) {
            std::string name = level.thing_name(i);
            CHECK(name == (things[i].glyph == 'C' ? "chest" : "rat"));
            chests += things[i].glyph == 'C';
        }
        CHECK(chests == 1);
        try {
            level.thing_name(things.size());
            CHECK(false);
        } catch (const mcrdun::Error &e) {
            CHECK(e.status() == MCRDUN_STATUS_OUT_OF_RANGE);
        }
        options.things({});
        CHECK(mcrdun::Level(options).things().empty());
        // Without the locks option: no locks, the direct walk.
        CHECK(level.locks().empty() && level.lock_doors().empty());
        uint64_t steps = 0;
        std::vector<McrdunLeg> walk = level.solve(&steps);
        CHECK(walk.size() == 1 && walk[0].key == MCRDUN_LEG_GOAL && walk[0].steps == steps);
        CHECK(steps > 0);
    }
}

// A vault that asks for a lock: the level's one lock names it
// (McrdunLevelLock::vault), the locks option's locks name none.
void test_locked_vault() {
    mcrdun::Vaults vaults(
        "vault hoard\ncount 1\nlocked yes\nmap\n #####\n #...#\n ?.t.!\n #...#\n #####\nend\n");
    mcrdun::LevelOptions options(MCRDUN_LEVEL_KIND_BSP);
    options.size(80, 50).seed(1).vaults(vaults);
    mcrdun::Level level(options);
    std::vector<McrdunLevelLock> locks = level.locks();
    CHECK(locks.size() == 1 && level.vaults().size() == 1);
    CHECK(!locks.empty() && locks[0].vault == 0 && locks[0].id == 1);
    options.set("locks", 2);
    mcrdun::Level chained(options);
    locks = chained.locks();
    CHECK(locks.size() == 3);
    if (locks.size() == 3) {
        CHECK(locks[0].vault == MCRDUN_NO_VAULT && locks[1].vault == MCRDUN_NO_VAULT);
        CHECK(locks[2].vault == 0 && locks[2].id == 3);
    }
}

}  // namespace

int main() {
    test_table();
    test_place();
    test_solve();
    test_level_things();
    test_locked_vault();
    if (failures != 0) {
        std::fprintf(stderr, "things_locks_wrapper: %d check(s) failed\n", failures);
        return 1;
    }
    std::printf("things_locks_wrapper: all checks passed\n");
    return 0;
}
