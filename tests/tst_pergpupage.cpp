// The per-GPU page (issue 30): a bar and a row per GPU from core's perGpuEstimate of the panel's scenario and the
// page's split, the first GPU to run out marked, and only the choices core can split offered.
#include "gpus.h"
#include "hfconfig.h"
#include "memorychart.h"
#include "pergpu.h"
#include "pergpupage.h"
#include "scenario.h"
#include "scenariocontroller.h"
#include "testutils.h"
#include "units.h"
#include "viewtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLocale>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace kvscope;

namespace {
Scenario onH100s(const char* preset, std::uint32_t tp, std::uint64_t context = 8192, std::uint64_t batch = 8) {
    Scenario s = withPresetModel(defaultScenario(), preset);
    s.gpuId = "h100-80gb";
    s.gpuMemoryBytes = findGpuPreset(s.gpuId).memoryBytes;
    s.tensorParallel = tp;
    s.context = context;
    s.batch = batch;
    return s;
}
QString cell(const QTableWidget* t, int row, int column) {
    return t->item(row, column) ? t->item(row, column)->text() : QString();
}
} // namespace

class TestPerGpuPage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void barsAndRowsAreCores() {
        // Llama-3.1-8B on TP 1 x 3 stages at 48 x 32K: 11, 11 and 10 layers; the first stage runs out first.
        ScenarioController controller;
        QVERIFY(controller.setScenario(onH100s("llama-3.1-8b", 1, 32768, 48)));
        PerGpuPage page(&controller);
        page.resize(1400, 1000);
        page.show();
        page.setParallelism({3, 1, false});
        page.flush();
        QVERIFY2(page.refusalText().isEmpty(), qPrintable(page.refusalText()));
        const PerGpuEstimate core = perGpuEstimate(controller.scenario(), {3, 1, false});
        QCOMPARE(page.shown()->gpus.size(), std::size_t(3));
        QCOMPARE(page.table()->rowCount(), 3);
        QCOMPARE(page.chart()->categories().size(), 3);
        const QList<qreal> kv = page.chart()->values(1); // the KV set, in the window's unit
        for (int i = 0; i < 3; ++i) {
            const GpuShare& g = core.gpus[std::size_t(i)];
            QCOMPARE(kv[i], viewtext::inUnit(g.kvBytes));
            QCOMPARE(cell(page.table(), i, 5), viewtext::size(g.kvBytes));
            QCOMPARE(cell(page.table(), i, 6), viewtext::size(g.totalBytes));
        }
        QCOMPARE(cell(page.table(), 0, 2), u"0-10"_s);
        QCOMPARE(cell(page.table(), 2, 2), u"22-31"_s);
        QCOMPARE(core.tightest, 0u);
        QVERIFY(!core.gpus[0].fits && core.gpus[2].fits);
        QVERIFY(cell(page.table(), 0, 8).contains(u"runs out first"_s));
        QVERIFY(page.chart()->categories().front().contains(u"first out"_s));
        QVERIFY2(page.summaryText().contains(u"layers per stage: 11, 11, 10"_s), qPrintable(page.summaryText()));
        QVERIFY(page.summaryText().contains(u"First to run out: GPU 0 (stage 0)"_s));
        // Three GPUs talk over NCCL: each bar's runtime holds its buffers' estimate, and the legend and the summary
        // say so (issue 30); one GPU holds none.
        const QList<qreal> runtime = page.chart()->values(4);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(runtime[i], viewtext::inUnit(core.gpus[std::size_t(i)].runtimeBytes));
        QCOMPARE(core.gpus[0].communicationBytes, communicationBytesEstimate(3));
        QCOMPARE(page.chart()->setName(4), u"CUDA ctx + NCCL (est.)"_s);
        QVERIFY2(
            page.summaryText().contains(u"NCCL's buffers, %1"_s.arg(viewtext::size(core.gpus[0].communicationBytes))),
            qPrintable(page.summaryText()));
        page.setParallelism({1, 1, false});
        page.flush();
        QCOMPARE(page.shown()->gpus.size(), std::size_t(1));
        QCOMPARE(page.chart()->setName(4), u"CUDA ctx (est.)"_s);
        QVERIFY(!page.summaryText().contains(u"NCCL"_s));
    }

    void choicesAreWhatCoreSplits() {
        ScenarioController controller;
        PerGpuPage page(&controller);
        page.show();
        // TP 4 over Llama-3.1-8B: groups of 1, 2 or 4 (every divisor splits its 32 heads); a dense model: no EP.
        QVERIFY(controller.setScenario(onH100s("llama-3.1-8b", 4)));
        page.flush();
        QCOMPARE(page.groupsBox()->count(), 3);
        QVERIFY(!page.expertBox()->isEnabled());
        QCOMPARE(page.stagesBox()->maximum(), 32); // a layer a stage
        // Mixtral's 8 experts over TP 4: expert parallelism offered, 2 whole experts a GPU.
        QVERIFY(controller.setScenario(onH100s("mixtral-8x7b", 4)));
        page.setParallelism({1, 1, true});
        page.flush();
        QVERIFY(page.expertBox()->isEnabled());
        for (const GpuShare& g : page.shown()->gpus)
            QCOMPARE(g.routedExperts, 2u);
        QVERIFY(page.summaryText().contains(u"2 whole routed experts"_s));
        // DeepSeek-V2-Lite (MLA) on TP 4: the latent held 4 times; in 4 attention groups, once.
        QVERIFY(controller.setScenario(onH100s("deepseek-v2-lite", 4)));
        page.setParallelism({1, 1, false});
        page.flush();
        QVERIFY(page.summaryText().contains(u"the group holds its cache 4 times"_s));
        page.setParallelism({1, 4, false});
        page.flush();
        QCOMPARE(page.shown()->dataAttention, 4u);
        QCOMPARE(page.shown()->gpus.front().kvCopies, 1u);
        QVERIFY(!page.summaryText().contains(u"holds its cache"_s));
        QVERIFY(page.summaryText().contains(u"Attention in 4 groups of 1 GPU(s)"_s));
    }

    void stateModelKeepsOneStage() {
        // A state-space model's state is not split across stages yet: the stages are held at 1, said in a tooltip.
        ScenarioController controller;
        Scenario s = onH100s("llama-3.1-8b", 1);
        s.model = importHfConfigFile(testDataPath("hf-configs/mamba-mamba-2.8b.json").toStdString()).shape;
        QVERIFY2(controller.setScenario(s, true), qPrintable(controller.error()));
        PerGpuPage page(&controller);
        page.show();
        page.setParallelism({2, 1, false});
        page.flush();
        QVERIFY(!page.stagesBox()->isEnabled());
        QCOMPARE(page.shown()->pipeline, 1u);
        QVERIFY(page.stagesBox()->toolTip().contains(u"not modelled yet"_s));
    }
};

QTEST_MAIN(TestPerGpuPage)
#include "tst_pergpupage.moc"
