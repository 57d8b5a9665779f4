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

// Parameters of one GPU: the blocks of its stage and the vocabulary it holds, split as the header says.
struct Split {
    std::uint32_t attentionWays = 1; // A
    std::uint32_t stageWays = 1;     // T
    bool expert = false;
};

std::uint64_t expertsOn(std::uint32_t experts, std::uint32_t rank, std::uint32_t ways) {
    return experts / ways + (rank < experts % ways ? 1 : 0);
}

std::uint64_t blockParams(const LayerParams& p, const Split& split, std::uint32_t rank) {
    const char* what = "a GPU's parameters";
    std::uint64_t n = p.attention / split.attentionWays + p.norms + p.state / split.attentionWays +
                      p.denseMlp / split.attentionWays + p.sharedExperts / split.attentionWays + p.router;
    const std::uint64_t routed = split.expert ? mulChecked(what, p.expert, expertsOn(p.experts, rank, split.stageWays))
                                              : mulChecked(what, p.expert, p.experts) / split.stageWays;
    return addChecked(n, routed, what);
}

} // namespace

PerGpuEstimate perGpuEstimate(const Scenario& s, const Parallelism& parallel) {
    s.validate();
    const ModelShape& m = s.model;
    const std::uint32_t tensor = s.tensorParallel;
    if (parallel.dataAttention == 0 || tensor % parallel.dataAttention != 0)
        throw Error("--dp-attention: " + std::to_string(parallel.dataAttention) + " attention groups must divide the " +
                    std::to_string(tensor) + " tensor-parallel GPUs (--tp)");
    const std::uint32_t attention = tensor / parallel.dataAttention;
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
    const std::uint64_t finalNorm = m.finalNorm ? normWidth : 0;
    std::vector<LayerParams> blocks;
    blocks.reserve(m.layers);
    std::uint64_t counted = addChecked(addChecked(embedding, lmHead, what), finalNorm + m.extraParams, what);
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        blocks.push_back(layerParams(m, i));
        counted = addChecked(counted, blockParams(blocks.back(), {}, 0), what);
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
    const std::uint32_t copies = mla ? attention : attention > m.kvHeads ? attention / m.kvHeads : 1;

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
            const Split split{attention, tensor, parallel.expert};
            std::uint64_t params = 0;
            for (std::uint32_t layer = first; layer < first + layers; ++layer)
                params = addChecked(params, blockParams(blocks[layer], split, rank), what);
            if (firstStage) // the vocabulary split over the group; the position table and the extras whole
                params = addChecked(params, vocabulary / attention + (embedding - vocabulary) + m.extraParams, what);
            if (lastStage) {
                // A tied LM head is the embedding itself on one stage, a copy of it on the last of several.
                const std::uint64_t head = m.tiedEmbeddings && parallel.pipeline > 1 ? vocabulary : lmHead;
                params = addChecked(params, head / attention + finalNorm, what);
            }
            g.params = params;
            g.routedExperts = parallel.expert && m.isMoe() ? std::uint32_t(expertsOn(m.moe.experts, rank, tensor)) : 0;
            g.sequences = s.batch / parallel.dataAttention + (g.group < s.batch % parallel.dataAttention ? 1 : 0);
            g.kvCopies = counts.kv > 0 ? copies : 1;
            g.weightBytes = std::uint64_t(
                std::llround(double(whole.weightBytesAllGpus) * (double(params) / double(out.paramsCounted))));
            g.kvBytes = mulChecked("KV cache bytes", perSequence, g.sequences);
            g.stateBytes = whole.sequenceStateBytes; // whole here: refused above with stages or groups

            g.activationBytes = whole.activationBytes;
            g.runtimeBytes = whole.runtimeBytes;
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
    out.alike = std::all_of(out.gpus.begin(), out.gpus.end(),
                            [&](const GpuShare& g) { return g.totalBytes == out.gpus.front().totalBytes; });
    return out;
}

} // namespace kvscope
