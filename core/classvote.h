#pragma once

// A class's show of hands on a lesson's choice question: the presenter counts the hands for each choice while the
// question is open, the reveal draws the tally beside the answer, and the hour's tallies export as Markdown.

#include "lesson.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace kvscope {

// Hands one choice can hold: a lecture hall, with room to spare; a count past it is refused, not wrapped.
inline constexpr std::uint32_t kMaxHandsPerChoice = 9999;

struct VoteShare {
    std::uint32_t hands = 0;
    int percent = 0;    // of all hands, whole percent; the shares of a tally add up to 100 (largest remainder)
    bool right = false; // the lesson's answer
};

struct VoteTally {
    std::vector<VoteShare> shares; // one per choice, in the lesson's order
    std::uint32_t total = 0;       // hands counted
    std::uint32_t mostHands = 0;   // the largest share's hands (0 when no hand)
    int rightPercent = 0;          // the answer's share
};

// The tally of `hands` (one count per choice) for a choice lesson. Throws Error when the lesson is not a choice
// question, the counts are not one per choice, or a count is past kMaxHandsPerChoice.
VoteTally tallyVotes(const Lesson& lesson, std::span<const std::uint32_t> hands);

// The hour's hands over every lesson counted (`votes` by 0-based lesson index): the summary screen's one line.
struct VoteSummary {
    int lessons = 0;              // choice lessons with at least one hand
    std::uint64_t hands = 0;      // all their hands
    std::uint64_t rightHands = 0; // the hands on each lesson's answer
    int rightPercent = 0;         // rightHands of hands, rounded; 0 without hands
};
VoteSummary summarizeVotes(const LessonSet& set, const std::map<int, std::vector<std::uint32_t>>& votes);

// The words of the Markdown summary, in the interface's language (the app's tr()).
struct VoteSummaryWords {
    std::string heading; // the document's title, whole ("Class votes: Course hour")
    std::string choice;  // column heads
    std::string hands;
    std::string share;
    std::string rightLine; // "Right: %1 of %2 hands (%3 %)": %1 the answer's hands, %2 all hands, %3 its percent
    std::string noVotes;   // said when no lesson has a hand counted
};

// The hour's tallies as Markdown: a section per choice lesson with hands counted (`votes`, keyed by the lesson's
// 0-based index), its question as the class saw it (figures put in with formatLessonNumber), a table of the
// choices with hands and share, the answer marked, and the share that was right. Lessons without hands are left
// out; table cells escape '|' and keep to one line.
std::string votesMarkdown(const LessonSet& set, const std::map<int, std::vector<std::uint32_t>>& votes,
                          Language language, const VoteSummaryWords& words);

} // namespace kvscope
