// The GPU panel offscreen: a run on the worker thread fills the charts at frame rate and
// the summary at the end; Stop ends it; closing the window mid-run is safe.
#include "decodepage.h"
#include "mainwindow.h"
#include "scenariocontroller.h"
#include "testutils.h"

#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;

namespace {
DecodeOptions tiny(std::uint32_t steps) {
    DecodeOptions o;
    o.model.layers = 2;
    o.model.width = 64;
    o.model.heads = 4;
    o.model.kvHeads = 2;
    o.batch = 2;
    o.steps = steps;
    o.promptLen = 8;
    o.blockSize = 4;
    o.model.maxContext = std::max(512u, o.promptLen + steps);
    return o;
}
} // namespace

class TestDecodePage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void runFillsChartsAndSummary() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPage(u"gpu"_s));
        DecodePage* page = window.decodePage();
        const bool cuda = probeDevice().backend == Backend::Cuda;
        QVERIFY(page->backendText().contains(cuda ? u"CUDA"_s : u"Runs on the CPU"_s));
        // Graphs and BF16 are offered only where the run can be on CUDA.
        QCOMPARE(page->cudaControlsEnabled(), cuda);
        page->setOptions(tiny(24));
        page->start();
        QVERIFY(page->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), 60000);
        QVERIFY(page->lastReport());
        QVERIFY(page->lastReport()->tokensIdentical);
        QCOMPARE(page->plottedSteps(), 3 * 24);
        QTableWidget* summary = page->summary();
        QCOMPARE(summary->rowCount(), 3);
        QCOMPARE(summary->item(0, 8)->text(), u"identical"_s);
        QVERIFY(page->estimateText().startsWith(u"Estimated"_s));
        if (qEnvironmentVariableIsSet("KVSCOPE_SCREENSHOT_DIR"))
            window.saveScreenshot(qEnvironmentVariable("KVSCOPE_SCREENSHOT_DIR") + u"/gpu.png"_s);
    }

    void timeAxisIgnoresASingleStall() {
        // 200 steps near 1 ms and one 9 ms stall: the axis follows the steps, not the stall.
        std::vector<double> ms(200, 1.0);
        for (std::size_t i = 0; i < ms.size(); ++i)
            ms[i] += 0.001 * double(i);
        ms[120] = 9.0;
        int off = -1;
        const double top = DecodePage::timeAxisTop(ms, &off);
        QVERIFY(top > 1.19 && top < 2.0);
        QCOMPARE(off, 1);
        // An uncached run's legitimate growth stays on the scale.
        std::vector<double> growing;
        for (int i = 1; i <= 100; ++i)
            growing.push_back(0.2 * i);
        QVERIFY(DecodePage::timeAxisTop(growing, &off) >= 20.0);
        QCOMPARE(off, 0);
        QCOMPARE(DecodePage::timeAxisTop({0.5, 3.0}, &off), 3.0 * 1.15); // too few steps to call one a stall
        QCOMPARE(off, 0);
    }

    void stopEndsTheRun() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.show();
        QVERIFY(window.showPage(u"gpu"_s));
        DecodePage* page = window.decodePage();
        page->setOptions(tiny(4000 - 8));
        page->start();
        QTRY_VERIFY_WITH_TIMEOUT(page->plottedSteps() > 5, 60000);
        page->stop();
        QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), 10000);
        QVERIFY(page->lastReport());
        QVERIFY(page->lastReport()->stopped);
        QVERIFY(page->summary()->item(0, 0)->text().contains(u"stopped"_s));
    }

    void closingMidRunIsSafe() {
        ScenarioController controller;
        auto* window = new MainWindow(&controller);
        window->show();
        window->decodePage()->setOptions(tiny(4000 - 8));
        window->decodePage()->start();
        QTest::qWait(200);
        delete window; // stops the worker and joins its thread
        QVERIFY(true);
    }

    void courseExperimentPreset() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.decodePage()->loadCourseExperiment(64);
        const DecodeOptions o = window.decodePage()->options();
        QCOMPARE(o.batch, 64u);
        QCOMPARE(o.steps, 500u);
        QCOMPARE(o.model.layers, 8u);
        QCOMPARE(o.model.width, 512u);
        QCOMPARE(o.modes.size(), std::size_t(2));
    }
};

QTEST_MAIN(TestDecodePage)
#include "tst_decodepage.moc"
