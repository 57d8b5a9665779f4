// The roofline's bytes and FLOPs (core/roofline.h) against hand computations, the roof and the
// reading, the data-sheet prediction of the time per output token, and the small GPT's shape as
// core sees it (gpu/rooflinerun.h). No time is measured here.
#include "gptmodel.h"
#include "gpus.h"
#include "hfconfig.h"
#include "memorymodel.h"
#include "presets.h"
#include "roofline.h"
#include "rooflinerun.h"
#include "scenario.h"
#include "scenarioargs.h"
#include "testutils.h"

#include <QtTest>

using namespace kvscope;
using namespace kvscope::roofline;

class TestRoofline : public QObject {
    Q_OBJECT

private slots:
    void decodeStepByHand_data();
    void decodeStepByHand();
    void prefillByHand();
    void layerKindsAttendWithTheirOwnHeads();
    void llamaOnH100ByHand();
    void readingOfAMeasuredStep_data();
    void readingOfAMeasuredStep();
    void moeReadsMoreExpertsAtLargerBatch();
    void invariants_data();
    void invariants();
    void presetsCarryDataSheets();
    void scenarioPredictionAndTensorParallel();
    void scenarioReadsTheStoredWeights();
    void badInputs();
    void servingStepOfDecodesIsDecodeStep_data();
    void servingStepOfDecodesIsDecodeStep();
    void servingStepOfWholePromptsIsPrefillStep_data();
    void servingStepOfWholePromptsIsPrefillStep();
    void chunkedPrefillAddsUpToTheWholePrompt_data();
    void chunkedPrefillAddsUpToTheWholePrompt();
    void mixedStepReadsTheWeightsOnce();
    void stepSecondsOnARoof();
    void smallGptShapeMatchesTheDecodeCore();
    void measurementPlacesStepsWithCoresWork();
    void measurementHonoursBudgetAndStop();
};

// Rows worked by hand. Parameter counts from the shapes (each preset's published count equals it):
//
// Llama-3.1-8B: 32 layers, hidden 4,096, 32 heads of 128, 8 KV heads, MLP 14,336, vocab 128,256, untied.
//   per layer: q, o 4,096 x 4,096 = 16,777,216 each; k, v 4,096 x 1,024 = 4,194,304 each;
//              MLP 3 x 4,096 x 14,336 = 176,160,768; norms 2 x 4,096 = 8,192 -> 218,112,000
//   multiplied = 32 x (218,112,000 - 8,192) + LM head 128,256 x 4,096 (525,336,576) = 7,504,658,432
//   read       = multiplied + norms (32 x 8,192 + 4,096 = 266,240) = 7,504,924,672 -> x 2 B = 15,009,849,344 B
//   KV per token (BF16) = 2 x 32 x 8 x 128 x 2 B = 131,072 B
//   batch 1, context 8,192: read 8,192 x 131,072 = 1,073,741,824 B; write 131,072 B
//     bytes = 15,009,849,344 + 1,073,741,824 + 131,072 = 16,083,722,240
//     FLOPs = 2 x 7,504,658,432 + 4 x 32 x 128 x 32 layers x 8,193 keys (524,288 x 8,193)
//           = 15,009,316,864 + 4,295,491,584 = 19,304,808,448
//   batch 8, context 2,048: weights as above; read 8 x 2,048 x 131,072 = 2,147,483,648; write 8 x 131,072
//     bytes = 15,009,849,344 + 2,147,483,648 + 1,048,576 = 17,158,381,568
//     FLOPs = 8 tokens x 15,009,316,864 = 120,074,534,912
//           + 524,288 x 2,049 x 8 = 8,594,128,896 -> 128,668,663,808
//
// Mistral-7B: Llama's body with vocab 32,000 and a 4,096-token window on every layer.
//   multiplied = 32 x 218,103,808 + 32,000 x 4,096 = 6,979,321,856 + 131,072,000 = 7,110,393,856
//   read = 7,110,393,856 + 266,240 = 7,110,660,096 -> 14,221,320,192 B (BF16)
//   batch 1, context 8,192: the window keeps 4,096 tokens: read 4,096 x 131,072 = 536,870,912; write 131,072
//     bytes = 14,758,322,176; FLOPs = 2 x 7,110,393,856 + 524,288 x 4,096 keys = 14,220,787,712 +
//     2,147,483,648 = 16,368,271,360
//
// The small GPT (8 layers, width 512, 8 heads of 64, vocab 4,096, 512 positions, tied, biases), FP32:
//   per layer: qkv 512 x 1,536 + 1,536 = 787,968; proj 262,144 + 512 = 262,656;
//              fc 512 x 2,048 + 2,048 = 1,050,624; fc2 2,048 x 512 + 512 = 1,049,088; 2 LayerNorms 2,048
//   total = embeddings (2,097,152 + 262,144) + 8 x 3,152,384 + final norm 1,024 = 27,579,392
//   multiplied = 27,579,392 - 2,359,296 - norms 17,408 + tied LM head 2,097,152 = 27,299,840
//   read = 27,317,248 x 4 B = 109,268,992 B; KV per token 2 x 8 x 512 x 4 B = 32,768 B
//   batch 1, context 256: read 8,388,608, write 32,768: bytes 117,690,368
//     FLOPs = 54,599,680 + 4 x 8 x 64 x 8 layers x 257 keys (2,048 x 8 x 257 = 4,210,688) = 58,810,368
//   batch 64, context 1,024: read 64 x 1,024 x 32,768 = 2,147,483,648; write 64 x 32,768 = 2,097,152
//     bytes = 109,268,992 + 2,147,483,648 + 2,097,152 = 2,258,849,792
//     FLOPs = 64 x 54,599,680 + 16,384 x 1,025 x 64 = 3,494,379,520 + 1,074,790,400 = 4,569,169,920
void TestRoofline::decodeStepByHand_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<qulonglong>("batch");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<qulonglong>("weightBytes");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<qulonglong>("flops");
    QTest::newRow("llama-3.1-8b b1 8K") << u"llama-3.1-8b"_qs << u"bf16"_qs << 1ull << 8192ull << 15009849344ull
                                        << 16083722240ull << 19304808448ull;
    QTest::newRow("llama-3.1-8b b8 2K") << u"llama-3.1-8b"_qs << u"bf16"_qs << 8ull << 2048ull << 15009849344ull
                                        << 17158381568ull << 128668663808ull;
    QTest::newRow("mistral-7b b1 8K (window)")
        << u"mistral-7b"_qs << u"bf16"_qs << 1ull << 8192ull << 14221320192ull << 14758322176ull << 16368271360ull;
    QTest::newRow("small-gpt b1 256") << u"small-gpt"_qs << u"fp32"_qs << 1ull << 256ull << 109268992ull << 117690368ull
                                      << 58810368ull;
    QTest::newRow("small-gpt b64 1024") << u"small-gpt"_qs << u"fp32"_qs << 64ull << 1024ull << 109268992ull
                                        << 2258849792ull << 4569169920ull;
}

void TestRoofline::decodeStepByHand() {
    QFETCH(QString, preset);
    QFETCH(QString, dtype);
    QFETCH(qulonglong, batch);
    QFETCH(qulonglong, context);
    QFETCH(qulonglong, weightBytes);
    QFETCH(qulonglong, bytes);
    QFETCH(qulonglong, flops);
    const ModelShape m = loadPreset(preset.toStdString());
    const DType d = DType::parse(dtype.toStdString());
    const StepWork w = decodeStep(m, d, d, batch, context);
    KV_COMPARE_U64(w.weightBytes, weightBytes);
    KV_COMPARE_U64(w.bytes, bytes);
    KV_COMPARE_U64(w.flops, flops);
    KV_COMPARE_U64(w.weightBytes + w.kvReadBytes + w.kvWriteBytes, w.bytes);
    KV_COMPARE_U64(w.matmulFlops + w.attentionFlops, w.flops);
    // The cache read is core's KV formula, as the Memory page shows it.
    KV_COMPARE_U64(w.kvReadBytes, kvBytes(m, d, context, batch));
    KV_COMPARE_U64(w.tokens, batch);
}

// The small GPT's prefill of 256 tokens, batch 1, FP32:
//   weights 109,268,992 B; K/V written 256 x 32,768 = 8,388,608 B; nothing read from a cache: 117,657,600 B
//   FLOPs: the body (27,299,840 - LM head 2,097,152 = 25,202,688) x 2 x 256 tokens = 12,903,776,256
//          + the LM head for the last token only: 2 x 2,097,152 = 4,194,304
//          + causal attention: 256 x 257 / 2 = 32,896 keys x 8 layers x 4 x 8 x 64 = 538,968,064
//          = 13,446,938,624 -> intensity 114.3 FLOP/B, against 0.50 for the decode step above
void TestRoofline::prefillByHand() {
    const ModelShape m = loadPreset("small-gpt");
    const StepWork w = prefillStep(m, DType::fp32(), DType::fp32(), 1, 256);
    KV_COMPARE_U64(w.tokens, 256);
    KV_COMPARE_U64(w.kvReadBytes, 0);
    KV_COMPARE_U64(w.kvWriteBytes, 8388608);
    KV_COMPARE_U64(w.bytes, 117657600);
    KV_COMPARE_U64(w.matmulFlops, 12907970560ull);
    KV_COMPARE_U64(w.attentionFlops, 538968064);
    KV_COMPARE_U64(w.flops, 13446938624ull);
    QCOMPARE(std::round(w.intensity() * 10) / 10, 114.3);
    // A one-token prefill is a decode step with an empty cache, but for the write.
    const StepWork one = prefillStep(m, DType::fp32(), DType::fp32(), 4, 1);
    const StepWork step = decodeStep(m, DType::fp32(), DType::fp32(), 4, 0);
    KV_COMPARE_U64(one.flops, step.flops);
    KV_COMPARE_U64(one.bytes, step.bytes);
    // Mistral's window caps the keys of a long prefill: 8,192 tokens, 4,096-token window:
    // 4,096 x 4,097 / 2 + 4,096 x 4,096 = 8,390,656 + 16,777,216 = 25,167,872 keys per layer.
    const ModelShape mistral = loadPreset("mistral-7b");
    const StepWork windowed = prefillStep(mistral, DType::bf16(), DType::bf16(), 1, 8192);
    KV_COMPARE_U64(windowed.attentionFlops, 25167872ull * 32 * 4 * 32 * 128);
}

// Issue 24: Gemma 4 31B's layer kinds attend with their own heads. A decode step at a 4,095-token context (4,096
// keys with the new one), batch 1: 10 full layers x 4,096 keys x 2 x 32 heads x (512 + 512) = 2,684,354,560 and
// 50 sliding layers x 1,024 keys (the window) x 2 x 32 x (256 + 256) = 1,677,721,600: 4,362,076,160 FLOPs (with one
// head size for both, the sliding layers' came out twice as large).
void TestRoofline::layerKindsAttendWithTheirOwnHeads() {
    const ModelShape m = importHfConfigFile(testDataPath("hf-configs/gemma4-gemma-4-31b-it.json").toStdString()).shape;
    QVERIFY(m.hasTwoGeometries());
    const StepWork decode = decodeStep(m, DType::bf16(), DType::bf16(), 1, 4095);
    KV_COMPARE_U64(decode.attentionFlops, 4'362'076'160ull);
    KV_COMPARE_U64(decodeStep(m, DType::bf16(), DType::bf16(), 3, 4095).attentionFlops, 3 * 4'362'076'160ull);
    // A 2,048-token prefill: 2,048 x 2,049 / 2 = 2,098,176 keys per full layer, 1,024 x 1,025 / 2 + 1,024 x 1,024
    // = 1,573,376 per sliding layer.
    const StepWork prefill = prefillStep(m, DType::bf16(), DType::bf16(), 1, 2048);
    KV_COMPARE_U64(prefill.attentionFlops, 10ull * 2'098'176 * 65'536 + 50ull * 1'573'376 * 32'768);
}

// Llama-3.1-8B, BF16, batch 1, 8K context on an H100 SXM's data sheet (3.35 TB/s, 989.5 TFLOPS):
//   intensity = 19,304,808,448 / 16,083,722,240 = 1.2003 FLOP/B; ridge = 989.5e12 / 3.35e12 = 295.37 FLOP/B
//   memory time = 16,083,722,240 B / 3.35e12 B/s = 4.8011 ms; compute time = 19,304,808,448 / 989.5e12 = 0.0195 ms
//   TPOT lower bound = max = 4.801 ms: memory-bound, 246x below the ridge.
void TestRoofline::llamaOnH100ByHand() {
    const ModelShape m = loadPreset("llama-3.1-8b");
    const GpuPreset& h100 = findGpuPreset("h100-80gb");
    const std::optional<Prediction> p = predictDecode(m, DType::bf16(), DType::bf16(), 1, 8192, h100);
    QVERIFY(p.has_value());
    QCOMPARE(p->roof.bandwidth, 3.35e12);
    QCOMPARE(p->roof.peakFlops, 989.5e12);
    QCOMPARE(std::round(ridgePoint(p->roof) * 100) / 100, 295.37);
    QCOMPARE(std::round(p->reading.intensity * 10000) / 10000, 1.2003);
    QCOMPARE(std::round(p->tpotSeconds * 1e7) / 1e4, 4.8011); // ms
    QCOMPARE(std::round(p->reading.computeSeconds * 1e7) / 1e4, 0.0195);
    QVERIFY(p->reading.bound == Bound::Memory);
    QCOMPARE(p->tpotSeconds, p->reading.memorySeconds);
    QVERIFY(!p->reading.measured);
    // Attainable at this intensity: 3.35e12 x 1.2003 = 4.02 TFLOP/s, 0.4% of the peak.
    QCOMPARE(std::round(p->reading.roofFlops / 1e10) / 100, 4.02);
}

// A made-up roof of 100 GB/s and 1 TFLOP/s (ridge 10 FLOP/B) and steps of 1 GB moved:
//   1 GFLOP (intensity 1): lower bound max(10 ms, 1 ms) = 10 ms; measured 20 ms -> 50% of the roof, memory-bound
//   50 GFLOP (intensity 50): max(10 ms, 50 ms) = 50 ms; measured 62.5 ms -> 80%, compute-bound
//   10 GFLOP (intensity 10, the ridge): both 10 ms; measured 10 ms -> 100%, compute-bound (at the ridge)
void TestRoofline::readingOfAMeasuredStep_data() {
    QTest::addColumn<qulonglong>("flops");
    QTest::addColumn<double>("seconds");
    QTest::addColumn<bool>("memoryBound");
    QTest::addColumn<double>("share");
    QTest::addColumn<double>("achievedGflops");
    QTest::newRow("memory-bound") << 1000000000ull << 0.020 << true << 0.5 << 50.0;
    QTest::newRow("compute-bound") << 50000000000ull << 0.0625 << false << 0.8 << 800.0;
    QTest::newRow("at the ridge") << 10000000000ull << 0.010 << false << 1.0 << 1000.0;
}

void TestRoofline::readingOfAMeasuredStep() {
    QFETCH(qulonglong, flops);
    QFETCH(double, seconds);
    QFETCH(bool, memoryBound);
    QFETCH(double, share);
    QFETCH(double, achievedGflops);
    StepWork w;
    w.bytes = 1000000000;
    w.flops = flops;
    const Roof roof{100e9, 1e12};
    QCOMPARE(ridgePoint(roof), 10.0);
    const Reading r = read(w, roof, seconds);
    QVERIFY(r.measured);
    QCOMPARE(r.bound == Bound::Memory, memoryBound);
    QCOMPARE(std::round(r.shareOfRoof * 1000) / 1000, share);
    QCOMPARE(std::round(r.achievedFlops / 1e6) / 1e3, achievedGflops);
    QCOMPARE(std::round(r.achievedBandwidth / 1e6) / 1e3, 1.0 / seconds);
    // The share is achieved FLOP/s over the roof at this intensity, however it is computed.
    QCOMPARE(std::round(r.achievedFlops / attainableFlops(roof, r.intensity) * 1000) / 1000, share);
    // No time, no share.
    const Reading unmeasured = read(w, roof);
    QVERIFY(!unmeasured.measured);
    QCOMPARE(unmeasured.shareOfRoof, 0.0);
    QVERIFY(!read(w, roof, 0.0).measured);
    QVERIFY(!read(w, roof, -1.0).measured);
}

// Mixtral-8x7B: 2 of 8 experts a token. Batch 1 reads the active weights only; batch 2 reaches
// 8 (1 - (6/8)^2) = 3.5 experts of 8 on average (a quarter of the other 6); a large batch nearly all.
void TestRoofline::moeReadsMoreExpertsAtLargerBatch() {
    const ModelShape m = loadPreset("mixtral-8x7b");
    const ParameterBreakdown p = parameterBreakdown(m);
    const std::uint64_t norms = p.norms;
    KV_COMPARE_U64(parametersRead(m, 1), multipliedParameters(m) + norms);
    const double otherExperts = double(p.total - p.active);
    QCOMPARE(double(parametersRead(m, 2) - parametersRead(m, 1)), std::round(0.25 * otherExperts));
    QVERIFY(parametersRead(m, 256) > parametersRead(m, 64));
    QVERIFY(double(parametersRead(m, 256) - parametersRead(m, 1)) > 0.999 * otherExperts);
    // The FLOPs per token do not change: a token is multiplied by its own experts only.
    const StepWork one = decodeStep(m, DType::bf16(), DType::bf16(), 1, 0);
    const StepWork two = decodeStep(m, DType::bf16(), DType::bf16(), 2, 0);
    KV_COMPARE_U64(two.matmulFlops, 2 * one.matmulFlops);
    QVERIFY(two.weightBytes > one.weightBytes);
}

void TestRoofline::invariants_data() {
    QTest::addColumn<QString>("preset");
    for (const ModelPresetInfo& info : modelPresets())
        QTest::newRow(info.id.c_str()) << QString::fromStdString(info.id);
}

// For every preset: batch moves a decode step toward the ridge (more FLOPs per byte) while the
// weights dominate, a longer context pulls it back (the cache read grows as fast as attention's
// FLOPs, at about one FLOP per byte), and a prefill sits far to the right of a decode step.
void TestRoofline::invariants() {
    QFETCH(QString, preset);
    const ModelShape m = loadPreset(preset.toStdString());
    const DType d = m.nativeDtype;
    const double b1 = decodeStep(m, d, d, 1, 256).intensity();
    const double b16 = decodeStep(m, d, d, 16, 256).intensity();
    const double b256 = decodeStep(m, d, d, 256, 256).intensity();
    QVERIFY2(b1 < b16 && b16 < b256, qPrintable(u"%1 %2 %3"_qs.arg(b1).arg(b16).arg(b256)));
    const std::uint64_t longContext = m.slidingWindow > 0 ? m.slidingWindow : 16384;
    if (m.layerCounts().kv > 0)
        QVERIFY(decodeStep(m, d, d, 64, longContext).intensity() < decodeStep(m, d, d, 64, 64).intensity());
    QVERIFY(prefillStep(m, d, d, 1, 1024).intensity() > 50 * b1);
    // Batch 1 is memory-bound on every data sheet in the presets.
    for (const GpuPreset& gpu : gpuPresets())
        if (const auto p = predictDecode(m, d, d, 1, 1024, gpu))
            QVERIFY2(p->reading.bound == Bound::Memory, gpu.id.c_str());
}

void TestRoofline::presetsCarryDataSheets() {
    int withSheet = 0;
    for (const GpuPreset& gpu : gpuPresets()) {
        if (!gpu.sheet.present()) {
            QVERIFY(!dataSheetRoof(gpu).has_value());
            continue;
        }
        ++withSheet;
        // Labelled as the data sheet's, with its figures; a ridge between 100 and 600 FLOP/B.
        QVERIFY2(QString::fromStdString(gpu.sheet.source).startsWith(u"data sheet: "_qs), gpu.id.c_str());
        QVERIFY(gpu.sheet.peakDtype == "bf16" || gpu.sheet.peakDtype == "fp16");
        const double ridge = ridgePoint(*dataSheetRoof(gpu));
        QVERIFY2(ridge > 100 && ridge < 600, qPrintable(u"%1: %2"_qs.arg(QString::fromStdString(gpu.id)).arg(ridge)));
    }
    QVERIFY(withSheet >= 10);
    QCOMPARE(findGpuPreset("h200").sheet.bandwidth, 4.8e12);
    QCOMPARE(findGpuPreset("a100-80gb").sheet.peakFlops, 312e12);
}

// The course's default scenario (Llama-3.1-8B, BF16, batch 8, 8K, RTX 4090 at 1,008 GB/s):
//   bytes = 15,009,849,344 + 8 x 8,192 x 131,072 (8,589,934,592) + 8 x 131,072 = 23,600,832,512
//   TPOT >= 23,600,832,512 / 1.008e12 = 23.4135 ms (23.414 to three decimals).
// Two GPUs (--tp 2): weights 7,504,924,672 B each, 4 KV heads each: 4,294,967,296 + 524,288 B
//   -> 11,800,416,256 B / 1.008e12 = 11.707 ms.
void TestRoofline::scenarioPredictionAndTensorParallel() {
    Scenario s = defaultScenario();
    s.gpuId = "rtx-4090";
    const auto one = predictScenario(s);
    QVERIFY(one.has_value());
    KV_COMPARE_U64(one->work.bytes, 23600832512ull);
    QCOMPARE(std::round(one->tpotSeconds * 1e6) / 1e3, 23.414);
    s.tensorParallel = 2;
    const auto two = predictScenario(s);
    QVERIFY(two.has_value());
    KV_COMPARE_U64(two->work.bytes, 11800416256ull);
    QCOMPARE(std::round(two->tpotSeconds * 1e6) / 1e3, 11.707);
    s.tensorParallel = 1;
    s.gpuId = "rtx-3060"; // no data-sheet figures in the preset
    QVERIFY(!predictScenario(s).has_value());
    s.gpuId = "custom";
    QVERIFY(!predictScenario(s).has_value());
}

// Issue 24: a quantized checkpoint's step reads its stored bytes. Qwen3-32B-AWQ at batch 1: the 31,205,621,760
// quantized weights at their stored 16,212,295,680 B (4 bits + an FP16 scale and 4-bit zero per 128), and the rest
// it reads (the LM head, the norms) in FP16.
void TestRoofline::scenarioReadsTheStoredWeights() {
    Scenario s = defaultScenario();
    applyModelSource(s, std::nullopt, testDataPath("hf-configs/qwen3-qwen3-32b-awq.json").toStdString());
    s.gpuId = "h100-80gb";
    s.batch = 1;
    const auto p = predictScenario(s);
    QVERIFY(p.has_value());
    const std::uint64_t read = parametersRead(s.model, 1);
    KV_COMPARE_U64(p->work.weightBytes, 16'212'295'680ull + 2 * (read - 31'205'621'760ull));
    KV_COMPARE_U64(p->work.bytes, p->work.weightBytes + p->work.kvReadBytes + p->work.kvWriteBytes);
    s.weightsAsStored = false;
    QVERIFY(predictScenario(s)->work.weightBytes > 3 * p->work.weightBytes);
    // An MoE (found in review: every weight read was priced as quantized): gpt-oss-20b at batch 1 reads 4 of its
    // 32 experts per layer, 0.125 x 19,110,297,600 MXFP4 weights at 4.25 bits (1,269,043,200 B), and the rest it
    // reads (attention, routers, LM head, norms) in BF16.
    Scenario oss = defaultScenario();
    applyModelSource(oss, std::nullopt, testDataPath("hf-configs/gpt_oss-gpt-oss-20b.json").toStdString());
    oss.gpuId = "h100-80gb";
    oss.batch = 1;
    QVERIFY(oss.weightsAsStored);
    const auto q = predictScenario(oss);
    QVERIFY(q.has_value());
    const std::uint64_t ossRead = parametersRead(oss.model, 1);
    KV_COMPARE_U64(q->work.weightBytes, 1'269'043'200ull + 2 * (ossRead - 2'388'787'200ull));
}

void TestRoofline::badInputs() {
    const ModelShape m = loadPreset("llama-3.1-8b");
    QVERIFY(throwsErrorContaining([&] { decodeStep(m, DType::bf16(), DType::bf16(), 0, 10); }, {"batch"}));
    QVERIFY(throwsErrorContaining([&] { prefillStep(m, DType::bf16(), DType::bf16(), 1, 0); }, {"prompt"}));
    // Sizes past 64 bits are errors naming the quantity, never wrapped numbers.
    QVERIFY(throwsErrorContaining([&] { decodeStep(m, DType::bf16(), DType::bf16(), 1ull << 40, 1ull << 40); },
                                  {"overflows 64 bits"}));
    QVERIFY(throwsErrorContaining([&] { prefillStep(m, DType::bf16(), DType::bf16(), 1, 1ull << 40); },
                                  {"overflows 64 bits"}));
    QVERIFY(throwsErrorContaining([&] { read(StepWork{}, Roof{0.0, 1.0}); }, {"bandwidth"}));
    ModelShape broken = m;
    broken.kvHeads = 5; // does not divide 32
    QVERIFY(throwsErrorContaining([&] { decodeStep(broken, DType::bf16(), DType::bf16(), 1, 1); }, {"KV heads"}));
}

namespace {
void compareWork(const StepWork& a, const StepWork& b) {
    KV_COMPARE_U64(a.batch, b.batch);
    KV_COMPARE_U64(a.tokens, b.tokens);
    KV_COMPARE_U64(a.weightBytes, b.weightBytes);
    KV_COMPARE_U64(a.kvReadBytes, b.kvReadBytes);
    KV_COMPARE_U64(a.kvWriteBytes, b.kvWriteBytes);
    KV_COMPARE_U64(a.bytes, b.bytes);
    KV_COMPARE_U64(a.matmulFlops, b.matmulFlops);
    KV_COMPARE_U64(a.attentionFlops, b.attentionFlops);
    KV_COMPARE_U64(a.flops, b.flops);
}
} // namespace

// A serving step of B decodes at one context is decodeStep's, for every preset (dense, GQA, MoE, MLA,
// a sliding window) and contexts below, at and past a window.
void TestRoofline::servingStepOfDecodesIsDecodeStep_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<qulonglong>("batch");
    QTest::addColumn<qulonglong>("context");
    for (const ModelPresetInfo& info : modelPresets())
        for (const auto& [batch, context] : {std::pair{1ull, 0ull}, {3ull, 1000ull}, {8ull, 4096ull}, {2ull, 9000ull}})
            QTest::addRow("%s, %llu x %llu", info.id.c_str(), batch, context)
                << QString::fromStdString(info.id) << qulonglong(batch) << qulonglong(context);
}
void TestRoofline::servingStepOfDecodesIsDecodeStep() {
    QFETCH(QString, preset);
    QFETCH(qulonglong, batch);
    QFETCH(qulonglong, context);
    const ModelShape m = loadPreset(preset.toStdString());
    const DType d = m.nativeDtype;
    const std::vector<std::uint64_t> contexts(batch, context);
    StepWork expected = decodeStep(m, d, d, batch, context);
    expected.context = 0; // a serving step states none
    compareWork(servingStep(m, d, d, contexts, {}), expected);
}

// Whole prompts as one chunk each (offset 0, ending the prompt) are prefillStep's.
void TestRoofline::servingStepOfWholePromptsIsPrefillStep_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<qulonglong>("batch");
    QTest::addColumn<qulonglong>("prompt");
    for (const ModelPresetInfo& info : modelPresets())
        for (const auto& [batch, prompt] : {std::pair{1ull, 1ull}, {2ull, 512ull}, {1ull, 8192ull}})
            QTest::addRow("%s, %llu x %llu", info.id.c_str(), batch, prompt)
                << QString::fromStdString(info.id) << qulonglong(batch) << qulonglong(prompt);
}
void TestRoofline::servingStepOfWholePromptsIsPrefillStep() {
    QFETCH(QString, preset);
    QFETCH(qulonglong, batch);
    QFETCH(qulonglong, prompt);
    const ModelShape m = loadPreset(preset.toStdString());
    const DType d = m.nativeDtype;
    const std::vector<PrefillChunk> chunks(batch, PrefillChunk{0, prompt, true});
    compareWork(servingStep(m, d, d, {}, chunks), prefillStep(m, d, d, batch, prompt));
}

// A prompt prefilled in chunks over several steps: the chunks' attention FLOPs, K/V written and matrix
// FLOPs add up to the whole prompt's (the LM head once, for the chunk that ends it), and each chunk reads
// back exactly what the earlier ones cached.
void TestRoofline::chunkedPrefillAddsUpToTheWholePrompt_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<qulonglong>("prompt");
    QTest::addColumn<qulonglong>("chunk");
    for (const char* preset : {"llama-3.1-8b", "mistral-7b", "mixtral-8x7b", "deepseek-v2-lite"})
        for (const auto& [prompt, chunk] : {std::pair{8192ull, 2048ull}, {5000ull, 512ull}, {100ull, 7ull}})
            QTest::addRow("%s, %llu in %llu", preset, prompt, chunk)
                << QString::fromLatin1(preset) << qulonglong(prompt) << qulonglong(chunk);
}
void TestRoofline::chunkedPrefillAddsUpToTheWholePrompt() {
    QFETCH(QString, preset);
    QFETCH(qulonglong, prompt);
    QFETCH(qulonglong, chunk);
    const ModelShape m = loadPreset(preset.toStdString());
    const DType d = m.nativeDtype;
    const StepWork whole = prefillStep(m, d, d, 1, prompt);
    std::uint64_t attention = 0, written = 0, matmul = 0;
    for (std::uint64_t offset = 0; offset < prompt; offset += chunk) {
        const PrefillChunk c{offset, std::min<std::uint64_t>(chunk, prompt - offset), offset + chunk >= prompt};
        const StepWork w = servingStep(m, d, d, {}, std::span<const PrefillChunk>(&c, 1));
        KV_COMPARE_U64(w.kvReadBytes, offset == 0 ? 0 : kvBytes(m, d, offset, 1));
        attention += w.attentionFlops;
        written += w.kvWriteBytes;
        matmul += w.matmulFlops;
    }
    KV_COMPARE_U64(attention, whole.attentionFlops);
    KV_COMPARE_U64(written, whole.kvWriteBytes);
    KV_COMPARE_U64(matmul, whole.matmulFlops);
}

// A step that decodes and prefills reads the weights once for all its tokens: its bytes are the two
// halves' cache traffic plus one weight read, its FLOPs the two halves' (a dense model: no expert share).
void TestRoofline::mixedStepReadsTheWeightsOnce() {
    const ModelShape m = loadPreset("llama-3.1-8b");
    const DType d = DType::bf16();
    const std::vector<std::uint64_t> decodes{1000, 3000, 17};
    const std::vector<PrefillChunk> chunks{{0, 512, true}, {2048, 1024, false}};
    const StepWork mixed = servingStep(m, d, d, decodes, chunks);
    const StepWork decodeOnly = servingStep(m, d, d, decodes, {});
    const StepWork prefillOnly = servingStep(m, d, d, {}, chunks);
    KV_COMPARE_U64(mixed.batch, 5);
    KV_COMPARE_U64(mixed.tokens, 3 + 512 + 1024);
    KV_COMPARE_U64(mixed.weightBytes, decodeOnly.weightBytes); // dense: the same weights whatever the tokens
    KV_COMPARE_U64(mixed.kvReadBytes, decodeOnly.kvReadBytes + prefillOnly.kvReadBytes);
    KV_COMPARE_U64(mixed.kvWriteBytes, decodeOnly.kvWriteBytes + prefillOnly.kvWriteBytes);
    KV_COMPARE_U64(mixed.bytes, mixed.weightBytes + mixed.kvReadBytes + mixed.kvWriteBytes);
    KV_COMPARE_U64(mixed.flops, decodeOnly.flops + prefillOnly.flops);
    // By hand for the chunk at 2,048: it reads 2,048 tokens' K and V, 131,072 bytes a token (docs/domain.md).
    KV_COMPARE_U64(prefillOnly.kvReadBytes, 2048ull * 131072);
    // A MoE model reads more of its experts for more tokens in the step.
    const ModelShape moe = loadPreset("mixtral-8x7b");
    QVERIFY(servingStep(moe, d, d, decodes, chunks).weightBytes > servingStep(moe, d, d, decodes, {}).weightBytes);
    // Bad steps are refused, named.
    QVERIFY(throwsErrorContaining([&] { servingStep(m, d, d, {}, {}); }, {"decoding sequence or a prefill chunk"}));
    const PrefillChunk empty{64, 0, true};
    QVERIFY(throwsErrorContaining([&] { servingStep(m, d, d, {}, std::span<const PrefillChunk>(&empty, 1)); },
                                  {"at least one token", "offset 64"}));
    const std::vector<std::uint64_t> huge{1ull << 62};
    QVERIFY(throwsErrorContaining([&] { servingStep(m, d, d, huge, {}); }, {"overflows 64 bits"}));
}

// The time is the lower bound on the roof plus the caller's fixed cost, exactly; a bad fixed cost is refused.
void TestRoofline::stepSecondsOnARoof() {
    StepWork w;
    w.bytes = 3'000'000'000;
    w.flops = 1'000'000'000'000;
    const Roof roof{3e12, 1e15};                                   // 3 TB/s, 1 PFLOP/s
    QCOMPARE(stepSeconds(w, roof, 0.0), 1e-3);                     // bytes: 1 ms; FLOPs: 1 ms
    QCOMPARE(stepSeconds(w, roof, 2e-3), 3e-3);                    // plus a 2 ms fixed cost
    QCOMPARE(stepSeconds(w, Roof{1.5e12, 1e15}, 0.0), 2e-3);       // half the bandwidth: memory-bound, 2 ms
    QCOMPARE(stepSeconds(w, Roof{3e12, 0.25e15}, 0.5e-3), 4.5e-3); // a quarter of the peak: 4 ms of FLOPs
    QVERIFY(throwsErrorContaining([&] { stepSeconds(w, roof, -1e-3); }, {"fixed cost"}));
    QVERIFY(throwsErrorContaining([&] { stepSeconds(w, roof, std::nan("")); }, {"fixed cost"}));
    QVERIFY(throwsErrorContaining([&] { stepSeconds(w, Roof{}, 0.0); }, {"bandwidth"}));
}

// gpu::modelShapeOf is the one bridge from the decode core's model to core's shape: its
// parameter count is the decode core's, and its KV bytes per token are the FP32 cache's.
void TestRoofline::smallGptShapeMatchesTheDecodeCore() {
    gpu::GptConfig c; // the course's small GPT
    const ModelShape m = gpu::modelShapeOf(c);
    KV_COMPARE_U64(parameterBreakdown(m).total, c.parameterCount());
    KV_COMPARE_U64(kvBytesPerToken(m, DType::fp32()), c.kvBytesPerToken());
    // The same as the shipped preset, so the CLI's --predict and the measurement agree.
    const StepWork mine = decodeStep(m, DType::fp32(), DType::fp32(), 4, 300);
    const StepWork preset = decodeStep(loadPreset("small-gpt"), DType::fp32(), DType::fp32(), 4, 300);
    KV_COMPARE_U64(mine.bytes, preset.bytes);
    KV_COMPARE_U64(mine.flops, preset.flops);
    // GQA and other widths too.
    gpu::GptConfig g;
    g.layers = 2;
    g.width = 256;
    g.heads = 4;
    g.kvHeads = 2;
    g.vocab = 1000;
    g.maxContext = 300;
    const ModelShape gm = gpu::modelShapeOf(g);
    KV_COMPARE_U64(parameterBreakdown(gm).total, g.parameterCount());
    KV_COMPARE_U64(kvBytesPerToken(gm, DType::fp32()), g.kvBytesPerToken());
}

namespace {
// A tiny model and a made-up roof, so that nothing but the decode steps is run (milliseconds).
gpu::RooflineOptions tinyOptions() {
    gpu::RooflineOptions o;
    o.backend = gpu::BackendChoice::Cpu;
    o.model.layers = 1;
    o.model.width = 64;
    o.model.heads = 2;
    o.model.kvHeads = 1;
    o.model.vocab = 64;
    o.model.maxContext = 16;
    o.batches = {2, 1};
    o.contexts = {4};
    o.decodeSteps = 3;
    o.budgetSeconds = 60;
    o.measureCeilings = false;
    o.ceilings.roof = {10e9, 50e9};
    return o;
}
} // namespace

// Each (batch, context) run gives a prefill of `context` tokens and one-token steps whose work is
// core's, averaged over the contexts they ran at; the reading is against the given roof.
void TestRoofline::measurementPlacesStepsWithCoresWork() {
    const gpu::RooflineOptions o = tinyOptions();
    const gpu::RooflineReport r = gpu::measureRoofline(o);
    QVERIFY(!r.stopped);
    QVERIFY(r.skipped.empty());
    QCOMPARE(r.points.size(), std::size_t(4));
    const ModelShape shape = gpu::modelShapeOf(r.model);
    const DType f = DType::fp32();
    // Decode points first (batch 1, then 2), then the prefills.
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        const gpu::RooflinePoint& p = r.points[i];
        QCOMPARE(p.kind == gpu::PointKind::Prefill, i >= 2);
        QCOMPARE(p.batch, i % 2 == 0 ? 1u : 2u);
        QCOMPARE(p.context, 4u);
        if (p.kind == gpu::PointKind::Prefill) {
            KV_COMPARE_U64(p.work.bytes, prefillStep(shape, f, f, p.batch, 4).bytes);
            KV_COMPARE_U64(p.work.flops, prefillStep(shape, f, f, p.batch, 4).flops);
        } else {
            QCOMPARE(p.steps, 3u);
            // Steps at 4, 5 and 6 cached tokens: their mean.
            std::uint64_t bytes = 0, flops = 0;
            for (std::uint64_t c = 4; c <= 6; ++c) {
                bytes += decodeStep(shape, f, f, p.batch, c).bytes;
                flops += decodeStep(shape, f, f, p.batch, c).flops;
            }
            KV_COMPARE_U64(p.work.bytes, bytes / 3);
            KV_COMPARE_U64(p.work.flops, flops / 3);
        }
        QVERIFY(p.milliseconds > 0);
        QVERIFY(p.reading.measured);
        QCOMPARE(p.reading.intensity, p.work.intensity());
        QCOMPARE(p.reading.bound == Bound::Memory, p.work.intensity() < 5.0); // ridge = 50e9 / 10e9
        const std::string words = gpu::englishReading(p);
        QVERIFY2(words.find(p.kind == gpu::PointKind::Prefill ? "prefill, batch " : "batch ") == 0, words.c_str());
        QVERIFY2(words.find(p.reading.bound == Bound::Memory ? "bandwidth roof: memory-bound"
                                                             : "compute roof: compute-bound") != std::string::npos,
                 words.c_str());
    }
}

void TestRoofline::measurementHonoursBudgetAndStop() {
    // A roof so slow that every run would pass the budget: all skipped, nothing run.
    gpu::RooflineOptions slow = tinyOptions();
    slow.ceilings.roof = {1.0, 1.0};
    slow.budgetSeconds = 1;
    const gpu::RooflineReport skipped = gpu::measureRoofline(slow);
    QVERIFY(skipped.points.empty());
    QCOMPARE(skipped.skipped.size(), std::size_t(2));
    QVERIFY(skipped.skipped.front().why.find("time budget") != std::string::npos);
    // A stop raised before the start: a stopped report with nothing measured.
    const std::atomic<bool> stop{true};
    const gpu::RooflineReport stopped = gpu::measureRoofline(tinyOptions(), &stop);
    QVERIFY(stopped.stopped);
    QVERIFY(stopped.points.empty());
    // Impossible options name the option.
    gpu::RooflineOptions bad = tinyOptions();
    bad.batches = {0};
    QVERIFY(throwsErrorContaining([&] { gpu::measureRoofline(bad); }, {"batch"}));
    bad = tinyOptions();
    bad.decodeSteps = 0;
    QVERIFY(throwsErrorContaining([&] { gpu::measureRoofline(bad); }, {"--steps"}));
}

QTEST_GUILESS_MAIN(TestRoofline)
#include "tst_roofline.moc"
