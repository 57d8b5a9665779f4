#include "scenariodiff.h"

namespace kvscope {

namespace {
double ratio(std::uint64_t after, std::uint64_t before) {
    return before == 0 ? 0.0 : double(after) / double(before);
}
} // namespace

ScenarioDiff diffScenarios(const Scenario& a, const Estimate& ea, const Scenario& b, const Estimate& eb) {
    using F = ScenarioDiff::Field;
    ScenarioDiff d;
    const ModelShape& ma = a.model;
    const ModelShape& mb = b.model;
    if (ma.id != mb.id || ma.displayName != mb.displayName) {
        d.changed.push_back(F::Model);
    } else {
        if (ma.layers != mb.layers)
            d.changed.push_back(F::Layers);
        if (ma.hidden != mb.hidden)
            d.changed.push_back(F::Hidden);
        if (ma.heads != mb.heads)
            d.changed.push_back(F::Heads);
        if (ma.kvHeads != mb.kvHeads)
            d.changed.push_back(F::KvHeads);
        if (ma.effectiveHeadDim() != mb.effectiveHeadDim())
            d.changed.push_back(F::HeadDim);
        if (ma.paramsOverride != mb.paramsOverride)
            d.changed.push_back(F::Params);
    }
    if (!(a.weightDtype == b.weightDtype) || a.weightsAsStored != b.weightsAsStored)
        d.changed.push_back(F::WeightDtype);
    if (!(a.kvDtype == b.kvDtype))
        d.changed.push_back(F::KvDtype);
    if (a.context != b.context)
        d.changed.push_back(F::Context);
    if (a.batch != b.batch)
        d.changed.push_back(F::Batch);
    if (a.gpuId != b.gpuId || a.gpuMemoryBytes != b.gpuMemoryBytes)
        d.changed.push_back(F::Gpu);
    if (a.utilization != b.utilization)
        d.changed.push_back(F::Utilization);
    if (a.tensorParallel != b.tensorParallel)
        d.changed.push_back(F::TensorParallel);
    if (!(a.speculation == b.speculation))
        d.changed.push_back(F::Speculation);
    d.kvBefore = ea.kvBytes;
    d.kvAfter = eb.kvBytes;
    d.weightsBefore = ea.weightBytes;
    d.weightsAfter = eb.weightBytes;
    d.totalBefore = ea.totalBytes;
    d.totalAfter = eb.totalBytes;
    d.kvRatio = ratio(eb.kvBytes, ea.kvBytes);
    d.weightsRatio = ratio(eb.weightBytes, ea.weightBytes);
    d.fitsBefore = ea.fits;
    d.fitsAfter = eb.fits;
    return d;
}

} // namespace kvscope
