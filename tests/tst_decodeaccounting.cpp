// The decode core's bookkeeping, shared by its CPU and CUDA backends: the KV and weight bytes it
// reports are core's formulas for modelShapeOf(config) (one formula for each quantity), the
// paged cache's block pool, the memory tracker and the cache's account of what it holds.
#include "blockpool.h"
#include "cacheaccount.h"
#include "decode.h"
#include "memtracker.h"

#include "dtype.h"
#include "memorymodel.h"
#include "modelshape.h"

#include "testutils.h"

#include <QtTest>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

using namespace kvscope::gpu;
using kvscope::DType;

Q_DECLARE_METATYPE(kvscope::gpu::GptConfig)

namespace {

GptConfig config(std::uint32_t layers, std::uint32_t width, std::uint32_t heads, std::uint32_t kvHeads,
                 std::uint32_t vocab, std::uint32_t maxContext) {
    GptConfig c;
    c.layers = layers;
    c.width = width;
    c.heads = heads;
    c.kvHeads = kvHeads;
    c.vocab = vocab;
    c.maxContext = maxContext;
    return c;
}

void addConfigRows() {
    QTest::addColumn<GptConfig>("c");
    QTest::newRow("course's small GPT (8 x 512, MHA)") << GptConfig{};
    QTest::newRow("GQA, head 64") << config(2, 256, 4, 2, 1000, 300);
    QTest::newRow("MQA, head 32") << config(4, 256, 8, 1, 4096, 128);
    QTest::newRow("head 128") << config(3, 256, 2, 2, 97, 64);
    QTest::newRow("head 16, odd vocab") << config(2, 64, 4, 4, 97, 96);
}

// The blocks sequence by sequence, in the order the pool of an earlier release handed them
// out (both backends' own copies of it): the free list 0..n-1, shuffled by mt19937_64(seed x 7919
// + 1), taken from its end, each sequence topped up in turn.
std::vector<std::vector<std::uint32_t>> tablesAsBefore(std::uint32_t sequences, std::uint32_t maxPositions,
                                                       std::uint32_t blockSize, bool shuffle, std::uint64_t seed,
                                                       const std::vector<std::uint32_t>& lengths) {
    std::vector<std::uint32_t> free(sequences * ((maxPositions + blockSize - 1) / blockSize));
    std::iota(free.begin(), free.end(), 0u);
    if (shuffle)
        std::shuffle(free.begin(), free.end(), std::mt19937_64(seed * 7919 + 1));
    std::vector<std::vector<std::uint32_t>> tables(sequences);
    for (const std::uint32_t length : lengths)
        for (auto& table : tables)
            while (table.size() * blockSize < length) {
                table.push_back(free.back());
                free.pop_back();
            }
    return tables;
}

} // namespace

class TestDecodeAccounting : public QObject {
    Q_OBJECT

private slots:
    // GptConfig's parameter count and KV bytes per token are core's for modelShapeOf(config),
    // and both agree with the tensors randomWeights() allocates and with the formula by hand.
    void configFiguresAreCores_data() { addConfigRows(); }
    void configFiguresAreCores() {
        QFETCH(GptConfig, c);
        const kvscope::ModelShape shape = modelShapeOf(c);
        KV_COMPARE_U64(c.parameterCount(), kvscope::parameterCount(shape));
        KV_COMPARE_U64(c.kvBytesPerToken(), kvscope::kvBytesPerToken(shape, DType::fp32()));
        KV_COMPARE_U64(c.kvBytesPerToken(), 2ull * c.layers * c.kvHeads * c.headDim() * 4);
        if (c.parameterCount() < 5'000'000) // the tensors themselves: GptWeights::bytes() is FP32 storage
            KV_COMPARE_U64(randomWeights(c).bytes(), c.parameterCount() * 4);
        KV_COMPARE_U64(weightBytesByFormula(c, Precision::Fp32),
                       kvscope::weightBytes(c.parameterCount(), DType::fp32()));
        KV_COMPARE_U64(weightBytesByFormula(c, Precision::Fp32), c.parameterCount() * 4);
        KV_COMPARE_U64(weightBytesByFormula(c, Precision::Bf16), c.parameterCount() * 2);
    }

    // Every cache kind's bytes through the decode core are core's kvBytes for its dtype: FP32 and
    // BF16 caches, and INT8 / FP8 with one FP32 scale per head vector (headDim + 4 bytes).
    void cacheBytesAreCores_data() { addConfigRows(); }
    void cacheBytesAreCores() {
        QFETCH(GptConfig, c);
        const kvscope::ModelShape shape = modelShapeOf(c);
        const std::uint64_t hd = c.headDim();
        for (const Precision precision : {Precision::Fp32, Precision::Bf16})
            for (const CacheMode mode : allCacheModes()) {
                const DType dtype = cacheDType(mode, precision, c);
                const std::uint64_t perHead = isQuantized(mode) ? hd + 4 : hd * elementBytes(precision);
                for (const std::uint32_t batch : {1u, 3u})
                    for (const std::uint64_t tokens : {1ull, 17ull, 500ull}) {
                        const std::uint64_t bytes = kvBytesByFormula(c, batch, tokens, mode, precision);
                        KV_COMPARE_U64(bytes, kvscope::kvBytes(shape, dtype, tokens, batch));
                        KV_COMPARE_U64(bytes, 2ull * c.layers * batch * tokens * c.kvHeads * perHead);
                    }
            }
        // The course's figure (docs/domain.md section 7): 32 KiB a token, 500 tokens at batch 64.
        if (c.layers == 8 && c.width == 512)
            KV_COMPARE_U64(kvBytesByFormula(c, 64, 500), 1'048'576'000ull);
    }

    // What a run reports: the weights and the cache of every CPU mode by core's formulas.
    void runReportsCoresFigures_data() {
        QTest::addColumn<int>("kvHeads");
        QTest::newRow("MHA") << 4;
        QTest::newRow("MQA") << 1;
    }
    void runReportsCoresFigures() {
        QFETCH(int, kvHeads);
        DecodeOptions o;
        o.model = config(2, 64, 4, std::uint32_t(kvHeads), 97, 64);
        o.batch = 2;
        o.steps = 4;
        o.promptLen = 3;
        o.blockSize = 4;
        o.backend = BackendChoice::Cpu;
        o.modes = {CacheMode::None, CacheMode::Contiguous, CacheMode::Paged, CacheMode::Dynamic, CacheMode::Int8};
        const DecodeReport r = runDecode(o);
        QCOMPARE(r.modes.size(), o.modes.size());
        const kvscope::ModelShape shape = modelShapeOf(o.model);
        for (const ModeResult& m : r.modes) {
            const DType dtype = cacheDType(m.mode, Precision::Fp32, o.model);
            KV_COMPARE_U64(r.parameters, kvscope::parameterCount(shape));
            KV_COMPARE_U64(m.memory.theoreticalWeightBytes, kvscope::weightBytes(r.parameters, DType::fp32()));
            KV_COMPARE_U64(m.memory.theoreticalKvBytes,
                           m.mode == CacheMode::None ? 0 : kvscope::kvBytes(shape, dtype, 7, o.batch));
            for (const StepRecord& s : m.steps) {
                const std::uint64_t tokens = o.promptLen + s.step;
                const std::uint64_t expected =
                    m.mode == CacheMode::None      ? 0
                    : m.mode == CacheMode::Dynamic ? kvscope::kvBytes(shape, dtype, tokens, 2)
                    : m.mode == CacheMode::Paged   ? kvscope::kvBytes(shape, dtype, (tokens + 3) / 4 * 4, 2)
                                                   : kvscope::kvBytes(shape, dtype, 7, 2);
                KV_COMPARE_U64(s.kvBytesHeld, expected);
            }
        }
    }

    // The pool hands out every block exactly once, sequence by sequence, in the same order as the
    // backends' own pools did before they shared this one.
    void poolHandsOutEveryBlockOnce_data() {
        QTest::addColumn<uint>("sequences");
        QTest::addColumn<uint>("maxPositions");
        QTest::addColumn<uint>("blockSize");
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<qulonglong>("seed");
        QTest::newRow("one sequence, one block") << 1u << 5u << 16u << true << 1ull;
        QTest::newRow("3 sequences, block 4, seed 3") << 3u << 17u << 4u << true << 3ull;
        QTest::newRow("64 sequences, block 16, seed 1") << 64u << 532u << 16u << true << 1ull;
        QTest::newRow("block 1") << 5u << 40u << 1u << true << 99ull;
        QTest::newRow("not shuffled") << 4u << 33u << 8u << false << 1ull;
    }
    void poolHandsOutEveryBlockOnce() {
        QFETCH(uint, sequences);
        QFETCH(uint, maxPositions);
        QFETCH(uint, blockSize);
        QFETCH(bool, shuffle);
        QFETCH(qulonglong, seed);
        detail::BlockPool pool(sequences, maxPositions, blockSize, shuffle, seed);
        const std::uint32_t perSequence = (maxPositions + blockSize - 1) / blockSize;
        QCOMPARE(pool.blocksPerSequence(), perSequence);
        QCOMPARE(pool.blocks(), sequences * perSequence);
        QCOMPARE(pool.blocksTaken(), 0u);
        std::vector<std::uint32_t> lengths; // a prompt of 3, then one position a step, as a decode grows
        for (std::uint32_t length = std::min(3u, maxPositions); length <= maxPositions; ++length) {
            const std::uint32_t takenBefore = pool.blocksTaken();
            const bool changed = pool.reserve(length);
            lengths.push_back(length);
            const std::uint32_t needed = (length + blockSize - 1) / blockSize;
            QCOMPARE(pool.blocksTaken(), sequences * needed);
            QCOMPARE(changed, pool.blocksTaken() != takenBefore);
            std::set<std::uint32_t> seen;
            for (std::uint32_t s = 0; s < sequences; ++s)
                for (std::uint32_t position = 0; position < length; position += blockSize) {
                    const std::uint32_t block = pool.blockOf(s, position);
                    QVERIFY(block < pool.blocks());
                    QVERIFY2(seen.insert(block).second, "a block handed out twice");
                    QCOMPARE(pool.blockOf(s, std::min(position + blockSize - 1, length - 1)), block);
                }
        }
        QCOMPARE(pool.blocksTaken(), pool.blocks()); // every block handed out by the end
        const auto before = tablesAsBefore(sequences, maxPositions, blockSize, shuffle, seed, lengths);
        for (std::uint32_t s = 0; s < sequences; ++s)
            for (std::uint32_t b = 0; b < perSequence; ++b) {
                QCOMPARE(pool.blockOf(s, b * blockSize), before[s][b]);
                QCOMPARE(std::uint32_t(pool.table()[s * perSequence + b]), before[s][b]);
            }
        QVERIFY(!pool.reserve(maxPositions)); // nothing more to hand out
        QVERIFY(throwsErrorContaining([&] { pool.reserve(perSequence * blockSize + 1); }, {"paged pool"}));
    }

    // The shuffled order depends on the seed alone: the same seed, the same tables; another
    // seed, others. Unshuffled, blocks go out from the highest number down.
    void poolOrderIsDeterministicPerSeed() {
        const auto tables = [](bool shuffle, std::uint64_t seed) {
            detail::BlockPool pool(8, 64, 4, shuffle, seed);
            pool.reserve(64);
            return pool.table();
        };
        QCOMPARE(tables(true, 7), tables(true, 7));
        QVERIFY(tables(true, 7) != tables(true, 8));
        QVERIFY(tables(true, 7) != tables(false, 7));
        const std::vector<std::int32_t> ordered = tables(false, 7);
        for (std::size_t i = 0; i < ordered.size(); ++i)
            QCOMPARE(ordered[i], std::int32_t(ordered.size() - 1 - i));
    }

    void trackerPeak() {
        detail::MemoryTracker t;
        t.add(100);
        t.add(50);
        t.remove(100);
        KV_COMPARE_U64(t.current(), 50);
        KV_COMPARE_U64(t.peak(), 150);
        t.resetPeak(); // a new mode starts from what is held now
        KV_COMPARE_U64(t.peak(), 50);
        t.add(10);
        KV_COMPARE_U64(t.peak(), 60);
    }

    // The account's bytes held for every cache kind (fp8 included: the CUDA backend's), its step
    // peak and its growth copies.
    void accountOfEveryCacheKind_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("precision");
        for (const CacheMode mode : allCacheModes())
            for (const Precision precision : {Precision::Fp32, Precision::Bf16})
                QTest::addRow("%s, %s", cacheModeName(mode).c_str(), precisionName(precision).c_str())
                    << int(mode) << int(precision);
    }
    void accountOfEveryCacheKind() {
        QFETCH(int, mode);
        QFETCH(int, precision);
        DecodeOptions o;
        o.model = config(2, 256, 4, 2, 97, 64);
        o.batch = 3;
        o.promptLen = 5;
        o.steps = 10;
        o.blockSize = 4;
        const CacheMode m = CacheMode(mode);
        const Precision p = Precision(precision);
        detail::CacheAccount account(o.model, o, m, p);
        QCOMPARE(account.maxLength(), 15u);
        const auto formula = [&](std::uint32_t batch, std::uint64_t tokens) {
            return kvscope::kvBytes(modelShapeOf(o.model), cacheDType(m, p, o.model), tokens, batch);
        };
        std::uint64_t expected = 0;
        switch (m) {
        case CacheMode::None:
            break;
        case CacheMode::Paged:
            QCOMPARE(account.held(), std::uint64_t(0));
            QVERIFY(account.pool().reserve(6)); // two blocks of 4 for each of 3 sequences
            expected = formula(1, 3 * 2 * 4);
            break;
        case CacheMode::Dynamic:
            QCOMPARE(account.held(), std::uint64_t(0));
            account.grownTo(6);
            expected = formula(3, 6);
            break;
        default:
            expected = formula(3, 15); // reserved up front
        }
        KV_COMPARE_U64(account.held(), expected);
        account.beginStep();
        KV_COMPARE_U64(account.peakInStep(), expected);
        KV_COMPARE_U64(account.copiedInStep(), 0);
        account.growthCopy(expected, 1000, 400); // a copy: the buffers and a new one of 1000 B
        account.growthCopy(expected + 200, 500, 300);
        KV_COMPARE_U64(account.peakInStep(), std::max(expected + 1000, expected + 700));
        KV_COMPARE_U64(account.copiedInStep(), 700);
        account.beginStep();
        KV_COMPARE_U64(account.peakInStep(), expected);
        KV_COMPARE_U64(account.copiedInStep(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDecodeAccounting)
#include "tst_decodeaccounting.moc"
