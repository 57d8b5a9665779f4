#pragma once
// What every fuzz target shares: the input as text, and the one rule they check. A parser of
// outside input may throw kvscope::Error (bad input, named); any other exception, a crash, a
// sanitizer finding or a hang is a bug, and libFuzzer keeps the input that caused it.
#include "error.h"
#include "text.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>

namespace kvscope::fuzz {

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Text the program keeps from its input must be valid UTF-8 (core/text.h): nlohmann refuses to
// dump anything else, which ended every --json command in "internal error".
inline void requireValidUtf8(std::string_view kept, const char* what) {
    if (!kvscope::isValidUtf8(kept)) {
        std::fprintf(stderr, "fuzz: %s is not valid UTF-8\n", what);
        std::abort();
    }
}

// Runs `body`; kvscope::Error is the expected way to refuse input, anything else aborts.
template <typename Body> void expectOnlyErrors(Body&& body) {
    try {
        body();
    } catch (const kvscope::Error&) {
        // refused with a message: what bad input should get
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz: unexpected exception (not kvscope::Error): %s\n", e.what());
        std::abort();
    }
}

} // namespace kvscope::fuzz
