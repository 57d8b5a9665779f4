#pragma once
// What the .cu files share: the checks that turn a failed CUDA or cuBLAS call into a
// kvscope::Error, and cuBLAS opened with dlopen the first time it is wanted, so that the
// programs start (and run on the CPU) on machines without the CUDA libraries. The runtime is
// linked statically. Included by .cu files and by cudaapi.cpp only: CUDA types stay there.

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <string>

namespace kvscope::gpu::detail {

// Throws Error("CUDA error in <call>: <message> (<file's name>:<line>)").
[[noreturn]] void cudaFail(const char* call, const char* message, const char* file, int line);

// The cuBLAS functions the decode backend and the roofline's GEMM call, bound at run time.
struct CublasApi {
    decltype(&cublasCreate_v2) create = nullptr;
    decltype(&cublasDestroy_v2) destroy = nullptr;
    decltype(&cublasSetStream_v2) setStream = nullptr;
    decltype(&cublasSetWorkspace_v2) setWorkspace = nullptr;
    decltype(&cublasSetMathMode) setMathMode = nullptr;
    // C++ sees two cublasGemmEx overloads; the library exports the one taking cublasComputeType_t.
    cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                             const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                             cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
    decltype(&cublasGetStatusString) statusString = nullptr;
};

// The library, opened once per process; throws Error saying why it could not be opened.
const CublasApi& cublasApi();

// Throws Error("cuBLAS error in <call>: <api's status string> (<file's name>:<line>)") unless it succeeded.
void cublasCheck(const CublasApi& api, cublasStatus_t status, const char* call, const char* file, int line);

} // namespace kvscope::gpu::detail

// The CUDA runtime's names are expanded where these are used: the tests' emulated runtime
// (tests/cudaruntimeemulation.h) stands in for them there.
#define KV_CUDA(call)                                                                                                  \
    do {                                                                                                               \
        const cudaError_t status_ = (call);                                                                            \
        if (status_ != cudaSuccess)                                                                                    \
            ::kvscope::gpu::detail::cudaFail(#call, cudaGetErrorString(status_), __FILE__, __LINE__);                  \
    } while (0)
// `api` is the CublasApi the call went through.
#define KV_CUBLAS(api, call) ::kvscope::gpu::detail::cublasCheck((api), (call), #call, __FILE__, __LINE__)
