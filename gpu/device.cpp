#include "device.h"

#include "units.h"

#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace kvscope::gpu {
namespace {

std::string cpuModelName() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos)
                return line.substr(line.find_first_not_of(' ', colon + 1));
        }
    }
    return "CPU";
}

std::uint64_t meminfoKiB(const char* key) {
    std::ifstream in("/proc/meminfo");
    std::string name;
    std::uint64_t value = 0;
    std::string unit;
    while (in >> name >> value >> unit) {
        if (name == key)
            return value;
    }
    return 0;
}

} // namespace

DeviceInfo probeCpu() {
    DeviceInfo info;
    info.backend = Backend::Cpu;
#ifdef KVSCOPE_HAVE_CUDA
    info.cudaBuilt = true;
#endif
    info.name = cpuModelName();
    info.cpuThreads = static_cast<int>(std::thread::hardware_concurrency());
    info.totalBytes = meminfoKiB("MemTotal:") * KiB;
    info.freeBytes = meminfoKiB("MemAvailable:") * KiB;
    return info;
}

DeviceInfo probeDevice() {
    DeviceInfo info = probeCpu();
#ifdef KVSCOPE_HAVE_CUDA
    DeviceInfo cuda = info;
    if (detail::probeCuda(cuda))
        return cuda;
    info.reason = cuda.reason;
    info.driverVersion = cuda.driverVersion;
    info.runtimeVersion = cuda.runtimeVersion;
#else
    info.reason = "this build has no CUDA backend (CUDA Toolkit not found at build time)";
#endif
    return info;
}

std::string DeviceInfo::summary() const {
    char buffer[512];
    if (backend == Backend::Cuda) {
        std::snprintf(buffer, sizeof buffer, "CUDA: %s, %s, sm_%d%d, driver %d.%d", name.c_str(),
                      formatBytes(totalBytes).c_str(), computeMajor, computeMinor, driverVersion / 1000,
                      (driverVersion % 1000) / 10);
    } else {
        std::snprintf(buffer, sizeof buffer, "CPU: %s, %d threads, %s RAM%s%s%s", name.c_str(), cpuThreads,
                      formatBytes(totalBytes).c_str(), reason.empty() ? "" : " (", reason.c_str(),
                      reason.empty() ? "" : ")");
    }
    return buffer;
}

} // namespace kvscope::gpu
