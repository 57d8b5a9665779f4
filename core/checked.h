#pragma once

#include "error.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace kvscope {

namespace detail {
// The throwing paths, out of line: the checks themselves inline into loops that price millions of steps.
[[noreturn, gnu::cold, gnu::noinline]] inline void throwOverflow(std::string_view what, std::uint64_t a, char op,
                                                                 std::uint64_t b) {
    throw Error(std::string(what) + " overflows 64 bits (" + std::to_string(a) + " " + op + " " + std::to_string(b) +
                ")");
}

inline std::uint64_t mulPair(std::uint64_t a, std::uint64_t b, std::string_view what) {
    std::uint64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out)) [[unlikely]]
        throwOverflow(what, a, 'x', b);
    return out;
}
} // namespace detail

// Size arithmetic that refuses to wrap: a sum or product that does not fit 64 bits is an
// error naming the quantity, never a silently wrong number.
inline std::uint64_t addChecked(std::uint64_t a, std::uint64_t b, std::string_view what) {
    std::uint64_t out = 0;
    if (__builtin_add_overflow(a, b, &out)) [[unlikely]]
        detail::throwOverflow(what, a, '+', b);
    return out;
}

// The product of two or more factors, named first: mulChecked("KV bytes", 2, layers, ...).
template <typename... Rest>
std::uint64_t mulChecked(std::string_view what, std::uint64_t first, std::uint64_t second, Rest... rest) {
    std::uint64_t out = detail::mulPair(first, second, what);
    ((out = detail::mulPair(out, static_cast<std::uint64_t>(rest), what)), ...);
    return out;
}

inline std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

} // namespace kvscope
