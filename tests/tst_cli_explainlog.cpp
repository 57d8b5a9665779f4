// `kvscope-cli explain-log` run as a process: exit codes, the JSON fields scripts read, standard
// input, and the Korean text.
#include "clirunner.h"
#include "testutils.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <QtTest>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString logPath(const char* name) {
    return testDataPath("logs/") + QLatin1String(name);
}

QJsonObject findIn(const QJsonArray& array, const QString& key, const QString& value) {
    for (const QJsonValue& v : array)
        if (v.toObject().value(key).toString() == value)
            return v.toObject();
    return {};
}

} // namespace

class TestCliExplainLog : public QObject {
    Q_OBJECT

private slots:
    void fixtures_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<double>("bytesPerToken");
        QTest::addColumn<QString>("preset"); // matched from the log's model name; empty: none
        QTest::newRow("llama.cpp Llama-2-7B") << "llamacpp-llama-2-7b-q4km-rtx3090-1.log"
                                              << "llama.cpp" << 524288.0 << "llama-2-7b";
        QTest::newRow("llama.cpp q8_0") << "llamacpp-llama-3.1-8b-q8kv-1.log"
                                        << "llama.cpp" << 69632.0 << "";
        QTest::newRow("SGLang QwQ-32B TP4") << "sglang-qwq-32b-tp4-l4-1.log"
                                            << "SGLang" << 65536.0 << "";
        QTest::newRow("vLLM 0.7 A10") << "vllm-v0-llama-3.1-8b-a10-oracle-1.log"
                                      << "vLLM" << 131072.0 << "";
        QTest::newRow("vLLM 0.6.4 GTX 1080") << "vllm-v0-llama-3.2-1b-gtx1080-1.log"
                                             << "vLLM" << 32768.0 << "";
        QTest::newRow("vLLM V1 L40S") << "vllm-v1-llama-3.1-8b-l40s-1.log"
                                      << "vLLM" << 0.0 << "";
        QTest::newRow("vLLM V1 negative") << "vllm-v1-nemotron-nano-4b-gb10-negative-1.log"
                                          << "vLLM" << 0.0 << "";
        QTest::newRow("vLLM V1 Qwen2-7B") << "vllm-v1-qwen2-7b-a100-1.log"
                                          << "vLLM" << 57344.0 << "";
        QTest::newRow("vLLM V1 Qwen3 fp8") << "vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log"
                                           << "vLLM" << 49152.0 << "";
    }
    void fixtures() {
        QFETCH(QString, file);
        QFETCH(QString, engine);
        QFETCH(double, bytesPerToken);
        QFETCH(QString, preset);
        const CliResult r = runCli({u"explain-log"_s, logPath(file.toUtf8().constData()), u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(u"engine"_s).toString(), engine);
        QCOMPARE(j.value(u"recomputed"_s).toObject().value(u"kv_bytes_per_token"_s).toDouble(), bytesPerToken);
        QCOMPARE(j.value(u"consistent"_s).toBool(), true);
        QCOMPARE(j.value(u"preset"_s).toString(), preset);
        QCOMPARE(j.value(u"comparison"_s).isObject(), !preset.isEmpty());
        const QJsonObject lines = j.value(u"lines"_s).toObject();
        QVERIFY(lines.value(u"understood"_s).toInt() > 0);
        QVERIFY(lines.value(u"understood"_s).toInt() + lines.value(u"ignored"_s).toInt() <=
                lines.value(u"read"_s).toInt());
        for (const QJsonValue& c : j.value(u"checks"_s).toArray())
            if (c.toObject().value(u"kind"_s).toString() != u"kv_memory_not_negative"_s)
                QCOMPARE(c.toObject().value(u"result"_s).toString(), u"agrees"_s);
        // Every log has a version: its own, or the format's family, said to be guessed.
        QVERIFY(!j.value(u"version"_s).toString().isEmpty());
        QVERIFY(j.value(u"version_guessed"_s).isBool());
        QCOMPARE(j.value(u"run"_s).toObject().value(u"of"_s).toInt(), 1);
        QVERIFY(j.value(u"earlier_runs"_s).toArray().isEmpty());
    }

    // A failed start in JSON: failed, the kind and its line, vLLM's own suggestion.
    void failureInJson() {
        const CliResult r = runCli({u"explain-log"_s, logPath("vllm-v1-max-seq-len-error-pp8-1.log"), u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(u"failed"_s).toBool(), true);
        const QJsonObject f = j.value(u"failure"_s).toObject();
        QCOMPARE(f.value(u"kind"_s).toString(), u"max_len_does_not_fit"_s);
        QCOMPARE(f.value(u"line"_s).toInt(), 4);
        QVERIFY(f.value(u"text"_s).toString().contains(u"To serve at least one request"_s));
        QCOMPARE(f.value(u"suggested_max_model_len"_s).toInt(), 81392);
        QCOMPARE(std::round(f.value(u"kv_needed_bytes"_s).toDouble() / double(1 << 30) * 100) / 100, 71.16);
        QCOMPARE(j.value(u"version_guessed"_s).toBool(), true);

        const CliResult ok = runCli({u"explain-log"_s, logPath("vllm-v1-qwen2-7b-a100-1.log"), u"--json"_s});
        QCOMPARE(ok.json().value(u"failed"_s).toBool(), false);
        QVERIFY(ok.json().value(u"failure"_s).isNull());
        QCOMPARE(ok.json().value(u"version"_s).toString(), u"0.10.1.1"_s);
        QCOMPARE(ok.json().value(u"version_guessed"_s).toBool(), false);

        const CliResult text = runCli({u"explain-log"_s, logPath("sglang-deepseek-r1-profiled-negative-1.log")});
        QVERIFY2(text.out.startsWith("FAILED TO START: the loaded weights leave no memory"), text.out.constData());
    }

    // Ranks, caches and runs in JSON.
    void ranksCachesAndRuns() {
        const QJsonObject tp =
            runCli({u"explain-log"_s, logPath("vllm-v1-qwen3-vl-30b-a3b-tp4-3090-1.log"), u"--json"_s}).json();
        const QJsonObject stated = tp.value(u"stated"_s).toObject();
        QCOMPARE(stated.value(u"kv_memory_by_rank"_s).toArray().size(), 4);
        QCOMPARE(stated.value(u"kv_memory_by_rank"_s).toArray().at(0).toObject().value(u"rank"_s).toString(), u"TP0"_s);
        QCOMPARE(tp.value(u"sizes_are"_s).toString(), u"per_gpu"_s);
        QCOMPARE(tp.value(u"recomputed"_s).toObject().value(u"kv_bytes_per_token"_s).toDouble(), 24576.0);

        const QJsonObject iswa =
            runCli({u"explain-log"_s, logPath("llamacpp-gpt-oss-20b-iswa-3070-1.log"), u"--json"_s}).json();
        QCOMPARE(iswa.value(u"sizes_are"_s).toString(), u"total_over_devices"_s);
        QCOMPARE(iswa.value(u"version"_s).toString(), u"b6699 (c08002a1)"_s);
        const QJsonArray caches = iswa.value(u"stated"_s).toObject().value(u"kv_caches"_s).toArray();
        QCOMPARE(caches.size(), 2);
        QCOMPARE(caches.at(1).toObject().value(u"kind"_s).toString(), u"SWA"_s);
        QCOMPARE(caches.at(1).toObject().value(u"bytes_per_cell"_s).toDouble(), 24576.0);
        QCOMPARE(iswa.value(u"stated"_s).toObject().value(u"kv_memory_bytes"_s).toDouble(), 3090.0 * (1 << 20));
        QCOMPARE(iswa.value(u"consistent"_s).toBool(), true);

        const CliResult two =
            runCli({u"explain-log"_s, logPath("vllm-v0-llama-3.1-8b-3090-two-runs-1.log"), u"--json"_s});
        const QJsonObject last = two.json();
        QCOMPARE(last.value(u"run"_s).toObject().value(u"index"_s).toInt(), 2);
        QCOMPARE(last.value(u"run"_s).toObject().value(u"of"_s).toInt(), 2);
        QCOMPARE(last.value(u"failed"_s).toBool(), true);
        const QJsonArray earlier = last.value(u"earlier_runs"_s).toArray();
        QCOMPARE(earlier.size(), 1);
        QCOMPARE(earlier.at(0).toObject().value(u"failed"_s).toBool(), false);
        QVERIFY(earlier.at(0).toObject().value(u"run"_s).toObject().value(u"last_line"_s).toInt() <
                last.value(u"run"_s).toObject().value(u"first_line"_s).toInt());
        const CliResult text = runCli({u"explain-log"_s, logPath("vllm-v0-llama-3.1-8b-3090-two-runs-1.log")});
        QVERIFY(text.out.contains("=== Start-up 1 of 2"));
        QVERIFY(text.out.contains("=== Start-up 2 of 2"));
    }

    // The model named on the command line: the L40S log prints no KV size, so the model's 128 KiB
    // per token gives it; the comparison is there, term by term.
    void modelGiven() {
        const CliResult r = runCli({u"explain-log"_s, logPath("vllm-v1-llama-3.1-8b-l40s-1.log"), u"--model"_s,
                                    u"llama-3.1-8b"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(u"model_source"_s).toString(), u"caller"_s);
        const QJsonObject rec = j.value(u"recomputed"_s).toObject();
        QCOMPARE(rec.value(u"kv_bytes_per_token"_s).toDouble(), 131072.0);
        QCOMPARE(rec.value(u"bytes_per_token_from_model"_s).toBool(), true);
        QCOMPARE(round2(rec.value(u"kv_memory_bytes"_s).toDouble() / (1024.0 * 1024 * 1024)), 19.37);
        const QJsonObject cmp = j.value(u"comparison"_s).toObject();
        QCOMPARE(cmp.value(u"context"_s).toDouble(), 32768.0);
        const QJsonArray terms = cmp.value(u"terms"_s).toArray();
        QCOMPARE(terms.size(), 7);
        const QJsonObject weights = findIn(terms, u"term"_s, u"weights"_s);
        QCOMPARE(round2(weights.value(u"server"_s).toDouble() / (1024.0 * 1024 * 1024)), 14.99);
        QVERIFY(weights.value(u"kvscope"_s).toDouble() > 0);
        QVERIFY(findIn(terms, u"term"_s, u"non_torch"_s).value(u"server"_s).isNull()); // not in this log
    }

    void configGiven() {
        const CliResult r = runCli({u"explain-log"_s, logPath("vllm-v1-qwen2-7b-a100-1.log"), u"--config"_s,
                                    testDataPath("qwen2.5-7b-instruct.json"), u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject cmp = r.json().value(u"comparison"_s).toObject();
        // Qwen2.5-7B has Qwen2-7B's cache shape: 28 layers x 4 KV heads x 128 x 2 x 2 B.
        QCOMPARE(
            findIn(cmp.value(u"terms"_s).toArray(), u"term"_s, u"kv_bytes_per_token"_s).value(u"kvscope"_s).toDouble(),
            57344.0);
        QVERIFY(findIn(cmp.value(u"differences"_s).toArray(), u"kind"_s, u"kv_per_token_differs"_s).isEmpty());
    }

    // "-" reads standard input: the same answer as the file.
    void standardInput() {
        QFile file(logPath("vllm-v0-llama-3.2-1b-gtx1080-1.log"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        const CliResult fromFile = runCli({u"explain-log"_s, file.fileName(), u"--json"_s});
        const CliResult fromStdin = runCli({u"explain-log"_s, u"-"_s, u"--json"_s}, {}, text);
        QCOMPARE(fromStdin.exitCode, 0);
        QCOMPARE(fromStdin.out, fromFile.out);
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("needle");
        QTest::newRow("no file") << QStringList{u"explain-log"_s} << QByteArray() << u"expected one log file"_s;
        QTest::newRow("two files") << QStringList{u"explain-log"_s, u"a.log"_s, u"b.log"_s} << QByteArray()
                                   << u"expected one log file"_s;
        QTest::newRow("missing file") << QStringList{u"explain-log"_s, u"/no/such/server.log"_s} << QByteArray()
                                      << u"/no/such/server.log"_s;
        QTest::newRow("a directory") << QStringList{u"explain-log"_s, u"/tmp"_s} << QByteArray() << u"/tmp"_s;
        QTest::newRow("not a log") << QStringList{u"explain-log"_s, u"-"_s}
                                   << QByteArray("hello\nthis is not a server log\n") << u"not a server start-up log"_s;
        QTest::newRow("empty input") << QStringList{u"explain-log"_s, u"-"_s} << QByteArray()
                                     << u"not a server start-up log"_s;
        QTest::newRow("unknown preset") << QStringList{u"explain-log"_s, u"-"_s, u"--model"_s, u"gpt5"_s}
                                        << QByteArray("GPU KV cache size: 1,024 tokens\n")
                                        << u"unknown model preset 'gpt5'"_s;
        QTest::newRow("model and config")
            << QStringList{u"explain-log"_s, u"-"_s, u"--model"_s, u"gpt2"_s, u"--config"_s, u"x.json"_s}
            << QByteArray() << u"either --model or --config"_s;
        QTest::newRow("unknown option") << QStringList{u"explain-log"_s, u"-"_s, u"--modle"_s, u"x"_s} << QByteArray()
                                        << u"unknown option '--modle'"_s;
        QTest::newRow("over 16 MiB on stdin")
            << QStringList{u"explain-log"_s, u"-"_s} << QByteArray((16 << 20) + 10, '\n') << u"16 MiB"_s;
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(QString, needle);
        const CliResult r = runCli(args + QStringList{u"--json"_s}, {}, input);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
        // Issue 27, review item 7: a log that was read but is no start-up (an empty one too) still
        // answers --json with one object; a command that could not run prints nothing there.
        if (needle == u"not a server start-up log"_s) {
            const QJsonObject j = r.json();
            QVERIFY2(j.value(u"error"_s).toString().contains(needle), r.out.constData());
            QCOMPARE(j.value(u"start_up_log"_s).toBool(true), false);
        } else {
            QVERIFY2(r.out.isEmpty(), r.out.constData());
        }
    }

    // The text answer in Korean: Korean labels, the same figures as in English; the JSON is the same bytes.
    void korean() {
        const QStringList args{u"explain-log"_s, logPath("vllm-v0-llama-3.1-8b-a10-oracle-1.log"), u"--model"_s,
                               u"llama-3.1-8b"_s};
        const CliResult en = runCli(args + QStringList{u"--lang"_s, u"en"_s});
        const CliResult ko = runCli(args + QStringList{u"--lang"_s, u"ko"_s});
        QCOMPARE(en.exitCode, 0);
        QCOMPARE(ko.exitCode, 0);
        const QString enText = QString::fromUtf8(en.out);
        const QString koText = QString::fromUtf8(ko.out);
        QVERIFY(enText.contains(u"KV bytes per token   131,072 B"_s));
        QVERIFY(enText.contains(u"Why they differ:"_s));
        QVERIFY(hasHangul(koText));
        QVERIFY(!koText.contains(u"Why they differ"_s));
        QCOMPARE(numbersIn(koText), numbersIn(enText));
        const CliResult enJson = runCli(args + QStringList{u"--json"_s, u"--lang"_s, u"en"_s});
        const CliResult koJson = runCli(args + QStringList{u"--json"_s, u"--lang"_s, u"ko"_s});
        QCOMPARE(koJson.out, enJson.out);
    }

    // Issue 27, review item 1: a hybrid model's vLLM lines, as vLLM computed them. 0.19's Qwen3.5-27B
    // paste: (33.04 - 0.005) x 32,768 = 1,082,491 > 290,864 tokens, so several KV cache groups; no
    // recomputed concurrency (290,864 / 32,768 = 8.88x was printed as DISAGREES before). 0.24's
    // token line 567,978 = int(4.33... x 131,072), no whole number of 16-token blocks: no bytes per
    // token (5.98 GiB / 567,978 = 11,296 B was printed before, and "agrees").
    void hybridTokenRule_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("sentence"); // in the text answer
        QTest::newRow("0.19 Qwen3.5") << u"vllm-v1-0.19-qwen3.5-27b-hybrid-h20-1.log"_s
                                      << u"blocks_per_group_x_block_size"_s
                                      << u"33.04x x 32,768 = 1,082,654 tokens, is more than the 290,864 tokens"_s;
        QTest::newRow("0.24 Qwen3.6") << u"vllm-v1-0.24-qwen3.6-35b-a3b-hybrid-5090-1.log"_s
                                      << u"concurrency_x_max_model_len"_s
                                      << u"567,978 is no whole number of 16-token blocks"_s;
        QTest::newRow("Qwen3-Next, hybrid lines (probe)")
            << u"probes/v1-qwen3-next-hybrid-lines.log"_s << u"blocks_per_group_x_block_size"_s
            << u"90,048 = 201 x 448"_s;
    }
    void hybridTokenRule() {
        QFETCH(QString, file);
        QFETCH(QString, rule);
        QFETCH(QString, sentence);
        const CliResult r = runCli({u"explain-log"_s, logPath(file.toUtf8().constData()), u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        const QJsonObject rec = j.value(u"recomputed"_s).toObject();
        QCOMPARE(rec.value(u"token_rule"_s).toString(), rule);
        QCOMPARE(rec.value(u"kv_bytes_per_token"_s).toDouble(), 0.0);
        QCOMPARE(rec.value(u"concurrency"_s).toDouble(), 0.0);
        QCOMPARE(rec.value(u"per_token_undefined"_s).toBool(), true);
        QCOMPARE(j.value(u"consistent"_s).toBool(), true);
        const CliResult text = runCli({u"explain-log"_s, logPath(file.toUtf8().constData())});
        QVERIFY2(text.out.contains(sentence.toUtf8()), text.out.constData());
        QVERIFY2(!text.out.contains("DISAGREES"), text.out.constData());
        QVERIFY2(!text.out.contains("KV bytes per token  "), text.out.constData());
        const CliResult ko = runCli({u"explain-log"_s, logPath(file.toUtf8().constData()), u"--lang"_s, u"ko"_s});
        QVERIFY(hasHangul(QString::fromUtf8(ko.out)));
    }

    // Issue 27, review item 3: TP0's line alone of a TP4 start-up. TP0's 17.77 GiB over the smallest
    // rank's 391,760 tokens is a bound, (17.77 + 0.005) GiB / 391,760 = 48,717.98: at most 48,717 B,
    // named TP0; 48,704 B and "agrees" before.
    void oneRankOfSeveral() {
        const QString file = logPath("probes/v1-tp4-one-worker-line.log");
        const QJsonObject j = runCli({u"explain-log"_s, file, u"--json"_s}).json();
        QCOMPARE(j.value(u"stated"_s).toObject().value(u"kv_memory_rank"_s).toString(), u"TP0"_s);
        const QJsonObject rec = j.value(u"recomputed"_s).toObject();
        QCOMPARE(rec.value(u"kv_bytes_per_token"_s).toDouble(), 0.0);
        QCOMPARE(rec.value(u"kv_bytes_per_token_at_most"_s).toDouble(), 48717.0);
        QCOMPARE(rec.value(u"from_one_rank_of_several"_s).toBool(), true);
        QVERIFY(findIn(j.value(u"checks"_s).toArray(), u"kind"_s, u"tokens_from_kv_memory"_s).isEmpty());
        const CliResult text = runCli({u"explain-log"_s, file});
        QVERIFY2(text.out.contains("KV cache memory, TP0 (one rank of several)"), text.out.constData());
        QVERIFY2(text.out.contains("at most 48,717 B: TP0's KV memory"), text.out.constData());
        QVERIFY(!text.out.contains("48,704"));
    }

    // Issue 27, review item 5: failures shown by figures. vLLM 0.2's 229 blocks x 16 = 3,664 tokens <
    // max_seq_len 4,096 opens with FAILED TO START and the largest max_model_len, 3,664; under Ray
    // 378 x 16 = 6,048 tokens are stated; SGLang's own suggestion, 0.773, is kept.
    void failureFromFigures() {
        const CliResult v02 = runCli({u"explain-log"_s, logPath("vllm-v0-0.2-gpu-blocks-1.log")});
        QVERIFY2(v02.out.startsWith("FAILED TO START: max_model_len 4,096 is more than the 3,664 tokens"),
                 v02.out.constData());
        QVERIFY(v02.out.contains("the largest max_model_len that fits: 3,664 tokens (229 GPU blocks x 16 tokens"));
        QVERIFY(v02.out.contains("KV cache tokens (GPU blocks x 16)  3,664"));
        const QJsonObject j = runCli({u"explain-log"_s, logPath("vllm-v0-0.2-gpu-blocks-1.log"), u"--json"_s}).json();
        QCOMPARE(j.value(u"failed"_s).toBool(), true);
        const QJsonObject f = j.value(u"failure"_s).toObject();
        QCOMPARE(f.value(u"suggested_max_model_len"_s).toInt(), 3664);
        QCOMPARE(f.value(u"suggested_from_blocks"_s).toBool(), true);
        QCOMPARE(j.value(u"stated"_s).toObject().value(u"kv_tokens_from_blocks"_s).toInt(), 3664);

        const QJsonObject ray =
            runCli({u"explain-log"_s, logPath("vllm-v0-0.4-ray-gpu-blocks-refused-1.log"), u"--json"_s}).json();
        QCOMPARE(ray.value(u"failed"_s).toBool(), true);
        QCOMPARE(ray.value(u"stated"_s).toObject().value(u"kv_tokens_from_blocks"_s).toInt(), 6048);

        const CliResult sglang = runCli({u"explain-log"_s, logPath("probes/sglang-weights-leave-no-memory.log")});
        QVERIFY2(sglang.out.contains("raise --mem-fraction-static above 0.773"), sglang.out.constData());
    }

    // Every stated figure keeps the line it was read on (issue 27: "every stated figure comes from a line, and
    // the line is kept with it"): "stated_lines" beside "stated", key for key.
    void statedFiguresKeepTheirLines() {
        const QJsonObject j = runCli({u"explain-log"_s, logPath("vllm-v1-qwen2-7b-a100-1.log"), u"--json"_s}).json();
        const QJsonObject stated = j.value(u"stated"_s).toObject();
        const QJsonObject lines = j.value(u"stated_lines"_s).toObject();
        QCOMPARE(lines.value(u"kv_memory_bytes"_s).toInt(), 42); // "Available KV cache memory: 24.83 GiB"
        for (const QString& key : {u"weights_bytes"_s, u"gpu_blocks"_s, u"kv_tokens"_s, u"concurrency"_s}) {
            QVERIFY2(stated.contains(key), qPrintable(key));
            QVERIFY2(lines.value(key).toInt() > 0, qPrintable(key));
        }
        for (const QString& key : lines.keys())
            QVERIFY2(stated.contains(key), qPrintable(key)); // no line for a figure not stated
    }

    // A llama.cpp log with no cache line of a known format (ollama's plan alone) is named by its engine: it said
    // "Server log: unknown" though its lines told the engine.
    void noKnownMemoryLineIsNamedByItsEngine() {
        const CliResult r = runCli({u"explain-log"_s, logPath("ollama-offload-plan-4gpu-1.log")});
        QVERIFY2(r.out.contains("Server log: llama.cpp\n"), r.out.constData());
    }

    // The top-level help lists the command.
    void listedInHelp() {
        const CliResult r = runCli({u"--help"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("explain-log"));
        const CliResult help = runCli({u"explain-log"_s, u"--help"_s});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--model"));
        QVERIFY(help.out.contains("--config"));
    }
};

QTEST_GUILESS_MAIN(TestCliExplainLog)
#include "tst_cli_explainlog.moc"
