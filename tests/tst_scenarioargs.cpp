// The scenario options kvscope and kvscope-cli share (core/scenarioargs.h): good values land in
// the scenario, bad ones give the exact error both programs print.
#include "presets.h"
#include "scenarioargs.h"

#include <QtTest>

using namespace kvscope;
using namespace Qt::StringLiterals;

namespace {
// Arguments as a command line gives them: "--batch", "16", "--tp", "2" ...
ScenarioArgs argsFrom(const QStringList& list) {
    ScenarioArgs args;
    for (qsizetype i = 0; i + 1 < list.size(); i += 2) {
        const std::string value = list[i + 1].toStdString();
        const QString& name = list[i];
        if (name == QLatin1String("--weight-dtype"))
            args.weightDtype = value;
        else if (name == QLatin1String("--kv-dtype"))
            args.kvDtype = value;
        else if (name == QLatin1String("--gpu"))
            args.gpu = value;
        else if (name == QLatin1String("--context"))
            args.context = value;
        else if (name == QLatin1String("--batch"))
            args.batch = value;
        else if (name == QLatin1String("--utilization"))
            args.utilization = value;
        else if (name == QLatin1String("--tp"))
            args.tp = value;
        else
            qFatal("the test table names an option the parser does not take");
    }
    return args;
}
} // namespace

class TestScenarioArgs : public QObject {
    Q_OBJECT

private slots:
    void goodArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<double>("utilization");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<QString>("kvDtype");
        QTest::addColumn<qulonglong>("gpuBytes");
        // The default scenario: 8K context, batch 8, 0.9 of an RTX 4090's 24 GiB, BF16 cache.
        QTest::newRow("none") << QStringList{} << 8192ull << 8ull << 0.9 << 1u << u"bf16"_s << (24ull << 30);
        QTest::newRow("context and batch") << QStringList{u"--context"_s, u"4096"_s, u"--batch"_s, u"16"_s} << 4096ull
                                           << 16ull << 0.9 << 1u << u"bf16"_s << (24ull << 30);
        // The limits themselves are allowed: 1 token, 2^40 tokens at batch 1; 2^32 sequences of 1 token.
        QTest::newRow("context 1") << QStringList{u"--context"_s, u"1"_s} << 1ull << 8ull << 0.9 << 1u << u"bf16"_s
                                   << (24ull << 30);
        QTest::newRow("context 2^40, batch 1") << QStringList{u"--context"_s, u"1099511627776"_s, u"--batch"_s, u"1"_s}
                                               << (1ull << 40) << 1ull << 0.9 << 1u << u"bf16"_s << (24ull << 30);
        QTest::newRow("batch 2^32, context 1") << QStringList{u"--batch"_s, u"4294967296"_s, u"--context"_s, u"1"_s}
                                               << 1ull << (1ull << 32) << 0.9 << 1u << u"bf16"_s << (24ull << 30);
        QTest::newRow("utilization 0.01") << QStringList{u"--utilization"_s, u"0.01"_s} << 8192ull << 8ull << 0.01 << 1u
                                          << u"bf16"_s << (24ull << 30);
        QTest::newRow("utilization 1") << QStringList{u"--utilization"_s, u"1"_s} << 8192ull << 8ull << 1.0 << 1u
                                       << u"bf16"_s << (24ull << 30);
        QTest::newRow("utilization 1e-1")
            << QStringList{u"--utilization"_s, u"1e-1"_s} << 8192ull << 8ull << 0.1 << 1u << u"bf16"_s << (24ull << 30);
        // Llama-3.1-8B has 32 query and 8 KV heads: 8 GPUs split them.
        QTest::newRow("tp 8") << QStringList{u"--tp"_s, u"8"_s} << 8192ull << 8ull << 0.9 << 8u << u"bf16"_s
                              << (24ull << 30);
        QTest::newRow("fp8 cache on an H100") << QStringList{u"--kv-dtype"_s, u"fp8"_s, u"--gpu"_s, u"h100-80gb"_s}
                                              << 8192ull << 8ull << 0.9 << 1u << u"fp8"_s << (80ull << 30);
    }
    void goodArguments() {
        QFETCH(QStringList, args);
        QFETCH(qulonglong, context);
        QFETCH(qulonglong, batch);
        QFETCH(double, utilization);
        QFETCH(uint, tp);
        QFETCH(QString, kvDtype);
        QFETCH(qulonglong, gpuBytes);
        Scenario s = defaultScenario();
        applyScenarioArgs(s, argsFrom(args));
        checkScenarioArgs(s);
        QCOMPARE(s.context, context);
        QCOMPARE(s.batch, batch);
        QCOMPARE(s.utilization, utilization);
        QCOMPARE(s.tensorParallel, tp);
        QCOMPARE(QString::fromStdString(s.kvDtype.name()), kvDtype);
        QCOMPARE(s.gpuMemoryBytes, gpuBytes);
    }

    void badArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("kind"); // OptionValueError::Kind, -1 for another Error
        using K = OptionValueError::Kind;
        QTest::newRow("batch zero (word)") << QStringList{u"--batch"_s, u"zero"_s}
                                           << u"--batch expects a whole number, got 'zero'"_s << int(K::NotWholeNumber);
        QTest::newRow("negative context") << QStringList{u"--context"_s, u"-5"_s}
                                          << u"--context expects a whole number, got '-5'"_s << int(K::NotWholeNumber);
        QTest::newRow("plus sign") << QStringList{u"--context"_s, u"+5"_s}
                                   << u"--context expects a whole number, got '+5'"_s << int(K::NotWholeNumber);
        QTest::newRow("empty") << QStringList{u"--batch"_s, QString()} << u"--batch expects a whole number, got ''"_s
                               << int(K::NotWholeNumber);
        QTest::newRow("decimal batch") << QStringList{u"--batch"_s, u"1.5"_s}
                                       << u"--batch expects a whole number, got '1.5'"_s << int(K::NotWholeNumber);
        QTest::newRow("beyond 64 bits") << QStringList{u"--context"_s, u"18446744073709551616"_s}
                                        << u"--context expects a whole number, got '18446744073709551616'"_s
                                        << int(K::NotWholeNumber);
        QTest::newRow("batch 0") << QStringList{u"--batch"_s, u"0"_s}
                                 << u"--batch must be between 1 and 4294967296, got 0"_s << int(K::WholeOutOfRange);
        QTest::newRow("batch 2^32 + 1") << QStringList{u"--batch"_s, u"4294967297"_s}
                                        << u"--batch must be between 1 and 4294967296, got 4294967297"_s
                                        << int(K::WholeOutOfRange);
        QTest::newRow("context 2^40 + 1")
            << QStringList{u"--context"_s, u"1099511627777"_s}
            << u"--context must be between 1 and 1099511627776, got 1099511627777"_s << int(K::WholeOutOfRange);
        QTest::newRow("tp 0") << QStringList{u"--tp"_s, u"0"_s} << u"--tp must be between 1 and 1024, got 0"_s
                              << int(K::WholeOutOfRange);
        QTest::newRow("tp 1025") << QStringList{u"--tp"_s, u"1025"_s} << u"--tp must be between 1 and 1024, got 1025"_s
                                 << int(K::WholeOutOfRange);
        QTest::newRow("utilization word") << QStringList{u"--utilization"_s, u"high"_s}
                                          << u"--utilization expects a number, got 'high'"_s << int(K::NotNumber);
        QTest::newRow("utilization comma") << QStringList{u"--utilization"_s, u"0,9"_s}
                                           << u"--utilization expects a number, got '0,9'"_s << int(K::NotNumber);
        QTest::newRow("utilization inf") << QStringList{u"--utilization"_s, u"inf"_s}
                                         << u"--utilization expects a number, got 'inf'"_s << int(K::NotNumber);
        QTest::newRow("utilization 1.5") << QStringList{u"--utilization"_s, u"1.5"_s}
                                         << u"--utilization must be between 0.01 and 1, got 1.5"_s
                                         << int(K::NumberOutOfRange);
        QTest::newRow("utilization 0") << QStringList{u"--utilization"_s, u"0"_s}
                                       << u"--utilization must be between 0.01 and 1, got 0"_s
                                       << int(K::NumberOutOfRange);
        // Errors of core's own parsers, named by option.
        QTest::newRow("unknown dtype") << QStringList{u"--kv-dtype"_s, u"int2"_s} << u"--kv-dtype: 'int2'"_s << -1;
        QTest::newRow("unknown gpu") << QStringList{u"--gpu"_s, u"voodoo2"_s} << u"unknown GPU 'voodoo2'"_s << -1;
        // 32 query heads do not split over 3 GPUs (checkScenarioArgs).
        QTest::newRow("tp 3") << QStringList{u"--tp"_s, u"3"_s} << u"--tp: 3 GPUs cannot split 32 query heads evenly"_s
                              << -1;
        // Each in range, the product not: 2^40 x 2^32 x 128 KiB per token.
        QTest::newRow("overflow") << QStringList{u"--context"_s, u"1099511627776"_s, u"--batch"_s, u"4294967296"_s}
                                  << u"--context 1099511627776 x --batch 4294967296: "_s << -1;
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QFETCH(int, kind);
        Scenario s = defaultScenario();
        try {
            applyScenarioArgs(s, argsFrom(args));
            checkScenarioArgs(s);
            QFAIL("no error");
        } catch (const OptionValueError& e) {
            QCOMPARE(int(e.kind()), kind);
            QCOMPARE(QString::fromStdString(e.what()), error); // exact: the CLI and the window print this
            QCOMPARE(u"--"_s + QString::fromStdString(e.option()), args[0]);
            QCOMPARE(QString::fromStdString(e.value()), args[1]);
        } catch (const Error& e) {
            QCOMPARE(kind, -1);
            QVERIFY2(QString::fromStdString(e.what()).startsWith(error) ||
                         QString::fromStdString(e.what()).contains(error),
                     e.what());
        }
    }

    // The limits as the messages print them: the shortest text that reads back as the number.
    void limitsPrintShort_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("0.01") << 0.01 << u"0.01"_s;
        QTest::newRow("1") << 1.0 << u"1"_s;
        QTest::newRow("1/1024") << 1.0 / 1024 << u"0.0009765625"_s;
        QTest::newRow("2^20") << 1024.0 * 1024.0 << u"1048576"_s;
        QTest::newRow("86400") << 86400.0 << u"86400"_s;
    }
    void limitsPrintShort() {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatLimit(value)), text);
    }
};

QTEST_GUILESS_MAIN(TestScenarioArgs)
#include "tst_scenarioargs.moc"
