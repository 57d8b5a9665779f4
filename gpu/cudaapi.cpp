#include "cudaapi.h"

#include "error.h"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <vector>

#ifndef KVSCOPE_CUDA_LIBDIR
#define KVSCOPE_CUDA_LIBDIR ""
#endif

namespace kvscope::gpu::detail {
namespace {

std::string where(const char* file, int line) {
    return std::filesystem::path(file).filename().string() + ":" + std::to_string(line);
}

template <typename F> bool bind(void* lib, const char* name, F& out) {
    out = reinterpret_cast<F>(dlsym(lib, name));
    return out != nullptr;
}

} // namespace

void cudaFail(const char* call, const char* message, const char* file, int line) {
    throw Error(std::string("CUDA error in ") + call + ": " + message + " (" + where(file, line) + ")");
}

const CublasApi& cublasApi() {
    static CublasApi api;
    static std::string error; // why it could not be opened; empty when it was
    static std::once_flag once;
    std::call_once(once, [] {
        const std::string major = std::to_string(CUDART_VERSION / 1000);
        const std::string dir = KVSCOPE_CUDA_LIBDIR;
        std::vector<std::string> names{"libcublas.so." + major};
        if (!dir.empty())
            names.emplace_back(dir + "/libcublas.so." + major);
        names.emplace_back("libcublas.so");
        void* lib = nullptr;
        for (const std::string& name : names)
            if ((lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) != nullptr)
                break;
        if (!lib) {
            error = "cuBLAS (libcublas.so." + major + ") could not be loaded: " + std::string(dlerror());
            return;
        }
        const bool ok = bind(lib, "cublasCreate_v2", api.create) && bind(lib, "cublasDestroy_v2", api.destroy) &&
                        bind(lib, "cublasSetStream_v2", api.setStream) &&
                        bind(lib, "cublasSetWorkspace_v2", api.setWorkspace) &&
                        bind(lib, "cublasSetMathMode", api.setMathMode) && bind(lib, "cublasGemmEx", api.gemmEx) &&
                        bind(lib, "cublasGetStatusString", api.statusString);
        if (!ok)
            error = "cuBLAS was loaded but lacks a function this program needs: " + std::string(dlerror());
    });
    if (!error.empty())
        throw Error(error);
    return api;
}

void cublasCheck(const CublasApi& api, cublasStatus_t status, const char* call, const char* file, int line) {
    if (status != CUBLAS_STATUS_SUCCESS)
        throw Error(std::string("cuBLAS error in ") + call + ": " + api.statusString(status) + " (" +
                    where(file, line) + ")");
}

} // namespace kvscope::gpu::detail
