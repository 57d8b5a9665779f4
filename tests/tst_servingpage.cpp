// The Serving page (issue 29): its figures against core's replays of the same requests, what it says instead
// of a figure it cannot price, its Stop button, a newer change winning over a run in flight, and the settings a
// language switch keeps. Times here are core's roofline times, never measured.
#include "gpus.h"
#include "memorymodel.h"
#include "publictraces.h"
#include "scenario.h"
#include "scenariocontroller.h"
#include "servingpage.h"
#include "testutils.h"
#include "workload.h"

#include <QChartView>
#include <QDoubleSpinBox>
#include <QLineSeries>
#include <QLocale>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {
// Waits for the page's replays, as long as they take on a loaded machine (a guard against a hang, not a target).
bool settle(ServingPage& page) {
    if (!page.isRunning())
        return true;
    QSignalSpy settled(&page, &Page::figuresSettled);
    return settled.wait(120'000);
}

// The pool the page replays: the scenario's KV capacity, requests capped at its context.
kvscope::SimConfig poolOfTheScenario(const ScenarioController& controller) {
    const kvscope::Scenario& s = controller.scenario();
    kvscope::SimConfig config;
    config.poolSlots = controller.capacity().tokens;
    config.blockSize = s.blockSize;
    config.maxModelLen = std::uint32_t(s.context);
    config.kvBytesPerToken = kvscope::kvBytesPerToken(s.model, s.kvDtype);
    return config;
}

ServingPage::Settings small() {
    ServingPage::Settings s;
    s.requests = 200;
    s.rate = 2.0;
    return s;
}
} // namespace

class TestServingPage : public QObject {
    Q_OBJECT

private slots:
    void figuresAreCores();
    void saysWhatItCannotPrice_data();
    void saysWhatItCannotPrice();
    void stopKeepsTheLastFigures();
    void aNewerChangeWins();
    void hiddenPageStopsAndRunsWhenShown();
    void tracesReplayAtTheirTimes();
    void mooncakeHitCurve();
    void admissionChoice();
    void keepsItsSettings();
};

void TestServingPage::figuresAreCores() {
    ScenarioController controller;
    ServingPage page(&controller);
    page.applySettings(small());
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY(settle(page));
    QVERIFY(page.result() && page.result()->error.isEmpty());

    // The same replays, by core, on the page's requests and pool.
    const kvscope::Scenario& s = controller.scenario();
    const auto setup = kvscope::servingSetup(s);
    QVERIFY(setup);
    kvscope::WorkloadSpec spec;
    spec.requests = 200;
    const auto requests = kvscope::generateWorkload(spec);
    kvscope::SimConfig config = poolOfTheScenario(controller);
    const auto& rows = page.result()->rows;
    QCOMPARE(rows.size(), kvscope::allocatorKinds().size());
    QCOMPARE(page.table()->rowCount(), int(rows.size()));
    std::optional<kvscope::SloCapacity> paged, oracle, max;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        config.allocator = rows[i].kind;
        const auto atRate = kvscope::replayTimed(
            config, requests, kvscope::poissonArrivalSeconds(requests.size(), 2.0, 1), setup->pricer, setup->time);
        QVERIFY(atRate);
        QCOMPARE(rows[i].atRate.outputTokensPerSecond, atRate->outputTokensPerSecond);
        QCOMPARE(rows[i].atRate.ttft.p90, atRate->ttft.p90);
        // The table shows them: the tokens per second in the reader's locale.
        QCOMPARE(page.table()->item(int(i), 1)->text(), QLocale().toString(atRate->outputTokensPerSecond, 'f', 0));
        const auto capacity = kvscope::sloCapacity(config, requests, {2.0, 0.1}, 1, setup->pricer, setup->time);
        QVERIFY(capacity);
        QCOMPARE(rows[i].capacity.rate, capacity->rate);
        QCOMPARE(rows[i].sweep.size(), std::size_t(10));
        if (rows[i].kind == kvscope::AllocatorKind::Paged)
            paged = capacity;
        if (rows[i].kind == kvscope::AllocatorKind::Oracle)
            oracle = capacity;
        if (rows[i].kind == kvscope::AllocatorKind::Max)
            max = capacity;
    }
    // The headline's ratios are core's, and the paper's figures stand beside them.
    const auto overOracle = kvscope::capacityRatio(*paged, *oracle);
    const auto overMax = kvscope::capacityRatio(*paged, *max);
    QVERIFY(overOracle && overMax);
    QVERIFY2(page.headlineText().contains(QLocale().toString(*overOracle, 'f', *overOracle < 10 ? 2 : 1) + u"x"_s),
             qPrintable(page.headlineText()));
    QVERIFY(page.headlineText().contains(QLocale().toString(*overMax, 'f', *overMax < 10 ? 2 : 1) + u"x"_s));
    QVERIFY(page.findChild<QLabel*>(u"servingPaper"_s)->text().contains(u"1.7-2.7x"_s));
    // The time model says where the times come from, and that they are lower bounds.
    QVERIFY(page.timeModelText().contains(QString::fromStdString(kvscope::findGpuPreset(s.gpuId).name)));
    QVERIFY(page.timeModelText().contains(QLocale().toString(qulonglong(controller.capacity().tokens))));
    QVERIFY(page.timeModelText().contains(u"best case"_s));
    // One line per allocator on each chart, a point per swept rate.
    const auto lines = page.throughputChart()->chart()->series();
    QCOMPARE(lines.size(), qsizetype(rows.size()));
    QCOMPARE(static_cast<QLineSeries*>(lines.front())->count(), 10);
}

void TestServingPage::saysWhatItCannotPrice_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("tp");
    QTest::addColumn<QString>("said");
    QTest::newRow("custom GPU") << u"custom"_s << 1 << u"no data-sheet bandwidth and peak"_s;
    QTest::newRow("no data sheet") << u"rtx-3060"_s << 1 << u"no data-sheet bandwidth and peak"_s;
    QTest::newRow("tensor parallel") << u"a100-80gb"_s << 2 << u"tensor parallelism (2 GPUs)"_s;
}

void TestServingPage::saysWhatItCannotPrice() {
    // A figure that is not known is said, never guessed: no table, no chart, the reason in their place.
    QFETCH(QString, gpu);
    QFETCH(int, tp);
    QFETCH(QString, said);
    ScenarioController controller;
    kvscope::Scenario s = kvscope::withPresetModel(kvscope::defaultScenario(), "tinyllama-1.1b");
    s.gpuId = gpu.toStdString();
    s.gpuMemoryBytes = gpu == u"custom"_s ? 24ull << 30 : kvscope::findGpuPreset(s.gpuId).memoryBytes;
    s.tensorParallel = std::uint32_t(tp);
    QVERIFY2(controller.setScenario(s, gpu == u"custom"_s), qPrintable(controller.error()));
    ServingPage page(&controller);
    page.applySettings(small());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY(settle(page));
    QVERIFY2(page.timeModelText().contains(said), qPrintable(page.timeModelText()));
    QVERIFY(!page.result());
    QVERIFY(!page.table()->isVisible());
    QVERIFY(!page.throughputChart()->isVisible());
    QVERIFY(page.headlineText().isEmpty());
}

void TestServingPage::stopKeepsTheLastFigures() {
    ScenarioController controller;
    ServingPage page(&controller);
    page.applySettings(small());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY(settle(page));
    const double before = page.result()->rows.back().atRate.outputTokensPerSecond;
    const QString headline = page.headlineText(), timeModel = page.timeModelText();
    // A heavier run, stopped at once: the figures of the last run that finished stay.
    ServingPage::Settings heavy = small();
    heavy.requests = 50'000;
    page.applySettings(heavy);
    page.flush();
    QVERIFY(page.isRunning());
    page.stop();
    QVERIFY(settle(page));
    QVERIFY(!page.isRunning());
    QCOMPARE(page.result()->rows.back().atRate.outputTokensPerSecond, before);
    QVERIFY(page.table()->isVisible());
    // And the words about them are theirs, not the stopped run's (a review found the new targets and model
    // under the old figures).
    QCOMPARE(page.headlineText(), headline);
    QCOMPARE(page.timeModelText(), timeModel);
}

void TestServingPage::aNewerChangeWins() {
    // Two changes in a row: the run in flight stops and the figures shown are the newer settings'.
    ScenarioController controller;
    ServingPage page(&controller);
    page.applySettings(small());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY(page.isRunning());
    ServingPage::Settings newer = small();
    newer.rate = 0.5;
    page.applySettings(newer);
    page.flush();
    QVERIFY(settle(page));
    if (page.isRunning()) // the restarted run
        QVERIFY(settle(page));
    QVERIFY(page.result());
    const auto& paged = page.result()->rows.back();
    QCOMPARE(paged.kind, kvscope::AllocatorKind::Paged);
    // At 0.5 requests per second 200 requests take about 400 s to arrive: the replay's length says which rate ran.
    QVERIFY2(paged.atRate.seconds > 300, qPrintable(QString::number(paged.atRate.seconds)));
}

void TestServingPage::hiddenPageStopsAndRunsWhenShown() {
    // A class moves on to another page while the study runs: it stops rather than holding a core, and the
    // page runs it again when it is shown.
    ScenarioController controller;
    ServingPage page(&controller);
    page.applySettings(small());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY(page.isRunning()); // started at once; its result cannot be taken before the event loop turns
    page.hide();
    QVERIFY(settle(page));
    QVERIFY(!page.isRunning());
    QVERIFY(!page.result()); // stopped: no figures, rather than a run no one asked to finish
    QVERIFY(page.isStale());
    page.show();
    QVERIFY(page.isRunning());
    QVERIFY(settle(page));
    QVERIFY(page.result() && page.result()->error.isEmpty());
    QCOMPARE(page.result()->rows.size(), kvscope::allocatorKinds().size());
    QVERIFY(!page.isStale());
}

void TestServingPage::tracesReplayAtTheirTimes() {
    // An Azure excerpt: its 30 requests at their own times (twice as fast), as core replays them.
    ScenarioController controller;
    ServingPage page(&controller);
    ServingPage::Settings settings = small();
    settings.traceSpeed = 2.0;
    page.applySettings(settings);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QString path = testDataPath("traces/azure-llm-conv-2023-head.csv");
    page.openTrace(path);
    page.flush();
    QVERIFY(settle(page));
    QVERIFY(page.result());
    QVERIFY2(page.result()->error.isEmpty(), qPrintable(page.result()->error));
    QCOMPARE(page.result()->traceRequests, std::size_t(30));
    QCOMPARE(page.result()->traceFormat, u"azure"_s);
    const auto trace = kvscope::loadTimedTrace(path.toStdString());
    QVERIFY(trace);
    std::vector<double> arrivals = trace->arrivalSeconds;
    for (double& t : arrivals)
        t /= 2.0;
    const kvscope::Scenario& s = controller.scenario();
    const auto setup = kvscope::servingSetup(s);
    kvscope::SimConfig config = poolOfTheScenario(controller);
    const auto paged = kvscope::replayTimed(config, trace->requests, arrivals, setup->pricer, setup->time);
    QVERIFY(paged);
    const auto& row = page.result()->rows.back();
    QCOMPARE(row.kind, kvscope::AllocatorKind::Paged);
    QCOMPARE(row.atRate.seconds, paged->seconds);
    QCOMPARE(row.atRate.ttft.p90, paged->ttft.p90);
    QVERIFY(row.atRate.seconds >= trace->spanSeconds() / 2.0);

    // A file that is no trace: the page says why, in place of the figures.
    QTemporaryDir dir;
    QFile bad(dir.filePath(u"bad.csv"_s));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("TIMESTAMP,ContextTokens,GeneratedTokens\nyesterday,1,1\n");
    bad.close();
    page.openTrace(bad.fileName());
    page.flush();
    QVERIFY(settle(page));
    QVERIFY(page.result());
    QVERIFY2(page.result()->error.contains(u"bad.csv:2: TIMESTAMP 'yesterday' is not a time"_s),
             qPrintable(page.result()->error));
    QVERIFY(page.headlineText().contains(u"is not a time"_s));
    QVERIFY(!page.table()->isVisible());
}

void TestServingPage::mooncakeHitCurve() {
    // A Mooncake excerpt draws its blocks' hit rate against cache size, core's curve, with its bound.
    ScenarioController controller;
    ServingPage page(&controller);
    page.applySettings(small());
    page.resize(1400, 1200);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QString path = testDataPath("traces/mooncake-conversation-head.jsonl");
    page.openTrace(path);
    page.flush();
    QVERIFY(settle(page));
    QVERIFY(page.result() && page.result()->hitCurve);
    const kvscope::PrefixHitCurve& curve = *page.result()->hitCurve;
    QCOMPARE(curve.upperBound, 39.0 * 512 / 506'280);
    QCOMPARE(curve.points.size(), std::size_t(7));
    QCOMPARE(curve.points[2].capacityTokens, controller.capacity().tokens); // the pool itself
    const auto trace = kvscope::loadTimedTrace(path.toStdString());
    const std::vector<std::uint64_t> sizes{curve.points[2].capacityTokens};
    QCOMPARE(kvscope::prefixHitCurve(*trace, sizes).points[0].hitRate, curve.points[2].hitRate);
    QVERIFY(page.hitChart()->isVisible());
    if (const QString dir = qEnvironmentVariable("KVSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
        page.grab().save(dir + u"/serving-mooncake.png"_s);
    // Another workload takes the chart away.
    ServingPage::Settings generated = small();
    page.applySettings(generated);
    page.flush();
    QVERIFY(settle(page));
    QVERIFY(!page.result()->hitCurve);
    QVERIFY(!page.hitChart()->isVisible());
}

void TestServingPage::admissionChoice() {
    // Conservative admission on the paged row: never a preemption, as core's study says.
    ScenarioController controller;
    ServingPage page(&controller);
    ServingPage::Settings settings = small();
    settings.admission = 1;
    settings.rate = 8.0;
    page.applySettings(settings);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.flush();
    QVERIFY(settle(page));
    kvscope::ServingStudyInput input;
    input.requestCount = 200;
    input.rate = 8.0;
    input.sweepPoints = 0;
    input.admission = kvscope::AdmissionPolicy::Conservative;
    const auto study = kvscope::servingStudy(controller.scenario(), input);
    QVERIFY(study);
    const auto& paged = page.result()->rows.back();
    KV_COMPARE_U64(paged.atRate.pool.preemptions, 0);
    QCOMPARE(paged.atRate.outputTokensPerSecond,
             study->row(kvscope::AllocatorKind::Paged).atRate.outputTokensPerSecond);
    QCOMPARE(paged.capacity.rate, study->row(kvscope::AllocatorKind::Paged).capacity.rate);
}

void TestServingPage::keepsItsSettings() {
    // The page's defaults are core's study defaults, which a serving lesson's figures assume.
    const ServingPage::Settings defaults;
    const kvscope::ServingStudyInput study;
    QCOMPARE(defaults.workload, 0);
    QCOMPARE(defaults.requests, int(study.requestCount));
    QCOMPARE(defaults.rate, study.rate);
    QCOMPARE(defaults.ttftSeconds, study.target.ttftSeconds);
    QCOMPARE(defaults.tpotMs / 1000.0, study.target.tpotSeconds);
    QCOMPARE(defaults.overheadMs, study.fixedSeconds);

    ScenarioController controller;
    ServingPage page(&controller);
    ServingPage::Settings s;
    s.workload = 1;
    s.requests = 300;
    s.rate = 3.5;
    s.ttftSeconds = 1.5;
    s.tpotMs = 80;
    s.overheadMs = 2.5;
    page.applySettings(s);
    ServingPage other(&controller);
    other.restoreKeptState(page.keptState());
    const ServingPage::Settings kept = other.settings();
    QCOMPARE(kept.workload, 1);
    QCOMPARE(kept.requests, 300);
    QCOMPARE(kept.rate, 3.5);
    QCOMPARE(kept.ttftSeconds, 1.5);
    QCOMPARE(kept.tpotMs, 80.0);
    QCOMPARE(kept.overheadMs, 2.5);
}

QTEST_MAIN(TestServingPage)
#include "tst_servingpage.moc"
