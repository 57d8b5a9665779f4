// The CPU decode backend: matrix products through BLAS, attention, layer norm and GELU
// written here, OpenMP over (sequence, KV head) pairs. Three cache modes share one
// forward pass; they differ only in where K and V live and how attention finds them.
#include "cacheaccount.h"
#include "engine.h"
#include "memtracker.h"

#include "dtype.h"
#include "error.h"
#include "units.h"

#include <cblas.h>
#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace kvscope::gpu {
namespace {

using detail::MemoryTracker;

// Zeroed memory (floats unless told otherwise). Large buffers (the cache pools, above all) are
// 2 MiB aligned and asked to live on transparent huge pages: a paged cache jumps to a new 4 KiB
// page at every block, and with small pages each jump is also a TLB miss. `zero` false leaves
// it as allocated: the dynamic cache's new buffer is overwritten by the copy at once, as
// torch.cat's output is.
class Buffer {
public:
    Buffer(MemoryTracker& tracker, std::size_t count, std::size_t elementBytes = sizeof(float), bool zero = true)
        : m_tracker(&tracker)
        , m_bytes(count * elementBytes) {
        constexpr std::size_t huge = std::size_t(2) << 20;
        const std::size_t bytes = std::max<std::size_t>(m_bytes, 64);
        const std::size_t align = bytes >= huge ? huge : 64;
        const std::size_t rounded = (bytes + align - 1) / align * align;
        m_data = std::aligned_alloc(align, rounded);
        if (!m_data)
            throw std::bad_alloc();
        if (align == huge)
            madvise(m_data, rounded, MADV_HUGEPAGE); // advice only: without THP it is small pages as before
        if (zero)
            std::memset(m_data, 0, rounded);
        m_tracker->add(this->bytes());
    }
    ~Buffer() {
        m_tracker->remove(bytes());
        std::free(m_data);
    }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    float* data() { return static_cast<float*>(m_data); }
    const float* data() const { return static_cast<const float*>(m_data); }
    template <typename T> T* as() { return static_cast<T*>(m_data); }
    std::uint64_t bytes() const { return m_bytes; }

private:
    MemoryTracker* m_tracker;
    std::size_t m_bytes;
    void* m_data = nullptr;
};

std::uint64_t residentBytes() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "VmRSS:") {
            std::uint64_t kib = 0;
            in >> kib;
            return kib * 1024;
        }
        in.ignore(1 << 12, '\n');
    }
    return 0;
}

void layerNorm(const float* x, const float* gain, const float* bias, float* out, std::size_t rows, std::size_t width) {
    for (std::size_t r = 0; r < rows; ++r) {
        const float* xr = x + r * width;
        float mean = 0;
        for (std::size_t i = 0; i < width; ++i)
            mean += xr[i];
        mean /= float(width);
        float var = 0;
        for (std::size_t i = 0; i < width; ++i)
            var += (xr[i] - mean) * (xr[i] - mean);
        const float inv = 1.0f / std::sqrt(var / float(width) + 1e-5f);
        float* o = out + r * width;
        for (std::size_t i = 0; i < width; ++i)
            o[i] = (xr[i] - mean) * inv * gain[i] + bias[i];
    }
}

// OpenBLAS's threads and ours spin while they wait, and on two cores they fight. BLAS gets
// the threads; our element-wise loops run on one, and attention takes two only for a large
// cache (measured, batch 1: 58 ms a step with both on two threads, 24 ms with BLAS on one,
// 13 ms with ours on one; a 48-token uncached step 107 -> 57 ms).
void setBlasThreads(int threads) {
#ifdef OPENBLAS_VERSION
    // Atomic: two runs may overlap on two threads (a closed window's run finishing its step
    // while a new window's starts).
    static std::atomic<int> current{-1};
    if (current.exchange(threads) != threads)
        openblas_set_num_threads(threads);
#else
    (void)threads;
#endif
}

// Multiply-adds one product call may do before the stop is polled again: 2^29, about 1
// GFLOP, tens of ms on two cores. Any step of the course's model (rows x 512 x 2048 =
// 2^20 x rows) up to 512 rows is one call, as before; a longer uncached step is cut into
// row chunks of at least 512 rows there (rows are independent: the same results).
constexpr std::uint64_t kMultiplyAddsPerChunk = std::uint64_t(1) << 29;

// Products of this many rows or fewer (a cached step at batch 1 to 16) stream the weights
// through fewRowsProduct instead of sgemm. OpenBLAS 0.3.21's sgemm packs the whole weight
// matrix into a buffer before it multiplies, reading and writing it once more: a batch-1
// step moved 12.5 GB/s on an AMD EPYC whose read bandwidth is 32 GB/s, and a batch-4 step
// took 22 ms against 18 ms streamed, a batch-16 step 80 ms (BENCHMARKS.md).
constexpr std::size_t kStreamedRows = 16;

// Not under ThreadSanitizer: the clones' resolver runs while the program is being loaded,
// before TSan's runtime is up, and the instrumented resolver crashes there (every TSan test
// died at start).
#if defined(__SANITIZE_THREAD__)
#define KVSCOPE_NO_CLONES
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KVSCOPE_NO_CLONES
#endif
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(KVSCOPE_NO_CLONES)
// Built twice, for AVX2 with FMA and for the baseline x86-64 the package targets; the loader
// picks the one this CPU runs (GCC's and clang's target_clones).
#define KVSCOPE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define KVSCOPE_VECTOR_CLONES
#endif

// acc (rows, n) += in (rows, k)[:, first..last) x w[first..last) (k, n): one weight row at a
// time, each against every input row while it is in L1.
KVSCOPE_VECTOR_CLONES
void accumulateRows(const float* in, const float* w, float* acc, std::size_t first, std::size_t last, std::size_t k,
                    std::size_t n, std::size_t rows) {
    for (std::size_t i = first; i < last; ++i) {
        const float* row = w + i * n;
        for (std::size_t r = 0; r < rows; ++r) {
            const float a = in[r * k + i];
            float* o = acc + r * n;
#pragma omp simd
            for (std::size_t j = 0; j < n; ++j)
                o[j] += a * row[j];
        }
    }
}

// out (rows, vocab)[:, first..last) = in (rows, width) x e[first..last)^T, e (vocab, width): the
// tied LM head, one embedding row at a time against every input row while it is in L1.
KVSCOPE_VECTOR_CLONES
void dotRows(const float* in, const float* e, float* out, std::size_t first, std::size_t last, std::size_t width,
             std::size_t vocab, std::size_t rows) {
    for (std::size_t v = first; v < last; ++v) {
        const float* row = e + v * width;
        for (std::size_t r = 0; r < rows; ++r) {
            const float* x = in + r * width;
            float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
            for (std::size_t d = 0; d < width; ++d)
                sum += x[d] * row[d];
            out[r * vocab + v] = sum;
        }
    }
}

// out (rows, n) += in (rows, k) x w (k, n) for rows <= kStreamedRows. Each thread reads one
// contiguous run of weight rows, a row at a time, into its own rows x n partial sums, and the
// partials are added at the end: the weights are read exactly once, as one stream per thread.
// Measured on the AMD EPYC (2 threads, the small GPT's 32 matrices): one stream per thread
// 31-35 GB/s, a plain sum over the same matrices 35-36; a column slice per thread (a short
// strided run of every row) 17.6, and reading two or four weight rows at once 12-17.
void streamedProduct(const float* in, const float* w, float* out, std::size_t rows, std::size_t k, std::size_t n,
                     int threads) {
    const int parts = k * n >= (std::size_t(1) << 16) ? threads : 1;
    thread_local std::vector<float> scratch; // the calling thread's: partial sums of every part
    scratch.resize(std::size_t(parts) * rows * n);
    float* partials = scratch.data();
#pragma omp parallel num_threads(parts)
    {
        const std::size_t part = std::size_t(omp_get_thread_num()), count = std::size_t(omp_get_num_threads());
        const std::size_t per = (k + count - 1) / count;
        const std::size_t first = std::min(k, per * part), last = std::min(k, first + per);
        float* acc = partials + part * rows * n;
        std::fill(acc, acc + rows * n, 0.0f);
        accumulateRows(in, w, acc, first, last, k, n, rows);
#pragma omp barrier
        // Each thread adds a slice of the columns of every part's sums.
        const std::size_t columns = (n + count - 1) / count;
        const std::size_t from = std::min(n, columns * part), to = std::min(n, from + columns);
        for (std::size_t p = 0; p < count; ++p)
            for (std::size_t r = 0; r < rows; ++r) {
                const float* src = partials + (p * rows + r) * n;
                float* o = out + r * n;
                for (std::size_t j = from; j < to; ++j)
                    o[j] += src[j];
            }
    }
}

// out (rows, n) = in (rows, k) x w (k, n) + bias (n), or += when accumulate. False when
// `stop` was requested between row chunks (out is then partly computed).
bool linear(const float* in, const float* w, const float* bias, float* out, std::size_t rows, std::size_t k,
            std::size_t n, bool accumulate, const StopCondition& stop, int threads) {
    if (!accumulate)
        for (std::size_t r = 0; r < rows; ++r)
            std::copy(bias, bias + n, out + r * n);
    else
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t i = 0; i < n; ++i)
                out[r * n + i] += bias[i];
    if (rows <= kStreamedRows) {
        streamedProduct(in, w, out, rows, k, n, threads);
        return true;
    }
    const std::size_t chunk = std::size_t(std::max<std::uint64_t>(1, kMultiplyAddsPerChunk / (std::uint64_t(k) * n)));
    for (std::size_t r = 0; r < rows; r += chunk) {
        if (r > 0 && stop.requested())
            return false;
        const std::size_t m = std::min(chunk, rows - r);
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(m), int(n), int(k), 1.0f, in + r * k, int(k), w,
                    int(n), 1.0f, out + r * n, int(n));
    }
    return true;
}

inline float gelu(float x) // GPT-2's tanh form
{
    return 0.5f * x * (1.0f + std::tanh(0.7978845608028654f * (x + 0.044715f * x * x * x)));
}

// A dot product in eight independent lanes, so the compiler can keep it in vector registers
// (a single running sum is one add per cycle at best). The same code in every mode.
inline float dot8(const float* a, const float* b, std::size_t n) {
    float lanes[8] = {};
    std::size_t d = 0;
    for (; d + 8 <= n; d += 8)
        for (int j = 0; j < 8; ++j)
            lanes[j] += a[d + std::size_t(j)] * b[d + std::size_t(j)];
    float sum = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    for (; d < n; ++d)
        sum += a[d] * b[d];
    return sum;
}

class Engine {
public:
    Engine(const GptWeights& weights, const DecodeOptions& options, CacheMode mode, MemoryTracker& tracker)
        : m_w(weights)
        , m_c(weights.config)
        , m_o(options)
        , m_mode(mode)
        , m_tracker(tracker)
        , m_account(weights.config, options, mode, Precision::Fp32)
        , m_maxLen(m_account.maxLength())
        , m_dtype(cacheDType(mode, Precision::Fp32, weights.config)) {
        if (mode == CacheMode::Fp8)
            throw Error("--cache fp8 needs the CUDA backend; the CPU backend stores fp32, int8 or nothing");
        const std::size_t perSeq = std::size_t(m_c.kvHeads) * m_c.headDim();
        if (mode == CacheMode::Contiguous || mode == CacheMode::None || mode == CacheMode::Int8) {
            // Contiguous: (batch, kvHeads, maxLen, headDim) per layer for K and V, reserved up front.
            // None uses the same layout as scratch, refilled from scratch every step. Int8: the same
            // layout in bytes, and (batch, kvHeads, maxLen) FP32 scales for K and for V.
            const std::size_t rows = std::size_t(options.batch) * m_c.kvHeads * m_maxLen;
            const std::size_t element = mode == CacheMode::Int8 ? 1 : sizeof(float);
            for (std::uint32_t l = 0; l < m_c.layers; ++l) {
                m_k.push_back(std::make_unique<Buffer>(tracker, rows * m_c.headDim(), element));
                m_v.push_back(std::make_unique<Buffer>(tracker, rows * m_c.headDim(), element));
                if (mode == CacheMode::Int8) {
                    m_kScale.push_back(std::make_unique<Buffer>(tracker, rows));
                    m_vScale.push_back(std::make_unique<Buffer>(tracker, rows));
                }
            }
            m_rows.assign(m_c.layers, m_maxLen);
        } else if (mode == CacheMode::Dynamic) {
            // Dynamic: (batch, kvHeads, tokens, headDim) per layer, grown by storeKv; nothing yet.
            for (std::uint32_t l = 0; l < m_c.layers; ++l) {
                m_k.push_back(std::make_unique<Buffer>(tracker, 0));
                m_v.push_back(std::make_unique<Buffer>(tracker, 0));
            }
            m_rows.assign(m_c.layers, 0);
        } else {
            // Paged: a pool of (blocks, kvHeads, blockSize, headDim) per layer; the account's
            // BlockPool hands the blocks out and keeps each sequence's table.
            const std::size_t poolValues = std::size_t(m_account.pool().blocks()) * perSeq * options.blockSize;
            for (std::uint32_t l = 0; l < m_c.layers; ++l) {
                m_k.push_back(std::make_unique<Buffer>(tracker, poolValues));
                m_v.push_back(std::make_unique<Buffer>(tracker, poolValues));
            }
        }
    }

    // The cache's bytes by core's formula (CacheAccount: the same account as the CUDA backend's).
    std::uint64_t kvBytesHeld() const { return m_account.held(); }
    std::uint64_t kvBytesPeakInStep() const { return m_account.peakInStep(); }
    std::uint64_t kvBytesCopiedInStep() const { return m_account.copiedInStep(); }

    // Runs positions [start, start + count) of every sequence; returns the last position's logits (batch, vocab).
    // False when `stop` was requested during the pass (checked per layer, per product chunk
    // and in attention); logits are then not written.
    bool forward(const std::vector<std::vector<std::int32_t>>& tokens, std::uint32_t start, std::uint32_t count,
                 std::vector<float>& logits, const StopCondition& stop) {
        const std::size_t B = m_o.batch, T = count, R = B * T, W = m_c.width;
        const std::size_t qkvOut = W + 2 * std::size_t(m_c.kvWidth());
        m_account.beginStep();
        if (m_mode == CacheMode::Paged)
            m_account.pool().reserve(start + count);
        setBlasThreads(m_o.threads);
        Buffer x(m_tracker, R * W), h(m_tracker, R * W), qkv(m_tracker, R * qkvOut), att(m_tracker, R * W),
            ff(m_tracker, R * 4 * W);
        for (std::size_t b = 0; b < B; ++b)
            for (std::size_t t = 0; t < T; ++t) {
                const std::size_t pos = start + t;
                const float* te = m_w.wte.data() + std::size_t(tokens[b][pos]) * W;
                const float* pe = m_w.wpe.data() + pos * W;
                float* xr = x.data() + (b * T + t) * W;
                for (std::size_t i = 0; i < W; ++i)
                    xr[i] = te[i] + pe[i];
            }
        for (std::uint32_t l = 0; l < m_c.layers; ++l) {
            if (stop.requested())
                return false;
            const auto& L = m_w.layers[l];
            layerNorm(x.data(), L.ln1Gain.data(), L.ln1Bias.data(), h.data(), R, W);
            if (!linear(h.data(), L.qkv.data(), L.qkvBias.data(), qkv.data(), R, W, qkvOut, false, stop, m_o.threads))
                return false;
            if (m_mode == CacheMode::Dynamic)
                grow(l, start + count); // torch.cat: this layer's K and V reallocated and copied
            storeKv(l, qkv.data(), start, count);
            if (!attention(l, qkv.data(), att.data(), start, count, count > 1 ? &stop : nullptr))
                return false;
            if (!linear(att.data(), L.proj.data(), L.projBias.data(), x.data(), R, W, W, true, stop, m_o.threads))
                return false;
            layerNorm(x.data(), L.ln2Gain.data(), L.ln2Bias.data(), h.data(), R, W);
            if (!linear(h.data(), L.fc.data(), L.fcBias.data(), ff.data(), R, W, 4 * W, false, stop, m_o.threads))
                return false;
            float* f = ff.data();
            for (std::size_t i = 0; i < R * 4 * W; ++i) {         // cheap next to the products: one thread
                if ((i & 0xFFFFF) == 0xFFFFF && stop.requested()) // 2^20 tanh, a few ms
                    return false;
                f[i] = gelu(f[i]);
            }
            if (!linear(ff.data(), L.fc2.data(), L.fc2Bias.data(), x.data(), R, 4 * W, W, true, stop, m_o.threads))
                return false;
        }
        // Final norm on each sequence's last position, then the tied LM head: (B, W) x (V, W)^T.
        Buffer last(m_tracker, B * W);
        for (std::size_t b = 0; b < B; ++b)
            layerNorm(x.data() + (b * T + T - 1) * W, m_w.lnfGain.data(), m_w.lnfBias.data(), last.data() + b * W, 1,
                      W);
        logits.assign(B * m_c.vocab, 0.0f);
        if (B <= kStreamedRows) { // one pass over the embedding, each row against every sequence
            const std::size_t vocab = m_c.vocab;
            float* out = logits.data();
#pragma omp parallel num_threads(m_o.threads)
            {
                const std::size_t part = std::size_t(omp_get_thread_num()), parts = std::size_t(omp_get_num_threads());
                const std::size_t per = (vocab + parts - 1) / parts;
                const std::size_t first = std::min(vocab, per * part), lastRow = std::min(vocab, first + per);
                dotRows(last.data(), m_w.wte.data(), out, first, lastRow, W, vocab, B);
            }
            return true;
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, int(B), int(m_c.vocab), int(W), 1.0f, last.data(), int(W),
                    m_w.wte.data(), int(W), 0.0f, logits.data(), int(m_c.vocab));
        return true;
    }

    // For the benchmark: a cache holding `context` tokens of every sequence, filled with values.
    void fillCache(std::uint32_t context) {
        if (m_mode == CacheMode::Paged)
            m_account.pool().reserve(context);
        const std::size_t hd = m_c.headDim();
        std::vector<float> k(hd), v(hd);
        for (std::uint32_t l = 0; l < m_c.layers; ++l) {
            if (m_mode == CacheMode::Dynamic)
                grow(l, context);
            for (std::size_t b = 0; b < m_o.batch; ++b)
                for (std::size_t kvh = 0; kvh < m_c.kvHeads; ++kvh)
                    for (std::uint32_t pos = 0; pos < context; ++pos) {
                        for (std::size_t d = 0; d < hd; ++d) {
                            k[d] = float((std::size_t(pos) * 7 + d) % 13) * 0.01f;
                            v[d] = float((std::size_t(pos) * 3 + d) % 11) * 0.01f;
                        }
                        storeRow(l, b, kvh, pos, k.data(), v.data());
                    }
        }
    }
    void attentionOnly(const float* qkv, float* out, std::uint32_t context) {
        attention(0, qkv, out, context - 1, 1, nullptr);
    }

private:
    // Where row `pos` of (sequence b, KV head kvh) starts, in values of the layer's K (or V) buffer.
    std::size_t rowOffset(std::uint32_t layer, std::size_t b, std::size_t kvh, std::size_t pos) const {
        const std::size_t hd = m_c.headDim(), kvH = m_c.kvHeads;
        if (m_mode != CacheMode::Paged)
            return ((b * kvH + kvh) * m_rows[layer] + pos) * hd;
        const std::size_t block = m_account.pool().blockOf(b, std::uint32_t(pos));
        return ((block * kvH + kvh) * m_o.blockSize + pos % m_o.blockSize) * hd;
    }
    float* kRow(std::uint32_t layer, std::size_t b, std::size_t kvh, std::size_t pos, bool value) {
        return (value ? m_v : m_k)[layer]->data() + rowOffset(layer, b, kvh, pos);
    }

    // One position's K and V (headDim values each) into the cache, quantized in the int8 mode.
    void storeRow(std::uint32_t layer, std::size_t b, std::size_t kvh, std::size_t pos, const float* k,
                  const float* v) {
        const std::size_t hd = m_c.headDim(), at = rowOffset(layer, b, kvh, pos);
        if (m_mode == CacheMode::Int8) {
            m_kScale[layer]->data()[at / hd] = quantizeInt8(k, hd, m_k[layer]->as<std::int8_t>() + at);
            m_vScale[layer]->data()[at / hd] = quantizeInt8(v, hd, m_v[layer]->as<std::int8_t>() + at);
            return;
        }
        std::copy_n(k, hd, m_k[layer]->data() + at);
        std::copy_n(v, hd, m_v[layer]->data() + at);
    }

    // The dynamic cache's growth, as Hugging Face's DynamicCache does it with torch.cat: a new
    // buffer of exactly `tokens` rows per (sequence, KV head), the old rows copied in, the old
    // buffer freed; K first, then V. Exact growth, every step: no spare capacity, so every step
    // copies the whole cache so far (its cost grows with the context) and holds the old and the
    // new K (or V) of one layer at once for the copy.
    void grow(std::uint32_t layer, std::uint32_t tokens) {
        const std::uint32_t old = m_rows[layer];
        if (tokens <= old)
            return;
        const std::size_t hd = m_c.headDim(), pairs = std::size_t(m_o.batch) * m_c.kvHeads;
        for (auto* buffers : {&m_k, &m_v}) {
            auto fresh = std::make_unique<Buffer>(m_tracker, pairs * tokens * hd, sizeof(float), false);
            // Held at the copy: every layer's cache as it stands (this layer's K, or K and V, still
            // the old ones) and the new buffer.
            m_account.growthCopy(kvHeldBytes(), fresh->bytes(), (*buffers)[layer]->bytes());
            const float* from = (*buffers)[layer]->data();
            float* to = fresh->data();
            for (std::size_t p = 0; p < pairs; ++p)
                std::memcpy(to + p * tokens * hd, from + p * old * hd, std::size_t(old) * hd * sizeof(float));
            (*buffers)[layer] = std::move(fresh);
        }
        m_rows[layer] = tokens;
        m_account.grownTo(tokens);
    }
    // What the dynamic cache's buffers hold now (layers may stand at different lengths mid-step).
    std::uint64_t kvHeldBytes() const {
        std::uint64_t bytes = 0;
        for (std::size_t l = 0; l < m_k.size(); ++l)
            bytes += m_k[l]->bytes() + m_v[l]->bytes();
        return bytes;
    }

    void storeKv(std::uint32_t layer, const float* qkv, std::uint32_t start, std::uint32_t count) {
        const std::size_t W = m_c.width, hd = m_c.headDim(), kvW = m_c.kvWidth();
        const std::size_t qkvOut = W + 2 * kvW;
        for (std::size_t b = 0; b < m_o.batch; ++b)
            for (std::size_t t = 0; t < count; ++t) {
                const float* row = qkv + (b * count + t) * qkvOut;
                for (std::size_t kvh = 0; kvh < m_c.kvHeads; ++kvh)
                    storeRow(layer, b, kvh, start + t, row + W + kvh * hd, row + W + kvW + kvh * hd);
            }
    }

    // One query row of sequence b over its cache's positions [0, length), every query head at
    // once, with an online softmax (attention() says in what order the cache is walked). An INT8
    // cache is dequantized here, as it is read: score = (q . k8) x kScale, and V adds
    // (weight x vScale) x v8; no dequantized copy exists.
    template <bool Quantized>
    void attendQuery(std::uint32_t layer, std::size_t b, std::uint32_t length, const float* q, float* o,
                     std::vector<float>& runningMax, std::vector<float>& runningSum) {
        const std::size_t hd = m_c.headDim(), group = m_c.heads / m_c.kvHeads, kvHeads = m_c.kvHeads;
        const float scale = 1.0f / std::sqrt(float(hd));
        const std::uint32_t run = m_mode == CacheMode::Paged ? m_o.blockSize : 16;
        const std::size_t element = Quantized ? 1 : sizeof(float);
        std::fill(o, o + m_c.width, 0.0f);
        std::fill(runningMax.begin(), runningMax.end(), -INFINITY);
        std::fill(runningSum.begin(), runningSum.end(), 0.0f);
        // The buffers' addresses, once: read through the unique_ptrs inside the loop they are
        // loaded again after every store to the output (the compiler cannot rule out aliasing).
        const char* kBase = reinterpret_cast<const char*>(m_k[layer]->data());
        const char* vBase = reinterpret_cast<const char*>(m_v[layer]->data());
        const float* kValues = m_k[layer]->data();
        const float* vValues = m_v[layer]->data();
        const float* kScales = Quantized ? m_kScale[layer]->data() : nullptr;
        const float* vScales = Quantized ? m_vScale[layer]->data() : nullptr;
        for (std::uint32_t pos = 0; pos < length; pos += run) {
            const std::uint32_t rows = std::min(run, length - pos);
            const std::uint32_t nextRows = pos + run < length ? std::min(run, length - pos - run) : 0;
            for (std::size_t kvh = 0; kvh < kvHeads; ++kvh) {
                const std::size_t at = rowOffset(layer, b, kvh, pos);
                const std::size_t nextAt = nextRows ? rowOffset(layer, b, kvh, pos + run) : 0;

                for (std::uint32_t i = 0; i < rows; ++i) {
                    const std::size_t row = at + std::size_t(i) * hd; // in values
                    if (i < nextRows)
                        for (std::size_t off = 0; off < hd * element; off += 64) {
                            __builtin_prefetch(kBase + (nextAt + i * hd) * element + off, 0, 2);
                            __builtin_prefetch(vBase + (nextAt + i * hd) * element + off, 0, 2);
                        }
                    for (std::size_t g = kvh * group; g < (kvh + 1) * group; ++g) {
                        float score;
                        if constexpr (Quantized) {
                            const std::int8_t* k = reinterpret_cast<const std::int8_t*>(kBase) + row;
                            float lanes[8] = {};
                            for (std::size_t d = 0; d < hd; d += 8)
                                for (std::size_t j = 0; j < 8 && d + j < hd; ++j)
                                    lanes[j] += q[g * hd + d + j] * float(k[d + j]);
                            score = (((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
                                     ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))) *
                                    kScales[row / hd] * scale;
                        } else {
                            score = dot8(q + g * hd, kValues + row, hd) * scale;
                        }
                        float* og = o + g * hd;
                        float weight = 1.0f;
                        if (score > runningMax[g]) {
                            const float correction = std::exp(runningMax[g] - score);
                            runningSum[g] *= correction;
#pragma omp simd
                            for (std::size_t d = 0; d < hd; ++d)
                                og[d] *= correction;
                            runningMax[g] = score;
                        } else {
                            weight = std::exp(score - runningMax[g]);
                        }
                        runningSum[g] += weight;
                        if constexpr (Quantized) {
                            const std::int8_t* v = reinterpret_cast<const std::int8_t*>(vBase) + row;
                            const float w = weight * vScales[row / hd];
#pragma omp simd
                            for (std::size_t d = 0; d < hd; ++d)
                                og[d] += w * float(v[d]);
                        } else {
                            const float* v = vValues + row;
#pragma omp simd
                            for (std::size_t d = 0; d < hd; ++d)
                                og[d] += weight * v[d];
                        }
                    }
                }
            }
        }
        for (std::size_t g = 0; g < m_c.heads; ++g) {
            const float inv = 1.0f / runningSum[g];
            for (std::size_t d = 0; d < hd; ++d)
                o[g * hd + d] *= inv;
        }
    }

    // Causal attention for the new positions, in one pass over the cache with an online
    // softmax: each K/V row is read once, together, for every query head of its GQA group
    // (MHA has groups of one), and the running sum is rescaled when a larger score appears.
    // The threads split the sequences; a sequence's cache is walked a run of positions at a
    // time (a block when paged, 16 positions otherwise), every KV head's rows of that
    // run before the next run. A paged block holds all KV heads side by side, so this reads it
    // as one stretch; walking one head's whole cache at a time instead hopped to a random
    // block every 4 KiB and ran paged attention 1.25-1.7x slower than contiguous on an AMD
    // EPYC (BENCHMARKS.md). While a run is read, the next run's matching rows are fetched
    // into L2, a row at a time (a burst would fill the line buffers); the same code walks every
    // mode, so the comparison is of the layouts (and the INT8 cache's dequantization) alone.
    // With `stop` (multi-token steps, whose attention grows with the square of the prefix), every
    // thread polls it before each query row and skips the rest once it is raised; false then.
    bool attention(std::uint32_t layer, const float* qkv, float* out, std::uint32_t start, std::uint32_t count,
                   const StopCondition* stop) {
        std::atomic<bool> stopped{false};
        const std::size_t W = m_c.width;
        const std::size_t qkvOut = W + 2 * std::size_t(m_c.kvWidth());
        // Two threads only when the cache to read is large (over 8 MiB of K and V): for less,
        // waking them and fighting BLAS's spinning threads costs more than it saves.
        const std::uint64_t cacheBytes = kvBytesByFormula(m_c, m_o.batch, start + count, m_dtype);
        const int threads = cacheBytes > (8u << 20) ? m_o.threads : 1;
        const bool quantized = m_mode == CacheMode::Int8;
#pragma omp parallel num_threads(threads)
        {
            std::vector<float> runningMax(m_c.heads), runningSum(m_c.heads);
#pragma omp for schedule(static)
            for (std::ptrdiff_t sequence = 0; sequence < std::ptrdiff_t(m_o.batch); ++sequence) {
                const std::size_t b = std::size_t(sequence);
                for (std::uint32_t t = 0; t < count; ++t) {
                    if (stop && (stopped.load(std::memory_order_relaxed) || stop->requested())) {
                        stopped.store(true, std::memory_order_relaxed);
                        break; // out of this sequence only: an OpenMP loop cannot be left, the others skip too
                    }
                    const std::uint32_t length = start + t + 1; // causal: positions 0..start+t
                    const float* q = qkv + (b * count + t) * qkvOut;
                    float* o = out + (b * count + t) * W;
                    if (quantized)
                        attendQuery<true>(layer, b, length, q, o, runningMax, runningSum);
                    else
                        attendQuery<false>(layer, b, length, q, o, runningMax, runningSum);
                }
            }
        }
        return !stopped.load();
    }

    const GptWeights& m_w;
    const GptConfig& m_c;
    const DecodeOptions& m_o;
    CacheMode m_mode;
    MemoryTracker& m_tracker;
    detail::CacheAccount m_account; // bytes held by the formula, the step's peak, the paged pool
    std::uint32_t m_maxLen;
    kvscope::DType m_dtype;                                  // what K and V are stored in
    std::vector<std::uint32_t> m_rows;                       // rows per (sequence, KV head) of each layer's buffers
    std::vector<std::unique_ptr<Buffer>> m_k, m_v;           // FP32 values, or INT8 in the int8 mode
    std::vector<std::unique_ptr<Buffer>> m_kScale, m_vScale; // int8: one FP32 scale per row
};

std::int32_t argmax(const float* v, std::size_t n) {
    return std::int32_t(std::max_element(v, v + n) - v);
}

class CpuEngine final : public detail::StepEngine {
public:
    CpuEngine(const GptWeights& weights, const DecodeOptions& options, CacheMode mode, MemoryTracker& tracker)
        : m_engine(weights, options, mode, tracker)
        , m_vocab(weights.config.vocab) {}

    std::optional<double> step(const std::vector<std::vector<std::int32_t>>& tokens, std::uint32_t start,
                               std::uint32_t count, std::vector<std::int32_t>& next,
                               const StopCondition& stop) override {
        const auto t0 = std::chrono::steady_clock::now();
        if (!m_engine.forward(tokens, start, count, m_logits, stop))
            return std::nullopt;
        next.resize(tokens.size());
        for (std::size_t b = 0; b < tokens.size(); ++b)
            next[b] = argmax(m_logits.data() + b * m_vocab, m_vocab);
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    std::vector<float> lastLogits() override {
        return {m_logits.begin(), m_logits.begin() + std::ptrdiff_t(std::min<std::size_t>(m_logits.size(), m_vocab))};
    }
    std::uint64_t kvBytesHeld() const override { return m_engine.kvBytesHeld(); }
    std::uint64_t kvBytesPeakInStep() const override { return m_engine.kvBytesPeakInStep(); }
    std::uint64_t kvBytesCopiedInStep() const override { return m_engine.kvBytesCopiedInStep(); }

private:
    Engine m_engine;
    std::size_t m_vocab;
    std::vector<float> m_logits;
};

class CpuSession final : public detail::Session {
public:
    CpuSession(const GptWeights& weights, const DecodeOptions& options)
        : m_weights(weights)
        , m_options(options) {
        m_tracker.add(weights.bytes()); // the weights live in our memory for the whole run
    }
    std::unique_ptr<detail::StepEngine> engine(CacheMode mode) override {
        return std::make_unique<CpuEngine>(m_weights, m_options, mode, m_tracker);
    }
    std::uint64_t peakAllocated() const override { return m_tracker.peak(); }
    void resetPeak() override { m_tracker.resetPeak(); }
    std::uint64_t systemBytes() const override { return residentBytes(); }
    std::string systemSource() const override { return "VmRSS (process resident memory, whole process)"; }
    std::string clockName() const override { return "steady clock"; }

private:
    const GptWeights& m_weights;
    const DecodeOptions& m_options;
    MemoryTracker m_tracker;
};

} // namespace

namespace detail {
std::unique_ptr<Session> makeCpuSession(const GptWeights& weights, const DecodeOptions& options) {
    return std::make_unique<CpuSession>(weights, options);
}
} // namespace detail

AttentionTiming timeAttention(const GptConfig& shape, std::uint32_t batch, std::uint32_t context, CacheMode mode,
                              std::uint32_t blockSize, int threads, int repeats) {
    const GptConfig c = detail::attentionOnlyShape(shape, context);
    GptWeights weights; // attention reads only the cache and the queries
    weights.config = c;
    DecodeOptions o;
    o.model = c;
    o.batch = batch;
    o.promptLen = context;
    o.steps = 1;
    o.blockSize = blockSize;
    o.threads = threads;
    MemoryTracker tracker;
    Engine engine(weights, o, mode, tracker);
    engine.fillCache(context);
    const std::size_t qkvOut = c.width + 2 * std::size_t(c.kvWidth());
    std::vector<float> qkv(std::size_t(batch) * qkvOut, 0.01f), out(std::size_t(batch) * c.width);
    AttentionTiming t;
    t.bytesRead = kvBytesByFormula(c, batch, context, cacheDType(mode, Precision::Fp32, c)); // one layer: K and V

    t.seconds = 1e30;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        engine.attentionOnly(qkv.data(), out.data(), context);
        t.seconds =
            std::min(t.seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return t;
}

} // namespace kvscope::gpu
