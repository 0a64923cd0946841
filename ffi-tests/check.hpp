// Test helpers shared by the C++ programs in ffi-tests/ that use
// include/mcrdun.hpp: CHECK records a failure and carries on, EXPECT_ERROR
// expects an mcrdun::Error with a status and a phrase in its message, and
// run_main() reports.
#ifndef MCRDUN_FFI_TESTS_CHECK_HPP
#define MCRDUN_FFI_TESTS_CHECK_HPP

#include <cstdio>
#include <string>

#include "mcrdun.hpp"

namespace check_hpp {

inline int &failures() {
    static int count = 0;
    return count;
}

inline void check(bool ok, const char *what, const char *file, int line) {
    if (!ok) {
        std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, what);
        ++failures();
    }
}

// Runs `f`, expecting mcrdun::Error with `status` and a message containing `needle`.
template <typename F>
void expect_error(F f, McrdunStatus status, const char *needle, const char *file, int line) {
    try {
        f();
        check(false, "an mcrdun::Error was thrown", file, line);
    } catch (const mcrdun::Error &e) {
        check(e.status() == status, "the status of the mcrdun::Error", file, line);
        if (std::string(e.what()).find(needle) == std::string::npos) {
            std::fprintf(stderr, "%s:%d: message \"%s\" lacks \"%s\"\n", file, line, e.what(), needle);
            ++failures();
        }
    }
}

// Runs `body`, turning an unexpected mcrdun::Error into a failure; returns
// the exit status.
template <typename F>
int run_main(const char *program, F body) {
    try {
        body();
    } catch (const mcrdun::Error &e) {
        std::fprintf(stderr, "%s: unexpected mcrdun::Error %d: %s\n", program, static_cast<int>(e.status()),
                     e.what());
        return 1;
    }
    if (failures() != 0) {
        std::fprintf(stderr, "%s: %d check(s) failed\n", program, failures());
        return 1;
    }
    std::printf("%s: all checks passed\n", program);
    return 0;
}

}  // namespace check_hpp

#define CHECK(cond) check_hpp::check((cond), #cond, __FILE__, __LINE__)
#define EXPECT_ERROR(f, status, needle) check_hpp::expect_error((f), (status), (needle), __FILE__, __LINE__)

#endif  // MCRDUN_FFI_TESTS_CHECK_HPP
