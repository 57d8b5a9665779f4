// The course's decode figures and the two-term fit, and the status bar's change summary.
#include "coursedata.h"
#include "scenariodiff.h"
#include "testutils.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using Field = kvscope::ScenarioDiff::Field;

class TestCourseData : public QObject {
    Q_OBJECT

private slots:
    // docs/domain.md section 7: a + b = 1.22 ms and a + 250 b = 1.5 ms give b = 0.0011 ms and a = 1.22 ms.
    void courseFit() {
        const kvscope::StepModel m = kvscope::courseStepModel();
        QCOMPARE(std::round(m.bMs * 1e4) / 1e4, 0.0011);
        QCOMPARE(round2(m.aMs), 1.22);
        QVERIFY(std::abs(m.predict(1) - 1.22) < 1e-12);
        QVERIFY(std::abs(m.predict(250) - 1.5) < 1e-12);
        // Over 99% of a cached step is fixed cost, about 80% of an uncached one.
        QVERIFY(m.fixedShare(1) > 0.99);
        QCOMPARE(std::round(m.fixedShare(250) * 100), 81.0);
    }

    void twoPoints_data() {
        QTest::addColumn<double>("x1");
        QTest::addColumn<double>("y1");
        QTest::addColumn<double>("x2");
        QTest::addColumn<double>("y2");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::newRow("course") << 1.0 << 1.22 << 250.0 << 1.5 << 1.22 - 0.28 / 249 << 0.28 / 249;
        QTest::newRow("reversed order") << 250.0 << 1.5 << 1.0 << 1.22 << 1.22 - 0.28 / 249 << 0.28 / 249;
        QTest::newRow("flat") << 1.0 << 2.0 << 64.0 << 2.0 << 2.0 << 0.0;
        QTest::newRow("through zero") << 2.0 << 4.0 << 4.0 << 8.0 << 0.0 << 2.0;
    }
    void twoPoints() {
        QFETCH(double, x1);
        QFETCH(double, y1);
        QFETCH(double, x2);
        QFETCH(double, y2);
        QFETCH(double, a);
        QFETCH(double, b);
        const kvscope::StepModel m = kvscope::fitTwoPoints(x1, y1, x2, y2);
        QVERIFY(std::abs(m.aMs - a) < 1e-12);
        QVERIFY(std::abs(m.bMs - b) < 1e-12);
    }

    void twoPointsNeedTwoTokenCounts() {
        QVERIFY(throwsErrorContaining([] { kvscope::fitTwoPoints(4, 1, 4, 2); }, {"different token counts"}));
    }

    void diff_data() {
        QTest::addColumn<int>("batch");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<QString>("kvDtype");
        QTest::addColumn<QList<int>>("fields");
        QTest::addColumn<double>("kvRatio");
        QTest::newRow("batch 8 -> 16") << 16 << 8192ull << u"bf16"_s << QList<int>{int(Field::Batch)} << 2.0;
        QTest::newRow("context 8K -> 32K") << 8 << 32768ull << u"bf16"_s << QList<int>{int(Field::Context)} << 4.0;
        QTest::newRow("fp8 cache") << 8 << 8192ull << u"fp8"_s << QList<int>{int(Field::KvDtype)} << 0.5;
        QTest::newRow("two at once") << 1 << 2048ull << u"bf16"_s << QList<int>{int(Field::Context), int(Field::Batch)}
                                     << 1.0 / 32;
        QTest::newRow("nothing") << 8 << 8192ull << u"bf16"_s << QList<int>{} << 1.0;
    }
    void diff() {
        QFETCH(int, batch);
        QFETCH(qulonglong, context);
        QFETCH(QString, kvDtype);
        QFETCH(QList<int>, fields);
        QFETCH(double, kvRatio);
        const kvscope::Scenario before = kvscope::defaultScenario();
        kvscope::Scenario after = before;
        after.batch = std::uint64_t(batch);
        after.context = context;
        after.kvDtype = kvscope::DType::parse(kvDtype.toStdString());
        const auto eb = kvscope::estimate(before);
        const auto ea = kvscope::estimate(after);
        const kvscope::ScenarioDiff d = kvscope::diffScenarios(before, eb, after, ea);
        QList<int> changed;
        for (Field f : d.changed)
            changed << int(f);
        QCOMPARE(changed, fields);
        QCOMPARE(d.kvRatio, kvRatio);
        QCOMPARE(d.weightsRatio, 1.0); // the weights never move with batch, context or cache dtype
        KV_COMPARE_U64(d.kvBefore, 8'589'934'592ull);
        KV_COMPARE_U64(d.kvAfter, ea.kvBytes);
        QCOMPARE(d.fitsBefore, eb.fits);
        QCOMPARE(d.fitsAfter, ea.fits);
    }

    void presetLoadsAsPublished_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<qulonglong>("kvBytesPerToken");
        // The course's small GPT in FP32: 8 layers x 2 x 512 values x 4 B = 32 KiB per token.
        QTest::newRow("small GPT") << u"small-gpt"_s << u"fp32"_s << 32'768ull;
        QTest::newRow("Llama-3.1-8B") << u"llama-3.1-8b"_s << u"bf16"_s << 131'072ull;
    }
    void presetLoadsAsPublished() {
        QFETCH(QString, preset);
        QFETCH(QString, dtype);
        QFETCH(qulonglong, kvBytesPerToken);
        kvscope::Scenario base = kvscope::defaultScenario();
        base.weightDtype = kvscope::DType::int4();
        base.tensorParallel = 2;
        const kvscope::Scenario s = kvscope::withPresetModel(base, preset.toStdString());
        QCOMPARE(QString::fromStdString(s.weightDtype.name()), dtype);
        QCOMPARE(QString::fromStdString(s.kvDtype.name()), dtype);
        QCOMPARE(s.tensorParallel, 1u);
        KV_COMPARE_U64(kvscope::estimate(s).kvBytesPerToken, kvBytesPerToken);
    }
};

QTEST_GUILESS_MAIN(TestCourseData)
#include "tst_coursedata.moc"
