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
    // The equations' own slope, not the physical fit's: a slightly negative a from two short
    // probes says nothing against their b, which is all the estimate takes.
    if (uncached && long_.measured && long_.solved.bMs > 0) {
        const double a = cached ? cached->steps.back().milliseconds : std::max(0.0, long_.solved.aMs);
        ms += (a + long_.solved.bMs * (meanTokens - oneToken)) * options.steps;
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

double remainingRunSeconds(const DecodeOptions& options, std::span<const StepRecord> done) {
    std::vector<double> oneToken;             // every cached mode's one-token steps
    std::vector<double> uncachedX, uncachedY; // the uncached mode's steps
    double uncachedFirst = -1;                // its step 0, a prefill like the cached modes'
    for (const StepRecord& s : done) {
        if (s.mode == CacheMode::None) {
            uncachedX.push_back(double(s.tokensComputed));
            uncachedY.push_back(s.milliseconds);
            if (s.step == 0)
                uncachedFirst = s.milliseconds;
        } else if (s.step > 0) {
            oneToken.push_back(s.milliseconds);
        }
    }
    const auto median = [](std::vector<double> v) {
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    double ms = 0;
    for (const CacheMode mode : options.modes) {
        std::uint32_t measured = 0;
        std::vector<double> own;
        for (const StepRecord& s : done)
            if (s.mode == mode) {
                measured = std::max(measured, s.step + 1);
                if (s.step > 0)
                    own.push_back(s.milliseconds);
            }
        if (measured >= options.steps)
            continue;
        if (mode == CacheMode::None) {
            if (uncachedX.size() < 3)
                return -1;
            const kvscope::StepModel line = fitTwoTermPhysical(uncachedX, uncachedY);
            for (std::uint32_t step = measured; step < options.steps; ++step)
                ms += line.predict(double(options.batch) * double(options.promptLen + step));
            continue;
        }
        const std::vector<double>& basis = own.empty() ? oneToken : own;
        double perStep = 0;
        if (!basis.empty())
            perStep = median(basis);
        else if (uncachedX.size() >= 3) // the two-term model of the uncached steps at one token per sequence
            perStep = fitTwoTermPhysical(uncachedX, uncachedY).predict(double(options.batch));
        else
            return -1;
        ms += perStep * double(options.steps - std::max<std::uint32_t>(measured, 1));
        if (measured == 0)
            ms += uncachedFirst >= 0 ? uncachedFirst : perStep;
    }
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
