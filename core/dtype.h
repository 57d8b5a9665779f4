#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// FP4 is E2M1 (OCP microscaling's element); E8M0 is a power-of-two scale only (MXFP4's), never an element.
enum class DTypeKind { FP32, BF16, FP16, FP8, INT8, INT4, FP4, E8M0 };

// A storage format for weights or the KV cache. Integer formats may carry one scale
// per group of `groupSize` elements (GPTQ/AWQ-style), stored in `scaleKind`, and for an
// asymmetric format one zero point per group as well, packed at the element's own width
// (AWQ's and GPTQ's qzeros); that is why real INT4 checkpoints cost a little more than 4 bits
// per weight.
struct DType {
    DTypeKind kind = DTypeKind::BF16;
    std::uint32_t groupSize = 0;           // elements per scale; 0 = no scales
    DTypeKind scaleKind = DTypeKind::FP16; // only meaningful when groupSize > 0
    bool zeroPoints = false;               // one zero point of bits() per group (integer kinds with a group)

    static DType fp32() { return {DTypeKind::FP32}; }
    static DType bf16() { return {DTypeKind::BF16}; }
    static DType fp16() { return {DTypeKind::FP16}; }
    static DType int8() { return {DTypeKind::INT8}; }
    static DType int4() { return {DTypeKind::INT4}; }
    static DType quantized(DTypeKind kind, std::uint32_t groupSize, DTypeKind scale = DTypeKind::FP16) {
        return {kind, groupSize, scale};
    }
    // An asymmetric group format: a scale and a zero point per group ("int4-g128-fp16-zp").
    static DType asymmetric(DTypeKind kind, std::uint32_t groupSize, DTypeKind scale = DTypeKind::FP16) {
        return {kind, groupSize, scale, true};
    }
    // OCP MXFP4: FP4 E2M1 in blocks of 32 with one E8M0 scale (4.25 bits), as gpt-oss ships its experts.
    static DType mxfp4() { return {DTypeKind::FP4, 32, DTypeKind::E8M0}; }
    // NVIDIA NVFP4: FP4 E2M1 in blocks of 16 with one FP8 E4M3 scale (4.5 bits; the per-tensor FP32 scale
    // is left out, a few bytes a matrix).
    static DType nvfp4() { return {DTypeKind::FP4, 16, DTypeKind::FP8}; }

    // Parses "bf16", "bfloat16", "float32", "int4", "int4-g128", "int8-g64-bf16", "mxfp4", "nvfp4",
    // "fp4-g32-e8m0", "fp8-g16384-fp32" (DeepSeek's 128 x 128 blocks), "int4-g128-fp16-zp" (with zero points), ...
    // Throws Error naming `what` (the argument or field) and the accepted names.
    static DType parse(std::string_view text, std::string_view what = "dtype");

    std::uint32_t bits() const;         // bits of one stored element, without scales
    double effectiveBits() const;       // bits per element including scale (and zero point) overhead
    std::uint32_t bitsPerGroup() const; // a group's scale and zero point; 0 without groups
    double effectiveBytes() const { return effectiveBits() / 8.0; } // the same in bytes: the formula's "x 2 B"
    bool isQuantized() const { return groupSize > 0; }
    std::string name() const;  // canonical, parseable: "bf16", "int4-g128"
    std::string label() const; // for people: "INT4 (g128, FP16 scales: 4.125 bits)"

    // Exact storage of `elements` values, scales included, rounded up to whole bytes.
    std::uint64_t storageBits(std::uint64_t elements) const;
    std::uint64_t storageBytes(std::uint64_t elements) const;

    bool operator==(const DType&) const = default;
};

std::uint32_t bitsOf(DTypeKind kind);
std::string kindName(DTypeKind kind); // "fp32", "bf16", ...

// The plain formats plus the common grouped INT4/INT8 variants, in menu order.
std::vector<DType> standardDTypes();

} // namespace kvscope
