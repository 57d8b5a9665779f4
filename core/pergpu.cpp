#include "pergpu.h"

#include "checked.h"
#include "error.h"
#include "memorymodel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace kvscope {

std::vector<std::uint32_t> pipelineLayers(std::uint32_t layers, std::uint32_t stages) {
    if (stages == 0)
        throw Error("--pp: at least one pipeline stage");
    if (stages > layers)
        throw Error("--pp: " + std::to_string(stages) + " pipeline stages for " + std::to_string(layers) +
                    " layers: every stage needs a layer");
    std::vector<std::uint32_t> parts(stages, layers / stages);
    // vLLM's get_pp_indices: the remainder one apiece from the second-to-last stage back; the last stage keeps the
    // final norm and the LM head, and with few left over the first keeps its embedding and no extra layer.
    const std::uint32_t remainder = layers % stages;
    for (std::uint32_t i = 2; i < remainder + 2; ++i)
        ++parts[stages - i];
    return parts;
}

namespace {

constexpr const char* kWhat = "a GPU's parameters";

std::uint64_t expertsOn(std::uint32_t experts, std::uint32_t rank, std::uint32_t ways) {
    return experts / ways + (rank < experts % ways ? 1 : 0);
}

// One block's parameters on one GPU of an attention group of `ways` GPUs, its routed experts aside: the query and
// output projections split, K and V as far as the KV heads go, MLA's down-projections, norms and the router whole.
std::uint64_t blockShare(const LayerParams& p, std::uint32_t ways) {
    const std::uint64_t split = p.attention - p.keyValue - p.attentionWhole;
    const std::uint64_t kvWays = p.kvHeads == 0 ? 1 : std::min(ways, p.kvHeads);
    std::uint64_t n = split / ways + p.keyValue / kvWays + p.attentionWhole + p.norms + p.router;
    n = addChecked(n, (p.state + p.denseMlp + p.sharedExperts) / ways, kWhat);
    return n;
}

// A stage's blocks: their parameters on one GPU without the routed experts, and the routed experts' (one expert
// of each MoE block, summed; every MoE block has the model's number of experts).
struct StageParams {
    std::uint64_t shared = 0;
    std::uint64_t oneExpertEach = 0;
};

} // namespace

PerGpuEstimate perGpuEstimate(const Scenario& s, const Parallelism& parallel) {
    s.validate();
    const ModelShape& m = s.model;
    const std::uint32_t tensor = s.tensorParallel;
    if (parallel.dataAttention == 0 || tensor % parallel.dataAttention != 0)
        throw Error("--dp-attention: " + std::to_string(parallel.dataAttention) + " attention groups must divide the " +
                    std::to_string(tensor) + " tensor-parallel GPUs (--tp)");
    const std::uint32_t attention = tensor / parallel.dataAttention;
    if (parallel.pipeline > kMaxPipelineStages)
        throw Error("--pp: at most " + std::to_string(kMaxPipelineStages) + " pipeline stages are drawn, not " +
                    std::to_string(parallel.pipeline));
    if (std::uint64_t(parallel.pipeline) * tensor > kMaxSplitGpus)
        throw Error("--pp: " + std::to_string(parallel.pipeline) + " stages of " + std::to_string(tensor) +
                    " GPUs are more than the " + std::to_string(kMaxSplitGpus) + " GPUs a split is drawn for");
    const LayerCounts counts = m.layerCounts();
    if ((parallel.pipeline > 1 || parallel.dataAttention > 1) && (counts.state > 0 || counts.cross > 0))
        throw Error(m.displayName +
                    " keeps a per-sequence state (state-space, linear or cross attention): splitting it across "
                    "pipeline stages or attention groups is not modelled yet (--pp 1 and --dp-attention 1)");
    if (parallel.expert && !m.isMoe())
        throw Error("--ep: " + m.displayName + " has no routed experts to spread over the GPUs");
    if (parallel.expert && m.moe.experts < tensor)
        throw Error("--ep: " + std::to_string(m.moe.experts) + " routed experts cannot give each of " +
                    std::to_string(tensor) + " GPUs a whole one");
    // An attention group splits the query heads and splits or copies the KV heads (kvBytesPerTokenPerLayer's rule).
    try {
        if (m.mla.kvLoraRank == 0)
            kvHeadsPerGpu(m, attention);
        else if (m.heads % attention != 0)
            throw Error("--tp: " + std::to_string(attention) + " GPUs cannot split " + std::to_string(m.heads) +
                        " query heads evenly");
    } catch (const Error& e) {
        if (parallel.dataAttention == 1)
            throw;
        throw Error("--dp-attention: each of the " + std::to_string(parallel.dataAttention) + " attention groups has " +
                    std::to_string(attention) + " GPUs: " + e.what());
    }

    const Estimate whole = estimate(s); // activations, runtime and budget per GPU; the weight bytes of all GPUs
    const std::uint64_t logits = estimateOverheads(s).logitBytes;
    PerGpuEstimate out;
    out.tensor = tensor;
    out.pipeline = parallel.pipeline;
    out.dataAttention = parallel.dataAttention;
    out.expert = parallel.expert;
    out.stageLayers = pipelineLayers(m.layers, parallel.pipeline);
    out.budgetBytes = whole.budgetBytes;

    const char* what = "a GPU's parameters";
    const std::uint64_t normWidth = m.norm == NormKind::LayerNorm ? 2ull * m.hidden : m.hidden;
    const std::uint64_t vocabulary = mulChecked(what, m.vocab, m.hidden);
    const std::uint64_t embedding = addChecked(vocabulary, mulChecked(what, m.learnedPositions, m.hidden), what);
    const std::uint64_t lmHead = (m.tiedEmbeddings ? 0 : vocabulary) + (m.lmHeadBias ? m.vocab : 0);
    // A tied LM head is the embedding itself on one stage, a copy of it (and its bias) on the last of several.
    const std::uint64_t lastHead =
        m.tiedEmbeddings && parallel.pipeline > 1 ? vocabulary + (m.lmHeadBias ? m.vocab : 0) : lmHead;
    const std::uint64_t finalNorm = m.finalNorm ? normWidth : 0;
    // Each stage's blocks once, at one GPU and at a group's share; the routed experts apart.
    std::vector<StageParams> stages(parallel.pipeline);
    std::uint64_t counted = addChecked(addChecked(embedding, lmHead, what), finalNorm + m.extraParams, what);
    for (std::uint32_t stage = 0, layer = 0; stage < parallel.pipeline; ++stage)
        for (std::uint32_t i = 0; i < out.stageLayers[stage]; ++i, ++layer) {
            const LayerParams p = layerParams(m, layer);
            counted =
                addChecked(counted, addChecked(blockShare(p, 1), mulChecked(what, p.expert, p.experts), what), what);
            stages[stage].shared = addChecked(stages[stage].shared, blockShare(p, attention), what);
            stages[stage].oneExpertEach = addChecked(stages[stage].oneExpertEach, p.expert, what);
        }
    out.paramsCounted = counted;

    // One sequence's cache in one layer on one GPU of a group: full layers every token, windowed ones their window.
    const bool mla = m.mla.kvLoraRank > 0;
    const auto layerCache = [&](std::uint32_t layer) -> std::uint64_t {
        if (!(m.partsOf(layer) & (layerpart::Attention | layerpart::SharedAttention)))
            return 0;
        const bool windowed = m.layerUsesWindow(layer);
        const std::uint64_t tokens =
            windowed && m.slidingWindow != 0 ? std::min(s.context, m.slidingWindow) : s.context;
        return mulChecked("KV cache bytes", kvBytesPerTokenPerLayer(m, s.kvDtype, PerGpu{attention}, windowed), tokens);
    };
    // GPUs sharing one KV head's cache: the most over the layer kinds (a windowed kind may have fewer KV heads).
    const auto copiesOf = [&](std::uint32_t kvHeads) {
        return kvHeads != 0 && attention > kvHeads ? attention / kvHeads : 1u;
    };
    std::uint32_t copies = mla ? attention : copiesOf(m.kvHeads);
    if (!mla && m.windowedAttention)
        copies = std::max(copies, copiesOf(m.windowedAttention->kvHeads));

    std::uint32_t first = 0;
    for (std::uint32_t stage = 0; stage < parallel.pipeline; ++stage) {
        const std::uint32_t layers = out.stageLayers[stage];
        const bool firstStage = stage == 0, lastStage = stage + 1 == parallel.pipeline;
        std::uint64_t perSequence = 0;
        for (std::uint32_t layer = first; layer < first + layers; ++layer)
            perSequence = addChecked(perSequence, layerCache(layer), "KV cache bytes");
        for (std::uint32_t rank = 0; rank < tensor; ++rank) {
            GpuShare g;
            g.index = stage * tensor + rank;
            g.stage = stage;
            g.rank = rank;
            g.group = rank / attention;
            g.firstLayer = first;
            g.layerCount = layers;
            g.embedding = firstStage;
            g.lmHead = lastStage;
            // The routed experts: whole ones under expert parallelism, else a 1 / T slice of every one.
            const std::uint64_t experts = m.isMoe() ? m.moe.experts : 0;
            const std::uint64_t routed =
                parallel.expert ? mulChecked(what, stages[stage].oneExpertEach, expertsOn(m.moe.experts, rank, tensor))
                                : mulChecked(what, stages[stage].oneExpertEach, experts) / tensor;
            std::uint64_t params = addChecked(stages[stage].shared, routed, what);
            if (firstStage) // the vocabulary and any extras (a vision tower) split over the group; positions whole
                params = addChecked(params, (vocabulary + m.extraParams) / attention + (embedding - vocabulary), what);
            if (lastStage)
                params = addChecked(params, lastHead / attention + finalNorm, what);
            g.params = params;
            g.routedExperts = parallel.expert && m.isMoe() ? std::uint32_t(expertsOn(m.moe.experts, rank, tensor)) : 0;
            g.sequences = s.batch / parallel.dataAttention + (g.group < s.batch % parallel.dataAttention ? 1 : 0);
            g.kvCopies = counts.kv > 0 ? copies : 1;
            g.weightBytes = std::uint64_t(
                std::llround(double(whole.weightBytesAllGpus) * (double(params) / double(out.paramsCounted))));
            g.kvBytes = mulChecked("KV cache bytes", perSequence, g.sequences);
            g.stateBytes = whole.sequenceStateBytes; // whole here: refused above with stages or groups

            // The logits are the last stage's: the others hold the hidden activations only.
            g.activationBytes = whole.activationBytes - (lastStage ? 0 : logits);
            g.communicationBytes = communicationBytesEstimate(std::uint64_t(tensor) * parallel.pipeline);
            g.runtimeBytes = whole.runtimeBytes - whole.communicationBytes + g.communicationBytes;
            g.totalBytes = addChecked(addChecked(g.weightBytes, g.kvBytes, "total bytes"),
                                      addChecked(g.activationBytes, g.runtimeBytes, "total bytes"), "total bytes");
            g.totalBytes = addChecked(g.totalBytes, g.stateBytes, "total bytes");
            g.fits = g.totalBytes <= out.budgetBytes;
            constexpr std::uint64_t kMax = std::numeric_limits<std::int64_t>::max();
            g.headroomBytes = g.fits ? std::int64_t(std::min(out.budgetBytes - g.totalBytes, kMax))
                                     : -std::int64_t(std::min(g.totalBytes - out.budgetBytes, kMax));
            out.gpus.push_back(g);
        }
        first += layers;
    }
    for (const GpuShare& g : out.gpus)
        if (g.headroomBytes < out.gpus[out.tightest].headroomBytes)
            out.tightest = g.index;
    out.attentionGpus = attention;
    if (parallel.expert) {
        const auto [fewest, most] =
            std::minmax_element(out.gpus.begin(), out.gpus.end(),
                                [](const GpuShare& a, const GpuShare& b) { return a.routedExperts < b.routedExperts; });
        out.expertsFewest = fewest->routedExperts;
        out.expertsMost = most->routedExperts;
    }
    out.alike = std::all_of(out.gpus.begin(), out.gpus.end(),
                            [&](const GpuShare& g) { return g.totalBytes == out.gpus.front().totalBytes; });
    return out;
}

} // namespace kvscope
