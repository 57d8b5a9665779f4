// The window, offscreen: what it shows comes from core/, and bad input changes nothing.
#include "breakdownmodel.h"
#include "launchoptions.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "scenariocontroller.h"
#include "testutils.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void breakdownShowsCoreFigures()
    {
        ScenarioController controller;
        BreakdownModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.resetData(controller.scenario(), controller.estimate());
        QCOMPARE(model.rowCount(), int(BreakdownModel::RowCount));
        const auto& e = controller.estimate();
        auto bytesAt = [&](int row) { return model.data(model.index(row, BreakdownModel::Bytes), BreakdownModel::BytesRole).toULongLong(); };
        QCOMPARE(bytesAt(BreakdownModel::KvCache), 8'589'934'592ull);
        QCOMPARE(bytesAt(BreakdownModel::Weights), qulonglong(e.weightBytes));
        QCOMPARE(bytesAt(BreakdownModel::Total), qulonglong(e.totalBytes));
        QCOMPARE(model.data(model.index(BreakdownModel::KvCache, BreakdownModel::Size)).toString(), u"8.00 GiB"_s);
        model.setUnit(kvscope::SizeUnit::Decimal);
        QCOMPARE(model.data(model.index(BreakdownModel::KvCache, BreakdownModel::Size)).toString(), u"8.59 GB"_s);
        QVERIFY(model.toCsv().contains(u"\"KV cache\",8589934592,8.0000,8.5899,"_s));
        QVERIFY(model.toMarkdown().startsWith(u"| Term | Bytes | GB | Share of budget |\n| --- |"_s));
    }

    void invalidEditChangesNothing()
    {
        ScenarioController controller;
        QSignalSpy changed(&controller, &ScenarioController::scenarioChanged);
        QSignalSpy errors(&controller, &ScenarioController::errorChanged);
        const auto before = controller.estimate().totalBytes;
        QVERIFY(!controller.edit([](kvscope::Scenario& s) { s.model.kvHeads = 5; }, true));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(errors.count(), 1);
        QVERIFY(controller.error().contains(u"must divide"_s));
        QCOMPARE(controller.scenario().model.kvHeads, 8u);
        QCOMPARE(controller.estimate().totalBytes, before);
        QVERIFY(!controller.isCustom());
        QVERIFY(controller.edit([](kvscope::Scenario& s) { s.batch = 16; }));
        QVERIFY(controller.error().isEmpty());
        QCOMPARE(controller.estimate().kvBytes, std::uint64_t(16) << 30);
    }

    void launchOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::addColumn<qulonglong>("kvBytes");
        QTest::newRow("defaults") << QStringList{} << QString() << 8'589'934'592ull;
        QTest::newRow("batch 16") << QStringList{u"--batch"_s, u"16"_s} << QString() << 17'179'869'184ull;
        QTest::newRow("fp8 cache") << QStringList{u"--kv-dtype"_s, u"fp8"_s} << QString() << 4'294'967'296ull;
        QTest::newRow("70B 4K") << QStringList{u"--preset"_s, u"llama-3-70b"_s, u"--context"_s, u"4096"_s, u"--batch"_s, u"1"_s}
                                << QString() << 1'342'177'280ull;
        QTest::newRow("bad preset") << QStringList{u"--preset"_s, u"nope"_s} << u"unknown model preset 'nope'"_s << 0ull;
        QTest::newRow("bad batch") << QStringList{u"--batch"_s, u"zero"_s} << u"--batch expects a whole number"_s << 0ull;
        QTest::newRow("bad dtype") << QStringList{u"--kv-dtype"_s, u"int2"_s} << u"--kv-dtype: 'int2'"_s << 0ull;
    }
    void launchOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QFETCH(qulonglong, kvBytes);
        ScenarioController controller;
        const LaunchOptions options = parseLaunchOptions(QStringList{u"kvscope"_s} + args, controller);
        if (error.isEmpty()) {
            QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
            QCOMPARE(qulonglong(controller.estimate().kvBytes), kvBytes);
        } else {
            QVERIFY2(options.error.contains(error), qPrintable(options.error));
        }
    }

    void windowShowsTheVerdictAndSavesAScreenshot()
    {
        ScenarioController controller;
        MainWindow window(&controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPage(u"memory"_s));
        QVERIFY(!window.showPage(u"nonexistent"_s));
        auto* page = window.findChild<MemoryPage*>();
        QVERIFY(page);
        QVERIFY(page->verdictText().contains(u"Out of memory"_s));
        QVERIFY(controller.edit([](kvscope::Scenario& s) { s.batch = 1; }));
        QVERIFY(page->verdictText().contains(u"Fits"_s));
        QTemporaryDir dir;
        const QString path = dir.filePath(u"shot.png"_s);
        QVERIFY(window.saveScreenshot(path));
        QImage image(path);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
