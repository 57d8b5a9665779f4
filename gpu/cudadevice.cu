// The CUDA side of the device probe. CUDA types stay in this file.
#include "device.h"

#include <cuda_runtime.h>

#include <string>

namespace kvscope::gpu::detail {

bool probeCuda(DeviceInfo& info) {
    info.cudaBuilt = true;
    cudaRuntimeGetVersion(&info.runtimeVersion);
    if (cudaDriverGetVersion(&info.driverVersion) != cudaSuccess || info.driverVersion == 0) {
        info.reason = "no CUDA driver";
        return false;
    }
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
        info.reason = status == cudaSuccess || status == cudaErrorNoDevice
                          ? std::string("no CUDA device")
                          : std::string("CUDA unavailable: ") + cudaGetErrorString(status);
        cudaGetLastError(); // clear the sticky error so later probes start clean
        return false;
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        info.reason = "CUDA device 0 did not answer";
        return false;
    }
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    if (cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess) {
        info.reason = "cudaMemGetInfo failed";
        return false;
    }
    info.backend = Backend::Cuda;
    info.name = prop.name;
    info.totalBytes = totalBytes;
    info.freeBytes = freeBytes;
    info.computeMajor = prop.major;
    info.computeMinor = prop.minor;
    info.reason.clear();
    return true;
}

} // namespace kvscope::gpu::detail
