// A bar per GPU (core/pergpu.h, issue 30): vLLM's pipeline split, and each GPU's weights and KV cache under tensor,
// pipeline, expert and data-parallel attention, against hand computations for a dense, a GQA-replicated, an MoE and
// an MLA model; with one GPU per stage and group, the split agrees with the single-GPU estimate for every model the
// project ships or tests.
#include "error.h"
#include "hfconfig.h"
#include "memorymodel.h"
#include "pergpu.h"
#include "presets.h"
#include "scenario.h"
#include "testutils.h"
#include "units.h"

#include <QDir>
#include <QtTest>

#include <numeric>

using namespace kvscope;
using namespace Qt::StringLiterals;

namespace {
Scenario scenarioOf(const ModelShape& model, std::uint32_t tp, std::uint64_t context = 8192, std::uint64_t batch = 8) {
    Scenario s = defaultScenario();
    s.model = model;
    s.weightDtype = DType::bf16();
    s.kvDtype = DType::bf16();
    s.gpuId = "h100-80gb";
    s.gpuMemoryBytes = 80 * GiB;
    s.tensorParallel = tp;
    s.context = context;
    s.batch = batch;
    return s;
}
Scenario preset(const char* id, std::uint32_t tp, std::uint64_t context = 8192, std::uint64_t batch = 8) {
    return scenarioOf(loadPreset(id), tp, context, batch);
}
ModelShape hf(const char* file) {
    return importHfConfigFile(
               testDataPath((u"hf-configs/"_s + QString::fromLatin1(file)).toUtf8().constData()).toStdString())
        .shape;
}
std::uint64_t sumKv(const PerGpuEstimate& p) {
    return std::accumulate(p.gpus.begin(), p.gpus.end(), std::uint64_t(0),
                           [](std::uint64_t a, const GpuShare& g) { return a + g.kvBytes; });
}
} // namespace

class TestPerGpu : public QObject {
    Q_OBJECT

private slots:
    void pipelineSplitsAsVllm_data();
    void pipelineSplitsAsVllm();
    void denseTensorAndPipeline();
    void replicatedKvHeads();
    void expertsWholeOrSplit();
    void mlaLatentCopiedOrDivided();
    void tiedEmbeddingCopiedToTheLastStage();
    void oneGpuPerStageIsTheEstimate();
    void refusals();
};

void TestPerGpu::pipelineSplitsAsVllm_data() {
    // vllm/distributed/utils.py get_pp_indices: L / P each, the remainder from the second-to-last stage back.
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("stages");
    QTest::addColumn<QList<int>>("split");
    QTest::newRow("one stage") << 32 << 1 << QList<int>{32};
    QTest::newRow("even") << 32 << 2 << QList<int>{16, 16};
    QTest::newRow("32 over 3") << 32 << 3 << QList<int>{11, 11, 10};
    QTest::newRow("30 over 4: the middle") << 30 << 4 << QList<int>{7, 8, 8, 7};
    QTest::newRow("31 over 4: the first too") << 31 << 4 << QList<int>{8, 8, 8, 7};
    QTest::newRow("DeepSeek-V3's 61 over 8") << 61 << 8 << QList<int>{7, 7, 8, 8, 8, 8, 8, 7};
    QTest::newRow("a layer each") << 4 << 4 << QList<int>{1, 1, 1, 1};
}

void TestPerGpu::pipelineSplitsAsVllm() {
    QFETCH(int, layers);
    QFETCH(int, stages);
    QFETCH(QList<int>, split);
    const std::vector<std::uint32_t> got = pipelineLayers(std::uint32_t(layers), std::uint32_t(stages));
    QCOMPARE(QList<int>(got.begin(), got.end()), split);
}

void TestPerGpu::denseTensorAndPipeline() {
    // Llama-3.1-8B, 8 sequences of 8,192 tokens. One layer of one token: 8 KV heads x 128 x 2 (K, V) x 2 B = 4 KiB.
    const Scenario tp2 = preset("llama-3.1-8b", 2);
    const PerGpuEstimate a = perGpuEstimate(tp2, {});
    QCOMPARE(a.gpus.size(), std::size_t(2));
    // TP 2: 4 heads each, all 32 layers: 32 x 2 KiB x 65,536 tokens = 4 GiB on each GPU.
    QVERIFY(a.alike); // two equal halves: neither runs out first
    for (const GpuShare& g : a.gpus) {
        QCOMPARE(g.kvBytes, 4 * GiB);
        QCOMPARE(g.kvCopies, 1u);
        QVERIFY(g.embedding && g.lmHead);
    }
    // PP 2 on one GPU a stage: 16 layers x 4 KiB x 65,536 = 4 GiB each, and the weights by hand. A block: q and o
    // 4096 x 4096 each, k and v 4096 x 1024 each, the MLP 3 x 4096 x 14,336, two norms of 4096 = 218,112,000.
    // The embedding (first stage) and the untied LM head (last, with the final norm) are 128,256 x 4096.
    const Scenario pp = preset("llama-3.1-8b", 1);
    const PerGpuEstimate b = perGpuEstimate(pp, {2, 1, false});
    QCOMPARE(b.stageLayers, (std::vector<std::uint32_t>{16, 16}));
    QCOMPARE(b.gpus[0].kvBytes, 4 * GiB);
    QCOMPARE(b.gpus[1].kvBytes, 4 * GiB);
    const std::uint64_t block = 2ull * 4096 * 4096 + 2ull * 4096 * 1024 + 3ull * 4096 * 14336 + 2 * 4096;
    QCOMPARE(block, std::uint64_t(218'112'000));
    const std::uint64_t vocabulary = 128'256ull * 4096;
    QCOMPARE(b.gpus[0].params, 16 * block + vocabulary);
    QCOMPARE(b.gpus[1].params, 16 * block + vocabulary + 4096);
    QVERIFY(b.gpus[0].embedding && !b.gpus[0].lmHead && !b.gpus[1].embedding && b.gpus[1].lmHead);
    QCOMPARE(b.paramsCounted, 32 * block + 2 * vocabulary + 4096);
    // Each stage's weight bytes: its share of the scenario's 16,060,522,496 BF16 bytes.
    const Estimate e = estimate(pp);
    QCOMPARE(b.gpus[0].weightBytes + b.gpus[1].weightBytes, e.weightBytesAllGpus);
    QCOMPARE(b.gpus[1].weightBytes - b.gpus[0].weightBytes, std::uint64_t(2 * 4096));
    // Only the last stage samples: its activations hold the logits, 8 x 128,256 x 4 B, the first's do not.
    QCOMPARE(b.gpus[1].activationBytes - b.gpus[0].activationBytes, 8ull * 128'256 * 4);
    QCOMPARE(b.gpus[1].activationBytes, e.activationBytes);
    // The last stage carries the LM head and the norm: it runs out first.
    QCOMPARE(b.tightest, std::uint32_t(1));
    QVERIFY(!b.alike);
    // Every GPU of a deployment of several holds NCCL's buffers, pipeline stages too: the scenario's TP 1 runtime
    // of 512 MiB plus the 1,833 MiB estimate. TP 2 is the scenario's own runtime.
    for (const GpuShare& g : b.gpus) {
        QCOMPARE(g.communicationBytes, communicationBytesEstimate(2));
        QCOMPARE(g.runtimeBytes, e.runtimeBytes + 1833 * MiB);
    }
    QCOMPARE(a.gpus[0].runtimeBytes, estimate(tp2).runtimeBytes);
    QCOMPARE(perGpuEstimate(pp, {}).gpus[0].communicationBytes, std::uint64_t(0));
}

void TestPerGpu::replicatedKvHeads() {
    // TP 16 over Llama-3.1-8B's 8 KV heads: 2 query heads a GPU, each KV head on two GPUs. One GPU: 32 layers x 1
    // head x 512 B x 65,536 tokens = 1 GiB, and 16 GPUs hold 16 GiB of a cache that is 8 GiB once.
    const PerGpuEstimate p = perGpuEstimate(preset("llama-3.1-8b", 16), {});
    QCOMPARE(p.gpus.size(), std::size_t(16));
    for (const GpuShare& g : p.gpus) {
        QCOMPARE(g.kvBytes, GiB);
        QCOMPARE(g.kvCopies, 2u);
    }
    QCOMPARE(sumKv(p), 2 * estimate(preset("llama-3.1-8b", 1)).kvBytes);
    // The weights too: q and o split 16 ways (2 x 4096 x 4096 / 16), k and v only 8 (one head, 2 x 4096 x 128),
    // the MLP 16 ways (3 x 4096 x 14,336 / 16), both norms whole: 14,163,968 a block; 32 blocks, a sixteenth of the
    // embedding and of the LM head (128,256 x 4096 / 16 each) and the final norm.
    const std::uint64_t block = 2ull * 4096 * 4096 / 16 + 2ull * 4096 * 128 + 3ull * 4096 * 14336 / 16 + 2 * 4096;
    QCOMPARE(block, std::uint64_t(14'163'968));
    QCOMPARE(p.gpus[0].params, 32 * block + 2 * (128'256ull * 4096 / 16) + 4096);
}

void TestPerGpu::expertsWholeOrSplit() {
    // Qwen1.5-MoE-A2.7B: 24 MoE layers of 60 routed experts (3 x 2048 x 1408 each) and a shared expert of 5632.
    // Expert parallelism over 8 GPUs: 60 = 7 x 8 + 4, so GPUs 0-3 hold 8 experts, 4-7 hold 7; without it each GPU
    // holds an eighth of all 60.
    const ModelShape qwen = hf("qwen2_moe-qwen1.5-moe-a2.7b.json");
    const Scenario s = scenarioOf(qwen, 8);
    const PerGpuEstimate ep = perGpuEstimate(s, {1, 1, true});
    const PerGpuEstimate tp = perGpuEstimate(s, {});
    const std::uint64_t expert = 3ull * 2048 * 1408;
    for (const GpuShare& g : ep.gpus)
        QCOMPARE(g.routedExperts, g.rank < 4 ? 8u : 7u);
    QCOMPARE(ep.gpus[0].params - ep.gpus[7].params, 24 * expert);
    QCOMPARE(ep.gpus[0].params - tp.gpus[0].params, 24 * (8 * expert - 60 * expert / 8));
    for (const GpuShare& g : tp.gpus)
        QCOMPARE(g.params, tp.gpus[0].params);
    QCOMPARE(ep.tightest, std::uint32_t(0));
    // The cache does not care how the experts are placed.
    QCOMPARE(ep.gpus[5].kvBytes, tp.gpus[5].kvBytes);
}

void TestPerGpu::mlaLatentCopiedOrDivided() {
    // DeepSeek-V2-Lite caches one latent of 512 + 64 values a layer and token (27 layers, BF16: 1,152 B). Under TP 4
    // every GPU keeps the whole latent of all 6 sequences; with 4 attention groups each GPU keeps its own group's
    // 2, 2, 1 and 1 sequences, and the four hold the cache once.
    const Scenario s = preset("deepseek-v2-lite", 4, 4096, 6);
    const std::uint64_t perSequence = 27ull * 1152 * 4096;
    const PerGpuEstimate copied = perGpuEstimate(s, {});
    for (const GpuShare& g : copied.gpus) {
        QCOMPARE(g.kvBytes, 6 * perSequence);
        QCOMPARE(g.kvCopies, 4u);
    }
    const PerGpuEstimate divided = perGpuEstimate(s, {1, 4, false});
    const std::uint64_t expected[] = {2 * perSequence, 2 * perSequence, perSequence, perSequence};
    for (const GpuShare& g : divided.gpus) {
        QCOMPARE(g.kvBytes, expected[g.rank]);
        QCOMPARE(g.group, g.rank);
        QCOMPARE(g.kvCopies, 1u); // a group of one GPU copies nothing
    }
    QCOMPARE(sumKv(divided), 6 * perSequence);
    // Attention is whole in a group of one: more weight on each GPU than under TP 4. Under TP 4 the KV
    // down-projection (2048 x (512 + 64)) and the latent's norm stay whole on every GPU, as vLLM keeps them.
    QVERIFY(divided.gpus[0].params > copied.gpus[0].params);
    QCOMPARE(layerParams(s.model, 0).attentionWhole, 2048ull * 576 + 512);
    // Fewer sequences than groups: the last groups hold none, and no cache.
    Scenario two = s;
    two.batch = 2;
    const PerGpuEstimate sparse = perGpuEstimate(two, {1, 4, false});
    QCOMPARE(sparse.gpus[2].sequences, std::uint64_t(0));
    QCOMPARE(sparse.gpus[3].kvBytes, std::uint64_t(0));
    QCOMPARE(sparse.gpus[0].kvBytes, perSequence);
}

void TestPerGpu::tiedEmbeddingCopiedToTheLastStage() {
    // GPT-2 ties its LM head to the token embedding: on one stage it is held once; over two stages the last holds a
    // copy (vLLM loads the embedding's weights into its own LM head there), so the GPUs hold 50,257 x 768 more.
    const Scenario s = preset("gpt2", 1, 1024, 1);
    const PerGpuEstimate one = perGpuEstimate(s, {});
    const PerGpuEstimate two = perGpuEstimate(s, {2, 1, false});
    QCOMPARE(one.gpus[0].params, one.paramsCounted);
    QCOMPARE(two.gpus[0].params + two.gpus[1].params, two.paramsCounted + 50'257ull * 768);
    QVERIFY(two.gpus[1].lmHead && !two.gpus[1].embedding);
}

void TestPerGpu::oneGpuPerStageIsTheEstimate() {
    // With P = D = 1 and no expert parallelism, every GPU's cache is the single-GPU estimate's, and the parameters
    // counted block by block are parameterBreakdown's: for every preset and every config in tests/data.
    std::vector<std::pair<std::string, ModelShape>> models;
    for (const ModelPresetInfo& info : modelPresets())
        models.emplace_back(info.id, loadPreset(info.id));
    const QDir dir(testDataPath("hf-configs"));
    for (const QString& file : dir.entryList({u"*.json"_s}, QDir::Files)) {
        try {
            models.emplace_back(file.toStdString(), hf(file.toUtf8().constData()));
        } catch (const Error&) {
            // a config the importer refuses has nothing to split
        }
    }
    QVERIFY(models.size() > 40);
    for (auto& [name, model] : models) {
        ModelShape counted = model;
        counted.paramsOverride = 0;
        const Scenario s = scenarioOf(model, 1, 4096, 2);
        const PerGpuEstimate p = perGpuEstimate(s, {});
        QCOMPARE(p.gpus.size(), std::size_t(1));
        const Estimate e = estimate(s);
        QVERIFY2(p.gpus[0].kvBytes == e.kvBytes && p.gpus[0].stateBytes == e.sequenceStateBytes, name.c_str());
        QVERIFY2(p.paramsCounted == parameterBreakdown(counted).total, name.c_str());
        QVERIFY2(p.gpus[0].weightBytes == e.weightBytesAllGpus, name.c_str());
        QVERIFY2(p.gpus[0].totalBytes == e.totalBytes, name.c_str());
    }
}

void TestPerGpu::refusals() {
    QVERIFY(throwsErrorContaining([] { pipelineLayers(4, 5); }, {"--pp", "every stage needs a layer"}));
    QVERIFY(throwsErrorContaining([] { pipelineLayers(4, 0); }, {"--pp"}));
    QVERIFY(throwsErrorContaining(
        [] {
            perGpuEstimate(preset("llama-3.1-8b", 4), {1, 3, false});
        },
        {"--dp-attention", "must divide the 4"}));
    QVERIFY(throwsErrorContaining(
        [] {
            perGpuEstimate(preset("llama-3.1-8b", 2), {1, 1, true});
        },
        {"--ep", "no routed experts"}));
    QVERIFY(throwsErrorContaining(
        [] {
            perGpuEstimate(preset("mixtral-8x7b", 16), {1, 1, true});
        },
        {"--ep", "8 routed experts", "16 GPUs"}));
    QVERIFY(throwsErrorContaining(
        [] {
            perGpuEstimate(scenarioOf(hf("mamba-mamba-2.8b.json"), 1), {2, 1, false});
        },
        {"per-sequence state", "not modelled yet"}));
    QVERIFY(throwsErrorContaining([] { perGpuEstimate(preset("llama-3.1-8b", 1), {33, 1, false}); }, {"--pp", "33"}));
    // What is drawn is bounded: 64 stages, 1,024 GPUs.
    QVERIFY(throwsErrorContaining([] { perGpuEstimate(preset("llama-3-70b", 1), {65, 1, false}); }, {"at most 64"}));
    QVERIFY(throwsErrorContaining([] { perGpuEstimate(preset("llama-3-70b", 64), {32, 1, false}); }, {"1024 GPUs"}));
}

QTEST_GUILESS_MAIN(TestPerGpu)
#include "tst_pergpu.moc"
