#pragma once
// The CUDA runtime and the two cuBLAS calls the decode backend makes, done on the CPU, so
// that gpu/cudadecode.cu itself (its buffers, launch shapes, the order of its kernels and
// matrix products, its paged tables and its CUDA graph capture and replay) can run in a
// test on a machine without a GPU. Kernels run through cudaemulation.h's fiber-per-thread
// emulation; work is done when it is issued (a stream is a queue that is always empty),
// except while a stream is being captured: then kernels and products are recorded, and
// cudaGraphLaunch replays them. Device memory is host memory.
//
// Include after cudaemulation.h and before gpu/cudadecode.cu, with
// KVSCOPE_CUDA_EMULATION defined. The runtime's names become macros for emu:: functions,
// so nothing here collides with the real runtime linked into the same program.

#include "cudaemulation.h"

#include "cudaapi.h" // the table of cuBLAS functions, filled with the emulated ones below

#include <cublas_v2.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <vector>

namespace emu {

struct Runtime {
    std::map<void*, std::size_t> allocations;
    std::size_t allocated = 0;
    bool capturing = false;
    std::vector<std::function<void()>> captured;
    int launches = 0, products = 0, replays = 0; // what ran, for the tests
};
inline Runtime runtime;

struct Event {
    std::chrono::steady_clock::time_point at;
};
struct Graph {
    std::vector<std::function<void()>> work;
};

// Runs `work` now, or records it while a capture is open.
inline void issue(std::function<void()> work) {
    if (runtime.capturing)
        runtime.captured.push_back(std::move(work));
    else
        work();
}

template <typename... Params, typename... Args>
void launchKernel(void (*kernel)(Params...), dim3 grid, dim3 threads, cudaStream_t, Args... args) {
    issue([=] {
        ++runtime.launches;
        launch(grid, threads, [&] { kernel(args...); });
    });
}

constexpr std::size_t kDeviceBytes = std::size_t(80) << 30; // what cudaMemGetInfo reports as total

inline cudaError_t malloc(void** p, std::size_t bytes) {
    *p = std::calloc(1, bytes == 0 ? 1 : bytes);
    if (!*p)
        return cudaErrorMemoryAllocation;
    runtime.allocations[*p] = bytes;
    runtime.allocated += bytes;
    return cudaSuccess;
}
inline cudaError_t free(void* p) {
    if (!p)
        return cudaSuccess;
    const auto it = runtime.allocations.find(p);
    if (it == runtime.allocations.end())
        return cudaErrorInvalidDevicePointer; // freed twice, or never allocated
    runtime.allocated -= it->second;
    runtime.allocations.erase(it);
    std::free(p);
    return cudaSuccess;
}
inline cudaError_t memGetInfo(std::size_t* freeBytes, std::size_t* total) {
    *total = kDeviceBytes;
    *freeBytes = kDeviceBytes - runtime.allocated;
    return cudaSuccess;
}
template <typename T> cudaError_t mallocHost(T** p, std::size_t bytes) {
    *p = static_cast<T*>(std::calloc(1, bytes == 0 ? 1 : bytes));
    return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
inline cudaError_t freeHost(void* p) {
    std::free(p);
    return cudaSuccess;
}
inline cudaError_t memcpy(void* to, const void* from, std::size_t bytes, cudaMemcpyKind, cudaStream_t = nullptr) {
    if (runtime.capturing)
        return cudaErrorStreamCaptureUnsupported; // the backend copies outside its graphs
    std::memcpy(to, from, bytes);
    return cudaSuccess;
}
// `height` rows of `width` bytes, each `fromPitch` / `toPitch` bytes apart (the dynamic cache's growth).
inline cudaError_t memcpy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch, std::size_t width,
                            std::size_t height, cudaMemcpyKind, cudaStream_t = nullptr) {
    issue([=] {
        for (std::size_t row = 0; row < height; ++row)
            std::memcpy(static_cast<char*>(to) + row * toPitch, static_cast<const char*>(from) + row * fromPitch,
                        width);
    });
    return cudaSuccess;
}

inline cudaError_t memset(void* to, int value, std::size_t bytes, cudaStream_t = nullptr) {
    std::memset(to, value, bytes);
    return cudaSuccess;
}
inline cudaError_t streamCreate(cudaStream_t* stream, unsigned) {
    *stream = reinterpret_cast<cudaStream_t>(new int(0));
    return cudaSuccess;
}
inline cudaError_t streamDestroy(cudaStream_t stream) {
    delete reinterpret_cast<int*>(stream);
    return cudaSuccess;
}
inline cudaError_t lastError() {
    return cudaSuccess;
}
inline cudaError_t nothing(...) {
    return cudaSuccess;
}
inline cudaError_t eventCreate(cudaEvent_t* event) {
    *event = reinterpret_cast<cudaEvent_t>(new Event);
    return cudaSuccess;
}
inline cudaError_t eventDestroy(cudaEvent_t event) {
    delete reinterpret_cast<Event*>(event);
    return cudaSuccess;
}
inline cudaError_t eventRecord(cudaEvent_t event, cudaStream_t = nullptr) {
    reinterpret_cast<Event*>(event)->at = std::chrono::steady_clock::now();
    return cudaSuccess;
}
inline cudaError_t eventElapsed(float* ms, cudaEvent_t begin, cudaEvent_t end) {
    *ms = std::chrono::duration<float, std::milli>(reinterpret_cast<Event*>(end)->at -
                                                   reinterpret_cast<Event*>(begin)->at)
              .count();
    return cudaSuccess;
}
inline cudaError_t beginCapture(cudaStream_t, cudaStreamCaptureMode) {
    if (runtime.capturing)
        return cudaErrorIllegalState;
    runtime.capturing = true;
    runtime.captured.clear();
    return cudaSuccess;
}
inline cudaError_t endCapture(cudaStream_t, cudaGraph_t* graph) {
    runtime.capturing = false;
    *graph = reinterpret_cast<cudaGraph_t>(new Graph{std::move(runtime.captured)});
    runtime.captured.clear();
    return cudaSuccess;
}
inline cudaError_t graphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long = 0) {
    *exec = reinterpret_cast<cudaGraphExec_t>(new Graph(*reinterpret_cast<Graph*>(graph)));
    return cudaSuccess;
}
inline cudaError_t graphLaunch(cudaGraphExec_t exec, cudaStream_t) {
    ++runtime.replays;
    for (const auto& work : reinterpret_cast<Graph*>(exec)->work)
        work();
    return cudaSuccess;
}
inline cudaError_t graphDestroy(cudaGraph_t graph) {
    delete reinterpret_cast<Graph*>(graph);
    return cudaSuccess;
}
inline cudaError_t graphExecDestroy(cudaGraphExec_t exec) {
    delete reinterpret_cast<Graph*>(exec);
    return cudaSuccess;
}

// ---- cuBLAS: the handle is a token; GemmEx in float64-free plain loops -------------------

inline float element(const void* base, cudaDataType type, std::size_t i) {
    if (type == CUDA_R_16BF)
        return __bfloat162float(static_cast<const __nv_bfloat16*>(base)[i]);
    return static_cast<const float*>(base)[i];
}

inline cublasStatus_t gemmEx(cublasHandle_t, cublasOperation_t opA, cublasOperation_t opB, int m, int n, int k,
                             const void* alpha, const void* A, cudaDataType typeA, int lda, const void* B,
                             cudaDataType typeB, int ldb, const void* beta, void* C, cudaDataType typeC, int ldc,
                             cublasComputeType_t compute, cublasGemmAlgo_t) {
    if (typeC != CUDA_R_32F || compute != CUBLAS_COMPUTE_32F)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    const float a = *static_cast<const float*>(alpha), b = *static_cast<const float*>(beta);
    issue([=] {
        ++runtime.products;
        // Column-major: C (m, n) = a op(A) op(B) + b C.
        float* c = static_cast<float*>(C);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                float sum = 0.0f;
                for (int p = 0; p < k; ++p) {
                    const std::size_t ai = opA == CUBLAS_OP_N ? std::size_t(p) * lda + std::size_t(i)
                                                              : std::size_t(i) * lda + std::size_t(p);
                    const std::size_t bi = opB == CUBLAS_OP_N ? std::size_t(j) * ldb + std::size_t(p)
                                                              : std::size_t(p) * ldb + std::size_t(j);
                    sum += element(A, typeA, ai) * element(B, typeB, bi);
                }
                float& out = c[std::size_t(j) * ldc + std::size_t(i)];
                out = a * sum + (b == 0.0f ? 0.0f : b * out);
            }
    });
    return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t create(cublasHandle_t* handle) {
    *handle = reinterpret_cast<cublasHandle_t>(new int(0));
    return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t destroy(cublasHandle_t handle) {
    delete reinterpret_cast<int*>(handle);
    return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t setStream(cublasHandle_t, cudaStream_t) {
    return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t setWorkspace(cublasHandle_t, void*, std::size_t) {
    return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t setMathMode(cublasHandle_t, cublasMath_t) {
    return CUBLAS_STATUS_SUCCESS;
}
inline const char* statusString(cublasStatus_t) {
    return "emulated cuBLAS error";
}

// These in the table the decode backend calls cuBLAS through (gpu/cudaapi.h), in place of the library.
inline const kvscope::gpu::detail::CublasApi& cublasApi() {
    static const kvscope::gpu::detail::CublasApi api{create,      destroy, setStream,   setWorkspace,
                                                     setMathMode, gemmEx,  statusString};
    return api;
}

} // namespace emu

#define cudaMalloc emu::malloc
#define cudaFree emu::free
#define cudaMemGetInfo emu::memGetInfo
#define cudaMallocHost emu::mallocHost
#define cudaFreeHost emu::freeHost
#define cudaMemcpy emu::memcpy
#define cudaMemcpyAsync emu::memcpy
#define cudaMemcpy2DAsync emu::memcpy2D
#define cudaMemset emu::memset
#define cudaMemsetAsync emu::memset
#define cudaSetDevice emu::nothing
#define cudaDeviceSynchronize emu::nothing
#define cudaStreamSynchronize emu::nothing
#define cudaEventSynchronize emu::nothing
#define cudaStreamCreateWithFlags emu::streamCreate
#define cudaStreamDestroy emu::streamDestroy
#define cudaEventCreate emu::eventCreate
#define cudaEventDestroy emu::eventDestroy
#define cudaEventRecord emu::eventRecord
#define cudaEventElapsedTime emu::eventElapsed
#define cudaStreamBeginCapture emu::beginCapture
#define cudaStreamEndCapture emu::endCapture
#define cudaGraphInstantiate emu::graphInstantiate
#define cudaGraphLaunch emu::graphLaunch
#define cudaGraphDestroy emu::graphDestroy
#define cudaGraphExecDestroy emu::graphExecDestroy
#define cudaGetLastError emu::lastError
