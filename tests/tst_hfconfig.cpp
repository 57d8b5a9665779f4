// The importer against real Hugging Face configs and the variants other families publish.
#include "error.h"
#include "hfconfig.h"
#include "memorymodel.h"
#include "testutils.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace kvscope;
using nlohmann::json;
using namespace Qt::StringLiterals;

class TestHfConfig : public QObject {
    Q_OBJECT

private slots:
    // Published counts and KV sizes from shared/fixtures/hf-configs/README.md.
    void fixtures_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<uint>("layers");
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<uint>("headDim");
        QTest::addColumn<qulonglong>("kvBytesPerToken");
        QTest::addColumn<qulonglong>("publishedParams");
        QTest::addColumn<QByteArray>("attention");
        QTest::newRow("Llama-3.1-8B") << QByteArray("llama-3.1-8b-instruct.json") << 32u << 8u << 128u << 131'072ull
                                      << 8'030'261'248ull << QByteArray("GQA");
        QTest::newRow("Llama-2-7B") << QByteArray("llama-2-7b-chat-hf.json") << 32u << 32u << 128u << 524'288ull
                                    << 6'738'415'616ull << QByteArray("MHA");
        QTest::newRow("Mistral-7B") << QByteArray("mistral-7b-v0.1.json") << 32u << 8u << 128u << 131'072ull
                                    << 7'241'732'096ull << QByteArray("GQA");
        QTest::newRow("Qwen2.5-7B") << QByteArray("qwen2.5-7b-instruct.json") << 28u << 4u << 128u << 57'344ull
                                    << 7'615'616'512ull << QByteArray("GQA");
        QTest::newRow("GPT-2 large") << QByteArray("gpt2-large.json") << 36u << 20u << 64u << 184'320ull
                                     << 774'030'080ull << QByteArray("MHA");
        QTest::newRow("Mixtral-8x7B") << QByteArray("mixtral-8x7b-v0.1.json") << 32u << 8u << 128u << 131'072ull
                                      << 46'702'792'704ull << QByteArray("GQA");
        QTest::newRow("TinyLlama-1.1B") << QByteArray("tinyllama-1.1b-chat-v1.0.json") << 22u << 4u << 64u << 22'528ull
                                        << 1'100'048'384ull << QByteArray("GQA");
    }
    void fixtures() {
        QFETCH(QByteArray, file);
        QFETCH(uint, layers);
        QFETCH(uint, kvHeads);
        QFETCH(uint, headDim);
        QFETCH(qulonglong, kvBytesPerToken);
        QFETCH(qulonglong, publishedParams);
        QFETCH(QByteArray, attention);
        const ImportResult r = importHfConfigFile(testDataPath(file.constData()).toStdString());
        QCOMPARE(r.shape.layers, layers);
        QCOMPARE(r.shape.kvHeads, kvHeads);
        QCOMPARE(r.shape.effectiveHeadDim(), headDim);
        QCOMPARE(QByteArray::fromStdString(attentionKindName(r.shape.attentionKind())), attention);
        KV_COMPARE_U64(kvscope::kvBytesPerToken(r.shape, DType::bf16()), kvBytesPerToken);
        const std::uint64_t estimated = parameterCount(r.shape);
        QVERIFY(r.shape.paramsOverride == 0);
        const double error = std::abs(double(estimated) - double(publishedParams)) / double(publishedParams);
        QVERIFY2(error < 0.01,
                 qPrintable(QStringLiteral("estimated %1, published %2").arg(estimated).arg(publishedParams)));
        // These families are modelled exactly, not just within 1%.
        KV_COMPARE_U64(estimated, publishedParams);
    }

    void windowSemantics() {
        const auto mistral = importHfConfigFile(testDataPath("mistral-7b-v0.1.json").toStdString()).shape;
        QCOMPARE(mistral.slidingWindow, std::uint64_t(4096));
        QCOMPARE(mistral.windowedLayerCount(), 32u);
        // Qwen2.5 names a window but switches it off.
        const auto qwen = importHfConfigFile(testDataPath("qwen2.5-7b-instruct.json").toStdString()).shape;
        QCOMPARE(qwen.windowedLayerCount(), 0u);
        KV_COMPARE_U64(kvBytes(qwen, DType::bf16(), 32768, 1), 32768ull * 57'344ull);
        // Mixtral's sliding_window is null.
        const auto mixtral = importHfConfigFile(testDataPath("mixtral-8x7b-v0.1.json").toStdString()).shape;
        QCOMPARE(mixtral.slidingWindow, std::uint64_t(0));
    }

    void fieldVariants_data() {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<uint>("layers");
        QTest::addColumn<uint>("hidden");
        QTest::addColumn<uint>("heads");
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<uint>("headDim");
        QTest::newRow("llama names")
            << QByteArray(
                   R"({"model_type":"llama","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":2,"intermediate_size":128,"vocab_size":100})")
            << 2u << 64u << 4u << 2u << 16u;
        QTest::newRow("gpt2 names")
            << QByteArray(
                   R"({"model_type":"gpt2","n_layer":3,"n_embd":96,"n_head":6,"vocab_size":100,"n_positions":64})")
            << 3u << 96u << 6u << 6u << 16u;
        QTest::newRow("d_model / num_layers / num_heads")
            << QByteArray(
                   R"({"d_model":128,"num_layers":4,"num_heads":8,"ffn_dim":256,"vocab_size":100,"hidden_act":"gelu"})")
            << 4u << 128u << 8u << 8u << 16u;
        QTest::newRow("falcon multi_query")
            << QByteArray(
                   R"({"model_type":"falcon","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"multi_query":true,"vocab_size":100})")
            << 2u << 64u << 8u << 1u << 8u;
        QTest::newRow("num_kv_heads")
            << QByteArray(
                   R"({"model_type":"falcon","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"num_kv_heads":4,"vocab_size":100})")
            << 2u << 64u << 8u << 4u << 8u;
        QTest::newRow("explicit head_dim")
            << QByteArray(
                   R"({"model_type":"gemma","num_hidden_layers":2,"hidden_size":3072,"num_attention_heads":16,"num_key_value_heads":16,"head_dim":256,"intermediate_size":100,"vocab_size":100})")
            << 2u << 3072u << 16u << 16u << 256u;
        QTest::newRow("text_config nesting")
            << QByteArray(
                   R"({"model_type":"llava","text_config":{"model_type":"llama","num_hidden_layers":5,"hidden_size":256,"num_attention_heads":8,"num_key_value_heads":1,"intermediate_size":512,"vocab_size":100},"vision_config":{"hidden_size":1024}})")
            << 5u << 256u << 8u << 1u << 32u;
        QTest::newRow("null head_dim")
            << QByteArray(
                   R"({"model_type":"mistral","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":4,"head_dim":null,"intermediate_size":128,"vocab_size":100})")
            << 2u << 64u << 4u << 4u << 16u;
    }
    void fieldVariants() {
        QFETCH(QByteArray, config);
        QFETCH(uint, layers);
        QFETCH(uint, hidden);
        QFETCH(uint, heads);
        QFETCH(uint, kvHeads);
        QFETCH(uint, headDim);
        const ModelShape m = importHfConfigText(config.toStdString(), "test.json").shape;
        QCOMPARE(m.layers, layers);
        QCOMPARE(m.hidden, hidden);
        QCOMPARE(m.heads, heads);
        QCOMPARE(m.kvHeads, kvHeads);
        QCOMPARE(m.effectiveHeadDim(), headDim);
    }

    void layerTypesAndPatterns() {
        const char* layerTypes =
            R"({"model_type":"gemma3_text","num_hidden_layers":4,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":1,"head_dim":16,"intermediate_size":128,"vocab_size":100,"sliding_window":512,
            "layer_types":["sliding_attention","sliding_attention","sliding_attention","full_attention"]})";
        const ModelShape a = importHfConfigText(layerTypes, "a.json").shape;
        QCOMPARE(a.windowedLayerCount(), 3u);
        QVERIFY(!a.layerUsesWindow(3));
        // 3 layers capped at 512 tokens, 1 growing: 2 x 1 x 16 x 2 B = 64 B per layer-token.
        KV_COMPARE_U64(kvBytes(a, DType::bf16(), 4096, 1), 64ull * (3 * 512 + 4096));

        const char* pattern =
            R"({"model_type":"gemma3_text","num_hidden_layers":12,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":1,"head_dim":16,"intermediate_size":128,"vocab_size":100,"sliding_window":512,"sliding_window_pattern":6})";
        QCOMPARE(importHfConfigText(pattern, "b.json").shape.windowedLayerCount(), 10u);

        const char* gemma2 =
            R"({"model_type":"gemma2","num_hidden_layers":6,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":2,"head_dim":16,"intermediate_size":128,"vocab_size":100,"sliding_window":4096})";
        QCOMPARE(importHfConfigText(gemma2, "c.json").shape.windowedLayerCount(), 3u);

        const char* qwenWindow =
            R"({"model_type":"qwen2","num_hidden_layers":8,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":2,"intermediate_size":128,"vocab_size":100,"sliding_window":1024,"use_sliding_window":true,"max_window_layers":6})";
        QCOMPARE(importHfConfigText(qwenWindow, "d.json").shape.windowedLayerCount(), 2u);
    }

    void deepSeekMla() {
        const char* config =
            R"({"model_type":"deepseek_v3","num_hidden_layers":61,"hidden_size":7168,"num_attention_heads":128,"num_key_value_heads":128,
            "kv_lora_rank":512,"qk_rope_head_dim":64,"qk_nope_head_dim":128,"v_head_dim":128,"q_lora_rank":1536,"intermediate_size":18432,
            "moe_intermediate_size":2048,"n_routed_experts":256,"n_shared_experts":1,"num_experts_per_tok":8,"first_k_dense_replace":3,"vocab_size":129280,"tie_word_embeddings":false})";
        const ModelShape m = importHfConfigText(config, "deepseek-v3.json").shape;
        QCOMPARE(m.attentionKind(), AttentionKind::MLA);
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), 61ull * 576 * 2); // 70,272 B per token
        // DeepSeek-V3 without its multi-token-prediction layer: 671B total, 37B active.
        const ParameterBreakdown p = parameterBreakdown(m);
        QVERIFY2(std::abs(double(p.total) / 671e9 - 1.0) < 0.01, qPrintable(QString::number(p.total)));
        QVERIFY2(std::abs(double(p.active) / 37e9 - 1.0) < 0.03, qPrintable(QString::number(p.active)));
    }

    void notesForWhatWasAssumed() {
        const char* unknown =
            R"({"model_type":"mystery","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":100,"hidden_act":"silu"})";
        const ImportResult r = importHfConfigText(unknown, "m.json");
        QVERIFY(r.notes.size() >= 2);
        QVERIFY(QString::fromStdString(r.notes[0]).contains(QLatin1String("unknown model_type 'mystery'")));
        QCOMPARE(r.shape.mlp, MlpKind::Gated);
    }

    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("needles");
        QTest::newRow("malformed JSON") << QStringLiteral("{\"num_hidden_layers\": 32,\n  \"hidden_size\": }")
                                        << QStringList{u"bad.json:2:"_s, u"not valid JSON"_s};
        QTest::newRow("not an object") << QStringLiteral("[1, 2]") << QStringList{u"bad.json"_s, u"JSON object"_s};
        // Issue 11: a deeply nested value in a field was serialised whole into the message and
        // overflowed the stack; the message now names its kind and size.
        QTest::newRow("deeply nested layers")
            << (u"{\"num_hidden_layers\": "_s + QString(200000, u'[') + QString(200000, u']') + u"}"_s)
            << QStringList{u"bad.json"_s,
                           u"'num_hidden_layers' must be a positive integer, got an array of 1 item(s)"_s};
        QTest::newRow("missing layers") << QStringLiteral(
                                               R"({"hidden_size":64,"num_attention_heads":4,"vocab_size":10})")
                                        << QStringList{u"bad.json"_s, u"layer count"_s, u"num_hidden_layers"_s};
        QTest::newRow("missing heads") << QStringLiteral(R"({"num_hidden_layers":2,"hidden_size":64,"vocab_size":10})")
                                       << QStringList{u"query head count"_s};
        QTest::newRow("missing vocab") << QStringLiteral(
                                              R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4})")
                                       << QStringList{u"vocabulary size"_s};
        QTest::newRow("kv heads do not divide")
            << QStringLiteral(
                   R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":6,"num_key_value_heads":4,"vocab_size":10})")
            << QStringList{u"KV heads (4) must divide the query heads (6)"_s};
        QTest::newRow("negative layers")
            << QStringLiteral(R"({"num_hidden_layers":-2,"hidden_size":64,"num_attention_heads":4,"vocab_size":10})")
            << QStringList{u"'num_hidden_layers' must be a positive integer, got -2"_s};
        QTest::newRow("zero hidden")
            << QStringLiteral(R"({"num_hidden_layers":2,"hidden_size":0,"num_attention_heads":4,"vocab_size":10})")
            << QStringList{u"'hidden_size' must be a positive integer"_s};
        QTest::newRow("string layers")
            << QStringLiteral(R"({"num_hidden_layers":"32","hidden_size":64,"num_attention_heads":4,"vocab_size":10})")
            << QStringList{u"'num_hidden_layers' must be a positive integer, got '32'"_s};
        // Issue 11: a number where KV Scope's own block expects a name was an "internal error".
        QTest::newRow("numeric preset id")
            << QStringLiteral(R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":10,)"
                              R"("intermediate_size":128,"_kvscope":{"id":5}})")
            << QStringList{u"bad.json"_s, u"'_kvscope.id' must be a string, got 5"_s};
        // Issue 11: four billion layers hung the CLI and the window in a per-layer loop.
        QTest::newRow("four billion layers")
            << QStringLiteral(R"({"num_hidden_layers":4294967295,"hidden_size":64,"num_attention_heads":4,)"
                              R"("vocab_size":10,"sliding_window":128})")
            << QStringList{u"layers must be between 1 and 1048576, got 4294967295"_s};
        QTest::newRow("huge layers")
            << QStringLiteral(
                   R"({"num_hidden_layers":99999999999,"hidden_size":64,"num_attention_heads":4,"vocab_size":10})")
            << QStringList{u"too large"_s};
        QTest::newRow("heads not dividing hidden")
            << QStringLiteral(R"({"num_hidden_layers":2,"hidden_size":65,"num_attention_heads":4,"vocab_size":10})")
            << QStringList{u"head_dim"_s};
        QTest::newRow("layer_types length")
            << QStringLiteral(
                   R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":10,"sliding_window":8,"layer_types":["full_attention"]})")
            << QStringList{u"'layer_types' lists 1 layers"_s};
        QTest::newRow("moe without top-k")
            << QStringLiteral(
                   R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":10,"num_local_experts":8})")
            << QStringList{u"num_experts_per_tok"_s};
        QTest::newRow("bad bool")
            << QStringLiteral(
                   R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":10,"tie_word_embeddings":"yes"})")
            << QStringList{u"'tie_word_embeddings' must be true or false"_s};
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QStringList, needles);
        try {
            importHfConfigText(text.toStdString(), "bad.json");
            QFAIL("expected an error");
        } catch (const Error& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.startsWith(QLatin1String("bad.json")), qPrintable(message));
            for (const QString& needle : needles)
                QVERIFY2(message.contains(needle), qPrintable(message + u" lacks "_s + needle));
        }
    }

    void missingFile() {
        QVERIFY(throwsErrorContaining([] { importHfConfigFile("/nonexistent/config.json"); },
                                      {"/nonexistent/config.json", "cannot open"}));
    }

    void presetsLoadThroughTheImporter() {
        for (const auto& info : modelPresets()) {
            const ModelShape m = loadPreset(info.id);
            QCOMPARE(QString::fromStdString(m.id), QString::fromStdString(info.id));
            QVERIFY(!info.displayName.empty());
            QVERIFY(parameterCount(m) > 0);
        }
        QVERIFY(
            throwsErrorContaining([] { loadPreset("llama-9"); }, {"unknown model preset 'llama-9'", "llama-3.1-8b"}));
    }
};

QTEST_GUILESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
