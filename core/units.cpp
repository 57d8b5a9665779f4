#include "units.h"

#include "error.h"

#include <array>
#include <cstdio>

namespace kvscope {

std::string formatBytes(std::uint64_t bytes, int decimals) {
    static constexpr std::array<const char*, 6> names{"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < names.size()) {
        value /= 1024.0;
        ++unit;
    }
    char buffer[64];
    if (unit == 0)
        std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(bytes));
    else
        std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, names[unit]);
    return buffer;
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
    if (unit == SizeUnit::Binary)
        return formatBytes(bytes, decimals);
    static constexpr std::array<const char*, 6> names{"B", "kB", "MB", "GB", "TB", "PB"};
    double value = static_cast<double>(bytes);
    std::size_t index = 0;
    while (value >= 1000.0 && index + 1 < names.size()) {
        value /= 1000.0;
        ++index;
    }
    char buffer[64];
    if (index == 0)
        std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(bytes));
    else
        std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, names[index]);
    return buffer;
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
