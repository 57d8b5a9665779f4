#include "scenariooptions.h"

#include "error.h"
#include "hfconfig.h"
#include "messages.h"
#include "presets.h"
#include "scenarioargs.h"
#include "scenariocode.h"
#include "sweep.h"
#include "units.h"

#include <cmath>

namespace kvscope::cli {

void addScenarioOptions(ArgParser& p) {
    p.addOption("code", "CODE",
                tr("a scenario code (kvscope:?v=1&...) as the window's File > Copy Scenario Link gives; "
                   "the options below change it"));
    p.addOption("preset", "NAME", tr("model preset (see 'kvscope-cli presets'); default llama-3.1-8b"));
    p.addOption("config", "FILE", tr("a Hugging Face config.json instead of a preset"));
    p.addOption("layers", "N", tr("decoder layers (overrides the preset or config)"));
    p.addOption("hidden", "N", tr("hidden size"));
    p.addOption("heads", "N", tr("query heads"));
    p.addOption("kv-heads", "N", tr("key/value heads; must divide --heads"));
    p.addOption("head-dim", "N", tr("per-head width (default hidden / heads)"));
    p.addOption("intermediate", "N", tr("MLP width (for the parameter estimate)"));
    p.addOption("vocab", "N", tr("vocabulary size (for the parameter estimate)"));
    p.addOption("params", "N", tr("parameter count; replaces the estimate from the shape"));
    p.addOption("weight-dtype", "D",
                tr("weight storage: fp32, bf16, fp16, fp8, int8, int4, int4-g128, ..., or stored: as a quantized "
                   "config's checkpoint stores them (the default for one; else bf16)"));
    p.addOption("kv-dtype", "D", tr("KV cache storage, same names (default bf16)"));
    p.addOption("context", "TOKENS", tr("tokens per sequence (default 8192)"));
    p.addOption("batch", "N", tr("concurrent sequences (default 8)"));
    p.addOption("gpu", "NAME", tr("GPU preset (default rtx-4090, 24 GiB)"));
    p.addOption("gpu-memory-gib", "X", tr("GPU memory in GiB instead of a preset"));
    p.addOption("utilization", "F", tr("fraction of GPU memory the server may use, like vLLM (default 0.9)"));
    p.addOption("tp", "N", tr("tensor-parallel GPUs (default 1)"));
    p.addOption("speculative", "METHOD",
                tr("speculative decoding: none, ngram, eagle (a one-layer EAGLE head) or draft:PRESET (default none)"));
    p.addOption("draft-tokens", "K", tr("draft tokens per step with --speculative, 1-16 (default 3)"));
    p.addOption("acceptance", "A", tr("chance each draft token is accepted, 0-1 (default 0.7): for the speedup"));
    p.addOption("block-size", "TOKENS", tr("KV block size in tokens (default 16)"));
}

Scenario scenarioFromOptions(const ArgParser& p, std::vector<std::string>& notes,
                             std::optional<ImportResult>* importedOut) {
    Scenario s = defaultScenario();
    if (const auto code = p.value("code")) {
        const SharedScreen screen = decodeScenarioCode(*code);
        s = screen.scenario;
        if (!screen.page.empty() || !screen.lesson.empty() || screen.step > 0)
            notes.push_back(english("the code's page, lesson and step are the window's; this command uses its "
                                    "scenario"));
    }
    const bool explicitShape =
        p.has("layers") && p.has("hidden") && p.has("heads") && !p.has("preset") && !p.has("config");
    if (std::optional<ImportResult> imported = applyModelSource(s, p.value("preset"), p.value("config"))) {
        notes.clear();
        for (const ImportNote& note : imported->notes) // the English: core's words, which the CLI labels
            notes.push_back(note.text);
        if (importedOut)
            *importedOut = std::move(imported);
    } else if (explicitShape) {
        // A bare shape: Llama-style blocks, 32K vocabulary unless told otherwise.
        ModelShape m;
        m.id = "custom";
        m.displayName = "Custom model";
        m.vocab = 32000;
        m.maxContext = 0;
        s.model = m;
        if (!p.has("params"))
            notes.push_back(english("parameters estimated from the shape (Llama-style gated MLP, 32K vocabulary "
                                    "unless --vocab, intermediate 4 x hidden unless --intermediate); pass --params "
                                    "to give the count"));
    }

    ModelShape& m = s.model;
    bool shapeChanged = false;
    auto override32 = [&](const char* name, std::uint32_t& field, std::uint64_t max = 1u << 24) {
        if (auto v = p.uintValue(name, 1, max)) {
            shapeChanged = shapeChanged || field != *v;
            field = static_cast<std::uint32_t>(*v);
        }
    };
    // The shape's own limits (ModelShape::validate), named as the options that set them.
    override32("layers", m.layers, kMaxLayers);
    override32("hidden", m.hidden, kMaxHidden);
    override32("heads", m.heads, kMaxHeads);
    if (explicitShape && !p.has("kv-heads"))
        m.kvHeads = m.heads;
    if (explicitShape)
        override32("kv-heads", m.kvHeads, kMaxHeads);
    override32("head-dim", m.headDim, kMaxHeadDim); // the shape's own limit, named as the option
    override32("intermediate", m.intermediate);
    override32("vocab", m.vocab);
    if (explicitShape && m.intermediate == 0)
        m.intermediate = 4 * m.hidden;
    if (m.mla.kvLoraRank > 0 && p.has("kv-heads"))
        throw Error("--kv-heads: " + m.displayName + " caches an MLA latent, which has no KV heads to change");
    if (shapeChanged && m.paramsOverride != 0) {
        m.paramsOverride = 0; // the published count belongs to the unmodified model
        notes.push_back(english("the shape was changed, so the parameter count is estimated rather than published"));
    }
    // Only the K/V projections depend on the KV heads: the same rule as the attention page and
    // the window's KV heads control (withKvHeads), so their largest batches agree.
    if (auto kv = p.uintValue("kv-heads", 1, 1u << 24); kv && !explicitShape && *kv != m.kvHeads) {
        if (m.heads % *kv != 0)
            throw Error("--kv-heads: " + std::to_string(*kv) + " KV heads must divide the " + std::to_string(m.heads) +
                        " query heads");
        m = withKvHeads(m, static_cast<std::uint32_t>(*kv));
        shapeChanged = true;
        if (m.paramsKvAdjusted)
            notes.push_back(english("--kv-heads re-estimated the K/V projection weights; the rest of the given "
                                    "parameter count is kept"));
    }
    // 2^50 parameters (a thousand times the largest model) at 32 bits each still fits 64 bits.
    if (auto params = p.uintValue("params", 1, std::uint64_t(1) << 50)) {
        m.paramsOverride = *params;
        m.paramsSource = ParamsSource::UserSet;
        m.paramsKvAdjusted = false;
    }
    if (shapeChanged || explicitShape) {
        // Named by the option given: --heads alone against the model's KV heads is --heads's error.
        if (m.kvHeads == 0 || m.heads % m.kvHeads != 0)
            throw Error(p.has("kv-heads") || !p.has("heads")
                            ? "--kv-heads: " + std::to_string(m.kvHeads) + " KV heads must divide the " +
                                  std::to_string(m.heads) + " query heads"
                            : "--heads: " + std::to_string(m.heads) + " query heads are not a multiple of " +
                                  m.displayName + "'s " + std::to_string(m.kvHeads) +
                                  " KV heads (give --kv-heads too)");
        m.validate();
    }

    // The options the window takes too, by one parser (core/scenarioargs.h): same limits, same errors.
    if (p.has("gpu") && p.has("gpu-memory-gib"))
        throw Error("give either --gpu or --gpu-memory-gib, not both");
    applyScenarioArgs(s, {p.value("weight-dtype"), p.value("kv-dtype"), p.value("gpu"), p.value("context"),
                          p.value("batch"), p.value("utilization"), p.value("tp"), p.value("speculative"),
                          p.value("draft-tokens"), p.value("acceptance")});
    if (auto gib = p.doubleValue("gpu-memory-gib", 1.0 / 1024, 1024.0 * 1024.0)) {
        s.gpuId = "custom";
        s.gpuMemoryBytes = bytesFromGiB(*gib);
    }
    if (auto b = p.uintValue("block-size", 1, 4096))
        s.blockSize = static_cast<std::uint32_t>(*b);
    // Each option is in range, but their product may not be: say which options, not only which sum.
    checkScenarioArgs(s);
    return s;
}

} // namespace kvscope::cli
