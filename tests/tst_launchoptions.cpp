// kvscope's command line: the scenario options it shares with kvscope-cli are read by one parser
// (core/scenarioargs.h), so both programs take the same limits and say the same words.
#include "clirunner.h"
#include "controlspanel.h"
#include "launchoptions.h"
#include "lessonpanel.h"
#include "mainwindow.h"
#include "pagedpage.h"
#include "scenariocode.h"
#include "scenariocontroller.h"
#include "scenariofile.h"
#include "sliderspin.h"
#include "sweep.h"
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

    // Issue 25: the screen a teacher shares. File > Copy Scenario Link in one window, the code opened in another
    // (File > Open Scenario Link, kvscope --open, a kvscope: link from the desktop entry) gives the same scenario,
    // page, lesson and paged step; kvscope-cli --code reads the same code.
    void sharedScreen() {
        ScenarioController sender;
        MainWindow window(&sender);
        window.setQuiet(true);
        QVERIFY(window.openLessons(u"course:9"_s)); // a paged lesson
        kvscope::Scenario s = sender.scenario();
        s.context = 12'288;
        s.kvDtype = kvscope::DType::parse("fp8");
        QVERIFY(sender.setScenario(s));
        QVERIFY(window.showPage(u"paged"_s));
        window.pagedPage()->seek(120);
        const QString code = window.scenarioCode();
        QVERIFY2(code.startsWith(u"kvscope:?v=1&preset="_s) && code.contains(u"&page=paged"_s) &&
                     code.contains(u"&lesson=course:9"_s) && code.contains(u"&step=120"_s) && code.size() < 300,
                 qPrintable(code));

        ScenarioController receiver;
        MainWindow other(&receiver);
        other.setQuiet(true);
        // The student's own hour in the same set is kept: lesson 1's hands survive opening the teacher's lesson 9.
        QVERIFY(other.openLessons(u"course:1"_s));
        other.lessons()->setVotes(1, 5);
        QVERIFY2(other.openScenarioCode(code), qPrintable(other.lastError()));
        QCOMPARE(other.lessons()->allVotes().at(0), (std::vector<std::uint32_t>{0, 5, 0, 0}));
        QCOMPARE(kvscope::scenarioToText(receiver.scenario()), kvscope::scenarioToText(sender.scenario()));
        QCOMPARE(other.currentPageName(), u"paged"_s);
        QCOMPARE(other.lessons()->currentIndex(), 8);
        QCOMPARE(other.pagedPage()->position(), std::uint64_t(120));
        QCOMPARE(other.scenarioCode(), code);

        // The command line: --open, and the bare link the desktop entry passes.
        for (const QStringList& args :
             {QStringList{u"kvscope"_s, u"--open"_s, code}, QStringList{u"kvscope"_s, code}}) {
            ScenarioController launched;
            const LaunchOptions options = parseLaunchOptions(args, launched);
            QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
            QCOMPARE(options.page, u"paged"_s);
            QCOMPARE(options.lesson, u"course:9"_s);
            QCOMPARE(options.openStep, std::uint64_t(120)); // a position, as the sender's page showed it
            QCOMPARE(options.simSteps, 0);
            QVERIFY(options.afterLesson.has_value());
            QCOMPARE(kvscope::scenarioToText(*options.afterLesson), kvscope::scenarioToText(sender.scenario()));
        }
        // Options after the code change it.
        ScenarioController changed;
        QVERIFY(parseLaunchOptions({u"kvscope"_s, u"--open"_s, code, u"--batch"_s, u"3"_s}, changed).error.isEmpty());
        QCOMPARE(changed.scenario().batch, std::uint64_t(3));
        QCOMPARE(changed.scenario().context, std::uint64_t(12'288));
        // A bad code is refused by name, in the window and on the command line; nothing changes.
        const QString before = QString::fromStdString(kvscope::scenarioToText(receiver.scenario()));
        QVERIFY(!other.openScenarioCode(QString(code).replace(u"batch="_s, u"bacth="_s)));
        QVERIFY2(other.lastError().contains(u"field 'bacth'"_s), qPrintable(other.lastError()));
        QVERIFY(!other.openScenarioCode(QString(code).replace(u"page=paged"_s, u"page=nowhere"_s)));
        QVERIFY2(other.lastError().contains(u"field 'page' is 'nowhere'"_s), qPrintable(other.lastError()));
        // A scenario past 64 bits is refused before the lesson moves.
        kvscope::Scenario huge = sender.scenario();
        huge.model = kvscope::withKvHeads(huge.model, 4); // a long code: its limits are the scenario file's
        huge.context = 1ull << 40;
        huge.batch = 1ull << 32;
        const QString hugeCode = QString::fromStdString(kvscope::encodeScenarioCode({huge, "memory", "course:2", 0}));
        QVERIFY(!other.openScenarioCode(hugeCode));
        QCOMPARE(other.lessons()->currentIndex(), 8);
        QCOMPARE(QString::fromStdString(kvscope::scenarioToText(receiver.scenario())), before);
        ScenarioController refused;
        QVERIFY2(parseLaunchOptions({u"kvscope"_s, u"--open"_s, u"kvscope:?v=9"_s}, refused)
                     .error.startsWith(u"--open: scenario code: version 9 is newer"_s),
                 "");
        // kvscope-cli reads the same code.
        const CliResult cli = runCli({u"estimate"_s, u"--code"_s, code, u"--json"_s});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QCOMPARE(cli.json().value("total_bytes"_L1).toInteger(),
                 qint64(kvscope::estimate(sender.scenario()).totalBytes));
    }
};

QTEST_MAIN(TestLaunchOptions)
#include "tst_launchoptions.moc"
