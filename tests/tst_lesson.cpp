#include "classvote.h"
#include "coursedata.h"
#include "error.h"
#include "lesson.h"
#include "servingreplay.h"
#include "sweep.h"
#include "testutils.h"
#include "units.h"
#include "workload.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace kvscope;
using namespace Qt::StringLiterals;

namespace {

const LessonSet& course() {
    static const LessonSet set = loadShippedLessonSet("course");
    return set;
}

const Lesson& courseLesson(const QString& id) {
    for (const auto& lesson : course().lessons)
        if (QString::fromStdString(lesson.id) == id)
            return lesson;
    throw Error("no lesson " + id.toStdString() + " in the course");
}

double roundTo(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

// Every text of a lesson with its JSON path, both languages.
std::vector<std::pair<std::string, std::string>> lessonTexts(const Lesson& l) {
    std::vector<std::pair<std::string, const LocalizedText*>> texts{
        {"title", &l.title}, {"question", &l.question}, {"answer", &l.answer}};
    if (l.predict.kind == LessonPrediction::Kind::Number)
        texts.emplace_back("predict.unit", &l.predict.unit);
    for (std::size_t i = 0; i < l.predict.choices.size(); ++i)
        texts.emplace_back("predict.choices[" + std::to_string(i) + "]", &l.predict.choices[i]);
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [path, t] : texts) {
        out.emplace_back(path + ".en", t->en);
        out.emplace_back(path + ".ko", t->ko);
    }
    return out;
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT

private slots:
    // Issue 25: the class's show of hands. Whole percents that add up to 100 by largest remainder (ties to the
    // earlier choice); the answer's share read off the same tally.
    void voteTally_data() {
        QTest::addColumn<QList<uint>>("hands");
        QTest::addColumn<QList<int>>("percents");
        QTest::addColumn<int>("rightPercent");
        // training-vs-inference: four choices, the answer is B.
        QTest::newRow("none") << QList<uint>{0, 0, 0, 0} << QList<int>{0, 0, 0, 0} << 0;
        QTest::newRow("thirds") << QList<uint>{1, 1, 1, 0} << QList<int>{34, 33, 33, 0} << 33;
        QTest::newRow("exact") << QList<uint>{5, 10, 5, 0} << QList<int>{25, 50, 25, 0} << 50;
        // 2/7 = 28.57, 3/7 = 42.86, 1/7 = 14.29 (x2): floors 28 + 42 + 14 + 14 = 98, the two largest remainders
        // (.86 and .57) get one more each.
        QTest::newRow("sevenths") << QList<uint>{2, 3, 1, 1} << QList<int>{29, 43, 14, 14} << 43;
        QTest::newRow("one hand") << QList<uint>{0, 1, 0, 0} << QList<int>{0, 100, 0, 0} << 100;
        QTest::newRow("a full hall") << QList<uint>{9999, 9999, 9999, 9999} << QList<int>{25, 25, 25, 25} << 25;
    }
    void voteTally() {
        QFETCH(QList<uint>, hands);
        QFETCH(QList<int>, percents);
        QFETCH(int, rightPercent);
        const Lesson& lesson = courseLesson(u"training-vs-inference"_s);
        const std::vector<std::uint32_t> counts(hands.begin(), hands.end());
        const VoteTally t = tallyVotes(lesson, counts);
        QCOMPARE(t.shares.size(), std::size_t(4));
        int sum = 0;
        std::uint32_t total = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(t.shares[i].hands, counts[i]);
            QCOMPARE(t.shares[i].percent, percents[qsizetype(i)]);
            QCOMPARE(t.shares[i].right, int(i) == lesson.predict.answer);
            sum += t.shares[i].percent;
            total += counts[i];
        }
        QCOMPARE(t.total, total);
        QCOMPARE(sum, total == 0 ? 0 : 100);
        QCOMPARE(t.rightPercent, rightPercent);
        QCOMPARE(t.mostHands, *std::max_element(counts.begin(), counts.end()));
    }
    // The summary's one line: every choice lesson with hands, the answers' share rounded to the nearest.
    // Lesson 1 (answer B): 3 of 7; lesson 4 (answer A): 1 of 2; lesson 2 is a number question; lesson 6 no hands.
    // 4 of 9 = 44.4 %.
    void voteSummary() {
        const std::map<int, std::vector<std::uint32_t>> votes{{0, {2, 3, 1, 1}}, {3, {1, 1, 0, 0}}, {5, {0, 0, 0, 0}}};
        const VoteSummary sum = summarizeVotes(course(), votes);
        QCOMPARE(sum.lessons, 2);
        QCOMPARE(sum.hands, 9ull);
        QCOMPARE(sum.rightHands, 4ull);
        QCOMPARE(sum.rightPercent, 44);
        QCOMPARE(summarizeVotes(course(), {}).rightPercent, 0);
        QCOMPARE(summarizeVotes(course(), {{0, {1, 1, 0, 0}}}).rightPercent, 50);
        QVERIFY(throwsErrorContaining([&] { summarizeVotes(course(), {{40, {1}}}); }, {"lesson 41"}));
    }
    void voteTallyRefusesWhatIsNotAVote() {
        const Lesson& choice = courseLesson(u"training-vs-inference"_s);
        const std::vector<std::uint32_t> three{1, 2, 3};
        QVERIFY(throwsErrorContaining([&] { tallyVotes(choice, three); }, {"4 choices", "3 counts"}));
        const std::vector<std::uint32_t> tooMany{0, kMaxHandsPerChoice + 1, 0, 0};
        QVERIFY(throwsErrorContaining([&] { tallyVotes(choice, tooMany); }, {"at most 9999", "10000"}));
        const Lesson& number = course().lessons[1];
        QVERIFY(number.predict.kind == LessonPrediction::Kind::Number);
        const std::vector<std::uint32_t> none;
        QVERIFY(throwsErrorContaining([&] { tallyVotes(number, none); }, {"not a choice question"}));
    }
    // The hour's tallies as Markdown: a section per lesson with hands, the answer marked, pipes escaped, lessons
    // without hands left out, the words in the caller's language.
    void votesAsMarkdown() {
        const VoteSummaryWords words{
            "Class votes: course",   "Choice", "Hands", "Share", "Right: %1 of %2 hands (%3 %)",
            "No hands were counted."};
        std::map<int, std::vector<std::uint32_t>> votes{{0, {2, 3, 1, 1}}, {3, {0, 0, 0, 0}}};
        const std::string md = votesMarkdown(course(), votes, Language::En, words);
        QVERIFY2(md.starts_with("# Class votes: course\n"), md.c_str());
        QVERIFY2(md.find("\n## 1. ") != std::string::npos, md.c_str());
        QVERIFY(md.find("## 4. ") == std::string::npos); // no hands: left out
        QVERIFY2(md.find("| Choice | Hands | Share |\n|---|---:|---:|\n| A) ") != std::string::npos, md.c_str());
        QVERIFY2(md.find(" ✓** | 3 | 43 % |") != std::string::npos, md.c_str()); // B, the answer
        QVERIFY2(md.find("Right: 3 of 7 hands (43 %)") != std::string::npos, md.c_str());
        QCOMPARE(std::count(md.begin(), md.end(), '\n') > 8, true);
        // Korean texts, and a teacher's choice with a pipe and a line break stays one cell.
        LessonSet set = course();
        set.lessons[0].predict.choices[0].ko = "A | B\n둘 다";
        const std::string ko = votesMarkdown(set, {{0, {1, 0, 0, 0}}}, Language::Ko, words);
        QVERIFY2(ko.find("| A) A \\| B 둘 다 | 1 | 100 % |") != std::string::npos, ko.c_str());
        QVERIFY(ko.find(set.lessons[0].question.ko.substr(0, 12)) != std::string::npos);
        QCOMPARE(votesMarkdown(course(), {}, Language::En, words),
                 std::string("# Class votes: course\n\nNo hands were counted.\n"));
        QVERIFY(throwsErrorContaining(
            [&] {
                votesMarkdown(course(), {{99, {1}}}, Language::En, words);
            },
            {"lesson 100"}));
    }

    void shippedCourseLoads() {
        QCOMPARE(shippedLessonSetIds(), std::vector<std::string>{"course"});
        const LessonSet& set = course();
        QCOMPARE(set.id, std::string("course"));
        QCOMPARE(set.source, std::string("resources/lessons/course.json"));
        QVERIFY(set.lessons.size() >= 12 && set.lessons.size() <= 18);
        // The course hour's order (issue 9): docs/domain.md's check questions among the sections.
        const std::vector<std::string> expected{"training-vs-inference",
                                                "weight-storage-7b",
                                                "int4-still-oom",
                                                "kv-formula-two",
                                                "batch-doubles-cache",
                                                "mha-gqa-mqa",
                                                "naive-formula-70b",
                                                "vllm-capacity",
                                                "paged-waste",
                                                "paged-larger-batch",
                                                "paging-tokens-per-second",
                                                "reload-or-recompute",
                                                "pipeline-first-out",
                                                "nvidia-smi-disagrees",
                                                "small-gpt-cache",
                                                "decode-fixed-cost",
                                                "two-term-model-misses",
                                                "speculative-eagle-batch1"};
        std::vector<std::string> ids;
        for (const auto& l : set.lessons)
            ids.push_back(l.id);
        QCOMPARE(ids, expected);
        for (std::size_t i = 0; i < set.lessons.size(); ++i)
            QCOMPARE(set.lessons[i].index, int(i));
        QVERIFY(throwsErrorContaining([] { loadShippedLessonSet("nope"); }, {"unknown lesson set 'nope'", "course"}));
    }

    void everyShippedLesson_data() {
        QTest::addColumn<QString>("id");
        for (const auto& l : course().lessons)
            QTest::newRow(l.id.c_str()) << QString::fromStdString(l.id);
    }
    void everyShippedLesson() {
        QFETCH(QString, id);
        const Lesson& l = courseLesson(id);
        const Scenario& s = l.scenario;
        s.validate();
        QVERIFY(std::find(lessonHighlightTargets().begin(), lessonHighlightTargets().end(), l.highlight) !=
                lessonHighlightTargets().end());

        // The lesson's figures are core's own numbers for its scenario.
        const Estimate e = estimate(s);
        QCOMPARE(lessonFigure(l, "kv_gib"), toGiB(e.kvBytes));
        QCOMPARE(lessonFigure(l, "kv_bytes"), double(e.kvBytes));
        QCOMPARE(lessonFigure(l, "weights_gib"), toGiB(e.weightBytes));
        QCOMPARE(lessonFigure(l, "total_gib"), toGiB(e.totalBytes));
        QCOMPARE(lessonFigure(l, "budget_gib"), toGiB(e.budgetBytes));
        QCOMPARE(lessonFigure(l, "headroom_gib"), double(e.headroomBytes) / double(GiB));
        QCOMPARE(lessonFigure(l, "activations_gib"), toGiB(e.activationBytes));
        QCOMPARE(lessonFigure(l, "runtime_gib"), toGiB(e.runtimeBytes));
        QCOMPARE(lessonFigure(l, "kv_bytes_per_token"), double(e.kvBytesPerToken));
        QCOMPARE(lessonFigure(l, "kv_kib_per_token"), double(e.kvBytesPerToken) / 1024.0);
        QCOMPARE(lessonFigure(l, "naive_kv_kib_per_token"), double(e.kvBytesPerTokenNaive) / 1024.0);
        QCOMPARE(lessonFigure(l, "naive_kv_gib"), toGiB(e.kvBytesNaive));
        QCOMPARE(lessonFigure(l, "naive_factor"), e.naiveFactor);
        QCOMPARE(lessonFigure(l, "params_billion"), double(e.params.total) / 1e9);
        QCOMPARE(lessonFigure(l, "max_batch"), double(maxBatchForContext(s)));
        QCOMPARE(lessonFigure(l, "max_context"), double(maxContextForBatch(s)));
        const Capacity c = capacity(s);
        QCOMPARE(lessonFigure(l, "capacity_tokens"), double(c.tokens));
        QCOMPARE(lessonFigure(l, "max_concurrency"), c.maxConcurrency);
        QCOMPARE(lessonFigure(l, "weights_int4_gib"), toGiB(weightBytes(e.params.total, DType::int4())));
        QCOMPARE(lessonFigure(l, "weights_fp32_gib"), toGiB(weightBytes(e.params.total, DType::fp32())));
        for (const auto& v : attentionVariants(s)) {
            if (v.kind == AttentionKind::MHA)
                QCOMPARE(lessonFigure(l, "mha_kv_kib_per_token"), double(v.kvBytesPerToken) / 1024.0);
            if (v.kind == AttentionKind::MQA)
                QCOMPARE(lessonFigure(l, "mqa_kv_kib_per_token"), double(v.kvBytesPerToken) / 1024.0);
            if (v.isCurrent)
                QCOMPARE(lessonFigure(l, "gqa_kv_kib_per_token"), double(v.kvBytesPerToken) / 1024.0);
        }

        // The prediction: the right answer is accepted, others are not.
        if (l.predict.kind == LessonPrediction::Kind::Number) {
            const double truth = lessonFigure(l, l.predict.figure);
            QVERIFY(std::isfinite(truth) && truth > 0.0);
            QVERIFY(predictionIsCorrect(l, truth));
            QVERIFY(!predictionIsCorrect(l, truth * 2.0));
            QVERIFY(!predictionIsCorrect(l, 0));
            QVERIFY(l.predict.choices.empty());
        } else {
            QVERIFY(l.predict.choices.size() >= 2);
            for (int i = 0; i < int(l.predict.choices.size()); ++i)
                QCOMPARE(predictionIsCorrect(l, i), i == l.predict.answer);
        }

        // Both languages everywhere, and every placeholder renders.
        for (const auto& [path, text] : lessonTexts(l)) {
            QVERIFY2(!text.empty(), path.c_str());
            const std::string rendered = renderLessonText(text, l, formatLessonNumber);
            QVERIFY2(rendered.find('{') == std::string::npos && rendered.find('}') == std::string::npos,
                     (path + ": " + rendered).c_str());
        }
        // Every answer quotes the app's figures rather than typed numbers.
        QVERIFY(l.answer.en.find('{') != std::string::npos);
        QVERIFY(l.answer.ko.find('{') != std::string::npos);
    }

    // docs/domain.md's figures, reproduced through the lessons.
    void domainFigures_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("figure");
        QTest::addColumn<double>("expected");
        QTest::addColumn<int>("decimals");
        auto row = [](const char* id, const char* figure, double expected, int decimals) {
            QTest::addRow("%s %s", id, figure)
                << QString::fromLatin1(id) << QString::fromLatin1(figure) << expected << decimals;
        };
        row("weight-storage-7b", "params_billion", 7.0, 9);
        row("weight-storage-7b", "weights_fp32_gib", 26.08, 2);
        row("weight-storage-7b", "weights_bf16_gib", 13.04, 2);
        row("weight-storage-7b", "weights_int8_gib", 6.52, 2);
        row("weight-storage-7b", "weights_int4_gib", 3.26, 2);
        row("weight-storage-7b", "weights_gib", 3.26, 2); // the lesson's scenario stores INT4
        row("int4-still-oom", "kv_gib", 128.0, 9);
        row("int4-still-oom", "kv_kib_per_token", 128.0, 9);
        row("kv-formula-two", "kv_bytes_per_token", 131072.0, 9);
        row("batch-doubles-cache", "kv_gib", 16.0, 9);
        row("batch-doubles-cache", "kv_gib_per_sequence", 1.0, 9);
        row("mha-gqa-mqa", "mha_kv_kib_per_token", 512.0, 9);
        row("mha-gqa-mqa", "gqa_kv_kib_per_token", 128.0, 9);
        row("mha-gqa-mqa", "mqa_kv_kib_per_token", 16.0, 9);
        row("naive-formula-70b", "naive_kv_gib", 10.0, 9);
        row("naive-formula-70b", "kv_gib", 1.25, 9);
        row("naive-formula-70b", "kv_kib_per_token", 320.0, 9);
        row("naive-formula-70b", "naive_factor", 8.0, 9);
        row("small-gpt-cache", "kv_bytes_per_token", 32768.0, 9);
        row("small-gpt-cache", "kv_kib_per_token", 32.0, 9);
        row("small-gpt-cache", "kv_bytes_per_sequence", 16384000.0, 9);
        row("small-gpt-cache", "kv_bytes", 1048576000.0, 9);
        row("small-gpt-cache", "kv_gb", 1.05, 2);
        row("small-gpt-cache", "weights_mb", 110.0, 0);
        // Issue 30's figures: Llama-3.1-8B's 4,000 tokens are 524 MB; over PCIe 4.0 x16 (31.5 GB/s) 16.6 ms; a
        // prefill on the H100's data sheet 60.7 ms (compute-bound); an NVMe drive on PCIe 4.0 loses from 270 tokens
        // to 9,561 (kvscope-cli tiers); InfiniBand NDR hands them off in 10.5 ms, 100 Gb Ethernet in 41.9 ms.
        row("reload-or-recompute", "tiers_request_mb", 524.3, 1);
        row("reload-or-recompute", "tiers_pcie4_gbps", 31.5, 1);
        row("reload-or-recompute", "tiers_reload_pcie4_ms", 16.6, 1);
        row("reload-or-recompute", "tiers_recompute_ms", 60.7, 1);
        row("reload-or-recompute", "tiers_reload_speedup_pcie4", 3.6, 1);
        row("reload-or-recompute", "tiers_nvme4_recompute_from_tokens", 270, 0);
        row("reload-or-recompute", "tiers_nvme4_reload_again_from_tokens", 9562, 0);
        row("reload-or-recompute", "tiers_handoff_ib_ms", 10.5, 1);
        row("reload-or-recompute", "tiers_handoff_eth_ms", 41.9, 1);
        row("reload-or-recompute", "tiers_host_ratio", 2, 0);
        // The H100's own host link, PCIe 5.0 x16 (63.0 GB/s): 8.3 ms, 7.3 times the recompute's speed; the
        // prefill's 60.0 TFLOP over 989.5 TFLOP/s against its 15.5 GB over 3.35 TB/s.
        row("reload-or-recompute", "tiers_pcie5_gbps", 63.0, 1);
        row("reload-or-recompute", "tiers_reload_pcie5_ms", 8.3, 1);
        row("reload-or-recompute", "tiers_reload_speedup_pcie5", 7.3, 1);
        row("reload-or-recompute", "tiers_reload_nvme4_ms", 66.6, 1);
        row("reload-or-recompute", "tiers_recompute_tflop", 60.0, 1);
        row("reload-or-recompute", "tiers_recompute_compute_ms", 60.7, 1);
        row("reload-or-recompute", "tiers_recompute_memory_ms", 4.6, 1);
        row("reload-or-recompute", "tiers_gpu_tflops", 989.5, 1);
        // A bar per GPU: Llama-3.1-8B's 32 layers over three pipeline stages split 11, 11, 10 (vLLM's rule), and
        // the first stage, with the embedding, runs out first at 48 x 32K tokens.
        row("pipeline-first-out", "pergpu_gpus", 3, 0);
        row("pipeline-first-out", "pergpu_first_stage_layers", 11, 0);
        row("pipeline-first-out", "pergpu_last_stage_layers", 10, 0);
        row("pipeline-first-out", "pergpu_tightest_gpu", 0, 0);
        row("pipeline-first-out", "pergpu_first_kv_gib", 66.0, 1); // 11 layers x 4 KiB x 32,768 x 48
        row("pipeline-first-out", "pergpu_last_kv_gib", 60.0, 1);  // 10 layers
        row("pipeline-first-out", "pergpu_kv_copies", 1, 0);
        row("decode-fixed-cost", "course_fit_a_ms", 1.22, 2);
        row("decode-fixed-cost", "course_fit_b_ms", 0.0011, 4);
        row("decode-fixed-cost", "course_fixed_share_cached_pct", 99.9, 1);
        row("decode-fixed-cost", "course_speedup_b1", 1.2, 1);
        row("decode-fixed-cost", "course_cpu_speedup_b1", 3.6, 1);
        row("two-term-model-misses", "course_predicted_b64_uncached_ms", 18.8, 1);
        row("two-term-model-misses", "course_predicted_b64_cached_ms", 1.29, 2);
        row("two-term-model-misses", "course_measured_b64_uncached_ms", 21.8, 9);
        row("two-term-model-misses", "course_measured_b64_cached_ms", 2.7, 9);
        row("two-term-model-misses", "course_speedup_b64", 8.0, 9);
        // Speculative decoding: an EAGLE head of Llama-3.1-8B (tst_speculation works its 251,662,336 parameters by
        // hand) at batch 1: 1 + 0.7 + 0.49 + 0.343 tokens a step, 3 lookahead slots of 128 KiB.
        row("speculative-eagle-batch1", "spec_expected_tokens", 2.533, 3);
        row("speculative-eagle-batch1", "spec_draft_params_m", 251.7, 1);
        row("speculative-eagle-batch1", "spec_draft_weights_gib", 0.47, 2); // 503,324,672 B
        // 6 slots a sequence: the 3 drafts checked and 3 more for the head's next ones (vLLM V1), 128 KiB each.
        row("speculative-eagle-batch1", "spec_lookahead_mib", 0.75, 2);
        row("speculative-eagle-batch1", "spec_draft_kv_gib", 0.03, 2); // 8,198 tokens x 4 KiB
        // On the H100's data sheet: a check of 4 tokens costs one memory-bound step (4.80 ms), 3 draft steps of
        // the head and the LM head 0.474 ms each: 2.533 x 4.80 / (4.80 + 1.42).
        row("speculative-eagle-batch1", "spec_speedup", 1.95, 2);
        row("speculative-eagle-batch1", "spec_decode_ms", 4.80, 2);
        row("speculative-eagle-batch1", "spec_draft_ms", 0.474, 3);
    }
    void domainFigures() {
        QFETCH(QString, id);
        QFETCH(QString, figure);
        QFETCH(double, expected);
        QFETCH(int, decimals);
        const double value = lessonFigure(courseLesson(id), figure.toStdString());
        QCOMPARE(roundTo(value, decimals), expected);
    }

    void capacityAsVllmReportsIt() {
        const Lesson& l = courseLesson(u"vllm-capacity"_s);
        KV_COMPARE_U64(l.scenario.context, 40960);
        const Capacity c = capacity(l.scenario);
        KV_COMPARE_U64(c.tokens % l.scenario.blockSize, 0);
        // A dense model without a window: concurrency = tokens / tokens per request.
        QCOMPARE(lessonFigure(l, "max_concurrency"), double(c.tokens) / 40960.0);
        QCOMPARE(lessonFigure(l, "kv_pool_gib"), toGiB(c.kvMemoryBytes));
        // Issue 25: the course text's 643,232 tokens and 15.70x (docs/domain.md section 5) are another server's. The
        // answer says so with the arithmetic: 643,232 tokens at this model's 128 KiB are 78.5 GiB, over the budget.
        QCOMPARE(QString::number(643'232.0 / 40'960.0, 'f', 2), u"15.70"_s);
        QCOMPARE(lessonFigure(l, "kv_kib_per_token"), 128.0);
        const double seedGiB = toGiB(643'232ull * kvBytesPerToken(l.scenario.model, l.scenario.kvDtype));
        QCOMPARE(QString::number(seedGiB, 'f', 1), u"78.5"_s);
        QVERIFY(seedGiB > lessonFigure(l, "budget_gib"));
        for (const std::string* text : {&l.answer.en, &l.answer.ko}) {
            const QString t = QString::fromStdString(*text);
            QVERIFY2(t.contains(u"643,232"_s) && t.contains(u"15.70"_s) && t.contains(u"78.5 GiB"_s), qPrintable(t));
        }
    }

    void nvidiaSmiLessonNamesTheMissingTerms() {
        const Lesson& l = courseLesson(u"nvidia-smi-disagrees"_s);
        QCOMPARE(l.highlight, std::string("breakdown"));
        const std::string right = l.predict.choices.at(std::size_t(l.predict.answer)).en;
        QVERIFY(right.find("allocator") != std::string::npos);
        QVERIFY(right.find("CUDA context") != std::string::npos);
        QVERIFY(right.find("fragmentation") != std::string::npos);
        QVERIFY(l.answer.en.find("nvidia-smi") != std::string::npos);
        QVERIFY(l.answer.ko.find("nvidia-smi") != std::string::npos);
        // The course's sum (weights + cache) sits under the card yet leaves terms out.
        QVERIFY(lessonFigure(l, "weights_kv_gib") < lessonFigure(l, "total_gib"));
    }

    void simulationFiguresMatchTheSimulator() {
        const Lesson& l = courseLesson(u"paged-larger-batch"_s);
        QVERIFY(l.simulation);
        // The same run kvscope-cli simulate makes, read the way its table reads it.
        WorkloadSpec spec = WorkloadSpec::parse(l.simulation->workload);
        spec.requests = l.simulation->requests;
        spec.seed = l.simulation->seed;
        const auto requests = generateWorkload(spec);
        SimConfig config;
        config.poolSlots = l.simulation->poolTokens;
        config.maxModelLen = l.simulation->maxModelLen;
        config.blockSize = l.simulation->blockSize;
        config.allocator = l.simulation->contiguous;
        const SimSummary contiguous = simulate(config, requests);
        config.allocator = AllocatorKind::Paged;
        const SimSummary paged = simulate(config, requests);
        QVERIFY(contiguous.saturatedSteps > 0 && paged.saturatedSteps > 0);
        QCOMPARE(lessonFigure(l, "contiguous_mean_batch"), contiguous.meanBatchSaturated);
        QCOMPARE(lessonFigure(l, "paged_mean_batch"), paged.meanBatchSaturated);
        QCOMPARE(lessonFigure(l, "paged_batch_ratio"), paged.meanBatchSaturated / contiguous.meanBatchSaturated);
        QCOMPARE(lessonFigure(l, "contiguous_token_share_pct"), 100.0 * contiguous.saturated.tokenStates);
        QCOMPARE(lessonFigure(l, "paged_token_share_pct"), 100.0 * paged.saturated.tokenStates);
        QCOMPARE(lessonFigure(l, "sim_pool_tokens"), 15728.0);
        // The lesson's point: paged blocks let a larger batch share the same pool.
        QVERIFY(lessonFigure(l, "paged_batch_ratio") > 2.0);
        QVERIFY(lessonFigure(l, "paged_token_share_pct") > 90.0);
        QVERIFY(lessonFigure(l, "contiguous_token_share_pct") < 40.0);
    }

    void simulationRunsOnce() {
        LessonSet set = parseLessonSet(presetOnlySimulationFile(), "sim.json");
        const Lesson& l = set.lessons.front();
        QVERIFY(!lessonSimulationCached(l));
        const Lesson copy = l; // copies share the cache
        const double first = lessonFigure(l, "paged_mean_batch");
        QVERIFY(lessonSimulationCached(l));
        QVERIFY(lessonSimulationCached(copy));
        QCOMPARE(lessonFigure(copy, "paged_mean_batch"), first);
        // A hand-built lesson without a cache still computes.
        Lesson bare = l;
        bare.simulationCache.reset();
        QCOMPARE(lessonFigure(bare, "paged_mean_batch"), first);
        QVERIFY(!lessonSimulationCached(bare));
    }

    void predictionTolerance() {
        const Lesson& l = courseLesson(u"int4-still-oom"_s);
        QCOMPARE(l.predict.tolerance, 0.05);
        const double truth = lessonFigure(l, "kv_gib");
        QVERIFY(predictionIsCorrect(l, truth));
        QVERIFY(predictionIsCorrect(l, truth * 1.05)); // at the tolerance: close enough
        QVERIFY(predictionIsCorrect(l, truth * 0.95));
        QVERIFY(!predictionIsCorrect(l, truth * 1.0501)); // just beyond
        QVERIFY(!predictionIsCorrect(l, truth * 0.9499));
        QVERIFY(!predictionIsCorrect(l, std::nan("")));
        QVERIFY(!predictionIsCorrect(l, std::numeric_limits<double>::infinity()));
        QVERIFY(!predictionIsCorrect(l, 0)); // an index is no prediction for a number lesson
        // Issue 25: lesson 12 asks in GB while the page shows GiB; the class is right in either unit.
        const Lesson& gb = courseLesson(u"small-gpt-cache"_s);
        QCOMPARE(gb.predict.alternates.size(), std::size_t(1));
        const double inGB = lessonFigure(gb, "kv_gb"), inGiB = lessonFigure(gb, "kv_gib");
        QVERIFY(std::abs(inGB / inGiB - 1.073741824) < 1e-9); // far enough apart for one tolerance
        QCOMPARE(matchingFigure(gb, inGB), 0);
        QCOMPARE(matchingFigure(gb, inGiB), 1);
        QCOMPARE(matchingFigure(gb, inGB * 1.5), -1);
        QVERIFY(predictionIsCorrect(gb, inGiB));
        QCOMPARE(matchingFigure(l, truth), 0);
        const Lesson& choice = courseLesson(u"mha-gqa-mqa"_s);
        QVERIFY(predictionIsCorrect(choice, 2));
        QVERIFY(!predictionIsCorrect(choice, -1));
        QVERIFY(!predictionIsCorrect(choice, 99));
        QVERIFY(!predictionIsCorrect(choice, 2.0)); // a number is no choice
    }

    void rendering() {
        const Lesson& l = courseLesson(u"small-gpt-cache"_s);
        QCOMPARE(renderLessonText("{kv_bytes} B", l, formatLessonNumber), std::string("1,048,576,000 B"));
        QCOMPARE(renderLessonText("{kv_gb:3} GB, {kv_gb} GB", l, formatLessonNumber), std::string("1.049 GB, 1.05 GB"));
        QCOMPARE(renderLessonText("no placeholders", l, formatLessonNumber), std::string("no placeholders"));
        std::vector<int> decimals;
        const auto spy = [&](double, int d) {
            decimals.push_back(d);
            return std::string("x");
        };
        QCOMPARE(renderLessonText("{kv_gib:0}/{kv_gib}/{kv_kib_per_token}", l, spy), std::string("x/x/x"));
        QCOMPARE(decimals, (std::vector<int>{0, 2, 0}));
        QVERIFY(throwsErrorContaining([&] { renderLessonText("{nope}", l, formatLessonNumber); }, {"'nope'"}));
        QVERIFY(throwsErrorContaining([&] { renderLessonText("{kv_gib", l, formatLessonNumber); }, {"byte 0"}));
        QVERIFY(throwsErrorContaining([&] { renderLessonText("{paged_mean_batch}", l, formatLessonNumber); },
                                      {"simulation"}));

        QCOMPARE(formatLessonNumber(1048576000.0, 0), std::string("1,048,576,000"));
        QCOMPARE(formatLessonNumber(-1234.56, 1), std::string("-1,234.6"));
        QCOMPARE(formatLessonNumber(-0.001, 2), std::string("0.00"));
        QCOMPARE(formatLessonNumber(999.0, 0), std::string("999"));
        QCOMPARE(formatLessonNumber(18.82, 1), std::string("18.8"));
        QCOMPARE(formatLessonNumber(1.2904, 2), std::string("1.29"));
    }

    void figureNames() {
        const auto names = lessonFigureNames();
        for (const char* required : {"weights_gib",
                                     "kv_gib",
                                     "total_gib",
                                     "budget_gib",
                                     "headroom_gib",
                                     "activations_gib",
                                     "runtime_gib",
                                     "kv_bytes",
                                     "kv_bytes_per_token",
                                     "kv_kib_per_token",
                                     "naive_kv_kib_per_token",
                                     "naive_kv_gib",
                                     "naive_factor",
                                     "params_billion",
                                     "max_batch",
                                     "max_context",
                                     "capacity_tokens",
                                     "max_concurrency",
                                     "weights_fp32_gib",
                                     "weights_bf16_gib",
                                     "weights_int8_gib",
                                     "weights_int4_gib",
                                     "mha_kv_kib_per_token",
                                     "gqa_kv_kib_per_token",
                                     "mqa_kv_kib_per_token",
                                     "contiguous_token_share_pct",
                                     "paged_token_share_pct",
                                     "contiguous_mean_batch",
                                     "paged_mean_batch",
                                     "paged_batch_ratio",
                                     "course_fit_a_ms",
                                     "course_fit_b_ms",
                                     "course_fixed_share_cached_pct",
                                     "course_fixed_share_uncached_pct",
                                     "course_speedup_b1",
                                     "course_speedup_b64",
                                     "course_cpu_speedup_b1",
                                     "course_predicted_b64_cached_ms",
                                     "course_predicted_b64_uncached_ms",
                                     "course_measured_b64_uncached_ms",
                                     "course_measured_b64_cached_ms",
                                     "serving_paged_capacity_rps",
                                     "serving_max_capacity_rps",
                                     "serving_paged_over_max",
                                     "serving_paged_over_oracle",
                                     "serving_paged_users",
                                     "serving_paged_tokens_per_s",
                                     "tiers_reload_speedup_pcie4",
                                     "tiers_recompute_ms",
                                     "spec_speedup",
                                     "spec_expected_tokens",
                                     "spec_draft_weights_gib"})
            QVERIFY2(std::find(names.begin(), names.end(), required) != names.end(), required);
        QVERIFY(isSimulationFigure("paged_mean_batch"));
        QVERIFY(!isSimulationFigure("kv_gib"));
        QVERIFY(!isLessonFigure("kv_gibs"));
        const Lesson& l = course().lessons.front();
        QVERIFY(throwsErrorContaining([&] { lessonFigure(l, "kv_gibs"); }, {"unknown lesson figure 'kv_gibs'"}));
        QVERIFY(throwsErrorContaining([&] { lessonFigure(l, "paged_mean_batch"); }, {"needs a \"simulation\""}));
        QVERIFY(isServingFigure("serving_paged_capacity_rps"));
        QVERIFY(!isServingFigure("paged_mean_batch"));
        QVERIFY(throwsErrorContaining([&] { lessonFigure(l, "serving_paged_capacity_rps"); },
                                      {"is the \"serving\" page's; the lesson is on \"memory\""}));
        // Every figure computes for the shipped scenarios (simulation figures where there is one, serving figures
        // on the serving page, speculative decoding's where the scenario speculates).
        for (const auto& lesson : course().lessons)
            for (const auto& name : names)
                if ((!isSimulationFigure(name) || lesson.simulation) &&
                    (!isServingFigure(name) || lesson.page == LessonPage::Serving) &&
                    (!name.starts_with("tiers_") || lesson.page == LessonPage::Tiers) &&
                    (!name.starts_with("spec_") || lesson.scenario.speculation.enabled()))
                    if (lesson.scenario.model.mla.kvLoraRank == 0)
                        QVERIFY2(std::isfinite(lessonFigure(lesson, name)), (lesson.id + " " + name).c_str());
    }

    // The serving study is kept for the process by scenario: a course loaded again gets the same figures, and a
    // lesson whose scenario changed gets its own, never the kept study of another scenario.
    void servingStudyFollowsItsScenario() {
        const auto isServing = [](const Lesson& l) { return l.page == LessonPage::Serving; };
        const LessonSet first = loadShippedLessonSet("course");
        const auto lesson = std::find_if(first.lessons.begin(), first.lessons.end(), isServing);
        QVERIFY(lesson != first.lessons.end());
        const double pool = lessonFigure(*lesson, "serving_pool_tokens");
        const double paged = lessonFigure(*lesson, "serving_paged_capacity_rps");
        ServingStudyInput input;
        input.sweepPoints = 0;
        const auto direct = servingStudy(lesson->scenario, input);
        QVERIFY(direct);
        QCOMPARE(paged, direct->row(AllocatorKind::Paged).capacity.rate);
        QCOMPARE(pool, double(direct->poolTokens));

        Lesson changed = *lesson;
        changed.simulationCache.reset();
        changed.scenario.utilization = 0.8; // a smaller pool
        QVERIFY(lessonFigure(changed, "serving_pool_tokens") < pool);
        QVERIFY(lessonFigure(changed, "serving_paged_capacity_rps") != paged);

        const LessonSet again = loadShippedLessonSet("course");
        const auto same = std::find_if(again.lessons.begin(), again.lessons.end(), isServing);
        QCOMPARE(lessonFigure(*same, "serving_pool_tokens"), pool);
        QCOMPARE(lessonFigure(*same, "serving_paged_capacity_rps"), paged);
    }

    void loadsAFile() {
        const std::string path = testDataPath("lessons/good.json").toStdString();
        const LessonSet set = loadLessonFile(path);
        QCOMPARE(set.source, path);
        QCOMPARE(set.lessons.size(), std::size_t(2));
        QCOMPARE(set.lessons[0].title.in(Language::Ko), std::string("KV 캐시 크기"));
        QCOMPARE(set.lessons[0].title.in(Language::En), std::string("Cache size"));
        QCOMPARE(lessonPageName(set.lessons[1].page), std::string_view("attention"));
        QCOMPARE(set.lessons[0].presetId, std::string("llama-3.1-8b"));
        QCOMPARE(lessonFigure(set.lessons[0], "kv_gib"), 8.0);

        // The shipped file round-trips through loadLessonFile too.
        QTemporaryDir dir;
        QVERIFY(throwsErrorContaining([&] { loadLessonFile(dir.path().toStdString()); }, {"not a regular file"}));
        QVERIFY(throwsErrorContaining([&] { loadLessonFile(dir.filePath(u"missing.json"_s).toStdString()); },
                                      {"missing.json", "cannot open"}));
        const std::string big = dir.filePath(u"big.json"_s).toStdString();
        {
            std::ofstream out(big, std::ios::binary);
            out << std::string(kLessonFileMaxBytes + 1, ' ');
        }
        QVERIFY(throwsErrorContaining([&] { loadLessonFile(big); }, {"big.json", "at most 1048576 bytes"}));
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(std::string(kLessonFileMaxBytes + 1, ' '), "x.json"); },
                                      {"x.json", "at most 1048576 bytes"}));
    }

    void malformedFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("needles");
        auto row = [](const char* file, QStringList needles) {
            QTest::newRow(file) << QString::fromLatin1(file) << needles;
        };
        const QString second = u"lesson 2 'second'"_s;
        row("missing-field.json", {second, u"field 'question' is missing"_s});
        row("missing-text-language.json", {second, u"field 'question.ko' is missing"_s});
        row("wrong-type.json", {second, u"field 'scenario.batch' must be a whole number, got '8'"_s});
        row("unknown-key.json", {second, u"the lesson has an unknown key 'hightlight'; expected id, title, page"_s});
        row("unknown-figure.json", {second, u"field 'answer.ko' names an unknown figure 'kv_gibs'"_s, u"kv_gib,"_s});
        row("unknown-page.json",
            {second,
             u"field 'page' must be one of memory, attention, scaling, paged, gpu, serving, tiers, pergpu, got 'memroy'"_s});
        row("unknown-highlight.json", {second, u"field 'highlight' must be one of memoryChart"_s, u"'memoryChrat'"_s});
        row("choice-out-of-range.json", {second, u"field 'predict.answer' must be between 0 and 2, got 3"_s});
        row("duplicate-key.json", {u"lesson 2: field 'page' appears twice in the same object"_s});
        row("duplicate-id.json", {u"lesson 2 'first'"_s, u"field 'id' repeats the id of an earlier lesson"_s});
        row("bad-preset.json", {second, u"field 'scenario.preset' must be one of"_s, u"got 'llama-9b'"_s});
        row("bad-dtype.json", {second, u"field 'scenario.kv_dtype' must be a dtype name: 'int3' is not a dtype"_s});
        row("context-zero.json", {second, u"field 'scenario.context' must be between 1 and 16777216, got 0"_s});
        row("utilization.json", {second, u"field 'scenario.utilization' must be greater than 0 and at most 1"_s});
        row("kv-heads.json", {second, u"field 'scenario' does not describe a scenario"_s});
        row("simulation-figure.json",
            {second, u"field 'predict.figure' names the simulation figure 'paged_mean_batch'"_s,
             u"no \"simulation\""_s});
        row("simulation-placeholder.json",
            {second, u"field 'answer.en' uses the simulation figure 'paged_token_share_pct'"_s});
        row("bad-placeholder.json", {second, u"field 'answer.en' has a '{' at byte 0"_s});
        row("blank-text.json", {second, u"field 'title.ko' must not be empty"_s});
        row("trace-workload.json", {second, u"field 'simulation.workload' must be sharegpt"_s, u"no trace file"_s});
        // A run that could never finish (the longest request does not fit) is refused at load,
        // not found when the answer is revealed in class.
        row("simulation-cannot-finish.json", {second, u"simulation.pool_tokens"_s, u"3072 slots in blocks of 256"_s});
        row("simulation-pow2-cannot-finish.json",
            {second, u"simulation.pool_tokens"_s, u"4096 reserved contiguously"_s});
        row("simulation-too-large.json",
            {second, u"field 'simulation' asks for up to 41943040000 tokens"_s, u"at most 33554432"_s});
        row("tolerance.json", {u"lesson 1 'first'"_s, u"field 'predict.tolerance' must be greater than 0"_s});
        row("also-accept-figure.json",
            {u"lesson 1 'first'"_s, u"field 'predict.also_accept[0].figure' must name a figure"_s, u"'kv_gibs'"_s});
        row("also-accept-unit.json", {u"lesson 1 'first'"_s, u"field 'predict.also_accept[0].unit' is missing"_s});
        row("no-mqa.json", {second, u"field 'answer.en' uses the figure 'mqa_kv_kib_per_token'"_s,
                            u"cannot be computed"_s, u"no MQA variant"_s});
        // Where, and the parser's reason (it said only where).
        row("not-json.json",
            {u"lesson 2: "_s, u"is not valid JSON (line 45, column 12, after field 'title.en'): syntax error while "
                              "parsing object - unexpected string literal; expected '}'"_s});
        row("deep-nesting.json", {u"lesson 2: "_s, u"field 'scenario.preset"_s, u"deeper than 16 levels"_s});
        row("wrong-format.json", {u"field 'format' must be \"kvscope-lessons\""_s, u"got 'kvscope-scenario'"_s});
        row("newer-version.json", {u"field 'version' is 2, newer than this KV Scope understands (1)"_s});
    }
    void malformedFiles() {
        QFETCH(QString, file);
        QFETCH(QStringList, needles);
        const std::string path = testDataPath(("lessons/" + file.toStdString()).c_str()).toStdString();
        QString message;
        try {
            loadLessonFile(path);
            QFAIL("the file was accepted");
        } catch (const Error& e) {
            message = QString::fromUtf8(e.what());
        }
        QVERIFY2(message.startsWith(QString::fromStdString(path) + u": "_s), qPrintable(message));
        for (const QString& needle : needles)
            QVERIFY2(message.contains(needle), qPrintable(u"missing «"_s + needle + u"» in: "_s + message));
    }

    // Quoting a large untrusted value stays short.
    void longValuesAreNotCopied() {
        std::string text = readFile(testDataPath("lessons/good.json").toStdString());
        const std::string huge(5000, 'x');
        text.replace(text.find("\"memory\""), 8, "\"" + huge + "\"");
        QString message;
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(text, "long.json"); },
                                      {"long.json", "lesson 1 'first'", "field 'page'", "..."}, &message));
        QVERIFY2(message.size() < 300, qPrintable(message));
        QVERIFY(!message.contains(QString::fromStdString(std::string(41, 'x'))));

        // A long text is refused by size, without being quoted.
        text = readFile(testDataPath("lessons/good.json").toStdString());
        text.replace(text.find("Cache size"), 10, std::string(kLessonTextMaxBytes + 1, 'y'));
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(text, "long.json"); },
                                      {"lesson 1 'first'", "field 'title.en' is 4001 bytes long; at most 4000"},
                                      &message));
        QVERIFY(message.size() < 300);

        // An unknown key is quoted short too, and ids must be identifiers.
        text = readFile(testDataPath("lessons/good.json").toStdString());
        text.replace(text.find("\"highlight\": \"memoryChart\""), 26,
                     "\"" + huge + "\": 1, \"highlight\": \"verdict\"");
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(text, "long.json"); }, {"unknown key 'xxxx"}, &message));
        QVERIFY(message.size() < 300);
        text = readFile(testDataPath("lessons/good.json").toStdString());
        text.replace(text.find("\"first\""), 7, "\"First Lesson\"");
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(text, "id.json"); },
                                      {"id.json: lesson 1: field 'id' must be an id", "'First Lesson'"}));
    }

    void setLevelErrors_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("needle");
        QTest::newRow("not an object") << QByteArray("[1, 2]") << u"expected a JSON object, got an array"_s;
        QTest::newRow("foreign JSON") << QByteArray(R"({"num_hidden_layers": 32})")
                                      << u"field 'format' must be \"kvscope-lessons\""_s;
        QTest::newRow("no lessons")
            << QByteArray(
                   R"({"format": "kvscope-lessons", "version": 1, "id": "x", "title": {"en": "a", "ko": "b"}, "lessons": []})")
            << u"field 'lessons' must be an array of 1 to 200 lessons, got 0 entries"_s;
        QTest::newRow("unknown top key")
            << QByteArray(
                   R"({"format": "kvscope-lessons", "version": 1, "id": "x", "title": {"en": "a", "ko": "b"}, "lesson": []})")
            << u"the file has an unknown key 'lesson'"_s;
        QTest::newRow("empty") << QByteArray("") << u"is not valid JSON (line 1, column 1)"_s;
        QTest::newRow("a lone surrogate")
            << QByteArray(R"({"format": "kvscope-lessons", "id": "\ud800"})") << u"surrogate"_s;
        QTest::newRow("a number past a double")
            << QByteArray(R"({"format": "kvscope-lessons", "version": 1e999})") << u"1e999"_s;
        // JSON ends at a NUL for nlohmann: what followed was ignored.
        QTest::newRow("a NUL byte") << QByteArray("{\"format\": \"kvscope-lessons\"}\0garbage", 37)
                                    << u"holds a NUL byte at byte 29 of 37; a lesson file is text"_s;
    }
    void setLevelErrors() {
        QFETCH(QByteArray, text);
        QFETCH(QString, needle);
        QString message;
        const QByteArray n = needle.toUtf8();
        QVERIFY2(throwsErrorContaining([&] { parseLessonSet(text.toStdString(), "set.json"); },
                                       {"set.json: ", n.constData()}, &message),
                 qPrintable(message));
    }

    // Issue 25: a lesson may lock controls (the class keeps its hands off the batch) or take them off the panel.
    void lockedAndHiddenControls() {
        const std::string good = readFile(testDataPath("lessons/good.json").toStdString());
        const auto with = [&](const std::string& keys) {
            std::string text = good;
            text.replace(text.find("\"highlight\": \"memoryChart\""), 0, keys);
            return text;
        };
        const LessonSet set = parseLessonSet(with(R"("lock": ["batch", "context"], "hide": ["kvHeads"], )"), "l.json");
        QCOMPARE(set.lessons[0].lockedControls, (std::vector<std::string>{"batch", "context"}));
        QCOMPARE(set.lessons[0].hiddenControls, (std::vector<std::string>{"kvHeads"}));
        QVERIFY(set.lessons[1].lockedControls.empty() && set.lessons[1].hiddenControls.empty());
        for (const std::string& name : lessonControlTargets()) // every control a lesson may name can be outlined too
            QVERIFY(std::find(lessonHighlightTargets().begin(), lessonHighlightTargets().end(), name) !=
                    lessonHighlightTargets().end());
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(with(R"("lock": ["heads"], )"), "l.json"); },
                                      {"l.json: lesson 1 'first': field 'lock[0]'", "context, batch"}));
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(with(R"("lock": ["batch", "batch"], )"), "l.json"); },
                                      {"field 'lock[1]'", "repeats 'batch'"}));
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(with(R"("lock": "batch", )"), "l.json"); },
                                      {"field 'lock' must be a list"}));
        QVERIFY(
            throwsErrorContaining([&] { parseLessonSet(with(R"("lock": ["batch"], "hide": ["batch"], )"), "l.json"); },
                                  {"field 'hide'", "locked or hidden"}));
    }

    // Issue 25: a decode lesson runs the classroom experiment; a paged lesson names the moment its reveal shows.
    void experimentsAndMoments() {
        const LessonSet course = loadShippedLessonSet("course");
        for (const Lesson& lesson : course.lessons) {
            const bool decode = lesson.id == "decode-fixed-cost" || lesson.id == "two-term-model-misses";
            QCOMPARE(lesson.experiment == LessonExperiment::Classroom, decode);
            QCOMPARE(lesson.moment.has_value(), lesson.id == "paged-waste");
        }
        QCOMPARE(*course.lessons[8].moment, (LessonMoment{true, MomentKind::FirstPreemption}));
        for (const MomentKind kind :
             {MomentKind::FirstWait, MomentKind::FirstPreemption, MomentKind::PeakBatch, MomentKind::Finished})
            QVERIFY(!momentKindName(kind).empty());

        const std::string good = readFile(testDataPath("lessons/good.json").toStdString());
        const auto with = [&](const std::string& keys) {
            std::string text = good;
            text.replace(text.find("\"highlight\": \"memoryChart\""), 0, keys);
            return text;
        };
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(with(R"("experiment": "classroom", )"), "l.json"); },
                                      {"l.json: lesson 1 'first': field 'experiment'", "\"gpu\" page"}));
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(with(R"("experiment": "lab", )"), "l.json"); },
                                      {"field 'experiment'", "classroom"}));
        QVERIFY(throwsErrorContaining(
            [&] { parseLessonSet(with(R"("moment": {"run": "paged", "at": "peak-batch"}, )"), "l.json"); },
            {"field 'moment'", "no \"simulation\""}));
        // With a simulation: a wrong run or moment name, a missing or unknown key.
        std::string sim = presetOnlySimulationFile();
        const auto simWith = [&](const std::string& moment) {
            std::string text = sim;
            const std::size_t at = text.find("\"highlight\"");
            return text.replace(at, 0, "\"moment\": " + moment + ", ");
        };
        QVERIFY(parseLessonSet(simWith(R"({"run": "contiguous", "at": "finished"})"), "s.json").lessons[0].moment ==
                (LessonMoment{false, MomentKind::Finished}));
        QVERIFY(
            throwsErrorContaining([&] { parseLessonSet(simWith(R"({"run": "pow2", "at": "finished"})"), "s.json"); },
                                  {"field 'moment.run'", "contiguous, paged"}));
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(simWith(R"({"run": "paged", "at": "oom"})"), "s.json"); },
                                      {"field 'moment.at'", "first-wait, first-preemption, peak-batch, finished"}));
        QVERIFY(
            throwsErrorContaining([&] { parseLessonSet(simWith(R"({"run": "paged"})"), "s.json"); }, {"moment", "at"}));
        QVERIFY(throwsErrorContaining(
            [&] { parseLessonSet(simWith(R"({"run": "paged", "at": "finished", "step": 3})"), "s.json"); },
            {"moment", "step"}));
    }

    void tooManyLessons() {
        std::string text = R"({"format": "kvscope-lessons", "version": 1, "id": "x", "title": {"en": "a", "ko": "b"},
                              "lessons": [)";
        for (int i = 0; i < 201; ++i)
            text += std::string(i ? "," : "") + "{}";
        text += "]}";
        QVERIFY(throwsErrorContaining([&] { parseLessonSet(text, "many.json"); },
                                      {"many.json", "1 to 200 lessons, got 201 entries"}));
    }

private:
    static std::string readFile(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }
    static std::string presetOnlySimulationFile() {
        return R"({"format": "kvscope-lessons", "version": 1, "id": "sim", "title": {"en": "Sim", "ko": "시뮬레이션"},
          "lessons": [{"id": "batch", "title": {"en": "Batch", "ko": "배치"}, "page": "paged",
            "simulation": {"workload": "fixed:100,100", "requests": 50, "pool_tokens": 4096, "max_model_len": 512},
            "question": {"en": "How many?", "ko": "몇 개입니까?"},
            "predict": {"kind": "number", "figure": "paged_mean_batch"},
            "answer": {"en": "{paged_mean_batch:1} vs {contiguous_mean_batch:1}",
                       "ko": "{paged_mean_batch:1}개 대 {contiguous_mean_batch:1}개"},
            "highlight": "pagedTimeline"}]})";
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
