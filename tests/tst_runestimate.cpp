// The decode run's time figures the GPU page shows (gpu/runestimate.h): how long a run will
// take from its probes, and how high the step-time axis reaches. Values worked out by hand.
#include "runestimate.h"

#include <QtTest>

#include <cmath>

using namespace kvscope::gpu;

namespace {
// A completed mode whose steps are (tokens computed, ms) pairs.
ModeResult mode(CacheMode m, const QList<QPair<int, double>>& steps) {
    ModeResult r;
    r.mode = m;
    r.completed = true;
    std::uint32_t i = 0;
    for (const auto& [tokens, ms] : steps)
        r.steps.push_back({m, i++, ms, std::uint64_t(tokens), 0});
    return r;
}
} // namespace

class TestRunEstimate : public QObject {
    Q_OBJECT

private slots:
    void estimate_data() {
        QTest::addColumn<uint>("batch");
        QTest::addColumn<uint>("prompt");
        QTest::addColumn<uint>("steps");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<bool>("withUncached");
        QTest::addColumn<bool>("withCached");
        QTest::addColumn<bool>("withPrefix");
        // Cached only: the probe's steps are (2 tokens, 30 ms) then (2, 10 ms): the last x 100
        // steps + the first (the prefill) = 10 x 100 + 30 = 1030 ms.
        QTest::newRow("cached only") << 2u << 10u << 100u << 1.030 << false << true << false;
        // Uncached only, batch 2, prompt 10, 20 steps: the last probe step computed 22 tokens in
        // 6 ms, 6/22 ms per token; mean tokens 2 x (10 + 20/2) = 40: 6/22 x 40 x 20 = 218.18 ms.
        QTest::newRow("uncached only") << 2u << 10u << 20u << 6.0 / 22 * 40 * 20 / 1000 << true << false << false;
        // Both: a = the cached step, 3 ms; b = (6 - 3) / (22 - 2) = 0.15 ms per token from the
        // probe's own steps; uncached (3 + 0.15 x (40 - 2)) x 20 = 174 ms; cached 3 x 20 + 4 = 64 ms.
        QTest::newRow("both, probe alone") << 2u << 10u << 20u << (174.0 + 64.0) / 1000 << true << true << false;
        // With the prefix probe at batch 1 from the mean prefix: uncached steps (20, 41 ms) and
        // (21, 43 ms), mean (20.5, 42); one-token cached step 2 ms: b = (42 - 2) / (20.5 - 1) =
        // 40 / 19.5 ms per token. Uncached (3 + 40 / 19.5 x 38) x 20 = 1618.97 ms; cached 64 ms.
        QTest::newRow("both, prefix probe")
            << 2u << 10u << 20u << ((3 + 40 / 19.5 * 38) * 20 + 64) / 1000 << true << true << true;
    }
    void estimate() {
        QFETCH(uint, batch);
        QFETCH(uint, prompt);
        QFETCH(uint, steps);
        QFETCH(double, seconds);
        QFETCH(bool, withUncached);
        QFETCH(bool, withCached);
        QFETCH(bool, withPrefix);
        DecodeOptions o;
        o.batch = batch;
        o.promptLen = prompt;
        o.steps = steps;
        DecodeReport probe;
        probe.batch = batch;
        if (withUncached)
            probe.modes.push_back(mode(CacheMode::None, {{20, 5.0}, {22, 6.0}}));
        if (withCached)
            probe.modes.push_back(mode(CacheMode::Contiguous, {{20, 4.0}, {2, 3.0}}));
        if (!withUncached && withCached) // the first row's own cached probe
            probe.modes.back() = mode(CacheMode::Contiguous, {{2, 30.0}, {2, 10.0}});
        DecodeReport prefix;
        prefix.batch = 1;
        prefix.modes = {mode(CacheMode::None, {{20, 41.0}, {21, 43.0}}),
                        mode(CacheMode::Contiguous, {{20, 40.0}, {1, 2.0}})};
        const double got = estimateRunSeconds(o, probe, withPrefix ? &prefix : nullptr);
        QVERIFY2(std::abs(got - seconds) < 1e-12, qPrintable(QString::number(got, 'g', 17)));
    }

    void timeLeft_data() {
        // A run of batch 2, prompt 1, 10 steps, modes none then contiguous, stopped part way:
        // the steps so far as (mode, step, ms), and the seconds left.
        QTest::addColumn<QList<QPointF>>("uncached"); // (step, ms)
        QTest::addColumn<QList<QPointF>>("cached");
        QTest::addColumn<double>("seconds");
        // Two uncached steps: nothing to fit the growth with yet, the probes' estimate stands.
        QTest::newRow("too early") << QList<QPointF>{{0, 2}, {1, 4}} << QList<QPointF>{} << -1.0;
        // Uncached steps 0-3 at tokens 2, 4, 6, 8 took 2, 4, 6, 8 ms: a = 0, b = 1. Steps 4-9 at
        // 10 .. 20 tokens: 10 + 12 + ... + 20 = 90 ms. No cached step yet: the line at 2 tokens,
        // 2 ms, for steps 1-9, and the uncached step 0's 2 ms for the prefill: 20 ms.
        QTest::newRow("uncached measured, cache not yet")
            << QList<QPointF>{{0, 2}, {1, 4}, {2, 6}, {3, 8}} << QList<QPointF>{} << 0.110;
        // All 10 uncached steps done; the cache's step 0 took 9 ms, steps 1-2 took 3 and 5:
        // median of (3, 5) is 5 (the upper middle); 7 steps left x 5 ms = 35 ms.
        QTest::newRow("in the cached mode")
            << QList<QPointF>{{0, 2}, {1, 4}, {2, 6}, {3, 8}, {4, 10}, {5, 12}, {6, 14}, {7, 16}, {8, 18}, {9, 20}}
            << QList<QPointF>{{0, 9}, {1, 3}, {2, 5}} << 0.035;
        // A load that starts mid-run shows at once: the same with the cached steps 10x slower.
        QTest::newRow("load started") << QList<QPointF>{{0, 2},  {1, 4},  {2, 6},  {3, 8},  {4, 10},
                                                        {5, 12}, {6, 14}, {7, 16}, {8, 18}, {9, 20}}
                                      << QList<QPointF>{{0, 90}, {1, 30}, {2, 50}} << 0.35;
        QTest::newRow("done") << QList<QPointF>{{0, 2},  {1, 4},  {2, 6},  {3, 8},  {4, 10},
                                                {5, 12}, {6, 14}, {7, 16}, {8, 18}, {9, 20}}
                              << QList<QPointF>{{0, 9}, {1, 3}, {2, 5}, {3, 3}, {4, 3},
                                                {5, 3}, {6, 3}, {7, 3}, {8, 3}, {9, 3}}
                              << 0.0;
    }
    void timeLeft() {
        QFETCH(QList<QPointF>, uncached);
        QFETCH(QList<QPointF>, cached);
        QFETCH(double, seconds);
        DecodeOptions o;
        o.batch = 2;
        o.promptLen = 1;
        o.steps = 10;
        o.modes = {CacheMode::None, CacheMode::Contiguous};
        std::vector<StepRecord> done;
        for (const QPointF& p : uncached)
            done.push_back({CacheMode::None, std::uint32_t(p.x()), p.y(), std::uint64_t(2 * (1 + p.x())), 0});
        for (const QPointF& p : cached)
            done.push_back(
                {CacheMode::Contiguous, std::uint32_t(p.x()), p.y(), 2u, 0}); // one token per sequence (a prompt of 1)
        const double got = remainingRunSeconds(o, done);
        QVERIFY2(std::abs(got - seconds) < 1e-12, qPrintable(QString::number(got, 'g', 17)));
    }

    void axisTop_data() {
        QTest::addColumn<QList<double>>("steps");
        QTest::addColumn<double>("top");
        QTest::addColumn<int>("offScale");
        QTest::newRow("no steps") << QList<double>{} << 1.0 << 0;
        // Fewer than 20 steps: the maximum x 1.15, 3 x 1.15 = 3.45.
        QTest::newRow("two steps") << QList<double>{0.5, 3.0} << 3.0 * 1.15 << 0;
        // All zero: the floor of 0.001 ms.
        QTest::newRow("zeros") << QList<double>(30, 0.0) << 1e-3 << 0;
        // 20 steps: rank 20 x 95 / 100 = 19, the largest: a 10 ms step of 20 sets the scale, 13 ms.
        QList<double> twenty(19, 1.0);
        twenty << 10.0;
        QTest::newRow("20 steps, one slow") << twenty << 13.0 << 0;
        // 40 steps of 1 ms and one 9 ms stall at rank 39: rank 38 is 1 ms: top 1.3, the stall off scale.
        QList<double> forty(39, 1.0);
        forty.insert(17, 9.0);
        QTest::newRow("40 steps, one stall") << forty << 1.3 << 1;
        // 200 steps, 9 of them 9 ms: the 9 sit at ranks 191..199, rank 190 is 1 ms: 9 off scale.
        QList<double> nine(191, 1.0);
        for (int i = 0; i < 9; ++i)
            nine.insert(20 * i + 5, 9.0);
        QTest::newRow("200 steps, 9 stalls") << nine << 1.3 << 9;
        // 11 of them: rank 190 is a 9 ms step: more than 5% is the trend, 9 x 1.3 = 11.7.
        QList<double> eleven(189, 1.0);
        for (int i = 0; i < 11; ++i)
            eleven.insert(15 * i + 3, 9.0);
        QTest::newRow("200 steps, 11 slow") << eleven << 9.0 * 1.3 << 0;
        // Steps of 1..100 ms (an uncached run's growth): rank 95 is 96 ms: top 124.8, all on scale.
        QList<double> growing;
        for (int i = 1; i <= 100; ++i)
            growing << double(i);
        QTest::newRow("growing") << growing << 96 * 1.3 << 0;
    }
    void axisTop() {
        QFETCH(QList<double>, steps);
        QFETCH(double, top);
        QFETCH(int, offScale);
        const std::vector<double> ms(steps.begin(), steps.end());
        int off = -1;
        QCOMPARE(stepTimeAxisTop(ms, &off), top);
        QCOMPARE(off, offScale);
        QCOMPARE(stepTimeAxisTop(ms), top); // the count is optional
    }
};

QTEST_GUILESS_MAIN(TestRunEstimate)
#include "tst_runestimate.moc"
