#pragma once

#include "dtype.h"

#include <cstdint>
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

struct MoeSpec {
    std::uint32_t experts = 0;            // routed experts per MoE layer; 0 = dense model
    std::uint32_t expertsPerToken = 0;    // active routed experts per token
    std::uint32_t expertIntermediate = 0; // each expert's MLP width; 0 = the model's intermediate size
    std::uint32_t sharedExperts = 0;      // always-active experts (DeepSeek)
    std::uint32_t denseLayers = 0;        // leading layers that keep a dense MLP (first_k_dense_replace)
};

// Multi-head latent attention (DeepSeek-V2/V3): the cache holds one compressed latent of
// kvLoraRank values plus a shared RoPE key of qkRopeHeadDim values per token per layer.
struct MlaSpec {
    std::uint32_t kvLoraRank = 0; // 0 = not MLA
    std::uint32_t qkRopeHeadDim = 0;
    std::uint32_t qkNopeHeadDim = 0;
    std::uint32_t vHeadDim = 0;
    std::uint32_t qLoraRank = 0; // 0 = queries are projected directly
};

// Limits on a shape from outside, far above any published model (the largest have about 130
// layers, a hidden size of 25,600 and 128 heads); ModelShape::validate enforces them.
inline constexpr std::uint32_t kMaxLayers = 1u << 20;
inline constexpr std::uint32_t kMaxHidden = 1u << 24;
inline constexpr std::uint32_t kMaxHeads = 1u << 16;
inline constexpr std::uint32_t kMaxHeadDim = 1u << 16;

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
    MoeSpec moe;
    MlaSpec mla;
    std::uint64_t paramsOverride = 0;                    // a given count that replaces the estimate; 0 = estimate
    ParamsSource paramsSource = ParamsSource::Published; // what paramsOverride is (when non-zero)
    bool paramsKvAdjusted = false;     // the given count had its K/V projections re-estimated for other KV heads
    DType nativeDtype = DType::bf16(); // dtype the checkpoint was published in

    std::uint32_t effectiveHeadDim() const { return headDim != 0 ? headDim : (heads != 0 ? hidden / heads : 0); }
    AttentionKind attentionKind() const;
    bool isMoe() const { return moe.experts > 0; }
    bool layerUsesWindow(std::uint32_t layer) const;
    std::uint32_t windowedLayerCount() const;

    // Throws Error naming the field when the shape cannot describe a model (zero sizes,
    // KV heads that do not divide the query heads, a window list of the wrong length...).
    void validate() const;
};

} // namespace kvscope
