// What an estimate assumes, said in its figures: the KV formula's terms multiply to the total
// (sliding windows included), the parameter count says where it comes from, one rule for
// changing the KV heads, and the reasons behind an empty cache or an over-long context.
#include "hfconfig.h"
#include "kvformula.h"
#include "memorymodel.h"
#include "scenario.h"
#include "scenariofile.h"
#include "sweep.h"
#include "testutils.h"
#include "units.h"

#include <QtTest>

using namespace kvscope;

namespace {

// Gemma-2-9B's attention (config.json: 42 layers, 16 heads, 8 KV heads, head_dim 256,
// sliding_window 4096, every even layer local): 21 layers keep 4,096 tokens, 21 the whole context.
ModelShape gemma2Like() {
    ModelShape m;
    m.id = "gemma2-like";
    m.displayName = "Gemma-2-9B (attention only)";
    m.layers = 42;
    m.hidden = 3584;
    m.heads = 16;
    m.kvHeads = 8;
    m.headDim = 256;
    m.intermediate = 14336;
    m.vocab = 256000;
    m.maxContext = 8192;
    m.slidingWindow = 4096;
    m.windowedLayers.resize(42);
    for (std::uint32_t i = 0; i < 42; ++i)
        m.windowedLayers[i] = i % 2 == 0;
    return m;
}

// Gemma-3-1B's attention: 26 layers, 1 KV head of 256, window 512, every sixth layer global
// (layers 5, 11, 17, 23): 4 global, 22 windowed.
ModelShape gemma3Like() {
    ModelShape m;
    m.id = "gemma3-like";
    m.displayName = "Gemma-3-1B (attention only)";
    m.layers = 26;
    m.hidden = 1152;
    m.heads = 4;
    m.kvHeads = 1;
    m.headDim = 256;
    m.intermediate = 6912;
    m.vocab = 262144;
    m.maxContext = 32768;
    m.slidingWindow = 512;
    m.windowedLayers.resize(26);
    for (std::uint32_t i = 0; i < 26; ++i)
        m.windowedLayers[i] = (i + 1) % 6 != 0;
    return m;
}

ModelShape shapeNamed(const QString& name) {
    if (name == u"gemma2")
        return gemma2Like();
    if (name == u"gemma3")
        return gemma3Like();
    return loadPreset(name.toStdString());
}

} // namespace

class TestKvFormula : public QObject {
    Q_OBJECT

private slots:
    // Hand-derived: bytes per token per layer = 2 x H_kv x D x 2 B (BF16); a windowed layer holds
    // min(S, window) tokens.
    void termsMultiplyToTheTotal_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<QString>("kvDtype");
        QTest::addColumn<int>("terms");
        QTest::addColumn<qulonglong>("firstTokens"); // S of the first term
        QTest::addColumn<qulonglong>("total");
        // Llama-3.1-8B, docs/domain.md's table: 2 x 32 x 8 x 8,192 x 8 x 128 x 2 B = 8 GiB.
        QTest::newRow("llama 8K x 8") << u"llama-3.1-8b"_qs << 8192ull << 8ull << u"bf16"_qs << 1 << 8192ull
                                      << 8ull * GiB;
        // Mistral-7B at 32K: every layer keeps 4,096 tokens: 2 x 32 x 8 x 4,096 x 8 x 128 x 2 B = 4 GiB,
        // not the 32 GiB that S = 32,768 would give.
        QTest::newRow("mistral 32K x 8") << u"mistral-7b"_qs << 32768ull << 8ull << u"bf16"_qs << 1 << 4096ull
                                         << 4ull * GiB;
        // Within the window the cap does nothing: one term with S = 2,048.
        QTest::newRow("mistral 2K x 1") << u"mistral-7b"_qs << 2048ull << 1ull << u"bf16"_qs << 1 << 2048ull
                                        << 2ull * 32 * 2048 * 8 * 128 * 2;
        // Gemma 2: 21 x 8,192 x 8,192 B + 21 x 4,096 x 8,192 B = 1,409,286,144 + 704,643,072.
        QTest::newRow("gemma2 8K x 1") << u"gemma2"_qs << 8192ull << 1ull << u"bf16"_qs << 2 << 8192ull
                                       << 2'113'929'216ull;
        // Gemma 3: 4 x 32,768 x 1,024 B x 2 + 22 x 512 x 1,024 B x 2 = 268,435,456 + 23,068,672.
        QTest::newRow("gemma3 32K x 2") << u"gemma3"_qs << 32768ull << 2ull << u"bf16"_qs << 2 << 32768ull
                                        << 291'504'128ull;
        // FP8 cache halves every term: 2 x 32 x 8 x 4,096 x 8 x 128 x 1 B.
        QTest::newRow("mistral fp8") << u"mistral-7b"_qs << 32768ull << 8ull << u"fp8"_qs << 1 << 4096ull << 2ull * GiB;
        // DeepSeek-V2-Lite's latent: 27 x 8 x 8,192 x (512 + 64) x 2 B, no factor 2.
        QTest::newRow("mla") << u"deepseek-v2-lite"_qs << 8192ull << 8ull << u"bf16"_qs << 1 << 8192ull
                             << 27ull * 8 * 8192 * 576 * 2;
    }
    void termsMultiplyToTheTotal() {
        QFETCH(QString, model);
        QFETCH(qulonglong, context);
        QFETCH(qulonglong, batch);
        QFETCH(QString, kvDtype);
        QFETCH(int, terms);
        QFETCH(qulonglong, firstTokens);
        QFETCH(qulonglong, total);
        const ModelShape m = shapeNamed(model);
        const DType kv = DType::parse(kvDtype.toStdString(), "kv");
        const KvFormula f = kvFormula(m, kv, context, batch);
        QCOMPARE(int(f.terms.size()), terms);
        KV_COMPARE_U64(f.terms.front().tokens, firstTokens);
        KV_COMPARE_U64(f.totalBytes, total);
        KV_COMPARE_U64(f.totalBytes, kvBytes(m, kv, context, batch)); // what every other figure uses
        QVERIFY(f.exact);
        std::uint64_t sum = 0;
        std::uint32_t layers = 0;
        for (const KvFormulaTerm& t : f.terms) {
            // The factors shown multiply to the bytes shown.
            KV_COMPARE_U64(t.elements() * f.elementBits / 8, t.bytes);
            QCOMPARE(t.windowed, t.tokens < context);
            QVERIFY(t.tokens <= context);
            sum += t.bytes;
            layers += t.layers;
        }
        KV_COMPARE_U64(sum, f.totalBytes);
        QCOMPARE(layers, m.layers);
    }

    // DSA (DeepSeek-V3.2's sparse attention) caches the indexer's key beside the latent: 128 FP8 values and one
    // FP32 scale = 132 B per token per layer, at any KV dtype. DeepSeek-V3.2 at 32,768 tokens x 4 sequences:
    // 61 x 4 x 32,768 x (576 x 2 B + 132 B) = 61 x 131,072 x 1,284 = 10,266,083,328 B in BF16; in FP8 the latent
    // halves, the indexer does not: 61 x 131,072 x (576 + 132) = 5,660,737,536 B.
    void indexerKeys_data() {
        QTest::addColumn<QString>("kvDtype");
        QTest::addColumn<qulonglong>("total");
        QTest::newRow("bf16") << u"bf16"_qs << 10'266'083'328ull;
        QTest::newRow("fp8") << u"fp8"_qs << 5'660'737'536ull;
    }
    void indexerKeys() {
        QFETCH(QString, kvDtype);
        QFETCH(qulonglong, total);
        const ModelShape m =
            importHfConfigFile(testDataPath("hf-configs/deepseek_v32-deepseek-v3.2.json").toStdString()).shape;
        const DType kv = DType::parse(kvDtype.toStdString(), "kv");
        KV_COMPARE_U64(indexerKeyBytes(m), 132u);
        const KvFormula f = kvFormula(m, kv, 32768, 4);
        QVERIFY(f.mla && f.indexer);
        QVERIFY(!f.exact); // the latent's values alone do not make the bytes
        QCOMPARE(int(f.terms.size()), 1);
        const KvFormulaTerm& t = f.terms.front();
        QCOMPARE(t.indexerBytes, 132u);
        // The factors shown multiply to the bytes shown: L x B x S x (values x bytes + indexer key).
        KV_COMPARE_U64(t.elements() * f.elementBits / 8 + std::uint64_t(t.layers) * t.batch * t.tokens * 132, t.bytes);
        KV_COMPARE_U64(f.totalBytes, total);
        KV_COMPARE_U64(f.totalBytes, kvBytes(m, kv, 32768, 4));
        // Without the indexer the same model is DeepSeek-V3's latent alone.
        ModelShape plain = m;
        plain.mla.indexHeadDim = 0;
        plain.mla.indexHeads = 0;
        KV_COMPARE_U64(kvBytes(plain, kv, 32768, 4), t.elements() * f.elementBits / 8);
    }

    // Under tensor parallelism the formula puts in the per-GPU heads, as the estimate does.
    void perGpuHeads() {
        Scenario s = withPresetModel(defaultScenario(), "llama-3-70b");
        s.tensorParallel = 4;
        const Estimate e = estimate(s);
        const KvFormula f = kvFormula(s.model, s.kvDtype, s.context, s.batch, PerGpu{s.tensorParallel});
        QCOMPARE(f.terms.front().kvHeads, 2u);
        KV_COMPARE_U64(f.totalBytes, e.kvBytes);
    }

    // Where the parameter count comes from, through a scenario file and back.
    void paramsSource() {
        ModelShape m = loadPreset("llama-3.1-8b");
        QVERIFY(m.paramsOverride != 0);
        QCOMPARE(parameterBreakdown(m).source, ParamsSource::Published);
        m.paramsSource = ParamsSource::UserSet;
        m.paramsOverride = 7'000'000'000ull;
        QCOMPARE(parameterBreakdown(m).source, ParamsSource::UserSet);
        QVERIFY(!parameterBreakdown(m).estimated);
        ModelShape estimated = m;
        estimated.paramsOverride = 0;
        QCOMPARE(parameterBreakdown(estimated).source, ParamsSource::Estimated);

        Scenario s = defaultScenario();
        s.model = m;
        const Scenario back = scenarioFromText(scenarioToText(s), "memory");
        QCOMPARE(back.model.paramsSource, ParamsSource::UserSet);
        KV_COMPARE_U64(back.model.paramsOverride, 7'000'000'000ull);
    }

    // One rule for the KV heads: only the K/V projections change, a given count keeps the rest.
    void withKvHeadsChangesOnlyTheKvProjections_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<bool>("published");
        // Llama-3.1-8B, 8 -> 1 KV heads: 32 layers x 2 x 4,096 x (8 - 1) x 128 = 234,881,024 fewer weights.
        QTest::newRow("llama published 8->1") << u"llama-3.1-8b"_qs << 1u << true;
        QTest::newRow("llama estimated 8->32") << u"llama-3.1-8b"_qs << 32u << false;
        QTest::newRow("mistral published 8->4") << u"mistral-7b"_qs << 4u << true;
    }
    void withKvHeadsChangesOnlyTheKvProjections() {
        QFETCH(QString, preset);
        QFETCH(uint, kvHeads);
        QFETCH(bool, published);
        ModelShape m = loadPreset(preset.toStdString());
        if (!published)
            m.paramsOverride = 0;
        const ModelShape v = withKvHeads(m, kvHeads);
        QCOMPARE(v.kvHeads, kvHeads);
        const std::int64_t kvProjection = 2ll * m.layers * m.hidden * m.effectiveHeadDim(); // per KV head
        const std::int64_t expected =
            std::int64_t(parameterCount(m)) - kvProjection * (std::int64_t(m.kvHeads) - std::int64_t(kvHeads));
        QCOMPARE(std::int64_t(parameterCount(v)), expected);
        QCOMPARE(parameterBreakdown(v).source, published ? ParamsSource::Published : ParamsSource::Estimated);
        QCOMPARE(parameterBreakdown(v).kvAdjusted, published);
        if (preset == u"llama-3.1-8b" && kvHeads == 1)
            QCOMPARE(std::int64_t(parameterCount(m)) - std::int64_t(parameterCount(v)), 234'881'024ll);
        QVERIFY(throwsErrorContaining([&] { withKvHeads(m, 5); }, {"must divide"}));
    }

    // The attention page's variants follow withKvHeads: their weights and largest batches are what a
    // scenario with that many KV heads gives.
    void variantsFollowTheRule() {
        const Scenario s = defaultScenario();
        for (const AttentionVariant& v : attentionVariants(s)) {
            Scenario one = s;
            one.model = withKvHeads(s.model, v.kvHeads);
            const Estimate e = estimate(one);
            KV_COMPARE_U64(v.params.total, e.params.total);
            KV_COMPARE_U64(v.weightBytes, e.weightBytes);
            KV_COMPARE_U64(v.maxBatch, maxBatchForContext(one));
        }
    }

    // capacity() says why the cache is empty, with the numbers.
    void emptyCapacityHasAReason() {
        Scenario s = withPresetModel(defaultScenario(), "llama-3-70b"); // 131 GiB of BF16 weights on 24 GiB
        const Capacity c = capacity(s);
        KV_COMPARE_U64(c.tokens, 0);
        QCOMPARE(c.empty, Capacity::Empty::WeightsAndOverheadsExceedBudget);
        QVERIFY(c.fromBudget);
        const Estimate e = estimate(s);
        KV_COMPARE_U64(c.weightBytes, e.weightBytes);
        KV_COMPARE_U64(c.budgetBytes, e.budgetBytes);
        KV_COMPARE_U64(c.activationBytes, e.activationBytes);
        KV_COMPARE_U64(c.runtimeBytes, e.runtimeBytes);
        QVERIFY(c.weightBytes > c.budgetBytes);

        const Capacity small = capacityFromKvMemory(s.model, s.kvDtype, 1000, 16, 4096);
        QCOMPARE(small.empty, Capacity::Empty::LessThanOneBlock);
        QVERIFY(!small.fromBudget);
        const Capacity fine = capacity(defaultScenario());
        QCOMPARE(fine.empty, Capacity::Empty::No);
        QVERIFY(fine.tokens > 0);
    }

    void beyondMaxContext_data() {
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<bool>("beyond");
        QTest::newRow("at the maximum") << 131072ull << false; // Llama-3.1-8B: 128K
        QTest::newRow("one past") << 131073ull << true;
        QTest::newRow("short") << 8192ull << false;
    }
    void beyondMaxContext() {
        QFETCH(qulonglong, context);
        QFETCH(bool, beyond);
        Scenario s = defaultScenario();
        s.context = context;
        s.batch = 1;
        QCOMPARE(estimate(s).beyondMaxContext, beyond);
    }

    void units_data() {
        QTest::addColumn<qulonglong>("bytes");
        QTest::addColumn<bool>("decimal");
        QTest::addColumn<QString>("text");
        QTest::newRow("128 KiB") << 131072ull << false << u"128.00 KiB"_qs;
        QTest::newRow("131 kB") << 131072ull << true << u"131.07 kB"_qs;
        QTest::newRow("4 GiB") << 4ull * GiB << false << u"4.00 GiB"_qs;
        QTest::newRow("4.29 GB") << 4ull * GiB << true << u"4.29 GB"_qs;
        QTest::newRow("bytes") << 999ull << true << u"999 B"_qs;
    }
    void units() {
        QFETCH(qulonglong, bytes);
        QFETCH(bool, decimal);
        QFETCH(QString, text);
        const SizeUnit unit = decimal ? SizeUnit::Decimal : SizeUnit::Binary;
        QCOMPARE(QString::fromStdString(formatBytesScaled(bytes, unit)), text);
        QCOMPARE(parseSizeUnit(decimal ? "gb" : "gib", "--units"), unit);
        QVERIFY(throwsErrorContaining([] { parseSizeUnit("mb", "--units"); }, {"--units", "gib or gb", "mb"}));
    }

    // The scaling page's sweep: each cell is the estimate of that scenario.
    void scalingSweepCells() {
        const Scenario s = defaultScenario();
        for (const SweepAxis over : {SweepAxis::Context, SweepAxis::Batch}) {
            const ScalingSweep sweep = scalingSweep(s, over);
            QCOMPARE(sweep.estimates.size(), sweep.lines.size());
            const std::uint64_t current = over == SweepAxis::Context ? s.context : s.batch;
            QVERIFY(std::find(sweep.points.begin(), sweep.points.end(), current) != sweep.points.end());
            for (std::size_t l = 0; l < sweep.lines.size(); ++l)
                for (std::size_t i = 0; i < sweep.points.size(); ++i) {
                    Scenario one = s;
                    (over == SweepAxis::Context ? one.context : one.batch) = sweep.points[i];
                    (over == SweepAxis::Context ? one.batch : one.context) = sweep.lines[l];
                    KV_COMPARE_U64(sweep.estimates[l][i].totalBytes, estimate(one).totalBytes);
                }
        }
        const FitMap map = scenarioFitMap(s);
        KV_COMPARE_U64(map.contexts.front(), 512);
        KV_COMPARE_U64(map.contexts.back(), 131072); // Llama-3.1-8B's 128K
        KV_COMPARE_U64(map.batches.back(), 256);
    }
};

QTEST_GUILESS_MAIN(TestKvFormula)
#include "tst_kvformula.moc"
