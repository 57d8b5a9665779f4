#pragma once

#include <cmath>
#include <cstdint>
#include <string>

namespace kvscope {

// Binary units (what the formulas and the course use) and decimal units (what GPU
// vendors print on the box). Both are shown, always labelled.
inline constexpr std::uint64_t KiB = 1024;
inline constexpr std::uint64_t MiB = 1024 * KiB;
inline constexpr std::uint64_t GiB = 1024 * MiB;
inline constexpr std::uint64_t GB = 1000ull * 1000ull * 1000ull;

inline double toGiB(std::uint64_t bytes) {
    return static_cast<double>(bytes) / static_cast<double>(GiB);
}
inline double toGB(std::uint64_t bytes) {
    return static_cast<double>(bytes) / static_cast<double>(GB);
}
// A size typed in GiB (a GPU's memory) to whole bytes, rounded to the nearest. The caller keeps
// `gib` within its limits (at most 2^20 GiB here), so the bytes fit 64 bits.
inline std::uint64_t bytesFromGiB(double gib) {
    return static_cast<std::uint64_t>(std::llround(gib * static_cast<double>(GiB)));
}

enum class SizeUnit { Binary, Decimal }; // GiB or GB

// bytes / GiB or bytes / GB, and that unit's name ("GiB", "GB"): the one unit the window's
// charts and labels and the CLI's text use (a setting; JSON stays in bytes).
inline double toUnit(std::uint64_t bytes, SizeUnit unit) {
    return unit == SizeUnit::Binary ? toGiB(bytes) : toGB(bytes);
}
const char* sizeUnitName(SizeUnit unit);
// "gib" or "gb" (as --units and the settings spell them); throws Error naming `what` otherwise.
SizeUnit parseSizeUnit(const std::string& text, const std::string& what);
// The largest unit of the family that keeps the value >= 1: "128 KiB" / "131.07 kB", "4.00 GiB" /
// "4.29 GB"; whole bytes below 1 KiB or 1 kB.
std::string formatBytesScaled(std::uint64_t bytes, SizeUnit unit, int decimals = 2);

// "8.00 GiB", "1.05 GB", "128 KiB": for tables and the CLI. Chooses the largest
// binary unit that keeps the value >= 1.
std::string formatBytes(std::uint64_t bytes, int decimals = 2);
std::string formatBytesIn(std::uint64_t bytes, SizeUnit unit, int decimals = 2);
// 8589934592 -> "8,589,934,592"
std::string groupThousands(std::uint64_t value);

} // namespace kvscope
