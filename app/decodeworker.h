#pragma once

#include "decode.h"
#include "runestimate.h" // estimateRunSeconds, which the probes feed

#include <QList>
#include <QObject>

#include <atomic>
#include <limits>

Q_DECLARE_METATYPE(kvscope::gpu::StepRecord)
Q_DECLARE_METATYPE(kvscope::gpu::DecodeReport)
Q_DECLARE_METATYPE(kvscope::gpu::DecodeOptions)

// Runs the decode core on its own thread. Results travel as values; stop() is honoured
// within a small part of one decode step (the core polls it per layer and per chunk of a
// long uncached step), in the probes too. Signals, per run(): estimated (at most once, after
// the probes), stepMeasured (0 or more), then exactly one of finished or failed, last.
class DecodeWorker : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

    // The probes before a run, or for an estimate, end after this long (wall clock): a run too
    // large to probe in that time is announced as such (estimated(+inf)) and goes ahead.
    static constexpr double kProbeBudgetSeconds = 30.0;
    void setProbeBudget(double seconds) { m_probeBudget = seconds; }

public slots:
    // Short probes first (see gpu/runestimate.h) to estimate the run's duration, then the run.
    // `ticket` is arm()'s for this run: a Stop pressed after that arm(), even while the run still
    // waits in the queue, ends it (it finishes with an empty report if it had not begun).
    void run(const kvscope::gpu::DecodeOptions& options, quint64 ticket);
    // Only the probes, for runs a preset is about to offer: the seconds of all of them together
    // (probes, loading the model and the steps),
    // answered with `ticket` so the page can drop an estimate it no longer needs; -1 seconds
    // when the options cannot run, +inf when the probes ran past the budget.
    void estimate(const QList<kvscope::gpu::DecodeOptions>& runs, int ticket);
    // Stops every run armed so far: the one running and any still waiting in the queue. A run
    // armed later is not affected.
    void stop() {
        m_stoppedThrough = m_armed.load();
        m_stop = true;
    }
    // Called by the page, on its own thread, each time it asks for a run: the run's ticket, to
    // pass to run(). Tickets rise by one per call; a Stop applies to the tickets handed out
    // before it, so asking for the next run cannot clear a Stop meant for a queued one.
    quint64 arm() { return ++m_armed; }
    // Called by the page, on its own thread, each time it asks for an estimate: the estimate's
    // ticket, to pass to estimate(). Every estimate armed before it is dropped, the one probing
    // (it stops within a step) and any still waiting in the queue (it never starts).
    int armEstimate() {
        const int ticket = ++m_estimateArmed;
        m_estimateStop = true;
        return ticket;
    }
    // For good: the page is closing, nothing more starts.
    void shutdown() {
        m_shutdown = true;
        m_stoppedThrough = std::numeric_limits<quint64>::max();
        m_stop = true;
        m_estimateStop = true;
    }

signals:
    // The run's estimated seconds from the probes; +inf when they ran past the probe budget.
    void estimated(double seconds);
    void estimateReady(double seconds, int ticket);
    void stepMeasured(const kvscope::gpu::StepRecord& step);
    void finished(const kvscope::gpu::DecodeReport& report);
    void failed(const QString& message);

private:
    std::atomic<quint64> m_armed{0};          // the last ticket arm() handed out
    std::atomic<quint64> m_stoppedThrough{0}; // runs with a ticket up to this one are stopped
    std::atomic<bool> m_stop{false};          // the run in progress: what the decode core polls
    std::atomic<int> m_estimateArmed{0};      // the last ticket armEstimate() handed out
    std::atomic<bool> m_estimateStop{false};  // the estimate in progress: what the probes poll
    std::atomic<bool> m_shutdown{false};
    std::atomic<double> m_probeBudget{kProbeBudgetSeconds};
};
