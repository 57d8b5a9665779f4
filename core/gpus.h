#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// A graphics card's memory as the spec sheet names it. NVIDIA's "24 GB" cards hold
// 24 GiB (24,576 MiB); drivers report a little less as usable.
struct GpuPreset {
    std::string id;   // "rtx-4090"
    std::string name; // "NVIDIA GeForce RTX 4090"
    std::uint64_t memoryBytes;
    std::string note; // where the number comes from, when it is not obvious
};

const std::vector<GpuPreset>& gpuPresets();
// Throws Error listing the known ids when `id` names no preset.
const GpuPreset& findGpuPreset(std::string_view id);

} // namespace kvscope
