#pragma once

#include "scenario.h"

#include <cstdint>
#include <span>
#include <vector>

namespace kvscope {

// Figures the charts draw: the same scenario at many contexts, batches, head counts or
// dtypes. Each entry is a full Estimate so that hover text can show every term.
std::vector<Estimate> estimatesAtContexts(const Scenario& scenario, std::span<const std::uint64_t> contexts);
std::vector<Estimate> estimatesAtBatches(const Scenario& scenario, std::span<const std::uint64_t> batches);

// The model with `kvHeads` K/V heads: one rule for every place that changes them (the attention
// page's variants, the KV heads control, `estimate --kv-heads`). Only the K and V projections
// depend on the KV heads, so only their weights are re-estimated: a published or typed count
// keeps everything else and gains or loses 2 x hidden x (KV heads x head_dim) per layer
// (marked paramsKvAdjusted); an estimated count stays an estimate. Throws Error when the heads
// do not divide the query heads. Where the windowed layers have heads of their own, MHA (kvHeads = heads) and
// MQA (1) apply to them too; another count changes the full layers' alone, and the model's own count returns the
// model as it is.
ModelShape withKvHeads(const ModelShape& model, std::uint32_t kvHeads);

// MHA, GQA and MQA variants of the current model (same layers, heads and head_dim), each
// with its parameter count from withKvHeads().
struct AttentionVariant {
    AttentionKind kind;
    std::uint32_t kvHeads = 0;         // of the full-attention layers
    std::uint32_t windowedKvHeads = 0; // the windowed layers' own count where they have their own heads; 0 = none
    std::uint64_t kvBytesPerToken = 0;
    std::uint64_t kvBytes = 0;     // at the scenario's context and batch
    std::uint64_t maxBatch = 0;    // at the scenario's context, on the scenario's GPU
    ParameterBreakdown params;     // the variant's count (withKvHeads: only the K/V projections change)
    std::uint64_t weightBytes = 0; // the variant's weights in the scenario's dtype (one GPU)
    bool isCurrent = false;        // the variant the model really has
};
// MHA (KV heads = query heads), the current count when it is GQA, and MQA (1 KV head).
// For MLA models: the MHA cache of the same heads (head_dim = qk_nope + qk_rope), then
// the latent itself.
std::vector<AttentionVariant> attentionVariants(const Scenario& scenario);

// Fits / does not fit for every context x batch pair, with the total of each cell.
struct FitMap {
    std::vector<std::uint64_t> contexts; // columns
    std::vector<std::uint64_t> batches;  // rows
    std::vector<std::uint64_t> totals;   // row-major: batches.size() x contexts.size()
    std::vector<bool> fits;
    std::uint64_t budgetBytes = 0;
    std::uint64_t total(std::size_t row, std::size_t column) const { return totals[row * contexts.size() + column]; }
    bool fitsAt(std::size_t row, std::size_t column) const { return fits[row * contexts.size() + column]; }
};
FitMap fitMap(const Scenario& scenario, std::span<const std::uint64_t> contexts,
              std::span<const std::uint64_t> batches);

// The scaling page's sweep: memory at many points of one axis, one line per value of the other.
// Over the context: contexts 128 .. max(model's max context clamped to 8K..1M, current) in powers
// of two (and the current one), lines at batch 1, 8, 32 and the current batch. Over the batch:
// batches 1 .. max(256, current) in powers of two (and the current one), lines at 2K, 8K and 32K
// tokens and the current context.
enum class SweepAxis { Context, Batch };
struct ScalingSweep {
    SweepAxis over = SweepAxis::Context;
    std::vector<std::uint64_t> points;            // x: contexts (over Context) or batches (over Batch)
    std::vector<std::uint64_t> lines;             // one line per batch (over Context) or context (over Batch)
    std::vector<std::vector<Estimate>> estimates; // [line][point]
    std::uint64_t budgetBytes = 0;
};
ScalingSweep scalingSweep(const Scenario& scenario, SweepAxis over);

// The values of one input the course compares, with the scenario's own: batches 1, 8 and 32
// (SweepAxis::Batch) or contexts 2K, 8K and 32K tokens (SweepAxis::Context), plus the current
// batch or context when it is not one of them, ascending. The memory page's bars and the
// scaling sweep's lines.
std::vector<std::uint64_t> courseValues(const Scenario& scenario, SweepAxis axis);

// The fit map the scaling page draws: contexts 512 .. max(model's max context clamped to
// 8K..1M, 8K) and batches 1 .. 256, powers of two.
FitMap scenarioFitMap(const Scenario& scenario);

// Powers of two from `first` to `last`, plus `extra` in order when it is not one of them.
std::vector<std::uint64_t> powersOfTwo(std::uint64_t first, std::uint64_t last, std::uint64_t extra = 0);

// Weight bytes of the scenario's parameter count in each of `dtypes`.
struct WeightOption {
    DType dtype;
    std::uint64_t bytes = 0;       // all GPUs
    std::uint64_t bytesPerGpu = 0; // under the scenario's tensor parallelism
};
std::vector<WeightOption> weightsByDtype(const Scenario& scenario, std::span<const DType> dtypes);

} // namespace kvscope
