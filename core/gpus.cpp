#include "gpus.h"

#include "error.h"
#include "units.h"

namespace kvscope {

const std::vector<GpuPreset>& gpuPresets() {
    static const std::vector<GpuPreset> presets{
        {"rtx-3060", "NVIDIA GeForce RTX 3060 (12 GB)", 12 * GiB, ""},
        {"rtx-4080", "NVIDIA GeForce RTX 4080 (16 GB)", 16 * GiB, ""},
        {"t4", "NVIDIA T4 (16 GB)", 16 * GiB, ""},
        {"rtx-4090", "NVIDIA GeForce RTX 4090 (24 GB)", 24 * GiB, "nvidia-smi reports 24,564 MiB in total"},
        {"l4", "NVIDIA L4 (24 GB)", 24 * GiB, ""},
        {"rtx-5090", "NVIDIA GeForce RTX 5090 (32 GB)", 32 * GiB, ""},
        {"a100-40gb", "NVIDIA A100 40GB", 40 * GiB, ""},
        {"l40s", "NVIDIA L40S (48 GB)", 48 * GiB, ""},
        {"rtx-6000-ada", "NVIDIA RTX 6000 Ada (48 GB)", 48 * GiB, ""},
        {"a100-80gb", "NVIDIA A100 80GB", 80 * GiB, ""},
        {"h100-80gb", "NVIDIA H100 80GB (SXM)", 80 * GiB, "nvidia-smi reports 81,559 MiB in total"},
        {"h100-nvl", "NVIDIA H100 NVL (94 GB)", 94 * GiB, ""},
        {"h200", "NVIDIA H200 (141 GB)", 141 * GiB, "nvidia-smi reports 143,771 MiB (140.4 GiB) in total"},
    };
    return presets;
}

const GpuPreset& findGpuPreset(std::string_view id) {
    std::string known;
    for (const auto& preset : gpuPresets()) {
        if (preset.id == id)
            return preset;
        known += (known.empty() ? "" : ", ") + preset.id;
    }
    throw Error("unknown GPU '" + std::string(id) + "'; known GPUs: " + known);
}

} // namespace kvscope
