#include "memorymodel.h"

#include "checked.h"
#include "error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

namespace kvscope {
namespace {

// One weight matrix of `in` inputs and `out` outputs.
struct Matrix {
    std::uint64_t in = 0;
    std::uint64_t out = 0;
};
// The projections of one attending layer: at most 8 (MLA with a query bottleneck and DSA's indexer).
struct AttentionMatrices {
    std::array<Matrix, 8> list{};
    std::size_t count = 0;
    void add(std::uint64_t in, std::uint64_t out) { list[count++] = {in, out}; }
};

// One attending layer's matrices, the one list both its weights and its rows and columns come from.
// DeepSeek MLA: q (optionally through a low-rank bottleneck q_a, q_b), the joint KV down-projection with
// the shared rope key, the KV up-projection and the output projection; DSA's lightning indexer, as
// DeepSeek-V3.2's reference model builds it: wq_b from the query latent (or the hidden state when queries are
// not low-rank) to index_n_heads x index_head_dim, wk from the hidden state to one key, and weights_proj, one
// weight per indexer head. Otherwise q, k, v (V heads of their own width) and o. Every width is checked: a
// config's head sizes are bounded by validate(), their products are not. `windowed`: a windowed layer's
// (ModelShape::windowedAttention), whose heads may differ from a full layer's.
AttentionMatrices attentionMatrices(const ModelShape& m, bool windowed) {
    const std::uint64_t h = m.hidden;
    AttentionMatrices a;
    if (m.mla.kvLoraRank > 0) {
        const char* what = "MLA attention parameters";
        const std::uint64_t qkHead = std::uint64_t(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim;
        const std::uint64_t vHead = m.mla.vHeadDim != 0 ? m.mla.vHeadDim : m.effectiveHeadDim();
        const std::uint64_t rank = m.mla.kvLoraRank;
        const std::uint64_t queries = mulChecked(what, m.heads, qkHead);
        if (m.mla.qLoraRank > 0) {
            a.add(h, m.mla.qLoraRank);
            a.add(m.mla.qLoraRank, queries);
        } else {
            a.add(h, queries);
        }
        a.add(h, rank + m.mla.qkRopeHeadDim);
        a.add(rank, mulChecked(what, m.heads, std::uint64_t(m.mla.qkNopeHeadDim) + vHead));
        a.add(mulChecked(what, m.heads, vHead), h);
        if (m.mla.indexHeadDim > 0) {
            const std::uint64_t d = m.mla.indexHeadDim;
            a.add(m.mla.qLoraRank > 0 ? m.mla.qLoraRank : h, mulChecked(what, m.mla.indexHeads, d));
            a.add(h, d);
            a.add(h, m.mla.indexHeads);
        }
        return a;
    }
    const AttentionGeometry g = m.attentionOf(windowed);
    const std::uint64_t d = g.headDim;
    a.add(h, std::uint64_t(g.heads) * d);
    a.add(h, std::uint64_t(g.kvHeads) * d);
    if (!g.valueFromKey) // else V is K's projection, normed apart
        a.add(h, std::uint64_t(g.kvHeads) * g.effectiveVHeadDim());
    a.add(std::uint64_t(g.heads) * g.effectiveVHeadDim(), h); // o takes the heads' values
    return a;
}

// One attending layer's weights: its matrices, MLA's inner norms, biases and the layer's extras (q/k norms, gates).
std::uint64_t attentionParamsPerLayer(const ModelShape& m, bool windowed) {
    const char* what = "attention parameters";
    const AttentionMatrices a = attentionMatrices(m, windowed);
    std::uint64_t params = 0;
    for (std::size_t i = 0; i < a.count; ++i)
        params = addChecked(params, mulChecked(what, a.list[i].in, a.list[i].out), what);
    if (m.mla.kvLoraRank > 0) {
        // MLA's norms inside attention: the query latent's and the KV latent's; the indexer key's (weight, bias).
        params =
            addChecked(params, std::uint64_t(m.mla.qLoraRank) + m.mla.kvLoraRank + 2ull * m.mla.indexHeadDim, what);
        return addChecked(params, m.attentionExtraParams, what);
    }
    if (m.qkvBias) // the biases of q, k and v: the outputs of every matrix but o (the last)
        for (std::size_t i = 0; i + 1 < a.count; ++i)
            params = addChecked(params, a.list[i].out, what);
    if (m.outBias)
        params = addChecked(params, m.hidden, what);
    return addChecked(params, m.attentionOf(windowed).extraParams, what);
}

std::uint64_t mlpParams(const ModelShape& m, std::uint64_t width) {
    const std::uint64_t matrices = m.mlp == MlpKind::Gated ? 3 : 2;
    std::uint64_t params = mulChecked("MLP parameters", matrices, m.hidden, width);
    if (m.mlpBias)
        params += width * (matrices - 1) + m.hidden;
    return params;
}

using Sides = LinearWeights::Sides;

Sides plus(Sides a, Sides b) {
    return {addChecked(a.rows, b.rows, "matrix rows"), addChecked(a.columns, b.columns, "matrix columns")};
}

Sides times(Sides a, std::uint64_t n) {
    return {mulChecked("matrix rows", a.rows, n), mulChecked("matrix columns", a.columns, n)};
}

// One matrix of `in` inputs and `out` outputs: out rows, in columns.
Sides matrix(std::uint64_t in, std::uint64_t out) {
    return {out, in};
}

// The rows and columns of one attending layer's projections: the same matrices its weights are counted from.
Sides attentionSides(const ModelShape& m, bool windowed) {
    const AttentionMatrices a = attentionMatrices(m, windowed);
    Sides s;
    for (std::size_t i = 0; i < a.count; ++i)
        s = plus(s, matrix(a.list[i].in, a.list[i].out));
    return s;
}

Sides mlpSides(const ModelShape& m, std::uint64_t width) {
    const Sides inOut = plus(matrix(m.hidden, width), matrix(width, m.hidden)); // up, down
    return m.mlp == MlpKind::Gated ? plus(inOut, matrix(m.hidden, width)) : inOut;
}

} // namespace

ParameterBreakdown parameterBreakdown(const ModelShape& m) {
    m.validate();
    ParameterBreakdown p;
    const std::uint64_t embedding = mulChecked("embedding parameters", m.vocab, m.hidden);
    p.embeddings = embedding + mulChecked("position embeddings", m.learnedPositions, m.hidden);
    p.lmHead = (m.tiedEmbeddings ? 0 : embedding) + (m.lmHeadBias ? m.vocab : 0);
    const std::uint64_t normWidth = m.norm == NormKind::LayerNorm ? 2ull * m.hidden : m.hidden;
    p.norms = (std::uint64_t(m.normsPerLayer) * m.layers + (m.finalNorm ? 1 : 0)) * normWidth;
    p.other = m.extraParams;

    // An attending layer's weights, full and windowed (the same unless the windowed layers have heads of their own).
    const std::uint64_t attn = attentionParamsPerLayer(m, false);
    const std::uint64_t attnWindowed = m.hasTwoGeometries() ? attentionParamsPerLayer(m, true) : attn;
    const std::uint64_t denseMlp = m.intermediate > 0 ? mlpParams(m, m.intermediate) : 0;
    std::uint64_t perMoeLayer = 0;
    std::uint64_t perMoeLayerActive = 0;
    if (m.isMoe()) {
        const std::uint64_t expertWidth = m.moe.expertIntermediate != 0 ? m.moe.expertIntermediate : m.intermediate;
        const std::uint64_t expert = mlpParams(m, expertWidth);
        const std::uint64_t router = std::uint64_t(m.hidden) * m.moe.experts;
        // Shared experts: one MLP of their own total width (Qwen2-MoE) or n copies of an expert (DeepSeek).
        const std::uint64_t shared =
            (m.moe.sharedIntermediate != 0 ? mlpParams(m, m.moe.sharedIntermediate) : expert * m.moe.sharedExperts) +
            (m.moe.sharedExpertGate ? m.hidden : 0);
        perMoeLayer =
            addChecked(mulChecked("expert parameters", expert, m.moe.experts), router + shared, "MoE parameters");
        perMoeLayerActive = expert * m.moe.expertsPerToken + router + shared;
    }

    std::uint64_t activeMlp = 0;
    if (!m.isHybrid()) {
        const std::uint32_t windowed = m.hasTwoGeometries() ? m.windowedLayerCount() : 0;
        p.attention = addChecked(mulChecked("attention parameters", attn, m.layers - windowed),
                                 mulChecked("attention parameters", attnWindowed, windowed), "attention parameters");
        if (m.isMoe()) {
            const std::uint64_t moeLayers = m.layers - m.moe.denseLayers;
            const std::uint64_t dense = m.moe.denseLayers > 0 ? denseMlp : 0;
            p.mlp = addChecked(mulChecked("MoE parameters", perMoeLayer, moeLayers), dense * m.moe.denseLayers,
                               "MLP parameters");
            activeMlp = perMoeLayerActive * moeLayers + dense * m.moe.denseLayers;
        } else {
            p.mlp = mulChecked("MLP parameters", denseMlp, m.layers);
            activeMlp = p.mlp;
        }
    } else {
        // Per block, by what it holds; at most kMaxLayers blocks.
        for (std::uint32_t i = 0; i < m.layers; ++i) {
            const std::uint8_t parts = m.partsOf(i);
            if (parts & (layerpart::Attention | layerpart::CrossAttention))
                p.attention =
                    addChecked(p.attention, m.layerUsesWindow(i) ? attnWindowed : attn, "attention parameters");
            if (parts & layerpart::State)
                p.state = addChecked(p.state, m.state.paramsPerLayer, "state parameters");
            if (parts & layerpart::Mlp) {
                const std::uint64_t mlp = m.layerIntermediate.empty() ? denseMlp : mlpParams(m, m.mlpWidthOf(i));
                p.mlp = addChecked(p.mlp, mlp, "MLP parameters");
                activeMlp += mlp;
            }
            if (parts & layerpart::Moe) {
                p.mlp = addChecked(p.mlp, perMoeLayer, "MLP parameters");
                activeMlp += perMoeLayerActive;
            }
        }
    }

    p.total = addChecked(addChecked(p.embeddings, p.attention, "parameters"),
                         addChecked(addChecked(p.mlp, p.norms, "parameters"), p.lmHead, "parameters"), "parameters");
    p.total = addChecked(p.total, addChecked(p.state, p.other, "parameters"), "parameters");
    p.active = p.total - p.mlp + activeMlp;
    if (m.paramsOverride != 0) {
        // A published count wins; keep the active share the estimate implies.
        const double activeShare = static_cast<double>(p.active) / static_cast<double>(p.total);
        p.total = m.paramsOverride;
        p.active = static_cast<std::uint64_t>(std::llround(activeShare * static_cast<double>(m.paramsOverride)));
        p.estimated = false;
        p.source = m.paramsSource == ParamsSource::Estimated ? ParamsSource::Published : m.paramsSource;
        p.kvAdjusted = m.paramsKvAdjusted;
    }
    return p;
}

LayerParams layerParams(const ModelShape& m, std::uint32_t layer) {
    if (layer >= m.layers)
        throw Error("layer " + std::to_string(layer) + " of a model of " + std::to_string(m.layers) + " layers");
    LayerParams p;
    p.norms = std::uint64_t(m.normsPerLayer) * (m.norm == NormKind::LayerNorm ? 2ull * m.hidden : m.hidden);
    const std::uint8_t parts = m.partsOf(layer);
    if (parts & (layerpart::Attention | layerpart::CrossAttention)) {
        const bool windowed = m.hasTwoGeometries() && m.layerUsesWindow(layer);
        p.attention = attentionParamsPerLayer(m, windowed);
        if (m.mla.kvLoraRank > 0) {
            const std::uint64_t rank = m.mla.kvLoraRank;
            p.attentionWhole = std::uint64_t(m.hidden) * m.mla.qLoraRank +
                               std::uint64_t(m.hidden) * (rank + m.mla.qkRopeHeadDim) + m.mla.qLoraRank + rank;
        } else {
            const AttentionGeometry g = m.attentionOf(windowed);
            const std::uint64_t k = std::uint64_t(g.kvHeads) * g.headDim;
            const std::uint64_t v = g.valueFromKey ? 0 : std::uint64_t(g.kvHeads) * g.effectiveVHeadDim();
            p.keyValue = mulChecked("K and V parameters", m.hidden, k + v) + (m.qkvBias ? k + v : 0);
            p.kvHeads = g.kvHeads;
        }
    }
    if (m.isHybrid() && (parts & layerpart::State))
        p.state = m.state.paramsPerLayer;
    // As parameterBreakdown: a plain model's MLP is MoE past its leading dense layers; a hybrid's block says.
    const bool moe = m.isHybrid() ? (parts & layerpart::Moe) != 0 : m.isMoe() && layer >= m.moe.denseLayers;
    const bool dense = m.isHybrid() ? (parts & layerpart::Mlp) != 0 : !moe;
    if (dense && m.isHybrid() && !m.layerIntermediate.empty())
        p.denseMlp = mlpParams(m, m.mlpWidthOf(layer));
    else if (dense && m.intermediate > 0)
        p.denseMlp = mlpParams(m, m.intermediate);
    if (moe) {
        const std::uint64_t expertWidth = m.moe.expertIntermediate != 0 ? m.moe.expertIntermediate : m.intermediate;
        p.expert = mlpParams(m, expertWidth);
        p.experts = m.moe.experts;
        p.router = std::uint64_t(m.hidden) * m.moe.experts;
        p.sharedExperts =
            (m.moe.sharedIntermediate != 0 ? mlpParams(m, m.moe.sharedIntermediate) : p.expert * m.moe.sharedExperts) +
            (m.moe.sharedExpertGate ? m.hidden : 0);
    }
    return p;
}

LinearWeights linearWeights(const ModelShape& m) {
    m.validate();
    ModelShape bare = m; // matrices only
    bare.qkvBias = bare.outBias = bare.mlpBias = false;
    bare.attentionExtraParams = 0;
    if (bare.windowedAttention)
        bare.windowedAttention->extraParams = 0;
    LinearWeights w;
    const std::uint64_t attnByKind[2] = {attentionParamsPerLayer(bare, false), attentionParamsPerLayer(bare, true)};
    const std::uint64_t expertWidth = m.moe.expertIntermediate != 0 ? m.moe.expertIntermediate : m.intermediate;
    const std::uint64_t expert = m.isMoe() ? mlpParams(bare, expertWidth) : 0;
    const std::uint64_t shared = m.moe.sharedIntermediate != 0
                                     ? mlpParams(bare, m.moe.sharedIntermediate)
                                     : mulChecked("shared expert weights", expert, m.moe.sharedExperts);
    const Sides attnSidesByKind[2] = {attentionSides(bare, false), attentionSides(bare, true)};
    const Sides expertSides = m.isMoe() ? mlpSides(bare, expertWidth) : Sides{};
    const Sides sharedSides = m.moe.sharedIntermediate != 0 ? mlpSides(bare, m.moe.sharedIntermediate)
                                                            : times(expertSides, m.moe.sharedExperts);
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        const std::uint8_t parts = m.partsOf(i);
        if (parts & (layerpart::Attention | layerpart::CrossAttention)) {
            const int kind = m.hasTwoGeometries() && m.layerUsesWindow(i) ? 1 : 0;
            w.attention = addChecked(w.attention, attnByKind[kind], "attention weights");
            w.attentionSides = plus(w.attentionSides, attnSidesByKind[kind]);
        }
        if ((parts & layerpart::Mlp) && m.mlpWidthOf(i) > 0) {
            w.denseMlp = addChecked(w.denseMlp, mlpParams(bare, m.mlpWidthOf(i)), "MLP weights");
            w.denseMlpSides = plus(w.denseMlpSides, mlpSides(bare, m.mlpWidthOf(i)));
        }
        if (parts & layerpart::Moe) {
            w.experts = addChecked(w.experts, mulChecked("expert weights", expert, m.moe.experts), "expert weights");
            w.expertSides = plus(w.expertSides, times(expertSides, m.moe.experts));
            w.denseMlp = addChecked(w.denseMlp, shared, "MLP weights");
            w.denseMlpSides = plus(w.denseMlpSides, sharedSides);
        }
    }
    w.lmHead = m.tiedEmbeddings ? 0 : mulChecked("LM head weights", m.vocab, m.hidden);
    w.lmHeadSides = m.tiedEmbeddings ? Sides{} : matrix(m.hidden, m.vocab);
    return w;
}

std::optional<StoredWeightBytes> storedWeightBytes(const ModelShape& m) {
    if (!m.stored)
        return std::nullopt;
    const StoredWeights& q = *m.stored;
    const LinearWeights w = linearWeights(m);
    const std::uint64_t total = parameterBreakdown(m).total;
    std::uint64_t covered = 0;
    Sides sides;
    const struct {
        bool on;
        std::uint64_t weights;
        Sides sides;
    } parts[] = {{q.attention, w.attention, w.attentionSides},
                 {q.denseMlp, w.denseMlp, w.denseMlpSides},
                 {q.experts, w.experts, w.expertSides},
                 {q.lmHead, w.lmHead, w.lmHeadSides}};
    for (const auto& part : parts) {
        if (!part.on)
            continue;
        covered = addChecked(covered, part.weights, "quantized weights");
        sides = plus(sides, part.sides);
    }
    StoredWeightBytes b;
    b.quantizedParams = std::min(covered, total); // a published total smaller than the shape's matrices
    b.otherParams = total - b.quantizedParams;
    std::uint64_t extraBits =
        addChecked(mulChecked("row scale bits", sides.rows, q.bitsPerRow),
                   mulChecked("column index bits", sides.columns, q.bitsPerColumn), "stored weight bits");
    if (q.outerGroup > 0)
        extraBits = addChecked(
            extraBits, mulChecked("outer scale bits", ceilDiv(b.quantizedParams, q.outerGroup), q.bitsPerOuterGroup),
            "stored weight bits");
    b.extraBytes = ceilDiv(extraBits, 8);
    b.bytes = addChecked(addChecked(q.format.storageBytes(b.quantizedParams), b.extraBytes, "stored weight bytes"),
                         q.rest.storageBytes(b.otherParams), "stored weight bytes");
    return b;
}

std::uint64_t weightBytes(std::uint64_t params, DType dtype) {
    return dtype.storageBytes(params);
}

std::uint64_t indexerKeyBytes(const ModelShape& m) {
    const std::uint64_t d = m.mla.indexHeadDim;
    return d + 4 * ceilDiv(d, kIndexerScaleBlock);
}

namespace {
KvGrowth growthOf(const ModelShape& m, DType kv, PerGpu split); // kvGrowth without validate()
} // namespace

std::uint32_t kvHeadsPerGpu(const AttentionGeometry& g, std::uint32_t tp) {
    if (tp == 0)
        throw Error("--tp: the tensor-parallel degree must be at least 1", ScenarioField::TensorParallel,
                    {RefusalKind::BelowOne, 0.0, 0});
    if (g.heads % tp != 0)
        throw Error("--tp: " + std::to_string(tp) + " GPUs cannot split " + std::to_string(g.heads) +
                        " query heads evenly",
                    ScenarioField::TensorParallel, {RefusalKind::UnevenQueryHeads, double(tp), g.heads});
    if (g.kvHeads >= tp) {
        if (g.kvHeads % tp != 0)
            throw Error("--tp: " + std::to_string(tp) + " GPUs cannot split " + std::to_string(g.kvHeads) +
                            " KV heads evenly",
                        ScenarioField::TensorParallel, {RefusalKind::UnevenKvHeads, double(tp), g.kvHeads});
        return g.kvHeads / tp;
    }
    if (tp % g.kvHeads != 0)
        throw Error("--tp: " + std::to_string(tp) + " GPUs is not a multiple of " + std::to_string(g.kvHeads) +
                        " KV heads, so they cannot be replicated evenly",
                    ScenarioField::TensorParallel, {RefusalKind::KvHeadsNotReplicable, double(tp), g.kvHeads});
    return 1;
}

std::uint64_t kvBytesPerTokenPerLayer(const ModelShape& m, DType kv, PerGpu split, bool windowed) {
    if (m.mla.kvLoraRank > 0) // the latent is shared by all heads: every GPU keeps all of it
        return kv.storageBytes(std::uint64_t(m.mla.kvLoraRank) + m.mla.qkRopeHeadDim) + indexerKeyBytes(m);
    const AttentionGeometry g = m.attentionOf(windowed);
    const std::uint64_t heads = split.tensorParallel == 1 ? g.kvHeads : kvHeadsPerGpu(g, split.tensorParallel);
    // K and V are quantized separately, each head's vector in its own groups.
    const std::uint64_t perHeadBits =
        addChecked(kv.storageBits(g.headDim), kv.storageBits(g.effectiveVHeadDim()), "KV bits per head");
    return ceilDiv(mulChecked("KV bits per token", heads, perHeadBits), 8);
}

std::uint64_t kvBytesPerToken(const ModelShape& m, DType kv, PerGpu split) {
    m.validate();
    const KvGrowth g = growthOf(m, kv, split);
    return addChecked(g.perToken, g.windowedPerToken, "KV bytes per token");
}

std::uint64_t kvBytesPerTokenNaive(const ModelShape& m, DType kv) {
    m.validate();
    // MHA's K and V per head: MLA's would be a key of nope + rope values and a value of v_head_dim.
    const auto perLayer = [&](bool windowed) {
        const AttentionGeometry g = m.attentionOf(windowed);
        std::uint32_t kDim = g.headDim;
        std::uint32_t vDim = g.effectiveVHeadDim();
        if (m.mla.kvLoraRank > 0 && m.mla.qkNopeHeadDim > 0) {
            kDim = m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim; // each at most kMaxHeadDim (validate)
            vDim = m.mla.vHeadDim != 0 ? m.mla.vHeadDim : kDim;
        }
        const std::uint64_t perHeadBits = addChecked(kv.storageBits(kDim), kv.storageBits(vDim), "naive KV bits");
        return ceilDiv(mulChecked("naive KV bits", g.heads, perHeadBits), 8);
    };
    const LayerCounts counts = m.layerCounts();
    const std::uint32_t windowed = m.hasTwoGeometries() ? counts.windowedKv : 0;
    return addChecked(mulChecked("naive KV bytes per token", perLayer(false), counts.kv - windowed),
                      mulChecked("naive KV bytes per token", perLayer(true), windowed), "naive KV bytes per token");
}

std::uint64_t cachedTokenLayers(const ModelShape& m, std::uint64_t context) {
    const LayerCounts counts = m.layerCounts();
    const std::uint32_t windowed = counts.windowedKv;
    const std::uint64_t windowedTokens = m.slidingWindow != 0 && context > m.slidingWindow ? m.slidingWindow : context;
    return addChecked(mulChecked("cached tokens", std::uint64_t(counts.kv - windowed), context),
                      mulChecked("cached tokens", std::uint64_t(windowed), windowedTokens), "cached tokens");
}

std::uint64_t kvBytes(const ModelShape& m, DType kv, std::uint64_t context, std::uint64_t batch, PerGpu split) {
    m.validate();
    // Full layers hold every token, windowed layers at most the window, each at its own bytes per token.
    const KvGrowth g = growthOf(m, kv, split);
    const std::uint64_t windowedTokens = g.windowTokens != 0 && context > g.windowTokens ? g.windowTokens : context;
    const std::uint64_t perSequence =
        addChecked(mulChecked("KV cache bytes", g.perToken, context),
                   mulChecked("KV cache bytes", g.windowedPerToken, windowedTokens), "KV cache bytes");
    return mulChecked("KV cache bytes", perSequence, batch);
}

KvGrowth kvGrowth(const ModelShape& m, DType kv, PerGpu split) {
    m.validate();
    return growthOf(m, kv, split);
}

namespace {
KvGrowth growthOf(const ModelShape& m, DType kv, PerGpu split) {
    const LayerCounts counts = m.layerCounts();
    KvGrowth g;
    g.windowedLayers = counts.windowedKv;
    g.fullLayers = counts.kv - counts.windowedKv;
    g.windowTokens = counts.windowedKv > 0 ? m.slidingWindow : 0;
    g.perToken = mulChecked("KV bytes per token", kvBytesPerTokenPerLayer(m, kv, split, false), g.fullLayers);
    g.windowedPerToken =
        mulChecked("windowed KV bytes per token", kvBytesPerTokenPerLayer(m, kv, split, true), g.windowedLayers);
    g.windowedPerSequence = mulChecked("windowed KV bytes per sequence", g.windowedPerToken, g.windowTokens);
    return g;
}
} // namespace

std::uint64_t kvBytesNaive(const ModelShape& m, DType kv, std::uint64_t context, std::uint64_t batch) {
    return mulChecked("naive KV cache bytes", kvBytesPerTokenNaive(m, kv), context, batch);
}

SequenceState sequenceState(const ModelShape& m, DType kv, DType stateDtype, PerGpu split) {
    m.validate();
    const LayerCounts counts = m.layerCounts();
    SequenceState s;
    s.stateLayers = counts.state;
    s.stateValuesPerLayer = counts.state > 0 ? m.state.valuesPerLayer() : 0;
    s.convValuesPerLayer = counts.state > 0 ? m.state.convValues : 0;
    s.recurrentValuesPerLayer = counts.state > 0 ? m.state.recurrentValues : 0;
    s.convDtype = stateDtype;
    s.recurrentDtype = m.stateDtype.value_or(stateDtype);
    const std::uint64_t perLayer = addChecked(s.convDtype.storageBytes(s.convValuesPerLayer),
                                              s.recurrentDtype.storageBytes(s.recurrentValuesPerLayer), "state bytes");
    s.stateBytes = mulChecked("state bytes", perLayer, counts.state);
    s.crossLayers = counts.cross;
    if (counts.cross > 0) {
        s.crossTokens = m.crossTokens;
        s.crossBytesPerTokenPerLayer = kvBytesPerTokenPerLayer(m, kv, split);
        s.crossBytes =
            mulChecked("cross-attention cache bytes", s.crossBytesPerTokenPerLayer, s.crossTokens, counts.cross);
    }
    return s;
}

DType stateDtypeFor(DType weightDtype) {
    return weightDtype.kind == DTypeKind::FP32 ? DType::fp32() : DType::bf16();
}

} // namespace kvscope
