// The GPU page's run summary and the attention page's table as QtCore item models, without a
// window: QAbstractItemModelTester on each, and every cell against the figure core/ or gpu/
// computed (a real decode run on the CPU backend, core's attention variants).
#include "attentiontablemodel.h"
#include "decodesummarymodel.h"
#include "decodetestoptions.h"
#include "decodetext.h"
#include "memorymodel.h"
#include "scenario.h"
#include "sweep.h"
#include "viewtext.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include <atomic>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;
using decodetest::tiny;
using Column = DecodeSummaryModel::Column;

Q_DECLARE_METATYPE(std::vector<DecodeRun>)

namespace {
DecodeRun runOf(DecodeOptions o) {
    o.backend = BackendChoice::Cpu;
    return {o, runDecode(o)};
}

// A run stopped by its own step callback after `after` steps.
DecodeRun stoppedRun(DecodeOptions o, int after) {
    o.backend = BackendChoice::Cpu;
    std::atomic<bool> stop{false};
    int seen = 0;
    DecodeReport r = runDecode(o, &stop, [&](const StepRecord&) {
        if (++seen == after)
            stop = true;
    });
    return {o, r};
}

QString at(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole) {
    return m.data(m.index(row, column), role).toString();
}

// KV cache bytes of the tiny GPT's contiguous cache at the end of a run: 2 (K, V) x layers x
// batch x (prompt + steps) x KV heads x head size x 4 bytes (FP32).
std::uint64_t tinyKvBytes(const DecodeOptions& o) {
    const std::uint64_t headDim = o.model.width / o.model.heads;
    return 2ull * o.model.layers * o.batch * (o.promptLen + o.steps) * o.model.kvHeads * headDim * 4;
}
} // namespace

class TestTableModels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // the size unit's setting

    // ---- the decode summary ----

    void summaryRows_data() {
        QTest::addColumn<std::vector<DecodeRun>>("runs");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("none, contiguous, paged") << std::vector<DecodeRun>{runOf(tiny(4))}
                                                 << QStringList{u"no cache"_s, u"contiguous cache"_s, u"paged cache"_s};
        DecodeOptions o = tiny(6);
        o.batch = 3;
        o.modes = {CacheMode::Contiguous, CacheMode::Paged, CacheMode::Dynamic};
        QTest::newRow("three caches, batch 3")
            << std::vector<DecodeRun>{runOf(o)}
            << QStringList{u"contiguous cache"_s, u"paged cache"_s, u"dynamic cache"_s};
        DecodeOptions second = tiny(3);
        second.batch = 4;
        second.modes = {CacheMode::None, CacheMode::Contiguous};
        QTest::newRow("two runs") << std::vector<DecodeRun>{runOf(tiny(3)), runOf(second)}
                                  << QStringList{u"batch 2, no cache"_s, u"batch 2, contiguous cache"_s,
                                                 u"batch 2, paged cache"_s, u"batch 4, no cache"_s,
                                                 u"batch 4, contiguous cache"_s};
        QTest::newRow("stopped in the paged mode")
            << std::vector<DecodeRun>{stoppedRun(tiny(4), 4 + 4 + 2)}
            << QStringList{u"no cache"_s, u"contiguous cache"_s, u"paged cache (stopped after 2 of 4 steps)"_s};
        DecodeRun skipped = runOf(tiny(2)); // as when the backend skips a mode it lacks
        skipped.report.modes.pop_back();
        QTest::newRow("a mode not run") << std::vector<DecodeRun>{skipped}
                                        << QStringList{u"no cache"_s, u"contiguous cache"_s,
                                                       u"paged cache (not run)"_s};
        QTest::newRow("no run") << std::vector<DecodeRun>{} << QStringList{};
    }
    void summaryRows() {
        QFETCH(std::vector<DecodeRun>, runs);
        QFETCH(QStringList, names);
        DecodeSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.resetData(runs);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.columnCount(), int(Column::ColumnCount));
        QCOMPARE(model.rowCount(), names.size());
        int row = 0;
        for (const DecodeRun& run : runs)
            for (const CacheMode mode : run.options.modes) {
                QCOMPARE(at(model, row, Column::Cache), names[row]);
                QCOMPARE(model.data(model.index(row, Column::Cache), DecodeSummaryModel::ValueRole).toInt(), int(mode));
                const ModeResult* m = nullptr;
                for (const ModeResult& r : run.report.modes)
                    if (r.mode == mode)
                        m = &r;
                const auto value = [&](int column) {
                    return model.data(model.index(row, column), DecodeSummaryModel::ValueRole);
                };
                if (!m) { // every figure is "-", no value behind it
                    for (int c = Column::MsPerStep; c < Column::ColumnCount; ++c) {
                        QCOMPARE(at(model, row, c), u"-"_s);
                        QVERIFY(!value(c).isValid());
                    }
                    ++row;
                    continue;
                }
                // Each cell is gpu/'s figure, formatted.
                QCOMPARE(value(Column::MsPerStep).toDouble(), m->msPerStep);
                QCOMPARE(at(model, row, Column::MsPerStep), decodetext::ms(m->msPerStep));
                QCOMPARE(value(Column::TokensPerSecond).toDouble(), m->tokensPerSecond);
                QCOMPARE(value(Column::WeightsFormula).toULongLong(), m->memory.theoreticalWeightBytes);
                QCOMPARE(at(model, row, Column::WeightsFormula),
                         viewtext::sizeScaled(m->memory.theoreticalWeightBytes));
                QCOMPARE(value(Column::KvFormula).toULongLong(), m->memory.theoreticalKvBytes);
                QCOMPARE(value(Column::PeakAllocated).toULongLong(), m->memory.peakAllocatedBytes);
                QCOMPARE(value(Column::Process).toULongLong(), m->memory.processBytes);
                QCOMPARE(value(Column::Speedup).isValid(), m->speedupVsNone > 0);
                QCOMPARE(at(model, row, Column::Ttft), u"%1 ms"_s.arg(decodetext::ms(m->latency.ttftMs)));
                if (m->completed && mode == CacheMode::Contiguous) // the whole cache, by the formula
                    QCOMPARE(value(Column::KvFormula).toULongLong(), tinyKvBytes(run.options));
                if (mode == CacheMode::None) {
                    QCOMPARE(at(model, row, Column::KvPeak), u"-"_s);
                    QVERIFY(!value(Column::KvPeak).isValid());
                } else {
                    QCOMPARE(value(Column::KvPeak).toULongLong(), m->peakKvBytes);
                    QVERIFY(m->peakKvBytes > 0);
                }
                const QString tokens = at(model, row, Column::Tokens);
                QCOMPARE(tokens, !m->completed                ? u"stopped"_s
                                 : !run.report.tokensCompared ? u"not compared"_s
                                                              : u"identical"_s);
                // Beside the reference (contiguous) cache, the other FP32 caches agree on every token.
                if (m->accuracy.isReference)
                    QCOMPARE(at(model, row, Column::TokensAgreeing), u"reference"_s);
                else if (m->accuracy.compared && m->completed)
                    QCOMPARE(at(model, row, Column::TokensAgreeing),
                             u"%1 of %1 (100%)"_s.arg(std::uint64_t(run.report.batch) * m->steps.size()));
                ++row;
            }
        QCOMPARE(model.headerData(Column::Process, Qt::Horizontal).toString(), u"Process (VmRSS)"_s);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // ---- the attention table ----

    void attentionRows_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QStringList>("kinds");
        QTest::addColumn<QStringList>("perToken");
        // Llama 3.1 8B: 32 layers, 32 query heads of 128, 8 KV heads, BF16 cache: 2 x 32 x H x 128 x 2 B.
        QTest::newRow("llama-3.1-8b (GQA)")
            << u"llama-3.1-8b"_s << QStringList{u"MHA"_s, u"GQA (this model)"_s, u"MQA"_s}
            << QStringList{u"512.00 KiB"_s, u"128.00 KiB"_s, u"16.00 KiB"_s};
        // Llama 2 7B is MHA already: no GQA row.
        QTest::newRow("llama-2-7b (MHA)") << u"llama-2-7b"_s << QStringList{u"MHA (this model)"_s, u"MQA"_s}
                                          << QStringList{u"512.00 KiB"_s, u"16.00 KiB"_s};
        // DeepSeek-V2-Lite caches one latent: 27 layers x (512 + 64) x 2 B = 31,104 B; the MHA of its 16 heads,
        // keys of 128 + 64 and values of 128, would hold 27 x 16 x (192 + 128) x 2 B = 276,480 B.
        QTest::newRow("deepseek-v2-lite (MLA)") << u"deepseek-v2-lite"_s << QStringList{u"MHA"_s, u"MLA (this model)"_s}
                                                << QStringList{u"270.00 KiB"_s, u"30.38 KiB"_s};
    }
    void attentionRows() {
        QFETCH(QString, preset);
        QFETCH(QStringList, kinds);
        QFETCH(QStringList, perToken);
        const kvscope::Scenario s = kvscope::withPresetModel(kvscope::defaultScenario(), preset.toStdString());
        const kvscope::Estimate e = kvscope::estimate(s);
        AttentionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setScenario(s);
        const auto variants = kvscope::attentionVariants(s);
        QCOMPARE(model.rowCount(), int(variants.size()));
        QCOMPARE(model.rowCount(), kinds.size());
        using C = AttentionTableModel;
        for (int row = 0; row < model.rowCount(); ++row) {
            const kvscope::AttentionVariant& v = variants[std::size_t(row)];
            const auto value = [&](int column) { return model.data(model.index(row, column), C::ValueRole); };
            QCOMPARE(at(model, row, C::Attention), kinds[row]);
            QCOMPARE(at(model, row, C::KvPerToken), perToken[row]);
            QCOMPARE(value(C::KvPerToken).toULongLong(), v.kvBytesPerToken);
            QCOMPARE(value(C::KvCacheNow).toULongLong(), v.kvBytes);
            QCOMPARE(value(C::Weights).toULongLong(), v.weightBytes);
            QCOMPARE(value(C::LargestBatch).toULongLong(), v.maxBatch);
            QCOMPARE(at(model, row, C::KvCacheNow), viewtext::size(v.kvBytes));
            QCOMPARE(at(model, row, C::LargestBatch),
                     u"%1 at %2 tokens"_s.arg(QLocale().toString(qulonglong(v.maxBatch)), viewtext::tokens(s.context)));
            if (v.kind == kvscope::AttentionKind::MLA) {
                QCOMPARE(at(model, row, C::KvHeads), u"latent"_s);
                QVERIFY(!value(C::KvHeads).isValid());
            } else {
                QCOMPARE(value(C::KvHeads).toUInt(), v.kvHeads);
                if (s.model.mla.kvLoraRank == 0) // core's one formula, at the variant's KV heads
                    QCOMPARE(v.kvBytesPerToken,
                             kvscope::kvBytesPerToken(kvscope::withKvHeads(s.model, v.kvHeads), s.kvDtype));
            }
            // The model's own row is the estimate's cache and largest batch.
            if (v.isCurrent) {
                QCOMPARE(value(C::KvPerToken).toULongLong(), e.kvBytesPerToken);
                QCOMPARE(value(C::KvCacheNow).toULongLong(), e.kvBytes);
                QCOMPARE(value(C::LargestBatch).toULongLong(), kvscope::maxBatchForContext(s));
            }
        }
    }

    // A new batch or context changes the figures in place; another model's kinds reset the rows.
    void attentionUpdatesInPlace() {
        kvscope::Scenario s = kvscope::withPresetModel(kvscope::defaultScenario(), "llama-3.1-8b");
        AttentionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setScenario(s);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const qulonglong before =
            model.data(model.index(1, AttentionTableModel::KvCacheNow), AttentionTableModel::ValueRole).toULongLong();
        s.batch *= 2;
        model.setScenario(s);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(
            model.data(model.index(1, AttentionTableModel::KvCacheNow), AttentionTableModel::ValueRole).toULongLong(),
            2 * before);
        model.setScenario(kvscope::withPresetModel(s, "deepseek-v2-lite"));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 2);
    }
};

QTEST_GUILESS_MAIN(TestTableModels)
#include "tst_tablemodels.moc"
