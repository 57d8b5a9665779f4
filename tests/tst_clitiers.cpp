// kvscope-cli tiers as a script runs it: its JSON against core's kvtiers figures (the 524 MB hand-off of
// Llama-3.1-8B's 4,000 tokens, reload against recompute over every link, the tiers' tokens), its text in English
// and Korean, and its errors.
#include "clirunner.h"
#include "dtype.h"
#include "gpus.h"
#include "kvtiers.h"
#include "presets.h"
#include "roofline.h"
#include "units.h"

#include <QJsonArray>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {
const QStringList kLlamaOnH100{u"tiers"_s,     u"--preset"_s,  u"llama-3.1-8b"_s, u"--gpu"_s,
                               u"h100-80gb"_s, u"--tokens"_s,  u"4000"_s,         u"--host-gib"_s,
                               u"256"_s,       u"--disk-gb"_s, u"2000"_s};
} // namespace

class TestCliTiers : public QObject {
    Q_OBJECT

private slots:
    void jsonIsCores() {
        const CliResult r = runCli(kLlamaOnH100 + QStringList{u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(u"tokens"_s).toInteger(), 4000);
        QCOMPARE(j.value(u"bytes"_s).toInteger(), 524'288'000);
        QCOMPARE(j.value(u"kv_bytes_per_token"_s).toInteger(), 131'072);
        const QJsonObject tiers = j.value(u"tiers"_s).toObject();
        QCOMPARE(tiers.value(u"host"_s).toObject().value(u"tokens"_s).toInteger(), 2'097'152);
        QCOMPARE(tiers.value(u"disk"_s).toObject().value(u"tokens"_s).toInteger(), 15'258'789);
        QVERIFY(tiers.value(u"gpu_pool_tokens"_s).toInteger() > 0);

        const kvscope::ModelShape model = kvscope::loadPreset("llama-3.1-8b");
        const kvscope::roofline::StepPricer pricer(model, kvscope::DType::bf16(), kvscope::DType::bf16());
        const kvscope::roofline::Roof roof = *kvscope::roofline::dataSheetRoof(kvscope::findGpuPreset("h100-80gb"));
        const QJsonArray links = j.value(u"links"_s).toArray();
        QCOMPARE(links.size(), qsizetype(kvscope::kvLinks().size()));
        for (std::size_t i = 0; i < kvscope::kvLinks().size(); ++i) {
            const kvscope::HostLink& link = kvscope::kvLinks()[i];
            const QJsonObject row = links[qsizetype(i)].toObject();
            QCOMPARE(row.value(u"id"_s).toString(), QString::fromUtf8(link.id));
            const kvscope::ReloadOrRecompute cost = kvscope::reloadOrRecompute(pricer, roof, 4000, link.bandwidth);
            QCOMPARE(row.value(u"reload_s"_s).toDouble(), cost.reloadSeconds);
            QCOMPARE(row.value(u"reload_faster"_s).toBool(), cost.reloadFaster());
            QCOMPARE(j.value(u"recompute"_s).toObject().value(u"seconds"_s).toDouble(),
                     cost.recompute.lowerBoundSeconds);
            // The ranges where reloading wins are core's curve, from 1 token to the model's 131,072.
            const kvscope::ReloadCurve curve = kvscope::reloadCurve(pricer, roof, link.bandwidth, 131072);
            const QJsonArray ranges = row.value(u"reload_faster_tokens"_s).toArray();
            if (curve.changes.empty()) {
                QCOMPARE(ranges.size(), qsizetype(curve.reloadFasterAtOne ? 1 : 0));
            } else {
                QCOMPARE(ranges.first().toArray().first().toInteger(),
                         curve.reloadFasterAtOne ? 1 : qint64(curve.changes.front().tokens));
            }
        }
        // NVMe on PCIe 4.0 loses to the GPU at 4,000 tokens; NVLink hands the cache over in about a millisecond.
        QCOMPARE(links[2].toObject().value(u"id"_s).toString(), u"nvme-gen4"_s);
        QVERIFY(!links[2].toObject().value(u"reload_faster"_s).toBool());
        QCOMPARE(std::round(links.last().toObject().value(u"reload_s"_s).toDouble() * 1e6), 1165.0);
    }

    void text_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("needles");
        QTest::newRow("en") << u"en"_s
                            << QStringList{u"A cache of 4,000 tokens is 524.3 MB"_s, u"host memory"_s, u"2,097,152"_s,
                                           u"1-269, 9,562-131,072"_s, u"recompute"_s};
        QTest::newRow("ko") << u"ko"_s
                            << QStringList{u"토큰 4,000개의 캐시는 524.3 MB"_s, u"호스트 메모리"_s, u"재계산"_s,
                                           u"다시 읽기"_s};
    }
    void text() {
        QFETCH(QString, lang);
        QFETCH(QStringList, needles);
        const CliResult r = runCli(kLlamaOnH100 + QStringList{u"--lang"_s, lang});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        for (const QString& needle : needles)
            QVERIFY2(out.contains(needle), qPrintable(needle + u"\n"_s + out));
    }

    void errorsNameTheirArgument_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("said");
        QTest::newRow("no data sheet") << QStringList{u"tiers"_s, u"--gpu-memory-gib"_s, u"24"_s}
                                       << u"no data-sheet bandwidth"_s;
        QTest::newRow("zero tokens") << QStringList{u"tiers"_s, u"--tokens"_s, u"0"_s} << u"--tokens"_s;
        QTest::newRow("tensor parallel") << QStringList{u"tiers"_s, u"--tp"_s, u"2"_s} << u"--tp"_s;
    }
    void errorsNameTheirArgument() {
        QFETCH(QStringList, args);
        QFETCH(QString, said);
        const CliResult r = runCli(args);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(QString::fromUtf8(r.err).contains(said), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliTiers)
#include "tst_clitiers.moc"
