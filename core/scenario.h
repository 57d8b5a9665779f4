#pragma once

#include "dtype.h"
#include "memorymodel.h"
#include "modelshape.h"
#include "scenariofield.h"
#include "speculation.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace kvscope {

// Everything a memory question needs: a model, how it is stored, how it is used and on
// what card. The defaults are the course's reference scenario except for the model,
// which the caller sets (see defaultScenario()).
struct Scenario {
    ModelShape model;
    DType weightDtype = DType::bf16();
    // Weigh the model as its checkpoint stores it (ModelShape::stored: AWQ, GPTQ, FP8...) rather than every
    // parameter in weightDtype. Ignored for a model whose config states no quantization (weightDtype then).
    bool weightsAsStored = false;
    DType kvDtype = DType::bf16();
    std::uint64_t context = 8192;            // tokens per sequence
    std::uint64_t batch = 8;                 // concurrent sequences
    std::string gpuId = "rtx-4090";          // preset id, or "custom"
    std::uint64_t gpuMemoryBytes = 0;        // per GPU
    double utilization = 0.9;                // vLLM's gpu_memory_utilization, (0, 1]
    std::uint32_t tensorParallel = 1;        // GPUs the model is split across
    std::uint32_t blockSize = 16;            // tokens per KV block (vLLM default)
    std::uint64_t prefillChunkTokens = 2048; // tokens of the largest prefill chunk (activation estimate)
    Speculation speculation;                 // speculative decoding: off by default

    // Throws Error naming the field when a value is out of range.
    void validate() const;
};

// The weight dtype's name for "as the checkpoint stores them" (Scenario::weightsAsStored): --weight-dtype
// stored, and the window's choice.
inline constexpr std::string_view kStoredWeights = "stored";

// Llama-3.1-8B, BF16 weights and cache, 8K context, batch 8, a 24 GiB card.
Scenario defaultScenario();

// `base` with the model preset `presetId` stored as it was published: weights and cache
// in the model's native dtype (the course's small GPT in FP32, Llama in BF16), one GPU.
// Throws Error listing the presets for an unknown id.
Scenario withPresetModel(Scenario base, std::string_view presetId);

// The communication buffers (NCCL's communicators, the custom all-reduce's) on each GPU of a deployment of `gpus`
// GPUs: 0 for one GPU, else the step vLLM's profiler measured from one GPU to two (vLLM PR #10511, 2024-12: an
// H100 80GB serving Meta-Llama-3-8B, non-torch memory 1.79 GiB at TP 1, 3.58 GiB at TP 2): 1.79 GiB. An estimate:
// NCCL's buffers grow with its channels and peers (the interconnect, NCCL_BUFFSIZE, NVLS), and engines of other
// versions measure other figures. The server log's own non-torch figure is the one to trust where there is one.
std::uint64_t communicationBytesEstimate(std::uint64_t gpus);
std::string_view communicationEstimateSource(); // the measurement above, in a sentence

// Terms that are not weights or KV. Both are estimates and are labelled so everywhere.
struct OverheadEstimate {
    // CUDA context and cuBLAS workspaces (a typical 512 MiB), and under tensor parallelism the communication buffers
    std::uint64_t runtimeBytes = 0;
    std::uint64_t communicationBytes = 0; // of runtimeBytes: communicationBytesEstimate(tensor parallel)
    std::uint64_t activationBytes = 0;    // peak of one prefill chunk's hidden/MLP activations + sampled logits
    std::uint64_t logitBytes = 0;         // of activationBytes, the sampled logits (the last pipeline stage's alone)
};
OverheadEstimate estimateOverheads(const Scenario& scenario);

// Per-GPU memory of a scenario. Under tensor parallelism the weights split evenly and
// the KV heads split across GPUs, or are replicated when there are fewer KV heads than GPUs.
struct Estimate {
    ParameterBreakdown params;
    std::uint32_t kvHeadsPerGpu = 0; // of the full-attention layers (the windowed ones may have their own)
    bool kvReplicated = false;       // tensorParallel > kvHeads (of either layer kind): each GPU keeps a copy
    std::uint64_t weightBytesAllGpus = 0;
    std::uint64_t weightBytes = 0;     // per GPU
    bool weightsAsStored = false;      // the weights are the checkpoint's stored bytes (Scenario::weightsAsStored)
    std::uint64_t kvBytesPerToken = 0; // whole model, one GPU's share summed over GPUs (no TP split)
    std::uint64_t kvBytesPerTokenPerGpu = 0;
    std::uint64_t kvBytesPerTokenNaive = 0; // query heads in place of KV heads
    double naiveFactor = 0.0;               // naive / real KV per token: how much the naive formula overstates
    std::uint64_t kvBytes = 0;              // per GPU, context x batch, window caps applied
    std::uint64_t kvBytesAllGpus = 0;       // the same for the whole model (no TP split): the naive figure's peer
    std::uint64_t kvBytesNaive = 0;         // naive formula, whole model
    // Per-sequence memory that does not grow with the context (SSM / linear-attention state,
    // the image tokens of cross-attention layers): per GPU, one sequence's share, then x batch.
    SequenceState sequenceState;          // one sequence, per GPU (state split over the GPUs)
    DType stateDtype = DType::bf16();     // what State layers keep their recurrent state in (sequenceState has both)
    std::uint64_t sequenceStateBytes = 0; // per GPU: sequenceState.total() x batch
    std::uint64_t activationBytes = 0;    // estimate
    std::uint64_t runtimeBytes = 0;       // estimate
    std::uint64_t communicationBytes = 0; // of runtimeBytes: NCCL's buffers under tensor parallelism (estimate)
    std::uint64_t totalBytes = 0; // per GPU: all terms (weights, KV, sequence state, two estimates, speculation)
    std::uint64_t gpuMemoryBytes = 0;
    std::uint64_t budgetBytes = 0;  // gpuMemoryBytes x utilization
    bool fits = false;              // totalBytes <= budgetBytes
    std::int64_t headroomBytes = 0; // budget - total; negative: the shortfall
    bool beyondMaxContext = false;  // the context exceeds the model's stated maximum (max_position_embeddings)
    // Speculative decoding's draft weights, draft KV and lookahead slots (all 0 when off); in totalBytes.
    SpeculativeMemory speculative;
};
Estimate estimate(const Scenario& scenario);

// KV capacity the way vLLM reports it at start-up.
struct Capacity {
    std::uint64_t kvMemoryBytes = 0; // memory given to the cache (per GPU)
    std::uint64_t blockBytes = 0;    // blockSize tokens x all layers (per GPU)
    std::uint64_t blocks = 0;
    std::uint64_t tokens = 0; // "GPU KV cache size: N tokens" = blocks x blockSize
    std::uint64_t tokensPerRequest = 0;
    double maxConcurrency = 0.0; // "Maximum concurrency for M tokens per request: X.XXx"
    std::uint32_t blockSize = 0;
    // Where kvMemoryBytes came from when capacity() derived it from a scenario (all 0 for
    // capacityFromKvMemory): budget - weights - activations - runtime, per GPU.
    bool fromBudget = false;
    std::uint64_t budgetBytes = 0;
    std::uint64_t weightBytes = 0;
    std::uint64_t draftWeightBytes = 0;   // speculative decoding's draft model or head (0 without one)
    std::uint64_t activationBytes = 0;    // estimate
    std::uint64_t runtimeBytes = 0;       // estimate
    std::uint64_t communicationBytes = 0; // of runtimeBytes: NCCL's buffers under tensor parallelism (estimate)
    // Why no token fits, when none does.
    enum class Empty { No, WeightsAndOverheadsExceedBudget, LessThanOneBlock };
    Empty empty = Empty::No;
};

// From a KV memory size directly (vLLM's --kv-cache-memory): whole blocks only.
Capacity capacityFromKvMemory(const ModelShape& model, DType kv, std::uint64_t kvMemoryBytes, std::uint32_t blockSize,
                              std::uint64_t tokensPerRequest, PerGpu split = {});

// From a scenario: memory x utilization - weights - activations - runtime, per GPU.
// tokensPerRequest 0 means the scenario's context. For a model with per-sequence state the
// concurrency divides that memory by one request's KV and its state together.
Capacity capacity(const Scenario& scenario, std::uint64_t tokensPerRequest = 0);

// The largest batch of scenario.context tokens whose KV fits next to the weights (0: none).
std::uint64_t maxBatchForContext(const Scenario& scenario);
// The longest context that scenario.batch sequences can each hold (0: none), at most
// the model's max context (or 16M tokens when the model states none).
std::uint64_t maxContextForBatch(const Scenario& scenario);

// Per-GPU KV heads of the full-attention layers under tensor parallelism; throws Error naming --tp when the split of
// either layer kind's heads is impossible.
std::uint32_t kvHeadsPerGpu(const ModelShape& model, std::uint32_t tensorParallel);

} // namespace kvscope
