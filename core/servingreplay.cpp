#include "servingreplay.h"

#include "checked.h"
#include "error.h"
#include "gpus.h"
#include "kvtiers.h"
#include "memorymodel.h"
#include "scenario.h"
#include "text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <sstream>

namespace kvscope {

namespace {
// PCIe moves 128 bits of every 130 on the wire (128b/130b, from 3.0 on): 16 lanes at 16 GT/s (4.0) or 32 GT/s
// (5.0) carry 16 x 16e9 x 128/130 / 8 = 31.5 GB/s, or 63.0 GB/s, each way.
constexpr HostLink kHostLinks[] = {
    {"pcie4-x16", 16.0 * 16e9 * 128.0 / 130.0 / 8.0,
     "PCIe 4.0 x16: 16 lanes at 16 GT/s, 128b/130b encoding (PCI-SIG), 31.5 GB/s each way"},
    {"pcie5-x16", 16.0 * 32e9 * 128.0 / 130.0 / 8.0,
     "PCIe 5.0 x16: 16 lanes at 32 GT/s, 128b/130b encoding (PCI-SIG), 63.0 GB/s each way"},
};

std::string numberText(double value) {
    return (std::ostringstream() << value).str();
}
} // namespace

std::span<const HostLink> hostLinks() {
    return kHostLinks;
}

const HostLink& findHostLink(std::string_view id) {
    for (const HostLink& link : kHostLinks)
        if (link.id == id)
            return link;
    std::string known;
    for (const HostLink& link : kHostLinks)
        known += (known.empty() ? "" : ", ") + std::string(link.id);
    throw Error("--host-link: unknown link " + quoteExcerpt(id) + "; known links: " + known);
}

std::optional<StepTimeModel> dataSheetTimeModel(const GpuPreset& gpu, double fixedSeconds, std::string fixedSource,
                                                const HostLink& link) {
    const std::optional<roofline::Roof> roof = roofline::dataSheetRoof(gpu);
    if (!roof)
        return std::nullopt;
    if (!(fixedSeconds >= 0.0) || !std::isfinite(fixedSeconds))
        throw Error("step overhead: expected a finite number of seconds, 0 or more, got " + numberText(fixedSeconds));
    StepTimeModel m;
    m.roof = *roof;
    m.roofSource = gpu.sheet.source;
    m.fixedSeconds = fixedSeconds;
    m.fixedSource = fixedSeconds > 0.0 ? std::move(fixedSource) : std::string();
    m.hostLinkBandwidth = link.bandwidth;
    m.hostLinkSource = std::string(link.source);
    const HostLink& disk = findKvLink("nvme-gen4"); // a drive's link: the course's machines have PCIe 4.0
    m.diskLinkBandwidth = disk.bandwidth;
    m.diskLinkSource = std::string(disk.source);
    return m;
}

std::optional<ServingSetup> servingSetup(const Scenario& scenario, double fixedSeconds, std::string fixedSource,
                                         const HostLink& link) {
    if (scenario.tensorParallel > 1)
        throw Error("--tp: the timed replay prices one GPU's steps; tensor parallelism (" +
                    std::to_string(scenario.tensorParallel) + " GPUs) and its communication are not modelled yet");
    if (scenario.weightsAsStored && scenario.model.stored)
        throw Error("--weight-dtype: the timed replay reads the weights in one dtype; give it (fp16, bf16, fp8, int8, "
                    "int4) rather than '" +
                    std::string(kStoredWeights) + "'");
    if (scenario.gpuId == "custom")
        return std::nullopt;
    const GpuPreset& gpu = findGpuPreset(scenario.gpuId);
    std::optional<StepTimeModel> time = dataSheetTimeModel(gpu, fixedSeconds, std::move(fixedSource), link);
    if (!time)
        return std::nullopt;
    return ServingSetup{roofline::StepPricer(scenario.model, scenario.weightDtype, scenario.kvDtype), std::move(*time),
                        gpu.name};
}

Scenario paperServingScenario() {
    Scenario s = withPresetModel(defaultScenario(), "opt-13b");
    s.context = 2048; // OPT's maximum, the paper's reservation
    s.gpuId = "a100-40gb";
    s.gpuMemoryBytes = findGpuPreset(s.gpuId).memoryBytes;
    return s;
}

double percentile(const std::vector<double>& sorted, double p) {
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * double(sorted.size() - 1);
    const auto below = std::size_t(rank);
    if (below + 1 >= sorted.size())
        return sorted.back();
    return sorted[below] + (rank - double(below)) * (sorted[below + 1] - sorted[below]);
}

double unloadedStepSeconds(const roofline::StepPricer& pricer, const StepTimeModel& time) {
    const std::uint64_t emptyCache = 0;
    return roofline::read(pricer.work({&emptyCache, 1}, {}), time.roof).lowerBoundSeconds + time.fixedSeconds;
}

std::vector<double> arrivalsFromSteps(const std::vector<Request>& requests, double stepSeconds) {
    if (!(stepSeconds > 0.0) || !std::isfinite(stepSeconds))
        throw Error("a step of arrivals must last a positive time, got " + std::to_string(stepSeconds) + " s");
    std::vector<double> out;
    out.reserve(requests.size());
    for (const Request& r : requests)
        out.push_back(double(r.arrivalStep) * stepSeconds);
    return out;
}

LatencyStats latencyStats(std::vector<double> values) {
    LatencyStats s;
    s.count = values.size();
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    s.mean = std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
    s.median = percentile(values, 50);
    s.p90 = percentile(values, 90);
    s.p99 = percentile(values, 99);
    return s;
}

std::optional<TimedSummary> replayTimed(const SimConfig& config, const std::vector<Request>& requests,
                                        const std::vector<double>& arrivalSeconds, const roofline::StepPricer& pricer,
                                        const StepTimeModel& time, const std::function<bool(double)>& progress) {
    if (arrivalSeconds.size() != requests.size())
        throw Error("timed replay: " + std::to_string(arrivalSeconds.size()) + " arrival times for " +
                    std::to_string(requests.size()) + " requests");
    if (!time.roof.valid())
        throw Error("timed replay: the GPU's roof needs a bandwidth and a peak above zero");
    if (!(time.fixedSeconds >= 0.0) || !std::isfinite(time.fixedSeconds))
        throw Error("timed replay: the fixed cost per step must be a finite number of seconds, 0 or more");
    if (config.hostTierSlots > 0 && !(time.hostLinkBandwidth > 0.0))
        throw Error(
            "timed replay: --host-tier-tokens: loads from host memory cross the host link, and no host link is given");
    if (config.diskTierSlots > 0 && !(time.diskLinkBandwidth > 0.0))
        throw Error(
            "timed replay: --disk-tier-tokens: loads from the disk tier cross a drive's link, and none is given");
    // In arrival order; the simulator numbers the requests in the order it is given them.
    std::vector<std::size_t> order(requests.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    for (std::size_t i = 0; i < requests.size(); ++i)
        if (!(arrivalSeconds[i] >= 0.0) || !std::isfinite(arrivalSeconds[i]))
            throw Error("timed replay: request " + std::to_string(i + 1) + " arrives at " +
                        numberText(arrivalSeconds[i]) + " s; expected a finite time, 0 or later");
    for (std::size_t i = 0; i < requests.size(); ++i)
        if (requests[i].promptLen == 0)
            throw Error("timed replay: request " + std::to_string(i + 1) +
                        " has an empty prompt (prompt_len 0); a served request has at least one prompt token");
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return arrivalSeconds[a] < arrivalSeconds[b]; });
    std::vector<Request> ordered;
    std::vector<double> arrival;
    ordered.reserve(requests.size());
    arrival.reserve(requests.size());
    for (const std::size_t i : order) {
        ordered.push_back(requests[i]);
        ordered.back().arrivalStep = 0;
        arrival.push_back(arrivalSeconds[i]);
    }

    SimConfig c = config;
    c.arrivalsByCaller = true;
    c.recordTraffic = true;
    c.recordSteps = c.recordEvents = c.keepSlotMap = false;
    if (c.kvBytesPerToken == 0)
        c.kvBytesPerToken = pricer.kvBytesPerToken();
    KvSimulator sim(c, std::move(ordered));
    const std::vector<Request>& reqs = sim.requests(); // outputs capped by the model length

    constexpr double kNotYet = -1.0;
    std::vector<double> admitted(reqs.size(), kNotYet), firstToken(reqs.size(), kNotYet), finish(reqs.size(), kNotYet);
    std::vector<roofline::PrefillChunk> chunks, withoutRecompute;
    TimedSummary out;
    double now = 0.0, memoryBoundSeconds = 0.0, roofSeconds = 0.0, lastToken = 0.0;
    std::uint64_t steps = 0, nextReport = 10'000;
    const double slotBytes = double(c.kvBytesPerToken);
    while (!sim.finished()) {
        std::size_t arrived = sim.released();
        while (arrived < arrival.size() && arrival[arrived] <= now)
            ++arrived;
        sim.release(arrived - sim.released());
        if (sim.idle()) {
            if (arrived == arrival.size())
                break;              // every request has arrived and settled
            now = arrival[arrived]; // the server waits for the next request
            continue;
        }
        const double start = now;
        sim.step();
        const StepTraffic& t = sim.traffic();
        if (t.idle() && t.swappedSlots == 0 && t.loadedByPreempted == std::array<std::uint64_t, kOffloadTiers>{})
            continue; // nothing ran: the requests waiting were turned away
        chunks.clear();
        withoutRecompute.clear();
        double seconds = time.fixedSeconds;
        // Blocks loaded from an offload tier cross its link before the step computes with them.
        const auto load = [&](std::size_t tier, std::uint64_t tokens) {
            if (tokens == 0)
                return;
            const double bandwidth = tier == 0 ? time.hostLinkBandwidth : time.diskLinkBandwidth;
            const std::uint64_t bytes = mulChecked("bytes loaded from a tier", tokens, c.kvBytesPerToken);
            out.tierLoadBytes[tier] = addChecked(out.tierLoadBytes[tier], bytes, "bytes loaded from a tier");
            const double copy = double(bytes) / bandwidth;
            out.tierLoadSeconds[tier] += copy;
            seconds += copy; // the step waits for its blocks
        };
        for (const StepTraffic::Prefill& p : t.prefills) {
            chunks.push_back({p.offset, p.tokens, p.endsPrompt});
            if (!p.recompute)
                withoutRecompute.push_back(chunks.back());
            out.promptTokensComputed += p.tokens;
            for (std::size_t tier = 0; tier < kOffloadTiers; ++tier)
                load(tier, p.loaded[tier]);
        }
        for (std::size_t tier = 0; tier < kOffloadTiers; ++tier)
            load(tier, t.loadedByPreempted[tier]); // copied, then preempted before computing
        if (!t.idle()) {
            const roofline::StepWork work = pricer.work(t.decodeContexts, chunks);
            const roofline::Reading reading = roofline::read(work, time.roof);
            seconds += reading.lowerBoundSeconds;
            roofSeconds += reading.lowerBoundSeconds;
            if (reading.bound == roofline::Bound::Memory)
                memoryBoundSeconds += reading.lowerBoundSeconds;
            if (withoutRecompute.size() != chunks.size()) {
                // The recomputation's cost: this step against the same step without it.
                double rest = 0.0;
                if (!t.decodeContexts.empty() || !withoutRecompute.empty())
                    rest = roofline::read(pricer.work(t.decodeContexts, withoutRecompute), time.roof).lowerBoundSeconds;
                out.recomputeSeconds += reading.lowerBoundSeconds - rest;
                for (const StepTraffic::Prefill& p : t.prefills)
                    if (p.recompute) {
                        const roofline::PrefillChunk alone{p.offset, p.tokens, p.endsPrompt};
                        out.recomputeFlops += double(pricer.work({}, {&alone, 1}).flops);
                    }
            }
        }
        if (t.swappedSlots > 0) {
            const std::uint64_t bytes = mulChecked("bytes swapped", t.swappedSlots, c.kvBytesPerToken);
            out.swapBytes = addChecked(out.swapBytes, bytes, "bytes swapped");
            if (time.hostLinkBandwidth > 0.0) {
                const double copy = double(t.swappedSlots) * slotBytes / time.hostLinkBandwidth;
                out.swapSeconds += copy;
                seconds += copy; // the step waits for its blocks
            }
        }
        now += seconds;
        out.busySeconds += seconds;
        ++steps;
        for (const StepTraffic::Prefill& p : t.prefills) {
            if (admitted[p.request] == kNotYet)
                admitted[p.request] = start;
            if (p.endsPrompt && firstToken[p.request] == kNotYet) // a chunked prompt: with its last chunk
                firstToken[p.request] = now;
        }
        for (const std::uint32_t id : t.finished)
            finish[id] = now;
        if (!t.idle())
            lastToken = now;
        if (progress && steps >= nextReport) {
            nextReport = steps + 10'000;
            const SimSummary s = sim.summary();
            const double settled = double(s.requestsFinished + s.requestsRejectedPool + s.requestsRejectedTooLong);
            if (!progress(reqs.empty() ? 1.0 : settled / double(reqs.size())))
                return std::nullopt;
        }
    }

    out.pool = sim.summary();
    // To the last token: requests turned away after it (too long for the model) do not stretch the run.
    out.seconds = lastToken;
    out.outputTokens = out.pool.tokensGenerated;
    std::vector<double> ttft, tpot, queueing, service, e2e;
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        if (finish[i] == kNotYet)
            continue; // turned away
        ttft.push_back(firstToken[i] - arrival[i]);
        queueing.push_back(admitted[i] - arrival[i]);
        service.push_back(finish[i] - admitted[i]);
        e2e.push_back(finish[i] - arrival[i]);
        if (reqs[i].outputLen > 1)
            tpot.push_back((finish[i] - firstToken[i]) / double(reqs[i].outputLen - 1));
    }
    out.ttft = latencyStats(std::move(ttft));
    out.tpot = latencyStats(std::move(tpot));
    out.queueing = latencyStats(std::move(queueing));
    out.service = latencyStats(std::move(service));
    out.e2e = latencyStats(std::move(e2e));
    if (out.seconds > 0.0) {
        out.outputTokensPerSecond = double(out.outputTokens) / out.seconds;
        out.requestsPerSecond = double(out.pool.requestsFinished) / out.seconds;
    }
    if (roofSeconds > 0.0)
        out.memoryBoundShare = memoryBoundSeconds / roofSeconds;
    out.meanStepSeconds = steps > 0 ? out.busySeconds / double(steps) : 0.0;
    return out;
}

bool RatePoint::keepsUp() const {
    return summary.queueing.count > 0 && summary.queueing.p90 < summary.service.median;
}

std::optional<std::vector<RatePoint>> rateSweep(const SimConfig& config, const std::vector<Request>& requests,
                                                const std::vector<double>& rates, std::uint64_t seed,
                                                const roofline::StepPricer& pricer, const StepTimeModel& time,
                                                const std::function<bool(double)>& progress) {
    std::vector<RatePoint> out;
    out.reserve(rates.size());
    for (std::size_t i = 0; i < rates.size(); ++i) {
        const auto share = [&](double f) { return !progress || progress((double(i) + f) / double(rates.size())); };
        std::optional<TimedSummary> s =
            replayTimed(config, requests, poissonArrivalSeconds(requests.size(), rates[i], seed), pricer, time, share);
        if (!s)
            return std::nullopt;
        out.push_back({rates[i], std::move(*s)});
        if (!share(1.0))
            return std::nullopt;
    }
    return out;
}

std::optional<double> kneeRate(const std::vector<RatePoint>& sweep) {
    std::optional<double> knee;
    for (const RatePoint& p : sweep)
        if (p.keepsUp())
            knee = p.rate;
    return knee;
}

bool SloTarget::metBy(const TimedSummary& s) const {
    // On the requests served: one too long for the model, or for the pool, is turned away whatever the load
    // (the summary counts them, and the CLI and the page say so).
    return s.ttft.count > 0 && s.ttft.p90 <= ttftSeconds && s.tpot.p90 <= tpotSeconds;
}

SloTarget parseSloTarget(std::string_view text, std::string_view what) {
    const auto fail = [&](const std::string& why) -> SloTarget {
        throw Error(std::string(what) + ": " + quoteExcerpt(text) + ": " + why +
                    "; expected ttft=SECONDS,tpot=SECONDS (for example ttft=2,tpot=0.1 or ttft=500ms,tpot=50ms)");
    };
    std::optional<double> ttft, tpot;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        const std::string_view item = text.substr(from, comma - from);
        from = comma + 1;
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            return fail("'" + std::string(item) + "' has no '='");
        const std::string_view key = item.substr(0, eq);
        std::string_view number = item.substr(eq + 1);
        double scale = 1.0;
        if (number.size() > 2 && number.substr(number.size() - 2) == "ms") {
            scale = 1e-3;
            number.remove_suffix(2);
        } else if (!number.empty() && number.back() == 's') {
            number.remove_suffix(1);
        }
        double value = 0.0;
        const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (number.empty() || ec != std::errc() || ptr != number.data() + number.size() || !(value > 0.0) ||
            !std::isfinite(value))
            return fail("'" + std::string(item) + "' is not a positive time");
        std::optional<double>& slot = key == "ttft" ? ttft : key == "tpot" ? tpot : ttft;
        if (key != "ttft" && key != "tpot")
            return fail("'" + std::string(key) + "' is neither ttft nor tpot");
        if (slot)
            return fail(std::string(key) + " is given twice");
        slot = value * scale;
    }
    if (!ttft || !tpot)
        return fail(std::string(!ttft ? "ttft" : "tpot") + " is missing");
    return {*ttft, *tpot};
}

std::optional<double> capacityRatio(const SloCapacity& of, const SloCapacity& over) {
    if (!of.met || of.atCeiling || !over.met || over.atCeiling || !(over.rate > 0.0))
        return std::nullopt;
    return of.rate / over.rate;
}

std::optional<SloCapacity> sloCapacity(const SimConfig& config, const std::vector<Request>& requests,
                                       const SloTarget& target, std::uint64_t seed, const roofline::StepPricer& pricer,
                                       const StepTimeModel& time, const std::function<bool(double)>& progress) {
    if (requests.empty())
        throw Error("SLO capacity: no requests to replay");
    constexpr int kDoublings = 8;
    constexpr double kPrecision = 1.004;
    constexpr int kProbes = 14; // for the progress: the saturated run, both ends and 11 halvings, as a rule
    int probe = 0;
    const auto run = [&](const std::vector<double>& arrivals) {
        const int at = probe++;
        return replayTimed(config, requests, arrivals, pricer, time, [&](double f) {
            return !progress || progress(std::min(1.0, (double(at) + f) / double(kProbes)));
        });
    };
    // The ceiling: every request at once, served as fast as this allocator can.
    const std::optional<TimedSummary> saturated = run(std::vector<double>(requests.size(), 0.0));
    if (!saturated)
        return std::nullopt;
    const double ceiling = 1.5 * std::max(saturated->requestsPerSecond, 1e-9);
    const auto at = [&](double rate) { return run(poissonArrivalSeconds(requests.size(), rate, seed)); };

    SloCapacity out;
    // Upwards from 1.5 R while the target holds (a short trace's queue may not build up at that rate), at most
    // eight doublings; then down to R / 666 when even 1.5 R misses.
    double lo = 0.0, hi = ceiling;
    std::optional<TimedSummary> low, high = at(hi);
    if (!high)
        return std::nullopt;
    for (int doubling = 0; target.metBy(*high); ++doubling) {
        if (doubling == kDoublings) {
            out.met = out.atCeiling = true;
            out.rate = hi;
            out.concurrentUsers = hi * high->e2e.mean;
            out.atRate = std::move(*high);
            return out;
        }
        lo = hi;
        low = std::move(high);
        hi *= 2.0;
        if (!(high = at(hi)))
            return std::nullopt;
    }
    if (!low) {
        lo = ceiling / 1000.0;
        if (!(low = at(lo)))
            return std::nullopt;
        if (!target.metBy(*low)) {
            out.rate = lo;
            out.atRate = std::move(*low);
            return out;
        }
    }
    while (hi / lo > kPrecision) {
        const double mid = std::sqrt(lo * hi); // the interval spans up to three decades: halve its logarithm
        std::optional<TimedSummary> s = at(mid);
        if (!s)
            return std::nullopt;
        if (target.metBy(*s)) {
            lo = mid;
            low = std::move(s);
        } else {
            hi = mid;
        }
    }
    out.met = true;
    out.rate = lo;
    out.concurrentUsers = lo * low->e2e.mean;
    out.atRate = std::move(*low);
    return out;
}

ServingUnpriced servingUnpriced(const Scenario& scenario) {
    if (scenario.tensorParallel > 1)
        return ServingUnpriced::TensorParallel;
    if (scenario.weightsAsStored && scenario.model.stored)
        return ServingUnpriced::StoredWeights;
    const GpuPreset* gpu = nullptr;
    for (const GpuPreset& preset : gpuPresets())
        if (preset.id == scenario.gpuId)
            gpu = &preset;
    if (!gpu || !gpu->sheet.present())
        return ServingUnpriced::NoDataSheet;
    const std::uint64_t pool = capacity(scenario).tokens;
    if (pool == 0)
        return ServingUnpriced::NoPool;
    if (pool > kMaxServingPoolTokens)
        return ServingUnpriced::PoolTooLarge;
    return ServingUnpriced::None;
}

const ServingStudyRow& ServingStudy::row(AllocatorKind kind) const {
    for (const ServingStudyRow& r : rows)
        if (r.kind == kind)
            return r;
    throw Error("serving study: no row for the allocator " + allocatorKindName(kind));
}

std::optional<double> ServingStudy::pagedOver(AllocatorKind other) const {
    return capacityRatio(row(AllocatorKind::Paged).capacity, row(other).capacity);
}

std::optional<ServingStudy> servingStudy(const Scenario& scenario, const ServingStudyInput& input,
                                         const std::function<bool(double)>& progress) {
    switch (servingUnpriced(scenario)) {
    case ServingUnpriced::None:
        break;
    case ServingUnpriced::TensorParallel:
        throw Error("serving study: tensor parallelism is not timed yet (one GPU's steps only)");
    case ServingUnpriced::StoredWeights:
        throw Error("serving study: the weights are read in one dtype; choose one rather than 'stored'");
    case ServingUnpriced::NoDataSheet:
        throw Error("serving study: the GPU '" + scenario.gpuId + "' has no data-sheet bandwidth and peak");
    case ServingUnpriced::NoPool:
        throw Error("serving study: the weights leave no KV memory on this GPU");
    case ServingUnpriced::PoolTooLarge:
        throw Error("serving study: the KV pool holds more than " + std::to_string(kMaxServingPoolTokens) +
                    " tokens, the replay's most");
    }
    if (!input.requests && input.workload != WorkloadKind::ShareGpt && input.workload != WorkloadKind::Alpaca)
        throw Error("serving study: the workload is ShareGPT- or Alpaca-like, or a trace's requests");
    if ((!input.requests && input.requestCount == 0) || input.sweepPoints < 0 || input.sweepPoints > 64)
        throw Error("serving study: at least one request, and 0 to 64 swept rates");

    ServingStudy out;
    std::optional<ServingSetup> setup = servingSetup(scenario, input.fixedSeconds, input.fixedSource);
    out.time = setup->time;
    out.gpuName = setup->gpuName;
    out.poolTokens = capacity(scenario).tokens;
    out.maxModelLen = std::uint32_t(std::min<std::uint64_t>(scenario.context, 1u << 24));
    SimConfig config;
    config.poolSlots = out.poolTokens;
    config.blockSize = scenario.blockSize;
    config.maxModelLen = out.maxModelLen;
    config.kvBytesPerToken = kvBytesPerToken(scenario.model, scenario.kvDtype);
    config.admission = input.admission;
    config.watermark = input.watermark;
    std::vector<Request> generated;
    if (!input.requests) {
        WorkloadSpec spec;
        spec.kind = input.workload;
        spec.requests = input.requestCount;
        spec.seed = input.seed;
        generated = generateWorkload(spec);
    }
    const std::vector<Request>& requests = input.requests ? *input.requests : generated;
    if (requests.empty())
        throw Error("serving study: no requests to replay");
    if (!input.arrivals.empty() && input.arrivals.size() != requests.size())
        throw Error("serving study: " + std::to_string(input.arrivals.size()) + " arrival times for " +
                    std::to_string(requests.size()) + " requests");

    const auto kinds = allocatorKinds();
    const double parts = double(kinds.size()) * (input.sweepPoints > 0 ? 2.0 : 1.0);
    // Each part of the study its own stretch of the bar: [start, start + width) of `parts`.
    const auto report = [&](double start, double width = 1.0) {
        return [&, start, width](double share) {
            return !progress || progress(std::min(1.0, (start + width * std::clamp(share, 0.0, 1.0)) / parts));
        };
    };
    double top = input.rate;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        ServingStudyRow row;
        row.kind = kinds[i].kind;
        config.allocator = row.kind;
        std::optional<TimedSummary> atRate = replayTimed(
            config, requests,
            input.arrivals.empty() ? poissonArrivalSeconds(requests.size(), input.rate, input.seed) : input.arrivals,
            setup->pricer, setup->time, report(double(i), 0.1));
        if (!atRate)
            return std::nullopt;
        std::optional<SloCapacity> slo = sloCapacity(config, requests, input.target, input.seed, setup->pricer,
                                                     setup->time, report(double(i) + 0.1, 0.9));
        if (!slo)
            return std::nullopt;
        row.atRate = std::move(*atRate);
        row.capacity = std::move(*slo);
        if (row.capacity.met)
            top = std::max(top, row.capacity.rate);
        out.rows.push_back(std::move(row));
    }
    if (input.sweepPoints > 0) {
        // One grid for every allocator: up to 1.6 times the highest rate any of them sustains.
        std::vector<double> rates;
        for (int k = 1; k <= input.sweepPoints; ++k)
            rates.push_back(1.6 * top * k / input.sweepPoints);
        for (std::size_t i = 0; i < out.rows.size(); ++i) {
            config.allocator = out.rows[i].kind;
            std::optional<std::vector<RatePoint>> sweep = rateSweep(config, requests, rates, input.seed, setup->pricer,
                                                                    setup->time, report(double(kinds.size() + i)));
            if (!sweep)
                return std::nullopt;
            out.rows[i].sweep = std::move(*sweep);
        }
    }
    return out;
}

} // namespace kvscope
