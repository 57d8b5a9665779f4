// The KV tiers page (issue 30): its ladder, links, formulas and chart against core's kvtiers for the same scenario,
// the host and drive sizes the user gives, and what it says instead of a figure it cannot price. Times here are line
// rates and data-sheet roofline times, never measured.
#include "gpus.h"
#include "hfconfig.h"
#include "kvtiers.h"
#include "memorymodel.h"
#include "roofline.h"
#include "scenario.h"
#include "scenariocontroller.h"
#include "testutils.h"
#include "tierspage.h"
#include "units.h"

#include <QChartView>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace kvscope;

namespace {
Scenario onGpu(const char* preset, const char* gpu, std::uint64_t context) {
    Scenario s = withPresetModel(defaultScenario(), preset);
    s.gpuId = gpu;
    s.gpuMemoryBytes = findGpuPreset(s.gpuId).memoryBytes;
    s.context = context;
    return s;
}

QString cell(const QTableWidget* table, int row, int column) {
    const QTableWidgetItem* item = table->item(row, column);
    return item ? item->text() : QString();
}

int rowOf(const QTableWidget* table, const QString& first) {
    for (int r = 0; r < table->rowCount(); ++r)
        if (cell(table, r, 0) == first)
            return r;
    return -1;
}

QString count(std::uint64_t n) {
    return QLocale().toString(qulonglong(n));
}
} // namespace

class TestTiersPage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // The figures below are written in English digits and the window's default GiB (settings kept apart).
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void figuresAreCores();
    void hostAndDriveSizes();
    void windowedModelSaysSo();
    void saysWhatItCannotPrice_data();
    void saysWhatItCannotPrice();
};

void TestTiersPage::figuresAreCores() {
    // Llama-3.1-8B on an H100, a request of 4,000 tokens: 524,288,000 bytes (the 524 MB); an NVMe drive on
    // PCIe 4.0 loses to the recompute from 270 to 9,561 tokens, every other link reloads faster at every length.
    ScenarioController controller;
    QVERIFY(controller.setScenario(onGpu("llama-3.1-8b", "h100-80gb", 4000)));
    TiersPage page(&controller);
    page.resize(1400, 1000);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY2(page.unpricedText().isEmpty(), qPrintable(page.unpricedText()));

    const Scenario& s = controller.scenario();
    const roofline::Roof roof = *roofline::dataSheetRoof(findGpuPreset(s.gpuId));
    const roofline::StepPricer pricer(s.model, s.weightDtype, s.kvDtype);
    const ReloadOrRecompute host = reloadOrRecompute(pricer, roof, 4000, findKvLink("pcie4-x16").bandwidth);
    QCOMPARE(host.bytes, std::uint64_t(524'288'000));
    const QString formulas = page.formulasText();
    for (const QString& said :
         {u"4,000 tokens × 131,072 B a token = 524.3 MB"_s,
          u"524.3 MB ÷ 31.5 GB/s (PCIe 4.0 x16) = 16.6 ms; over PCIe 5.0 x16, 8.32 ms"_s,
          u"524.3 MB ÷ 7.88 GB/s (NVMe drive, PCIe 4.0 x4) = 66.6 ms; over NVMe drive, PCIe 5.0 x4, 33.3 ms"_s,
          u"max(15.5 GB ÷ 3.35 TB/s, 60.0 TFLOP ÷ 989.5 TFLOP/s) = max(4.64 ms, 60.7 ms) = 60.7 ms, compute-bound"_s,
          u"524.3 MB ÷ 50.0 GB/s (InfiniBand NDR) = 10.5 ms; over 100 Gb Ethernet, 41.9 ms"_s,
          u"over PCIe 4.0 x16 reading it back is 3.6 times as fast as computing it again"_s,
          u"over PCIe 5.0 x16 reading it back is 7.3 times as fast"_s})
        QVERIFY2(formulas.contains(said), qPrintable(said + u"\nnot in\n"_s + formulas));

    // The ladder: the GPU's pool, twice it in host memory (SGLang's default), 1,000 GB of drive.
    const std::uint64_t perToken = kvBytesPerToken(s.model, s.kvDtype);
    const Capacity cap = capacity(s);
    QCOMPARE(page.ladder()->rowCount(), 3);
    QCOMPARE(cell(page.ladder(), 0, 2), count(cap.tokens)); // whole blocks, as vLLM and the memory page report it
    const KvTier hostTier = hostTierByRatio(cap.kvMemoryBytes, kHostPoolRatio, perToken);
    QCOMPARE(cell(page.ladder(), 1, 2), count(hostTier.tokens));
    QCOMPARE(cell(page.ladder(), 1, 3), count(hostTier.requestsOf(host.bytes)));
    QCOMPARE(cell(page.ladder(), 2, 2), count(7'629'394)); // 10^12 bytes / 131,072
    QCOMPARE(cell(page.ladder(), 1, 5), u"16.6 ms\n8.32 ms"_s);

    // Every link, then the recompute; each link's verdict and ranges as core has them.
    QCOMPARE(page.links()->rowCount(), int(kvLinks().size()) + 1);
    const std::uint64_t longest = s.model.maxContext;
    int crossings = 0;
    for (const HostLink& link : kvLinks()) {
        const int row = int(&link - kvLinks().data());
        const ReloadOrRecompute cost = reloadOrRecompute(pricer, roof, 4000, link.bandwidth);
        QCOMPARE(cell(page.links(), row, 4), cost.reloadFaster() ? u"reload"_s : u"compute again"_s);
        const ReloadCurve curve = reloadCurve(pricer, roof, link.bandwidth, longest);
        if (kvLinkRole(link) != KvLinkRole::Network)
            crossings += int(curve.changes.size());
        if (link.id == "nvme-gen4")
            QCOMPARE(cell(page.links(), row, 5), u"1-269, 9,562-131,072"_s);
        else
            QCOMPARE(cell(page.links(), row, 5), u"always"_s);
    }
    QCOMPARE(cell(page.links(), int(kvLinks().size()), 3), u"60.7 ms"_s);

    // The chart: the recompute and four links, a dot where a drawn link crosses, each on the recompute's line.
    QCOMPARE(page.lines().size(), 5);
    QCOMPARE(crossings, 2);
    const QList<QPointF> dots = page.crossovers()->points();
    QCOMPARE(dots.size(), crossings);
    QCOMPARE(dots[0].x(), 270.0);
    QCOMPARE(dots[1].x(), 9562.0);
    const double nvme = findKvLink("nvme-gen4").bandwidth;
    for (const QPointF& dot : dots) {
        const ReloadOrRecompute at = reloadOrRecompute(pricer, roof, std::uint64_t(dot.x()), nvme);
        QCOMPARE(dot.y(), 1000.0 * at.recompute.lowerBoundSeconds);
        // On the drive's line too, to the token: the two costs cross here.
        QVERIFY(std::abs(at.reloadSeconds - at.recompute.lowerBoundSeconds) < 0.01 * at.reloadSeconds);
    }
    // Each line's points are core's times at their lengths (ms), the request's length among them.
    for (int i = 1; i < page.lines().size(); ++i) {
        bool atRequest = false;
        for (const QPointF& p : page.lines()[i]->points()) {
            atRequest = atRequest || p.x() == 4000.0;
            QVERIFY(p.y() > 0);
        }
        QVERIFY(atRequest);
    }
    const QList<QPointF> pcie4 = page.lines()[1]->points();
    const auto at4000 = std::find_if(pcie4.begin(), pcie4.end(), [](const QPointF& p) { return p.x() == 4000.0; });
    QCOMPARE(at4000->y(), 1000.0 * host.reloadSeconds);
    QVERIFY(page.chartView()->accessibleDescription().contains(u"from 9,562 tokens"_s));

    // A change of the scenario redraws the page.
    Scenario longer = s;
    longer.context = 32768;
    QVERIFY(controller.setScenario(longer));
    page.flush();
    QVERIFY(page.formulasText().contains(u"32,768 tokens"_s));
}

void TestTiersPage::hostAndDriveSizes() {
    ScenarioController controller;
    QVERIFY(controller.setScenario(onGpu("llama-3.1-8b", "h100-80gb", 4000)));
    TiersPage page(&controller);
    page.show();
    page.setHostRatio(4.0);
    page.setDiskGb(0);
    page.flush();
    const Scenario& s = controller.scenario();
    const std::uint64_t perToken = kvBytesPerToken(s.model, s.kvDtype);
    QCOMPARE(page.ladder()->rowCount(), 2); // no drive: no row for it
    QCOMPARE(cell(page.ladder(), 1, 2), count(hostTierByRatio(capacity(s).kvMemoryBytes, 4.0, perToken).tokens));
    QCOMPARE(rowOf(page.ladder(), u"Local drive"_s), -1);
    QVERIFY(!page.formulasText().contains(u"local drive"_s)); // and no formula for a drive that is not there
    page.setDiskGb(2000);
    page.flush();
    QCOMPARE(cell(page.ladder(), 2, 2), count(15'258'789)); // as `kvscope-cli tiers --disk-gb 2000`
}

void TestTiersPage::windowedModelSaysSo() {
    // Mistral-7B keeps a 4,096-token window in every layer: a request of 8,192 tokens is 4,096 tokens of cache, and
    // its reload stops growing at the window.
    ScenarioController controller;
    QVERIFY(controller.setScenario(onGpu("mistral-7b", "h100-80gb", 8192)));
    TiersPage page(&controller);
    page.show();
    page.flush();
    const Scenario& s = controller.scenario();
    const std::uint64_t bytes = kvBytes(s.model, s.kvDtype, 8192, 1);
    QCOMPARE(bytes, 4096 * kvBytesPerToken(s.model, s.kvDtype));
    QVERIFY2(page.formulasText().contains(u"32 of its 32 layers keep only their last 4,096 tokens"_s),
             qPrintable(page.formulasText()));
    const QList<QPointF> pcie4 = page.lines()[1]->points();
    QCOMPARE(pcie4.back().y(), pcie4[pcie4.size() - 2].y()); // flat past the window
}

void TestTiersPage::saysWhatItCannotPrice_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("tp");
    QTest::addColumn<QString>("config"); // an HF config in tests/data, or empty for Llama-3.1-8B
    QTest::addColumn<QString>("said");
    QTest::newRow("custom GPU") << u"custom"_s << 1 << QString() << u"no data-sheet bandwidth and peak"_s;
    QTest::newRow("no data sheet") << u"rtx-3060"_s << 1 << QString() << u"no data-sheet bandwidth and peak"_s;
    QTest::newRow("tensor parallel") << u"a100-80gb"_s << 2 << QString() << u"each of the 2 GPUs"_s;
    QTest::newRow("state-space model") << u"h100-80gb"_s << 1 << u"mamba-mamba-2.8b.json"_s << u"per-sequence state"_s;
    QTest::newRow("hybrid model") << u"h100-80gb"_s << 1 << u"jamba-jamba-v0.1.json"_s << u"per-sequence state"_s;
    // Before: a GPU pool and a host tier of 0 B, and a recompute "on the RTX 4090" of weights it cannot hold.
    QTest::newRow("weights past the GPU") << u"rtx-4090"_s << 1 << u"llama-3-70b"_s << u"no memory for a KV pool"_s;
}

void TestTiersPage::saysWhatItCannotPrice() {
    // A figure that is not known is said, never guessed: no formulas, tables or chart, the reason in their place.
    // Before the page refused them, a state-space model reloaded "0 B in 0.00 ms".
    QFETCH(QString, gpu);
    QFETCH(int, tp);
    QFETCH(QString, config);
    QFETCH(QString, said);
    ScenarioController controller;
    Scenario s = withPresetModel(defaultScenario(), "llama-3.1-8b");
    if (config.endsWith(u".json"_s))
        s.model = importHfConfigFile(testDataPath(qPrintable(u"hf-configs/"_s + config)).toStdString()).shape;
    else if (!config.isEmpty())
        s = withPresetModel(s, config.toStdString());
    s.gpuId = gpu.toStdString();
    s.gpuMemoryBytes = gpu == u"custom"_s ? 80ull << 30 : findGpuPreset(s.gpuId).memoryBytes;
    s.tensorParallel = std::uint32_t(tp);
    s.context = 4000;
    QVERIFY2(controller.setScenario(s, gpu == u"custom"_s || !config.isEmpty()), qPrintable(controller.error()));
    TiersPage page(&controller);
    page.show();
    page.flush();
    QVERIFY2(page.unpricedText().contains(said), qPrintable(page.unpricedText()));
    QVERIFY(page.formulasText().isEmpty());
    QVERIFY(page.ladder()->isHidden() && page.links()->isHidden() && page.chartView()->isHidden());
    QVERIFY(page.refreshError().isEmpty());
    // A priced scenario brings every figure back.
    QVERIFY(controller.setScenario(onGpu("llama-3.1-8b", "h100-80gb", 4000)));
    page.flush();
    QVERIFY(page.unpricedText().isEmpty());
    QVERIFY(!page.ladder()->isHidden() && !page.chartView()->isHidden());
    QVERIFY(page.formulasText().contains(u"16.6 ms"_s));
}

QTEST_MAIN(TestTiersPage)
#include "tst_tierspage.moc"
