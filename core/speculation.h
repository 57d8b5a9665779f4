#pragma once
// Speculative decoding: a cheap proposer drafts k tokens, the target model checks all of them in one step and keeps
// the ones it agrees with, plus one token of its own. What it costs in memory and what it buys in time.
//
// Memory, per GPU (vLLM V1's layout: the drafter's layers share the target's KV pool and block tables):
//   draft weights    the draft model's parameters, or the EAGLE head's, in the scenario's weight dtype (vLLM
//                    loads a draft model in the target's dtype: SpeculativeConfig's draft ModelConfig takes
//                    dtype=target_model_config.dtype, vllm/config/speculative.py)
//   slots            what a sequence holds beyond its context during a step: the k drafts being checked (the
//                    scheduler's 1 + k new tokens; the 1 is the context's last token), and for a drafter that runs
//                    on the GPU (EAGLE, a draft model) k more for the drafts it proposes after the check (vLLM's
//                    num_lookahead_tokens, 0 for n-gram): k or 2k slots a sequence, in every layer, a window's too
//   lookahead        the target's cache of those slots: its KV per token x slots x batch
//   draft KV         the drafter's own cache of the context and the slots: kvBytes(draft, context) + its KV per
//                    token x slots x batch
// N-gram lookup proposes from the prompt's own text: no weights, no draft KV, k slots.
//
// Time (Leviathan et al. 2023, "Fast Inference from Transformers via Speculative Decoding"): with a chance a that
// each draft token is accepted given that the ones before it were, a step keeps on average
//   E = 1 + a + a^2 + ... + a^k = (1 - a^(k+1)) / (1 - a)   tokens (k + 1 when a = 1),
// and costs one verification (k + 1 tokens per sequence through the target) plus k draft steps. The speedup over
// plain decoding is E x T_decode / (T_verify + k x T_draft), each T a roofline lower bound on the GPU's data sheet
// (bytes / bandwidth against FLOPs / peak). A verification reads the weights once for k + 1 tokens, so where a
// decode step is memory-bound it costs about one step; where it is compute-bound, about k + 1 steps. The ratio of
// lower bounds is optimistic, not a bound: a fixed cost per pass (launches, the sampler) falls on the check and on
// each of the k draft steps, against once on a plain step.

#include "dtype.h"
#include "modelshape.h"
#include "roofline.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

struct Scenario;

// How the draft tokens are proposed (vLLM's speculative_config "method").
enum class DraftMethod : std::uint8_t {
    None,
    Ngram, // prompt lookup: the next tokens after the last match of the latest n-gram in the sequence so far
    Eagle, // an EAGLE head: one decoder layer of the target's shape fed the target's hidden state (EAGLE-1)
    Model, // a smaller model of the same tokenizer, run k times a step
};
std::string_view draftMethodName(DraftMethod method); // "none", "ngram", "eagle", "draft"
std::optional<DraftMethod> parseDraftMethod(std::string_view name);
std::vector<std::string> draftMethodNames();

inline constexpr std::uint32_t kMaxDraftTokens = 16; // past this the chance a draft survives is negligible

struct Speculation {
    DraftMethod method = DraftMethod::None;
    std::string draftPreset;  // DraftMethod::Model: the draft's model preset id
    std::uint32_t tokens = 3; // k: draft tokens per step (num_speculative_tokens), 1..kMaxDraftTokens
    double acceptance = 0.7;  // a: each draft token's chance of acceptance, given the ones before it, in [0, 1]
    bool enabled() const { return method != DraftMethod::None; }
    // Throws Error naming the option (--speculative, --draft-tokens, --acceptance) when a value is out of range.
    void validate() const;
    bool operator==(const Speculation&) const = default;
};

// What the draft is, as a shape. For DraftMethod::Model the preset's; for DraftMethod::Eagle the target's first
// block as vLLM's llama_eagle.py builds the head: one decoder layer without its input norm, no final norm, an fc
// of 2 x hidden -> hidden (no bias) in front, the embedding and LM head the target's own (no weights of their
// own). Nothing for n-gram. Throws Error saying what is not known for a target whose EAGLE head KV Scope cannot
// build (MoE, MLA, hybrid, windowed or learned-position models: vLLM builds theirs from other code).
struct Drafter {
    ModelShape shape;             // the draft's shape (EAGLE: one layer of the target's, its LM head counted)
    std::uint64_t params = 0;     // weights the draft adds to the GPU (EAGLE: the layer and the fc)
    std::uint64_t fcParams = 0;   // EAGLE: the 2h -> h fc (part of params)
    bool sharesEmbedding = false; // EAGLE: reads the target's embedding and LM head
};
std::optional<Drafter> drafter(const ModelShape& target, const Speculation& speculation);

// The preset a draft model of `target` would be: the smallest preset of the same vocabulary with fewer parameters
// (TinyLlama-1.1B for Llama-2-7B), else the smallest preset of all (whose vocabulary speculativeMemory then flags).
std::string suggestedDraftPreset(const ModelShape& target);

// The memory speculation adds to one GPU of a scenario (all 0 without speculation).
struct SpeculativeMemory {
    std::uint64_t draftParams = 0;
    std::uint64_t draftWeightBytes = 0;     // per GPU: split like the target's under tensor parallelism
    std::uint64_t draftKvBytesPerToken = 0; // per GPU
    std::uint64_t draftKvBytes = 0;         // per GPU: the context (the draft's windows applied) and the slots
    std::uint64_t lookaheadKvBytes = 0;     // per GPU: the target's cache of the slots
    std::uint64_t slotsPerSequence = 0;     // k, or 2k with a drafter on the GPU (see above)
    std::uint64_t lookaheadTokens = 0;      // slotsPerSequence x batch
    // A draft model whose vocabulary size is not the target's: vLLM cannot pair them. (Only the size is compared:
    // two tokenizers of one size are not told apart.)
    bool vocabularyDiffers = false;
    std::uint64_t total() const; // overflow-checked sums
    std::uint64_t kvTotal() const;
};
SpeculativeMemory speculativeMemory(const Scenario& scenario);

// The slots a sequence holds beyond its context during a step: k, or 2k when a drafter runs on the GPU.
std::uint64_t slotsPerSequence(const Speculation& speculation);

// E = (1 - a^(k+1)) / (1 - a): the tokens one step keeps on average (k + 1 at a = 1).
double expectedTokensPerStep(double acceptance, std::uint32_t draftTokens);

// The step-time model for one GPU on its data sheet (no tensor parallelism).
struct SpeculativeSpeedup {
    double expectedTokens = 0.0;       // E
    roofline::StepWork decode;         // one plain decode step of the batch
    roofline::StepWork verify;         // k + 1 tokens per sequence through the target, the LM head on each
    roofline::StepWork draftStep;      // one draft step of the batch (n-gram: none)
    double decodeSeconds = 0.0;        // T_decode
    double verifySeconds = 0.0;        // T_verify
    double draftSeconds = 0.0;         // T_draft of one draft step
    double stepSeconds = 0.0;          // T_verify + k x T_draft
    double tokensPerSecond = 0.0;      // batch x E / stepSeconds
    double plainTokensPerSecond = 0.0; // batch / T_decode
    double speedup = 0.0;              // E x T_decode / stepSeconds
    roofline::Bound verifyBound = roofline::Bound::Memory;
    roofline::Bound decodeBound = roofline::Bound::Memory;
};
// The verification step alone: every sequence of `batch` holding `context` tokens runs `tokens` more through the
// model, reading its cache once and the weights once for all of them, with the LM head on every one.
roofline::StepWork verifyStep(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                              std::uint64_t context, std::uint32_t tokens);
// Why a scenario's speedup cannot be given (nothing when it can).
enum class SpeedupRefusal { NoSpeculation, TensorParallel, NoDataSheet, WeightsAsStored };
std::optional<SpeedupRefusal> speedupRefusal(const Scenario& scenario);
// Nothing when speedupRefusal names a reason. Throws Error for a size past 64 bits.
std::optional<SpeculativeSpeedup> speculativeSpeedup(const Scenario& scenario);
// The same for another acceptance rate (a chart's curve), on the scenario's model, draft and GPU; throws Error for
// one outside [0, 1].
std::optional<SpeculativeSpeedup> speculativeSpeedup(const Scenario& scenario, double acceptance);

} // namespace kvscope
