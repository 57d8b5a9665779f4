#include "scenario.h"

#include "checked.h"
#include "error.h"
#include "gpus.h"
#include "memorymodel.h"
#include "presets.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvscope {
namespace {

// A CUDA context with cuBLAS loaded typically takes 300-800 MiB; we show 512 MiB as an estimate.
constexpr std::uint64_t kRuntimeEstimateBytes = 512 * MiB;
// 3.58 - 1.79 GiB (communicationBytesEstimate's source), to the MiB.
constexpr std::uint64_t kCommunicationEstimateBytes = 1833 * MiB;

std::uint64_t usableBytes(const Scenario& s) {
    return static_cast<std::uint64_t>(std::floor(static_cast<double>(s.gpuMemoryBytes) * s.utilization));
}

// Bytes one more sequence of `context` tokens needs on one GPU: its KV cache and its fixed state; with speculative
// decoding also its k lookahead slots and the drafter's cache of them all.
std::uint64_t perSequenceBytes(const Scenario& s, const Estimate& e, std::uint64_t context) {
    const PerGpu split{s.tensorParallel};
    std::uint64_t bytes =
        addChecked(kvBytes(s.model, s.kvDtype, context, 1, split), e.sequenceState.total(), "bytes per sequence");
    if (!s.speculation.enabled())
        return bytes;
    Scenario one = s;
    one.context = context;
    one.batch = 1;
    return addChecked(bytes, speculativeMemory(one).kvTotal(), "bytes per sequence");
}

// KV memory left after weights and overheads on one GPU; 0 when nothing is left.
std::uint64_t kvMemoryLeft(const Estimate& e) {
    const std::uint64_t used = e.weightBytes + e.speculative.draftWeightBytes + e.activationBytes + e.runtimeBytes;
    return e.budgetBytes > used ? e.budgetBytes - used : 0;
}

} // namespace

void Scenario::validate() const {
    model.validate();
    if (context == 0)
        throw Error("context must be at least 1 token", ScenarioField::Context, {RefusalKind::BelowOne, 0.0, 0});
    if (batch == 0)
        throw Error("batch must be at least 1 sequence", ScenarioField::Batch, {RefusalKind::BelowOne, 0.0, 0});
    if (gpuMemoryBytes == 0)
        throw Error("GPU memory must be greater than 0", ScenarioField::GpuMemory, {RefusalKind::NotPositive, 0.0, 0});
    if (!(utilization > 0.0 && utilization <= 1.0))
        throw Error("utilization must be in (0, 1], got " + std::to_string(utilization), ScenarioField::Utilization,
                    {RefusalKind::OutOfRange, utilization, 0});
    if (blockSize == 0 || blockSize > 4096)
        throw Error("block size must be between 1 and 4096 tokens, got " + std::to_string(blockSize));
    if (tensorParallel == 0)
        throw Error("tensor-parallel degree must be at least 1", ScenarioField::TensorParallel,
                    {RefusalKind::BelowOne, 0.0, 0});
    kvHeadsPerGpu(model, tensorParallel);
    speculation.validate();
}

Scenario defaultScenario() {
    Scenario s;
    s.model = loadPreset("llama-3.1-8b");
    s.gpuId = "rtx-4090";
    s.gpuMemoryBytes = findGpuPreset(s.gpuId).memoryBytes;
    return s;
}

Scenario withPresetModel(Scenario base, std::string_view presetId) {
    base.model = loadPreset(presetId);
    base.weightDtype = base.model.nativeDtype;
    base.weightsAsStored = false;
    base.kvDtype = base.model.nativeDtype;
    base.tensorParallel = 1;
    return base;
}

std::uint32_t kvHeadsPerGpu(const ModelShape& model, std::uint32_t tp) {
    if (model.mla.kvLoraRank > 0) {
        if (tp == 0 || model.heads % tp != 0)
            (void)kvHeadsPerGpu(model.fullAttention(), tp); // the same refusals of the query heads
        return model.kvHeads; // the latent is shared by all heads: every GPU keeps all of it
    }
    if (model.windowedAttention) // the windowed layers' heads are split by the same GPUs
        (void)kvHeadsPerGpu(*model.windowedAttention, tp);
    return kvHeadsPerGpu(model.fullAttention(), tp);
}

std::uint64_t communicationBytesEstimate(std::uint64_t gpus) {
    return gpus > 1 ? kCommunicationEstimateBytes : 0;
}

std::string_view communicationEstimateSource() {
    return "vLLM's memory profiler on an H100 80GB serving Meta-Llama-3-8B measured non-torch memory of 1.79 GiB at "
           "TP 1 and 3.58 GiB at TP 2 (vLLM PR #10511, 2024-12): the 1.79 GiB step, NCCL's and the custom "
           "all-reduce's buffers, is added on every GPU that communicates";
}

OverheadEstimate estimateOverheads(const Scenario& s) {
    const ModelShape& m = s.model;
    // Activations are computed in a 16-bit float even for quantized weights; FP32 stays FP32.
    const std::uint64_t actBytes = s.weightDtype.kind == DTypeKind::FP32 ? 4 : 2;
    std::uint64_t mlpWidth = m.intermediate;
    if (m.isMoe()) {
        const std::uint64_t expert = m.moe.expertIntermediate != 0 ? m.moe.expertIntermediate : m.intermediate;
        mlpWidth = expert * (std::uint64_t(m.moe.expertsPerToken) + m.moe.sharedExperts);
    }
    // Live at the MLP peak: residual, normed input, attention output, q/k/v (~4 x hidden)
    // and the up/gate products (2 x MLP width), for every token of the chunk.
    const std::uint64_t perToken = 4ull * m.hidden + 2 * mlpWidth;
    const std::uint64_t chunk = std::min<std::uint64_t>(s.prefillChunkTokens, mulChecked("tokens", s.context, s.batch));
    OverheadEstimate o;
    // A speculative step checks k drafts and samples after each: logits for k + 1 positions per sequence.
    const std::uint64_t positions = s.speculation.enabled() ? std::uint64_t(s.speculation.tokens) + 1 : 1;
    o.logitBytes = mulChecked("logit bytes", s.batch, positions, m.vocab, 4) / s.tensorParallel;
    o.activationBytes = mulChecked("activation bytes", chunk, perToken, actBytes) / s.tensorParallel + o.logitBytes;
    o.communicationBytes = communicationBytesEstimate(s.tensorParallel);
    o.runtimeBytes = kRuntimeEstimateBytes + o.communicationBytes;
    return o;
}

Estimate estimate(const Scenario& s) {
    s.validate();
    Estimate e;
    e.params = parameterBreakdown(s.model);
    e.kvHeadsPerGpu = kvHeadsPerGpu(s.model, s.tensorParallel);
    e.kvReplicated = s.model.mla.kvLoraRank == 0 &&
                     (s.tensorParallel > s.model.kvHeads ||
                      (s.model.windowedAttention && s.tensorParallel > s.model.windowedAttention->kvHeads));
    const std::optional<StoredWeightBytes> stored =
        s.weightsAsStored ? storedWeightBytes(s.model) : std::optional<StoredWeightBytes>();
    e.weightsAsStored = stored.has_value();
    e.weightBytesAllGpus = stored ? stored->bytes : weightBytes(e.params.total, s.weightDtype);
    e.weightBytes = ceilDiv(e.weightBytesAllGpus, s.tensorParallel);
    e.kvBytesPerToken = kvBytesPerToken(s.model, s.kvDtype);
    e.kvBytesPerTokenPerGpu = kvBytesPerToken(s.model, s.kvDtype, PerGpu{s.tensorParallel});
    e.kvBytesPerTokenNaive = kvBytesPerTokenNaive(s.model, s.kvDtype);
    e.naiveFactor = e.kvBytesPerToken != 0 ? double(e.kvBytesPerTokenNaive) / double(e.kvBytesPerToken) : 0.0;
    e.kvBytes = kvBytes(s.model, s.kvDtype, s.context, s.batch, PerGpu{s.tensorParallel});
    e.kvBytesAllGpus = kvBytes(s.model, s.kvDtype, s.context, s.batch);
    e.kvBytesNaive = kvBytesNaive(s.model, s.kvDtype, s.context, s.batch);
    e.sequenceState = sequenceState(s.model, s.kvDtype, stateDtypeFor(s.weightDtype), PerGpu{s.tensorParallel});
    e.stateDtype = e.sequenceState.recurrentDtype; // the config's (mamba_ssm_cache_dtype), else the compute dtype
    e.sequenceState.stateBytes = ceilDiv(e.sequenceState.stateBytes, s.tensorParallel); // heads split over GPUs
    e.sequenceStateBytes = mulChecked("per-sequence state bytes", e.sequenceState.total(), s.batch);
    const OverheadEstimate o = estimateOverheads(s);
    e.activationBytes = o.activationBytes;
    e.runtimeBytes = o.runtimeBytes;
    e.communicationBytes = o.communicationBytes;
    e.totalBytes = addChecked(addChecked(e.weightBytes, e.kvBytes, "total bytes"),
                              addChecked(e.activationBytes, e.runtimeBytes, "total bytes"), "total bytes");
    e.totalBytes = addChecked(e.totalBytes, e.sequenceStateBytes, "total bytes");
    e.speculative = speculativeMemory(s);
    e.totalBytes = addChecked(e.totalBytes, e.speculative.total(), "total bytes");
    e.gpuMemoryBytes = s.gpuMemoryBytes;
    e.budgetBytes = usableBytes(s);
    e.fits = e.totalBytes <= e.budgetBytes;
    // Signed without a cast of either side: a total past 2^63 (a context of 2^40) wrapped to a
    // negative number and reported a positive headroom for a scenario that does not fit.
    constexpr std::uint64_t kMaxMagnitude = std::numeric_limits<std::int64_t>::max();
    e.headroomBytes = e.fits ? static_cast<std::int64_t>(std::min(e.budgetBytes - e.totalBytes, kMaxMagnitude))
                             : -static_cast<std::int64_t>(std::min(e.totalBytes - e.budgetBytes, kMaxMagnitude));
    e.beyondMaxContext = s.model.maxContext != 0 && s.context > s.model.maxContext;
    return e;
}

Capacity capacityFromKvMemory(const ModelShape& model, DType kv, std::uint64_t kvMemoryBytes, std::uint32_t blockSize,
                              std::uint64_t tokensPerRequest, PerGpu split) {
    if (blockSize == 0)
        throw Error("--block-size must be at least 1");
    if (tokensPerRequest == 0)
        throw Error("tokens per request must be at least 1");
    Capacity c;
    c.blockSize = blockSize;
    c.kvMemoryBytes = kvMemoryBytes;
    c.tokensPerRequest = tokensPerRequest;
    c.blockBytes = mulChecked("block bytes", kvBytesPerToken(model, kv, split), blockSize);
    if (c.blockBytes == 0)
        return c; // nothing is cached per token (a pure state-space model): no KV blocks at all
    c.blocks = kvMemoryBytes / c.blockBytes;
    c.tokens = mulChecked("KV cache tokens", c.blocks, blockSize);
    if (c.blocks == 0)
        c.empty = Capacity::Empty::LessThanOneBlock;
    // A request's need follows its own cache: windowed layers stop growing at the window.
    const std::uint64_t perRequest = kvBytes(model, kv, tokensPerRequest, 1, split);
    c.maxConcurrency =
        static_cast<double>(c.blocks) * static_cast<double>(c.blockBytes) / static_cast<double>(perRequest);
    return c;
}

Capacity capacity(const Scenario& s, std::uint64_t tokensPerRequest) {
    const Estimate e = estimate(s);
    Capacity c = capacityFromKvMemory(s.model, s.kvDtype, kvMemoryLeft(e), s.blockSize,
                                      tokensPerRequest != 0 ? tokensPerRequest : s.context, PerGpu{s.tensorParallel});
    c.fromBudget = true;
    c.budgetBytes = e.budgetBytes;
    c.weightBytes = e.weightBytes;
    c.draftWeightBytes = e.speculative.draftWeightBytes;
    c.activationBytes = e.activationBytes;
    c.runtimeBytes = e.runtimeBytes;
    c.communicationBytes = e.communicationBytes;
    if (c.kvMemoryBytes == 0)
        c.empty = Capacity::Empty::WeightsAndOverheadsExceedBudget;
    if (e.speculative.draftKvBytesPerToken > 0 && c.blockBytes > 0) {
        // The drafter's layers share the pool's blocks (vLLM V1): a block holds its tokens in both models.
        c.blockBytes = addChecked(
            c.blockBytes, mulChecked("block bytes", e.speculative.draftKvBytesPerToken, c.blockSize), "block bytes");
        c.blocks = c.kvMemoryBytes / c.blockBytes;
        c.tokens = mulChecked("KV cache tokens", c.blocks, c.blockSize);
        c.empty = c.kvMemoryBytes == 0 ? Capacity::Empty::WeightsAndOverheadsExceedBudget
                  : c.blocks == 0      ? Capacity::Empty::LessThanOneBlock
                                       : Capacity::Empty::No;
    }
    if (e.sequenceState.total() > 0 || s.speculation.enabled()) {
        // A request also needs its fixed state (SSM state, image cache) and its speculation's slots from the same
        // memory.
        const std::uint64_t perRequest = perSequenceBytes(s, e, c.tokensPerRequest);
        c.maxConcurrency = static_cast<double>(c.kvMemoryBytes) / static_cast<double>(perRequest);
    }
    return c;
}

std::uint64_t maxBatchForContext(const Scenario& s) {
    const Estimate e = estimate(s);
    const std::uint64_t perSequence = perSequenceBytes(s, e, s.context);
    return perSequence != 0 ? kvMemoryLeft(e) / perSequence : 0;
}

std::uint64_t maxContextForBatch(const Scenario& s) {
    const Estimate e = estimate(s);
    const std::uint64_t left = kvMemoryLeft(e);
    std::uint64_t lo = 0;
    std::uint64_t hi = s.model.maxContext != 0 ? s.model.maxContext : 16ull * 1024 * 1024;
    auto fitsAt = [&](std::uint64_t context) {
        return mulChecked("bytes per batch", perSequenceBytes(s, e, context), s.batch) <= left;
    };
    if (fitsAt(hi))
        return hi;
    while (lo + 1 < hi) { // invariant: fitsAt(lo) (vacuously for 0), !fitsAt(hi)
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (fitsAt(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace kvscope
