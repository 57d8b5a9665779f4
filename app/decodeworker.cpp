#include "decodeworker.h"

#include "error.h"

#include <algorithm>

using namespace kvscope::gpu;

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

namespace {
// 2 steps of every mode at the run's batch, and, when the run has an uncached mode, 2 steps
// at batch 1 from the run's mean prefix with and without a cache. The seconds, or -1 when
// stopped.
double probeSeconds(const DecodeOptions& options, const std::atomic<bool>* stop) {
    DecodeOptions shortProbe = options;
    shortProbe.steps = std::min(2u, options.steps);
    const DecodeReport probe = runDecode(shortProbe, stop);
    if (probe.stopped)
        return -1;
    const bool uncached = std::find(options.modes.begin(), options.modes.end(), CacheMode::None) != options.modes.end();
    if (!uncached || options.steps < 4)
        return estimateRunSeconds(options, probe);
    DecodeOptions prefix = options;
    prefix.batch = 1;
    prefix.steps = 2;
    prefix.promptLen = std::min(options.promptLen + options.steps / 2, options.model.maxContext - 2);
    prefix.modes = {CacheMode::None, CacheMode::Contiguous};
    const DecodeReport prefixProbe = runDecode(prefix, stop);
    if (prefixProbe.stopped)
        return -1;
    return estimateRunSeconds(options, probe, &prefixProbe);
}
} // namespace

void DecodeWorker::run(const DecodeOptions& options) {
    if (m_shutdown)
        return;
    m_stop = false;
    try {
        const double seconds = probeSeconds(options, &m_stop);
        if (m_stop || seconds < 0)
            return emit finished(DecodeReport{});
        emit estimated(seconds);
        emit finished(runDecode(options, &m_stop, [this](const StepRecord& step) { emit stepMeasured(step); }));
    } catch (const kvscope::Error& e) {
        emit failed(QString::fromUtf8(e.what()));
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
    }
}

void DecodeWorker::estimate(const QList<DecodeOptions>& runs, int ticket) {
    if (m_shutdown)
        return;
    m_estimateStop = false;
    double seconds = 0;
    try {
        for (const DecodeOptions& options : runs) {
            const double run = probeSeconds(options, &m_estimateStop);
            if (run < 0)
                return; // cancelled: a run was asked for, or the page is closing
            seconds += run;
        }
    } catch (const std::exception&) {
        seconds = -1; // no estimate; the run itself says what is wrong when it is asked for
    }
    emit estimateReady(seconds, ticket);
}
