// The CUDA backend's own source (gpu/cudadecode.cu: weights upload, buffers, the forward
// pass's launches and cuBLAS products, paged tables, CUDA graph capture and replay, the
// dynamic cache's strided growth copies, the INT8 and FP8 caches) run on
// the CPU against an emulated runtime (cudaruntimeemulation.h), and compared with the CPU
// backend token for token. It runs wherever the CUDA headers exist, GPU or not; on a
// device, tst_decode's CUDA checks run the same code for real.
#include "cudaruntimeemulation.h"

// cudadecode.cu compiled here under other names, beside the real one in kvscope_gpu.
#define KVSCOPE_CUDA_EMULATION
#define kernels kernels_emulated
#define makeCudaSession makeEmulatedCudaSession
#define timeAttentionCuda emulatedTimeAttentionCuda
#define deviceCopyBandwidth emulatedDeviceCopyBandwidth
#define cublasAvailable emulatedCublasAvailable
#include "cudadecode.cu"

#include "testutils.h"

#include <QtTest>

using namespace kvscope::gpu;
using namespace Qt::StringLiterals;

namespace {

DecodeOptions smallOptions() {
    DecodeOptions o;
    o.model.layers = 2;
    o.model.width = 128;
    o.model.heads = 2; // head size 64
    o.model.kvHeads = 2;
    o.model.vocab = 97;
    o.model.maxContext = 64;
    o.model.seed = 5;
    o.batch = 2;
    o.steps = 6;
    o.promptLen = 5;
    o.seed = 9;
    o.backend = BackendChoice::Cpu;
    return o;
}

struct EmulatedRun {
    std::vector<std::vector<std::int32_t>> tokens; // generated, per sequence
    std::vector<float> lastLogits;
    std::vector<std::uint64_t> kvBytesHeld, kvBytesPeak, kvBytesCopied; // per step
    std::uint64_t peak = 0, weightsOnDevice = 0;
};

// The driver's loop (decode.cpp) around the emulated CUDA session.
EmulatedRun runEmulated(const DecodeOptions& o, CacheMode mode) {
    const GptWeights weights = randomWeights(o.model);
    EmulatedRun run;
    {
        auto session = detail::makeEmulatedCudaSession(weights, o);
        run.weightsOnDevice = session->peakAllocated();
        session->resetPeak();
        auto engine = session->engine(mode);
        auto tokens = makePrompts(o, weights.config.vocab);
        std::vector<std::int32_t> next;
        for (std::uint32_t step = 0; step < o.steps; ++step) {
            const std::uint32_t length = o.promptLen + step;
            const std::uint32_t start = mode == CacheMode::None ? 0 : (step == 0 ? 0 : length - 1);
            engine->step(tokens, start, length - start, next);
            for (std::uint32_t b = 0; b < o.batch; ++b)
                tokens[b].push_back(next[b]);
            run.kvBytesHeld.push_back(engine->kvBytesHeld());
            run.kvBytesPeak.push_back(engine->kvBytesPeakInStep());
            run.kvBytesCopied.push_back(engine->kvBytesCopiedInStep());
        }
        run.lastLogits = engine->lastLogits();
        run.peak = session->peakAllocated();
        for (auto& t : tokens)
            run.tokens.emplace_back(t.begin() + o.promptLen, t.end());
    }
    return run;
}

double maxDifference(const std::vector<float>& a, const std::vector<float>& b) {
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::abs(double(a[i]) - double(b[i])));
    return worst;
}

} // namespace

class TestCudaBackend : public QObject {
    Q_OBJECT

private slots:
    void matchesTheCpuBackend_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<uint>("blockSize");
        QTest::addColumn<bool>("graphs");
        QTest::addColumn<uint>("prompt");
        QTest::newRow("no cache") << int(CacheMode::None) << 2u << 16u << false << 5u;
        QTest::newRow("contiguous") << int(CacheMode::Contiguous) << 2u << 16u << false << 5u;
        QTest::newRow("paged, block 4") << int(CacheMode::Paged) << 2u << 4u << false << 5u;
        QTest::newRow("paged MQA, block 1") << int(CacheMode::Paged) << 1u << 1u << false << 5u;
        QTest::newRow("contiguous, graphs") << int(CacheMode::Contiguous) << 2u << 16u << true << 5u;
        QTest::newRow("paged, graphs") << int(CacheMode::Paged) << 1u << 4u << true << 5u;
        // Past 128 positions a one-token step splits the context and combines the parts.
        QTest::newRow("paged, graphs, context split in two") << int(CacheMode::Paged) << 1u << 16u << true << 126u;
        // The cache kinds: dynamic (grown and copied every step; graphs are not used for it), INT8.
        QTest::newRow("dynamic") << int(CacheMode::Dynamic) << 2u << 16u << false << 5u;
        QTest::newRow("dynamic MQA, long prompt") << int(CacheMode::Dynamic) << 1u << 16u << false << 40u;
        QTest::newRow("int8") << int(CacheMode::Int8) << 2u << 16u << false << 5u;
        QTest::newRow("int8 MQA, graphs") << int(CacheMode::Int8) << 1u << 16u << true << 5u;
        QTest::newRow("int8, graphs, context split in two") << int(CacheMode::Int8) << 2u << 16u << true << 126u;
    }
    void matchesTheCpuBackend() {
        QFETCH(int, mode);
        QFETCH(uint, kvHeads);
        QFETCH(uint, blockSize);
        QFETCH(bool, graphs);
        QFETCH(uint, prompt);
        DecodeOptions o = smallOptions();
        o.promptLen = prompt;
        o.model.maxContext = std::max(o.model.maxContext, prompt + o.steps);
        if (prompt > 100) // one long sequence is enough, and emulated prefill is slow
            o.batch = 1;
        o.model.kvHeads = kvHeads;
        o.blockSize = blockSize;
        o.graphs = graphs;
        o.modes = {CacheMode(mode)};
        emu::runtime = {};
        const EmulatedRun gpu = runEmulated(o, CacheMode(mode));
        QVERIFY2(emu::runtime.allocations.empty(), "device memory left allocated after the session ended");
        if (graphs) // the prompt step runs plainly; every one-token step after it is a replay
            QCOMPARE(emu::runtime.replays, int(o.steps) - 1);

        DecodeOptions cpuOptions = o;
        cpuOptions.graphs = false;
        const DecodeReport cpu = runDecode(cpuOptions);
        QCOMPARE(gpu.tokens, cpu.modes[0].tokens);
        const double worst = maxDifference(gpu.lastLogits, cpu.modes[0].lastLogits);
        QVERIFY2(worst < 1e-4, qPrintable(u"max |emulated CUDA - CPU| logit = %1"_s.arg(worst)));
        for (std::size_t s = 0; s < gpu.kvBytesHeld.size(); ++s)
            QCOMPARE(gpu.kvBytesHeld[s], cpu.modes[0].steps[s].kvBytesHeld);
        // Our allocator's peak holds the cache the formula asks for (for the int8 cache: its bytes and scales).
        if (CacheMode(mode) != CacheMode::None)
            QVERIFY(gpu.peak >= gpu.weightsOnDevice + kvBytesByFormula(o.model, o.batch, o.promptLen + o.steps,
                                                                       CacheMode(mode), Precision::Fp32));
        for (std::size_t s = 0; s < gpu.kvBytesPeak.size(); ++s) {
            QCOMPARE(gpu.kvBytesPeak[s], cpu.modes[0].steps[s].kvBytesPeak);
            QCOMPARE(gpu.kvBytesCopied[s], cpu.modes[0].steps[s].kvBytesCopied);
        }
    }

    // FP8 E4M3 (CUDA only: there is no CPU FP8 cache to match): the cache is 8 + 32 / 64 bits per
    // value, and the logits stay within a few percent of the FP32 cache's (3 mantissa bits per
    // value, one FP32 scale per token and KV head).
    void fp8CacheStaysClose() {
        DecodeOptions o = smallOptions();
        emu::runtime = {};
        const EmulatedRun fp8 = runEmulated(o, CacheMode::Fp8);
        QVERIFY(emu::runtime.allocations.empty());
        const EmulatedRun fp32 = runEmulated(o, CacheMode::Contiguous);
        QCOMPARE(fp8.kvBytesHeld.back() * 256, fp32.kvBytesHeld.back() * (64 + 4));
        double scale = 1e-3;
        for (float v : fp32.lastLogits)
            scale = std::max(scale, std::abs(double(v)));
        const double worst = maxDifference(fp8.lastLogits, fp32.lastLogits);
        QVERIFY2(worst > 0 && worst <= 5e-2 * scale,
                 qPrintable(u"max |fp8 - fp32| = %1 for logits up to %2"_s.arg(worst).arg(scale)));
        for (std::size_t b = 0; b < fp8.tokens.size(); ++b) // the prompt's token, before any difference compounds
            QCOMPARE(fp8.tokens[b][0], fp32.tokens[b][0]);
    }

    void bf16HalvesTheCacheAndStaysClose() {
        DecodeOptions o = smallOptions();
        o.precision = Precision::Bf16;
        emu::runtime = {};
        const EmulatedRun bf16 = runEmulated(o, CacheMode::Paged);
        QVERIFY(emu::runtime.allocations.empty());
        DecodeOptions fp32Options = o;
        fp32Options.precision = Precision::Fp32;
        const EmulatedRun fp32 = runEmulated(fp32Options, CacheMode::Paged);
        QCOMPARE(bf16.kvBytesHeld.back() * 2, fp32.kvBytesHeld.back());
        // The embeddings and matrices go to the device in 2 bytes instead of 4; norms and biases stay FP32.
        const GptWeights w = randomWeights(o.model);
        std::uint64_t matrixValues = w.wte.size() + w.wpe.size();
        for (const auto& L : w.layers)
            matrixValues += L.qkv.size() + L.proj.size() + L.fc.size() + L.fc2.size();
        QCOMPARE(fp32.weightsOnDevice - bf16.weightsOnDevice, matrixValues * 2);
        // bf16 keeps 8 mantissa bits: logits within the 3% of their scale that tst_decode's
        // device check allows against float64.
        double scale = 1e-3;
        for (float v : fp32.lastLogits)
            scale = std::max(scale, std::abs(double(v)));
        const double worst = maxDifference(bf16.lastLogits, fp32.lastLogits);
        QVERIFY2(worst <= 3e-2 * scale,
                 qPrintable(u"max |bf16 - fp32| = %1 for logits up to %2"_s.arg(worst).arg(scale)));
        // The first token comes from the prompt alone; bf16 rounding should not change it here.
        for (std::size_t b = 0; b < bf16.tokens.size(); ++b)
            QCOMPARE(bf16.tokens[b][0], fp32.tokens[b][0]);
    }

    void refusesShapesItHasNoKernelFor() {
        DecodeOptions o = smallOptions();
        o.model.heads = 4; // head size 32
        const GptWeights weights = randomWeights(o.model);
        QVERIFY(throwsErrorContaining([&] { detail::makeEmulatedCudaSession(weights, o); },
                                      {"head size", "64 or 128", "this model's is 32"}));
    }
};

QTEST_GUILESS_MAIN(TestCudaBackend)
#include "tst_cudabackend.moc"
