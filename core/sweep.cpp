#include "sweep.h"

#include "checked.h"
#include "error.h"

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

ModelShape withKvHeads(const ModelShape& model, std::uint32_t kvHeads) {
    ModelShape out = model;
    out.kvHeads = kvHeads;
    if (kvHeads == 0 || model.heads % kvHeads != 0)
        throw Error("KV heads (" + std::to_string(kvHeads) + ") must divide the " + std::to_string(model.heads) +
                    " query heads");
    if (kvHeads == model.kvHeads)
        return model; // the model as it is: its windowed layers keep their own heads whatever the count
    // Windowed layers with heads of their own (Gemma 4, MiMo-V2) become MHA or MQA with the full ones; another
    // count is the full layers' alone (the windowed layers keep theirs).
    if (out.windowedAttention && (kvHeads == model.heads || kvHeads == 1))
        out.windowedAttention->kvHeads = kvHeads == 1 ? 1 : out.windowedAttention->heads;
    if ((kvHeads == model.kvHeads && out.windowedAttention == model.windowedAttention) || model.paramsOverride == 0)
        return out;
    ModelShape before = model;
    before.paramsOverride = 0;
    ModelShape after = out;
    after.paramsOverride = 0;
    const std::uint64_t estimatedBefore = parameterCount(before);
    const std::uint64_t estimatedAfter = parameterCount(after);
    // The estimates differ only in the K/V projections (and their biases).
    if (estimatedAfter >= estimatedBefore) {
        out.paramsOverride =
            addChecked(model.paramsOverride, estimatedAfter - estimatedBefore, "parameters with other KV heads");
    } else {
        const std::uint64_t removed = estimatedBefore - estimatedAfter;
        if (removed >= model.paramsOverride) // a given count too small for its own K/V projections
            throw Error("the given parameter count (" + std::to_string(model.paramsOverride) +
                        ") is smaller than the K/V projection weights it would lose");
        out.paramsOverride = model.paramsOverride - removed;
    }
    out.paramsKvAdjusted = true;
    return out;
}

std::vector<AttentionVariant> attentionVariants(const Scenario& scenario) {
    std::vector<AttentionVariant> out;
    if (scenario.model.mla.kvLoraRank > 0) {
        // Compare the latent with the per-head K and V an MHA model of the same heads would keep.
        Scenario mha = scenario;
        mha.model.mla = {};
        mha.model.kvHeads = mha.model.heads;
        if (scenario.model.mla.qkNopeHeadDim > 0) {
            // MHA's K is the nope and rope parts together; its V is v_head_dim wide (DeepSeek-V3: 192 and 128).
            mha.model.headDim = scenario.model.mla.qkNopeHeadDim + scenario.model.mla.qkRopeHeadDim;
            mha.model.vHeadDim = scenario.model.mla.vHeadDim;
        }
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
            v.params = parameterBreakdown(s->model);
            v.weightBytes = estimate(*s).weightBytesAllGpus; // as the scenario weighs them (as stored, or its dtype)
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
        s.model = withKvHeads(scenario.model, kvHeads);
        s.tensorParallel = 1; // compare the architectures, not a TP layout that may not divide
        AttentionVariant v;
        v.kind = s.model.attentionKind();
        v.kvHeads = kvHeads;
        v.windowedKvHeads = s.model.windowedAttention ? s.model.windowedAttention->kvHeads : 0;
        v.kvBytesPerToken = kvBytesPerToken(s.model, s.kvDtype);
        v.kvBytes = kvBytes(s.model, s.kvDtype, s.context, s.batch);
        v.maxBatch = maxBatchForContext(s);
        v.params = parameterBreakdown(s.model);
        v.weightBytes = estimate(s).weightBytesAllGpus; // as the scenario weighs them (as stored, or its dtype)
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

namespace {
// The model's stated maximum context, clamped to 8K .. 1M: the sweeps' right edge.
std::uint64_t sweepContextLimit(const Scenario& s) {
    return std::clamp<std::uint64_t>(s.model.maxContext, 8192, 1u << 20);
}
} // namespace

ScalingSweep scalingSweep(const Scenario& scenario, SweepAxis over) {
    ScalingSweep sweep;
    sweep.over = over;
    const bool byContext = over == SweepAxis::Context;
    if (byContext)
        sweep.points = powersOfTwo(128, std::max(sweepContextLimit(scenario), scenario.context), scenario.context);
    else
        sweep.points = powersOfTwo(1, std::max<std::uint64_t>(256, scenario.batch), scenario.batch);
    // One line per value of the other axis.
    sweep.lines = courseValues(scenario, byContext ? SweepAxis::Batch : SweepAxis::Context);
    for (const std::uint64_t line : sweep.lines) {
        Scenario s = scenario;
        (byContext ? s.batch : s.context) = line;
        sweep.estimates.push_back(byContext ? estimatesAtContexts(s, sweep.points)
                                            : estimatesAtBatches(s, sweep.points));
    }
    sweep.budgetBytes = estimate(scenario).budgetBytes;
    return sweep;
}

std::vector<std::uint64_t> courseValues(const Scenario& scenario, SweepAxis axis) {
    const bool batches = axis == SweepAxis::Batch;
    std::vector<std::uint64_t> values =
        batches ? std::vector<std::uint64_t>{1, 8, 32} : std::vector<std::uint64_t>{2048, 8192, 32768};
    const std::uint64_t current = batches ? scenario.batch : scenario.context;
    if (std::find(values.begin(), values.end(), current) == values.end()) {
        values.push_back(current);
        std::sort(values.begin(), values.end());
    }
    return values;
}

FitMap scenarioFitMap(const Scenario& scenario) {
    const auto contexts = powersOfTwo(512, std::max<std::uint64_t>(sweepContextLimit(scenario), 8192));
    const auto batches = powersOfTwo(1, 256);
    return fitMap(scenario, contexts, batches);
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
