// kvscope-cli run as a process, its JSON parsed: the interface scripts rely on.
#include "clirunner.h"
#include "lesson.h"
#include "scenario.h"
#include "testutils.h"

#include "../app/cli/messages.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString text(std::string_view utf8) {
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

// %1 .. %9 in a catalog text, sorted.
QStringList placeholders(const QString& s) {
    static const QRegularExpression token(u"%[1-9]"_s);
    QStringList out;
    for (const auto& match : token.globalMatch(s))
        out << match.captured();
    out.sort();
    return out;
}

// Terminal columns of a line: two for a Hangul syllable.
qsizetype columns(const QString& line) {
    qsizetype width = 0;
    for (QChar c : line)
        width += c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3 ? 2 : 1;
    return width;
}

// A decode report with what varies from run to run taken out: every number and boolean (timings,
// memory read from the OS, fits of noisy timings) and the reading worded from them. Keys and
// strings remain.
QJsonValue withoutMeasurements(const QJsonValue& value) {
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject in = value.toObject();
        for (auto it = in.begin(); it != in.end(); ++it)
            if (it.key() != "reading"_L1)
                out.insert(it.key(), withoutMeasurements(it.value()));
        return out;
    }
    if (value.isArray()) {
        QJsonArray out;
        for (const auto& item : value.toArray())
            out.append(withoutMeasurements(item));
        return out;
    }
    return value.isString() ? value : QJsonValue();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void estimateReferenceScenario() {
        const CliResult r = runCli({u"estimate"_s, u"--preset"_s, u"llama-3.1-8b"_s, u"--context"_s, u"8192"_s,
                                    u"--batch"_s, u"8"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QJsonObject j = r.json();
        QCOMPARE(j.value("kv_bytes"_L1).toInteger(), 8'589'934'592LL);
        QCOMPARE(j.value("params"_L1).toInteger(), 8'030'261'248LL);
        QCOMPARE(j.value("layers"_L1).toInt(), 32);
        QCOMPARE(j.value("kv_heads"_L1).toInt(), 8);
        QCOMPARE(j.value("head_dim"_L1).toInt(), 128);
        QCOMPARE(j.value("kv_bytes_per_token"_L1).toInteger(), 131'072LL);
        QCOMPARE(j.value("kv_bytes_per_token_naive"_L1).toInteger(), 524'288LL);
        QCOMPARE(j.value("weight_bytes"_L1).toInteger(), 16'060'522'496LL);
        const qint64 total = j.value("total_bytes"_L1).toInteger();
        QCOMPARE(total, j.value("weight_bytes"_L1).toInteger() + j.value("kv_bytes"_L1).toInteger() +
                            j.value("activation_bytes_estimate"_L1).toInteger() +
                            j.value("runtime_bytes_estimate"_L1).toInteger());
        QCOMPARE(j.value("fits"_L1).toBool(), total <= j.value("budget_bytes"_L1).toInteger());
    }

    void estimatePerGpu() {
        // Issue 30: Llama-3.1-8B over three pipeline stages at 48 x 32K splits 11, 11 and 10 layers (vLLM's rule),
        // and the first stage, with the embedding, runs out first; its KV is 11 layers x 4 KiB x 32,768 x 48.
        const QStringList args{u"estimate"_s,  u"--preset"_s, u"llama-3.1-8b"_s, u"--gpu"_s, u"h100-80gb"_s,
                               u"--context"_s, u"32768"_s,    u"--batch"_s,      u"48"_s,    u"--pp"_s,
                               u"3"_s};
        const CliResult r = runCli(args + QStringList{u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject p = r.json().value("per_gpu"_L1).toObject();
        QCOMPARE(p.value("pp"_L1).toInt(), 3);
        QCOMPARE(p.value("stage_layers"_L1).toArray(), (QJsonArray{11, 11, 10}));
        QCOMPARE(p.value("tightest_gpu"_L1).toInt(), 0);
        QVERIFY(!p.value("all_alike"_L1).toBool());
        const QJsonArray gpus = p.value("gpus"_L1).toArray();
        QCOMPARE(gpus.size(), 3);
        QCOMPARE(gpus[0].toObject().value("kv_bytes"_L1).toInteger(), 11LL * 4096 * 32768 * 48);
        QVERIFY(gpus[0].toObject().value("embedding"_L1).toBool() && gpus[2].toObject().value("lm_head"_L1).toBool());
        QVERIFY(!gpus[0].toObject().value("fits"_L1).toBool());
        // The text: a row per GPU, the first marked.
        const CliResult text = runCli(args + QStringList{u"--lang"_s, u"en"_s});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.text().contains(u"layers per stage 11, 11, 10"_s) && text.text().contains(u"runs out first"_s),
                 qPrintable(text.text()));
        // Without a split asked, the text is as it was; the JSON carries the one-GPU split.
        QVERIFY(!runCli({u"estimate"_s, u"--lang"_s, u"en"_s}).text().contains(u"Per GPU"_s));
        // A split that cannot be made names its option.
        const CliResult bad = runCli({u"estimate"_s, u"--tp"_s, u"4"_s, u"--dp-attention"_s, u"3"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--dp-attention"), bad.err.constData());
    }

    // Issue 30: speculative decoding as JSON and text, from the same core figures (tst_speculation works them by
    // hand), and its refusals naming their option.
    void estimateSpeculative() {
        const QStringList args{u"estimate"_s, u"--preset"_s, u"llama-3.1-8b"_s,  u"--gpu"_s, u"h100-80gb"_s,
                               u"--batch"_s,  u"1"_s,        u"--speculative"_s, u"eagle"_s};
        const CliResult r = runCli(args + QStringList{u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject s = r.json().value("speculative"_L1).toObject();
        QCOMPARE(s.value("method"_L1).toString(), u"eagle"_s);
        QCOMPARE(s.value("draft_params"_L1).toInteger(), 251'662'336LL);
        QCOMPARE(s.value("draft_weight_bytes"_L1).toInteger(), 503'324'672LL);
        QCOMPARE(s.value("slots_per_sequence"_L1).toInteger(), 6LL); // 3 drafts checked, 3 held for the next
        QCOMPARE(s.value("lookahead_kv_bytes"_L1).toInteger(), 6LL * 131'072);
        QCOMPARE(s.value("draft_kv_bytes"_L1).toInteger(), (8192LL + 6) * 4096);
        const QJsonObject up = s.value("speedup"_L1).toObject();
        QVERIFY(std::abs(up.value("expected_tokens_per_step"_L1).toDouble() - 2.533) < 1e-9);
        QVERIFY2(std::abs(up.value("speedup"_L1).toDouble() - 1.95) < 0.005,
                 qPrintable(QString::number(up.value("speedup"_L1).toDouble())));
        QCOMPARE(up.value("verify_bound"_L1).toString(), u"memory"_s);
        // Off, the key is null; the text says the terms and the speedup.
        QVERIFY(runCli({u"estimate"_s, u"--json"_s}).json().value("speculative"_L1).isNull());
        const CliResult text = runCli(args + QStringList{u"--lang"_s, u"en"_s});
        QVERIFY2(text.text().contains(u"an EAGLE head (k = 3)"_s) &&
                     text.text().contains(u"1.95x at acceptance 0.70"_s),
                 qPrintable(text.text()));
        // Under tensor parallelism the memory is sized and the speedup refused, with why.
        const CliResult tp = runCli(args + QStringList{u"--tp"_s, u"2"_s, u"--json"_s});
        QVERIFY2(tp.exitCode == 0, tp.err.constData());
        QCOMPARE(tp.json().value("speculative"_L1).toObject().value("speedup_refusal"_L1).toString(),
                 u"tensor_parallel"_s);
        // Refusals name their option.
        const CliResult moe = runCli({u"estimate"_s, u"--preset"_s, u"mixtral-8x7b"_s, u"--speculative"_s, u"eagle"_s});
        QCOMPARE(moe.exitCode, 2);
        QVERIFY2(moe.err.contains("--speculative eagle") && moe.err.contains("mixture-of-experts"),
                 moe.err.constData());
        const CliResult alone = runCli({u"estimate"_s, u"--draft-tokens"_s, u"4"_s});
        QCOMPARE(alone.exitCode, 2);
        QVERIFY2(alone.err.contains("--draft-tokens is for speculative decoding"), alone.err.constData());
        const CliResult unknown = runCli({u"estimate"_s, u"--speculative"_s, u"medusa"_s});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("--speculative expects none, ngram, eagle or draft:"), unknown.err.constData());
    }

    void defaultsAreTheReferenceScenario() {
        const CliResult r = runCli({u"estimate"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value("kv_bytes"_L1).toInteger(), 8'589'934'592LL);
        QCOMPARE(r.json().value("gpu_memory_bytes"_L1).toInteger(), 24LL << 30);
    }

    void explicitShape_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<qint64>("kvBytesPerToken");
        QTest::addColumn<QString>("attention");
        const QStringList shape{u"--layers"_s, u"32"_s, u"--hidden"_s, u"4096"_s, u"--heads"_s, u"32"_s};
        QTest::newRow("MHA") << (shape + QStringList{u"--kv-heads"_s, u"32"_s}) << 524'288LL << u"MHA"_s;
        QTest::newRow("GQA") << (shape + QStringList{u"--kv-heads"_s, u"8"_s}) << 131'072LL << u"GQA"_s;
        QTest::newRow("MQA") << (shape + QStringList{u"--kv-heads"_s, u"1"_s}) << 16'384LL << u"MQA"_s;
        QTest::newRow("MHA by default") << shape << 524'288LL << u"MHA"_s;
        QTest::newRow("fp32 cache") << (shape + QStringList{u"--kv-heads"_s, u"8"_s, u"--kv-dtype"_s, u"fp32"_s})
                                    << 262'144LL << u"GQA"_s;
        QTest::newRow("preset override") << QStringList{u"--preset"_s, u"llama-3.1-8b"_s, u"--kv-heads"_s, u"1"_s}
                                         << 16'384LL << u"MQA"_s;
    }
    void explicitShape() {
        QFETCH(QStringList, args);
        QFETCH(qint64, kvBytesPerToken);
        QFETCH(QString, attention);
        const CliResult r = runCli(QStringList{u"estimate"_s, u"--json"_s} + args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value("kv_bytes_per_token"_L1).toInteger(), kvBytesPerToken);
        QCOMPARE(r.json().value("attention"_L1).toString(), attention);
    }

    void configFile() {
        const CliResult r = runCli({u"estimate"_s, u"--config"_s, testDataPath("gpt2-large.json"), u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value("params"_L1).toInteger(), 774'030'080LL);
        QCOMPARE(r.json().value("kv_bytes_per_token"_L1).toInteger(), 184'320LL);
        QCOMPARE(r.json().value("params_estimated"_L1).toBool(), true);
    }

    // Issue 24: a quantized checkpoint is weighed as it is stored (Qwen3-32B-AWQ: 19,325,298,688 B, its tensor
    // list's sum), not as 32.8B BF16 parameters (65.5 GB); --weight-dtype names another dtype, or 'stored' again.
    void quantizedConfigIsWeighedAsStored() {
        const QString awq = testDataPath("hf-configs/qwen3-qwen3-32b-awq.json");
        const CliResult r = runCli({u"estimate"_s, u"--config"_s, awq, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value("weights_as_stored"_L1).toBool(), true);
        QCOMPARE(r.json().value("weight_bytes"_L1).toInteger(), 19'325'298'688LL);
        QCOMPARE(r.json().value("weight_dtype"_L1).toString(), u"fp16"_s); // the compute dtype
        const CliResult bf16 = runCli({u"estimate"_s, u"--config"_s, awq, u"--weight-dtype"_s, u"bf16"_s, u"--json"_s});
        QCOMPARE(bf16.json().value("weights_as_stored"_L1).toBool(), false);
        QCOMPARE(bf16.json().value("weight_bytes"_L1).toInteger(), 2LL * bf16.json().value("params"_L1).toInteger());
        const CliResult text = runCli({u"estimate"_s, u"--config"_s, awq, u"--weight-dtype"_s, u"stored"_s});
        QVERIFY(text.text().contains(u"awq (as stored) weights"_s));
        // A model whose config states no quantization has nothing stored to weigh.
        const CliResult none = runCli({u"estimate"_s, u"--weight-dtype"_s, u"stored"_s});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("--weight-dtype") && none.err.contains("quantization_config"), none.err.constData());
    }

    // Issue 10: estimate says which family rule it used, and counts per-sequence state as its own term.
    void configFamilyRuleAndSequenceState() {
        const CliResult falcon =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/falcon-falcon-7b.json")});
        QVERIFY2(falcon.exitCode == 0, falcon.err.constData());
        QVERIFY2(falcon.out.contains("family rule: Falcon, multi_query: 1 KV head (MQA)\n"), falcon.out.constData());
        const CliResult json =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/falcon-falcon-7b.json"), u"--json"_s});
        const QJsonObject rule = json.json().value("family_rule"_L1).toObject();
        QCOMPARE(rule.value("family"_L1).toString(), u"Falcon"_s);
        QCOMPARE(rule.value("kv_rule"_L1).toString(), u"multi_query_flag"_s);
        QCOMPARE(rule.value("kv_heads"_L1).toInteger(), 1LL);
        QCOMPARE(json.json().value("kv_bytes_per_token"_L1).toInteger(), 8'192LL);

        const CliResult jamba = runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/jamba-jamba-v0.1.json"),
                                        u"--batch"_s, u"2"_s, u"--json"_s});
        const QJsonObject state = jamba.json().value("sequence_state"_L1).toObject();
        QCOMPARE(state.value("state_layers"_L1).toInteger(), 28LL);
        QCOMPARE(state.value("state_bytes_per_sequence"_L1).toInteger(), 8'716'288LL);
        QCOMPARE(jamba.json().value("sequence_state_bytes"_L1).toInteger(), 2LL * 8'716'288);
        QCOMPARE(jamba.json().value("kv_layers"_L1).toInteger(), 4LL);
        const CliResult text = runCli(
            {u"estimate"_s, u"--config"_s, testDataPath("hf-configs/jamba-jamba-v0.1.json"), u"--batch"_s, u"2"_s});
        QVERIFY2(text.out.contains("per-sequence state"), text.out.constData());
        QVERIFY(text.out.contains("28 state layers x 155,648 values x 2 B"));
        QVERIFY(text.out.contains("4 of 32 layers cache K and V per token"));
    }

    // Issue 24: a model whose sliding layers have heads of their own says so, in the text and in the JSON, and its
    // figures per GPU split each kind (tst_hfconfig::layerKindGeometry has the hand derivation).
    void slidingLayersWithTheirOwnHeads() {
        const QString gemma = testDataPath("hf-configs/gemma4-gemma-4-31b-it.json");
        const CliResult text = runCli({u"estimate"_s, u"--config"_s, gemma});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("60 layers, 32 query heads, 4 KV heads, head_dim 512\n  the 50 sliding layers have "
                                   "their own: 32 query heads, 16 KV heads, head_dim 256 (K) and 256 (V)"),
                 text.out.constData());
        const QJsonObject j = runCli({u"estimate"_s, u"--config"_s, gemma, u"--tp"_s, u"4"_s, u"--json"_s}).json();
        const QJsonObject windowed = j.value("model"_L1).toObject().value("windowed_attention"_L1).toObject();
        QCOMPARE(windowed.value("kv_heads"_L1).toInteger(), 16LL);
        QCOMPARE(windowed.value("head_dim"_L1).toInteger(), 256LL);
        QCOMPARE(j.value("kv_bytes_per_token_per_gpu"_L1).toInteger(), 225'280LL);
        const QJsonObject mimo =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/mimo_v2-mimo-v2.5.json"), u"--json"_s})
                .json()
                .value("model"_L1)
                .toObject();
        QCOMPARE(mimo.value("v_head_dim"_L1).toInteger(), 128LL);
        QCOMPARE(mimo.value("windowed_attention"_L1).toObject().value("kv_heads"_L1).toInteger(), 8LL);
    }

    void capacityReproducesVllm() {
        // 9,916 blocks of 2 MiB: a real vLLM log for the Llama-3.1-8B shape.
        const CliResult r = runCli({u"capacity"_s, u"--preset"_s, u"llama-3.1-8b"_s, u"--kv-memory-gib"_s,
                                    u"19.3671875"_s, u"--max-model-len"_s, u"32768"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("GPU KV cache size: 158,656 tokens\n"));
        QVERIFY(r.out.contains("Maximum concurrency for 32,768 tokens per request: 4.84x\n"));
        const CliResult j = runCli(
            {u"capacity"_s, u"--kv-memory-gib"_s, u"19.3671875"_s, u"--max-model-len"_s, u"32768"_s, u"--json"_s});
        QCOMPARE(j.json().value("kv_cache_tokens"_L1).toInteger(), 158'656LL);
        QCOMPARE(QString::number(j.json().value("max_concurrency"_L1).toDouble(), 'f', 2), u"4.84"_s);
    }

    void capacityFromTheBudget() {
        const CliResult r =
            runCli({u"capacity"_s, u"--gpu"_s, u"a100-80gb"_s, u"--max-model-len"_s, u"8192"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        const qint64 tokens = j.value("kv_cache_tokens"_L1).toInteger();
        QVERIFY(tokens > 0 && tokens % 16 == 0);
        QCOMPARE(j.value("max_concurrency"_L1).toDouble(), double(tokens) / 8192.0);
        QVERIFY(j.value("kv_memory_bytes"_L1).toInteger() >= tokens * 131'072LL);
    }

    // Issue 25: the CLI said 461,744 tokens where lesson 8's window said 461,776. Both are core's capacity(); the
    // activation estimate follows batch x context (the CLI's default batch is 8, the lesson's 1). The same
    // scenario gives the same figure, and the text says which batch and context its overheads assume.
    void capacityAgreesWithTheWindowAndSaysItsOverheads() {
        const kvscope::LessonSet course = kvscope::loadShippedLessonSet("course");
        const auto lesson = std::find_if(course.lessons.begin(), course.lessons.end(),
                                         [](const kvscope::Lesson& l) { return l.id == "vllm-capacity"; });
        QVERIFY(lesson != course.lessons.end());
        const kvscope::Scenario& s = lesson->scenario;
        QCOMPARE(kvscope::capacity(s).tokens, 461'776ull);
        const QStringList args{u"capacity"_s,      u"--preset"_s, u"llama-3.1-8b"_s, u"--gpu"_s, u"a100-80gb"_s,
                               u"--utilization"_s, u"0.9"_s,      u"--context"_s,    u"40960"_s};
        const CliResult same = runCli(args + QStringList{u"--batch"_s, u"1"_s});
        QCOMPARE(same.exitCode, 0);
        QVERIFY2(same.out.contains("GPU KV cache size: 461,776 tokens"), same.out.constData());
        QVERIFY2(same.out.contains("activations 176.49 MiB (estimated for batch 1, context 40,960)"),
                 same.out.constData());
        const CliResult batch8 = runCli(args);
        QVERIFY2(batch8.out.contains("GPU KV cache size: 461,744 tokens") &&
                     batch8.out.contains("(estimated for batch 8, context 40,960)"),
                 batch8.out.constData());
        const QJsonObject j = runCli(args + QStringList{u"--batch"_s, u"1"_s, u"--json"_s}).json();
        QCOMPARE(j.value("kv_cache_tokens"_L1).toInteger(), 461'776);
        const QJsonObject budget = j.value("from_budget"_L1).toObject();
        QCOMPARE(budget.value("activation_batch"_L1).toInteger(), 1);
        QCOMPARE(budget.value("activation_context_tokens"_L1).toInteger(), 40'960);
    }

    void simulateAll() {
        const CliResult r = runCli({u"simulate"_s, u"--allocator"_s, u"all"_s, u"--workload"_s, u"sharegpt"_s,
                                    u"--requests"_s, u"400"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject all = r.json().value("allocators"_L1).toObject();
        QCOMPARE(all.keys().size(), 4);
        double previous = 0;
        for (const char* name : {"max", "pow2", "oracle", "paged"}) {
            const QJsonObject a = all.value(QLatin1String(name)).toObject();
            for (const char* key :
                 {"token_state_fraction", "reserved_fraction", "internal_fraction", "external_fraction", "mean_batch",
                  "preemptions", "steps", "requests_finished", "all_steps"})
                QVERIFY2(a.contains(QLatin1String(key)), key);
            const double sum = a.value("token_state_fraction"_L1).toDouble() +
                               a.value("reserved_fraction"_L1).toDouble() + a.value("internal_fraction"_L1).toDouble() +
                               a.value("external_fraction"_L1).toDouble() + a.value("free_fraction"_L1).toDouble();
            QVERIFY(std::abs(sum - 1.0) < 1e-9);
            QVERIFY(a.value("token_state_fraction"_L1).toDouble() > previous);
            previous = a.value("token_state_fraction"_L1).toDouble();
            QCOMPARE(a.value("requests_finished"_L1).toInt(), 400);
        }
        QCOMPARE(all.value("max"_L1).toObject().value("mean_batch"_L1).toDouble(), 7.0);
        QVERIFY(previous > 0.9);
        // The table form says where the paper's figures differ.
        const CliResult table = runCli({u"simulate"_s, u"--requests"_s, u"200"_s});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("Kwon et al."));
    }

    void simulateOneAllocatorAndTrace() {
        QTemporaryDir dir;
        QFile trace(dir.filePath(u"trace.csv"_s));
        QVERIFY(trace.open(QIODevice::WriteOnly));
        trace.write("prompt_len,output_len,arrival_step\n100,50,0\n20,300,3\n");
        trace.close();
        const CliResult r = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--workload"_s, trace.fileName(),
                                    u"--pool-tokens"_s, u"4096"_s, u"--block-size"_s, u"32"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // One shape for one allocator and for all: the summary sits under allocators.<name>.
        const QJsonObject paged = r.json().value("allocators"_L1).toObject().value("paged"_L1).toObject();
        QCOMPARE(r.json().value("allocators"_L1).toObject().keys(), QStringList{u"paged"_s});
        QCOMPARE(paged.value("allocator"_L1).toString(), u"paged"_s);
        QCOMPARE(paged.value("requests_finished"_L1).toInt(), 2);
        QVERIFY(!r.json().contains("requests_finished"_L1));
        QCOMPARE(r.json().value("block_size"_L1).toInt(), 32);
        // The pool can also come from a model on a GPU.
        const CliResult sized = runCli({u"simulate"_s, u"--allocator"_s, u"max"_s, u"--preset"_s, u"llama-3.1-8b"_s,
                                        u"--gpu"_s, u"a100-80gb"_s, u"--requests"_s, u"50"_s, u"--json"_s});
        QVERIFY2(sized.exitCode == 0, sized.err.constData());
        const CliResult capacity =
            runCli({u"capacity"_s, u"--preset"_s, u"llama-3.1-8b"_s, u"--gpu"_s, u"a100-80gb"_s, u"--json"_s});
        QCOMPARE(sized.json().value("pool_tokens"_L1).toInteger(),
                 capacity.json().value("kv_cache_tokens"_L1).toInteger());

        QFile bad(dir.filePath(u"bad.csv"_s));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("prompt_len,output_len\n1,2\nx,3\n");
        bad.close();
        const CliResult e = runCli({u"simulate"_s, u"--workload"_s, bad.fileName()});
        QCOMPARE(e.exitCode, 2);
        QVERIFY2(e.err.contains(bad.fileName().toUtf8().append(":3: prompt_len")), e.err.constData());
        const CliResult a = runCli({u"simulate"_s, u"--allocator"_s, u"lru"_s});
        QCOMPARE(a.exitCode, 2);
        QVERIFY(a.err.contains("--allocator: 'lru' is not an allocator"));
    }

    void simulateSaysWhatItDid() {
        QTemporaryDir dir;
        QFile trace(dir.filePath(u"long.csv"_s));
        QVERIFY(trace.open(QIODevice::WriteOnly));
        trace.write("prompt_len,output_len\n3000,100\n100,50\n50,3000\n");
        trace.close();
        // Too long for --max-model-len: rejected and capped, in the notes and counted in JSON.
        const CliResult j =
            runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--workload"_s, trace.fileName(), u"--json"_s});
        QVERIFY2(j.exitCode == 0, j.err.constData());
        const QJsonObject paged = j.json().value("allocators"_L1).toObject().value("paged"_L1).toObject();
        QCOMPARE(paged.value("requests_rejected_too_long"_L1).toInt(), 1);
        QCOMPARE(paged.value("requests_capped"_L1).toInt(), 1);
        QCOMPARE(paged.value("requests_finished"_L1).toInt(), 2);
        QCOMPARE(j.json().value("notes"_L1).toArray().size(), 2);
        // Nothing ever waits here: the row says so and shows the all-steps figure, not 0.0%.
        const CliResult t = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--workload"_s, trace.fileName()});
        QVERIFY2(t.exitCode == 0, t.err.constData());
        QVERIFY2(t.out.contains("paged *"), t.out.constData());
        QVERIFY(t.out.contains("No step of this run had a request waiting"));
        QVERIFY(!t.out.contains(" 0.0%       0.0%"));
        QVERIFY(t.out.contains("replays the trace file"));
        QVERIFY(!t.out.contains("synthetic fit to ShareGPT"));
        QVERIFY(t.out.contains("were rejected, as vLLM rejects them"));
        // A request larger than the pool is rejected; the others run (it used to end the run with exit 2).
        const CliResult pool = runCli({u"simulate"_s, u"--allocator"_s, u"max"_s, u"--workload"_s, trace.fileName(),
                                       u"--pool-tokens"_s, u"1000"_s, u"--json"_s});
        QVERIFY2(pool.exitCode == 0, pool.err.constData());
        QCOMPARE(pool.json()["allocators"_L1]["max"_L1]["requests_rejected_pool"_L1].toInt(), 2);
        const CliResult alpaca = runCli({u"simulate"_s, u"--workload"_s, u"alpaca"_s, u"--requests"_s, u"100"_s});
        QVERIFY(alpaca.out.contains("Alpaca's mean lengths"));
        QVERIFY(!alpaca.out.contains("ShareGPT's mean lengths"));
        // --buddy makes oracle and pow2 the same rows: the notes say why.
        const CliResult buddy = runCli({u"simulate"_s, u"--buddy"_s, u"--requests"_s, u"100"_s});
        QVERIFY(buddy.out.contains("oracle reserves exactly what pow2 does"));
        // Swapping reports its cost in bytes.
        const CliResult swap = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--pool-tokens"_s, u"2000"_s,
                                       u"--requests"_s, u"100"_s, u"--preemption"_s, u"swap"_s, u"--json"_s});
        QVERIFY2(swap.exitCode == 0, swap.err.constData());
        const QJsonObject s = swap.json()["allocators"_L1]["paged"_L1].toObject();
        QVERIFY(s.value("preemptions"_L1).toInt() > 0);
        QCOMPARE(s.value("swap_bytes"_L1).toInteger(), s.value("swapped_slots"_L1).toInteger() * 819'200LL);
    }

    // Issue 30: NCCL's buffers on every GPU of a deployment of several, in JSON with their source, and named in
    // the text; one GPU holds none.
    void estimateCommunicationBuffers() {
        const QJsonObject one = runCli({u"estimate"_s, u"--json"_s}).json();
        QCOMPARE(one.value("communication_bytes_estimate"_L1).toInteger(), 0);
        QVERIFY(!one.contains("communication_estimate_source"_L1));
        QCOMPARE(one.value("runtime_bytes_estimate"_L1).toInteger(), 512LL << 20);
        const QJsonObject two = runCli({u"estimate"_s, u"--tp"_s, u"2"_s, u"--json"_s}).json();
        QCOMPARE(two.value("communication_bytes_estimate"_L1).toInteger(), 1833LL << 20);
        QCOMPARE(two.value("runtime_bytes_estimate"_L1).toInteger(), (512LL + 1833) << 20);
        QVERIFY(two.value("communication_estimate_source"_L1).toString().contains(u"PR #10511"_s));
        const CliResult text = runCli({u"estimate"_s, u"--tp"_s, u"2"_s, u"--lang"_s, u"en"_s});
        QVERIFY2(text.text().contains(u"CUDA context + NCCL (estimate)"_s), qPrintable(text.text()));
        // The per-GPU rows: pipeline stages communicate too.
        const QJsonObject pp = runCli({u"estimate"_s, u"--pp"_s, u"2"_s, u"--json"_s}).json();
        const QJsonArray gpus = pp.value("per_gpu"_L1).toObject().value("gpus"_L1).toArray();
        QCOMPARE(gpus.size(), 2);
        for (const QJsonValue g : gpus)
            QCOMPARE(g.toObject().value("communication_bytes_estimate"_L1).toInteger(), 1833LL << 20);
    }

    void simulatePrefixCache() {
        const CliResult r = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--system-prompts"_s, u"4:300"_s,
                                    u"--prefix-cache"_s, u"--requests"_s, u"300"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.json().value("prefix_cache"_L1).toBool());
        const QJsonObject cache = r.json()["allocators"_L1]["paged"_L1]["prefix_cache"_L1].toObject();
        QVERIFY(cache.value("hit_rate"_L1).toDouble() > 0.5);
        QCOMPARE(cache.value("prefill_tokens_saved"_L1).toInteger(), cache.value("hit_tokens"_L1).toInteger());
        QCOMPARE(cache.value("hit_rate"_L1).toDouble(), double(cache.value("hit_tokens"_L1).toInteger()) /
                                                            double(cache.value("prompt_tokens"_L1).toInteger()));
        const CliResult text = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--system-prompts"_s, u"4:300"_s,
                                       u"--prefix-cache"_s, u"--requests"_s, u"300"_s});
        QVERIFY2(text.out.contains("Prefix cache (paged):"), text.out.constData());
        const CliResult bad = runCli({u"simulate"_s, u"--system-prompts"_s, u"4"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--system-prompts: '4'"), bad.err.constData());
    }

    // Issue 30's tiers under the paged pool: a pool too small for 40 system prompts evicts them to the host tier,
    // and later requests load them back; the timed replay prices the loads over the host link. Every allocator
    // runs (the tiers sit under paged only); the tiers without prefix caching are refused, naming the option.
    void simulateOffloadTiers() {
        const QStringList base{
            u"simulate"_s,         u"--workload"_s, u"alpaca"_s,         u"--requests"_s,    u"600"_s,
            u"--system-prompts"_s, u"40:512"_s,     u"--prefix-cache"_s, u"--pool-tokens"_s, u"20000"_s};
        const CliResult r = runCli(base + QStringList{u"--host-tier-tokens"_s, u"10000"_s, u"--disk-tier-tokens"_s,
                                                      u"40000"_s, u"--arrival-rate"_s, u"20"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject paged = r.json()["allocators"_L1]["paged"_L1].toObject();
        const QJsonObject cache = paged["prefix_cache"_L1].toObject();
        const QJsonArray tiers = cache["offload_tiers"_L1].toArray();
        QCOMPARE(tiers.size(), 2);
        QCOMPARE(tiers[0]["tier"_L1].toString(), u"host"_s);
        QCOMPARE(tiers[0]["capacity_blocks"_L1].toInt(), 625); // 10,000 slots in blocks of 16
        QCOMPARE(tiers[1]["capacity_blocks"_L1].toInt(), 2500);
        const qint64 hostHits = tiers[0]["hit_tokens"_L1].toInteger();
        QVERIFY(hostHits > 0);
        QVERIFY(tiers[0]["stored_blocks"_L1].toInteger() > 0);
        QCOMPARE(cache["hit_rate_all_tiers"_L1].toDouble(),
                 double(cache["hit_tokens"_L1].toInteger() + hostHits + tiers[1]["hit_tokens"_L1].toInteger()) /
                     double(cache["prompt_tokens"_L1].toInteger()));
        // OPT-13B's 800 KiB a token over PCIe 4.0 x16.
        const QJsonObject timing = paged["timing"_L1].toObject();
        QCOMPARE(timing["tier_load_bytes"_L1]["host"_L1].toInteger(), hostHits * 819'200);
        QVERIFY(qFuzzyCompare(timing["tier_load_s"_L1]["host"_L1].toDouble(),
                              double(hostHits) * 819'200.0 /
                                  r.json()["time_model"_L1]["host_link_bytes_per_s"_L1].toDouble()));
        QVERIFY(r.json()["time_model"_L1]["disk_link_source"_L1].toString().contains(u"NVMe"_s));
        // The contiguous allocators ran too, with no tiers.
        const QJsonObject max = r.json()["allocators"_L1]["max"_L1].toObject();
        QVERIFY(max.value("requests_finished"_L1).toInt() > 0 && !max.contains("prefix_cache"_L1));
        const CliResult text =
            runCli(base + QStringList{u"--allocator"_s, u"paged"_s, u"--host-tier-tokens"_s, u"10000"_s});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("Host tier (paged): 625 blocks of 16 tokens;"), text.out.constData());
        QVERIFY(text.out.contains("With the tiers,"));
        const CliResult noCache = runCli({u"simulate"_s, u"--host-tier-tokens"_s, u"100"_s});
        QCOMPARE(noCache.exitCode, 2);
        QVERIFY2(noCache.err.contains("--host-tier-tokens") && noCache.err.contains("--prefix-cache"),
                 noCache.err.constData());
        const CliResult noHost = runCli({u"simulate"_s, u"--prefix-cache"_s, u"--disk-tier-tokens"_s, u"100"_s});
        QCOMPARE(noHost.exitCode, 2);
        QVERIFY2(noHost.err.contains("--disk-tier-tokens"), noHost.err.constData());
    }

    void simulateSharing() {
        double saving[2] = {0, 0};
        int i = 0;
        for (const QString& mode : {u"parallel:4"_s, u"beam:4"_s}) {
            const CliResult r = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--workload"_s, u"alpaca"_s,
                                        u"--requests"_s, u"200"_s, u"--sampling"_s, mode, u"--json"_s});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(r.json().value("sampling"_L1).toString(), mode.section(u':', 0, 0));
            QCOMPARE(r.json().value("samples"_L1).toInt(), 4);
            const QJsonObject sharing = r.json()["allocators"_L1]["paged"_L1]["sharing"_L1].toObject();
            saving[i++] = sharing.value("mean_saving"_L1).toDouble();
            QVERIFY(sharing.value("max_saving"_L1).toDouble() >= sharing.value("mean_saving"_L1).toDouble());
        }
        QVERIFY(saving[0] > 0 && saving[1] > 2 * saving[0]); // beams share far more, as the paper found
        const CliResult text = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--workload"_s, u"alpaca"_s,
                                       u"--requests"_s, u"100"_s, u"--sampling"_s, u"beam:4"_s});
        QVERIFY2(text.out.contains("beam search of width 4"), text.out.constData());
        QVERIFY(text.out.contains("37.6-55.2%"));
        const CliResult both = runCli({u"simulate"_s, u"--samples"_s, u"2"_s, u"--sampling"_s, u"beam:2"_s});
        QCOMPARE(both.exitCode, 2);
        const CliResult bad = runCli({u"simulate"_s, u"--sampling"_s, u"beam:0"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--sampling: 'beam:0'"), bad.err.constData());
    }

    // The timed replay (issue 29): times from the paper's setting when no model is given, every allocator's
    // latencies in order, throughput as tokens over seconds, and the SLO search beside the paper's ratios.
    void simulateTimed() {
        const CliResult r = runCli({u"simulate"_s, u"--requests"_s, u"200"_s, u"--arrival-rate"_s, u"3"_s, u"--slo"_s,
                                    u"ttft=2,tpot=100ms"_s, u"--sweep-rates"_s, u"1,8"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        const QJsonObject model = j.value("time_model"_L1).toObject();
        QCOMPARE(model.value("model"_L1).toString(), u"OPT-13B"_s);
        QCOMPARE(model.value("bandwidth_bytes_per_s"_L1).toDouble(), 1555e9);
        QCOMPARE(model.value("peak_flops"_L1).toDouble(), 312e12);
        QVERIFY(model.value("roof_source"_L1).toString().contains("A100"_L1));
        QVERIFY(model.value("lower_bound"_L1).toBool());
        QCOMPARE(j.value("arrival_rate"_L1).toDouble(), 3.0);
        QVERIFY(j.value("notes"_L1).toArray().first().toString().startsWith("no model or GPU was given"_L1));
        const QJsonObject allocators = j.value("allocators"_L1).toObject();
        QCOMPARE(allocators.size(), 4);
        for (const QString& name : allocators.keys()) {
            const QJsonObject t = allocators.value(name).toObject().value("timing"_L1).toObject();
            QVERIFY2(!t.isEmpty(), qPrintable(name));
            for (const char* key : {"ttft", "tpot", "queueing", "e2e"}) {
                const QJsonObject l = t.value(QLatin1String(key)).toObject();
                QVERIFY(l.value("median_s"_L1).toDouble() <= l.value("p90_s"_L1).toDouble());
                QVERIFY(l.value("p90_s"_L1).toDouble() <= l.value("p99_s"_L1).toDouble());
            }
            QVERIFY(qFuzzyCompare(t.value("output_tokens_per_s"_L1).toDouble(),
                                  t.value("output_tokens"_L1).toDouble() / t.value("seconds"_L1).toDouble()));
            QCOMPARE(t.value("output_tokens"_L1).toInteger(),
                     allocators.value(name).toObject().value("tokens_generated"_L1).toInteger());
        }
        const QJsonObject sweep = j.value("rate_sweep"_L1).toObject();
        QCOMPARE(sweep.value("paged"_L1).toObject().value("points"_L1).toArray().size(), 2);
        QVERIFY(sweep.value("paged"_L1)
                    .toObject()
                    .value("points"_L1)
                    .toArray()
                    .at(0)
                    .toObject()
                    .value("keeps_up"_L1)
                    .toBool());
        const QJsonObject slo = j.value("slo"_L1).toObject();
        QCOMPARE(slo.value("tpot_p90_s"_L1).toDouble(), 0.1);
        const QJsonObject paged = slo.value("allocators"_L1).toObject().value("paged"_L1).toObject();
        const QJsonObject max = slo.value("allocators"_L1).toObject().value("max"_L1).toObject();
        QVERIFY(paged.value("met"_L1).toBool() && max.value("met"_L1).toBool());
        QVERIFY(paged.value("ttft_p90_s"_L1).toDouble() <= 2.0);
        const double ratio = slo.value("paged_rate_ratio"_L1).toObject().value("max"_L1).toDouble();
        // printJson writes doubles to 6 significant digits, so the ratio of two printed rates agrees to about 1e-5.
        QVERIFY(std::abs(ratio / (paged.value("rate"_L1).toDouble() / max.value("rate"_L1).toDouble()) - 1) < 1e-4);
        QVERIFY2(ratio > 2.0, qPrintable(QString::number(ratio)));
        QVERIFY(slo.value("paper"_L1).toString().contains("1.7-2.7x"_L1));

        // A model and GPU of the user's: their names and data sheet, and no note about the paper's setting.
        const CliResult own = runCli({u"simulate"_s, u"--preset"_s, u"llama-3.1-8b"_s, u"--gpu"_s, u"h100-80gb"_s,
                                      u"--requests"_s, u"50"_s, u"--allocator"_s, u"paged"_s, u"--arrival-rate"_s,
                                      u"2"_s, u"--step-overhead-ms"_s, u"3"_s, u"--json"_s});
        QVERIFY2(own.exitCode == 0, own.err.constData());
        QCOMPARE(own.json().value("time_model"_L1).toObject().value("model"_L1).toString(), u"Llama-3.1-8B"_s);
        QCOMPARE(own.json().value("time_model"_L1).toObject().value("step_overhead_s"_L1).toDouble(), 0.003);
        QVERIFY(!own.json().value("time_model"_L1).toObject().value("lower_bound"_L1).toBool());
        for (const QJsonValue& note : own.json().value("notes"_L1).toArray())
            QVERIFY(!note.toString().contains("Kwon"_L1));

        const CliResult text = runCli({u"simulate"_s, u"--requests"_s, u"100"_s, u"--arrival-rate"_s, u"2"_s});
        QVERIFY2(text.out.contains("every latency below is a best case"), text.out.constData());
        QVERIFY(text.out.contains("TTFT p90"));
        const CliResult ko =
            runCli({u"simulate"_s, u"--requests"_s, u"100"_s, u"--arrival-rate"_s, u"2"_s, u"--lang"_s, u"ko"_s});
        QVERIFY2(ko.text().contains(u"모든 지연 시간은"_s) || ko.text().contains(u"지연 시간은 모두 최선의 경우"_s),
                 ko.out.constData());
        QVERIFY(!ko.out.contains("best case"));
    }

    // Public traces: a Mooncake excerpt's times drive the timed replay (scaled by --trace-speed), its blocks the
    // hit curve beside the trace's bound; an Azure excerpt's times too.
    void simulatePublicTraces() {
        const QString mooncake = testDataPath("traces/mooncake-conversation-head.jsonl");
        const CliResult r = runCli({u"simulate"_s, u"--workload"_s, mooncake, u"--allocator"_s, u"paged"_s,
                                    u"--max-model-len"_s, u"32768"_s, u"--pool-tokens"_s, u"262144"_s,
                                    u"--trace-times"_s, u"--trace-speed"_s, u"2"_s, u"--hit-curve"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value("trace"_L1).toObject().value("format"_L1).toString(), u"mooncake"_s);
        QCOMPARE(j.value("trace"_L1).toObject().value("requests"_L1).toInt(), 40);
        QCOMPARE(j.value("trace"_L1).toObject().value("span_s"_L1).toDouble(), 12.0);
        QCOMPARE(j.value("trace_speed"_L1).toDouble(), 2.0);
        const QJsonObject curve = j.value("prefix_hit_curve"_L1).toObject();
        QCOMPARE(curve.value("block_tokens"_L1).toInt(), 512);
        QCOMPARE(curve.value("prompt_tokens"_L1).toInteger(), 506'280);
        QCOMPARE(curve.value("upper_bound"_L1).toDouble(), 39.0 * 512 / 506'280);
        const QJsonArray points = curve.value("points"_L1).toArray();
        QCOMPARE(points.size(), 7);
        QCOMPARE(points.at(2).toObject().value("capacity_tokens"_L1).toInteger(), 262'144); // the pool itself
        const QJsonObject timing =
            j.value("allocators"_L1).toObject().value("paged"_L1).toObject().value("timing"_L1).toObject();
        // Two prompts (87,169 and 45,922 tokens) pass the 32,768-token model length and are turned away.
        QCOMPARE(j.value("allocators"_L1)
                     .toObject()
                     .value("paged"_L1)
                     .toObject()
                     .value("requests_rejected_too_long"_L1)
                     .toInt(),
                 2);
        QCOMPARE(timing.value("ttft"_L1).toObject().value("count"_L1).toInt(), 38);
        // Twice as fast: the last request arrives at 6 s, so the run lasts longer than that.
        QVERIFY(timing.value("seconds"_L1).toDouble() > 6.0);

        const CliResult azure =
            runCli({u"simulate"_s, u"--workload"_s, testDataPath("traces/azure-llm-conv-2023-head.csv"),
                    u"--trace-times"_s, u"--allocator"_s, u"paged"_s});
        QVERIFY2(azure.exitCode == 0, azure.err.constData());
        QVERIFY2(azure.out.contains("At the trace's own times (30 requests over 19.91 s, at 1.00x speed)"),
                 azure.out.constData());
        // Without --trace-times the lengths replay from the start, and the note says so.
        const CliResult untimed = runCli({u"simulate"_s, u"--workload"_s, mooncake, u"--max-model-len"_s, u"32768"_s});
        QVERIFY2(untimed.exitCode == 0, untimed.err.constData());
        QVERIFY(untimed.out.contains("the trace's arrival times drive timed replays only (--trace-times)"));
    }

    // The admission policies side by side: preemptions each avoids or causes, timed when the run is.
    void simulateComparesAdmission() {
        const CliResult r = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--requests"_s, u"300"_s,
                                    u"--arrival-rate"_s, u"4"_s, u"--compare-admission"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject rows = r.json().value("admission_comparison"_L1).toObject();
        QCOMPARE(rows.keys(), (QStringList{u"conservative"_s, u"vllm"_s, u"watermark:0.1"_s, u"watermark:0.3"_s}));
        QCOMPARE(rows.value("conservative"_L1).toObject().value("preemptions"_L1).toInt(), 0);
        QVERIFY(rows.value("vllm"_L1).toObject().value("mean_batch"_L1).toDouble() >
                rows.value("conservative"_L1).toObject().value("mean_batch"_L1).toDouble());
        QVERIFY(rows.value("vllm"_L1).toObject().contains("timing"_L1));
        // The chosen policy drives the paged row and is named in the JSON.
        const CliResult watermark = runCli({u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--requests"_s, u"100"_s,
                                            u"--admission"_s, u"watermark:0.25"_s, u"--json"_s});
        QVERIFY2(watermark.exitCode == 0, watermark.err.constData());
        QCOMPARE(watermark.json().value("admission"_L1).toString(), u"watermark"_s);
        QCOMPARE(watermark.json().value("admission_watermark"_L1).toDouble(), 0.25);
        const CliResult bad = runCli({u"simulate"_s, u"--admission"_s, u"greedy"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--admission: 'greedy' is not an admission policy"), bad.err.constData());
        const CliResult contiguous = runCli({u"simulate"_s, u"--allocator"_s, u"max"_s, u"--compare-admission"_s});
        QCOMPARE(contiguous.exitCode, 2);
        QVERIFY(contiguous.err.contains("--compare-admission: the admission policies are paged's"));
    }

    void simulateTimedRefuses_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("two rates") << QStringList{u"--rate"_s, u"1"_s, u"--arrival-rate"_s, u"1"_s}
                                   << u"give either --rate (arrivals per step) or --arrival-rate"_s;
        QTest::newRow("overhead alone") << QStringList{u"--step-overhead-ms"_s, u"2"_s}
                                        << u"--step-overhead-ms: only a timed replay uses it"_s;
        QTest::newRow("no data sheet") << QStringList{u"--preset"_s, u"tinyllama-1.1b"_s, u"--gpu"_s,
                                                      u"rtx-3060"_s, u"--arrival-rate"_s, u"1"_s}
                                       << u"--gpu: the timed replay needs a GPU preset with data-sheet figures"_s;
        QTest::newRow("tensor parallel") << QStringList{u"--gpu"_s, u"a100-80gb"_s,      u"--tp"_s,
                                                        u"2"_s,     u"--arrival-rate"_s, u"1"_s}
                                         << u"--tp: the timed replay prices one GPU's steps"_s;
        QTest::newRow("bad target") << QStringList{u"--slo"_s, u"ttft=2"_s} << u"--slo: 'ttft=2': tpot is missing"_s;
        QTest::newRow("bad sweep") << QStringList{u"--sweep-rates"_s, u"1,,2"_s}
                                   << u"--sweep-rates: '' is not a request rate"_s;
        QTest::newRow("unknown link") << QStringList{u"--arrival-rate"_s, u"1"_s, u"--host-link"_s, u"usb"_s}
                                      << u"--host-link: unknown link 'usb'; known links: pcie4-x16, pcie5-x16"_s;
        QTest::newRow("zero rate") << QStringList{u"--arrival-rate"_s, u"0"_s} << u"--arrival-rate"_s;
        QTest::newRow("no trace times") << QStringList{u"--trace-times"_s}
                                        << u"--trace-times: this workload has no arrival times"_s;
        QTest::newRow("speed alone") << QStringList{u"--workload"_s,
                                                    testDataPath("traces/azure-llm-conv-2023-head.csv"),
                                                    u"--trace-speed"_s, u"2"_s}
                                     << u"--trace-speed: it scales the trace's own times; give --trace-times too"_s;
        QTest::newRow("curve of an Azure trace")
            << QStringList{u"--workload"_s, testDataPath("traces/azure-llm-conv-2023-head.csv"), u"--hit-curve"_s}
            << u"--hit-curve: only a Mooncake trace states its prompt blocks"_s;
        QTest::newRow("two kinds of arrivals")
            << QStringList{u"--arrival-rate"_s, u"1"_s, u"--trace-times"_s} << u"give either --arrival-rate"_s;
    }
    void simulateTimedRefuses() {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const CliResult r = runCli(QStringList{u"simulate"_s, u"--requests"_s, u"20"_s} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(error), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void decodeSmall() {
        const CliResult r = runCli({u"decode"_s, u"--layers"_s, u"2"_s, u"--width"_s, u"64"_s, u"--heads"_s, u"4"_s,
                                    u"--kv-heads"_s, u"2"_s, u"--batch"_s, u"2"_s, u"--steps"_s, u"10"_s,
                                    u"--prompt-len"_s, u"20"_s, u"--block-size"_s, u"8"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value("backend"_L1).toString(), u"cpu"_s);
        QVERIFY(j.value("device"_L1).toString().startsWith(u"CPU: "_s));
        QVERIFY(j.value("tokens_identical"_L1).toBool());
        const QJsonObject modes = j.value("modes"_L1).toObject();
        for (const char* mode : {"none", "contiguous", "paged"}) {
            const QJsonObject m = modes.value(QLatin1String(mode)).toObject();
            QCOMPARE(m.value("step_ms"_L1).toArray().size(), 10);
            QVERIFY(m.value("tokens_per_s"_L1).toDouble() > 0);
            const QJsonObject mem = m.value("memory"_L1).toObject();
            for (const char* key :
                 {"theoretical_weight_bytes", "theoretical_kv_bytes", "peak_allocated_bytes", "process_bytes"})
                QVERIFY2(mem.contains(QLatin1String(key)), key);
        }
        // 2 layers x 2 x (2 KV heads x 16) x 4 B per token, 30 tokens, batch 2.
        QCOMPARE(modes.value("contiguous"_L1)
                     .toObject()
                     .value("memory"_L1)
                     .toObject()
                     .value("theoretical_kv_bytes"_L1)
                     .toInteger(),
                 512LL * 30 * 2);
        QVERIFY(j.contains("fit_a_ms"_L1) && j.contains("fit_b_ms"_L1));
        // The reading is worded here, by the CLI, from the report's fields; the additions carry the fields.
        // Faster, or under a sanitizer on a shared machine slower, and then flagged (issue 25).
        const QString reading = j.value("reading"_L1).toString();
        QVERIFY2(reading.contains(u"x faster"_s) || reading.contains(u"x slower"_s), qPrintable(reading));
        QCOMPARE(reading.contains(u"NOT TRUSTWORTHY"_s), !j.value("noise"_L1).toObject().value("steady"_L1).toBool());
        QVERIFY(j.value("tokens_compared"_L1).toBool());
        QVERIFY(j.value("fit_measured"_L1).toBool());
        QCOMPARE(j.value("fit_steps"_L1).toInt(), 5 * 10); // none, contiguous, paged, dynamic, int8 (fp8: CUDA)
        QCOMPARE(j.value("skipped_modes"_L1).toArray(), QJsonArray{u"fp8"_s});
        // The cache kinds: int8's bytes include its scales (16 values of 1 B + a 4 B scale per head vector).
        QCOMPARE(modes.value("int8"_L1).toObject().value("cache_dtype"_L1).toString(), u"int8-g16-fp32"_s);
        QCOMPARE(modes.value("int8"_L1)
                     .toObject()
                     .value("memory"_L1)
                     .toObject()
                     .value("theoretical_kv_bytes"_L1)
                     .toInteger(),
                 2LL * 2 * 2 * (16 + 4) * 30 * 2);
        for (const char* mode : {"none", "contiguous", "paged", "dynamic", "int8"}) {
            const QJsonObject m = modes.value(QLatin1String(mode)).toObject();
            QVERIFY2(m.value("ttft_ms"_L1).toDouble() > 0 && m.value("tpot_mean_ms"_L1).toDouble() > 0, mode);
            QCOMPARE(m.value("tpot_steps"_L1).toInt(), 9);
            QVERIFY2(m.value("accuracy"_L1).toObject().value("compared"_L1).toBool(), mode);
        }
        const QJsonObject twoPoint = j.value("two_point"_L1).toObject();
        QVERIFY(twoPoint.value("measured"_L1).toBool());
        QCOMPARE(twoPoint.value("cached_tokens"_L1).toDouble(), 2.0);              // one token per sequence, batch 2
        QCOMPARE(twoPoint.value("uncached_tokens"_L1).toDouble(), 2 * (20 + 4.5)); // prefixes 20 .. 29
        const QJsonObject check = j.value("step_model_check"_L1).toObject();
        for (const char* mode : {"none", "contiguous", "paged"}) {
            const QJsonObject c = check.value(QLatin1String(mode)).toObject();
            QVERIFY2(c.value("measured_ms"_L1).toDouble() > 0, mode);
            QVERIFY2(c.value("least_squares_ms"_L1).isDouble() && c.value("two_point_ms"_L1).isDouble(), mode);
        }
        // The two equations pass through the uncached mean; when noise made them negative (issue 25), the physical
        // line the predictions use need not, and the solved one still does.
        const double uncachedMs = twoPoint.value("uncached_ms"_L1).toDouble();
        if (!twoPoint.value("constrained"_L1).toBool())
            QVERIFY(std::abs(check.value("none"_L1).toObject().value("two_point_ms"_L1).toDouble() - uncachedMs) <
                    1e-9);
        const double solved =
            twoPoint.value("solved_a_ms"_L1).toDouble() +
            twoPoint.value("solved_b_ms"_L1).toDouble() * twoPoint.value("uncached_tokens"_L1).toDouble();
        QVERIFY(std::abs(solved - uncachedMs) < 1e-9 * std::max(1.0, uncachedMs));
        const CliResult text = runCli({u"decode"_s, u"--layers"_s, u"1"_s, u"--width"_s, u"64"_s, u"--heads"_s, u"4"_s,
                                       u"--steps"_s, u"4"_s, u"--cache"_s, u"contiguous"_s});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        // One mode: nothing to compare and no speedup, and the text says so instead of "yes" and "0.0x".
        QVERIFY2(text.out.contains("tokens identical across modes: not compared"), text.out.constData());
        QVERIFY2(text.out.contains("Speedup not measured"), text.out.constData());
        QVERIFY(!text.out.contains("0.0x"));

        const CliResult badCache = runCli({u"decode"_s, u"--cache"_s, u"contiguous,int4"_s});
        QCOMPARE(badCache.exitCode, 2);
        QVERIFY2(badCache.err.contains("--cache: expected none, contiguous (static), paged, dynamic, int8, fp8"),
                 badCache.err.constData());

        const CliResult dtype = runCli({u"decode"_s, u"--dtype"_s, u"fp8"_s});
        QCOMPARE(dtype.exitCode, 2);
        QVERIFY(dtype.err.contains("--dtype: expected fp32 or bf16, got 'fp8'"));
        if (!j.value("cuda_device_present"_L1).toBool()) {
            // Asked for CUDA where none answers: refused, saying why.
            const CliResult cuda = runCli({u"decode"_s, u"--backend"_s, u"cuda"_s});
            QCOMPARE(cuda.exitCode, 2);
            QVERIFY2(cuda.err.contains("--backend cuda: "), cuda.err.constData());
            const CliResult bf16 = runCli({u"decode"_s, u"--dtype"_s, u"bf16"_s});
            QCOMPARE(bf16.exitCode, 2);
            QVERIFY(bf16.err.contains("--dtype bf16 needs the CUDA backend"));
            const CliResult fp8 = runCli({u"decode"_s, u"--cache"_s, u"fp8"_s});
            QCOMPARE(fp8.exitCode, 2);
            QVERIFY2(fp8.err.contains("--cache fp8 needs the CUDA backend"), fp8.err.constData());
        }
        const CliResult bad = runCli({u"decode"_s, u"--heads"_s, u"3"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--heads (3) must divide --width (512)"));
    }

    void decodeOnCuda() {
        const CliResult probe = runCli({u"--version"_s});
        if (!probe.out.contains("Compute: CUDA: "))
            QSKIP(qPrintable(u"CUDA check skipped: "_s + QString::fromUtf8(probe.out).trimmed()));
        const CliResult r = runCli({u"decode"_s, u"--backend"_s, u"cuda"_s, u"--width"_s, u"128"_s, u"--heads"_s,
                                    u"2"_s, u"--layers"_s, u"2"_s, u"--batch"_s, u"4"_s, u"--steps"_s, u"20"_s,
                                    u"--dtype"_s, u"bf16"_s, u"--graphs"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value("backend"_L1).toString(), u"cuda"_s);
        QVERIFY(j.value("device"_L1).toString().startsWith(u"CUDA: "_s));
        QCOMPARE(j.value("dtype"_L1).toString(), u"bf16"_s);
        QVERIFY(j.value("graphs"_L1).toBool());
        QCOMPARE(j.value("step_clock"_L1).toString(), u"CUDA events"_s);
        const QJsonObject paged = j.value("modes"_L1).toObject().value("paged"_L1).toObject();
        QCOMPARE(paged.value("step_ms"_L1).toArray().size(), 20);
        QVERIFY(paged.value("memory"_L1)
                    .toObject()
                    .value("process_bytes_source"_L1)
                    .toString()
                    .contains(u"cudaMemGetInfo"_s));
    }

    void presets() {
        const CliResult r = runCli({u"presets"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QStringList ids;
        for (const auto& model : r.json().value("models"_L1).toArray())
            ids << model.toObject().value("id"_L1).toString();
        for (const char* required :
             {"llama-3.1-8b", "llama-3-70b", "small-gpt", "mistral-7b", "qwen2.5-7b", "gpt2", "llama-2-7b"})
            QVERIFY2(ids.contains(QLatin1String(required)), required);
        QVERIFY(r.json().value("gpus"_L1).toArray().size() >= 8);
        QCOMPARE(runCli({u"presets"_s}).exitCode, 0);
    }

    void helpAndVersion() {
        for (const char* command : {"estimate", "capacity", "simulate", "decode", "presets"}) {
            const CliResult r = runCli({QLatin1String(command), u"--help"_s});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.startsWith(QByteArray("Usage: kvscope-cli ").append(command)));
        }
        const CliResult v = runCli({u"--version"_s});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith("kvscope-cli "));
        QVERIFY(v.out.contains("Compute: "));
        // Where the CUDA backend was built, the toolkit's cuBLAS opens (no GPU needed for that).
        if (v.out.contains("CUDA backend: built"))
            QVERIFY2(v.out.contains("cuBLAS: loads"), v.out.constData());
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("unknown command") << QStringList{u"estimat"_s} << u"unknown command 'estimat'"_s;
        QTest::newRow("unknown option") << QStringList{u"estimate"_s, u"--contxt"_s, u"5"_s}
                                        << u"unknown option '--contxt'"_s;
        QTest::newRow("unknown preset") << QStringList{u"estimate"_s, u"--preset"_s, u"gpt5"_s}
                                        << u"unknown model preset 'gpt5'"_s;
        QTest::newRow("unknown gpu") << QStringList{u"estimate"_s, u"--gpu"_s, u"voodoo2"_s}
                                     << u"unknown GPU 'voodoo2'"_s;
        QTest::newRow("unknown dtype") << QStringList{u"estimate"_s, u"--kv-dtype"_s, u"int3"_s}
                                       << u"--kv-dtype: 'int3'"_s;
        QTest::newRow("negative context")
            << QStringList{u"estimate"_s, u"--context"_s, u"-5"_s} << u"--context expects a whole number"_s;
        QTest::newRow("zero batch") << QStringList{u"estimate"_s, u"--batch"_s, u"0"_s}
                                    << u"--batch must be between 1"_s;
        QTest::newRow("kv heads") << QStringList{u"estimate"_s, u"--kv-heads"_s, u"5"_s}
                                  << u"--kv-heads: 5 KV heads must divide the 32"_s;
        QTest::newRow("overflow") << QStringList{u"estimate"_s, u"--context"_s, u"1099511627776"_s, u"--batch"_s,
                                                 u"4294967296"_s}
                                  << u"overflows 64 bits"_s;
        QTest::newRow("missing value") << QStringList{u"estimate"_s, u"--batch"_s} << u"'--batch' needs a value"_s;
        QTest::newRow("missing config") << QStringList{u"estimate"_s, u"--config"_s, u"/no/such/config.json"_s}
                                        << u"/no/such/config.json: cannot open"_s;
        QTest::newRow("bad tp") << QStringList{u"estimate"_s, u"--tp"_s, u"3"_s} << u"--tp: 3 GPUs"_s;
        QTest::newRow("utilization") << QStringList{u"capacity"_s, u"--utilization"_s, u"1.5"_s}
                                     << u"--utilization must be between"_s;
        QTest::newRow("preset and config")
            << QStringList{u"estimate"_s, u"--preset"_s, u"gpt2"_s, u"--config"_s, u"x.json"_s}
            << u"either --preset or --config"_s;
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const CliResult r = runCli(args + QStringList{u"--json"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    // --lang ko: the labels are Korean, the numbers the same as in English, and no English label is
    // left. headerLines > 0 compares the numbers of the first lines only (decode's timings vary).
    void koreanText_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("korean");
        QTest::addColumn<QStringList>("english");
        QTest::addColumn<int>("headerLines");
        QTest::newRow("estimate, out of memory")
            << QStringList{u"estimate"_s}
            << QStringList{u"레이어 32개, 쿼리 헤드 32개, KV 헤드 8개"_s,
                           u"컨텍스트 길이 8,192, 배치 8"_s,
                           u"파라미터"_s,
                           u"토큰당 KV 바이트"_s,
                           u"가중치"_s,
                           u"KV 캐시"_s,
                           u"한도"_s,
                           u"= 24.0 GiB x 사용률 0.90"_s,
                           u"판정"_s,
                           u"메모리 부족 (OOM): 2.03 GiB 부족"_s,
                           u"이 컨텍스트 길이의 최대 배치"_s,
                           u"6,109 토큰"_s}
            << QStringList{u"weights"_s, u"verdict"_s, u"does not fit"_s, u"The verdict is an estimate"_s} << -1;
        QTest::newRow("estimate, fits") << QStringList{u"estimate"_s, u"--batch"_s, u"1"_s}
                                        << QStringList{u"적재 가능, "_s, u"GiB 여유"_s}
                                        << QStringList{u"fits, "_s, u"to spare"_s} << -1;
        QTest::newRow("estimate, tensor parallel")
            << QStringList{u"estimate"_s, u"--preset"_s, u"llama-3-70b"_s, u"--gpu"_s, u"a100-80gb"_s,
                           u"--tp"_s,     u"2"_s}
            << QStringList{u"GPU당 가중치"_s, u"GPU당 KV 캐시"_s, u"GPU당 합계"_s, u"텐서 병렬 2"_s}
            << QStringList{u"weights per GPU"_s, u"total per GPU"_s} << -1;
        QTest::newRow("estimate, the CLI's own note")
            << QStringList{u"estimate"_s, u"--layers"_s, u"32"_s, u"--hidden"_s, u"4096"_s, u"--heads"_s, u"32"_s}
            << QStringList{u"(구조에서 추정)"_s, u"참고: 파라미터 수는 구조에서 추정했습니다"_s}
            << QStringList{u"note: parameters estimated"_s, u"(estimated from the shape)"_s} << -1;
        QTest::newRow("capacity")
            << QStringList{u"capacity"_s, u"--kv-memory-gib"_s, u"19.3671875"_s, u"--max-model-len"_s, u"32768"_s}
            << QStringList{u"GPU KV cache size: 158,656 tokens\n  (GPU KV 캐시 크기: "_s,
                           u"Maximum concurrency for 32,768 tokens per request: 4.84x\n  (최대 동시 요청 수: "_s,
                           u"블록 9,916개"_s}
            << QStringList{u"blocks of"_s} << -1;
        QTest::newRow("simulate") << QStringList{u"simulate"_s, u"--requests"_s, u"200"_s}
                                  << QStringList{u"워크로드: "_s,
                                                 u"요청 200개"_s,
                                                 u"풀: 토큰 슬롯 15,728개 (직접 지정)"_s,
                                                 u"할당 방식"_s,
                                                 u"예약 공간"_s,
                                                 u"내부 단편화"_s,
                                                 u"외부 단편화"_s,
                                                 u"선점"_s,
                                                 u"\nmax "_s,
                                                 u"\npaged "_s,
                                                 u"Kwon et al. (2023)"_s}
                                  << QStringList{u"allocator"_s, u"reserved"_s, u"Shares of the pool"_s} << -1;
        QTest::newRow("presets") << QStringList{u"presets"_s}
                                 << QStringList{u"모델 프리셋 (--preset):"_s, u"GPU 프리셋 (--gpu):"_s,
                                                u"llama-3.1-8b"_s}
                                 << QStringList{u"Model presets"_s} << -1;
        QTest::newRow("decode") << QStringList{u"decode"_s,  u"--layers"_s, u"1"_s,       u"--width"_s, u"64"_s,
                                               u"--heads"_s, u"4"_s,        u"--steps"_s, u"4"_s}
                                << QStringList{u"백엔드: "_s,
                                               u"모델: 레이어 1개, 폭 64, 헤드 4개, KV 헤드 4개"_s,
                                               u"배치 1, 프롬프트 16, 스텝 4개"_s,
                                               u"ms/스텝"_s,
                                               u"최대 할당량"_s,
                                               u"\ncontiguous "_s,
                                               u"모드 간 생성 토큰 일치: 예"_s,
                                               u"해설 (영문): "_s}
                                << QStringList{u"Backend:"_s, u"peak allocated"_s, u"tokens identical"_s} << 3;
        QTest::newRow("usage") << QStringList{u"--help"_s}
                               << QStringList{u"사용법: kvscope-cli <명령> [옵션]"_s, u"명령:"_s,
                                              u"  estimate     시나리오"_s, u"  --lang ko|en    텍스트 출력 언어"_s}
                               << QStringList{u"Commands:"_s, u"show this help"_s} << -1;
        for (const char* command : {"estimate", "capacity", "simulate", "decode", "presets"})
            QTest::newRow(qPrintable(QLatin1String(command) + u" --help"_s))
                << QStringList{QLatin1String(command), u"--help"_s}
                << QStringList{u"사용법: kvscope-cli "_s + QLatin1String(command) + u" [옵션]"_s, u"옵션:"_s,
                               u"이 도움말을 보여 주고 종료"_s, u"JSON 객체 하나를 출력"_s}
                << QStringList{u"Usage:"_s, u"Options:"_s, u"print one JSON object"_s} << -1;
        QTest::newRow("version") << QStringList{u"--version"_s} << QStringList{u"CUDA 백엔드: "_s, u"연산 장치: "_s}
                                 << QStringList{u"CUDA backend:"_s, u"Compute:"_s} << -1;
    }
    void koreanText() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, korean);
        QFETCH(QStringList, english);
        QFETCH(int, headerLines);
        const CliResult en = runCli(args + QStringList{u"--lang"_s, u"en"_s});
        const CliResult ko = runCli(args + QStringList{u"--lang"_s, u"ko"_s});
        QVERIFY2(en.exitCode == 0 && ko.exitCode == 0, ko.err.constData());
        QString enText = QString::fromUtf8(en.out);
        QString koText = QString::fromUtf8(ko.out);
        for (const QString& label : korean)
            QVERIFY2(koText.contains(label), qPrintable(label + u"\n"_s + koText));
        for (const QString& label : english) {
            QVERIFY2(enText.contains(label), qPrintable(label + u"\n"_s + enText));
            QVERIFY2(!koText.contains(label), qPrintable(label + u"\n"_s + koText));
        }
        QVERIFY2(!hasHangul(enText), qPrintable(enText));
        if (headerLines > 0) {
            enText = enText.section(u'\n', 0, headerLines - 1);
            koText = koText.section(u'\n', 0, headerLines - 1);
        }
        QCOMPARE(numbersIn(koText), numbersIn(enText));
    }

    // A Korean label is three bytes and two columns: the tables still line up in a terminal.
    void koreanTablesLineUp_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("firstLine"); // the header row
        QTest::addColumn<int>("rows");
        QTest::newRow("simulate") << QStringList{u"simulate"_s, u"--requests"_s, u"100"_s} << 3 << 5;
        QTest::newRow("decode") << QStringList{u"decode"_s,  u"--layers"_s, u"1"_s,       u"--width"_s, u"64"_s,
                                               u"--heads"_s, u"4"_s,        u"--steps"_s, u"4"_s}
                                << 4 << 4;
    }
    void koreanTablesLineUp() {
        QFETCH(QStringList, args);
        QFETCH(int, firstLine);
        QFETCH(int, rows);
        for (const char* lang : {"en", "ko"}) {
            const CliResult r = runCli(args + QStringList{u"--lang"_s, QLatin1String(lang)});
            QCOMPARE(r.exitCode, 0);
            const QStringList lines = QString::fromUtf8(r.out).split(u'\n');
            QVERIFY(lines.size() > firstLine + rows);
            for (int i = firstLine + 1; i < firstLine + rows; ++i)
                QVERIFY2(columns(lines[i]) == columns(lines[firstLine]),
                         qPrintable(lines[firstLine] + u"\n"_s + lines[i]));
        }
    }

    // Issue 24: how sure the import is comes first in the text and is a field in JSON.
    void confidenceComesFirst() {
        // Qwen3.6's vision tower (vision_config) is not counted: unverified, and the key is named.
        const CliResult vl =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/qwen3_5-qwen3.6-27b.json")});
        QCOMPARE(vl.exitCode, 0);
        const QString first = QString::fromUtf8(vl.out).section(u'\n', 0, 0);
        QVERIFY2(first.startsWith(u"confidence: UNVERIFIED"_s) && first.contains(u"vision_config"_s),
                 qPrintable(first));
        // DSA's indexer is read: the text says what it caches and the formula adds its 132 B.
        const CliResult dsa =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/deepseek_v32-deepseek-v3.2.json")});
        QCOMPARE(dsa.exitCode, 0);
        QVERIFY2(dsa.out.startsWith("confidence: exact: the DeepSeek-V3.2 rule applied"), dsa.out.constData());
        QVERIFY2(dsa.out.contains("indexer's key of 128 values (132 B in FP8 with its scales)"), dsa.out.constData());
        QVERIFY2(dsa.out.contains("61 x 8 x 8,192 x ((512 + 64) x 2 B + 132 B)"), dsa.out.constData());
        const CliResult oss =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/gpt_oss-gpt-oss-20b.json")});
        QCOMPARE(oss.exitCode, 0);
        QVERIFY(oss.out.startsWith("confidence: exact: the gpt-oss rule applied"));
        QVERIFY2(oss.out.contains("as the checkpoint stores them"), oss.out.constData());
        // Its sliding layers cap: the headline is what every token adds for good (12 full layers x 2,048 B).
        QVERIFY2(oss.out.contains("24,576 B (24.00 KiB), growing in the 12 full-attention layers"),
                 oss.out.constData());
        QVERIFY(oss.out.contains("at most 3.00 MiB per sequence: 12 layers keep their last 128 tokens"));
        const CliResult json =
            runCli({u"estimate"_s, u"--json"_s, u"--config"_s, testDataPath("hf-configs/gpt_oss-gpt-oss-20b.json")});
        const QJsonObject j = json.json();
        QCOMPARE(j.value("confidence"_L1).toString(), u"exact"_s);
        QCOMPARE(j.value("unverified_keys"_L1).toArray().size(), 0);
        QCOMPARE(j.value("stored_weights"_L1).toObject().value("bytes"_L1).toInteger(), 13'761'263'232);
        QCOMPARE(j.value("stored_weights"_L1).toObject().value("format"_L1).toString(), u"mxfp4"_s);
        QCOMPARE(j.value("kv_growth"_L1).toObject().value("bytes_per_token"_L1).toInteger(), 24'576);
        QCOMPARE(j.value("kv_growth"_L1).toObject().value("windowed_bytes_per_sequence_max"_L1).toInteger(),
                 12 * 128 * 2'048);
        const CliResult exact = runCli({u"estimate"_s, u"--json"_s, u"--config"_s,
                                        testDataPath("hf-configs/nemotron-nas-llama-3.3-nemotron-super-49b-v1.json")});
        QCOMPARE(exact.json().value("confidence"_L1).toString(), u"exact"_s);
        QCOMPARE(exact.json().value("kv_bytes_per_token"_L1).toInteger(), 200'704);
        // Every attending layer windowed (Mistral-7B v0.1): the headline is the per-token figure until the window
        // fills, never "0 B".
        const CliResult mistral = runCli({u"estimate"_s, u"--config"_s, testDataPath("mistral-7b-v0.1.json")});
        QVERIFY2(mistral.out.contains("131,072 B (128.00 KiB) until the 4,096-token window fills; then at most 512.00 "
                                      "MiB per sequence"),
                 mistral.out.constData());
        // A hybrid with a quantized checkpoint: the state rows stay right after the KV cache, the stored-weights
        // row right after the weights. (MXFP4 experts: a method that quantizes every linear layer, the Mamba
        // mixers' too, is not modelled on a hybrid.)
        QTemporaryDir dir;
        QFile in(testDataPath("hf-configs/nemotron_h-nemotron-3-nano-30b-a3b.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject hybrid = QJsonDocument::fromJson(in.readAll()).object();
        hybrid.insert(u"quantization_config"_s, QJsonObject{{u"quant_method"_s, u"mxfp4"_s}});
        QFile out(dir.filePath(u"config.json"_s));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(hybrid).toJson());
        out.close();
        const CliResult both = runCli({u"estimate"_s, u"--config"_s, out.fileName()});
        const QStringList lines = QString::fromUtf8(both.out).split(u'\n');
        const auto rowOf = [&](const QString& label) {
            for (int i = 0; i < lines.size(); ++i)
                if (lines[i].trimmed().startsWith(label))
                    return i;
            return -1;
        };
        QVERIFY2(rowOf(u"as the checkpoint stores them"_s) == rowOf(u"weights"_s) + 1, both.out.constData());
        QVERIFY2(rowOf(u"per-sequence state"_s) == rowOf(u"KV cache"_s) + 1, both.out.constData());
        // MLA: no made-up "128 KV heads, head_dim 56"; the latent and the rope key instead.
        const CliResult mla =
            runCli({u"estimate"_s, u"--config"_s, testDataPath("hf-configs/deepseek_v3-deepseek-v3.json")});
        QVERIFY2(mla.out.contains("each layer caches a latent of 512 values and a shared RoPE key of 64 per token"),
                 mla.out.constData());
        QVERIFY(!mla.out.contains("head_dim 56"));
        const CliResult mlaJson = runCli(
            {u"estimate"_s, u"--json"_s, u"--config"_s, testDataPath("hf-configs/deepseek_v3-deepseek-v3.json")});
        QVERIFY(mlaJson.json().value("kv_heads"_L1).isNull());
        QCOMPARE(
            mlaJson.json().value("model"_L1).toObject().value("mla"_L1).toObject().value("kv_lora_rank"_L1).toInt(),
            512);
    }

    // --json is for scripts: the same bytes in every language.
    void jsonIgnoresLanguage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("estimate") << QStringList{u"estimate"_s};
        QTest::newRow("estimate, the CLI's note")
            << QStringList{u"estimate"_s, u"--layers"_s, u"32"_s, u"--hidden"_s, u"4096"_s, u"--heads"_s, u"32"_s};
        QTest::newRow("estimate, importer's notes")
            << QStringList{u"estimate"_s, u"--config"_s, testDataPath("gpt2-large.json")};
        QTest::newRow("capacity") << QStringList{u"capacity"_s, u"--gpu"_s, u"a100-80gb"_s};
        QTest::newRow("simulate") << QStringList{u"simulate"_s, u"--requests"_s, u"200"_s};
        QTest::newRow("simulate, pool from a model")
            << QStringList{u"simulate"_s, u"--allocator"_s, u"max"_s,        u"--preset"_s, u"llama-3.1-8b"_s,
                           u"--gpu"_s,    u"a100-80gb"_s,   u"--requests"_s, u"50"_s};
        QTest::newRow("simulate, timed") << QStringList{
            u"simulate"_s, u"--requests"_s, u"50"_s, u"--arrival-rate"_s, u"2"_s, u"--slo"_s, u"ttft=1,tpot=0.05"_s};
        QTest::newRow("presets") << QStringList{u"presets"_s};
    }
    void jsonIgnoresLanguage() {
        QFETCH(QStringList, args);
        const QStringList json = args + QStringList{u"--json"_s};
        const CliResult plain = runCli(json);
        QCOMPARE(plain.exitCode, 0);
        QVERIFY(!plain.json().isEmpty());
        const CliResult ko = runCli(json + QStringList{u"--lang"_s, u"ko"_s});
        QCOMPARE(ko.exitCode, 0);
        QCOMPARE(ko.out, plain.out);
        const CliResult koreanDesktop = runCli(json, {u"LANG=ko_KR.UTF-8"_s});
        QCOMPARE(koreanDesktop.out, plain.out);
    }

    void decodeJsonIgnoresLanguage() {
        const QStringList args{u"decode"_s,  u"--layers"_s, u"1"_s,       u"--width"_s, u"64"_s,
                               u"--heads"_s, u"4"_s,        u"--steps"_s, u"4"_s,       u"--json"_s};
        const CliResult plain = runCli(args);
        const CliResult ko = runCli(args + QStringList{u"--lang"_s, u"ko"_s});
        QVERIFY2(plain.exitCode == 0 && ko.exitCode == 0, ko.err.constData());
        QVERIFY(plain.json().contains("reading"_L1));
        // English whatever --lang says; "faster" or, on a busy machine, "slower" (issue 25)
        QVERIFY(ko.json().value("reading"_L1).toString().contains(u"With a cache each step pushed"_s));
        QCOMPARE(withoutMeasurements(ko.json()), withoutMeasurements(plain.json()));
    }

    void badLanguage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<QString>("needle");
        QTest::newRow("unknown") << QStringList{u"estimate"_s, u"--lang"_s, u"fr"_s} << QStringList{}
                                 << u"kvscope-cli: --lang expects en or ko, got 'fr'"_s;
        QTest::newRow("inline, before the command")
            << QStringList{u"--lang=kr"_s, u"estimate"_s} << QStringList{} << u"--lang expects en or ko, got 'kr'"_s;
        QTest::newRow("locale name") << QStringList{u"presets"_s, u"--lang"_s, u"ko_KR"_s} << QStringList{}
                                     << u"--lang expects en or ko, got 'ko_KR'"_s;
        QTest::newRow("no value") << QStringList{u"estimate"_s, u"--lang"_s} << QStringList{}
                                  << u"--lang expects en or ko, got ''"_s;
        QTest::newRow("on a Korean desktop")
            << QStringList{u"estimate"_s, u"--lang"_s, u"fr"_s} << QStringList{u"LANG=ko_KR.UTF-8"_s}
            << u"kvscope-cli: --lang에는 en 또는 ko가 필요합니다. 입력값: 'fr'"_s;
    }
    void badLanguage() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, environment);
        QFETCH(QString, needle);
        const CliResult r = runCli(args, environment);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    // Without --lang the CLI follows the locale the window follows (Qt's order: LANGUAGE, then the
    // first of LC_ALL, LC_MESSAGES, LANG); --lang wins, the last one given.
    void languageChoice_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<bool>("korean");
        const QStringList estimate{u"estimate"_s};
        QTest::newRow("nothing set") << estimate << QStringList{} << false;
        QTest::newRow("LANG=C") << estimate << QStringList{u"LANG=C"_s} << false;
        QTest::newRow("LANG=ko_KR.UTF-8") << estimate << QStringList{u"LANG=ko_KR.UTF-8"_s} << true;
        QTest::newRow("LC_MESSAGES") << estimate << QStringList{u"LC_MESSAGES=ko_KR.UTF-8"_s} << true;
        QTest::newRow("LC_ALL over LANG")
            << estimate << QStringList{u"LC_ALL=en_US.UTF-8"_s, u"LANG=ko_KR.UTF-8"_s} << false;
        QTest::newRow("LC_ALL ko") << estimate << QStringList{u"LC_ALL=ko_KR.UTF-8"_s, u"LANG=en_US.UTF-8"_s} << true;
        QTest::newRow("LANGUAGE list") << estimate << QStringList{u"LANGUAGE=ko:en"_s, u"LANG=en_US.UTF-8"_s} << true;
        QTest::newRow("LANGUAGE over LANG")
            << estimate << QStringList{u"LANGUAGE=en_US"_s, u"LANG=ko_KR.UTF-8"_s} << false;
        QTest::newRow("--lang en over LANG")
            << QStringList{u"estimate"_s, u"--lang"_s, u"en"_s} << QStringList{u"LANG=ko_KR.UTF-8"_s} << false;
        QTest::newRow("--lang ko over LANG")
            << QStringList{u"estimate"_s, u"--lang"_s, u"ko"_s} << QStringList{u"LANG=en_US.UTF-8"_s} << true;
        QTest::newRow("--lang before the command")
            << QStringList{u"--lang"_s, u"ko"_s, u"estimate"_s} << QStringList{} << true;
        QTest::newRow("--lang=ko") << QStringList{u"estimate"_s, u"--lang=ko"_s} << QStringList{} << true;
        QTest::newRow("the last --lang") << QStringList{u"estimate"_s, u"--lang"_s, u"ko"_s, u"--batch"_s,
                                                        u"4"_s,        u"--lang"_s, u"en"_s}
                                         << QStringList{} << false;
    }
    void languageChoice() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, environment);
        QFETCH(bool, korean);
        const CliResult r = runCli(args, environment);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out.contains("가중치"), korean);
        QCOMPARE(r.out.contains("weights"), !korean);
    }

    // Every catalog entry: a Korean text, with the English's placeholders, no two for one English.
    void catalogIsComplete_data() {
        QTest::addColumn<QString>("en");
        QTest::addColumn<QString>("ko");
        for (const kvscope::cli::Message& m : kvscope::cli::kMessages)
            QTest::newRow(text(m.en).left(60).toUtf8().constData()) << text(m.en) << text(m.ko);
    }
    void catalogIsComplete() {
        QFETCH(QString, en);
        QFETCH(QString, ko);
        QVERIFY(!en.trimmed().isEmpty());
        QVERIFY(!ko.trimmed().isEmpty());
        QVERIFY2(hasHangul(ko), qPrintable(ko));
        const QStringList tokens = placeholders(en);
        QCOMPARE(placeholders(ko), tokens);
        for (qsizetype i = 0; i < tokens.size(); ++i) // %1 .. %n, each once
            QCOMPARE(tokens[i], u"%"_s + QString::number(i + 1));
        const auto sameEnglish = std::count_if(std::begin(kvscope::cli::kMessages), std::end(kvscope::cli::kMessages),
                                               [&](const kvscope::cli::Message& m) { return text(m.en) == en; });
        QCOMPARE(sameEnglish, 1);
        QVERIFY(std::size(kvscope::cli::kMessages) >= 100);
    }

    void malformedConfigNamesTheFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"config.json"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"num_hidden_layers\": 32,\n  \"hidden_size\": ,\n}\n");
        file.close();
        const CliResult r = runCli({u"estimate"_s, u"--config"_s, path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(path.toUtf8().append(":3:")), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
