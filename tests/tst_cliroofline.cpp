// kvscope-cli roofline as a script runs it: the measured roofline's JSON (its shape and that its
// bytes and FLOPs are core's; no time asserted), the text reading in English and Korean, and
// --predict's data-sheet TPOT bound against the hand computation in tst_roofline.
#include "clirunner.h"
#include "dtype.h"
#include "presets.h"
#include "roofline.h"

#include <QJsonArray>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {
// A small grid: batches 1 and 2 at an 8-token context, two one-token steps each (seconds on two cores).
const QStringList kSmallGrid{u"roofline"_s,   u"--quick"_s, u"--backend"_s, u"cpu"_s, u"--batches"_s, u"1,2"_s,
                             u"--contexts"_s, u"8"_s,       u"--steps"_s,   u"2"_s,   u"--budget"_s,  u"60"_s};
} // namespace

class TestCliRoofline : public QObject {
    Q_OBJECT

private slots:
    void measuredJsonShape() {
        const CliResult r = runCli(kSmallGrid + QStringList{u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(u"backend"_s).toString(), u"cpu"_s);
        const QJsonObject roof = j.value(u"roof"_s).toObject();
        for (const char* key : {"bandwidth_bytes_per_s", "peak_flops", "ridge_flops_per_byte", "read_only_bytes_per_s",
                                "triad_bytes_per_s", "sgemm_flops"})
            QVERIFY2(roof.value(QLatin1String(key)).toDouble() > 0, key);
        QCOMPARE(roof.value(u"bandwidth_source"_s).toString(), u"read-only sum"_s);
        QCOMPARE(roof.value(u"peak_source"_s).toString(), u"OpenBLAS SGEMM"_s);
        QCOMPARE(roof.value(u"ridge_flops_per_byte"_s).toDouble(),
                 roof.value(u"peak_flops"_s).toDouble() / roof.value(u"bandwidth_bytes_per_s"_s).toDouble());
        QCOMPARE(j.value(u"model"_s).toObject().value(u"parameters"_s).toInteger(), 27579392);
        const QJsonArray points = j.value(u"points"_s).toArray();
        QCOMPARE(points.size(), 4); // two decode points, then two prefills
        const kvscope::ModelShape gpt = kvscope::loadPreset("small-gpt");
        const auto fp32 = kvscope::DType::fp32();
        for (qsizetype i = 0; i < points.size(); ++i) {
            const QJsonObject p = points[i].toObject();
            const bool prefill = p.value(u"kind"_s).toString() == u"prefill"_s;
            QCOMPARE(prefill, i >= 2);
            const qint64 batch = p.value(u"batch"_s).toInteger();
            QCOMPARE(batch, i % 2 == 0 ? 1 : 2);
            QCOMPARE(p.value(u"context"_s).toInteger(), 8);
            const qint64 bytes = p.value(u"bytes"_s).toInteger();
            QCOMPARE(bytes, p.value(u"weight_bytes"_s).toInteger() + p.value(u"kv_read_bytes"_s).toInteger() +
                                p.value(u"kv_write_bytes"_s).toInteger());
            QCOMPARE(p.value(u"flops"_s).toInteger(),
                     p.value(u"matmul_flops"_s).toInteger() + p.value(u"attention_flops"_s).toInteger());
            // Core's numbers: a prefill of 8 tokens; decode, the mean of the steps at 8 and 9 cached tokens.
            const auto expected = prefill ? kvscope::roofline::prefillStep(gpt, fp32, fp32, std::uint64_t(batch), 8)
                                          : kvscope::roofline::decodeStep(gpt, fp32, fp32, std::uint64_t(batch), 8);
            if (prefill) {
                QCOMPARE(bytes, qint64(expected.bytes));
                QCOMPARE(p.value(u"flops"_s).toInteger(), qint64(expected.flops));
            } else {
                const auto next = kvscope::roofline::decodeStep(gpt, fp32, fp32, std::uint64_t(batch), 9);
                QCOMPARE(bytes, qint64((expected.bytes + next.bytes) / 2));
                QCOMPARE(p.value(u"flops"_s).toInteger(), qint64((expected.flops + next.flops) / 2));
            }
            const double ms = p.value(u"ms"_s).toDouble();
            QVERIFY(ms > 0);
            QCOMPARE(p.value(u"intensity_flops_per_byte"_s).toDouble(),
                     double(p.value(u"flops"_s).toInteger()) / double(bytes));
            QVERIFY(qAbs(p.value(u"share_of_roof"_s).toDouble() - p.value(u"lower_bound_ms"_s).toDouble() / ms) < 1e-9);
            const QString bound = p.value(u"bound"_s).toString();
            QVERIFY(bound == u"memory"_s || bound == u"compute"_s);
            QCOMPARE(bound == u"memory"_s, p.value(u"intensity_flops_per_byte"_s).toDouble() <
                                               roof.value(u"ridge_flops_per_byte"_s).toDouble());
            static const QRegularExpression reading(
                u"^(prefill, batch \\d+, \\d+ tokens|batch \\d+, context \\d+): [0-9.]+ FLOP/byte, \\d+% of the "
                "(bandwidth|compute) roof: (memory|compute)-bound$"_s);
            QVERIFY2(reading.match(p.value(u"reading"_s).toString()).hasMatch(),
                     qPrintable(p.value(u"reading"_s).toString()));
        }
        // A prefill of 8 tokens does 8 times a decode step's matrix work for the same weights.
        QVERIFY(points[2].toObject().value(u"intensity_flops_per_byte"_s).toDouble() >
                4 * points[0].toObject().value(u"intensity_flops_per_byte"_s).toDouble());
        QVERIFY(j.value(u"skipped"_s).toArray().isEmpty());
        QVERIFY(!j.value(u"stopped"_s).toBool());
    }

    void textReadingInBothLanguages_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("needles");
        QTest::newRow("en") << u"en"_s
                            << QStringList{u"Roofline of this machine, measured on the CPU"_s,
                                           u"ridge point"_s,
                                           u"batch 1, context 8: "_s,
                                           u"prefill, batch 2, 8 tokens: "_s,
                                           u"FLOP/byte"_s,
                                           u"-bound"_s};
        QTest::newRow("ko") << u"ko"_s
                            << QStringList{
                                   u"이 컴퓨터의 루프라인, CPU에서 측정"_s, u"리지 포인트"_s, u"배치 1, 컨텍스트 8: "_s,
                                   u"프리필, 배치 2, 토큰 8개: "_s,         u"FLOP/바이트"_s, u"바운드"_s};
    }
    void textReadingInBothLanguages() {
        QFETCH(QString, lang);
        QFETCH(QStringList, needles);
        const CliResult r = runCli(kSmallGrid + QStringList{u"--lang"_s, lang});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const QString& needle : needles)
            QVERIFY2(r.text().contains(needle), qPrintable(needle + u"\n"_s + r.text()));
        QCOMPARE(hasHangul(r.text()), lang == u"ko"_s);
    }

    // Llama-3.1-8B, BF16, batch 1, 8K on the H100 SXM's data sheet: tst_roofline's hand computation.
    void predictJson() {
        const CliResult r = runCli({u"roofline"_s, u"--predict"_s, u"--model"_s, u"llama-3.1-8b"_s, u"--gpu"_s,
                                    u"h100-80gb"_s, u"--batch"_s, u"1"_s, u"--context"_s, u"8192"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(u"model"_s).toString(), u"llama-3.1-8b"_s);
        QCOMPARE(j.value(u"batch"_s).toInteger(), 1);
        QCOMPARE(j.value(u"context"_s).toInteger(), 8192);
        const QJsonObject gpu = j.value(u"gpu"_s).toObject();
        QCOMPARE(gpu.value(u"id"_s).toString(), u"h100-80gb"_s);
        QCOMPARE(gpu.value(u"bandwidth_bytes_per_s"_s).toDouble(), 3.35e12);
        QCOMPARE(gpu.value(u"peak_flops"_s).toDouble(), 989.5e12);
        QVERIFY(gpu.value(u"source"_s).toString().startsWith(u"data sheet: "_s));
        const QJsonObject step = j.value(u"step"_s).toObject();
        QCOMPARE(step.value(u"bytes"_s).toInteger(), 16083722240);
        QCOMPARE(step.value(u"flops"_s).toInteger(), 19304808448);
        QCOMPARE(std::round(j.value(u"tpot_lower_bound_ms"_s).toDouble() * 1e4) / 1e4, 4.8011);
        QCOMPARE(j.value(u"bound"_s).toString(), u"memory"_s);
        QCOMPARE(std::round(j.value(u"ridge_flops_per_byte"_s).toDouble() * 100) / 100, 295.37);
        QVERIFY(j.value(u"left_out"_s).toString().contains(u"lower bound"_s));
    }

    void predictText_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("needle");
        QTest::newRow("en") << u"en"_s << u"TPOT lower bound: 4.801 ms"_s;
        QTest::newRow("ko") << u"ko"_s << u"TPOT 하한: 4.801 ms"_s;
    }
    void predictText() {
        QFETCH(QString, lang);
        QFETCH(QString, needle);
        const CliResult r =
            runCli({u"roofline"_s, u"--predict"_s, u"--preset"_s, u"llama-3.1-8b"_s, u"--gpu"_s, u"h100-80gb"_s,
                    u"--batch"_s, u"1"_s, u"--context"_s, u"8192"_s, u"--lang"_s, lang});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.text().contains(needle), qPrintable(r.text()));
    }

    void badArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("no data sheet") << QStringList{u"roofline"_s, u"--predict"_s, u"--gpu"_s, u"rtx-3060"_s}
                                       << u"--gpu rtx-3060 has no data-sheet bandwidth and peak"_s;
        QTest::newRow("bad list") << QStringList{u"roofline"_s, u"--batches"_s, u"1,x"_s}
                                  << u"--batches: expected a comma-separated list"_s;
        QTest::newRow("zero context") << QStringList{u"roofline"_s, u"--contexts"_s, u"0"_s} << u"--contexts"_s;
        QTest::newRow("bf16 on the CPU") << QStringList{u"roofline"_s, u"--dtype"_s, u"bf16"_s, u"--backend"_s,
                                                        u"cpu"_s}
                                         << u"--dtype bf16 needs the CUDA backend"_s;
        QTest::newRow("bad dtype") << QStringList{u"roofline"_s, u"--dtype"_s, u"fp64"_s} << u"--dtype"_s;
        QTest::newRow("bad backend") << QStringList{u"roofline"_s, u"--backend"_s, u"tpu"_s} << u"--backend"_s;
        QTest::newRow("unknown option") << QStringList{u"roofline"_s, u"--gpu"_s, u"h100-80gb"_s} << u"--gpu"_s;
        QTest::newRow("huge batch") << QStringList{u"roofline"_s,   u"--predict"_s, u"--batch"_s,
                                                   u"4294967296"_s, u"--context"_s, u"16000000"_s}
                                    << u"overflows 64 bits"_s;
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(error), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliRoofline)
#include "tst_cliroofline.moc"
