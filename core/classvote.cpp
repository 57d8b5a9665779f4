#include "classvote.h"

#include "error.h"

#include <algorithm>
#include <numeric>

namespace kvscope {

VoteTally tallyVotes(const Lesson& lesson, std::span<const std::uint32_t> hands) {
    if (lesson.predict.kind != LessonPrediction::Kind::Choice)
        throw Error("lesson '" + lesson.id + "' is not a choice question: there are no hands to count");
    if (hands.size() != lesson.predict.choices.size())
        throw Error("lesson '" + lesson.id + "' has " + std::to_string(lesson.predict.choices.size()) +
                    " choices, but " + std::to_string(hands.size()) + " counts of hands were given");
    VoteTally t;
    for (const std::uint32_t count : hands) {
        if (count > kMaxHandsPerChoice)
            throw Error("a choice's hands must be at most " + std::to_string(kMaxHandsPerChoice) + ", got " +
                        std::to_string(count));
        t.total += count; // at most 8 x 9,999: no wrap
        t.mostHands = std::max(t.mostHands, count);
    }
    t.shares.resize(hands.size());
    for (std::size_t i = 0; i < hands.size(); ++i) {
        t.shares[i].hands = hands[i];
        t.shares[i].right = int(i) == lesson.predict.answer;
    }
    if (t.total == 0)
        return t;
    // Whole percents that add up to 100: each share's floor, then the largest remainders get one more (ties to
    // the earlier choice), so that a projected tally never reads 33 + 33 + 33.
    std::vector<std::uint32_t> remainder(hands.size());
    int given = 0;
    for (std::size_t i = 0; i < hands.size(); ++i) {
        const std::uint32_t scaled = hands[i] * 100u; // at most 999,900
        t.shares[i].percent = int(scaled / t.total);
        remainder[i] = scaled % t.total;
        given += t.shares[i].percent;
    }
    std::vector<std::size_t> order(hands.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    for (std::size_t k = 0; given < 100 && k < order.size(); ++k, ++given)
        ++t.shares[order[k]].percent;
    for (const VoteShare& share : t.shares)
        if (share.right)
            t.rightPercent = share.percent;
    return t;
}

VoteSummary summarizeVotes(const LessonSet& set, const std::map<int, std::vector<std::uint32_t>>& votes) {
    VoteSummary sum;
    for (const auto& [index, hands] : votes) {
        if (index < 0 || std::size_t(index) >= set.lessons.size())
            throw Error("votes were counted for lesson " + std::to_string(index + 1) + ", but the set has " +
                        std::to_string(set.lessons.size()));
        const Lesson& lesson = set.lessons[std::size_t(index)];
        if (lesson.predict.kind != LessonPrediction::Kind::Choice)
            continue;
        const VoteTally t = tallyVotes(lesson, hands);
        if (t.total == 0)
            continue;
        ++sum.lessons;
        sum.hands += t.total;
        sum.rightHands += t.shares[std::size_t(lesson.predict.answer)].hands;
    }
    if (sum.hands > 0)
        sum.rightPercent = int((sum.rightHands * 200 + sum.hands) / (2 * sum.hands)); // to the nearest, halves up
    return sum;
}

namespace {

// One Markdown table cell: on one line, its pipes escaped.
std::string cell(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r' || c == '\t')
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string fill(std::string pattern, std::initializer_list<std::string> values) {
    int n = 1;
    for (const std::string& value : values) {
        const std::string marker = "%" + std::to_string(n++);
        if (const std::size_t at = pattern.find(marker); at != std::string::npos)
            pattern.replace(at, marker.size(), value);
    }
    return pattern;
}

} // namespace

std::string votesMarkdown(const LessonSet& set, const std::map<int, std::vector<std::uint32_t>>& votes,
                          Language language, const VoteSummaryWords& words) {
    std::string out = "# " + cell(words.heading) + "\n";
    bool any = false;
    for (const auto& [index, hands] : votes) {
        if (index < 0 || std::size_t(index) >= set.lessons.size())
            throw Error("votes were counted for lesson " + std::to_string(index + 1) + ", but the set has " +
                        std::to_string(set.lessons.size()));
        const Lesson& lesson = set.lessons[std::size_t(index)];
        const VoteTally t = tallyVotes(lesson, hands);
        if (t.total == 0)
            continue;
        any = true;
        std::string question;
        try {
            question = renderLessonText(lesson.question.in(language), lesson, formatLessonNumber);
        } catch (const Error&) {
            question = lesson.question.in(language); // its figures cannot be computed: the text as written
        }
        out += "\n## " + std::to_string(index + 1) + ". " + cell(lesson.title.in(language)) + "\n\n" + cell(question) +
               "\n\n| " + cell(words.choice) + " | " + cell(words.hands) + " | " + cell(words.share) +
               " |\n|---|---:|---:|\n";
        for (std::size_t i = 0; i < t.shares.size(); ++i) {
            std::string choice(1, char('A' + i));
            choice += ") ";
            choice += cell(lesson.predict.choices[i].in(language));
            if (t.shares[i].right) {
                choice.insert(0, "**");
                choice += " ✓**";
            }
            out += "| ";
            out += choice;
            out += " | ";
            out += std::to_string(t.shares[i].hands);
            out += " | ";
            out += std::to_string(t.shares[i].percent);
            out += " % |\n";
        }
        out += "\n" +
               fill(words.rightLine, {std::to_string(t.shares[std::size_t(lesson.predict.answer)].hands),
                                      std::to_string(t.total), std::to_string(t.rightPercent)}) +
               "\n";
    }
    if (!any)
        out += "\n" + words.noVotes + "\n";
    return out;
}

} // namespace kvscope
