// kvscope's command line: the scenario options it shares with kvscope-cli are read by one parser
// (core/scenarioargs.h), so both programs take the same limits and say the same words.
#include "clirunner.h"
#include "controlspanel.h"
#include "launchoptions.h"
#include "mainwindow.h"
#include "scenariocontroller.h"
#include "sliderspin.h"
#include "testutils.h"

#include <QStandardPaths>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestLaunchOptions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The window's error (English: no translation is loaded here) is the CLI's, word for word.
    void sameErrorsAsTheCli_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("batch not a number")
            << QStringList{u"--batch"_s, u"zero"_s} << u"--batch expects a whole number, got 'zero'"_s;
        QTest::newRow("negative context")
            << QStringList{u"--context=-5"_s} << u"--context expects a whole number, got '-5'"_s;
        QTest::newRow("batch 0") << QStringList{u"--batch"_s, u"0"_s}
                                 << u"--batch must be between 1 and 4294967296, got 0"_s;
        QTest::newRow("context past 2^40") << QStringList{u"--context"_s, u"1099511627777"_s}
                                           << u"--context must be between 1 and 1099511627776, got 1099511627777"_s;
        QTest::newRow("tp 1025") << QStringList{u"--tp"_s, u"1025"_s} << u"--tp must be between 1 and 1024, got 1025"_s;
        QTest::newRow("tp 3") << QStringList{u"--tp"_s, u"3"_s} << u"--tp: 3 GPUs cannot split 32 query heads evenly"_s;
        QTest::newRow("utilization 1.5") << QStringList{u"--utilization"_s, u"1.5"_s}
                                         << u"--utilization must be between 0.01 and 1, got 1.5"_s;
        QTest::newRow("utilization word")
            << QStringList{u"--utilization"_s, u"high"_s} << u"--utilization expects a number, got 'high'"_s;
        QTest::newRow("unknown gpu") << QStringList{u"--gpu"_s, u"voodoo2"_s}
                                     << QString(); // core's text, compared whole
        QTest::newRow("unknown dtype") << QStringList{u"--kv-dtype"_s, u"int2"_s} << QString();
        QTest::newRow("overflow") << QStringList{u"--context"_s, u"1099511627776"_s, u"--batch"_s, u"4294967296"_s}
                                  << QString();
        // The model options go through one function too (core's applyModelSource).
        QTest::newRow("preset and config") << QStringList{u"--preset"_s, u"gpt2"_s, u"--config"_s, u"config.json"_s}
                                           << u"give either --preset or --config, not both"_s;
        QTest::newRow("unknown preset") << QStringList{u"--preset"_s, u"gpt-7"_s} << QString();
        QTest::newRow("missing config") << QStringList{u"--config"_s, u"/nonexistent/config.json"_s} << QString();
        // In range, but one prefill's activations for 2^32 sequences overflow: core's estimate says so.
        QTest::newRow("batch 2^32") << QStringList{u"--batch"_s, u"4294967296"_s, u"--context"_s, u"1"_s} << QString();
    }
    void sameErrorsAsTheCli() {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        ScenarioController controller;
        const QString window = parseLaunchOptions(QStringList{u"kvscope"_s} + args, controller).error;
        QVERIFY2(!window.isEmpty(), "the window accepted what it should refuse");
        if (!error.isEmpty())
            QCOMPARE(window, error);
        const CliResult cli = runCli(QStringList{u"estimate"_s} + args);
        QCOMPARE(cli.exitCode, 2);
        QCOMPARE(QString::fromUtf8(cli.err).trimmed(), u"kvscope-cli estimate: error: "_s + window);
    }

    // The CLI's limits are the window's: a 2^40-token context opens, and its control shows its end
    // rather than a wrapped number (int(2^40) is 0).
    void theCliLimitsOpenInTheWindow() {
        ScenarioController controller;
        const LaunchOptions options = parseLaunchOptions(
            {u"kvscope"_s, u"--context"_s, u"1099511627776"_s, u"--batch"_s, u"1"_s, u"--tp"_s, u"8"_s}, controller);
        QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
        QCOMPARE(controller.scenario().context, std::uint64_t(1) << 40);
        QCOMPARE(controller.scenario().tensorParallel, 8u);
        // 128 KiB per token for the model, 2^40 tokens, split over 8 GPUs (one KV head each): 2^54 bytes.
        QCOMPARE(controller.estimate().kvBytes, std::uint64_t(1) << 54);
        MainWindow window(&controller);
        SliderSpin* context = window.controls()->context();
        QCOMPARE(context->value(), context->maximum());
        QVERIFY(context->maximum() >= 1 << 20);
        QCOMPARE(controller.scenario().context, std::uint64_t(1) << 40); // showing it changed nothing
    }

    // --sim-steps goes through the same parser, with its own limits.
    void simSteps_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("steps");
        QTest::addColumn<QString>("error");
        QTest::newRow("0") << u"0"_s << 0 << QString();
        QTest::newRow("200") << u"200"_s << 200 << QString();
        QTest::newRow("2^24") << u"16777216"_s << (1 << 24) << QString();
        QTest::newRow("2^24 + 1") << u"16777217"_s << 0
                                  << u"--sim-steps must be between 0 and 16777216, got 16777217"_s;
        QTest::newRow("word") << u"many"_s << 0 << u"--sim-steps expects a whole number, got 'many'"_s;
    }
    void simSteps() {
        QFETCH(QString, value);
        QFETCH(int, steps);
        QFETCH(QString, error);
        ScenarioController controller;
        const LaunchOptions options = parseLaunchOptions({u"kvscope"_s, u"--sim-steps"_s, value}, controller);
        QCOMPARE(options.error, error);
        QCOMPARE(options.simSteps, steps);
    }
};

QTEST_MAIN(TestLaunchOptions)
#include "tst_launchoptions.moc"
