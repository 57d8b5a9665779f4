// docs/domain.md section 5: what a server can hold, the way vLLM reports it; budgets and TP.
#include "error.h"
#include "gpus.h"
#include "memorymodel.h"
#include "scenario.h"
#include "scenarioargs.h"
#include "scenariofile.h"
#include "testutils.h"
#include "units.h"

#include <QtTest>

using namespace kvscope;
using namespace Qt::StringLiterals;

class TestCapacity : public QObject {
    Q_OBJECT

private slots:
    // Issue 24: at a context of 2^40 the total passed 2^63, was cast to a negative int64 and gave a positive
    // headroom for a scenario that does not fit.
    // Issue 24: weights as the checkpoint stores them, split over the GPUs like any weights; saved with the
    // scenario; ignored (weightDtype again) for a model with nothing stored.
    void weightsAsStored() {
        Scenario s = defaultScenario();
        applyModelSource(s, std::nullopt, testDataPath("hf-configs/qwen3-qwen3-32b-awq.json").toStdString());
        QVERIFY(s.weightsAsStored);
        QCOMPARE(QString::fromStdString(s.weightDtype.name()), u"fp16"_s);
        Estimate e = estimate(s);
        QVERIFY(e.weightsAsStored);
        KV_COMPARE_U64(e.weightBytesAllGpus, 19'325'298'688ull);
        s.tensorParallel = 2;
        KV_COMPARE_U64(estimate(s).weightBytes, 19'325'298'688ull / 2);
        const Scenario back = scenarioFromText(scenarioToText(s), "saved");
        QVERIFY(back.weightsAsStored);
        KV_COMPARE_U64(estimate(back).weightBytes, estimate(s).weightBytes);
        ScenarioArgs int4;
        int4.weightDtype = "int4-g128";
        applyScenarioArgs(s, int4);
        QVERIFY(!s.weightsAsStored);
        KV_COMPARE_U64(estimate(s).weightBytesAllGpus, weightBytes(parameterCount(s.model), DType::parse("int4-g128")));
        Scenario plain = defaultScenario();
        plain.weightsAsStored = true; // a file may say so of a model with nothing stored
        QVERIFY(!estimate(plain).weightsAsStored);
        KV_COMPARE_U64(estimate(plain).weightBytes, estimate(defaultScenario()).weightBytes);
        ScenarioArgs stored;
        stored.weightDtype = std::string(kStoredWeights);
        QVERIFY(throwsErrorContaining([&] { applyScenarioArgs(plain, stored); },
                                      {"--weight-dtype", "quantization_config"}));
    }

    void headroomNeverWrapsPositive() {
        Scenario s = defaultScenario();
        s.model.kvHeads = s.model.heads; // MHA: 524,288 B per token, the naive figure the same
        s.context = 1ull << 40;
        s.batch = 16; // KV 2^19 x 2^40 x 2^4 = 2^63 B
        const Estimate e = estimate(s);
        QVERIFY(!e.fits);
        QVERIFY(e.headroomBytes < 0);
        QVERIFY(e.totalBytes > (1ull << 63)); // past int64: the old cast made it negative
        QCOMPARE(e.headroomBytes, -std::int64_t(e.totalBytes - e.budgetBytes)); // the shortfall, exactly
        s.context = 8192;
        s.batch = 1;
        const Estimate small = estimate(s);
        QVERIFY(small.fits);
        QCOMPARE(small.headroomBytes, std::int64_t(small.budgetBytes - small.totalBytes));
    }

    void vllmConcurrency_data() {
        QTest::addColumn<qulonglong>("blocks");
        QTest::addColumn<qulonglong>("tokensPerRequest");
        QTest::addColumn<qulonglong>("tokens");
        QTest::addColumn<QString>("concurrency");
        // The course's log: 643,232 tokens, 40,960 per request -> 15.70x.
        QTest::newRow("course log") << 40'202ull << 40'960ull << 643'232ull << QStringLiteral("15.70");
        // A real vLLM log for the Llama-3.1-8B shape: 158,656 tokens -> 4.84x at 32,768.
        QTest::newRow("vLLM 8B log") << 9'916ull << 32'768ull << 158'656ull << QStringLiteral("4.84");
    }
    void vllmConcurrency() {
        QFETCH(qulonglong, blocks);
        QFETCH(qulonglong, tokensPerRequest);
        QFETCH(qulonglong, tokens);
        QFETCH(QString, concurrency);
        const ModelShape m = loadPreset("llama-3.1-8b");
        // KV memory of exactly `blocks` blocks plus a few stray bytes that make no whole block.
        const std::uint64_t blockBytes = 16 * 131'072ull;
        const Capacity c =
            capacityFromKvMemory(m, DType::bf16(), blocks * blockBytes + blockBytes - 1, 16, tokensPerRequest);
        KV_COMPARE_U64(c.blockBytes, blockBytes);
        KV_COMPARE_U64(c.blocks, blocks);
        KV_COMPARE_U64(c.tokens, tokens);
        QCOMPARE(QString::number(c.maxConcurrency, 'f', 2), concurrency);
    }

    void blockSizeRoundsDown() {
        const ModelShape m = loadPreset("llama-3.1-8b");
        // 100 tokens' worth of memory holds 6 blocks of 16 = 96 tokens.
        const Capacity c = capacityFromKvMemory(m, DType::bf16(), 100 * 131'072ull, 16, 96);
        KV_COMPARE_U64(c.tokens, 96ull);
        QCOMPARE(c.maxConcurrency, 1.0);
        const Capacity one = capacityFromKvMemory(m, DType::bf16(), 100 * 131'072ull, 1, 100);
        KV_COMPARE_U64(one.tokens, 100ull);
    }

    void a100NaiveArticle() {
        // The vLLM article: ~20 GB left for cache, naive 512 KB per token, 4K context -> ~10 requests.
        ModelShape m = loadPreset("llama-3.1-8b");
        const std::uint64_t naivePerRequest = kvBytesNaive(m, DType::bf16(), 4096, 1);
        KV_COMPARE_U64(naivePerRequest, 2 * GiB);
        QCOMPARE((20 * GiB) / naivePerRequest, std::uint64_t(10));
        // With GQA the same 20 GiB holds 40 such requests.
        const Capacity c = capacityFromKvMemory(m, DType::bf16(), 20 * GiB, 16, 4096);
        QCOMPARE(c.maxConcurrency, 40.0);
    }

    void defaultScenarioIsTheCourses() {
        const Scenario s = defaultScenario();
        QCOMPARE(QString::fromStdString(s.model.id), QStringLiteral("llama-3.1-8b"));
        QCOMPARE(s.context, std::uint64_t(8192));
        QCOMPARE(s.batch, std::uint64_t(8));
        KV_COMPARE_U64(s.gpuMemoryBytes, 24 * GiB);
        const Estimate e = estimate(s);
        KV_COMPARE_U64(e.kvBytes, 8'589'934'592ull);
        QCOMPARE(e.naiveFactor, 4.0); // 32 query heads share 8 KV heads
        KV_COMPARE_U64(e.weightBytes, 16'060'522'496ull);
        QCOMPARE(round2(toGiB(e.weightBytes)), 14.96);
        KV_COMPARE_U64(e.totalBytes, e.weightBytes + e.kvBytes + e.activationBytes + e.runtimeBytes);
        KV_COMPARE_U64(e.budgetBytes, static_cast<std::uint64_t>(std::floor(double(24 * GiB) * 0.9)));
        // 23 GiB of weights + cache on a 24 GiB card does not fit once vLLM keeps 10% back
        // and the CUDA context is counted: the course's warning, in numbers.
        QVERIFY(!e.fits);
        QCOMPARE(e.headroomBytes, std::int64_t(e.budgetBytes) - std::int64_t(e.totalBytes));
    }

    void verdictFlipsAtTheBudget() {
        Scenario s = defaultScenario();
        s.utilization = 1.0;
        const Estimate base = estimate(s);
        s.gpuMemoryBytes = base.totalBytes;
        QVERIFY(estimate(s).fits);
        QCOMPARE(estimate(s).headroomBytes, std::int64_t(0));
        s.gpuMemoryBytes = base.totalBytes - 1;
        QVERIFY(!estimate(s).fits);
        QCOMPARE(estimate(s).headroomBytes, std::int64_t(-1));
    }

    void maxBatchAndContextAgreeWithTheVerdict() {
        Scenario s = defaultScenario();
        s.gpuId = "a100-80gb";
        s.gpuMemoryBytes = findGpuPreset("a100-80gb").memoryBytes;
        const std::uint64_t maxBatch = maxBatchForContext(s);
        QVERIFY(maxBatch > 8);
        s.batch = maxBatch;
        QVERIFY(estimate(s).fits);
        s.batch = maxBatch + 1;
        QVERIFY(!estimate(s).fits);

        s.batch = 8;
        const std::uint64_t maxContext = maxContextForBatch(s);
        s.context = maxContext;
        QVERIFY(estimate(s).fits);
        s.context = maxContext + 1;
        QVERIFY(!estimate(s).fits);
    }

    void windowedModelsHaveUnboundedContext() {
        Scenario s = defaultScenario();
        s.model = loadPreset("mistral-7b");
        s.batch = 1;
        // Every layer stops at 4096 tokens, so any context fits once the window fits.
        QCOMPARE(maxContextForBatch(s), s.model.maxContext);
    }

    void tensorParallel_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<uint>("kvHeadsPerGpu");
        QTest::addColumn<bool>("replicated");
        QTest::newRow("8B tp1") << QStringLiteral("llama-3.1-8b") << 1u << 8u << false;
        QTest::newRow("8B tp2") << QStringLiteral("llama-3.1-8b") << 2u << 4u << false;
        QTest::newRow("8B tp8") << QStringLiteral("llama-3.1-8b") << 8u << 1u << false;
        QTest::newRow("8B tp16 replicated") << QStringLiteral("llama-3.1-8b") << 16u << 1u << true;
        QTest::newRow("qwen tp4") << QStringLiteral("qwen2.5-7b") << 4u << 1u << false;
        QTest::newRow("70B tp4") << QStringLiteral("llama-3-70b") << 4u << 2u << false;
    }
    void tensorParallel() {
        QFETCH(QString, preset);
        QFETCH(uint, tp);
        QFETCH(uint, kvHeadsPerGpu);
        QFETCH(bool, replicated);
        Scenario s = defaultScenario();
        s.model = loadPreset(preset.toStdString());
        s.tensorParallel = tp;
        const Estimate e = estimate(s);
        QCOMPARE(e.kvHeadsPerGpu, kvHeadsPerGpu);
        QCOMPARE(e.kvReplicated, replicated);
        KV_COMPARE_U64(e.kvBytes, kvBytes(s.model, s.kvDtype, s.context, s.batch) / s.model.kvHeads * kvHeadsPerGpu);
        KV_COMPARE_U64(e.weightBytes, (e.weightBytesAllGpus + tp - 1) / tp);
    }

    // The whole model's cache beside the per-GPU one: the attention page's "real" figure, next to
    // the naive whole-model one.
    void kvBytesAllGpus_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<qulonglong>("perGpu");
        QTest::addColumn<qulonglong>("allGpus");
        // Llama-3.1-8B: 128 KiB per token x 8192 x 8 = 8 GiB; TP 2 keeps 4 of 8 KV heads per GPU.
        QTest::newRow("8B tp1") << u"llama-3.1-8b"_s << 8192ull << 8ull << 1u << (8ull << 30) << (8ull << 30);
        QTest::newRow("8B tp2") << u"llama-3.1-8b"_s << 8192ull << 8ull << 2u << (4ull << 30) << (8ull << 30);
        // TP 16 > 8 KV heads: one head per GPU, replicated: 1 GiB each, still 8 GiB for the model.
        QTest::newRow("8B tp16") << u"llama-3.1-8b"_s << 8192ull << 8ull << 16u << (1ull << 30) << (8ull << 30);
        // Llama-3-70B: 320 KiB per token x 4096 = 1.25 GiB; TP 4: 2 of 8 heads, 0.3125 GiB.
        QTest::newRow("70B tp4") << u"llama-3-70b"_s << 4096ull << 1ull << 4u << (5ull << 28) / 4 << (5ull << 28);
    }
    void kvBytesAllGpus() {
        QFETCH(QString, preset);
        QFETCH(qulonglong, context);
        QFETCH(qulonglong, batch);
        QFETCH(uint, tp);
        QFETCH(qulonglong, perGpu);
        QFETCH(qulonglong, allGpus);
        Scenario s = defaultScenario();
        s.model = loadPreset(preset.toStdString());
        s.context = context;
        s.batch = batch;
        s.tensorParallel = tp;
        const Estimate e = estimate(s);
        KV_COMPARE_U64(e.kvBytes, perGpu);
        KV_COMPARE_U64(e.kvBytesAllGpus, allGpus);
    }

    void tensorParallelErrors() {
        Scenario s = defaultScenario();
        s.tensorParallel = 3;
        QVERIFY(throwsErrorContaining([&] { estimate(s); }, {"--tp", "32 query heads"}));
        s.model = loadPreset("qwen2.5-7b"); // 28 heads, 4 KV heads
        s.tensorParallel = 7;
        QVERIFY(throwsErrorContaining([&] { estimate(s); }, {"--tp", "7 GPUs", "4 KV heads"}));
    }

    void scenarioErrors_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("needle");
        QTest::newRow("zero context") << 0 << QStringLiteral("context");
        QTest::newRow("zero batch") << 1 << QStringLiteral("batch");
        QTest::newRow("zero memory") << 2 << QStringLiteral("GPU memory");
        QTest::newRow("utilization above 1") << 3 << QStringLiteral("utilization");
        QTest::newRow("zero block size") << 4 << QStringLiteral("block size");
    }
    void scenarioErrors() {
        QFETCH(int, field);
        QFETCH(QString, needle);
        Scenario s = defaultScenario();
        switch (field) {
        case 0:
            s.context = 0;
            break;
        case 1:
            s.batch = 0;
            break;
        case 2:
            s.gpuMemoryBytes = 0;
            break;
        case 3:
            s.utilization = 1.5;
            break;
        case 4:
            s.blockSize = 0;
            break;
        }
        const QByteArray n = needle.toUtf8();
        QVERIFY(throwsErrorContaining([&] { estimate(s); }, {n.constData()}));
    }

    void gpuPresets() {
        const std::uint64_t required[] = {12, 16, 24, 40, 48, 80, 94, 141};
        for (std::uint64_t gib : required) {
            bool found = false;
            for (const auto& gpu : kvscope::gpuPresets())
                found = found || gpu.memoryBytes == gib * GiB;
            QVERIFY2(found, qPrintable(QStringLiteral("no %1 GiB preset").arg(gib)));
        }
        QVERIFY(throwsErrorContaining([] { findGpuPreset("rtx-9090"); }, {"unknown GPU 'rtx-9090'", "rtx-4090"}));
    }

    // Issue 30: the runtime grows with tensor parallelism. One GPU: a typical CUDA context, 512 MiB. Two or more:
    // plus NCCL's buffers, the 1.79 GiB step vLLM's profiler measured from TP 1 to TP 2 (1,833 MiB), on every GPU,
    // and the KV memory a server has is that much smaller.
    void runtimeGrowsWithTensorParallel_data() {
        QTest::addColumn<uint>("tp");
        QTest::addColumn<qulonglong>("communication");
        QTest::newRow("tp1") << 1u << 0ull;
        QTest::newRow("tp2") << 2u << 1833ull * MiB;
        QTest::newRow("tp8") << 8u << 1833ull * MiB;
    }
    void runtimeGrowsWithTensorParallel() {
        QFETCH(uint, tp);
        QFETCH(qulonglong, communication);
        Scenario s = defaultScenario();
        s.model = loadPreset("llama-3.1-8b");
        s.gpuId = "h100-80gb";
        s.gpuMemoryBytes = 80 * GiB;
        s.tensorParallel = tp;
        const Estimate e = estimate(s);
        KV_COMPARE_U64(e.communicationBytes, communication);
        KV_COMPARE_U64(e.runtimeBytes, 512 * MiB + communication);
        const Capacity c = capacity(s);
        KV_COMPARE_U64(c.runtimeBytes, e.runtimeBytes);
        KV_COMPARE_U64(c.kvMemoryBytes, c.budgetBytes - c.weightBytes - c.activationBytes - c.runtimeBytes);
        QCOMPARE(std::string(communicationEstimateSource()).find("PR #10511") != std::string::npos, true);
    }

    void overheadsAreLabelledEstimates() {
        const OverheadEstimate o = estimateOverheads(defaultScenario());
        KV_COMPARE_U64(o.runtimeBytes, 512 * MiB);
        KV_COMPARE_U64(o.communicationBytes, 0);
        // 2048-token chunk x (4 x 4096 + 2 x 14336) x 2 B + 8 x 128,256 x 4 B of logits.
        KV_COMPARE_U64(o.activationBytes, 2048ull * (4 * 4096 + 2 * 14336) * 2 + 8ull * 128256 * 4);
    }
};

QTEST_GUILESS_MAIN(TestCapacity)
#include "tst_capacity.moc"
