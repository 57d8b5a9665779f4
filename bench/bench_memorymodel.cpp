// How long one full recompute of the figures a slider change needs takes, next to the
// 16.7 ms frame budget: the reason the window can recompute on every slider tick.
#include "benchargs.h"
#include "scenario.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
    const auto args = kvscope::bench::parseBenchArgs(
        argc, argv,
        "Times one full recompute of the memory figures (estimate, capacity, largest batch and context) over "
        "10,000 scenarios\nand compares its p99 with the 16.7 ms frame budget. Takes under a second.",
        "1,000 scenarios instead of 10,000");
    const int scenarios = args.quick ? 1'000 : 10'000;
    using clock = std::chrono::steady_clock;
    kvscope::Scenario s = kvscope::defaultScenario();
    std::vector<double> micros;
    micros.reserve(std::size_t(scenarios));
    std::uint64_t sink = 0;
    for (int i = 0; i < scenarios; ++i) {
        s.context = 128 + static_cast<std::uint64_t>(i % 4096) * 32;
        s.batch = 1 + static_cast<std::uint64_t>(i % 64);
        const auto start = clock::now();
        const kvscope::Estimate e = kvscope::estimate(s);
        const kvscope::Capacity c = kvscope::capacity(s);
        sink += e.totalBytes + c.tokens + kvscope::maxBatchForContext(s) + kvscope::maxContextForBatch(s);
        micros.push_back(std::chrono::duration<double, std::micro>(clock::now() - start).count());
    }
    std::sort(micros.begin(), micros.end());
    const double median = micros[micros.size() / 2];
    const double p99 = micros[micros.size() * 99 / 100];
    constexpr double frameMicros = 16'700.0;
    std::printf("core recompute (estimate + capacity + max batch + max context), %d scenarios\n", scenarios);
    std::printf("  median %.2f us, p99 %.2f us; frame budget 16.7 ms\n", median, p99);
    std::printf("  p99 / frame budget = %.5f (target < 0.01)  %s\n", p99 / frameMicros,
                p99 / frameMicros < 0.01 ? "MET" : "MISSED");
    std::printf("  (checksum %llu)\n", static_cast<unsigned long long>(sink % 1000));
    return 0;
}
