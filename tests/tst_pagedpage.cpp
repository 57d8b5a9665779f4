// The Paged Memory page, offscreen: the same trace in both maps, the paper's figure,
// play/step/restart, the background run, predict-then-reveal charts, the batch, colours
// that survive colour-vision deficiencies, explanations on every control, presenter mode.
#include "chartstyle.h"
#include "forkdiagramwidget.h"
#include "gpus.h"
#include "language.h"
#include "mainwindow.h"
#include "memorymapwidget.h"
#include "pagedpage.h"
#include "scenariocontroller.h"
#include "servingreplay.h"
#include "testutils.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineSeries>
#include <QProgressDialog>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <filesystem>

#include <array>
#include <cmath>
#include <set>

using namespace Qt::StringLiterals;
using kvscope::SlotKind;

namespace {
// The window on its Paged memory page, shown (pages redraw only while visible).
PagedPage* showPagedPage(MainWindow& window) {
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.showPage(QStringLiteral("paged")))
        qFatal("the window did not show its paged page");
    return window.pagedPage();
}

std::size_t countKind(const std::vector<kvscope::SlotCell>& map, SlotKind kind) {
    return std::size_t(std::count_if(map.begin(), map.end(), [kind](const auto& c) { return c.kind == kind; }));
}

// Every point a chart holds (area series through their upper line).
QList<QPointF> chartPoints(QChart* chart) {
    QList<QPointF> points;
    for (QAbstractSeries* series : chart->series()) {
        if (auto* area = qobject_cast<QAreaSeries*>(series))
            points += area->upperSeries()->points();
        else if (auto* line = qobject_cast<QLineSeries*>(series))
            points += line->points();
    }
    return points;
}

double maxX(QChart* chart) {
    double x = -1;
    for (const QPointF& p : chartPoints(chart))
        x = std::max(x, p.x());
    return x;
}

QLineSeries* seriesNamed(QChart* chart, const QString& prefix) {
    for (QAbstractSeries* series : chart->series())
        if (series->name().startsWith(prefix))
            return qobject_cast<QLineSeries*>(series);
    return nullptr;
}

// Steps the whole run takes for one allocator, by core alone (what the page's total must say).
std::uint64_t stepsToFinish(const kvscope::KvSimulator& live, kvscope::AllocatorKind kind) {
    kvscope::SimConfig config = live.config();
    config.allocator = kind;
    config.keepSlotMap = config.recordSteps = false;
    return kvscope::simulate(config, live.requests()).steps;
}

// CIE Lab of an sRGB colour as seen with full deuteranopia or protanopia (Machado, Oliveira
// and Fernandes 2009, severity 1.0, applied to linear RGB) or with normal vision.
enum class Vision { Normal, Deuteranopia, Protanopia };
std::array<double, 3> labAs(const QColor& color, Vision vision) {
    static constexpr double normal[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    static constexpr double deuteranopia[3][3] = {
        {0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}};
    static constexpr double protanopia[3][3] = {
        {0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}};
    const auto& m = vision == Vision::Normal ? normal : vision == Vision::Deuteranopia ? deuteranopia : protanopia;
    const auto linear = [](int c) {
        const double v = c / 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const double in[3] = {linear(color.red()), linear(color.green()), linear(color.blue())};
    double rgb[3];
    for (int i = 0; i < 3; ++i)
        rgb[i] = std::clamp(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2], 0.0, 1.0);
    const double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
    const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    const double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}
double deltaE(const QColor& a, const QColor& b, Vision vision) {
    const auto la = labAs(a, vision), lb = labAs(b, vision);
    return std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}
} // namespace

Q_DECLARE_METATYPE(kvscope::AllocatorKind)
Q_DECLARE_METATYPE(Vision)

class TestPagedPage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup() { chartstyle::Style::instance()->setPresenter(false); }

    void bothMapsReplayTheSameTrace() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QVERIFY(page->contiguous() && page->paged());
        QCOMPARE(page->contiguous()->requests().size(), page->paged()->requests().size());
        for (int i = 0; i < 50; ++i)
            page->stepOnce();
        QCOMPARE(page->contiguous()->lastStep().step, std::uint64_t(50));
        QCOMPARE(page->paged()->lastStep().step, std::uint64_t(50));
        // Under load the paged pool holds far more tokens than max reservation.
        const auto& c = page->contiguous()->lastStep().usage;
        const auto& p = page->paged()->lastStep().usage;
        QVERIFY(p.tokenStates > 3 * c.tokenStates);
        QVERIFY(page->countersText().contains(u"step <b>51</b>"_s));
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
    }

    // Issue 25: the run can be scrubbed. Going back replays the same trace from the start, so a step reached
    // backwards is the step reached forwards, cell for cell; the named moments of the whole run are where the
    // run's own steps say, and jumping to one stands there.
    void scrubbingGoesBackAndForth() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        for (int i = 0; i < 39; ++i)
            page->stepOnce();
        QCOMPARE(page->position(), std::uint64_t(40));
        const auto forwardContiguous = page->contiguous()->slotMap();
        const auto forwardPaged = page->paged()->slotMap();
        const QString forwardCounters = page->countersText();
        page->seek(60);
        QCOMPARE(page->position(), std::uint64_t(60));
        QVERIFY(page->countersText().contains(u"step <b>60</b>"_s));
        page->stepBy(-20);
        QCOMPARE(page->position(), std::uint64_t(40));
        QCOMPARE(page->countersText(), forwardCounters);
        QVERIFY(page->contiguous()->slotMap() == forwardContiguous);
        QVERIFY(page->paged()->slotMap() == forwardPaged);
        QCOMPARE(page->scrubber()->value(), 40);
        page->scrubber()->setValue(5); // the slider seeks
        QCOMPARE(page->position(), std::uint64_t(5));
        QVERIFY(page->countersText().contains(u"step <b>5</b>"_s));
        page->stepBy(-10); // not before the first step
        QCOMPARE(page->position(), std::uint64_t(1));
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        QCOMPARE(qulonglong(page->scrubber()->maximum()), qulonglong(page->totalSteps()));
        page->seek(page->totalSteps() + 100); // not past the end
        QCOMPARE(page->position(), page->totalSteps());
        // The moments: as many as core finds in the two whole runs, each a step inside the run.
        QComboBox* moments = page->momentChoice();
        QVERIFY(moments->isEnabled());
        QVERIFY(moments->count() >= 5); // "Jump to…", then at least a peak and an end for each server
        for (int i = 1; i < moments->count(); ++i) {
            const qulonglong at = moments->itemData(i).toULongLong();
            QVERIFY(at >= 1 && at <= page->totalSteps());
        }
        const qulonglong first = moments->itemData(1).toULongLong();
        moments->activated(1);
        QCOMPARE(qulonglong(page->position()), first);
        QCOMPARE(moments->currentIndex(), 0);
    }

    // Left steps back and Shift+Right ten forward while the page is shown, as Right steps forward.
    void scrubKeys() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QCOMPARE(page->position(), std::uint64_t(1));
        QTest::keyClick(&window, Qt::Key_Right);
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(page->position(), std::uint64_t(3));
        QTest::keyClick(&window, Qt::Key_Left);
        QCOMPARE(page->position(), std::uint64_t(2));
        QTest::keyClick(&window, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(page->position(), std::uint64_t(12));
        QTest::keyClick(&window, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(page->position(), std::uint64_t(2));
    }

    void paperFigure() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->loadPaperFigure();
        // After the first step, request A's 2,048-slot reservation holds 8 tokens and will never use 2,038.
        const auto& map = page->contiguous()->slotMap();
        std::size_t internalOfA = 0;
        for (const auto& cell : map)
            internalOfA += cell.request == 0 && cell.kind == SlotKind::Internal ? 1 : 0;
        QCOMPARE(internalOfA, std::size_t(2038));
        // The same two requests paged: under one block of waste each.
        const auto& paged = page->paged()->slotMap();
        QVERIFY(countKind(paged, SlotKind::Internal) + countKind(paged, SlotKind::Reserved) < 2 * 16);
        QCOMPARE(paged.size(), map.size());
    }

    void playPauseAndRestart() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->setPlaying(true);
        QVERIFY(page->isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(page->paged()->lastStep().step >= 3, 5000);
        page->setPlaying(false);
        const auto stoppedAt = page->paged()->lastStep().step;
        QTest::qWait(150);
        QCOMPARE(page->paged()->lastStep().step, stoppedAt); // pause stops within a frame
        page->restart();
        QCOMPARE(page->paged()->lastStep().step, std::uint64_t(0));
    }

    void hoverHighlightsARequest() {
        MemoryMapWidget map;
        map.resize(400, 300);
        std::vector<kvscope::SlotCell> cells(256);
        for (std::size_t i = 0; i < 64; ++i)
            cells[i] = {7, SlotKind::Token, false};
        map.setMap(cells, 16);
        QSignalSpy hovered(&map, &MemoryMapWidget::requestHovered);
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        QTest::mouseMove(&map, QPoint(8, 30));
        QVERIFY(!hovered.isEmpty());
        QCOMPARE(hovered.last().first().toUInt(), 7u);
        QCOMPARE(map.requestAt(QPoint(399, 299)), UINT32_MAX);
    }
    // Predict, then reveal: the charts hold points only up to the step replayed, unless the
    // teacher asks for the whole run; quiz mode overrides the teacher's box and hides it.
    void chartsRevealOnlyTheStepsReplayed_data() {
        QTest::addColumn<int>("steps");
        QTest::addColumn<bool>("wholeRun");
        QTest::addColumn<bool>("quiz");
        QTest::newRow("first step") << 0 << false << false;
        QTest::newRow("10 steps") << 10 << false << false;
        QTest::newRow("300 steps") << 300 << false << false;
        QTest::newRow("whole run, teacher") << 40 << true << false;
        QTest::newRow("whole run asked, quiz reveals as it goes") << 40 << true << true;
        QTest::newRow("quiz, 120 steps") << 120 << false << true;
    }
    void chartsRevealOnlyTheStepsReplayed() {
        QFETCH(int, steps);
        QFETCH(bool, wholeRun);
        QFETCH(bool, quiz);
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        auto* box = page->findChild<QCheckBox*>(u"showWholeRun"_s);
        QVERIFY(box);
        QVERIFY(!box->isChecked()); // off by default: the ending is not given away
        page->setQuizMode(quiz);
        page->setShowWholeRun(wholeRun);
        page->stepBy(steps);
        QCOMPARE(box->isVisibleTo(page), !quiz);
        QCOMPARE(page->showsWholeRun(), wholeRun && !quiz);

        const std::uint64_t current = page->contiguous()->lastStep().step;
        QCOMPARE(current, std::uint64_t(steps)); // the first step was shown on arrival
        const auto contiguousTotal = stepsToFinish(*page->contiguous(), page->contiguous()->config().allocator);
        const auto pagedTotal = stepsToFinish(*page->paged(), kvscope::AllocatorKind::Paged);
        QVERIFY(contiguousTotal > current + 1 && pagedTotal > current + 1); // the run goes on past the cursor
        if (page->showsWholeRun()) {
            QCOMPARE(maxX(page->contiguousTimelineChart()), double(contiguousTotal - 1));
            QCOMPARE(maxX(page->pagedTimelineChart()), double(pagedTotal - 1));
            QCOMPARE(maxX(page->batchChart()), double(std::max(contiguousTotal, pagedTotal) - 1));
        } else {
            for (QChart* chart : {page->contiguousTimelineChart(), page->pagedTimelineChart(), page->batchChart()}) {
                QVERIFY(!chartPoints(chart).isEmpty());
                QCOMPARE(maxX(chart), double(current)); // nothing drawn past the step replayed
            }
        }
        // Leaving quiz mode gives the teacher's choice back.
        page->setQuizMode(false);
        QCOMPARE(page->showsWholeRun(), wholeRun);
    }

    // "step N / total" names the real total (core's own count) once the background run is back,
    // says why it cannot yet before, and the finished counts say whose they are.
    void countersSayWhoseNumbers_data() {
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("policy"); // index in the contiguous combo
        QTest::newRow("start, max length") << 0 << 0;
        QTest::newRow("400 steps, max length") << 400 << 0;
        QTest::newRow("900 steps, power of 2") << 900 << 1;
        QTest::newRow("700 steps, exact") << 700 << 2;
    }
    void countersSayWhoseNumbers() {
        QFETCH(int, steps);
        QFETCH(int, policy);
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->findChild<QComboBox*>(u"contiguousPolicy"_s)->setCurrentIndex(policy);
        page->restart();
        // The background run reports through the event loop: until then the total is unknown, and says why.
        QVERIFY(!page->timelineReady());
        QCOMPARE(page->totalSteps(), std::uint64_t(0));
        QVERIFY2(page->countersText().contains(u"step <b>1</b> / … (the whole run is still being simulated)"_s),
                 qPrintable(page->countersText()));
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        page->stepBy(steps); // as `steps` presses of Step would leave it, redrawn once
        const auto total = std::max(stepsToFinish(*page->contiguous(), page->contiguous()->config().allocator),
                                    stepsToFinish(*page->paged(), kvscope::AllocatorKind::Paged));
        QCOMPARE(page->totalSteps(), total);
        const QString text = page->countersText();
        QVERIFY2(text.contains(u"step <b>%1</b> / %2 "_s.arg(steps + 1).arg(total)), qPrintable(text));
        const QString finished = u"requests finished: contiguous <b>%1</b> of %3, paged <b>%2</b> of %3"_s
                                     .arg(page->contiguous()->summary().requestsFinished)
                                     .arg(page->paged()->summary().requestsFinished)
                                     .arg(page->contiguous()->requests().size());
        QVERIFY2(text.contains(finished), qPrintable(text));
        QVERIFY(text.contains(u"Paged: %1 preemptions"_s.arg(page->paged()->lastStep().preemptions)));
    }

    // Issue 29: the same two replays in seconds are core's timed replays of the page's requests and pools, priced on
    // the scenario's model and GPU; a scenario that cannot be timed says why in their place; arrivals counted in
    // steps last one request's step each; quiz mode keeps the whole run's figures back.
    void secondsAreCoresTimedReplays() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady() && page->timing(), 30000);
        auto setup = kvscope::servingSetup(controller.scenario());
        QVERIFY(setup);
        const auto timedByCore = [&](const kvscope::KvSimulator& live, const std::vector<double>& arrivals) {
            kvscope::SimConfig config = live.config();
            config.keepSlotMap = config.recordSteps = config.recordEvents = false;
            return *kvscope::replayTimed(config, live.requests(), arrivals, setup->pricer, setup->time);
        };
        {
            const PagedPage::Timing& t = *page->timing();
            QVERIFY(t.unpriced.isEmpty() && t.error.empty() && t.contiguous && t.paged);
            QVERIFY(t.allAtOnce);
            const std::vector<double> atOnce(page->paged()->requests().size(), 0.0);
            const kvscope::TimedSummary contiguous = timedByCore(*page->contiguous(), atOnce);
            const kvscope::TimedSummary paged = timedByCore(*page->paged(), atOnce);
            QCOMPARE(t.contiguous->outputTokensPerSecond, contiguous.outputTokensPerSecond);
            QCOMPARE(t.contiguous->ttft.p90, contiguous.ttft.p90);
            QCOMPARE(t.paged->outputTokensPerSecond, paged.outputTokensPerSecond);
            QCOMPARE(t.paged->tpot.p90, paged.tpot.p90);
            // The larger batch buys tokens per second: the paper's point, on the page's own run.
            QVERIFY(paged.outputTokensPerSecond > contiguous.outputTokensPerSecond);
            const QString text = page->secondsText();
            for (const double tps : {contiguous.outputTokensPerSecond, paged.outputTokensPerSecond})
                QVERIFY2(text.contains(QLocale().toString(tps, 'f', 0) + u" tokens/s"_s), qPrintable(text));
            QVERIFY(text.contains(QString::fromStdString(setup->gpuName)));
            QVERIFY(page->findChild<QLabel*>(u"seconds"_s)->isVisible());
        }
        page->setQuizMode(true);
        QVERIFY(page->secondsText().isEmpty());
        QVERIFY(!page->findChild<QLabel*>(u"seconds"_s)->isVisible());
        page->setQuizMode(false);

        // Tensor parallelism is not timed: said in place of the figures, at once; back to one GPU, timed again.
        kvscope::Scenario s = controller.scenario();
        s.tensorParallel = 2;
        QVERIFY(controller.setScenario(s));
        QVERIFY2(page->secondsText().contains(u"tensor parallelism (2 GPUs)"_s), qPrintable(page->secondsText()));
        s.tensorParallel = 1;
        QVERIFY(controller.setScenario(s));
        QTRY_VERIFY_WITH_TIMEOUT(page->timing() && page->timing()->paged, 30000);

        // Two changes in a row, the second while the first is being timed: the figures come for the second.
        s.gpuId = "h100-80gb";
        s.gpuMemoryBytes = kvscope::findGpuPreset(s.gpuId).memoryBytes;
        QVERIFY(controller.setScenario(s));
        s.gpuId = "a100-80gb";
        s.gpuMemoryBytes = kvscope::findGpuPreset(s.gpuId).memoryBytes;
        QVERIFY(controller.setScenario(s));
        QTRY_VERIFY_WITH_TIMEOUT(page->timing() && page->timing()->paged, 30000);
        QVERIFY2(page->timing()->gpu.contains(u"A100"_s), qPrintable(page->timing()->gpu));
        setup = kvscope::servingSetup(controller.scenario());

        // Arrivals in steps: each step of them lasts one request's step with an empty cache on this GPU.
        page->findChild<QDoubleSpinBox*>(u"arrivals"_s)->setValue(0.5);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady() && page->timing() && page->timing()->paged, 30000);
        const PagedPage::Timing& t = *page->timing();
        QVERIFY(!t.allAtOnce);
        const double step = kvscope::unloadedStepSeconds(setup->pricer, setup->time);
        QCOMPARE(t.arrivalStepSeconds, step);
        const std::vector<double> arrivals = kvscope::arrivalsFromSteps(page->paged()->requests(), step);
        QCOMPARE(t.paged->ttft.p90, timedByCore(*page->paged(), arrivals).ttft.p90);
        QVERIFY2(page->secondsText().contains(u"a step of arrivals lasts"_s), qPrintable(page->secondsText()));

        // A trace that cannot be read leaves no run: no figures in seconds from the one before stay on screen.
        QTemporaryDir dir;
        const QString bad = dir.filePath(u"bad.csv"_s);
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("prompt_len,output_len\nmany,few\n");
        file.close();
        QVERIFY(!page->openTrace(bad));
        QVERIFY(!page->findChild<QLabel*>(u"seconds"_s)->isVisible());
    }

    // A pool too small for any request: each is rejected and counted, and the run still ends.
    void requestsTooLargeForThePoolAreCounted() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->findChild<QSpinBox*>(u"pool"_s)->setValue(100); // max length reserves 2,048 slots per request
        auto* error = page->findChild<QLabel*>(u"error"_s);
        QVERIFY(error && !error->isVisibleTo(page));
        QCOMPARE(page->contiguous()->summary().requestsRejectedPool, std::uint64_t(80));
        QVERIFY2(page->countersText().contains(u"never fit the pool, rejected: contiguous 80"_s),
                 qPrintable(page->countersText()));
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        QVERIFY(page->totalSteps() > 0);
    }

    // The hovered request's block table follows the run, and a new run drops the old one's.
    void blockTableLineFollowsTheRun() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        auto* map = page->pagedMap();
        QSignalSpy hovered(map, &MemoryMapWidget::requestHovered);
        emit map->requestHovered(0);
        const QString first = page->requestInfoText();
        QVERIFY2(first.contains(u"<b>Request 0</b>"_s), qPrintable(first));
        for (int i = 0; i < 40; ++i)
            page->stepOnce();
        const QString later = page->requestInfoText();
        QVERIFY2(later.contains(u"%1 generated so far"_s.arg(page->paged()->generated(0))), qPrintable(later));
        QVERIFY(later != first);
        page->restart();
        QVERIFY2(page->requestInfoText().isEmpty(), qPrintable(page->requestInfoText()));
        emit map->requestHovered(1);
        page->findChild<QComboBox*>(u"workload"_s)->setCurrentIndex(1); // Alpaca-like
        QVERIFY(page->requestInfoText().isEmpty());
    }

    // Beam search draws the shown request's block tables as a fork diagram that follows the run:
    // one row per beam, the first block shared by all, cells splitting where beams forked. With
    // one sample there is nothing to share, and no diagram.
    void forkDiagramFollowsTheBeams() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.resize(1400, 1000);
        PagedPage* page = showPagedPage(window);
        auto* diagram = page->findChild<ForkDiagramWidget*>(u"forkDiagram"_s);
        QVERIFY(diagram);
        QVERIFY(!diagram->isVisibleTo(page)); // one sample by default
        auto* sampling = page->findChild<QComboBox*>(u"sampling"_s);
        sampling->setCurrentIndex(sampling->findData(int(kvscope::SamplingMode::Beam)));
        page->findChild<QSpinBox*>(u"samples"_s)->setValue(4);
        QVERIFY(diagram->isVisibleTo(page));
        int forked = 0;
        for (int i = 0; i < 60; ++i) {
            page->stepOnce();
            const kvscope::ForkDiagram& d = diagram->diagram();
            QVERIFY(!d.columns.empty()); // the oldest running request, with nothing hovered
            QCOMPARE(d.rowSample.size(), std::size_t(4));
            const kvscope::ForkDiagram expected =
                kvscope::forkDiagram(page->paged()->blockTables(), d.request, page->paged()->blockSize());
            QCOMPARE(d.columns.size(), expected.columns.size()); // core's diagram, as it is now
            QCOMPARE(d.sharedCells(), expected.sharedCells());
            forked += d.columns.back().size() > 1 ? 1 : 0;
        }
        QVERIFY(forked > 0);
        const QList<int> shown = diagram->visibleColumns();
        QVERIFY(!shown.isEmpty() && shown.front() == 0);
        QCOMPARE(shown.back(), int(diagram->diagram().columns.size()) - 1); // the newest block is always drawn
        QCoreApplication::processEvents(); // the layout takes the diagram's height for four rows
        QCOMPARE(diagram->height(), diagram->sizeHint().height());
        if (const QByteArray dir = qgetenv("KVSCOPE_TEST_SCREENSHOTS"); !dir.isEmpty()) {
            QVERIFY(language::install(u"en"_s)); // the English plural forms, as the app loads them
            window.grab().save(QString::fromLocal8Bit(dir) + u"/fork-diagram.png"_s);
            diagram->grab().save(QString::fromLocal8Bit(dir) + u"/fork-diagram-widget.png"_s);
            QVERIFY(language::install(u"ko"_s));
            diagram->grab().save(QString::fromLocal8Bit(dir) + u"/fork-diagram-widget-ko.png"_s);
            QVERIFY(language::install(u"en"_s));
        }
        sampling->setCurrentIndex(sampling->findData(int(kvscope::SamplingMode::Parallel)));
        page->findChild<QSpinBox*>(u"samples"_s)->setValue(1);
        QVERIFY(!diagram->isVisibleTo(page));
    }

    // Prefix caching on a shared-prompt workload: cached-but-free blocks get their own kind on the
    // map (orange stripes, not a colour alone) and the details give core's hit rate.
    void cachedPrefixBlocksOnTheMap() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        auto* workload = page->findChild<QComboBox*>(u"workload"_s);
        workload->setCurrentIndex(workload->findData(u"sharegpt;prompts=4:200"_s));
        page->findChild<QCheckBox*>(u"prefixCache"_s)->setChecked(true);
        QVERIFY(page->paged()->config().prefixCache);
        QCOMPARE(page->paged()->requests().front().prefixLen, 200u);
        // The first step with a cached-but-free block, from a twin of the page's run (the replay is
        // deterministic), then the page stands there: one redraw instead of one per step.
        kvscope::KvSimulator twin(page->paged()->config(), page->paged()->requests());
        while (!twin.finished() && twin.lastStep().cachedFreeBlocks == 0)
            twin.step();
        QVERIFY(twin.lastStep().cachedFreeBlocks > 0 && twin.lastStep().step > 0);
        // The step before it shows none on the map; the step itself, as many cells as core's count.
        page->seek(twin.lastStep().step);
        QCOMPARE(countKind(page->paged()->slotMap(), SlotKind::Cached), std::size_t(0));
        page->stepOnce();
        QCOMPARE(page->paged()->lastStep().step, twin.lastStep().step);
        const std::size_t cached = countKind(page->paged()->slotMap(), SlotKind::Cached);
        QVERIFY(cached > 0);
        QCOMPARE(cached, std::size_t(page->paged()->lastStep().cachedFreeBlocks) * 16);
        const auto summary = page->paged()->summary();
        QVERIFY(summary.prefixHitRate > 0.0);
        QVERIFY2(page->countersText().contains(
                     u"prefix cache: hit rate %1%"_s.arg(QLocale().toString(100.0 * summary.prefixHitRate, 'f', 1))),
                 qPrintable(page->countersText()));
        // Its pattern differs from free and from both fragmentation kinds at the same pixel.
        const QRgb stripe = MemoryMapWidget::shade(SlotKind::Cached, 0, 0, 0, 1);
        for (SlotKind other : {SlotKind::Free, SlotKind::External, SlotKind::Internal})
            QVERIFY(stripe != MemoryMapWidget::shade(other, 0, 0, 0, 1) ||
                    MemoryMapWidget::shade(SlotKind::Cached, 0, 0, 2, 1) != MemoryMapWidget::shade(other, 0, 0, 2, 1));
    }

    // Issue 30's offload tiers on the page: the host tier with prefix caching only, the disk tier under a host tier;
    // sized in pools; the details say what the tiers hold at the step shown and what they loaded back, core's
    // figures; the settings keep them.
    void offloadTiersOnThePage() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        auto* host = page->findChild<QDoubleSpinBox*>(u"hostTier"_s);
        auto* disk = page->findChild<QDoubleSpinBox*>(u"diskTier"_s);
        auto* cache = page->findChild<QCheckBox*>(u"prefixCache"_s);
        QVERIFY(host && disk);
        QVERIFY(!host->isEnabled() && !disk->isEnabled());
        auto* workload = page->findChild<QComboBox*>(u"workload"_s);
        workload->setCurrentIndex(workload->findData(u"sharegpt;prompts=4:200"_s));
        page->findChild<QSpinBox*>(u"pool"_s)->setValue(2000);
        cache->setChecked(true);
        QVERIFY(host->isEnabled() && !disk->isEnabled());
        host->setValue(0.5);
        QVERIFY(disk->isEnabled());
        disk->setValue(2.0);
        QCOMPARE(page->paged()->config().hostTierSlots, std::uint64_t(1000));
        QCOMPARE(page->paged()->config().diskTierSlots, std::uint64_t(4000));
        QCOMPARE(page->contiguous()->summary().offloading, false); // the contiguous server has no prefix cache
        // Its whole run on a twin: the tiers store blocks and load some back.
        const kvscope::SimSummary whole = kvscope::simulate(page->paged()->config(), page->paged()->requests());
        QVERIFY(whole.tierStores[0] > 0 && whole.tierHitTokens[0] > 0);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        page->seek(page->totalSteps());
        const kvscope::SimSummary shown = page->paged()->summary();
        QCOMPARE(shown.tierHitTokens, whole.tierHitTokens);
        const QLocale locale;
        const QString text = page->countersText();
        QVERIFY2(text.contains(u"host tier %1 of %2 blocks"_s.arg(
                     locale.toString(page->paged()->lastStep().tierBlocks[0]), locale.toString(62))),
                 qPrintable(text)); // 1,000 slots in blocks of 16
        QVERIFY2(text.contains(u"%1 tokens from the host"_s.arg(locale.toString(qulonglong(whole.tierHitTokens[0])))),
                 qPrintable(text));
        QVERIFY(text.contains(locale.toString(100.0 * whole.allTierHitRate(), 'f', 1) + u'%'));
        if (const QString dir = qEnvironmentVariable("KVSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window.resize(1600, 1000);
            page->seek(page->totalSteps() / 2);
            QTest::qWait(50);
            window.saveScreenshot(dir + u"/paged-offload-tiers.png"_s);
        }
        // A share of a small pool smaller than a block is one block, not an error (found in review).
        page->findChild<QSpinBox*>(u"pool"_s)->setValue(100);
        host->setValue(0.1);
        QVERIFY(page->paged());
        QCOMPARE(page->paged()->config().hostTierSlots, std::uint64_t(16));
        QVERIFY(!page->countersText().contains(u"--host-tier"_s));
        page->findChild<QSpinBox*>(u"pool"_s)->setValue(2000);
        host->setValue(0.5);
        // Prefix caching off: the tiers go with it (their values kept for when it returns).
        cache->setChecked(false);
        QVERIFY(!host->isEnabled() && !disk->isEnabled());
        QCOMPARE(page->paged()->config().hostTierSlots, std::uint64_t(0));
        QVERIFY(!page->countersText().contains(u"off the GPU"_s));
        const PagedPage::Settings kept = page->settings();
        QCOMPARE(kept.hostTier, 0.5);
        QCOMPARE(kept.diskTier, 2.0);
        host->setValue(0.0);
        page->applySettings(kept);
        QCOMPARE(host->value(), 0.5);
    }

    // Beam search on the page: the beams' block tables, shared entries in bold, and the memory saved.
    void beamsShowTheirBlockTables() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->findChild<QSpinBox*>(u"samples"_s)->setValue(4);
        auto* sampling = page->findChild<QComboBox*>(u"sampling"_s);
        sampling->setCurrentIndex(sampling->findData(int(kvscope::SamplingMode::Beam)));
        QCOMPARE(page->paged()->config().sampling, kvscope::SamplingMode::Beam);
        for (int i = 0; i < 30; ++i)
            page->stepOnce();
        const auto running = page->paged()->runningRequests();
        QVERIFY(!running.empty());
        emit page->pagedMap()->requestHovered(running.front());
        const QString info = page->requestInfoText();
        for (int beam = 0; beam < 4; ++beam)
            QVERIFY2(info.contains(u"beam %1: "_s.arg(beam)), qPrintable(info));
        QVERIFY2(info.contains(u"<b>0→"_s), qPrintable(info)); // the prompt's first block, shared by the beams
        const double now = page->paged()->lastStep().sharingSaving();
        QVERIFY(now > 0);
        QVERIFY2(page->countersText().contains(u"memory saved: %1% now"_s.arg(QLocale().toString(100.0 * now, 'f', 1))),
                 qPrintable(page->countersText()));
    }

    // A long whole-run simulation shows its progress and can be stopped; the replay goes on.
    void backgroundRunShowsProgressAndStops() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->findChild<QSpinBox*>(u"requests"_s)->setValue(100000);
        auto* stop = page->findChild<QPushButton*>(u"stopRun"_s);
        QVERIFY(stop);
        QTRY_VERIFY_WITH_TIMEOUT(page->countersText().contains(u"the whole run is still being simulated: "_s) ||
                                     page->timelineReady(),
                                 30000);
        if (page->timelineReady())
            QSKIP("the machine simulated 100,000 requests before a progress report could be seen");
        QTRY_VERIFY_WITH_TIMEOUT(stop->isVisibleTo(page) || page->timelineReady(), 30000);
        if (page->timelineReady())
            QSKIP("the run ended before its stop button was due");
        stop->click();
        QVERIFY2(page->countersText().contains(u"the whole-run simulation was stopped"_s),
                 qPrintable(page->countersText()));
        QVERIFY(!stop->isVisibleTo(page));
        page->stepOnce(); // the live replay does not need the background run
        QCOMPARE(page->paged()->lastStep().step, std::uint64_t(1));
        QTest::qWait(300);
        QVERIFY(!page->timelineReady());
    }

    // Open trace…: a file replays on the page; a bad one is named in the error line, as the CLI names it.
    void openTraceFromThePage() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QVERIFY(page->findChild<QPushButton*>(u"openTrace"_s));
        QTemporaryDir dir;
        const QString good = dir.filePath(u"good.csv"_s);
        QFile file(good);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("prompt_len,output_len,arrival_step\n100,50,0\n20,30,2\n5,5,4\n");
        file.close();
        page->openTrace(good);
        auto* error = page->findChild<QLabel*>(u"error"_s);
        QVERIFY(!error->isVisibleTo(page));
        QCOMPARE(page->paged()->requests().size(), std::size_t(3));
        QCOMPARE(page->paged()->requests()[1].promptLen, 20u);
        QCOMPARE(page->findChild<QComboBox*>(u"workload"_s)->currentData().toString(), good);
        const QString bad = dir.filePath(u"bad.csv"_s);
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("prompt_len,output_len\n1,2\nx,3\n");
        badFile.close();
        page->openTrace(bad);
        QVERIFY(error->isVisibleTo(page));
        QVERIFY2(error->text().contains(bad + u":3: prompt_len"_s), qPrintable(error->text()));
        QVERIFY(!page->paged());
        page->openTrace(dir.filePath(u"missing.csv"_s));
        QVERIFY2(error->text().contains(u"missing.csv"_s), qPrintable(error->text()));
    }

    // Issue 26: a trace file is read once, not again on every change of a control (a 2M-line one took seconds
    // each time); a file changed on disk is read again.
    void traceFileIsReadOnce() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"trace.csv"_s);
        const auto write = [&](const QByteArray& text) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(file.write(text), text.size());
        };
        write("prompt_len,output_len,arrival_step\n100,50,0\n20,30,2\n5,5,4\n");
        page->openTrace(path);
        QCOMPARE(page->paged()->requests().size(), std::size_t(3));
        const auto stamp = std::filesystem::last_write_time(path.toStdString());
        // Same size and time, other bytes: a control's change replays what was read, it does not read again.
        write("prompt_len,output_len,arrival_step\nx00,50,0\n20,30,2\n5,5,4\n");
        std::filesystem::last_write_time(path.toStdString(), stamp);
        auto* seed = page->findChild<QSpinBox*>(u"seed"_s);
        QVERIFY(seed);
        seed->setValue(seed->value() + 1);
        auto* error = page->findChild<QLabel*>(u"error"_s);
        QVERIFY2(!error->isVisibleTo(page), qPrintable(error->text()));
        QCOMPARE(page->paged()->requests().size(), std::size_t(3));
        // Changed on disk (a new time): read again, and its error said.
        std::filesystem::last_write_time(path.toStdString(), stamp + std::chrono::seconds(5));
        seed->setValue(seed->value() + 1);
        QVERIFY(error->isVisibleTo(page));
        QVERIFY2(error->text().contains(u":2: prompt_len"_s), qPrintable(error->text()));
    }

    // Issue 26: the first reading of a large trace shows a bar with Stop (2M lines take seconds); stopped, the page
    // says so and nothing half-read is replayed. The reading is a pool thread's, not the window's: while the bar
    // is up, a pool thread is at work (the default trace's own run has ended before).
    void largeTraceReadingCanBeStopped() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        QThreadPool::globalInstance()->waitForDone();
        QTemporaryDir dir;
        const QString path = dir.filePath(u"large.csv"_s);
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QByteArray text = "prompt_len,output_len,arrival_step\n";
            for (int i = 0; i < 2'000'000; ++i)
                text += QByteArray::number(1 + i % 500) + ',' + QByteArray::number(1 + i % 300) + ',' +
                        QByteArray::number(i / 100) + '\n';
            QCOMPARE(file.write(text), text.size());
        }
        bool stopped = false;
        bool readOffTheWindowThread = false;
        QTimer poll;
        poll.setInterval(20);
        connect(&poll, &QTimer::timeout, page, [&] {
            for (auto* dialog : page->findChildren<QProgressDialog*>())
                if (dialog->isVisible() && !stopped) {
                    stopped = true;
                    readOffTheWindowThread = QThreadPool::globalInstance()->activeThreadCount() > 0;
                    dialog->cancel();
                }
        });
        poll.start();
        page->openTrace(path);
        poll.stop();
        QVERIFY2(stopped, "no progress bar came up while 2M lines were read");
        QVERIFY2(readOffTheWindowThread, "the trace was read on the window's thread");
        auto* error = page->findChild<QLabel*>(u"error"_s);
        QVERIFY(error->isVisibleTo(page));
        QVERIFY2(error->text().contains(u"stopped"_s), qPrintable(error->text()));
        QVERIFY(!page->paged());
    }

    // A rebuild that fails (a trace file that cannot be read) starts no background run, so the
    // page's watcher is still on the previous trace's run. That run's result, already on its way,
    // must not be shown as the whole run of the trace now on the page (which has none).
    void aFailedRebuildDropsThePreviousRun() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        page->restart(); // a new background run for the same trace
        QVERIFY(!page->timelineReady());
        // Let it finish without running the event loop: its "finished" waits in the queue.
        QThreadPool::globalInstance()->waitForDone();
        QVERIFY(!page->timelineReady());
        QTemporaryDir dir;
        page->openTrace(dir.filePath(u"missing.csv"_s)); // fails: no run of its own
        QVERIFY(!page->paged());
        QCoreApplication::sendPostedEvents(); // the previous run's result arrives now
        QCoreApplication::processEvents();
        QVERIFY(!page->timelineReady());
        QCOMPARE(page->totalSteps(), std::uint64_t(0));
        QVERIFY(!page->findChild<QPushButton*>(u"stopRun"_s)->isVisibleTo(page));
        // The next good trace runs and is shown as before.
        page->findChild<QComboBox*>(u"workload"_s)->setCurrentIndex(0);
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
        QVERIFY(page->totalSteps() > 0);
    }

    // Choosing the paper's figure in the combo loads its own pool (not only loadPaperFigure());
    // choosing another workload afterwards gives back the settings the figure replaced.
    void figureFromTheComboBringsItsPool_data() {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");
        QTest::addColumn<int>("pool");
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("samples");
        QTest::newRow("ShareGPT, default pool, back to Alpaca") << u"sharegpt"_s << u"alpaca"_s << 8192 << 0 << 1;
        QTest::newRow("ShareGPT, big pool, power of 2") << u"sharegpt"_s << u"sharegpt"_s << 20000 << 1 << 1;
        QTest::newRow("fixed, exact, 2 samples, to uniform")
            << u"fixed:200,200"_s << u"uniform:1-400,1-400"_s << 12000 << 2 << 2;
    }
    void figureFromTheComboBringsItsPool() {
        QFETCH(QString, before);
        QFETCH(QString, after);
        QFETCH(int, pool);
        QFETCH(int, policy);
        QFETCH(int, samples);
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        auto* workload = page->findChild<QComboBox*>(u"workload"_s);
        auto* poolSpin = page->findChild<QSpinBox*>(u"pool"_s);
        auto* policyCombo = page->findChild<QComboBox*>(u"contiguousPolicy"_s);
        auto* samplesSpin = page->findChild<QSpinBox*>(u"samples"_s);
        auto* maxLen = page->findChild<QSpinBox*>(u"maxModelLen"_s);
        auto* requests = page->findChild<QSpinBox*>(u"requests"_s);
        QVERIFY(workload && poolSpin && policyCombo && samplesSpin && maxLen && requests);
        workload->setCurrentIndex(workload->findData(before));
        poolSpin->setValue(pool);
        policyCombo->setCurrentIndex(policy);
        samplesSpin->setValue(samples);

        workload->setCurrentIndex(workload->findData(u"figure"_s));
        QCOMPARE(poolSpin->value(), 4096 + 512);
        QCOMPARE(policyCombo->currentData().toInt(), int(kvscope::AllocatorKind::Max));
        QCOMPARE(maxLen->value(), 2048);
        QCOMPARE(samplesSpin->value(), 1);
        QVERIFY(!requests->isEnabled()); // the figure's two requests do not follow these
        QCOMPARE(page->contiguous()->requests().size(), std::size_t(2));
        std::size_t internalOfA = 0;
        for (const auto& cell : page->contiguous()->slotMap())
            internalOfA += cell.request == 0 && cell.kind == SlotKind::Internal ? 1 : 0;
        QCOMPARE(internalOfA, std::size_t(2038)); // 2,048 reserved, 10 used

        workload->setCurrentIndex(workload->findData(after));
        QCOMPARE(poolSpin->value(), pool);
        QCOMPARE(policyCombo->currentIndex(), policy);
        QCOMPARE(samplesSpin->value(), samples);
        QVERIFY(requests->isEnabled());
        QCOMPARE(page->contiguous()->config().poolSlots, std::uint64_t(pool));
        QCOMPARE(page->contiguous()->requests().size(), std::size_t(requests->value()));

        // The preset call and the combo agree, and leaving restores in the same way.
        page->loadPaperFigure();
        QCOMPARE(workload->currentData().toString(), u"figure"_s);
        QCOMPARE(poolSpin->value(), 4096 + 512);
        workload->setCurrentIndex(workload->findData(after));
        QCOMPARE(poolSpin->value(), pool);
    }

    // The batch chart writes each server's mean batch, which is core's: the sum of running
    // requests over the steps so far divided by the steps. Paging runs a larger batch.
    void batchChartShowsCoresMeanBatch_data() {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("steps");
        QTest::addColumn<bool>("pagedLarger");
        QTest::newRow("max length, 200 steps") << 0 << 200 << true;
        QTest::newRow("max length, 1000 steps") << 0 << 1000 << true;
        QTest::newRow("power of 2, 500 steps") << 1 << 500 << true;
        QTest::newRow("exact, 500 steps") << 2 << 500 << false; // an oracle is no strawman: no claim
    }
    void batchChartShowsCoresMeanBatch() {
        QFETCH(int, policy);
        QFETCH(int, steps);
        QFETCH(bool, pagedLarger);
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->findChild<QComboBox*>(u"contiguousPolicy"_s)->setCurrentIndex(policy);
        page->stepBy(steps); // the charts are drawn from the steps so far, whatever the number of redraws
        // The chart's mean is the mean under load: over the steps where a request waits (issue 25: the lesson's
        // answer and the chart had quoted different means of one run).
        const auto meanUnderLoad = [](const kvscope::KvSimulator& sim) {
            double sum = 0;
            std::size_t loaded = 0;
            for (const auto& s : sim.steps())
                if (s.waiting > 0) {
                    sum += s.running;
                    ++loaded;
                }
            return sum / double(loaded);
        };
        const double contiguousMean = page->contiguous()->summary().meanBatchSaturated;
        const double pagedMean = page->paged()->summary().meanBatchSaturated;
        QVERIFY(qFuzzyCompare(contiguousMean, meanUnderLoad(*page->contiguous())));
        QVERIFY(qFuzzyCompare(pagedMean, meanUnderLoad(*page->paged())));
        QLineSeries* contiguous = seriesNamed(page->batchChart(), u"contiguous: mean "_s);
        QLineSeries* paged = seriesNamed(page->batchChart(), u"paged: mean "_s);
        QVERIFY(contiguous && paged);
        QCOMPARE(contiguous->name(), u"contiguous: mean %1 under load"_s.arg(contiguousMean, 0, 'f', 1));
        QCOMPARE(paged->name(), u"paged: mean %1 under load"_s.arg(pagedMean, 0, 'f', 1));
        QCOMPARE(contiguous->points().back().y(), double(page->contiguous()->lastStep().running));
        if (policy == 0) // 8,192 slots hold four 2,048-slot reservations
            QVERIFY(contiguousMean <= 4.0);
        if (pagedLarger)
            QVERIFY2(pagedMean > 1.5 * contiguousMean,
                     qPrintable(u"paged %1, contiguous %2"_s.arg(pagedMean).arg(contiguousMean)));
    }

    // Titles and legends show translated policy names, never core's identifiers.
    void allocatorNamesAreTranslatedLabels_data() {
        QTest::addColumn<kvscope::AllocatorKind>("kind");
        QTest::addColumn<QString>("label");
        QTest::newRow("max") << kvscope::AllocatorKind::Max << u"max length"_s;
        QTest::newRow("pow2") << kvscope::AllocatorKind::Pow2 << u"next power of 2"_s;
        QTest::newRow("oracle") << kvscope::AllocatorKind::Oracle << u"exact (oracle)"_s;
        QTest::newRow("paged") << kvscope::AllocatorKind::Paged << u"PagedAttention blocks"_s;
    }
    void allocatorNamesAreTranslatedLabels() {
        QFETCH(kvscope::AllocatorKind, kind);
        QFETCH(QString, label);
        QCOMPARE(PagedPage::allocatorLabel(kind), label);
        QVERIFY(label != QString::fromStdString(kvscope::allocatorKindName(kind)));
        if (kind == kvscope::AllocatorKind::Paged)
            return;
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        auto* policy = page->findChild<QComboBox*>(u"contiguousPolicy"_s);
        policy->setCurrentIndex(policy->findData(int(kind)));
        QCOMPARE(policy->currentText(), label);
        QVERIFY2(page->contiguousMap()->title().startsWith(u"Contiguous (%1, first fit): "_s.arg(label)),
                 qPrintable(page->contiguousMap()->title()));
        const QString coreName = QString::fromStdString(kvscope::allocatorKindName(kind));
        QVERIFY(!page->contiguousMap()->title().contains(coreName + u':'));
    }

    // Request colours stay apart from external fragmentation's vermillion (and its pale base) for
    // normal vision, deuteranopia and protanopia, and are never in the red-orange hues.
    void requestColoursAvoidFragmentationColours_data() {
        QTest::addColumn<uint>("request");
        QTest::addColumn<Vision>("vision");
        for (uint request : {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 13u, 1000u}) {
            QTest::addRow("request %u, normal", request) << request << Vision::Normal;
            QTest::addRow("request %u, deuteranopia", request) << request << Vision::Deuteranopia;
            QTest::addRow("request %u, protanopia", request) << request << Vision::Protanopia;
        }
    }
    void requestColoursAvoidFragmentationColours() {
        QFETCH(uint, request);
        QFETCH(Vision, vision);
        const QColor color = MemoryMapWidget::requestColor(request);
        const int hue = color.hsvHue();
        QVERIFY2(hue > 45 && hue < 330, qPrintable(u"hue %1"_s.arg(hue)));
        QCOMPARE(MemoryMapWidget::externalColor(), chartstyle::over()); // the palette's vermillion
        // CIE76 distance: about 2.3 is just noticeable; 20 is plainly another colour.
        QVERIFY2(deltaE(color, MemoryMapWidget::externalColor(), vision) > 25,
                 qPrintable(u"%1 against vermillion: %2"_s.arg(color.name())
                                .arg(deltaE(color, MemoryMapWidget::externalColor(), vision))));
        const QColor externalBase = QColor(MemoryMapWidget::shade(SlotKind::External, 0, 1, 0, 1));
        QVERIFY(deltaE(color, externalBase, vision) > 20);
        // Neighbouring requests differ in lightness or plainly in colour.
        const QColor next = MemoryMapWidget::requestColor(request + 1);
        QVERIFY(std::abs(labAs(color, vision)[0] - labAs(next, vision)[0]) > 10 || deltaE(color, next, vision) > 30);
    }

    // The patterns are laid in screen pixels, so each kind keeps its signature whatever the
    // cell size: cross-hatching (3/8 of pixels vermillion), "\" hatching (1/4 dark) and dots
    // (1/16 full colour on a pale tint); reserved and external differ in pattern, not only hue.
    void patternsSurviveSmallCells_data() {
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<double>("minCell");
        QTest::addColumn<double>("maxCell");
        QTest::newRow("2 px cells") << 24000 << 1.6 << 2.5;
        QTest::newRow("3 px cells") << 11000 << 2.5 << 3.5;
        QTest::newRow("10 px cells") << 1000 << 8.0 << 12.0;
    }
    void patternsSurviveSmallCells() {
        QFETCH(int, slotCount);
        QFETCH(double, minCell);
        QFETCH(double, maxCell);
        MemoryMapWidget map;
        map.resize(420, 320);
        std::vector<kvscope::SlotCell> cells(static_cast<std::size_t>(slotCount));
        const std::size_t third = cells.size() / 3;
        for (std::size_t i = 0; i < cells.size(); ++i)
            cells[i] = i < third       ? kvscope::SlotCell{1, SlotKind::Reserved, false}
                       : i < 2 * third ? kvscope::SlotCell{100, SlotKind::External, false}
                                       : kvscope::SlotCell{200, SlotKind::Internal, false};
        map.setMap(cells, 1);
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        QVERIFY2(map.cellSize() >= minCell && map.cellSize() <= maxCell, qPrintable(QString::number(map.cellSize())));
        const QImage image = map.grab().toImage();
        const QRect area = map.mapArea().toRect();
        std::map<std::uint32_t, std::pair<int, int>> marked; // region -> (pattern pixels, all pixels)
        std::map<std::uint32_t, std::set<QRgb>> colours;
        const QRgb vermillion = chartstyle::over().rgb();
        const QRgb dark = MemoryMapWidget::internalColor().rgb();
        const QRgb dot = MemoryMapWidget::requestColor(1).rgb();
        for (int y = area.top(); y <= area.bottom(); ++y) {
            for (int x = area.left(); x <= area.right(); ++x) {
                const std::uint32_t region = map.requestAt(QPoint(x, y));
                if (region == UINT32_MAX)
                    continue;
                const QRgb pixel = image.pixel(x, y) | 0xff000000;
                auto& [pattern, all] = marked[region];
                ++all;
                pattern += pixel == (region == 1 ? dot : region == 100 ? vermillion : dark) ? 1 : 0;
                colours[region].insert(pixel);
            }
        }
        const auto share = [&](std::uint32_t region) { return double(marked[region].first) / marked[region].second; };
        QVERIFY2(std::abs(share(100) - 3.0 / 8.0) < 0.05, qPrintable(QString::number(share(100))));
        QVERIFY2(std::abs(share(200) - 1.0 / 4.0) < 0.05, qPrintable(QString::number(share(200))));
        QVERIFY2(std::abs(share(1) - 1.0 / 16.0) < 0.03, qPrintable(QString::number(share(1))));
        for (std::uint32_t region : {1u, 100u, 200u})
            QCOMPARE(colours[region].size(), std::size_t(2)); // a pattern of two colours, no blur
        for (QRgb c : colours[1])
            QVERIFY(!colours[100].count(c)); // reserved and external share no pixel colour
    }

    // Every control and chart on the page says what it is (tooltip) and explains (What's This);
    // lessons find the maps and timelines by name.
    void everyControlExplainsItself_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"workload",
                                 "scrubber",
                                 "moments",
                                 "requests",
                                 "arrivals",
                                 "contiguousPolicy",
                                 "placement",
                                 "blockSize",
                                 "pool",
                                 "samples",
                                 "seed",
                                 "maxModelLen",
                                 "fromScenario",
                                 "openTrace",
                                 "prefixCache",
                                 "stopRun",
                                 "sampling",
                                 "play",
                                 "step",
                                 "restart",
                                 "speed",
                                 "showWholeRun",
                                 "counters",
                                 "contiguousMap",
                                 "pagedMap",
                                 "contiguousTimelineChart",
                                 "pagedTimelineChart",
                                 "batchChart",
                                 "mapLegend",
                                 "sameKv"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void everyControlExplainsItself() {
        QFETCH(QString, name);
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        auto* widget = page->findChild<QWidget*>(name);
        QVERIFY2(widget, qPrintable(name));
        QVERIFY(!widget->toolTip().isEmpty());
        QVERIFY(!widget->whatsThis().isEmpty());
        QVERIFY(widget->whatsThis() != widget->toolTip()); // an explanation, not the tooltip again
        // And no interactive widget or chart on the page is left out of the table.
        for (QWidget* w : page->findChildren<QWidget*>()) {
            const bool interactive = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) ||
                                     qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QSlider*>(w) ||
                                     qobject_cast<QChartView*>(w) || qobject_cast<MemoryMapWidget*>(w);
            if (interactive)
                QVERIFY2(!w->toolTip().isEmpty() && !w->whatsThis().isEmpty(), qPrintable(w->objectName()));
        }
    }

    void lessonTargetsHaveNames() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QCOMPARE(page->findChild<MemoryMapWidget*>(u"contiguousMap"_s), page->contiguousMap());
        QCOMPARE(page->findChild<MemoryMapWidget*>(u"pagedMap"_s), page->pagedMap());
        auto* timelines = page->findChild<QWidget*>(u"pagedTimeline"_s);
        QVERIFY(timelines && timelines->isVisible());
        auto* pagedChart = timelines->findChild<QChartView*>(u"pagedTimelineChart"_s);
        QVERIFY(pagedChart);
        QCOMPARE(pagedChart->chart(), page->pagedTimelineChart());
    }

    // Presenter mode: headline counters at headlinePoints(), map titles at titlePoints(), series
    // pens at lineWidth(), larger legend swatches; and back when it is turned off.
    void presenterModeRestyles_data() {
        QTest::addColumn<bool>("presenter");
        QTest::newRow("desktop") << false;
        QTest::newRow("presenter") << true;
    }
    void presenterModeRestyles() {
        QFETCH(bool, presenter);
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        chartstyle::Style::instance()->setPresenter(presenter);
        QCOMPARE(page->headlineCounters()->font().pointSizeF(), chartstyle::headlinePoints());
        QCOMPARE(page->contiguousMap()->titleFont().pointSizeF(),
                 presenter ? chartstyle::titlePoints() : page->contiguousMap()->font().pointSizeF());
        for (QChart* chart : {page->contiguousTimelineChart(), page->pagedTimelineChart()})
            for (QAbstractSeries* series : chart->series())
                if (auto* area = qobject_cast<QAreaSeries*>(series))
                    QCOMPARE(area->pen().widthF(), chartstyle::lineWidth(1));
        QLineSeries* paged = seriesNamed(page->batchChart(), u"paged: mean "_s);
        QVERIFY(paged);
        QCOMPARE(paged->pen().widthF(), presenter ? 5.0 : 2.5);
        int swatches = 0;
        for (QLabel* label : page->findChild<QWidget*>(u"mapLegend"_s)->findChildren<QLabel*>()) {
            if (label->pixmap().isNull())
                continue;
            QCOMPARE(label->pixmap().width(), presenter ? 28 : 16);
            ++swatches;
        }
        QCOMPARE(swatches, 6); // tokens, reserved, internal, external, cached prefix, free
        chartstyle::Style::instance()->setPresenter(false);
        QCOMPARE(page->headlineCounters()->font().pointSizeF(), chartstyle::headlinePoints());
        QCOMPARE(paged->pen().widthF(), 2.5);
    }
};

QTEST_MAIN(TestPagedPage)
#include "tst_pagedpage.moc"
