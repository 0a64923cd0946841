/* Vaults through the C ABI: a vault set read from text, errors with their
 * line and column, vaults attached to level options, and the placed vaults
 * and markers read back through the two-call protocol, every vault tile as
 * its map says. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

static const char NOOK[] =
    "# A nook with an altar (A), one way in.\n"
    "vault nook\n"
    "count 1\n"
    "rotate no\n"
    "mirror no\n"
    "map\n"
    "##!##\n"
    "#.A.#\n"
    "#####\n"
    "end\n";

static void test_parse_and_errors(void) {
    McrdunVaults *v = NULL;
    size_t n = 0;
    char name[16];
    static const char bad[] = "vault x\nweight lots\n";
    CHECK_OK(mcrdun_vaults_parse(NOOK, strlen(NOOK), &v));
    CHECK_OK(mcrdun_vaults_count(v, &n));
    CHECK(n == 1);
    CHECK_STATUS(mcrdun_vaults_name(v, 0, NULL, 0, &n), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 4);
    CHECK_OK(mcrdun_vaults_name(v, 0, name, sizeof name, &n));
    CHECK(n == 4 && memcmp(name, "nook", 4) == 0);
    CHECK_STATUS(mcrdun_vaults_name(v, 1, name, sizeof name, &n), MCRDUN_STATUS_OUT_OF_RANGE);
    mcrdun_vaults_free(v);
    v = NULL;
    CHECK_STATUS(mcrdun_vaults_parse(bad, strlen(bad), &v), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(v == NULL);
    CHECK_LAST_ERROR_HAS("text:2:8: expected a whole number");
    {
        /* Not UTF-8: the place of the first bad byte. A byte-order mark is skipped. */
        static const char latin1[] = "vault x\n# caf\xe9\n";
        static const char bom[] = "\xef\xbb\xbfvault nook\nmap\n#!#\n#.#\n###\nend\n";
        CHECK_STATUS(mcrdun_vaults_parse(latin1, strlen(latin1), &v), MCRDUN_STATUS_INVALID_ARGUMENT);
        CHECK(v == NULL);
        CHECK_LAST_ERROR_HAS("text:2:6: expected UTF-8 text, found the byte 0xE9");
        CHECK_OK(mcrdun_vaults_parse(bom, strlen(bom), &v));
        CHECK_OK(mcrdun_vaults_count(v, &n));
        CHECK(n == 1);
        mcrdun_vaults_free(v);
        v = NULL;
    }
    CHECK_STATUS(mcrdun_vaults_parse(NOOK, strlen(NOOK), NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_vaults_parse(NULL, 3, &v), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_OK(mcrdun_vaults_parse(NULL, 0, &v));
    CHECK_OK(mcrdun_vaults_count(v, &n));
    CHECK(n == 0);
    mcrdun_vaults_free(v);
    mcrdun_vaults_free(NULL);
}

static void test_levels_place_vaults(void) {
    uint32_t kind;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        McrdunVaults *v = NULL;
        McrdunLevelOptions *o = NULL;
        McrdunLevel *level = NULL;
        McrdunPlacedVault placed[4];
        McrdunMarker markers[4];
        McrdunLevelInfo info;
        uint8_t *tiles;
        size_t n = 0, m = 0, len = 0;
        CHECK_OK(mcrdun_vaults_parse(NOOK, strlen(NOOK), &v));
        CHECK_OK(mcrdun_level_options_new(kind, &o));
        CHECK_OK(mcrdun_level_options_set_size(o, 120, 80));
        CHECK_OK(mcrdun_level_options_set_seed(o, 11));
        CHECK_OK(mcrdun_level_options_set_vaults(o, v));
        /* The options keep their own copy. */
        mcrdun_vaults_free(v);
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        CHECK_STATUS(mcrdun_level_vaults(level, NULL, 0, &n), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        CHECK(n == 1);
        CHECK_OK(mcrdun_level_vaults(level, placed, 4, &n));
        CHECK(n == 1 && placed[0].index == 0);
        CHECK(placed[0].bounds.w == 5 && placed[0].bounds.h == 3);
        CHECK(placed[0].rotation == 0 && placed[0].mirror == 0);
        CHECK_OK(mcrdun_level_markers(level, markers, 4, &m));
        CHECK(m == 1 && markers[0].label == 'A' && markers[0].vault == 0);
        CHECK(markers[0].x == placed[0].bounds.x + 2 && markers[0].y == placed[0].bounds.y + 1);
        CHECK_OK(mcrdun_level_info(level, &info));
        CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        tiles = malloc(len);
        if (tiles != NULL) {
            int32_t x = placed[0].bounds.x, y = placed[0].bounds.y;
            CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
            /* The entrance is a door, the altar floor, the walls walls. */
            CHECK(tiles[(size_t)y * info.width + (size_t)x + 2] == MCRDUN_TILE_DOOR);
            CHECK(tiles[(size_t)(y + 1) * info.width + (size_t)x + 2] == MCRDUN_TILE_FLOOR);
            CHECK(tiles[(size_t)(y + 2) * info.width + (size_t)x + 2] == MCRDUN_TILE_WALL);
            CHECK(tiles[(size_t)y * info.width + (size_t)x] == MCRDUN_TILE_WALL);
            free(tiles);
        }
        if (kind == MCRDUN_LEVEL_KIND_CAVE || kind == MCRDUN_LEVEL_KIND_MAZE) {
            CHECK(placed[0].room == UINT32_MAX);
        } else {
            CHECK(placed[0].room != UINT32_MAX);
        }
        mcrdun_level_free(level);
        /* No vaults again: nothing placed. */
        CHECK_OK(mcrdun_level_options_set_vaults(o, NULL));
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        CHECK_OK(mcrdun_level_vaults(level, placed, 4, &n));
        CHECK(n == 0);
        mcrdun_level_free(level);
        mcrdun_level_options_free(o);
    }
}

static void test_a_required_vault_that_fits_nowhere(void) {
    static const char big[] =
        "vault huge\ncount 1\nmap\n"
        "##########!##########\n"
        "#...................#\n"
        "#####################\n"
        "end\n";
    McrdunVaults *v = NULL;
    McrdunLevelOptions *o = NULL;
    McrdunLevel *level = NULL;
    CHECK_OK(mcrdun_vaults_parse(big, strlen(big), &v));
    CHECK_OK(mcrdun_level_options_new(MCRDUN_LEVEL_KIND_BSP, &o));
    CHECK_OK(mcrdun_level_options_set_vaults(o, v));
    CHECK_STATUS(mcrdun_level_generate_with(o, &level), MCRDUN_STATUS_UNSATISFIABLE);
    CHECK(level == NULL);
    CHECK_LAST_ERROR_HAS("vault huge: no place");
    CHECK_STATUS(mcrdun_level_options_set_vaults(NULL, v), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_level_options_free(o);
    mcrdun_vaults_free(v);
}

int main(void) {
    test_parse_and_errors();
    test_levels_place_vaults();
    test_a_required_vault_that_fits_nowhere();
    if (check_failures != 0) {
        fprintf(stderr, "vaults: %d check(s) failed\n", check_failures);
        return 1;
    }
    printf("vaults: ok\n");
    return 0;
}
