#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// A graphics card's memory as the spec sheet names it. NVIDIA's "24 GB" cards hold
// 24 GiB (24,576 MiB); drivers report a little less as usable.
// The roofline's two ceilings as the maker's data sheet states them (not measured): memory
// bandwidth and the dense tensor-core peak in BF16 (FP16 on cards without BF16), without the
// 2:4 sparsity that sheets often quote (twice the dense figure). Zero when the preset has none.
struct GpuDataSheet {
    double bandwidth = 0.0; // bytes per second (decimal: 3.35 TB/s = 3.35e12)
    double peakFlops = 0.0; // dense BF16/FP16 tensor FLOP per second
    std::string peakDtype;  // "bf16", or "fp16" where the card has no BF16 tensor cores
    std::string source;     // the document the two figures come from
    bool present() const { return bandwidth > 0.0 && peakFlops > 0.0; }
};

struct GpuPreset {
    std::string id;   // "rtx-4090"
    std::string name; // "NVIDIA GeForce RTX 4090"
    std::uint64_t memoryBytes;
    std::string note;   // where the number comes from, when it is not obvious
    GpuDataSheet sheet; // bandwidth and peak for the roofline; absent for some presets
};

const std::vector<GpuPreset>& gpuPresets();
// Throws Error listing the known ids when `id` names no preset.
const GpuPreset& findGpuPreset(std::string_view id);

} // namespace kvscope
