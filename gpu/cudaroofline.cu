// The GPU's compute ceiling for the roofline: a large cuBLAS GEMM in FP32 (no TF32 shortcut) or
// BF16 with FP32 accumulation, timed with CUDA events. cuBLAS is opened with dlopen, as the
// decode backend opens it (cudadecode.cu), so the programs start without the CUDA libraries.
// rooflinerun.h declares cudaGemmFlops; it includes core's C++20 headers, which this translation
// unit's CUDA dialect does not take, so the declaration is repeated here from decode.h's types.
#include "decode.h"

#include "error.h"

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#ifndef KVSCOPE_CUDA_LIBDIR
#define KVSCOPE_CUDA_LIBDIR ""
#endif

namespace kvscope::gpu {
namespace {

#define KV_CUDA(call)                                                                                                  \
    do {                                                                                                               \
        const cudaError_t status_ = (call);                                                                            \
        if (status_ != cudaSuccess)                                                                                    \
            throw Error(std::string("CUDA error in ") + #call + ": " + cudaGetErrorString(status_) +                   \
                        " (cudaroofline.cu:" + std::to_string(__LINE__) + ")");                                        \
    } while (0)

// The few cuBLAS functions the GEMM needs, bound at run time.
struct GemmApi {
    std::string error;
    decltype(&cublasCreate_v2) create = nullptr;
    decltype(&cublasDestroy_v2) destroy = nullptr;
    decltype(&cublasSetMathMode) setMathMode = nullptr;
    cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                             const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                             cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
    decltype(&cublasGetStatusString) statusString = nullptr;
};

template <typename F> bool bind(void* lib, const char* name, F& out) {
    out = reinterpret_cast<F>(dlsym(lib, name));
    return out != nullptr;
}

const GemmApi& gemmApi() {
    static GemmApi api;
    static std::once_flag once;
    std::call_once(once, [] {
        const std::string major = std::to_string(CUDART_VERSION / 1000);
        const std::string dir = KVSCOPE_CUDA_LIBDIR;
        std::vector<std::string> names{"libcublas.so." + major};
        if (!dir.empty())
            names.push_back(dir + "/libcublas.so." + major);
        names.push_back("libcublas.so");
        void* lib = nullptr;
        for (const std::string& name : names)
            if ((lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) != nullptr)
                break;
        if (!lib) {
            api.error = "cuBLAS (libcublas.so." + major + ") could not be loaded: " + std::string(dlerror());
            return;
        }
        const bool ok = bind(lib, "cublasCreate_v2", api.create) && bind(lib, "cublasDestroy_v2", api.destroy) &&
                        bind(lib, "cublasSetMathMode", api.setMathMode) && bind(lib, "cublasGemmEx", api.gemmEx) &&
                        bind(lib, "cublasGetStatusString", api.statusString);
        if (!ok)
            api.error = "cuBLAS was loaded but lacks a function this program needs: " + std::string(dlerror());
    });
    if (!api.error.empty())
        throw Error(api.error);
    return api;
}

void cublasCheck(cublasStatus_t status, const char* call, int line) {
    if (status != CUBLAS_STATUS_SUCCESS)
        throw Error(std::string("cuBLAS error in ") + call + ": " + gemmApi().statusString(status) +
                    " (cudaroofline.cu:" + std::to_string(line) + ")");
}
#define KV_CUBLAS(call) cublasCheck((call), #call, __LINE__)

// Frees what it holds on every path out, a thrown error included.
struct Resources {
    void* a = nullptr;
    void* b = nullptr;
    void* c = nullptr;
    cudaEvent_t begin = nullptr, end = nullptr;
    cublasHandle_t handle = nullptr;
    ~Resources() {
        cudaFree(a);
        cudaFree(b);
        cudaFree(c);
        if (begin)
            cudaEventDestroy(begin);
        if (end)
            cudaEventDestroy(end);
        if (handle)
            gemmApi().destroy(handle);
    }
};

} // namespace

double cudaGemmFlops(Precision precision, int n, int repeats);

double cudaGemmFlops(Precision precision, int n, int repeats) {
    if (n < 256 || n > 32768)
        throw Error("GEMM size must be between 256 and 32768, got " + std::to_string(n));
    const GemmApi& api = gemmApi();
    const bool bf16 = precision == Precision::Bf16;
    const std::size_t elements = std::size_t(n) * std::size_t(n);
    const std::size_t inBytes = elements * (bf16 ? sizeof(__nv_bfloat16) : sizeof(float));
    Resources r;
    KV_CUDA(cudaMalloc(&r.a, inBytes));
    KV_CUDA(cudaMalloc(&r.b, inBytes));
    KV_CUDA(cudaMalloc(&r.c, elements * sizeof(float)));
    // Any bit pattern multiplies at the same speed; zeros keep the values finite.
    KV_CUDA(cudaMemset(r.a, 0, inBytes));
    KV_CUDA(cudaMemset(r.b, 0, inBytes));
    KV_CUBLAS(api.create(&r.handle));
    KV_CUBLAS(api.setMathMode(r.handle, CUBLAS_DEFAULT_MATH)); // FP32 stays FP32: no TF32 shortcut
    KV_CUDA(cudaEventCreate(&r.begin));
    KV_CUDA(cudaEventCreate(&r.end));
    const float one = 1.0f, zero = 0.0f;
    const cudaDataType in = bf16 ? CUDA_R_16BF : CUDA_R_32F;
    float best = 1e30f;
    for (int rep = 0; rep <= std::max(1, repeats); ++rep) { // the first call warms up (heuristics, clocks)
        KV_CUDA(cudaEventRecord(r.begin));
        KV_CUBLAS(api.gemmEx(r.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, r.a, in, n, r.b, in, n, &zero, r.c,
                             CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
        KV_CUDA(cudaEventRecord(r.end));
        KV_CUDA(cudaEventSynchronize(r.end));
        float ms = 0.0f;
        KV_CUDA(cudaEventElapsedTime(&ms, r.begin, r.end));
        if (rep > 0)
            best = std::min(best, ms);
    }
    return 2.0 * double(n) * double(n) * double(n) / (double(best) / 1000.0);
}

} // namespace kvscope::gpu
