// The Roofline page with a synthetic measurement (its readings in words, table, chart series,
// presenter mode), its worker's start and stop, and the Memory page's TPOT lower bound against
// core's number. No time is asserted: the synthetic times are chosen, the real run is stopped.
#include "chartstyle.h"
#include "gpus.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "roofline.h"
#include "rooflinepage.h"
#include "scenariocontroller.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;
namespace rl = kvscope::roofline;

namespace {

// A CPU roof of 20 GB/s and 100 GFLOP/s (ridge 5 FLOP/byte), and the small GPT's steps on it:
//   decode, batch 1, context 256: 117,690,368 B, 58,810,368 FLOPs (tst_roofline's hand row):
//     0.50 FLOP/byte; bytes / bandwidth = 5.8845 ms; measured 8.288 ms -> 71% of the bandwidth roof
//   decode, batch 64, context 256: measured at twice its lower bound -> 50%
//   prefill, batch 1, 256 tokens: 13,446,938,624 FLOPs, 114 FLOP/byte; FLOPs / peak = 134.47 ms;
//     measured 268.94 ms -> 50% of the compute roof
RooflineReport syntheticReport() {
    RooflineReport r;
    r.roof.backend = Backend::Cpu;
    r.roof.device = "Test CPU";
    r.roof.threads = 2;
    r.roof.readBandwidth = 20e9;
    r.roof.triadBandwidth = 18e9;
    r.roof.sgemmFlops = 100e9;
    r.roof.roof = {20e9, 100e9};
    r.backendWhy = "no CUDA device in this test";
    r.seconds = 12;
    const GptConfig c;
    const auto shape = modelShapeOf(c);
    const auto fp32 = kvscope::DType::fp32();
    RooflinePoint a;
    a.batch = 1;
    a.context = 256;
    a.steps = 5;
    a.work = rl::decodeStep(shape, fp32, fp32, 1, 256);
    a.milliseconds = 8.288;
    RooflinePoint b = a;
    b.batch = 64;
    b.work = rl::decodeStep(shape, fp32, fp32, 64, 256);
    b.milliseconds = 2.0 * rl::read(b.work, r.roof.roof).lowerBoundSeconds * 1000.0;
    RooflinePoint c64 = a;
    c64.context = 64;
    c64.work = rl::decodeStep(shape, fp32, fp32, 1, 64);
    c64.milliseconds = 10.0;
    RooflinePoint p;
    p.kind = PointKind::Prefill;
    p.batch = 1;
    p.context = 256;
    p.steps = 1;
    p.work = rl::prefillStep(shape, fp32, fp32, 1, 256);
    p.milliseconds = 268.94;
    r.points = {c64, a, b, p};
    r.skipped.push_back({256, 256, "over the time budget (about 3 min)"});
    rereadPoints(r);
    return r;
}

} // namespace

class TestRooflinePage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void readingsOfASyntheticMeasurement_data() {
        QTest::addColumn<int>("point");
        QTest::addColumn<QString>("reading");
        QTest::newRow("batch 1") << 1
                                 << u"Batch 1, context 256: 0.50 FLOP/byte, 71% of the bandwidth roof: memory-bound"_s;
        QTest::newRow("batch 64") << 2 << u"Batch 64, context 256: "_s;
        QTest::newRow("prefill") << 3
                                 << u"Prefill, batch 1, 256 tokens: 114 FLOP/byte, 50% of the compute roof: "
                                    "compute-bound"_s;
    }
    void readingsOfASyntheticMeasurement() {
        QFETCH(int, point);
        QFETCH(QString, reading);
        RooflinePage page;
        const RooflineReport report = syntheticReport();
        page.setReport(report);
        const QString text = page.readingText();
        QVERIFY2(text.contains(reading), qPrintable(text));
        QVERIFY(RooflinePage::reading(report.points[std::size_t(point)]).startsWith(reading));
        QCOMPARE(text.split(u'\n').size(), int(report.points.size()));
        // Batch 64 reuses each weight 64 times: past the ridge of 5 FLOP/byte, on the compute side.
        if (point == 2)
            QVERIFY2(text.contains(u"50% of the compute roof: compute-bound"_s), qPrintable(text));
    }

    void tableChartAndRoofs() {
        RooflinePage page;
        page.resize(1400, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const RooflineReport report = syntheticReport();
        page.setReport(report);
        QTableWidget* table = page.table();
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->item(1, 0)->text(), u"decode"_s);
        QCOMPARE(table->item(1, 3)->text(), u"0.50"_s);
        QCOMPARE(table->item(1, 7)->text(), u"71%"_s);
        QCOMPARE(table->item(1, 8)->text(), u"memory-bound"_s);
        QCOMPARE(table->item(3, 0)->text(), u"prefill"_s);
        QCOMPARE(table->item(3, 8)->text(), u"compute-bound"_s);
        QVERIFY2(page.roofText().contains(u"20.0 GB/s"_s) && page.roofText().contains(u"100.0 GFLOP/s"_s) &&
                     page.roofText().contains(u"ridge point 5.00 FLOP/byte"_s),
                 qPrintable(page.roofText()));
        QVERIFY2(page.backendText().contains(u"CPU"_s) && page.backendText().contains(u"no CUDA device in this test"_s),
                 qPrintable(page.backendText()));
        QVERIFY2(page.statusText().contains(u"Steps measured: 4"_s), qPrintable(page.statusText()));
        QVERIFY(page.statusText().contains(u"Skipped (time budget or memory): 1"_s));
        // One decode series per context (64 and 256), the prefills apart, the roofs and the ridge.
        int decodeSeries = 0, points = 0;
        for (QAbstractSeries* s : page.chartView()->chart()->series()) {
            auto* scatter = qobject_cast<QScatterSeries*>(s);
            if (!scatter || !scatter->isVisible())
                continue;
            if (scatter->name().startsWith(u"decode, context"_s)) {
                ++decodeSeries;
                points += int(scatter->count());
            }
        }
        QCOMPARE(decodeSeries, 2);
        QCOMPARE(points, 3);
        if (qEnvironmentVariableIsSet("KVSCOPE_SCREENSHOT_DIR") && (QTest::qWait(100), true))
            page.grab().save(qEnvironmentVariable("KVSCOPE_SCREENSHOT_DIR") + u"/roofline-page.png"_s);
    }

    // Every power of ten on the log axes has its tick and label, the lowest included: Qt rounded
    // log(0.1) / log(10) up past -1 and dropped the axis's first label (0.1 on an empty page).
    void logAxesLabelEveryPower() {
        RooflinePage page;
        const auto axis = [&page](Qt::Orientation o) {
            return qobject_cast<QLogValueAxis*>(page.chartView()->chart()->axes(o).constFirst());
        };
        QCOMPARE(axis(Qt::Horizontal)->tickCount(), 5); // 0.1, 1, 10, 100, 1000
        QCOMPARE(axis(Qt::Vertical)->tickCount(), 4);   // 1 .. 1000
        page.setReport(syntheticReport());
        const double lowest = axis(Qt::Horizontal)->min(), highest = axis(Qt::Horizontal)->max();
        const int powers = int(std::lround(std::log10(highest) - std::log10(lowest))) + 1;
        QCOMPARE(axis(Qt::Horizontal)->tickCount(), powers);
    }

    // The roofs and the ridge were drawn in black whatever the palette: invisible on the dark
    // one. They take the palette's text colour, and follow a switch while the page is open.
    void roofsFollowThePalette() {
        RooflinePage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setReport(syntheticReport());
        auto roofColour = [&page](const QString& name) -> QColor {
            for (QAbstractSeries* s : page.chartView()->chart()->series())
                if (s->name() == name) {
                    if (auto* line = qobject_cast<QLineSeries*>(s))
                        return line->pen().color();
                    if (auto* scatter = qobject_cast<QScatterSeries*>(s))
                        return scatter->color();
                }
            return {};
        };
        for (const auto scheme : {chartstyle::Scheme::Dark, chartstyle::Scheme::Light}) {
            chartstyle::Style::instance()->setScheme(scheme);
            QApplication::processEvents();
            const QColor text = page.chartView()->palette().color(QPalette::WindowText);
            const QColor background = page.chartView()->palette().color(QPalette::Window);
            QCOMPARE(roofColour(u"bandwidth roof"_s), text);
            QCOMPARE(roofColour(u"ridge point"_s), text);
            QVERIFY(chartstyle::contrastRatio(roofColour(u"compute roof"_s), background) >= 3.0);
        }
        chartstyle::Style::instance()->setScheme(chartstyle::Scheme::System);
    }

    // Presenter mode's 18 pt text must not clip in the table's rows.
    void presenterModeDoesNotClip() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPage(u"roofline"_s));
        window.rooflinePage()->setReport(syntheticReport());
        window.setPresenterMode(true, false);
        QCoreApplication::processEvents();
        const QTableWidget* table = window.rooflinePage()->table();
        QCOMPARE(table->font().pointSizeF(), 18.0);
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY2(table->rowHeight(row) >= QFontMetrics(table->font()).height(),
                     qPrintable(u"row %1: %2 px"_s.arg(row).arg(table->rowHeight(row))));
        if (qEnvironmentVariableIsSet("KVSCOPE_SCREENSHOT_DIR") && (QTest::qWait(100), true))
            window.saveScreenshot(qEnvironmentVariable("KVSCOPE_SCREENSHOT_DIR") + u"/roofline-presenter.png"_s);
        window.setPresenterMode(false, false);
    }

    // The page sits after the GPU decode page, without the scenario panel, and keeps its
    // measurement across a language switch.
    void pageInTheWindow() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QStringList names = window.pageNames();
        QCOMPARE(names.indexOf(u"roofline"_s), names.indexOf(u"gpu"_s) + 1);
        QVERIFY(window.showPage(u"roofline"_s));
        QVERIFY(!window.scenarioDock()->isVisible());
        window.rooflinePage()->setReport(syntheticReport());
        QVERIFY(window.setLanguage(u"en"_s));
        QTRY_COMPARE(window.currentPageName(), u"roofline"_s);
        QVERIFY(window.rooflinePage()->report().has_value());
        QCOMPARE(window.rooflinePage()->table()->rowCount(), 4);
        if (qEnvironmentVariableIsSet("KVSCOPE_SCREENSHOT_DIR") && window.setLanguage(u"ko"_s)) {
            window.resize(1600, 1000);
            QTest::qWait(100);
            window.saveScreenshot(qEnvironmentVariable("KVSCOPE_SCREENSHOT_DIR") + u"/roofline-ko.png"_s);
            QVERIFY(window.setLanguage(u"en"_s));
        }
    }

    // A real measurement stopped at once ends with runFinished, and the page is idle again.
    void startAndStop() {
        RooflinePage page;
        QSignalSpy finished(&page, &RooflinePage::runFinished);
        page.setQuick(true);
        page.start();
        QVERIFY(page.isRunning());
        page.stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 90000);
        QVERIFY(!page.isRunning());
        QVERIFY(page.report().has_value());
        QVERIFY(page.report()->stopped);
        QVERIFY(page.statusText().contains(u"Stopped"_s));
    }

    // The Memory page shows core's lower bound for the selected model, GPU, batch and context.
    void memoryPageShowsCoresTpotBound_data() {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<qulonglong>("context");
        QTest::newRow("rtx-4090 b8 8K") << u"rtx-4090"_s << 8ull << 8192ull;
        QTest::newRow("h100 b1 8K") << u"h100-80gb"_s << 1ull << 8192ull;
        QTest::newRow("h200 b64 2K") << u"h200"_s << 64ull << 2048ull;
    }
    void memoryPageShowsCoresTpotBound() {
        QFETCH(QString, gpu);
        QFETCH(qulonglong, batch);
        QFETCH(qulonglong, context);
        ScenarioController controller;
        MainWindow window(&controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPage(u"memory"_s));
        QVERIFY(controller.edit([&](kvscope::Scenario& s) {
            s.gpuId = gpu.toStdString();
            s.gpuMemoryBytes = kvscope::findGpuPreset(s.gpuId).memoryBytes;
            s.batch = batch;
            s.context = context;
        }));
        const auto prediction = rl::predictScenario(controller.scenario());
        QVERIFY(prediction.has_value());
        const double ms = prediction->tpotSeconds * 1000.0;
        const QString expected = QLocale().toString(ms, 'f', ms < 1 ? 3 : ms < 100 ? 2 : 1);
        QTRY_VERIFY2(window.memoryPage()->tpotText().contains(u"TPOT ≥ "_s + expected + u" ms"_s),
                     qPrintable(window.memoryPage()->tpotText() + u" / "_s + expected));
        QVERIFY(window.memoryPage()->tpotText().contains(u"data sheet"_s));
        QVERIFY(window.memoryPage()->tpotText().contains(u"lower bound"_s));
        // A preset without data-sheet figures says so instead of a number.
        QVERIFY(controller.edit([](kvscope::Scenario& s) { s.gpuId = "rtx-3060"; }));
        QTRY_VERIFY(window.memoryPage()->tpotText().contains(u"no data-sheet bandwidth"_s));
        QVERIFY(!window.memoryPage()->tpotText().contains(u"TPOT ≥"_s));
    }
};

QTEST_MAIN(TestRooflinePage)
#include "tst_rooflinepage.moc"
