// kvscope-cli simulate: a request trace replayed through every allocator (core/kvsimulator.h).
#include "simulatecommand.h"

#include "argparser.h"
#include "clitext.h"
#include "error.h"
#include "gpus.h"
#include "kvsimulator.h"
#include "messages.h"
#include "publictraces.h"
#include "scenariooptions.h"
#include "servingreplay.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

namespace kvscope::cli {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

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
    if (s.offloading) {
        ordered_json tiers = ordered_json::array();
        for (std::size_t t = 0; t < kOffloadTiers; ++t)
            if (s.tierCapacityBlocks[t] > 0)
                tiers.push_back({{"tier", t == 0 ? "host" : "disk"},
                                 {"capacity_blocks", s.tierCapacityBlocks[t]},
                                 {"hit_tokens", s.tierHitTokens[t]},
                                 {"stored_blocks", s.tierStores[t]},
                                 {"evicted_blocks", s.tierEvictions[t]},
                                 {"superseded_blocks", s.tierSuperseded[t]},
                                 {"blocks_at_end", s.tierBlocksAtEnd[t]}});
        j["prefix_cache"]["offload_tiers"] = tiers;
        j["prefix_cache"]["hit_rate_all_tiers"] = s.allTierHitRate();
    }
    ordered_json all = fractionsJson(s.allSteps);
    all["mean_batch"] = s.meanBatch;
    j["all_steps"] = all;
    return j;
}

ordered_json latencyJson(const LatencyStats& l) {
    return {{"count", l.count}, {"mean_s", l.mean}, {"median_s", l.median}, {"p90_s", l.p90}, {"p99_s", l.p99}};
}

ordered_json timingJson(const TimedSummary& t) {
    return {{"seconds", t.seconds},
            {"busy_seconds", t.busySeconds},
            {"output_tokens", t.outputTokens},
            {"output_tokens_per_s", t.outputTokensPerSecond},
            {"requests_per_s", t.requestsPerSecond},
            {"prompt_tokens_computed", t.promptTokensComputed},
            {"ttft", latencyJson(t.ttft)},
            {"tpot", latencyJson(t.tpot)},
            {"queueing", latencyJson(t.queueing)},
            {"service", latencyJson(t.service)},
            {"e2e", latencyJson(t.e2e)},
            {"mean_step_s", t.meanStepSeconds},
            {"memory_bound_share", t.memoryBoundShare},
            {"recompute_flops", t.recomputeFlops},
            {"recompute_s", t.recomputeSeconds},
            {"swap_bytes", t.swapBytes},
            {"swap_s", t.swapSeconds},
            {"tier_load_bytes", {{"host", t.tierLoadBytes[0]}, {"disk", t.tierLoadBytes[1]}}},
            {"tier_load_s", {{"host", t.tierLoadSeconds[0]}, {"disk", t.tierLoadSeconds[1]}}}};
}

// "1,2,4.5": request rates per second, each above zero, in the order given.
std::vector<double> parseRates(std::string_view text, std::string_view what) {
    std::vector<double> rates;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        const std::string_view item = text.substr(from, comma - from);
        double rate = 0.0;
        const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), rate);
        if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() || !(rate > 0.0) || !(rate <= 1e6))
            throw Error(std::string(what) + ": '" + std::string(item) +
                        "' is not a request rate; expected rates per second above 0 and up to 1e6, separated by "
                        "commas (for example 0.5,1,2,4)");
        rates.push_back(rate);
        from = comma + 1;
    }
    if (rates.size() > 64)
        throw Error(std::string(what) + ": " + std::to_string(rates.size()) + " rates; at most 64");
    return rates;
}

// Paged's SLO-bounded request rate over each contiguous allocator's (capacityRatio: where both have one).
std::vector<std::pair<std::string, double>> pagedRateRatios(const std::vector<SimSummary>& results,
                                                            const std::vector<SloCapacity>& capacities) {
    std::vector<std::pair<std::string, double>> out;
    const auto paged =
        std::find_if(results.begin(), results.end(), [](const SimSummary& r) { return r.allocator == "paged"; });
    if (paged == results.end())
        return out;
    const SloCapacity& p = capacities[std::size_t(paged - results.begin())];
    for (std::size_t i = 0; i < results.size(); ++i)
        if (results[i].allocator != "paged")
            if (const std::optional<double> ratio = capacityRatio(p, capacities[i]))
                out.emplace_back(results[i].allocator, *ratio);
    return out;
}

} // namespace

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
    p.addOption("admission", "POLICY",
                tr("when paged admits a request: vllm (its prompt's blocks free, preempt later; default), "
                   "conservative (room for every running request's maximum) or watermark[:F] (keep the share F "
                   "of the blocks free, default 0.1)"));
    p.addFlag("compare-admission",
              tr("replay paged under each admission policy: preemptions avoided or caused, batch, and the times"));
    p.addOption("preemption", "MODE",
                tr("recompute or swap (to CPU memory): what paged does when its pool runs dry (default recompute)"));
    p.addOption("system-prompts", "N:P",
                tr("put one of N shared system prompts of P tokens before every generated request's prompt"));
    p.addFlag("prefix-cache",
              tr("paged keeps full shared-prefix blocks for later requests (automatic prefix caching)"));
    p.addOption("host-tier-tokens", "N",
                tr("with --prefix-cache: token slots of host memory under the paged pool, which keep the prefix "
                   "blocks the pool evicts; a later request loads them back over --host-link instead of computing "
                   "them (KV offloading, as SGLang's HiCache)"));
    p.addOption("disk-tier-tokens", "N",
                tr("with --host-tier-tokens: token slots on a local disk below the host tier, for the blocks it "
                   "evicts (loaded back over an NVMe drive's PCIe 4.0 x4 link)"));
    p.addOption("seed", "S", tr("random seed (default 1)"));
    p.addFlag("buddy", tr("place contiguous regions with a buddy allocator instead of first fit"));
    p.addOption("arrival-rate", "R",
                tr("requests per second, Poisson: replays every allocator in seconds on the GPU's data-sheet "
                   "roofline (tokens/s, TTFT, TPOT); without --preset/--config and --gpu, OPT-13B on an A100-40GB"));
    p.addOption("sweep-rates", "R1,R2,...",
                tr("replay at each request rate per second: throughput and p90 latency against offered load, and "
                   "where each allocator stops keeping up"));
    p.addOption("slo", "ttft=S,tpot=S",
                tr("the largest request rate, and the concurrent users, whose p90 TTFT and TPOT meet the target, "
                   "per allocator (seconds, or ms after the number)"));
    p.addOption("step-overhead-ms", "MS",
                tr("fixed cost of each serving step on top of the roofline (default 0: every time is a lower bound)"));
    p.addOption("host-link", "LINK", tr("the GPU-CPU link swapped blocks cross: pcie4-x16 (default) or pcie5-x16"));
    p.addOption("max-batched-tokens", "N",
                tr("vLLM's max_num_batched_tokens with chunked prefill: the tokens one step computes, running "
                   "requests first; a prompt longer than that takes several steps (vLLM's API server: 2048, or 8192 "
                   "on GPUs of 70 GiB or more other than the A100; default: none, every prompt whole)"));
    p.addFlag("trace-times",
              tr("replay in seconds at a Mooncake or Azure LLM trace's own arrival times, on the GPU's roofline"));
    p.addOption("trace-speed", "X", tr("with --trace-times: arrivals X times as fast (2: twice the rate)"));
    p.addFlag("hit-curve",
              tr("a Mooncake trace: the prefix-cache hit rate against cache size, beside the trace's upper bound"));
    p.addFlag("json", tr("print one JSON object"));
    if (!parseOrHelp(p, args))
        return 0;
    if (p.has("arrival-rate") && p.has("trace-times"))
        throw Error("give either --arrival-rate (Poisson arrivals) or --trace-times (the trace's own), not both");
    if (p.has("arrival-rate") && p.has("rate"))
        throw Error("give either --rate (arrivals per step) or --arrival-rate (requests per second), not both");
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
    const auto reading = [&](double fraction) {
        if (interrupted)
            return false;
        if (terminal && std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) {
            std::cerr << '\r'
                      << (spec.kind == WorkloadKind::Trace ? tr("simulate: reading the trace, %1 (Ctrl-C stops)",
                                                                {fixedText(100 * fraction, 0) + "%"})
                                                           : tr("simulate: drawing the requests, %1 (Ctrl-C stops)",
                                                                {fixedText(100 * fraction, 0) + "%"}))
                      << std::flush;
            readingShown = true;
        }
        return true;
    };
    // A public trace (Mooncake, Azure) brings its arrival times, and a Mooncake trace its prompt blocks.
    std::optional<TimedTrace> publicTrace;
    std::optional<std::vector<Request>> loaded;
    if (spec.kind == WorkloadKind::Trace && detectTraceFileFormat(spec.traceFile)) {
        publicTrace = loadTimedTrace(spec.traceFile, reading);
        if (publicTrace)
            loaded = publicTrace->requests;
    } else {
        loaded = generateWorkload(spec, reading);
    }
    if (readingShown)
        std::cerr << "\r\033[K" << std::flush;
    if (!loaded)
        return stoppedByCtrlC();
    std::vector<Request> requests = std::move(*loaded);
    if (p.has("trace-times") && !publicTrace)
        throw Error("--trace-times: this workload has no arrival times; give a Mooncake (JSON Lines) or Azure LLM "
                    "(CSV) trace file as --workload, or --arrival-rate for Poisson arrivals");
    if (p.has("trace-speed") && !p.has("trace-times"))
        throw Error("--trace-speed: it scales the trace's own times; give --trace-times too");
    if (p.has("hit-curve") && !(publicTrace && publicTrace->format == TraceFormat::Mooncake))
        throw Error("--hit-curve: only a Mooncake trace states its prompt blocks (hash_ids); give one as --workload");
    const double traceSpeed = p.doubleValue("trace-speed", 1e-6, 1e6).value_or(1.0);

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
    config.admission = parseAdmissionPolicy(p.valueOr("admission", "vllm"), config.watermark);
    config.prefixCache = p.has("prefix-cache");
    config.hostTierSlots = p.uintValue("host-tier-tokens", 1, std::uint64_t(1) << 40).value_or(0);
    config.diskTierSlots = p.uintValue("disk-tier-tokens", 1, std::uint64_t(1) << 40).value_or(0);
    config.buddyPlacement = p.has("buddy");
    config.maxBatchedTokens = std::uint32_t(p.uintValue("max-batched-tokens", 1, 1u << 24).value_or(0));
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
    }
    std::optional<Scenario> scenario;
    if (sizedFromScenario && !p.has("pool-tokens")) {
        scenario = scenarioFromOptions(p, notes);
        const Scenario& s = *scenario;
        config.poolSlots = capacity(s).tokens;
        config.kvBytesPerToken = kvBytesPerToken(s.model, s.kvDtype);
        poolSource = tr("from %1 on %2 GiB", {s.model.displayName, fixedText(toGiB(s.gpuMemoryBytes), 0)});
        if (config.poolSlots == 0)
            throw Error("the weights leave no KV memory on this GPU: no pool to simulate");
        if (config.poolSlots > kMaxPoolSlots)
            throw Error("the KV pool of " + s.model.displayName + " on this GPU holds " +
                        groupThousands(config.poolSlots) + " tokens, more than the simulator's " +
                        groupThousands(kMaxPoolSlots) + ": give --pool-tokens or a smaller --gpu-memory-gib");
    }

    // The timed replay: the scenario's model on its GPU's data sheet, or the paper's setting when none is given.
    const bool timedRun = p.has("arrival-rate") || p.has("trace-times");
    const bool timed = timedRun || p.has("sweep-rates") || p.has("slo");
    std::optional<ServingSetup> serving;
    std::string servingModel, servingDtype;
    if (timed) {
        const double overhead = p.doubleValue("step-overhead-ms", 0.0, 1e4).value_or(0.0) / 1000.0;
        const HostLink& link = findHostLink(p.valueOr("host-link", "pcie4-x16"));
        const Scenario s = scenario ? *scenario : paperServingScenario();
        serving = servingSetup(s, overhead, overhead > 0 ? "given (--step-overhead-ms)" : "", link);
        if (!serving) {
            std::string known;
            for (const GpuPreset& gpu : gpuPresets())
                if (gpu.sheet.present())
                    known += (known.empty() ? "" : ", ") + gpu.id;
            throw Error("--gpu: the timed replay needs a GPU preset with data-sheet figures (bandwidth and peak); "
                        "presets with them: " +
                        known);
        }
        servingModel = s.model.displayName;
        servingDtype = s.weightDtype.name();
    } else if (p.has("step-overhead-ms") || p.has("host-link")) {
        throw Error(std::string(p.has("step-overhead-ms") ? "--step-overhead-ms" : "--host-link") +
                    ": only a timed replay uses it; give --arrival-rate, --sweep-rates or --slo too");
    }

    std::vector<AllocatorKind> kinds;
    const std::string which = p.valueOr("allocator", "all");
    if (which == "all")
        for (const AllocatorInfo& info : allocatorKinds())
            kinds.push_back(info.kind);
    else
        kinds = {parseAllocatorKind(which)};

    // The arrivals of a timed run, the same for every allocator and admission policy.
    std::vector<double> timedArrivals;
    if (p.has("trace-times"))
        timedArrivals = arrivalsAtSpeed(*publicTrace, traceSpeed);
    else if (p.has("arrival-rate"))
        timedArrivals = poissonArrivalSeconds(requests.size(), *p.doubleValue("arrival-rate", 1e-6, 1e6), spec.seed);
    const std::optional<SloTarget> slo =
        p.has("slo") ? std::optional<SloTarget>(parseSloTarget(p.valueOr("slo", ""))) : std::nullopt;
    if (p.has("sweep-rates"))
        parseRates(p.valueOr("sweep-rates", ""), "--sweep-rates"); // a typo fails before the first replay
    std::vector<SimSummary> results;
    std::vector<TimedSummary> timings;          // with --arrival-rate, one per allocator
    std::vector<std::vector<RatePoint>> sweeps; // with --sweep-rates
    std::vector<SloCapacity> capacities;        // with --slo
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
                                {allocatorKindName(kind), fixedText(100 * fraction, 0) + "%"})
                          << std::flush;
                shown = true;
            }
            return true;
        };
        std::optional<SimSummary> summary;
        if (timedRun) {
            std::optional<TimedSummary> t =
                replayTimed(config, requests, timedArrivals, serving->pricer, serving->time, progress);
            if (t) {
                summary = t->pool;
                timings.push_back(std::move(*t));
            }
        } else {
            summary = simulate(config, requests, progress);
        }
        if (shown)
            std::cerr << "\r\033[K" << std::flush;
        if (!summary)
            return stoppedByCtrlC();
        results.push_back(*summary);
        if (p.has("sweep-rates")) {
            std::optional<std::vector<RatePoint>> sweep =
                rateSweep(config, requests, parseRates(p.valueOr("sweep-rates", ""), "--sweep-rates"), spec.seed,
                          serving->pricer, serving->time, progress);
            if (shown)
                std::cerr << "\r\033[K" << std::flush;
            if (!sweep)
                return stoppedByCtrlC();
            sweeps.push_back(std::move(*sweep));
        }
        if (p.has("slo")) {
            std::optional<SloCapacity> capacity =
                sloCapacity(config, requests, *slo, spec.seed, serving->pricer, serving->time, progress);
            if (shown)
                std::cerr << "\r\033[K" << std::flush;
            if (!capacity)
                return stoppedByCtrlC();
            capacities.push_back(std::move(*capacity));
        }
    }
    // Paged under each admission policy, the same requests and arrivals (timed when the run is).
    struct AdmissionRow {
        std::string name;
        SimSummary pool;
        std::optional<TimedSummary> timed;
    };
    std::vector<AdmissionRow> admissionRows;
    if (p.has("compare-admission")) {
        const bool hasPaged = std::find(kinds.begin(), kinds.end(), AllocatorKind::Paged) != kinds.end();
        if (!hasPaged)
            throw Error("--compare-admission: the admission policies are paged's; give --allocator paged or all");
        SimConfig policyConfig = config;
        policyConfig.allocator = AllocatorKind::Paged;
        for (const auto& [policy, share] :
             {std::pair{AdmissionPolicy::Vllm, config.watermark}, std::pair{AdmissionPolicy::Watermark, 0.1},
              std::pair{AdmissionPolicy::Watermark, 0.3}, std::pair{AdmissionPolicy::Conservative, config.watermark}}) {
            policyConfig.admission = policy;
            policyConfig.watermark = share;
            AdmissionRow row;
            row.name = admissionPolicyName(policy) +
                       (policy == AdmissionPolicy::Watermark ? ":" + fixedText(share, 1) : std::string());
            if (timedRun) {
                row.timed = replayTimed(policyConfig, requests, timedArrivals, serving->pricer, serving->time,
                                        [&](double) { return !interrupted; });
                if (!row.timed)
                    return stoppedByCtrlC();
                row.pool = row.timed->pool;
            } else {
                const std::optional<SimSummary> summary =
                    simulate(policyConfig, requests, [&](double) { return !interrupted; });
                if (!summary)
                    return stoppedByCtrlC();
                row.pool = *summary;
            }
            admissionRows.push_back(std::move(row));
        }
    }
    std::signal(SIGINT, previousHandler);

    // The simulator's own notes: English in --json, the --lang language in the text.
    const std::size_t scenarioNotes = notes.size();
    std::vector<std::string> notesText;
    auto note = [&](Text text, std::initializer_list<std::string_view> values) {
        notes.push_back(substitute(english(text), values));
        notesText.push_back(tr(text, values));
    };
    // The hit curve in the trace's own blocks (hitCurveSizes: a sixteenth of the pool to 256 times it).
    std::optional<PrefixHitCurve> hitCurve;
    if (p.has("hit-curve")) {
        hitCurve = prefixHitCurve(*publicTrace, hitCurveSizes(config.poolSlots));
    }
    if (publicTrace && publicTrace->skippedRows > 0)
        note("%1 rows of the trace have no context or no generated token and were left out",
             {groupThousands(publicTrace->skippedRows)});
    if (publicTrace && !p.has("trace-times"))
        note("the trace's arrival times drive timed replays only (--trace-times); here every request arrives at "
             "the start",
             {});
    if (publicTrace && publicTrace->format == TraceFormat::Mooncake && config.prefixCache)
        note("the replay does not share this trace's prompt blocks (hash_ids): its prefixes are one chain per "
             "request; --hit-curve measures the trace's own sharing",
             {});
    if (timed && !scenario)
        note("no model or GPU was given: the times are %1's (%2) on the %3, the setting of Kwon et al. (2023)",
             {servingModel, servingDtype, serving->gpuName});
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
            note("%1: %2 preemptions swapped %3 token slots (%4) between GPU and CPU memory",
                 {r.allocator, groupThousands(r.preemptions), groupThousands(r.swappedSlots),
                  sizeAndBytes(r.swapBytes)});
        else
            note("%1: %2 preemptions recomputed %3 tokens",
                 {r.allocator, groupThousands(r.preemptions), groupThousands(r.recomputedTokens)});
    }

    const auto printTimed = [&] {
        const StepTimeModel& t = serving->time;
        const std::string bandwidth = fixedText(t.roof.bandwidth / 1e9, 0);
        const std::string peak = fixedText(t.roof.peakFlops / 1e12, 1);
        std::cout << "\n";
        if (t.fixedSeconds == 0.0)
            std::cout << tr("Time: %1 on the %2, priced on its data sheet (%3 GB/s, %4 TFLOP/s) with no fixed cost: "
                            "each step takes its roofline time,\nso every latency below is a best case and every "
                            "throughput an upper bound.",
                            {servingModel, serving->gpuName, bandwidth, peak})
                      << "\n";
        else
            std::cout << tr("Time: %1 on the %2, priced on its data sheet (%3 GB/s, %4 TFLOP/s) plus %5 a step.",
                            {servingModel, serving->gpuName, bandwidth, peak, secondsText(t.fixedSeconds)})
                      << "\n";
        // TTFT, TPOT and p50/p90 are written as in English in both languages (docs/glossary-ko.md).
        if (timedRun) {
            std::cout << "\n"
                      << (p.has("trace-times")
                              ? tr("At the trace's own times (%1 requests over %2, at %3x speed):",
                                   {groupThousands(requests.size()),
                                    secondsText(publicTrace->spanSeconds() / traceSpeed), fixedText(traceSpeed, 2)})
                              : tr("At %1 requests per second (Poisson):",
                                   {fixedText(*p.doubleValue("arrival-rate", 1e-6, 1e6), 2)}))
                      << "\n";
            std::vector<std::vector<std::string>> rows{{tr("allocator"), tr("tokens/s"), tr("requests/s"), "TTFT p50",
                                                        "TTFT p90", "TPOT p50", "TPOT p90", tr("queue p90"),
                                                        tr("preempt")}};
            for (std::size_t i = 0; i < timings.size(); ++i) {
                const TimedSummary& m = timings[i];
                rows.push_back({results[i].allocator, fixedText(m.outputTokensPerSecond, 0),
                                fixedText(m.requestsPerSecond, 2), secondsText(m.ttft.median), secondsText(m.ttft.p90),
                                secondsText(m.tpot.median), secondsText(m.tpot.p90), secondsText(m.queueing.p90),
                                std::to_string(m.pool.preemptions)});
            }
            printTable(rows, TableStyle::withMinWidths({10, 9, 11, 10, 10, 10, 10, 10, 8}));
        }
        for (std::size_t i = 0; i < sweeps.size(); ++i) {
            std::cout << "\n" << tr("Rate sweep, %1:", {results[i].allocator}) << "\n";
            std::vector<std::vector<std::string>> rows{{tr("rate/s"), tr("tokens/s"), tr("requests/s"), tr("batch"),
                                                        "TTFT p90", "TPOT p90", tr("queue p90"), tr("keeps up")}};
            for (const RatePoint& point : sweeps[i])
                rows.push_back({fixedText(point.rate, 2), fixedText(point.summary.outputTokensPerSecond, 0),
                                fixedText(point.summary.requestsPerSecond, 2),
                                fixedText(point.summary.pool.meanBatch, 1), secondsText(point.summary.ttft.p90),
                                secondsText(point.summary.tpot.p90), secondsText(point.summary.queueing.p90),
                                point.keepsUp() ? tr("yes") : tr("no")});
            printTable(rows, TableStyle::withMinWidths({8, 9, 11, 7, 10, 10, 10, 9}));
            const std::optional<double> knee = kneeRate(sweeps[i]);
            std::cout << (knee ? tr("Keeps up to %1 requests per second of those swept.", {fixedText(*knee, 2)})
                               : tr("Keeps up with none of the rates swept."))
                      << "\n";
        }
        if (slo) {
            std::cout << "\n"
                      << tr("Capacity at p90 TTFT <= %1 and p90 TPOT <= %2:",
                            {secondsText(slo->ttftSeconds), secondsText(slo->tpotSeconds)})
                      << "\n";
            std::vector<std::vector<std::string>> rows{
                {tr("allocator"), tr("requests/s"), tr("users"), tr("tokens/s"), "TTFT p90", "TPOT p90"}};
            for (std::size_t i = 0; i < capacities.size(); ++i) {
                const SloCapacity& c = capacities[i];
                if (!c.met) {
                    rows.push_back({results[i].allocator, tr("not met"), "-", "-", secondsText(c.atRate.ttft.p90),
                                    secondsText(c.atRate.tpot.p90)});
                    continue;
                }
                rows.push_back({results[i].allocator, (c.atCeiling ? ">= " : "") + fixedText(c.rate, 2),
                                fixedText(c.concurrentUsers, 1), fixedText(c.atRate.outputTokensPerSecond, 0),
                                secondsText(c.atRate.ttft.p90), secondsText(c.atRate.tpot.p90)});
            }
            printTable(rows, TableStyle::withMinWidths({10, 11, 7, 9, 10, 10}));
            const std::vector<std::pair<std::string, double>> ratios = pagedRateRatios(results, capacities);
            if (!ratios.empty()) {
                std::string list;
                for (const auto& [name, ratio] : ratios)
                    list += (list.empty() ? "" : ", ") + tr("%1x %2's", {fixedText(ratio, 2), name});
                std::cout << tr("At this target, paged's request rate is %1.", {list}) << "\n";
            }
            std::cout << tr("Users: concurrent requests at that rate (Little's law: rate x mean latency). Kwon et "
                            "al. (2023) report\nvLLM sustaining 1.7-2.7x the rate of Orca (Oracle) and 2.7-8x that "
                            "of Orca (Max) on ShareGPT with OPT-13B at similar latency.")
                      << "\n"
                      << tr("Ours differ where the setting does: step times are roofline lower bounds, the trace is "
                            "a synthetic fit to ShareGPT's\nmean lengths, and the target is on p90 TTFT and TPOT "
                            "rather than the paper's mean normalized latency.")
                      << "\n";
        }
    };

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
        j["admission"] = admissionPolicyName(config.admission);
        if (config.admission == AdmissionPolicy::Watermark)
            j["admission_watermark"] = config.watermark;
        if (!admissionRows.empty()) {
            ordered_json rows = ordered_json::object();
            for (const AdmissionRow& row : admissionRows) {
                ordered_json entry = {{"preemptions", row.pool.preemptions},
                                      {"recomputed_tokens", row.pool.recomputedTokens},
                                      {"swapped_slots", row.pool.swappedSlots},
                                      {"mean_batch", row.pool.meanBatch},
                                      {"steps", row.pool.steps}};
                if (row.timed)
                    entry["timing"] = timingJson(*row.timed);
                rows[row.name] = entry;
            }
            j["admission_comparison"] = rows;
        }
        j["prefix_cache"] = config.prefixCache;
        j["max_batched_tokens"] = config.maxBatchedTokens > 0 ? ordered_json(config.maxBatchedTokens) : ordered_json();
        j["kv_bytes_per_token"] = config.kvBytesPerToken;
        j["seed"] = spec.seed;
        j["notes"] = notes;
        // One shape whatever --allocator says: a single allocator is an object of one entry.
        j["allocators"] = ordered_json::object();
        for (std::size_t i = 0; i < results.size(); ++i) {
            ordered_json& entry = j["allocators"][results[i].allocator] = summaryJson(results[i]);
            if (timedRun)
                entry["timing"] = timingJson(timings[i]);
        }
        if (timed) {
            const StepTimeModel& t = serving->time;
            j["time_model"] = {{"model", servingModel},
                               {"gpu", serving->gpuName},
                               {"bandwidth_bytes_per_s", t.roof.bandwidth},
                               {"peak_flops", t.roof.peakFlops},
                               {"roof_source", t.roofSource},
                               {"step_overhead_s", t.fixedSeconds},
                               {"step_overhead_source", t.fixedSource},
                               {"host_link_bytes_per_s", t.hostLinkBandwidth},
                               {"host_link_source", t.hostLinkSource},
                               {"disk_link_bytes_per_s", t.diskLinkBandwidth},
                               {"disk_link_source", t.diskLinkSource},
                               {"lower_bound", t.fixedSeconds == 0.0}};
            if (p.has("arrival-rate"))
                j["arrival_rate"] = *p.doubleValue("arrival-rate", 1e-6, 1e6);
            if (p.has("trace-times"))
                j["trace_speed"] = traceSpeed;
        }
        if (publicTrace)
            j["trace"] = {{"format", std::string(traceFormatName(publicTrace->format))},
                          {"requests", publicTrace->requests.size()},
                          {"span_s", publicTrace->spanSeconds()},
                          {"skipped_rows", publicTrace->skippedRows}};
        if (hitCurve) {
            ordered_json points = ordered_json::array();
            for (const PrefixHitPoint& point : hitCurve->points)
                points.push_back({{"capacity_tokens", point.capacityTokens}, {"hit_rate", point.hitRate}});
            j["prefix_hit_curve"] = {{"block_tokens", publicTrace->hashBlockTokens},
                                     {"prompt_tokens", hitCurve->promptTokens},
                                     {"upper_bound", hitCurve->upperBound},
                                     {"points", points}};
        }
        if (!sweeps.empty()) {
            j["rate_sweep"] = ordered_json::object();
            for (std::size_t i = 0; i < sweeps.size(); ++i) {
                ordered_json points = ordered_json::array();
                for (const RatePoint& point : sweeps[i])
                    points.push_back({{"rate", point.rate},
                                      {"output_tokens_per_s", point.summary.outputTokensPerSecond},
                                      {"requests_per_s", point.summary.requestsPerSecond},
                                      {"mean_batch", point.summary.pool.meanBatch},
                                      {"preemptions", point.summary.pool.preemptions},
                                      {"ttft_p90_s", point.summary.ttft.p90},
                                      {"tpot_p90_s", point.summary.tpot.p90},
                                      {"queueing_p90_s", point.summary.queueing.p90},
                                      {"keeps_up", point.keepsUp()}});
                const std::optional<double> knee = kneeRate(sweeps[i]);
                j["rate_sweep"][results[i].allocator] = {{"points", points},
                                                         {"knee_rate", knee ? ordered_json(*knee) : ordered_json()}};
            }
        }
        if (slo) {
            ordered_json perAllocator = ordered_json::object();
            for (std::size_t i = 0; i < capacities.size(); ++i) {
                const SloCapacity& c = capacities[i];
                perAllocator[results[i].allocator] = {
                    {"met", c.met},
                    {"at_ceiling", c.atCeiling},
                    {"rate", c.met ? ordered_json(c.rate) : ordered_json()},
                    {"concurrent_users", c.met ? ordered_json(c.concurrentUsers) : ordered_json()},
                    {"ttft_p90_s", c.atRate.ttft.p90},
                    {"tpot_p90_s", c.atRate.tpot.p90},
                    {"output_tokens_per_s", c.atRate.outputTokensPerSecond}};
            }
            ordered_json ratios = ordered_json::object();
            for (const auto& [name, ratio] : pagedRateRatios(results, capacities))
                ratios[name] = ratio;
            j["slo"] = {{"ttft_p90_s", slo->ttftSeconds},
                        {"tpot_p90_s", slo->tpotSeconds},
                        {"allocators", perAllocator},
                        {"paged_rate_ratio", ratios},
                        {"paper",
                         "Kwon et al. (2023), section 6.2, ShareGPT on OPT-13B: vLLM sustains 1.7-2.7x the request "
                         "rate of Orca (Oracle) and 2.7-8x that of Orca (Max) at similar latency"}};
        }
        printJson(j);
        return 0;
    }
    std::cout << tr("Workload: %1, %2 requests", {spec.describe(), groupThousands(requests.size())}) << "\n";
    std::cout << tr("Pool: %1 token slots (%2), max model length %3, block size %4, samples %5",
                    {groupThousands(config.poolSlots), poolSource, std::to_string(config.maxModelLen),
                     std::to_string(config.blockSize),
                     std::to_string(config.samples) +
                         (config.sampling == SamplingMode::Beam ? " (" + tr("beam search") + ")" : "")})
              << "\n";
    if (config.maxBatchedTokens > 0)
        std::cout << tr("Chunked prefill: %1 tokens a step, running requests first; a longer prompt is computed over "
                        "several steps and its first token comes with the last chunk.",
                        {groupThousands(config.maxBatchedTokens)})
                  << "\n";
    std::cout << "\n";
    // Allocator names are the --allocator values and stay as they are in every language.
    std::vector<std::vector<std::string>> table{{tr("allocator"), tr("tokens"), tr("reserved"), tr("internal"),
                                                 tr("external"), tr("free"), tr("batch"), tr("preempt"), tr("steps")}};
    const auto percent = [](double fraction) { return fixedText(100 * fraction, 1) + "%"; };
    bool unsaturated = false;
    for (const auto& r : results) {
        // A run where nothing ever waited has no saturated steps to average: show every step's mean, marked.
        const bool none = r.saturatedSteps == 0;
        unsaturated = unsaturated || none;
        const SlotFractions& f = none ? r.allSteps : r.saturated;
        table.push_back({none ? r.allocator + " *" : r.allocator, percent(f.tokenStates), percent(f.reserved),
                         percent(f.internal), percent(f.external), percent(f.free),
                         fixedText(none ? r.meanBatch : r.meanBatchSaturated, 2), std::to_string(r.preemptions),
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
                        {r.allocator, std::to_string(config.samples), fixedText(100 * r.meanSharingSaving, 1) + "%",
                         fixedText(100 * r.maxSharingSaving, 1) + "%"})
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
                             fixedText(100 * r.prefixHitRate, 1) + "%",
                             groupThousands(std::uint64_t(r.meanCachedFreeSlots)),
                             sizeAndBytes(std::uint64_t(r.meanCachedFreeSlots * double(config.kvBytesPerToken))),
                             groupThousands(r.maxCachedFreeSlots), groupThousands(r.prefixEvictions)})
                      << "\n";
    for (const auto& r : results)
        for (std::size_t t = 0; t < kOffloadTiers; ++t)
            if (r.offloading && r.tierCapacityBlocks[t] > 0) {
                const std::string blocks = groupThousands(r.tierCapacityBlocks[t]),
                                  size = std::to_string(config.blockSize), hits = groupThousands(r.tierHitTokens[t]),
                                  stored = groupThousands(r.tierStores[t]),
                                  evicted = groupThousands(r.tierEvictions[t]),
                                  superseded = groupThousands(r.tierSuperseded[t]),
                                  held = groupThousands(r.tierBlocksAtEnd[t]);
                std::cout << (t == 0 ? tr("Host tier (%1): %2 blocks of %3 tokens; %4 prompt tokens loaded back "
                                          "instead of computed, %5 blocks stored, %6 evicted, %7 replaced by a newer "
                                          "copy, %8 held at the end.",
                                          {r.allocator, blocks, size, hits, stored, evicted, superseded, held})
                                     : tr("Disk tier (%1): %2 blocks of %3 tokens; %4 prompt tokens loaded back "
                                          "instead of computed, %5 blocks stored, %6 evicted, %7 replaced by a newer "
                                          "copy, %8 held at the end.",
                                          {r.allocator, blocks, size, hits, stored, evicted, superseded, held}))
                          << "\n";
            }
    for (const auto& r : results)
        if (r.offloading)
            std::cout << tr("With the tiers, %1 of the prompt tokens were not computed (%2 in the pool alone).",
                            {fixedText(100 * r.allTierHitRate(), 1) + "%", fixedText(100 * r.prefixHitRate, 1) + "%"})
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
    if (hitCurve) {
        std::cout << "\n"
                  << tr("Prefix-cache hit rate on this trace's own blocks of %1 tokens (an LRU cache of prefixes), of "
                        "%2 prompt tokens:",
                        {std::to_string(publicTrace->hashBlockTokens), groupThousands(hitCurve->promptTokens)})
                  << "\n";
        std::vector<std::vector<std::string>> rows{{tr("cache tokens"), tr("hit rate")}};
        for (const PrefixHitPoint& point : hitCurve->points)
            rows.push_back({groupThousands(point.capacityTokens), fixedText(100 * point.hitRate, 1) + "%"});
        rows.push_back({tr("upper bound"), fixedText(100 * hitCurve->upperBound, 1) + "%"});
        printTable(rows, TableStyle::withMinWidths({14, 9}));
        std::cout << tr("Upper bound: every repeated block a hit, whatever the cache holds.") << "\n";
    }
    if (!admissionRows.empty()) {
        std::cout << "\n" << tr("Paged under each admission policy, the same requests:") << "\n";
        std::vector<std::vector<std::string>> rows{{tr("admission"), tr("preempt"), tr("recomputed"), tr("batch")}};
        if (timedRun)
            rows.front().insert(rows.front().end(), {tr("tokens/s"), "TTFT p90", "TPOT p90"});
        for (const AdmissionRow& row : admissionRows) {
            rows.push_back({row.name, groupThousands(row.pool.preemptions), groupThousands(row.pool.recomputedTokens),
                            fixedText(row.pool.meanBatch, 1)});
            if (row.timed)
                rows.back().insert(rows.back().end(),
                                   {fixedText(row.timed->outputTokensPerSecond, 0), secondsText(row.timed->ttft.p90),
                                    secondsText(row.timed->tpot.p90)});
        }
        printTable(rows, TableStyle::withMinWidths({16, 8, 11, 7, 9, 10, 10}));
        std::cout << tr("A preemption is the out-of-memory event a paged server turns into recomputation (or a "
                        "swap): fewer with a larger\nwatermark, none when every running request's maximum is "
                        "reserved (conservative), at the cost of a smaller batch.")
                  << "\n";
    }
    if (timed)
        printTimed();
    printNotes({notes.begin(), notes.begin() + std::ptrdiff_t(scenarioNotes)});
    for (const auto& text : notesText)
        std::cout << tr("note: %1", {text}) << '\n';
    return 0;
}

} // namespace kvscope::cli
