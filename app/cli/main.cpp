// kvscope-cli: the command-line twin of the KV Scope window. Every figure comes from
// core/; this file only parses arguments and prints.
#include "argparser.h"
#include "clitext.h"
#include "decode.h"
#include "device.h"
#include "error.h"
#include "explainlog.h"
#include "explorecommands.h"
#include "gpus.h"
#include "kvformula.h"
#include "kvsimulator.h"
#include "messages.h"
#include "presets.h"
#include "rooflinecommand.h"
#include "scenario.h"
#include "scenariocode.h"
#include "scenariooptions.h"
#include "text.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#ifndef KVSCOPE_VERSION
#define KVSCOPE_VERSION "unknown"
#endif

namespace kvscope::cli {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string gibAndBytes(std::uint64_t bytes) {
    return sizeAndBytes(bytes); // in --units, with the exact bytes and the other unit
}

// Labels padded by terminal columns, not bytes: a Hangul syllable is three bytes and two columns.
void printRows(const std::vector<std::pair<std::string, std::string>>& rows) {
    std::size_t width = 0;
    for (const auto& [label, value] : rows)
        width = std::max(width, displayWidth(label));
    for (const auto& [label, value] : rows) {
        if (label.empty()) {
            std::cout << '\n';
            continue;
        }
        std::cout << "  " << label << std::string(width - displayWidth(label) + 2, ' ') << value << '\n';
    }
}

ordered_json modelJson(const ModelShape& m) {
    ordered_json j;
    j["id"] = m.id;
    j["name"] = m.displayName;
    j["layers"] = m.layers;
    j["hidden"] = m.hidden;
    j["heads"] = m.heads;
    j["kv_heads"] = m.kvHeads;
    j["head_dim"] = m.effectiveHeadDim();
    if (m.vHeadDim != 0)
        j["v_head_dim"] = m.vHeadDim;
    j["attention"] = attentionKindName(m.attentionKind());
    j["max_context"] = m.maxContext;
    j["sliding_window"] = m.slidingWindow;
    j["windowed_layers"] = m.windowedLayerCount();
    if (m.windowedAttention) // the windowed layers' own heads (Gemma 4, MiMo-V2); the fields above are the full layers'
        j["windowed_attention"] = {{"heads", m.windowedAttention->heads},
                                   {"kv_heads", m.windowedAttention->kvHeads},
                                   {"head_dim", m.windowedAttention->headDim},
                                   {"v_head_dim", m.windowedAttention->effectiveVHeadDim()}};
    if (m.isMoe())
        j["experts"] = {{"total", m.moe.experts}, {"per_token", m.moe.expertsPerToken}};
    if (m.mla.kvLoraRank > 0)
        j["mla"] = {{"kv_lora_rank", m.mla.kvLoraRank},
                    {"qk_rope_head_dim", m.mla.qkRopeHeadDim},
                    {"qk_nope_head_dim", m.mla.qkNopeHeadDim},
                    {"v_head_dim", m.mla.vHeadDim}};
    return j;
}

const char* kvRuleId(KvHeadRule rule) {
    switch (rule) {
    case KvHeadRule::KvHeadsKey:
        return "kv_heads_key";
    case KvHeadRule::MultiQueryFlag:
        return "multi_query_flag";
    case KvHeadRule::GroupCount:
        return "group_count";
    case KvHeadRule::NewDecoderHeads:
        return "new_decoder_heads";
    case KvHeadRule::ClassDefault:
        return "class_default";
    case KvHeadRule::QueryHeads:
        return "query_heads";
    case KvHeadRule::Latent:
        return "latent";
    case KvHeadRule::NoAttention:
        return "no_attention";
    }
    return "?";
}

ordered_json familyRuleJson(const ImportResult& r, const ModelShape& m) {
    ordered_json j;
    j["family"] = r.rule.family;
    j["model_type"] = r.rule.modelType;
    j["kv_rule"] = kvRuleId(r.rule.kvRule);
    j["kv_key"] = r.rule.kvKey;
    j["kv_heads"] = r.rule.kvHeads;
    j["attention"] = attentionKindName(m.attentionKind());
    j["layer_key"] = r.rule.layerKey;
    j["layers"] = {{"total", r.rule.totalLayers},
                   {"kv", r.rule.layers.kv},
                   {"windowed_kv", r.rule.layers.windowedKv},
                   {"state", r.rule.layers.state},
                   {"cross", r.rule.layers.cross}};
    j["defaulted_keys"] = r.rule.defaultedKeys;
    j["text_config"] = r.rule.nestedTextConfig;
    return j;
}

// "Falcon, multi_query: 1 KV head (MQA)": which rule of the family decided the cache's shape.
std::string familyRuleText(const FamilyRule& r, const ModelShape& m) {
    const std::string family = r.family.empty() ? tr("model_type '%1' (no family rule)", {r.modelType}) : r.family;
    const std::string kind = attentionKindName(m.attentionKind());
    switch (r.kvRule) {
    case KvHeadRule::NoAttention:
        return tr("%1: no attention layers, nothing is cached per token", {family});
    case KvHeadRule::Latent:
        return tr("%1, %2: one compressed latent per token, shared by all heads (MLA)", {family, r.kvKey});
    case KvHeadRule::QueryHeads:
        return tr("%1, no KV-head key: one KV head per query head, %2 (MHA)", {family, std::to_string(r.kvHeads)});
    case KvHeadRule::ClassDefault:
        return tr("%1, %2 absent, the configuration class's default: %3 KV heads (%4)",
                  {family, r.kvKey, std::to_string(r.kvHeads), kind});
    default:
        return r.kvHeads == 1 ? tr("%1, %2: 1 KV head (%3)", {family, r.kvKey, kind})
                              : tr("%1, %2: %3 KV heads (%4)", {family, r.kvKey, std::to_string(r.kvHeads), kind});
    }
}

// How sure the import is, first in the output: an unverified shape must not read as a fact.
std::string confidenceText(const ImportResult& r) {
    switch (r.confidence) {
    case Confidence::Exact:
        return tr("exact: the %1 rule applied and every key that may size memory was read", {r.rule.family});
    case Confidence::Derived:
        return tr("derived: no rule for model_type '%1'; the generic rules read every key that may size memory",
                  {r.rule.modelType});
    case Confidence::Unverified:
        break;
    }
    std::string keys;
    for (const std::string& key : r.ignoredKeys)
        keys += (keys.empty() ? "" : ", ") + key;
    return tr("UNVERIFIED: keys that may size memory were not understood (%1); the figures below may be wrong", {keys});
}

ordered_json sequenceStateJson(const Scenario& s, const Estimate& e) {
    const SequenceState& q = e.sequenceState;
    ordered_json j;
    j["state_layers"] = q.stateLayers;
    j["state_values_per_layer"] = q.stateValuesPerLayer;
    j["state_dtype"] = e.stateDtype.name();
    j["conv_state_dtype"] = q.convDtype.name();
    j["conv_values_per_layer"] = q.convValuesPerLayer;
    j["recurrent_values_per_layer"] = q.recurrentValuesPerLayer;
    j["state_bytes_per_sequence"] = q.stateBytes;
    j["cross_layers"] = q.crossLayers;
    j["cross_tokens"] = q.crossTokens;
    j["cross_bytes_per_token_per_layer"] = q.crossBytesPerTokenPerLayer;
    j["cross_bytes_per_sequence"] = q.crossBytes;
    j["bytes_per_sequence"] = q.total();
    j["batch"] = s.batch;
    j["bytes"] = e.sequenceStateBytes;
    j["formula"] = "(state_layers x state_values_per_layer x bytes(state_dtype) / tp + cross_layers x cross_tokens "
                   "x cross_bytes_per_token_per_layer) x batch";
    return j;
}

int runEstimate(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli estimate",
                tr("Weights, KV cache and overheads of one scenario on one GPU, against its memory budget."));
    addScenarioOptions(p);
    p.addFlag("json", tr("print one JSON object instead of a table"));
    if (!parseOrHelp(p, args))
        return 0;
    std::vector<std::string> notes;
    std::optional<ImportResult> imported;
    const Scenario s = scenarioFromOptions(p, notes, &imported);
    const Estimate e = estimate(s);
    const ModelShape& m = s.model;
    const KvFormula formula = kvFormula(m, s.kvDtype, s.context, s.batch, PerGpu{s.tensorParallel});
    const KvGrowth growth = kvGrowth(m, s.kvDtype);
    // The context beyond what the model was trained for: the figures hold, the model may not.
    const auto beyondWarning = [&](bool translated) {
        static constexpr Text warning("the context of %1 tokens is beyond %2's maximum of %3: the memory is computed, "
                                      "but the model was not trained for it");
        const std::string context = groupThousands(s.context);
        const std::string maximum = groupThousands(m.maxContext);
        return translated ? tr(warning, {context, m.displayName, maximum})
                          : substitute(english(warning), {context, m.displayName, maximum});
    };

    if (p.has("json")) {
        ordered_json j;
        j["model"] = modelJson(m);
        if (imported) {
            j["confidence"] = confidenceName(imported->confidence);
            j["unverified_keys"] = imported->ignoredKeys;
            j["family_rule"] = familyRuleJson(*imported, m);
            j["ignored_keys"] = imported->ignoredKeys;
        }
        j["params"] = e.params.total;
        j["params_active"] = e.params.active;
        j["params_estimated"] = e.params.estimated;
        j["params_source"] = paramsSourceKey(e.params.source);
        j["params_kv_adjusted"] = e.params.kvAdjusted;
        j["layers"] = m.layers;
        j["heads"] = m.heads;
        // MLA caches a latent shared by every head, not KV heads of a head size: model.mla has its sizes.
        const bool mla = m.mla.kvLoraRank > 0;
        j["kv_heads"] = mla ? ordered_json() : ordered_json(m.kvHeads);
        j["head_dim"] = mla ? ordered_json() : ordered_json(m.effectiveHeadDim());
        j["attention"] = attentionKindName(m.attentionKind());
        j["weight_dtype"] = s.weightDtype.name();
        j["weights_as_stored"] = e.weightsAsStored; // the weights are the checkpoint's bytes (stored_weights)
        // As stored: the checkpoint's bits per parameter, scales and the 16-bit rest averaged in.
        j["weight_bits_effective"] = e.weightsAsStored && e.params.total > 0
                                         ? 8.0 * double(e.weightBytesAllGpus) / double(e.params.total)
                                         : s.weightDtype.effectiveBits();
        j["kv_dtype"] = s.kvDtype.name();
        j["context"] = s.context;
        j["batch"] = s.batch;
        j["tp"] = s.tensorParallel;
        j["kv_heads_per_gpu"] = e.kvHeadsPerGpu;
        j["kv_replicated"] = e.kvReplicated;
        j["kv_bytes_per_token"] = e.kvBytesPerToken;
        j["kv_bytes_per_token_per_gpu"] = e.kvBytesPerTokenPerGpu;
        j["kv_bytes_per_token_naive"] = e.kvBytesPerTokenNaive;
        j["kv_growth"] = {{"full_layers", growth.fullLayers},
                          {"windowed_layers", growth.windowedLayers},
                          {"window_tokens", growth.windowTokens},
                          {"bytes_per_token", growth.perToken},
                          {"windowed_bytes_per_token", growth.windowedPerToken},
                          {"windowed_bytes_per_sequence_max", growth.windowedPerSequence}};
        j["kv_bytes"] = e.kvBytes;
        j["kv_bytes_naive"] = e.kvBytesNaive;
        j["kv_formula"] = kvFormulaJson(formula);
        j["kv_layers"] = m.layerCounts().kv;
        j["sequence_state"] = sequenceStateJson(s, e);
        j["sequence_state_bytes"] = e.sequenceStateBytes;
        j["weight_bytes"] = e.weightBytes;
        j["weight_bytes_all_gpus"] = e.weightBytesAllGpus;
        if (const auto stored = storedWeightBytes(m))
            j["stored_weights"] = {{"method", m.stored->method},
                                   {"format", m.stored->format.name()},
                                   {"rest", m.stored->rest.name()},
                                   {"quantized_params", stored->quantizedParams},
                                   {"other_params", stored->otherParams},
                                   {"extra_bytes", stored->extraBytes},
                                   {"bytes", stored->bytes}};
        else
            j["stored_weights"] = nullptr;
        j["activation_bytes_estimate"] = e.activationBytes;
        j["runtime_bytes_estimate"] = e.runtimeBytes;
        j["total_bytes"] = e.totalBytes;
        j["gpu"] = s.gpuId;
        j["gpu_memory_bytes"] = e.gpuMemoryBytes;
        j["utilization"] = s.utilization;
        j["budget_bytes"] = e.budgetBytes;
        j["fits"] = e.fits;
        j["headroom_bytes"] = e.headroomBytes;
        j["max_batch_for_context"] = maxBatchForContext(s);
        j["max_context_for_batch"] = maxContextForBatch(s);
        j["beyond_max_context"] = e.beyondMaxContext;
        j["warnings"] =
            e.beyondMaxContext ? std::vector<std::string>{beyondWarning(false)} : std::vector<std::string>{};
        j["notes"] = notes;
        // The scenario as a code the window opens (File > Open Scenario Link, kvscope --open).
        j["scenario_code"] = encodeScenarioCode({s, "", "", 0});
        printJson(j);
        return 0;
    }

    if (imported)
        std::cout << tr("confidence") << ": " << confidenceText(*imported) << "\n";
    if (m.mla.kvLoraRank > 0)
        std::cout << tr("%1 (MLA): %2 layers, %3 query heads; each layer caches a latent of %4 values and a shared "
                        "RoPE key of %5 per token (K heads of %6, V heads of %7 are rebuilt from it)",
                        {m.displayName, std::to_string(m.layers), std::to_string(m.heads),
                         std::to_string(m.mla.kvLoraRank), std::to_string(m.mla.qkRopeHeadDim),
                         std::to_string(m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim),
                         std::to_string(m.mla.vHeadDim != 0 ? m.mla.vHeadDim : m.effectiveHeadDim())})
                  << "\n"
                  << (m.mla.indexHeadDim > 0
                          ? tr("  and the sparse-attention indexer's key of %1 values (%2 B in FP8 with its scales) "
                               "per token per layer, scored by %3 indexer heads",
                               {std::to_string(m.mla.indexHeadDim), std::to_string(indexerKeyBytes(m)),
                                std::to_string(m.mla.indexHeads)}) +
                                "\n"
                          : std::string());
    else
        std::cout << tr("%1 (%2): %3 layers, %4 query heads, %5 KV heads, head_dim %6",
                        {m.displayName, attentionKindName(m.attentionKind()), std::to_string(m.layers),
                         std::to_string(m.heads), std::to_string(m.kvHeads), std::to_string(m.effectiveHeadDim())})
                  << "\n"
                  << (m.effectiveVHeadDim() != m.effectiveHeadDim() && m.mla.kvLoraRank == 0
                          ? tr("  K of %1 values and V of %2 per head",
                               {std::to_string(m.effectiveHeadDim()), std::to_string(m.effectiveVHeadDim())}) +
                                "\n"
                          : std::string())
                  << (m.windowedAttention
                          ? tr("  the %1 sliding layers have their own: %2 query heads, %3 KV heads, head_dim %4 (K) "
                               "and %5 (V); the figures above are the full layers'",
                               {std::to_string(m.windowedLayerCount()), std::to_string(m.windowedAttention->heads),
                                std::to_string(m.windowedAttention->kvHeads),
                                std::to_string(m.windowedAttention->headDim),
                                std::to_string(m.windowedAttention->effectiveVHeadDim())}) +
                                "\n"
                          : std::string());
    if (imported) {
        std::cout << tr("family rule") << ": " << familyRuleText(imported->rule, m) << "\n";
        const LayerCounts& c = imported->rule.layers;
        if (c.kv != m.layers || c.state > 0 || c.cross > 0)
            std::cout << tr("layers") << ": "
                      << tr("%1 of %2 layers cache K and V per token, %3 hold a fixed state per sequence, %4 cache the "
                            "image's tokens (%5)",
                            {std::to_string(c.kv), std::to_string(m.layers), std::to_string(c.state),
                             std::to_string(c.cross), imported->rule.layerKey})
                      << "\n";
    }
    const std::string weights = e.weightsAsStored ? tr("%1 (as stored)", {m.stored->method}) : s.weightDtype.name();
    std::cout << tr("Scenario: %1 weights, %2 cache, context %3, batch %4, TP %5",
                    {weights, s.kvDtype.name(), groupThousands(s.context), std::to_string(s.batch),
                     std::to_string(s.tensorParallel)})
              << "\n\n";
    const bool perGpu = s.tensorParallel > 1;
    const SequenceState& q = e.sequenceState;
    std::vector<std::pair<std::string, std::string>> stateRows;
    if (q.stateLayers > 0 || q.crossLayers > 0) // only models that keep such state: other outputs stay as they were
        stateRows = {
            {tr("per-sequence state"), gibAndBytes(e.sequenceStateBytes)},
            // One dtype for the whole state, or the config's own for the recurrent part (mamba_ssm_cache_dtype).
            {" ", q.convDtype == q.recurrentDtype
                      ? tr("%1 state layers x %2 values x %3 B + %4 cross-attention layers x %5 image tokens x %6 B, "
                           "x %7 sequences",
                           {std::to_string(q.stateLayers), groupThousands(q.stateValuesPerLayer),
                            fixed(e.stateDtype.effectiveBits() / 8.0, 0), std::to_string(q.crossLayers),
                            groupThousands(q.crossTokens), groupThousands(q.crossBytesPerTokenPerLayer),
                            groupThousands(s.batch)})
                      : tr("%1 state layers x (%2 conv values x %3 B + %4 recurrent values x %5 B) + %6 "
                           "cross-attention layers x %7 image tokens x %8 B, x %9 sequences",
                           {std::to_string(q.stateLayers), groupThousands(q.convValuesPerLayer),
                            fixed(q.convDtype.effectiveBits() / 8.0, 0), groupThousands(q.recurrentValuesPerLayer),
                            fixed(q.recurrentDtype.effectiveBits() / 8.0, 0), std::to_string(q.crossLayers),
                            groupThousands(q.crossTokens), groupThousands(q.crossBytesPerTokenPerLayer),
                            groupThousands(s.batch)})}};
    std::vector<std::pair<std::string, std::string>> rows = {
        {tr("parameters"), paramsText(e.params, m.kvHeads)},
        {tr("KV bytes per token"), groupThousands(e.kvBytesPerToken) + " B (" + formatBytes(e.kvBytesPerToken) + ")"},
        {tr("  naive (query heads)"),
         groupThousands(e.kvBytesPerTokenNaive) + " B (" + formatBytes(e.kvBytesPerTokenNaive) + ")"},
        {"", ""},
        {perGpu ? tr("weights per GPU") : tr("weights"), gibAndBytes(e.weightBytes)},
        {perGpu ? tr("KV cache per GPU") : tr("KV cache"), gibAndBytes(e.kvBytes)},
        {tr("activations (estimate)"), gibAndBytes(e.activationBytes)},
        {tr("CUDA context (estimate)"), gibAndBytes(e.runtimeBytes)},
        {perGpu ? tr("total per GPU") : tr("total"), gibAndBytes(e.totalBytes)},
        {tr("budget"),
         tr("%1 = %2 x %3", {gibAndBytes(e.budgetBytes), sizeText(e.gpuMemoryBytes, 1), fixed(s.utilization, 2)})},
        {"", ""},
        {tr("verdict"),
         e.fits ? tr("fits, %1 to spare", {sizeText(static_cast<std::uint64_t>(e.headroomBytes))})
                : tr("does not fit: short by %1", {sizeText(static_cast<std::uint64_t>(-e.headroomBytes))})},
        {tr("largest batch at this context"), std::to_string(maxBatchForContext(s))},
        {tr("longest context at this batch"), tr("%1 tokens", {groupThousands(maxContextForBatch(s))})},
    };
    // The state rows follow the KV cache row, placed before anything else moves it.
    const auto kvRow = std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
        return r.first == (perGpu ? tr("KV cache per GPU") : tr("KV cache"));
    });
    rows.insert(kvRow + 1, stateRows.begin(), stateRows.end());
    if (const auto stored = storedWeightBytes(m)) {
        // What the checkpoint itself holds (all of it, whatever the TP), beside the weights of the dtype chosen.
        const auto at = std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
            return r.first == (perGpu ? tr("weights per GPU") : tr("weights"));
        });
        const auto row = (at - rows.begin()) + 1;
        rows.insert(rows.begin() + row,
                    {perGpu ? tr("  the checkpoint as stored (all GPUs)") : tr("  as the checkpoint stores them"),
                     tr("%1: %2 parameters in %3, %4 in %5 (%6)",
                        {gibAndBytes(stored->bytes), groupThousands(stored->quantizedParams), m.stored->format.label(),
                         groupThousands(stored->otherParams), m.stored->rest.name(), m.stored->method})});
        if (stored->extraBytes > 0)
            rows.insert(rows.begin() + row + 1,
                        {tr("  of which per-row, per-column and outer scales"), gibAndBytes(stored->extraBytes)});
    }
    if (growth.windowedLayers > 0 && growth.fullLayers == 0) {
        // Every attending layer is windowed (Mistral-7B v0.1, Phi-3-mini): the cache stops growing at the window.
        rows[1] = {tr("KV bytes per token"),
                   tr("%1 B (%2) until the %3-token window fills; then at most %4 per sequence",
                      {groupThousands(e.kvBytesPerToken), formatBytes(e.kvBytesPerToken),
                       groupThousands(growth.windowTokens), formatBytes(growth.windowedPerSequence)})};
    } else if (growth.windowedLayers > 0) {
        // A windowed model: the headline is what every token adds for good; the windowed layers are a cap
        // per sequence, and the uncapped figure (every layer) is kept beside them.
        rows[1] = {tr("KV bytes per token"), tr("%1 B (%2), growing in the %3 full-attention layers",
                                                {groupThousands(growth.perToken), formatBytes(growth.perToken),
                                                 std::to_string(growth.fullLayers)})};
        rows.insert(
            rows.begin() + 2,
            {{tr("  windowed part"), tr("at most %1 per sequence: %2 layers keep their last %3 tokens",
                                        {formatBytes(growth.windowedPerSequence), std::to_string(growth.windowedLayers),
                                         groupThousands(growth.windowTokens)})},
             {tr("  every layer, uncapped"),
              groupThousands(e.kvBytesPerToken) + " B (" + formatBytes(e.kvBytesPerToken) + ")"}});
    }
    printRows(rows);
    // The formula with this scenario's numbers, from the same terms the window shows (core/kvformula.h).
    std::cout << "\n  " << tr("KV formula") << ": "
              << (m.mla.kvLoraRank > 0                            ? tr("L x B x S x (latent + rope) x bytes")
                  : m.effectiveVHeadDim() != m.effectiveHeadDim() ? tr("L x B x S x H_kv x (D_K + D_V) x bytes")
                                                                  : tr("2 (K, V) x L x B x S x H_kv x D_head x bytes"))
              << "\n    = " << kvFormulaText(formula) << "\n";
    for (const std::string& line : kvFormulaNotes(formula))
        std::cout << "    " << line << "\n";
    if (e.beyondMaxContext)
        std::cout << "\n" << tr("warning: %1", {beyondWarning(true)}) << "\n";
    std::cout << "\n"
              << tr("The verdict is an estimate: allocator reserve and fragmentation are not in the sum.") << "\n";
    printNotes(notes);
    return 0;
}

// null, "weights_and_overheads_exceed_budget" or "less_than_one_block" (capacity --json).
ordered_json capacityEmptyKey(Capacity::Empty empty) {
    switch (empty) {
    case Capacity::Empty::No:
        return nullptr;
    case Capacity::Empty::WeightsAndOverheadsExceedBudget:
        return "weights_and_overheads_exceed_budget";
    case Capacity::Empty::LessThanOneBlock:
        return "less_than_one_block";
    }
    return nullptr;
}

// Why the cache holds no token, with the numbers, when it holds none.
void printCapacityEmpty(const Capacity& c) {
    if (c.empty == Capacity::Empty::WeightsAndOverheadsExceedBudget) {
        const std::uint64_t used = c.weightBytes + c.activationBytes + c.runtimeBytes;
        std::cout << tr("No KV memory: weights %1 + activations %2 (estimate) + CUDA context %3 (estimate) = %4 "
                        "exceed the budget of %5 by %6.",
                        {sizeText(c.weightBytes), sizeText(c.activationBytes), sizeText(c.runtimeBytes), sizeText(used),
                         sizeText(c.budgetBytes), sizeText(used - std::min(used, c.budgetBytes))})
                  << "\n";
    } else if (c.empty == Capacity::Empty::LessThanOneBlock) {
        std::cout << tr("No KV block fits: %1 of KV memory is less than one block of %2.",
                        {sizeScaled(c.kvMemoryBytes), sizeScaled(c.blockBytes)})
                  << "\n";
    }
}

int runCapacity(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli capacity", tr("KV cache capacity the way vLLM reports it at start-up."));
    addScenarioOptions(p);
    p.addOption("max-model-len", "TOKENS",
                tr("tokens per request for the concurrency line (default: the model's maximum)"));
    p.addOption("kv-memory-gib", "X", tr("memory given to the KV cache, instead of deriving it from the GPU budget"));
    p.addFlag("json", tr("print one JSON object instead of the two lines"));
    if (!parseOrHelp(p, args))
        return 0;
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    std::uint64_t perRequest = s.model.maxContext != 0 ? s.model.maxContext : s.context;
    if (auto len = p.uintValue("max-model-len", 1, 1ull << 40))
        perRequest = *len;
    Capacity c;
    if (auto gib = p.doubleValue("kv-memory-gib", 0.0, 1024.0 * 1024.0)) {
        const auto bytes = bytesFromGiB(*gib);
        (void)kvHeadsPerGpu(s.model, s.tensorParallel); // refuses a --tp the heads cannot take
        c = capacityFromKvMemory(s.model, s.kvDtype, bytes, s.blockSize, perRequest, PerGpu{s.tensorParallel});
    } else {
        c = capacity(s, perRequest);
    }
    if (p.has("json")) {
        ordered_json j;
        j["model"] = s.model.id;
        j["kv_dtype"] = s.kvDtype.name();
        j["kv_memory_bytes"] = c.kvMemoryBytes;
        j["block_size"] = c.blockSize;
        j["block_bytes"] = c.blockBytes;
        j["blocks"] = c.blocks;
        j["kv_cache_tokens"] = c.tokens;
        j["tokens_per_request"] = c.tokensPerRequest;
        j["max_concurrency"] = c.maxConcurrency;
        j["empty_reason"] = capacityEmptyKey(c.empty);
        if (c.fromBudget)
            j["from_budget"] = {{"budget_bytes", c.budgetBytes},
                                {"weight_bytes", c.weightBytes},
                                {"activation_bytes_estimate", c.activationBytes},
                                {"activation_batch", s.batch},
                                {"activation_context_tokens", s.context},
                                {"runtime_bytes_estimate", c.runtimeBytes}};
        j["notes"] = notes;
        printJson(j);
        return 0;
    }
    // vLLM's two log lines, verbatim in every language: students match them against their server's log.
    // In Korean each gets a line saying what it means.
    const bool gloss = language() != Language::English;
    std::cout << "GPU KV cache size: " << groupThousands(c.tokens) << " tokens\n";
    if (gloss)
        std::cout << tr("  (the KV cache holds %1 tokens, all requests together)", {groupThousands(c.tokens)}) << "\n";
    std::cout << "Maximum concurrency for " << groupThousands(c.tokensPerRequest)
              << " tokens per request: " << fixed(c.maxConcurrency, 2) << "x\n";
    if (gloss)
        std::cout << tr("  (at most %1 requests of %2 tokens fit at once)",
                        {fixed(c.maxConcurrency, 2), groupThousands(c.tokensPerRequest)})
                  << "\n";
    std::cout << tr("(%1 blocks of %2 tokens, %3 each, in %4 of KV memory)",
                    {groupThousands(c.blocks), std::to_string(c.blockSize), sizeScaled(c.blockBytes),
                     sizeScaled(c.kvMemoryBytes)})
              << "\n";
    if (c.fromBudget) // the overheads depend on the batch and context: say which, so that figures compare
        std::cout << tr("(KV memory = budget %1 - weights %2 - activations %3 (estimated for batch %4, context %5) - "
                        "runtime %6 (estimated); another batch or context gives another figure)",
                        {sizeScaled(c.budgetBytes), sizeScaled(c.weightBytes), sizeScaled(c.activationBytes),
                         std::to_string(s.batch), groupThousands(s.context), sizeScaled(c.runtimeBytes)})
                  << "\n";
    printCapacityEmpty(c);
    printNotes(notes);
    return 0;
}

int runPresets(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli presets", tr("The model and GPU presets, by id."));
    p.addFlag("json", tr("print one JSON object"));
    if (!parseOrHelp(p, args))
        return 0;
    const auto models = modelPresets();
    if (p.has("json")) {
        ordered_json j;
        j["models"] = ordered_json::array();
        for (const auto& info : models) {
            const ModelShape m = loadPreset(info.id);
            j["models"].push_back({{"id", info.id},
                                   {"name", info.displayName},
                                   {"summary", info.summary},
                                   {"params", parameterCount(m)},
                                   {"kv_bytes_per_token_bf16", kvBytesPerToken(m, DType::bf16())}});
        }
        j["gpus"] = ordered_json::array();
        for (const auto& gpu : gpuPresets())
            j["gpus"].push_back({{"id", gpu.id}, {"name", gpu.name}, {"memory_bytes", gpu.memoryBytes}});
        printJson(j);
        return 0;
    }
    std::cout << tr("Model presets (--preset):") << "\n";
    for (const auto& info : models)
        std::printf("  %-18s %-20s %s\n", info.id.c_str(), info.displayName.c_str(), info.summary.c_str());
    std::cout << "\n" << tr("GPU presets (--gpu):") << "\n";
    for (const auto& gpu : gpuPresets())
        std::printf("  %-14s %-36s %7.1f GiB\n", gpu.id.c_str(), gpu.name.c_str(), toGiB(gpu.memoryBytes));
    return 0;
}

ordered_json fractionsJson(const SlotFractions& f) {
    return {{"token_state_fraction", f.tokenStates},
            {"reserved_fraction", f.reserved},
            {"internal_fraction", f.internal},
            {"external_fraction", f.external},
            {"free_fraction", f.free}};
}

ordered_json summaryJson(const SimSummary& s) {
    ordered_json j = fractionsJson(s.saturated);
    j["allocator"] = s.allocator;
    j["pool_tokens"] = s.poolSlots;
    j["mean_batch"] = s.meanBatchSaturated;
    j["preemptions"] = s.preemptions;
    j["steps"] = s.steps;
    j["saturated_steps"] = s.saturatedSteps;
    j["requests"] = s.requests;
    j["requests_finished"] = s.requestsFinished;
    j["requests_rejected_too_long"] = s.requestsRejectedTooLong;
    j["requests_capped"] = s.requestsCapped;
    j["requests_rejected_pool"] = s.requestsRejectedPool;
    j["tokens_generated"] = s.tokensGenerated;
    j["block_operations"] = s.blockOperations;
    j["max_shared_blocks_saved"] = s.maxSharedBlocksSaved;
    j["recomputed_tokens"] = s.recomputedTokens;
    j["swapped_slots"] = s.swappedSlots;
    j["swap_bytes"] = s.swapBytes;
    j["sharing"] = {{"mean_saving", s.meanSharingSaving},
                    {"max_saving", s.maxSharingSaving},
                    {"max_blocks_saved", s.maxSharedBlocksSaved},
                    {"copy_on_writes", s.copyOnWrites},
                    {"beam_forks", s.beamForks}};
    if (s.prefixCache)
        j["prefix_cache"] = {{"prompt_tokens", s.promptTokens},
                             {"hit_tokens", s.prefixHitTokens},
                             {"hit_rate", s.prefixHitRate},
                             {"prefill_tokens_saved", s.prefixHitTokens},
                             {"evictions", s.prefixEvictions},
                             {"mean_cached_free_slots", s.meanCachedFreeSlots},
                             {"max_cached_free_slots", s.maxCachedFreeSlots}};
    ordered_json all = fractionsJson(s.allSteps);
    all["mean_batch"] = s.meanBatch;
    j["all_steps"] = all;
    return j;
}

int runSimulate(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli simulate",
                tr("Replays a request trace through contiguous reservation (max, pow2, oracle) and PagedAttention\n"
                   "blocks, and reports where the KV pool's slots go. Fractions are averaged over the steps\n"
                   "with at least one request waiting (the server under load), and over all steps in all_steps."));
    // Model and GPU options size the pool the way `capacity` does (and --block-size is the paged block).
    addScenarioOptions(p);
    p.addOption("allocator", "KIND", tr("%1 or all (default all)", {allocatorKindNames(false, ", ")}));
    p.addOption("workload", "W",
                tr("sharegpt, alpaca, fixed:P,O, uniform:PMIN-PMAX,OMIN-OMAX or a CSV/JSONL trace file"));
    p.addOption("requests", "N", tr("requests to generate (default 1000)"));
    p.addOption("rate", "R", tr("Poisson arrivals per step (default: all at step 0)"));
    p.addOption("pool-tokens", "N",
                tr("KV pool in token slots (default 15,728: a 13B model with 12 GiB of KV); or give --preset, "
                   "--config, --gpu or --gpu-memory-gib to size it from a model on a GPU"));
    p.addOption("max-model-len", "TOKENS", tr("caps prompt + output; what max reserves (default 2048)"));
    p.addOption("samples", "N", tr("parallel samples per request; paged shares their prompt blocks (default 1)"));
    p.addOption("sampling", "MODE",
                tr("parallel:N (N samples of each prompt) or beam:K (beam search of width K); paged shares their "
                   "blocks"));
    p.addOption("preemption", "MODE",
                tr("recompute or swap (to CPU memory): what paged does when its pool runs dry (default recompute)"));
    p.addOption("system-prompts", "N:P",
                tr("put one of N shared system prompts of P tokens before every generated request's prompt"));
    p.addFlag("prefix-cache",
              tr("paged keeps full shared-prefix blocks for later requests (automatic prefix caching)"));
    p.addOption("seed", "S", tr("random seed (default 1)"));
    p.addFlag("buddy", tr("place contiguous regions with a buddy allocator instead of first fit"));
    p.addFlag("json", tr("print one JSON object"));
    if (!parseOrHelp(p, args))
        return 0;
    WorkloadSpec spec = WorkloadSpec::parse(p.valueOr("workload", "sharegpt"));
    if (auto n = p.uintValue("requests", 1, 10'000'000))
        spec.requests = std::uint32_t(*n);
    if (auto r = p.doubleValue("rate", 0.0, 1e6))
        spec.rate = *r;
    if (auto seed = p.uintValue("seed", 0))
        spec.seed = *seed;
    if (p.has("system-prompts")) {
        if (spec.kind == WorkloadKind::Trace)
            throw Error("--system-prompts: a trace file states its own prefixes (prefix_id, prefix_len)");
        spec.parseSharedPrompts(p.valueOr("system-prompts", ""));
    }
    // A run longer than a second shows its progress on a terminal (stderr), and Ctrl-C stops it cleanly: the
    // reading of a trace file (2M lines take seconds) as well as the replays.
    static std::atomic<bool> interrupted{false};
    interrupted = false;
    const auto previousHandler = std::signal(SIGINT, [](int) { interrupted = true; });
    const bool terminal = isatty(STDERR_FILENO) != 0;
    const auto start = std::chrono::steady_clock::now();
    const auto stoppedByCtrlC = [&] {
        std::signal(SIGINT, previousHandler);
        std::cerr << tr("kvscope-cli simulate: stopped by Ctrl-C; nothing printed") << '\n';
        return 130;
    };
    bool readingShown = false;
    std::optional<std::vector<Request>> loaded = generateWorkload(spec, [&](double fraction) {
        if (interrupted)
            return false;
        if (terminal && std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) {
            std::cerr << '\r'
                      << (spec.kind == WorkloadKind::Trace
                              ? tr("simulate: reading the trace, %1 (Ctrl-C stops)", {fixed(100 * fraction, 0) + "%"})
                              : tr("simulate: drawing the requests, %1 (Ctrl-C stops)",
                                   {fixed(100 * fraction, 0) + "%"}))
                      << std::flush;
            readingShown = true;
        }
        return true;
    });
    if (readingShown)
        std::cerr << "\r\033[K" << std::flush;
    if (!loaded)
        return stoppedByCtrlC();
    std::vector<Request> requests = std::move(*loaded);

    SimConfig config;
    config.blockSize = std::uint32_t(p.uintValue("block-size", 1, 256).value_or(16));
    config.maxModelLen = std::uint32_t(p.uintValue("max-model-len", 2, 1u << 24).value_or(2048));
    config.samples = std::uint32_t(p.uintValue("samples", 1, 64).value_or(1));
    if (p.has("sampling")) {
        if (p.has("samples"))
            throw Error("give either --samples or --sampling, not both");
        std::tie(config.sampling, config.samples) = parseSampling(p.valueOr("sampling", ""));
    }
    config.preemption = parsePreemptionMode(p.valueOr("preemption", "recompute"));
    config.prefixCache = p.has("prefix-cache");
    config.buddyPlacement = p.has("buddy");
    // The default pool is the paper's 13B model (OPT-13B: 40 layers, width 5,120, FP16): 800 KiB per token.
    config.kvBytesPerToken = 819'200;
    const bool sizedFromScenario = p.has("preset") || p.has("config") || p.has("gpu") || p.has("gpu-memory-gib");
    if (p.has("pool-tokens") && sizedFromScenario)
        throw Error("give either --pool-tokens or model and GPU options, not both");
    std::string poolSource = tr("given");
    std::vector<std::string> notes;
    // 268M token slots: sixteen million blocks of 16, a hundred times the KV pool of the largest
    // single-GPU servers; the simulator keeps a few bytes per block and per slot of it.
    constexpr std::uint64_t kMaxPoolSlots = 1ull << 28;
    if (auto pool = p.uintValue("pool-tokens", 1, kMaxPoolSlots)) {
        config.poolSlots = *pool;
    } else if (sizedFromScenario) {
        const Scenario s = scenarioFromOptions(p, notes);
        config.poolSlots = capacity(s).tokens;
        config.kvBytesPerToken = kvBytesPerToken(s.model, s.kvDtype);
        poolSource = tr("from %1 on %2 GiB", {s.model.displayName, fixed(toGiB(s.gpuMemoryBytes), 0)});
        if (config.poolSlots == 0)
            throw Error("the weights leave no KV memory on this GPU: no pool to simulate");
        if (config.poolSlots > kMaxPoolSlots)
            throw Error("the KV pool of " + s.model.displayName + " on this GPU holds " +
                        groupThousands(config.poolSlots) + " tokens, more than the simulator's " +
                        groupThousands(kMaxPoolSlots) + ": give --pool-tokens or a smaller --gpu-memory-gib");
    }

    std::vector<AllocatorKind> kinds;
    const std::string which = p.valueOr("allocator", "all");
    if (which == "all")
        for (const AllocatorInfo& info : allocatorKinds())
            kinds.push_back(info.kind);
    else
        kinds = {parseAllocatorKind(which)};

    std::vector<SimSummary> results;
    for (AllocatorKind kind : kinds) {
        config.allocator = kind;
        bool shown = false;
        int lastPercent = -1;
        const auto progress = [&](double fraction) {
            if (interrupted)
                return false;
            if (terminal && int(100 * fraction) != lastPercent &&
                std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) {
                lastPercent = int(100 * fraction);
                std::cerr << '\r'
                          << tr("simulate: %1, %2 of the requests done (Ctrl-C stops)",
                                {allocatorKindName(kind), fixed(100 * fraction, 0) + "%"})
                          << std::flush;
                shown = true;
            }
            return true;
        };
        std::optional<SimSummary> summary = simulate(config, requests, progress);
        if (shown)
            std::cerr << "\r\033[K" << std::flush;
        if (!summary)
            return stoppedByCtrlC();
        results.push_back(*summary);
    }
    std::signal(SIGINT, previousHandler);

    // The simulator's own notes: English in --json, the --lang language in the text.
    const std::size_t scenarioNotes = notes.size();
    std::vector<std::string> notesText;
    auto note = [&](Text text, std::initializer_list<std::string_view> values) {
        notes.push_back(substitute(english(text), values));
        notesText.push_back(tr(text, values));
    };
    // Rejections and caps depend on the trace and max model length only (the pool ones also on the allocator).
    const SimSummary& first = results.front();
    if (first.requestsRejectedTooLong > 0)
        note("%1 requests have a prompt of %2 tokens or more (the max model length) and were rejected, as vLLM "
             "rejects them",
             {groupThousands(first.requestsRejectedTooLong), std::to_string(config.maxModelLen)});
    if (first.requestsCapped > 0)
        note("%1 requests ask for more than %2 tokens in all; their output was cut to fit the max model length",
             {groupThousands(first.requestsCapped), std::to_string(config.maxModelLen)});
    for (const auto& r : results)
        if (r.requestsRejectedPool > 0)
            note("%1: %2 requests can never fit the pool, even alone, and were rejected; the rest ran",
                 {r.allocator, groupThousands(r.requestsRejectedPool)});
    const auto pow2 = std::find_if(results.begin(), results.end(),
                                   [](const SimSummary& r) { return r.allocator.starts_with("pow2"); });
    const auto oracle = std::find_if(results.begin(), results.end(),
                                     [](const SimSummary& r) { return r.allocator.starts_with("oracle"); });
    if (config.buddyPlacement && pow2 != results.end() && oracle != results.end())
        note("with --buddy every region is rounded up to a power of two, so oracle reserves exactly what pow2 "
             "does and their rows are the same",
             {});
    for (const auto& r : results) {
        if (r.preemptions == 0)
            continue;
        if (config.preemption == PreemptionMode::Swap)
            note(
                "%1: %2 preemptions swapped %3 token slots (%4) between GPU and CPU memory",
                {r.allocator, groupThousands(r.preemptions), groupThousands(r.swappedSlots), gibAndBytes(r.swapBytes)});
        else
            note("%1: %2 preemptions recomputed %3 tokens",
                 {r.allocator, groupThousands(r.preemptions), groupThousands(r.recomputedTokens)});
    }

    if (p.has("json")) {
        ordered_json j;
        j["workload"] = spec.describe();
        j["requests"] = requests.size();
        j["pool_tokens"] = config.poolSlots;
        j["max_model_len"] = config.maxModelLen;
        j["block_size"] = config.blockSize;
        j["samples"] = config.samples;
        j["sampling"] = samplingModeName(config.sampling);
        j["preemption"] = preemptionModeName(config.preemption);
        j["prefix_cache"] = config.prefixCache;
        j["kv_bytes_per_token"] = config.kvBytesPerToken;
        j["seed"] = spec.seed;
        j["notes"] = notes;
        // One shape whatever --allocator says: a single allocator is an object of one entry.
        j["allocators"] = ordered_json::object();
        for (const auto& r : results)
            j["allocators"][r.allocator] = summaryJson(r);
        printJson(j);
        return 0;
    }
    std::cout << tr("Workload: %1, %2 requests", {spec.describe(), groupThousands(requests.size())}) << "\n";
    std::cout << tr("Pool: %1 token slots (%2), max model length %3, block size %4, samples %5",
                    {groupThousands(config.poolSlots), poolSource, std::to_string(config.maxModelLen),
                     std::to_string(config.blockSize),
                     std::to_string(config.samples) +
                         (config.sampling == SamplingMode::Beam ? " (" + tr("beam search") + ")" : "")})
              << "\n\n";
    // Allocator names are the --allocator values and stay as they are in every language.
    std::vector<std::vector<std::string>> table{{tr("allocator"), tr("tokens"), tr("reserved"), tr("internal"),
                                                 tr("external"), tr("free"), tr("batch"), tr("preempt"), tr("steps")}};
    const auto percent = [](double fraction) { return fixed(100 * fraction, 1) + "%"; };
    bool unsaturated = false;
    for (const auto& r : results) {
        // A run where nothing ever waited has no saturated steps to average: show every step's mean, marked.
        const bool none = r.saturatedSteps == 0;
        unsaturated = unsaturated || none;
        const SlotFractions& f = none ? r.allSteps : r.saturated;
        table.push_back({none ? r.allocator + " *" : r.allocator, percent(f.tokenStates), percent(f.reserved),
                         percent(f.internal), percent(f.external), percent(f.free),
                         fixed(none ? r.meanBatch : r.meanBatchSaturated, 2), std::to_string(r.preemptions),
                         std::to_string(r.steps)});
    }
    printTable(table, TableStyle::withMinWidths({14, 8, 9, 9, 9, 9, 9, 8, 10}));
    for (const auto& r : results) {
        // Sharing against Kwon et al.'s Figure 15 (OPT-13B on Alpaca), with what our model leaves out.
        if (r.allocator != "paged" || config.samples < 2)
            continue;
        std::cout << "\n"
                  << tr(config.sampling == SamplingMode::Beam
                            ? Text("Sharing (%1, beam search of width %2): %3 of the blocks the beams would hold "
                                   "unshared are saved (block-step mean), %4 at the most in one step.")
                            : Text("Sharing (%1, %2 parallel samples): %3 of the blocks the samples would hold "
                                   "unshared are saved (block-step mean), %4 at the most in one step."),
                        {r.allocator, std::to_string(config.samples), fixed(100 * r.meanSharingSaving, 1) + "%",
                         fixed(100 * r.maxSharingSaving, 1) + "%"})
                  << "\n"
                  << tr("Kwon et al. (2023) report 6.1-9.8% for parallel sampling and 37.6-55.2% for beam search on "
                        "Alpaca (OPT-13B). Ours differ because every sample here generates the same number of tokens,\n"
                        "beams are chosen at random (each step a beam continues another with probability 1/4) rather "
                        "than by a model's scores, and the synthetic prompts are short.")
                  << "\n";
    }
    for (const auto& r : results)
        if (r.prefixCache)
            std::cout << "\n"
                      << tr("Prefix cache (%1): %2 of %3 prompt tokens found cached (hit rate %4): prefill saved.\n"
                            "Cached blocks no one holds keep %5 slots on average (%6), %7 at the peak; %8 evicted.",
                            {r.allocator, groupThousands(r.prefixHitTokens), groupThousands(r.promptTokens),
                             fixed(100 * r.prefixHitRate, 1) + "%",
                             groupThousands(std::uint64_t(r.meanCachedFreeSlots)),
                             gibAndBytes(std::uint64_t(r.meanCachedFreeSlots * double(config.kvBytesPerToken))),
                             groupThousands(r.maxCachedFreeSlots), groupThousands(r.prefixEvictions)})
                      << "\n";
    std::cout << "\n"
              << tr("Shares of the pool averaged over the steps with requests waiting (the server under load).")
              << "\n";
    if (unsaturated)
        std::cout << tr("* No step of this run had a request waiting: the row shows the average over all steps.")
                  << "\n";
    // The paper's figures are for ShareGPT; say what this trace is beside them.
    std::cout << tr("Kwon et al. (2023) measured token states at 20.4% (max), 26.8% (pow2), 38.2% (oracle) and 96.3%\n"
                    "(vLLM) on ShareGPT.")
              << " ";
    switch (spec.kind) {
    case WorkloadKind::ShareGpt:
        std::cout << tr("This trace is a synthetic fit to ShareGPT's mean lengths, not the dataset.");
        break;
    case WorkloadKind::Alpaca:
        std::cout << tr("This trace is a synthetic fit to Alpaca's mean lengths (shorter requests), not ShareGPT.");
        break;
    case WorkloadKind::Trace:
        std::cout << tr("This run replays the trace file %1, not ShareGPT.", {spec.traceFile});
        break;
    case WorkloadKind::Fixed:
    case WorkloadKind::Uniform:
        std::cout << tr("This trace (%1) is not ShareGPT.", {spec.describe()});
        break;
    }
    std::cout << "\n";
    printNotes({notes.begin(), notes.begin() + std::ptrdiff_t(scenarioNotes)});
    for (const auto& text : notesText)
        std::cout << tr("note: %1", {text}) << '\n';
    return 0;
}

// kvscope-cli decode: options -> DecodeOptions, the run, then its report as text or JSON.
ArgParser decodeArgParser() {
    ArgParser p("kvscope-cli decode",
                tr("Greedy decoding with our small GPT, with and without a KV cache (contiguous and paged), measuring\n"
                   "step time and memory against the formulas. Runs on a CUDA device when one answers (cuBLAS and our\n"
                   "kernels), else on the CPU (BLAS + two threads), and says which and why."));
    p.addOption("backend", "B", tr("auto, cpu or cuda (default auto: CUDA when a device answers)"));
    p.addOption("model", "M",
                tr("small (default: the course's 8 layers, width 512) or a GPT-2-layout .safetensors file"));
    p.addOption("layers", "N", tr("decoder layers (default 8)"));
    p.addOption("width", "N", tr("model width (default 512)"));
    p.addOption("heads", "N", tr("query heads (default 8)"));
    p.addOption("kv-heads", "N", tr("K/V heads, dividing --heads (default: --heads)"));
    p.addOption("dtype", "D", tr("fp32 (default) or bf16 (weights, activations and KV cache; CUDA backend only)"));
    p.addOption("batch", "B", tr("sequences decoded together (default 1)"));
    p.addOption("steps", "N", tr("tokens generated per sequence (default 32)"));
    p.addOption("prompt-len", "P", tr("seeded random prompt tokens (default 16)"));
    p.addOption("cache", "C",
                tr("none, contiguous (or static), paged, dynamic, int8, fp8 (CUDA only), a comma-separated list of "
                   "them, or all (default all: every mode the backend runs)"));
    p.addOption("block-size", "N", tr("paged block size in tokens (default 16)"));
    p.addFlag("graphs", tr("capture the cached step in a CUDA graph (CUDA backend only)"));
    p.addOption("seed", "S", tr("weights, prompts and block order (default 1)"));
    p.addFlag("json", tr("print one JSON object"));
    return p;
}

// The options as the decode core takes them; throws Error naming the option at fault.
gpu::DecodeOptions decodeOptionsFrom(const ArgParser& p) {
    using namespace kvscope::gpu;
    DecodeOptions o;
    o.backend = parseBackendChoice(p.valueOr("backend", "auto"), "--backend");
    o.precision = parsePrecision(p.valueOr("dtype", "fp32"), "--dtype");
    o.graphs = p.has("graphs");
    const std::string model = p.valueOr("model", "small");
    if (model.empty())
        throw Error("--model: expected small or a .safetensors file, got ''");
    if (model != "small")
        o.weightsFile = model;
    o.model.layers = std::uint32_t(p.uintValue("layers", 1, 256).value_or(8));
    o.model.width = std::uint32_t(p.uintValue("width", 8, 16384).value_or(512));
    o.model.heads = std::uint32_t(p.uintValue("heads", 1, 1024).value_or(model == "small" ? 8 : 0));
    o.model.kvHeads = std::uint32_t(p.uintValue("kv-heads", 1, 1024).value_or(o.model.heads));
    o.model.seed = p.uintValue("seed", 0).value_or(1);
    o.seed = o.model.seed;
    o.batch = std::uint32_t(p.uintValue("batch", 1, 4096).value_or(1));
    o.steps = std::uint32_t(p.uintValue("steps", 1, 1u << 20).value_or(32));
    o.promptLen = std::uint32_t(p.uintValue("prompt-len", 1, 1u << 20).value_or(16));
    o.blockSize = std::uint32_t(p.uintValue("block-size", 1, 1024).value_or(16));
    const std::string cache = p.valueOr("cache", "all");
    o.modes = parseCacheModeList(cache, "--cache");
    o.skipUnsupportedModes = cache == "all"; // fp8 on the CPU: skipped, with a note
    return o;
}

// The device that ran: the CUDA device, or this machine's CPU with why the CPU.
gpu::DeviceInfo decodeDevice(const gpu::DecodeReport& r) {
    using namespace kvscope::gpu;
    const bool onCuda = r.backend == Backend::Cuda;
    DeviceInfo used = onCuda ? r.device : probeCpu();
    used.reason = onCuda ? std::string() : r.backendWhy;
    return used;
}

void printDecodeJson(const gpu::DecodeOptions& o, const gpu::DecodeReport& r) {
    using namespace kvscope::gpu;
    const bool onCuda = r.backend == Backend::Cuda;
    const DeviceInfo used = decodeDevice(r);
    ordered_json j;
    j["backend"] = onCuda ? "cuda" : "cpu";
    j["backend_reason"] = r.backendWhy;
    j["device"] = used.summary();
    j["cuda_device_present"] = r.device.backend == Backend::Cuda;
    j["step_clock"] = onCuda ? "CUDA events" : "steady clock";
    j["graphs"] = r.graphs;
    j["model"] = {{"layers", r.model.layers},    {"width", r.model.width}, {"heads", r.model.heads},
                  {"kv_heads", r.model.kvHeads}, {"vocab", r.model.vocab}, {"max_context", r.model.maxContext},
                  {"parameters", r.parameters}};
    j["dtype"] = precisionName(r.precision);
    j["batch"] = o.batch;
    j["steps"] = o.steps;
    j["prompt_len"] = o.promptLen;
    j["block_size"] = o.blockSize;
    j["modes"] = ordered_json::object();
    for (const ModeResult& m : r.modes) {
        ordered_json mj;
        std::vector<double> ms;
        std::vector<std::uint64_t> tokens, kv;
        for (const StepRecord& s : m.steps) {
            ms.push_back(s.milliseconds);
            tokens.push_back(s.tokensComputed);
            kv.push_back(s.kvBytesHeld);
        }
        mj["step_ms"] = ms;
        mj["tokens_computed"] = tokens;
        mj["kv_bytes_held"] = kv;
        mj["total_ms"] = m.totalMs;
        mj["tokens_per_s"] = m.tokensPerSecond;
        mj["completed"] = m.completed;
        mj["memory"] = {{"theoretical_weight_bytes", m.memory.theoreticalWeightBytes},
                        {"theoretical_kv_bytes", m.memory.theoreticalKvBytes},
                        {"peak_allocated_bytes", m.memory.peakAllocatedBytes},
                        {"process_bytes", m.memory.processBytes},
                        {"process_bytes_source", m.memory.processSource}};
        mj["tokens"] = m.tokens.empty() ? ordered_json::array() : ordered_json(m.tokens.front());
        // Cache kinds: what K and V were stored in, TTFT and TPOT, memory at its peak, the accuracy cost.
        std::vector<std::uint64_t> peak, copied;
        for (const StepRecord& s : m.steps) {
            peak.push_back(s.kvBytesPeak);
            copied.push_back(s.kvBytesCopied);
        }
        mj["cache_dtype"] = m.mode == CacheMode::None ? std::string() : m.cacheDType;
        mj["cache_bits_per_value"] = m.mode == CacheMode::None ? 0.0 : m.cacheBitsPerValue;
        mj["kv_bytes_peak"] = peak;
        mj["kv_bytes_copied"] = copied;
        mj["peak_kv_bytes"] = m.peakKvBytes;
        mj["total_kv_bytes_copied"] = m.kvBytesCopied;
        mj["ttft_ms"] = m.latency.ttftMeasured ? ordered_json(m.latency.ttftMs) : ordered_json();
        mj["tpot_mean_ms"] = m.latency.tpotSteps > 0 ? ordered_json(m.latency.tpotMeanMs) : ordered_json();
        mj["tpot_p90_ms"] = m.latency.tpotSteps > 0 ? ordered_json(m.latency.tpotP90Ms) : ordered_json();
        mj["tpot_steps"] = m.latency.tpotSteps;
        const Accuracy& a = m.accuracy;
        mj["accuracy"] = {
            {"compared", a.compared},
            {"is_reference", a.isReference},
            {"tokens_compared", a.tokensCompared},
            {"tokens_agreeing", a.tokensAgreeing},
            {"agreement_share", a.compared ? ordered_json(a.agreementShare()) : ordered_json()},
            {"first_different_step", a.firstDifferentStep >= 0 ? ordered_json(a.firstDifferentStep) : ordered_json()},
            {"max_logit_diff", a.compared ? ordered_json(a.maxLogitDiff) : ordered_json()},
            {"logit_steps_compared", a.logitStepsCompared}};
        j["modes"][cacheModeName(m.mode)] = mj;
    }
    j["fit_a_ms"] = r.fitAms;
    j["fit_b_ms"] = r.fitBms;
    j["fixed_cost_share_cached"] = r.fixedCostShareCached;
    j["fixed_cost_share_uncached"] = r.fixedCostShareUncached;
    j["fit_valid"] = r.fitValid;
    j["speedup"] = r.speedup;
    j["tokens_identical"] = r.tokensIdentical;
    j["accuracy_reference"] = {{"mode", "contiguous"},
                               {"dtype", precisionName(r.precision)},
                               {"measured", r.referenceMeasured},
                               {"hidden", r.referenceHidden}};
    std::vector<std::string> skipped;
    for (const CacheMode m : r.skippedModes)
        skipped.push_back(cacheModeName(m));
    j["skipped_modes"] = skipped;
    j["skipped_reason"] = r.skippedWhy;
    j["reading"] = englishReading(r);
    j["tokens_compared"] = r.tokensCompared;
    j["fit_measured"] = r.fitMeasured;
    j["fit_steps"] = r.fitSteps;
    j["two_point"] = {{"measured", r.twoPoint.measured},
                      {"cached_mode", cacheModeName(r.twoPoint.cachedMode)},
                      {"cached_tokens", r.twoPoint.cachedTokens},
                      {"cached_ms", r.twoPoint.cachedMs},
                      {"uncached_tokens", r.twoPoint.uncachedTokens},
                      {"uncached_ms", r.twoPoint.uncachedMs},
                      {"a_ms", r.twoPoint.model.aMs},
                      {"b_ms", r.twoPoint.model.bMs},
                      {"constrained", r.twoPoint.constrained},
                      {"solved_a_ms", r.twoPoint.solved.aMs},
                      {"solved_b_ms", r.twoPoint.solved.bMs}};
    j["fit_constrained"] = r.fitConstrained;
    j["fit_solved_a_ms"] = r.fitSolvedAms;
    j["fit_solved_b_ms"] = r.fitSolvedBms;
    const RunNoise& n = r.noise;
    j["noise"] = {{"probe_ms", n.probeMs},
                  {"probe_spread", n.probed() ? ordered_json(n.probeSpread) : ordered_json()},
                  {"step_scatter", n.scatterMeasured() ? ordered_json(n.stepScatter) : ordered_json()},
                  {"scatter_steps", n.scatterSteps},
                  {"max_probe_spread", kMaxProbeSpread},
                  {"max_step_scatter", kMaxStepScatter},
                  {"steady", n.steady()}};
    ordered_json checks = ordered_json::object();
    // Each mode's mean step against both fits' predictions (null where a fit was not measured).
    const std::vector<ModeCheck> twoPoint = checkStepModel(r.twoPoint.model, r);
    for (const ModeCheck& c : checkStepModel(r.leastSquares(), r)) {
        const auto other =
            std::find_if(twoPoint.begin(), twoPoint.end(), [&](const ModeCheck& t) { return t.mode == c.mode; });
        checks[cacheModeName(c.mode)] = {
            {"mean_tokens", c.meanTokens},
            {"measured_ms", c.measuredMs},
            {"least_squares_ms", r.fitMeasured ? ordered_json(c.predictedMs) : ordered_json()},
            {"two_point_ms", r.twoPoint.measured ? ordered_json(other->predictedMs) : ordered_json()}};
    }
    j["step_model_check"] = checks;
    printJson(j);
}

void printDecodeText(const gpu::DecodeOptions& o, const gpu::DecodeReport& r) {
    using namespace kvscope::gpu;
    // The device summary and the reading are gpu/'s English; the CLI only labels them.
    const bool onCuda = r.backend == Backend::Cuda;
    const std::string backendLine = decodeDevice(r).summary() + (onCuda ? " (" + r.backendWhy + ")" : "");
    std::cout << tr("Backend: %1", {backendLine}) << "\n";
    const Text modelLine =
        r.graphs ? Text("Model: %1 layers, width %2, %3 heads, %4 KV heads, %5 parameters, %6, CUDA graphs")
                 : Text("Model: %1 layers, width %2, %3 heads, %4 KV heads, %5 parameters, %6");
    std::cout << tr(modelLine,
                    {std::to_string(r.model.layers), std::to_string(r.model.width), std::to_string(r.model.heads),
                     std::to_string(r.model.kvHeads), groupThousands(r.parameters), precisionName(r.precision)})
              << "\n";
    std::cout << tr("Batch %1, prompt %2, %3 steps",
                    {std::to_string(o.batch), std::to_string(o.promptLen), std::to_string(o.steps)})
              << "\n\n";
    // Cache mode names are the --cache values and stay as they are in every language.
    std::vector<std::vector<std::string>> table{
        {tr("cache"), tr("ms/step"), tr("tokens/s"), tr("weights"), tr("KV (formula)"), tr("peak allocated")}};
    for (const ModeResult& m : r.modes)
        table.push_back({cacheModeName(m.mode), fixed(m.msPerStep, 3), fixed(m.tokensPerSecond, 1),
                         formatBytes(m.memory.theoreticalWeightBytes), formatBytes(m.memory.theoreticalKvBytes),
                         formatBytes(m.memory.peakAllocatedBytes)});
    printTable(table, TableStyle::withMinWidths({11, 10, 10, 12, 16, 16}));
    // Cache kinds: time to first token, time per output token, the cache at its peak, and the
    // accuracy cost against the contiguous cache (sequence 0's logits before its first difference).
    // TTFT and TPOT stay as they are in every language (the glossary keeps the abbreviations).
    std::cout << "\n";
    std::vector<std::vector<std::string>> kinds{{tr("cache"), tr("stored as"), "TTFT ms", "TPOT ms", "TPOT p90",
                                                 tr("KV peak"), tr("tokens agreeing"), tr("first differs"),
                                                 tr("max |logit diff|")}};
    for (const ModeResult& m : r.modes) {
        const Accuracy& a = m.accuracy;
        const std::string agreeing = !a.compared ? tr("not compared")
                                     : a.isReference
                                         ? tr("reference")
                                         : std::to_string(a.tokensAgreeing) + "/" + std::to_string(a.tokensCompared) +
                                               " (" + fixed(100.0 * a.agreementShare(), 0) + "%)";
        const std::string differs = !a.compared || a.isReference ? std::string("-")
                                    : a.firstDifferentStep < 0   ? tr("never")
                                                               : tr("step %1", {std::to_string(a.firstDifferentStep)});
        char diff[32];
        std::snprintf(diff, sizeof diff, "%.3g", a.maxLogitDiff);
        kinds.push_back({cacheModeName(m.mode), m.mode == CacheMode::None ? std::string("-") : m.cacheDType,
                         m.latency.ttftMeasured ? fixed(m.latency.ttftMs, 3) : std::string("-"),
                         m.latency.tpotSteps > 0 ? fixed(m.latency.tpotMeanMs, 3) : std::string("-"),
                         m.latency.tpotSteps > 0 ? fixed(m.latency.tpotP90Ms, 3) : std::string("-"),
                         formatBytes(m.peakKvBytes), agreeing, differs,
                         !a.compared || a.isReference ? std::string("-") : std::string(diff)});
    }
    printTable(kinds, TableStyle::withMinWidths({11, 12, 10, 10, 10, 12, 16, 14, 16}));
    if (!r.skippedModes.empty())
        std::cout << tr("note: %1", {tr("fp8 skipped: it needs the CUDA backend (this run is on the CPU)")}) << "\n";
    if (r.referenceHidden && r.referenceMeasured)
        std::cout << tr("note: %1", {tr("accuracy against a contiguous-cache run made for the comparison, not shown")})
                  << "\n";
    else if (!r.modes.empty() && !r.referenceMeasured)
        std::cout << tr("note: %1",
                        {tr("accuracy not compared: the contiguous cache (the reference) did not complete")})
                  << "\n";
    const std::string identical = !r.tokensCompared   ? tr("not compared (fewer than two modes)")
                                  : r.tokensIdentical ? tr("yes")
                                                      : tr("NO");
    std::cout << "\n" << tr("tokens identical across modes: %1", {identical}) << "\n";
    if (language() == Language::English)
        std::cout << englishReading(r) << "\n";
    else
        std::cout << tr("Reading (in English): %1", {englishReading(r)}) << "\n";
}

int runDecodeCommand(const std::vector<std::string>& args) {
    ArgParser p = decodeArgParser();
    if (!parseOrHelp(p, args))
        return 0;
    const gpu::DecodeOptions o = decodeOptionsFrom(p);
    const gpu::DecodeReport r = gpu::runDecode(o);
    if (p.has("json"))
        printDecodeJson(o, r);
    else
        printDecodeText(o, r);
    return 0;
}

// Every command, once: its name, its line in the usage (a catalogue text, messages.h) and what runs it. The usage, the
// dispatch and the unknown-command error are made from this table, so that a new command is its own file and one row
// here.
struct Command {
    const char* name;
    Text help; // found in the catalogue when this is compiled
    int (*run)(const std::vector<std::string>& args);
};
// clang-format off
constexpr Command kCommands[] = {
    {"estimate", "weights + KV cache + overheads of a scenario against a GPU budget", runEstimate},
    {"capacity", "KV cache tokens and maximum concurrency, as vLLM reports them", runCapacity},
    {"simulate", "contiguous reservation vs PagedAttention blocks on a request trace", runSimulate},
    {"decode", "our small GPT generating tokens with and without a KV cache, measured", runDecodeCommand},
    {"presets", "the model and GPU presets", runPresets},
    {"attention", "MHA, GQA and MQA (or MLA) variants of a model: cache, weights, largest batch", runAttention},
    {"sweep", "memory along the context or the batch, one column per batch or context", runSweep},
    {"fitmap", "which context x batch pairs fit the budget", runFitMap},
    {"explain-log", "a server's start-up log read back, recomputed and set beside KV Scope's estimate", runExplainLog},
    {"roofline", "this machine's roofline measured, with our small GPT's steps on it; --predict: a GPU's "
                 "data-sheet TPOT bound", runRoofline},
};
// clang-format on

const Command* findCommand(std::string_view name) {
    for (const Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

// "estimate, capacity, ... or roofline": the commands as the unknown-command error lists them.
std::string commandList() {
    std::string list;
    for (std::size_t i = 0; i < std::size(kCommands); ++i)
        list += (i == 0 ? "" : i + 1 == std::size(kCommands) ? tr(" or ") : ", ") + std::string(kCommands[i].name);
    return list;
}

void printUsage() {
    std::cout << tr("Usage: kvscope-cli <command> [options]") << "\n\n"
              << tr("Answers KV Scope's memory questions on the command line.") << "\n\n"
              << tr("Commands:") << "\n";
    // One aligned column of command names, as wide as the longest.
    std::size_t width = 0;
    for (const Command& c : kCommands)
        width = std::max(width, std::string_view(c.name).size());
    for (const Command& c : kCommands)
        std::cout << "  " << c.name << std::string(width + 2 - std::string_view(c.name).size(), ' ') << tr(c.help)
                  << "\n";
    std::cout << "\n"
              << tr("Every command takes --help, --json and --lang. Options:") << "\n"
              << "  --version       " << tr("print the version and the compute backend") << "\n"
              << "  --help          " << tr("show this help and exit") << "\n"
              << "  --lang ko|en    " << languageOptionHelp() << "\n"
              << "  --units gib|gb  " << tr("unit of the sizes in the text output (default GiB; JSON stays in bytes)")
              << "\n";
}

// Takes every --lang out of args (anywhere: before the command or among its options) and sets the
// language of the text output; the last one wins. Without one the environment decides, as for the
// window. False, after saying why on stderr, when a value is not a language.
bool takeLanguageOption(std::vector<std::string>& args) {
    setLanguage(languageFromEnvironment());
    for (std::size_t i = 0; i < args.size();) {
        std::string_view arg = args[i];
        std::string value;
        if (arg == "--lang") {
            const bool hasValue = i + 1 < args.size() && !std::string_view(args[i + 1]).starts_with("--");
            value = hasValue ? args[i + 1] : std::string();
            args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i + (hasValue ? 2 : 1)));
        } else if (arg.starts_with("--lang=")) {
            value = std::string(arg.substr(7));
            args.erase(args.begin() + std::ptrdiff_t(i));
        } else {
            ++i;
            continue;
        }
        const std::optional<Language> chosen = parseLanguage(value);
        if (!chosen) {
            std::cerr << "kvscope-cli: " << tr("--lang expects en or ko, got '%1'", {value}) << '\n';
            return false;
        }
        setLanguage(*chosen);
    }
    return true;
}

} // namespace
} // namespace kvscope::cli

namespace kvscope::cli {
namespace {

// Whether everything printed reached standard output: with stdout closed (`>&-`) or on a full
// disk (`>/dev/full`) the writes fail only at the flush, and a script must not read an empty
// answer as success.
bool outputWritten(const std::string& command) {
    errno = 0;
    std::cout.flush(); // with stdio in sync, this is stdout's fflush: errno says why it failed
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    if (!failed)
        return true;
    const int code = errno;
    const std::string why = code != 0 ? std::strerror(code) : "write error";
    std::cerr << tr("kvscope-cli %1: error: %2",
                    {command, tr("cannot write the output to standard output (%1)", {why})})
              << '\n';
    return false;
}

} // namespace
} // namespace kvscope::cli

int main(int argc, char** argv) {
    using namespace kvscope::cli;
    // Into a file or a pipe, the answer goes out at the end in one write, so a failure is seen,
    // with its reason, by outputWritten() (a failed write mid-way leaves only "write error").
    static char outputBuffer[1 << 20];
    if (isatty(STDOUT_FILENO) == 0)
        std::setvbuf(stdout, outputBuffer, _IOFBF, sizeof outputBuffer);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!takeLanguageOption(args) || !takeUnitsOption(args))
        return 2;
    if (args.empty()) { // no command: a usage error, as an unknown command is
        std::cerr << tr("kvscope-cli: error: no command given (kvscope-cli --help lists them)") << '\n';
        return 2;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printUsage();
        return outputWritten("help") ? 0 : 2;
    }
    if ((args[0] == "--version") && args.size() > 1) {
        std::cerr << tr("kvscope-cli: error: --version takes nothing more, got '%1'", {kvscope::excerpt(args[1], 40)})
                  << '\n';
        return 2;
    }
    if (args[0] == "--version") {
        const auto device = kvscope::gpu::probeDevice();
        std::string cublasWhy;
        const bool cublas = kvscope::gpu::cublasAvailable(&cublasWhy);
        std::cout << "kvscope-cli " << KVSCOPE_VERSION << "\n"
                  << (device.cudaBuilt ? tr("CUDA backend: built") : tr("CUDA backend: not built")) << "\n"
                  << (cublas ? tr("cuBLAS: loads") : tr("cuBLAS: %1", {cublasWhy})) << "\n"
                  << tr("Compute: %1", {device.summary()}) << "\n";
        return outputWritten("--version") ? 0 : 2;
    }
    const Command* command = findCommand(args[0]);
    if (!command) {
        std::cerr << tr("kvscope-cli: unknown command '%1'; expected %2",
                        {kvscope::excerpt(args[0], 40), commandList()})
                  << '\n';
        return 2;
    }
    try {
        const int status = command->run(std::vector<std::string>(args.begin() + 1, args.end()));
        if (!outputWritten(args[0]))
            return 2;
        return status;
    } catch (const kvscope::Error& e) {
        std::cerr << tr("kvscope-cli %1: error: %2", {args[0], e.what()}) << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << tr("kvscope-cli %1: internal error: %2", {args[0], e.what()}) << '\n';
        return 1;
    }
}
