#pragma once
// The seam between the decode driver (decode.cpp) and a backend. Internal to kvscope_gpu:
// no CUDA type crosses it, so the driver and the CPU backend build without the toolkit.

#include "decode.h"

#include <memory>
#include <optional>

namespace kvscope::gpu::detail {

// One cache mode's state on one backend: its cache and the scratch a forward pass needs.
class StepEngine {
public:
    virtual ~StepEngine() = default;
    // Pushes positions [start, start + count) of every sequence through the model (the
    // tokens are tokens[b][start .. start + count)) and writes each sequence's greedy next
    // token to next[b]. Returns the step's time in milliseconds by the backend's own clock, or
    // nothing when `stop` was requested during the step: its work is then abandoned (next and
    // the logits are not to be read; the engine is not stepped again).
    virtual std::optional<double> step(const std::vector<std::vector<std::int32_t>>& tokens, std::uint32_t start,
                                       std::uint32_t count, std::vector<std::int32_t>& next,
                                       const StopCondition& stop = {}) = 0;
    // Sequence 0's logits from the last step.
    virtual std::vector<float> lastLogits() = 0;
    // Bytes the cache holds now: reserved (contiguous, int8, fp8), blocks taken (paged), the
    // tokens held (dynamic), 0 (none). Scales included.
    virtual std::uint64_t kvBytesHeld() const = 0;
    // The most the cache held during the last step (dynamic: the old and the new cache while
    // it copies), and the cache bytes that step copied to grow. Others: held, and 0.
    virtual std::uint64_t kvBytesPeakInStep() const { return kvBytesHeld(); }
    virtual std::uint64_t kvBytesCopiedInStep() const { return 0; }
};

// A backend with the model's weights loaded, for the whole run.
class Session {
public:
    virtual ~Session() = default;
    virtual std::unique_ptr<StepEngine> engine(CacheMode mode) = 0;
    // Our own allocator's bytes: the peak since resetPeak(), weights included.
    virtual std::uint64_t peakAllocated() const = 0;
    virtual void resetPeak() = 0;
    // What the system reports while the engine is alive, and how it was measured.
    virtual std::uint64_t systemBytes() const = 0;
    virtual std::string systemSource() const = 0;
    virtual std::string clockName() const = 0;
};

// The one-layer, two-token-vocabulary model the attention benchmarks build around a shape.
inline GptConfig attentionOnlyShape(const GptConfig& shape, std::uint32_t context) {
    GptConfig c = shape;
    c.layers = 1;
    c.vocab = 2;
    c.maxContext = context + 1;
    c.validate();
    return c;
}

// randomWeights(config) that checks `stop` between tensors; nothing when it was requested.
std::optional<GptWeights> randomWeightsUnlessStopped(const GptConfig& config, const StopCondition& stop);

std::unique_ptr<Session> makeCpuSession(const GptWeights& weights, const DecodeOptions& options);

#ifdef KVSCOPE_HAVE_CUDA
// Uploads the weights; throws kvscope::Error with the CUDA call and its message on failure.
std::unique_ptr<Session> makeCudaSession(const GptWeights& weights, const DecodeOptions& options);
#endif

} // namespace kvscope::gpu::detail
