#include "sweep.h"
#include "testutils.h"
#include "units.h"

#include <QtTest>

using namespace kvscope;

class TestSweep : public QObject {
    Q_OBJECT

private slots:
    void contextsAndBatchesMatchSingleEstimates() {
        const Scenario s = defaultScenario();
        const std::uint64_t contexts[] = {2048, 8192, 32768};
        const auto byContext = estimatesAtContexts(s, contexts);
        QCOMPARE(byContext.size(), std::size_t(3));
        KV_COMPARE_U64(byContext[0].kvBytes, 2 * GiB);
        KV_COMPARE_U64(byContext[1].kvBytes, 8 * GiB);
        KV_COMPARE_U64(byContext[2].kvBytes, 32 * GiB);
        const std::uint64_t batches[] = {1, 8, 32};
        const auto byBatch = estimatesAtBatches(s, batches);
        KV_COMPARE_U64(byBatch[0].kvBytes, 1 * GiB);
        KV_COMPARE_U64(byBatch[2].kvBytes, 32 * GiB);
        for (const auto& e : byBatch)
            KV_COMPARE_U64(e.weightBytes, byBatch[0].weightBytes); // weights load once, whatever the batch
    }

    void attentionVariants() {
        const auto v = kvscope::attentionVariants(defaultScenario());
        QCOMPARE(v.size(), std::size_t(3));
        QCOMPARE(v[0].kind, AttentionKind::MHA);
        KV_COMPARE_U64(v[0].kvBytesPerToken, 512 * KiB);
        QCOMPARE(v[1].kind, AttentionKind::GQA);
        QVERIFY(v[1].isCurrent);
        KV_COMPARE_U64(v[1].kvBytesPerToken, 128 * KiB);
        QCOMPARE(v[2].kind, AttentionKind::MQA);
        KV_COMPARE_U64(v[2].kvBytesPerToken, 16 * KiB);
        QVERIFY(v[0].maxBatch < v[1].maxBatch && v[1].maxBatch < v[2].maxBatch);
        Scenario mla = defaultScenario();
        mla.model = loadPreset("deepseek-v2-lite");
        mla.gpuMemoryBytes = 80 * GiB; // 29 GiB of BF16 weights do not fit the default 24 GiB card
        const auto m = kvscope::attentionVariants(mla);
        QCOMPARE(m.size(), std::size_t(2));
        QCOMPARE(m[0].kind, AttentionKind::MHA);
        // The MHA model's real K (nope + rope, 192) and V (v_head_dim, 128): 27 x 16 x (192 + 128) x 2 B.
        KV_COMPARE_U64(m[0].kvBytesPerToken, 276'480ull);
        QCOMPARE(mla.model.mla.vHeadDim, 128u);
        QCOMPARE(m[1].kind, AttentionKind::MLA);
        QVERIFY(m[1].isCurrent);
        KV_COMPARE_U64(m[1].kvBytesPerToken, 31'104ull); // 27 x 576 x 2 B
        QVERIFY(m[1].maxBatch > m[0].maxBatch);
    }

    void fitMapAgreesWithEstimate() {
        Scenario s = defaultScenario();
        const auto contexts = powersOfTwo(1024, 131072);
        const auto batches = powersOfTwo(1, 256);
        const FitMap map = fitMap(s, contexts, batches);
        QCOMPARE(map.totals.size(), contexts.size() * batches.size());
        for (std::size_t r = 0; r < batches.size(); ++r) {
            for (std::size_t c = 0; c < contexts.size(); ++c) {
                s.batch = batches[r];
                s.context = contexts[c];
                QCOMPARE(map.fitsAt(r, c), estimate(s).fits);
                KV_COMPARE_U64(map.total(r, c), estimate(s).totalBytes);
                // The frontier is monotone: a fitting cell's smaller neighbours fit too.
                if (map.fitsAt(r, c) && c > 0)
                    QVERIFY(map.fitsAt(r, c - 1));
                if (map.fitsAt(r, c) && r > 0)
                    QVERIFY(map.fitsAt(r - 1, c));
            }
        }
    }

    void powersOfTwoInsertsTheCurrentValue() {
        QCOMPARE(powersOfTwo(1, 8), (std::vector<std::uint64_t>{1, 2, 4, 8}));
        QCOMPARE(powersOfTwo(1, 8, 6), (std::vector<std::uint64_t>{1, 2, 4, 6, 8}));
        QCOMPARE(powersOfTwo(1, 8, 4), (std::vector<std::uint64_t>{1, 2, 4, 8}));
    }

    // The memory page's bars and the scaling page's lines: the course's three values and the current one.
    void courseValues_data() {
        QTest::addColumn<int>("axis");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<QList<qulonglong>>("values");
        const int byBatch = int(SweepAxis::Batch), byContext = int(SweepAxis::Context);
        QTest::newRow("batch 8, among them") << byBatch << 8192ull << 8ull << QList<qulonglong>{1, 8, 32};
        QTest::newRow("batch 16, between") << byBatch << 8192ull << 16ull << QList<qulonglong>{1, 8, 16, 32};
        QTest::newRow("batch 64, above") << byBatch << 8192ull << 64ull << QList<qulonglong>{1, 8, 32, 64};
        QTest::newRow("context 8K, among them") << byContext << 8192ull << 8ull << QList<qulonglong>{2048, 8192, 32768};
        QTest::newRow("context 1K, below")
            << byContext << 1024ull << 8ull << QList<qulonglong>{1024, 2048, 8192, 32768};
        QTest::newRow("context 128K, above")
            << byContext << 131072ull << 8ull << QList<qulonglong>{2048, 8192, 32768, 131072};
    }
    void courseValues() {
        QFETCH(int, axis);
        QFETCH(qulonglong, context);
        QFETCH(qulonglong, batch);
        QFETCH(QList<qulonglong>, values);
        Scenario s = defaultScenario();
        s.context = context;
        s.batch = batch;
        const std::vector<std::uint64_t> expected(values.begin(), values.end());
        QCOMPARE(kvscope::courseValues(s, SweepAxis(axis)), expected);
        // The scaling sweep draws one line per value of the other axis.
        const SweepAxis other = SweepAxis(axis) == SweepAxis::Batch ? SweepAxis::Context : SweepAxis::Batch;
        QCOMPARE(scalingSweep(s, other).lines, expected);
    }

    void weightsByDtype() {
        Scenario s = defaultScenario();
        s.model.paramsOverride = 7'000'000'000ull;
        const DType dtypes[] = {DType::fp32(), DType::bf16(), DType::int8(), DType::parse("int4-g128")};
        const auto w = kvscope::weightsByDtype(s, dtypes);
        KV_COMPARE_U64(w[0].bytes, 28'000'000'000ull);
        KV_COMPARE_U64(w[1].bytes, 14'000'000'000ull);
        KV_COMPARE_U64(w[2].bytes, 7'000'000'000ull);
        KV_COMPARE_U64(w[3].bytes, 3'609'375'000ull);
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
