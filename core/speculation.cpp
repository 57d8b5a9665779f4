#include "speculation.h"

#include "checked.h"
#include "enumnames.h"
#include "error.h"
#include "gpus.h"
#include "memorymodel.h"
#include "presets.h"
#include "scenario.h"

#include <cmath>
#include <cstdio>

namespace kvscope {

namespace {
constexpr EnumName<DraftMethod> kDraftMethods[] = {{DraftMethod::None, "none"},
                                                   {DraftMethod::Ngram, "ngram"},
                                                   {DraftMethod::Eagle, "eagle"},
                                                   {DraftMethod::Model, "draft"}};

// Why KV Scope cannot build an EAGLE head for this target; empty when it can.
std::string eagleUnknown(const ModelShape& m) {
    if (m.mla.kvLoraRank > 0)
        return "a model with latent attention (MLA)";
    if (m.isMoe())
        return "a mixture-of-experts model";
    if (m.isHybrid())
        return "a hybrid model";
    if (m.slidingWindow > 0 || m.windowedAttention)
        return "a model with windowed layers";
    if (m.learnedPositions > 0)
        return "a model with learned positions";
    return {};
}
} // namespace

std::string_view draftMethodName(DraftMethod method) {
    return enumName(kDraftMethods, method);
}

std::optional<DraftMethod> parseDraftMethod(std::string_view name) {
    return enumFromName(kDraftMethods, name);
}

std::vector<std::string> draftMethodNames() {
    return enumNames(kDraftMethods);
}

void Speculation::validate() const {
    if (!enabled())
        return;
    if (method == DraftMethod::Model && draftPreset.empty())
        throw Error("--speculative draft needs a model preset: draft:<preset>");
    if (tokens == 0 || tokens > kMaxDraftTokens)
        throw Error("--draft-tokens must be between 1 and " + std::to_string(kMaxDraftTokens) + ", got " +
                    std::to_string(tokens));
    if (!(acceptance >= 0.0 && acceptance <= 1.0)) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", acceptance);
        throw Error(std::string("--acceptance must be between 0 and 1, got ") + text);
    }
}

std::optional<Drafter> drafter(const ModelShape& target, const Speculation& spec) {
    switch (spec.method) {
    case DraftMethod::None:
    case DraftMethod::Ngram:
        return std::nullopt;
    case DraftMethod::Model: {
        Drafter d;
        d.shape = loadPreset(spec.draftPreset);
        d.params = parameterBreakdown(d.shape).total;
        return d;
    }
    case DraftMethod::Eagle: {
        target.validate();
        if (const std::string why = eagleUnknown(target); !why.empty())
            throw Error("--speculative eagle: KV Scope does not know the EAGLE head of " + target.displayName + ", " +
                            why +
                            " (it builds the one of vLLM's llama_eagle.py: one dense decoder layer); choose a "
                            "draft model or n-gram",
                        ScenarioField::Speculation, {RefusalKind::EagleHeadUnknown, 0.0, 0});
        Drafter d;
        d.sharesEmbedding = true;
        ModelShape& h = d.shape;
        h = target;
        h.id = target.id + "-eagle";
        h.displayName = target.displayName + " EAGLE head";
        h.layers = 1;
        h.layerIntermediate.clear();
        h.normsPerLayer = target.normsPerLayer > 0 ? target.normsPerLayer - 1 : 0; // no input norm (an identity)
        h.tiedEmbeddings = false; // the target's LM head is multiplied every draft step: counted as the head's own
        h.lmHeadBias = false;
        h.finalNorm = false;
        h.extraParams = 0;
        h.paramsOverride = 0;
        h.paramsKvAdjusted = false;
        h.stored.reset();
        const LayerParams layer = layerParams(h, 0);
        d.fcParams = mulChecked("EAGLE fc parameters", 2ull * h.hidden, h.hidden);
        d.params = layer.attention + layer.denseMlp + layer.norms;
        d.params = addChecked(d.params, d.fcParams, "EAGLE head parameters");
        return d;
    }
    }
    return std::nullopt;
}

std::string suggestedDraftPreset(const ModelShape& target) {
    const std::uint64_t targetParams = parameterBreakdown(target).total;
    std::string best, smallest;
    std::uint64_t bestParams = UINT64_MAX, smallestParams = UINT64_MAX;
    for (const ModelPresetInfo& info : modelPresets()) {
        const ModelShape shape = loadPreset(info.id);
        const std::uint64_t params = parameterBreakdown(shape).total;
        if (params < smallestParams) {
            smallest = info.id;
            smallestParams = params;
        }
        if (shape.vocab == target.vocab && params < targetParams && params < bestParams) {
            best = info.id;
            bestParams = params;
        }
    }
    return best.empty() ? smallest : best;
}

std::uint64_t SpeculativeMemory::total() const {
    return addChecked(draftWeightBytes, kvTotal(), "speculative decoding bytes");
}

std::uint64_t SpeculativeMemory::kvTotal() const {
    return addChecked(draftKvBytes, lookaheadKvBytes, "speculative decoding bytes");
}

std::uint64_t slotsPerSequence(const Speculation& spec) {
    if (!spec.enabled())
        return 0;
    // vLLM V1's scheduler: 1 + k new tokens a step (the last token and the drafts to check), and num_lookahead_tokens
    // = k more where a drafter runs on the GPU (EAGLE, a draft model), 0 for n-gram.
    return std::uint64_t(spec.tokens) * (spec.method == DraftMethod::Ngram ? 1 : 2);
}

SpeculativeMemory speculativeMemory(const Scenario& s) {
    SpeculativeMemory m;
    if (!s.speculation.enabled())
        return m;
    s.speculation.validate();
    const PerGpu split{s.tensorParallel};
    // The slots are new tokens: every layer holds them, a windowed one too (its window caps the old tokens).
    m.slotsPerSequence = slotsPerSequence(s.speculation);
    m.lookaheadTokens = mulChecked("lookahead tokens", m.slotsPerSequence, s.batch);
    m.lookaheadKvBytes = mulChecked("lookahead bytes", kvBytesPerToken(s.model, s.kvDtype, split), m.lookaheadTokens);
    const std::optional<Drafter> d = drafter(s.model, s.speculation);
    if (!d)
        return m;
    m.draftParams = d->params;
    m.draftWeightBytes = ceilDiv(weightBytes(d->params, s.weightDtype), s.tensorParallel);
    try {
        m.draftKvBytesPerToken = kvBytesPerToken(d->shape, s.kvDtype, split);
        m.draftKvBytes = addChecked(kvBytes(d->shape, s.kvDtype, s.context, s.batch, split),
                                    mulChecked("draft lookahead bytes", m.draftKvBytesPerToken, m.lookaheadTokens),
                                    "draft KV bytes");
    } catch (const Error& e) {
        throw Error("the draft model " + d->shape.displayName + ": " + e.what());
    }
    m.vocabularyDiffers = s.speculation.method == DraftMethod::Model && d->shape.vocab != s.model.vocab;
    return m;
}

double expectedTokensPerStep(double a, std::uint32_t k) {
    if (a >= 1.0)
        return double(k) + 1.0;
    if (a <= 0.0)
        return 1.0;
    return (1.0 - std::pow(a, double(k) + 1.0)) / (1.0 - a);
}

roofline::StepWork verifyStep(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                              std::uint64_t context, std::uint32_t tokens) {
    if (batch == 0 || tokens == 0)
        throw Error("roofline: a verification step needs a sequence and a token");
    // One sequence's share of the cache and of attention, from the chunk pricer; the weights once for all tokens.
    const roofline::PrefillChunk chunk{context, tokens, true};
    const roofline::StepWork one = roofline::StepPricer(model, weightDtype, kvDtype).work({}, {&chunk, 1});
    const std::uint64_t allTokens = mulChecked("verified tokens", batch, tokens);
    roofline::StepWork w;
    w.batch = batch;
    w.context = context;
    w.tokens = allTokens;
    w.weightBytes = weightBytes(roofline::parametersRead(model, allTokens), weightDtype);
    w.kvReadBytes = mulChecked("KV bytes read", one.kvReadBytes, batch);
    w.kvWriteBytes = mulChecked("KV bytes written", one.kvWriteBytes, batch);
    w.bytes = addChecked(addChecked(w.weightBytes, w.kvReadBytes, "step bytes"), w.kvWriteBytes, "step bytes");
    // Every verified position needs its logits (the LM head on each), unlike a prompt chunk.
    w.matmulFlops = mulChecked("matmul FLOPs", 2, roofline::multipliedParameters(model), allTokens);
    w.attentionFlops = mulChecked("attention FLOPs", one.attentionFlops, batch);
    w.flops = addChecked(w.matmulFlops, w.attentionFlops, "step FLOPs");
    return w;
}

std::optional<SpeedupRefusal> speedupRefusal(const Scenario& s) {
    if (!s.speculation.enabled())
        return SpeedupRefusal::NoSpeculation;
    if (s.tensorParallel > 1)
        return SpeedupRefusal::TensorParallel;
    if (s.weightsAsStored && s.model.stored)
        return SpeedupRefusal::WeightsAsStored;
    if (s.gpuId == "custom")
        return SpeedupRefusal::NoDataSheet;
    for (const GpuPreset& gpu : gpuPresets())
        if (gpu.id == s.gpuId)
            return roofline::dataSheetRoof(gpu) ? std::nullopt : std::optional(SpeedupRefusal::NoDataSheet);
    return SpeedupRefusal::NoDataSheet;
}

std::optional<SpeculativeSpeedup> speculativeSpeedup(const Scenario& s) {
    return speculativeSpeedup(s, s.speculation.acceptance);
}

std::optional<SpeculativeSpeedup> speculativeSpeedup(const Scenario& s, double acceptance) {
    if (!(acceptance >= 0.0 && acceptance <= 1.0))
        throw Error("speculative decoding: an acceptance rate must be between 0 and 1");
    if (speedupRefusal(s))
        return std::nullopt;
    s.validate();
    const roofline::Roof roof = *roofline::dataSheetRoof(findGpuPreset(s.gpuId));
    const std::uint32_t k = s.speculation.tokens;
    SpeculativeSpeedup r;
    r.expectedTokens = expectedTokensPerStep(acceptance, k);
    r.decode = roofline::decodeStep(s.model, s.weightDtype, s.kvDtype, s.batch, s.context);
    r.verify = verifyStep(s.model, s.weightDtype, s.kvDtype, s.batch, s.context, k + 1);
    if (const std::optional<Drafter> d = drafter(s.model, s.speculation)) {
        r.draftStep = roofline::decodeStep(d->shape, s.weightDtype, s.kvDtype, s.batch, s.context);
        if (d->fcParams > 0) { // EAGLE: the fc runs on every draft token too
            roofline::StepWork& w = r.draftStep;
            w.weightBytes = addChecked(w.weightBytes, weightBytes(d->fcParams, s.weightDtype), "step bytes");
            w.bytes = addChecked(addChecked(w.weightBytes, w.kvReadBytes, "step bytes"), w.kvWriteBytes, "step bytes");
            w.matmulFlops = addChecked(w.matmulFlops, mulChecked("matmul FLOPs", 2, d->fcParams, s.batch), "FLOPs");
            w.flops = addChecked(w.matmulFlops, w.attentionFlops, "step FLOPs");
        }
        r.draftSeconds = roofline::stepSeconds(r.draftStep, roof, 0.0);
    }
    const roofline::Reading decode = roofline::read(r.decode, roof);
    const roofline::Reading verify = roofline::read(r.verify, roof);
    r.decodeSeconds = decode.lowerBoundSeconds;
    r.verifySeconds = verify.lowerBoundSeconds;
    r.decodeBound = decode.bound;
    r.verifyBound = verify.bound;
    r.stepSeconds = r.verifySeconds + double(k) * r.draftSeconds;
    r.speedup = r.expectedTokens * r.decodeSeconds / r.stepSeconds;
    r.tokensPerSecond = double(s.batch) * r.expectedTokens / r.stepSeconds;
    r.plainTokensPerSecond = double(s.batch) / r.decodeSeconds;
    return r;
}

} // namespace kvscope
