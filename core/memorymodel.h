#pragma once

#include "dtype.h"
#include "modelshape.h"

#include <cstdint>
#include <optional>

namespace kvscope {

// Parameters by where they live. All counts are numbers of weights (not bytes).
struct ParameterBreakdown {
    std::uint64_t embeddings = 0; // token (+ learned position) embeddings
    std::uint64_t attention = 0;  // q, k, v, o projections (+ biases), all layers
    std::uint64_t mlp = 0;        // dense MLPs and every expert, routers included
    std::uint64_t norms = 0;      // all norm weights (+ biases)
    std::uint64_t lmHead = 0;     // 0 when tied to the embeddings (+ its bias, Phi / GPT-J)
    std::uint64_t state = 0;      // SSM / linear-attention / recurrent mixers of State layers
    std::uint64_t other = 0;      // ModelShape::extraParams: a vision encoder, an embedding norm, shared blocks
    std::uint64_t total = 0;
    std::uint64_t active = 0; // weights one token touches (MoE: only its experts); = total for dense
    bool estimated = true;    // false when the total is a published or user-set count
    ParamsSource source = ParamsSource::Estimated; // Estimated, or the shape's paramsSource
    bool kvAdjusted = false; // a given count whose K/V projections were re-estimated (withKvHeads)
};

// Counts parameters from the shape (embeddings, attention, MLP with or without a gate,
// norms, LM head unless tied, every expert). A published count replaces the total.
ParameterBreakdown parameterBreakdown(const ModelShape& model);

// One decoder block's parameters by part, counted as parameterBreakdown counts them (the blocks' sum with the
// embeddings, LM head, final norm and ModelShape::extraParams is its estimated total): what a split across GPUs needs.
struct LayerParams {
    std::uint64_t attention = 0; // projections with their biases and extras (0 for a shared block's: extraParams)
    // Of `attention`, what tensor parallelism does not split by query heads: the K and V projections (with their
    // biases), split only as far as the KV heads go (`kvHeads`), and MLA's down-projections and latent norms, which
    // vLLM keeps whole on every GPU (fused_qkv_a_proj, kv_a_proj_with_mqa: disable_tp).
    std::uint64_t keyValue = 0;
    std::uint32_t kvHeads = 0; // the layer's KV heads (0 for MLA)
    std::uint64_t attentionWhole = 0;
    std::uint64_t norms = 0;         // the block's norms
    std::uint64_t state = 0;         // an SSM / linear-attention mixer
    std::uint64_t denseMlp = 0;      // a dense MLP
    std::uint64_t sharedExperts = 0; // MoE: the always-active experts (and their gate)
    std::uint64_t router = 0;        // MoE: hidden x experts
    std::uint64_t expert = 0;        // MoE: one routed expert
    std::uint32_t experts = 0;       // MoE: routed experts in this block; 0 for a dense one
};
LayerParams layerParams(const ModelShape& model, std::uint32_t layer);
inline std::uint64_t parameterCount(const ModelShape& model) {
    return parameterBreakdown(model).total;
}

// The linear weights (matrices only: no biases, norms or routers) of the parts a quantization covers.
struct LinearWeights {
    std::uint64_t attention = 0; // q/k/v/o of every attending layer (MLA: its projections)
    std::uint64_t denseMlp = 0;  // dense MLPs and shared experts
    std::uint64_t experts = 0;   // every routed expert
    std::uint64_t lmHead = 0;    // 0 when tied
    // The same matrices' output rows and input columns, summed (a q projection of hidden -> heads x head_dim
    // has heads x head_dim rows and hidden columns): what per-row scales and per-column indices are counted by.
    struct Sides {
        std::uint64_t rows = 0;
        std::uint64_t columns = 0;
    };
    Sides attentionSides, denseMlpSides, expertSides, lmHeadSides;
};
LinearWeights linearWeights(const ModelShape& model);

// The checkpoint's weights as its config says they are stored (ModelShape::stored): the covered matrices in
// the quantized format, the rest in the other dtype, plus the per-row and per-column extras the method stores
// (StoredWeights::bitsPerRow / bitsPerColumn). Block scales are counted per group of elements, so a matrix whose
// sides are not multiples of the block has a few scales more than this (under 0.01%); a method's constant
// tensors of a few bytes each (bitsandbytes' quant maps, a per-tensor FP32 scale) are left out.
struct StoredWeightBytes {
    std::uint64_t quantizedParams = 0;
    std::uint64_t otherParams = 0;
    std::uint64_t extraBytes = 0; // the per-row and per-column extras (included in bytes)
    std::uint64_t bytes = 0;
};
std::optional<StoredWeightBytes> storedWeightBytes(const ModelShape& model);

// bytes = P x bits / 8 plus the scales of grouped formats.
std::uint64_t weightBytes(std::uint64_t params, DType dtype);

// Tensor parallelism's split of the cache: each of `tensorParallel` GPUs holds KV heads / tensorParallel of each
// layer kind's KV heads, or one replicated head when the GPUs outnumber them; MLA's latent is kept whole on every GPU.
// The default, one GPU, is the whole model's cache.
struct PerGpu {
    std::uint32_t tensorParallel = 1;
};

// One GPU's KV heads of a layer geometry under `tensorParallel` (throws Error, naming --tp, when they cannot be split
// or replicated evenly).
std::uint32_t kvHeadsPerGpu(const AttentionGeometry& geometry, std::uint32_t tensorParallel);

// KV cache bytes one token adds across the layers that cache per token, with no window cap:
// 2 (K and V) x L_kv x H_kv x D_head x bytes per element (L_kv = L unless the model is hybrid), summed over the layer
// kinds when windowed layers have heads of their own (ModelShape::windowedAttention). MLA stores one latent of
// (kv_lora_rank + qk_rope_head_dim) values per layer instead, with no factor 2.
std::uint64_t kvBytesPerToken(const ModelShape& model, DType kv, PerGpu split = {});

// Same formula with the query-head count in place of the KV heads, as several
// tutorials write it. Differs from the real value by heads / kvHeads for GQA/MQA.
std::uint64_t kvBytesPerTokenNaive(const ModelShape& model, DType kv);

// DSA's indexer key per token per layer (DeepSeek-V3.2, GLM-5): index_head_dim FP8 values and one FP32 scale per
// kIndexerScaleBlock of them, as vLLM's and SGLang's indexer caches and DeepSeek's reference model store it
// (128 + 4 = 132 B at index_head_dim 128); 0 without an indexer. Not scaled by the KV dtype: the indexer always
// quantizes its keys to FP8.
inline constexpr std::uint64_t kIndexerScaleBlock = 128;
std::uint64_t indexerKeyBytes(const ModelShape& model);

// Bytes of one layer's cache for one token (K and V, or the MLA latent with any indexer key): of a full-attention
// layer, or of a windowed one (which differ only where ModelShape::windowedAttention is set).
std::uint64_t kvBytesPerTokenPerLayer(const ModelShape& model, DType kv, PerGpu split = {}, bool windowed = false);

// Token positions held across all layers for one sequence of `context` tokens: windowed
// layers keep at most slidingWindow tokens. Equals layers x context without a window.
std::uint64_t cachedTokenLayers(const ModelShape& model, std::uint64_t context);

// The cache of `batch` sequences of `context` tokens each, window caps applied.
std::uint64_t kvBytes(const ModelShape& model, DType kv, std::uint64_t context, std::uint64_t batch, PerGpu split = {});

// How the cache of one sequence grows: every token adds `perToken` bytes for good (the layers without
// a window), and windowed layers add `windowedPerToken` until their window is full, then no more. For a
// windowed model the growing part is the honest "bytes per token"; the windowed part is a cap per sequence.
struct KvGrowth {
    std::uint32_t fullLayers = 0;          // layers caching every token
    std::uint32_t windowedLayers = 0;      // layers keeping at most `windowTokens` tokens
    std::uint64_t windowTokens = 0;        // the sliding window (or attention chunk)
    std::uint64_t perToken = 0;            // bytes each token adds for good (full layers)
    std::uint64_t windowedPerToken = 0;    // bytes each token adds to the windowed layers until they are full
    std::uint64_t windowedPerSequence = 0; // the windowed layers' most per sequence: windowedPerToken x window
};
KvGrowth kvGrowth(const ModelShape& model, DType kv, PerGpu split = {});

// The naive total (query heads, no window): what the simplified formula predicts.
std::uint64_t kvBytesNaive(const ModelShape& model, DType kv, std::uint64_t context, std::uint64_t batch);

// Memory one sequence holds whatever its length (bytes), by the layers that hold it:
//   state:  state layers x (conv + recurrent values) x bytes of the state dtype (SSM, linear attention);
//   cross:  cross-attention layers x image tokens x one layer's K and V per token (mllama).
// The convolution state is kept in the compute dtype, the recurrent (SSM) state in the config's
// mamba_ssm_cache_dtype when it names one (as vLLM does: mamba_ssm_cache_dtype is the temporal state's
// only, the conv state follows mamba_cache_dtype, the model's).
struct SequenceState {
    std::uint32_t stateLayers = 0;
    std::uint64_t stateValuesPerLayer = 0; // conv + recurrent
    std::uint64_t convValuesPerLayer = 0;
    std::uint64_t recurrentValuesPerLayer = 0;
    DType convDtype = DType::bf16();
    DType recurrentDtype = DType::bf16();
    std::uint64_t stateBytes = 0; // per sequence
    std::uint32_t crossLayers = 0;
    std::uint64_t crossTokens = 0;
    std::uint64_t crossBytesPerTokenPerLayer = 0;
    std::uint64_t crossBytes = 0; // per sequence
    std::uint64_t total() const { return stateBytes + crossBytes; }
};
// `stateDtype` is the compute dtype (the conv state's; the recurrent state's unless the model names its own).
SequenceState sequenceState(const ModelShape& model, DType kv, DType stateDtype, PerGpu split = {});

// The dtype a State layer's state is kept in: the compute dtype (FP32 for FP32 weights, else BF16),
// as vLLM's mamba_cache_dtype "auto" does; a quantized KV cache does not apply to it.
DType stateDtypeFor(DType weightDtype);

} // namespace kvscope
