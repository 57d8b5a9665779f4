#pragma once

namespace kvscope {

// The inputs of a scenario a person sets, one by one: the controls panel's rows and what
// the status bar says changed (ScenarioDiff) share this list.
enum class ScenarioField {
    Model, // a preset or config: a different model (id or name)
    Layers,
    Hidden,
    Heads,
    KvHeads,
    HeadDim,
    Params,
    WeightDtype,
    KvDtype,
    Context,
    Batch,
    Gpu,       // the card (its preset and memory)
    GpuMemory, // the card's memory typed by hand
    Utilization,
    TensorParallel,
    Speculation, // speculative decoding: its method, draft, draft tokens or acceptance rate
};

} // namespace kvscope
