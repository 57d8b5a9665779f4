// The CUDA decode backend: the same forward pass as the CPU backend, with cuBLAS for the
// matrix products and our kernels (cudakernels.cuh) for everything else, in FP32 or BF16,
// with a contiguous, paged, dynamic (grown by reallocating and copying every step), INT8 or FP8
// E4M3 cache, optionally replaying the one-token step as a CUDA graph.
//
// cuBLAS is opened with dlopen when the first session starts (cudaapi.h). The host-side
// bookkeeping (memory tracker, the paged pool, the cache's bytes) is the CPU backend's too.
#include "cacheaccount.h"
#include "cudaapi.h"
#include "cudakernels.cuh"
#include "engine.h"
#include "memtracker.h"

#include "error.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

namespace kvscope::gpu {
namespace {

using kernels::CacheView;
using kernels::StepParams;

using detail::CacheAccount;
using detail::CublasApi;
using detail::MemoryTracker;

// Every kernel goes through here: the launch reports a bad configuration through
// cudaGetLastError, checked at once. Under KVSCOPE_CUDA_EMULATION (tests only) the
// kernel's source runs on the CPU instead (tests/cudaruntimeemulation.h).
template <typename... Params, typename... Args>
void launch(void (*kernel)(Params...), dim3 grid, dim3 block, cudaStream_t stream, Args... args) {
#ifdef KVSCOPE_CUDA_EMULATION
    emu::launchKernel(kernel, grid, block, stream, static_cast<Params>(args)...);
#else
    kernel<<<grid, block, 0, stream>>>(static_cast<Params>(args)...);
#endif
    KV_CUDA(cudaGetLastError());
}

// ---- cuBLAS, opened at run time ------------------------------------------------------------

// The library (cudaapi.h), or under KVSCOPE_CUDA_EMULATION the tests' cuBLAS on the CPU.
const CublasApi& cublas() {
#ifdef KVSCOPE_CUDA_EMULATION
    return emu::cublasApi();
#else
    return detail::cublasApi();
#endif
}

// ---- memory ------------------------------------------------------------------------------

// A CUDA event destroyed with its scope, so that a check that throws between its creation and
// its last use cannot leak it.
class Event {
public:
    Event() { KV_CUDA(cudaEventCreate(&m_event)); }
    ~Event() {
        if (m_event)
            cudaEventDestroy(m_event);
    }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    cudaEvent_t get() const { return m_event; }

private:
    cudaEvent_t m_event = nullptr;
};

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(MemoryTracker& tracker, std::size_t bytes)
        : m_tracker(&tracker)
        , m_bytes(bytes) {
        if (bytes == 0)
            return;
        const cudaError_t status = cudaMalloc(&m_data, bytes);
        if (status != cudaSuccess) {
            cudaGetLastError();
            std::size_t freeBytes = 0, totalBytes = 0;
            cudaMemGetInfo(&freeBytes, &totalBytes);
            throw Error("CUDA could not allocate " + formatBytes(bytes) + " (" + cudaGetErrorString(status) + "); " +
                        formatBytes(freeBytes) + " of " + formatBytes(totalBytes) + " is free on the device");
        }
        tracker.add(bytes);
    }
    ~DeviceBuffer() { release(); }
    DeviceBuffer(DeviceBuffer&& other) noexcept { *this = std::move(other); }
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        if (this != &other) {
            release();
            std::swap(m_tracker, other.m_tracker);
            std::swap(m_data, other.m_data);
            std::swap(m_bytes, other.m_bytes);
        }
        return *this;
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    template <typename T> T* as() const { return static_cast<T*>(m_data); }
    std::size_t bytes() const { return m_bytes; }

private:
    void release() {
        if (m_data) {
            cudaFree(m_data); // no throw from a destructor; a sticky error surfaces at the next checked call
            m_tracker->remove(m_bytes);
        }
        m_data = nullptr;
        m_bytes = 0;
    }
    MemoryTracker* m_tracker = nullptr;
    void* m_data = nullptr;
    std::size_t m_bytes = 0;
};

template <typename T> std::vector<T> convert(const std::vector<float>& in);
template <> std::vector<float> convert<float>(const std::vector<float>& in) {
    return in;
}
template <> std::vector<__nv_bfloat16> convert<__nv_bfloat16>(const std::vector<float>& in) {
    std::vector<__nv_bfloat16> out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        out[i] = __float2bfloat16(in[i]);
    return out;
}

template <typename T> DeviceBuffer upload(MemoryTracker& tracker, const std::vector<float>& host) {
    const std::vector<T> data = convert<T>(host);
    DeviceBuffer buffer(tracker, data.size() * sizeof(T));
    KV_CUDA(cudaMemcpy(buffer.as<void>(), data.data(), buffer.bytes(), cudaMemcpyHostToDevice));
    return buffer;
}

template <typename T> cudaDataType_t cudaType();
template <> cudaDataType_t cudaType<float>() {
    return CUDA_R_32F;
}
template <> cudaDataType_t cudaType<__nv_bfloat16>() {
    return CUDA_R_16BF;
}

// ---- the session: stream, cuBLAS handle, weights on the device -----------------------------

// The matrices in T (row-major, (in, out) as GptWeights), the gains and biases in float.
template <typename T> struct DeviceWeights {
    DeviceBuffer wte;              // [vocab][width] T: the embedding and the tied LM head
    DeviceBuffer wpe;              // [maxContext][width] T
    DeviceBuffer lnfGain, lnfBias; // [width] float
    struct Layer {
        DeviceBuffer ln1Gain, ln1Bias, ln2Gain, ln2Bias; // [width] float
        DeviceBuffer qkv, qkvBias;                       // [width][width + 2 kvWidth] T, [width + 2 kvWidth] float
        DeviceBuffer proj, projBias;                     // [width][width] T, [width] float
        DeviceBuffer fc, fcBias;                         // [width][4 width] T, [4 width] float
        DeviceBuffer fc2, fc2Bias;                       // [4 width][width] T, [width] float
    };
    std::vector<Layer> layers;
};

template <typename T> class CudaEngine;

template <typename T> class CudaSession final : public detail::Session {
public:
    CudaSession(const GptWeights& weights, const DecodeOptions& options)
        : m_config(weights.config)
        , m_options(options) {
        try {
            const CublasApi& api = cublas();
            KV_CUDA(cudaSetDevice(0));
            KV_CUDA(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking));
            KV_CUBLAS(api, api.create(&m_cublas));
            KV_CUBLAS(api, api.setStream(m_cublas, m_stream));
            KV_CUBLAS(api, api.setMathMode(m_cublas, CUBLAS_DEFAULT_MATH)); // FP32 stays FP32: no TF32 shortcut
            // An explicit workspace, so cuBLAS allocates nothing while a graph is being captured.
            m_workspace = DeviceBuffer(m_tracker, 32u << 20);
            KV_CUBLAS(api, api.setWorkspace(m_cublas, m_workspace.as<void>(), m_workspace.bytes()));

            m_weights.wte = upload<T>(m_tracker, weights.wte);
            m_weights.wpe = upload<T>(m_tracker, weights.wpe);
            m_weights.lnfGain = upload<float>(m_tracker, weights.lnfGain);
            m_weights.lnfBias = upload<float>(m_tracker, weights.lnfBias);
            for (const auto& L : weights.layers) {
                typename DeviceWeights<T>::Layer d;
                d.ln1Gain = upload<float>(m_tracker, L.ln1Gain);
                d.ln1Bias = upload<float>(m_tracker, L.ln1Bias);
                d.qkv = upload<T>(m_tracker, L.qkv);
                d.qkvBias = upload<float>(m_tracker, L.qkvBias);
                d.proj = upload<T>(m_tracker, L.proj);
                d.projBias = upload<float>(m_tracker, L.projBias);
                d.ln2Gain = upload<float>(m_tracker, L.ln2Gain);
                d.ln2Bias = upload<float>(m_tracker, L.ln2Bias);
                d.fc = upload<T>(m_tracker, L.fc);
                d.fcBias = upload<float>(m_tracker, L.fcBias);
                d.fc2 = upload<T>(m_tracker, L.fc2);
                d.fc2Bias = upload<float>(m_tracker, L.fc2Bias);
                m_weights.layers.push_back(std::move(d));
            }
            // A cudaMemcpy from pageable memory may return before its DMA lands, and our stream
            // does not wait for the legacy one: wait here, once.
            KV_CUDA(cudaDeviceSynchronize());
        } catch (...) {
            release(); // the destructor does not run for a constructor that throws
            throw;
        }
    }
    ~CudaSession() override { release(); }
    CudaSession(const CudaSession&) = delete;
    CudaSession& operator=(const CudaSession&) = delete;

    std::unique_ptr<detail::StepEngine> engine(CacheMode mode) override {
        return std::make_unique<CudaEngine<T>>(*this, mode);
    }
    std::unique_ptr<CudaEngine<T>> makeEngine(CacheMode mode, const DecodeOptions& options) {
        return std::make_unique<CudaEngine<T>>(*this, mode, options);
    }
    std::uint64_t peakAllocated() const override { return m_tracker.peak(); }
    void resetPeak() override { m_tracker.resetPeak(); }
    std::uint64_t systemBytes() const override {
        std::size_t freeBytes = 0, totalBytes = 0;
        KV_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes));
        return totalBytes - freeBytes;
    }
    std::string systemSource() const override {
        return "cudaMemGetInfo (device memory in use: total - free, every process and the CUDA context)";
    }
    std::string clockName() const override { return "CUDA events"; }

    // out (rows, n) = in (rows, k) x w (k, n), row-major, FP32 accumulation and output.
    // cuBLAS is column-major: the same bytes are out^T (n, rows) = w^T (n, k) x in^T (k, rows).
    void gemm(const T* in, const DeviceBuffer& w, float* out, int rows, int k, int n) {
        const float one = 1.0f, zero = 0.0f;
        const CublasApi& api = cublas();
        KV_CUBLAS(api,
                  api.gemmEx(m_cublas, CUBLAS_OP_N, CUBLAS_OP_N, n, rows, k, &one, w.as<T>(), cudaType<T>(), n, in,
                             cudaType<T>(), k, &zero, out, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    }
    // logits (rows, vocab) = last (rows, width) x wte^T.
    void lmHead(const T* last, float* logits, int rows) {
        const float one = 1.0f, zero = 0.0f;
        const int V = int(m_config.vocab), W = int(m_config.width);
        const CublasApi& api = cublas();
        KV_CUBLAS(api, api.gemmEx(m_cublas, CUBLAS_OP_T, CUBLAS_OP_N, V, rows, W, &one, m_weights.wte.template as<T>(),
                                  cudaType<T>(), W, last, cudaType<T>(), W, &zero, logits, CUDA_R_32F, V,
                                  CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    }

    const GptConfig& config() const { return m_config; }
    const DecodeOptions& options() const { return m_options; }
    const DeviceWeights<T>& weights() const { return m_weights; }
    MemoryTracker& tracker() { return m_tracker; }
    cudaStream_t stream() const { return m_stream; }

private:
    // The buffers are freed after this, by their own destructors; cudaFree waits for the device.
    void release() {
        if (m_cublas)
            cublas().destroy(m_cublas);
        if (m_stream) {
            cudaStreamSynchronize(m_stream);
            cudaStreamDestroy(m_stream);
        }
        m_cublas = nullptr;
        m_stream = nullptr;
    }

    GptConfig m_config;
    const DecodeOptions& m_options;
    MemoryTracker m_tracker;
    cudaStream_t m_stream = nullptr;
    cublasHandle_t m_cublas = nullptr;
    DeviceBuffer m_workspace;
    DeviceWeights<T> m_weights;
};

// ---- one cache mode --------------------------------------------------------------------

constexpr int kSplitLen = 128; // context positions per attention block when one token is decoded
// Rows (batch x positions) from which a step polls the stop per layer: smaller steps take a
// few ms on a device, and the events would only add to their measured time.
constexpr std::size_t kStoppableRows = 4096;

template <typename T> class CudaEngine final : public detail::StepEngine {
public:
    CudaEngine(CudaSession<T>& session, CacheMode mode)
        : CudaEngine(session, mode, session.options()) {}

    CudaEngine(CudaSession<T>& session, CacheMode mode, const DecodeOptions& options)
        : m_s(session)
        , m_c(session.config())
        , m_mode(mode)
        , m_batch(options.batch)
        , m_blockSize(int(options.blockSize))
        , m_graphs(options.graphs && mode != CacheMode::Dynamic) // its buffers move every step
        , m_maxLen(int(options.promptLen + options.steps))
        , m_account(session.config(), options, mode, std::is_same_v<T, float> ? Precision::Fp32 : Precision::Bf16) {
        const std::size_t B = m_batch, W = m_c.width, hd = m_c.headDim(), kvH = m_c.kvHeads;
        const std::size_t qkvOut = W + 2 * std::size_t(m_c.kvWidth());
        // The widest step: the whole prefix uncached, the prompt when cached.
        m_maxRows = B * std::size_t(mode == CacheMode::None ? m_maxLen : int(options.promptLen));
        m_decodeSplits = (m_maxLen + kSplitLen - 1) / kSplitLen;
        MemoryTracker& tr = session.tracker();
        const std::size_t perSeq = kvH * hd;
        if (mode == CacheMode::Paged) { // the account's BlockPool hands out the blocks, as on the CPU
            m_maxBlocks = int(m_account.pool().blocksPerSequence());
            m_dTable = DeviceBuffer(tr, m_account.pool().table().size() * sizeof(std::int32_t));
            KV_CUDA(cudaMemsetAsync(m_dTable.as<void>(), 0, m_dTable.bytes(), session.stream()));
        }
        // Contiguous, int8, fp8: (batch, kvHeads, maxLen, headDim) reserved up front (the quantized
        // ones in bytes, with (batch, kvHeads, maxLen) FP32 scales for K and V). Dynamic: nothing
        // yet; step() grows it. Paged: the pool.
        m_rows = mode == CacheMode::Dynamic ? 0 : m_maxLen;
        const std::size_t element = isQuantized(mode) ? 1 : sizeof(T);
        const std::size_t cacheElems = mode == CacheMode::Paged
                                           ? std::size_t(m_account.pool().blocks()) * perSeq * m_blockSize
                                           : B * perSeq * std::size_t(m_rows);
        for (std::uint32_t l = 0; l < m_c.layers; ++l) {
            m_k.emplace_back(tr, cacheElems * element);
            m_v.emplace_back(tr, cacheElems * element);
            if (isQuantized(mode)) {
                m_kScale.emplace_back(tr, B * kvH * std::size_t(m_rows) * sizeof(float));
                m_vScale.emplace_back(tr, B * kvH * std::size_t(m_rows) * sizeof(float));
            }
        }
        // The activations (shapes by the members below).
        m_x = DeviceBuffer(tr, m_maxRows * W * sizeof(float));
        m_raw = DeviceBuffer(tr, m_maxRows * std::max(qkvOut, 4 * W) * sizeof(float));
        m_q = DeviceBuffer(tr, m_maxRows * W * sizeof(float));
        m_h = DeviceBuffer(tr, m_maxRows * W * sizeof(T));
        m_att = DeviceBuffer(tr, m_maxRows * W * sizeof(T));
        m_ff = DeviceBuffer(tr, m_maxRows * 4 * W * sizeof(T));
        m_last = DeviceBuffer(tr, B * W * sizeof(T));
        m_logits = DeviceBuffer(tr, B * m_c.vocab * sizeof(float));
        m_next = DeviceBuffer(tr, B * sizeof(int));
        m_tokens = DeviceBuffer(tr, m_maxRows * sizeof(int));
        m_params = DeviceBuffer(tr, sizeof(StepParams));
        if (m_decodeSplits > 1)
            m_partial = DeviceBuffer(tr, B * m_c.heads * std::size_t(m_decodeSplits) * (hd + 2) * sizeof(float));
        try {
            KV_CUDA(cudaEventCreate(&m_begin));
            KV_CUDA(cudaEventCreate(&m_end));
            for (cudaEvent_t& e : m_layerDone)
                KV_CUDA(cudaEventCreate(&e));
            KV_CUDA(cudaMallocHost(&m_hostTokens, m_maxRows * sizeof(int)));
            KV_CUDA(cudaMallocHost(&m_hostNext, B * sizeof(int)));
            KV_CUDA(cudaMallocHost(&m_hostParams, sizeof(StepParams)));
        } catch (...) {
            release(); // the device buffers free themselves; these do not
            throw;
        }
    }

    ~CudaEngine() override { release(); }
    CudaEngine(const CudaEngine&) = delete;
    CudaEngine& operator=(const CudaEngine&) = delete;

    std::optional<double> step(const std::vector<std::vector<std::int32_t>>& tokens, std::uint32_t start,
                               std::uint32_t count, std::vector<std::int32_t>& next,
                               const StopCondition& stop) override {
        const cudaStream_t stream = m_s.stream();
        for (std::size_t b = 0; b < m_batch; ++b)
            for (std::uint32_t t = 0; t < count; ++t)
                m_hostTokens[b * count + t] = tokens[b][start + t];
        m_hostParams->start = int(start);
        const bool tableChanged = m_mode == CacheMode::Paged && m_account.pool().reserve(start + count);
        const bool replay = m_graphs && count == 1 && m_mode != CacheMode::None;
        if (replay && !m_exec)
            capture(); // once, outside the timed region: it records the launches, it runs nothing

        KV_CUDA(cudaEventRecord(m_begin, stream));
        m_account.beginStep();
        if (m_mode == CacheMode::Dynamic)
            grow(int(start + count)); // the copies are on the stream, inside the timed step
        KV_CUDA(cudaMemcpyAsync(m_tokens.as<void>(), m_hostTokens, m_batch * count * sizeof(int),
                                cudaMemcpyHostToDevice, stream));
        KV_CUDA(cudaMemcpyAsync(m_params.as<void>(), m_hostParams, sizeof(StepParams), cudaMemcpyHostToDevice, stream));
        if (tableChanged)
            uploadTable();
        if (replay) {
            KV_CUDA(cudaGraphLaunch(m_exec, stream));
        } else if (!enqueueForward(int(count), m_batch * count >= kStoppableRows ? &stop : nullptr)) {
            KV_CUDA(cudaStreamSynchronize(stream)); // what was enqueued finishes before anything is freed
            return std::nullopt;
        }
        KV_CUDA(cudaMemcpyAsync(m_hostNext, m_next.as<void>(), m_batch * sizeof(int), cudaMemcpyDeviceToHost, stream));
        KV_CUDA(cudaEventRecord(m_end, stream));
        KV_CUDA(cudaEventSynchronize(m_end));
        float ms = 0.0f;
        KV_CUDA(cudaEventElapsedTime(&ms, m_begin, m_end));
        next.assign(m_hostNext, m_hostNext + m_batch);
        return double(ms);
    }

    std::vector<float> lastLogits() override {
        std::vector<float> logits(m_c.vocab);
        KV_CUDA(cudaMemcpyAsync(logits.data(), m_logits.as<void>(), logits.size() * sizeof(float),
                                cudaMemcpyDeviceToHost, m_s.stream()));
        KV_CUDA(cudaStreamSynchronize(m_s.stream()));
        return logits;
    }

    // By core's formula for the cache's dtype (scales included): the CPU backend's CacheAccount.
    std::uint64_t kvBytesHeld() const override { return m_account.held(); }
    std::uint64_t kvBytesPeakInStep() const override { return m_account.peakInStep(); }
    std::uint64_t kvBytesCopiedInStep() const override { return m_account.copiedInStep(); }

    // For the benchmark: `context` positions of layer 0 filled with a pattern, the query at
    // the last one; returns the milliseconds of one attention call (splits and combine).
    double timeAttentionMs(int context, int repeats) {
        const cudaStream_t stream = m_s.stream();
        if (m_mode == CacheMode::Paged && m_account.pool().reserve(std::uint32_t(context)))
            uploadTable();
        if (m_mode == CacheMode::Dynamic)
            grow(context);
        if (m_mode == CacheMode::Int8)
            fillQuantized<std::int8_t>();
        else if (m_mode == CacheMode::Fp8)
            fillQuantized<__nv_fp8_e4m3>();
        else {
            const std::size_t elems = m_k[0].bytes() / sizeof(T);
            launch(kernels::fillPattern<T>, 1024, 256, stream, m_k[0].as<T>(), elems, 0.01f);
            launch(kernels::fillPattern<T>, 1024, 256, stream, m_v[0].as<T>(), elems, 0.02f);
        }
        std::vector<float> q(m_batch * m_c.width, 0.01f);
        KV_CUDA(cudaMemcpyAsync(m_q.as<void>(), q.data(), q.size() * sizeof(float), cudaMemcpyHostToDevice, stream));
        m_hostParams->start = context - 1;
        KV_CUDA(cudaMemcpyAsync(m_params.as<void>(), m_hostParams, sizeof(StepParams), cudaMemcpyHostToDevice, stream));
        attention(0, 1); // warm up
        KV_CUDA(cudaStreamSynchronize(stream));
        float best = 1e30f;
        for (int r = 0; r < repeats; ++r) {
            KV_CUDA(cudaEventRecord(m_begin, stream));
            attention(0, 1);
            KV_CUDA(cudaEventRecord(m_end, stream));
            KV_CUDA(cudaEventSynchronize(m_end));
            float ms = 0.0f;
            KV_CUDA(cudaEventElapsedTime(&ms, m_begin, m_end));
            best = std::min(best, ms);
        }
        return double(best);
    }

private:
    template <typename C> void fillQuantized() {
        const cudaStream_t stream = m_s.stream();
        const std::size_t elems = m_k[0].bytes(), rows = m_kScale[0].bytes() / sizeof(float);
        launch(kernels::fillPattern<C>, 1024, 256, stream, m_k[0].as<C>(), elems, 10.0f);
        launch(kernels::fillPattern<C>, 1024, 256, stream, m_v[0].as<C>(), elems, 9.0f);
        launch(kernels::fillConstant, 256, 256, stream, m_kScale[0].as<float>(), rows, 0.001f);
        launch(kernels::fillConstant, 256, 256, stream, m_vScale[0].as<float>(), rows, 0.002f);
    }

    // The dynamic cache's growth, as Hugging Face's DynamicCache does it with torch.cat (and as
    // the CPU backend does): per layer, a new K of exactly `tokens` rows per (sequence, KV head),
    // the old rows copied in on the stream (one strided copy), the old K freed; then V. Exact
    // growth every step: every step copies the whole cache so far, and holds the old and new K
    // (or V) of one layer at once. cudaMalloc and cudaFree here stand for PyTorch's caching
    // allocator, which would reuse blocks instead: the copy is the cost this mode shows.
    void grow(int tokens) {
        if (tokens <= m_rows)
            return;
        const std::size_t pairs = m_batch * m_c.kvHeads, rowBytes = std::size_t(m_c.headDim()) * sizeof(T);
        for (std::uint32_t l = 0; l < m_c.layers; ++l)
            for (DeviceBuffer* buffer : {&m_k[l], &m_v[l]}) {
                DeviceBuffer fresh(m_s.tracker(), pairs * std::size_t(tokens) * rowBytes);
                std::uint64_t held = 0; // every layer's cache as it stands, at the copy
                for (std::uint32_t j = 0; j < m_c.layers; ++j)
                    held += m_k[j].bytes() + m_v[j].bytes();
                m_account.growthCopy(held, fresh.bytes(), buffer->bytes());
                if (m_rows > 0)
                    KV_CUDA(cudaMemcpy2DAsync(fresh.as<void>(), std::size_t(tokens) * rowBytes, buffer->as<void>(),
                                              std::size_t(m_rows) * rowBytes, std::size_t(m_rows) * rowBytes, pairs,
                                              cudaMemcpyDeviceToDevice, m_s.stream()));
                *buffer = std::move(fresh); // cudaFree of the old one waits for the copy
            }
        m_rows = tokens;
        m_account.grownTo(std::uint32_t(tokens));
    }

    void release() {
        if (m_exec)
            cudaGraphExecDestroy(m_exec);
        if (m_graph)
            cudaGraphDestroy(m_graph);
        if (m_begin)
            cudaEventDestroy(m_begin);
        if (m_end)
            cudaEventDestroy(m_end);
        for (cudaEvent_t& e : m_layerDone) {
            if (e)
                cudaEventDestroy(e);
            e = nullptr;
        }
        cudaFreeHost(m_hostTokens);
        cudaFreeHost(m_hostNext);
        cudaFreeHost(m_hostParams);
        m_exec = nullptr;
        m_graph = nullptr;
        m_begin = m_end = nullptr;
        m_hostTokens = m_hostNext = nullptr;
        m_hostParams = nullptr;
    }

    // The pool's block tables to the device, on the stream.
    void uploadTable() {
        const std::vector<std::int32_t>& table = m_account.pool().table();
        KV_CUDA(cudaMemcpyAsync(m_dTable.as<void>(), table.data(), table.size() * sizeof(std::int32_t),
                                cudaMemcpyHostToDevice, m_s.stream()));
    }

    void capture() {
        const cudaStream_t stream = m_s.stream();
        KV_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        try {
            enqueueForward(1, nullptr);
        } catch (...) {
            cudaGraph_t broken = nullptr;
            cudaStreamEndCapture(stream, &broken);
            if (broken)
                cudaGraphDestroy(broken);
            throw;
        }
        KV_CUDA(cudaStreamEndCapture(stream, &m_graph));
        KV_CUDA(cudaGraphInstantiate(&m_exec, m_graph, 0));
    }

    // Layer `layer`'s cache as stored: C = T, or int8 / FP8 E4M3 with their scales.
    template <typename C = T> CacheView<C> view(std::uint32_t layer) const {
        const bool quantized = isQuantized(m_mode);
        return CacheView<C>{m_k[layer].template as<C>(),
                            m_v[layer].template as<C>(),
                            m_mode == CacheMode::Paged ? m_dTable.as<int>() : nullptr,
                            int(m_c.kvHeads),
                            int(m_c.headDim()),
                            m_blockSize,
                            m_maxBlocks,
                            m_rows,
                            quantized ? m_kScale[layer].template as<float>() : nullptr,
                            quantized ? m_vScale[layer].template as<float>() : nullptr};
    }

    // The forward pass of `count` positions per sequence, enqueued on the session's stream.
    // With `stop` the host stays at most two layers ahead of the device (an event per layer)
    // and polls it before each layer: false when it was requested, with the rest not enqueued.
    bool enqueueForward(int count, const StopCondition* stop) {
        const cudaStream_t stream = m_s.stream();
        const auto& w = m_s.weights();
        const int rows = int(m_batch) * count, W = int(m_c.width), kvW = int(m_c.kvWidth());
        const int qkvOut = W + 2 * kvW;
        const unsigned threads = 256;
        const StepParams* params = m_params.as<StepParams>();
        float* x = m_x.as<float>();
        float* raw = m_raw.as<float>();
        T* h = m_h.as<T>();

        const unsigned grid = unsigned(rows);
        launch(kernels::embed<T>, grid, threads, stream, m_tokens.as<int>(), params, w.wte.template as<T>(),
               w.wpe.template as<T>(), x, W, count);
        for (std::uint32_t l = 0; l < m_c.layers; ++l) {
            if (stop) {
                if (l >= 2) // layer l - 2 is done
                    KV_CUDA(cudaEventSynchronize(m_layerDone[l % 2]));
                if (stop->requested())
                    return false;
            }
            const auto& L = w.layers[l];
            // ln1, adding the previous layer's MLP output (and its bias) to the residual stream first.
            const bool first = l == 0;
            launch(kernels::residualLayerNorm<T>, grid, threads, stream, x, first ? nullptr : raw,
                   first ? nullptr : w.layers[l - 1].fc2Bias.template as<float>(), L.ln1Gain.template as<float>(),
                   L.ln1Bias.template as<float>(), h, W, 1, 0);
            m_s.gemm(h, L.qkv, raw, rows, W, qkvOut);
            if (m_mode == CacheMode::Int8)
                launch(kernels::splitQkvQuantized<std::int8_t>, grid, threads, stream, raw,
                       L.qkvBias.template as<float>(), m_q.as<float>(), view<std::int8_t>(l), params, W, count);
            else if (m_mode == CacheMode::Fp8)
                launch(kernels::splitQkvQuantized<__nv_fp8_e4m3>, grid, threads, stream, raw,
                       L.qkvBias.template as<float>(), m_q.as<float>(), view<__nv_fp8_e4m3>(l), params, W, count);
            else
                launch(m_mode == CacheMode::Paged ? kernels::splitQkv<true, T> : kernels::splitQkv<false, T>, grid,
                       threads, stream, raw, L.qkvBias.template as<float>(), m_q.as<float>(), view(l), params, W,
                       count);
            attention(l, count);
            m_s.gemm(m_att.as<T>(), L.proj, raw, rows, W, W);
            launch(kernels::residualLayerNorm<T>, grid, threads, stream, x, raw, L.projBias.template as<float>(),
                   L.ln2Gain.template as<float>(), L.ln2Bias.template as<float>(), h, W, 1, 0);
            m_s.gemm(h, L.fc, raw, rows, W, 4 * W);
            const std::size_t n = std::size_t(rows) * 4 * std::size_t(W);
            const unsigned blocks = unsigned(std::min<std::size_t>((n + threads - 1) / threads, 4096));
            launch(kernels::geluBias<T>, blocks, threads, stream, raw, L.fcBias.template as<float>(), m_ff.as<T>(), n,
                   4 * W);
            m_s.gemm(m_ff.as<T>(), L.fc2, raw, rows, 4 * W, W);
            if (stop)
                KV_CUDA(cudaEventRecord(m_layerDone[l % 2], stream));
        }
        // The last MLP's residual and the final norm, only on each sequence's last position.
        launch(kernels::residualLayerNorm<T>, unsigned(m_batch), threads, stream, x, raw,
               w.layers.back().fc2Bias.template as<float>(), w.lnfGain.template as<float>(),
               w.lnfBias.template as<float>(), m_last.as<T>(), W, count, count - 1);
        m_s.lmHead(m_last.as<T>(), m_logits.as<float>(), int(m_batch));
        launch(kernels::argmaxRows, unsigned(m_batch), threads, stream, m_logits.as<float>(), int(m_c.vocab),
               m_next.as<int>());
        return true;
    }

    void attention(std::uint32_t layer, int count) {
        const int hd = int(m_c.headDim()), group = int(m_c.heads / m_c.kvHeads);
        const int g = group % 8 == 0 ? 8 : group % 4 == 0 ? 4 : group % 2 == 0 ? 2 : 1;
        const int splits = count == 1 ? m_decodeSplits : 1;
        const dim3 grid(unsigned(m_batch * m_c.kvHeads), unsigned(count), unsigned((group / g) * splits));
        const bool paged = m_mode == CacheMode::Paged;
        if (hd == 64)
            launchAttention<64>(g, paged, grid, layer, count, splits);
        else
            launchAttention<128>(g, paged, grid, layer, count, splits);
        if (splits > 1) {
            launch(kernels::combineSplits<T>, unsigned(m_batch * m_c.heads), unsigned(hd), m_s.stream(),
                   m_partial.as<float>(), m_att.as<T>(), hd, splits);
        }
    }

    template <int HD> void launchAttention(int g, bool paged, dim3 grid, std::uint32_t layer, int count, int splits) {
        switch (g) {
        case 8:
            return launchAttention<HD, 8>(paged, grid, layer, count, splits);
        case 4:
            return launchAttention<HD, 4>(paged, grid, layer, count, splits);
        case 2:
            return launchAttention<HD, 2>(paged, grid, layer, count, splits);
        default:
            return launchAttention<HD, 1>(paged, grid, layer, count, splits);
        }
    }

    template <int HD, int G> void launchAttention(bool paged, dim3 grid, std::uint32_t layer, int count, int splits) {
        const float scale = 1.0f / std::sqrt(float(HD));
        const int splitLen = splits > 1 ? kSplitLen : m_maxLen;
        float* partial = splits > 1 ? m_partial.as<float>() : nullptr;
        const unsigned threads = kernels::kAttentionWarps * 32;
        // The cache's element type picks the kernel; a quantized one is dequantized inside it.
        if (m_mode == CacheMode::Int8)
            launch(kernels::attention<T, HD, G, false, std::int8_t>, grid, threads, m_s.stream(), m_q.as<float>(),
                   m_att.as<T>(), view<std::int8_t>(layer), m_params.as<StepParams>(), count, int(m_c.heads), scale,
                   splits, splitLen, partial);
        else if (m_mode == CacheMode::Fp8)
            launch(kernels::attention<T, HD, G, false, __nv_fp8_e4m3>, grid, threads, m_s.stream(), m_q.as<float>(),
                   m_att.as<T>(), view<__nv_fp8_e4m3>(layer), m_params.as<StepParams>(), count, int(m_c.heads), scale,
                   splits, splitLen, partial);
        else
            launch(paged ? kernels::attention<T, HD, G, true> : kernels::attention<T, HD, G, false>, grid, threads,
                   m_s.stream(), m_q.as<float>(), m_att.as<T>(), view(layer), m_params.as<StepParams>(), count,
                   int(m_c.heads), scale, splits, splitLen, partial);
    }

    CudaSession<T>& m_s;
    const GptConfig& m_c;
    CacheMode m_mode;
    std::size_t m_batch;
    int m_blockSize;
    bool m_graphs;
    int m_maxLen;           // prompt + steps: the positions of a sequence
    CacheAccount m_account; // bytes held by the formula, the step's peak, the paged pool: the CPU backend's too
    int m_rows = 0; // rows per (sequence, KV head) of the contiguous layouts: maxLen, or a dynamic cache's length
    std::size_t m_maxRows = 0; // rows (batch x positions) of the widest step: the prompt, or the whole prefix uncached
    int m_decodeSplits = 1;    // context splits of a one-token step's attention: ceil(maxLen / kSplitLen)
    int m_maxBlocks = 0;       // paged: table entries per sequence
    DeviceBuffer m_dTable;     // paged: [batch][maxBlocks] int, the pool's block tables
    // The cache, one buffer per layer for K and one for V, of T (int8 or FP8 E4M3 when quantized):
    //   contiguous, int8, fp8, dynamic: [batch][kvHeads][rows][headDim]; paged: [blocks][kvHeads][blockSize][headDim]
    std::vector<DeviceBuffer> m_k, m_v;
    std::vector<DeviceBuffer> m_kScale, m_vScale; // int8, fp8: [batch][kvHeads][rows] float, one per K (V) row
    DeviceBuffer m_x;                             // [maxRows][width] float: the residual stream
    DeviceBuffer m_raw;     // [maxRows][max(width + 2 kvWidth, 4 width)] float: a product's output, before its bias
    DeviceBuffer m_q;       // [maxRows][width] float: the queries, bias added
    DeviceBuffer m_h;       // [maxRows][width] T: a LayerNorm's output, the next product's input
    DeviceBuffer m_att;     // [maxRows][width] T: attention's output
    DeviceBuffer m_ff;      // [maxRows][4 width] T: the MLP's GELU output
    DeviceBuffer m_last;    // [batch][width] T: each sequence's last position after the final LayerNorm
    DeviceBuffer m_logits;  // [batch][vocab] float
    DeviceBuffer m_next;    // [batch] int: the greedy next tokens
    DeviceBuffer m_tokens;  // [maxRows] int: the step's input tokens
    DeviceBuffer m_params;  // one StepParams: the step's first position, read on the device (graph replay)
    DeviceBuffer m_partial; // [batch][heads][decodeSplits][headDim + 2] float: split attention's output, max, sum
    int* m_hostTokens = nullptr;        // pinned [maxRows], staged for m_tokens
    int* m_hostNext = nullptr;          // pinned [batch], from m_next
    StepParams* m_hostParams = nullptr; // pinned, staged for m_params
    cudaEvent_t m_begin = nullptr, m_end = nullptr;
    cudaEvent_t m_layerDone[2] = {nullptr, nullptr}; // the last two layers enqueued by a stoppable step
    cudaGraph_t m_graph = nullptr;
    cudaGraphExec_t m_exec = nullptr;
};

// The shapes the attention kernels are instantiated for.
void checkShape(const GptConfig& c) {
    std::string why;
    if (!cudaSupportsShape(c, &why))
        throw Error(why);
}

} // namespace

namespace detail {

std::unique_ptr<Session> makeCudaSession(const GptWeights& weights, const DecodeOptions& options) {
    checkShape(weights.config);
    if (options.precision == Precision::Bf16)
        return std::make_unique<CudaSession<__nv_bfloat16>>(weights, options);
    return std::make_unique<CudaSession<float>>(weights, options);
}

} // namespace detail

namespace {
template <typename T>
double attentionMs(const GptConfig& c, std::uint32_t batch, std::uint32_t context, CacheMode mode,
                   std::uint32_t blockSize, int repeats) {
    GptWeights weights = randomWeights(c);
    DecodeOptions o;
    o.model = c;
    o.batch = batch;
    o.promptLen = 1;
    o.steps = context - 1;
    o.blockSize = blockSize;
    CudaSession<T> session(weights, o);
    return session.makeEngine(mode, o)->timeAttentionMs(int(context), repeats);
}
} // namespace

AttentionTiming timeAttentionCuda(const GptConfig& shape, std::uint32_t batch, std::uint32_t context, CacheMode mode,
                                  std::uint32_t blockSize, Precision precision, int repeats) {
    const GptConfig c = detail::attentionOnlyShape(shape, context);
    checkShape(c);
    AttentionTiming t;
    t.bytesRead = kvBytesByFormula(c, batch, context, mode, precision); // one layer: K and V
    const double ms = precision == Precision::Bf16
                          ? attentionMs<__nv_bfloat16>(c, batch, context, mode, blockSize, repeats)
                          : attentionMs<float>(c, batch, context, mode, blockSize, repeats);
    t.seconds = ms / 1000.0;
    return t;
}

bool cublasAvailable(std::string* why) {
    try {
        cublas();
        return true;
    } catch (const Error& e) {
        if (why)
            *why = e.what();
        return false;
    }
}

double deviceCopyBandwidth(std::uint64_t bytes, int repeats) {
    MemoryTracker tracker;
    DeviceBuffer from(tracker, bytes), to(tracker, bytes);
    KV_CUDA(cudaMemset(from.as<void>(), 1, bytes));
    const Event begin, end;
    float best = 1e30f;
    for (int r = 0; r <= repeats; ++r) { // the first copy warms up
        KV_CUDA(cudaEventRecord(begin.get()));
        KV_CUDA(cudaMemcpyAsync(to.as<void>(), from.as<void>(), bytes, cudaMemcpyDeviceToDevice));
        KV_CUDA(cudaEventRecord(end.get()));
        KV_CUDA(cudaEventSynchronize(end.get()));
        float ms = 0.0f;
        KV_CUDA(cudaEventElapsedTime(&ms, begin.get(), end.get()));
        if (r > 0)
            best = std::min(best, ms);
    }
    return 2.0 * double(bytes) / (double(best) / 1000.0); // a copy reads and writes every byte
}

} // namespace kvscope::gpu
