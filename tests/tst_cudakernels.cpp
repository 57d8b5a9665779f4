// The CUDA decode kernels' own source, run on the CPU under cudaemulation.h and checked
// against plain float64 loops: attention over contiguous and paged caches (GQA groups,
// chunks, context splits with their combine, prefill and decode; INT8 and FP8 E4M3 caches
// dequantized inside the kernel), residual + layer norm, the q|k|v split into a paged cache and
// into a quantized one, GELU, embedding and argmax. This runs everywhere the
// CUDA headers exist; tst_decode's CUDA checks run the same kernels on a device.
#include "cudaemulation.h"

#include "cudakernels.cuh"

#include <QtTest>

#include <algorithm>
#include <numeric>
#include <random>
#include <type_traits>

using namespace kvscope::gpu::kernels;
using namespace Qt::StringLiterals;

namespace {

template <typename T> T fromHost(float x);
template <> float fromHost<float>(float x) {
    return x;
}
template <> __nv_bfloat16 fromHost<__nv_bfloat16>(float x) {
    return __float2bfloat16(x);
}
inline double toHost(float x) {
    return x;
}
inline double toHost(__nv_bfloat16 x) {
    return double(__bfloat162float(x));
}
inline double toHost(std::int8_t x) {
    return double(x);
}
inline double toHost(__nv_fp8_e4m3 x) {
    return double(float(x));
}

// The host's quantization of one head's vector, as the CPU backend and splitQkvQuantized do it:
// scale = absmax / kQuantMax, stored = round(x / scale) (INT8) or the nearest E4M3 value (FP8).
template <typename C> float quantizeRow(const float* x, int n, C* out) {
    float absmax = 0.0f;
    for (int i = 0; i < n; ++i)
        absmax = std::max(absmax, std::abs(x[i]));
    const float inverse = absmax > 0 ? kQuantMax<C> / absmax : 0.0f;
    for (int i = 0; i < n; ++i) {
        if constexpr (std::is_same_v<C, std::int8_t>)
            out[i] = std::int8_t(std::clamp(std::lround(x[i] * inverse), -127l, 127l));
        else
            out[i] = __nv_fp8_e4m3(x[i] * inverse);
    }
    return absmax / kQuantMax<C>;
}

std::vector<float> randomFloats(std::size_t n, std::uint64_t seed, float scale = 1.0f) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal(0.0f, scale);
    std::vector<float> v(n);
    for (float& x : v)
        x = normal(rng);
    return v;
}

struct AttentionCase {
    int heads, kvHeads, batch, start, count, splitLen, blockSize;
    bool paged;
};

// The largest error against float64 attention over the values the cache holds (dequantized for
// INT8 / FP8: what the kernel must compute), and over the floats before they were stored (what
// the cache's format costs).
struct AttentionErrors {
    double kernel = 0, format = 0;
};

// Fills a cache of `length` positions (C: its element type; quantized rows get a scale each),
// runs the attention kernel (and the combine when the context is split) under emulation, and
// returns the largest errors against float64.
template <typename T, int HD, typename C = T> AttentionErrors attentionErrors(const AttentionCase& c) {
    const int group = c.heads / c.kvHeads;
    const int g = group % 8 == 0 ? 8 : group % 4 == 0 ? 4 : group % 2 == 0 ? 2 : 1;
    const int length = c.start + c.count, width = c.heads * HD;
    const int splits = c.count == 1 ? (length + c.splitLen - 1) / c.splitLen : 1;
    const int splitLen = splits > 1 ? c.splitLen : length;

    // Cache: contiguous (batch, kvHeads, length, HD), or blocks handed out in shuffled order.
    const int maxBlocks = (length + c.blockSize - 1) / c.blockSize;
    const int rows = c.paged ? c.batch * maxBlocks * c.blockSize : c.batch * length;
    std::vector<C> k(std::size_t(rows) * c.kvHeads * HD), v(k.size());
    std::vector<float> kScale(k.size() / HD, 1.0f), vScale(kScale.size(), 1.0f);
    std::vector<int> table(std::size_t(c.batch) * maxBlocks);
    std::iota(table.begin(), table.end(), 0);
    std::shuffle(table.begin(), table.end(), std::mt19937_64(11));
    CacheView<C> view{k.data(),
                      v.data(),
                      c.paged ? table.data() : nullptr,
                      c.kvHeads,
                      HD,
                      c.blockSize,
                      maxBlocks,
                      length,
                      kQuantized<C> ? kScale.data() : nullptr,
                      kQuantized<C> ? vScale.data() : nullptr};
    const auto kf = randomFloats(k.size(), 1), vf = randomFloats(v.size(), 2);
    if constexpr (kQuantized<C>) {
        for (std::size_t r = 0; r < kScale.size(); ++r) {
            kScale[r] = quantizeRow(kf.data() + r * HD, HD, k.data() + r * HD);
            vScale[r] = quantizeRow(vf.data() + r * HD, HD, v.data() + r * HD);
        }
    } else {
        for (std::size_t i = 0; i < k.size(); ++i) {
            k[i] = fromHost<T>(kf[i]);
            v[i] = fromHost<T>(vf[i]);
        }
    }
    // The value at element i as stored (dequantized), and as it was before.
    const auto storedK = [&](std::size_t i) { return toHost(k[i]) * kScale[i / HD]; };
    const auto storedV = [&](std::size_t i) { return toHost(v[i]) * vScale[i / HD]; };
    auto at = [&](int b, int kvh, int pos) {
        if (!c.paged)
            return ((std::size_t(b) * c.kvHeads + kvh) * length + pos) * HD;
        const int block = table[std::size_t(b) * maxBlocks + pos / c.blockSize];
        return ((std::size_t(block) * c.kvHeads + kvh) * c.blockSize + pos % c.blockSize) * HD;
    };

    const std::vector<float> q = randomFloats(std::size_t(c.batch) * c.count * width, 3);
    std::vector<T> out(q.size(), fromHost<T>(0.0f));
    std::vector<float> partial(std::size_t(c.batch) * c.heads * splits * (HD + 2), 0.0f);
    const StepParams params{c.start};
    const float scale = 1.0f / std::sqrt(float(HD));
    const dim3 grid(unsigned(c.batch * c.kvHeads), unsigned(c.count), unsigned((group / g) * splits));
    auto run = [&](auto kernel) {
        emu::launch(grid, dim3(kAttentionWarps * 32), [&] {
            kernel(q.data(), out.data(), view, &params, c.count, c.heads, scale, splits, splitLen,
                   splits > 1 ? partial.data() : nullptr);
        });
    };
    auto dispatch = [&](auto paged) {
        constexpr bool P = decltype(paged)::value;
        switch (g) {
        case 8:
            return run(attention<T, HD, 8, P, C>);
        case 4:
            return run(attention<T, HD, 4, P, C>);
        case 2:
            return run(attention<T, HD, 2, P, C>);
        default:
            return run(attention<T, HD, 1, P, C>);
        }
    };
    if constexpr (kQuantized<C>)
        dispatch(std::false_type{}); // a quantized cache is contiguous
    else
        c.paged ? dispatch(std::true_type{}) : dispatch(std::false_type{});
    if (splits > 1)
        emu::launch(dim3(unsigned(c.batch * c.heads)), dim3(HD),
                    [&] { combineSplits<T>(partial.data(), out.data(), HD, splits); });

    // float64 attention over K and V given element by element (stored, or the floats before).
    const auto worstAgainst = [&](auto kAt, auto vAt) {
        double worst = 0;
        for (int b = 0; b < c.batch; ++b)
            for (int t = 0; t < c.count; ++t)
                for (int h = 0; h < c.heads; ++h) {
                    const int kvh = h / group, visible = c.start + t + 1;
                    const float* qh = q.data() + (std::size_t(b) * c.count + t) * width + std::size_t(h) * HD;
                    std::vector<double> scores(std::size_t(visible), 0.0);
                    double top = -1e300;
                    for (int p = 0; p < visible; ++p) {
                        double s = 0;
                        for (int d = 0; d < HD; ++d)
                            s += double(qh[d]) * kAt(at(b, kvh, p) + std::size_t(d));
                        scores[std::size_t(p)] = s * scale;
                        top = std::max(top, scores[std::size_t(p)]);
                    }
                    double sum = 0;
                    for (double& s : scores)
                        sum += (s = std::exp(s - top));
                    for (int d = 0; d < HD; ++d) {
                        double expected = 0;
                        for (int p = 0; p < visible; ++p)
                            expected += scores[std::size_t(p)] / sum * vAt(at(b, kvh, p) + std::size_t(d));
                        const double got =
                            toHost(out[(std::size_t(b) * c.count + t) * width + std::size_t(h) * HD + std::size_t(d)]);
                        worst = std::max(worst, std::abs(got - expected));
                    }
                }
        return worst;
    };
    return {worstAgainst(storedK, storedV),
            worstAgainst([&](std::size_t i) { return double(kf[i]); }, [&](std::size_t i) { return double(vf[i]); })};
}

template <typename T, int HD> double attentionError(const AttentionCase& c) {
    return attentionErrors<T, HD>(c).kernel;
}

template <typename C> void checkQuantizedSplit() {
    const int width = 128, kvHeads = 2, headDim = 64, count = 3, batch = 2, maxLen = 8;
    const int outWidth = width + 2 * kvHeads * headDim;
    std::vector<float> raw = randomFloats(std::size_t(batch) * count * outWidth, 12, 2.0f);
    for (int d = 0; d < headDim; ++d) // one head's K is all zeros: scale 0, values 0
        raw[std::size_t(width + d)] = 0.0f;
    const std::vector<float> bias(std::size_t(outWidth), 0.0f);
    std::vector<float> q(std::size_t(batch) * count * width);
    std::vector<C> k(std::size_t(batch) * kvHeads * maxLen * headDim), v(k.size());
    std::vector<float> kScale(k.size() / headDim, -1.0f), vScale(kScale.size(), -1.0f);
    const StepParams params{2};
    CacheView<C> view{k.data(), v.data(), nullptr, kvHeads, headDim, 16, 1, maxLen, kScale.data(), vScale.data()};
    emu::launch(dim3(unsigned(batch * count)), dim3(64),
                [&] { splitQkvQuantized<C>(raw.data(), bias.data(), q.data(), view, &params, width, count); });
    for (int b = 0; b < batch; ++b)
        for (int t = 0; t < count; ++t)
            for (int j = 0; j < 2 * kvHeads; ++j) {
                const bool isValue = j >= kvHeads;
                const int kvh = j % kvHeads;
                const float* x = raw.data() + (std::size_t(b) * count + t) * outWidth + width +
                                 (isValue ? kvHeads * headDim : 0) + kvh * headDim;
                const std::size_t row = (std::size_t(b) * kvHeads + kvh) * maxLen + std::size_t(2 + t);
                const float scale = (isValue ? vScale : kScale)[row];
                float absmax = 0;
                for (int d = 0; d < headDim; ++d)
                    absmax = std::max(absmax, std::abs(x[d]));
                QCOMPARE(scale, absmax / kQuantMax<C>);
                for (int d = 0; d < headDim; ++d) {
                    const double back = toHost((isValue ? v : k)[row * headDim + std::size_t(d)]) * scale;
                    const double bound = std::is_same_v<C, std::int8_t>
                                             ? absmax / 127.0 / 2.0 * (1 + 1e-6)
                                             : std::abs(x[d]) / 16.0 + scale * std::ldexp(1.0, -9);
                    QVERIFY2(std::abs(back - x[d]) <= bound,
                             qPrintable(u"row %1 element %2: %3 back as %4"_s.arg(row).arg(d).arg(x[d]).arg(back)));
                }
            }
    QCOMPARE(kScale[2], 0.0f); // the zero vector (sequence 0, KV head 0, position 2)
}

} // namespace

class TestCudaKernels : public QObject {
    Q_OBJECT

private slots:
    void attention_data() {
        QTest::addColumn<bool>("bf16");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<bool>("paged");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("blockSize");
        // Decode (count 1) splits the context in 40-position pieces here, so three or more splits run.
        QTest::newRow("fp32 MHA contiguous decode, 3 splits") << false << 64 << 2 << 2 << false << 99 << 1 << 16;
        QTest::newRow("fp32 MHA paged decode, 3 splits") << false << 64 << 2 << 2 << true << 99 << 1 << 16;
        QTest::newRow("fp32 GQA 2 paged decode, block 1") << false << 64 << 4 << 2 << true << 50 << 1 << 1;
        QTest::newRow("fp32 groups of 8 (MQA) paged decode") << false << 64 << 8 << 1 << true << 70 << 1 << 16;
        QTest::newRow("fp32 groups of 3 (chunks) paged decode") << false << 64 << 6 << 2 << true << 45 << 1 << 16;
        QTest::newRow("fp32 groups of 16 (two chunks of 8)") << false << 64 << 16 << 1 << false << 30 << 1 << 16;
        QTest::newRow("fp32 head 128 paged decode") << false << 128 << 2 << 1 << true << 85 << 1 << 16;
        QTest::newRow("fp32 prefill, causal, contiguous") << false << 64 << 4 << 2 << false << 0 << 7 << 16;
        QTest::newRow("fp32 prefill after a prefix, paged") << false << 64 << 4 << 2 << true << 20 << 6 << 8;
        QTest::newRow("fp32 first token alone") << false << 64 << 2 << 2 << true << 0 << 1 << 16;
        QTest::newRow("bf16 MHA paged decode") << true << 64 << 2 << 2 << true << 99 << 1 << 16;
        QTest::newRow("bf16 GQA contiguous decode") << true << 64 << 4 << 1 << false << 60 << 1 << 16;
        QTest::newRow("bf16 head 128 paged decode, block 256") << true << 128 << 4 << 2 << true << 80 << 1 << 256;
        QTest::newRow("bf16 prefill paged") << true << 64 << 4 << 2 << true << 3 << 5 << 4;
    }
    void attention() {
        QFETCH(bool, bf16);
        QFETCH(int, headDim);
        QFETCH(int, heads);
        QFETCH(int, kvHeads);
        QFETCH(bool, paged);
        QFETCH(int, start);
        QFETCH(int, count);
        QFETCH(int, blockSize);
        const AttentionCase c{heads, kvHeads, 2, start, count, 40, blockSize, paged};
        double worst = 0;
        if (headDim == 64)
            worst = bf16 ? attentionError<__nv_bfloat16, 64>(c) : attentionError<float, 64>(c);
        else
            worst = bf16 ? attentionError<__nv_bfloat16, 128>(c) : attentionError<float, 128>(c);
        // FP32 differs from float64 by summation order; BF16 rounds the output to 8 mantissa bits.
        const double tolerance = bf16 ? 1.6e-2 : 2e-5;
        QVERIFY2(worst < tolerance, qPrintable(u"max |kernel - float64| = %1"_s.arg(worst)));
    }

    // INT8 and FP8 E4M3 caches, dequantized inside the kernel: against float64 over the values
    // the cache holds (the kernel's own arithmetic: as tight as FP32's), and over the floats
    // before quantization (the format's cost, N(0, 1) values: INT8 rounds each to within
    // absmax / 254, about 0.012 here; E4M3 keeps 3 mantissa bits, a relative 1/16 at worst).
    // Decode rows average many V rows, so their rounding mostly cancels (measured: int8 0.005 to
    // 0.006, fp8 0.023 to 0.026); a prefill's first rows see one to four positions, whose own V
    // rounding comes through nearly whole (measured: int8 0.018, fp8 0.087): looser bounds there.
    void quantizedAttention_data() {
        QTest::addColumn<bool>("fp8");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("count");
        QTest::addColumn<double>("formatTolerance");
        QTest::newRow("int8 MHA decode, 3 splits") << false << 64 << 2 << 2 << 99 << 1 << 0.02;
        QTest::newRow("int8 GQA 4 decode") << false << 64 << 8 << 2 << 60 << 1 << 0.02;
        QTest::newRow("int8 head 128 decode") << false << 128 << 2 << 1 << 85 << 1 << 0.02;
        QTest::newRow("int8 prefill, causal") << false << 64 << 4 << 2 << 0 << 7 << 0.03;
        QTest::newRow("fp8 MHA decode, 3 splits") << true << 64 << 2 << 2 << 99 << 1 << 0.1;
        QTest::newRow("fp8 MQA decode") << true << 64 << 8 << 1 << 70 << 1 << 0.1;
        QTest::newRow("fp8 head 128 prefill") << true << 128 << 4 << 2 << 3 << 5 << 0.3;
    }
    void quantizedAttention() {
        QFETCH(bool, fp8);
        QFETCH(int, headDim);
        QFETCH(int, heads);
        QFETCH(int, kvHeads);
        QFETCH(int, start);
        QFETCH(int, count);
        QFETCH(double, formatTolerance);
        const AttentionCase c{heads, kvHeads, 2, start, count, 40, 16, false};
        AttentionErrors e;
        if (headDim == 64)
            e = fp8 ? attentionErrors<float, 64, __nv_fp8_e4m3>(c) : attentionErrors<float, 64, std::int8_t>(c);
        else
            e = fp8 ? attentionErrors<float, 128, __nv_fp8_e4m3>(c) : attentionErrors<float, 128, std::int8_t>(c);
        qInfo("max |kernel - float64|: %.3g over the stored values, %.3g over the unquantized ones", e.kernel,
              e.format);
        QVERIFY2(e.kernel < 2e-5, qPrintable(u"max |kernel - float64 over the stored values| = %1"_s.arg(e.kernel)));
        QVERIFY2(e.format < formatTolerance,
                 qPrintable(u"max |kernel - float64 over the unquantized values| = %1"_s.arg(e.format)));
        QVERIFY(e.format > 0); // the format does cost something
    }

    // The quantizing split: each (row, KV head) vector comes back within half a step of INT8
    // (absmax / 127 / 2), or within E4M3's relative 1/16 (plus its smallest subnormal step).
    void splitQkvIntoQuantizedCache_data() {
        QTest::addColumn<bool>("fp8");
        QTest::newRow("int8") << false;
        QTest::newRow("fp8") << true;
    }
    void splitQkvIntoQuantizedCache() {
        QFETCH(bool, fp8);
        fp8 ? checkQuantizedSplit<__nv_fp8_e4m3>() : checkQuantizedSplit<std::int8_t>();
    }

    void residualLayerNorm() {
        // Three output rows taken from every other source row (the final-norm form), width 96.
        const int width = 96, sourceRows = 6;
        std::vector<float> x = randomFloats(std::size_t(sourceRows) * width, 4);
        const std::vector<float> add = randomFloats(x.size(), 5), addBias = randomFloats(std::size_t(width), 6);
        const std::vector<float> gain = randomFloats(std::size_t(width), 7), bias = randomFloats(std::size_t(width), 8);
        const std::vector<float> before = x;
        std::vector<float> out(3 * std::size_t(width));
        emu::launch(dim3(3), dim3(256), [&] {
            kvscope::gpu::kernels::residualLayerNorm<float>(x.data(), add.data(), addBias.data(), gain.data(),
                                                            bias.data(), out.data(), width, 2, 1);
        });
        for (int r = 0; r < 3; ++r) {
            const std::size_t src = std::size_t(r) * 2 + 1;
            std::vector<double> sum(std::size_t(width), 0.0);
            double mean = 0, var = 0;
            for (int i = 0; i < width; ++i) {
                sum[std::size_t(i)] = double(before[src * width + std::size_t(i)]) + add[src * width + std::size_t(i)] +
                                      addBias[std::size_t(i)];
                mean += sum[std::size_t(i)] / width;
            }
            for (double s : sum)
                var += (s - mean) * (s - mean) / width;
            for (int i = 0; i < width; ++i) {
                QVERIFY(std::abs(x[src * width + std::size_t(i)] - sum[std::size_t(i)]) < 1e-5); // residual kept
                const double expected =
                    (sum[std::size_t(i)] - mean) / std::sqrt(var + 1e-5) * gain[std::size_t(i)] + bias[std::size_t(i)];
                QVERIFY2(std::abs(out[std::size_t(r) * width + std::size_t(i)] - expected) < 1e-4,
                         qPrintable(u"row %1 column %2"_s.arg(r).arg(i)));
            }
            // The rows between were not touched.
            QCOMPARE(x[(src - 1) * width], before[(src - 1) * width]);
        }
    }

    void splitQkvIntoPagedCache() {
        const int width = 128, kvHeads = 1, headDim = 64, count = 3, batch = 2, blockSize = 2, maxBlocks = 4;
        const int outWidth = width + 2 * kvHeads * headDim;
        const std::vector<float> raw = randomFloats(std::size_t(batch) * count * outWidth, 9);
        const std::vector<float> bias = randomFloats(std::size_t(outWidth), 10);
        std::vector<float> q(std::size_t(batch) * count * width);
        std::vector<float> k(std::size_t(batch) * maxBlocks * blockSize * headDim, -7.0f), v(k.size(), -7.0f);
        const std::vector<int> table{5, 2, 7, 0, 3, 6, 1, 4};
        const StepParams params{4}; // positions 4, 5, 6: blocks 2 and 3 of each sequence
        CacheView<float> view{k.data(),  v.data(), table.data(), kvHeads, headDim, blockSize,
                              maxBlocks, 0,        nullptr,      nullptr};
        emu::launch(dim3(unsigned(batch * count)), dim3(64),
                    [&] { splitQkv<true, float>(raw.data(), bias.data(), q.data(), view, &params, width, count); });
        int written = 0;
        for (int b = 0; b < batch; ++b)
            for (int t = 0; t < count; ++t) {
                const std::size_t row = std::size_t(b) * count + t;
                const int pos = 4 + t, block = table[std::size_t(b) * maxBlocks + std::size_t(pos / blockSize)];
                for (int d = 0; d < headDim; ++d) {
                    const std::size_t slot = (std::size_t(block) * blockSize + std::size_t(pos % blockSize)) * headDim;
                    QCOMPARE(k[slot + std::size_t(d)],
                             raw[row * outWidth + width + std::size_t(d)] + bias[std::size_t(width + d)]);
                    QCOMPARE(v[slot + std::size_t(d)], raw[row * outWidth + width + headDim + std::size_t(d)] +
                                                           bias[std::size_t(width + headDim + d)]);
                    written += 2;
                }
                QCOMPARE(q[row * width + 5], raw[row * outWidth + 5] + bias[5]);
            }
        // Nothing else in the pool was written.
        const auto untouched = std::count(k.begin(), k.end(), -7.0f) + std::count(v.begin(), v.end(), -7.0f);
        QCOMPARE(std::size_t(untouched) + std::size_t(written), 2 * k.size());
    }

    void geluAndEmbedding() {
        const std::vector<float> raw{-3.0f, -0.5f, 0.0f, 0.5f, 3.0f, 1.0f};
        const std::vector<float> bias{0.0f, 1.0f, 0.0f};
        std::vector<float> out(raw.size());
        emu::launch(dim3(2), dim3(32), [&] { geluBias<float>(raw.data(), bias.data(), out.data(), raw.size(), 3); });
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const double x = raw[i] + bias[i % 3];
            const double expected = 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
            QVERIFY(std::abs(out[i] - expected) < 1e-6);
        }
        const int width = 8, count = 2;
        const std::vector<float> wte = randomFloats(5 * width, 12), wpe = randomFloats(10 * width, 13);
        const std::vector<int> tokens{4, 1, 0, 3}; // two sequences, two positions each
        const StepParams params{6};
        std::vector<float> x(tokens.size() * width);
        emu::launch(dim3(4), dim3(32),
                    [&] { embed<float>(tokens.data(), &params, wte.data(), wpe.data(), x.data(), width, count); });
        for (std::size_t r = 0; r < tokens.size(); ++r)
            for (int i = 0; i < width; ++i)
                QCOMPARE(x[r * width + std::size_t(i)], wte[std::size_t(tokens[r]) * width + std::size_t(i)] +
                                                            wpe[(6 + r % count) * width + std::size_t(i)]);
    }

    void argmax() {
        const int cols = 1000;
        std::vector<float> logits(4 * std::size_t(cols), 0.0f);
        logits[17] = 5.0f; // row 0: one maximum
        logits[cols + 999] = 2.0f;
        logits[cols + 300] = 2.0f;                  // row 1: a tie, the lower index wins (as std::max_element)
        logits[2 * std::size_t(cols) + 999] = 1.0f; // row 2: the last column
        std::fill(logits.begin() + 3 * cols, logits.end(), -INFINITY);
        logits[3 * std::size_t(cols) + 512] = -1e30f; // row 3: all but one -inf
        std::vector<int> next(4, -1);
        emu::launch(dim3(4), dim3(256), [&] { argmaxRows(logits.data(), cols, next.data()); });
        QCOMPARE(next, (std::vector<int>{17, 300, 999, 512}));
    }

    // The emulation's own check: a kernel whose threads do not all reach a barrier stops with an
    // error (on a GPU it hangs or goes wrong), and the next launch runs normally.
    void aBarrierNotReachedByEveryThreadIsReported_data() {
        // finished: the threads that reach the end of the kernel before the block is found stuck
        // (a barrier counts arrivals, whichever __syncthreads they come from, as bar.sync does on
        // a GPU); the threads that return early are not counted.
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("finished");
        QTest::newRow("one thread returns before __syncthreads") << 0 << 0;
        QTest::newRow("one thread skips the first of two __syncthreads") << 1 << 1;
        QTest::newRow("one lane returns before a shuffle") << 2 << 32; // the other warp is not held
        QTest::newRow("a lane shuffles while its warp waits at __syncthreads") << 3 << 0;
    }
    void aBarrierNotReachedByEveryThreadIsReported() {
        QFETCH(int, kind);
        QFETCH(int, finished);
        int returned = 0, secondBlock = 0;
        const auto kernel = [&] {
            const unsigned t = threadIdx.x;
            if (blockIdx.x == 1)
                ++secondBlock;
            switch (kind) {
            case 0:
                if (t == 5)
                    return;
                __syncthreads();
                break;
            case 1:
                if (t != 63)
                    __syncthreads();
                __syncthreads();
                break;
            case 2:
                if (t == 3)
                    return;
                (void)__shfl_xor_sync(0xffffffffu, float(t), 1);
                break;
            default:
                if (t == 0)
                    (void)__shfl_xor_sync(0xffffffffu, float(t), 1);
                __syncthreads();
                if (t != 0)
                    (void)__shfl_xor_sync(0xffffffffu, float(t), 1);
            }
            ++returned;
        };
        QVERIFY_THROWS_EXCEPTION(emu::Deadlock, emu::launch(dim3(2), dim3(64), kernel));
        QCOMPARE(returned, finished);
        QCOMPARE(secondBlock, 0); // the launch stopped at the stuck block

        // Every thread reaches every barrier: all 2 x 64 finish, each lane reading its partner's value.
        std::vector<float> partner(128, -1.0f);
        emu::launch(dim3(2), dim3(64), [&] {
            __syncthreads();
            partner[blockIdx.x * 64 + threadIdx.x] = __shfl_xor_sync(0xffffffffu, float(threadIdx.x), 1);
            __syncthreads();
        });
        for (unsigned i = 0; i < 128; ++i)
            QCOMPARE(partner[i], float((i % 64) ^ 1u));
    }
};

QTEST_GUILESS_MAIN(TestCudaKernels)
#include "tst_cudakernels.moc"
