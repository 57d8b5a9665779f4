// Public request traces (core/publictraces.h): real excerpts of a Mooncake and an Azure LLM trace
// (tests/data/traces/README.md names their sources) read to the figure, times in seconds, the prefix-cache hit
// curve against a hand computation, and errors that name the file, line and field.
#include "publictraces.h"
#include "testutils.h"
#include "workload.h"

#include <QtTest>

using namespace kvscope;
using namespace Qt::StringLiterals;

namespace {
TimedTrace fixture(const char* name) {
    const auto t = loadTimedTrace(testDataPath(name).toStdString());
    if (!t)
        throw Error(std::string(name) + ": not read as a public trace");
    return *t;
}

// Three requests: the second extends the first's two blocks, the third shares only the first block.
constexpr std::string_view kThree = R"({"timestamp": 0, "input_length": 1024, "output_length": 10, "hash_ids": [1, 2]}
{"timestamp": 1000, "input_length": 1500, "output_length": 20, "hash_ids": [1, 2, 3]}
{"timestamp": 2000, "input_length": 600, "output_length": 30, "hash_ids": [1, 4]}
)";
} // namespace

class TestPublicTraces : public QObject {
    Q_OBJECT

private slots:
    void mooncakeExcerpt();
    void azureExcerpt();
    void hitCurveByHand_data();
    void hitCurveByHand();
    void hitCurveOnTheExcerpt();
    void timestamps_data();
    void timestamps();
    void refusals_data();
    void refusals();
    void projectReaderTakesThem();
};

void TestPublicTraces::mooncakeExcerpt() {
    // The first 40 lines of Mooncake's conversation trace (FAST'25).
    const TimedTrace t = fixture("traces/mooncake-conversation-head.jsonl");
    QCOMPARE(t.format, TraceFormat::Mooncake);
    QCOMPARE(t.requests.size(), std::size_t(40));
    QCOMPARE(t.requests.front().promptLen, 6758u);
    QCOMPARE(t.requests.front().outputLen, 500u);
    std::uint64_t prompt = 0, output = 0;
    for (const Request& r : t.requests) {
        prompt += r.promptLen;
        output += r.outputLen;
        QCOMPARE(r.arrivalStep, quint64(0));
        QCOMPARE(r.prefixLen, 0u);
    }
    KV_COMPARE_U64(prompt, 506'280);
    KV_COMPARE_U64(output, 14'962);
    QCOMPARE(t.arrivalSeconds.front(), 0.0);
    QCOMPARE(t.arrivalSeconds[10], 3.0); // "timestamp": 3000, in milliseconds
    QCOMPARE(t.spanSeconds(), 12.0);
    QVERIFY(std::is_sorted(t.arrivalSeconds.begin(), t.arrivalSeconds.end()));
    QCOMPARE(t.hashBlockTokens, 512u);
    QCOMPARE(t.hashIds.front().size(), std::size_t(14)); // 6,758 tokens in blocks of 512
    QCOMPARE(t.hashIds[1].front(), 0u);                  // every conversation starts with the same block
}

void TestPublicTraces::azureExcerpt() {
    // The first 30 requests of Azure's 2023 conversation trace.
    const TimedTrace t = fixture("traces/azure-llm-conv-2023-head.csv");
    QCOMPARE(t.format, TraceFormat::AzureLlm);
    QCOMPARE(t.requests.size(), std::size_t(30));
    QCOMPARE(t.requests.front().promptLen, 374u);
    QCOMPARE(t.requests.front().outputLen, 44u);
    QCOMPARE(t.requests.back().promptLen, 91u);
    QCOMPARE(t.arrivalSeconds.front(), 0.0);
    // 18:15:50.9951690 - 18:15:46.6805900 and 18:16:06.5945170 - 18:15:46.6805900
    QVERIFY(std::abs(t.arrivalSeconds[1] - 4.314579) < 1e-6);
    QVERIFY(std::abs(t.spanSeconds() - 19.913927) < 1e-6);
    QVERIFY(t.hashIds.empty());
    QCOMPARE(t.skippedRows, quint64(0));
    QVERIFY_THROWS_EXCEPTION(Error, prefixHitCurve(t, std::vector<std::uint64_t>{1024}));
}

void TestPublicTraces::hitCurveByHand_data() {
    QTest::addColumn<quint64>("capacity");
    QTest::addColumn<quint64>("hitTokens");
    // Prompt tokens 1,024 + 1,500 + 600 = 3,124; repeated blocks: the second's 1 and 2, the third's 1.
    QTest::newRow("no cache") << quint64(0) << quint64(0);
    // One block: the first request leaves its last block (2) cached; the second misses 1 at once.
    QTest::newRow("one block") << quint64(512) << quint64(0);
    // Two blocks: the second hits 1 and 2 (1,024 tokens) and caches 3 over 1; the third then misses 1.
    QTest::newRow("two blocks") << quint64(1024) << quint64(1024);
    // Plenty: the second hits 1 and 2, the third hits 1 (512): every repeated block.
    QTest::newRow("plenty") << quint64(1) << quint64(1536); // read as 1 << 30 below
}

void TestPublicTraces::hitCurveByHand() {
    QFETCH(quint64, capacity);
    QFETCH(quint64, hitTokens);
    const auto t = parseTimedTrace(kThree, "three.jsonl");
    QVERIFY(t);
    const std::vector<std::uint64_t> capacities{capacity == 1 ? 1ull << 30 : capacity};
    const PrefixHitCurve c = prefixHitCurve(*t, capacities);
    KV_COMPARE_U64(c.promptTokens, 3124);
    QCOMPARE(c.upperBound, 1536.0 / 3124.0);
    QCOMPARE(c.points.size(), std::size_t(1));
    QCOMPARE(c.points[0].capacityTokens, capacities[0]);
    QCOMPARE(c.points[0].hitRate, double(hitTokens) / 3124.0);
}

void TestPublicTraces::hitCurveOnTheExcerpt() {
    // The excerpt's conversations share their first block only: 39 repeats of 512 tokens. A large cache reaches
    // that bound; a larger cache never hits less (an LRU cache's hits only grow with its size).
    const TimedTrace t = fixture("traces/mooncake-conversation-head.jsonl");
    const std::vector<std::uint64_t> capacities{0, 512, 8'192, 65'536, 262'144, 1ull << 30};
    const PrefixHitCurve c = prefixHitCurve(t, capacities);
    QCOMPARE(c.upperBound, 39.0 * 512 / 506'280);
    QCOMPARE(c.points.back().hitRate, c.upperBound);
    QCOMPARE(c.points.front().hitRate, 0.0);
    for (std::size_t i = 1; i < c.points.size(); ++i) {
        QVERIFY(c.points[i].hitRate >= c.points[i - 1].hitRate);
        QVERIFY(c.points[i].hitRate <= c.upperBound);
    }
}

void TestPublicTraces::timestamps_data() {
    QTest::addColumn<QString>("second");
    QTest::addColumn<double>("seconds"); // after the first row, 2024-05-10 00:00:00 UTC
    QTest::newRow("fraction") << u"2024-05-10 00:00:01.5"_s << 1.5;
    QTest::newRow("UTC offset") << u"2024-05-10 00:00:02.250000+00:00"_s << 2.25;
    QTest::newRow("Z and T") << u"2024-05-10T00:01:00Z"_s << 60.0;
    QTest::newRow("another zone") << u"2024-05-10 09:00:03+09:00"_s << 3.0;
    QTest::newRow("a zone behind UTC") << u"2024-05-09 19:00:04-05:00"_s << 4.0;
    QTest::newRow("leap day itself") << u"2024-02-29 00:00:00"_s << -71.0 * 86'400;
    QTest::newRow("next day") << u"2024-05-11 00:00:00"_s << 86'400.0;
    // Earlier than the first row, so sorted first; 2024 is a leap year: 2 days to March 1, 70 more to May 10.
    QTest::newRow("across a leap day") << u"2024-02-28 00:00:00"_s << -72.0 * 86'400;
}

void TestPublicTraces::timestamps() {
    QFETCH(QString, second);
    QFETCH(double, seconds);
    const std::string text =
        "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,10,5\n" + second.toStdString() + ",20,6\n";
    const auto t = parseTimedTrace(text, "times.csv");
    QVERIFY(t);
    QCOMPARE(t->requests.size(), std::size_t(2));
    const double gap = t->arrivalSeconds[1] - t->arrivalSeconds[0];
    QVERIFY2(std::abs(gap - std::abs(seconds)) < 1e-9, qPrintable(QString::number(gap)));
    // Sorted by time: the later row first when its time is earlier.
    QCOMPARE(t->requests[0].promptLen, seconds < 0 ? 20u : 10u);
}

void TestPublicTraces::refusals_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("mooncake, no prompt")
        << QByteArray(R"({"timestamp": 0, "input_length": 10, "output_length": 1, "hash_ids": [1]}
{"timestamp": 5, "output_length": 3, "input_length_": 1, "hash_ids": [2]})")
        << u"t:2: missing 'input_length'"_s;
    QTest::newRow("mooncake, nothing generated") // skipped as an Azure row is: here none is left
        << QByteArray(R"({"timestamp": 0, "input_length": 10, "output_length": 0, "hash_ids": [1]})")
        << u"t: the trace holds no requests"_s;
    QTest::newRow("mooncake, negative output")
        << QByteArray(R"({"timestamp": 0, "input_length": 10, "output_length": -1, "hash_ids": [1]})")
        << u"t:1: 'output_length' must be a whole number from 0 to 16,777,216, got -1"_s;
    QTest::newRow("mooncake, negative time")
        << QByteArray(R"({"timestamp": -3, "input_length": 10, "output_length": 2, "hash_ids": [1]})")
        << u"t:1: 'timestamp' must be milliseconds, 0 or more, got -3"_s;
    QTest::newRow("mooncake, no blocks") << QByteArray(R"({"timestamp": 0, "input_length": 10, "output_length": 2})")
                                         << u"t:1: missing 'hash_ids' (one id per 512-token block of the prompt)"_s;
    QTest::newRow("mooncake, bad block")
        << QByteArray(R"({"timestamp": 0, "input_length": 10, "output_length": 2, "hash_ids": ["a"]})")
        << u"t:1: 'hash_ids' must hold whole numbers"_s;
    QTest::newRow("mooncake, broken line")
        << QByteArray("{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 2, \"hash_ids\": [1]}\n{\"timest")
        << u"t:2: not valid JSON"_s;
    QTest::newRow("azure, header") << QByteArray("TIMESTAMP,ContextTokens\n2024-05-10 00:00:00,1\n")
                                   << u"t:1: an Azure LLM trace starts with the header"_s;
    QTest::newRow("azure, time")
        << QByteArray("TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,1,1\n2024-13-10 00:00:00,1,1\n")
        << u"t:3: TIMESTAMP '2024-13-10 00:00:00' is not a time"_s;
    QTest::newRow("azure, no such day") << QByteArray(
                                               "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-02-31 00:00:00,1,1\n")
                                        << u"t:2: TIMESTAMP '2024-02-31 00:00:00' is not a time"_s;
    QTest::newRow("azure, not a leap year")
        << QByteArray("TIMESTAMP,ContextTokens,GeneratedTokens\n2023-02-29 00:00:00,1,1\n")
        << u"t:2: TIMESTAMP '2023-02-29 00:00:00' is not a time"_s;
    QTest::newRow("azure, tokens") << QByteArray("TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,-1,1\n")
                                   << u"t:2: ContextTokens must be a whole number from 0 to 16,777,216, got '-1'"_s;
    QTest::newRow("azure, columns") << QByteArray(
                                           "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,1,1,7\n")
                                    << u"t:2: expected 3 values"_s;
    QTest::newRow("azure, empty") << QByteArray("TIMESTAMP,ContextTokens,GeneratedTokens\n")
                                  << u"t: the trace holds no requests"_s;
}

void TestPublicTraces::refusals() {
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    try {
        parseTimedTrace(text.toStdString(), "t");
        QFAIL("accepted");
    } catch (const Error& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(error), e.what());
    }
}

void TestPublicTraces::projectReaderTakesThem() {
    // The project's trace reader (what the paged page and `simulate --workload FILE` use) reads both formats:
    // their lengths, every request at step 0; rows with nothing to generate are counted, not replayed.
    const std::vector<Request> azure = loadTraceFile(testDataPath("traces/azure-llm-conv-2023-head.csv").toStdString());
    QCOMPARE(azure.size(), std::size_t(30));
    QCOMPARE(azure.front().promptLen, 374u);
    const std::vector<Request> mooncake =
        loadTraceFile(testDataPath("traces/mooncake-conversation-head.jsonl").toStdString());
    QCOMPARE(mooncake.size(), std::size_t(40));
    const auto skipped = parseTimedTrace("TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,10,0\n"
                                         "2024-05-10 00:00:01,10,3\n",
                                         "t");
    QVERIFY(skipped);
    QCOMPARE(skipped->requests.size(), std::size_t(1));
    QCOMPARE(skipped->skippedRows, quint64(1));
    QCOMPARE(skipped->arrivalSeconds.front(), 0.0); // times start at the first request replayed
    // A spreadsheet's byte order mark before the header is read past.
    const auto bom =
        parseTimedTrace("\xEF\xBB\xBFTIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,10,3\n", "t");
    QVERIFY(bom);
    QCOMPARE(bom->format, TraceFormat::AzureLlm);
    QCOMPARE(bom->requests.size(), std::size_t(1));
    // A Mooncake row with nothing to generate is skipped and counted too.
    const auto zeroOutput = parseTimedTrace(R"({"timestamp": 0, "input_length": 10, "output_length": 0, "hash_ids": [1]}
{"timestamp": 5, "input_length": 10, "output_length": 2, "hash_ids": [1]})",
                                            "t");
    QVERIFY(zeroOutput);
    QCOMPARE(zeroOutput->requests.size(), std::size_t(1));
    QCOMPARE(zeroOutput->skippedRows, quint64(1));
}

QTEST_GUILESS_MAIN(TestPublicTraces)
#include "tst_publictraces.moc"
