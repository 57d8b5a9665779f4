#include "error.h"
#include "gpus.h"
#include "hfconfig.h"
#include "inputfile.h"
#include "inputkind.h"
#include "lesson.h"
#include "memorymodel.h"
#include "scenariocode.h"
#include "scenariofile.h"
#include "sweep.h"
#include "testutils.h"
#include "workload.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

#include <QtTest>

#include <csignal>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace kvscope;
using namespace Qt::StringLiterals;

class TestScenarioFile : public QObject {
    Q_OBJECT

private slots:
    // Issue 11: files a person hands the program are checked before they are read: a device
    // (/dev/zero, /dev/urandom) or a directory is refused at once, an oversized file too.
    void inputFilesAreChecked_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("needle");
        for (const QString& kind : {u"scenario"_s, u"config"_s, u"trace"_s, u"lesson"_s}) {
            QTest::addRow("%s /dev/zero", qPrintable(kind)) << kind << u"/dev/zero"_s << u"is not a regular file"_s;
            QTest::addRow("%s /dev/urandom", qPrintable(kind))
                << kind << u"/dev/urandom"_s << u"is not a regular file"_s;
            QTest::addRow("%s directory", qPrintable(kind)) << kind << u"DIR"_s << u"is not a regular file"_s;
            QTest::addRow("%s missing", qPrintable(kind)) << kind << u"DIR/none.json"_s << u"cannot open"_s;
            QTest::addRow("%s too big", qPrintable(kind)) << kind << u"BIG"_s << u"bytes; a "_s;
        }
    }
    void inputFilesAreChecked() {
        QFETCH(QString, kind);
        QFETCH(QString, path);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        if (path.startsWith(u"DIR"_s))
            path.replace(u"DIR"_s, dir.path());
        if (path == u"BIG"_s) {
            path = dir.filePath(u"big.json"_s);
            QFile big(path);
            QVERIFY(big.open(QIODevice::WriteOnly));
            QVERIFY(big.resize(qint64(kvscope::kTraceFileMaxBytes) + 1)); // past every limit, sparse
        }
        const std::string p = path.toStdString();
        QString message;
        const bool refused = throwsErrorContaining(
            [&] {
                if (kind == u"scenario"_s)
                    kvscope::loadScenarioFile(p);
                else if (kind == u"config"_s)
                    kvscope::importHfConfigFile(p);
                else if (kind == u"trace"_s)
                    kvscope::loadTraceFile(p);
                else
                    kvscope::loadLessonFile(p);
            },
            {}, &message);
        QVERIFY2(refused, qPrintable(message));
        QVERIFY2(message.contains(needle) && message.contains(path), qPrintable(message));
    }

    // A deeply nested value in a scenario field is named, not serialised into the message.
    void deeplyNestedFieldIsNamed() {
        const std::string text =
            "{\"format\": \"kvscope-scenario\", \"version\": 1, \"batch\": " + std::string(200000, '[') +
            std::string(200000, ']') + "}";
        QString message;
        QVERIFY(throwsErrorContaining([&] { kvscope::scenarioFromText(text, "deep.json"); }, {"deep.json"}, &message));
        QVERIFY2(message.size() < 400, qPrintable(message.left(400)));
    }

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
            QCOMPARE(storedWeightBytes(back.model).has_value(), storedWeightBytes(s.model).has_value());
            if (const auto stored = storedWeightBytes(s.model))
                KV_COMPARE_U64(storedWeightBytes(back.model)->bytes, stored->bytes);
        }
    }

    // Issue 10: hybrid and multimodal layouts survive a save (and a restored session).
    void roundTripsHybridLayouts() {
        for (const char* file :
             {"hf-configs/jamba-jamba-v0.1.json", "hf-configs/mllama-llama-3.2-11b-vision.json",
              "hf-configs/qwen2_moe-qwen1.5-moe-a2.7b.json", "hf-configs/phi-phi-2.json",
              // Issue 24: per-block MLP widths and the config's state dtype travel too.
              "hf-configs/nemotron-nas-llama-3.3-nemotron-super-49b-v1.json", "hf-configs/qwen3_5-qwen3.6-27b.json",
              // and the checkpoint's quantization
              "hf-configs/gpt_oss-gpt-oss-20b.json", "hf-configs/kimi_k2-kimi-k2-instruct.json",
              "hf-configs/qwen3-qwen3-32b-awq.json"}) {
            Scenario s = defaultScenario();
            s.model = importHfConfigFile(testDataPath(file).toStdString()).shape;
            s.gpuMemoryBytes = 1ull << 40;
            const Scenario back = scenarioFromText(scenarioToText(s), "memory");
            QCOMPARE(scenarioToText(back), scenarioToText(s));
            KV_COMPARE_U64(estimate(back).sequenceStateBytes, estimate(s).sequenceStateBytes);
            KV_COMPARE_U64(estimate(back).totalBytes, estimate(s).totalBytes);
            KV_COMPARE_U64(parameterCount(back.model), parameterCount(s.model));
            QCOMPARE(storedWeightBytes(back.model).has_value(), storedWeightBytes(s.model).has_value());
            if (const auto stored = storedWeightBytes(s.model))
                KV_COMPARE_U64(storedWeightBytes(back.model)->bytes, stored->bytes);
        }
        // What a method keeps per row, per column and per outer group travels too (GPTQ's g_idx, bitsandbytes'
        // nested absmax, LLM.int8's row scales): the bytes are the same after a save.
        for (const char* q : {R"({"quant_method":"gptq","bits":4,"group_size":128})",
                              R"({"quant_method":"bitsandbytes","load_in_4bit":true,"bnb_4bit_use_double_quant":true})",
                              R"({"quant_method":"bitsandbytes","load_in_8bit":true})"}) {
            QFile file(testDataPath("llama-3.1-8b-instruct.json"));
            QVERIFY(file.open(QIODevice::ReadOnly));
            nlohmann::json root = nlohmann::json::parse(file.readAll().toStdString());
            root["quantization_config"] = nlohmann::json::parse(q);
            Scenario s = defaultScenario();
            s.model = importHfConfig(root, "q.json").shape;
            const auto stored = storedWeightBytes(s.model);
            QVERIFY2(stored && stored->extraBytes > 0, q);
            const Scenario back = scenarioFromText(scenarioToText(s), "memory");
            KV_COMPARE_U64(storedWeightBytes(back.model)->bytes, stored->bytes);
        }
        std::string text = scenarioToText(defaultScenario());
        text.replace(text.find("\"layer_parts\": []"), 17, "\"layer_parts\": [1, 99]");
        QVERIFY(throwsErrorContaining([&] { scenarioFromText(text, "bad.json"); }, {"layer_parts", "99"}));
    }

    // Issue 24: every config the importer reads comes back from a save with the same figures. A saved DeepSeek-V3.2
    // or GLM-5 scenario lost its DSA indexer (index_head_dim was not written) and reloaded with 132 B per token per
    // layer less cache; Gemma 4 and MiMo-V2 lost their windowed layers' own heads.
    void roundTripsEveryImportedConfig() {
        const QDir dir(testDataPath("hf-configs"));
        const QStringList files = dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name);
        QVERIFY(files.size() > 50);
        int read = 0;
        for (const QString& name : files) {
            ImportResult r;
            try {
                r = importHfConfigFile(dir.filePath(name).toStdString());
            } catch (const Error&) {
                continue; // the configs the importer refuses are tst_hfconfig's
            }
            ++read;
            Scenario s = defaultScenario();
            s.model = r.shape;
            s.gpuMemoryBytes = 1ull << 44;
            s.context = 40'000;
            const std::string text = scenarioToText(s);
            const Scenario back = scenarioFromText(text, "memory");
            QVERIFY2(back.model.mla.indexHeadDim == s.model.mla.indexHeadDim &&
                         back.model.windowedAttention == s.model.windowedAttention &&
                         back.model.valueFromKey == s.model.valueFromKey,
                     qPrintable(name));
            QCOMPARE(scenarioToText(back), text);
            KV_COMPARE_U64(kvBytesPerToken(back.model, s.kvDtype), kvBytesPerToken(s.model, s.kvDtype));
            KV_COMPARE_U64(estimate(back).kvBytes, estimate(s).kvBytes);
            KV_COMPARE_U64(estimate(back).totalBytes, estimate(s).totalBytes);
            KV_COMPARE_U64(parameterCount(back.model), parameterCount(s.model));
            // Version 2 only where a version 1 reader would lose a figure.
            const bool needsVersion2 = s.model.hasTwoGeometries() || s.model.valueFromKey || indexerKeyBytes(s.model);
            QVERIFY2(text.find(needsVersion2 ? "\"version\": 2" : "\"version\": 1") != std::string::npos,
                     qPrintable(name));
        }
        QVERIFY(read > 50);
        const ModelShape dsa =
            importHfConfigFile(testDataPath("hf-configs/deepseek_v32-deepseek-v3.2.json").toStdString()).shape;
        QVERIFY(indexerKeyBytes(dsa) > 0);
    }

    // Issue 25: a scenario code holds the screen a teacher shares. A preset model is named (a short code); any other
    // model travels whole. Every field comes back as it was, whatever the defaults.
    void scenarioCodeRoundTrip_data() {
        QTest::addColumn<QString>("config"); // empty: a preset
        QTest::addColumn<bool>("named");
        QTest::newRow("default") << QString() << true;
        QTest::newRow("preset, every field changed") << u"changed"_s << true;
        QTest::newRow("custom GPU") << u"gpu"_s << true;
        QTest::newRow("imported Gemma 4") << u"hf-configs/gemma4-gemma-4-31b-it.json"_s << false;
        QTest::newRow("imported AWQ, as stored") << u"hf-configs/qwen3-qwen3-32b-awq.json"_s << false;
        QTest::newRow("preset with its KV heads changed") << u"kvheads"_s << false;
        // From a review: what the short fields cannot say travels whole, never silently changed.
        QTest::newRow("a GPU preset's id with other memory") << u"gpumemory"_s << false;
        QTest::newRow("a utilization under the options' 0.01") << u"util"_s << false;
        QTest::newRow("a GPU id a code cannot hold") << u"gpuid"_s << false;
    }
    void scenarioCodeRoundTrip() {
        QFETCH(QString, config);
        QFETCH(bool, named);
        SharedScreen screen;
        Scenario& s = screen.scenario;
        s = defaultScenario();
        if (config == u"changed"_s) {
            s = withPresetModel(s, "qwen2.5-7b");
            s.kvDtype = DType::parse("fp8");
            s.weightDtype = DType::parse("int4-g128");
            s.context = 32'768;
            s.batch = 3;
            s.gpuId = "h100-80gb";
            s.gpuMemoryBytes = findGpuPreset("h100-80gb").memoryBytes;
            s.utilization = 0.85;
            s.tensorParallel = 2;
            s.blockSize = 32;
            s.prefillChunkTokens = 4096;
            screen.page = "paged";
            screen.lesson = "course:9";
            screen.step = 120;
        } else if (config == u"gpu"_s) {
            s.gpuId = "custom";
            s.gpuMemoryBytes = 12'345'678'901;
        } else if (config == u"gpumemory"_s) {
            s.gpuMemoryBytes = 1ull << 40; // rtx-4090 with 1 TiB: a hand-edited scenario file can say so
        } else if (config == u"util"_s) {
            s.utilization = 0.001;
        } else if (config == u"gpuid"_s) {
            s.gpuId = "x&step=5";
        } else if (config == u"kvheads"_s) {
            s.model = withKvHeads(s.model, 4);
        } else if (!config.isEmpty()) {
            s.model = importHfConfigFile(testDataPath(config.toUtf8().constData()).toStdString()).shape;
            s.weightsAsStored = s.model.stored.has_value();
            s.gpuMemoryBytes = 1ull << 40;
            screen.page = "attention";
        }
        const std::string code = encodeScenarioCode(screen);
        QVERIFY(isScenarioCode(code));
        QCOMPARE(scenarioCodeIsShort(s), named);
        QVERIFY2(named ? code.size() < 300 && code.find("&preset=") != std::string::npos
                       : code.find("&scenario=") != std::string::npos,
                 code.c_str());
        const SharedScreen back = decodeScenarioCode(code);
        QCOMPARE(scenarioToText(back.scenario), scenarioToText(s));
        QCOMPARE(back.page, screen.page);
        QCOMPARE(back.lesson, screen.lesson);
        QCOMPARE(back.step, screen.step);
        KV_COMPARE_U64(estimate(back.scenario).totalBytes, estimate(s).totalBytes);
        // As a link that went through a browser: escaped, with spaces around.
        std::string escaped = code;
        for (std::size_t at = escaped.find(':', 8); at != std::string::npos; at = escaped.find(':', at + 3))
            escaped.replace(at, 1, "%3A");
        KV_COMPARE_U64(estimate(decodeScenarioCode("  " + escaped + "\n").scenario).totalBytes, estimate(s).totalBytes);
    }

    void scenarioCodeErrors_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("needle");
        const QString good = QString::fromStdString(encodeScenarioCode({defaultScenario(), "memory", "", 0}));
        const auto with = [&](const QString& from, const QString& to) { return QString(good).replace(from, to); };
        QTest::newRow("not a code") << u"https://example.com/?v=1"_s << u"does not start with kvscope:"_s;
        QTest::newRow("no fields") << u"kvscope:"_s << u"expected '?'"_s;
        QTest::newRow("no version") << with(u"?v=1&"_s, u"?"_s) << u"field 'v' (the code's version) is missing"_s;
        QTest::newRow("newer") << with(u"v=1"_s, u"v=3"_s) << u"version 3 is newer"_s;
        QTest::newRow("typo") << with(u"batch="_s, u"bacth="_s) << u"field 'bacth' is not one KV Scope knows"_s;
        QTest::newRow("missing") << with(u"&batch=8"_s, QString()) << u"field 'batch' is missing"_s;
        QTest::newRow("unknown") << good + u"&colour=red"_s << u"field 'colour' is not one KV Scope knows"_s;
        QTest::newRow("twice") << good + u"&batch=4"_s << u"field 'batch' is given twice"_s;
        QTest::newRow("zero batch") << with(u"batch=8"_s, u"batch=0"_s) << u"field 'batch' must be between 1"_s;
        QTest::newRow("bad dtype") << with(u"kv=bf16"_s, u"kv=int3"_s) << u"field 'kv'"_s;
        QTest::newRow("bad preset") << with(u"preset=llama-3.1-8b"_s, u"preset=llama-9"_s) << u"field 'preset'"_s;
        QTest::newRow("bad escape") << good + u"&page=%zz"_s << u"escape"_s;
        QTest::newRow("odd character") << good + u"&lesson=course<3"_s << u"characters a code never has"_s;
        QTest::newRow("lesson file") << good + u"&lesson=lessons.json"_s << u"field 'lesson' must be a shipped"_s;
        QTest::newRow("lesson 0") << good + u"&lesson=course:0"_s << u"field 'lesson'"_s;
        QTest::newRow("lesson not shipped") << good + u"&lesson=mylessons:2"_s << u"must be a shipped lesson set"_s;
        QTest::newRow("step") << good + u"&step=99999999999"_s << u"field 'step' must be between 0 and 16777216"_s;
        QTest::newRow("scenario and fields")
            << u"kvscope:?v=1&scenario=e30&batch=4"_s << u"cannot be given with 'scenario'"_s;
        QTest::newRow("scenario not base64") << u"kvscope:?v=1&scenario=e30*"_s << u"characters a code never has"_s;
        QTest::newRow("scenario not one") << u"kvscope:?v=1&scenario=e30"_s << u"scenario code"_s;
        QTest::newRow("huge") << u"kvscope:?v=1&x="_s + QString(300'000, u'a') << u"more than a code can be"_s;
    }
    void scenarioCodeErrors() {
        QFETCH(QString, code);
        QFETCH(QString, needle);
        QString message;
        QVERIFY(throwsErrorContaining([&] { decodeScenarioCode(code.toStdString()); },
                                      {"scenario code", needle.toUtf8().constData()}, &message));
        QVERIFY2(message.size() < 400, qPrintable(message));
    }

    // Issue 24: File > Open takes what it is given, told by content, not by name.
    void inputKindFromContent_data() {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<int>("kind");
        const auto file = [](const char* name) {
            QFile f(testDataPath(name));
            return f.open(QIODevice::ReadOnly) ? f.read(64 * 1024) : QByteArray();
        };
        QTest::newRow("scenario") << QByteArray::fromStdString(scenarioToText(defaultScenario()))
                                  << int(InputKind::Scenario);
        QTest::newRow("lessons") << file("lessons/good.json") << int(InputKind::Lessons);
        QTest::newRow("config") << file("llama-3.1-8b-instruct.json") << int(InputKind::ModelConfig);
        QTest::newRow("multimodal config")
            << file("hf-configs/qwen3_5-qwen3.6-27b.json") << int(InputKind::ModelConfig);
        QTest::newRow("config with a BOM") << ("\xEF\xBB\xBF" + file("gpt2-large.json")) << int(InputKind::ModelConfig);
        QTest::newRow("trace csv") << QByteArray("# a comment\nprompt_len,output_len\n10,20\n")
                                   << int(InputKind::Trace);
        QTest::newRow("trace jsonl") << QByteArray("{\"prompt_len\": 10, \"output_len\": 20}\n{\"prompt_len\": 3, "
                                                   "\"output_len\": 4}\n")
                                     << int(InputKind::Trace);
        QTest::newRow("vllm log") << file("logs/vllm-v1-llama-3.1-8b-l40s-1.log") << int(InputKind::ServerLog);
        QTest::newRow("llama.cpp log") << file("logs/llamacpp-llama-3.1-8b-q8kv-1.log") << int(InputKind::ServerLog);
        QTest::newRow("sglang log") << file("logs/sglang-qwq-32b-tp4-l4-1.log") << int(InputKind::ServerLog);
        QTest::newRow("other json") << QByteArray("{\"name\": \"x\", \"values\": [1, 2]}") << int(InputKind::Unknown);
        QTest::newRow("other text") << QByteArray("hello\nworld\n") << int(InputKind::Unknown);
        QTest::newRow("empty") << QByteArray() << int(InputKind::Unknown);
    }
    void inputKindFromContent() {
        QFETCH(QByteArray, head);
        QFETCH(int, kind);
        QVERIFY(!head.isEmpty() || QTest::currentDataTag() == QByteArray("empty")); // the fixture was found
        QCOMPARE(int(detectInputKind(std::string_view(head.constData(), std::size_t(head.size())))), kind);
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

    // A 900 KB model name (the file's limit is 1 MiB) is kept to 200 bytes, between characters:
    // the window laid it out on every change and took over 20 s to quit.
    void longNamesAreCut() {
        Scenario s = defaultScenario();
        std::string name;
        while (name.size() < 900'000)
            name += "\xEA\xB0\x80"; // U+AC00
        s.model.displayName = name;
        s.model.id = std::string(500'000, 'x');
        const Scenario loaded = scenarioFromText(scenarioToText(s), "long.kvscope.json");
        KV_COMPARE_U64(loaded.model.displayName.size(), 198ull);
        KV_COMPARE_U64(loaded.model.id.size(), 200ull);
        QVERIFY(loaded.model.displayName == name.substr(0, 198));
    }

    // A target that is not a file: written beside it and renamed over it, a FIFO, a device or a socket was
    // replaced by a plain file (a screenshot put a PNG in place of /dev/full, as root). Refused before any
    // write, naming the path and its kind; the FIFO is still a FIFO, and nothing is left beside it.
    void writesRefuseWhatIsNotAFile_data() {
        QTest::addColumn<QString>("target"); // in a fresh folder: "fifo", "folder", "" (the empty name)
        QTest::addColumn<QString>("needle");
        QTest::newRow("a FIFO") << u"fifo"_s << u"fifo: is a FIFO (named pipe); the scenario is written"_s;
        QTest::newRow("a directory") << u"folder"_s << u"folder: is a directory"_s;
        QTest::newRow("the empty name") << QString() << u"an empty file name: expected where to write the scenario"_s;
    }
    void writesRefuseWhatIsNotAFile() {
        QFETCH(QString, target);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QByteArray fifo = QFile::encodeName(dir.filePath(u"fifo"_s));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        QVERIFY(QDir(dir.path()).mkdir(u"folder"_s));
        const std::string path = target.isEmpty() ? std::string() : dir.filePath(target).toStdString();
        QString message;
        QVERIFY(throwsErrorContaining([&] { saveScenarioFile(defaultScenario(), path); }, {needle.toUtf8().constData()},
                                      &message));
        struct stat after {};
        QVERIFY(::stat(fifo.constData(), &after) == 0 && S_ISFIFO(after.st_mode));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot).size(), 2);
        // A file, or a name not there yet, is written as before.
        QVERIFY(throwsErrorContaining([&] { checkOutputFile(dir.filePath(u"folder"_s).toStdString(), "chart"); },
                                      {"the chart is written to a regular file"}));
        checkOutputFile(dir.filePath(u"new.json"_s).toStdString(), "scenario");
    }

    // A full disk: the write fails only when the last bytes go out. The error names the file and
    // the reason, the scenario already there is untouched and no temporary file is left behind.
    void fullDiskLeavesTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"lesson.kvscope.json"_s);
        Scenario s = defaultScenario();
        s.batch = 32;
        saveScenarioFile(s, path.toStdString());
        const QByteArray before = [&] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        // A file-size limit of 100 bytes makes every longer write fail as a full disk does (EFBIG
        // instead of ENOSPC), without a full disk. A link left at the old fixed temporary name
        // (<path>.tmp) is never written through.
        QVERIFY(QFile::link(u"/dev/full"_s, path + u".tmp"_s));
        rlimit old{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
        const rlimit small{100, old.rlim_max};
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        s.batch = 64;
        const bool refused = throwsErrorContaining([&] { saveScenarioFile(s, path.toStdString()); },
                                                   {path.toStdString().c_str(), "File too large", "not changed"});
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY(refused);
        QFile after(path);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), before);
        KV_COMPARE_U64(loadScenarioFile(path.toStdString()).batch, 32ull);
        // Nothing left beside it: the scenario and the link, no temporary.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot).size(), 2);
        // And with the limit gone it saves, keeping the file's mode.
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        saveScenarioFile(s, path.toStdString());
        KV_COMPARE_U64(loadScenarioFile(path.toStdString()).batch, 64ull);
        struct stat saved {};
        QCOMPARE(::stat(path.toLocal8Bit().constData(), &saved), 0);
        QCOMPARE(int(saved.st_mode & 0777), 0600);
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
        // Found by fuzz_scenario: nlohmann refuses a number beyond a double as out_of_range, not as a
        // parse error, and it escaped as an internal error.
        QTest::newRow("number beyond a double")
            << with("\"utilization\": 0.9", "\"utilization\": -1.7e4096") << u"not valid JSON"_s;
        QTest::newRow("huge exponent") << QByteArray("{\"a\": 2e" + QByteArray(500, '9') + "}") << u"not valid JSON"_s;
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
