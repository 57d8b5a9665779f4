// The decode core on the CPU: the exact cache modes agree token for token and with a
// float64 reference; paged attention reads through shuffled block tables; the dynamic and
// INT8 caches hold what core's formula says, step by step; their accuracy and TTFT/TPOT
// figures; stop works; the seeded model's tokens vary; safetensors round-trip; impossible
// runs are refused with numbers.
#include "decode.h"
#include "engine.h"
#include "error.h"
#include "gptmodel.h"
#include "memorymodel.h"
#include "testutils.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <thread>

using namespace kvscope::gpu;
using namespace Qt::StringLiterals;

namespace {

DecodeOptions tinyOptions() {
    DecodeOptions o;
    o.model.layers = 2;
    o.model.width = 64;
    o.model.heads = 4;
    o.model.kvHeads = 4;
    o.model.vocab = 97;
    o.model.maxContext = 96;
    o.model.seed = 7;
    o.batch = 3;
    o.steps = 12;
    o.promptLen = 5;
    o.seed = 3;
    o.backend = BackendChoice::Cpu; // the CPU checks run on the CPU even where a GPU answers
    return o;
}

// A shape the CUDA kernels take (head size 64 or 128).
DecodeOptions cudaOptions(std::uint32_t width, std::uint32_t heads, std::uint32_t kvHeads) {
    DecodeOptions o = tinyOptions();
    o.model.width = width;
    o.model.heads = heads;
    o.model.kvHeads = kvHeads;
    o.model.maxContext = 300;
    o.backend = BackendChoice::Cuda;
    return o;
}

bool cudaDevicePresent() {
    return probeDevice().backend == Backend::Cuda;
}

#define SKIP_WITHOUT_CUDA()                                                                                            \
    do {                                                                                                               \
        if (!cudaDevicePresent())                                                                                      \
            QSKIP(qPrintable(u"CUDA check skipped: %1"_s.arg(QString::fromStdString(probeDevice().summary()))));       \
    } while (0)

// The logits that chose the last token, recomputed in float64 from scratch.
void compareWithReference(const DecodeOptions& o, const DecodeReport& r, double relative = 1e-4) {
    const GptWeights weights =
        o.weightsFile.empty() ? randomWeights(o.model) : loadSafetensors(o.weightsFile, o.model.heads);
    auto sequence = makePrompts(o, weights.config.vocab)[0];
    for (const ModeResult& m : r.modes) {
        QVERIFY(m.completed);
        std::vector<std::int32_t> seq = sequence;
        seq.insert(seq.end(), m.tokens[0].begin(), m.tokens[0].end() - 1);
        const std::vector<double> ref = referenceLogits(weights, seq);
        QCOMPARE(m.lastLogits.size(), ref.size());
        double worst = 0, scale = 1e-3;
        for (std::size_t i = 0; i < ref.size(); ++i) {
            worst = std::max(worst, std::abs(double(m.lastLogits[i]) - ref[i]));
            scale = std::max(scale, std::abs(ref[i]));
        }
        QVERIFY2(worst <= relative * scale + 1e-5,
                 qPrintable(u"%1: max |%4 - fp64| = %2 for logits up to %3"_s
                                .arg(QString::fromStdString(cacheModeName(m.mode)))
                                .arg(worst)
                                .arg(scale)
                                .arg(QString::fromStdString(precisionName(o.precision)))));
    }
}

// Stop raised from the third step's callback ends the run there, in the first mode.
void checkStopAfterThreeSteps(const DecodeOptions& o) {
    std::atomic<bool> stop{false};
    int seen = 0;
    const DecodeReport r = runDecode(o, &stop, [&](const StepRecord&) {
        if (++seen == 3)
            stop = true;
    });
    QVERIFY(r.stopped);
    QCOMPARE(r.modes.size(), std::size_t(1));
    QCOMPARE(r.modes[0].steps.size(), std::size_t(3));
    QVERIFY(!r.modes[0].completed);
}

// One uncached step of 32,000 positions through a single layer: about a minute of attention
// on two cores, so only a stop polled inside the layer (per query row, per product chunk)
// ends it early; one layer, so a per-layer check alone would not.
DecodeOptions oneLongStep() {
    DecodeOptions o;
    o.model.layers = 1;
    o.model.width = 256;
    o.model.heads = 4;
    o.model.kvHeads = 4;
    o.model.vocab = 256;
    o.model.maxContext = 32002;
    o.batch = 1;
    o.promptLen = 32000;
    o.steps = 2;
    o.modes = {CacheMode::None};
    o.backend = BackendChoice::Cpu;
    return o;
}

} // namespace

class TestDecode : public QObject {
    Q_OBJECT

private slots:
    void modesAgree_data() {
        QTest::addColumn<uint>("heads");
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<uint>("blockSize");
        QTest::addColumn<uint>("prompt");
        QTest::newRow("MHA block 16") << 4u << 4u << 16u << 5u;
        QTest::newRow("GQA block 16") << 4u << 2u << 16u << 5u;
        QTest::newRow("MQA block 16") << 4u << 1u << 16u << 5u;
        QTest::newRow("block 1") << 4u << 2u << 1u << 5u;
        QTest::newRow("block 256") << 4u << 4u << 256u << 5u;
        QTest::newRow("prompt longer than a block") << 4u << 2u << 16u << 40u;
    }
    void modesAgree() {
        QFETCH(uint, heads);
        QFETCH(uint, kvHeads);
        QFETCH(uint, blockSize);
        QFETCH(uint, prompt);
        DecodeOptions o = tinyOptions();
        o.model.heads = heads;
        o.model.kvHeads = kvHeads;
        o.blockSize = blockSize;
        o.promptLen = prompt;
        o.shuffleBlocks = true;
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.modes.size(), std::size_t(3));
        QVERIFY(r.tokensIdentical);
        for (const ModeResult& m : r.modes) {
            QCOMPARE(m.tokens.size(), std::size_t(o.batch));
            QCOMPARE(m.tokens[0].size(), std::size_t(o.steps));
            QCOMPARE(m.steps.size(), std::size_t(o.steps));
        }
        compareWithReference(o, r);
    }

    // Cached steps of one to sixteen sequences stream the weights through our own product (each
    // thread a run of weight rows, partial sums added at the end) and LM head; seventeen take
    // sgemm. Width 256 makes every matrix large enough to be split over both threads.
    void fewRowProductsMatchTheReference_data() {
        QTest::addColumn<uint>("batch");
        for (uint b : {1u, 2u, 3u, 4u, 5u, 16u, 17u})
            QTest::newRow(qPrintable(u"batch %1"_s.arg(b))) << b;
    }
    void fewRowProductsMatchTheReference() {
        QFETCH(uint, batch);
        DecodeOptions o = tinyOptions();
        o.model.width = 256;
        o.model.heads = 4;
        o.model.kvHeads = 2;
        o.batch = batch;
        o.steps = 6;
        o.threads = 2;
        const DecodeReport r = runDecode(o);
        QVERIFY(r.tokensIdentical);
        compareWithReference(o, r);
    }

    void stepAccounting() {
        DecodeOptions o = tinyOptions();
        const DecodeReport r = runDecode(o);
        const std::uint64_t perToken = o.model.kvBytesPerToken(); // 2 x 2 layers x 64 x 4 B
        QCOMPARE(perToken, std::uint64_t(1024));
        for (const ModeResult& m : r.modes) {
            for (const StepRecord& s : m.steps) {
                const std::uint64_t length = o.promptLen + s.step;
                if (m.mode == CacheMode::None) {
                    QCOMPARE(s.tokensComputed, std::uint64_t(o.batch) * length); // the whole prefix again
                    QCOMPARE(s.kvBytesHeld, std::uint64_t(0));
                } else {
                    QCOMPARE(s.tokensComputed, std::uint64_t(o.batch) * (s.step == 0 ? o.promptLen : 1));
                }
                if (m.mode == CacheMode::Contiguous) // reserved for the maximum length from the start
                    QCOMPARE(s.kvBytesHeld, perToken * o.batch * (o.promptLen + o.steps));
                if (m.mode == CacheMode::Paged) // whole blocks, growing with the sequence
                    QCOMPARE(s.kvBytesHeld,
                             perToken * o.batch * o.blockSize * ((length + o.blockSize - 1) / o.blockSize));
            }
            QCOMPARE(m.memory.theoreticalWeightBytes, o.model.parameterCount() * 4);
            QVERIFY(m.memory.peakAllocatedBytes >= m.memory.theoreticalWeightBytes + m.memory.theoreticalKvBytes);
            QVERIFY(m.memory.processBytes > 0);
        }
        QCOMPARE(r.modes[1].memory.theoreticalKvBytes, perToken * o.batch * (o.promptLen + o.steps));
        QCOMPARE(kvBytesByFormula(o.model, o.batch, o.promptLen + o.steps), r.modes[1].memory.theoreticalKvBytes);
        // Speedups are against the no-cache mode, and the contiguous one is the report's headline.
        QCOMPARE(r.modes[0].speedupVsNone, 0.0);
        QCOMPARE(r.modes[1].speedupVsNone, r.modes[0].totalMs / r.modes[1].totalMs);
        QCOMPARE(r.modes[1].speedupVsNone, r.speedup);
        QCOMPARE(r.modes[2].msPerStep, r.modes[2].totalMs / double(o.steps));
    }

    void readingNeverStatesANegativeShare() {
        const DecodeReport r = runDecode(tinyOptions());
        if (r.fitValid) {
            QVERIFY(r.fitAms > 0 && r.fitBms > 0);
            QVERIFY(r.fixedCostShareCached > 0 && r.fixedCostShareCached < 1);
            QVERIFY(r.fixedCostShareUncached > 0 && r.fixedCostShareUncached < 1);
        } else {
            QCOMPARE(r.fixedCostShareCached, 0.0);
            QVERIFY(QString::fromStdString(englishReading(r)).contains(u"does not split these steps"_s));
        }
    }

    void runAtTheMaximumContext() {
        DecodeOptions o = tinyOptions();
        o.batch = 2;
        o.promptLen = 40;
        o.steps = o.model.maxContext - o.promptLen;
        const DecodeReport r = runDecode(o);
        QVERIFY(r.tokensIdentical);
        o.steps += 1;
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"exceeds the model's context of 96"}));
    }

    void stopEndsWithinAStep() { checkStopAfterThreeSteps(tinyOptions()); }

    // ---- cache kinds: dynamic, int8 (fp8 is CUDA's) ----

    // A stop in the third step of a dynamic or int8 run (after the contiguous mode, or after its
    // hidden reference) ends the run there; the steps it made are compared, nothing more is claimed.
    void stopInTheNewModes_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("alone");
        QTest::newRow("dynamic, after contiguous") << int(CacheMode::Dynamic) << false;
        QTest::newRow("int8, after contiguous") << int(CacheMode::Int8) << false;
        QTest::newRow("int8 alone, after its hidden reference") << int(CacheMode::Int8) << true;
        QTest::newRow("dynamic alone, after its hidden reference") << int(CacheMode::Dynamic) << true;
    }
    void stopInTheNewModes() {
        QFETCH(int, mode);
        QFETCH(bool, alone);
        DecodeOptions o = tinyOptions();
        o.modes = alone ? std::vector<CacheMode>{CacheMode(mode)}
                        : std::vector<CacheMode>{CacheMode::Contiguous, CacheMode(mode)};
        std::atomic<bool> stop{false};
        int seen = 0;
        const DecodeReport r = runDecode(o, &stop, [&](const StepRecord& s) {
            if (s.mode == CacheMode(mode) && ++seen == 3)
                stop = true;
        });
        QVERIFY(r.stopped);
        QCOMPARE(r.referenceHidden, alone);
        QVERIFY(r.referenceMeasured);
        const ModeResult& m = r.modes.back();
        QCOMPARE(r.modes.size(), std::size_t(alone ? 1 : 2));
        QCOMPARE(m.mode, CacheMode(mode));
        QCOMPARE(m.steps.size(), std::size_t(3));
        QVERIFY(!m.completed);
        QCOMPARE(m.accuracy.tokensCompared, std::uint64_t(o.batch) * 3);
        QCOMPARE(m.latency.tpotSteps, std::size_t(2));
        QVERIFY(englishReading(r).find("Stopped in the " + cacheModeName(CacheMode(mode)) + " mode after 3 of 12") !=
                std::string::npos);
    }

    // Every step's kvBytesHeld is core's formula (memorymodel.h kvBytes) for the cache's dtype:
    // reserved for the maximum (contiguous, int8, the int8 bytes with their FP32 scales), whole
    // blocks (paged), exactly the tokens so far (dynamic). The dynamic cache's peak in a step
    // holds the old and the new K or V of one layer at once, and its copy is the old cache.
    void kvBytesHeldByCoresFormula_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<uint>("kvHeads");
        for (const CacheMode mode : {CacheMode::Contiguous, CacheMode::Paged, CacheMode::Dynamic, CacheMode::Int8})
            for (const uint kvHeads : {4u, 1u})
                QTest::addRow("%s, %u KV heads", cacheModeName(mode).c_str(), kvHeads) << int(mode) << kvHeads;
    }
    void kvBytesHeldByCoresFormula() {
        QFETCH(int, mode);
        QFETCH(uint, kvHeads);
        DecodeOptions o = tinyOptions(); // 2 layers, head size 16, batch 3, prompt 5, 12 steps, block 16
        o.model.kvHeads = kvHeads;
        o.blockSize = 4;
        o.modes = {CacheMode(mode)};
        o.compareWithReference = false;
        const DecodeReport r = runDecode(o);
        const ModeResult& m = r.modes.at(0);
        // Our GPT as core's shape, and the dtype: int8 with one FP32 scale per head vector of 16.
        kvscope::ModelShape shape;
        shape.layers = 2;
        shape.hidden = 64;
        shape.heads = 4;
        shape.kvHeads = kvHeads;
        shape.intermediate = 256;
        shape.vocab = 97;
        const bool int8 = CacheMode(mode) == CacheMode::Int8;
        const kvscope::DType dtype = int8 ? kvscope::DType::parse("int8-g16-fp32") : kvscope::DType::fp32();
        QCOMPARE(m.cacheDType, dtype.name());
        QCOMPARE(m.cacheBitsPerValue, dtype.effectiveBits());
        // By hand: 2 (K, V) x 2 layers x kvHeads x (16 values x 4 B, or 16 x 1 B + one 4 B scale).
        const std::uint64_t perToken = 2ull * 2 * kvHeads * (int8 ? 16 + 4 : 16 * 4);
        QCOMPARE(kvscope::kvBytesPerToken(shape, dtype), perToken);
        QCOMPARE(dtype.effectiveBits(), int8 ? 10.0 : 32.0);                       // 8 + 32 / 16
        const std::uint64_t layerHalf = std::uint64_t(o.batch) * kvHeads * 16 * 4; // one layer's K (or V), per token
        for (const StepRecord& s : m.steps) {
            const std::uint64_t tokens = o.promptLen + s.step; // positions cached after the step
            std::uint64_t expected = 0;
            switch (CacheMode(mode)) {
            case CacheMode::Contiguous:
            case CacheMode::Int8:
                expected = kvscope::kvBytes(shape, dtype, o.promptLen + o.steps, o.batch);
                break;
            case CacheMode::Paged:
                expected = kvscope::kvBytes(shape, dtype, (tokens + 3) / 4 * 4, o.batch);
                break;
            default:
                expected = kvscope::kvBytes(shape, dtype, tokens, o.batch);
            }
            QCOMPARE(s.kvBytesHeld, expected);
            QCOMPARE(s.kvBytesHeld,
                     kvBytesByFormula(
                         o.model, o.batch,
                         CacheMode(mode) == CacheMode::Dynamic ? tokens : s.kvBytesHeld / perToken / o.batch, dtype));
            if (CacheMode(mode) == CacheMode::Dynamic) {
                const std::uint64_t before = s.step == 0 ? 0 : tokens - 1; // step 0 starts from nothing
                QCOMPARE(s.kvBytesCopied, perToken * o.batch * before);    // the whole old cache, every step
                // The last copy (layer 2's V) holds everything new but that V, its old self and its new self.
                QCOMPARE(s.kvBytesPeak, s.kvBytesHeld + layerHalf * before);
            } else {
                QCOMPARE(s.kvBytesCopied, std::uint64_t(0));
                QCOMPARE(s.kvBytesPeak, s.kvBytesHeld);
            }
        }
        QCOMPARE(m.peakKvBytes, m.steps.back().kvBytesPeak);
        QCOMPARE(m.memory.theoreticalKvBytes, kvscope::kvBytes(shape, dtype, o.promptLen + o.steps, o.batch));
        QVERIFY(m.memory.peakAllocatedBytes >= m.memory.theoreticalWeightBytes + m.peakKvBytes);
    }

    // INT8 round trip: every element within half a quantization step, absmax / 127 / 2.
    void int8RoundTrip_data() {
        QTest::addColumn<QList<float>>("values");
        QTest::newRow("normal") << QList<float>{0.3f, -1.7f, 0.01f, 2.5f, -2.49f, 0.0f, 1e-4f, -0.8f};
        QTest::newRow("one spike") << QList<float>{1000.0f, 0.1f, -0.2f, 0.3f, 0.0f, -999.0f, 3.0f, 7.0f};
        QTest::newRow("all equal") << QList<float>{-0.25f, -0.25f, -0.25f, -0.25f};
        QTest::newRow("zeros") << QList<float>{0.0f, 0.0f, 0.0f};
        QTest::newRow("tiny") << QList<float>{1e-30f, -3e-31f, 5e-31f};
        QList<float> random;
        std::mt19937_64 rng(5);
        std::normal_distribution<float> normal(0.0f, 0.7f);
        for (int i = 0; i < 128; ++i)
            random.append(normal(rng));
        QTest::newRow("128 normal values") << random;
    }
    void int8RoundTrip() {
        QFETCH(QList<float>, values);
        std::vector<std::int8_t> q(std::size_t(values.size()));
        const float scale = quantizeInt8(values.data(), q.size(), q.data());
        float absmax = 0;
        for (float x : values)
            absmax = std::max(absmax, std::abs(x));
        QCOMPARE(scale, absmax / 127.0f);
        for (qsizetype i = 0; i < values.size(); ++i) {
            QVERIFY(q[std::size_t(i)] != -128); // symmetric: -128 is never used
            const double error = std::abs(double(q[std::size_t(i)]) * scale - double(values[i]));
            // Half a step, and float rounding of x / scale and q x scale (a millionth of absmax).
            QVERIFY2(error <= double(absmax) * (1.0 / 254.0 + 1e-6),
                     qPrintable(u"element %1: %2 back as %3"_s.arg(i).arg(values[i]).arg(q[std::size_t(i)] * scale)));
        }
        if (absmax > 0) // the largest magnitude maps to +-127 exactly
            QCOMPARE(std::abs(int(
                         q[std::size_t(std::max_element(values.begin(), values.end(),
                                                        [](float a, float b) { return std::abs(a) < std::abs(b); }) -
                                       values.begin())])),
                     127);
    }

    // The dynamic cache stores the same FP32 values in the same order as the contiguous one,
    // and attention walks them the same way: the same tokens, logits equal bit for bit.
    void dynamicEqualsContiguous_data() {
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<uint>("prompt");
        QTest::newRow("MHA") << 4u << 5u;
        QTest::newRow("GQA, prompt longer than a run of 16") << 2u << 40u;
    }
    void dynamicEqualsContiguous() {
        QFETCH(uint, kvHeads);
        QFETCH(uint, prompt);
        DecodeOptions o = tinyOptions();
        o.model.kvHeads = kvHeads;
        o.promptLen = prompt;
        o.modes = {CacheMode::Contiguous, CacheMode::Dynamic};
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.modes[1].tokens, r.modes[0].tokens);
        QCOMPARE(r.modes[1].lastLogits, r.modes[0].lastLogits);
        const Accuracy& a = r.modes[1].accuracy;
        QVERIFY(a.compared && !a.isReference);
        QCOMPARE(a.tokensAgreeing, a.tokensCompared);
        QCOMPARE(a.firstDifferentStep, std::int64_t(-1));
        QCOMPARE(a.maxLogitDiff, 0.0);
        QCOMPARE(a.logitStepsCompared, o.steps);
        QVERIFY(r.modes[0].accuracy.isReference);
        QVERIFY(r.tokensIdentical);
        compareWithReference(o, r);
    }

    // The INT8 cache on the course's model (8 layers, width 512, seed 1, 32 steps). Measured here:
    // the logits differ from the FP32 cache's by 0.0065 at most (logits of about 1), which flips
    // a near tie at step 5; from there the two runs see different prefixes, and 25 of 32 tokens
    // agree (seeds 2 and 3: 32 of 32, 0.0065 and 0.0058). Asserted: the difference is real but
    // small, and at least three quarters of the tokens agree.
    void int8AgreesWithFp32OnTheDefaultModel() {
        KVSCOPE_SKIP_UNDER_TSAN(); // the default model, one thread: the longest check of this suite
        DecodeOptions o;
        o.backend = BackendChoice::Cpu;
        o.steps = 32;
        o.modes = {CacheMode::Contiguous, CacheMode::Int8};
        const DecodeReport r = runDecode(o);
        const Accuracy& a = r.modes[1].accuracy;
        QVERIFY(a.compared);
        QCOMPARE(a.tokensCompared, std::uint64_t(32));
        QVERIFY2(a.agreementShare() >= 0.75, qPrintable(u"%1 of 32"_s.arg(a.tokensAgreeing)));
        // Logits are compared up to and including the first differing step, or over all 32.
        QCOMPARE(a.logitStepsCompared, a.firstDifferentStep < 0 ? 32u : std::uint32_t(a.firstDifferentStep) + 1);
        QVERIFY2(a.maxLogitDiff > 0 && a.maxLogitDiff < 0.05, qPrintable(QString::number(a.maxLogitDiff)));
        // It holds 8 + 32/64 bits per value against 32: 17/64 of the FP32 cache.
        QCOMPARE(r.modes[1].memory.theoreticalKvBytes * 64, r.modes[0].memory.theoreticalKvBytes * 17);
        QVERIFY(r.tokensIdentical); // a quantized mode is not held to the exact modes' test
    }

    // Only int8 asked for: the contiguous reference runs hidden (no callbacks, not in the modes).
    void int8AloneIsComparedWithAHiddenReference() {
        DecodeOptions o = tinyOptions();
        o.modes = {CacheMode::Int8};
        int callbacks = 0;
        const DecodeReport r = runDecode(o, nullptr, [&](const StepRecord& s) {
            QCOMPARE(s.mode, CacheMode::Int8);
            ++callbacks;
        });
        QCOMPARE(callbacks, int(o.steps));
        QCOMPARE(r.modes.size(), std::size_t(1));
        QVERIFY(r.referenceHidden && r.referenceMeasured);
        QVERIFY(r.modes[0].accuracy.compared && !r.modes[0].accuracy.isReference);
        o.compareWithReference = false;
        const DecodeReport alone = runDecode(o);
        QVERIFY(!alone.referenceHidden && !alone.referenceMeasured && !alone.modes[0].accuracy.compared);
        o.modes = {CacheMode::None}; // nothing cached: no reference is run for it
        QVERIFY(!runDecode(o).referenceHidden);
    }

    // fp8 is a GPU format: asked for on the CPU it is refused naming --cache; "all" skips it, saying so.
    void fp8NeedsCuda() {
        DecodeOptions o = tinyOptions();
        o.modes = {CacheMode::Contiguous, CacheMode::Fp8};
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"--cache fp8 needs the CUDA backend", "CPU"}));
        o.skipUnsupportedModes = true;
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.modes.size(), std::size_t(1));
        QCOMPARE(r.skippedModes, std::vector<CacheMode>{CacheMode::Fp8});
        QVERIFY(englishReading(r).find("Skipped fp8") != std::string::npos);
        o.modes = {CacheMode::Fp8};
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"--cache: no mode this backend runs"}));
    }

    void cacheModeNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("mode"); // -1: not a mode
        for (const CacheMode m : allCacheModes())
            QTest::newRow(cacheModeName(m).c_str()) << QString::fromStdString(cacheModeName(m)) << int(m);
        QTest::newRow("static is contiguous") << u"static"_s << int(CacheMode::Contiguous);
        QTest::newRow("unknown") << u"int4"_s << -1;
        QTest::newRow("empty") << QString() << -1;
    }
    void cacheModeNames() {
        QFETCH(QString, name);
        QFETCH(int, mode);
        const auto parsed = parseCacheMode(name.toStdString());
        QCOMPARE(parsed.has_value(), mode >= 0);
        if (parsed)
            QCOMPARE(int(*parsed), mode);
    }

    // Every --backend, --dtype and --cache name reads back as its value; an unknown one is an
    // error naming the option and every name it takes.
    void optionNamesRoundTrip() {
        for (const BackendChoice b : allBackendChoices()) {
            QCOMPARE(parseBackendChoice(backendChoiceName(b)), std::optional(b));
            QCOMPARE(parseBackendChoice(backendChoiceName(b), "--backend"), b);
        }
        QCOMPARE(allBackendChoices().size(), std::size_t(3));
        for (const Precision p : allPrecisions()) {
            QCOMPARE(parsePrecision(precisionName(p)), std::optional(p));
            QCOMPARE(parsePrecision(precisionName(p), "--dtype"), p);
        }
        QCOMPARE(allPrecisions().size(), std::size_t(2));
        for (const CacheMode m : allCacheModes()) {
            QCOMPARE(parseCacheMode(cacheModeName(m)), std::optional(m));
            QCOMPARE(parseCacheModeList(cacheModeName(m)), std::vector<CacheMode>{m});
        }
        QVERIFY(!parseBackendChoice("gpu"));
        QVERIFY(!parsePrecision("fp16"));
    }

    void optionNameErrors_data() {
        QTest::addColumn<int>("which"); // 0 backend, 1 precision, 2 cache list
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("backend gpu") << 0 << u"gpu"_s << u"--backend: expected auto, cpu or cuda, got 'gpu'"_s;
        QTest::newRow("backend case") << 0 << u"CPU"_s << u"--backend: expected auto, cpu or cuda, got 'CPU'"_s;
        QTest::newRow("backend empty") << 0 << QString() << u"--backend: expected auto, cpu or cuda, got ''"_s;
        QTest::newRow("dtype fp8") << 1 << u"fp8"_s << u"--dtype: expected fp32 or bf16, got 'fp8'"_s;
        QTest::newRow("dtype bfloat16") << 1 << u"bfloat16"_s << u"--dtype: expected fp32 or bf16, got 'bfloat16'"_s;
        const QString modes =
            u"--cache: expected none, contiguous (static), paged, dynamic, int8, fp8, a comma-separated "
            u"list of them, or all, got "_s;
        QTest::newRow("cache int4") << 2 << u"contiguous,int4"_s << modes + u"'int4'"_s;
        QTest::newRow("cache empty entry") << 2 << u"paged,,none"_s << modes + u"''"_s;
        QTest::newRow("cache All") << 2 << u"All"_s << modes + u"'All'"_s;
    }
    void optionNameErrors() {
        QFETCH(int, which);
        QFETCH(QString, value);
        QFETCH(QString, error);
        const std::string v = value.toStdString();
        try {
            if (which == 0)
                parseBackendChoice(v, "--backend");
            else if (which == 1)
                parsePrecision(v, "--dtype");
            else
                parseCacheModeList(v, "--cache");
            QFAIL("no error");
        } catch (const kvscope::Error& e) {
            QCOMPARE(QString::fromUtf8(e.what()), error);
        }
    }

    // --cache lists: "all" is every mode; names in the order given, each once; "static" is contiguous.
    void cacheModeLists_data() {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QList<int>>("modes");
        QList<int> all;
        for (const CacheMode m : allCacheModes())
            all << int(m);
        QTest::newRow("all") << u"all"_s << all;
        QTest::newRow("one") << u"paged"_s << QList<int>{int(CacheMode::Paged)};
        QTest::newRow("order kept") << u"int8,none"_s << QList<int>{int(CacheMode::Int8), int(CacheMode::None)};
        QTest::newRow("static once") << u"static,contiguous,paged"_s
                                     << QList<int>{int(CacheMode::Contiguous), int(CacheMode::Paged)};
    }
    void cacheModeLists() {
        QFETCH(QString, list);
        QFETCH(QList<int>, modes);
        std::vector<CacheMode> expected;
        for (const int m : modes)
            expected.push_back(CacheMode(m));
        QCOMPARE(parseCacheModeList(list.toStdString()), expected);
    }

    // TTFT is step 0; TPOT the later steps' mean and 90th percentile (nearest rank).
    void latencyFromTheSteps_data() {
        QTest::addColumn<QList<double>>("ms");
        QTest::addColumn<double>("ttft");
        QTest::addColumn<int>("tpotSteps");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("p90");
        QTest::newRow("none") << QList<double>{} << 0.0 << 0 << 0.0 << 0.0;
        QTest::newRow("the prompt alone") << QList<double>{40.0} << 40.0 << 0 << 0.0 << 0.0;
        QTest::newRow("two steps") << QList<double>{40.0, 3.0} << 40.0 << 1 << 3.0 << 3.0;
        // Later: 2 4 3 1 5 6 7 8 9 100 -> mean 14.5; ceil(0.9 x 10) = 9th smallest = 9 (the stall is above it).
        QTest::newRow("ten later steps, one stall")
            << QList<double>{10, 2, 4, 3, 1, 5, 6, 7, 8, 9, 100} << 10.0 << 10 << 14.5 << 9.0;
        // Later: 1..20 -> mean 10.5; ceil(18) = 18th smallest = 18.
        QList<double> twenty{50};
        for (int i = 20; i >= 1; --i)
            twenty.append(i);
        QTest::newRow("twenty later steps, descending") << twenty << 50.0 << 20 << 10.5 << 18.0;
    }
    void latencyFromTheSteps() {
        QFETCH(QList<double>, ms);
        QFETCH(double, ttft);
        QFETCH(int, tpotSteps);
        QFETCH(double, mean);
        QFETCH(double, p90);
        std::vector<StepRecord> steps;
        for (qsizetype i = 0; i < ms.size(); ++i)
            steps.push_back({CacheMode::Contiguous, std::uint32_t(i), ms[i], 1, 0, 0, 0});
        const Latency l = latencyOf(steps);
        QCOMPARE(l.ttftMeasured, !ms.isEmpty());
        QCOMPARE(l.ttftMs, ttft);
        QCOMPARE(int(l.tpotSteps), tpotSteps);
        QCOMPARE(l.tpotMeanMs, mean);
        QCOMPARE(l.tpotP90Ms, p90);
    }

    // The accuracy comparison on a synthetic pair of runs: counts over every sequence, the first
    // differing step over all of them, logits only while sequence 0's input still agreed.
    void accuracyOnSyntheticRuns() {
        const std::vector<std::vector<std::int32_t>> reference{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}};
        const std::vector<std::vector<std::int32_t>> tokens{{1, 2, 9, 4, 5}, {6, 7, 8, 0, 10}};
        const std::vector<std::vector<float>> refLogits{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
        // Step 2 chose another token (0.5 off); step 3's input differed already: its 7.0 is not counted.
        const std::vector<std::vector<float>> logits{{0.1f, 0}, {0, -0.25f}, {0.5f, 0}, {7.0f, 0}, {0, 0}};
        const Accuracy a = compareTokens(tokens, logits, reference, refLogits);
        QVERIFY(a.compared);
        QCOMPARE(a.tokensCompared, std::uint64_t(10));
        QCOMPARE(a.tokensAgreeing, std::uint64_t(8));
        QCOMPARE(a.agreementShare(), 0.8);
        QCOMPARE(a.firstDifferentStep, std::int64_t(2));
        QCOMPARE(a.logitStepsCompared, 3u);
        QCOMPARE(a.maxLogitDiff, 0.5);
        const Accuracy same = compareTokens(reference, refLogits, reference, refLogits);
        QCOMPARE(same.tokensAgreeing, std::uint64_t(10));
        QCOMPARE(same.firstDifferentStep, std::int64_t(-1));
        QCOMPARE(same.logitStepsCompared, 5u);
        QVERIFY(!compareTokens({}, {}, reference, refLogits).compared);
    }

    // A decode worth watching: the seeded model's greedy tokens vary (gptmodel.h says how). Measured:
    // 30, 24 and 28 distinct tokens of 32 for seeds 1, 2 and 3 (GPT-2's init gave 1, 2 and 1).
    void seededTokensVary_data() {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 3; ++seed)
            QTest::addRow("seed %d", seed) << seed;
    }
    void seededTokensVary() {
        QFETCH(int, seed);
        KVSCOPE_SKIP_UNDER_TSAN();
        KVSCOPE_SKIP_UNDER_ASAN("int8AgreesWithFp32OnTheDefaultModel's contiguous run");
        DecodeOptions o;
        o.backend = BackendChoice::Cpu;
        o.model.seed = std::uint64_t(seed);
        o.seed = std::uint64_t(seed);
        o.steps = 32;
        o.modes = {CacheMode::Contiguous};
        const DecodeReport r = runDecode(o);
        const std::vector<std::int32_t>& tokens = r.modes[0].tokens[0];
        const std::set<std::int32_t> distinct(tokens.begin(), tokens.end());
        QVERIFY2(distinct.size() >= 8, qPrintable(u"%1 distinct tokens of 32"_s.arg(distinct.size())));
    }

    // The backend polls the stop inside a step: raised (or past its deadline) before the step,
    // the step is abandoned and says so; without one it runs.
    void stepPollsItsStop_data() {
        QTest::addColumn<int>("kind"); // 0 none, 1 flag raised, 2 deadline passed
        QTest::addColumn<int>("mode");
        for (const CacheMode mode :
             {CacheMode::None, CacheMode::Contiguous, CacheMode::Paged, CacheMode::Dynamic, CacheMode::Int8}) {
            const QByteArray name = QByteArray::fromStdString(cacheModeName(mode));
            QTest::addRow("%s, no stop", name.constData()) << 0 << int(mode);
            QTest::addRow("%s, flag", name.constData()) << 1 << int(mode);
            QTest::addRow("%s, deadline", name.constData()) << 2 << int(mode);
        }
    }
    void stepPollsItsStop() {
        QFETCH(int, kind);
        QFETCH(int, mode);
        const DecodeOptions o = tinyOptions();
        const GptWeights weights = randomWeights(o.model);
        const auto session = detail::makeCpuSession(weights, o);
        const auto engine = session->engine(CacheMode(mode));
        std::atomic<bool> flag{kind == 1};
        StopCondition stop;
        stop.flag = &flag;
        if (kind == 2)
            stop.deadline = StopCondition::Clock::now() - std::chrono::seconds(1);
        std::vector<std::int32_t> next;
        const std::optional<double> ms = engine->step(makePrompts(o, o.model.vocab), 0, o.promptLen, next, stop);
        QCOMPARE(ms.has_value(), kind == 0);
        if (ms)
            QCOMPARE(next.size(), std::size_t(o.batch));
    }

    // A stop raised before the run: it ends while the weights are drawn, nothing measured.
    void stopBeforeTheWeightsAreDrawn() {
        std::atomic<bool> stop{true};
        const DecodeReport r = runDecode(tinyOptions(), &stop);
        QVERIFY(r.stopped);
        QVERIFY(r.modes.empty());
        QVERIFY(!r.fitMeasured && !r.speedupMeasured() && !r.twoPoint.measured && !r.tokensCompared);
    }

    // A stop (a flag from another thread, or a deadline) in the middle of a step of about a minute
    // ends the run within a small part of it; the interrupted step is not reported, and
    // nothing is presented as complete. The 30 s bound is a guard against the old behaviour
    // (the whole step), not a speed check.
    void stopInsideOneLongStep_data() {
        QTest::addColumn<bool>("deadline");
        QTest::newRow("flag from another thread") << false;
        QTest::newRow("deadline") << true;
    }
    void stopInsideOneLongStep() {
        QFETCH(bool, deadline);
        const DecodeOptions o = oneLongStep();
        // Raised once the run's weights are surely drawn (twice what drawing them takes here, and
        // 1 s more: a sanitizer slows it down), so that the stop lands inside the step.
        QElapsedTimer clock;
        clock.start();
        (void)randomWeights(o.model);
        const qint64 delayMs = 2 * clock.elapsed() + 1000;
        std::atomic<bool> flag{false};
        StopCondition stop;
        stop.flag = &flag;
        clock.restart();
        std::atomic<qint64> raisedAt{-1};
        std::thread raiser;
        if (deadline) {
            stop.deadline = StopCondition::Clock::now() + std::chrono::milliseconds(delayMs);
            raisedAt = delayMs;
        } else {
            raiser = std::thread([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
                raisedAt = clock.elapsed();
                flag = true;
            });
        }
        const DecodeReport r = runDecode(o, stop);
        const qint64 returnedAt = clock.elapsed();
        if (raiser.joinable())
            raiser.join();
        QVERIFY(r.stopped);
        QVERIFY2(returnedAt - raisedAt.load() < 30000,
                 qPrintable(u"returned %1 ms after the stop"_s.arg(returnedAt - raisedAt.load())));
        QCOMPARE(r.modes.size(), std::size_t(1)); // stopped in the step, not while drawing the weights
        const ModeResult& m = r.modes[0];
        QVERIFY(m.steps.empty());
        QVERIFY(!m.completed);
        QVERIFY(m.lastLogits.empty()); // the interrupted step's logits are half-computed: not kept
        QCOMPARE(m.msPerStep, 0.0);
        QCOMPARE(m.tokensPerSecond, 0.0);
        QCOMPARE(m.memory.theoreticalKvBytes, std::uint64_t(0));
        QVERIFY(!r.fitMeasured && !r.fitValid && !r.speedupMeasured() && !r.twoPoint.measured && !r.tokensCompared);
        const std::string reading = englishReading(r);
        QVERIFY2(reading.find("Stopped in the none mode after 0 of 2 steps") != std::string::npos, reading.c_str());
    }

    void twoTermFit() {
        // docs/domain.md: a + b = 1.22 ms (cached) and a + 250 b = 1.5 ms (uncached).
        double a = 0, b = 0;
        fitTwoTerm({1, 250}, {1.22, 1.5}, a, b);
        QCOMPARE(std::round(b * 1e4) / 1e4, 0.0011);
        QCOMPARE(std::round(a * 100) / 100, 1.22);
        QVERIFY(a / (a + b) > 0.99);                        // over 99% of a cached step is fixed cost
        QVERIFY(std::abs(a / (a + 250 * b) - 0.81) < 0.01); // about 80% of an uncached one
        // It mispredicts batch 64: 18.8 and 1.29 ms against 21.8 and 2.7 measured.
        fitTwoTerm({3, 5, 7}, {7, 11, 15}, a, b);
        QCOMPARE(a, 1.0);
        QCOMPARE(b, 2.0);
        fitTwoTerm({4, 4}, {1, 3}, a, b); // no spread in x: the mean, no slope
        QCOMPARE(b, 0.0);
        QCOMPARE(a, 2.0);
    }

    // ---- the report's arithmetic: the course's two equations, predictions, a stopped run ----

    void coursesFigures() {
        // docs/domain.md section 7: a + b = 1.22 ms and a + 250 b = 1.5 ms.
        const kvscope::StepModel course = kvscope::courseStepModel();
        QCOMPARE(std::round(course.bMs * 1e4) / 1e4, 0.0011);
        QCOMPARE(std::round(course.aMs * 100) / 100, 1.22);
        QVERIFY(course.splits());
        QVERIFY(course.fixedShare(1) > 0.99);
        QVERIFY(std::abs(course.fixedShare(250) - 0.81) < 0.01);
        // With b rounded as the course rounds it, batch 1's a and b give the course's batch-64 predictions.
        const kvscope::StepModel rounded{1.22, 0.0011};
        const auto& c = kvscope::kCourseDecode;
        QCOMPARE(std::round(rounded.predict(64 * c.uncachedMeanTokens) * 10) / 10, c.gpuBatch64PredictedUncachedMs);
        QCOMPARE(std::round(rounded.predict(64) * 100) / 100, c.gpuBatch64PredictedCachedMs);
        QCOMPARE(c.gpuBatch64RunSeconds(), 12.25);                 // 500 x (21.8 + 2.7) ms
        QVERIFY(std::abs(c.gpuBatch1RunSeconds() - 1.36) < 1e-12); // 500 x (1.5 + 1.22) ms
        QVERIFY(throwsErrorContaining([] { kvscope::fitTwoPoints(3, 1, 3, 2); }, {"different token counts"}));
        QVERIFY(!(kvscope::StepModel{-0.1, 0.01}).splits());
        QVERIFY(!(kvscope::StepModel{1.0, 0.0}).splits());
        QCOMPARE(kvscope::StepModel{}.fixedShare(10), 0.0); // a step that costs nothing has no share
    }

    void twoPointFitOnAReport_data() {
        // A synthetic report: batch, prompt, each mode's (tokens, ms) per step, whether it completed.
        QTest::addColumn<uint>("batch");
        QTest::addColumn<QList<int>>("modes"); // CacheMode values, in order
        QTest::addColumn<QList<bool>>("completed");
        QTest::addColumn<QList<QList<QPointF>>>("steps"); // (tokens, ms) per step, per mode
        QTest::addColumn<bool>("measured");
        QTest::addColumn<double>("x1");
        QTest::addColumn<double>("y1");
        QTest::addColumn<double>("x2");
        QTest::addColumn<double>("y2");
        const int none = int(CacheMode::None), contiguous = int(CacheMode::Contiguous), paged = int(CacheMode::Paged);
        QTest::newRow("course, batch 1: means of 1 and 250 tokens")
            << 1u << QList<int>{none, contiguous} << QList<bool>{true, true}
            << QList<QList<QPointF>>{{{249, 1.4}, {251, 1.6}}, {{1, 1.22}, {1, 1.20}, {1, 1.24}}} << true << 1.0 << 1.22
            << 250.0 << 1.5;
        // Measured here (kvscope-cli decode --batch 1 --steps 24 --prompt-len 1): the prefill's
        // step 0 took 77.7 ms against 6.5-8.1 for the rest, raising y1 from 7.1 to 10.1 ms.
        QTest::newRow("a one-token prompt's step 0 is the prefill, not a cached step")
            << 1u << QList<int>{none, contiguous} << QList<bool>{true, true}
            << QList<QList<QPointF>>{{{1, 6.0}, {2, 8.8}}, {{1, 77.7}, {1, 7.0}, {1, 7.2}}} << true << 1.0 << 7.1 << 1.5
            << 7.4;
        QTest::newRow("prompt of 4 at batch 2: the prompt's step is not a one-token step")
            << 2u << QList<int>{none, contiguous} << QList<bool>{true, true}
            << QList<QList<QPointF>>{{{8, 3.0}, {10, 4.0}, {12, 5.0}}, {{8, 9.0}, {2, 1.0}, {2, 2.0}}} << true << 2.0
            << 1.5 << 10.0 << 4.0;
        QTest::newRow("paged stands in for contiguous")
            << 1u << QList<int>{none, paged} << QList<bool>{true, true}
            << QList<QList<QPointF>>{{{1, 2.0}, {2, 3.0}}, {{1, 5.0}, {1, 1.0}}} << true << 1.0 << 1.0 << 1.5 << 2.5;
        QTest::newRow("uncached mode stopped: not measured")
            << 1u << QList<int>{none} << QList<bool>{false} << QList<QList<QPointF>>{{{1, 2.0}, {2, 3.0}}} << false
            << 0.0 << 0.0 << 0.0 << 0.0;
        QTest::newRow("cached mode stopped: not measured")
            << 1u << QList<int>{none, contiguous} << QList<bool>{true, false}
            << QList<QList<QPointF>>{{{1, 2.0}, {2, 3.0}}, {{1, 1.0}}} << false << 0.0 << 0.0 << 0.0 << 0.0;
        QTest::newRow("one step of a one-token prompt: the prefill alone, no cached step")
            << 4u << QList<int>{none, contiguous} << QList<bool>{true, true}
            << QList<QList<QPointF>>{{{4, 2.0}}, {{4, 1.0}}} << false << 0.0 << 0.0 << 0.0 << 0.0;
    }
    void twoPointFitOnAReport() {
        QFETCH(uint, batch);
        QFETCH(QList<int>, modes);
        QFETCH(QList<bool>, completed);
        QFETCH(QList<QList<QPointF>>, steps);
        QFETCH(bool, measured);
        QFETCH(double, x1);
        QFETCH(double, y1);
        QFETCH(double, x2);
        QFETCH(double, y2);
        DecodeReport r;
        r.batch = batch;
        for (int i = 0; i < modes.size(); ++i) {
            ModeResult m;
            m.mode = CacheMode(modes[i]);
            m.completed = completed[i];
            for (const QPointF& p : steps[i])
                m.steps.push_back({m.mode, std::uint32_t(m.steps.size()), p.y(), std::uint64_t(p.x()), 0});
            r.modes.push_back(m);
        }
        const TwoPointFit fit = twoPointFit(r);
        QCOMPARE(fit.measured, measured);
        if (x1 > 0) {
            QCOMPARE(fit.cachedTokens, x1);
            QVERIFY(qFuzzyCompare(fit.cachedMs, y1));
            QCOMPARE(fit.uncachedTokens, x2);
            QVERIFY(qFuzzyCompare(fit.uncachedMs, y2));
        }
        if (!measured)
            return;
        // The two equations' solution passes through both means, so it predicts them exactly.
        QVERIFY(std::abs(fit.solved.predict(x1) - y1) < 1e-9);
        QVERIFY(std::abs(fit.solved.predict(x2) - y2) < 1e-9);
        const std::vector<ModeCheck> checks = checkStepModel(fit.solved, r);
        QCOMPARE(checks.size(), std::size_t(modes.size()));
        QVERIFY(std::abs(checks[0].missedMs) < 1e-9); // the uncached mean is one of the two equations
    }

    void twoPointFitIsPhysical_data() {
        // Cached one-token steps (x1 = batch, ms), the uncached mode's steps (tokens, ms), and the
        // line the report keeps: the equations' own when a, b >= 0, else the closest with a, b >= 0.
        QTest::addColumn<uint>("batch");
        QTest::addColumn<QList<QPointF>>("uncached");
        QTest::addColumn<double>("cachedMs");
        QTest::addColumn<bool>("constrained");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("solvedA");
        // The course's own: a = 1.22 ms, b = 0.0011 ms (docs/domain.md section 7), kept as solved.
        QTest::newRow("course") << 1u << QList<QPointF>{{249, 1.4}, {251, 1.6}} << 1.22 << false << 1.2188755020080322
                                << 0.0011244979919678715 << 1.2188755020080322;
        // Under load at batch 64 (the issue's "-3345 ms"): the cached steps slow, the uncached
        // ones' share cheap. a + 64 b = 4000, a + 800 b = 4500 gives b = 0.679, a = 3956: fine.
        // a + 64 b = 400, a + 800 b = 5000 gives b = 6.25, a = 0: the edge. Past it, a < 0:
        QTest::newRow("negative fixed cost: through the origin")
            << 64u << QList<QPointF>{{800, 5000}} << 100.0 << true << 0.0
            << (64 * 100.0 + 800 * 5000.0) / (64 * 64 + 800 * 800) << 100.0 - 64 * (4900.0 / 736);
        // Uncached steps no slower than cached ones: a negative cost per token.
        QTest::newRow("negative cost per token: flat")
            << 1u << QList<QPointF>{{10, 5.0}} << 8.0 << true << 6.5 << 0.0 << 8.0 + 3.0 / 9;
    }
    void twoPointFitIsPhysical() {
        QFETCH(uint, batch);
        QFETCH(QList<QPointF>, uncached);
        QFETCH(double, cachedMs);
        QFETCH(bool, constrained);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(double, solvedA);
        DecodeReport r;
        r.batch = batch;
        ModeResult none, cached;
        none.mode = CacheMode::None;
        cached.mode = CacheMode::Contiguous;
        none.completed = cached.completed = true;
        for (const QPointF& p : uncached)
            none.steps.push_back({CacheMode::None, std::uint32_t(none.steps.size()), p.y(), std::uint64_t(p.x()), 0});
        for (std::uint32_t step = 0; step < 3; ++step)
            cached.steps.push_back({CacheMode::Contiguous, step, cachedMs, batch, 0});
        r.modes = {none, cached};
        const TwoPointFit fit = twoPointFit(r);
        QVERIFY(fit.measured);
        QCOMPARE(fit.constrained, constrained);
        QVERIFY2(std::abs(fit.model.aMs - a) < 1e-9 && std::abs(fit.model.bMs - b) < 1e-12,
                 qPrintable(u"a = %1, b = %2"_s.arg(fit.model.aMs, 0, 'g', 17).arg(fit.model.bMs, 0, 'g', 17)));
        QVERIFY(fit.model.aMs >= 0 && fit.model.bMs >= 0);
        QVERIFY(std::abs(fit.solved.aMs - solvedA) < 1e-9);
        // The report's text says both, and what the negative one was.
        r.twoPoint = fit;
        const std::string reading = englishReading(r);
        QCOMPARE(reading.find("cannot be negative") != std::string::npos, constrained);
    }

    void physicalLeastSquares_data() {
        QTest::addColumn<QList<double>>("x");
        QTest::addColumn<QList<double>>("y");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::newRow("positive: the free line") << QList<double>{3, 5, 7} << QList<double>{7, 11, 15} << 1.0 << 2.0;
        // Free: b = 2, a = -1. Through the origin: b = (3+15+35)/(1+9+25)... of x = 1, 3, 5.
        QTest::newRow("negative a: through the origin")
            << QList<double>{1, 3, 5} << QList<double>{1, 5, 9} << 0.0 << (1 + 15 + 45) / 35.0;
        // Free: b = -1, a = 10. Flat at the mean.
        QTest::newRow("negative b: flat") << QList<double>{1, 2, 3} << QList<double>{9, 8, 7} << 8.0 << 0.0;
        QTest::newRow("all negative: zero") << QList<double>{1, 2} << QList<double>{-1, -2} << 0.0 << 0.0;
    }
    void physicalLeastSquares() {
        QFETCH(QList<double>, x);
        QFETCH(QList<double>, y);
        QFETCH(double, a);
        QFETCH(double, b);
        const kvscope::StepModel m = fitTwoTermPhysical({x.begin(), x.end()}, {y.begin(), y.end()});
        QVERIFY2(std::abs(m.aMs - a) < 1e-12 && std::abs(m.bMs - b) < 1e-12,
                 qPrintable(u"a = %1, b = %2"_s.arg(m.aMs).arg(m.bMs)));
    }

    void noiseSaysWhenNotToTrust_data() {
        // Cached one-token step times (step 0 first, the prefill) and load probes, ms; whether the
        // run is steady. Step times measured here with kvscope-cli decode --steps 24 --prompt-len 1
        // (see RunNoise): unloaded, and with two busy loops beside it.
        QTest::addColumn<QList<double>>("steps");
        QTest::addColumn<QList<double>>("probes");
        QTest::addColumn<double>("scatter");
        QTest::addColumn<bool>("steady");
        QTest::newRow("unloaded, batch 1: the prefill's 77.7 ms left out")
            << QList<double>{77.7, 6.8, 7.1, 6.9, 6.8, 6.8, 6.8, 6.8, 6.8, 6.8, 6.6, 7.0, 7.9}
            << QList<double>{0.71, 0.74, 0.73} << 0.0 << true;
        QTest::newRow("two busy loops, batch 1")
            << QList<double>{232.0, 82.0, 49.9, 26.3, 50.1, 26.2, 117.2, 25.5, 34.5, 164.0, 286.5, 38.9, 26.2}
            << QList<double>{0.71, 0.74, 0.73} << 0.4 << false;
        QTest::newRow("steady steps, but the load stopped between modes")
            << QList<double>{5, 5, 5, 5, 5} << QList<double>{2.1, 0.7} << 0.0 << false;
        QTest::newRow("too few steps and one probe: nothing to distrust")
            << QList<double>{50, 5, 9} << QList<double>{0.7} << 0.0 << true;
    }
    void noiseSaysWhenNotToTrust() {
        QFETCH(QList<double>, steps);
        QFETCH(QList<double>, probes);
        QFETCH(double, scatter);
        QFETCH(bool, steady);
        std::vector<double> oneToken(steps.begin() + 1, steps.end());
        RunNoise n;
        n.probeMs.assign(probes.begin(), probes.end());
        if (n.probed())
            n.probeSpread = (*std::max_element(n.probeMs.begin(), n.probeMs.end()) -
                             *std::min_element(n.probeMs.begin(), n.probeMs.end())) /
                            *std::min_element(n.probeMs.begin(), n.probeMs.end());
        n.scatterSteps = oneToken.size() >= 3 ? oneToken.size() : 0;
        n.stepScatter = relativeScatter(oneToken);
        QVERIFY2(std::abs(n.stepScatter - scatter) < 0.1, qPrintable(QString::number(n.stepScatter)));
        QCOMPARE(n.steady(), steady);
        // relativeScatter's arithmetic: median 10, deviations 0 0 1 1 8, median deviation 1.
        QCOMPARE(relativeScatter({9, 10, 10, 11, 18}), 0.1);
        QCOMPARE(relativeScatter({4, 6, 8, 10}), 2.0 / 7); // even: means of the middle pairs
        QCOMPARE(relativeScatter({1, 2}), 0.0);
    }

    void aRunMeasuresItsNoise() {
        // A real run probes the load before each mode and after the last.
        DecodeOptions o = tinyOptions();
        o.promptLen = 1;
        o.modes = {CacheMode::None, CacheMode::Contiguous};
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.noise.probeMs.size(), std::size_t(3));
        for (const double ms : r.noise.probeMs)
            QVERIFY(ms > 0);
        QVERIFY(r.noise.probeSpread >= 0);
        QCOMPARE(r.noise.scatterSteps, std::size_t(o.steps - 1));
    }

    void predictionsMissTheCacheRead() {
        // The course's lesson in numbers: batch 1's a and b against batch 64's measured steps.
        const kvscope::StepModel rounded{1.22, 0.0011};
        DecodeReport r;
        r.batch = 64;
        for (const auto& [mode, tokens, ms] :
             {std::tuple{CacheMode::None, 64.0 * 250, 21.8}, std::tuple{CacheMode::Contiguous, 64.0, 2.7}}) {
            ModeResult m;
            m.mode = mode;
            m.completed = true;
            m.steps = {{mode, 0, ms - 0.1, std::uint64_t(tokens), 0}, {mode, 1, ms + 0.1, std::uint64_t(tokens), 0}};
            r.modes.push_back(m);
        }
        const std::vector<ModeCheck> checks = checkStepModel(rounded, r);
        QCOMPARE(checks.size(), std::size_t(2));
        QCOMPARE(checks[0].meanTokens, 16000.0);
        QVERIFY(std::abs(checks[0].predictedMs - 18.82) < 1e-9);
        QVERIFY(std::abs(checks[0].missedMs - (21.8 - 18.82)) < 1e-9);
        QVERIFY(std::abs(checks[1].predictedMs - 1.2904) < 1e-9);
        QVERIFY(checks[1].missedMs > 1.4); // the cached step costs twice what the model says
        QVERIFY(std::abs(checks[1].missedShare - (2.7 - 1.2904) / 1.2904) < 1e-9);
        QVERIFY(std::abs(checks[0].missedShare - (21.8 - 18.82) / 18.82) < 1e-9);
        QCOMPARE(checkStepModel({}, r)[0].missedShare, 0.0); // nothing predicted, no share
        // The line drawn over the steps: a + b x each step's tokens.
        const std::vector<double> line = predictSteps(rounded, r.modes[0].steps);
        QCOMPARE(line.size(), std::size_t(2));
        QVERIFY(std::abs(line[1] - 18.82) < 1e-9);
    }

    void stoppedRunClaimsNothingItDidNotMeasure_data() {
        QTest::addColumn<int>("stopAfter"); // steps seen before stop is raised
        QTest::addColumn<int>("modesReported");
        QTest::addColumn<bool>("fitMeasured");
        QTest::newRow("in the first mode") << 3 << 1 << false;
        QTest::newRow("in the second mode") << 12 + 3 << 2 << true; // tinyOptions: 12 steps
    }
    void stoppedRunClaimsNothingItDidNotMeasure() {
        QFETCH(int, stopAfter);
        QFETCH(int, modesReported);
        QFETCH(bool, fitMeasured);
        DecodeOptions o = tinyOptions();
        o.modes = {CacheMode::None, CacheMode::Contiguous, CacheMode::Paged};
        std::atomic<bool> stop{false};
        int seen = 0;
        const DecodeReport r = runDecode(o, &stop, [&](const StepRecord&) {
            if (++seen == stopAfter)
                stop = true;
        });
        QVERIFY(r.stopped);
        QCOMPARE(int(r.modes.size()), modesReported);
        QCOMPARE(r.stepsRequested, o.steps);
        QCOMPARE(r.batch, o.batch);
        QVERIFY(!r.speedupMeasured());
        QCOMPARE(r.speedup, 0.0);
        QVERIFY(!r.tokensCompared);
        QVERIFY(!r.twoPoint.measured);
        QCOMPARE(r.fitMeasured, fitMeasured);
        if (!fitMeasured) {
            QCOMPARE(r.fitAms, 0.0);
            QCOMPARE(r.fitBms, 0.0);
            QVERIFY(!r.fitValid);
        } else {
            QCOMPARE(r.fitSteps, std::size_t(o.steps)); // the completed uncached mode only
        }
        const ModeResult& last = r.modes.back();
        QVERIFY(!last.completed);
        QCOMPARE(last.steps.size(), std::size_t(3));
        if (last.mode != CacheMode::None) // the formula for the tokens it reached, not the run it was asked for
            QCOMPARE(last.memory.theoreticalKvBytes, kvBytesByFormula(o.model, o.batch, o.promptLen + 3));
        const QString reading = QString::fromStdString(englishReading(r));
        QVERIFY2(reading.contains(u"Speedup not measured"_s), qPrintable(reading));
        QVERIFY2(!reading.contains(u"0.0x"_s), qPrintable(reading));
        QVERIFY2(reading.contains(u"Tokens not compared"_s), qPrintable(reading));
        QVERIFY2(reading.contains(u"Stopped in the %1 mode after 3 of 12 steps"_s.arg(
                     QString::fromStdString(cacheModeName(last.mode)))),
                 qPrintable(reading));
        if (!fitMeasured)
            QVERIFY2(reading.contains(u"Two-term fit not measured"_s), qPrintable(reading));
    }

    void completeRunMeasuresEverything() {
        DecodeOptions o = tinyOptions();
        o.promptLen = 1;
        const DecodeReport r = runDecode(o);
        QVERIFY(!r.stopped);
        QVERIFY(r.speedupMeasured());
        QVERIFY(r.tokensCompared && r.tokensIdentical);
        QVERIFY(r.fitMeasured);
        QCOMPARE(r.fitSteps, std::size_t(3 * o.steps));
        QVERIFY(r.twoPoint.measured);
        QCOMPARE(r.twoPoint.cachedMode, CacheMode::Contiguous);
        QCOMPARE(r.twoPoint.cachedTokens, double(o.batch));
        QCOMPARE(r.twoPoint.uncachedTokens, o.batch * (1 + (o.steps - 1) / 2.0)); // prefixes 1 .. steps
        QCOMPARE(r.twoPoint.uncachedMs, r.modes[0].msPerStep);
        const QString reading = QString::fromStdString(englishReading(r));
        // Faster, or on a machine this test shares with others slower, and then said to be so (issue 25).
        QVERIFY2((reading.contains(u"x faster"_s) || reading.contains(u"x slower"_s)) &&
                     reading.contains(u"Two equations: a + 3 b"_s),
                 qPrintable(reading));
        QCOMPARE(reading.contains(u"NOT TRUSTWORTHY"_s), !r.noise.steady());
        QVERIFY(!reading.contains(u"not measured"_s));
    }

    void safetensorsRoundTrip() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(u"tiny-gpt2.safetensors"_s).toStdString();
        DecodeOptions o = tinyOptions();
        o.model.heads = 4;
        saveSafetensors(randomWeights(o.model), path);
        const GptWeights loaded = loadSafetensors(path, 4);
        QCOMPARE(loaded.config.layers, o.model.layers);
        QCOMPARE(loaded.config.width, o.model.width);
        QCOMPARE(loaded.config.vocab, o.model.vocab);
        QCOMPARE(loaded.wte, randomWeights(o.model).wte);
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        const GptWeights parsed =
            parseSafetensors(std::string_view(bytes.constData(), std::size_t(bytes.size())), path, 4);
        QCOMPARE(parsed.wte, loaded.wte);
        QCOMPARE(parsed.layers.back().fc2, loaded.layers.back().fc2);
        const DecodeReport fromRandom = runDecode(o);
        o.weightsFile = path;
        const DecodeReport fromFile = runDecode(o);
        QCOMPARE(fromFile.modes[0].tokens, fromRandom.modes[0].tokens);
        compareWithReference(o, fromFile);
    }

    void malformedSafetensors_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("needle");
        auto file = [](const QByteArray& header, const QByteArray& data) -> QByteArray {
            QByteArray out(8, 0);
            const quint64 n = quint64(header.size());
            for (int i = 0; i < 8; ++i)
                out[i] = char((n >> (8 * i)) & 0xff);
            return out.append(header).append(data);
        };
        QTest::newRow("too short") << QByteArray("abc") << u"too short"_s;
        QTest::newRow("header past the end") << file("{}", {}).replace(0, 1, "\xff") << u"the header claims"_s;
        // A number beyond a double is nlohmann's out_of_range, not a parse error: it was an internal error.
        QTest::newRow("number beyond a double")
            << file(R"({"wte":{"dtype":"F32","shape":[1e999],"data_offsets":[0,4]}})", "abcd") << u"not valid JSON"_s;
        QTest::newRow("bad json") << file("{oops", {}) << u"not valid JSON"_s;
        QTest::newRow("no wte") << file("{}", {}) << u"missing tensor 'wte.weight'"_s;
        QTest::newRow("bad dtype") << file(R"({"wte.weight":{"dtype":"I8","shape":[2,2],"data_offsets":[0,4]}})",
                                           QByteArray(4, 0))
                                   << u"dtype 'I8' is not supported"_s;
        QTest::newRow("offsets outside") << file(
                                                R"({"wte.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}})",
                                                QByteArray(8, 0))
                                         << u"lie outside"_s;
        // Issue 11: 2^62 + 1 F32 values wrapped to 4 bytes and then failed to allocate (an
        // "internal error"); a scalar shape was read as a one-dimensional one.
        QTest::newRow("shape past 64 bits")
            << file(R"({"wte.weight":{"dtype":"F32","shape":[4611686018427387905],"data_offsets":[0,4]}})",
                    QByteArray(4, 0))
            << u"the shape's size passes 64 bits"_s;
        QTest::newRow("scalar shape") << file(R"({"wte.weight":{"dtype":"F32","shape":1,"data_offsets":[0,4]}})",
                                              QByteArray(4, 0))
                                      << u"the shape must be a list of whole numbers"_s;
        QTest::newRow("object shape") << file(R"({"wte.weight":{"dtype":"F32","shape":{"a":1},"data_offsets":[0,4]}})",
                                              QByteArray(4, 0))
                                      << u"the shape must be a list of whole numbers"_s;
        QTest::newRow("size mismatch") << file(R"({"wte.weight":{"dtype":"F32","shape":[2,3],"data_offsets":[0,16]}})",
                                               QByteArray(16, 0))
                                       << u"its shape needs 24"_s;
        // Issue 11: overlapping tensor data, all-NaN weights were accepted without a word; the
        // format also forbids gaps and trailing bytes (safetensors' own loader refuses them).
        QTest::newRow("overlapping tensors")
            << file(R"({"wte.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                    R"("wpe.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[8,24]}})",
                    QByteArray(24, 0))
            << u"tensors 'wte.weight' and 'wpe.weight' overlap (bytes 8 to 16)"_s;
        QTest::newRow("a gap between tensors")
            << file(R"({"wte.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                    R"("wpe.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[20,36]}})",
                    QByteArray(36, 0))
            << u"4 data bytes before tensor 'wpe.weight' belong to no tensor"_s;
        QTest::newRow("bytes after the last tensor")
            << file(R"({"wte.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}})", QByteArray(20, 0))
            << u"4 data bytes after the last tensor"_s;
        // Values are read after the header has passed every check, so these are whole models.
        const auto spoiled = [](const std::function<void(GptWeights&)>& spoil) {
            GptConfig c;
            c.layers = 1;
            c.width = 8;
            c.heads = c.kvHeads = 1;
            c.vocab = 4;
            c.maxContext = 4;
            GptWeights g = randomWeights(c);
            spoil(g);
            QTemporaryDir scratch;
            const QString path = scratch.filePath(u"m.safetensors"_s);
            saveSafetensors(g, path.toStdString());
            QFile saved(path);
            return saved.open(QIODevice::ReadOnly) ? saved.readAll() : QByteArray();
        };
        QTest::newRow("all-NaN weights") << spoiled([](GptWeights& g) {
            std::fill(g.wte.begin(), g.wte.end(), std::numeric_limits<float>::quiet_NaN());
        }) << u"tensor 'wte.weight': value 0 is NaN"_s;
        QTest::newRow("an infinity in a bias")
            << spoiled([](GptWeights& g) { g.layers[0].fcBias[1] = std::numeric_limits<float>::infinity(); })
            << u"tensor 'h.0.mlp.c_fc.bias': value 1 is infinite"_s;
        // The same file in BF16 (each F32's high half, as a BF16 checkpoint stores it): the
        // BF16 reader finds the infinity too.
        // QByteArray named as the return type: with QStringBuilder, `a + b + c` would be a builder
        // holding references to this lambda's locals.
        const auto asBf16 = [](const QByteArray& f32) -> QByteArray {
            const auto headerSize = qFromLittleEndian<quint64>(f32.constData());
            nlohmann::json header = nlohmann::json::parse(f32.mid(8, qsizetype(headerSize)).toStdString());
            std::vector<std::pair<std::uint64_t, std::string>> order;
            for (const auto& item : header.items())
                if (item.key() != "__metadata__")
                    order.emplace_back(item.value()["data_offsets"][0].get<std::uint64_t>(), item.key());
            std::sort(order.begin(), order.end());
            QByteArray data;
            std::uint64_t offset = 0;
            for (const auto& [begin, name] : order) {
                nlohmann::json& t = header[name];
                const auto end = t["data_offsets"][1].get<std::uint64_t>();
                for (std::uint64_t i = begin; i < end; i += 4)
                    data += f32.mid(qsizetype(8 + headerSize + i + 2), 2);
                t["dtype"] = "BF16";
                t["data_offsets"] = {offset, offset + (end - begin) / 2};
                offset += (end - begin) / 2;
            }
            const std::string text = header.dump();
            QByteArray out(8, '\0');
            qToLittleEndian<quint64>(text.size(), out.data());
            return out + QByteArray::fromStdString(text) + data;
        };
        QTest::newRow("an infinity in BF16")
            << asBf16(spoiled([](GptWeights& g) { g.layers[0].fcBias[1] = std::numeric_limits<float>::infinity(); }))
            << u"tensor 'h.0.mlp.c_fc.bias': value 1 is infinite"_s;
    }
    void malformedSafetensors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"bad.safetensors"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        QString message;
        const QByteArray n = needle.toUtf8();
        QVERIFY2(throwsErrorContaining([&] { loadSafetensors(path.toStdString()); }, {n.constData()}, &message),
                 qPrintable(message));
        QVERIFY(message.startsWith(path));
        // The bytes handed straight to the parser (as the fuzzer does): the same refusal.
        QString fromBytes;
        QVERIFY(throwsErrorContaining(
            [&] { parseSafetensors(std::string_view(bytes.constData(), std::size_t(bytes.size())), "in memory"); },
            {n.constData()}, &fromBytes));
        QCOMPARE(fromBytes, u"in memory"_s + message.sliced(path.size()));
    }

    // Issue 11: --model given a directory or /dev/zero read for ever (or was an internal error).
    void weightsFileMustBeARegularFile_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("directory") << u"DIR"_s;
        QTest::newRow("/dev/zero") << u"/dev/zero"_s;
    }
    void weightsFileMustBeARegularFile() {
        QFETCH(QString, path);
        QTemporaryDir dir;
        if (path == u"DIR"_s)
            path = dir.path();
        QVERIFY(throwsErrorContaining([&] { loadSafetensors(path.toStdString()); }, {"is not a regular file"}));
    }

    void wrongShapeNamesTheTensor() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(u"x.safetensors"_s).toStdString();
        DecodeOptions o = tinyOptions();
        GptWeights w = randomWeights(o.model);
        w.layers[1].fcBias.pop_back(); // one value short
        QVERIFY(throwsErrorContaining(
            [&] {
                saveSafetensors(w, path);
                loadSafetensors(path, 4);
            },
            {"h.1.mlp.c_fc.bias"}));
    }

    void outOfMemoryIsRefusedWithNumbers() {
        DecodeOptions o = tinyOptions();
        o.model.layers = 200;
        o.model.width = 16384;
        o.model.heads = 128;
        o.model.kvHeads = 128;
        QString message;
        QVERIFY2(throwsErrorContaining([&] { runDecode(o); }, {"the run needs", "GiB", "available"}, &message),
                 qPrintable(message));
    }

    void badOptions() {
        DecodeOptions o = tinyOptions();
        o.model.kvHeads = 3;
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"--kv-heads (3) must divide --heads (4)"}));
        o = tinyOptions();
        o.batch = 0;
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"--batch"}));
        o = tinyOptions();
        o.blockSize = 0;
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"--block-size"}));
    }

    void backendChoice() {
        DeviceInfo cpu;
        cpu.reason = "no CUDA driver";
        DecodeOptions o = tinyOptions();
        std::string why;
        o.backend = BackendChoice::Auto;
        QCOMPARE(chooseBackend(o, cpu, &why), Backend::Cpu);
        QCOMPARE(why, std::string("no CUDA driver"));
        o.backend = BackendChoice::Cuda;
        QVERIFY(throwsErrorContaining([&] { chooseBackend(o, cpu); }, {"--backend cuda: no CUDA driver"}));
        o.backend = BackendChoice::Auto;
        o.precision = Precision::Bf16;
        QVERIFY(throwsErrorContaining([&] { chooseBackend(o, cpu); },
                                      {"--dtype bf16 needs the CUDA backend", "no CUDA driver"}));
        o.precision = Precision::Fp32;
        o.graphs = true;
        QVERIFY(throwsErrorContaining([&] { chooseBackend(o, cpu); }, {"--graphs needs the CUDA backend"}));

        DeviceInfo gpu;
        gpu.backend = Backend::Cuda;
        QCOMPARE(chooseBackend(o, gpu, &why), Backend::Cuda);
        QCOMPARE(why, std::string("a CUDA device answered"));
        o.backend = BackendChoice::Cpu;
        o.graphs = false;
        QCOMPARE(chooseBackend(o, gpu, &why), Backend::Cpu);
        QCOMPARE(why, std::string("--backend cpu"));
    }

    void cublasOpensAtRunTime() {
        // Needs no GPU: where the backend was built, the toolkit's cuBLAS must open and bind.
        std::string why;
        const bool available = cublasAvailable(&why);
#ifdef KVSCOPE_HAVE_CUDA
        QVERIFY2(available, why.c_str());
#else
        QVERIFY(!available);
        QVERIFY(why.find("no CUDA backend") != std::string::npos);
#endif
    }

    void bf16HalvesTheFormulas() {
        const GptConfig c; // the course's model: 32,768 B per token in FP32
        QCOMPARE(kvBytesByFormula(c, 64, 500, Precision::Fp32), std::uint64_t(1'048'576'000));
        QCOMPARE(kvBytesByFormula(c, 64, 500, Precision::Bf16), std::uint64_t(524'288'000));
        DecodeOptions o = tinyOptions();
        o.model = c;
        const std::uint64_t fp32 = estimateRunBytes(o, c);
        o.precision = Precision::Bf16;
        QVERIFY(estimateRunBytes(o, c) < fp32);
        QVERIFY(estimateRunBytes(o, c) > c.parameterCount() * 2);
    }

    // ---- the CUDA backend: each check skips, saying why, where no device answers ----

    void cudaModesAgreeWithTheCpu_data() {
        QTest::addColumn<uint>("width");
        QTest::addColumn<uint>("heads");
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<uint>("blockSize");
        QTest::addColumn<uint>("prompt");
        QTest::addColumn<bool>("graphs");
        QTest::newRow("MHA head 64") << 128u << 2u << 2u << 16u << 5u << false;
        QTest::newRow("GQA groups of 2") << 256u << 4u << 2u << 16u << 5u << false;
        QTest::newRow("MQA") << 256u << 4u << 1u << 16u << 5u << false;
        QTest::newRow("groups of 8") << 512u << 8u << 1u << 16u << 5u << false;
        QTest::newRow("groups of 3") << 384u << 6u << 2u << 16u << 5u << false;
        QTest::newRow("head 128") << 256u << 2u << 1u << 16u << 5u << false;
        QTest::newRow("block 1") << 256u << 4u << 2u << 1u << 5u << false;
        QTest::newRow("block 256") << 256u << 4u << 2u << 256u << 5u << false;
        QTest::newRow("prompt longer than a block") << 256u << 4u << 2u << 16u << 40u << false;
        QTest::newRow("graphs") << 256u << 4u << 2u << 16u << 5u << true;
        QTest::newRow("graphs, context past one split") << 256u << 4u << 2u << 16u << 150u << true;
    }
    void cudaModesAgreeWithTheCpu() {
        SKIP_WITHOUT_CUDA();
        QFETCH(uint, width);
        QFETCH(uint, heads);
        QFETCH(uint, kvHeads);
        QFETCH(uint, blockSize);
        QFETCH(uint, prompt);
        QFETCH(bool, graphs);
        DecodeOptions o = cudaOptions(width, heads, kvHeads);
        o.blockSize = blockSize;
        o.promptLen = prompt;
        o.graphs = graphs;
        const DecodeReport gpu = runDecode(o);
        QCOMPARE(gpu.backend, Backend::Cuda);
        QVERIFY(gpu.tokensIdentical);
        compareWithReference(o, gpu);
        o.backend = BackendChoice::Cpu;
        o.graphs = false;
        const DecodeReport cpu = runDecode(o);
        QCOMPARE(gpu.modes[1].tokens, cpu.modes[1].tokens); // across backends too
        for (const ModeResult& m : gpu.modes) {
            QVERIFY(m.memory.peakAllocatedBytes >= m.memory.theoreticalWeightBytes + m.memory.theoreticalKvBytes);
            QVERIFY(QString::fromStdString(m.memory.processSource).contains(u"cudaMemGetInfo"_s));
            QVERIFY(m.memory.processBytes >= m.memory.peakAllocatedBytes);
            for (const StepRecord& s : m.steps)
                QVERIFY(s.milliseconds > 0);
        }
    }

    void cudaBf16() {
        SKIP_WITHOUT_CUDA();
        DecodeOptions o = cudaOptions(256, 4, 2);
        o.precision = Precision::Bf16;
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.precision, Precision::Bf16);
        // bf16 keeps 8 bits of mantissa: the logits agree with float64 to about a percent.
        compareWithReference(o, r, 3e-2);
        for (const ModeResult& m : r.modes) {
            QCOMPARE(m.memory.theoreticalWeightBytes, o.model.parameterCount() * 2);
            if (m.mode != CacheMode::None)
                QCOMPARE(m.memory.theoreticalKvBytes,
                         kvBytesByFormula(o.model, o.batch, o.promptLen + o.steps, Precision::Bf16));
        }
        QCOMPARE(r.modes[1].steps.back().kvBytesHeld, r.modes[1].memory.theoreticalKvBytes);
    }

    void cudaMaximumContextAndStop() {
        SKIP_WITHOUT_CUDA();
        DecodeOptions o = cudaOptions(256, 4, 2);
        o.promptLen = 100;
        o.steps = o.model.maxContext - o.promptLen;
        o.graphs = true;
        QVERIFY(runDecode(o).tokensIdentical);
        checkStopAfterThreeSteps(o);
    }

    void cudaRefusals() {
        SKIP_WITHOUT_CUDA();
        DecodeOptions o = cudaOptions(256, 4, 2);
        o.model.layers = 64;
        o.model.width = 8192;
        o.model.heads = 64;
        o.model.kvHeads = 64;
        o.model.maxContext = 4096;
        o.batch = 4096;
        o.promptLen = 2048;
        o.steps = 2048;
        QString message;
        QVERIFY2(throwsErrorContaining([&] { runDecode(o); }, {"the run needs", "free device memory"}, &message),
                 qPrintable(message));
        o = cudaOptions(96, 4, 4); // head size 24
        QVERIFY(throwsErrorContaining([&] { runDecode(o); }, {"head size", "64 or 128", "this model's is 24"}));
        o.backend = BackendChoice::Auto; // Auto takes the CPU instead, and says why
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.backend, Backend::Cpu);
        QVERIFY(r.backendWhy.find("head size") != std::string::npos);
    }

    void smallGptIsTheCoursesModel() {
        const GptConfig c; // defaults
        QCOMPARE(c.parameterCount(), std::uint64_t(27'579'392));
        QCOMPARE(c.kvBytesPerToken(), std::uint64_t(32'768));
        QCOMPARE(c.kvBytesPerToken() * 500 * 64, std::uint64_t(1'048'576'000));
    }
};

QTEST_GUILESS_MAIN(TestDecode)
#include "tst_decode.moc"
