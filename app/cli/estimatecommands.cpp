// kvscope-cli estimate, capacity and presets: a scenario's memory against a budget, what a server can hold, and
// the presets, all from core/ (core/memorymodel.h, core/kvformula.h).
#include "estimatecommands.h"

#include "argparser.h"
#include "clitext.h"
#include "error.h"
#include "gpus.h"
#include "messages.h"
#include "pergpu.h"
#include "presets.h"
#include "scenariocode.h"
#include "scenariooptions.h"
#include "speculation.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace kvscope::cli {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

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

} // namespace

namespace {

// Speculative decoding's terms and speedup for `estimate --json`; null while it is off.
ordered_json speculativeJson(const Scenario& s, const Estimate& e) {
    const Speculation& spec = s.speculation;
    if (!spec.enabled())
        return nullptr;
    const SpeculativeMemory& m = e.speculative;
    ordered_json j = {{"method", std::string(draftMethodName(spec.method))},
                      {"draft", spec.draftPreset.empty() ? ordered_json() : ordered_json(spec.draftPreset)},
                      {"draft_tokens", spec.tokens},
                      {"acceptance", spec.acceptance},
                      {"draft_params", m.draftParams},
                      {"draft_weight_bytes", m.draftWeightBytes},
                      {"draft_kv_bytes_per_token", m.draftKvBytesPerToken},
                      {"draft_kv_bytes", m.draftKvBytes},
                      {"slots_per_sequence", m.slotsPerSequence},
                      {"lookahead_tokens", m.lookaheadTokens},
                      {"lookahead_kv_bytes", m.lookaheadKvBytes},
                      {"total_bytes", m.total()},
                      {"vocabulary_differs", m.vocabularyDiffers}};
    std::optional<SpeculativeSpeedup> r;
    try {
        r = speculativeSpeedup(s);
    } catch (const kvscope::Error& failure) { // the memory was sized; the steps could not be priced
        j["speedup"] = nullptr;
        j["speedup_refusal"] = std::string("error: ") + failure.what();
        return j;
    }
    if (!r) {
        const std::optional<SpeedupRefusal> why = speedupRefusal(s);
        j["speedup"] = nullptr;
        j["speedup_refusal"] = why == SpeedupRefusal::TensorParallel    ? "tensor_parallel"
                               : why == SpeedupRefusal::WeightsAsStored ? "weights_as_stored"
                                                                        : "no_data_sheet";
        return j;
    }
    const auto bound = [](roofline::Bound b) { return b == roofline::Bound::Memory ? "memory" : "compute"; };
    j["speedup"] = {{"expected_tokens_per_step", r->expectedTokens},
                    {"decode_seconds", r->decodeSeconds},
                    {"decode_bound", bound(r->decodeBound)},
                    {"verify_seconds", r->verifySeconds},
                    {"verify_bound", bound(r->verifyBound)},
                    {"draft_step_seconds", r->draftSeconds},
                    {"step_seconds", r->stepSeconds},
                    {"tokens_per_second", r->tokensPerSecond},
                    {"plain_tokens_per_second", r->plainTokensPerSecond},
                    {"speedup", r->speedup},
                    {"source", "data-sheet roofline lower bounds; launches and sampling left out"}};
    j["speedup_refusal"] = nullptr;
    return j;
}

// The text rows of the same: what the drafter adds, and the speedup or why there is none.
std::vector<std::pair<std::string, std::string>> speculativeRows(const Scenario& s, const Estimate& e) {
    const Speculation& spec = s.speculation;
    if (!spec.enabled())
        return {};
    const SpeculativeMemory& m = e.speculative;
    const std::string method = spec.method == DraftMethod::Ngram   ? tr("n-gram lookup")
                               : spec.method == DraftMethod::Eagle ? tr("an EAGLE head")
                                                                   : tr("draft %1", {spec.draftPreset});
    std::vector<std::pair<std::string, std::string>> rows = {
        {tr("speculative decoding"), tr("%1 (k = %2): draft weights %3, draft KV %4, lookahead slots %5",
                                        {method, std::to_string(spec.tokens), formatBytes(m.draftWeightBytes),
                                         formatBytes(m.draftKvBytes), formatBytes(m.lookaheadKvBytes)})}};
    if (m.vocabularyDiffers)
        rows.emplace_back(tr("  warning"), tr("the draft's vocabulary is not the model's: no server pairs them"));
    std::optional<SpeculativeSpeedup> r;
    try {
        r = speculativeSpeedup(s);
    } catch (const kvscope::Error& failure) {
        rows.emplace_back(tr("  speedup"), failure.what());
        return rows;
    }
    if (!r) {
        const std::optional<SpeedupRefusal> why = speedupRefusal(s);
        rows.emplace_back(tr("  speedup"), why == SpeedupRefusal::TensorParallel
                                               ? tr("none under tensor parallelism (the step model is for one GPU)")
                                           : why == SpeedupRefusal::WeightsAsStored
                                               ? tr("none for weights as stored (choose a weight dtype)")
                                               : tr("none without a GPU preset's data sheet"));
        return rows;
    }
    rows.emplace_back(
        tr("  speedup"),
        tr("%1x at acceptance %2: %3 tokens a step; checking them %4 ms, drafting %5 ms, a plain step "
           "%6 ms (data-sheet roofline)",
           {fixedText(r->speedup, 2), fixedText(spec.acceptance, 2), fixedText(r->expectedTokens, 2),
            fixedText(r->verifySeconds * 1e3, 3), fixedText(double(spec.tokens) * r->draftSeconds * 1e3, 3),
            fixedText(r->decodeSeconds * 1e3, 3)}));
    return rows;
}

ordered_json perGpuJson(const PerGpuEstimate& p) {
    ordered_json gpus = ordered_json::array();
    for (const GpuShare& g : p.gpus)
        gpus.push_back({{"index", g.index},
                        {"stage", g.stage},
                        {"rank", g.rank},
                        {"attention_group", g.group},
                        {"first_layer", g.firstLayer},
                        {"layers", g.layerCount},
                        {"embedding", g.embedding},
                        {"lm_head", g.lmHead},
                        {"routed_experts", g.routedExperts},
                        {"sequences", g.sequences},
                        {"kv_copies", g.kvCopies},
                        {"params", g.params},
                        {"weight_bytes", g.weightBytes},
                        {"kv_bytes", g.kvBytes},
                        {"sequence_state_bytes", g.stateBytes},
                        {"activation_bytes_estimate", g.activationBytes},
                        {"runtime_bytes_estimate", g.runtimeBytes},
                        {"communication_bytes_estimate", g.communicationBytes},
                        {"total_bytes", g.totalBytes},
                        {"headroom_bytes", g.headroomBytes},
                        {"fits", g.fits}});
    return {{"tp", p.tensor},
            {"pp", p.pipeline},
            {"dp_attention", p.dataAttention},
            {"ep", p.expert},
            {"stage_layers", p.stageLayers},
            {"budget_bytes", p.budgetBytes},
            {"tightest_gpu", p.tightest},
            {"all_alike", p.alike},
            {"params_counted", p.paramsCounted},
            {"gpus", gpus}};
}

// A row per GPU, the first to run out marked.
void printPerGpu(const PerGpuEstimate& p) {
    std::cout << "\n"
              << tr("Per GPU: %1 pipeline stage(s) of %2 GPU(s), attention in %3 group(s)%4; layers per stage %5.",
                    {std::to_string(p.pipeline), std::to_string(p.tensor), std::to_string(p.dataAttention),
                     p.expert ? tr(", whole routed experts on each GPU") : std::string(),
                     [&] {
                         std::string out;
                         for (const std::uint32_t n : p.stageLayers)
                             out += (out.empty() ? "" : ", ") + std::to_string(n);
                         return out;
                     }()})
              << "\n";
    std::vector<std::vector<std::string>> table{{tr("GPU"), tr("stage"), tr("layers"), tr("sequences"), tr("weights"),
                                                 tr("KV cache"), tr("total"), tr("headroom")}};
    std::vector<std::string> held; // what a GPU holds beyond its layers: a line under the table, not a column
    for (const GpuShare& g : p.gpus) {
        std::string notes;
        const auto note = [&](const std::string& text) { notes += (notes.empty() ? "" : ", ") + text; };
        if (g.embedding)
            note(tr("embedding"));
        if (g.lmHead)
            note(tr("LM head"));
        if (g.routedExperts > 0)
            note(tr("routed experts: %1", {std::to_string(g.routedExperts)}));
        if (g.kvCopies > 1)
            note(tr("KV x%1", {std::to_string(g.kvCopies)}));
        if (g.index == p.tightest && !p.alike)
            note(g.fits ? tr("least headroom") : tr("runs out first"));
        table.push_back(
            {std::to_string(g.index), std::to_string(g.stage),
             std::to_string(g.firstLayer) + "-" + std::to_string(g.firstLayer + g.layerCount - 1),
             groupThousands(g.sequences), sizeText(g.weightBytes), sizeText(g.kvBytes), sizeText(g.totalBytes),
             g.fits ? sizeText(std::uint64_t(g.headroomBytes)) : "-" + sizeText(std::uint64_t(-g.headroomBytes))});
        if (!notes.empty())
            held.push_back(tr("GPU %1: %2", {std::to_string(g.index), notes}));
    }
    printTable(table);
    for (const std::string& line : held)
        std::cout << "  " << line << "\n";
    // The verdict of the split: the tightest GPU's, or every GPU's when they hold the same.
    const GpuShare& tight = p.gpus[p.tightest];
    const std::string amount = sizeText(std::uint64_t(tight.fits ? tight.headroomBytes : -tight.headroomBytes));
    std::cout << tr("verdict") << ": "
              << (p.alike
                      ? (tight.fits ? tr("every GPU fits, %1 to spare", {amount})
                                    : tr("no GPU fits: each is short by %1", {amount}))
                      : (tight.fits ? tr("every GPU fits; GPU %1 has the least room, %2",
                                         {std::to_string(tight.index), amount})
                                    : tr("GPU %1 runs out first: short by %2", {std::to_string(tight.index), amount})))
              << "\n";
    std::cout
        << tr("Weights split in proportion to the parameters each GPU holds; activations and the CUDA context are "
              "the one-GPU estimates on every GPU, the logits on the last stage only (NCCL buffers, which grow with "
              "the GPUs, are not in them).")
        << "\n";
}

} // namespace

int runEstimate(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli estimate",
                tr("Weights, KV cache and overheads of one scenario on one GPU, against its memory budget."));
    addScenarioOptions(p);
    p.addOption("pp", "N", tr("pipeline-parallel stages of --tp GPUs each (default 1): a row per GPU"));
    p.addOption("dp-attention", "D",
                tr("attention in D data-parallel groups of the --tp GPUs (default 1): each group its own sequences"));
    p.addFlag("ep", tr("expert parallelism: whole routed experts on each GPU of a stage"));
    p.addFlag("json", tr("print one JSON object instead of a table"));
    if (!parseOrHelp(p, args))
        return 0;
    std::vector<std::string> notes;
    std::optional<ImportResult> imported;
    const Scenario s = scenarioFromOptions(p, notes, &imported);
    const Estimate e = estimate(s);
    const Parallelism parallel{std::uint32_t(p.uintValue("pp", 1, 1024).value_or(1)),
                               std::uint32_t(p.uintValue("dp-attention", 1, 1024).value_or(1)), p.has("ep")};
    const PerGpuEstimate gpus = perGpuEstimate(s, parallel);
    const bool split = p.has("pp") || p.has("dp-attention") || p.has("ep");
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
        j["communication_bytes_estimate"] = e.communicationBytes; // of the runtime: NCCL's buffers
        if (e.communicationBytes > 0)
            j["communication_estimate_source"] = std::string(communicationEstimateSource());
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
        j["per_gpu"] = perGpuJson(gpus);
        j["speculative"] = speculativeJson(s, e);
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
            {tr("per-sequence state"), sizeAndBytes(e.sequenceStateBytes)},
            // One dtype for the whole state, or the config's own for the recurrent part (mamba_ssm_cache_dtype).
            {" ", q.convDtype == q.recurrentDtype
                      ? tr("%1 state layers x %2 values x %3 B + %4 cross-attention layers x %5 image tokens x %6 B, "
                           "x %7 sequences",
                           {std::to_string(q.stateLayers), groupThousands(q.stateValuesPerLayer),
                            fixedText(e.stateDtype.effectiveBits() / 8.0, 0), std::to_string(q.crossLayers),
                            groupThousands(q.crossTokens), groupThousands(q.crossBytesPerTokenPerLayer),
                            groupThousands(s.batch)})
                      : tr("%1 state layers x (%2 conv values x %3 B + %4 recurrent values x %5 B) + %6 "
                           "cross-attention layers x %7 image tokens x %8 B, x %9 sequences",
                           {std::to_string(q.stateLayers), groupThousands(q.convValuesPerLayer),
                            fixedText(q.convDtype.effectiveBits() / 8.0, 0), groupThousands(q.recurrentValuesPerLayer),
                            fixedText(q.recurrentDtype.effectiveBits() / 8.0, 0), std::to_string(q.crossLayers),
                            groupThousands(q.crossTokens), groupThousands(q.crossBytesPerTokenPerLayer),
                            groupThousands(s.batch)})}};
    std::vector<std::pair<std::string, std::string>> rows = {
        {tr("parameters"), paramsText(e.params, m.kvHeads)},
        {tr("KV bytes per token"), groupThousands(e.kvBytesPerToken) + " B (" + formatBytes(e.kvBytesPerToken) + ")"},
        {tr("  naive (query heads)"),
         groupThousands(e.kvBytesPerTokenNaive) + " B (" + formatBytes(e.kvBytesPerTokenNaive) + ")"},
        {"", ""},
        {perGpu ? tr("weights per GPU") : tr("weights"), sizeAndBytes(e.weightBytes)},
        {perGpu ? tr("KV cache per GPU") : tr("KV cache"), sizeAndBytes(e.kvBytes)},
        {tr("activations (estimate)"), sizeAndBytes(e.activationBytes)},
        {e.communicationBytes > 0 ? tr("CUDA context + NCCL (estimate)") : tr("CUDA context (estimate)"),
         sizeAndBytes(e.runtimeBytes)},
        {perGpu ? tr("total per GPU") : tr("total"), sizeAndBytes(e.totalBytes)},
        {tr("budget"),
         tr("%1 = %2 x %3", {sizeAndBytes(e.budgetBytes), sizeText(e.gpuMemoryBytes, 1), fixedText(s.utilization, 2)})},
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
    {
        // Speculative decoding's rows before the total they are part of.
        const std::vector<std::pair<std::string, std::string>> specRows = speculativeRows(s, e);
        const auto total = std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
            return r.first == (perGpu ? tr("total per GPU") : tr("total"));
        });
        rows.insert(total, specRows.begin(), specRows.end());
    }
    if (const auto stored = storedWeightBytes(m)) {
        // What the checkpoint itself holds (all of it, whatever the TP), beside the weights of the dtype chosen.
        const auto at = std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
            return r.first == (perGpu ? tr("weights per GPU") : tr("weights"));
        });
        const auto row = (at - rows.begin()) + 1;
        rows.insert(rows.begin() + row,
                    {perGpu ? tr("  the checkpoint as stored (all GPUs)") : tr("  as the checkpoint stores them"),
                     tr("%1: %2 parameters in %3, %4 in %5 (%6)",
                        {sizeAndBytes(stored->bytes), groupThousands(stored->quantizedParams), m.stored->format.label(),
                         groupThousands(stored->otherParams), m.stored->rest.name(), m.stored->method})});
        if (stored->extraBytes > 0)
            rows.insert(rows.begin() + row + 1,
                        {tr("  of which per-row, per-column and outer scales"), sizeAndBytes(stored->extraBytes)});
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
    if (split) {
        // The rows above put every layer on each tensor-parallel GPU; the verdict and limits are the split's below.
        std::erase_if(rows, [&](const auto& r) {
            return r.first == tr("verdict") || r.first == tr("largest batch at this context") ||
                   r.first == tr("longest context at this batch");
        });
        rows.emplace_back(tr("split"), tr("the rows above hold every layer on each of the %1 tensor-parallel GPU(s)",
                                          {std::to_string(s.tensorParallel)}));
    }
    printRows(rows);
    if (split)
        printPerGpu(gpus);
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

namespace {

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
        const std::string weights = sizeText(c.weightBytes), activations = sizeText(c.activationBytes),
                          runtime = sizeText(c.runtimeBytes), total = sizeText(used), budget = sizeText(c.budgetBytes),
                          over = sizeText(used - std::min(used, c.budgetBytes));
        std::cout << (c.communicationBytes > 0
                          ? tr("No KV memory: weights %1 + activations %2 (estimate) + CUDA context and NCCL %3 "
                               "(estimate) = %4 exceed the budget of %5 by %6.",
                               {weights, activations, runtime, total, budget, over})
                          : tr("No KV memory: weights %1 + activations %2 (estimate) + CUDA context %3 (estimate) = %4 "
                               "exceed the budget of %5 by %6.",
                               {weights, activations, runtime, total, budget, over}))
                  << "\n";
    } else if (c.empty == Capacity::Empty::LessThanOneBlock) {
        std::cout << tr("No KV block fits: %1 of KV memory is less than one block of %2.",
                        {sizeScaled(c.kvMemoryBytes), sizeScaled(c.blockBytes)})
                  << "\n";
    }
}

} // namespace

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
              << " tokens per request: " << fixedText(c.maxConcurrency, 2) << "x\n";
    if (gloss)
        std::cout << tr("  (at most %1 requests of %2 tokens fit at once)",
                        {fixedText(c.maxConcurrency, 2), groupThousands(c.tokensPerRequest)})
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

} // namespace kvscope::cli
