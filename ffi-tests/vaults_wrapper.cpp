// mcrdun::Vaults from C++17: a vault set from text (a bad file throws with
// its line and column), given to LevelOptions, and the placed vaults and
// markers read back from the Level.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mcrdun.hpp"

namespace {

int failures = 0;

void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "vaults_wrapper.cpp:%d: CHECK failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

const char *const NOOK =
    "vault nook\n"
    "count 1\n"
    "map\n"
    "##!##\n"
    "#.A.#\n"
    "#####\n"
    "end\n";

void test_vaults_in_a_level() {
    mcrdun::Vaults vaults(NOOK);
    CHECK(vaults.size() == 1);
    CHECK(vaults.name(0) == "nook");
    for (uint32_t kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_DRUNKARD; ++kind) {
        mcrdun::LevelOptions options(kind);
        options.size(100, 70).seed(5).vaults(vaults);
        mcrdun::Level level(options);
        std::vector<McrdunPlacedVault> placed = level.vaults();
        std::vector<McrdunMarker> markers = level.markers();
        CHECK(placed.size() == 1);
        CHECK(markers.size() == 1);
        if (placed.size() == 1 && markers.size() == 1) {
            CHECK(markers[0].label == 'A' && markers[0].vault == 0);
            CHECK(placed[0].index == 0);
            CHECK(markers[0].x >= placed[0].bounds.x &&
                  markers[0].x < placed[0].bounds.x + placed[0].bounds.w);
        }
    }
}

void test_a_bad_file_throws_with_its_place() {
    try {
        mcrdun::Vaults bad("vault x\nmap\n#.#\nend\n");
        CHECK(false);
    } catch (const mcrdun::Error &e) {
        CHECK(e.status() == MCRDUN_STATUS_INVALID_ARGUMENT);
        CHECK(std::string(e.what()).find("text:3:2: expected wall") != std::string::npos);
    }
}

}  // namespace

int main() {
    test_vaults_in_a_level();
    test_a_bad_file_throws_with_its_place();
    if (failures != 0) {
        std::fprintf(stderr, "vaults_wrapper: %d check(s) failed\n", failures);
        return 1;
    }
    std::printf("vaults_wrapper: ok\n");
    return 0;
}
