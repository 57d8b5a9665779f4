#include "runestimate.h"

#include <algorithm>
#include <vector>

namespace kvscope::gpu {

double estimateRunSeconds(const DecodeOptions& options, const DecodeReport& probe, const DecodeReport* prefixProbe) {
    // Cached steps stay flat: the probe's last one, times the steps. Uncached steps grow with
    // the prefix: a + b x tokens, with a the cost of a one-token-per-sequence step (a cached
    // step at this batch) and b the cost per token of a long uncached step, which the prefix
    // probe measures at batch 1 and the run's mean prefix (attention makes b grow with it).
    const ModeResult* uncached = nullptr;
    const ModeResult* cached = nullptr;
    for (const ModeResult& m : probe.modes) {
        if (m.steps.empty())
            continue;
        if (m.mode == CacheMode::None)
            uncached = &m;
        else if (!cached)
            cached = &m;
    }
    const double oneToken = double(options.batch);
    const double meanTokens = oneToken * (options.promptLen + options.steps / 2.0);
    double ms = 0;
    const TwoPointFit long_ = prefixProbe ? twoPointFit(*prefixProbe) : TwoPointFit{};
    if (uncached && long_.measured && long_.model.bMs > 0) {
        const double a = cached ? cached->steps.back().milliseconds : long_.model.aMs;
        ms += (a + long_.model.bMs * (meanTokens - oneToken)) * options.steps;
    } else if (uncached) { // from this probe's short steps alone
        const StepRecord& last = uncached->steps.back();
        const double tokens = double(std::max<std::uint64_t>(1, last.tokensComputed));
        const double a = cached ? cached->steps.back().milliseconds : 0.0;
        if (cached && tokens > oneToken && last.milliseconds > a)
            ms += (a + (last.milliseconds - a) / (tokens - oneToken) * (meanTokens - oneToken)) * options.steps;
        else
            ms += last.milliseconds / tokens * meanTokens * options.steps;
    }
    for (const ModeResult& m : probe.modes)
        if (m.mode != CacheMode::None && !m.steps.empty())
            ms += m.steps.back().milliseconds * options.steps + m.steps.front().milliseconds;
    return ms / 1000.0;
}

double stepTimeAxisTop(std::span<const double> stepMs, int* offScale) {
    if (stepMs.empty()) {
        if (offScale)
            *offScale = 0;
        return 1.0;
    }
    std::vector<double> sorted(stepMs.begin(), stepMs.end());
    const bool few = sorted.size() < 20;
    const std::size_t rank = few ? sorted.size() - 1 : sorted.size() * 95 / 100;
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(rank), sorted.end());
    const double top = std::max(sorted[rank] * (few ? 1.15 : 1.3), 1e-3);
    if (offScale)
        *offScale = int(std::count_if(stepMs.begin(), stepMs.end(), [&](double ms) { return ms > top; }));
    return top;
}

} // namespace kvscope::gpu
