#pragma once

#include "dtype.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kvscope {

enum class AttentionKind { MHA, GQA, MQA, MLA };
enum class MlpKind { Gated, Plain };        // Gated: SwiGLU-style gate/up/down (3 matrices); Plain: up/down (2)
enum class NormKind { RMSNorm, LayerNorm }; // LayerNorm carries a bias next to its weight
// Where a parameter count comes from: counted from the shape, published with the model (a
// preset, a config's own figure), or typed by a person (the Params control, --params).
enum class ParamsSource { Estimated, Published, UserSet };

std::string attentionKindName(AttentionKind kind); // "MHA", "GQA", ...

// What one decoder block holds, as bits: a block may mix several (Falcon-H1 runs attention
// and a Mamba-2 mixer side by side; Jamba pairs a Mamba mixer with an MoE MLP).
namespace layerpart {
inline constexpr std::uint8_t Attention = 1;      // self-attention: K and V for every token (per-token cache)
inline constexpr std::uint8_t CrossAttention = 2; // attends to the image: caches its tokens (fixed per sequence)
inline constexpr std::uint8_t State = 4;          // SSM / linear attention / recurrence: fixed-size state per sequence
inline constexpr std::uint8_t Mlp = 8;            // dense MLP of `intermediate` width
inline constexpr std::uint8_t Moe = 16;           // mixture-of-experts MLP (MoeSpec)
inline constexpr std::uint8_t SharedAttention = 32; // self-attention whose weights live in a shared block (Zamba2):
                                                    // caches K and V per token, weights counted in extraParams
inline constexpr std::uint8_t KnownBits = 63;
} // namespace layerpart

// How the importer found H_kv: the rule of the config's family that decided it.
enum class KvHeadRule {
    KvHeadsKey,      // a key states it (num_key_value_heads or the family's alias)
    MultiQueryFlag,  // multi_query / multi_query_attention true: one KV head (Falcon, GPT-BigCode)
    GroupCount,      // multi_query_attention with multi_query_group_num groups (ChatGLM)
    NewDecoderHeads, // Falcon new_decoder_architecture: num_kv_heads groups
    ClassDefault,    // the key is absent: the configuration class's default (Gemma 3)
    QueryHeads,      // no key, no flag: one KV head per query head (MHA)
    Latent,          // MLA: one compressed latent per token, shared by every head
    NoAttention,     // no layer attends (Mamba): nothing is cached per token
};

struct MoeSpec {
    std::uint32_t experts = 0;            // routed experts per MoE layer; 0 = dense model
    std::uint32_t expertsPerToken = 0;    // active routed experts per token
    std::uint32_t expertIntermediate = 0; // each expert's MLP width; 0 = the model's intermediate size
    std::uint32_t sharedExperts = 0;      // always-active experts (DeepSeek)
    std::uint32_t denseLayers = 0;        // leading layers that keep a dense MLP (first_k_dense_replace)
    std::uint32_t sharedIntermediate =
        0;                         // the shared experts' own total width (Qwen2-MoE); 0 = sharedExperts x expert width
    bool sharedExpertGate = false; // a hidden -> 1 gate scales the shared expert (Qwen2-MoE, Qwen3-Next)
};

// The fixed-size state a State layer keeps for one sequence, whatever its length: the last
// (conv_kernel - 1) inputs of its causal convolution and the recurrent (SSM) state. Counts are
// numbers of values; bytes = values x the state dtype's size.
struct StateSpec {
    std::uint64_t convValues = 0;      // (d_conv - 1) x conv channels
    std::uint64_t recurrentValues = 0; // Mamba: d_inner x d_state; Mamba-2: heads x head_dim x d_state
    std::uint64_t paramsPerLayer = 0;  // weights of one State mixer (projections, conv, A, D, norms)
    std::uint64_t valuesPerLayer() const { return convValues + recurrentValues; }
};

// Multi-head latent attention (DeepSeek-V2/V3): the cache holds one compressed latent of
// kvLoraRank values plus a shared RoPE key of qkRopeHeadDim values per token per layer.
struct MlaSpec {
    std::uint32_t kvLoraRank = 0; // 0 = not MLA
    std::uint32_t qkRopeHeadDim = 0;
    std::uint32_t qkNopeHeadDim = 0;
    std::uint32_t vHeadDim = 0;
    std::uint32_t qLoraRank = 0; // 0 = queries are projected directly
    // DeepSeek Sparse Attention (DeepSeek-V3.2, GLM-5): a lightning indexer beside MLA scores every cached
    // token for each query and keeps the top few. It caches one key of indexHeadDim values per token per
    // layer, in FP8 with an FP32 scale per 128 values, whatever the KV cache dtype.
    std::uint32_t indexHeadDim = 0; // index_head_dim; 0 = no indexer
    std::uint32_t indexHeads = 0;   // index_n_heads: the indexer's query heads (weights only)
};

// The heads and head sizes of one kind of attending layer, where a model's layer kinds differ: Gemma 4's
// sliding layers have 16 KV heads of 256 and its global ones 4 of 512; MiMo-V2's sliding layers 8 KV heads and its
// full ones 4. The shape's own fields are the full-attention layers'; ModelShape::windowedAttention the windowed.
struct AttentionGeometry {
    std::uint32_t heads = 0;       // query heads (H_q)
    std::uint32_t kvHeads = 0;     // key/value heads (H_kv); divides heads
    std::uint32_t headDim = 0;     // a query's and a key's width (D_head)
    std::uint32_t vHeadDim = 0;    // a value's width where it differs from a key's; 0 = headDim
    bool valueFromKey = false;     // V is projected by K's weights (Gemma 4's attention_k_eq_v): no v_proj,
                                   // but K and V are cached apart (V is normed, K is rotated)
    std::uint64_t extraParams = 0; // per layer: q/k norms, gates (ModelShape::attentionExtraParams)
    std::uint32_t effectiveVHeadDim() const { return vHeadDim != 0 ? vHeadDim : headDim; }
    bool operator==(const AttentionGeometry&) const = default;
};

// What a config's quantization_config says the checkpoint stores: the covered linear weights (matrices, not
// their biases) in `format`, everything else (embeddings, norms, biases, routers, the modules left out) in the
// checkpoint's other dtype.
struct StoredWeights {
    DType format;               // mxfp4; fp8-g16384-fp32 for 128 x 128 blocks with an FP32 scale each
    DType rest = DType::bf16(); // what the uncovered weights are kept in
    bool attention = false;     // q/k/v/o (MLA: its projections)
    bool denseMlp = false;      // dense MLPs and shared experts
    bool experts = false;       // routed experts
    bool lmHead = false;        // the LM head (never the embeddings)
    std::string method;         // quant_method as the config writes it: "mxfp4", "fp8", "gptq"
    // Stored per matrix beside the groups: per output row (bitsandbytes' FP32 row scale, a per-channel scale
    // and zero point) and per input column (GPTQ's int32 g_idx). 0 when the format has none.
    std::uint32_t bitsPerRow = 0;
    std::uint32_t bitsPerColumn = 0;
    // A second level of scales over the covered weights: `bitsPerOuterGroup` per `outerGroup` of them
    // (bitsandbytes' double quantization: an FP32 absmax per 256 blocks of 64). 0 when there is none.
    std::uint32_t outerGroup = 0;
    std::uint32_t bitsPerOuterGroup = 0;
};

// Limits on a shape from outside, far above any published model (the largest have about 130
// layers, a hidden size of 25,600 and 128 heads); ModelShape::validate enforces them.
inline constexpr std::uint32_t kMaxLayers = 1u << 20;
inline constexpr std::uint32_t kMaxHidden = 1u << 24;
inline constexpr std::uint32_t kMaxHeads = 1u << 16;
inline constexpr std::uint32_t kMaxHeadDim = 1u << 16;
inline constexpr std::uint64_t kMaxStateValues = 1ull << 40; // per layer and sequence
inline constexpr std::uint64_t kMaxCrossTokens = 1ull << 32; // image tokens one sequence attends to

// Layers by what they cache (counted once, O(layers)).
struct LayerCounts {
    std::uint32_t kv = 0;         // layers holding a per-token K/V cache (self-attention)
    std::uint32_t windowedKv = 0; // of those, the ones capped by the sliding window
    std::uint32_t state = 0;      // layers holding a fixed-size state per sequence
    std::uint32_t cross = 0;      // cross-attention layers caching the image's tokens
};

// The shape of a decoder-only transformer, as far as memory is concerned. Every count is
// a plain number of things; no field is in bytes.
struct ModelShape {
    std::string id;                     // short preset id or the file it came from
    std::string displayName;            // "Llama-3.1-8B"
    std::uint32_t layers = 0;           // decoder blocks (L)
    std::uint32_t hidden = 0;           // model width (d_model)
    std::uint32_t heads = 0;            // query heads (H_q)
    std::uint32_t kvHeads = 0;          // key/value heads (H_kv); divides heads
    std::uint32_t headDim = 0;          // per-head width; 0 = hidden / heads
    std::uint32_t vHeadDim = 0;         // a V head's width where it differs from K's (not MLA); 0 = headDim
    std::uint32_t intermediate = 0;     // MLP width
    std::uint32_t vocab = 0;            // embedding rows
    std::uint64_t maxContext = 0;       // max_position_embeddings (tokens)
    std::uint64_t learnedPositions = 0; // rows of a learned position table (GPT-2); 0 = rotary
    bool tiedEmbeddings = false;        // LM head shares the embedding matrix
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RMSNorm;
    bool qkvBias = false;             // q/k/v projections carry biases (Qwen2, GPT-2)
    bool outBias = false;             // attention output projection bias (GPT-2)
    bool mlpBias = false;             // MLP biases (GPT-2)
    std::uint64_t slidingWindow = 0;  // tokens a windowed layer keeps; 0 = no window
    std::vector<bool> windowedLayers; // which layers use the window; empty = all (when slidingWindow > 0)
    bool valueFromKey = false;        // the full layers' V is projected by K's weights (AttentionGeometry)
    // The windowed layers' own heads and head sizes where they differ from the full layers' (the fields above):
    // Gemma 4, MiMo-V2. None = every attending layer has the shape's geometry. Not with MLA.
    std::optional<AttentionGeometry> windowedAttention;
    MoeSpec moe;
    MlaSpec mla;
    // Hybrid and multimodal models: what each block holds (layerpart bits); empty = every block
    // is Attention + Mlp (or Moe per MoeSpec), the plain decoder-only transformer.
    std::vector<std::uint8_t> layerParts;
    // Per-block MLP widths where blocks differ (Nemotron-NAS's ffn_mult); empty = every Mlp block is
    // `intermediate` wide. Sized like layerParts; a block without the Mlp bit has 0.
    std::vector<std::uint32_t> layerIntermediate;
    StateSpec state;                     // for layers with the State bit
    std::optional<DType> stateDtype;     // the config's mamba_ssm_cache_dtype / mamba_ssm_dtype; none = compute dtype
    std::optional<StoredWeights> stored; // the checkpoint's quantization, when its config states one
    std::uint64_t crossTokens = 0;       // image tokens each CrossAttention layer caches per sequence
    std::uint32_t normsPerLayer = 2;     // norms per block (1: parallel attention + MLP; 4: Gemma 2/3)
    bool finalNorm = true;               // a norm after the last block
    bool lmHeadBias = false;             // the LM head carries a bias (Phi, GPT-J)
    std::uint64_t attentionExtraParams = 0; // per attention layer: q/k norms, gates (counted by the importer)
    std::uint64_t extraParams = 0;    // outside the per-layer formula: vision encoder, embedding norm, shared blocks
    std::uint64_t paramsOverride = 0; // a given count that replaces the estimate; 0 = estimate
    ParamsSource paramsSource = ParamsSource::Published; // what paramsOverride is (when non-zero)
    bool paramsKvAdjusted = false;     // the given count had its K/V projections re-estimated for other KV heads
    DType nativeDtype = DType::bf16(); // dtype the checkpoint was published in

    std::uint32_t effectiveHeadDim() const { return headDim != 0 ? headDim : (heads != 0 ? hidden / heads : 0); }
    std::uint32_t effectiveVHeadDim() const { return vHeadDim != 0 ? vHeadDim : effectiveHeadDim(); }
    // The geometry of the full-attention layers (the shape's own fields), or of the windowed ones.
    AttentionGeometry fullAttention() const;
    AttentionGeometry attentionOf(bool windowed) const;
    bool hasTwoGeometries() const { return windowedAttention.has_value(); }
    AttentionKind attentionKind() const;
    bool isMoe() const { return moe.experts > 0; }
    bool layerUsesWindow(std::uint32_t layer) const;
    std::uint32_t windowedLayerCount() const;
    std::uint8_t partsOf(std::uint32_t layer) const; // layerpart bits; Attention | Mlp when layerParts is empty
    LayerCounts layerCounts() const;
    std::uint32_t mlpWidthOf(std::uint32_t layer) const; // a dense Mlp block's width
    bool isHybrid() const { return !layerParts.empty(); }

    // Throws Error naming the field when the shape cannot describe a model (zero sizes,
    // KV heads that do not divide the query heads, a window list of the wrong length...).
    void validate() const;
};

} // namespace kvscope
