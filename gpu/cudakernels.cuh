#pragma once
// The decode core's own CUDA kernels: embedding, residual + layer norm, the q|k|v split
// that appends K and V to the cache (quantizing them for an INT8 or FP8 cache), GELU, causal
// attention over a contiguous or paged cache, dequantizing a quantized one as it reads it
// (split across the context, flash-decoding style, when one token is decoded), the split
// combine, and argmax. Matrix products are cuBLAS's (cudadecode.cu).
//
// Every kernel that depends on the step's position reads it from device memory
// (StepParams), never from a launch argument, so the one-token step can be captured once
// in a CUDA graph and replayed.

#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>

namespace kvscope::gpu::kernels {

struct StepParams {
    int start; // first position of this step
};

// Where K and V of one layer live. Contiguous: (batch, kvHeads, maxLen, headDim), maxLen the
// rows per (sequence, KV head) (a dynamic cache's current length). Paged: (blocks, kvHeads,
// blockSize, headDim), with table[b * maxBlocks + pos / blockSize]. A quantized cache (T = int8
// or FP8 E4M3, contiguous) adds one FP32 scale per row for K and for V: kScale[row], row =
// element offset / headDim; value = stored x scale.
template <typename T> struct CacheView {
    T* k;
    T* v;
    const int* table;
    int kvHeads;
    int headDim;
    int blockSize;
    int maxBlocks;
    int maxLen;
    float* kScale;
    float* vScale;
};

// The quantized cache formats, and the largest magnitude each stores (the scale maps the row's
// absmax there): INT8 symmetric, +-127; FP8 E4M3, +-448 (its largest finite value).
template <typename T> constexpr bool kQuantized = false;
template <> constexpr bool kQuantized<std::int8_t> = true;
template <> constexpr bool kQuantized<__nv_fp8_e4m3> = true;
template <typename T> constexpr float kQuantMax = 1.0f;
template <> constexpr float kQuantMax<std::int8_t> = 127.0f;
template <> constexpr float kQuantMax<__nv_fp8_e4m3> = 448.0f;

template <bool Paged, typename T>
__device__ __forceinline__ std::size_t cacheRow(const CacheView<T>& c, int b, int kvh, int pos) {
    if constexpr (Paged) {
        const int block = c.table[b * c.maxBlocks + pos / c.blockSize];
        return ((std::size_t(block) * c.kvHeads + kvh) * c.blockSize + pos % c.blockSize) * c.headDim;
    } else {
        return ((std::size_t(b) * c.kvHeads + kvh) * c.maxLen + pos) * c.headDim;
    }
}

__device__ __forceinline__ float toFloat(float x) {
    return x;
}
__device__ __forceinline__ float toFloat(__nv_bfloat16 x) {
    return __bfloat162float(x);
}
__device__ __forceinline__ float toFloat(std::int8_t x) {
    return float(x);
}
__device__ __forceinline__ float toFloat(__nv_fp8_e4m3 x) {
    return float(x);
}
template <typename T> __device__ __forceinline__ T fromFloat(float x);
template <> __device__ __forceinline__ float fromFloat<float>(float x) {
    return x;
}
template <> __device__ __forceinline__ __nv_bfloat16 fromFloat<__nv_bfloat16>(float x) {
    return __float2bfloat16(x);
}
// Already divided by the scale: round to nearest, saturate (int8 to +-127, FP8 to +-448).
template <> __device__ __forceinline__ std::int8_t fromFloat<std::int8_t>(float x) {
    return std::int8_t(fminf(fmaxf(rintf(x), -127.0f), 127.0f));
}
template <> __device__ __forceinline__ __nv_fp8_e4m3 fromFloat<__nv_fp8_e4m3>(float x) {
    return __nv_fp8_e4m3(x); // round to nearest even, saturating to the largest finite value
}

__device__ __forceinline__ float warpSum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Sum over the block (a multiple of 32 threads, at most 1024); every thread gets it.
__device__ __forceinline__ float blockSum(float v, float* scratch /* 32 floats */) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = (blockDim.x + 31) / 32;
    v = warpSum(v);
    __syncthreads(); // scratch may still be read by a previous call
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < warps; ++w)
        total += scratch[w];
    return total;
}

// x[row] = wte[token] + wpe[start + t], rows = batch x count, row = b x count + t.
template <typename T>
__global__ void embed(const int* tokens, const StepParams* params, const T* wte, const T* wpe, float* x, int width,
                      int count) {
    const int row = blockIdx.x, t = row % count;
    const std::size_t tok = std::size_t(tokens[row]), pos = std::size_t(params->start + t);
    for (int i = threadIdx.x; i < width; i += blockDim.x)
        x[std::size_t(row) * width + i] = toFloat(wte[tok * width + i]) + toFloat(wpe[pos * width + i]);
}

// For output row r, source row s = r x srcStep + srcOffset: x[s] += add[s] + addBias (when
// add is given: the residual connection), then out[r] = LayerNorm(x[s]) x gain + bias.
template <typename T>
__global__ void residualLayerNorm(float* x, const float* add, const float* addBias, const float* gain,
                                  const float* bias, T* out, int width, int srcStep, int srcOffset) {
    __shared__ float scratch[32];
    const std::size_t src = std::size_t(blockIdx.x) * srcStep + srcOffset;
    float* xr = x + src * width;
    float sum = 0.0f;
    for (int i = threadIdx.x; i < width; i += blockDim.x) {
        float v = xr[i];
        if (add) {
            v += add[src * width + i] + addBias[i];
            xr[i] = v;
        }
        sum += v;
    }
    const float mean = blockSum(sum, scratch) / float(width);
    float squares = 0.0f;
    for (int i = threadIdx.x; i < width; i += blockDim.x) { // the same i as above: this thread's own writes
        const float d = xr[i] - mean;
        squares += d * d;
    }
    const float inv = 1.0f / sqrtf(blockSum(squares, scratch) / float(width) + 1e-5f);
    T* o = out + std::size_t(blockIdx.x) * width;
    for (int i = threadIdx.x; i < width; i += blockDim.x)
        o[i] = fromFloat<T>((xr[i] - mean) * inv * gain[i] + bias[i]);
}

// raw (rows, width + 2 kvWidth) + bias: q to its own FP32 buffer, K and V into the cache at
// position start + t (converted to the cache's type).
template <bool Paged, typename T>
__global__ void splitQkv(const float* raw, const float* bias, float* q, CacheView<T> cache, const StepParams* params,
                         int width, int count) {
    const int row = blockIdx.x, b = row / count, t = row % count;
    const int kvWidth = cache.kvHeads * cache.headDim, outWidth = width + 2 * kvWidth;
    const int pos = params->start + t;
    const float* r = raw + std::size_t(row) * outWidth;
    for (int i = threadIdx.x; i < outWidth; i += blockDim.x) {
        const float v = r[i] + bias[i];
        if (i < width) {
            q[std::size_t(row) * width + i] = v;
            continue;
        }
        const bool isValue = i >= width + kvWidth;
        const int j = i - width - (isValue ? kvWidth : 0);
        const int kvh = j / cache.headDim, d = j % cache.headDim;
        (isValue ? cache.v : cache.k)[cacheRow<Paged>(cache, b, kvh, pos) + d] = fromFloat<T>(v);
    }
}

// The same split into a quantized contiguous cache (C = int8 or FP8 E4M3): q as above; each
// (row, KV head)'s K and V vectors get one FP32 scale, absmax / kQuantMax (symmetric), and are
// stored as round(x / scale). One thread per vector (2 x kvHeads of them per row): a head is 64
// or 128 values, read twice from the product's output.
template <typename C>
__global__ void splitQkvQuantized(const float* raw, const float* bias, float* q, CacheView<C> cache,
                                  const StepParams* params, int width, int count) {
    const int row = blockIdx.x, b = row / count, t = row % count;
    const int hd = cache.headDim, kvWidth = cache.kvHeads * hd, outWidth = width + 2 * kvWidth;
    const int pos = params->start + t;
    const float* r = raw + std::size_t(row) * outWidth;
    for (int i = threadIdx.x; i < width; i += blockDim.x)
        q[std::size_t(row) * width + i] = r[i] + bias[i];
    for (int j = threadIdx.x; j < 2 * cache.kvHeads; j += blockDim.x) {
        const bool isValue = j >= cache.kvHeads;
        const int kvh = j % cache.kvHeads, first = width + (isValue ? kvWidth : 0) + kvh * hd;
        float absmax = 0.0f;
        for (int d = 0; d < hd; ++d)
            absmax = fmaxf(absmax, fabsf(r[first + d] + bias[first + d]));
        const float scale = absmax / kQuantMax<C>;
        const float inverse = absmax > 0.0f ? kQuantMax<C> / absmax : 0.0f;
        const std::size_t at = cacheRow<false>(cache, b, kvh, pos);
        (isValue ? cache.vScale : cache.kScale)[at / hd] = scale;
        C* out = (isValue ? cache.v : cache.k) + at;
        for (int d = 0; d < hd; ++d)
            out[d] = fromFloat<C>((r[first + d] + bias[first + d]) * inverse);
    }
}

// out = gelu(raw + bias), GPT-2's tanh form; bias has `cols` entries.
template <typename T> __global__ void geluBias(const float* raw, const float* bias, T* out, std::size_t n, int cols) {
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        const float x = raw[i] + bias[i % cols];
        out[i] = fromFloat<T>(0.5f * x * (1.0f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x))));
    }
}

// Greedy choice per row: the largest logit, the lowest index among equals (as std::max_element).
__global__ void argmaxRows(const float* logits, int cols, int* next) {
    __shared__ float bestValue[32];
    __shared__ int bestIndex[32];
    const float* row = logits + std::size_t(blockIdx.x) * cols;
    float value = -INFINITY;
    int index = cols; // past the end: loses every comparison
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
        if (row[i] > value) {
            value = row[i];
            index = i;
        }
    for (int offset = 16; offset > 0; offset >>= 1) {
        const float v = __shfl_xor_sync(0xffffffffu, value, offset);
        const int j = __shfl_xor_sync(0xffffffffu, index, offset);
        if (v > value || (v == value && j < index)) {
            value = v;
            index = j;
        }
    }
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) {
        bestValue[warp] = value;
        bestIndex[warp] = index;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < int(blockDim.x / 32); ++w)
            if (bestValue[w] > value || (bestValue[w] == value && bestIndex[w] < index)) {
                value = bestValue[w];
                index = bestIndex[w];
            }
        next[blockIdx.x] = index < cols ? index : 0; // a row of NaNs: token 0 rather than out of range
    }
}

constexpr int kAttentionWarps = 4;

// Merges two online-softmax states (running max, running sum, unnormalised output).
__device__ __forceinline__ void mergeScale(float m, float m2, float& c1, float& c2, float& mNew) {
    mNew = fmaxf(m, m2);
    c1 = m == -INFINITY ? 0.0f : __expf(m - mNew);
    c2 = m2 == -INFINITY ? 0.0f : __expf(m2 - mNew);
}

// Causal attention for one (sequence, KV head, new token, group chunk, context split).
// blockIdx.x = b x kvHeads + kvh, blockIdx.y = t, blockIdx.z = chunk x splits + split.
// Lanes = HD / Vec threads share a cache row, loading Vec elements each (16-byte loads);
// a warp covers 32 / Lanes rows at once. Each K/V row is read once for the G query heads
// of the chunk (the whole GQA group when it is 8 or less). A quantized cache (C = int8 or
// FP8 E4M3) is dequantized here, as it is read: each lane multiplies its elements by the row's
// scale, so no dequantized copy of the cache ever exists. Online softmax per lane group,
// merged across the warp, then across warps in shared memory; with splits > 1 the
// unnormalised partial (output, max, sum) goes to `partial` for combineSplits.
template <typename T, int HD, int G, bool Paged, typename C = T>
__global__ void __launch_bounds__(kAttentionWarps * 32)
    attention(const float* q, T* out, CacheView<C> cache, const StepParams* params, int count, int heads, float scale,
              int splits, int splitLen, float* partial) {
    static_assert(!kQuantized<C> || !Paged, "a quantized cache is contiguous");
    constexpr int Vec = (HD / 32 > int(16 / sizeof(C))) ? HD / 32 : int(16 / sizeof(C));
    constexpr int Lanes = HD / Vec;
    constexpr int Rows = 32 / Lanes;
    static_assert(Lanes * Vec == HD && Lanes <= 32 && 32 % Lanes == 0, "head size must be a power of two");
    __shared__ float shared[kAttentionWarps][G][HD + 2];

    const int kvHeads = cache.kvHeads, width = heads * HD, group = heads / kvHeads;
    const int b = blockIdx.x / kvHeads, kvh = blockIdx.x % kvHeads, t = blockIdx.y;
    const int chunk = blockIdx.z / splits, split = blockIdx.z % splits;
    const int firstHead = kvh * group + chunk * G;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, sub = lane / Lanes, li = lane % Lanes;
    const int length = params->start + t + 1; // causal: positions 0 .. start + t
    const int begin = split * splitLen, end = min(length, begin + splitLen);
    const std::size_t qRow = std::size_t(b) * count + t;

    float qr[G][Vec], acc[G][Vec], m[G], l[G];
#pragma unroll
    for (int g = 0; g < G; ++g) {
        m[g] = -INFINITY;
        l[g] = 0.0f;
#pragma unroll
        for (int e = 0; e < Vec; ++e) {
            qr[g][e] = q[qRow * width + std::size_t(firstHead + g) * HD + li * Vec + e] * scale;
            acc[g][e] = 0.0f;
        }
    }

    // The loop bound is the same for the whole warp, so every shuffle has all 32 lanes.
    for (int base = begin + warp * Rows; base < end; base += kAttentionWarps * Rows) {
        const int pos = base + sub;
        const bool valid = pos < end;
        float k[Vec], v[Vec];
        if (valid) {
            const std::size_t rowAt = cacheRow<Paged>(cache, b, kvh, pos);
            const std::size_t at = rowAt + std::size_t(li) * Vec;
            float ks = 1.0f, vs = 1.0f; // the row's scales (quantized caches)
            if constexpr (kQuantized<C>) {
                ks = cache.kScale[rowAt / HD];
                vs = cache.vScale[rowAt / HD];
            }
#pragma unroll
            for (int c = 0; c < int(Vec * sizeof(C) / 16); ++c) {
                // One 16-byte load each for K and V, unpacked into elements.
                const uint4 kw = reinterpret_cast<const uint4*>(cache.k + at)[c];
                const uint4 vw = reinterpret_cast<const uint4*>(cache.v + at)[c];
                C ke[16 / sizeof(C)], ve[16 / sizeof(C)];
                memcpy(static_cast<void*>(ke), &kw, sizeof kw);
                memcpy(static_cast<void*>(ve), &vw, sizeof vw);
#pragma unroll
                for (int e = 0; e < int(16 / sizeof(C)); ++e) {
                    k[c * int(16 / sizeof(C)) + e] = toFloat(ke[e]) * ks;
                    v[c * int(16 / sizeof(C)) + e] = toFloat(ve[e]) * vs;
                }
            }
        } else {
#pragma unroll
            for (int e = 0; e < Vec; ++e)
                k[e] = v[e] = 0.0f;
        }
#pragma unroll
        for (int g = 0; g < G; ++g) {
            float s = 0.0f;
#pragma unroll
            for (int e = 0; e < Vec; ++e)
                s += qr[g][e] * k[e];
#pragma unroll
            for (int offset = Lanes / 2; offset > 0; offset >>= 1)
                s += __shfl_xor_sync(0xffffffffu, s, offset);
            if (valid) {
                const float mNew = fmaxf(m[g], s);
                const float correction = __expf(m[g] - mNew); // 0 while m is still -inf
                const float p = __expf(s - mNew);
                l[g] = l[g] * correction + p;
#pragma unroll
                for (int e = 0; e < Vec; ++e)
                    acc[g][e] = acc[g][e] * correction + p * v[e];
                m[g] = mNew;
            }
        }
    }

    // Merge the Rows lane groups of the warp.
#pragma unroll
    for (int g = 0; g < G; ++g) {
#pragma unroll
        for (int offset = Lanes; offset < 32; offset <<= 1) {
            const float m2 = __shfl_xor_sync(0xffffffffu, m[g], offset);
            const float l2 = __shfl_xor_sync(0xffffffffu, l[g], offset);
            float c1, c2, mNew;
            mergeScale(m[g], m2, c1, c2, mNew);
            l[g] = l[g] * c1 + l2 * c2;
#pragma unroll
            for (int e = 0; e < Vec; ++e) {
                const float a2 = __shfl_xor_sync(0xffffffffu, acc[g][e], offset);
                acc[g][e] = acc[g][e] * c1 + a2 * c2;
            }
            m[g] = mNew;
        }
        if (sub == 0) {
#pragma unroll
            for (int e = 0; e < Vec; ++e)
                shared[warp][g][li * Vec + e] = acc[g][e];
            if (li == 0) {
                shared[warp][g][HD] = m[g];
                shared[warp][g][HD + 1] = l[g];
            }
        }
    }
    __syncthreads();

    // Merge the warps; write the normalised output, or this split's partial.
    for (int i = threadIdx.x; i < G * HD; i += blockDim.x) {
        const int g = i / HD, d = i % HD;
        float mMax = -INFINITY;
        for (int w = 0; w < kAttentionWarps; ++w)
            mMax = fmaxf(mMax, shared[w][g][HD]);
        float sum = 0.0f, value = 0.0f;
        if (mMax != -INFINITY)
            for (int w = 0; w < kAttentionWarps; ++w) {
                const float mw = shared[w][g][HD];
                const float c = mw == -INFINITY ? 0.0f : __expf(mw - mMax);
                sum += shared[w][g][HD + 1] * c;
                value += shared[w][g][d] * c;
            }
        const int head = firstHead + g;
        if (splits == 1) {
            out[qRow * width + std::size_t(head) * HD + d] = fromFloat<T>(value / sum);
        } else {
            float* p = partial + ((std::size_t(b) * heads + head) * splits + split) * (HD + 2);
            p[d] = value;
            if (d == 0) {
                p[HD] = mMax;
                p[HD + 1] = sum;
            }
        }
    }
}

// One new token per sequence: out[b, head] from its splits' partials. Block = (b, head), HD threads.
template <typename T> __global__ void combineSplits(const float* partial, T* out, int headDim, int splits) {
    const int d = threadIdx.x;
    const float* p = partial + std::size_t(blockIdx.x) * splits * (headDim + 2);
    float mMax = -INFINITY;
    for (int s = 0; s < splits; ++s)
        mMax = fmaxf(mMax, p[std::size_t(s) * (headDim + 2) + headDim]);
    float sum = 0.0f, value = 0.0f;
    for (int s = 0; s < splits; ++s) {
        const float* ps = p + std::size_t(s) * (headDim + 2);
        const float c = ps[headDim] == -INFINITY ? 0.0f : __expf(ps[headDim] - mMax);
        sum += ps[headDim + 1] * c;
        value += ps[d] * c;
    }
    out[std::size_t(blockIdx.x) * headDim + d] = fromFloat<T>(value / sum);
}

// Sets n floats to `value` (a quantized cache's scales in the attention benchmark).
__global__ void fillConstant(float* data, std::size_t n, float value) {
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        data[i] = value;
}

// Fills a cache row range with a deterministic pattern (the attention benchmark).
template <typename T> __global__ void fillPattern(T* data, std::size_t n, float scale) {
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        data[i] = fromFloat<T>(float((i * 7) % 13) * scale);
}

} // namespace kvscope::gpu::kernels
