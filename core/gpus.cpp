#include "gpus.h"

#include "error.h"
#include "text.h"
#include "units.h"

namespace kvscope {

const std::vector<GpuPreset>& gpuPresets() {
    static const std::vector<GpuPreset> presets{
        {"rtx-3060", "NVIDIA GeForce RTX 3060 (12 GB)", 12 * GiB, "", {}},
        {"rtx-4080",
         "NVIDIA GeForce RTX 4080 (16 GB)",
         16 * GiB,
         "",
         {716.8e9, 97.5e12, "bf16",
          "data sheet: NVIDIA Ada GPU architecture whitepaper (RTX 4080 16 GB: 716.8 GB/s; BF16 tensor with FP32 "
          "accumulate 97.5 TFLOPS dense, 194.9 sparse)"}},
        {"t4",
         "NVIDIA T4 (16 GB)",
         16 * GiB,
         "",
         {320e9, 65e12, "fp16",
          "data sheet: NVIDIA T4 (320 GB/s; mixed-precision FP16/FP32 65 TFLOPS; no BF16 on Turing)"}},
        {"rtx-4090",
         "NVIDIA GeForce RTX 4090 (24 GB)",
         24 * GiB,
         "nvidia-smi reports 24,564 MiB in total",
         {1008e9, 165.2e12, "bf16",
          "data sheet: NVIDIA Ada GPU architecture whitepaper (RTX 4090: 1,008 GB/s; BF16 tensor with FP32 accumulate "
          "165.2 TFLOPS dense, 330.3 sparse)"}},
        {"l4",
         "NVIDIA L4 (24 GB)",
         24 * GiB,
         "",
         {300e9, 121e12, "bf16", "data sheet: NVIDIA L4 (300 GB/s; BF16 tensor 242 TFLOPS with sparsity, 121 dense)"}},
        {"rtx-5090",
         "NVIDIA GeForce RTX 5090 (32 GB)",
         32 * GiB,
         "",
         {1792e9, 209.5e12, "bf16",
          "data sheet: NVIDIA RTX Blackwell GPU architecture whitepaper (RTX 5090: 1,792 GB/s; FP16/BF16 tensor with "
          "FP32 accumulate 209.5 TFLOPS dense)"}},
        {"a100-40gb",
         "NVIDIA A100 40GB",
         40 * GiB,
         "",
         {1555e9, 312e12, "bf16",
          "data sheet: NVIDIA A100 Tensor Core GPU (40GB SXM: 1,555 GB/s; BF16 tensor 312 TFLOPS dense, 624 sparse)"}},
        {"l40s",
         "NVIDIA L40S (48 GB)",
         48 * GiB,
         "",
         {864e9, 362.05e12, "bf16", "data sheet: NVIDIA L40S (864 GB/s; BF16 tensor 362.05 TFLOPS dense, 733 sparse)"}},
        {"rtx-6000-ada", "NVIDIA RTX 6000 Ada (48 GB)", 48 * GiB, "", {}},
        {"a100-80gb",
         "NVIDIA A100 80GB",
         80 * GiB,
         "",
         {2039e9, 312e12, "bf16",
          "data sheet: NVIDIA A100 Tensor Core GPU (80GB SXM: 2,039 GB/s, the PCIe card 1,935; BF16 tensor 312 TFLOPS "
          "dense, 624 sparse)"}},
        {"h100-80gb",
         "NVIDIA H100 80GB (SXM)",
         80 * GiB,
         "nvidia-smi reports 81,559 MiB in total",
         {3.35e12, 989.5e12, "bf16",
          "data sheet: NVIDIA H100 Tensor Core GPU (SXM: 3.35 TB/s; BF16 tensor 1,979 TFLOPS with sparsity, 989.5 "
          "dense)"}},
        {"h100-nvl",
         "NVIDIA H100 NVL (94 GB)",
         94 * GiB,
         "",
         {3.9e12, 835.5e12, "bf16",
          "data sheet: NVIDIA H100 Tensor Core GPU (NVL: 3.9 TB/s; BF16 tensor 1,671 TFLOPS with sparsity, 835.5 "
          "dense)"}},
        {"h200",
         "NVIDIA H200 (141 GB)",
         141 * GiB,
         "nvidia-smi reports 143,771 MiB (140.4 GiB) in total",
         {4.8e12, 989.5e12, "bf16",
          "data sheet: NVIDIA H200 Tensor Core GPU (SXM: 4.8 TB/s; BF16 tensor 1,979 TFLOPS with sparsity, 989.5 "
          "dense)"}},
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
    throw Error("unknown GPU " + quoteExcerpt(id) + "; known GPUs: " + known);
}

} // namespace kvscope
