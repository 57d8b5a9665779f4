// The decode worker without a window: a plain QCoreApplication, the worker on its own thread
// as the GPU page has it, its signals caught by QSignalSpy. Run -> estimate -> steps ->
// result, Stop mid-run and before a queued run starts, and failures on bad options.
#include "decodetestoptions.h"
#include "decodeworker.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <cmath>

Q_DECLARE_METATYPE(std::vector<kvscope::gpu::CacheMode>)

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;
using decodetest::longStep;
using decodetest::tiny;

namespace {
// Guards against a hang, not speed checks: a stop lands within one ~1 GFLOP chunk (tens of
// milliseconds when the machine is quiet, seconds on a loaded CI machine or under TSan); the
// long step it cuts short takes a minute or more.
constexpr int kStopGuardMs = 30000;
constexpr int kRunGuardMs = 60000;

// A DecodeWorker on its own thread, as the page has it, and its signals in the order they
// arrive here (queued: one sender thread, so the order is the order of emission).
struct ThreadedWorker {
    QThread thread;
    DecodeWorker* worker = new DecodeWorker;
    QObject context;
    QStringList order;
    std::vector<StepRecord> steps;
    std::vector<DecodeReport> reports;
    QString error;
    double estimate = -2;
    int ticket = -1;

    ThreadedWorker() {
        worker->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
        QObject::connect(worker, &DecodeWorker::estimated, &context, [this](double s) {
            order << u"estimated"_s;
            estimate = s;
        });
        QObject::connect(worker, &DecodeWorker::estimateReady, &context, [this](double s, int t) {
            order << u"estimateReady"_s;
            estimate = s;
            ticket = t;
        });
        QObject::connect(worker, &DecodeWorker::stepMeasured, &context, [this](const StepRecord& step) {
            order << u"step"_s;
            steps.push_back(step);
        });
        QObject::connect(worker, &DecodeWorker::finished, &context, [this](const DecodeReport& r) {
            order << u"finished"_s;
            reports.push_back(r);
        });
        QObject::connect(worker, &DecodeWorker::failed, &context, [this](const QString& m) {
            order << u"failed"_s;
            error = m;
        });
        thread.start();
    }
    ~ThreadedWorker() {
        worker->shutdown();
        thread.quit();
        thread.wait();
    }
    // What the page does: arm the worker, then queue the run.
    void run(const DecodeOptions& o) {
        const quint64 runTicket = worker->arm();
        QMetaObject::invokeMethod(
            worker, [w = worker, o, runTicket] { w->run(o, runTicket); }, Qt::QueuedConnection);
    }
    // What the page does for a preset: arm an estimate, then queue it; its ticket.
    int estimateFor(const DecodeOptions& o) {
        const int t = worker->armEstimate();
        QMetaObject::invokeMethod(
            worker, [w = worker, o, t] { w->estimate({o}, t); }, Qt::QueuedConnection);
        return t;
    }
    // Holds the worker's thread until the returned semaphore is released: what comes next waits
    // in its queue, as a run does behind an estimate's probe.
    std::shared_ptr<QSemaphore> hold() {
        auto gate = std::make_shared<QSemaphore>();
        QMetaObject::invokeMethod(
            worker, [gate] { gate->acquire(); }, Qt::QueuedConnection);
        return gate;
    }
    int ended() const { return int(order.count(u"finished"_s) + order.count(u"failed"_s)); }
};

// Positions a step pushes through the model, all sequences: the prompt at step 0; after it
// one token per sequence with a cache, the whole prefix again without one.
std::uint64_t tokensAt(const DecodeOptions& o, CacheMode mode, std::uint32_t step) {
    if (step == 0)
        return std::uint64_t(o.batch) * o.promptLen;
    return mode == CacheMode::None ? std::uint64_t(o.batch) * (o.promptLen + step) : o.batch;
}
} // namespace

class TestDecodeWorker : public QObject {
    Q_OBJECT

private slots:
    // ---- run -> progress -> result ----

    void runReportsStepsThenTheResult_data() {
        QTest::addColumn<std::vector<CacheMode>>("modes");
        QTest::addColumn<std::uint32_t>("batch");
        QTest::addColumn<std::uint32_t>("steps");
        QTest::newRow("none, contiguous, paged")
            << std::vector<CacheMode>{CacheMode::None, CacheMode::Contiguous, CacheMode::Paged} << 2u << 4u;
        QTest::newRow("contiguous alone") << std::vector<CacheMode>{CacheMode::Contiguous} << 2u << 6u;
        QTest::newRow("paged, batch 3") << std::vector<CacheMode>{CacheMode::Paged} << 3u << 5u;
        QTest::newRow("no cache and dynamic")
            << std::vector<CacheMode>{CacheMode::None, CacheMode::Dynamic} << 1u << 3u;
    }
    void runReportsStepsThenTheResult() {
        QFETCH(std::vector<CacheMode>, modes);
        QFETCH(std::uint32_t, batch);
        QFETCH(std::uint32_t, steps);
        DecodeOptions o = tiny(steps);
        o.modes = modes;
        o.batch = batch;
        o.backend = BackendChoice::Cpu;
        ThreadedWorker t;
        QSignalSpy finished(t.worker, &DecodeWorker::finished);
        t.run(o);
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 1, kRunGuardMs);
        // The estimate first, every step in order, the result last.
        QStringList expected{u"estimated"_s};
        for (std::size_t i = 0; i < modes.size() * steps; ++i)
            expected << u"step"_s;
        expected << u"finished"_s;
        QCOMPARE(t.order, expected);
        QVERIFY(t.estimate >= 0 && std::isfinite(t.estimate));
        QCOMPARE(finished.count(), 1);
        // Each mode's steps, 0 to steps - 1, with the positions each pushed through.
        std::size_t i = 0;
        for (const CacheMode mode : modes)
            for (std::uint32_t s = 0; s < steps; ++s, ++i) {
                QCOMPARE(t.steps[i].mode, mode);
                QCOMPARE(t.steps[i].step, s);
                QCOMPARE(t.steps[i].tokensComputed, tokensAt(o, mode, s));
                QVERIFY(t.steps[i].milliseconds > 0);
            }
        // The result says what ran, and holds the same steps the signals carried.
        const DecodeReport& r = t.reports.at(0);
        QVERIFY(!r.stopped);
        QCOMPARE(r.batch, batch);
        QCOMPARE(r.stepsRequested, steps);
        QCOMPARE(r.modes.size(), modes.size());
        i = 0;
        for (std::size_t m = 0; m < modes.size(); ++m) {
            QCOMPARE(r.modes[m].mode, modes[m]);
            QVERIFY(r.modes[m].completed);
            QCOMPARE(r.modes[m].steps.size(), std::size_t(steps));
            for (const StepRecord& s : r.modes[m].steps)
                QCOMPARE(s.milliseconds, t.steps[i++].milliseconds);
        }
        QCOMPARE(r.tokensCompared, modes.size() > 1);
        QVERIFY(r.tokensIdentical); // every cache generates the tokens the uncached model does
    }

    // ---- Stop ----

    // Stop mid-run: the run ends early with what it measured, flagged stopped, and nothing follows.
    void stopMidRunEndsItWithWhatWasMeasured() {
        ThreadedWorker t;
        const DecodeOptions o = tiny(4000 - 8);
        t.run(o);
        QTRY_VERIFY_WITH_TIMEOUT(t.steps.size() > 5, kRunGuardMs);
        t.worker->stop();
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 1, kStopGuardMs);
        QCOMPARE(t.order.back(), u"finished"_s);
        const DecodeReport& r = t.reports.at(0);
        QVERIFY(r.stopped);
        QVERIFY(!r.modes.empty());
        QVERIFY(!r.modes.back().completed);
        std::size_t measured = 0;
        for (const ModeResult& m : r.modes)
            measured += m.steps.size();
        QCOMPARE(measured, t.steps.size()); // the report claims exactly the steps that were signalled
        QVERIFY(measured < o.modes.size() * o.steps);
        // Nothing more arrives: a run queued behind the stopped one is the proof.
        t.run(tiny(2));
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 2, kRunGuardMs);
        QCOMPARE(t.order.count(u"finished"_s), 2);
        QVERIFY(!t.reports.at(1).stopped);
    }

    // A Stop pressed while the run still waits in the worker's queue is not lost: the run
    // starts stopped and reports nothing measured (it used to clear the flag on entry).
    void stopBeforeTheRunStartsIsKept() {
        DecodeWorker worker; // on this thread: run() below is the queued call arriving
        QSignalSpy finished(&worker, &DecodeWorker::finished);
        QSignalSpy steps(&worker, &DecodeWorker::stepMeasured);
        const quint64 ticket = worker.arm();
        worker.stop();
        worker.run(tiny(64), ticket);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(steps.count(), 0);
        QVERIFY(finished.at(0).at(0).value<DecodeReport>().modes.empty());
        // Armed again, the next run goes ahead.
        worker.run(tiny(2), worker.arm());
        QCOMPARE(finished.count(), 2);
        QVERIFY(!finished.at(1).at(0).value<DecodeReport>().modes.empty());
    }

    // Stop, then Run again at once, while the first run still waits in the queue (behind an
    // estimate's probe): the Stop is for the first run and stays with it. Arming the second run
    // used to clear it, so the first ran in full before the second.
    void stopOfAQueuedRunSurvivesTheNextRequest() {
        DecodeWorker worker; // on this thread: the run() calls below are the queued calls arriving
        QSignalSpy finished(&worker, &DecodeWorker::finished);
        QSignalSpy steps(&worker, &DecodeWorker::stepMeasured);
        const quint64 stoppedTicket = worker.arm();
        worker.stop();
        const quint64 nextTicket = worker.arm();
        worker.run(tiny(64), stoppedTicket); // the stopped one
        worker.run(tiny(2), nextTicket);     // the one asked for after the Stop
        QCOMPARE(finished.count(), 2);
        QVERIFY(finished.at(0).at(0).value<DecodeReport>().modes.empty());
        const DecodeReport second = finished.at(1).at(0).value<DecodeReport>();
        QVERIFY(!second.stopped);
        QCOMPARE(second.stepsRequested, 2u);
        QCOMPARE(steps.count(), 3 * 2); // the second run's steps only
    }

    // The same across threads, as the page has it.
    void stopOfAQueuedRunSurvivesTheNextRequestThreaded() {
        ThreadedWorker t;
        const auto gate = t.hold();
        t.run(tiny(64));
        t.worker->stop();
        t.run(tiny(2));
        gate->release();
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 2, kRunGuardMs);
        QCOMPARE(t.order.count(u"finished"_s), 2);
        QVERIFY(t.reports.at(0).modes.empty());
        QVERIFY(!t.reports.at(1).stopped);
        QCOMPARE(t.reports.at(1).stepsRequested, 2u);
        QCOMPARE(t.steps.size(), std::size_t(3 * 2));
    }

    // Stop while the probe is inside its first (long) step: the run ends at once, nothing measured.
    void stopDuringTheProbe() {
        ThreadedWorker t;
        t.run(longStep());
        QTest::qWait(1000); // the probe's first step has begun; it takes tens of seconds
        QVERIFY(t.order.isEmpty());
        QElapsedTimer clock;
        clock.start();
        t.worker->stop();
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 1, kStopGuardMs); // a guard: the step alone takes far longer
        QCOMPARE(t.order, QStringList{u"finished"_s});
        QVERIFY(t.reports.at(0).modes.empty());
        qInfo("stopped %lld ms after Stop", clock.elapsed());
    }

    // Probes that run past their budget say so (+inf) and the run goes ahead; Stop then ends
    // it inside its first step, and that step is not reported.
    void probeOverBudgetThenStop() {
        ThreadedWorker t;
        t.worker->setProbeBudget(0.5);
        t.run(longStep());
        QTRY_VERIFY_WITH_TIMEOUT(t.order.contains(u"estimated"_s), kStopGuardMs);
        QVERIFY(std::isinf(t.estimate));
        // Past drawing the run's weights (twice what it takes here, and 1 s: a sanitizer slows
        // it down), inside the run's first step.
        QElapsedTimer draw;
        draw.start();
        (void)randomWeights(longStep().model);
        QTest::qWait(int(2 * draw.elapsed()) + 1000);
        t.worker->stop();
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 1, kStopGuardMs);
        QCOMPARE(t.order, (QStringList{u"estimated"_s, u"finished"_s}));
        const DecodeReport& r = t.reports.at(0);
        QVERIFY(r.stopped);
        QCOMPARE(r.modes.size(), std::size_t(1));
        QVERIFY(r.modes[0].steps.empty());
        QVERIFY(!r.modes[0].completed);
    }

    void estimateOverBudget() {
        ThreadedWorker t;
        t.worker->setProbeBudget(0.5);
        const int ticket = t.estimateFor(longStep());
        QTRY_VERIFY_WITH_TIMEOUT(!t.order.isEmpty(), kStopGuardMs);
        QCOMPARE(t.order, QStringList{u"estimateReady"_s});
        QVERIFY(std::isinf(t.estimate));
        QCOMPARE(t.ticket, ticket);
    }

    // Presets pressed in quick succession: an estimate armed later drops the one waiting in the queue
    // before it, and only the newest answers. The older one used to clear the stop meant for it as it
    // began, then probe a long step to the probe budget before the newer one could start.
    void aNewerEstimateDropsAQueuedOne() {
        ThreadedWorker t;
        const auto gate = t.hold();
        const int older = t.estimateFor(longStep());
        const int newer = t.estimateFor(tiny(2));
        QVERIFY(newer != older);
        gate->release();
        QTRY_VERIFY_WITH_TIMEOUT(!t.order.isEmpty(), kStopGuardMs);
        QCOMPARE(t.order, QStringList{u"estimateReady"_s});
        QCOMPARE(t.ticket, newer);
        QVERIFY2(t.estimate >= 0 && !std::isinf(t.estimate), qPrintable(QString::number(t.estimate)));
    }

    // The same for an estimate already probing: the newer one stops it within a step.
    void aNewerEstimateStopsAProbingOne() {
        ThreadedWorker t;
        (void)t.estimateFor(longStep());
        QTest::qWait(500); // inside the long step's probe; it takes tens of seconds
        QVERIFY(t.order.isEmpty());
        const int newer = t.estimateFor(tiny(2));
        QTRY_VERIFY_WITH_TIMEOUT(!t.order.isEmpty(), kStopGuardMs);
        QCOMPARE(t.order, QStringList{u"estimateReady"_s});
        QCOMPARE(t.ticket, newer);
    }

    // ---- failure ----

    // Options the decode core refuses: failed, naming the option, and nothing else (no estimate,
    // no step, no finished).
    void badOptionsFail_data() {
        QTest::addColumn<DecodeOptions>("options");
        QTest::addColumn<QString>("names");
        DecodeOptions o = tiny(4);
        o.batch = 0;
        QTest::newRow("batch 0") << o << u"--batch must be between 1 and 4096, got 0"_s;
        o = tiny(4);
        o.batch = 5000;
        QTest::newRow("batch 5000") << o << u"--batch must be between 1 and 4096, got 5000"_s;
        o = tiny(0);
        QTest::newRow("no steps") << o << u"--steps must be at least 1"_s;
        o = tiny(4);
        o.promptLen = 0;
        QTest::newRow("no prompt") << o << u"--prompt-len must be at least 1"_s;
        o = tiny(4);
        o.blockSize = 0;
        QTest::newRow("block size 0") << o << u"--block-size must be between 1 and 1024, got 0"_s;
        o = tiny(4);
        o.modes.clear();
        QTest::newRow("no mode") << o << u"--cache: no mode to run"_s;
    }
    void badOptionsFail() {
        QFETCH(DecodeOptions, options);
        QFETCH(QString, names);
        ThreadedWorker t;
        t.run(options);
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 1, kRunGuardMs);
        QCOMPARE(t.order, QStringList{u"failed"_s});
        QVERIFY2(t.error.contains(names), qPrintable(t.error));
        // The worker is not left broken: the next run goes ahead.
        t.run(tiny(2));
        QTRY_COMPARE_WITH_TIMEOUT(t.ended(), 2, kRunGuardMs);
        QCOMPARE(t.order.back(), u"finished"_s);
        QVERIFY(!t.reports.at(0).stopped);
    }
};

QTEST_GUILESS_MAIN(TestDecodeWorker)
#include "tst_decodeworker.moc"
