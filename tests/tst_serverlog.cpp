// The server-log explainer: every real excerpt in tests/data/logs/ (see its README for the
// sources) parses, and what it implies equals what it states; hostile pastes neither crash nor
// hang, and a log whose numbers disagree is flagged.
#include "serverlog.h"

#include "error.h"
#include "inputfile.h"
#include "presets.h"
#include "testutils.h"
#include "text.h"
#include "units.h"

#include <QFile>
#include <QtTest>

#include <random>

using namespace kvscope;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(kvscope::LogEngine)
Q_DECLARE_METATYPE(kvscope::LogFormat)
Q_DECLARE_METATYPE(kvscope::LogFailureKind)
Q_DECLARE_METATYPE(kvscope::LogTokenRule)

namespace {

std::string fixture(const char* name) {
    const QString path = testDataPath("logs/") + QLatin1String(name);
    return readInputFile(path.toStdString(), kServerLogMaxBytes, "server log");
}

// The same paste as a terminal `width` columns wide shows it: every long line cut into pieces.
std::string wrapAt(std::string_view text, std::size_t width) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        do {
            out += line.substr(0, width);
            out += '\n';
            line.remove_prefix(std::min(width, line.size()));
        } while (!line.empty());
        start = end + 1;
    }
    return out;
}

const LogCheck* findCheck(const LogRecomputation& r, LogCheckKind kind) {
    for (const LogCheck& c : r.checks)
        if (c.kind == kind)
            return &c;
    return nullptr;
}

LogRecomputation recompute(const ServerLog& log, const QString& preset = {}) {
    if (preset.isEmpty())
        return recomputeServerLog(log);
    const ModelShape model = loadPreset(preset.toStdString());
    return recomputeServerLog(log, &model, logKvDtype(log, model));
}

// vLLM 0.6.4's profile line, with the numbers of the GTX 1080 fixture unless changed.
std::string v0ProfileLog(const char* kv = "3.60", const char* blocks = "7366", const char* concurrency = "1.12") {
    return std::string("INFO 12-06 14:08:00 model_runner.py:1077] Loading model weights took 2.3185 GB\n"
                       "INFO 12-06 14:08:01 worker.py:232] Memory profiling results: total_gpu_memory=7.92GiB "
                       "initial_memory_usage=2.73GiB peak_torch_memory=3.49GiB memory_usage_post_profile=2.76GiB "
                       "non_torch_memory=0.44GiB kv_cache_size=") +
           kv + "GiB gpu_memory_utilization=0.95\n" +
           "INFO 12-06 14:08:01 gpu_executor.py:113] # GPU blocks: " + blocks + ", # CPU blocks: 8192\n" +
           "INFO 12-06 14:08:01 gpu_executor.py:117] Maximum concurrency for 105088 tokens per request: " +
           concurrency + "x\n";
}

} // namespace

class TestServerLog : public QObject {
    Q_OBJECT

private slots:
    // Found by fuzz_serverlog: a name cut out of a line at a quote could end inside a multi-byte
    // character, though the log was made valid UTF-8 on the way in; the --json answer then held
    // bytes nlohmann refuses.
    void keptNamesAreValidUtf8() {
        QFile input(
            QStringLiteral(KVSCOPE_TEST_DATA_DIR "/../fuzz/corpus/fuzz_serverlog/name-cut-inside-a-character.log"));
        QVERIFY(input.open(QIODevice::ReadOnly));
        const QByteArray bytes = input.readAll();
        const ServerLog log = parseServerLog(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        for (const std::string* kept :
             {&log.version, &log.model, &log.dtype, &log.kvCacheDtype, &log.vCacheDtype, &log.fileType})
            QVERIFY2(isValidUtf8(*kept), kept->c_str());
    }

    // Found by fuzz_serverlog: an ESC before a byte the input's UTF-8 check had replaced took the
    // replacement's first byte with it (a "two-byte escape"), and the failure line kept the rest.
    void escapeKeepsUtf8() {
        QFile input(
            QStringLiteral(KVSCOPE_TEST_DATA_DIR "/../fuzz/corpus/fuzz_serverlog/escape-before-a-replaced-byte.log"));
        QVERIFY(input.open(QIODevice::ReadOnly));
        const QByteArray bytes = input.readAll();
        const ServerLog log = parseServerLog(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY(log.failed);
        QVERIFY(isValidUtf8(log.failure.text));
        const ServerLog escaped =
            parseServerLog("INFO [gpu_worker.py:1] Available KV cache memory: 1.00 GiB \x1b\xc3\xa9\n");
        QVERIFY(isValidUtf8(escaped.version));
    }

    // Every fixture: engine and format, the bytes per token that reproduce the printed KV size
    // (README "What a checker recomputes"), the stated tokens inside the recomputed range, and
    // every check agreeing.
    void fixtures_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("preset"); // the model, when the log does not name one
        QTest::addColumn<kvscope::LogEngine>("engine");
        QTest::addColumn<kvscope::LogFormat>("format");
        QTest::addColumn<qulonglong>("bytesPerToken");
        QTest::addColumn<qulonglong>("kBytesPerToken"); // 0: K and V not printed apart
        QTest::addColumn<qulonglong>("tokens");
        QTest::addColumn<double>("concurrency"); // stated; 0 = not printed
        QTest::addColumn<bool>("failed");

        QTest::newRow("llama.cpp Llama-2-7B Q4_K_M (KV self size)")
            << "llamacpp-llama-2-7b-q4km-rtx3090-1.log" << QString() << LogEngine::LlamaCpp << LogFormat::LlamaCppKvSelf
            << 524288ull << 262144ull << 2048ull << 0.0 << false; // MHA: 2 x 32 x 32 x 128 x 2 B
        QTest::newRow("llama.cpp q8_0 cache (llama_kv_cache)")
            << "llamacpp-llama-3.1-8b-q8kv-1.log" << QString() << LogEngine::LlamaCpp << LogFormat::LlamaCppKvCache
            << 69632ull << 34816ull << 4096ull << 0.0 << false; // 32 x 1024 x 34/32 B, K and V
        QTest::newRow("SGLang QwQ-32B TP4") << "sglang-qwq-32b-tp4-l4-1.log" << QString() << LogEngine::SGLang
                                            << LogFormat::SGLang << 65536ull << 32768ull << 46611ull << 0.0 << false;
        QTest::newRow("vLLM 0.7 Llama-3.1-8B A10")
            << "vllm-v0-llama-3.1-8b-a10-oracle-1.log" << QString() << LogEngine::Vllm << LogFormat::VllmV0Split
            << 131072ull << 0ull << 37696ull << 0.29 << true; // 2356 blocks x 16; 131,072 does not fit
        QTest::newRow("vLLM 0.6.4 Llama-3.2-1B GTX 1080")
            << "vllm-v0-llama-3.2-1b-gtx1080-1.log" << QString() << LogEngine::Vllm << LogFormat::VllmV0Profile
            << 32768ull << 0ull << 117856ull << 1.12 << false; // 7366 blocks x 16
        QTest::newRow("vLLM V1 Llama-3.1-8B L40S (no KV size printed)")
            << "vllm-v1-llama-3.1-8b-l40s-1.log" << QStringLiteral("llama-3.1-8b") << LogEngine::Vllm
            << LogFormat::VllmV1 << 131072ull << 0ull << 158656ull << 4.84 << false;
        QTest::newRow("vLLM V1 Nemotron negative KV")
            << "vllm-v1-nemotron-nano-4b-gb10-negative-1.log" << QString() << LogEngine::Vllm << LogFormat::VllmV1
            << 0ull << 0ull << 0ull << 0.0 << true;
        QTest::newRow("vLLM V1 Qwen2-7B A100 (wrapped)")
            << "vllm-v1-qwen2-7b-a100-1.log" << QString() << LogEngine::Vllm << LogFormat::VllmV1 << 57344ull << 0ull
            << 464848ull << 28.37 << false;
        QTest::newRow("vLLM V1 Qwen3-30B-A3B fp8 cache")
            << "vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log" << QString() << LogEngine::Vllm << LogFormat::VllmV1 << 49152ull
            << 0ull << 88176ull << 2.69 << false;
    }
    void fixtures() {
        QFETCH(QString, file);
        QFETCH(QString, preset);
        QFETCH(kvscope::LogEngine, engine);
        QFETCH(kvscope::LogFormat, format);
        QFETCH(qulonglong, bytesPerToken);
        QFETCH(qulonglong, kBytesPerToken);
        QFETCH(qulonglong, tokens);
        QFETCH(double, concurrency);
        QFETCH(bool, failed);

        const ServerLog log = parseServerLog(fixture(file.toUtf8().constData()));
        QCOMPARE(log.engine, engine);
        QCOMPARE(log.format, format);
        QCOMPARE(log.failed, failed);
        QVERIFY(log.understood > 0);
        QCOMPARE(log.understood + log.ignored <= log.lines, true);
        const LogRecomputation r = recompute(log, preset);
        KV_COMPARE_U64(r.kvBytesPerToken, bytesPerToken);
        KV_COMPARE_U64(r.kBytesPerToken, kBytesPerToken);
        QVERIFY2(r.consistent(), "a check disagrees on a real log");
        for (const LogCheck& c : r.checks)
            if (c.kind != LogCheckKind::KvMemoryNotNegative)
                QCOMPARE(c.result, LogCheckResult::Agrees);
        if (tokens == 0)
            return;
        const std::uint64_t stated = log.kvTokens ? log.kvTokens->value : log.gpuBlocks->value * r.blockSize;
        KV_COMPARE_U64(stated, tokens);
        // The stated tokens are what the stated KV memory holds in whole blocks, within its rounding.
        QVERIFY2(r.tokensLow <= tokens && tokens <= r.tokensHigh,
                 qPrintable(QStringLiteral("%1 not in [%2, %3]").arg(tokens).arg(r.tokensLow).arg(r.tokensHigh)));
        if (concurrency > 0) {
            QVERIFY(log.concurrency);
            QCOMPARE(log.concurrency->value, concurrency);
            QCOMPARE(std::round(r.concurrency * 100) / 100, concurrency);
        }
    }

    // Real start-ups from public issues and docs (tests/data/logs/README.md), each with the figures
    // worked out by hand in the README's "key numbers": the engine, how many start-ups, the
    // failure, the version when printed, the KV memory (MiB, 0 = none) and the bytes per token.
    void realLogs_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<kvscope::LogEngine>("engine");
        QTest::addColumn<int>("runs");
        QTest::addColumn<kvscope::LogFailureKind>("failure");
        QTest::addColumn<QString>("version"); // empty: not printed, guessed from the format
        QTest::addColumn<double>("kvMiB");    // of the last run, as summed; 0 = no KV memory line
        QTest::addColumn<qulonglong>("bytesPerToken");
        QTest::addColumn<bool>("perTokenUndefined");

        QTest::newRow("vLLM 0.11 TP4, four workers")
            << "vllm-v1-qwen3-vl-30b-a3b-tp4-3090-1.log" << LogEngine::Vllm << 1 << LogFailureKind::None << "0.11.0"
            << 2.31 * 1024 << 24576ull << false; // 2 x 48 layers x 1 KV head x 128 x 2 B per rank
        QTest::newRow("llama.cpp iSWA gpt-oss-20b")
            << "llamacpp-gpt-oss-20b-iswa-3070-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::None
            << "b6699 (c08002a1)" << 3090.0 << 0ull << true; // 3072 + 18 MiB
        QTest::newRow("vLLM V1 max seq len refusal")
            << "vllm-v1-max-seq-len-error-pp8-1.log" << LogEngine::Vllm << 1 << LogFailureKind::MaxLenDoesNotFit
            << QString() << 28.57 * 1024 << 0ull << false;
        QTest::newRow("SGLang negative profiled value")
            << "sglang-deepseek-r1-profiled-negative-1.log" << LogEngine::SGLang << 1
            << LogFailureKind::WeightsLeaveNoMemory << QString() << 0.0 << 0ull << false;
        QTest::newRow("vLLM 0.6 two start-ups, the second refused")
            << "vllm-v0-llama-3.1-8b-3090-two-runs-1.log" << LogEngine::Vllm << 2 << LogFailureKind::MaxLenDoesNotFit
            << QString() << 2.89 * 1024 << 131072ull << false;
        QTest::newRow("llama.cpp recurrent state only")
            << "llamacpp-qwen3.5-recurrent-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::None << QString()
            << 0.0 << 0ull << false;
        QTest::newRow("llama.cpp compute buffers OOM")
            << "llamacpp-kv-self-compute-oom-5gpu-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::ComputeBuffers
            << QString() << 5120.0 << 0ull << false;
        QTest::newRow("ik_llama MLA latent, compute OOM")
            << "ik-llama-deepseek-r1-mla-compute-oom-1.log" << LogEngine::LlamaCpp << 1
            << LogFailureKind::ComputeBuffers << QString() << 2196.0 << 0ull << false;
        QTest::newRow("llama.cpp 2025 kv_size init")
            << "llamacpp-2025-kv-size-init-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::None << QString()
            << 192.0 << 393216ull << false; // 192 MiB / 512 cells
        QTest::newRow("vLLM 0.2 GPU blocks") << "vllm-v0-0.2-gpu-blocks-1.log" << LogEngine::Vllm << 1
                                             << LogFailureKind::MaxLenDoesNotFit << QString() << 0.0 << 0ull << false;
        QTest::newRow("vLLM hybrid granite-4.0-h")
            << "vllm-v1-granite-4-h-hybrid-1.log" << LogEngine::Vllm << 1 << LogFailureKind::None
            << "0.11.1rc2.dev141+g38f225c2a" << 0.0 << 0ull << true;
        QTest::newRow("SGLang sliding-window pools TP4")
            << "sglang-mimo-v2-flash-swa-tp4-1.log" << LogEngine::SGLang << 1 << LogFailureKind::None << QString()
            << (8.38 + 5.59) * 1024 << 0ull << true;
        QTest::newRow("ollama compute OOM") << "ollama-rocm-compute-oom-1.log" << LogEngine::LlamaCpp << 1
                                            << LogFailureKind::ComputeBuffers << QString() << 128.0 << 0ull << false;
        QTest::newRow("llama.cpp 2024 two devices")
            << "llamacpp-2024-kv-self-2gpu-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::None << QString()
            << 5120.0 << 1310720ull << false; // 5120 MiB / 4096 cells, a total over both GPUs
        QTest::newRow("vLLM V1 fp8, served then refused")
            << "vllm-v1-fp8-served-then-refused-1.log" << LogEngine::Vllm << 2 << LogFailureKind::MaxLenDoesNotFit
            << QString() << 5.59 * 1024 << 0ull << false; // the refusal's available KV
        QTest::newRow("vLLM V1 pipeline stages of other layers")
            << "vllm-v1-deepseek-v2-lite-pp-l4-1.log" << LogEngine::Vllm << 1 << LogFailureKind::None << QString()
            << 11.33 * 1024 << 0ull << true;
        QTest::newRow("ollama under docker compose, KV buffers only")
            << "ollama-compose-deepseek-kv-buffers-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::None
            << QString() << 9760.0 << 4997120ull << false; // 9,760 MiB / 2,048 cells
        QTest::newRow("SGLang fp8 TP2 with a draft pool")
            << "sglang-tp2-fp8-draft-pools-1.log" << LogEngine::SGLang << 1 << LogFailureKind::None << QString()
            << (3.46 + 3.46) * 1024 << 16384ull << false; // the target's pool; 1 B a value
        QTest::newRow("vLLM V1 0.7 GPU blocks") << "vllm-v1-0.7-gpu-blocks-1.log" << LogEngine::Vllm << 1
                                                << LogFailureKind::None << QString() << 0.0 << 0ull << false;
        QTest::newRow("ollama's plan alone")
            << "ollama-offload-plan-4gpu-1.log" << LogEngine::LlamaCpp << 1 << LogFailureKind::None << QString()
            << 19.5 * 1024 << 327680ull << false; // 19.5 GiB / 64,000: 80 layers x 8 x 128 x 2 x 2 B
        QTest::newRow("vLLM 0.6.5 profiling table")
            << "vllm-v0-0.6.5-profiling-table-llama3-8b-1.log" << LogEngine::Vllm << 1 << LogFailureKind::None
            << QString() << 53.29 * 1024 << 0ull << false;
        QTest::newRow("vLLM 0.8 V0 TP workers") << "vllm-v0-0.8-tp-profile-1.log" << LogEngine::Vllm << 1
                                                << LogFailureKind::None << QString() << 1.57 * 1024 << 0ull << false;
    }
    void realLogs() {
        QFETCH(QString, file);
        QFETCH(kvscope::LogEngine, engine);
        QFETCH(int, runs);
        QFETCH(kvscope::LogFailureKind, failure);
        QFETCH(QString, version);
        QFETCH(double, kvMiB);
        QFETCH(qulonglong, bytesPerToken);
        QFETCH(bool, perTokenUndefined);

        const std::string text = fixture(file.toUtf8().constData());
        const std::vector<ServerLog> all = parseServerLogRuns(text);
        QCOMPARE(int(all.size()), runs);
        const ServerLog& log = all.back();
        QCOMPARE(log.engine, engine);
        QCOMPARE(log.failure.kind, failure);
        QCOMPARE(log.failed, failure != LogFailureKind::None);
        if (log.failed) { // the line that says so is kept with it
            QVERIFY(log.failure.line >= log.firstLine && log.failure.line <= log.lastLine);
            QVERIFY(!log.failure.text.empty());
        }
        QCOMPARE(log.versionGuessed, version.isEmpty());
        QVERIFY(!log.version.empty()); // a version or the format's family, never blank
        if (!version.isEmpty())
            QCOMPARE(QString::fromStdString(log.version), version);
        // SGLang prints K and V apart: its KV memory is their sum.
        const double kv = log.kvMemory             ? log.kvMemory->bytes
                          : log.kSize && log.vSize ? log.kSize->bytes + log.vSize->bytes
                                                   : 0.0;
        QCOMPARE(round2(kv / double(MiB)), round2(kvMiB));
        const LogRecomputation r = recomputeServerLog(log);
        KV_COMPARE_U64(r.kvBytesPerToken, bytesPerToken);
        QCOMPARE(r.perTokenUndefined, perTokenUndefined);
        for (const LogCheck& c : r.checks) // the excerpts' own figures agree (the ik one lacks buffers)
            if (c.kind != LogCheckKind::KvMemoryNotNegative && !file.startsWith(u"ik-llama"_s))
                QVERIFY2(c.result != LogCheckResult::Disagrees, logCheckKindId(c.kind).c_str());
        // Runs cover the paste in order, never overlapping.
        for (std::size_t i = 0; i < all.size(); ++i) {
            QCOMPARE(all[i].run, i + 1);
            QCOMPARE(all[i].runs, all.size());
            QVERIFY(all[i].firstLine <= all[i].lastLine);
            if (i > 0)
                QVERIFY(all[i - 1].lastLine < all[i].firstLine);
        }
    }

    // Built logs (tests/data/logs/probes/README.md), each a way the explainer once misread one:
    // runs, failure kind (none: a healthy start), KV memory in GiB and the rank it comes from.
    // Issue 27: with a model, the server's column held figures the log never printed (tokens as blocks x 16, bytes
    // per token as KV memory over tokens) as if the server had said them. Each now says whether it was printed, and
    // on which line, or recomputed from the log's lines.
    void serverColumnSaysWhereEachFigureComesFrom() {
        const std::string text = fixture("probes/v0-0.6.4-llama70b-tp8-blocks.log");
        const LogExplanation x = explainServerLog(text, loadPreset("llama-3-70b"));
        QVERIFY(x.comparison);
        const auto term = [&](CompareTerm kind) {
            for (const TermComparison& t : x.comparison->terms)
                if (t.term == kind)
                    return t;
            return TermComparison{};
        };
        const TermComparison weights = term(CompareTerm::Weights);
        QVERIFY(weights.hasServer && !weights.serverRecomputed);
        QCOMPARE(weights.serverLine, std::size_t(3)); // "Loading model weights took 16.4606 GB"
        const TermComparison tokens = term(CompareTerm::KvTokens);
        QVERIFY(tokens.hasServer && tokens.serverRecomputed); // 53,328 blocks x 16: the log prints no token count
        QCOMPARE(tokens.server, 853248.0);
        QCOMPARE(tokens.serverLine, std::size_t(5));
        const TermComparison concurrency = term(CompareTerm::Concurrency);
        QVERIFY(concurrency.hasServer && !concurrency.serverRecomputed);
        QCOMPARE(concurrency.serverLine, std::size_t(6));
        // No KV memory and no bytes per token are put in the server's mouth: it printed neither.
        QVERIFY(!term(CompareTerm::KvMemory).hasServer);
        QVERIFY(!term(CompareTerm::KvBytesPerToken).hasServer);
        // Where the log prints its KV memory, that is the server's, and bytes per token is recomputed from it.
        const LogExplanation a100 = explainServerLog(fixture("vllm-v1-qwen2-7b-a100-1.log"), loadPreset("qwen2.5-7b"));
        QVERIFY(a100.comparison);
        for (const TermComparison& t : a100.comparison->terms) {
            if (t.term == CompareTerm::KvMemory) // "Available KV cache memory: 24.83 GiB"
                QVERIFY(t.hasServer && !t.serverRecomputed && t.serverLine == 42);
            if (t.term == CompareTerm::KvBytesPerToken) // 57,344 B: that memory over the token line's tokens
                QVERIFY(t.hasServer && t.serverRecomputed && t.server == 57344.0);
        }
    }

    void probes_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("runs");
        QTest::addColumn<kvscope::LogFailureKind>("failure");
        QTest::addColumn<double>("kvGiB"); // 0: none stated
        QTest::addColumn<QString>("rank"); // the smallest rank, or empty
        QTest::addColumn<QString>("version");
        QTest::newRow("later request OOM")
            << u"v1-later-request-oom.log"_s << 1 << LogFailureKind::None << 24.83 << QString() << u"0.10.1.1"_s;
        QTest::newRow("warning mentions OOM")
            << u"v1-warning-mentions-oom.log"_s << 1 << LogFailureKind::None << 24.83 << QString() << u"0.10.1.1"_s;
        QTest::newRow("llama-server draft model")
            << u"llamacpp-draft-model.log"_s << 1 << LogFailureKind::None << 4.0 << QString() << u"b6699 (c08002a1)"_s;
        QTest::newRow("draft's empty cache line") << u"llamacpp-draft-zero-layer-cache.log"_s << 1
                                                  << LogFailureKind::None << 4.0 << QString() << u"b6699 (c08002a1)"_s;
        QTest::newRow("pipeline-parallel retry") << u"llamacpp-pp-retry-recovers.log"_s << 1 << LogFailureKind::None
                                                 << 3.375 << QString() << u"b7312 (5a1c2e4b)"_s;
        QTest::newRow("PP ranks") << u"v1-pp2-ranks-differ.log"_s << 1 << LogFailureKind::None << 35.25 << u"PP1"_s
                                  << u"0.11.0"_s;
        QTest::newRow("Ray ranks") << u"v1-ray-tp2-ranks-differ.log"_s << 1 << LogFailureKind::None << 30.0
                                   << u"pid 4102"_s << u"0.8.5"_s;
        QTest::newRow("DP x TP ranks") << u"v1-dp2-tp2.log"_s << 1 << LogFailureKind::None << 30.0 << u"DP1_TP0"_s
                                       << u"0.11.0"_s;
        QTest::newRow("DEBUG profile per rank")
            << u"v1-tp2-debug-nonkv-ranks-differ.log"_s << 1 << LogFailureKind::None << 37.0 << u"TP1"_s << u"0.11.0"_s;
        QTest::newRow("TP worker OOM while loading") << u"v1-tp4-worker-oom-during-load.log"_s << 1
                                                     << LogFailureKind::OutOfMemory << 0.0 << QString() << u"0.11.0"_s;
        QTest::newRow("two starts, the first refused early")
            << u"v1-two-starts-first-refused-early.log"_s << 2 << LogFailureKind::None << 24.83 << QString()
            << u"0.11.0"_s;
    }
    // Ray's world ranks ("pid 4102") may be pipeline stages, so ranks whose memory differs made no per-token
    // figure; where the log's own settings say there is one stage, every rank holds every layer and the smallest
    // rank's memory is the figure vLLM used.
    void oneStageMakesWorldRanksTpRanks() {
        const std::string ray = fixture("probes/v1-ray-tp2-ranks-differ.log");
        QVERIFY(recomputeServerLog(parseServerLog(ray)).ranksMayHoldOtherLayers);
        std::string oneStage = ray;
        const std::string tp = "tensor_parallel_size=2";
        oneStage.insert(oneStage.find(tp) + tp.size(), ", pipeline_parallel_size=1");
        const ServerLog log = parseServerLog(oneStage);
        KV_COMPARE_U64(log.pipelineParallel->value, 1);
        QVERIFY(!recomputeServerLog(log).ranksMayHoldOtherLayers);
    }

    void probes() {
        QFETCH(QString, file);
        QFETCH(int, runs);
        QFETCH(kvscope::LogFailureKind, failure);
        QFETCH(double, kvGiB);
        QFETCH(QString, rank);
        QFETCH(QString, version);
        const std::vector<ServerLog> all = parseServerLogRuns(fixture(("probes/" + file.toStdString()).c_str()));
        QCOMPARE(int(all.size()), runs);
        const ServerLog& log = all.back();
        QCOMPARE(log.failure.kind, failure);
        QCOMPARE(QString::fromStdString(log.version), version);
        if (kvGiB == 0)
            QVERIFY(!log.kvMemory);
        else
            QCOMPARE(round2(log.kvMemory->bytes / double(GiB)), round2(kvGiB));
        QCOMPARE(QString::fromStdString(log.kvMemoryRank), rank);
        QVERIFY2(recomputeServerLog(log).consistent(), qPrintable(file));
    }
    void probeDetails() {
        const ServerLog draft = parseServerLog(fixture("probes/llamacpp-draft-model.log"));
        QCOMPARE(draft.kvCaches.size(), std::size_t(2));
        QCOMPARE(draft.kvCaches.back().kind, std::string("draft"));
        QCOMPARE(draft.kvCaches.back().size.bytes, 192.0 * double(MiB));
        const ServerLog v0 = parseServerLog(fixture("probes/v0-0.8-with-version.log"));
        QCOMPARE(v0.format, LogFormat::VllmV0Split);
        const std::vector<ServerLog> two = parseServerLogRuns(fixture("probes/v1-two-starts-first-refused-early.log"));
        KV_COMPARE_U64(two.back().maxModelLen->value, 16384);
        KV_COMPARE_U64(two.front().maxModelLen->value, 131072);
        const ServerLog dp = parseServerLog(fixture("probes/v1-dp2-tp2.log"));
        QCOMPARE(dp.kvMemoryByRank.size(), std::size_t(4));
        // A failure the figures show keeps its line's text.
        const ServerLog negative = parseServerLog(fixture("vllm-v1-nemotron-nano-4b-gb10-negative-1.log"));
        QVERIFY2(negative.failure.text.find("Available KV cache memory: -2.51 GiB") != std::string::npos,
                 negative.failure.text.c_str());
    }

    // The figures of the new formats, line by line.
    void newFormatsFigures() {
        const ServerLog tp = parseServerLog(fixture("vllm-v1-qwen3-vl-30b-a3b-tp4-3090-1.log"));
        QCOMPARE(tp.kvMemoryByRank.size(), std::size_t(4));
        QCOMPARE(tp.kvMemoryByRank.front().rank, std::string("TP0")); // in rank order
        QCOMPARE(tp.kvMemoryByRank.back().rank, std::string("TP3"));
        KV_COMPARE_U64(tp.tensorParallel->value, 4);
        KV_COMPARE_U64(tp.kvTokens->value, 100752);
        KV_COMPARE_U64(tp.gpuBlocks->value, 6297); // 6,297 x 16 = 100,752
        QCOMPARE(tp.versionLine, std::size_t(2));

        const ServerLog iswa = parseServerLog(fixture("llamacpp-gpt-oss-20b-iswa-3070-1.log"));
        QCOMPARE(iswa.kvCaches.size(), std::size_t(2));
        QCOMPARE(iswa.kvCaches[0].kind, std::string("non-SWA"));
        KV_COMPARE_U64(iswa.kvCaches[0].cells, 131072);
        QCOMPARE(iswa.kvCaches[1].kind, std::string("SWA"));
        KV_COMPARE_U64(iswa.kvCaches[1].cells, 768);
        KV_COMPARE_U64(iswa.kvLayers->value, 24); // 12 + 12
        KV_COMPARE_U64(iswa.kvTokens->value, 131072);
        QCOMPARE(iswa.kSize->bytes, 1545.0 * double(MiB));
        const LogRecomputation ir = recomputeServerLog(iswa);
        // 3072 MiB / 131,072 cells = 18 MiB / 768 cells = 24,576 B: 12 layers x 512 x 2 (K, V) x 2 B.
        QCOMPARE(ir.cacheBytesPerCell, (std::vector<std::uint64_t>{24576, 24576}));
        QVERIFY(ir.consistent()); // 3090 MiB against the buffers' 3072 + 18: no false DISAGREES
        QVERIFY(findCheck(ir, LogCheckKind::KvBuffersMatchTotal));
        QVERIFY(!findCheck(ir, LogCheckKind::TokensFromKvMemory));

        const ServerLog refused = parseServerLog(fixture("vllm-v1-max-seq-len-error-pp8-1.log"));
        KV_COMPARE_U64(refused.maxModelLen->value, 202752);
        QCOMPARE(round2(refused.kvNeeded->bytes / double(GiB)), 71.16);
        QCOMPARE(round2(refused.kvAvailable->bytes / double(GiB)), 28.57);
        KV_COMPARE_U64(refused.suggestedMaxModelLen->value, 81392);
        QCOMPARE(refused.format, LogFormat::VllmV1);
        // vLLM scales the needed KV linearly: 71.16 GiB x 81,392 / 202,752 = 28.57 GiB.
        QCOMPARE(round2(71.16 * 81392 / 202752), 28.57);

        const std::vector<ServerLog> two = parseServerLogRuns(fixture("vllm-v0-llama-3.1-8b-3090-two-runs-1.log"));
        QCOMPARE(round2(two[0].kvMemory->bytes / double(GiB)), 3.81);
        QCOMPARE(two[0].concurrency->value, 1.56);
        KV_COMPARE_U64(two[0].concurrencyTokens->value, 20000);
        QVERIFY(!two[0].failed);
        KV_COMPARE_U64(two[1].gpuBlocks->value, 1478);
        KV_COMPARE_U64(two[1].suggestedMaxModelLen->value, 23648); // 1,478 x 16
        KV_COMPARE_U64(two[1].maxModelLen->value, 29000);
        QCOMPARE(two[1].concurrency->value, 0.82);
        // 2.89 GiB at 131,072 B a token holds 23,648 tokens within its printed rounding.
        const LogRecomputation second = recomputeServerLog(two[1]);
        QVERIFY(second.tokensLow <= 23648 && 23648 <= second.tokensHigh);

        const ServerLog state = parseServerLog(fixture("llamacpp-qwen3.5-recurrent-1.log"));
        QCOMPARE(state.stateMemory->bytes, 50.25 * double(MiB)); // R 2.25 + S 48.00
        QCOMPARE(state.kvCaches.front().kType, std::string("f32"));
        QCOMPARE(state.kvCaches.front().k->bytes + state.kvCaches.front().v->bytes, 50.25 * double(MiB));

        const ServerLog oom = parseServerLog(fixture("llamacpp-kv-self-compute-oom-5gpu-1.log"));
        QCOMPARE(oom.failedAllocation->bytes, 144.0 * double(MiB));
        const ServerLog ik = parseServerLog(fixture("ik-llama-deepseek-r1-mla-compute-oom-1.log"));
        QCOMPARE(ik.kvCaches.front().kind, std::string("latent"));
        QVERIFY(!ik.kSize); // the latent is K and V at once
        QCOMPARE(ik.failedAllocation->bytes, 8900.01 * double(MiB));

        const ServerLog init = parseServerLog(fixture("llamacpp-2025-kv-size-init-1.log"));
        KV_COMPARE_U64(init.kvTokens->value, 512);
        KV_COMPARE_U64(init.kvLayers->value, 48);
        QCOMPARE(init.kvCacheDtype, std::string("f16"));

        const ServerLog blocks = parseServerLog(fixture("vllm-v0-0.2-gpu-blocks-1.log"));
        KV_COMPARE_U64(blocks.gpuBlocks->value, 229);
        KV_COMPARE_U64(blocks.maxModelLen->value, 4096);
        // Named by the lines it has: it was called "memory profiling results", which it never printed.
        QCOMPARE(blocks.format, LogFormat::VllmV0Blocks);
        QCOMPARE(parseServerLog(fixture("vllm-v0-0.4-ray-gpu-blocks-refused-1.log")).format, LogFormat::VllmV0Blocks);
        KV_COMPARE_U64(recomputeServerLog(blocks).tokens, 0);           // no KV size: the blocks are the tokens
        QCOMPARE(round2(recomputeServerLog(blocks).concurrency), 0.89); // 3,664 / 4,096

        const ServerLog hybrid = parseServerLog(fixture("vllm-v1-granite-4-h-hybrid-1.log"));
        QVERIFY(hybrid.hybrid);
        KV_COMPARE_U64(hybrid.attentionBlockSize->value, 400);

        const ServerLog swa = parseServerLog(fixture("sglang-mimo-v2-flash-swa-tp4-1.log"));
        KV_COMPARE_U64(swa.fullLayerTokens->value, 375360);
        KV_COMPARE_U64(swa.swaLayerTokens->value, 300288);
        KV_COMPARE_U64(swa.tensorParallel->value, 4);
    }

    // What the second sweep of real logs found misread (tests/data/logs/README.md).
    void sweepFigures() {
        const std::vector<ServerLog> two = parseServerLogRuns(fixture("vllm-v1-fp8-served-then-refused-1.log"));
        QVERIFY(!two.front().failed);
        QCOMPARE(two.front().concurrency->value, 2.31);
        KV_COMPARE_U64(two.back().maxModelLen->value, 221000);
        KV_COMPARE_U64(two.back().suggestedMaxModelLen->value, 122080);
        // fp8: 49,152 B a token; 10.55 GiB holds 230,528 tokens within its rounding.
        KV_COMPARE_U64(recomputeServerLog(two.front()).kvBytesPerToken, 49152);

        const ServerLog pp = parseServerLog(fixture("vllm-v1-deepseek-v2-lite-pp-l4-1.log"));
        QVERIFY(!pp.tensorParallel); // world ranks "rank N" say nothing of TP
        QCOMPARE(pp.kvMemoryByRank.size(), std::size_t(4));
        QVERIFY(recomputeServerLog(pp).ranksMayHoldOtherLayers);

        const ServerLog compose = parseServerLog(fixture("ollama-compose-deepseek-kv-buffers-1.log"));
        QVERIFY(compose.kvMemoryFromBuffers);
        KV_COMPARE_U64(compose.maxModelLen->value, 2048); // read through the "ollama  | " prefix

        const ServerLog draft = parseServerLog(fixture("sglang-tp2-fp8-draft-pools-1.log"));
        QCOMPARE(draft.kvCacheDtype, std::string("float8_e4m3fn"));
        QCOMPARE(draft.kvCaches.size(), std::size_t(1));
        QCOMPARE(draft.kvCaches.front().kind, std::string("draft"));
        QCOMPARE(round2(draft.kvCaches.front().size.bytes / double(GiB)), 2.16);

        const ServerLog plan = parseServerLog(fixture("ollama-offload-plan-4gpu-1.log"));
        QVERIFY(plan.kvMemoryEstimated);
        QCOMPARE(plan.version, std::string("ollama"));
        QVERIFY(plan.versionGuessed);
        KV_COMPARE_U64(plan.maxModelLen->value, 64000);
        KV_COMPARE_U64(plan.layers->value, 81);
        QCOMPARE(round2(plan.estimatedWeights->bytes / double(GiB)), 87.3);

        const ServerLog v07 = parseServerLog(fixture("vllm-v1-0.7-gpu-blocks-1.log"));
        QCOMPARE(v07.format, LogFormat::VllmV1); // by gpu_model_runner.py and kv_cache_utils.py
        KV_COMPARE_U64(v07.gpuBlocks->value, 1381);
        QCOMPARE(round2(recomputeServerLog(v07).concurrency), 10.79); // 1,381 x 16 / 2,048
    }

    // One line each, from the engines' format strings: the failure it names and what it gives.
    void failureLines_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<kvscope::LogFailureKind>("kind");
        QTest::addColumn<QString>("fact"); // which extra figure the line gives
        QTest::newRow("vLLM max seq len, figures on their own lines")
            << u"ERROR 10-08 20:33:48 [core.py:708] ValueError: \n"
               "To serve at least one request with the models's max seq len (40960), \n"
               "(5.62 GiB KV cache is needed, which is larger than the available KV cache memory (4.50 GiB). \n"
               "Based on the available memory, the estimated maximum model length is 32768. \n"_s
            << LogFailureKind::MaxLenDoesNotFit << u"suggested=32768"_s;
        QTest::newRow("vLLM max seq len, thousands")
            << u"ValueError: To serve at least one request with the model's max seq len (16,384), (4.00 GiB KV cache "
               "is needed, which is larger than the available KV cache memory (2.50 GiB). Based on the available "
               "memory, the estimated maximum model length is 10,240.\n"_s
            << LogFailureKind::MaxLenDoesNotFit << u"suggested=10240"_s;
        QTest::newRow("vLLM no cache blocks")
            << u"ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
               "initializing the engine.\n"_s
            << LogFailureKind::NoCacheBlocks << QString();
        QTest::newRow("vLLM zero GPU blocks")
            << u"INFO 01-01 00:00:00 llm_engine.py:275] # GPU blocks: 0, # CPU blocks: 512\n"_s
            << LogFailureKind::NoCacheBlocks << QString();
        QTest::newRow("vLLM negative KV") << u"INFO [gpu_worker.py:276] Available KV cache memory: -0.49 GiB\n"_s
                                          << LogFailureKind::NegativeKvMemory << QString();
        QTest::newRow("vLLM zero KV") << u"INFO [gpu_worker.py:276] Available KV cache memory: 0.00 GiB\n"_s
                                      << LogFailureKind::NegativeKvMemory << QString();
        QTest::newRow("vLLM engine core")
            << u"INFO [gpu_worker.py:276] Available KV cache memory: 1.00 GiB\n"
               "RuntimeError: Engine core initialization failed. See root cause above.\n"_s
            << LogFailureKind::EngineFailed << QString();
        QTest::newRow("torch OOM")
            << u"INFO [gpu_model_runner.py:1] Model loading took 14.99 GiB and 3.1 seconds\n"
               "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity\n"_s
            << LogFailureKind::OutOfMemory << u"allocation=1.96"_s;
        QTest::newRow("SGLang not enough memory")
            << u"[2025-01-01 00:00:00 TP0] Load weight end. type=X, dtype=torch.bfloat16, avail mem=1.00 GB, mem "
               "usage=20.00 GB.\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n"_s
            << LogFailureKind::NotEnoughMemory << QString();
        QTest::newRow("llama.cpp KV cache buffer")
            << u"ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4096.00 MiB on device 0: cudaMalloc failed: "
               "out of memory\nllama_kv_cache_init: failed to allocate buffer for kv cache\n"_s
            << LogFailureKind::KvCacheAllocation << u"allocation=4"_s;
        QTest::newRow("llama.cpp model load")
            << u"llama_model_load: error loading model: unable to allocate CUDA0 buffer\n"_s
            << LogFailureKind::ModelLoad << QString();
    }
    void failureLines() {
        QFETCH(QString, text);
        QFETCH(kvscope::LogFailureKind, kind);
        QFETCH(QString, fact);
        const ServerLog log = parseServerLog(text.toStdString());
        QCOMPARE(log.failure.kind, kind);
        QVERIFY(log.failed);
        QVERIFY(log.failure.line >= 1);
        if (fact.startsWith(u"suggested="_s))
            KV_COMPARE_U64(log.suggestedMaxModelLen->value, fact.mid(10).toULongLong());
        if (fact.startsWith(u"allocation="_s))
            QCOMPARE(round2(log.failedAllocation->bytes / double(GiB)), fact.mid(11).toDouble());
    }

    // vLLM sizes every TP rank's cache by the smallest rank's memory (kv_cache_utils.py
    // get_kv_cache_configs). Qwen3-235B-A22B at TP4: 94 layers x 1 KV head x 128 x 2 x 2 B = 48,128 B
    // a token per rank. Read from the first worker's 10.20 GiB, the tokens gave 49,338 B (the bug).
    void ranksSizedBySmallest() {
        const std::string text = "(VllmWorker TP0 pid=11) INFO [gpu_worker.py:1] Available KV cache memory: 10.20 GiB\n"
                                 "(VllmWorker TP1 pid=12) INFO [gpu_worker.py:1] Available KV cache memory: 10.20 GiB\n"
                                 "(VllmWorker TP3 pid=14) INFO [gpu_worker.py:1] Available KV cache memory: 9.95 GiB\n"
                                 "(VllmWorker TP2 pid=13) INFO [gpu_worker.py:1] Available KV cache memory: 10.20 GiB\n"
                                 "(EngineCore_0 pid=9) INFO [kv_cache_utils.py:1] GPU KV cache size: 221,984 tokens\n";
        const ServerLog log = parseServerLog(text);
        QCOMPARE(log.kvMemoryRank, std::string("TP3"));
        QCOMPARE(round2(log.kvMemory->bytes / double(GiB)), 9.95);
        KV_COMPARE_U64(log.tensorParallel->value, 4);
        const LogRecomputation r = recomputeServerLog(log);
        KV_COMPARE_U64(r.kvBytesPerToken, 48128);
        QVERIFY(r.consistent());
        QCOMPARE(findCheck(r, LogCheckKind::TokensFromKvMemory)->result, LogCheckResult::Agrees);

        // vLLM 0.9-0.10: a token line per worker, from its own memory, before the cut to the smallest.
        const ServerLog perWorker = parseServerLog(
            text.substr(0, text.rfind("(EngineCore_0")) +
            "(EngineCore_0 pid=9) INFO [kv_cache_utils.py:1] GPU KV cache size: 227,568 tokens\n"
            "(EngineCore_0 pid=9) INFO [kv_cache_utils.py:1] Maximum concurrency for 32,768 tokens per request: 6.94x\n"
            "(EngineCore_0 pid=9) INFO [kv_cache_utils.py:1] GPU KV cache size: 221,984 tokens\n"
            "(EngineCore_0 pid=9) INFO [kv_cache_utils.py:1] Maximum concurrency for 32,768 tokens per request: "
            "6.77x\n");
        KV_COMPARE_U64(perWorker.kvTokens->value, 221984);
        QCOMPARE(perWorker.concurrency->value, 6.77);
        QVERIFY(recomputeServerLog(perWorker).consistent());

        // "rank=N" and PP tags name their rank too.
        const ServerLog named =
            parseServerLog("(VllmWorker rank=1 pid=2) INFO [gpu_worker.py:1] Available KV cache memory: 3.00 GiB\n"
                           "(VllmWorker rank=0 pid=1) INFO [gpu_worker.py:1] Available KV cache memory: 2.00 GiB\n");
        QCOMPARE(named.kvMemoryRank, std::string("rank 0"));
        const ServerLog pp =
            parseServerLog("(Worker_PP1_TP0 pid=2) INFO [gpu_worker.py:1] Available KV cache memory: 3.00 GiB\n"
                           "(Worker_PP0_TP0 pid=1) INFO [gpu_worker.py:1] Available KV cache memory: 4.00 GiB\n");
        QCOMPARE(pp.kvMemoryRank, std::string("PP1_TP0"));
    }

    // A hybrid model's token line is blocks / groups x block size: it is not KV memory / bytes
    // per token, and vLLM's concurrency is not tokens / max_model_len; neither is a disagreement.
    void hybridTokensAreExplained() {
        const std::string text =
            "INFO [config.py:1] Setting attention block size to 544 tokens to ensure that attention page size is >= "
            "mamba page size.\n"
            "INFO [config.py:1] Padding mamba page size by 0.76% to ensure that mamba page size and attention page "
            "size are exactly equal.\n"
            "(EngineCore_0 pid=1) INFO [gpu_worker.py:1] Available KV cache memory: 20.00 GiB\n"
            "(EngineCore_0 pid=1) INFO [kv_cache_utils.py:1] GPU KV cache size: 217,600 tokens\n"
            "(EngineCore_0 pid=1) INFO [kv_cache_utils.py:1] Maximum concurrency for 262,144 tokens per request: "
            "3.32x\n";
        const ServerLog log = parseServerLog(text);
        QVERIFY(log.hybrid);
        const LogRecomputation r = recomputeServerLog(log);
        QVERIFY(r.perTokenUndefined);
        KV_COMPARE_U64(r.kvBytesPerToken, 0);
        QVERIFY(r.consistent());
        // No concurrency is recomputed next to vLLM's: 217,600 / 262,144 = 0.83 would contradict its 3.32x.
        QVERIFY(!findCheck(r, LogCheckKind::ConcurrencyFromTokens));
        QCOMPARE(r.concurrency, 0.0);
        QCOMPARE(r.tokenRule, LogTokenRule::BlocksPerGroup);
        KV_COMPARE_U64(r.blocksPerGroup, 400);            // 217,600 / 544
        KV_COMPARE_U64(r.attentionBlocksPerRequest, 482); // ceil(262,144 / 544) = ceil(481.9)
    }

    // Issue 27, review item 1: vLLM hybrid models (attention with mamba or linear attention) read
    // the way vLLM computed them (v1/core/kv_cache_utils.py): up to 0.19 the token line is
    // num_blocks // groups x the attention block and the concurrency num_blocks / the blocks one
    // request needs in all groups; in 0.24 the token line is int(concurrency x max_model_len). No
    // per-token figure and no concurrency that contradicts vLLM's own. Real pastes carry no hybrid
    // line: the figures show it.
    void vllmTokenRule_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<kvscope::LogTokenRule>("rule");
        QTest::addColumn<bool>("severalGroups");
        QTest::addColumn<qulonglong>("blocksPerGroup");            // 0: the attention block is not printed
        QTest::addColumn<qulonglong>("attentionBlocksPerRequest"); // 0: the same
        // (33.04 - 0.005) x 32,768 = 1,082,491 > 290,864 tokens: more than one group can give. With
        // the model's config (64 layers, 16 full attention: 4 groups; mamba page 3,207,168 B, so an
        // attention block of 784), num_blocks = 1,487: 1,487 // 4 x 784 = 290,864 and 1,487 /
        // (ceil(32,768 / 784) + 3) = 1,487 / 45 = 33.04. Neither the groups nor 784 is in the log.
        QTest::newRow("0.19 Qwen3.5-27B, no hybrid line")
            << u"vllm-v1-0.19-qwen3.5-27b-hybrid-h20-1.log"_s << LogTokenRule::BlocksPerGroup << true << 0ull << 0ull;
        // (1.66 - 0.005) x 215,040 = 355,891 > 90,048. (Block 448, 804 blocks: 804 // 4 x 448 =
        // 90,048, 804 / (480 + 3) = 1.66.)
        QTest::newRow("Qwen3-Next-80B TP2, no hybrid line")
            << u"vllm-v1-qwen3-next-80b-tp2-hybrid-1.log"_s << LogTokenRule::BlocksPerGroup << true << 0ull << 0ull;
        // With the hybrid lines: 90,048 / 448 = 201 blocks per group, ceil(215,040 / 448) = 480.
        QTest::newRow("Qwen3-Next with its hybrid lines (probe)")
            << u"probes/v1-qwen3-next-hybrid-lines.log"_s << LogTokenRule::BlocksPerGroup << true << 201ull << 480ull;
        // 567,978 = 35,498 x 16 + 10: no whole number of blocks; 4.33 x 131,072 = 567,541.8, within
        // 0.005 x 131,072 + 1 = 656.4 of it: int(13/3 x 131,072) = 567,978.
        QTest::newRow("0.24 Qwen3.6-35B-A3B, no hybrid line")
            << u"vllm-v1-0.24-qwen3.6-35b-a3b-hybrid-5090-1.log"_s << LogTokenRule::ConcurrencyTimesMaxLen << false
            << 0ull << 0ull;
        // 567,978 = 537 x 1,056 + 906.
        QTest::newRow("0.24 with its hybrid line (probe)")
            << u"probes/v1-0.24-qwen3.6-hybrid-lines.log"_s << LogTokenRule::ConcurrencyTimesMaxLen << true << 0ull
            << 0ull;
        // One full-attention group: 464,848 = 29,053 x 16, and 28.37 <= 464,848 / 16,384 = 28.37.
        QTest::newRow("Qwen2-7B, full attention")
            << u"vllm-v1-qwen2-7b-a100-1.log"_s << LogTokenRule::BlocksTimesBlockSize << false << 0ull << 0ull;
    }
    void vllmTokenRule() {
        QFETCH(QString, file);
        QFETCH(kvscope::LogTokenRule, rule);
        QFETCH(bool, severalGroups);
        QFETCH(qulonglong, blocksPerGroup);
        QFETCH(qulonglong, attentionBlocksPerRequest);
        const ServerLog log = parseServerLog(fixture(file.toUtf8().constData()));
        const LogRecomputation r = recomputeServerLog(log);
        QCOMPARE(r.tokenRule, rule);
        QCOMPARE(r.severalGroups, severalGroups);
        KV_COMPARE_U64(r.blocksPerGroup, blocksPerGroup);
        KV_COMPARE_U64(r.attentionBlocksPerRequest, attentionBlocksPerRequest);
        QVERIFY2(r.consistent(), "vLLM's own figures are read as disagreeing");
        if (rule == LogTokenRule::BlocksTimesBlockSize)
            return;
        QVERIFY(r.perTokenUndefined); // 0.24's 5.98 GiB / 567,978 = 11,296 B was no real figure
        KV_COMPARE_U64(r.kvBytesPerToken, 0);
        QCOMPARE(r.concurrency, 0.0);
        QVERIFY(!findCheck(r, LogCheckKind::ConcurrencyFromTokens));
        QVERIFY(!findCheck(r, LogCheckKind::TokensFromKvMemory));
        if (rule == LogTokenRule::ConcurrencyTimesMaxLen)
            QCOMPARE(findCheck(r, LogCheckKind::TokensFromConcurrency)->result, LogCheckResult::Agrees);
    }

    // Issue 27, review item 5: a failed start shown only by its figures or by an executor's error.
    // vLLM 0.2's 229 blocks x 16 = 3,664 tokens < max_seq_len 4,096: vLLM refuses it since 0.2.7
    // (llm_engine._init_cache), as vllm#2418's title says; the paste stops at the traceback. Under
    // Ray, "Error executing method initialize_cache" after 378 blocks (378 x 16 = 6,048 tokens).
    // SGLang's refusal keeps its own suggestion, 0.773.
    void failureFromFigures_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<kvscope::LogFailureKind>("kind");
        QTest::addColumn<int>("line");
        QTest::addColumn<qulonglong>("suggestedLen"); // 0: none
        QTest::addColumn<double>("memFraction");      // 0: none
        QTest::newRow("vLLM 0.2, 229 blocks")
            << u"vllm-v0-0.2-gpu-blocks-1.log"_s << LogFailureKind::MaxLenDoesNotFit << 2 << 3664ull << 0.0;
        QTest::newRow("vLLM under Ray, initialize_cache")
            << u"vllm-v0-0.4-ray-gpu-blocks-refused-1.log"_s << LogFailureKind::EngineFailed << 2 << 0ull << 0.0;
        QTest::newRow("SGLang weights leave no memory (probe)")
            << u"probes/sglang-weights-leave-no-memory.log"_s << LogFailureKind::WeightsLeaveNoMemory << 3 << 0ull
            << 0.773;
    }
    void failureFromFigures() {
        QFETCH(QString, file);
        QFETCH(kvscope::LogFailureKind, kind);
        QFETCH(int, line);
        QFETCH(qulonglong, suggestedLen);
        QFETCH(double, memFraction);
        const ServerLog log = parseServerLog(fixture(file.toUtf8().constData()));
        QVERIFY(log.failed);
        QCOMPARE(log.failure.kind, kind);
        QCOMPARE(int(log.failure.line), line);
        QVERIFY(!log.failure.text.empty());
        if (suggestedLen > 0) {
            KV_COMPARE_U64(log.suggestedMaxModelLen->value, suggestedLen);
            QVERIFY(log.suggestedFromBlocks);
        } else {
            QVERIFY(!log.suggestedMaxModelLen);
        }
        if (memFraction > 0)
            QCOMPARE(log.suggestedMemFraction->value, memFraction);
        else
            QVERIFY(!log.suggestedMemFraction);
        // Enough blocks is no failure: 7,366 x 16 = 117,856 >= 105,088 (the GTX 1080 log).
        QVERIFY(!parseServerLog(v0ProfileLog()).failed);
    }

    // Issue 27, review item 4: llama.cpp (or ollama's runner reloading with another num_ctx) starting
    // twice without a build line. The model load that begins a start-up (llama_model_loader's
    // "loaded meta data", llm_load_tensors) after a KV cache or KV buffer line is the next start-up's.
    // By hand: 512 MiB / 4,096 cells = 1,024 MiB / 8,192 cells = 131,072 B a cell; each run's KV
    // buffer equals its own KV self size (512 + 1,024 = 1,536 MiB when mixed, the false DISAGREES).
    void llamaCppRunsWithoutBuild_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("run"); // 1-based
        QTest::addColumn<double>("kvMiB");
        QTest::addColumn<qulonglong>("cells");
        QTest::addColumn<qulonglong>("bytesPerCell");
        const QString probe = QString::fromStdString(fixture("probes/llamacpp-two-runs-no-build.log"));
        QTest::newRow("probe, first") << probe << 1 << 512.0 << 4096ull << 131072ull;
        QTest::newRow("probe, second") << probe << 2 << 1024.0 << 8192ull << 131072ull;
        // A real start-up (no build line) pasted twice, as a reload prints it again from "loaded meta
        // data": 1,024 MiB / 2,048 cells = 524,288 B (MHA, 32 KV heads) in each.
        const QString real = QString::fromStdString(fixture("llamacpp-llama-2-7b-q4km-rtx3090-1.log"));
        QTest::newRow("real start-up twice, second") << real + real << 2 << 1024.0 << 2048ull << 524288ull;
    }
    void llamaCppRunsWithoutBuild() {
        QFETCH(QString, text);
        QFETCH(int, run);
        QFETCH(double, kvMiB);
        QFETCH(qulonglong, cells);
        QFETCH(qulonglong, bytesPerCell);
        const std::vector<ServerLog> runs = parseServerLogRuns(text.toStdString());
        QCOMPARE(runs.size(), std::size_t(2));
        const ServerLog& log = runs[std::size_t(run - 1)];
        QCOMPARE(log.engine, LogEngine::LlamaCpp);
        QCOMPARE(round2(log.kvMemory->bytes / double(MiB)), kvMiB);
        KV_COMPARE_U64(log.kvTokens->value, cells);
        // Each run keeps its own buffers: the same lines, not both runs' together.
        QCOMPARE(runs[0].computeBuffers.size(), runs[1].computeBuffers.size());
        QCOMPARE(runs[0].modelBuffers.size(), runs[1].modelBuffers.size());
        const LogRecomputation r = recomputeServerLog(log);
        KV_COMPARE_U64(r.kvBytesPerToken, bytesPerCell);
        QVERIFY(r.consistent());
        QCOMPARE(findCheck(r, LogCheckKind::KvBuffersMatchTotal)->result, LogCheckResult::Agrees);
    }

    // Issue 27, review item 3: with TP, vLLM's tokens are the smallest rank's blocks; one worker's
    // "Available KV cache memory" over them is that rank's bound, never the figure, never "agrees",
    // and the rank is named. Qwen3-235B-A22B TP4: 94 layers x 1 KV head x 128 x 2 x 2 B = 48,128 B
    // per rank; 391,760 x 48,128 B = 17.56 GiB, TP3's. From TP0 alone: (17.77 + 0.005) GiB /
    // 391,760 = 48,717.98, at most 48,717 B. The name alone says TP: (8.11 + 0.005) GiB / 178,880 =
    // 48,710.9 (vllm#21348's figures under a worker prefix).
    void oneRankOfSeveral_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("oneRank");
        QTest::addColumn<qulonglong>("atMost");
        QTest::addColumn<qulonglong>("bytesPerToken");
        QTest::addColumn<QString>("rank");
        QTest::newRow("TP4, TP0's line only (probe)")
            << QString::fromStdString(fixture("probes/v1-tp4-one-worker-line.log")) << true << 48717ull << 0ull
            << u"TP0"_s;
        QTest::newRow("TP4, every worker's line (probe)")
            << QString::fromStdString(fixture("probes/v1-tp4-four-worker-lines.log")) << false << 0ull << 48128ull
            << u"TP3"_s;
        QTest::newRow("a TP worker's name, no TP size")
            << u"(Worker_TP0 pid=1) INFO [gpu_worker.py:1] Available KV cache memory: 8.11 GiB\n"
               "(EngineCore_DP0 pid=2) INFO [kv_cache_utils.py:1] GPU KV cache size: 178,880 tokens\n"_s
            << true << 48710ull << 0ull << u"TP0"_s;
    }
    void oneRankOfSeveral() {
        QFETCH(QString, text);
        QFETCH(bool, oneRank);
        QFETCH(qulonglong, atMost);
        QFETCH(qulonglong, bytesPerToken);
        QFETCH(QString, rank);
        const ServerLog log = parseServerLog(text.toStdString());
        QCOMPARE(QString::fromStdString(log.kvMemoryRank), rank);
        const LogRecomputation r = recomputeServerLog(log);
        QCOMPARE(r.fromOneRankOfSeveral, oneRank);
        KV_COMPARE_U64(r.kvBytesPerTokenAtMost, atMost);
        KV_COMPARE_U64(r.kvBytesPerToken, bytesPerToken);
        const LogCheck* tokens = findCheck(r, LogCheckKind::TokensFromKvMemory);
        if (oneRank)
            QVERIFY(!tokens); // 48,704 B and "agrees" before: two ranks' figures mixed
        else
            QCOMPARE(tokens->result, LogCheckResult::Agrees);
        QVERIFY(r.consistent());
    }

    // Issue 27, review item 2: vLLM 0.6.5's "Memory profiling results:" table (vllm PR #10511), one
    // "key   value" row a line, every row read. By hand: 79.22 x 0.90 = 71.298, the budget 71.29
    // within the utilization's rounding (0.005 x 79.22 = 0.40 GiB); 71.29 - 14.96 - 1.79 - 1.26 =
    // 53.28, the KV 53.29 within the five figures' rounding (5 x 0.005 GiB).
    void v065ProfilingTable() {
        const ServerLog log = parseServerLog(fixture("vllm-v0-0.6.5-profiling-table-llama3-8b-1.log"));
        QCOMPARE(log.engine, LogEngine::Vllm);
        QCOMPARE(log.format, LogFormat::VllmV0Table);
        QVERIFY(log.versionGuessed);
        QVERIFY(QString::fromStdString(log.version).contains(u"0.6.5"_s));
        QCOMPARE(round2(log.totalGpuMemory->bytes / double(GiB)), 79.22);
        QCOMPARE(log.utilization->value, 0.90);
        QCOMPARE(round2(log.budget->bytes / double(GiB)), 71.29);
        QCOMPARE(round2(log.weights->bytes / double(GiB)), 14.96);
        QCOMPARE(round2(log.nonTorch->bytes / double(GiB)), 1.79);
        QCOMPARE(round2(log.activationPeak->bytes / double(GiB)), 1.26);
        QCOMPARE(round2(log.kvMemory->bytes / double(GiB)), 53.29);
        QVERIFY(!log.peakTorch);
        QCOMPARE(log.understood, log.lines); // all nine lines, the duration row too
        const LogRecomputation r = recomputeServerLog(log);
        const LogCheck* budget = findCheck(r, LogCheckKind::BudgetFromTotal);
        QVERIFY(budget);
        QCOMPARE(budget->result, LogCheckResult::Agrees);
        QCOMPARE(round2(budget->recomputed / double(GiB)), 71.30); // 71.298
        const LogCheck* kv = findCheck(r, LogCheckKind::KvFromProfileSplit);
        QVERIFY(kv);
        QCOMPARE(kv->result, LogCheckResult::Agrees);
        QCOMPARE(round2(kv->recomputed / double(GiB)), 53.28);
        QVERIFY(!findCheck(r, LogCheckKind::KvFromProfileV0));
        QVERIFY(r.consistent());
    }

    // A concurrency above the token line shows several groups only where the model is not known to be
    // plain full attention: for Llama-3.1-8B (one group) 9.68x against 158,656 / 32,768 = 4.84x is a
    // disagreement, as before; without a model it is vLLM's own multi-group figure.
    void concurrencyAboveTokensWithPlainModel() {
        const ServerLog log = parseServerLog("INFO [kv_cache_utils.py:1] GPU KV cache size: 158,656 tokens\n"
                                             "INFO [kv_cache_utils.py:1] Maximum concurrency for 32,768 tokens per "
                                             "request: 9.68x\n");
        const LogRecomputation plain = recompute(log, u"llama-3.1-8b"_s);
        QCOMPARE(plain.tokenRule, LogTokenRule::BlocksTimesBlockSize);
        QVERIFY(plain.concurrencyAboveTokens);
        QVERIFY(!plain.severalGroups);
        QCOMPARE(findCheck(plain, LogCheckKind::ConcurrencyFromTokens)->result, LogCheckResult::Disagrees);
        const LogRecomputation alone = recompute(log);
        QCOMPARE(alone.tokenRule, LogTokenRule::BlocksPerGroup);
        QVERIFY(alone.consistent());
    }

    // vLLM V1 at DEBUG prints what it requested and everything but the KV cache: 28.22 - 11.76 =
    // 16.46 GiB, the "Available KV cache memory" that follows (figures of a public test's sample).
    void v1DebugProfile() {
        const ServerLog log = parseServerLog(
            "DEBUG 01-01 00:00:00 [gpu_worker.py:1] worker requested memory: 28.22GiB\n"
            "DEBUG 01-01 00:00:00 [gpu_worker.py:1] Memory profiling takes 1.21 seconds. Total non KV cache memory: "
            "11.76GiB; torch peak memory increase: 0.71GiB; non-torch forward increase memory: 0.21GiB; weights "
            "memory: 10.84GiB.\n"
            "INFO 01-01 00:00:00 [gpu_worker.py:1] Available KV cache memory: 16.46 GiB\n");
        QCOMPARE(log.format, LogFormat::VllmV1);
        QCOMPARE(round2(log.budget->bytes / double(GiB)), 28.22);
        QCOMPARE(round2(log.nonKvMemory->bytes / double(GiB)), 11.76);
        QCOMPARE(round2(log.weights->bytes / double(GiB)), 10.84);
        QCOMPARE(round2(log.activationPeak->bytes / double(GiB)), 0.71);
        const LogRecomputation r = recomputeServerLog(log);
        const LogCheck* kv = findCheck(r, LogCheckKind::KvFromNonKv);
        QVERIFY(kv);
        QCOMPARE(kv->result, LogCheckResult::Agrees);
    }

    // SGLang names the dtype "auto" resolved to; an fp8_e5m2 cache halves the bytes per token.
    void sglangKvCacheDtype() {
        const ServerLog log = parseServerLog(
            "[2026-02-26 05:35:08 TP0] server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', "
            "kv_cache_dtype='auto', tp_size=1)\n"
            "[2026-02-26 05:35:08 TP0] Using KV cache dtype: torch.float8_e5m2\n"
            "[2026-02-26 05:35:08 TP0] KV Cache is allocated. #tokens: 100000, K size: 1.34 GB, V size: 1.34 GB\n");
        QCOMPARE(log.engine, LogEngine::SGLang);
        QCOMPARE(log.kvCacheDtype, std::string("float8_e5m2"));
        const ModelShape model = loadPreset("qwen2.5-7b");
        QCOMPARE(logKvDtype(log, model)->kind, DTypeKind::FP8);
        // 28 layers x 4 KV heads x 128 x 1 B = 14,336 B of K a token: 100,000 tokens are 1.34 GiB.
        KV_COMPARE_U64(recomputeServerLog(log).kBytesPerToken, 14336);
    }

    // A paste of two start-ups reads as two runs, each the same as its log alone.
    void restartSplitsIntoRuns() {
        const std::string first = fixture("vllm-v1-qwen2-7b-a100-1.log");
        const std::string second = fixture("vllm-v1-qwen3-vl-30b-a3b-tp4-3090-1.log");
        const std::vector<ServerLog> runs = parseServerLogRuns(first + second);
        QCOMPARE(runs.size(), std::size_t(2));
        const ServerLog a = parseServerLog(first);
        const ServerLog b = parseServerLog(second);
        QCOMPARE(runs[0].version, a.version);
        QCOMPARE(runs[0].kvMemory->bytes, a.kvMemory->bytes);
        KV_COMPARE_U64(runs[0].kvTokens->value, a.kvTokens->value);
        QCOMPARE(runs[1].version, b.version);
        QCOMPARE(runs[1].kvMemory->bytes, b.kvMemory->bytes);
        KV_COMPARE_U64(runs[1].kvTokens->value, b.kvTokens->value);
        QCOMPARE(runs[0].lines + runs[1].lines, a.lines + b.lines);
        QCOMPARE(runs[1].firstLine, a.lastLine + 1);
        QCOMPARE(parseServerLog(first + second).version, b.version); // the last run
        // llama.cpp: two "build:" banners, each with its cache.
        const std::string llama = fixture("llamacpp-gpt-oss-20b-iswa-3070-1.log");
        QCOMPARE(parseServerLogRuns(llama + llama).size(), std::size_t(2));
        QCOMPARE(parseServerLogRuns(llama + llama).back().kvCaches.size(), std::size_t(2));
    }

    // Line counts: an empty paste has none; the newline that ends the last line starts none.
    void lineCounts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("lines");
        const QString line = u"INFO [gpu_worker.py:1] Available KV cache memory: 1.00 GiB"_s;
        QTest::newRow("no newline") << line << 1;
        QTest::newRow("newline") << line + u"\n"_s << 1;
        QTest::newRow("CRLF") << line + u"\r\n"_s << 1;
        QTest::newRow("a blank line after") << line + u"\n\n"_s << 2;
        QTest::newRow("two") << line + u"\n"_s + line + u"\n"_s << 2;
        // Issue 27, review item 7: llama.cpp --log-timestamps --log-colors pasted where the ESC bytes
        // were lost ("[34m1.14.608.510[0m [32mI [0mllama_context: ..."): 14 lines, not 12 (two had
        // been joined as terminal-wrapped, the colour remnants hiding where each record starts).
        QTest::newRow("lost colour codes (llama.cpp#27680)")
            << QString::fromStdString(fixture("llamacpp-dsv4-iswa-lost-colour-codes-1.log")) << 14;
    }
    void lineCounts() {
        QFETCH(QString, text);
        QFETCH(int, lines);
        QCOMPARE(int(parseServerLog(text.toStdString()).lines), lines);
        QCOMPARE(int(parseServerLog(text.toStdString()).lastLine), lines);
    }
    void emptyPasteHasNoLines() {
        try {
            parseServerLog("");
            QFAIL("an empty paste parsed");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("none of its 0 lines") != std::string::npos, e.what());
        }
    }

    // llama.cpp's own log prefix (common/log.cpp: minutes.seconds.millis.micros and a level) reads
    // as the bare line.
    void llamaLogPrefix() {
        const std::string bare = fixture("llamacpp-gpt-oss-20b-iswa-3070-1.log");
        std::string prefixed;
        std::size_t start = 0;
        for (std::size_t end; (end = bare.find('\n', start)) != std::string::npos; start = end + 1)
            prefixed += "0.08.773.947 I " + bare.substr(start, end - start + 1);
        const ServerLog a = parseServerLog(bare);
        const ServerLog b = parseServerLog(prefixed);
        QCOMPARE(b.version, a.version);
        QCOMPARE(b.kvMemory->bytes, a.kvMemory->bytes);
        QCOMPARE(b.kvCaches.size(), a.kvCaches.size());
        QCOMPARE(b.understood, a.understood);
    }

    // The version from the log's own line, else the format's family, said to be guessed.
    void versions_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("guessed");
        const QString kv = u"llama_kv_cache: size = 256.00 MiB (  4096 cells,  16 layers,  1/1 seqs), K (f16):  "
                           "128.00 MiB, V (f16):  128.00 MiB\n"_s;
        QTest::newRow("llama.cpp build:")
            << u"build: 4743 (d07c6213) with cc (GCC) 12.2.0 for x86_64-linux-gnu\n"_s + kv << u"b4743 (d07c6213)"_s
            << false;
        QTest::newRow("llama.cpp main: build =")
            << u"main: build = 1154 (3358c38)\n"_s + kv << u"b1154 (3358c38)"_s << false;
        QTest::newRow("ollama") << u"time=2025-01-29T10:00:00.000Z level=INFO source=routes.go:1238 msg=\"Listening on "
                                   "127.0.0.1:11434 (version 0.5.7)\"\n"_s +
                                       kv
                                << u"ollama 0.5.7"_s << false;
        QTest::newRow("vLLM") << u"INFO 01-01 00:00:00 api_server.py:1] vLLM API server version 0.8.5\n"
                                 "INFO [gpu_worker.py:1] Available KV cache memory: 1.00 GiB\n"_s
                              << u"0.8.5"_s << false;
        QTest::newRow("guessed") << kv << u"llama.cpp (llama_kv_cache: cells, layers, seqs)"_s << true;
    }
    void versions() {
        QFETCH(QString, text);
        QFETCH(QString, version);
        QFETCH(bool, guessed);
        const ServerLog log = parseServerLog(text.toStdString());
        QCOMPARE(QString::fromStdString(log.version), version);
        QCOMPARE(log.versionGuessed, guessed);
    }

    // With a model given, the server's column holds only what the log printed: the L40S log prints
    // no KV size, so its KV memory is KV Scope's tokens x bytes per token and not the server's.
    void serverColumnOnlyFromStatedLines() {
        const ServerLog log = parseServerLog(fixture("vllm-v1-llama-3.1-8b-l40s-1.log"));
        const ModelShape model = loadPreset("llama-3.1-8b");
        const LogRecomputation r = recomputeServerLog(log, &model, logKvDtype(log, model));
        const LogComparison c = compareServerLog(log, r, model);
        for (const TermComparison& t : c.terms) {
            if (t.term == CompareTerm::KvMemory || t.term == CompareTerm::KvBytesPerToken)
                QVERIFY2(!t.hasServer, compareTermId(t.term).c_str());
            if (t.term == CompareTerm::KvTokens)
                QVERIFY(t.hasServer); // "GPU KV cache size" is printed
        }
    }

    // The figures a reader checks by eye, straight from the lines.
    void statedFigures() {
        const ServerLog gtx = parseServerLog(fixture("vllm-v0-llama-3.2-1b-gtx1080-1.log"));
        QCOMPARE(gtx.version, std::string("0.6.4.post1"));
        QCOMPARE(gtx.model, std::string("meta-llama/Llama-3.2-1B"));
        QCOMPARE(gtx.dtype, std::string("half"));
        QCOMPARE(gtx.kvCacheDtype, std::string("auto"));
        KV_COMPARE_U64(gtx.maxModelLen->value, 105088);
        QCOMPARE(gtx.utilization->value, 0.95);
        KV_COMPARE_U64(gtx.blockSize->value, 16);
        KV_COMPARE_U64(gtx.tensorParallel->value, 1);
        QCOMPARE(round2(gtx.totalGpuMemory->bytes / double(GiB)), 7.92);
        QCOMPARE(gtx.weights->bytes / double(GiB), 2.3185); // "GB" printed, GiB meant
        QCOMPARE(round2(gtx.peakTorch->bytes / double(GiB)), 3.49);
        QCOMPARE(round2(gtx.nonTorch->bytes / double(GiB)), 0.44);
        KV_COMPARE_U64(gtx.gpuBlocks->value, 7366);
        KV_COMPARE_U64(gtx.cpuBlocks->value, 8192);
        QCOMPARE(round2(gtx.cudaGraphs->bytes / double(GiB)), 0.24);

        const ServerLog a10 = parseServerLog(fixture("vllm-v0-llama-3.1-8b-a10-oracle-1.log"));
        QCOMPARE(round2(a10.budget->bytes / double(GiB)), 19.86);
        QCOMPARE(round2(a10.activationPeak->bytes / double(GiB)), 0.22);
        QCOMPARE(round2(a10.nonTorch->bytes / double(GiB)), 0.05);
        QCOMPARE(round2(a10.kvMemory->bytes / double(GiB)), 4.60);
        QVERIFY(findCheck(recompute(a10), LogCheckKind::KvFromProfileSplit));
        QVERIFY(findCheck(recompute(a10), LogCheckKind::BudgetFromTotal));

        const ServerLog qwen = parseServerLog(fixture("vllm-v1-qwen2-7b-a100-1.log"));
        KV_COMPARE_U64(qwen.gpuBlocks->value, 29053);           // "num_gpu_blocks is" / ": 29053" rejoined
        QCOMPARE(qwen.model, std::string("Qwen2-7B-Instruct")); // "'Qwe" / "n2-7B-Instruct'" rejoined
        KV_COMPARE_U64(qwen.maxModelLen->value, 16384);
        QCOMPARE(qwen.utilization->value, 0.5);
        QCOMPARE(qwen.dtype, std::string("bfloat16"));
        QVERIFY(findCheck(recompute(qwen), LogCheckKind::TokensFromBlocks));

        const ServerLog fp8 = parseServerLog(fixture("vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log"));
        QCOMPARE(fp8.kvCacheDtype, std::string("fp8"));
        QCOMPARE(fp8.version, std::string("0.13.0+faa43dbf.nv26.01"));

        const ServerLog llama = parseServerLog(fixture("llamacpp-llama-2-7b-q4km-rtx3090-1.log"));
        KV_COMPARE_U64(llama.maxModelLen->value, 2048);
        KV_COMPARE_U64(llama.kvHeads->value, 32);
        KV_COMPARE_U64(llama.layers->value, 32);
        KV_COMPARE_U64(llama.headDimK->value, 128);
        QCOMPARE(llama.kvCacheDtype, std::string("f16"));
        QCOMPARE(llama.fileType, std::string("Q4_K - Medium"));
        QCOMPARE(llama.model, std::string("llama-2-7b.Q4_K_M.gguf"));
        QCOMPARE(llama.modelBuffers.size(), std::size_t(2));
        QCOMPARE(llama.modelBuffers[0].device, std::string("CUDA0"));
        QCOMPARE(llama.modelBuffers[0].size.bytes, 3820.94 * double(MiB));
        QCOMPARE(llama.computeBuffers.size(), std::size_t(2));
        QCOMPARE(llama.computeBuffers[1].device, std::string("CUDA_Host"));
        QVERIFY(findCheck(recompute(llama), LogCheckKind::KPlusVIsTotal));
        QVERIFY(findCheck(recompute(llama), LogCheckKind::KvBuffersMatchTotal));

        const ServerLog q8 = parseServerLog(fixture("llamacpp-llama-3.1-8b-q8kv-1.log"));
        KV_COMPARE_U64(q8.kvLayers->value, 32);
        KV_COMPARE_U64(q8.kvSeqs->value, 1);

        const ServerLog sg = parseServerLog(fixture("sglang-qwq-32b-tp4-l4-1.log"));
        QCOMPARE(sg.model, std::string("/home/model/Qwen/QwQ-32B"));
        KV_COMPARE_U64(sg.tensorParallel->value, 4);
        QCOMPARE(sg.ranksSeen, 4u);
        QCOMPARE(sg.utilization->value, 0.85);
        KV_COMPARE_U64(sg.maxModelLen->value, 131072);
        QCOMPARE(round2(sg.weights->bytes / double(GiB)), 15.54);
        QCOMPARE(round2(sg.availAfterPool->bytes / double(GiB)), 2.09);
        QCOMPARE(round2(sg.cudaGraphs->bytes / double(GiB)), 0.93);
        QVERIFY(findCheck(recompute(sg), LogCheckKind::WeightsFromAvailDrop));
        QVERIFY(findCheck(recompute(sg), LogCheckKind::PoolTokensMatch));

        const ServerLog neg = parseServerLog(fixture("vllm-v1-nemotron-nano-4b-gb10-negative-1.log"));
        QCOMPARE(round2(neg.kvMemory->bytes / double(GiB)), -2.51);
        const LogRecomputation negRecomputed = recompute(neg);
        const LogCheck* negative = findCheck(negRecomputed, LogCheckKind::KvMemoryNotNegative);
        QVERIFY(negative);
        QCOMPARE(negative->result, LogCheckResult::Disagrees);
    }

    // The L40S log prints no KV size: with the model named, the KV memory is tokens x 128 KiB.
    void kvMemoryFromModel() {
        const ServerLog log = parseServerLog(fixture("vllm-v1-llama-3.1-8b-l40s-1.log"));
        const LogRecomputation r = recompute(log, QStringLiteral("llama-3.1-8b"));
        QVERIFY(r.bytesPerTokenFromModel);
        QCOMPARE(round2(r.kvMemoryBytes / double(GiB)), 19.37);
        QCOMPARE(recompute(log).kvBytesPerToken, std::uint64_t(0)); // without a model, nothing to divide by
    }

    // What a real paste does to a log: none of it changes a figure.
    void pasteDamage_data() {
        QTest::addColumn<QString>("damage");
        QTest::newRow("CRLF") << "crlf";
        QTest::newRow("ANSI colours") << "ansi";
        QTest::newRow("wrapped at 80 columns") << "wrap80";
        QTest::newRow("wrapped at 120 columns") << "wrap120";
        QTest::newRow("prefixes stripped") << "stripped";
        QTest::newRow("leading blank lines and trailing spaces") << "spaces";
    }
    void pasteDamage() {
        QFETCH(QString, damage);
        for (const char* file : {"vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log", "vllm-v0-llama-3.2-1b-gtx1080-1.log",
                                 "vllm-v0-llama-3.1-8b-a10-oracle-1.log", "sglang-qwq-32b-tp4-l4-1.log",
                                 "llamacpp-llama-2-7b-q4km-rtx3090-1.log"}) {
            const std::string clean = fixture(file);
            std::string text;
            if (damage == QLatin1String("crlf")) {
                for (char c : clean)
                    text += c == '\n' ? std::string("\r\n") : std::string(1, c);
            } else if (damage == QLatin1String("ansi")) {
                QString t = QString::fromStdString(clean);
                t.replace(QStringLiteral("INFO"), QStringLiteral("\x1b[32mINFO\x1b[0m"));
                t.replace(QStringLiteral("GiB"), QStringLiteral("\x1b[1mGiB\x1b[22m"));
                t.replace(QStringLiteral("llama_"), QStringLiteral("\x1b]0;title\x07llama_"));
                text = t.toStdString();
            } else if (damage == QLatin1String("wrap80")) {
                text = wrapAt(clean, 80);
            } else if (damage == QLatin1String("wrap120")) {
                text = wrapAt(clean, 120);
            } else if (damage == QLatin1String("stripped")) {
                // "INFO 12-06 14:08:01 worker.py:232] Memory ..." -> "Memory ..."
                QStringList lines = QString::fromStdString(clean).split(QLatin1Char('\n'));
                for (QString& line : lines) {
                    const qsizetype at = line.indexOf(QStringLiteral("] "));
                    if (at >= 0 && at < 90)
                        line = line.mid(at + 2);
                }
                text = lines.join(QLatin1Char('\n')).toStdString();
            } else {
                QString t = QString::fromStdString(clean);
                t.replace(QStringLiteral("\n"), QStringLiteral("   \n"));
                text = "\n\n\n" + t.toStdString();
            }
            const ServerLog a = parseServerLog(clean);
            const ServerLog b = parseServerLog(text);
            const LogRecomputation ra = recompute(a);
            const LogRecomputation rb = recompute(b);
            QCOMPARE(b.engine, a.engine);
            QCOMPARE(b.format, a.format);
            KV_COMPARE_U64(rb.kvBytesPerToken, ra.kvBytesPerToken);
            KV_COMPARE_U64(rb.tokens, ra.tokens);
            QCOMPARE(rb.concurrency, ra.concurrency);
            QCOMPARE(b.kvMemory.has_value(), a.kvMemory.has_value());
            if (a.kvMemory)
                QCOMPARE(b.kvMemory->bytes, a.kvMemory->bytes);
            QCOMPARE(b.weights.has_value(), a.weights.has_value());
            QCOMPARE(b.maxModelLen.has_value(), a.maxModelLen.has_value());
            QVERIFY(rb.consistent());
        }
    }

    // A single wrapped line with the number on the next one, as a narrow terminal shows it.
    void numberOnTheNextLine() {
        const ServerLog log = parseServerLog("INFO 09-04 01:29:26 [kv_cache_utils.py:849] GPU KV cache size: 1,024 "
                                             "tokens\n(APIServer pid=2739) INFO 09-04 01:29:30 [loggers.py:142] Engine "
                                             "000: vllm cache_config_info with initialization after num_gpu_blocks is\n"
                                             ": 64\n");
        KV_COMPARE_U64(log.gpuBlocks->value, 64);
        KV_COMPARE_U64(log.kvTokens->value, 1024);
        QCOMPARE(findCheck(recompute(log), LogCheckKind::TokensFromBlocks)->result, LogCheckResult::Agrees);
    }

    // Full-width records repeated per rank are records, not a terminal's wrapping: a progress bar
    // after one of them stays its own (ignored) line, as in the SGLang fixture.
    void identicalWideLinesAreNotJoined() {
        std::string text;
        for (int rank = 0; rank < 4; ++rank) {
            text += "[2025-03-08 12:29:21 TP" + std::to_string(rank) +
                    "] KV Cache is allocated. #tokens: 46611, K size: 1.42 GB, V size: 1.42 GB\n";
            if (rank == 0)
                text += "  0%|          | 0/13 [00:00<?, ?it/s]\n";
        }
        const ServerLog log = parseServerLog(text);
        QCOMPARE(log.lines, std::size_t(5)); // five lines and the newline that ends the last
        QCOMPARE(log.understood, std::size_t(4));
        QCOMPARE(log.ignored, std::size_t(1));
        QCOMPARE(log.ranksSeen, 4u);
    }

    // Logs whose numbers disagree are flagged, check by check.
    void inconsistentNumbers_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind");
        QTest::newRow("kv_cache_size is not total x util - peak - non-torch")
            << QString::fromStdString(v0ProfileLog("4.60", "9413")) << int(LogCheckKind::KvFromProfileV0);
        QTest::newRow("SGLang #tokens is not max_total_num_tokens")
            << QStringLiteral("[TP0] KV Cache is allocated. #tokens: 46611, K size: 1.42 GB, V size: 1.42 GB\n"
                              "[TP0] max_total_num_tokens=46000, chunked_prefill_size=2048, context_len=131072\n")
            << int(LogCheckKind::PoolTokensMatch);
        QTest::newRow("concurrency is not tokens / max_model_len")
            << QString::fromStdString(v0ProfileLog("3.60", "7366", "2.24")) << int(LogCheckKind::ConcurrencyFromTokens);
        QTest::newRow("num_gpu_blocks x 16 is not the token count")
            << QStringLiteral("GPU KV cache size: 464,848 tokens\nnum_gpu_blocks is: 29000\n")
            << int(LogCheckKind::TokensFromBlocks);
        QTest::newRow("K + V is not the KV size")
            << QStringLiteral("llama_kv_cache: size =  300.00 MiB (  4096 cells,  32 layers,  1/1 seqs), K (q8_0):  "
                              "136.00 MiB, V (q8_0):  136.00 MiB\n")
            << int(LogCheckKind::KPlusVIsTotal);
        QTest::newRow("budget is not total x utilization")
            << QStringLiteral("the current vLLM instance can use total_gpu_memory (22.07GiB) x gpu_memory_utilization "
                              "(0.90) = 21.86GiB\n")
            << int(LogCheckKind::BudgetFromTotal);
        QTest::newRow("SGLang weights are not the drop in free memory")
            << QStringLiteral("[2025-03-08 12:29:13 TP0] Load weight begin. avail mem=21.63 GB\n[2025-03-08 12:29:21 "
                              "TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=6.09 GB, "
                              "mem usage=12.00 GB.\n")
            << int(LogCheckKind::WeightsFromAvailDrop);
    }
    void inconsistentNumbers() {
        QFETCH(QString, text);
        QFETCH(int, kind);
        const LogRecomputation r = recompute(parseServerLog(text.toStdString()));
        const LogCheck* c = findCheck(r, LogCheckKind(kind));
        QVERIFY(c);
        QCOMPARE(c->result, LogCheckResult::Disagrees);
        QVERIFY(!r.consistent());
    }

    // The unchanged V0 profile agrees with itself (the rows above differ from it by one figure).
    void consistentBaseline() {
        const LogRecomputation r = recompute(parseServerLog(v0ProfileLog()));
        QVERIFY(r.consistent());
        QCOMPARE(r.checks.size(), std::size_t(4)); // profile, not negative, tokens, concurrency
    }

    void negativeKv() {
        const ServerLog log = parseServerLog("INFO 08-12 22:32:11 [worker.py:295] model weights take 6.59GiB; "
                                             "non_torch_memory takes 8.29GiB; PyTorch activation peak memory takes "
                                             "4.93GiB; the rest of the memory reserved for KV Cache is -7.83GiB.\n");
        QVERIFY(log.failed);
        QCOMPARE(round2(log.kvMemory->bytes / double(GiB)), -7.83);
        const LogRecomputation r = recompute(log);
        QCOMPARE(findCheck(r, LogCheckKind::KvMemoryNotNegative)->result, LogCheckResult::Disagrees);
        KV_COMPARE_U64(r.tokens, 0);
    }

    // Found by fuzz_serverlog's long run: a llama.cpp KV line whose V size is negative took the
    // K/V split and cast a negative bound to an unsigned integer (UBSan: float-cast-overflow).
    // The split is left out; the total gives the bytes per token.
    void negativeKOrVSize() {
        const ServerLog log = parseServerLog("llama_kv_cache_unified: size =  272.00 MiB (  4096 cells,  32 layers,  "
                                             "1/1 seqs), K (q8_0):  136.00 MiB, V (q8_0): -136.00 MiB\n");
        QVERIFY(log.vSize && log.vSize->bytes < 0);
        const LogRecomputation r = recompute(log);
        KV_COMPARE_U64(r.kBytesPerToken, 0);      // no split
        KV_COMPARE_U64(r.kvBytesPerToken, 69632); // 272 MiB / 4,096 cells
        QVERIFY(r.bytesPerTokenLow <= 69632 && r.bytesPerTokenHigh >= 69632 && r.bytesPerTokenHigh < 70000);
    }

    // Input that is not a log: a clear error, never a crash or a hang.
    void notALog_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("blank lines") << QByteArray("\n\n   \r\n\t\n");
        QTest::newRow("prose") << QByteArray("Dear class,\nthe KV cache grows with every token.\nSee you Monday.\n");
        QTest::newRow("a config.json") << QByteArray("{\"hidden_size\": 4096, \"num_hidden_layers\": 32}\n");
        std::mt19937 random(7);
        QByteArray junk(qsizetype(256) * 1024, '\0');
        for (char& c : junk)
            c = char(random() & 0xff);
        junk.replace("size", "sise"); // keep the junk from spelling a key by chance
        QTest::newRow("binary junk") << junk;
        QTest::newRow("NUL bytes") << QByteArray(4096, '\0');
    }
    void notALog() {
        QFETCH(QByteArray, text);
        QVERIFY(
            throwsErrorContaining([&] { parseServerLog(std::string_view(text.constData(), std::size_t(text.size()))); },
                                  {"not a server start-up log"}));
    }

    // A 1 MB line (a dumped config, a progress bar) is ignored and counted; the memory lines around it
    // still count, and lines full of keys stay linear (no regular-expression backtracking here).
    void longLines_data() {
        QTest::addColumn<QByteArray>("filler");
        QTest::newRow("1 MB of one letter") << QByteArray(1 << 20, 'a');
        QTest::newRow("1 MB of digits") << QByteArray(1 << 20, '9');
        QTest::newRow("1 MB of a key") << QByteArray("GPU KV cache size: ").repeated((1 << 20) / 19);
        QTest::newRow("1 MB of settings") << QByteArray("non-default args: {'model': '").repeated((1 << 20) / 30);
        QTest::newRow("1 MB of commas") << QByteArray("1,").repeated(1 << 19);
    }
    void longLines() {
        QFETCH(QByteArray, filler);
        const std::string text = "INFO [gpu_worker.py:276] Available KV cache memory: 24.83 GiB\n" +
                                 filler.toStdString() +
                                 "\nINFO [kv_cache_utils.py:849] GPU KV cache size: 464,848 tokens\n";
        const ServerLog log = parseServerLog(text);
        QCOMPARE(round2(log.kvMemory->bytes / double(GiB)), 24.83);
        KV_COMPARE_U64(log.kvTokens->value, 464848);
        KV_COMPARE_U64(recompute(log).kvBytesPerToken, 57344);
        QCOMPARE(log.lines, std::size_t(3)); // the final newline starts no line
    }

    // Figures no server prints (past 1 EiB, a trillion blocks, a block of a million tokens) are
    // ignored, not multiplied past 64 bits; an impossible TP split leaves the log explained
    // against itself and says why there is no comparison.
    void absurdFigures() {
        const std::string text =
            "INFO non-default args: {'model': 'meta-llama/Llama-3.1-8B', 'tensor_parallel_size': 5, 'block_size': "
            "1048576, 'max_model_len': 99999999999999999999}\n"
            "INFO [gpu_worker.py:276] Available KV cache memory: 99999999999999999999 GiB\n"
            "INFO [kv_cache_utils.py:849] GPU KV cache size: 999,999,999,999,999 tokens\n"
            "INFO # GPU blocks: 999999999999999999, # CPU blocks: 1\n"
            "INFO Memory profiling results: total_gpu_memory=1e30GiB kv_cache_size=0.00000000001GiB\n"
            "INFO Maximum concurrency for 0 tokens per request: 1e309x\n";
        const LogExplanation x = explainServerLog(text);
        QVERIFY(x.log.kvMemory->bytes < 100); // the EiB figure is ignored; the profile line's tiny one stays
        QVERIFY(!x.log.gpuBlocks);            // over 2^40
        QVERIFY(!x.log.maxModelLen);          // over 2^40
        KV_COMPARE_U64(x.log.blockSize->value, 1048576);
        KV_COMPARE_U64(x.recomputed.blockSize, 16); // not a block size: vLLM's default
        QVERIFY(!x.log.kvTokens);                   // 10^15 tokens: over 2^40
        QCOMPARE(x.presetId, std::string("llama-3.1-8b"));
        QVERIFY(!x.comparison); // 32 query heads over 5 GPUs
        QVERIFY(x.comparisonError.find("--tp") != std::string::npos);
    }

    void tooLarge() {
        const std::string big(kServerLogMaxBytes + 1, '\n');
        QVERIFY(throwsErrorContaining([&] { parseServerLog(big); }, {"16 MiB"}));
    }

    void presetFromModelName_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("preset");
        QTest::newRow("hub id") << "meta-llama/Llama-3.1-8B-Instruct"
                                << "llama-3.1-8b";
        QTest::newRow("Meta- prefix") << "Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf"
                                      << "llama-3.1-8b";
        QTest::newRow("GGUF file") << "llama-2-7b.Q4_K_M.gguf"
                                   << "llama-2-7b";
        QTest::newRow("local path") << "/models/Mistral-7B-Instruct-v0.3"
                                    << "mistral-7b";
        QTest::newRow("70B is not 7B") << "meta-llama/Llama-3.1-70B"
                                       << "";
        QTest::newRow("Qwen2 is not Qwen2.5") << "Qwen2-7B-Instruct"
                                              << "";
        QTest::newRow("not a preset") << "nvidia/NVIDIA-Nemotron-3-Nano-4B-FP8"
                                      << "";
        QTest::newRow("empty") << ""
                               << "";
    }
    void presetFromModelName() {
        QFETCH(QString, name);
        QFETCH(QString, preset);
        QCOMPARE(QString::fromStdString(matchPresetForModelName(name.toStdString())), preset);
    }

    // KV Scope's estimate next to the server's figures, term by term.
    void comparison() {
        const ServerLog log = parseServerLog(fixture("vllm-v0-llama-3.1-8b-a10-oracle-1.log"));
        const ModelShape model = loadPreset("llama-3.1-8b");
        const LogRecomputation r = recomputeServerLog(log, &model, logKvDtype(log, model));
        const LogComparison c = compareServerLog(log, r, model);
        QCOMPARE(c.scenario.context, std::uint64_t(131072)); // from the concurrency line
        QCOMPARE(c.scenario.utilization, 0.90);
        QCOMPARE(c.scenario.gpuMemoryBytes, std::uint64_t(22.07 * double(GiB)));
        QCOMPARE(c.terms.size(), std::size_t(7));
        for (const TermComparison& t : c.terms) {
            if (t.term == CompareTerm::KvBytesPerToken) { // the log and the shape agree exactly
                QCOMPARE(t.server, 131072.0);
                QCOMPARE(t.kvscope, 131072.0);
            }
            if (t.term == CompareTerm::Weights) // 8.03 B parameters x 2 B: 14.96 GiB against 14.99
                QVERIFY(std::abs(t.server - t.kvscope) < 0.03 * t.server);
            if (t.term == CompareTerm::KvTokens) { // our blocks in the server's 4.60 GiB
                QCOMPARE(t.server, 37696.0);
                QVERIFY(std::abs(t.kvscope - t.server) <= 48);
            }
        }
        const auto has = [&](DifferenceKind kind) {
            return std::any_of(c.differences.begin(), c.differences.end(),
                               [&](const LogDifference& d) { return d.kind == kind; });
        };
        QVERIFY(has(DifferenceKind::ActivationPeak));
        QVERIFY(has(DifferenceKind::NonTorchMemory));
        QVERIFY(has(DifferenceKind::BlockRounding));
        QVERIFY(has(DifferenceKind::Utilization));
        QVERIFY(!has(DifferenceKind::KvPerTokenDiffers));
        QVERIFY(!has(DifferenceKind::TensorParallel));

        // A model whose cache differs from the log's is said to differ.
        const ModelShape other = loadPreset("llama-2-7b");
        const LogComparison wrong = compareServerLog(log, recomputeServerLog(log), other);
        QVERIFY(std::any_of(wrong.differences.begin(), wrong.differences.end(),
                            [](const LogDifference& d) { return d.kind == DifferenceKind::KvPerTokenDiffers; }));
    }

    // The page's two stacked bars: the memory terms only, negatives drawn as 0, CUDA graphs the server's.
    void logBarsByHand() {
        LogExplanation x;
        x.comparison = LogComparison{};
        x.comparison->terms = {{CompareTerm::Weights, true, 10.0, 12.0},
                               {CompareTerm::ActivationPeak, false, 7.0, 3.0}, // not in the log: 0 on its bar
                               {CompareTerm::NonTorch, true, -1.0, 0.5},       // negative: 0
                               {CompareTerm::KvMemory, true, 20.0, 19.0},
                               {CompareTerm::KvTokens, true, 1000.0, 900.0}}; // not memory: no band
        x.log.cudaGraphs = LogSize{2.0};
        const LogBars bars = logBars(x);
        // Server: 10 + 0 + 0 + 20 + 2 = 32; KV Scope: 12 + 3 + 0.5 + 19 + 0 = 34.5.
        QCOMPARE(bars.server, (std::array<double, kLogBarTerms>{10.0, 0.0, 0.0, 20.0, 2.0}));
        QCOMPARE(bars.kvscope, (std::array<double, kLogBarTerms>{12.0, 3.0, 0.5, 19.0, 0.0}));
        QCOMPARE(bars.serverTotal, 32.0);
        QCOMPARE(bars.kvscopeTotal, 34.5);

        // No model: the log's own lines, its KV memory as recomputed (negative: 0), no KV Scope bar.
        LogExplanation alone;
        alone.log.weights = LogSize{5.0};
        alone.log.nonTorch = LogSize{1.0};
        alone.recomputed.kvMemoryBytes = -4.0;
        const LogBars own = logBars(alone);
        QCOMPARE(own.server, (std::array<double, kLogBarTerms>{5.0, 0.0, 1.0, 0.0, 0.0}));
        QCOMPARE(own.serverTotal, 6.0);
        QCOMPARE(own.kvscopeTotal, 0.0);
        alone.recomputed.kvMemoryBytes = 8.0;
        QCOMPARE(logBars(alone).serverTotal, 14.0);
    }

    // Under TP the figures are per rank; SGLang's request pool is named.
    void comparisonTensorParallel() {
        const ServerLog log = parseServerLog(fixture("sglang-qwq-32b-tp4-l4-1.log"));
        const ModelShape model = loadPreset("qwen2.5-7b"); // not QwQ, but a Qwen2 shape split over 4 ranks
        const LogComparison c = compareServerLog(log, recomputeServerLog(log), model);
        QCOMPARE(c.scenario.tensorParallel, 4u);
        QCOMPARE(c.scenario.blockSize, 1u);
        const auto has = [&](DifferenceKind kind) {
            return std::any_of(c.differences.begin(), c.differences.end(),
                               [&](const LogDifference& d) { return d.kind == kind; });
        };
        QVERIFY(has(DifferenceKind::TensorParallel));
        QVERIFY(has(DifferenceKind::RequestPool));
        QVERIFY(has(DifferenceKind::CudaGraphs));
        QVERIFY(!has(DifferenceKind::BlockRounding));
    }
};

QTEST_GUILESS_MAIN(TestServerLog)
#include "tst_serverlog.moc"
