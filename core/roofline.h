#pragma once
// The roofline of one inference step: what it must move through memory, what it must compute,
// and which of the two ceilings (memory bandwidth, peak arithmetic) bounds its time.
//
// A decode step of a batch of B sequences whose caches hold S tokens each:
//   bytes = weights read once                 weightBytes(P_read, weight dtype)
//         + the cache read                    kvBytes(model, kv, S, B)            (window caps applied)
//         + the new token's K and V written   B x kvBytesPerToken(model, kv)
//   FLOPs = 2 x P_mul x B                     every multiply-add of the matrices, LM head included
//         + 4 x H_q x D_head x (S + 1) x B    per attending layer: q.k over S + 1 keys, then the weighted
//                                             sum of as many values (2 FLOPs per multiply-add each)
// A prefill of P tokens per sequence writes B x P tokens' K and V, reads no cache, multiplies
// every token by the matrices except the LM head (logits of the last position only, as servers
// do), and attends causally: token i (1-based) attends to i keys (at most the window).
//
// P_mul, the parameters a token is multiplied by: the active parameters (MoE: its experts) less
// the embedding tables (a lookup, not a product), the norms and anything outside the decoder
// (ModelShape::extraParams: a vision encoder), plus the LM head when it is tied to the
// embeddings. P_read = P_mul + the norms; for a MoE model at batch B also the share of the other
// experts that B tokens reach under uniform routing: E (1 - (1 - k/E)^B) experts of E per layer.
//
// Left out, all small next to the terms above for the models the course uses: the embedding
// rows a step looks up (B x hidden values), activations written and read between kernels (they
// stay in cache for small batches), norms, softmax, rotary and element-wise FLOPs, biases
// (counted as if they were multiplied: 2 FLOPs each), State layers' recurrence (their
// projections are counted) and cross-attention over image tokens. So the bytes and FLOPs are
// lower bounds, and a time computed from them is a lower bound too.

#include "dtype.h"
#include "memorymodel.h"
#include "modelshape.h"

#include <cstdint>
#include <optional>
#include <span>

namespace kvscope {

struct GpuPreset;
struct Scenario;

namespace roofline {

// What one step must move and compute. All byte counts are exact and overflow-checked.
struct StepWork {
    std::uint64_t batch = 0;          // B: sequences
    std::uint64_t context = 0;        // S: tokens in each sequence's cache before the step (prefill: 0)
    std::uint64_t tokens = 0;         // tokens pushed through the matrices: B (decode), B x P (prefill)
    std::uint64_t weightBytes = 0;    // weights read once
    std::uint64_t kvReadBytes = 0;    // the cache read by attention
    std::uint64_t kvWriteBytes = 0;   // K and V of the new tokens
    std::uint64_t bytes = 0;          // the three above
    std::uint64_t matmulFlops = 0;    // 2 x P_mul x tokens (prefill: the LM head for B tokens only)
    std::uint64_t attentionFlops = 0; // 4 x H_q x D_head x (keys attended, summed over layers and tokens)
    std::uint64_t flops = 0;          // the two above

    // FLOPs per byte moved (FLOP/B); 0 when nothing moves.
    double intensity() const { return bytes == 0 ? 0.0 : double(flops) / double(bytes); }
};

// The parameters a token is multiplied by, and those a step of `batch` tokens reads (see above).
std::uint64_t multipliedParameters(const ModelShape& model);
std::uint64_t parametersRead(const ModelShape& model, std::uint64_t batch);

// One cached decode step: one new token for each of `batch` sequences holding `context` tokens.
// Throws Error for a zero batch or a size that passes 64 bits (naming the quantity).
StepWork decodeStep(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                    std::uint64_t context);
// A prefill of `promptTokens` tokens for each of `batch` sequences, the cache empty before it.
StepWork prefillStep(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                     std::uint64_t promptTokens);

// One step of a serving engine's continuous batch, as vLLM schedules one: every running sequence decodes
// one token, and prompts are prefilled in chunks (chunked prefill). A chunk of n tokens at offset o of its
// prompt reads the o tokens its earlier chunks cached, writes its n tokens' K and V, and its token i
// (o < i <= o + n) attends to i keys, at most the window. The LM head runs for each decoding sequence and for
// the last token of a chunk that ends its prompt (the request's first output token).
struct PrefillChunk {
    std::uint64_t offset = 0; // prompt tokens cached by this request's earlier chunks
    std::uint64_t tokens = 0; // this chunk's tokens (at least 1)
    bool endsPrompt = true;   // the chunk reaches the end of the prompt
};
// The work of one such step: the weights are read once for all its tokens (a MoE model's experts as
// parametersRead counts them for that many tokens); the cache reads, writes and attention FLOPs are the
// sums of each sequence's. `batch` is the number of sequences in the step, `context` 0 (a mixed step has
// no single context). With only decodes at one context it is decodeStep; with whole prompts only,
// prefillStep. Throws Error for an empty step, a chunk of no tokens, or a size past 64 bits.
StepWork servingStep(const ModelShape& model, DType weightDtype, DType kvDtype,
                     std::span<const std::uint64_t> decodeContexts, std::span<const PrefillChunk> chunks);

// servingStep's constants for one model and its dtypes, counted once: a timed replay prices every step of a
// run with one (servingStep builds one per call). work() is servingStep for this model.
class StepPricer {
public:
    // Throws Error for a model that fails validation.
    StepPricer(const ModelShape& model, DType weightDtype, DType kvDtype);
    StepWork work(std::span<const std::uint64_t> decodeContexts, std::span<const PrefillChunk> chunks) const;
    std::uint64_t kvBytesPerToken() const { return m_kvPerToken; } // every layer's K and V of one token
    const ModelShape& model() const { return m_model; }
    DType kvDtype() const { return m_kvDtype; }

private:
    std::uint64_t cachedBytes(std::uint64_t context) const; // one sequence's cache of `context` tokens
    ModelShape m_model;
    DType m_weightDtype, m_kvDtype;
    ParameterBreakdown m_breakdown;
    KvGrowth m_growth;
    std::uint64_t m_fullLayers = 0, m_windowedLayers = 0, m_window = 0;
    std::uint64_t m_kvPerToken = 0, m_lmHead = 0, m_multiplied = 0, m_body = 0;
    std::uint64_t m_fullFlopsPerKey = 0, m_windowFlopsPerKey = 0;
};

// The two ceilings of a machine.
struct Roof {
    double bandwidth = 0.0; // bytes per second
    double peakFlops = 0.0; // FLOP per second
    bool valid() const { return bandwidth > 0.0 && peakFlops > 0.0; }
};

// min(peak, bandwidth x intensity): the most FLOP/s a kernel of this intensity can reach.
double attainableFlops(const Roof& roof, double intensity);
// peak / bandwidth (FLOP/B): below it a step is memory-bound, at or above it compute-bound.
double ridgePoint(const Roof& roof);

enum class Bound { Memory, Compute };

// A step set on a roof, and against a measured time when there is one.
struct Reading {
    Bound bound = Bound::Memory;
    double intensity = 0.0;         // FLOP/B
    double roofFlops = 0.0;         // attainable FLOP/s at this intensity
    double memorySeconds = 0.0;     // bytes / bandwidth
    double computeSeconds = 0.0;    // FLOPs / peak
    double lowerBoundSeconds = 0.0; // max of the two: no step can be faster on this roof
    bool measured = false;          // a time was given (and was positive)
    double seconds = 0.0;           // the measured time
    double achievedFlops = 0.0;     // FLOPs / measured time
    double achievedBandwidth = 0.0; // bytes / measured time
    double shareOfRoof = 0.0;       // achieved / attainable = lower bound / measured (0..1 unless the roof is beaten)
};
// Throws Error when the roof has no bandwidth or no peak.
Reading read(const StepWork& work, const Roof& roof, std::optional<double> measuredSeconds = std::nullopt);

// A step's time on a roof: its lower bound, max(bytes / bandwidth, FLOPs / peak), plus `fixedSeconds`, the
// cost the roofline does not see (kernel launches, the scheduler, sampling). The fixed cost is the caller's:
// measured (the decode core's fit on this machine) or stated with its source, never assumed here. Throws
// Error for a roof without bandwidth or peak, or a negative or non-finite fixed cost.
double stepSeconds(const StepWork& work, const Roof& roof, double fixedSeconds);

// A preset's data-sheet roof (memory bandwidth, dense BF16/FP16 tensor peak); nothing when the
// preset carries no data-sheet figures.
std::optional<Roof> dataSheetRoof(const GpuPreset& gpu);

// The lower bound on the time per output token of a decode step on a GPU's data sheet:
// max(bytes / bandwidth, FLOPs / peak).
struct Prediction {
    StepWork work;
    Roof roof;
    Reading reading;
    double tpotSeconds = 0.0; // = reading.lowerBoundSeconds
};
// Nothing when the preset has no data-sheet figures.
std::optional<Prediction> predictDecode(const ModelShape& model, DType weightDtype, DType kvDtype, std::uint64_t batch,
                                        std::uint64_t context, const GpuPreset& gpu);
// The scenario's model, dtypes, batch and context on its GPU preset, per GPU under tensor
// parallelism (weights, FLOPs and heads split evenly, the KV heads as core's estimate splits them;
// the communication between GPUs is left out). Weights as the checkpoint stores them when the scenario
// says so (Scenario::weightsAsStored). Nothing for a custom GPU or a preset without
// data-sheet figures.
std::optional<Prediction> predictScenario(const Scenario& scenario);
// The share of an MoE's routed expert weights a step of `batch` tokens reads (1 for a dense model).
double expertShareRead(const ModelShape& model, std::uint64_t batch);

} // namespace roofline
} // namespace kvscope
