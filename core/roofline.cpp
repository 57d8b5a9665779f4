#include "roofline.h"

#include "checked.h"
#include "error.h"
#include "gpus.h"
#include "memorymodel.h"
#include "scenario.h"

#include <algorithm>
#include <cmath>

namespace kvscope::roofline {
namespace {

std::uint64_t saturatingSub(std::uint64_t a, std::uint64_t b) {
    return a > b ? a - b : 0;
}

// FLOPs of attention per key and per attending layer of one kind (full or windowed, which differ where the
// windowed layers have heads of their own): q.k (D_K multiply-adds per head) and the weighted sum of values (D_V
// more), 2 FLOPs per multiply-add. MLA scores with its nope and rope parts and sums values of its own head size.
std::uint64_t attentionFlopsPerKey(const ModelShape& m, bool windowed) {
    if (m.mla.kvLoraRank > 0) {
        const std::uint64_t qk = std::uint64_t(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim;
        const std::uint64_t v = m.mla.vHeadDim != 0 ? m.mla.vHeadDim : m.effectiveHeadDim();
        return mulChecked("attention FLOPs", 2ull * m.heads, qk + v);
    }
    const AttentionGeometry g = m.attentionOf(windowed);
    return mulChecked("attention FLOPs", 2ull * g.heads, std::uint64_t(g.headDim) + g.effectiveVHeadDim());
}

// Attention FLOPs of `batch` sequences whose full layers attend `fullKeys` keys in all and windowed layers
// `windowKeys`, each kind at its own heads.
std::uint64_t attentionFlops(const ModelShape& m, std::uint64_t fullKeys, std::uint64_t windowKeys,
                             std::uint64_t batch) {
    const std::uint64_t perSequence =
        addChecked(mulChecked("attention FLOPs", attentionFlopsPerKey(m, false), fullKeys),
                   mulChecked("attention FLOPs", attentionFlopsPerKey(m, true), windowKeys), "attention FLOPs");
    return mulChecked("attention FLOPs", perSequence, batch);
}

// sum over i = 1 .. n of min(i, cap) (cap 0: no cap): keys attended by n causal tokens.
std::uint64_t causalKeys(std::uint64_t n, std::uint64_t cap) {
    const auto triangle = [](std::uint64_t k) {
        // k (k + 1) / 2 without overflowing before the division
        return k % 2 == 0 ? mulChecked("attended keys", k / 2, k + 1) : mulChecked("attended keys", k, (k + 1) / 2);
    };
    if (cap == 0 || n <= cap)
        return triangle(n);
    return addChecked(triangle(cap), mulChecked("attended keys", n - cap, cap), "attended keys");
}

void requireBatch(std::uint64_t batch) {
    if (batch == 0)
        throw Error("roofline: the batch must be at least 1");
}

} // namespace

std::uint64_t multipliedParameters(const ModelShape& model) {
    const ParameterBreakdown p = parameterBreakdown(model);
    std::uint64_t out = saturatingSub(saturatingSub(saturatingSub(p.active, p.embeddings), p.norms), p.other);
    if (model.tiedEmbeddings) // the embedding matrix is multiplied once more, as the LM head
        out = addChecked(out, mulChecked("LM head", std::uint64_t(model.vocab), model.hidden), "parameters");
    return out;
}

double expertShareRead(const ModelShape& model, std::uint64_t batch) {
    requireBatch(batch);
    if (!model.isMoe() || model.moe.experts <= model.moe.expertsPerToken)
        return 1.0;
    // Under uniform routing, B tokens choosing k experts of E each reach E (1 - (1 - k/E)^B) of them per layer.
    const double e = model.moe.experts, k = model.moe.expertsPerToken;
    return std::clamp(1.0 - std::pow(1.0 - k / e, double(batch)), 0.0, 1.0);
}

namespace {
// parametersRead with the model's breakdown and multiplied parameters already counted (a replay prices
// millions of steps of one model).
std::uint64_t parametersReadFrom(const ModelShape& model, const ParameterBreakdown& p, std::uint64_t multiplied,
                                 std::uint64_t batch) {
    std::uint64_t out = addChecked(multiplied, p.norms, "parameters read");
    if (model.isMoe() && p.total > p.active && model.moe.experts > model.moe.expertsPerToken) {
        // The experts a batch reaches (expertShareRead), less the k of them already in `active`.
        const double e = model.moe.experts, k = model.moe.expertsPerToken;
        const double reached = e * expertShareRead(model, batch);
        const double share = std::clamp((reached - k) / (e - k), 0.0, 1.0);
        out = addChecked(out, std::uint64_t(std::llround(share * double(p.total - p.active))), "parameters read");
    }
    return out;
}
} // namespace

std::uint64_t parametersRead(const ModelShape& model, std::uint64_t batch) {
    requireBatch(batch);
    return parametersReadFrom(model, parameterBreakdown(model), multipliedParameters(model), batch);
}

StepWork decodeStep(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                    std::uint64_t context) {
    requireBatch(batch);
    model.validate();
    StepWork w;
    w.batch = batch;
    w.context = context;
    w.tokens = batch;
    w.weightBytes = weightBytes(parametersRead(model, batch), weightDtype);
    w.kvReadBytes = kvBytes(model, kvDtype, context, batch);
    w.kvWriteBytes = mulChecked("KV bytes written", kvBytesPerToken(model, kvDtype), batch);
    w.bytes = addChecked(addChecked(w.weightBytes, w.kvReadBytes, "step bytes"), w.kvWriteBytes, "step bytes");
    w.matmulFlops = mulChecked("matmul FLOPs", 2, multipliedParameters(model), batch);
    // The new token attends to the S cached keys and its own: S + 1, capped by the window.
    const LayerCounts layers = model.layerCounts();
    const std::uint64_t attended = addChecked(context, 1, "context");
    const std::uint64_t capped =
        model.slidingWindow != 0 && attended > model.slidingWindow ? model.slidingWindow : attended;
    w.attentionFlops = attentionFlops(model, mulChecked("attended keys", attended, layers.kv - layers.windowedKv),
                                      mulChecked("attended keys", capped, layers.windowedKv), batch);
    w.flops = addChecked(w.matmulFlops, w.attentionFlops, "step FLOPs");
    return w;
}

StepWork prefillStep(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                     std::uint64_t promptTokens) {
    requireBatch(batch);
    if (promptTokens == 0)
        throw Error("roofline: a prefill needs at least one prompt token");
    model.validate();
    StepWork w;
    w.batch = batch;
    w.context = 0;
    w.tokens = mulChecked("prefill tokens", batch, promptTokens);
    w.weightBytes = weightBytes(parametersRead(model, w.tokens), weightDtype);
    w.kvReadBytes = 0;
    w.kvWriteBytes = mulChecked("KV bytes written", kvBytesPerToken(model, kvDtype), w.tokens);
    w.bytes = addChecked(w.weightBytes, w.kvWriteBytes, "step bytes");
    // Every token through the decoder's matrices; the LM head only for each sequence's last token.
    const std::uint64_t lmHead = mulChecked("LM head", std::uint64_t(model.vocab), model.hidden);
    const std::uint64_t body = saturatingSub(multipliedParameters(model), lmHead);
    w.matmulFlops = addChecked(mulChecked("matmul FLOPs", 2, body, w.tokens),
                               mulChecked("matmul FLOPs", 2, lmHead, batch), "matmul FLOPs");
    const LayerCounts layers = model.layerCounts();
    const std::uint64_t window = model.slidingWindow;
    const std::uint64_t fullKeys =
        mulChecked("attended keys", causalKeys(promptTokens, 0), layers.kv - layers.windowedKv);
    const std::uint64_t windowKeys =
        window == 0 ? 0 : mulChecked("attended keys", causalKeys(promptTokens, window), layers.windowedKv);
    w.attentionFlops = attentionFlops(model, fullKeys, windowKeys, batch);
    w.flops = addChecked(w.matmulFlops, w.attentionFlops, "step FLOPs");
    return w;
}

StepPricer::StepPricer(const ModelShape& model, DType weightDtype, DType kvDtype)
    : m_model(model)
    , m_weightDtype(weightDtype)
    , m_kvDtype(kvDtype) {
    m_model.validate();
    m_breakdown = parameterBreakdown(m_model);
    const LayerCounts layers = m_model.layerCounts();
    m_fullLayers = layers.kv - layers.windowedKv;
    m_windowedLayers = layers.windowedKv;
    m_window = m_model.slidingWindow;
    m_growth = kvGrowth(m_model, m_kvDtype);
    m_kvPerToken = kvscope::kvBytesPerToken(m_model, m_kvDtype);
    m_lmHead = mulChecked("LM head", std::uint64_t(m_model.vocab), m_model.hidden);
    m_multiplied = multipliedParameters(m_model);
    m_body = saturatingSub(m_multiplied, m_lmHead);
    m_fullFlopsPerKey = attentionFlopsPerKey(m_model, false);
    m_windowFlopsPerKey = attentionFlopsPerKey(m_model, true);
}

std::uint64_t StepPricer::cachedBytes(std::uint64_t context) const {
    // kvBytes for one sequence: full layers hold every token, windowed layers at most the window.
    const std::uint64_t windowed =
        m_growth.windowTokens != 0 && context > m_growth.windowTokens ? m_growth.windowTokens : context;
    return addChecked(mulChecked("KV bytes read", m_growth.perToken, context),
                      mulChecked("KV bytes read", m_growth.windowedPerToken, windowed), "KV bytes read");
}

StepWork StepPricer::work(std::span<const std::uint64_t> decodeContexts, std::span<const PrefillChunk> chunks) const {
    if (decodeContexts.empty() && chunks.empty())
        throw Error("roofline: a serving step needs a decoding sequence or a prefill chunk");
    StepWork w;
    w.batch = decodeContexts.size() + chunks.size();
    std::uint64_t fullKeys = 0, windowKeys = 0, chunkTokens = 0, endingChunks = 0;
    // Every per-sequence term is linear in a sequence's own count (its context, its windowed part, the keys its
    // new token attends to), so the decodes are summed first and multiplied once.
    std::uint64_t contextSum = 0, windowedSum = 0, attendedSum = 0, cappedSum = 0;
    for (const std::uint64_t context : decodeContexts) {
        contextSum = addChecked(contextSum, context, "context");
        windowedSum += m_growth.windowTokens != 0 && context > m_growth.windowTokens ? m_growth.windowTokens : context;
        // The new token attends to the cached keys and its own, capped by the window (as decodeStep).
        const std::uint64_t attended = addChecked(context, 1, "context");
        attendedSum = addChecked(attendedSum, attended, "attended keys");
        cappedSum += m_window != 0 && attended > m_window ? m_window : attended;
    }
    // windowedSum <= contextSum and cappedSum <= attendedSum: neither can overflow where those did not.
    if (!decodeContexts.empty()) {
        w.kvReadBytes =
            addChecked(mulChecked("KV bytes read", m_growth.perToken, contextSum),
                       mulChecked("KV bytes read", m_growth.windowedPerToken, windowedSum), "KV bytes read");
        fullKeys = mulChecked("attended keys", attendedSum, m_fullLayers);
        windowKeys = mulChecked("attended keys", cappedSum, m_windowedLayers);
    }
    for (const PrefillChunk& c : chunks) {
        if (c.tokens == 0)
            throw Error("roofline: a prefill chunk needs at least one token (offset " + std::to_string(c.offset) + ")");
        const std::uint64_t end = addChecked(c.offset, c.tokens, "prompt tokens");
        chunkTokens = addChecked(chunkTokens, c.tokens, "prefill tokens");
        endingChunks += c.endsPrompt ? 1 : 0;
        if (c.offset > 0) // the earlier chunks' cache (and a state layer's state), read back
            w.kvReadBytes = addChecked(w.kvReadBytes, cachedBytes(c.offset), "KV bytes read");
        // Tokens offset + 1 .. end attend causally: the keys up to `end` less those up to `offset`.
        fullKeys = addChecked(fullKeys,
                              mulChecked("attended keys", causalKeys(end, 0) - causalKeys(c.offset, 0), m_fullLayers),
                              "attended keys");
        if (m_window != 0)
            windowKeys =
                addChecked(windowKeys,
                           mulChecked("attended keys", causalKeys(end, m_window) - causalKeys(c.offset, m_window),
                                      m_windowedLayers),
                           "attended keys");
    }
    w.tokens = addChecked(std::uint64_t(decodeContexts.size()), chunkTokens, "step tokens");
    w.weightBytes = weightBytes(parametersReadFrom(m_model, m_breakdown, m_multiplied, w.tokens), m_weightDtype);
    w.kvWriteBytes = mulChecked("KV bytes written", m_kvPerToken, w.tokens);
    w.bytes = addChecked(addChecked(w.weightBytes, w.kvReadBytes, "step bytes"), w.kvWriteBytes, "step bytes");
    // A decoding token goes through every matrix, LM head included; a chunk's tokens through the decoder's,
    // and the LM head once for a chunk that ends its prompt.
    w.matmulFlops =
        mulChecked("matmul FLOPs", 2,
                   addChecked(addChecked(mulChecked("matmul FLOPs", m_multiplied, std::uint64_t(decodeContexts.size())),
                                         mulChecked("matmul FLOPs", m_body, chunkTokens), "matmul FLOPs"),
                              mulChecked("matmul FLOPs", m_lmHead, endingChunks), "matmul FLOPs"));
    w.attentionFlops = addChecked(mulChecked("attention FLOPs", m_fullFlopsPerKey, fullKeys),
                                  mulChecked("attention FLOPs", m_windowFlopsPerKey, windowKeys), "attention FLOPs");
    w.flops = addChecked(w.matmulFlops, w.attentionFlops, "step FLOPs");
    return w;
}

StepWork servingStep(const ModelShape& model, DType weightDtype, DType kvDtype,
                     std::span<const std::uint64_t> decodeContexts, std::span<const PrefillChunk> chunks) {
    if (decodeContexts.empty() && chunks.empty())
        throw Error("roofline: a serving step needs a decoding sequence or a prefill chunk");
    return StepPricer(model, weightDtype, kvDtype).work(decodeContexts, chunks);
}

double stepSeconds(const StepWork& work, const Roof& roof, double fixedSeconds) {
    if (!(fixedSeconds >= 0.0) || !std::isfinite(fixedSeconds))
        throw Error("roofline: a step's fixed cost must be a finite number of seconds, 0 or more");
    return read(work, roof).lowerBoundSeconds + fixedSeconds;
}

double attainableFlops(const Roof& roof, double intensity) {
    return std::min(roof.peakFlops, roof.bandwidth * intensity);
}

double ridgePoint(const Roof& roof) {
    return roof.bandwidth > 0.0 ? roof.peakFlops / roof.bandwidth : 0.0;
}

Reading read(const StepWork& work, const Roof& roof, std::optional<double> measuredSeconds) {
    if (!roof.valid())
        throw Error("roofline: the roof needs a bandwidth and a peak above zero");
    Reading r;
    r.intensity = work.intensity();
    r.bound = r.intensity < ridgePoint(roof) ? Bound::Memory : Bound::Compute;
    r.roofFlops = attainableFlops(roof, r.intensity);
    r.memorySeconds = double(work.bytes) / roof.bandwidth;
    r.computeSeconds = double(work.flops) / roof.peakFlops;
    r.lowerBoundSeconds = std::max(r.memorySeconds, r.computeSeconds);
    if (measuredSeconds && *measuredSeconds > 0.0 && std::isfinite(*measuredSeconds)) {
        r.measured = true;
        r.seconds = *measuredSeconds;
        r.achievedFlops = double(work.flops) / r.seconds;
        r.achievedBandwidth = double(work.bytes) / r.seconds;
        r.shareOfRoof = r.lowerBoundSeconds / r.seconds;
    }
    return r;
}

std::optional<Roof> dataSheetRoof(const GpuPreset& gpu) {
    if (!gpu.sheet.present())
        return std::nullopt;
    return Roof{gpu.sheet.bandwidth, gpu.sheet.peakFlops};
}

std::optional<Prediction> predictDecode(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                                        std::uint64_t context, const GpuPreset& gpu) {
    const std::optional<Roof> roof = dataSheetRoof(gpu);
    if (!roof)
        return std::nullopt;
    Prediction p;
    p.work = decodeStep(model, weightDtype, kvDtype, batch, context);
    p.roof = *roof;
    p.reading = read(p.work, p.roof);
    p.tpotSeconds = p.reading.lowerBoundSeconds;
    return p;
}

std::optional<Prediction> predictScenario(const Scenario& s) {
    if (s.gpuId == "custom")
        return std::nullopt;
    const GpuPreset* gpu = nullptr;
    for (const GpuPreset& preset : gpuPresets())
        if (preset.id == s.gpuId)
            gpu = &preset;
    if (!gpu)
        return std::nullopt;
    std::optional<Prediction> p = predictDecode(s.model, s.weightDtype, s.kvDtype, s.batch, s.context, *gpu);
    if (!p)
        return p;
    StepWork& w = p->work;
    if (const auto stored = s.weightsAsStored ? storedWeightBytes(s.model) : std::nullopt) {
        // The weights as the checkpoint stores them: the quantized matrices a step reads at their stored bytes
        // (scales included), the rest of what it reads (LM head unless covered, norms, biases) in the 16-bit
        // dtype. Of the routed experts a step reads the share its tokens reach, as parametersRead counts them.
        const std::uint64_t read = parametersRead(s.model, s.batch);
        const LinearWeights parts = linearWeights(s.model);
        const StoredWeights& q = *s.model.stored;
        const double expertShare = expertShareRead(s.model, s.batch);
        const double covered =
            (q.attention ? double(parts.attention) : 0.0) + (q.denseMlp ? double(parts.denseMlp) : 0.0) +
            (q.experts ? expertShare * double(parts.experts) : 0.0) + (q.lmHead ? double(parts.lmHead) : 0.0);
        const std::uint64_t quantizedRead =
            std::min({read, stored->quantizedParams, std::uint64_t(std::llround(covered))});
        const std::uint64_t quantizedBytes = stored->bytes - s.model.stored->rest.storageBytes(stored->otherParams);
        const double perQuantized =
            stored->quantizedParams > 0 ? double(quantizedBytes) / double(stored->quantizedParams) : 0.0;
        w.weightBytes = addChecked(std::uint64_t(std::llround(perQuantized * double(quantizedRead))),
                                   s.model.stored->rest.storageBytes(read - quantizedRead), "weight bytes read");
    }
    if (s.tensorParallel <= 1) {
        w.bytes = addChecked(addChecked(w.weightBytes, w.kvReadBytes, "step bytes"), w.kvWriteBytes, "step bytes");
        p->reading = read(w, p->roof);
        p->tpotSeconds = p->reading.lowerBoundSeconds;
        return p;
    }
    // One GPU's share: weights and matrix FLOPs split evenly, query heads split, the KV heads
    // as the memory estimate splits them (replicated when there are fewer than GPUs).
    const std::uint64_t tp = s.tensorParallel;
    w.weightBytes = ceilDiv(w.weightBytes, tp);
    const PerGpu split{s.tensorParallel};
    w.kvReadBytes = kvBytes(s.model, s.kvDtype, s.context, s.batch, split);
    w.kvWriteBytes = mulChecked("KV bytes written", kvBytesPerToken(s.model, s.kvDtype, split), s.batch);
    w.bytes = addChecked(addChecked(w.weightBytes, w.kvReadBytes, "step bytes"), w.kvWriteBytes, "step bytes");
    w.matmulFlops = ceilDiv(w.matmulFlops, tp);
    w.attentionFlops = ceilDiv(w.attentionFlops, tp);
    w.flops = w.matmulFlops + w.attentionFlops;
    p->reading = read(w, p->roof);
    p->tpotSeconds = p->reading.lowerBoundSeconds;
    return p;
}

} // namespace kvscope::roofline
