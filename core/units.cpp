#include "units.h"

#include "error.h"

#include <array>
#include <cstdio>

namespace kvscope {

namespace {

// The largest unit of a family (steps of `base`) that keeps the value at 1 or more.
std::string formatScaled(std::uint64_t bytes, int decimals, double base, const std::array<const char*, 6>& names) {
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= base && unit + 1 < names.size()) {
        value /= base;
        ++unit;
    }
    char buffer[64];
    if (unit == 0)
        std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(bytes));
    else
        std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, names[unit]);
    return buffer;
}

constexpr std::array<const char*, 6> kBinaryNames{"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
constexpr std::array<const char*, 6> kDecimalNames{"B", "kB", "MB", "GB", "TB", "PB"};

} // namespace

std::string formatBytes(std::uint64_t bytes, int decimals) {
    return formatScaled(bytes, decimals, 1024.0, kBinaryNames);
}

std::string formatBytesIn(std::uint64_t bytes, SizeUnit unit, int decimals) {
    char buffer[64];
    if (unit == SizeUnit::Binary)
        std::snprintf(buffer, sizeof buffer, "%.*f GiB", decimals, toGiB(bytes));
    else
        std::snprintf(buffer, sizeof buffer, "%.*f GB", decimals, toGB(bytes));
    return buffer;
}

const char* sizeUnitName(SizeUnit unit) {
    return unit == SizeUnit::Binary ? "GiB" : "GB";
}

SizeUnit parseSizeUnit(const std::string& text, const std::string& what) {
    if (text == "gib" || text == "GiB")
        return SizeUnit::Binary;
    if (text == "gb" || text == "GB")
        return SizeUnit::Decimal;
    throw Error(what + ": expected gib or gb, got '" + text + "'");
}

std::string formatBytesScaled(std::uint64_t bytes, SizeUnit unit, int decimals) {
    return unit == SizeUnit::Binary ? formatScaled(bytes, decimals, 1024.0, kBinaryNames)
                                    : formatScaled(bytes, decimals, 1000.0, kDecimalNames);
}

std::string groupThousands(std::uint64_t value) {
    std::string digits = std::to_string(value);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace kvscope
