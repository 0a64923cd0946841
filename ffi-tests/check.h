/* Tiny test helpers shared by the C and C++ programs in ffi-tests/. */
#ifndef MCRDUN_FFI_TESTS_CHECK_H
#define MCRDUN_FFI_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"

static int check_failures = 0;

/* Records a failure (with its line) and carries on, so one run shows every
 * broken expectation. */
#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__,         \
                    __LINE__, #cond);                                      \
            check_failures++;                                              \
        }                                                                  \
    } while (0)

/* Checks that `call` returns `expected` status. */
#define CHECK_STATUS(call, expected)                                       \
    do {                                                                   \
        McrdunStatus check_status_ = (call);                               \
        if (check_status_ != (expected)) {                                 \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d\n",   \
                    __FILE__, __LINE__, #call, (int)check_status_,         \
                    mcrdun_status_str((uint32_t)check_status_),            \
                    (int)(expected));                                      \
            check_failures++;                                              \
        }                                                                  \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, MCRDUN_STATUS_OK)

/* Copies this thread's last error into a static buffer and returns it. */
static inline const char *last_error_text(void) {
    static char buf[1024];
    size_t len = 0;
    buf[0] = '\0';
    if (mcrdun_last_error(buf, sizeof buf, &len) != MCRDUN_STATUS_OK) {
        return "<last error unavailable>";
    }
    return buf;
}

/* Checks that the last error mentions `needle`. */
#define CHECK_LAST_ERROR_HAS(needle)                                       \
    do {                                                                   \
        const char *check_text_ = last_error_text();                       \
        if (strstr(check_text_, (needle)) == NULL) {                       \
            fprintf(stderr, "%s:%d: last error \"%s\" lacks \"%s\"\n",     \
                    __FILE__, __LINE__, check_text_, (needle));            \
            check_failures++;                                              \
        }                                                                  \
    } while (0)

/* Ends main(): prints a summary and returns the exit status. */
static inline int check_finish(const char *program) {
    if (check_failures != 0) {
        fprintf(stderr, "%s: %d check(s) failed\n", program, check_failures);
        return EXIT_FAILURE;
    }
    printf("%s: all checks passed\n", program);
    return EXIT_SUCCESS;
}

#endif /* MCRDUN_FFI_TESTS_CHECK_H */
