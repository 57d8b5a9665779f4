#pragma once

#include <cstdint>
#include <string>

namespace kvscope::gpu {

enum class Backend { Cpu, Cuda };

// What the decode core will run on, and why. No CUDA type crosses this header.
struct DeviceInfo {
    Backend backend = Backend::Cpu;
    bool cudaBuilt = false;       // the CUDA backend was compiled in
    std::string name;             // "NVIDIA H200" or the CPU's model name
    std::uint64_t totalBytes = 0; // device memory, or system RAM on the CPU
    std::uint64_t freeBytes = 0;  // free device memory, or available RAM
    int computeMajor = 0;         // CUDA compute capability
    int computeMinor = 0;
    int driverVersion = 0; // e.g. 13000 for CUDA 13.0; 0 when no driver answered
    int runtimeVersion = 0;
    int cpuThreads = 0; // hardware threads on this machine
    std::string reason; // why the CPU was chosen ("no CUDA driver", ...); empty on CUDA

    // One line for the panel and the CLI, e.g. "CUDA: NVIDIA H200, 139.8 GiB, sm_90, driver 13.0"
    std::string summary() const;
};

// Asks the CUDA driver for a device (when the backend was built) and falls back to the CPU.
DeviceInfo probeDevice();

// Only the CPU description, without asking CUDA.
DeviceInfo probeCpu();

namespace detail {
// Implemented in cudadevice.cu when CUDA is built; fills `info` and returns true when a device answers.
bool probeCuda(DeviceInfo& info);
} // namespace detail

} // namespace kvscope::gpu
