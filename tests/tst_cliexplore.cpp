// kvscope-cli's estimates say what they assume (the KV formula with the window's S, a context past
// the model's maximum, an empty cache's reason, where the parameter count comes from, the size unit)
// and its twins of the window's comparison pages (attention, sweep, fitmap) give the pages' figures.
#include "clirunner.h"
#include "testutils.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

CliResult runJson(const QStringList& args) {
    CliResult r = runCli(args + QStringList{u"--json"_s});
    if (r.exitCode != 0 || r.json().isEmpty())
        qWarning("%s", r.err.constData());
    return r;
}

qint64 i64(const QJsonValue& v) {
    return v.toInteger(-1);
}

} // namespace

class TestCliExplore : public QObject {
    Q_OBJECT

private slots:
    // The formula's factors multiply to the total it shows. Mistral-7B at 32K used to print
    // "2 x 32 x 8 x 32,768 x 8 x 128 x 2 B = 4.00 GiB": 32,768 is the context, not what its
    // windowed layers keep.
    void formulaMultipliesToItsTotal_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("terms");
        QTest::newRow("mistral 32K") << QStringList{u"--preset"_s, u"mistral-7b"_s, u"--context"_s, u"32768"_s}
                                     << u"= 2 x 32 x 8 x 4,096 x 8 x 128 x 2 B = 4.00 GiB"_s << 1;
        QTest::newRow("llama 8K") << QStringList{} << u"= 2 x 32 x 8 x 8,192 x 8 x 128 x 2 B = 8.00 GiB"_s << 1;
        // Gemma 2: 21 global layers hold 8,192 tokens, 21 local ones 4,096:
        // 21 x 8,192 x 8,192 B = 1.3125 GiB, 21 x 4,096 x 8,192 B = 0.65625 GiB.
        QTest::newRow("gemma 2, two terms")
            << QStringList{u"--config"_s, testDataPath("gemma-2-9b-window.json"), u"--batch"_s, u"1"_s}
            << u"= 2 x 21 x 1 x 8,192 x 8 x 256 x 2 B + 2 x 21 x 1 x 4,096 x 8 x 256 x 2 B = 1.31 GiB + 0.66 GiB "
               u"= 1.97 GiB"_s
            << 2;
        QTest::newRow("mla") << QStringList{u"--preset"_s, u"deepseek-v2-lite"_s}
                             << u"= 27 x 8 x 8,192 x (512 + 64) x 2 B = 1.90 GiB"_s << 1;
    }
    void formulaMultipliesToItsTotal() {
        QFETCH(QStringList, args);
        QFETCH(QString, line);
        QFETCH(int, terms);
        const CliResult text = runCli(QStringList{u"estimate"_s} + args);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.text().contains(line), qPrintable(text.text()));
        const QJsonObject j = runJson(QStringList{u"estimate"_s} + args).json();
        const QJsonObject formula = j.value("kv_formula"_L1).toObject();
        const QJsonArray termList = formula.value("terms"_L1).toArray();
        QCOMPARE(termList.size(), terms);
        qint64 sum = 0;
        for (const QJsonValue& v : termList) {
            const QJsonObject t = v.toObject();
            const qint64 perToken = t.contains("latent"_L1) ? i64(t.value("latent"_L1)) + i64(t.value("rope"_L1))
                                                            : i64(t.value("kv_heads"_L1)) * i64(t.value("head_dim"_L1));
            const qint64 product = i64(t.value("kv_factor"_L1)) * i64(t.value("layers"_L1)) * i64(t.value("batch"_L1)) *
                                   i64(t.value("tokens"_L1)) * perToken * 2; // BF16
            QCOMPARE(product, i64(t.value("bytes"_L1)));
            sum += product;
        }
        QCOMPARE(sum, i64(formula.value("total_bytes"_L1)));
        QCOMPARE(sum, i64(j.value("kv_bytes"_L1)));
    }

    // Past the model's maximum context the verdict still comes, with a warning in text and JSON.
    void beyondMaxContextWarns_data() {
        QTest::addColumn<QString>("context");
        QTest::addColumn<bool>("beyond");
        QTest::newRow("128K: the maximum") << u"131072"_s << false;
        QTest::newRow("200K") << u"200000"_s << true;
    }
    void beyondMaxContextWarns() {
        QFETCH(QString, context);
        QFETCH(bool, beyond);
        const QStringList args{u"estimate"_s, u"--context"_s, context, u"--batch"_s, u"1"_s, u"--gpu"_s, u"h200"_s};
        const CliResult text = runCli(args);
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(text.text().contains(u"warning: the context of 200,000 tokens is beyond Llama-3.1-8B's maximum of "
                                      u"131,072"_s),
                 beyond);
        const QJsonObject j = runJson(args).json();
        QCOMPARE(j.value("beyond_max_context"_L1).toBool(), beyond);
        QCOMPARE(j.value("warnings"_L1).toArray().size(), beyond ? 1 : 0);
        const CliResult ko = runCli(args + QStringList{u"--lang"_s, u"ko"_s});
        QCOMPARE(ko.text().contains(u"경고: 컨텍스트 길이 200,000 토큰은"_s), beyond);
    }

    // Weights alone over the budget: the capacity says so, with the numbers, instead of "0 tokens, 0.00x".
    void emptyCapacitySaysWhy() {
        const QStringList args{u"capacity"_s, u"--preset"_s, u"llama-3-70b"_s};
        const CliResult text = runCli(args);
        QCOMPARE(text.exitCode, 0);
        // 70,553,706,496 x 2 B = 131.42 GiB of weights against 24 GiB x 0.9 = 21.60 GiB.
        QVERIFY2(text.text().contains(u"No KV memory: weights 131.42 GiB + activations "_s), text.out.constData());
        QVERIFY(text.text().contains(u"exceed the budget of 21.60 GiB by "_s));
        const QJsonObject j = runJson(args).json();
        QCOMPARE(j.value("empty_reason"_L1).toString(), u"weights_and_overheads_exceed_budget"_s);
        const QJsonObject from = j.value("from_budget"_L1).toObject();
        const QJsonObject e = runJson({u"estimate"_s, u"--preset"_s, u"llama-3-70b"_s}).json();
        QCOMPARE(i64(from.value("weight_bytes"_L1)), i64(e.value("weight_bytes"_L1)));
        QCOMPARE(i64(from.value("budget_bytes"_L1)), i64(e.value("budget_bytes"_L1)));
        QCOMPARE(i64(from.value("activation_bytes_estimate"_L1)), i64(e.value("activation_bytes_estimate"_L1)));
        QCOMPARE(i64(from.value("runtime_bytes_estimate"_L1)), i64(e.value("runtime_bytes_estimate"_L1)));
        // A cache that fits has no reason to give.
        const QJsonObject fine = runJson({u"capacity"_s}).json();
        QVERIFY(fine.value("empty_reason"_L1).isNull());
        QVERIFY(!runCli({u"capacity"_s}).text().contains(u"No KV"_s));
    }

    // A typed count is not "published".
    void paramsProvenance_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("adjusted");
        QTest::newRow("preset") << QStringList{} << u"8,030,261,248 (published)"_s << u"published"_s << false;
        QTest::newRow("--params") << QStringList{u"--params"_s, u"7000000000"_s} << u"7,000,000,000 (set by hand)"_s
                                  << u"user"_s << false;
        QTest::newRow("shape") << QStringList{u"--layers"_s, u"32"_s, u"--hidden"_s, u"4096"_s, u"--heads"_s, u"32"_s}
                               << u"(estimated from the shape)"_s << u"estimated"_s << false;
        // 8,030,261,248 - 32 x 2 x 4,096 x 7 x 128 = 7,795,380,224
        QTest::newRow("--kv-heads 1") << QStringList{u"--kv-heads"_s, u"1"_s}
                                      << u"7,795,380,224 (published, K/V projections re-estimated for 1 KV heads)"_s
                                      << u"published"_s << true;
        QTest::newRow("--params with --kv-heads")
            << QStringList{u"--kv-heads"_s, u"1"_s, u"--params"_s, u"7000000000"_s} << u"7,000,000,000 (set by hand)"_s
            << u"user"_s << false;
    }
    void paramsProvenance() {
        QFETCH(QStringList, args);
        QFETCH(QString, label);
        QFETCH(QString, source);
        QFETCH(bool, adjusted);
        const CliResult text = runCli(QStringList{u"estimate"_s} + args);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.text().contains(label), text.out.constData());
        QVERIFY(source == u"published"_s || !text.text().contains(u"(published"_s));
        const QJsonObject j = runJson(QStringList{u"estimate"_s} + args).json();
        QCOMPARE(j.value("params_source"_L1).toString(), source);
        QCOMPARE(j.value("params_kv_adjusted"_L1).toBool(), adjusted);
    }

    // The attention page's variants and `estimate --kv-heads N` follow one rule: the same weights and
    // the same largest batch.
    void attentionAgreesWithEstimate_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("gpu");
        QTest::newRow("llama-3.1-8b") << u"llama-3.1-8b"_s << u"rtx-4090"_s;
        QTest::newRow("mistral-7b") << u"mistral-7b"_s << u"a100-40gb"_s;
        QTest::newRow("llama-2-7b (MHA)") << u"llama-2-7b"_s << u"a100-80gb"_s;
        QTest::newRow("llama-3-70b") << u"llama-3-70b"_s << u"h200"_s;
    }
    void attentionAgreesWithEstimate() {
        QFETCH(QString, preset);
        QFETCH(QString, gpu);
        const QStringList scenario{u"--preset"_s, preset, u"--gpu"_s, gpu};
        const QJsonObject a = runJson(QStringList{u"attention"_s} + scenario).json();
        const QJsonArray variants = a.value("variants"_L1).toArray();
        QVERIFY(variants.size() >= 2);
        for (const QJsonValue& value : variants) {
            const QJsonObject v = value.toObject();
            const QString heads = QString::number(i64(v.value("kv_heads"_L1)));
            const QJsonObject e =
                runJson(QStringList{u"estimate"_s} + scenario + QStringList{u"--kv-heads"_s, heads}).json();
            QCOMPARE(i64(v.value("max_batch"_L1)), i64(e.value("max_batch_for_context"_L1)));
            QCOMPARE(i64(v.value("weight_bytes"_L1)), i64(e.value("weight_bytes"_L1)));
            QCOMPARE(i64(v.value("params"_L1).toObject().value("total"_L1)), i64(e.value("params"_L1)));
            QCOMPARE(i64(v.value("kv_bytes"_L1)), i64(e.value("kv_bytes"_L1)));
        }
        const CliResult text = runCli(QStringList{u"attention"_s} + scenario);
        QVERIFY(text.text().contains(u"changing the KV heads re-estimates only the K/V projections"_s));
    }

    // --units: the text follows, --json stays in bytes.
    void units() {
        const CliResult gib = runCli({u"estimate"_s, u"--batch"_s, u"1"_s});
        const CliResult gb = runCli({u"estimate"_s, u"--batch"_s, u"1"_s, u"--units"_s, u"gb"_s});
        QCOMPARE(gb.exitCode, 0);
        // Llama-3.1-8B's weights: 16,060,522,496 B = 14.96 GiB = 16.06 GB.
        QVERIFY(gib.text().contains(u"14.96 GiB (16,060,522,496 B, 16.06 GB)"_s));
        QVERIFY2(gb.text().contains(u"16.06 GB (16,060,522,496 B, 14.96 GiB)"_s), gb.out.constData());
        QVERIFY(gb.text().contains(u"budget"_s) && gb.text().contains(u"= 25.8 GB x 0.90"_s));
        QVERIFY(gb.text().contains(u"fits, "_s) && gb.text().contains(u" GB to spare"_s));
        QVERIFY(gb.text().contains(u"= 1.07 GB"_s)); // the formula: 1 GiB of cache
        QCOMPARE(runJson({u"estimate"_s, u"--units=gb"_s}).out, runJson({u"estimate"_s}).out);
        const CliResult attention = runCli({u"attention"_s, u"--units"_s, u"gb"_s});
        QVERIFY(attention.text().contains(u"131.07 kB"_s)); // 128 KiB per token
        const CliResult bad = runCli({u"estimate"_s, u"--units"_s, u"mb"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--units expects gib or gb, got 'mb'"));
    }

    // The sweep's cells are estimates of their scenarios, as the scaling page draws them.
    void sweepCellsAreEstimates_data() {
        QTest::addColumn<QString>("over");
        QTest::newRow("context") << u"context"_s;
        QTest::newRow("batch") << u"batch"_s;
    }
    void sweepCellsAreEstimates() {
        QFETCH(QString, over);
        const QJsonObject j = runJson({u"sweep"_s, u"--over"_s, over}).json();
        const QJsonArray points = j.value("points"_L1).toArray();
        const QJsonArray lines = j.value("lines"_L1).toArray();
        const bool byContext = over == u"context"_s;
        // The page's axes: contexts 128 .. 128K with the current 8K, lines at batch 1, 8, 32; or
        // batches 1 .. 256, lines at 2K, 8K, 32K.
        QCOMPARE(i64(points.first()), byContext ? 128 : 1);
        QCOMPARE(i64(points.last()), byContext ? 131072 : 256);
        QCOMPARE(lines.size(), 3);
        for (const QJsonValue& value : lines) {
            const QJsonObject line = value.toObject();
            const QString fixed = QString::number(i64(line.value(byContext ? "batch"_L1 : "context"_L1)));
            const QJsonArray totals = line.value("total_bytes"_L1).toArray();
            QCOMPARE(totals.size(), points.size());
            for (qsizetype i : {qsizetype(0), points.size() / 2, points.size() - 1}) {
                const QString at = QString::number(i64(points[i]));
                const QJsonObject e = runJson({u"estimate"_s, u"--context"_s, byContext ? at : fixed, u"--batch"_s,
                                               byContext ? fixed : at})
                                          .json();
                QCOMPARE(i64(totals[i]), i64(e.value("total_bytes"_L1)));
                QCOMPARE(line.value("fits"_L1).toArray()[i].toBool(), e.value("fits"_L1).toBool());
            }
        }
        const CliResult text = runCli({u"sweep"_s, u"--over"_s, over});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.text().contains(u" (now)"_s));
        QCOMPARE(runCli({u"sweep"_s, u"--over"_s, u"layers"_s}).exitCode, 2);
    }

    void fitMapCellsAreEstimates() {
        const QJsonObject j = runJson({u"fitmap"_s, u"--preset"_s, u"mistral-7b"_s}).json();
        const QJsonArray contexts = j.value("contexts"_L1).toArray();
        const QJsonArray batches = j.value("batches"_L1).toArray();
        QCOMPARE(i64(contexts.first()), 512);
        QCOMPARE(i64(contexts.last()), 32768); // Mistral-7B's maximum
        QCOMPARE(i64(batches.last()), 256);
        const QJsonArray fits = j.value("fits"_L1).toArray();
        QCOMPARE(fits.size(), batches.size());
        for (qsizetype r : {qsizetype(0), qsizetype(3), batches.size() - 1})
            for (qsizetype c : {qsizetype(0), contexts.size() - 1}) {
                const QJsonObject e =
                    runJson({u"estimate"_s, u"--preset"_s, u"mistral-7b"_s, u"--context"_s,
                             QString::number(i64(contexts[c])), u"--batch"_s, QString::number(i64(batches[r]))})
                        .json();
                QCOMPARE(fits[r].toArray()[c].toBool(), e.value("fits"_L1).toBool());
                QCOMPARE(i64(j.value("total_bytes"_L1).toArray()[r].toArray()[c]), i64(e.value("total_bytes"_L1)));
            }
    }

    // The new commands speak Korean with --lang ko, with the same numbers.
    void koreanText_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("korean");
        QTest::newRow("attention") << QStringList{u"attention"_s}
                                   << QStringList{u"어텐션 방식별 토큰당 KV 캐시"_s, u"GQA (이 모델)"_s,
                                                  u"최대 배치"_s};
        QTest::newRow("sweep") << QStringList{u"sweep"_s} << QStringList{u"GPU당 전체 메모리"_s, u"배치 8 (현재)"_s};
        QTest::newRow("fitmap") << QStringList{u"fitmap"_s} << QStringList{u"배치 \\ 컨텍스트 길이"_s};
        QTest::newRow("capacity, empty") << QStringList{u"capacity"_s, u"--preset"_s, u"llama-3-70b"_s}
                                         << QStringList{u"KV 메모리 없음: 가중치"_s};
        QTest::newRow("estimate, formula")
            << QStringList{u"estimate"_s, u"--preset"_s, u"mistral-7b"_s, u"--context"_s, u"32768"_s}
            << QStringList{u"KV 캐시 공식"_s, u"레이어 32개에서는 S = 4,096"_s};
        for (const char* command : {"attention", "sweep", "fitmap"})
            QTest::newRow(qPrintable(QLatin1String(command) + u" --help"_s))
                << QStringList{QLatin1String(command), u"--help"_s}
                << QStringList{u"사용법: kvscope-cli "_s + QLatin1String(command) + u" [옵션]"_s};
    }
    void koreanText() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, korean);
        const CliResult en = runCli(args + QStringList{u"--lang"_s, u"en"_s});
        const CliResult ko = runCli(args + QStringList{u"--lang"_s, u"ko"_s});
        QVERIFY2(en.exitCode == 0 && ko.exitCode == 0, ko.err.constData());
        for (const QString& label : korean)
            QVERIFY2(ko.text().contains(label), qPrintable(label + u"\n"_s + ko.text()));
        QVERIFY(!hasHangul(en.text()));
        if (!args.contains(u"--help"_s))
            QCOMPARE(numbersIn(ko.text()), numbersIn(en.text()));
    }

    void usageListsTheCommands() {
        const QString usage = runCli({u"--help"_s}).text();
        for (const QString& line :
             {u"  attention  "_s, u"  sweep      "_s, u"  fitmap     "_s, u"  --units gib|gb  "_s})
            QVERIFY2(usage.contains(line), qPrintable(usage));
    }
};

QTEST_GUILESS_MAIN(TestCliExplore)
#include "tst_cliexplore.moc"
