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

// MHA, GQA and MQA variants of the current model (same layers, heads and head_dim).
struct AttentionVariant {
    AttentionKind kind;
    std::uint32_t kvHeads = 0;
    std::uint64_t kvBytesPerToken = 0;
    std::uint64_t kvBytes = 0;  // at the scenario's context and batch
    std::uint64_t maxBatch = 0; // at the scenario's context, on the scenario's GPU
    bool isCurrent = false;     // the variant the model really has
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
