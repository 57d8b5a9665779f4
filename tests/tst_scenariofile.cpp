#include "error.h"
#include "scenariofile.h"
#include "testutils.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace kvscope;
using namespace Qt::StringLiterals;

class TestScenarioFile : public QObject {
    Q_OBJECT

private slots:
    void roundTripsEveryPreset() {
        for (const auto& info : modelPresets()) {
            Scenario s = defaultScenario();
            s.model = loadPreset(info.id);
            s.kvDtype = DType::parse("int4-g32");
            s.context = 12345;
            s.batch = 3;
            s.utilization = 0.85;
            const Scenario back = scenarioFromText(scenarioToText(s), "memory");
            QCOMPARE(scenarioToText(back), scenarioToText(s));
            KV_COMPARE_U64(estimate(back).totalBytes, estimate(s).totalBytes);
            KV_COMPARE_U64(parameterCount(back.model), parameterCount(s.model));
        }
    }

    void savesAtomicallyAndLoads() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(u"lesson.kvscope.json"_s).toStdString();
        Scenario s = defaultScenario();
        s.batch = 32;
        saveScenarioFile(s, path);
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".tmp")));
        KV_COMPARE_U64(loadScenarioFile(path).batch, 32ull);
        QVERIFY(throwsErrorContaining([&] { saveScenarioFile(s, "/nonexistent-dir/x.json"); },
                                      {"/nonexistent-dir/x.json", "cannot write"}));
    }

    void errors_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("needle");
        const std::string good = scenarioToText(defaultScenario());
        auto with = [&](const char* from, const char* to) {
            std::string t = good;
            t.replace(t.find(from), std::strlen(from), to);
            return QByteArray::fromStdString(t);
        };
        QTest::newRow("not JSON") << QByteArray("{oops") << u"not valid JSON"_s;
        QTest::newRow("foreign JSON") << QByteArray(R"({"num_hidden_layers": 32})")
                                      << u"not a KV Scope scenario file"_s;
        QTest::newRow("newer version") << with("\"version\": 1", "\"version\": 7") << u"newer than this KV Scope"_s;
        QTest::newRow("bad dtype") << with("\"kv_dtype\": \"bf16\"", "\"kv_dtype\": \"int3\"")
                                   << u"field 'kv_dtype' is not a dtype"_s;
        QTest::newRow("negative batch") << with("\"batch\": 8", "\"batch\": -8")
                                        << u"field 'batch' must be a whole number"_s;
        QTest::newRow("zero layers") << with("\"layers\": 32", "\"layers\": 0")
                                     << u"field 'model.layers' must be between 1"_s;
        QTest::newRow("kv heads") << with("\"kv_heads\": 8", "\"kv_heads\": 5")
                                  << u"field 'model' does not describe a model"_s;
        QTest::newRow("missing context") << with("\"context\": 8192,", "") << u"field 'context' is missing"_s;
        QTest::newRow("utilization") << with("\"utilization\": 0.9", "\"utilization\": 3") << u"utilization"_s;
    }
    void errors() {
        QFETCH(QByteArray, text);
        QFETCH(QString, needle);
        QString message;
        const QByteArray n = needle.toUtf8();
        QVERIFY2(throwsErrorContaining([&] { scenarioFromText(text.toStdString(), "lesson.json"); },
                                       {"lesson.json", n.constData()}, &message),
                 qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestScenarioFile)
#include "tst_scenariofile.moc"
