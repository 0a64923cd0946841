/* Level options through the opaque handle: the same levels as the frozen
 * McrdunLevelConfig (so a caller compiled against the old header and one
 * using the handle get the same tiles), the schema read from C as a level
 * editor would read it to build its controls, and every error path. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

static uint64_t fnv1a(const uint8_t *bytes, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= bytes[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The hash of a level handle's tiles, rock counted as wall as in the Rust
 * golden test (0 on failure). */
static uint64_t level_hash(const McrdunLevel *level) {
    size_t len = 0, i;
    uint8_t *tiles;
    uint64_t h;
    CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    tiles = malloc(len);
    if (tiles == NULL) {
        return 0;
    }
    CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
    for (i = 0; i < len; i++) {
        /* The Rust goldens hash rock as a wall. */
        if (tiles[i] == MCRDUN_TILE_ROCK) {
            tiles[i] = MCRDUN_TILE_WALL;
        }
    }
    h = fnv1a(tiles, len);
    free(tiles);
    return h;
}

static uint64_t hash_with_options(uint32_t kind, uint32_t w, uint32_t h, uint64_t seed) {
    McrdunLevelOptions *o = NULL;
    McrdunLevel *level = NULL;
    uint64_t hash = 0;
    CHECK_OK(mcrdun_level_options_new(kind, &o));
    CHECK_OK(mcrdun_level_options_set_size(o, w, h));
    CHECK_OK(mcrdun_level_options_set_seed(o, seed));
    CHECK_OK(mcrdun_level_generate_with(o, &level));
    if (level != NULL) {
        hash = level_hash(level);
    }
    mcrdun_level_free(level);
    mcrdun_level_options_free(o);
    return hash;
}

static uint64_t hash_with_config(uint32_t kind, uint32_t w, uint32_t h, uint64_t seed) {
    McrdunLevelConfig c;
    McrdunLevel *level = NULL;
    uint64_t hash = 0;
    CHECK_OK(mcrdun_level_config_default(kind, w, h, &c));
    CHECK_OK(mcrdun_level_new(&c, seed, &level));
    if (level != NULL) {
        hash = level_hash(level);
    }
    mcrdun_level_free(level);
    return hash;
}

/* Defaults through the handle are the defaults of the frozen struct, for
 * every kind; one golden of crates/dungeon/tests/levels.rs pins both. */
static void test_same_levels_as_the_config(void) {
    uint32_t kind;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        uint64_t a = hash_with_options(kind, 64, 40, 12345u);
        CHECK(a != 0);
        CHECK(a == hash_with_config(kind, 64, 40, 12345u));
    }
    CHECK(hash_with_options(MCRDUN_LEVEL_KIND_BSP, 80, 50, 7u) == 0x1d999d0ea08edcf2ull);
}

/* Options set by name give the level the same fields give. */
static void test_set_by_name_equals_fields(void) {
    McrdunLevelConfig c;
    McrdunLevelOptions *o = NULL;
    McrdunLevel *a = NULL, *b = NULL;
    double v = 0.0;
    CHECK_OK(mcrdun_level_config_default(MCRDUN_LEVEL_KIND_SCATTER, 90, 60, &c));
    c.min_room = 5;
    c.max_room = 9;
    c.loops = 0.4;
    CHECK_OK(mcrdun_level_new(&c, 99u, &a));
    CHECK_OK(mcrdun_level_options_new(MCRDUN_LEVEL_KIND_SCATTER, &o));
    CHECK_OK(mcrdun_level_options_set(o, "width", 90));
    CHECK_OK(mcrdun_level_options_set(o, "height", 60));
    CHECK_OK(mcrdun_level_options_set(o, "min_room", 5));
    CHECK_OK(mcrdun_level_options_set_text(o, "max_room", "9"));
    CHECK_OK(mcrdun_level_options_set(o, "loops", 0.4));
    CHECK_OK(mcrdun_level_options_set_seed(o, 99u));
    CHECK_OK(mcrdun_level_options_get(o, "max_room", &v));
    CHECK(v == 9.0);
    CHECK_OK(mcrdun_level_options_get(o, "height", &v));
    CHECK(v == 60.0);
    CHECK_OK(mcrdun_level_generate_with(o, &b));
    if (a != NULL && b != NULL) {
        CHECK(level_hash(a) == level_hash(b));
    }
    mcrdun_level_free(a);
    mcrdun_level_free(b);
    mcrdun_level_options_free(o);
}

/* The schema as an editor reads it: every option's strings, kind of
 * value, default and range; the default is accepted, a value past the
 * range is not, and choices have names that set_text takes. */
static void test_schema_from_c(void) {
    uint32_t kind;
    size_t total = 0;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        size_t count = 0, i;
        McrdunLevelOptions *o = NULL;
        CHECK_OK(mcrdun_level_option_count(kind, &count));
        CHECK(count >= 2);
        CHECK_OK(mcrdun_level_options_new(kind, &o));
        for (i = 0; i < count; i++) {
            McrdunLevelOptionInfo info;
            double got = -1.0;
            memset(&info, 0, sizeof info);
            CHECK_OK(mcrdun_level_option_info(kind, i, &info));
            CHECK(info.name != NULL && strlen(info.name) > 0);
            CHECK(info.flag != NULL && strlen(info.flag) > 0);
            CHECK(info.doc != NULL && strlen(info.doc) > 10);
            CHECK(info.value_kind <= MCRDUN_OPTION_VALUE_CHOICE);
            CHECK(info.min <= info.default_value && info.default_value <= info.max);
            CHECK_OK(mcrdun_level_options_get(o, info.name, &got));
            CHECK(got == info.default_value);
            CHECK_OK(mcrdun_level_options_set(o, info.name, info.max));
            CHECK_OK(mcrdun_level_options_set(o, info.name, info.default_value));
            if (info.max < 4294967295.0) {
                CHECK_STATUS(mcrdun_level_options_set(o, info.name, info.max + 1.0),
                             MCRDUN_STATUS_INVALID_ARGUMENT);
                CHECK_LAST_ERROR_HAS(info.name);
            }
            CHECK_STATUS(mcrdun_level_options_set(o, info.name, NAN),
                         MCRDUN_STATUS_INVALID_ARGUMENT);
            if (info.value_kind == MCRDUN_OPTION_VALUE_CHOICE) {
                size_t c;
                CHECK(info.choices == (size_t)info.max + 1);
                for (c = 0; c < info.choices; c++) {
                    const char *name = NULL;
                    CHECK_OK(mcrdun_level_option_choice(kind, i, c, &name));
                    CHECK(name != NULL);
                    CHECK_OK(mcrdun_level_options_set_text(o, info.name, name));
                    CHECK_OK(mcrdun_level_options_get(o, info.name, &got));
                    CHECK(got == (double)c);
                }
            } else {
                const char *name = NULL;
                CHECK(info.choices == 0);
                CHECK_STATUS(mcrdun_level_option_choice(kind, i, 0, &name),
                             MCRDUN_STATUS_OUT_OF_RANGE);
            }
            if (info.value_kind == MCRDUN_OPTION_VALUE_INTEGER ||
                info.value_kind == MCRDUN_OPTION_VALUE_SWITCH) {
                CHECK_STATUS(mcrdun_level_options_set(o, info.name, info.min + 0.5),
                             MCRDUN_STATUS_INVALID_ARGUMENT);
            }
            CHECK_OK(mcrdun_level_options_set(o, info.name, info.default_value));
        }
        {
            McrdunLevelOptionInfo info;
            CHECK_STATUS(mcrdun_level_option_info(kind, count, &info),
                         MCRDUN_STATUS_OUT_OF_RANGE);
        }
        mcrdun_level_options_free(o);
        total += count;
    }
    CHECK(total >= 15);
}

static void test_errors(void) {
    McrdunLevelOptions *o = NULL, *copy = NULL;
    McrdunLevel *level = NULL;
    double v = 0.0;
    size_t n = 0;
    McrdunLevelOptionInfo info;
    const char *name = NULL;

    CHECK_OK(mcrdun_level_options_new(MCRDUN_LEVEL_KIND_CAVE, &o));
    CHECK_STATUS(mcrdun_level_options_set(o, "loops", 0.5), MCRDUN_STATUS_UNKNOWN_OPTION);
    CHECK_LAST_ERROR_HAS("cave_fill, cave_passes");
    CHECK_STATUS(mcrdun_level_options_get(o, "lops", &v), MCRDUN_STATUS_UNKNOWN_OPTION);
    CHECK_STATUS(mcrdun_level_options_set(o, "cave_fill", 1.5), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("a number in [0, 0.65]");
    CHECK_STATUS(mcrdun_level_options_set(o, "cave_fill", -INFINITY),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set_text(o, "cave_fill", "half"),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set(o, "\xff\xfe", 1.0), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_get(o, "\xff\xfe", &v), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_OK(mcrdun_level_options_get(o, "cave_fill", &v));
    CHECK(v == 0.5); /* refused values change nothing */

    CHECK_STATUS(mcrdun_level_options_new(MCRDUN_LEVEL_KIND_DRUNKARD + 1, &copy), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(copy == NULL);
    CHECK_STATUS(mcrdun_level_options_new(0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set(NULL, "cave_fill", 0.5), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set(o, NULL, 0.5), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set_text(o, "cave_fill", NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_get(o, "cave_fill", NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set_size(NULL, 1, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set_seed(NULL, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_options_set_max_bytes(NULL, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_generate_with(NULL, &level), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_generate_with(o, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_option_count(9, &n), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_level_option_info(0, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_option_choice(0, 0, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_option_info(9, 0, &info), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_level_option_choice(9, 0, 0, &name), MCRDUN_STATUS_INVALID_ARGUMENT);

    /* Too small and too large maps fail at generation, and write nothing. */
    CHECK_OK(mcrdun_level_options_set_size(o, 2, 2));
    CHECK_STATUS(mcrdun_level_generate_with(o, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(level == NULL);
    CHECK_OK(mcrdun_level_options_set_size(o, 300, 300));
    CHECK_OK(mcrdun_level_options_set_max_bytes(o, 1000));
    CHECK_STATUS(mcrdun_level_generate_with(o, &level), MCRDUN_STATUS_TOO_LARGE);
    CHECK(level == NULL);

    /* A clone is independent of its original. */
    CHECK_OK(mcrdun_level_options_clone(o, &copy));
    CHECK_OK(mcrdun_level_options_set(copy, "cave_passes", 2));
    CHECK_OK(mcrdun_level_options_get(o, "cave_passes", &v));
    CHECK(v == 4.0);
    mcrdun_level_options_free(copy);
    mcrdun_level_options_free(o);
    mcrdun_level_options_free(NULL);
}

int main(void) {
    test_same_levels_as_the_config();
    test_set_by_name_equals_fields();
    test_schema_from_c();
    test_errors();
    if (check_failures != 0) {
        fprintf(stderr, "level_options: %d check(s) failed\n", check_failures);
        return 1;
    }
    printf("level_options: ok\n");
    return 0;
}
