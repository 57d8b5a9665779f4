// The exit-code contract of kvscope-cli, walked over a corpus of hostile inputs: every input
// error exits 2 with one message that names the option, file or field; stdout stays empty (a
// script never parses half an answer); nothing hangs, nothing is an "internal error" (exit 1,
// kept for real faults). Each row is an input a student or an attacker could hand the program.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The corpus: files written into a scratch directory (@ in an argument is that directory).
struct Corpus {
    QTemporaryDir dir;

    void write(const QString& name, const QByteArray& content) const {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
            qFatal("cannot write the corpus file %s", qPrintable(name));
    }

    Corpus() {
        const QByteArray config = R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,)"
                                  R"("intermediate_size":128,"vocab_size":100})";
        write(u"deep.json"_s, QByteArray(200'000, '[') + QByteArray(200'000, ']'));
        write(u"deep-field.json"_s,
              R"({"num_hidden_layers":)" + QByteArray(100'000, '[') + QByteArray(100'000, ']') + "}");
        write(u"four-billion-layers.json"_s, R"({"num_hidden_layers":4294967295,"hidden_size":64,)"
                                             R"("num_attention_heads":4,"intermediate_size":128,"vocab_size":100})");
        write(u"id-number.json"_s, config.chopped(1) + R"(,"_kvscope":{"id":5}})");
        write(u"float-positions.json"_s, config.chopped(1) + R"(,"max_position_embeddings":9.3e18})");
        write(u"nan-layers.json"_s, R"({"num_hidden_layers":NaN})");
        write(u"number-beyond-double.json"_s, config.chopped(1) + R"(,"rope_theta":2e999})");
        write(u"array.json"_s, "[1,2,3]");
        write(u"not-json.json"_s, "this is not json\n");
        write(u"empty.json"_s, "");
        write(u"binary.json"_s, QByteArray("\x00\xff\xfe\x01\x02", 5));
        write(u"big.json"_s, "{\"pad\":\"" + QByteArray(5 * 1024 * 1024, 'x') + "\"}");
        write(u"heads-not-dividing.json"_s, R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,)"
                                            R"("num_key_value_heads":3,"intermediate_size":128,"vocab_size":100})");
        write(u"trace-no-header.csv"_s, "10,20\n");
        write(u"trace-arrival.csv"_s, "prompt_len,output_len,arrival_step\n10,20,4294967296\n");
        write(u"trace-negative.csv"_s, "prompt_len,output_len\n-4,20\n");
        write(u"trace-huge-number.jsonl"_s, "{\"prompt_len\": 1e999, \"output_len\": 2}\n");
        write(u"trace-garbage.jsonl"_s, "{\"prompt_len\": [[[[1]]]], \"output_len\": 2}\n");
        // A safetensors header whose shape is 2^62 + 1 values: the size of a model no machine holds.
        const QByteArray header = R"({"wte":{"dtype":"F32","shape":[4611686018427387905],"data_offsets":[0,4]}})";
        QByteArray safetensors(8, '\0');
        for (int i = 0; i < 8; ++i)
            safetensors[i] = char((header.size() >> (8 * i)) & 0xff);
        write(u"huge-shape.safetensors"_s, safetensors + header + QByteArray(4, '\0'));
        write(u"short.safetensors"_s, "abc");
        QDir(dir.path()).mkdir(u"a-directory"_s);

        // Round two (RELIABILITY.md): text that is not UTF-8, layouts the modelling code refuses.
        write(u"jamba-offset.json"_s, R"({"model_type":"jamba","hidden_size":64,"num_hidden_layers":16,)"
                                      R"("num_attention_heads":4,"num_key_value_heads":2,"intermediate_size":128,)"
                                      R"("vocab_size":100,"attn_layer_period":8,"attn_layer_offset":1000})");
        const QByteArray recurrentGemma = R"({"model_type":"recurrent_gemma","hidden_size":64,)"
                                          R"("num_hidden_layers":6,"num_attention_heads":4,"num_key_value_heads":1,)"
                                          R"("intermediate_size":128,"vocab_size":100,"lru_width":64,"block_types":)";
        write(u"rg-empty-blocks.json"_s, recurrentGemma + "[]}");
        write(u"rg-string-blocks.json"_s, recurrentGemma + "\"recurrent\"}");
        // Notepad's "Unicode" (UTF-16 LE with its mark), a JSON array where JSON Lines belong, Excel's BOM.
        QByteArray utf16("\xff\xfe", 2);
        for (const char c : config)
            utf16 += QByteArray(1, c) + QByteArray(1, '\0');
        write(u"notepad-unicode.json"_s, utf16);
        write(u"trace-array.jsonl"_s, R"([{"prompt_len": 10, "output_len": 20}])"
                                      "\n");
        write(u"positions-past-2^63.json"_s, config.chopped(1) + R"(,"max_position_embeddings":9223372036854775813})");
        write(u"trace-10-mib-cell.csv"_s, "prompt_len,output_len\n" + QByteArray(10 << 20, '9') + "x,5\n");
        write(u"megabyte-model-type.json"_s,
              config.chopped(1) + ",\"model_type\":\"" + QByteArray(1 << 20, 't') + "\"}");
        write(u"megabyte-key.json"_s, config.chopped(1) + ",\"" + QByteArray(1 << 20, 'k') + "\":1}");
        write(u"trace-bom.csv"_s, "\xef\xbb\xbfprompt_len,output_len\n10,20\n");
        // JSON ends at a NUL byte for nlohmann: what followed was ignored, and a config cut off and padded read as
        // whole.
        write(u"config-nul-garbage.json"_s, config + QByteArray("\0\0garbage", 9));
        write(u"trace-nul.jsonl"_s, QByteArray("{\"prompt_len\": 10, \"output_len\": 20}\0{\"x\": 1}\n", 46));
        // A config whose display name is 67 Hangul syllables: 201 bytes, cut at 200 inside one.
        QByteArray hangul;
        for (int i = 0; i < 67; ++i)
            hangul += "\xea\xb0\x80"; // U+AC00
        write(u"hangul-name.json"_s, config.chopped(1) + R"(,"_name_or_path":"org/)" + hangul + "\"}");
        // A vLLM log whose model name and version carry bytes that are not UTF-8 (Latin-1 from a terminal).
        write(u"latin1.log"_s, "INFO 01-01 00:00:00 llm_engine.py:1] Initializing an LLM engine (v0.6.4\xff) with "
                               "config: model='caf\xe9-\xc3(', dtype=torch.float\xe9, max_seq_len=2048\n"
                               "INFO 01-01 00:00:01 executor_base.py:1] # GPU blocks: 1000, # CPU blocks: 100\n");
    }
};

} // namespace

class TestBadInputs : public QObject {
    Q_OBJECT

    Corpus m_corpus;

    QStringList expand(QStringList args) const {
        for (QString& a : args)
            a.replace(u"@"_s, m_corpus.dir.path());
        return args;
    }

private slots:
    void exitsTwoNamingTheInput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle"); // what the message must name

        const auto config = [](const QString& file) {
            return QStringList{u"estimate"_s, u"--config"_s, u"@/"_s + file};
        };
        QTest::newRow("config: a directory")
            << QStringList{u"estimate"_s, u"--config"_s, u"@/a-directory"_s} << u"a-directory"_s;
        QTest::newRow("config: /dev/zero")
            << QStringList{u"estimate"_s, u"--config"_s, u"/dev/zero"_s} << u"/dev/zero"_s;
        QTest::newRow("config: /dev/urandom")
            << QStringList{u"capacity"_s, u"--config"_s, u"/dev/urandom"_s} << u"/dev/urandom"_s;
        QTest::newRow("config: missing") << config(u"nope.json"_s) << u"nope.json"_s;
        QTest::newRow("config: nested 200k deep") << config(u"deep.json"_s) << u"deep.json"_s;
        QTest::newRow("config: a field nested 100k deep") << config(u"deep-field.json"_s) << u"deep-field.json"_s;
        QTest::newRow("config: 4,294,967,295 layers") << config(u"four-billion-layers.json"_s) << u"layers"_s;
        QTest::newRow("config: _kvscope.id a number") << config(u"id-number.json"_s) << u"_kvscope.id"_s;
        QTest::newRow("config: a position count of 9.3e18 as a float")
            << config(u"float-positions.json"_s) << u"max_position_embeddings"_s;
        // Found by fuzz_hfconfig: nlohmann refuses 2e999 as out_of_range, which escaped as an internal error.
        QTest::newRow("config: a number beyond a double")
            << config(u"number-beyond-double.json"_s) << u"number-beyond-double.json: not valid JSON"_s;
        QTest::newRow("config: NaN") << config(u"nan-layers.json"_s) << u"nan-layers.json"_s;
        QTest::newRow("config: an array") << config(u"array.json"_s) << u"array.json"_s;
        QTest::newRow("config: not JSON") << config(u"not-json.json"_s) << u"not-json.json:1:"_s;
        QTest::newRow("config: empty") << config(u"empty.json"_s) << u"empty.json"_s;
        QTest::newRow("config: binary") << config(u"binary.json"_s) << u"binary.json"_s;
        QTest::newRow("config: over 4 MiB") << config(u"big.json"_s) << u"big.json"_s;
        QTest::newRow("config: KV heads not dividing") << config(u"heads-not-dividing.json"_s) << u"KV heads"_s;
        QTest::newRow("config: invalid UTF-8 path, JSON asked")
            << QStringList{u"estimate"_s, u"--config"_s, QString::fromLatin1("@/caf\xe9.json"), u"--json"_s}
            << u"caf"_s;

        const auto trace = [](const QString& file) {
            return QStringList{u"simulate"_s, u"--allocator"_s, u"paged"_s, u"--workload"_s, u"@/"_s + file};
        };
        QTest::newRow("trace: no header") << trace(u"trace-no-header.csv"_s) << u"trace-no-header.csv:1"_s;
        QTest::newRow("trace: arrival 2^32") << trace(u"trace-arrival.csv"_s) << u"arrival_step"_s;
        QTest::newRow("trace: negative length") << trace(u"trace-negative.csv"_s) << u"prompt_len"_s;
        // Found by fuzz_trace: the same out_of_range in a JSON Lines trace.
        QTest::newRow("trace: a number beyond a double")
            << trace(u"trace-huge-number.jsonl"_s) << u"trace-huge-number.jsonl:1: not valid JSON"_s;
        QTest::newRow("trace: nested value") << trace(u"trace-garbage.jsonl"_s) << u"prompt_len"_s;
        QTest::newRow("trace: a directory") << trace(u"a-directory"_s) << u"a-directory"_s;
        QTest::newRow("trace: /dev/zero")
            << QStringList{u"simulate"_s, u"--workload"_s, u"/dev/zero"_s} << u"/dev/zero"_s;

        QTest::newRow("weights: 2^62+1 values")
            << QStringList{u"decode"_s, u"--backend"_s, u"cpu"_s, u"--model"_s, u"@/huge-shape.safetensors"_s}
            << u"huge-shape.safetensors"_s;
        QTest::newRow("weights: 3 bytes")
            << QStringList{u"decode"_s, u"--backend"_s, u"cpu"_s, u"--model"_s, u"@/short.safetensors"_s}
            << u"short.safetensors"_s;
        QTest::newRow("weights: a directory")
            << QStringList{u"decode"_s, u"--backend"_s, u"cpu"_s, u"--model"_s, u"@/a-directory"_s} << u"a-directory"_s;

        QTest::newRow("pool of 2^36 slots")
            << QStringList{u"simulate"_s, u"--pool-tokens"_s, u"68719476736"_s} << u"--pool-tokens"_s;
        QTest::newRow("pool sized from 1e6 GiB")
            << QStringList{u"simulate"_s, u"--preset"_s, u"tinyllama-1.1b"_s, u"--gpu-memory-gib"_s, u"1000000"_s}
            << u"--gpu-memory-gib"_s;
        QTest::newRow("context 2^40 x batch 2^32")
            << QStringList{u"estimate"_s, u"--context"_s, u"1099511627776"_s, u"--batch"_s, u"4294967296"_s}
            << u"--context 1099511627776 x --batch 4294967296: KV cache bytes overflows 64 bits"_s;
        QTest::newRow("layers 2^32") << QStringList{u"estimate"_s, u"--layers"_s, u"4294967296"_s} << u"--layers"_s;
        QTest::newRow("utilization NaN") << QStringList{u"capacity"_s, u"--utilization"_s, u"nan"_s}
                                         << u"--utilization"_s;
        QTest::newRow("utilization inf") << QStringList{u"capacity"_s, u"--utilization"_s, u"inf"_s}
                                         << u"--utilization"_s;
        QTest::newRow("GPU memory 1e300 GiB")
            << QStringList{u"estimate"_s, u"--gpu-memory-gib"_s, u"1e300"_s} << u"--gpu-memory-gib"_s;
        QTest::newRow("uniform workload backwards")
            << QStringList{u"simulate"_s, u"--workload"_s, u"uniform:100-10,1-1"_s} << u"--workload"_s;
        QTest::newRow("requests 0") << QStringList{u"simulate"_s, u"--requests"_s, u"0"_s} << u"--requests"_s;
        QTest::newRow("block size 0") << QStringList{u"capacity"_s, u"--block-size"_s, u"0"_s} << u"--block-size"_s;
        QTest::newRow("decode width not dividing")
            << QStringList{u"decode"_s, u"--backend"_s, u"cpu"_s, u"--width"_s, u"100"_s, u"--heads"_s, u"3"_s}
            << u"heads"_s;
        QTest::newRow("decode steps 2^40")
            << QStringList{u"decode"_s, u"--backend"_s, u"cpu"_s, u"--steps"_s, u"1099511627776"_s} << u"--steps"_s;
        QTest::newRow("unknown command") << QStringList{u"estimat"_s} << u"estimat"_s;
        QTest::newRow("option of another command")
            << QStringList{u"estimate"_s, u"--requests"_s, u"5"_s} << u"--requests"_s;
        QTest::newRow("bad language") << QStringList{u"estimate"_s, u"--lang"_s, u"tlh"_s} << u"--lang"_s;

        // Messages that did not name the field or option ("cached tokens overflows 64 bits", the
        // model's name for --head-dim, "--heads (0) must divide --width" for an empty --model).
        QTest::newRow("max_position_embeddings past 2^63")
            << config(u"positions-past-2^63.json"_s) << u"'max_position_embeddings'"_s;
        QTest::newRow("params 2^64-1") << QStringList{u"estimate"_s, u"--params"_s, u"18446744073709551615"_s}
                                       << u"--params must be between"_s;
        QTest::newRow("head dim 65537") << QStringList{u"estimate"_s, u"--head-dim"_s, u"65537"_s}
                                        << u"--head-dim must be between 1 and 65536"_s;
        // Named by the option given: --heads alone was blamed on --kv-heads, --layers on the preset.
        QTest::newRow("heads 65537") << QStringList{u"estimate"_s, u"--heads"_s, u"65537"_s}
                                     << u"--heads must be between 1 and 65536"_s;
        QTest::newRow("heads against the preset's KV heads")
            << QStringList{u"estimate"_s, u"--heads"_s, u"12"_s} << u"--heads: 12 query heads are not a multiple of"_s;
        QTest::newRow("layers 2^20 + 1") << QStringList{u"estimate"_s, u"--layers"_s, u"1048577"_s}
                                         << u"--layers must be between 1 and 1048576"_s;
        QTest::newRow("decode an empty model")
            << QStringList{u"decode"_s, u"--backend"_s, u"cpu"_s, u"--model"_s, QString()} << u"--model: expected"_s;
        QTest::newRow("config in UTF-16") << config(u"notepad-unicode.json"_s) << u"is UTF-16 LE text"_s;
        QTest::newRow("trace: a 10 MiB cell")
            << trace(u"trace-10-mib-cell.csv"_s) << u"prompt_len must be a whole number >= 0, got '9999"_s;
        QTest::newRow("config: garbage after a NUL byte")
            << config(u"config-nul-garbage.json"_s) << u"config-nul-garbage.json: holds a NUL byte at byte"_s;
        QTest::newRow("trace: a NUL byte in a line") << trace(u"trace-nul.jsonl"_s) << u"a NUL byte at column 37"_s;
        // Quoted as an excerpt (the test holds every message under 2,000 bytes), and said to be too long.
        QTest::newRow("config: a megabyte model_type")
            << config(u"megabyte-model-type.json"_s) << u"field 'model_type' is 'tttt"_s;
        QTest::newRow("config: a path past PATH_MAX")
            << QStringList{u"estimate"_s, u"--config"_s, u"./"_s.repeated(3000) + u"x.json"_s}
            << u"/./x.json: cannot open the model config (config.json) (File name too long)"_s;
        QTest::newRow("config: an empty path") << QStringList{u"estimate"_s, u"--config"_s, QString()}
                                               << u"an empty file name: expected the model config"_s;
        QTest::newRow("trace: a JSON array")
            << trace(u"trace-array.jsonl"_s) << u"trace-array.jsonl:1: a JSON array; a trace in JSON Lines"_s;

        // Arguments that were ignored with exit 0: refused, with what was meant.
        QTest::newRow("a preset without --preset")
            << QStringList{u"estimate"_s, u"llama-3.1-8b"_s} << u"did you mean --preset llama-3.1-8b?"_s;
        QTest::newRow("an option with one dash")
            << QStringList{u"estimate"_s, u"-batch"_s, u"64"_s} << u"options take two dashes, --batch"_s;
        QTest::newRow("presets with an argument") << QStringList{u"presets"_s, u"h100"_s} << u"'h100'"_s;
        QTest::newRow("a GPU without --gpu")
            << QStringList{u"capacity"_s, u"h100-80gb"_s} << u"did you mean --gpu h100-80gb?"_s;
        // A value from outside is quoted as an excerpt with its length, never whole.
        QTest::newRow("a 100 KB argument")
            << QStringList{u"estimate"_s, u"--batch"_s, QString(100'000, u'9') + u'x'} << u"(100,001 bytes)"_s;
        QTest::newRow("a 100 KB option name")
            << QStringList{u"estimate"_s, u"--"_s + QString(100'000, u'z')} << u"(100,002 bytes)"_s;
        QTest::newRow("an empty GPU") << QStringList{u"estimate"_s, u"--gpu"_s, QString()}
                                      << u"--gpu: unknown GPU ''"_s;
        // Silent wrong answers: a clock past 2^64 cast to an integer put every arrival at step 0.
        QTest::newRow("rate 1e-20") << QStringList{u"simulate"_s, u"--rate"_s, u"1e-20"_s} << u"rate: at 1e-20"_s;
        QTest::newRow("rate 1e-300") << QStringList{u"simulate"_s, u"--rate"_s, u"1e-300"_s} << u"2147483647"_s;
        QTest::newRow("rate 1e-8") << QStringList{u"simulate"_s, u"--rate"_s, u"1e-8"_s} << u"2147483647"_s;
        QTest::newRow("Jamba offset past its period")
            << config(u"jamba-offset.json"_s) << u"'attn_layer_offset' (1000) must be smaller"_s;
        QTest::newRow("RecurrentGemma block_types empty") << config(u"rg-empty-blocks.json"_s) << u"'block_types'"_s;
        QTest::newRow("RecurrentGemma block_types a string")
            << config(u"rg-string-blocks.json"_s) << u"'block_types'"_s;
    }
    void exitsTwoNamingTheInput() {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        for (const bool json : {false, true}) {
            const CliResult r = runCli(expand(args) + (json ? QStringList{u"--json"_s} : QStringList{}));
            const QString err = QString::fromUtf8(r.err);
            QVERIFY2(r.exitCode == 2, qPrintable(u"exit %1 (want 2): %2"_s.arg(r.exitCode).arg(err)));
            QVERIFY2(r.out.isEmpty(), r.out.left(400).constData());
            QVERIFY2(err.contains(needle.replace(u"@"_s, m_corpus.dir.path())), qPrintable(err));
            QVERIFY2(!err.contains(u"internal error"_s), qPrintable(err));
            // One message, short: never the hostile input itself.
            QVERIFY2(r.err.size() < 2000, qPrintable(err.left(400)));
        }
    }

    // Usage errors exit 2 like every other error of both programs: no command at all (it printed the usage
    // and exited 0), and --version with something after it (ignored, exit 0).
    void usageErrorsExitTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("no command") << QStringList{} << u"no command given"_s;
        QTest::newRow("--version extra") << QStringList{u"--version"_s, u"extra"_s}
                                         << u"--version takes nothing more, got 'extra'"_s;
        QTest::newRow("--version --bogus") << QStringList{u"--version"_s, u"--bogus"_s} << u"'--bogus'"_s;
    }
    void usageErrorsExitTwo() {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const CliResult r = runCli(args);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(r.exitCode == 2, qPrintable(u"exit %1 (want 2): %2"_s.arg(r.exitCode).arg(err)));
        QVERIFY2(r.out.isEmpty(), r.out.left(400).constData());
        QVERIFY2(err.contains(needle), qPrintable(err));
    }

    // Text from outside that is not valid UTF-8 is answered, not refused: nlohmann refuses to
    // dump such a string, which ended every --json command in "internal error" (exit 1).
    void invalidUtf8IsAnswered_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("field");    // a JSON field that carries the text
        QTest::addColumn<QString>("expected"); // what it must read
        QTest::newRow("config name of 67 Hangul syllables")
            << QStringList{u"estimate"_s, u"--config"_s, u"@/hangul-name.json"_s} << u"name"_s
            << QString(66, QChar(0xAC00));
        QTest::newRow("log with Latin-1 bytes")
            << QStringList{u"explain-log"_s, u"@/latin1.log"_s} << u"version"_s << u"0.6.4\uFFFD"_s;
    }
    void invalidUtf8IsAnswered() {
        QFETCH(QStringList, args);
        QFETCH(QString, field);
        QFETCH(QString, expected);
        const CliResult r = runCli(expand(args) + QStringList{u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QJsonParseError error{};
        const QJsonObject j = QJsonDocument::fromJson(r.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const auto find = [&](const QJsonObject& o, auto&& self) -> QString {
            for (auto it = o.begin(); it != o.end(); ++it) {
                if (it.key() == field && it->isString())
                    return it->toString();
                if (it->isObject())
                    if (QString found = self(it->toObject(), self); !found.isNull())
                        return found;
            }
            return {};
        };
        QCOMPARE(find(j, find), expected);
    }

    // A 1 MiB key is listed among the ignored keys as an excerpt with its length, not whole.
    void longKeyIsListedAsAnExcerpt() {
        for (const bool json : {false, true}) {
            const CliResult r = runCli(expand({u"estimate"_s, u"--config"_s, u"@/megabyte-key.json"_s}) +
                                       (json ? QStringList{u"--json"_s} : QStringList{}));
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY2(r.out.size() < 64 * 1024, qPrintable(QString::number(r.out.size())));
            QVERIFY2(r.text().contains(u"(1,048,576 bytes)"_s), r.out.left(2000).constData());
        }
    }

    // Excel writes CSV with a UTF-8 byte-order mark: the header is still the header.
    void byteOrderMarkInACsvTrace() {
        const CliResult r = runCli(expand({u"simulate"_s, u"--workload"_s, u"@/trace-bom.csv"_s, u"--json"_s}));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.text().contains(u"\"requests\": 1"_s), r.out.left(600).constData());
    }

    // A file name that is not UTF-8 (a Latin-1 'é'): QProcess cannot pass such bytes, the shell can.
    void configWhoseNameIsNotUtf8() {
        QFile::copy(QStringLiteral(KVSCOPE_TEST_DATA_DIR "/llama-3.1-8b-instruct.json"),
                    m_corpus.dir.filePath(u"plain.json"_s));
        QProcess shell;
        shell.setWorkingDirectory(m_corpus.dir.path());
        shell.start(u"/bin/sh"_s, {u"-c"_s,
                                   u"cp plain.json \"$(printf 'caf\\351.json')\" && "
                                   "exec \"$0\" estimate --config \"$(printf 'caf\\351.json')\" --json"_s,
                                   QStringLiteral(KVSCOPE_CLI_PATH)});
        QVERIFY(shell.waitForFinished(120'000));
        QVERIFY2(shell.exitCode() == 0, shell.readAllStandardError().constData());
        const QJsonObject j = QJsonDocument::fromJson(shell.readAllStandardOutput()).object();
        QCOMPARE(j[u"model"_s].toObject()[u"id"_s].toString(), u"caf\uFFFD.json"_s);
        const QString notes = QString::fromUtf8(QJsonDocument(j[u"notes"_s].toArray()).toJson());
        QVERIFY2(notes.contains(u"not valid UTF-8"_s), qPrintable(notes));
    }

    // A 4 GiB safetensors file (sparse: no disk) whose header cannot be a model is refused from
    // the header: the whole file was read first, which under a 1 GiB address-space limit ended in
    // "internal error" (std::bad_alloc) and without one took over a minute.
    void safetensorsRefusedFromTheHeader() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a sanitizer reserves more address space than the limit this test sets");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        QSKIP("a sanitizer reserves more address space than the limit this test sets");
#endif
#endif
        const QByteArray header = R"({"wte.weight":{"dtype":"F32","shape":[1000,64],"data_offsets":[0,256000]}})";
        QByteArray start(8, '\0');
        for (int i = 0; i < 8; ++i)
            start[i] = char((header.size() >> (8 * i)) & 0xff);
        m_corpus.write(u"sparse.safetensors"_s, start + header);
        QFile sparse(m_corpus.dir.filePath(u"sparse.safetensors"_s));
        QVERIFY(sparse.resize(qint64(4) << 30));
        QProcess shell;
        shell.start(u"/bin/sh"_s, {u"-c"_s, u"ulimit -v 1048576 && exec \"$0\" decode --backend cpu --model \"$1\""_s,
                                   QStringLiteral(KVSCOPE_CLI_PATH), sparse.fileName()});
        QVERIFY(shell.waitForFinished(120'000));
        const QString err = QString::fromUtf8(shell.readAllStandardError());
        QVERIFY2(shell.exitCode() == 2, qPrintable(u"exit %1: %2"_s.arg(shell.exitCode()).arg(err)));
        QVERIFY2(err.contains(u"data bytes after the last tensor belong to no tensor"_s), qPrintable(err));
        sparse.remove();
    }

    // Standard input that cannot be read (closed, or a directory) is an error with its reason: the stream
    // ended as if the log were empty, and the answer was "none of its 0 lines".
    void unreadableStandardInputIsAnError_data() {
        QTest::addColumn<QString>("redirect");
        QTest::addColumn<QString>("reason");
        QTest::newRow("closed") << u"<&-"_s << u"(Bad file descriptor)"_s;
        QTest::newRow("a directory") << u"</"_s << u"(Is a directory)"_s;
    }
    void unreadableStandardInputIsAnError() {
        QFETCH(QString, redirect);
        QFETCH(QString, reason);
        QProcess process;
        process.start(u"/bin/sh"_s, QStringList{u"-c"_s, u"exec \"$0\" explain-log - "_s + redirect,
                                                QStringLiteral(KVSCOPE_CLI_PATH)});
        QVERIFY(process.waitForFinished(60'000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 2);
        QVERIFY2(err.contains(u"standard input: cannot read the log "_s + reason), qPrintable(err));
    }

    // Output that cannot be written is an error: a full disk or a closed stdout exited 0 and
    // printed nothing, and a script read the empty answer as success.
    void lostOutputIsAnError_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("estimate") << QStringList{u"estimate"_s};
        QTest::newRow("estimate --json") << QStringList{u"estimate"_s, u"--json"_s};
        QTest::newRow("simulate") << QStringList{u"simulate"_s, u"--requests"_s, u"20"_s};
        QTest::newRow("presets --json") << QStringList{u"presets"_s, u"--json"_s};
        QTest::newRow("help") << QStringList{u"--help"_s};
    }
    void lostOutputIsAnError() {
        QFETCH(QStringList, args);
        for (const bool closed : {false, true}) {
            QProcess process;
            if (closed) // the shell closes fd 1 before the CLI starts
                process.start(u"/bin/sh"_s,
                              QStringList{u"-c"_s, u"exec \"$0\" \"$@\" >&-"_s, QStringLiteral(KVSCOPE_CLI_PATH)} +
                                  args);
            else {
                process.setStandardOutputFile(u"/dev/full"_s);
                process.start(QStringLiteral(KVSCOPE_CLI_PATH), args);
            }
            QVERIFY(process.waitForFinished(120'000));
            const QString err = QString::fromUtf8(process.readAllStandardError());
            QVERIFY2(process.exitCode() == 2, qPrintable(u"exit %1: %2"_s.arg(process.exitCode()).arg(err)));
            // With the reason, also for output longer than stdio's buffer (--help, simulate).
            const QString reason = closed ? u"(Bad file descriptor)"_s : u"(No space left on device)"_s;
            QVERIFY2(err.contains(u"cannot write the output to standard output "_s + reason), qPrintable(err));
        }
    }
};

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_badinputs.moc"
