// Simulator throughput. Part 1: 100,000 ShareGPT-like requests through each allocator, side by
// side, with requests/s and block operations/s (the interactive view needs a paged run of
// 100,000 requests well under a second; target 0.5 s). Part 2: a day of traffic, 1,000,000
// ShareGPT-like requests on the paged allocator, without sharing and with parallel sampling and
// prefix caching on (4 system prompts of 300 tokens), side by side with their ratios (target:
// under 3 s with sharing). Part 3: the same day timed (each step priced on the roofline, Poisson arrivals in
// seconds; target: under 5 s), and the window's SLO search over every allocator. Times are wall-clock on this
// machine; no test asserts them.
#include "benchargs.h"
#include "kvsimulator.h"
#include "scenario.h"
#include "servingreplay.h"
#include "workload.h"

#include <chrono>
#include <cstdio>

namespace {

double seconds(kvscope::SimSummary& out, const kvscope::SimConfig& config,
               const std::vector<kvscope::Request>& requests) {
    const auto start = std::chrono::steady_clock::now();
    out = kvscope::simulate(config, requests);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
    const bool quick =
        kvscope::bench::parseBenchArgs(
            argc, argv,
            "Simulator throughput: 100,000 ShareGPT-like requests through each allocator (target: the paged run "
            "under\n0.5 s), then a day of traffic, 1,000,000 requests on the paged allocator without sharing and "
            "with parallel\nsampling and prefix caching (target: under 3 s). About 20 s.",
            "100,000 requests instead of 1,000,000 in the second part (about 3 s)")
            .quick;
    kvscope::WorkloadSpec spec = kvscope::WorkloadSpec::parse("sharegpt");
    spec.requests = 100'000;
    const auto requests = kvscope::generateWorkload(spec);
    std::printf("100,000 ShareGPT-like requests, pool 15,728 slots, block 16, all arriving at step 0\n");
    std::printf("%-8s %10s %14s %16s %12s %14s\n", "alloc", "seconds", "requests/s", "block ops/s", "steps",
                "token share");
    for (auto kind : {kvscope::AllocatorKind::Max, kvscope::AllocatorKind::Pow2, kvscope::AllocatorKind::Oracle,
                      kvscope::AllocatorKind::Paged}) {
        kvscope::SimConfig config;
        config.allocator = kind;
        kvscope::SimSummary s;
        const double t = seconds(s, config, requests);
        std::printf("%-8s %10.3f %14.0f %16.0f %12llu %13.1f%%\n", s.allocator.c_str(), t, double(s.requests) / t,
                    double(s.blockOperations) / t, static_cast<unsigned long long>(s.steps),
                    100.0 * s.saturated.tokenStates);
        if (kind == kvscope::AllocatorKind::Paged)
            std::printf("paged run / 0.5 s target = %.3f  %s\n", t / 0.5, t <= 0.5 ? "MET" : "MISSED");
    }

    spec.requests = quick ? 100'000 : 1'000'000;
    const auto day = kvscope::generateWorkload(spec);
    kvscope::WorkloadSpec sharedSpec = spec;
    sharedSpec.parseSharedPrompts("4:300");
    const auto sharedDay = kvscope::generateWorkload(sharedSpec);
    std::printf("\n%u ShareGPT-like requests, paged, pool 15,728 slots, block 16\n", spec.requests);
    std::printf("%-44s %10s %14s %12s %12s %10s\n", "run", "seconds", "requests/s", "steps", "saving", "hit rate");
    kvscope::SimConfig plain;
    kvscope::SimSummary a, b;
    const double ta = seconds(a, plain, day);
    std::printf("%-44s %10.3f %14.0f %12llu %11.1f%% %9.1f%%\n", "no sharing", ta, double(a.requests) / ta,
                static_cast<unsigned long long>(a.steps), 100 * a.meanSharingSaving, 100 * a.prefixHitRate);
    kvscope::SimConfig shared;
    shared.samples = 2;
    shared.prefixCache = true;
    const double tb = seconds(b, shared, sharedDay);
    std::printf("%-44s %10.3f %14.0f %12llu %11.1f%% %9.1f%%\n", "parallel:2 + prefix cache, 4 x 300-token prompts", tb,
                double(b.requests) / tb, static_cast<unsigned long long>(b.steps), 100 * b.meanSharingSaving,
                100 * b.prefixHitRate);
    std::printf("ratios (sharing / none): time %.2f, steps %.2f\n", tb / ta, double(b.steps) / double(a.steps));
    std::printf("sharing run / 3 s target = %.3f  %s\n", tb / 3.0, tb <= 3.0 ? "MET" : "MISSED");

    // Part 3: the same day in seconds (issue 29), each step priced on the roofline, beside the untimed run.
    const kvscope::Scenario paper = kvscope::paperServingScenario();
    const auto setup = kvscope::servingSetup(paper);
    const std::vector<double> arrivals = kvscope::poissonArrivalSeconds(day.size(), 3.0, 1);
    std::printf("\nThe same %u requests timed: OPT-13B on an A100-40GB, Poisson arrivals at 3 requests/s, paged\n",
                spec.requests);
    std::printf("%-44s %10s %14s %12s %14s\n", "run", "seconds", "requests/s", "steps", "replayed s");
    auto start = std::chrono::steady_clock::now();
    const auto timed = kvscope::replayTimed(plain, day, arrivals, setup->pricer, setup->time);
    const double tt = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-44s %10.3f %14.0f %12llu %14.0f\n", "timed replay", tt, double(day.size()) / tt,
                static_cast<unsigned long long>(timed->pool.steps), timed->seconds);
    std::printf("ratio (timed / untimed, no sharing): time %.2f\n", tt / ta);
    std::printf("timed run / 5 s target = %.3f  %s\n", tt / 5.0, tt <= 5.0 ? "MET" : "MISSED");

    // The window's question: every allocator's SLO capacity on the course's 1,000 requests.
    spec.requests = 1'000;
    const auto course = kvscope::generateWorkload(spec);
    start = std::chrono::steady_clock::now();
    for (auto kind : {kvscope::AllocatorKind::Max, kvscope::AllocatorKind::Pow2, kvscope::AllocatorKind::Oracle,
                      kvscope::AllocatorKind::Paged}) {
        kvscope::SimConfig config;
        config.allocator = kind;
        kvscope::sloCapacity(config, course, {2.0, 0.1}, 1, setup->pricer, setup->time);
    }
    const double ts = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("SLO capacity of 4 allocators, 1,000 requests (p90 TTFT 2 s, TPOT 100 ms): %.3f s\n", ts);
    return 0;
}
