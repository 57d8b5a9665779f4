#include "sweep.h"

#include "checked.h"

#include <algorithm>

namespace kvscope {

std::vector<Estimate> estimatesAtContexts(const Scenario& scenario, std::span<const std::uint64_t> contexts) {
    std::vector<Estimate> out;
    out.reserve(contexts.size());
    Scenario s = scenario;
    for (const std::uint64_t context : contexts) {
        s.context = context;
        out.push_back(estimate(s));
    }
    return out;
}

std::vector<Estimate> estimatesAtBatches(const Scenario& scenario, std::span<const std::uint64_t> batches) {
    std::vector<Estimate> out;
    out.reserve(batches.size());
    Scenario s = scenario;
    for (const std::uint64_t batch : batches) {
        s.batch = batch;
        out.push_back(estimate(s));
    }
    return out;
}

std::vector<AttentionVariant> attentionVariants(const Scenario& scenario) {
    std::vector<AttentionVariant> out;
    if (scenario.model.mla.kvLoraRank > 0) {
        // Compare the latent with the per-head K and V an MHA model of the same heads would keep.
        Scenario mha = scenario;
        mha.model.mla = {};
        mha.model.kvHeads = mha.model.heads;
        if (scenario.model.mla.qkNopeHeadDim > 0)
            mha.model.headDim = scenario.model.mla.qkNopeHeadDim + scenario.model.mla.qkRopeHeadDim;
        mha.tensorParallel = 1;
        Scenario mla = scenario;
        mla.tensorParallel = 1;
        for (const Scenario* s : {&mha, &mla}) {
            AttentionVariant v;
            v.kind = s->model.attentionKind();
            v.kvHeads = s->model.kvHeads;
            v.kvBytesPerToken = kvBytesPerToken(s->model, s->kvDtype);
            v.kvBytes = kvBytes(s->model, s->kvDtype, s->context, s->batch);
            v.maxBatch = maxBatchForContext(*s);
            v.isCurrent = s == &mla;
            out.push_back(v);
        }
        return out;
    }
    std::vector<std::uint32_t> counts{scenario.model.heads};
    if (scenario.model.kvHeads != scenario.model.heads && scenario.model.kvHeads != 1)
        counts.push_back(scenario.model.kvHeads);
    if (scenario.model.heads != 1)
        counts.push_back(1);
    for (const std::uint32_t kvHeads : counts) {
        Scenario s = scenario;
        s.model.kvHeads = kvHeads;
        s.tensorParallel = 1; // compare the architectures, not a TP layout that may not divide
        AttentionVariant v;
        v.kind = s.model.attentionKind();
        v.kvHeads = kvHeads;
        v.kvBytesPerToken = kvBytesPerToken(s.model, s.kvDtype);
        v.kvBytes = kvBytes(s.model, s.kvDtype, s.context, s.batch);
        v.maxBatch = maxBatchForContext(s);
        v.isCurrent = kvHeads == scenario.model.kvHeads;
        out.push_back(v);
    }
    return out;
}

FitMap fitMap(const Scenario& scenario, std::span<const std::uint64_t> contexts,
              std::span<const std::uint64_t> batches) {
    FitMap map;
    map.contexts.assign(contexts.begin(), contexts.end());
    map.batches.assign(batches.begin(), batches.end());
    map.totals.reserve(contexts.size() * batches.size());
    map.fits.reserve(contexts.size() * batches.size());
    Scenario s = scenario;
    for (const std::uint64_t batch : batches) {
        s.batch = batch;
        for (const std::uint64_t context : contexts) {
            s.context = context;
            const Estimate e = estimate(s);
            map.totals.push_back(e.totalBytes);
            map.fits.push_back(e.fits);
            map.budgetBytes = e.budgetBytes;
        }
    }
    return map;
}

std::vector<std::uint64_t> powersOfTwo(std::uint64_t first, std::uint64_t last, std::uint64_t extra) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t v = first; v != 0 && v <= last; v *= 2)
        out.push_back(v);
    if (extra != 0 && std::find(out.begin(), out.end(), extra) == out.end()) {
        out.push_back(extra);
        std::sort(out.begin(), out.end());
    }
    return out;
}

std::vector<WeightOption> weightsByDtype(const Scenario& scenario, std::span<const DType> dtypes) {
    const std::uint64_t params = parameterCount(scenario.model);
    std::vector<WeightOption> out;
    for (const DType& d : dtypes) {
        const std::uint64_t bytes = weightBytes(params, d);
        out.push_back({d, bytes, ceilDiv(bytes, scenario.tensorParallel)});
    }
    return out;
}

} // namespace kvscope
