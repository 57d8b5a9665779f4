// Speculative decoding (core/speculation.h, issue 30): the memory a drafter adds (its weights, its own cache, the
// lookahead slots of the target's cache) and the speedup an acceptance rate gives on the step-time model. The
// figures are worked by hand from the presets' shapes; the times are data-sheet rooflines, never measured.
#include "draftwalk.h"
#include "gpus.h"
#include "memorymodel.h"
#include "presets.h"
#include "roofline.h"
#include "scenario.h"
#include "scenarioargs.h"
#include "scenariofile.h"
#include "speculation.h"
#include "testutils.h"

#include <QtTest>

#include <cmath>

using namespace kvscope;
using namespace Qt::StringLiterals;

namespace {
Scenario withSpeculation(Scenario s, DraftMethod method, std::uint32_t k = 3, std::string draft = {}) {
    s.speculation.method = method;
    s.speculation.tokens = k;
    s.speculation.draftPreset = std::move(draft);
    return s;
}
Scenario onGpu(Scenario s, std::string_view gpu) {
    s.gpuId = std::string(gpu);
    s.gpuMemoryBytes = findGpuPreset(gpu).memoryBytes;
    return s;
}
} // namespace

class TestSpeculation : public QObject {
    Q_OBJECT

private slots:
    void expectedTokens_data();
    void expectedTokens();
    void eagleHeadOfLlamaByHand();
    void eagleRefusedWhereItsHeadIsNotKnown_data();
    void eagleRefusedWhereItsHeadIsNotKnown();
    void draftModelAddsItsWeightsAndCache();
    void ngramAddsOnlyTheLookahead();
    void estimateTotalsEveryTerm_data();
    void estimateTotalsEveryTerm();
    void capacitySharesBlocksWithTheDrafter();
    void maxBatchCountsTheSlots();
    void tensorParallelSplitsTheDraft();
    void verifyOfOneTokenIsADecodeStep_data();
    void verifyOfOneTokenIsADecodeStep();
    void memoryBoundSpeedupByHand();
    void computeBoundVerifyCostsMoreThanItGains();
    void speedupGrowsWithAcceptance();
    void speedupRefusals();
    void optionsParseAndName_data();
    void optionsParseAndName();
    void scenarioFileKeepsSpeculation();
    void scenarioFileRefusesBadSpeculation_data();
    void scenarioFileRefusesBadSpeculation();
    void validateNamesTheOption();
    void suggestedDraftSharesTheVocabulary();
    void draftWalkKeepsEveryBlockAccounted_data();
    void draftWalkKeepsEveryBlockAccounted();
    void draftWalkAcceptanceExtremes();
    void draftWalkMeanMatchesTheFormula();
    void draftWalkReplaysItsSeed();
    void draftWalkRefusesBadConfigs();
};

void TestSpeculation::expectedTokens_data() {
    QTest::addColumn<double>("acceptance");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("expected");
    QTest::newRow("a 0.7, k 3: 1 + 0.7 + 0.49 + 0.343") << 0.7 << 3 << 2.533;
    QTest::newRow("a 0: the target's own token only") << 0.0 << 5 << 1.0;
    QTest::newRow("a 1: every draft and the bonus") << 1.0 << 4 << 5.0;
    QTest::newRow("a 0.5, k 1") << 0.5 << 1 << 1.5;
    QTest::newRow("a 0.8, k 5: (1 - 0.8^6) / 0.2") << 0.8 << 5 << 3.68928;
}

void TestSpeculation::expectedTokens() {
    QFETCH(double, acceptance);
    QFETCH(int, k);
    QFETCH(double, expected);
    QVERIFY(std::abs(expectedTokensPerStep(acceptance, std::uint32_t(k)) - expected) < 1e-9);
    // The closed form is the sum of the survival chances of each draft position and the bonus token.
    double sum = 0.0;
    for (int i = 0; i <= k; ++i)
        sum += std::pow(acceptance, i);
    QVERIFY(std::abs(expectedTokensPerStep(acceptance, std::uint32_t(k)) - sum) < 1e-9);
}

void TestSpeculation::eagleHeadOfLlamaByHand() {
    // vLLM's llama_eagle.py: one Llama decoder layer without its input norm, and an fc of 2h -> h; the embedding
    // and LM head are the target's. Llama-3.1-8B: h 4096, 32 query heads and 8 KV heads of 128, MLP 14336.
    const Scenario s = withSpeculation(defaultScenario(), DraftMethod::Eagle);
    const std::optional<Drafter> d = drafter(s.model, s.speculation);
    QVERIFY(d);
    const std::uint64_t attention = 2ull * 4096 * 4096 + 2ull * 4096 * 1024; // q, o; k, v
    const std::uint64_t mlp = 3ull * 4096 * 14336;
    const std::uint64_t norm = 4096; // the post-attention norm alone
    const std::uint64_t fc = 2ull * 4096 * 4096;
    QCOMPARE(d->fcParams, fc);
    QCOMPARE(d->params, attention + mlp + norm + fc);
    QCOMPARE(d->params, 251'662'336ull);
    QVERIFY(d->sharesEmbedding);

    const SpeculativeMemory m = speculativeMemory(s);
    QCOMPARE(m.draftWeightBytes, 503'324'672ull); // BF16
    QCOMPARE(m.draftKvBytesPerToken, 2ull * 1 * 8 * 128 * 2);
    // 8 sequences of 8,192 tokens, each with 6 slots (vLLM V1: the 3 drafts checked, and 3 more for the head's next
    // drafts): the head caches all of them, the model the slots.
    QCOMPARE(m.slotsPerSequence, 6ull);
    QCOMPARE(m.draftKvBytes, (8192ull + 6) * 8 * 4096);
    QCOMPARE(m.lookaheadTokens, 48ull);
    QCOMPARE(m.lookaheadKvBytes, 48ull * 131'072);
    QVERIFY(!m.vocabularyDiffers);
}

void TestSpeculation::eagleRefusedWhereItsHeadIsNotKnown_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("why");
    QTest::newRow("MoE") << "mixtral-8x7b"
                         << "mixture-of-experts";
    QTest::newRow("MLA") << "deepseek-v2-lite"
                         << "latent attention";
    QTest::newRow("windowed") << "mistral-7b"
                              << "windowed";
    QTest::newRow("learned positions") << "gpt2"
                                       << "learned positions";
}

void TestSpeculation::eagleRefusedWhereItsHeadIsNotKnown() {
    QFETCH(QString, preset);
    QFETCH(QString, why);
    const Scenario s = withSpeculation(withPresetModel(defaultScenario(), preset.toStdString()), DraftMethod::Eagle);
    try {
        (void)estimate(s);
        QFAIL("an EAGLE head was guessed for a model whose head KV Scope does not know");
    } catch (const Error& e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains(u"--speculative eagle") && message.contains(why) &&
                     message.contains(u"draft model or n-gram"),
                 qPrintable(message));
        // The window marks the speculation row and says why in its own language.
        QCOMPARE(e.field(), std::optional(ScenarioField::Speculation));
        QVERIFY(e.refusal() && e.refusal()->kind == RefusalKind::EagleHeadUnknown);
    }
}

void TestSpeculation::draftModelAddsItsWeightsAndCache() {
    // Llama-2-7B drafted by TinyLlama-1.1B (both of Llama 2's 32,000-token vocabulary). TinyLlama: 22 layers, 4 KV
    // heads of 64.
    Scenario s =
        withSpeculation(withPresetModel(defaultScenario(), "llama-2-7b"), DraftMethod::Model, 4, "tinyllama-1.1b");
    s.context = 4096;
    s.batch = 2;
    const ModelShape tiny = loadPreset("tinyllama-1.1b");
    const SpeculativeMemory m = speculativeMemory(s);
    QCOMPARE(m.draftParams, parameterBreakdown(tiny).total);
    QCOMPARE(m.draftWeightBytes, weightBytes(parameterBreakdown(tiny).total, s.weightDtype));
    QCOMPARE(m.draftKvBytesPerToken, 2ull * 22 * 4 * 64 * 2);
    QCOMPARE(m.draftKvBytes, (4096ull + 8) * 2 * 22'528); // 4 drafts checked, 4 more held for the next
    // Llama-2-7B: 32 layers of 32 KV heads of 128 (MHA), 524,288 B a token.
    QCOMPARE(m.lookaheadKvBytes, 8ull * 2 * 524'288);
    QVERIFY(!m.vocabularyDiffers);

    // A draft of another vocabulary is sized, and flagged: vLLM cannot pair it with the target.
    const Scenario other = withSpeculation(defaultScenario(), DraftMethod::Model, 3, "tinyllama-1.1b");
    QVERIFY(speculativeMemory(other).vocabularyDiffers);
}

void TestSpeculation::ngramAddsOnlyTheLookahead() {
    const Scenario s = withSpeculation(defaultScenario(), DraftMethod::Ngram, 5);
    const SpeculativeMemory m = speculativeMemory(s);
    QCOMPARE(m.draftParams, 0ull);
    QCOMPARE(m.draftWeightBytes, 0ull);
    QCOMPARE(m.draftKvBytes, 0ull);
    QCOMPARE(m.slotsPerSequence, 5ull); // no drafter on the GPU: no num_lookahead_tokens
    QCOMPARE(m.lookaheadKvBytes, 5ull * 8 * 131'072);
    QCOMPARE(m.total(), m.lookaheadKvBytes);
    QVERIFY(!drafter(s.model, s.speculation));
}

void TestSpeculation::estimateTotalsEveryTerm_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("method");
    QTest::addColumn<QString>("draft");
    QTest::newRow("llama-3.1-8b eagle") << "llama-3.1-8b" << int(DraftMethod::Eagle) << "";
    QTest::newRow("llama-2-7b tinyllama") << "llama-2-7b" << int(DraftMethod::Model) << "tinyllama-1.1b";
    QTest::newRow("mixtral ngram") << "mixtral-8x7b" << int(DraftMethod::Ngram) << "";
    QTest::newRow("mistral (windowed) ngram") << "mistral-7b" << int(DraftMethod::Ngram) << "";
    QTest::newRow("deepseek-v2-lite draft small-gpt") << "deepseek-v2-lite" << int(DraftMethod::Model) << "small-gpt";
}

void TestSpeculation::estimateTotalsEveryTerm() {
    QFETCH(QString, preset);
    QFETCH(int, method);
    QFETCH(QString, draft);
    const Scenario plain = withPresetModel(defaultScenario(), preset.toStdString());
    const Scenario spec = withSpeculation(plain, DraftMethod(method), 3, draft.toStdString());
    const Estimate a = estimate(plain);
    const Estimate b = estimate(spec);
    QCOMPARE(a.speculative.total(), 0ull);
    QCOMPARE(b.kvBytes, a.kvBytes); // the context's cache is the same; the slots are their own term
    QCOMPARE(b.weightBytes, a.weightBytes);
    // The check samples after each of the k + 1 positions: FP32 logits for 3 more per sequence.
    QCOMPARE(b.activationBytes - a.activationBytes, plain.batch * plain.model.vocab * 4ull * 3);
    QCOMPARE(b.totalBytes, a.totalBytes + b.speculative.draftWeightBytes + b.speculative.draftKvBytes +
                               b.speculative.lookaheadKvBytes + (b.activationBytes - a.activationBytes));
    QCOMPARE(b.fits, b.totalBytes <= b.budgetBytes);
    // The slots are new tokens in every layer, a windowed one's too (its window caps only the old tokens): even
    // Mistral-7B past its 4,096-token window holds them.
    QCOMPARE(b.speculative.lookaheadKvBytes,
             kvBytesPerToken(plain.model, plain.kvDtype) * slotsPerSequence(spec.speculation) * plain.batch);
    QVERIFY(b.speculative.lookaheadKvBytes > 0);
}

void TestSpeculation::capacitySharesBlocksWithTheDrafter() {
    const Scenario plain = defaultScenario();
    const Scenario spec = withSpeculation(plain, DraftMethod::Eagle);
    const Capacity a = capacity(plain);
    const Capacity b = capacity(spec);
    const Estimate e = estimate(spec);
    QCOMPARE(b.draftWeightBytes, 503'324'672ull);
    // Budget less the head's weights and the logits of 3 more positions a sequence (8 x 128,256 x 4 B x 3).
    QCOMPARE(b.kvMemoryBytes, a.kvMemoryBytes - b.draftWeightBytes - 8ull * 128'256 * 4 * 3);
    QCOMPARE(b.blockBytes, 16ull * (131'072 + 4'096)); // a block holds its 16 tokens in the target and the head
    QCOMPARE(b.blocks, b.kvMemoryBytes / b.blockBytes);
    QCOMPARE(b.tokens, b.blocks * 16);
    // Concurrency: a request holds its context and 2k slots in both caches.
    const double perRequest = double((8192 + 6) * (131'072 + 4'096));
    QVERIFY(std::abs(b.maxConcurrency - double(b.kvMemoryBytes) / perRequest) < 1e-9);
    QVERIFY(b.maxConcurrency < a.maxConcurrency);
    QCOMPARE(e.speculative.draftWeightBytes, b.draftWeightBytes);
}

void TestSpeculation::maxBatchCountsTheSlots() {
    Scenario spec = onGpu(withSpeculation(defaultScenario(), DraftMethod::Eagle), "h100-80gb");
    const std::uint64_t batch = maxBatchForContext(spec);
    QVERIFY(batch > 0);
    spec.batch = batch;
    QVERIFY(estimate(spec).totalBytes <= estimate(spec).budgetBytes);
    spec.batch = batch + 1;
    QVERIFY(estimate(spec).totalBytes > estimate(spec).budgetBytes);
    // And the longest context for the batch, the same way.
    spec.batch = 8;
    const std::uint64_t context = maxContextForBatch(spec);
    spec.context = context;
    QVERIFY(estimate(spec).fits);
    spec.context = context + 1;
    QVERIFY(!estimate(spec).fits || context == spec.model.maxContext);
}

void TestSpeculation::tensorParallelSplitsTheDraft() {
    Scenario s = onGpu(withSpeculation(defaultScenario(), DraftMethod::Eagle), "h100-80gb");
    s.tensorParallel = 2;
    const SpeculativeMemory m = speculativeMemory(s);
    QCOMPARE(m.draftWeightBytes, 503'324'672ull / 2);
    QCOMPARE(m.draftKvBytesPerToken, 4096ull / 2); // the head's 8 KV heads, 4 per GPU
    QCOMPARE(m.lookaheadKvBytes, 48ull * 131'072 / 2);
    // A draft whose heads the GPUs cannot split is refused, naming the draft.
    Scenario tiny =
        withSpeculation(withPresetModel(defaultScenario(), "llama-2-7b"), DraftMethod::Model, 3, "small-gpt");
    tiny.tensorParallel = 16;
    try {
        (void)speculativeMemory(tiny);
        QFAIL("an impossible split of the draft's heads was accepted");
    } catch (const Error& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(u"the draft model"), e.what());
    }
}

void TestSpeculation::verifyOfOneTokenIsADecodeStep_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("context");
    QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << 8 << 8192;
    QTest::newRow("mixtral (MoE)") << "mixtral-8x7b" << 4 << 2000;
    QTest::newRow("gpt2 (tied, learned positions)") << "gpt2" << 3 << 500;
    QTest::newRow("deepseek-v2-lite (MLA, MoE)") << "deepseek-v2-lite" << 2 << 1000;
}

void TestSpeculation::verifyOfOneTokenIsADecodeStep() {
    QFETCH(QString, preset);
    QFETCH(int, batch);
    QFETCH(int, context);
    const ModelShape m = loadPreset(preset.toStdString());
    const roofline::StepWork d = roofline::decodeStep(m, DType::bf16(), DType::bf16(), batch, context);
    const roofline::StepWork v = verifyStep(m, DType::bf16(), DType::bf16(), batch, context, 1);
    QCOMPARE(v.weightBytes, d.weightBytes);
    QCOMPARE(v.kvReadBytes, d.kvReadBytes);
    QCOMPARE(v.kvWriteBytes, d.kvWriteBytes);
    QCOMPARE(v.matmulFlops, d.matmulFlops);
    QCOMPARE(v.attentionFlops, d.attentionFlops);
    // k + 1 tokens: the weights once, the cache once, k + 1 tokens written and multiplied.
    const roofline::StepWork four = verifyStep(m, DType::bf16(), DType::bf16(), batch, context, 4);
    QCOMPARE(four.kvReadBytes, d.kvReadBytes);
    QCOMPARE(four.kvWriteBytes, 4 * d.kvWriteBytes);
    QCOMPARE(four.matmulFlops, 4 * d.matmulFlops);
    QVERIFY(four.weightBytes >= d.weightBytes); // a MoE's tokens reach more experts
    QCOMPARE(four.tokens, std::uint64_t(4 * batch));
}

void TestSpeculation::memoryBoundSpeedupByHand() {
    // Batch 1 on an H100 with n-gram drafts: no draft cost, and both steps memory-bound, so the speedup is
    // E x (decode bytes / verify bytes).
    Scenario s = onGpu(withSpeculation(defaultScenario(), DraftMethod::Ngram, 3), "h100-80gb");
    s.batch = 1;
    s.speculation.acceptance = 0.7;
    const std::optional<SpeculativeSpeedup> r = speculativeSpeedup(s);
    QVERIFY(r);
    QCOMPARE(r->decodeBound, roofline::Bound::Memory);
    QCOMPARE(r->verifyBound, roofline::Bound::Memory);
    QCOMPARE(r->draftSeconds, 0.0);
    const double bandwidth = roofline::dataSheetRoof(findGpuPreset("h100-80gb"))->bandwidth;
    QVERIFY(std::abs(r->decodeSeconds - double(r->decode.bytes) / bandwidth) < 1e-15);
    QVERIFY(std::abs(r->verifySeconds - double(r->verify.bytes) / bandwidth) < 1e-15);
    QCOMPARE(r->verify.bytes, r->decode.bytes + 3 * 131'072); // three more tokens' K and V written
    const double expected = 2.533 * double(r->decode.bytes) / double(r->verify.bytes);
    QVERIFY2(std::abs(r->speedup - expected) < 1e-9, qPrintable(QString::number(r->speedup)));
    QVERIFY(std::abs(r->tokensPerSecond / r->plainTokensPerSecond - r->speedup) < 1e-9);

    // EAGLE pays k draft steps of its head (one layer, the fc and the LM head).
    s.speculation.method = DraftMethod::Eagle;
    const std::optional<SpeculativeSpeedup> eagle = speculativeSpeedup(s);
    QVERIFY(eagle && eagle->draftSeconds > 0.0);
    QVERIFY(std::abs(eagle->stepSeconds - (eagle->verifySeconds + 3 * eagle->draftSeconds)) < 1e-15);
    QVERIFY(eagle->speedup < r->speedup);
    QVERIFY(eagle->speedup > 1.5); // a head of ~0.25 B + 0.5 B LM head against 8 B: still well ahead
    // A draft step reads the head (its layer, its one norm, the fc) and the model's LM head, in BF16.
    const std::uint64_t headRead = 251'662'336ull + 128'256ull * 4096;
    QCOMPARE(eagle->draftStep.weightBytes, 2 * headRead);
}

void TestSpeculation::computeBoundVerifyCostsMoreThanItGains() {
    // A large batch of short sequences is compute-bound already: checking 4 tokens a sequence costs 4 steps'
    // FLOPs, more than the 2.5 tokens a step keeps. Speculation slows it down, as servers that turn it off under
    // load know. (At long contexts the cache read keeps a large batch memory-bound, and drafts still pay.)
    Scenario s = onGpu(withSpeculation(defaultScenario(), DraftMethod::Ngram, 3), "h100-80gb");
    s.batch = 1024;
    s.context = 128;
    const std::optional<SpeculativeSpeedup> r = speculativeSpeedup(s);
    QVERIFY(r);
    QCOMPARE(r->decodeBound, roofline::Bound::Compute);
    QCOMPARE(r->verifyBound, roofline::Bound::Compute);
    // Both compute-bound: the ratio of FLOPs, (k + 1) x matmul and attention over k + 1 positions.
    QVERIFY(std::abs(r->speedup - 2.533 * double(r->decode.flops) / double(r->verify.flops)) < 1e-9);
    QVERIFY2(r->speedup < 1.0, qPrintable(QString::number(r->speedup)));
}

void TestSpeculation::speedupGrowsWithAcceptance() {
    const Scenario s = onGpu(withSpeculation(defaultScenario(), DraftMethod::Eagle, 4), "h100-80gb");
    double last = 0.0;
    for (double a = 0.0; a <= 1.0001; a += 0.1) {
        const std::optional<SpeculativeSpeedup> r = speculativeSpeedup(s, std::min(a, 1.0));
        QVERIFY(r);
        QVERIFY(r->speedup > last);
        last = r->speedup;
    }
    // At acceptance 0 every step keeps one token and pays for the draft: slower than plain decoding.
    QVERIFY(speculativeSpeedup(s, 0.0)->speedup < 1.0);
}

void TestSpeculation::speedupRefusals() {
    const Scenario base = onGpu(defaultScenario(), "h100-80gb");
    QCOMPARE(speedupRefusal(base), SpeedupRefusal::NoSpeculation);
    Scenario s = withSpeculation(base, DraftMethod::Ngram);
    QCOMPARE(speedupRefusal(s), std::nullopt);
    s.tensorParallel = 2;
    QCOMPARE(speedupRefusal(s), SpeedupRefusal::TensorParallel);
    QVERIFY(!speculativeSpeedup(s));
    s.tensorParallel = 1;
    s.gpuId = "custom";
    QCOMPARE(speedupRefusal(s), SpeedupRefusal::NoDataSheet);
}

void TestSpeculation::optionsParseAndName_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("method");
    QTest::addColumn<QString>("draft");
    QTest::addColumn<QString>("error");
    QTest::newRow("none") << "none" << int(DraftMethod::None) << ""
                          << "";
    QTest::newRow("ngram") << "ngram" << int(DraftMethod::Ngram) << ""
                           << "";
    QTest::newRow("eagle") << "eagle" << int(DraftMethod::Eagle) << ""
                           << "";
    QTest::newRow("draft") << "draft:tinyllama-1.1b" << int(DraftMethod::Model) << "tinyllama-1.1b"
                           << "";
    QTest::newRow("unknown method") << "medusa" << 0 << ""
                                    << "--speculative expects none, ngram, eagle or draft:";
    QTest::newRow("bare draft") << "draft" << 0 << ""
                                << "--speculative expects";
    QTest::newRow("unknown preset") << "draft:nope" << 0 << ""
                                    << "--speculative: unknown model preset";
}

void TestSpeculation::optionsParseAndName() {
    QFETCH(QString, text);
    QFETCH(int, method);
    QFETCH(QString, draft);
    QFETCH(QString, error);
    Speculation spec;
    try {
        applySpeculativeOption(spec, text.toStdString());
        QVERIFY2(error.isEmpty(), "accepted");
        QCOMPARE(int(spec.method), method);
        QCOMPARE(QString::fromStdString(spec.draftPreset), draft);
    } catch (const Error& e) {
        QVERIFY2(!error.isEmpty() && QString::fromUtf8(e.what()).startsWith(error), e.what());
    }
    // The numbers through the shared parsers, named as options.
    Scenario s = defaultScenario();
    ScenarioArgs args;
    args.speculative = "eagle";
    args.draftTokens = "5";
    args.acceptance = "0.6";
    applyScenarioArgs(s, args);
    QCOMPARE(s.speculation.method, DraftMethod::Eagle);
    QCOMPARE(s.speculation.tokens, 5u);
    QCOMPARE(s.speculation.acceptance, 0.6);
    // Without speculation, its numbers have nothing to set: refused, not ignored.
    Scenario plain = defaultScenario();
    ScenarioArgs alone;
    alone.draftTokens = "4";
    QVERIFY(throwsErrorContaining([&] { applyScenarioArgs(plain, alone); }, {"--draft-tokens is for speculative"}));
    ScenarioArgs tooMany;
    tooMany.draftTokens = "17";
    QVERIFY_THROWS_EXCEPTION(OptionValueError, applyScenarioArgs(s, tooMany));
    ScenarioArgs aboveOne;
    aboveOne.acceptance = "1.5";
    QVERIFY_THROWS_EXCEPTION(OptionValueError, applyScenarioArgs(s, aboveOne));
}

void TestSpeculation::scenarioFileKeepsSpeculation() {
    Scenario s =
        withSpeculation(withPresetModel(defaultScenario(), "llama-2-7b"), DraftMethod::Model, 6, "tinyllama-1.1b");
    s.speculation.acceptance = 0.65;
    const nlohmann::json j = scenarioToJson(s);
    QCOMPARE(j["version"].get<int>(), 3); // a reader that drops the drafter refuses the file instead
    const Scenario back = scenarioFromJson(j, "test.kvscope");
    QVERIFY(back.speculation == s.speculation);
    QCOMPARE(estimate(back).totalBytes, estimate(s).totalBytes);
    // Off: no key, and the version of the shape alone.
    QVERIFY(!scenarioToJson(defaultScenario()).contains("speculative"));
    QCOMPARE(scenarioToJson(defaultScenario())["version"].get<int>(), 1);
}

void TestSpeculation::scenarioFileRefusesBadSpeculation_data() {
    QTest::addColumn<QString>("speculative");
    QTest::addColumn<QString>("error");
    QTest::newRow("method") << R"({"method": "medusa"})"
                            << "field 'speculative.method' must be none, ngram";
    QTest::newRow("draft") << R"({"method": "draft", "draft": "nope"})"
                           << "field 'speculative.draft' is not a model preset";
    QTest::newRow("tokens") << R"({"method": "ngram", "tokens": 40})"
                            << "field 'speculative.tokens' must be between 1 and 16";
    QTest::newRow("acceptance") << R"({"method": "ngram", "acceptance": 2})"
                                << "field 'speculative.acceptance' must be between 0 and 1";
}

void TestSpeculation::scenarioFileRefusesBadSpeculation() {
    QFETCH(QString, speculative);
    QFETCH(QString, error);
    nlohmann::json j = scenarioToJson(defaultScenario());
    j["version"] = 3;
    j["speculative"] = nlohmann::json::parse(speculative.toStdString());
    try {
        (void)scenarioFromJson(j, "bad.kvscope");
        QFAIL("accepted");
    } catch (const Error& e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.startsWith(u"bad.kvscope: ") && message.contains(error), qPrintable(message));
    }
}

void TestSpeculation::validateNamesTheOption() {
    Scenario s = withSpeculation(defaultScenario(), DraftMethod::Ngram, 0);
    QVERIFY_THROWS_EXCEPTION(Error, s.validate());
    s.speculation.tokens = 3;
    s.speculation.acceptance = std::nan("");
    try {
        s.validate();
        QFAIL("NaN acceptance accepted");
    } catch (const Error& e) {
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(u"--acceptance"), e.what());
    }
}

void TestSpeculation::suggestedDraftSharesTheVocabulary() {
    QCOMPARE(suggestedDraftPreset(loadPreset("llama-2-7b")), std::string("tinyllama-1.1b")); // Llama 2's 32,000
    QCOMPARE(suggestedDraftPreset(loadPreset("llama-3-70b")), std::string("llama-3.1-8b"));  // Llama 3's 128,256
    // No smaller preset of the same vocabulary: the smallest of all, which the estimate then flags.
    const std::string fallback = suggestedDraftPreset(loadPreset("small-gpt"));
    QVERIFY(!fallback.empty());
    Scenario s = withSpeculation(withPresetModel(defaultScenario(), "qwen2.5-7b"), DraftMethod::Model, 3,
                                 suggestedDraftPreset(loadPreset("qwen2.5-7b")));
    QVERIFY(speculativeMemory(s).vocabularyDiffers);
}

namespace {
// Every block held once, held + free = the pool, and the map's kinds are the walk's own counts.
void checkWalkInvariants(const DraftWalk& walk) {
    const std::uint32_t b = walk.config().blockSize;
    std::vector<int> owners(walk.poolBlocks(), 0);
    std::uint64_t held = 0, tokens = 0, drafts = 0;
    for (const DraftWalkSequence& s : walk.sequences()) {
        for (const std::uint32_t block : s.blocks) {
            QVERIFY(block < walk.poolBlocks());
            ++owners[block];
        }
        held += s.blocks.size();
        const bool drafting = walk.phase() == DraftPhase::Drafted && !s.finished;
        tokens += s.blocks.empty() ? 0 : s.cached + (drafting ? 1 : 0);
        drafts += drafting ? s.offered : 0;
        // A sequence holds the blocks of its tokens and drafts, until it has finished and given them back.
        QVERIFY(s.blocks.empty() ? s.finished
                                 : std::uint64_t(s.blocks.size()) * b >=
                                       s.cached + (drafting ? 1 + s.offered + walk.config().lookaheadTokens : 0));
        QVERIFY(s.accepted <= s.offered);
    }
    for (const int n : owners)
        QVERIFY(n <= 1);
    QCOMPARE(held + walk.freeBlocks(), std::uint64_t(walk.poolBlocks()));
    std::uint64_t mapTokens = 0, mapDrafts = 0, mapFree = 0;
    for (const SlotCell& c : walk.slotMap()) {
        mapTokens += c.kind == SlotKind::Token;
        mapDrafts += c.kind == SlotKind::Reserved;
        mapFree += c.kind == SlotKind::Free;
    }
    QCOMPARE(mapTokens, tokens);
    QCOMPARE(mapDrafts, drafts);
    QCOMPARE(mapFree, std::uint64_t(walk.freeBlocks()) * b);
}
} // namespace

void TestSpeculation::draftWalkKeepsEveryBlockAccounted_data() {
    QTest::addColumn<int>("sequences");
    QTest::addColumn<int>("blockSize");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("acceptance");
    QTest::addColumn<int>("lookahead");
    QTest::newRow("4 x 16, k 3, a 0.7") << 4 << 16 << 3 << 0.7 << 0;
    QTest::newRow("4 x 16, k 3, a 0.7, EAGLE's 3 more") << 4 << 16 << 3 << 0.7 << 3;
    QTest::newRow("8 x 1, k 5, a 0.5, 5 more") << 8 << 1 << 5 << 0.5 << 5;
    QTest::newRow("3 x 7, k 16, a 0.95") << 3 << 7 << 16 << 0.95 << 0;
    QTest::newRow("1 x 256, k 1, a 0") << 1 << 256 << 1 << 0.0 << 1;
}

void TestSpeculation::draftWalkKeepsEveryBlockAccounted() {
    QFETCH(int, sequences);
    QFETCH(int, blockSize);
    QFETCH(int, k);
    QFETCH(double, acceptance);
    QFETCH(int, lookahead);
    DraftWalkConfig c;
    c.lookaheadTokens = std::uint32_t(lookahead);
    c.sequences = std::uint32_t(sequences);
    c.blockSize = std::uint32_t(blockSize);
    c.draftTokens = std::uint32_t(k);
    c.acceptance = acceptance;
    c.promptTokens = 13;
    c.outputTokens = 57;
    DraftWalk walk(c);
    checkWalkInvariants(walk);
    int phases = 0;
    while (walk.advance()) {
        checkWalkInvariants(walk);
        QVERIFY(++phases < 1000);
    }
    // Every sequence generated its output and gave back every block.
    QCOMPARE(walk.phase(), DraftPhase::Finished);
    QCOMPARE(walk.freeBlocks(), walk.poolBlocks());
    std::uint64_t cached = 0;
    for (const DraftWalkSequence& s : walk.sequences()) {
        QCOMPARE(s.generated, c.outputTokens);
        QVERIFY(s.blocks.empty());
        // Its whole output was cached, but for a last token of the model's own, which ends it uncached (a last
        // accepted draft was written by the check).
        QVERIFY(s.cached - c.promptTokens == c.outputTokens || s.cached - c.promptTokens == c.outputTokens - 1);
        cached += s.cached - c.promptTokens;
    }
    QCOMPARE(walk.tokensKept(), cached);
    QCOMPARE(walk.tokensKept(), walk.sequenceSteps() + walk.acceptedTotal());
    QVERIFY(!walk.advance());
}

void TestSpeculation::draftWalkAcceptanceExtremes() {
    DraftWalkConfig c;
    c.outputTokens = 41;
    c.draftTokens = 4;
    c.acceptance = 0.0;
    DraftWalk none(c);
    while (none.advance()) {
        if (none.phase() == DraftPhase::Checked)
            for (const DraftWalkSequence& s : none.sequences())
                QCOMPARE(s.accepted, 0u);
    }
    QCOMPARE(none.tokensPerStep(), 1.0); // the model's own token, a step at a time
    c.acceptance = 1.0;
    DraftWalk all(c);
    while (all.advance()) {
        if (all.phase() == DraftPhase::Checked)
            for (const DraftWalkSequence& s : all.sequences())
                QCOMPARE(s.accepted, s.offered);
    }
    // 41 tokens: the first from the prefill, then 8 steps of 5 (k + 1) each, the last of them never cached.
    QCOMPARE(all.sequenceSteps(), 4ull * 8);
    QCOMPARE(all.tokensPerStep(), 5.0);
}

void TestSpeculation::draftWalkMeanMatchesTheFormula() {
    DraftWalkConfig c;
    c.sequences = 64;
    c.outputTokens = 4096;
    c.draftTokens = 3;
    c.acceptance = 0.7;
    c.blockSize = 256;
    DraftWalk walk(c);
    while (walk.advance()) {
    }
    // About 100,000 sequence-steps: the mean is E within a few thousandths (the last step of each sequence,
    // with fewer drafts, pulls it down by less than that).
    const double expected = expectedTokensPerStep(0.7, 3);
    QVERIFY2(std::abs(walk.tokensPerStep() - expected) < 0.02,
             qPrintable(QString::number(walk.tokensPerStep()) + u" against "_s + QString::number(expected)));
}

void TestSpeculation::draftWalkReplaysItsSeed() {
    DraftWalkConfig c;
    DraftWalk a(c), b(c);
    c.seed = 2;
    DraftWalk other(c);
    bool differs = false;
    while (a.advance()) {
        QVERIFY(b.advance());
        other.advance();
        QVERIFY(a.slotMap() == b.slotMap());
        differs = differs || a.slotMap() != other.slotMap();
    }
    QVERIFY(differs);
}

void TestSpeculation::draftWalkRefusesBadConfigs() {
    DraftWalkConfig c;
    c.draftTokens = 17;
    QVERIFY(throwsErrorContaining([&] { DraftWalk w(c); }, {"draft tokens must be between 1 and 16"}));
    c.draftTokens = 3;
    c.blockSize = 0;
    QVERIFY(throwsErrorContaining([&] { DraftWalk w(c); }, {"block size"}));
    c.blockSize = 16;
    c.acceptance = -0.1;
    QVERIFY(throwsErrorContaining([&] { DraftWalk w(c); }, {"acceptance rate"}));
}

QTEST_APPLESS_MAIN(TestSpeculation)
#include "tst_speculation.moc"
