#pragma once

#include "error.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace kvscope {

namespace detail {
inline std::uint64_t mulPair(std::uint64_t a, std::uint64_t b, std::string_view what) {
    std::uint64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out))
        throw Error(std::string(what) + " overflows 64 bits (" + std::to_string(a) + " x " + std::to_string(b) + ")");
    return out;
}
} // namespace detail

// Size arithmetic that refuses to wrap: a sum or product that does not fit 64 bits is an
// error naming the quantity, never a silently wrong number.
inline std::uint64_t addChecked(std::uint64_t a, std::uint64_t b, std::string_view what) {
    std::uint64_t out = 0;
    if (__builtin_add_overflow(a, b, &out))
        throw Error(std::string(what) + " overflows 64 bits (" + std::to_string(a) + " + " + std::to_string(b) + ")");
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
