// The allocator simulator: invariants over randomized traces, the paper's figures, traces.
#include "contiguousallocator.h"
#include "error.h"
#include "kvsimulator.h"
#include "pagedallocator.h"
#include "testutils.h"
#include "workload.h"

#include <QtTest>

#include <deque>
#include <set>
#include <unordered_map>

using namespace kvscope;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(kvscope::AllocatorKind)

namespace {

// Runs to the end, checking after every step what must always hold.
void runChecked(const SimConfig& config, const std::vector<Request>& requests) {
    SimConfig checked = config;
    checked.checkInvariants = true; // the allocator verifies itself after every step
    checked.keepSlotMap = true;
    KvSimulator sim(checked, requests);
    const auto blockSize = config.blockSize;
    while (sim.step()) {
        const StepStats& s = sim.lastStep();
        QCOMPARE(s.usage.total(), config.poolSlots); // the five categories always sum to the pool
        if (config.allocator == AllocatorKind::Paged)
            QVERIFY2(s.usage.internal < std::uint64_t(s.running) * config.samples * blockSize + 1,
                     "paged internal waste must stay under one block per running sequence");
        if (config.allocator == AllocatorKind::Oracle && !config.buddyPlacement)
            QCOMPARE(s.usage.internal, std::uint64_t(0)); // an oracle never reserves for tokens that never come
        if (s.step % 7 == 0) {                            // the map the view draws counts the same slots as usage()
            SlotUsage fromMap;
            for (const SlotCell& cell : sim.slotMap()) {
                switch (cell.kind) {
                case SlotKind::Token:
                    ++fromMap.tokenStates;
                    break;
                case SlotKind::Reserved:
                    ++fromMap.reserved;
                    break;
                case SlotKind::Internal:
                    ++fromMap.internal;
                    break;
                case SlotKind::External:
                    ++fromMap.external;
                    break;
                case SlotKind::Free:
                case SlotKind::Cached: // free to take, still holding a cached prefix
                    ++fromMap.free;
                    break;
                }
            }
            QCOMPARE(fromMap.tokenStates, s.usage.tokenStates);
            QCOMPARE(fromMap.reserved, s.usage.reserved);
            QCOMPARE(fromMap.internal, s.usage.internal);
            QCOMPARE(fromMap.external, s.usage.external);
        }
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(sim.allocator().empty()); // everything freed at the end
    sim.allocator().checkInvariants();
    // Every request finishes but those whose prompt leaves no room under the max model length.
    QCOMPARE(sim.summary().requestsFinished + sim.summary().requestsRejectedTooLong, std::uint64_t(requests.size()));
    QCOMPARE(sim.summary().requestsRejectedPool, std::uint64_t(0));
}

} // namespace

class TestKvSimulator : public QObject {
    Q_OBJECT

private slots:
    // The allocator table is the one list of names: every kind has one row, its name parses back to it, an
    // unknown name is refused with every name listed, and a contiguous allocator refuses a kind that is not.
    void allocatorTableNamesEveryKind() {
        std::set<std::string_view> names;
        for (int k = 0; k <= static_cast<int>(AllocatorKind::Paged); ++k) {
            const auto kind = static_cast<AllocatorKind>(k);
            const AllocatorInfo& info = allocatorInfo(kind);
            QCOMPARE(info.kind, kind);
            QVERIFY(names.insert(info.name).second);
            QCOMPARE(parseAllocatorKind(info.name), kind);
            QCOMPARE(allocatorKindName(kind), std::string(info.name));
        }
        QCOMPARE(names.size(), allocatorKinds().size());
        QCOMPARE(allocatorKindNames(), std::string("max, pow2, oracle or paged"));
        QCOMPARE(allocatorKindNames(true), std::string("max, pow2 or oracle"));
        try {
            parseAllocatorKind("buddy", "--allocator");
            QFAIL("an unknown allocator was accepted");
        } catch (const Error& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("--allocator: 'buddy' is not an allocator; expected max, pow2, oracle or paged"));
        }
        QVERIFY_THROWS_EXCEPTION(Error, ContiguousAllocator(1024, AllocatorKind::Paged, Placement::FirstFit, 512));
        for (const AllocatorInfo& info : allocatorKinds())
            if (info.contiguous)
                QCOMPARE(ContiguousAllocator(1024, info.kind, Placement::Buddy, 512).name(),
                         std::string(info.name) + " (buddy)");
    }

    void invariantsOverRandomTraces_data() {
        QTest::addColumn<AllocatorKind>("kind");
        QTest::addColumn<bool>("buddy");
        QTest::addColumn<uint>("blockSize");
        QTest::addColumn<uint>("samples");
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("prefixCache"); // over four 150-token system prompts
        QTest::addColumn<bool>("beam");
        int row = 0;
        for (int seed : {1, 2, 3, 4, 5, 6}) {
            QTest::addRow("max first-fit seed %d", seed)
                << AllocatorKind::Max << false << 16u << 1u << seed << false << false;
            QTest::addRow("pow2 buddy seed %d", seed)
                << AllocatorKind::Pow2 << true << 16u << 1u << seed << false << false;
            QTest::addRow("oracle first-fit seed %d", seed)
                << AllocatorKind::Oracle << false << 16u << 1u << seed << false << false;
            QTest::addRow("oracle buddy seed %d", seed)
                << AllocatorKind::Oracle << true << 16u << 1u << seed << false << false;
            const uint blocks[] = {1, 16, 256};
            QTest::addRow("paged block %u seed %d", blocks[row % 3], seed)
                << AllocatorKind::Paged << false << blocks[row % 3] << 1u << seed << false << false;
            QTest::addRow("paged 4 samples seed %d", seed)
                << AllocatorKind::Paged << false << 8u << 4u << seed << false << false;
            QTest::addRow("paged prefix cache seed %d", seed)
                << AllocatorKind::Paged << false << 16u << 1u << seed << true << false;
            QTest::addRow("paged prefix cache 3 samples seed %d", seed)
                << AllocatorKind::Paged << false << 8u << 3u << seed << true << false;
            QTest::addRow("paged beam 4 seed %d", seed)
                << AllocatorKind::Paged << false << 8u << 4u << seed << false << true;
            QTest::addRow("paged beam 3 prefix cache seed %d", seed)
                << AllocatorKind::Paged << false << 16u << 3u << seed << true << true;
            ++row;
        }
    }
    void invariantsOverRandomTraces() {
        QFETCH(AllocatorKind, kind);
        QFETCH(bool, buddy);
        QFETCH(uint, blockSize);
        QFETCH(uint, samples);
        QFETCH(int, seed);
        WorkloadSpec spec = WorkloadSpec::parse(seed % 2 ? "sharegpt" : "uniform:1-300,1-400");
        spec.requests = 120;
        spec.rate = 0.05 * seed;
        spec.seed = std::uint64_t(seed);
        QFETCH(bool, prefixCache);
        QFETCH(bool, beam);
        SimConfig config;
        config.prefixCache = prefixCache;
        config.sampling = beam ? SamplingMode::Beam : SamplingMode::Parallel;
        if (prefixCache)
            spec.parseSharedPrompts("4:150");
        config.allocator = kind;
        config.buddyPlacement = buddy;
        config.blockSize = blockSize;
        config.samples = samples;
        config.poolSlots = 6000 + 37 * std::uint64_t(seed); // not a multiple of the block size
        config.maxModelLen = samples > 1 ? 1024 : 2048;     // four samples of one request must fit the pool
        runChecked(config, generateWorkload(spec));
    }

    // Chunked prefill (issue 29): a step's token budget goes to the running requests first, in admission order,
    // then to admissions; a prompt longer than what is left is computed over several steps, its blocks held whole
    // from its admission (vLLM V0), its first token stored with its last chunk. Two prompts of 300 tokens, a budget
    // of 256, by hand.
    void chunkedPrefillSharesTheStepsTokens() {
        SimConfig config;
        config.poolSlots = 10'000;
        config.maxBatchedTokens = 256;
        config.recordTraffic = true;
        config.checkInvariants = true;
        const std::vector<Request> trace{{0, 300, 3, 0, 0, 0}, {1, 300, 3, 0, 0, 0}};
        KvSimulator sim(config, trace);
        using Prefill = StepTraffic::Prefill;
        const auto chunksAre = [&](const std::vector<Prefill>& want) {
            const auto& got = sim.traffic().prefills;
            if (got.size() != want.size())
                return false;
            for (std::size_t i = 0; i < got.size(); ++i)
                if (got[i].request != want[i].request || got[i].offset != want[i].offset ||
                    got[i].tokens != want[i].tokens || got[i].endsPrompt != want[i].endsPrompt)
                    return false;
            return true;
        };
        // Step 1: the first prompt takes the whole budget; the second is not admitted. The first's 300 tokens
        // hold their blocks already, and it stores no token yet.
        sim.step();
        QVERIFY(chunksAre({{0, 0, 256, false, 0, false}}));
        QVERIFY(sim.traffic().decodeContexts.empty());
        QCOMPARE(sim.lastStep().waiting, 1u);
        QCOMPARE(sim.lastStep().usage.tokenStates, std::uint64_t(300));
        QCOMPARE(sim.generated(0), 0u);
        // Step 2: the rest of the first prompt (and its first token), then 212 of the second's.
        sim.step();
        QVERIFY(chunksAre({{0, 0, 44, false, 256, true}, {1, 0, 212, false, 0, false}}));
        QCOMPARE(sim.generated(0), 1u);
        QCOMPARE(sim.generated(1), 0u);
        // Step 3: the first decodes from its 301 tokens; the second finishes its prompt.
        sim.step();
        QCOMPARE(sim.traffic().decodeContexts, (std::vector<std::uint64_t>{301}));
        QVERIFY(chunksAre({{1, 0, 88, false, 212, true}}));
        QCOMPARE(sim.generated(0), 2u);
        QCOMPARE(sim.generated(1), 1u);
        // Then both decode to their third token: the first finishes a step before the second.
        sim.step();
        QCOMPARE(sim.traffic().finished, (std::vector<std::uint32_t>{0}));
        QVERIFY(!sim.step());
        QCOMPARE(sim.traffic().finished, (std::vector<std::uint32_t>{1}));
        const SimSummary s = sim.summary();
        QCOMPARE(s.steps, std::uint64_t(5));
        QCOMPARE(s.tokensGenerated, std::uint64_t(6));
        QCOMPARE(s.requestsFinished, std::uint64_t(2));
    }

    // Every step keeps to its budget, every request finishes with all its tokens, preemptions included (a prompt
    // cut off in its chunks starts again), and a budget that never binds changes nothing.
    void chunkedPrefillInvariants_data() {
        QTest::addColumn<AllocatorKind>("kind");
        QTest::addColumn<uint>("budget");
        QTest::addColumn<bool>("swap");
        for (const uint budget : {256u, 512u, 2048u}) {
            QTest::addRow("paged %u", budget) << AllocatorKind::Paged << budget << false;
            QTest::addRow("paged swap %u", budget) << AllocatorKind::Paged << budget << true;
            QTest::addRow("max %u", budget) << AllocatorKind::Max << budget << false;
            QTest::addRow("oracle %u", budget) << AllocatorKind::Oracle << budget << false;
        }
    }
    void chunkedPrefillInvariants() {
        QFETCH(AllocatorKind, kind);
        QFETCH(uint, budget);
        QFETCH(bool, swap);
        WorkloadSpec spec;
        spec.requests = 300;
        spec.rate = 0.5;
        const auto trace = generateWorkload(spec);
        SimConfig config;
        config.allocator = kind;
        config.poolSlots = 6000; // small: the paged pool runs dry and preempts
        config.preemption = swap ? PreemptionMode::Swap : PreemptionMode::Recompute;
        config.maxBatchedTokens = budget;
        config.recordTraffic = true;
        config.checkInvariants = true;
        KvSimulator sim(config, trace);
        std::uint64_t outputs = 0;
        for (const Request& r : sim.requests())
            outputs += r.outputLen;
        std::unordered_map<std::uint32_t, std::uint32_t> firstTokens; // prompts completed per request
        while (sim.step()) {
            const StepTraffic& t = sim.traffic();
            std::uint64_t tokens = t.decodeContexts.size();
            for (const StepTraffic::Prefill& p : t.prefills) {
                tokens += p.tokens;
                QVERIFY(p.tokens >= 1);
                firstTokens[p.request] += p.endsPrompt ? 1 : 0;
            }
            QVERIFY2(tokens <= budget, qPrintable(u"step %1: %2 tokens"_s.arg(sim.lastStep().step).arg(tokens)));
        }
        const SimSummary s = sim.summary();
        QCOMPARE(s.requestsFinished + s.requestsRejectedPool + s.requestsRejectedTooLong, std::uint64_t(300));
        QCOMPARE(s.requestsRejectedPool, std::uint64_t(0));
        QCOMPARE(s.tokensGenerated, outputs);
        for (const Request& r : sim.requests())
            QVERIFY2(firstTokens[r.id] >= 1, qPrintable(u"request %1 never completed its prompt"_s.arg(r.id)));
        if (kind == AllocatorKind::Paged)
            QVERIFY(s.preemptions > 0); // the case the budget must survive

        // A budget no step reaches is no budget.
        SimConfig unbounded = config;
        unbounded.recordTraffic = false;
        unbounded.maxBatchedTokens = 1u << 24;
        SimConfig none = unbounded;
        none.maxBatchedTokens = 0;
        const SimSummary a = simulate(unbounded, trace), b = simulate(none, trace);
        QCOMPARE(a.steps, b.steps);
        QCOMPARE(a.preemptions, b.preemptions);
        QCOMPARE(a.tokensGenerated, b.tokensGenerated);
        QCOMPARE(a.meanBatch, b.meanBatch);
    }

    void budgetBelowTheRunningLimitIsRefused() {
        SimConfig config;
        config.maxBatchedTokens = 100; // vLLM refuses a max_num_batched_tokens below max_num_seqs (256)
        QVERIFY(throwsErrorContaining([&] { KvSimulator(config, {}); },
                                      {"--max-batched-tokens must be at least the sequences a step may run, 256 "
                                       "requests x 1 samples = 256",
                                       "got 100"}));
        config.maxRunning = 64;
        KvSimulator accepted(config, {});
        QVERIFY(accepted.finished());
        config.samples = 2; // 128 sequences
        QVERIFY(throwsErrorContaining([&] { KvSimulator(config, {}); }, {"64 requests x 2 samples = 128"}));
        // Chunks and the prefix cache: not modelled, refused rather than priced wrong.
        config.samples = 1;
        config.prefixCache = true;
        QVERIFY(throwsErrorContaining([&] { KvSimulator(config, {}); }, {"--prefix-cache is not modelled yet"}));
    }

    void fastForwardGivesTheSteppedSummary_data() {
        QTest::addColumn<AllocatorKind>("kind");
        QTest::addColumn<bool>("buddy");
        QTest::addColumn<double>("rate");
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("prefixCache");
        QTest::addColumn<uint>("samples");
        QTest::addColumn<uint>("budget"); // SimConfig::maxBatchedTokens
        for (int seed : {1, 2, 3}) {
            for (double rate : {0.0, 0.3}) {
                QTest::addRow("paged rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Paged << false << rate << seed << false << 1u << 0u;
                QTest::addRow("paged prefix cache rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Paged << false << rate << seed << true << 1u << 0u;
                QTest::addRow("paged 3 samples rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Paged << false << rate << seed << false << 3u << 0u;
                // Sharing and prefix caching together, as in the million-request benchmark.
                QTest::addRow("paged 2 samples prefix cache rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Paged << false << rate << seed << true << 2u << 0u;
                QTest::addRow("max rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Max << false << rate << seed << false << 1u << 0u;
                QTest::addRow("pow2 buddy rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Pow2 << true << rate << seed << false << 1u << 0u;
                QTest::addRow("oracle rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Oracle << false << rate << seed << false << 1u << 0u;
                // Chunked prefill: stretches only where every running request decodes within the budget.
                QTest::addRow("paged budget 256 rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Paged << false << rate << seed << false << 1u << 256u;
                QTest::addRow("paged 2 samples budget 512 rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Paged << false << rate << seed << false << 2u << 512u;
                QTest::addRow("max budget 512 rate %.1f seed %d", rate, seed)
                    << AllocatorKind::Max << false << rate << seed << false << 1u << 512u;
            }
        }
    }
    void fastForwardGivesTheSteppedSummary() {
        QFETCH(AllocatorKind, kind);
        QFETCH(bool, buddy);
        QFETCH(double, rate);
        QFETCH(int, seed);
        QFETCH(bool, prefixCache);
        QFETCH(uint, samples);
        QFETCH(uint, budget);
        WorkloadSpec spec = WorkloadSpec::parse("sharegpt");
        spec.requests = 150;
        spec.rate = rate;
        spec.seed = std::uint64_t(seed);
        if (prefixCache)
            spec.parseSharedPrompts("3:100");
        const auto trace = generateWorkload(spec);
        SimConfig config;
        config.allocator = kind;
        config.prefixCache = prefixCache;
        config.samples = samples;
        config.maxModelLen = samples > 1 ? 1024 : 2048; // three samples of one request must fit the pool
        config.buddyPlacement = buddy;
        config.maxBatchedTokens = budget;
        config.poolSlots = 7000 + 13 * std::uint64_t(seed);
        KvSimulator fast(config, trace);
        fast.run(); // skips the quiet stretches
        KvSimulator stepped(config, trace);
        while (stepped.step()) { // one step at a time
        }
        const SimSummary a = fast.summary();
        const SimSummary b = stepped.summary();
        QCOMPARE(a.steps, b.steps);
        QCOMPARE(a.saturatedSteps, b.saturatedSteps);
        QCOMPARE(a.requestsFinished, b.requestsFinished);
        QCOMPARE(a.preemptions, b.preemptions);
        QCOMPARE(a.tokensGenerated, b.tokensGenerated);
        QCOMPARE(a.blockOperations, b.blockOperations);
        const auto close = [](double x, double y) { return std::abs(x - y) < 1e-9; };
        QVERIFY(close(a.saturated.tokenStates, b.saturated.tokenStates));
        QVERIFY(close(a.saturated.reserved, b.saturated.reserved));
        QVERIFY(close(a.saturated.internal, b.saturated.internal));
        QVERIFY(close(a.saturated.external, b.saturated.external));
        QVERIFY(close(a.saturated.free, b.saturated.free));
        QVERIFY(close(a.allSteps.tokenStates, b.allSteps.tokenStates));
        QVERIFY(close(a.allSteps.free, b.allSteps.free));
        QVERIFY(close(a.meanBatchSaturated, b.meanBatchSaturated));
        QVERIFY(close(a.meanBatch, b.meanBatch));
        QCOMPARE(a.prefixHitTokens, b.prefixHitTokens);
        QCOMPARE(a.prefixEvictions, b.prefixEvictions);
        QVERIFY(close(a.meanCachedFreeSlots, b.meanCachedFreeSlots));
        QVERIFY(!prefixCache || a.prefixHitTokens > 0);
        QCOMPARE(a.promptTokens, b.promptTokens);
        QCOMPARE(a.maxCachedFreeSlots, b.maxCachedFreeSlots);
        QCOMPARE(a.maxSharedBlocksSaved, b.maxSharedBlocksSaved);
        QVERIFY(close(a.maxSharingSaving, b.maxSharingSaving));
        QCOMPARE(a.requestsRejectedPool, b.requestsRejectedPool);
        QVERIFY(close(a.meanSharingSaving, b.meanSharingSaving));
        QCOMPARE(a.copyOnWrites, b.copyOnWrites);
        QVERIFY(fast.allocator().empty());
    }

    void paperPoolRunsSevenAtATime() {
        // A 13B model with 12 GiB of KV on an A100-40GB holds 15,728 slots: max reserves 2,048 each.
        WorkloadSpec spec = WorkloadSpec::parse("sharegpt");
        spec.requests = 300;
        SimConfig config;
        config.allocator = AllocatorKind::Max;
        const SimSummary s = simulate(config, generateWorkload(spec));
        QCOMPARE(s.poolSlots, std::uint64_t(15'728));
        QCOMPARE(s.meanBatchSaturated, 7.0);
        // The figure the paged page's chart quotes: the mean under load, not over the drain as well.
        QVERIFY(s.underLoad());
        QCOMPARE(s.meanBatchUnderLoad(), 7.0);
        QVERIFY(s.meanBatch < s.meanBatchUnderLoad());
        // With no step under load (nothing ever waited) it is the mean over every step.
        SimSummary idle;
        idle.meanBatch = 3.5;
        QVERIFY(!idle.underLoad());
        QCOMPARE(idle.meanBatchUnderLoad(), 3.5);
    }

    // The scrubber's named moments, from the recorded steps: each found where the steps say, once, in order.
    void runMomentsAreWhereTheStepsSay() {
        std::vector<StepStats> steps(6);
        for (std::uint64_t i = 0; i < steps.size(); ++i)
            steps[i].step = i;
        steps[0].running = 2;
        steps[1].running = 4;
        steps[2].running = 4;
        steps[2].waiting = 3;
        steps[3].running = 3;
        steps[3].preemptions = 1;
        steps[4].preemptions = 1;
        const std::vector<RunMoment> m = runMoments(steps);
        QCOMPARE(m.size(), std::size_t(4));
        QCOMPARE(m[0].kind, MomentKind::PeakBatch); // the first step with 4 running
        QCOMPARE(m[0].step, std::uint64_t(1));
        QCOMPARE(m[0].value, 4u);
        QCOMPARE(m[1].kind, MomentKind::FirstWait);
        QCOMPARE(m[1].step, std::uint64_t(2));
        QCOMPARE(m[1].value, 3u);
        QCOMPARE(m[2].kind, MomentKind::FirstPreemption);
        QCOMPARE(m[2].step, std::uint64_t(3));
        QCOMPARE(m[3].kind, MomentKind::Finished);
        QCOMPARE(m[3].step, std::uint64_t(5));
        QVERIFY(runMoments({}).empty());
        // A real run: the paper's pool under the max reservation leaves requests waiting, and the moments lie
        // inside the run.
        WorkloadSpec spec = WorkloadSpec::parse("sharegpt");
        spec.requests = 100;
        SimConfig config;
        config.allocator = AllocatorKind::Max;
        config.recordSteps = true;
        KvSimulator sim(config, generateWorkload(spec));
        sim.run();
        const std::vector<RunMoment> real = runMoments(sim.steps());
        QVERIFY(
            std::any_of(real.begin(), real.end(), [](const RunMoment& r) { return r.kind == MomentKind::FirstWait; }));
        for (const RunMoment& r : real) {
            QVERIFY(r.step <= sim.steps().back().step);
            QVERIFY(std::is_sorted(real.begin(), real.end(),
                                   [](const RunMoment& a, const RunMoment& b) { return a.step < b.step; }));
        }
    }

    void thePapersPicture() {
        // Token-state share rises max < pow2 < oracle < paged; contiguous well below paged.
        WorkloadSpec spec = WorkloadSpec::parse("sharegpt");
        spec.requests = 1000;
        SimConfig config;
        std::vector<double> shares;
        for (AllocatorKind kind :
             {AllocatorKind::Max, AllocatorKind::Pow2, AllocatorKind::Oracle, AllocatorKind::Paged}) {
            config.allocator = kind;
            const SimSummary s = simulate(config, generateWorkload(spec));
            const double sum = s.saturated.tokenStates + s.saturated.reserved + s.saturated.internal +
                               s.saturated.external + s.saturated.free;
            QVERIFY(std::abs(sum - 1.0) < 1e-9);
            shares.push_back(s.saturated.tokenStates);
        }
        QVERIFY(shares[0] < shares[1] && shares[1] < shares[2] && shares[2] < shares[3]);
        QVERIFY2(shares[0] > 0.15 && shares[0] < 0.25, qPrintable(QString::number(shares[0]))); // paper: 20.4%
        QVERIFY2(shares[3] > 0.90, qPrintable(QString::number(shares[3])));                     // paper: 96.3%
    }

    void figurePresetLeaves2038SlotsUnused() {
        SimConfig config;
        config.allocator = AllocatorKind::Max;
        config.poolSlots = 4096 + 500;
        KvSimulator sim(config, paperFigureWorkload());
        const auto& max = static_cast<const ContiguousAllocator&>(sim.allocator());
        sim.step();
        // Request A: 7-token prompt, 3 tokens out, 2,048 reserved -> 2,038 slots never used.
        const auto regions = max.regions();
        QCOMPARE(regions.size(), std::size_t(2));
        QCOMPARE(regions[0].size, std::uint64_t(2048));
        QCOMPARE(regions[0].size - regions[0].finalLength, std::uint64_t(2038));
        QCOMPARE(sim.lastStep().usage.internal, std::uint64_t(2038 + 2048 - 25));
        sim.step();
        sim.step(); // A stores its last token in this step
        QCOMPARE(sim.lastStep().usage.tokenStates, std::uint64_t(10 + 5 + 3));
        sim.run();
        QVERIFY(sim.allocator().empty());

        // Paged: the same two requests waste under one block each.
        config.allocator = AllocatorKind::Paged;
        KvSimulator paged(config, paperFigureWorkload());
        paged.step();
        QVERIFY(paged.lastStep().usage.internal + paged.lastStep().usage.reserved < 2 * 16);
    }

    void sharingAndCopyOnWrite() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.blockSize = 16;
        config.samples = 4;
        config.poolSlots = 16 * 64;
        config.recordEvents = true;
        config.checkInvariants = true;
        // A 40-token prompt: 2 full blocks + a partial third, shared by 4 samples.
        KvSimulator sim(config, {{0, 40, 30, 0}});
        sim.step();
        const auto& paged = static_cast<const PagedAllocator&>(sim.allocator());
        const auto seqs = paged.sequences();
        QCOMPARE(seqs.size(), std::size_t(4));
        for (const auto& seq : seqs) {
            QCOMPARE(seq.blockTable[0], seqs[0].blockTable[0]); // full prompt blocks shared
            QCOMPARE(seq.blockTable[1], seqs[0].blockTable[1]);
            QCOMPARE(paged.refCount(seq.blockTable[0]), 4u);
        }
        // The partial block was copied for three samples; the last one wrote in place.
        int copies = 0;
        for (const auto& e : sim.events())
            copies += e.kind == EventKind::CopyOnWrite ? 1 : 0;
        QCOMPARE(copies, 3);
        QCOMPARE(paged.sharedBlocksSaved(), std::uint64_t(2 * 3));
        QCOMPARE(sim.lastStep().sharedBlocksSaved, std::uint64_t(6));
        sim.run();
        QVERIFY(sim.allocator().empty());
        QCOMPARE(paged.freeBlocks(), 64u);
    }

    // The bulk decode step (appendAll) against append() called sequence by sequence on a twin
    // allocator: the same blocks taken in the same order, the same waste, copies and sharing, and
    // the same sequence where a dry pool stops it. A stopped step is finished as the simulator
    // finishes it (the last request preempted on both, the step resumed where it stopped) and
    // compared when complete.
    void appendAllEqualsAppendOneByOne_data() {
        QTest::addColumn<uint>("samples");
        QTest::addColumn<bool>("prefixCache");
        QTest::addColumn<uint>("blocks");
        QTest::addColumn<uint>("blockSize");
        QTest::newRow("one sample, roomy pool") << 1u << false << 400u << 16u;
        QTest::newRow("three samples share partial prompt blocks") << 3u << false << 400u << 16u;
        QTest::newRow("two samples, prefix cache") << 2u << true << 400u << 16u;
        QTest::newRow("three samples, pool runs dry") << 3u << false << 60u << 16u;
        QTest::newRow("two samples, prefix cache, pool runs dry") << 2u << true << 50u << 16u;
        QTest::newRow("blocks of 7, pool runs dry") << 2u << false << 140u << 7u;
        QTest::newRow("blocks of 1, pool runs dry") << 1u << false << 700u << 1u;
    }
    void appendAllEqualsAppendOneByOne() {
        QFETCH(uint, samples);
        QFETCH(bool, prefixCache);
        QFETCH(uint, blocks);
        QFETCH(uint, blockSize);
        const std::uint32_t B = blockSize;
        PagedAllocator bulk(std::uint64_t(blocks) * B, B, prefixCache);
        PagedAllocator single(std::uint64_t(blocks) * B, B, prefixCache);
        for (std::uint32_t id = 0; id < 6; ++id) {
            // Prompts of 20-62 tokens (partial last blocks), a shared 32-token prefix on half of them.
            const Request r{id, 20 + 7 * id, 200, 0, id % 2, id % 2 == 0 ? 32u : 0u};
            const bool admitted = bulk.admit(r, samples, r.promptLen, r.promptLen + r.outputLen);
            QCOMPARE(single.admit(r, samples, r.promptLen, r.promptLen + r.outputLen), admitted);
        }
        QVERIFY(bulk.sequenceCount() > 0);
        // The one-by-one path: the sequences from `index` on, in admission order, until one finds no block.
        auto appendOneByOne = [&single](std::size_t index) {
            const auto before = single.sequences(); // by request id: admission order here too
            for (; index < before.size(); ++index)
                if (!single.append(before[index].request, before[index].sample, before[index].length + 1))
                    break;
            return index;
        };
        int stops = 0;
        for (int step = 0; step < 120 && bulk.sequenceCount() > 0; ++step) {
            std::size_t stop = bulk.appendAll(0);
            QCOMPARE(stop, appendOneByOne(0));
            while (stop < bulk.sequenceCount()) {
                ++stops;
                const std::uint32_t last = bulk.requestOfSequence(bulk.sequenceCount() - 1);
                const bool askerIsVictim = bulk.requestOfSequence(stop) == last;
                bulk.release(last);
                single.release(last);
                if (askerIsVictim)
                    break;
                const std::size_t resumed = bulk.appendAll(stop);
                QCOMPARE(resumed, appendOneByOne(stop));
                stop = resumed;
            }
            const auto a = bulk.sequences(), b = single.sequences();
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i) {
                QCOMPARE(a[i].length, b[i].length);
                QCOMPARE(a[i].blockTable, b[i].blockTable);
            }
            const SlotUsage ua = bulk.usage(nullptr, 1), ub = single.usage(nullptr, 1);
            QCOMPARE(ua.reserved, ub.reserved);
            QCOMPARE(ua.internal, ub.internal);
            QCOMPARE(ua.free, ub.free);
            QCOMPARE(bulk.copyOnWrites(), single.copyOnWrites());
            QCOMPARE(bulk.sharedBlocksSaved(), single.sharedBlocksSaved());
            bulk.checkInvariants();
            single.checkInvariants();
        }
        QCOMPARE(stops > 0, blocks * B < 2000); // the small pools do run dry, and that path was compared
        if (samples > 1)
            QVERIFY(bulk.copyOnWrites() > 0); // the partial prompt blocks were copied on the first write
    }

    // The prefix cache's hash index against std::unordered_map under random inserts, lookups
    // and erases, with keys chosen to collide in the low bits (long probe runs, erases in them).
    void blockHashIndexMatchesAMap_data() {
        QTest::addColumn<quint64>("lowBitsMask");
        QTest::newRow("mixed keys") << quint64(~0ull);
        QTest::newRow("keys sharing their low 12 bits") << quint64(~0xFFFull);
        QTest::newRow("keys in 8 home slots") << quint64(0x7 | (~0ull << 20));
    }
    void blockHashIndexMatchesAMap() {
        QFETCH(quint64, lowBitsMask);
        BlockHashIndex index;
        std::unordered_map<std::uint64_t, std::uint32_t> model;
        std::uint64_t x = 42;
        auto next = [&x] {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            return x;
        };
        std::vector<std::uint64_t> keys;
        for (int i = 0; i < 600; ++i)
            keys.push_back((next() & lowBitsMask) | 1); // never 0: 0 marks an empty slot
        for (int op = 0; op < 20000; ++op) {
            const std::uint64_t key = keys[next() % keys.size()];
            const auto it = model.find(key);
            switch (next() % 3) {
            case 0: {
                const auto block = std::uint32_t(op);
                QCOMPARE(index.insert(key, block), it == model.end());
                model.emplace(key, block);
                break;
            }
            case 1:
                index.erase(key);
                model.erase(key);
                break;
            default:
                QCOMPARE(index.find(key), it == model.end() ? BlockHashIndex::npos : it->second);
            }
            QCOMPARE(index.size(), model.size());
        }
        for (const std::uint64_t key : keys) { // everything still reachable after the erases' shifts
            const auto it = model.find(key);
            QCOMPARE(index.find(key), it == model.end() ? BlockHashIndex::npos : it->second);
        }
        std::size_t visited = 0;
        index.forEach([&](std::uint64_t key, std::uint32_t block) {
            ++visited;
            QCOMPARE(model.at(key), block);
        });
        QCOMPARE(visited, model.size());
        QVERIFY_THROWS_EXCEPTION(Error, index.insert(0, 1));
    }

    void preemptionFreesAndRecomputes() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.blockSize = 16;
        config.poolSlots = 16 * 12; // small: 10 growing requests must preempt
        config.checkInvariants = true;
        WorkloadSpec spec = WorkloadSpec::parse("fixed:20,60");
        spec.requests = 10;
        KvSimulator sim(config, generateWorkload(spec));
        sim.run();
        const SimSummary s = sim.summary();
        QVERIFY(s.preemptions > 0);
        QCOMPARE(s.requestsFinished, std::uint64_t(10));
        QVERIFY(s.tokensGenerated >= 10u * 60u); // recomputed tokens count again
        QVERIFY(sim.allocator().empty());
    }

    void requestThatNeverFits() {
        // One request too large for the pool is rejected and counted; it no longer aborts the run.
        SimConfig paged;
        paged.allocator = AllocatorKind::Paged;
        paged.samples = 8;
        paged.checkInvariants = true;
        paged.poolSlots = 16 * 20; // admitted alone, then it cannot grow: rejected, not a livelock
        SimSummary s = simulate(paged, {{0, 100, 200, 0}, {1, 10, 5, 0}});
        QCOMPARE(s.requestsRejectedPool, std::uint64_t(1));
        QCOMPARE(s.requestsFinished, std::uint64_t(1));
        SimConfig config;
        config.allocator = AllocatorKind::Max;
        config.poolSlots = 1000; // max reserves 2,048: nothing fits
        s = simulate(config, paperFigureWorkload());
        QCOMPARE(s.requestsRejectedPool, std::uint64_t(2));
        QCOMPARE(s.requestsFinished, std::uint64_t(0));
        config.allocator = AllocatorKind::Oracle; // the oracle reserves each request's own length: both fit
        s = simulate(config, paperFigureWorkload());
        QCOMPARE(s.requestsRejectedPool, std::uint64_t(0));
        QCOMPARE(s.requestsFinished, std::uint64_t(2));
        // A large request between small ones: only it is turned away.
        config.allocator = AllocatorKind::Oracle;
        s = simulate(config, {{0, 10, 10, 0}, {1, 900, 200, 1}, {2, 10, 10, 2}});
        QCOMPARE(s.requestsRejectedPool, std::uint64_t(1));
        QCOMPARE(s.requestsFinished, std::uint64_t(2));
        QCOMPARE(s.tokensGenerated, std::uint64_t(20));
    }

    void maxModelLenRejectsAndCapsVisibly_data() {
        QTest::addColumn<AllocatorKind>("kind");
        QTest::newRow("paged") << AllocatorKind::Paged;
        QTest::newRow("max") << AllocatorKind::Max;
        QTest::newRow("oracle") << AllocatorKind::Oracle;
    }
    void maxModelLenRejectsAndCapsVisibly() {
        QFETCH(AllocatorKind, kind);
        SimConfig config;
        config.allocator = kind;
        config.checkInvariants = true;
        // 3000 + 100 has no room for one token under 2,048: rejected (it generated 1 token silently before);
        // 50 + 3000 is cut to 50 + 1998; 2047 + 5 keeps one token of output.
        const SimSummary s = simulate(config, {{0, 3000, 100, 0}, {1, 100, 50, 0}, {2, 50, 3000, 0}, {3, 2047, 5, 0}});
        QCOMPARE(s.requestsRejectedTooLong, std::uint64_t(1));
        QCOMPARE(s.requestsCapped, std::uint64_t(2));
        QCOMPARE(s.requestsFinished, std::uint64_t(3));
        QCOMPARE(s.tokensGenerated, std::uint64_t(50 + 1998 + 1));
    }

    void swapMovesWhatRecomputeRecomputes() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.poolSlots = 16 * 12;
        config.checkInvariants = true;
        config.kvBytesPerToken = 131'072;
        WorkloadSpec spec = WorkloadSpec::parse("fixed:20,60");
        spec.requests = 10;
        const SimSummary recompute = simulate(config, generateWorkload(spec));
        config.preemption = PreemptionMode::Swap;
        const SimSummary swap = simulate(config, generateWorkload(spec));
        // The same memory picture: only the cost of a preemption differs.
        QVERIFY(recompute.preemptions > 0);
        QCOMPARE(swap.preemptions, recompute.preemptions);
        QCOMPARE(swap.steps, recompute.steps);
        QCOMPARE(swap.saturated.tokenStates, recompute.saturated.tokenStates);
        QVERIFY(recompute.recomputedTokens >= recompute.preemptions * 20); // at least the prompt again each time
        QCOMPARE(recompute.swappedSlots, std::uint64_t(0));
        QCOMPARE(swap.recomputedTokens, std::uint64_t(0));
        // Every block goes out and comes back: whole blocks, twice.
        QVERIFY(swap.swappedSlots > 0);
        QCOMPARE(swap.swappedSlots % (2 * 16), std::uint64_t(0));
        QCOMPARE(swap.swapBytes, swap.swappedSlots * 131'072);
        QCOMPARE(parsePreemptionMode("swap"), PreemptionMode::Swap);
        QVERIFY(throwsErrorContaining([] { parsePreemptionMode("evict"); },
                                      {"--preemption", "'evict'", "recompute or swap"}));
    }

    // Prefix caching counted by hand: block 16, a 64-token system prompt (4 full blocks) before a
    // 10-token question. Request 0 computes and caches the 4 blocks; 1 and 2 come after it ended
    // and find all 4 (cached, free); request 3 has another prefix and finds none.
    void prefixCacheHandCount() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.prefixCache = true;
        config.checkInvariants = true;
        config.poolSlots = 16 * 40;
        const std::vector<Request> trace{
            {0, 74, 5, 0, 7, 64}, {1, 74, 5, 20, 7, 64}, {2, 74, 5, 40, 7, 64}, {3, 74, 5, 60, 8, 64}};
        KvSimulator sim(config, trace);
        sim.run();
        const SimSummary s = sim.summary();
        QCOMPARE(s.promptTokens, std::uint64_t(4 * 74));
        QCOMPARE(s.prefixHitTokens, std::uint64_t(2 * 64));
        QCOMPARE(s.prefixHitRate, 128.0 / 296.0);
        QCOMPARE(s.prefixEvictions, std::uint64_t(0));
        const auto& paged = static_cast<const PagedAllocator&>(sim.allocator());
        QVERIFY(paged.empty());
        QCOMPARE(paged.cachedFreeBlocks(), 8u); // both prefixes, 4 blocks each, free but kept
        QCOMPARE(paged.freeBlocks(), 40u);      // every block can still be had
        // Steps are measured before finished requests leave: the last step saw only the first prefix cached.
        QCOMPARE(s.maxCachedFreeSlots, std::uint64_t(4 * 16));
        for (std::uint32_t b = 0; b < paged.blockCount(); ++b)
            QCOMPARE(paged.refCount(b), 0u); // every reference returned at the end
        // Without caching nothing is found and nothing is kept.
        config.prefixCache = false;
        const SimSummary off = simulate(config, trace);
        QCOMPARE(off.prefixHitTokens, std::uint64_t(0));
        QCOMPARE(off.maxCachedFreeSlots, std::uint64_t(0));
        QCOMPARE(off.tokensGenerated, s.tokensGenerated);
    }

    void prefixCacheSharesLiveBlocksAndEvictsLeastRecent() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.prefixCache = true;
        config.checkInvariants = true;
        config.recordEvents = true;
        config.poolSlots = 16 * 12;
        // Two requests with one prefix at once: the second holds the first's 2 prefix blocks.
        KvSimulator sim(config, {{0, 40, 3, 0, 1, 32},
                                 {1, 40, 3, 0, 1, 32},
                                 {2, 40, 3, 10, 2, 32},
                                 {3, 150, 20, 20, 0, 0},
                                 {4, 40, 3, 60, 1, 32}});
        sim.step();
        const auto& paged = static_cast<const PagedAllocator&>(sim.allocator());
        const auto seqs = paged.sequences();
        QCOMPARE(seqs.size(), std::size_t(2));
        QCOMPARE(seqs[0].blockTable[0], seqs[1].blockTable[0]);
        QCOMPARE(seqs[0].blockTable[1], seqs[1].blockTable[1]);
        QVERIFY(seqs[0].blockTable[2] != seqs[1].blockTable[2]); // the question is each request's own
        QCOMPARE(paged.refCount(seqs[0].blockTable[0]), 2u);
        QCOMPARE(sim.lastStep().sharedBlocksSaved, std::uint64_t(2));
        sim.run();
        const SimSummary s = sim.summary();
        // 0 misses, 1 hits live, 2 misses (another prefix); 3 (10 blocks of 12) evicts the cached
        // blocks, least recently freed first, so 4 finds its prefix gone.
        QCOMPARE(s.prefixHitTokens, std::uint64_t(32));
        QVERIFY(s.prefixEvictions >= 2);
        QCOMPARE(s.requestsFinished, std::uint64_t(5));
        QVERIFY(paged.empty());
    }

    // Offload tiers counted by hand (issue 30): block 16, a pool of 8 blocks, a host tier of 2 blocks and a disk
    // tier of 2. Request 0 computes prefix A's 4 blocks, freed tail first as vLLM frees them (A3 .. A0, so that a
    // prefix's head outlives its tail). Request 1, 120 tokens of no shared prefix, needs all 8 blocks: the 4
    // never-cached ones, then A3, A2, A1, A0 evicted least recently freed first. Each goes down to the host tier;
    // A1 and A0 push A3 and A2 on to the disk. Request 2 has prefix A again: none of it is in the pool, A0 and A1
    // load from the host, A2 and A3 from the disk, and its last 10 tokens are computed.
    void offloadTiersHandCount() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.prefixCache = true;
        config.checkInvariants = true; // the pool's and the tiers' blocks in one place each, within capacity
        config.recordSteps = true;
        config.recordTraffic = true;
        config.poolSlots = 16 * 8;
        config.hostTierSlots = 16 * 2 + 5; // a part block is not a block
        config.diskTierSlots = 16 * 2;
        KvSimulator sim(config, {{0, 74, 2, 0, 7, 64}, {1, 120, 2, 10, 9, 0}, {2, 74, 2, 20, 7, 64}});
        std::vector<StepTraffic::Prefill> prefills;
        while (sim.step())
            for (const StepTraffic::Prefill& p : sim.traffic().prefills)
                prefills.push_back(p);
        const SimSummary s = sim.summary();
        QVERIFY(s.offloading);
        QCOMPARE(s.tierCapacityBlocks, (std::array<std::uint32_t, 2>{2, 2}));
        QCOMPARE(s.promptTokens, std::uint64_t(74 + 120 + 74));
        QCOMPARE(s.prefixHitTokens, std::uint64_t(0)); // the pool kept none of A for request 2
        QCOMPARE(s.prefixEvictions, std::uint64_t(4));
        QCOMPARE(s.tierHitTokens, (std::array<std::uint64_t, 2>{32, 32}));
        QCOMPARE(s.tierStores, (std::array<std::uint64_t, 2>{4, 2}));
        QCOMPARE(s.tierEvictions, (std::array<std::uint64_t, 2>{2, 0}));
        QCOMPARE(s.tierBlocksAtEnd, (std::array<std::uint32_t, 2>{0, 0})); // loading moved them up
        QCOMPARE(s.allTierHitRate(), 64.0 / 268.0);
        QCOMPARE(s.requestsFinished, std::uint64_t(3));
        // What each admission computed: request 2 had 64 tokens in its cache before its 10 were computed.
        QCOMPARE(prefills.size(), std::size_t(3));
        QCOMPARE(prefills[2].request, 2u);
        QCOMPARE(prefills[2].cached, 0u);
        QCOMPARE(prefills[2].loaded, (std::array<std::uint32_t, 2>{32, 32}));
        QCOMPARE(prefills[2].tokens, 10u);
        QCOMPARE(prefills[2].offset, 64u);
        QCOMPARE(prefills[1].loaded, (std::array<std::uint32_t, 2>{0, 0}));
        // The tiers over time: full after request 1's admission, empty after request 2's.
        std::uint32_t most = 0;
        for (const StepStats& step : sim.steps())
            most = std::max(most, step.tierBlocks[0] + step.tierBlocks[1]);
        QCOMPARE(most, 4u);
        QCOMPARE(sim.steps().back().tierBlocks, (std::array<std::uint32_t, 2>{0, 0}));
        const auto& paged = static_cast<const PagedAllocator&>(sim.allocator());
        QVERIFY(paged.empty());
        for (std::uint32_t b = 0; b < paged.blockCount(); ++b)
            QCOMPARE(paged.refCount(b), 0u);

        // Without the disk tier A3 and A2 are dropped: request 2 loads A0 and A1 from the host and computes the rest.
        config.diskTierSlots = 0;
        const SimSummary hostOnly =
            simulate(config, {{0, 74, 2, 0, 7, 64}, {1, 120, 2, 10, 9, 0}, {2, 74, 2, 20, 7, 64}});
        QCOMPARE(hostOnly.tierHitTokens, (std::array<std::uint64_t, 2>{32, 0}));
        QCOMPARE(hostOnly.tierEvictions, (std::array<std::uint64_t, 2>{2, 0}));
        QCOMPARE(hostOnly.tierBlocksAtEnd, (std::array<std::uint32_t, 2>{0, 0}));
        // Without tiers nothing is stored or loaded.
        config.hostTierSlots = 0;
        const SimSummary none = simulate(config, {{0, 74, 2, 0, 7, 64}, {1, 120, 2, 10, 9, 0}, {2, 74, 2, 20, 7, 64}});
        QVERIFY(!none.offloading);
        QCOMPARE(none.tierStores, (std::array<std::uint64_t, 2>{0, 0}));
        QCOMPARE(none.allTierHitRate(), 0.0);
    }

    // A block in one place at a time over a long shared-prompt run with small tiers: the allocator's check after
    // every step, and the counts add up (every store is still held, was loaded back, or was evicted).
    void offloadTiersKeepEveryBlockOnce() {
        WorkloadSpec spec = WorkloadSpec::parse("alpaca");
        spec.requests = 400;
        spec.parseSharedPrompts("12:200");
        SimConfig config;
        config.prefixCache = true;
        config.checkInvariants = true;
        config.poolSlots = 16 * 160;
        config.hostTierSlots = 16 * 30;
        config.diskTierSlots = 16 * 20;
        const SimSummary s = simulate(config, generateWorkload(spec));
        QCOMPARE(s.requestsFinished, std::uint64_t(400));
        QVERIFY(s.tierHitTokens[0] > 0);
        for (std::size_t t = 0; t < 2; ++t) {
            QVERIFY(s.tierBlocksAtEnd[t] <= s.tierCapacityBlocks[t]);
            const std::uint64_t loads = s.tierHitTokens[t] / 16;
            // A block leaves a tier by a load, an eviction, or a newer copy computed in the pool: nothing else.
            QCOMPARE(s.tierStores[t], s.tierBlocksAtEnd[t] + loads + s.tierEvictions[t] + s.tierSuperseded[t]);
        }
        QCOMPARE(s.tierStores[1], s.tierEvictions[0]); // the host's evictions are the disk's stores
        // The tiers only add hits: the pool's own are the same as without them, up to the run's changed order.
        config.hostTierSlots = config.diskTierSlots = 0;
        const SimSummary plain = simulate(config, generateWorkload(spec));
        QVERIFY(s.allTierHitRate() > plain.prefixHitRate);
    }

    // Every token loaded from a tier reaches the timed replay once, under preemption too (found in review): an
    // admission preempted in its own step paid its copy though no prefill of it ran, and a request swapped back in
    // brings its blocks from swap space, not from the tiers.
    void offloadTierLoadsAreEachInTheTrafficOnce_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("recompute") << int(PreemptionMode::Recompute);
        QTest::newRow("swap") << int(PreemptionMode::Swap);
    }
    void offloadTierLoadsAreEachInTheTrafficOnce() {
        QFETCH(int, mode);
        WorkloadSpec spec = WorkloadSpec::parse("sharegpt");
        spec.requests = 300;
        spec.parseSharedPrompts("16:160");
        SimConfig config;
        config.prefixCache = true;
        config.checkInvariants = true;
        config.recordTraffic = true;
        config.preemption = PreemptionMode(mode);
        config.poolSlots = 16 * 100;
        config.hostTierSlots = 16 * 40;
        config.diskTierSlots = 16 * 40;
        KvSimulator sim(config, generateWorkload(spec));
        std::array<std::uint64_t, 2> inTraffic{};
        bool preemptedOwnStep = false;
        while (sim.step()) {
            const StepTraffic& t = sim.traffic();
            for (std::size_t tier = 0; tier < 2; ++tier) {
                for (const StepTraffic::Prefill& p : t.prefills)
                    inTraffic[tier] += p.loaded[tier];
                inTraffic[tier] += t.loadedByPreempted[tier];
                preemptedOwnStep = preemptedOwnStep || t.loadedByPreempted[tier] > 0;
            }
        }
        const SimSummary s = sim.summary();
        QVERIFY(s.preemptions > 0 && s.tierHitTokens[0] > 0);
        QCOMPARE(inTraffic, s.tierHitTokens);
        if (PreemptionMode(mode) == PreemptionMode::Recompute)
            QVERIFY(preemptedOwnStep); // the case the review found is exercised
    }

    // A tier's LRU of block hashes: least recently stored pushed out first, a stored hash moved to the back, slots
    // reused after erasures, never more than the capacity.
    void hashLruOrder() {
        HashLru lru(3);
        QCOMPARE(lru.push(11), std::uint64_t(0));
        QCOMPARE(lru.push(12), std::uint64_t(0));
        QCOMPARE(lru.push(13), std::uint64_t(0));
        QCOMPARE(lru.push(11), std::uint64_t(0));  // already there: now the most recent
        QCOMPARE(lru.push(14), std::uint64_t(12)); // full: the least recent goes
        QVERIFY(lru.erase(13));
        QVERIFY(!lru.erase(13));
        QCOMPARE(lru.push(15), std::uint64_t(0)); // into the freed slot
        std::vector<std::uint64_t> order;
        lru.forEach([&](std::uint64_t h) { order.push_back(h); });
        QCOMPARE(order, (std::vector<std::uint64_t>{11, 14, 15}));
        QCOMPARE(lru.size(), 3u);
        QVERIFY(lru.contains(14) && !lru.contains(12));
        QCOMPARE(HashLru(0).push(7), std::uint64_t(7)); // no tier: passed straight on
        // A long churn against a model: the same answers as a list.
        HashLru big(50);
        std::deque<std::uint64_t> model;
        std::uint64_t x = 1;
        for (int i = 0; i < 20000; ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t h = (x >> 33) % 120 + 1;
            if ((x >> 20) % 4 == 0) {
                const auto it = std::find(model.begin(), model.end(), h);
                QCOMPARE(big.erase(h), it != model.end());
                if (it != model.end())
                    model.erase(it);
                continue;
            }
            std::uint64_t expected = 0;
            if (const auto it = std::find(model.begin(), model.end(), h); it != model.end())
                model.erase(it);
            else if (model.size() == 50) {
                expected = model.front();
                model.pop_front();
            }
            model.push_back(h);
            QCOMPARE(big.push(h), expected);
        }
        std::vector<std::uint64_t> got;
        big.forEach([&](std::uint64_t h) { got.push_back(h); });
        QCOMPARE(got, std::vector<std::uint64_t>(model.begin(), model.end()));
    }

    void offloadTiersRefused_data() {
        QTest::addColumn<QString>("allocator");
        QTest::addColumn<bool>("prefixCache");
        QTest::addColumn<quint64>("host");
        QTest::addColumn<quint64>("disk");
        QTest::addColumn<QString>("expected");
        QTest::newRow("without prefix caching")
            << u"paged"_s << false << quint64(64) << quint64(0) << u"give --prefix-cache"_s;
        QTest::newRow("disk without host")
            << u"paged"_s << true << quint64(0) << quint64(64) << u"give --host-tier-tokens"_s;
        QTest::newRow("contiguous, without prefix caching")
            << u"max"_s << false << quint64(64) << quint64(0) << u"--host-tier-tokens"_s;
        QTest::newRow("less than a block")
            << u"paged"_s << true << quint64(15) << quint64(0) << u"--host-tier-tokens: 15 slots"_s;
    }
    void offloadTiersRefused() {
        QFETCH(QString, allocator);
        QFETCH(bool, prefixCache);
        QFETCH(quint64, host);
        QFETCH(quint64, disk);
        QFETCH(QString, expected);
        SimConfig config;
        config.allocator = parseAllocatorKind(allocator.toStdString());
        config.prefixCache = prefixCache;
        config.hostTierSlots = host;
        config.diskTierSlots = disk;
        const std::string needle = expected.toStdString();
        QVERIFY(throwsErrorContaining([&] { KvSimulator(config, {{0, 40, 2, 0}}); }, {needle.c_str()}));
    }

    void sharedPromptWorkloads() {
        WorkloadSpec spec = WorkloadSpec::parse("alpaca");
        spec.requests = 500;
        const auto plain = generateWorkload(spec);
        spec.parseSharedPrompts("4:300");
        const auto shared = generateWorkload(spec);
        std::set<std::uint32_t> ids;
        for (std::size_t i = 0; i < shared.size(); ++i) {
            QCOMPARE(shared[i].promptLen, plain[i].promptLen + 300); // the system prompt comes before the question
            QCOMPARE(shared[i].outputLen, plain[i].outputLen);
            QCOMPARE(shared[i].prefixLen, 300u);
            ids.insert(shared[i].prefixId);
        }
        QCOMPARE(ids, (std::set<std::uint32_t>{0, 1, 2, 3}));
        QVERIFY(spec.describe().find("4 shared system prompts of 300 tokens") != std::string::npos);
        for (const char* bad : {"4", "0:10", "4:0", "a:b", "4:10:3"})
            QVERIFY2(throwsErrorContaining([&] { WorkloadSpec().parseSharedPrompts(bad); }, {"--system-prompts"}), bad);
        // On a shared-prompt workload, prefix caching saves most of the prefill.
        SimConfig config;
        config.prefixCache = true;
        const SimSummary s = simulate(config, shared);
        QVERIFY2(s.prefixHitRate > 0.8, std::to_string(s.prefixHitRate).c_str());
        QCOMPARE(s.requestsFinished, std::uint64_t(500));
    }

    // Parallel sampling counted by hand: block 4, a 10-token prompt (2 full blocks + 2 tokens),
    // 3 samples of 4 tokens. Step 0: the partial block is copied for 2 samples (5 blocks held,
    // 2 x 2 saved); step 1 fills it; step 2 takes a block per sample (8 held, 4 saved).
    void parallelSamplingSavingByHand() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.blockSize = 4;
        config.samples = 3;
        config.poolSlots = 4 * 32;
        config.checkInvariants = true;
        config.recordSteps = true;
        KvSimulator sim(config, {{0, 10, 4, 0}});
        sim.run();
        const auto& steps = sim.steps();
        QCOMPARE(steps.size(), std::size_t(4));
        const std::uint32_t used[] = {5, 5, 8, 8};
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(steps[i].usedBlocks, used[i]);
            QCOMPARE(steps[i].sharedBlocksSaved, std::uint64_t(4));
            QCOMPARE(steps[i].sharingSaving(), 4.0 / (used[i] + 4.0)); // per step
        }
        const SimSummary s = sim.summary();
        QCOMPARE(s.meanSharingSaving, 16.0 / 42.0); // (4 x 4) / (9 + 9 + 12 + 12)
        QCOMPARE(s.maxSharingSaving, 4.0 / 9.0);
        QCOMPARE(s.copyOnWrites, std::uint64_t(2));
        QVERIFY(sim.allocator().empty());
    }

    // Beam search counted by hand on the allocator: block 4, a 6-token prompt, 3 beams.
    void beamForkCopyOnWriteAndDrop() {
        PagedAllocator paged(4 * 16, 4);
        std::vector<AllocEvent> log;
        paged.setEventLog(&log);
        QVERIFY(paged.admit({0, 6, 4, 0}, 3, 6, 10));
        QCOMPARE(paged.usedBlocks(), 2u); // F (full) and P (2 tokens), both shared by the 3 beams
        for (std::uint32_t b = 0; b < 3; ++b)
            QVERIFY(paged.append(0, b, 7)); // beams 0 and 1 copy P; beam 2 writes it in place
        QCOMPARE(paged.usedBlocks(), 4u);
        QCOMPARE(paged.sharedBlocksSaved(), std::uint64_t(2));
        paged.checkInvariants();
        const std::uint32_t ownOfBeam1 = paged.sequences()[1].blockTable[1];
        // Beam 0 is chosen twice, beam 1 by none: beam 1 continues beam 0 and its own block is freed.
        paged.reorderSamples(0, {0, 0, 2});
        const auto seqs = paged.sequences();
        QCOMPARE(seqs[1].blockTable, seqs[0].blockTable);
        QCOMPARE(paged.refCount(ownOfBeam1), 0u);
        QCOMPARE(paged.usedBlocks(), 3u);
        QCOMPARE(paged.sharedBlocksSaved(), std::uint64_t(3)); // F twice, beam 0's block once
        paged.checkInvariants();
        // The next token: beam 0 copies the shared partial block, beam 1 then writes it alone.
        for (std::uint32_t b = 0; b < 3; ++b)
            QVERIFY(paged.append(0, b, 8));
        QCOMPARE(paged.copyOnWrites(), std::uint64_t(3));
        QCOMPARE(paged.usedBlocks(), 4u);
        QCOMPARE(paged.sharedBlocksSaved(), std::uint64_t(2));
        QVERIFY(paged.sequences()[0].blockTable[1] != paged.sequences()[1].blockTable[1]);
        paged.checkInvariants();
        paged.release(0);
        for (std::uint32_t b = 0; b < paged.blockCount(); ++b)
            QCOMPARE(paged.refCount(b), 0u); // every reference returned, no block freed twice
        QCOMPARE(paged.freeBlocks(), paged.blockCount());
        int shares = 0;
        for (const AllocEvent& e : log)
            shares += e.kind == EventKind::Share && e.sample == 1 && e.count == 2 ? 1 : 0;
        QCOMPARE(shares, 2); // at admission, and when beam 1 took beam 0's table
    }

    // Kwon et al. (2023), Figure 15: on Alpaca-like prompts sharing saves 6.1-9.8% with parallel
    // sampling and 37.6-55.2% with beam search. The finding to keep: beams share far more.
    // A request's block tables as a fork diagram, by hand: three beams of 10 tokens in blocks of 4.
    void forkDiagramByHand() {
        const std::vector<BlockTableView> tables = {
            {7, 2, {10, 14, 15}, {true, false, false}, 10, {false, false, false}},
            {3, 0, {1, 2}, {false, false}, 6, {false, false}}, // another request: not drawn
            {7, 0, {10, 11, 12}, {true, true, false}, 10, {true, false, false}},
            {7, 1, {10, 11, 13}, {true, true, false}, 10, {true, false, false}},
        };
        const ForkDiagram d = forkDiagram(tables, 7, 4);
        QCOMPARE(d.rowSample, (std::vector<std::uint32_t>{0, 1, 2})); // sharing neighbours: 0 and 1 share two blocks
        QCOMPARE(d.columns.size(), std::size_t(3));
        // Column 0: block 10, read by all three beams, full, a cached prefix block.
        QCOMPARE(d.columns[0].size(), std::size_t(1));
        QCOMPARE(d.columns[0][0].rows, 3u);
        QCOMPARE(d.columns[0][0].block, 10u);
        QCOMPARE(d.columns[0][0].tokens, 4u);
        QVERIFY(d.columns[0][0].prefixCached);
        // Column 1: beams 0 and 1 read block 11, beam 2 forked earlier into block 14.
        QCOMPARE(d.columns[1].size(), std::size_t(2));
        QCOMPARE(d.columns[1][0].firstRow, 0u);
        QCOMPARE(d.columns[1][0].rows, 2u);
        QCOMPARE(d.columns[1][1].firstRow, 2u);
        QCOMPARE(d.columns[1][1].block, 14u);
        // Column 2: every beam its own last block, 10 - 2 x 4 = 2 tokens in each.
        QCOMPARE(d.columns[2].size(), std::size_t(3));
        for (const ForkCell& cell : d.columns[2]) {
            QCOMPARE(cell.rows, 1u);
            QCOMPARE(cell.tokens, 2u);
        }
        QCOMPARE(d.sharedCells(), 2u);
        QVERIFY(forkDiagram(tables, 99, 4).columns.empty()); // a request not in the pool
    }

    // Over a beam-search run, every running request's diagram covers each of its beams exactly
    // once per column, and a cell spans several rows exactly when its block is shared.
    void forkDiagramsOfABeamRun() {
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        config.blockSize = 4;
        config.samples = 4;
        config.sampling = SamplingMode::Beam;
        config.poolSlots = 4 * 400;
        config.keepSlotMap = true;
        WorkloadSpec spec = WorkloadSpec::parse("alpaca");
        spec.requests = 12;
        spec.seed = 5;
        KvSimulator sim(config, generateWorkload(spec));
        int forkedSeen = 0;
        while (sim.step()) {
            const auto& paged = static_cast<const PagedAllocator&>(sim.allocator());
            for (const std::uint32_t id : sim.runningRequests()) {
                const ForkDiagram d = forkDiagram(sim.blockTables(), id, config.blockSize);
                QCOMPARE(d.rowSample.size(), std::size_t(4));
                for (const auto& column : d.columns) {
                    std::uint32_t nextRow = 0;
                    for (const ForkCell& cell : column) {
                        QCOMPARE(cell.firstRow, nextRow); // top to bottom, no gap, no overlap
                        nextRow += cell.rows;
                        QVERIFY(cell.tokens >= 1 && cell.tokens <= config.blockSize);
                        QVERIFY(paged.refCount(cell.block) >= cell.rows);
                    }
                    QCOMPARE(nextRow, 4u); // beams advance together: every beam has every column
                }
                forkedSeen += d.columns.size() > 1 && d.columns.back().size() > 1 && d.columns.front().size() == 1;
            }
        }
        QVERIFY(forkedSeen > 0); // beams that share their first block and split later were drawn
    }

    void beamSearchSharesFarMoreThanParallelSampling() {
        WorkloadSpec spec = WorkloadSpec::parse("alpaca");
        spec.requests = 400;
        const auto trace = generateWorkload(spec);
        SimConfig config;
        config.samples = 4;
        const SimSummary parallel = simulate(config, trace);
        config.sampling = SamplingMode::Beam;
        const SimSummary beam = simulate(config, trace);
        QVERIFY(parallel.meanSharingSaving > 0.0);
        QVERIFY2(
            beam.meanSharingSaving > 2 * parallel.meanSharingSaving,
            (std::to_string(beam.meanSharingSaving) + " vs " + std::to_string(parallel.meanSharingSaving)).c_str());
        QVERIFY(beam.beamForks > 0);
        QCOMPARE(parallel.beamForks, std::uint64_t(0));
        QCOMPARE(beam.requestsFinished, std::uint64_t(400));
        QCOMPARE(beam.tokensGenerated, parallel.tokensGenerated);
    }

    // The paged page's timeline bands: each edge is the pool share of the bands below it and its own.
    void stackedShares_data() {
        QTest::addColumn<QList<qulonglong>>("counts"); // tokens, reserved, internal, external, free
        QTest::addColumn<QList<double>>("edges");
        // 100 slots: 40 tokens, 30 reserved, 10 internal, 5 external, 15 free: 40, 70, 80, 85, 100 %.
        QTest::newRow("every kind") << QList<qulonglong>{40, 30, 10, 5, 15} << QList<double>{40, 70, 80, 85, 100};
        // 3 slots, one token and two free: 33.3 % of tokens, nothing between, 100 % at the top.
        QTest::newRow("thirds") << QList<qulonglong>{1, 0, 0, 0, 2}
                                << QList<double>{100.0 / 3, 100.0 / 3, 100.0 / 3, 100.0 / 3, 100};
        QTest::newRow("all free") << QList<qulonglong>{0, 0, 0, 0, 4096} << QList<double>{0, 0, 0, 0, 100};
        QTest::newRow("full of tokens") << QList<qulonglong>{2048, 0, 0, 0, 0}
                                        << QList<double>{100, 100, 100, 100, 100};
        // An empty pool counts as one slot: every edge 0, not a division by zero.
        QTest::newRow("empty pool") << QList<qulonglong>{0, 0, 0, 0, 0} << QList<double>{0, 0, 0, 0, 0};
    }
    void stackedShares() {
        QFETCH(QList<qulonglong>, counts);
        QFETCH(QList<double>, edges);
        const SlotUsage u{counts[0], counts[1], counts[2], counts[3], counts[4]};
        const std::array<double, 5> got = stackedSharePercents(u);
        for (std::size_t b = 0; b < got.size(); ++b)
            QCOMPARE(got[b], edges[qsizetype(b)]);
        // The bands are the map's kinds, bottom to top; Cached slots are counted as free.
        QCOMPARE(kShareBands.front(), SlotKind::Token);
        QCOMPARE(kShareBands.back(), SlotKind::Free);
    }

    void samplingParses_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("parallel") << u"parallel:4"_s << true;
        QTest::newRow("beam") << u"beam:6"_s << true;
        QTest::newRow("no count") << u"beam"_s << false;
        QTest::newRow("zero") << u"parallel:0"_s << false;
        QTest::newRow("65") << u"beam:65"_s << false;
        QTest::newRow("junk") << u"greedy:2"_s << false;
    }
    void samplingParses() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        if (ok) {
            const auto [mode, n] = parseSampling(text.toStdString());
            QCOMPARE(samplingModeName(mode) + ":" + std::to_string(n), text.toStdString());
        } else {
            QVERIFY(throwsErrorContaining([&] { parseSampling(text.toStdString()); }, {"--sampling", "parallel:N"}));
        }
    }

    void blockOperationsAreLinear() {
        // O(1) per block: operations grow with tokens, not with the pool or the queue.
        WorkloadSpec spec = WorkloadSpec::parse("fixed:32,32");
        SimConfig config;
        config.allocator = AllocatorKind::Paged;
        spec.requests = 100;
        const SimSummary a = simulate(config, generateWorkload(spec));
        spec.requests = 200;
        const SimSummary b = simulate(config, generateWorkload(spec));
        QCOMPARE(b.blockOperations, 2 * a.blockOperations);
        QCOMPARE(a.blockOperations, std::uint64_t(100 * 4 * 2)); // 4 blocks taken and returned per request
    }

    void workloadsAreDeterministic() {
        WorkloadSpec spec = WorkloadSpec::parse("sharegpt");
        spec.requests = 20000;
        spec.rate = 2.0;
        const auto a = generateWorkload(spec);
        const auto b = generateWorkload(spec);
        QCOMPARE(a.size(), b.size());
        double prompt = 0, output = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].promptLen, b[i].promptLen);
            QCOMPARE(a[i].arrivalStep, b[i].arrivalStep);
            prompt += a[i].promptLen;
            output += a[i].outputLen;
        }
        // Means close to ShareGPT's 161 and 338 (the tail is capped at 4,096).
        QVERIFY2(std::abs(prompt / 20000 - 161) < 8, qPrintable(QString::number(prompt / 20000)));
        QVERIFY2(std::abs(output / 20000 - 338) < 12, qPrintable(QString::number(output / 20000)));
        QVERIFY(a.back().arrivalStep > 9000 && a.back().arrivalStep < 11000); // 20,000 at 2 per step
    }

    void traces_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("count");
        QTest::newRow("csv") << QByteArray("prompt_len,output_len\n10,20\n5, 7\n") << QString() << 2;
        QTest::newRow("csv with arrivals")
            << QByteArray("prompt_len,output_len,arrival_step\n10,20,5\n5,7,0\n") << QString() << 2;
        QTest::newRow("jsonl") << QByteArray("{\"prompt_len\": 3, \"output_len\": 4}\n\n{\"prompt_len\": 1, "
                                             "\"output_len\": 2, \"arrival_step\": 9}\n")
                               << QString() << 2;
        QTest::newRow("no header") << QByteArray("10,20\n") << u"trace.csv:1: a CSV trace starts with the header"_s
                                   << 0;
        QTest::newRow("bad number") << QByteArray("prompt_len,output_len\n10,20\n10,abc\n")
                                    << u"trace.csv:3: output_len must be a whole number"_s << 0;
        QTest::newRow("negative") << QByteArray("prompt_len,output_len\n-1,20\n")
                                  << u"trace.csv:2: prompt_len must be a whole number"_s << 0;
        QTest::newRow("too many columns")
            << QByteArray("prompt_len,output_len\n1,2,3\n") << u"trace.csv:2: expected 2 values, got 3"_s << 0;
        // Issue 11: an arrival at 2^32 was truncated (an idle pool read as full); a uint64 one wrapped.
        QTest::newRow("arrival past 2^31")
            << QByteArray("prompt_len,output_len,arrival_step\n1,2,3000000000\n")
            << u"trace.csv:2: arrival_step must be at most 2147483647, got 3000000000"_s << 0;
        QTest::newRow("jsonl arrival at the top of uint64")
            << QByteArray("{\"prompt_len\": 1, \"output_len\": 2, \"arrival_step\": 18446744073709551615}\n")
            << u"trace.csv:1: arrival_step must be at most 2147483647"_s << 0;
        QTest::newRow("zero output") << QByteArray("prompt_len,output_len\n1,0\n")
                                     << u"trace.csv:2: output_len must be at least 1"_s << 0;
        QTest::newRow("bad json") << QByteArray("{\"prompt_len\": 3,\n") << u"trace.csv:1: not valid JSON"_s << 0;
        QTest::newRow("json missing") << QByteArray("{\"prompt_len\": 3}\n") << u"trace.csv:1: missing 'output_len'"_s
                                      << 0;
        QTest::newRow("json negative") << QByteArray("{\"prompt_len\": -3, \"output_len\": 1}\n")
                                       << u"trace.csv:1: 'prompt_len' must be a whole number"_s << 0;
        QTest::newRow("empty") << QByteArray("prompt_len,output_len\n") << u"holds no requests"_s << 0;
        QTest::newRow("csv with prefixes")
            << QByteArray("prompt_len,output_len,prefix_id,prefix_len,arrival_step\n100,5,7,64,0\n90,5,7,64,3\n")
            << QString() << 2;
        QTest::newRow("jsonl with a prefix")
            << QByteArray("{\"prompt_len\": 100, \"output_len\": 4, \"prefix_id\": 2, \"prefix_len\": 32}\n")
            << QString() << 1;
        QTest::newRow("prefix longer than the prompt")
            << QByteArray("prompt_len,output_len,prefix_id,prefix_len\n10,5,1,64\n")
            << u"trace.csv:2: prefix_len (64) must be at most prompt_len (10)"_s << 0;
        QTest::newRow("prefix id alone") << QByteArray("prompt_len,output_len,prefix_id\n10,5,1\n")
                                         << u"trace.csv:1: prefix_id and prefix_len come together"_s << 0;
        QTest::newRow("jsonl prefix_len alone")
            << QByteArray("{\"prompt_len\": 10, \"output_len\": 4, \"prefix_len\": 3}\n")
            << u"trace.csv:1: missing 'prefix_id'"_s << 0;
    }
    void traces() {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QFETCH(int, count);
        if (error.isEmpty()) {
            const auto requests = parseTrace(text.toStdString(), "trace.csv");
            QCOMPARE(int(requests.size()), count);
            for (std::size_t i = 1; i < requests.size(); ++i)
                QVERIFY(requests[i - 1].arrivalStep <= requests[i].arrivalStep);
            return;
        }
        QString message;
        const QByteArray needle = error.toUtf8();
        QVERIFY2(
            throwsErrorContaining([&] { parseTrace(text.toStdString(), "trace.csv"); }, {needle.constData()}, &message),
            qPrintable(message));
    }

    // Issue 26: a 2M-line trace took seconds to read with nothing said; the reading reports its progress (every
    // 65,536 lines, by bytes read, ending at 1) and stops when asked.
    void traceReadingReportsProgressAndStops() {
        std::string text = "prompt_len,output_len,arrival_step\n";
        for (int i = 0; i < 200'000; ++i)
            text +=
                std::to_string(1 + i % 500) + "," + std::to_string(1 + i % 300) + "," + std::to_string(i / 10) + "\n";
        std::vector<double> seen;
        const auto all = parseTrace(text, "big.csv", [&](double f) {
            seen.push_back(f);
            return true;
        });
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(200'000));
        QCOMPARE(*all, parseTrace(text, "big.csv")); // the same requests as without a callback
        QCOMPARE(seen.size(), std::size_t(200'001 / 65'536 + 1));
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QVERIFY(seen.front() > 0.3 && seen.front() < 0.35); // 65,536 of 200,001 lines, by their bytes
        QCOMPARE(seen.back(), 1.0);
        int calls = 0;
        const auto stopped = parseTrace(text, "big.csv", [&](double) { return ++calls < 2; });
        QVERIFY(!stopped);
        QCOMPARE(calls, 2); // stopped at the second report, not read to the end
        // Drawn requests report too: 10M took 2.5 s with nothing said.
        WorkloadSpec spec;
        spec.requests = 200'000;
        std::vector<double> drawn;
        const auto requests = generateWorkload(spec, [&](double f) {
            drawn.push_back(f);
            return true;
        });
        QVERIFY(requests);
        QCOMPARE(*requests, generateWorkload(spec));
        QCOMPARE(drawn, (std::vector<double>{65'536 / 200'000.0, 131'072 / 200'000.0, 196'608 / 200'000.0, 1.0}));
        QVERIFY(!generateWorkload(spec, [](double) { return false; }));
    }

    // Issue 11: uniform:0-4294967295 made every prompt 0 (the range's width wrapped to 0 in
    // 32 bits). The draws now cover the range: over 2,000 of them, spread across it.
    void uniformOverTheWholeRange() {
        WorkloadSpec spec = WorkloadSpec::parse("uniform:0-4294967295,1-1");
        spec.requests = 2000;
        spec.seed = 7;
        const auto trace = generateWorkload(spec);
        std::uint32_t lowest = UINT32_MAX, highest = 0;
        for (const Request& r : trace) {
            lowest = std::min(lowest, r.promptLen);
            highest = std::max(highest, r.promptLen);
        }
        QVERIFY2(highest > 3'000'000'000u, qPrintable(QString::number(highest)));
        QVERIFY2(lowest < 1'000'000'000u, qPrintable(QString::number(lowest)));
    }

    void workloadSpecErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("fixed without output") << u"fixed:10"_s;
        QTest::newRow("fixed zero output") << u"fixed:10,0"_s;
        QTest::newRow("uniform reversed") << u"uniform:10-5,1-2"_s;
        QTest::newRow("uniform junk") << u"uniform:a-b,c-d"_s;
    }
    void workloadSpecErrors() {
        QFETCH(QString, text);
        QVERIFY(throwsErrorContaining([&] { WorkloadSpec::parse(text.toStdString()); }, {"--workload"}));
    }
};

QTEST_GUILESS_MAIN(TestKvSimulator)
#include "tst_kvsimulator.moc"
