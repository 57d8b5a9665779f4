#pragma once
// The allocator replay in seconds: what a pool's batch buys a server in tokens per second and latency.
//
// The simulator (kvsimulator.h) decides, step by step, which requests run, which are admitted and which are
// preempted; this file prices each step on a roofline (roofline::StepPricer: bytes / bandwidth against FLOPs /
// peak, plus a fixed cost per step) and keeps a clock. Requests arrive at times in seconds; each step starts
// when the previous one ends, and a server with nothing to do waits for the next arrival.
//
// A step's work: every running sequence decodes one token from its cache, and every request admitted in the
// step computes its prompt whole (the simulator stores a prompt in the step that admits it), or, with a token
// budget (SimConfig::maxBatchedTokens, vLLM's max_num_batched_tokens with chunked prefill), the running requests
// and then the admissions take the step's tokens in order and a long prompt is computed in chunks over several
// steps, its first token with the last (each chunk priced with the cache its earlier chunks left). A prompt's
// blocks found in the prefix cache are read, not computed; those loaded back from an offload tier (host memory,
// a disk) are not computed either, and the step waits for their copy over the tier's link (no overlap with
// compute, as for a swap). A preempted request pays on its return: in recompute mode
// its prompt and the tokens it had generated are computed again; in swap mode its blocks cross the host link
// on the way out and back, and the step waits for the copy.
//
// The times are the roofline's lower bounds plus the given fixed cost: with no fixed cost, every latency is
// a best case, every throughput an upper bound. Left out: the scheduler's own CPU time, sampling, tensor
// parallelism's communication, and the overlap of a swap with compute.

#include "kvsimulator.h"
#include "roofline.h"

#include <span>
#include <string_view>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvscope {

struct Scenario;

// Where a replay's step times come from, each figure with its source.
struct StepTimeModel {
    roofline::Roof roof;            // the GPU's two ceilings
    std::string roofSource;         // "data sheet: NVIDIA A100 ..." or a measurement
    double fixedSeconds = 0.0;      // per step, what the roofline does not see (launches, scheduling)
    std::string fixedSource;        // where the fixed cost comes from; empty when it is 0
    double hostLinkBandwidth = 0.0; // bytes per second between GPU and CPU memory (swap, the host tier's loads);
                                    // 0: no cost known (a host tier is then refused)
    std::string hostLinkSource;     // the link it is
    double diskLinkBandwidth = 0.0; // bytes per second from the disk tier (SimConfig::diskTierSlots); 0: refused
    std::string diskLinkSource;
};

// A host link's bandwidth in each direction, for the swap of preempted requests.
struct HostLink {
    std::string_view id;    // "pcie4-x16"
    double bandwidth = 0.0; // bytes per second, each direction
    std::string_view source;
};
std::span<const HostLink> hostLinks();             // PCIe 4.0 x16 first: the A100's and the course's
const HostLink& findHostLink(std::string_view id); // throws Error listing the ids

// The step-time model of a GPU preset: its data-sheet roof, a fixed cost and a host link. Nothing when the
// preset has no data-sheet figures.
std::optional<StepTimeModel> dataSheetTimeModel(const GpuPreset& gpu, double fixedSeconds = 0.0,
                                                std::string fixedSource = {}, const HostLink& link = hostLinks()[0]);

// A scenario's model priced on its GPU preset's data sheet, for a timed replay. Nothing for a custom GPU or a
// preset without data-sheet figures. Throws Error for what a replay cannot price yet: tensor parallelism
// above 1 (one GPU's step, without the communication) and weights "as stored" (one weight dtype per step).
struct ServingSetup {
    roofline::StepPricer pricer;
    StepTimeModel time;
    std::string gpuName;
};
std::optional<ServingSetup> servingSetup(const Scenario& scenario, double fixedSeconds = 0.0,
                                         std::string fixedSource = {}, const HostLink& link = hostLinks()[0]);
// The PagedAttention paper's setting, for replays that name no model: OPT-13B in FP16 on an A100-40GB, requests
// of up to 2,048 tokens (OPT's maximum).
Scenario paperServingScenario();

// Median, 90th and 99th percentiles and mean of a set of times, in seconds. The percentiles interpolate
// linearly between the two nearest ranks (NumPy's default, which vLLM's serving benchmark prints).
struct LatencyStats {
    std::size_t count = 0;
    double mean = 0.0, median = 0.0, p90 = 0.0, p99 = 0.0;
};
LatencyStats latencyStats(std::vector<double> values);
double percentile(const std::vector<double>& sorted, double p); // p in 0..100, `sorted` ascending and not empty

// A replay's figures in seconds. Requests the pool turned away (pool.requestsRejected*) have no latency.
struct TimedSummary {
    SimSummary pool;          // the replay's memory figures (the steps are stepped one by one)
    double seconds = 0.0;     // from 0 (the first arrival) to the last token
    double busySeconds = 0.0; // the steps' time: `seconds` less the time the server waited for work
    std::uint64_t outputTokens = 0;
    std::uint64_t promptTokensComputed = 0; // prompt tokens through the model, recomputation included
    double outputTokensPerSecond = 0.0;     // outputTokens / seconds
    double requestsPerSecond = 0.0;         // finished requests / seconds
    LatencyStats ttft;             // time to first token: arrival to the end of the step that stored the first token
    LatencyStats tpot;             // time per output token after the first: (finish - first token) / (output - 1)
    LatencyStats queueing;         // arrival to the start of the step that first admitted it
    LatencyStats service;          // from there to the last token
    LatencyStats e2e;              // arrival to the last token
    double memoryBoundShare = 0.0; // the share of the steps' roofline time in steps bound by memory bandwidth
    double meanStepSeconds = 0.0;
    // What preemptions cost (see the file's comment): recompute FLOPs and the time they added to their steps,
    // or the bytes swapped and their time on the host link.
    double recomputeFlops = 0.0;
    double recomputeSeconds = 0.0;
    std::uint64_t swapBytes = 0;
    double swapSeconds = 0.0;
    // Prefix blocks loaded back from each offload tier (OffloadTier's order): bytes, and their time on its link.
    std::array<std::uint64_t, kOffloadTiers> tierLoadBytes{};
    std::array<double, kOffloadTiers> tierLoadSeconds{};
};

// Arrivals counted in decode steps (Request::arrivalStep, the paged page's and a step trace's), in seconds: a
// step of arrivals lasts one request's decode step with an empty cache on this GPU, its weights read once plus
// the fixed cost: the shortest step the server takes. A loaded server's steps take longer, so it falls behind
// arrivals that the step replay sees it keep up with. Requests of step 0 all arrive at once, at 0.
double unloadedStepSeconds(const roofline::StepPricer& pricer, const StepTimeModel& time);
std::vector<double> arrivalsFromSteps(const std::vector<Request>& requests, double stepSeconds);

// Replays `requests` (their lengths and prefixes; arrivalStep ignored) arriving at `arrivalSeconds` (one time
// per request, any order, all finite and >= 0) through the allocator of `config`, each step priced by
// `pricer` on `time`. Throws Error when the sizes disagree, a time is negative or not finite, or the roof is
// not valid. With `progress` (the share of requests settled, about every 10,000 steps) returning false, stops
// and returns nothing.
std::optional<TimedSummary> replayTimed(const SimConfig& config, const std::vector<Request>& requests,
                                        const std::vector<double>& arrivalSeconds, const roofline::StepPricer& pricer,
                                        const StepTimeModel& time, const std::function<bool(double)>& progress = {});

// The same requests offered at each rate (Poisson arrivals, requests per second, from the same draws), through
// one allocator: the throughput and latency against offered load. Nothing when cancelled (progress over the
// whole sweep).
struct RatePoint {
    double rate = 0.0; // offered, requests per second
    TimedSummary summary;
    // The server keeps up with the rate: 90% of the requests wait in the queue for less time than the median
    // request then takes to be served. Past the knee the queue, and with it the wait, grows for as long as
    // requests keep coming; a throughput test (finished per second against offered) would also miss by the
    // drain at the end of a finite run.
    bool keepsUp() const;
};
std::optional<std::vector<RatePoint>> rateSweep(const SimConfig& config, const std::vector<Request>& requests,
                                                const std::vector<double>& rates, std::uint64_t seed,
                                                const roofline::StepPricer& pricer, const StepTimeModel& time,
                                                const std::function<bool(double)>& progress = {});
// The last rate of a sweep (in its order) that keeps up; nothing when none does.
std::optional<double> kneeRate(const std::vector<RatePoint>& sweep);

// A latency target on the 90th percentiles, as serving teams state one.
struct SloTarget {
    double ttftSeconds = 0.0;
    double tpotSeconds = 0.0;
    bool metBy(const TimedSummary& s) const; // both p90s within target, on the requests served
};
// Parses "ttft=2,tpot=0.1" (seconds; "ms" after a number for milliseconds), naming `what` in its errors.
SloTarget parseSloTarget(std::string_view text, std::string_view what = "--slo");

// The largest Poisson request rate whose replay meets the target. The search starts from the most requests per
// second this allocator finishes with every request there at once (R): it replays at 1.5 R, doubling while the
// target holds (a short trace's queue may not build up), else at R / 666; then halves the interval's logarithm
// until its ends are within 0.4% (about 11 replays from three decades apart). Misses are taken to grow with
// the rate, as they do but for noise near the edge. The concurrent users it serves follow from Little's law:
// rate x mean end-to-end latency.
struct SloCapacity {
    bool met = false;       // some rate meets the target (false: not even an idle server does)
    bool atCeiling = false; // the highest rate searched meets it: the capacity is at least `rate`
    double rate = 0.0;      // requests per second
    double concurrentUsers = 0.0;
    TimedSummary atRate; // the replay at `rate` (at the lowest rate searched when not met)
};
// How many times `over`'s request rate `of` sustains at the same target (paged over a contiguous policy: the
// paper's comparison); nothing unless both met it below the search's ceiling (a ceiling is only a lower bound).
std::optional<double> capacityRatio(const SloCapacity& of, const SloCapacity& over);
std::optional<SloCapacity> sloCapacity(const SimConfig& config, const std::vector<Request>& requests,
                                       const SloTarget& target, std::uint64_t seed, const roofline::StepPricer& pricer,
                                       const StepTimeModel& time, const std::function<bool(double)>& progress = {});

// The Serving page's study of a scenario, in one place so that the page and the lessons show the same figures:
// the pool is the scenario's KV capacity (capacity(scenario).tokens, in blocks of its block size), requests are
// capped at its context, and every allocator replays the same requests at the chosen rate, then is searched for
// its SLO capacity, then (optionally) swept over a common grid of rates up to 1.6 times the highest capacity.

// Why a scenario cannot be timed (the page says it in words); None when it can.
enum class ServingUnpriced { None, TensorParallel, StoredWeights, NoDataSheet, NoPool, PoolTooLarge };
ServingUnpriced servingUnpriced(const Scenario& scenario);
inline constexpr std::uint64_t kMaxServingPoolTokens = 1ull << 28; // as `kvscope-cli simulate`

struct ServingStudyInput {
    WorkloadKind workload = WorkloadKind::ShareGpt; // ShareGpt or Alpaca
    std::uint32_t requestCount = 1000;
    double rate = 2.0; // requests per second, Poisson
    SloTarget target{2.0, 0.1};
    double fixedSeconds = 0.0; // per step
    std::string fixedSource;
    int sweepPoints = 10; // rates in the sweep; 0: none
    std::uint64_t seed = 1;
    // A trace's requests in place of the generated workload (null: generated), and the times the replay at
    // the rate uses in place of Poisson arrivals (empty: Poisson at `rate`; else one per request, seconds).
    // The SLO search and the sweep offer the same requests at Poisson rates.
    std::shared_ptr<const std::vector<Request>> requests;
    std::vector<double> arrivals;
    AdmissionPolicy admission = AdmissionPolicy::Vllm; // the paged row's (SimConfig::admission)
    double watermark = 0.1;
};
struct ServingStudyRow {
    AllocatorKind kind = AllocatorKind::Paged;
    TimedSummary atRate;
    SloCapacity capacity;
    std::vector<RatePoint> sweep;
};
struct ServingStudy {
    std::vector<ServingStudyRow> rows; // allocatorKinds() order
    std::uint64_t poolTokens = 0;
    std::uint32_t maxModelLen = 0;
    StepTimeModel time;
    std::string gpuName;
    const ServingStudyRow& row(AllocatorKind kind) const; // throws Error for a kind not in rows
    // capacityRatio of paged over `other`.
    std::optional<double> pagedOver(AllocatorKind other) const;
};
// Throws Error when servingUnpriced(scenario) is not None (naming why) or an input is out of range; nothing
// when `progress` (0..1 over the whole study) returns false.
std::optional<ServingStudy> servingStudy(const Scenario& scenario, const ServingStudyInput& input,
                                         const std::function<bool(double)>& progress = {});

} // namespace kvscope
