#include "modelshape.h"

#include "enumnames.h"
#include "error.h"

#include <algorithm>

namespace kvscope {

namespace {
constexpr EnumName<AttentionKind> kAttentionKinds[] = {
    {AttentionKind::MHA, "MHA"},
    {AttentionKind::GQA, "GQA"},
    {AttentionKind::MQA, "MQA"},
    {AttentionKind::MLA, "MLA"},
};
} // namespace

std::string attentionKindName(AttentionKind kind) {
    return std::string(enumName(kAttentionKinds, kind));
}

AttentionKind ModelShape::attentionKind() const {
    if (mla.kvLoraRank > 0)
        return AttentionKind::MLA;
    if (kvHeads == heads)
        return AttentionKind::MHA;
    if (kvHeads == 1)
        return AttentionKind::MQA;
    return AttentionKind::GQA;
}

AttentionGeometry ModelShape::fullAttention() const {
    return {heads, kvHeads, effectiveHeadDim(), vHeadDim, valueFromKey, attentionExtraParams};
}

AttentionGeometry ModelShape::attentionOf(bool windowed) const {
    return windowed && windowedAttention ? *windowedAttention : fullAttention();
}

bool ModelShape::layerUsesWindow(std::uint32_t layer) const {
    if (slidingWindow == 0)
        return false;
    if (windowedLayers.empty())
        return true;
    return layer < windowedLayers.size() && windowedLayers[layer];
}

std::uint32_t ModelShape::windowedLayerCount() const {
    // Counted without walking the layers: a config may claim four billion of them.
    if (slidingWindow == 0)
        return 0;
    if (windowedLayers.empty())
        return layers;
    return std::uint32_t(std::count(windowedLayers.begin(), windowedLayers.end(), true));
}

std::uint8_t ModelShape::partsOf(std::uint32_t layer) const {
    if (layerParts.empty())
        return layerpart::Attention | (isMoe() && layer >= moe.denseLayers ? layerpart::Moe : layerpart::Mlp);
    return layer < layerParts.size() ? layerParts[layer] : 0;
}

std::uint32_t ModelShape::mlpWidthOf(std::uint32_t layer) const {
    return layerIntermediate.empty() ? intermediate : (layer < layerIntermediate.size() ? layerIntermediate[layer] : 0);
}

LayerCounts ModelShape::layerCounts() const {
    LayerCounts c;
    if (layerParts.empty()) {
        c.kv = layers;
        c.windowedKv = windowedLayerCount();
        return c;
    }
    for (std::uint32_t i = 0; i < layerParts.size(); ++i) {
        const std::uint8_t parts = layerParts[i];
        if (parts & (layerpart::Attention | layerpart::SharedAttention)) {
            ++c.kv;
            c.windowedKv += layerUsesWindow(i) ? 1 : 0;
        }
        c.state += (parts & layerpart::State) ? 1 : 0;
        c.cross += (parts & layerpart::CrossAttention) ? 1 : 0;
    }
    return c;
}

void ModelShape::validate() const {
    // The message is built only for a check that fails: validate runs for every estimate, and a
    // slider frame asks for hundreds (the fit map, the sweeps).
    const auto fail = [&](const std::string& message) {
        throw Error((id.empty() ? std::string("model") : id) + ": " + message);
    };
    // The documented limits, far above any published model, for every way a shape comes in
    // (configs, scenario files, the command line, a restored session, lessons).
    if (!(layers > 0 && layers <= kMaxLayers))
        fail("layers must be between 1 and " + std::to_string(kMaxLayers) + ", got " + std::to_string(layers));
    if (!(hidden > 0 && hidden <= kMaxHidden))
        fail("hidden size must be between 1 and " + std::to_string(kMaxHidden) + ", got " + std::to_string(hidden));
    if (!(heads > 0 && heads <= kMaxHeads))
        fail("query heads must be between 1 and " + std::to_string(kMaxHeads) + ", got " + std::to_string(heads));
    if (kvHeads == 0)
        fail("KV heads must be at least 1");
    if (headDim > kMaxHeadDim)
        fail("head_dim must be at most " + std::to_string(kMaxHeadDim) + ", got " + std::to_string(headDim));
    if (vHeadDim > kMaxHeadDim)
        fail("v_head_dim must be at most " + std::to_string(kMaxHeadDim) + ", got " + std::to_string(vHeadDim));
    if (kvHeads > heads)
        fail("KV heads (" + std::to_string(kvHeads) + ") cannot exceed query heads (" + std::to_string(heads) + ")");
    if (heads % kvHeads != 0)
        fail("KV heads (" + std::to_string(kvHeads) + ") must divide query heads (" + std::to_string(heads) +
             ") so that each KV head serves a whole group");
    if (!(headDim != 0 || hidden % heads == 0))
        fail("hidden size (" + std::to_string(hidden) + ") is not a multiple of query heads (" + std::to_string(heads) +
             "); state head_dim explicitly");
    if (windowedAttention) {
        const AttentionGeometry& w = *windowedAttention;
        if (mla.kvLoraRank > 0)
            fail("an MLA model has one attention geometry: its windowed layers cannot have heads of their own");
        if (!(w.heads > 0 && w.heads <= kMaxHeads))
            fail("the windowed layers' query heads must be between 1 and " + std::to_string(kMaxHeads) + ", got " +
                 std::to_string(w.heads));
        if (!(w.kvHeads > 0 && w.kvHeads <= w.heads && w.heads % w.kvHeads == 0))
            fail("the windowed layers' KV heads (" + std::to_string(w.kvHeads) + ") must divide their query heads (" +
                 std::to_string(w.heads) + ")");
        if (!(w.headDim > 0 && w.headDim <= kMaxHeadDim && w.vHeadDim <= kMaxHeadDim))
            fail("the windowed layers' head sizes must be between 1 and " + std::to_string(kMaxHeadDim));
        if (w.extraParams > (1ull << 50))
            fail("the windowed layers' extra attention weights must be at most 2^50");
        if (windowedLayerCount() == 0)
            fail("the windowed layers have heads of their own, but no layer uses the sliding window");
        if (w.valueFromKey && w.effectiveVHeadDim() != w.headDim)
            fail("the windowed layers' V is projected by K's weights, so its heads must be as wide as K's (" +
                 std::to_string(w.headDim) + "), not " + std::to_string(w.effectiveVHeadDim()));
    }
    if (valueFromKey && effectiveVHeadDim() != effectiveHeadDim())
        fail("V is projected by K's weights, so its heads must be as wide as K's (" +
             std::to_string(effectiveHeadDim()) + "), not " + std::to_string(effectiveVHeadDim()));
    if (vocab == 0)
        fail("vocab size must be at least 1");
    if (!(windowedLayers.empty() || windowedLayers.size() == layers))
        fail("the sliding-window layer list has " + std::to_string(windowedLayers.size()) + " entries for " +
             std::to_string(layers) + " layers");
    if (moe.experts > 0) {
        if (!(moe.expertsPerToken > 0 && moe.expertsPerToken <= moe.experts))
            fail("experts per token must be between 1 and the number of experts (" + std::to_string(moe.experts) + ")");
        if (moe.denseLayers > layers)
            fail("dense layers cannot exceed layers");
    }
    if (mla.kvLoraRank > 0 && mla.qkRopeHeadDim == 0)
        fail("an MLA model needs qk_rope_head_dim");
    if (!(layerParts.empty() || layerParts.size() == layers))
        fail("the layer-kind list has " + std::to_string(layerParts.size()) + " entries for " + std::to_string(layers) +
             " layers");
    bool anyState = false;
    bool anyCross = false;
    for (std::uint8_t parts : layerParts) {
        // 0 is a block that caches and computes nothing of its own (Nemotron-NAS's linear replacements).
        if ((parts & ~layerpart::KnownBits) != 0)
            fail("a layer kind must name what the layer holds");
        anyState = anyState || (parts & layerpart::State);
        anyCross = anyCross || (parts & layerpart::CrossAttention);
    }
    if (!layerIntermediate.empty()) {
        if (layerIntermediate.size() != layers || layerParts.size() != layers)
            fail("the per-layer MLP width list has " + std::to_string(layerIntermediate.size()) + " entries for " +
                 std::to_string(layers) + " layers (and needs the layer-kind list)");
        for (std::uint32_t i = 0; i < layers; ++i) {
            const bool hasMlp = (layerParts[i] & layerpart::Mlp) != 0;
            if (hasMlp != (layerIntermediate[i] != 0))
                fail("layer " + std::to_string(i) + "'s MLP width must be non-zero exactly when it holds an MLP");
            if (layerIntermediate[i] > kMaxHidden * 16u)
                fail("layer " + std::to_string(i) + "'s MLP width must be at most " + std::to_string(kMaxHidden * 16u));
        }
    }
    // MLA's sizes bound its projections as head_dim bounds the others.
    if (mla.kvLoraRank > kMaxHidden || mla.qLoraRank > kMaxHidden)
        fail("MLA ranks (kv_lora_rank, q_lora_rank) must be at most " + std::to_string(kMaxHidden));
    if (mla.qkRopeHeadDim > kMaxHeadDim || mla.qkNopeHeadDim > kMaxHeadDim || mla.vHeadDim > kMaxHeadDim)
        fail("MLA head sizes (qk_rope_head_dim, qk_nope_head_dim, v_head_dim) must be at most " +
             std::to_string(kMaxHeadDim));
    if ((mla.indexHeadDim > 0 || mla.indexHeads > 0) && mla.kvLoraRank == 0)
        fail("a sparse-attention indexer (index_head_dim, index_n_heads) needs MLA (kv_lora_rank)");
    if ((mla.indexHeadDim > 0) != (mla.indexHeads > 0))
        fail("a sparse-attention indexer needs both index_head_dim and index_n_heads");
    if (mla.indexHeadDim > kMaxHeadDim || mla.indexHeads > kMaxHeads)
        fail("the indexer's sizes must be at most " + std::to_string(kMaxHeadDim) + " (index_head_dim) and " +
             std::to_string(kMaxHeads) + " (index_n_heads)");
    bool anyDenseMlp = layerParts.empty();
    bool anyMoe = false;
    for (std::uint8_t parts : layerParts) {
        anyDenseMlp = anyDenseMlp || (parts & (layerpart::Mlp | layerpart::Moe));
        anyMoe = anyMoe || (parts & layerpart::Moe);
    }
    if (anyMoe && moe.experts == 0)
        fail("a mixture-of-experts layer needs experts");
    if (!(!anyDenseMlp || intermediate > 0 || (moe.experts > 0 && moe.expertIntermediate > 0)))
        fail("intermediate size must be at least 1");
    if (anyState && state.valuesPerLayer() == 0)
        fail("state layers need a state size");
    if (!(state.convValues <= kMaxStateValues && state.recurrentValues <= kMaxStateValues))
        fail("a layer's state must be at most " + std::to_string(kMaxStateValues) + " values");
    if (!(!anyCross || (crossTokens > 0 && crossTokens <= kMaxCrossTokens)))
        fail("cross-attention layers need between 1 and " + std::to_string(kMaxCrossTokens) + " image tokens");
    if (normsPerLayer > 8)
        fail("norms per layer must be at most 8");
}

} // namespace kvscope
