#include "dtype.h"

#include "checked.h"
#include "enumnames.h"
#include "error.h"
#include "text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <utility>

namespace kvscope {
namespace {

struct KindName {
    std::string_view name;
    DTypeKind kind;
};

// Aliases as they appear on command lines and in Hugging Face's torch_dtype field.
constexpr std::array<KindName, 19> kKindNames{{
    {"fp32", DTypeKind::FP32},         {"float32", DTypeKind::FP32},    {"float", DTypeKind::FP32},
    {"bf16", DTypeKind::BF16},         {"bfloat16", DTypeKind::BF16},   {"fp16", DTypeKind::FP16},
    {"float16", DTypeKind::FP16},      {"half", DTypeKind::FP16},       {"fp8", DTypeKind::FP8},
    {"float8_e4m3fn", DTypeKind::FP8}, {"float8_e5m2", DTypeKind::FP8}, {"fp8_e4m3", DTypeKind::FP8},
    {"fp8_e5m2", DTypeKind::FP8},      {"int8", DTypeKind::INT8},       {"int4", DTypeKind::INT4},
    {"uint4", DTypeKind::INT4},        {"fp4", DTypeKind::FP4},         {"float4_e2m1", DTypeKind::FP4},
    {"e8m0", DTypeKind::E8M0},
}};

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool lookupKind(std::string_view name, DTypeKind& kind) {
    for (const auto& entry : kKindNames) {
        if (entry.name == name) {
            kind = entry.kind;
            return true;
        }
    }
    return false;
}

[[noreturn]] void badDType(std::string_view what, std::string_view text, std::string_view why) {
    throw Error(std::string(what) + ": " + quoteExcerpt(text) + " is not a dtype (" + std::string(why) +
                "); expected one of fp32, bf16, fp16, fp8, int8, int4, mxfp4, nvfp4, optionally with a scale "
                "group such as int4-g128, int8-g64-bf16 or fp4-g32-e8m0");
}

} // namespace

std::uint32_t bitsOf(DTypeKind kind) {
    switch (kind) {
    case DTypeKind::FP32:
        return 32;
    case DTypeKind::BF16:
    case DTypeKind::FP16:
        return 16;
    case DTypeKind::FP8:
    case DTypeKind::INT8:
        return 8;
    case DTypeKind::INT4:
    case DTypeKind::FP4:
        return 4;
    case DTypeKind::E8M0:
        return 8;
    }
    return 0;
}

std::string kindName(DTypeKind kind) {
    static constexpr EnumName<DTypeKind> kKinds[] = {
        {DTypeKind::FP32, "fp32"}, {DTypeKind::BF16, "bf16"}, {DTypeKind::FP16, "fp16"}, {DTypeKind::FP8, "fp8"},
        {DTypeKind::INT8, "int8"}, {DTypeKind::INT4, "int4"}, {DTypeKind::FP4, "fp4"},   {DTypeKind::E8M0, "e8m0"},
    };
    return std::string(enumName(kKinds, kind));
}

DType DType::parse(std::string_view text, std::string_view what) {
    const std::string s = lower(text);
    std::string_view rest = s;
    if (rest.starts_with("torch."))
        rest.remove_prefix(6);

    // Split "int4-g128-bf16-zp" into the base kind, the group, the scale kind and the zero points.
    std::array<std::string_view, 4> parts{};
    std::size_t count = 0;
    while (!rest.empty()) {
        const auto dash = rest.find('-');
        if (count == parts.size())
            badDType(what, text, "too many '-' parts");
        parts[count++] = rest.substr(0, dash);
        if (dash == std::string_view::npos)
            break;
        rest.remove_prefix(dash + 1);
    }
    if (count == 0 || parts[0].empty())
        badDType(what, text, "empty");
    if (count == 1 && parts[0] == "mxfp4")
        return mxfp4();
    if (count == 1 && parts[0] == "nvfp4")
        return nvfp4();

    DType out;
    if (!lookupKind(parts[0], out.kind))
        badDType(what, text, "unknown format " + quoteExcerpt(parts[0]));
    if (out.kind == DTypeKind::E8M0)
        badDType(what, text, "e8m0 is a scale format, not an element type");
    if (out.kind == DTypeKind::FP4 && count == 1)
        badDType(what, text, "fp4 is stored with block scales: mxfp4, nvfp4 or fp4-g<N>-<scale>");
    if (count >= 2) {
        if (out.kind != DTypeKind::INT4 && out.kind != DTypeKind::INT8 && out.kind != DTypeKind::FP8 &&
            out.kind != DTypeKind::FP4)
            badDType(what, text, "only int4, int8, fp8 and fp4 take a scale group");
        std::string_view group = parts[1];
        if (!group.starts_with("g"))
            badDType(what, text, "the group must read g<N>, e.g. g128");
        if (count == 3 && parts[2] == "zp")
            badDType(what, text, "zero points follow the scale's name: int4-g128-fp16-zp");
        group.remove_prefix(1);
        unsigned value = 0;
        const auto [ptr, ec] = std::from_chars(group.data(), group.data() + group.size(), value);
        if (ec != std::errc() || ptr != group.data() + group.size() || value == 0 || value > (1u << 20))
            badDType(what, text, "the group size must be a whole number from 1 to 1048576");
        out.groupSize = value;
    }
    if (count == 4) {
        if (parts[3] != "zp")
            badDType(what, text, "the fourth part can only be zp (a zero point per group)");
        if (out.kind != DTypeKind::INT4 && out.kind != DTypeKind::INT8)
            badDType(what, text, "only int4 and int8 groups take zero points");
        out.zeroPoints = true;
    }
    if (count >= 3) {
        if (!lookupKind(parts[2], out.scaleKind) ||
            (out.scaleKind != DTypeKind::FP16 && out.scaleKind != DTypeKind::BF16 && out.scaleKind != DTypeKind::FP32 &&
             out.scaleKind != DTypeKind::FP8 && out.scaleKind != DTypeKind::E8M0 &&
             !(out.scaleKind == DTypeKind::INT8 && out.kind == DTypeKind::INT4)))
            badDType(what, text,
                     "scales are fp16, bf16, fp32, fp8 or e8m0, and int8 for int4 (bitsandbytes' "
                     "8-bit absmax)");
    }
    if (out.kind == DTypeKind::FP4 && count == 2)
        out.scaleKind = DTypeKind::E8M0; // an FP4 group without a named scale is microscaling's
    return out;
}

std::uint32_t DType::bits() const {
    return bitsOf(kind);
}

std::uint32_t DType::bitsPerGroup() const {
    if (groupSize == 0)
        return 0;
    return bitsOf(scaleKind) + (zeroPoints ? bits() : 0);
}

double DType::effectiveBits() const {
    double bitsPerElement = bits();
    if (groupSize > 0)
        bitsPerElement += static_cast<double>(bitsPerGroup()) / groupSize;
    return bitsPerElement;
}

std::string DType::name() const {
    if (*this == mxfp4())
        return "mxfp4";
    if (*this == nvfp4())
        return "nvfp4";
    std::string out = kindName(kind);
    if (groupSize > 0) {
        out += "-g" + std::to_string(groupSize);
        if (scaleKind != DTypeKind::FP16 || kind == DTypeKind::FP4 || zeroPoints) // fp4-g32 reads as E8M0 scales
            out += "-" + kindName(scaleKind);
        if (zeroPoints)
            out += "-zp";
    }
    return out;
}

std::string DType::label() const {
    if (*this == mxfp4())
        return "MXFP4 (FP4, g32, E8M0 scales: 4.25 bits)";
    if (*this == nvfp4())
        return "NVFP4 (FP4, g16, FP8 scales: 4.5 bits)";
    std::string out = kindName(kind);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    if (groupSize > 0) {
        std::string scale = kindName(scaleKind);
        std::transform(scale.begin(), scale.end(), scale.begin(),
                       [](unsigned char c) { return char(std::toupper(c)); });
        char buffer[96];
        std::snprintf(buffer, sizeof buffer, " (g%u, %s scales%s: %.4g bits)", groupSize, scale.c_str(),
                      zeroPoints ? " and zero points" : "", effectiveBits());
        out += buffer;
    }
    return out;
}

std::uint64_t DType::storageBits(std::uint64_t elements) const {
    std::uint64_t total = mulChecked("storage bits", elements, bits());
    if (groupSize > 0)
        total =
            addChecked(total, mulChecked("scale bits", ceilDiv(elements, groupSize), bitsPerGroup()), "storage bits");
    return total;
}

std::uint64_t DType::storageBytes(std::uint64_t elements) const {
    return ceilDiv(storageBits(elements), 8);
}

std::vector<DType> standardDTypes() {
    return {DType::fp32(),
            DType::bf16(),
            DType::fp16(),
            {DTypeKind::FP8},
            DType::int8(),
            DType::quantized(DTypeKind::INT8, 128),
            DType::int4(),
            DType::quantized(DTypeKind::INT4, 128),
            DType::quantized(DTypeKind::INT4, 32),
            DType::mxfp4(),
            DType::nvfp4()};
}

} // namespace kvscope
