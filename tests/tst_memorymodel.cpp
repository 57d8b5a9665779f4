// Every figure of docs/domain.md sections 2-4 and the small GPT's cache (section 7).
#include "checked.h"
#include "error.h"
#include "kvformula.h"
#include "memorymodel.h"
#include "presets.h"
#include "testutils.h"
#include "units.h"

#include <QtTest>

using namespace kvscope;

namespace {

// The course's reference: Llama-3.1-8B's attention shape.
ModelShape referenceShape(std::uint32_t kvHeads = 8) {
    ModelShape m;
    m.id = "reference";
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kvHeads = kvHeads;
    m.headDim = 128;
    m.intermediate = 14336;
    m.vocab = 128256;
    return m;
}

ModelShape llama3_70bNaiveShape() {
    ModelShape m = referenceShape(8);
    m.layers = 80;
    m.hidden = 8192;
    m.heads = 64;
    m.intermediate = 28672;
    return m;
}

} // namespace

class TestMemoryModel : public QObject {
    Q_OBJECT

private slots:
    void weightTable7B_data() {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<qulonglong>("bytes");
        QTest::addColumn<double>("gib");
        QTest::newRow("FP32") << QStringLiteral("fp32") << 28'000'000'000ull << 26.08;
        QTest::newRow("BF16") << QStringLiteral("bf16") << 14'000'000'000ull << 13.04;
        QTest::newRow("FP16") << QStringLiteral("fp16") << 14'000'000'000ull << 13.04;
        QTest::newRow("INT8") << QStringLiteral("int8") << 7'000'000'000ull << 6.52;
        QTest::newRow("INT4") << QStringLiteral("int4") << 3'500'000'000ull << 3.26;
        // One FP16 scale per 128 weights: 4.125 bits, a little above the plain 3.26 GiB.
        QTest::newRow("INT4 g128") << QStringLiteral("int4-g128") << 3'609'375'000ull << 3.36;
        QTest::newRow("INT4 g32") << QStringLiteral("int4-g32") << 3'937'500'000ull << 3.67;
        QTest::newRow("INT8 g128") << QStringLiteral("int8-g128") << 7'109'375'000ull << 6.62;
    }
    void weightTable7B() {
        QFETCH(QString, dtype);
        QFETCH(qulonglong, bytes);
        QFETCH(double, gib);
        const std::uint64_t actual = weightBytes(7'000'000'000ull, DType::parse(dtype.toStdString()));
        KV_COMPARE_U64(actual, bytes);
        QCOMPARE(round2(toGiB(actual)), gib);
    }

    void kvTable_data() {
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<double>("gib");
        const std::pair<qulonglong, const char*> contexts[] = {{2048, "2K"}, {8192, "8K"}, {32768, "32K"}};
        const double expected[3][3] = {{0.25, 2, 8}, {1, 8, 32}, {4, 32, 128}};
        const qulonglong batches[] = {1, 8, 32};
        for (int c = 0; c < 3; ++c)
            for (int b = 0; b < 3; ++b)
                QTest::addRow("%s x batch %llu", contexts[c].second, batches[b])
                    << contexts[c].first << batches[b] << expected[c][b];
    }
    void kvTable() {
        QFETCH(qulonglong, context);
        QFETCH(qulonglong, batch);
        QFETCH(double, gib);
        const std::uint64_t bytes = kvBytes(referenceShape(), DType::bf16(), context, batch);
        KV_COMPARE_U64(bytes, context * batch * 131072ull);
        QCOMPARE(toGiB(bytes), gib); // exact: these are powers of two
    }

    void kvScalesLinearly() {
        const ModelShape m = referenceShape();
        const std::uint64_t base = kvBytes(m, DType::bf16(), 2048, 8);
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 8192, 8), 4 * base);  // context x4 -> cache x4
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 2048, 64), 8 * base); // batch x8 -> cache x8
        // Check question 3: batch 8 at 8K needs 8 GiB, so batch 16 needs 16 GiB.
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 8192, 16), 16 * GiB);
    }

    void attentionKinds_data() {
        QTest::addColumn<uint>("kvHeads");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<qulonglong>("bytesPerToken");
        QTest::newRow("MHA") << 32u << QStringLiteral("MHA") << 524'288ull; // 512 KiB
        QTest::newRow("GQA") << 8u << QStringLiteral("GQA") << 131'072ull;  // 128 KiB
        QTest::newRow("GQA-4") << 4u << QStringLiteral("GQA") << 65'536ull;
        QTest::newRow("MQA") << 1u << QStringLiteral("MQA") << 16'384ull; // 16 KiB
    }
    void attentionKinds() {
        QFETCH(uint, kvHeads);
        QFETCH(QString, kind);
        QFETCH(qulonglong, bytesPerToken);
        const ModelShape m = referenceShape(kvHeads);
        QCOMPARE(QString::fromStdString(attentionKindName(m.attentionKind())), kind);
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), bytesPerToken);
        // The naive formula always counts every query head.
        KV_COMPARE_U64(kvBytesPerTokenNaive(m, DType::bf16()), 524'288ull);
    }

    void naiveLlama31_8B() {
        const ModelShape m = loadPreset("llama-3.1-8b");
        KV_COMPARE_U64(kvBytesPerTokenNaive(m, DType::bf16()), 524'288ull); // 2 x 32 x 4096 x 2 B
        KV_COMPARE_U64(kvBytesNaive(m, DType::bf16(), 128 * 1024, 1), 64 * GiB);
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), 128 * KiB);
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 128 * 1024, 1), 16 * GiB);
    }

    void llama3_70B() {
        const ModelShape real = loadPreset("llama-3-70b");
        const std::uint64_t naive = kvBytesNaive(real, DType::bf16(), 4096, 1);
        KV_COMPARE_U64(naive, 10'737'418'240ull); // 2 x 1 x 64 x 80 x 128 x 4096 x 2 B
        QCOMPARE(round2(toGB(naive)), 10.74);
        KV_COMPARE_U64(naive, 10 * GiB);
        KV_COMPARE_U64(kvBytesPerTokenNaive(real, DType::bf16()), 2'621'440ull); // 2.5 MiB
        KV_COMPARE_U64(kvBytesPerToken(real, DType::bf16()), 320 * KiB);
        KV_COMPARE_U64(kvBytes(real, DType::bf16(), 4096, 1), 1280 * MiB); // 1.25 GiB
        // The hand-built shape gives the same numbers as the preset.
        KV_COMPARE_U64(kvBytesPerToken(llama3_70bNaiveShape(), DType::bf16()), 320 * KiB);
    }

    void smallGpt() {
        const ModelShape m = loadPreset("small-gpt");
        QCOMPARE(m.layers, 8u);
        QCOMPARE(m.hidden, 512u);
        const std::uint64_t params = parameterCount(m);
        QCOMPARE(std::round(static_cast<double>(params) / 1e5) / 10.0, 27.6);                 // 27.6M
        QCOMPARE(std::round(toGB(weightBytes(params, DType::fp32())) * 100.0) / 100.0, 0.11); // ~110 MB
        // 8 layers x 2 x 512 values x 4 B per token.
        KV_COMPARE_U64(kvBytesPerToken(m, DType::fp32()), 32'768ull);
        KV_COMPARE_U64(kvBytes(m, DType::fp32(), 500, 1), 16'384'000ull);
        const std::uint64_t batch64 = kvBytes(m, DType::fp32(), 500, 64);
        KV_COMPARE_U64(batch64, 1'048'576'000ull);
        QCOMPARE(round2(toGB(batch64)), 1.05);
        // "nearly ten times the 110 MB of FP32 weights"
        const double ratio = static_cast<double>(batch64) / static_cast<double>(weightBytes(params, DType::fp32()));
        QVERIFY2(ratio > 9.0 && ratio < 10.0, qPrintable(QString::number(ratio)));
    }

    void slidingWindowCapsTheCache() {
        const ModelShape m = loadPreset("mistral-7b");
        QCOMPARE(m.slidingWindow, std::uint64_t(4096));
        QCOMPARE(m.windowedLayerCount(), 32u);
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 2048, 1), 256 * MiB);
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 4096, 1), 512 * MiB);
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 32768, 1), 512 * MiB); // stops growing at the window
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 32768, 4), 2 * GiB);
        // Mixed windows: half the layers windowed -> half the cache keeps growing.
        ModelShape mixed = m;
        mixed.windowedLayers.assign(32, false);
        for (std::uint32_t i = 0; i < 32; i += 2)
            mixed.windowedLayers[i] = true;
        KV_COMPARE_U64(kvBytes(mixed, DType::bf16(), 8192, 1), 16 * 4096 * 8192ull + 16 * 4096 * 4096ull);
    }

    // K and V heads of their own widths (an MLA model's MHA comparison; MiMo's 192 and 128): each is cached at
    // its own size, the projections sized to match, and the formula's terms say both.
    void valueHeadsOfTheirOwnWidth() {
        ModelShape m = loadPreset("llama-3.1-8b");
        m.headDim = 192;
        m.vHeadDim = 128;
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), 32ull * 8 * (192 + 128) * 2);
        const KvFormula f = kvFormula(m, DType::bf16(), 1000, 3);
        QCOMPARE(f.terms.size(), std::size_t(1));
        QCOMPARE(f.terms[0].vHeadDim, 128u);
        KV_COMPARE_U64(f.terms[0].elements() * 2, f.totalBytes);
        KV_COMPARE_U64(f.totalBytes, kvBytes(m, DType::bf16(), 1000, 3));
        // q and k: 4096 x (32 + 8) x 192; v: 4096 x 8 x 128; o: 32 x 128 x 4096.
        const ParameterBreakdown p = parameterBreakdown(m);
        KV_COMPARE_U64(p.attention, 32ull * (4096ull * 40 * 192 + 4096ull * 8 * 128 + 32ull * 128 * 4096));
        m.vHeadDim = 1u << 20;
        QVERIFY(throwsErrorContaining([&] { m.validate(); }, {"v_head_dim"}));
    }

    void mlaLatent() {
        const ModelShape m = loadPreset("deepseek-v2-lite");
        QCOMPARE(m.attentionKind(), AttentionKind::MLA);
        // One latent of 512 + 64 values per layer, no factor 2: 27 x 576 x 2 B.
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), 31'104ull);
        // The naive formula with 16 MHA heads, each a key of 128 + 64 (nope + rope) and a value of v_head_dim 128,
        // would claim 27 x 16 x (192 + 128) x 2 B (issue 24: it took the value as wide as the key, 331,776 B).
        KV_COMPARE_U64(kvBytesPerTokenNaive(m, DType::bf16()), 276'480ull);
        // Published: 15.7B total parameters.
        const double billions = static_cast<double>(parameterCount(m)) / 1e9;
        QVERIFY2(std::abs(billions - 15.7) / 15.7 < 0.01, qPrintable(QString::number(billions)));
    }

    void quantizedCache() {
        const ModelShape m = referenceShape();
        KV_COMPARE_U64(kvBytesPerToken(m, DType::fp32()), 262'144ull);
        KV_COMPARE_U64(kvBytesPerToken(m, DType::int8()), 65'536ull);
        KV_COMPARE_U64(kvBytesPerToken(m, DType::int4()), 32'768ull);
        // INT4 with an FP16 scale per 32 values: each 128-wide head vector carries 4 scales.
        // 2 x 32 x 8 x (128 x 4 + 4 x 16) bits / 8 = 36,864 B.
        KV_COMPARE_U64(kvBytesPerToken(m, DType::parse("int4-g32")), 36'864ull);
    }

    void moeCountsAllExperts() {
        const ModelShape m = loadPreset("mixtral-8x7b");
        const ParameterBreakdown p = parameterBreakdown(m);
        KV_COMPARE_U64(p.total, 46'702'792'704ull);
        KV_COMPARE_U64(p.active, 12'879'925'248ull);
        QVERIFY(!p.estimated);
        ModelShape estimated = m;
        estimated.paramsOverride = 0;
        KV_COMPARE_U64(parameterBreakdown(estimated).total, 46'702'792'704ull);
        KV_COMPARE_U64(parameterBreakdown(estimated).active, 12'879'925'248ull);
        // Attention is dense: the cache is Mistral's GQA cache.
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), 131'072ull);
    }

    void breakdownAddsUp() {
        ModelShape m = loadPreset("llama-3.1-8b");
        m.paramsOverride = 0;
        const ParameterBreakdown p = parameterBreakdown(m);
        KV_COMPARE_U64(p.embeddings + p.attention + p.mlp + p.norms + p.lmHead, p.total);
        KV_COMPARE_U64(p.total, 8'030'261'248ull);
        KV_COMPARE_U64(p.embeddings, p.lmHead); // untied: two vocab x hidden matrices
    }

    // Issue 10: a hybrid's layers by what they cache; windows cap only the layers that attend.
    void hybridLayersByWhatTheyCache() {
        ModelShape m = referenceShape(8); // 2 x 8 x 128 x 2 B = 4,096 B per layer-token
        m.layers = 5;
        using namespace layerpart;
        m.layerParts = {Attention | Mlp, State | Mlp, Attention | Mlp, CrossAttention | Mlp, Attention | State | Mlp};
        m.slidingWindow = 100;
        m.windowedLayers = {true, true, false, true, false}; // the flags on layers 1 and 3 cap nothing
        m.state.convValues = 3 * 1000;
        m.state.recurrentValues = 16 * 1000;
        m.state.paramsPerLayer = 12345;
        m.crossTokens = 50;
        const LayerCounts c = m.layerCounts();
        QCOMPARE(c.kv, 3u);
        QCOMPARE(c.windowedKv, 1u);
        QCOMPARE(c.state, 2u);
        QCOMPARE(c.cross, 1u);
        KV_COMPARE_U64(kvBytesPerToken(m, DType::bf16()), 3ull * 4096);
        // 1000 tokens: two growing attention layers + one capped at 100.
        KV_COMPARE_U64(kvBytes(m, DType::bf16(), 1000, 2), 2ull * 4096 * (2 * 1000 + 100));
        const SequenceState q = sequenceState(m, DType::bf16(), DType::fp32());
        KV_COMPARE_U64(q.stateBytes, 2ull * 19'000 * 4); // FP32 state
        KV_COMPARE_U64(q.crossBytes, 1ull * 50 * 4096);
        // Parameters: attention on the 3 attending layers and the cross layer, state mixers on 2, MLP on all 5.
        ModelShape plain = referenceShape(8);
        const ParameterBreakdown p = parameterBreakdown(m);
        const ParameterBreakdown one = parameterBreakdown(plain);
        KV_COMPARE_U64(p.attention, 4 * (one.attention / 32));
        KV_COMPARE_U64(p.mlp, 5 * (one.mlp / 32));
        KV_COMPARE_U64(p.state, 2ull * 12345);
        KV_COMPARE_U64(p.embeddings + p.attention + p.mlp + p.norms + p.lmHead + p.state + p.other, p.total);
        // Lists of the wrong length or unknown kinds are refused.
        ModelShape wrong = m;
        wrong.layerParts.pop_back();
        QVERIFY(throwsErrorContaining([&] { wrong.validate(); }, {"layer-kind list has 4 entries for 5 layers"}));
        wrong = m;
        wrong.layerParts[0] = layerpart::KnownBits + 1; // 0 is legal: a block of linear replacements (Nemotron-NAS)
        QVERIFY(throwsErrorContaining([&] { wrong.validate(); }, {"layer kind"}));
        wrong = m;
        wrong.state = {};
        QVERIFY(throwsErrorContaining([&] { wrong.validate(); }, {"state size"}));
        wrong = m;
        wrong.crossTokens = 0;
        QVERIFY(throwsErrorContaining([&] { wrong.validate(); }, {"image tokens"}));
    }

    void overflowIsAnError() {
        const ModelShape m = referenceShape();
        QVERIFY(throwsErrorContaining([&] { kvBytes(m, DType::bf16(), 1ull << 40, 1ull << 30); },
                                      {"KV cache bytes", "overflows"}));
        QVERIFY(throwsErrorContaining([&] { weightBytes(~0ull / 2, DType::fp32()); }, {"overflows"}));
        QVERIFY(throwsErrorContaining([] { mulChecked("test product", ~0ull, 2); }, {"test product"}));
        QVERIFY(throwsErrorContaining([] { addChecked(~0ull, 1, "test sum"); }, {"test sum"}));
    }

    void invalidShapes_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<uint>("value");
        QTest::addColumn<QString>("needle");
        QTest::newRow("zero layers") << 0 << 0u << QStringLiteral("layers");
        QTest::newRow("zero hidden") << 1 << 0u << QStringLiteral("hidden");
        QTest::newRow("zero heads") << 2 << 0u << QStringLiteral("query heads");
        QTest::newRow("zero kv heads") << 3 << 0u << QStringLiteral("KV heads");
        QTest::newRow("kv heads not dividing") << 3 << 5u << QStringLiteral("must divide");
        QTest::newRow("kv heads above heads") << 3 << 64u << QStringLiteral("cannot exceed");
        QTest::newRow("zero vocab") << 4 << 0u << QStringLiteral("vocab");
    }
    void invalidShapes() {
        QFETCH(int, field);
        QFETCH(uint, value);
        QFETCH(QString, needle);
        ModelShape m = referenceShape();
        std::uint32_t* fields[] = {&m.layers, &m.hidden, &m.heads, &m.kvHeads, &m.vocab};
        *fields[field] = value;
        QString message;
        const QByteArray needleUtf8 = needle.toUtf8();
        QVERIFY2(throwsErrorContaining([&] { kvBytesPerToken(m, DType::bf16()); }, {needleUtf8.constData()}, &message),
                 qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestMemoryModel)
#include "tst_memorymodel.moc"
