#include "explorecommands.h"

#include "argparser.h"
#include "clitext.h"
#include "error.h"
#include "messages.h"
#include "scenariooptions.h"
#include "sweep.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>

namespace kvscope::cli {
namespace {

using nlohmann::ordered_json;

// 2048 -> "2K", 131072 -> "128K", 1000 -> "1,000": the pages' token labels.
std::string tokensText(std::uint64_t count) {
    if (count >= 1024 && count % 1024 == 0)
        return std::to_string(count / 1024) + "K";
    return groupThousands(count);
}

void addCommonOptions(ArgParser& p) {
    addScenarioOptions(p);
    p.addFlag("json", tr("print one JSON object"));
}

ordered_json paramsJson(const ParameterBreakdown& params) {
    return {{"total", params.total}, {"source", paramsSourceKey(params.source)}, {"kv_adjusted", params.kvAdjusted}};
}

} // namespace

int runAttention(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli attention",
                tr("KV cache per token, the cache now, the weights and the largest batch of MHA, GQA and MQA\n"
                   "(or MLA) variants of one model, as the window's attention page compares them."));
    addCommonOptions(p);
    if (!parseOrHelp(p, args))
        return 0;
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    const Estimate e = estimate(s);
    const std::vector<AttentionVariant> variants = attentionVariants(s);
    const ModelShape& m = s.model;
    if (p.has("json")) {
        ordered_json j;
        j["model"] = m.id;
        j["name"] = m.displayName;
        j["layers"] = m.layers;
        j["heads"] = m.heads;
        j["kv_heads"] = m.kvHeads;
        j["head_dim"] = m.effectiveHeadDim();
        j["kv_dtype"] = s.kvDtype.name();
        j["weight_dtype"] = s.weightDtype.name();
        j["context"] = s.context;
        j["batch"] = s.batch;
        j["gpu"] = s.gpuId;
        j["budget_bytes"] = e.budgetBytes;
        j["params_rule"] = "changing the KV heads re-estimates only the K/V projection weights; a published or "
                           "user-set count keeps the rest (core/sweep.h withKvHeads)";
        j["variants"] = ordered_json::array();
        for (const AttentionVariant& v : variants)
            j["variants"].push_back(
                {{"attention", attentionKindName(v.kind)},
                 {"kv_heads", v.kind == AttentionKind::MLA ? ordered_json() : ordered_json(v.kvHeads)},
                 {"windowed_kv_heads", v.windowedKvHeads != 0 ? ordered_json(v.windowedKvHeads) : ordered_json()},
                 {"kv_bytes_per_token", v.kvBytesPerToken},
                 {"kv_bytes", v.kvBytes},
                 {"params", paramsJson(v.params)},
                 {"weight_bytes", v.weightBytes},
                 {"max_batch", v.maxBatch},
                 {"current", v.isCurrent}});
        j["naive"] = {
            {"kv_bytes_per_token", e.kvBytesPerTokenNaive}, {"kv_bytes", e.kvBytesNaive}, {"factor", e.naiveFactor}};
        j["notes"] = notes;
        printJson(j);
        return 0;
    }
    std::cout << tr("%1: KV cache per token by attention kind (%2 layers, %3 query heads, %4 cache)",
                    {m.displayName, std::to_string(m.layers), std::to_string(m.heads), s.kvDtype.name()})
              << "\n";
    std::cout << tr("Context %1, batch %2, %3 weights, budget %4",
                    {groupThousands(s.context), groupThousands(s.batch), s.weightDtype.name(), sizeText(e.budgetBytes)})
              << "\n\n";
    std::vector<std::vector<std::string>> table{
        {tr("attention"), tr("KV heads"), tr("KV per token"), tr("KV cache now"), tr("weights"), tr("largest batch")}};
    for (const AttentionVariant& v : variants) {
        const std::string kind = attentionKindName(v.kind);
        table.push_back({v.isCurrent ? tr("%1 (this model)", {kind}) : kind,
                         v.kind == AttentionKind::MLA ? tr("latent") : std::to_string(v.kvHeads),
                         sizeScaled(v.kvBytesPerToken), sizeText(v.kvBytes), sizeText(v.weightBytes),
                         groupThousands(v.maxBatch)});
    }
    printTable(table, TableStyle().spaced(2));
    std::cout << "\n"
              << tr("The largest batch is at %1 tokens per sequence on this GPU, one GPU per variant.",
                    {groupThousands(s.context)})
              << "\n"
              << tr("Weights: changing the KV heads re-estimates only the K/V projections (2 x hidden x KV heads x\n"
                    "head_dim per layer); a published or typed count keeps the rest. `estimate --kv-heads N` and the\n"
                    "window follow the same rule. A trained model's KV heads are fixed by its weights: this compares\n"
                    "designs.")
              << "\n";
    if (m.mla.kvLoraRank == 0)
        std::cout << tr("Naive formula (query heads in place of KV heads): %1 per token, %2 now, %3x the real cache.",
                        {sizeScaled(e.kvBytesPerTokenNaive), sizeText(e.kvBytesNaive), fixedText(e.naiveFactor, 2)})
                  << "\n";
    printNotes(notes);
    return 0;
}

int runSweep(const std::vector<std::string>& args) {
    ArgParser p(
        "kvscope-cli sweep",
        tr("Memory per GPU along the context (one column per batch 1, 8, 32 and the current one) or along\n"
           "the batch (one column per context 2K, 8K, 32K and the current one), as the scaling page draws it."));
    addCommonOptions(p);
    p.addOption("over", "AXIS", tr("context or batch (default context)"));
    p.addOption("show", "WHAT", tr("total (weights + KV + estimates, default) or kv (the KV cache alone)"));
    if (!parseOrHelp(p, args))
        return 0;
    const std::string over = p.valueOr("over", "context");
    if (over != "context" && over != "batch")
        throw Error("--over: expected context or batch, got '" + over + "'");
    const std::string show = p.valueOr("show", "total");
    if (show != "total" && show != "kv")
        throw Error("--show: expected total or kv, got '" + show + "'");
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    const bool byContext = over == "context";
    const ScalingSweep sweep = scalingSweep(s, byContext ? SweepAxis::Context : SweepAxis::Batch);
    if (p.has("json")) {
        ordered_json j;
        j["model"] = s.model.id;
        j["over"] = over;
        j["context"] = s.context;
        j["batch"] = s.batch;
        j["budget_bytes"] = sweep.budgetBytes;
        j["points"] = sweep.points;
        j["lines"] = ordered_json::array();
        for (std::size_t l = 0; l < sweep.lines.size(); ++l) {
            ordered_json line;
            line[byContext ? "batch" : "context"] = sweep.lines[l];
            std::vector<std::uint64_t> kv, total;
            std::vector<bool> fits;
            for (const Estimate& e : sweep.estimates[l]) {
                kv.push_back(e.kvBytes);
                total.push_back(e.totalBytes);
                fits.push_back(e.fits);
            }
            line["kv_bytes"] = kv;
            line["total_bytes"] = total;
            line["fits"] = fits;
            j["lines"].push_back(line);
        }
        j["notes"] = notes;
        printJson(j);
        return 0;
    }
    const bool total = show == "total";
    std::cout << tr(total ? Text("%1: total memory per GPU (%2)") : Text("%1: KV cache per GPU (%2)"),
                    {s.model.displayName, sizeUnitName(textUnit())})
              << "\n"
              << tr("Budget %1; * marks a cell over the budget.", {sizeText(sweep.budgetBytes)}) << "\n\n";
    std::vector<std::string> header{byContext ? tr("context") : tr("batch")};
    for (const std::uint64_t line : sweep.lines) {
        std::string name = byContext ? tr("batch %1", {groupThousands(line)}) : tr("%1 tokens", {tokensText(line)});
        if (line == (byContext ? s.batch : s.context))
            name += tr(" (now)");
        header.push_back(name);
    }
    std::vector<std::vector<std::string>> table{header};
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        std::string label = byContext ? tokensText(sweep.points[i]) : groupThousands(sweep.points[i]);
        if (sweep.points[i] == (byContext ? s.context : s.batch))
            label += tr(" (now)");
        std::vector<std::string> row{label};
        for (std::size_t l = 0; l < sweep.lines.size(); ++l) {
            const Estimate& e = sweep.estimates[l][i];
            row.push_back(fixedText(toUnit(total ? e.totalBytes : e.kvBytes, textUnit()), 2) + (e.fits ? " " : "*"));
        }
        table.push_back(row);
    }
    printTable(table, TableStyle().spaced(2));
    printNotes(notes);
    return 0;
}

int runFitMap(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli fitmap",
                tr("Which context x batch pairs fit the budget (weights + KV + estimates), as the scaling page's\n"
                   "fit map shows them: contexts 512 up to the model's maximum, batches 1 to 256."));
    addCommonOptions(p);
    if (!parseOrHelp(p, args))
        return 0;
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    const FitMap map = scenarioFitMap(s);
    if (p.has("json")) {
        ordered_json j;
        j["model"] = s.model.id;
        j["budget_bytes"] = map.budgetBytes;
        j["contexts"] = map.contexts;
        j["batches"] = map.batches;
        ordered_json totals = ordered_json::array(), fits = ordered_json::array();
        for (std::size_t r = 0; r < map.batches.size(); ++r) {
            ordered_json totalRow = ordered_json::array(), fitRow = ordered_json::array();
            for (std::size_t c = 0; c < map.contexts.size(); ++c) {
                totalRow.push_back(map.total(r, c));
                fitRow.push_back(map.fitsAt(r, c));
            }
            totals.push_back(totalRow);
            fits.push_back(fitRow);
        }
        j["total_bytes"] = totals; // [batch row][context column]
        j["fits"] = fits;
        j["notes"] = notes;
        printJson(j);
        return 0;
    }
    std::cout << tr("%1 on %2: which context and batch fit a %3 budget (o fits, x over budget)",
                    {s.model.displayName, s.gpuId, sizeText(map.budgetBytes)})
              << "\n\n";
    std::vector<std::string> header{tr("batch \\ context")};
    for (const std::uint64_t context : map.contexts)
        header.push_back(tokensText(context));
    std::vector<std::vector<std::string>> table{header};
    // The largest batch on top, as the window draws it.
    for (std::size_t r = map.batches.size(); r-- > 0;) {
        std::string label = groupThousands(map.batches[r]);
        if (map.batches[r] == s.batch)
            label += tr(" (now)");
        std::vector<std::string> row{label};
        for (std::size_t c = 0; c < map.contexts.size(); ++c)
            row.emplace_back(map.fitsAt(r, c) ? "o" : "x");
        table.push_back(row);
    }
    printTable(table, TableStyle().spaced(2));
    printNotes(notes);
    return 0;
}

} // namespace kvscope::cli
