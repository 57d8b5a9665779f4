// kvscope-cli tiers: where a request's KV cache can live beyond the GPU, and what bringing it back costs against
// computing it again. Every figure is core's (core/kvtiers.h); the CLI lays them out.
#include "tierscommand.h"

#include "argparser.h"
#include "checked.h"
#include "clitext.h"
#include "error.h"
#include "gpus.h"
#include "kvtiers.h"
#include "memorymodel.h"
#include "messages.h"
#include "roofline.h"
#include "scenariooptions.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace kvscope::cli {
namespace {

using nlohmann::ordered_json;

std::string rangesText(const std::vector<TokenRange>& ranges, std::uint64_t longest) {
    if (ranges.empty())
        return tr("never");
    if (ranges.size() == 1 && ranges[0] == TokenRange{1, longest})
        return tr("always");
    std::string out;
    for (const TokenRange& range : ranges)
        out += (out.empty() ? "" : ", ") + groupThousands(range.first) + "-" + groupThousands(range.last);
    return out;
}

} // namespace

int runTiers(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli tiers",
                tr("A scenario's KV cache beyond the GPU: how many tokens host memory and a disk hold, and for one\n"
                   "request's cache over each link the time to read it back (or hand it to another server) against\n"
                   "the time to compute it again, a prefill on the GPU's data-sheet roofline. Lower bounds: links at\n"
                   "their line rate, the prefill at max(bytes / bandwidth, FLOPs / peak)."));
    addScenarioOptions(p);
    p.addOption("tokens", "N", tr("the request's cache in tokens (default: the scenario's context)"));
    p.addOption("host-gib", "G", tr("host memory given to the KV cache, GiB"));
    p.addOption("disk-gb", "G", tr("disk given to the KV cache, GB (decimal, as drives are sold)"));
    p.addFlag("json", tr("print one JSON object"));
    if (!parseOrHelp(p, args))
        return 0;
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    // What cannot be priced is core's rule (the Serving page and simulate share it); the pool's own limits do not
    // apply here.
    switch (servingUnpriced(s)) {
    case ServingUnpriced::NoDataSheet:
        throw Error("--gpu " + s.gpuId + " has no data-sheet bandwidth and peak: a recompute has no time on it");
    case ServingUnpriced::TensorParallel:
        throw Error("--tp: the tiers are priced for one GPU's cache; tensor parallelism is not modelled here yet");
    case ServingUnpriced::StoredWeights:
        throw Error("--weight-dtype: the recompute reads the weights in one dtype; give it rather than 'stored'");
    case ServingUnpriced::None:
    case ServingUnpriced::NoPool:
    case ServingUnpriced::PoolTooLarge:
        break;
    }
    const std::optional<roofline::Roof> roof = roofline::dataSheetRoof(findGpuPreset(s.gpuId));
    const roofline::StepPricer pricer(s.model, s.weightDtype, s.kvDtype);
    const std::uint64_t perToken = pricer.kvBytesPerToken();
    const std::uint64_t tokens = p.uintValue("tokens", 1, 1u << 24).value_or(s.context);
    const std::uint64_t longest = tierHorizon(s.model, tokens);
    const Capacity cap = capacity(s);
    const std::optional<std::uint64_t> hostGib = p.uintValue("host-gib", 1, 1u << 20);
    const std::optional<std::uint64_t> diskGb = p.uintValue("disk-gb", 1, 1u << 24);
    const std::optional<KvTier> host =
        hostGib ? std::optional(kvTier(mulChecked("--host-gib", *hostGib, GiB), perToken)) : std::nullopt;
    const std::optional<KvTier> disk = diskGb ? std::optional(diskTier(*diskGb, perToken)) : std::nullopt;
    const GpuPreset& gpu = findGpuPreset(s.gpuId);
    if (kvGrowth(s.model, s.kvDtype).windowedLayers > 0)
        notes.push_back(
            tr("%1 has sliding-window layers: a request's cache stops growing in them at the window, "
               "the reload times take this into account; a tier's token count assumes every layer's K and V for "
               "each token.",
               {s.model.displayName}));

    struct Row {
        const HostLink* link;
        ReloadOrRecompute cost;
        std::vector<TokenRange> reloadFaster;
    };
    std::vector<Row> rows;
    for (const HostLink& link : kvLinks())
        rows.push_back({&link, reloadOrRecompute(pricer, *roof, tokens, link.bandwidth),
                        reloadFasterRanges(reloadCurve(pricer, *roof, link.bandwidth, longest), longest)});
    const roofline::Reading& recompute = rows.front().cost.recompute;

    if (p.has("json")) {
        ordered_json j;
        j["model"] = s.model.id;
        j["name"] = s.model.displayName;
        j["weight_dtype"] = s.weightDtype.name();
        j["kv_dtype"] = s.kvDtype.name();
        j["gpu"] = {{"id", gpu.id}, {"name", gpu.name}, {"source", gpu.sheet.source}};
        j["kv_bytes_per_token"] = perToken;
        const auto tierJson = [](const std::optional<KvTier>& tier) {
            ordered_json out; // null when the tier was not given
            if (tier)
                out = {{"bytes", tier.value().bytes}, {"tokens", tier.value().tokens}};
            return out;
        };
        j["tiers"] = {{"gpu_pool_tokens", cap.tokens}, {"host", tierJson(host)}, {"disk", tierJson(disk)}};
        j["tokens"] = tokens;
        j["bytes"] = rows.front().cost.bytes;
        j["recompute"] = {{"seconds", recompute.lowerBoundSeconds},
                          {"memory_s", recompute.memorySeconds},
                          {"compute_s", recompute.computeSeconds},
                          {"bound", recompute.bound == roofline::Bound::Memory ? "memory" : "compute"}};
        ordered_json links = ordered_json::array();
        for (const Row& row : rows) {
            ordered_json ranges = ordered_json::array();
            for (const TokenRange& range : row.reloadFaster)
                ranges.push_back({range.first, range.last});
            links.push_back({{"id", row.link->id},
                             {"bandwidth_bytes_per_s", row.link->bandwidth},
                             {"source", row.link->source},
                             {"reload_s", row.cost.reloadSeconds},
                             {"reload_faster", row.cost.reloadFaster()},
                             {"reload_faster_tokens", ranges}});
        }
        j["links"] = links;
        j["longest_tokens"] = longest;
        j["left_out"] = "the link's protocol overhead and the drive's own speed (line rates are upper bounds), "
                        "overlap of the copy with compute, and the scheduler; lower bounds, not forecasts";
        j["notes"] = notes;
        printJson(j);
        return 0;
    }
    std::cout << tr("%1 (%2 weights, %3 KV cache) on the %4: %5 of K and V a token.",
                    {s.model.displayName, s.weightDtype.name(), s.kvDtype.name(), gpu.name, sizeScaled(perToken)})
              << "\n\n";
    std::vector<std::vector<std::string>> tiers{{tr("tier"), tr("bytes"), tr("tokens")}};
    tiers.push_back({tr("GPU KV pool"), sizeText(cap.kvMemoryBytes), groupThousands(cap.tokens)});
    if (host)
        tiers.push_back({tr("host memory"), sizeText(host->bytes), groupThousands(host->tokens)});
    if (disk)
        tiers.push_back({tr("disk"), sizeText(disk->bytes), groupThousands(disk->tokens)});
    printTable(tiers);
    std::cout << "\n"
              << tr("A cache of %1 tokens is %2. Computed again, on the data sheet of the %3: %4 (%5).",
                    {groupThousands(tokens),
                     fixedText(double(rows.front().cost.bytes) / 1e6, 1) + " MB (" + sizeText(rows.front().cost.bytes) +
                         ")",
                     gpu.name, secondsText(recompute.lowerBoundSeconds),
                     recompute.bound == roofline::Bound::Memory ? tr("memory-bound") : tr("compute-bound")})
              << "\n\n";
    std::vector<std::vector<std::string>> table{{tr("link"), tr("bandwidth"), tr("reload or hand-off"), tr("faster"),
                                                 tr("reload faster at (tokens, 1-%1)", {groupThousands(longest)})}};
    for (const Row& row : rows)
        table.push_back({std::string(row.link->id), rateText(row.link->bandwidth, "B/s"),
                         secondsText(row.cost.reloadSeconds), row.cost.reloadFaster() ? tr("reload") : tr("recompute"),
                         rangesText(row.reloadFaster, longest)});
    printTable(table);
    std::cout << "\n"
              << tr("Lower bounds: each link at its line rate (a drive or a network stack reads less), the prefill at "
                    "its roofline time.")
              << "\n";
    printNotes(notes);
    return 0;
}

} // namespace kvscope::cli
