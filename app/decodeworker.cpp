#include "decodeworker.h"

#include "error.h"
#include "runestimate.h"

#include <algorithm>
#include <chrono>
#include <limits>

using namespace kvscope::gpu;

namespace {
struct ProbeTimes {
    double runSeconds = -1;  // the run's own: its steps and loading the model once; -1 when stopped
    double probeSeconds = 0; // what the probes themselves took, wall clock
    bool overBudget = false; // the probes ran past their time budget (runSeconds is -1 then)
};

double wallSeconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// 2 steps of every mode at the run's batch, and, when the run has an uncached mode, 2 steps
// at batch 1 from the run's mean prefix with and without a cache.
ProbeTimes probe(const DecodeOptions& options, const std::atomic<bool>* flag, double budgetSeconds) {
    ProbeTimes t;
    const auto start = std::chrono::steady_clock::now();
    StopCondition stop;
    stop.flag = flag;
    stop.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(std::max(0.0, budgetSeconds)));
    const auto stopped = [&](const DecodeReport& r) {
        if (!r.stopped)
            return false;
        t.overBudget = !flag->load(); // not the caller's stop: the deadline
        return true;
    };
    DecodeOptions shortProbe = options;
    shortProbe.steps = std::min(2u, options.steps);
    // The probe compares nothing; a run whose accuracy reference runs hidden pays for its steps too.
    shortProbe.compareWithReference = false;
    const auto asked = [&](CacheMode m) {
        return std::find(options.modes.begin(), options.modes.end(), m) != options.modes.end();
    };
    if (options.compareWithReference && !asked(CacheMode::Contiguous) &&
        std::any_of(options.modes.begin(), options.modes.end(), [](CacheMode m) { return m != CacheMode::None; }))
        shortProbe.modes.push_back(CacheMode::Contiguous);
    const DecodeReport first = runDecode(shortProbe, stop);
    if (stopped(first))
        return t;
    // Loading the model (random weights, or a file) is paid again by the run: the probe's
    // wall time less its steps.
    double stepsMs = 0;
    for (const ModeResult& m : first.modes)
        stepsMs += m.totalMs;
    const double setup = std::max(0.0, wallSeconds(start) - stepsMs / 1000.0);
    const bool uncached = std::find(options.modes.begin(), options.modes.end(), CacheMode::None) != options.modes.end();
    if (!uncached || options.steps < 4) {
        t.runSeconds = estimateRunSeconds(options, first) + setup;
        t.probeSeconds = wallSeconds(start);
        return t;
    }
    DecodeOptions prefix = options;
    prefix.batch = 1;
    prefix.steps = 2;
    prefix.promptLen = std::min(options.promptLen + options.steps / 2, options.model.maxContext - 2);
    prefix.modes = {CacheMode::None, CacheMode::Contiguous};
    prefix.compareWithReference = false;
    const DecodeReport second = runDecode(prefix, stop);
    if (stopped(second))
        return t;
    t.runSeconds = estimateRunSeconds(options, first, &second) + setup;
    t.probeSeconds = wallSeconds(start);
    return t;
}
} // namespace

void DecodeWorker::run(const DecodeOptions& options, quint64 ticket) {
    if (m_shutdown)
        return;
    // This run's flag: clear, then raised if a Stop came for this ticket. In this order a
    // stop() that lands in between still leaves it raised (stop() writes the ticket first).
    m_stop = false;
    if (ticket <= m_stoppedThrough)
        m_stop = true;
    try {
        const ProbeTimes t = probe(options, &m_stop, m_probeBudget);
        if (m_stop || (t.runSeconds < 0 && !t.overBudget))
            return emit finished(DecodeReport{});
        emit estimated(t.overBudget ? std::numeric_limits<double>::infinity() : t.runSeconds);
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
    // Clear the stop, then look at the ticket and the shutdown: a newer estimate armed (or a shutdown) after
    // the clear raises the stop again, one before it shows here. An older estimate never clears a newer one's
    // stop (it used to: presets pressed in quick succession each probed to the end, one after another).
    m_estimateStop = false;
    if (m_shutdown || ticket != m_estimateArmed)
        return;
    double seconds = 0;
    try {
        for (const DecodeOptions& options : runs) {
            const ProbeTimes t = probe(options, &m_estimateStop, m_probeBudget);
            if (t.overBudget)
                return emit estimateReady(std::numeric_limits<double>::infinity(), ticket);
            if (t.runSeconds < 0)
                return;                               // cancelled: a run was asked for, or the page is closing
            seconds += t.runSeconds + t.probeSeconds; // Run probes again before it runs
        }
    } catch (const std::exception&) {
        seconds = -1; // no estimate; the run itself says what is wrong when it is asked for
    }
    emit estimateReady(seconds, ticket);
}
