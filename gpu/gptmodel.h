#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {
struct ModelShape; // core/modelshape.h; not included here: the .cu files include this header and are C++17
}

namespace kvscope::gpu {

// A small GPT of our own: token + learned position embeddings, pre-LayerNorm blocks,
// causal self-attention whose query heads share kvHeads K/V heads (MHA, GQA or MQA),
// a GELU MLP of 4 x width, a final LayerNorm and an LM head tied to the embedding.
// The default is docs/domain.md section 7's model: 8 layers, width 512, 512-token context,
// 4,096-token vocabulary: 27.6M parameters, 110 MB in FP32.
struct GptConfig {
    std::uint32_t layers = 8;
    std::uint32_t width = 512; // d_model
    std::uint32_t heads = 8;   // query heads
    std::uint32_t kvHeads = 8; // K/V heads; divides heads
    std::uint32_t vocab = 4096;
    std::uint32_t maxContext = 512; // rows of the position table
    std::uint64_t seed = 1;         // for the random weights

    std::uint32_t headDim() const { return width / heads; }
    std::uint32_t kvWidth() const { return kvHeads * headDim(); } // K (or V) values per token per layer
    // Core's formulas for modelShapeOf(*this) (memorymodel.h): the parameters, and what one token
    // adds to an FP32 cache (2 x layers x kvHeads x headDim x 4 B). Both validate() first.
    std::uint64_t parameterCount() const;
    std::uint64_t kvBytesPerToken() const;
    void validate() const; // throws kvscope::Error naming the field
};

// The small GPT as core's model shape, the one bridge from the decode core to core's formulas:
// learned positions, pre-LayerNorm with biases, a plain 4 x width GELU MLP, an LM head tied to
// the embedding. Validates the config first.
kvscope::ModelShape modelShapeOf(const GptConfig& config);

// FP32 weights in GPT-2's Conv1D layout: every matrix is (in, out) row-major, y = x W + b.
struct GptWeights {
    GptConfig config;
    std::vector<float> wte; // (vocab, width); also the LM head
    std::vector<float> wpe; // (maxContext, width)
    struct Layer {
        std::vector<float> ln1Gain, ln1Bias; // (width)
        std::vector<float> qkv, qkvBias;     // (width, width + 2 kvWidth), (width + 2 kvWidth): q | k | v
        std::vector<float> proj, projBias;   // (width, width), (width)
        std::vector<float> ln2Gain, ln2Bias; // (width)
        std::vector<float> fc, fcBias;       // (width, 4 width), (4 width)
        std::vector<float> fc2, fc2Bias;     // (4 width, width), (width)
    };
    std::vector<Layer> layers;
    std::vector<float> lnfGain, lnfBias; // (width)

    std::uint64_t bytes() const; // FP32 storage of every tensor
};

// Deterministic random weights (normal, std 0.02; projections scaled by 1/sqrt(2 layers), as GPT-2),
// with two changes that make a decode worth watching (GPT-2's own init repeated one token: seed 1
// gave the same token 32 times, seeds 2 and 3 one or two tokens):
//  - the final LayerNorm's gain is +1 or -1 at random instead of all ones. With all ones the tied
//    LM head scores token v by LN(x) . wte[v], and the residual stream x carries the current
//    token's own embedding, so the input token starts every step with a head start of about
//    |wte[t]|^2 over the rest and a token that wins once tends to win again. Random signs cancel
//    that on average (sum_i g_i wte[t]_i^2 is about 0), as an untied head would, and leave every
//    other token's score its spread;
//  - position embeddings at std 0.05 instead of 0.01: without a cache of its own, a random
//    next-token map walks into a short cycle (signs alone: 3 to 24 distinct tokens of 32 for seeds
//    1..5); a position term 5x larger puts a different vector into every step, which breaks
//    the cycles (24 to 32 distinct of 32 for seeds 1..5).
// Then "the same tokens with and without a cache" and the quantized caches' agreement show
// something. The same tensors and shapes: the parameter count does not change.
GptWeights randomWeights(const GptConfig& config);

// Reads GPT-2-named tensors (wte, wpe, h.N.ln_1, h.N.attn.c_attn, h.N.attn.c_proj, h.N.ln_2,
// h.N.mlp.c_fc, h.N.mlp.c_proj, ln_f; an optional "transformer." prefix) from a .safetensors
// file, in F32, F16 or BF16. `heads` is not in the file: 0 means width / 64, as in GPT-2.
// Throws kvscope::Error naming the file and the tensor at fault.
GptWeights loadSafetensors(const std::filesystem::path& path, std::uint32_t heads = 0);
// The same for a file's bytes already in memory; `file` names them in errors.
GptWeights parseSafetensors(std::string_view bytes, const std::string& file, std::uint32_t heads = 0);
void saveSafetensors(const GptWeights& weights, const std::filesystem::path& path);

} // namespace kvscope::gpu
