// The GPU's compute ceiling for the roofline: a large cuBLAS GEMM in FP32 (no TF32 shortcut) or
// BF16 with FP32 accumulation, timed with CUDA events. cuBLAS is the decode backend's, opened at
// run time (cudaapi.h). rooflinerun.h declares cudaGemmFlops; it includes core's C++20 headers,
// which this translation unit's CUDA dialect does not take, so the declaration is repeated here
// from decode.h's types.
#include "cudaapi.h"
#include "decode.h"

#include "error.h"

#include <cuda_bf16.h>

#include <algorithm>
#include <string>

namespace kvscope::gpu {
namespace {

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
            detail::cublasApi().destroy(handle);
    }
};

} // namespace

double cudaGemmFlops(Precision precision, int n, int repeats);

double cudaGemmFlops(Precision precision, int n, int repeats) {
    if (n < 256 || n > 32768)
        throw Error("GEMM size must be between 256 and 32768, got " + std::to_string(n));
    const detail::CublasApi& api = detail::cublasApi();
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
    KV_CUBLAS(api, api.create(&r.handle));
    KV_CUBLAS(api, api.setMathMode(r.handle, CUBLAS_DEFAULT_MATH)); // FP32 stays FP32: no TF32 shortcut
    KV_CUDA(cudaEventCreate(&r.begin));
    KV_CUDA(cudaEventCreate(&r.end));
    const float one = 1.0f, zero = 0.0f;
    const cudaDataType in = bf16 ? CUDA_R_16BF : CUDA_R_32F;
    float best = 1e30f;
    for (int rep = 0; rep <= std::max(1, repeats); ++rep) { // the first call warms up (heuristics, clocks)
        KV_CUDA(cudaEventRecord(r.begin));
        KV_CUBLAS(api, api.gemmEx(r.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, r.a, in, n, r.b, in, n, &zero, r.c,
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
