#pragma once

#include "lesson.h"

#include <QList>
#include <QWidget>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

class ScenarioController;
class QBoxLayout;
class QButtonGroup;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QVBoxLayout;

// The guided lessons: a question in the app's own scenario, the class's prediction (a
// number or a choice), then the answer with core/'s figures and the widget that shows
// them outlined. Enter (or Page Down, a presenter's clicker) reveals, then moves on;
// Page Up goes back. The panel never computes a figure: core/lesson.h does.
class LessonPanel : public QWidget {
    Q_OBJECT

public:
    // How a lesson was left: Page Up (or Page Down back to it) brings it back so.
    struct Visit {
        bool revealed = false;
        double typed = 0;
        int chosen = -1;
        bool predicted = false;           // a number typed (or set), not the box's 0
        std::vector<std::uint32_t> votes; // the class's hands per choice (a choice question)
    };
    // What survives a rebuild of the window (a language switch).
    struct State {
        std::optional<kvscope::LessonSet> set;
        int index = 0;
        bool revealed = false;
        double typed = 0;
        int chosen = -1;
        std::map<int, Visit> visits;
        bool finished = false; // on the summary after the last lesson
        bool predicted = false;
        std::vector<std::uint32_t> votes;
    };

    explicit LessonPanel(ScenarioController* controller, QWidget* parent = nullptr);

    // "course", "course:3", "path/to/lessons.json" or "path/to/lessons.json:2" (1-based).
    bool open(const QString& spec, QString* error);
    void setLessonSet(const kvscope::LessonSet& set, int index = 0);
    bool hasLessons() const { return m_set.has_value() && !m_set->lessons.empty(); }
    const kvscope::LessonSet* lessonSet() const { return m_set ? &*m_set : nullptr; }
    int count() const;
    int currentIndex() const { return m_index; }
    const kvscope::Lesson* currentLesson() const;

    void goTo(int index); // applies the lesson's scenario and page; the answer is hidden again
    // next() and previous() bring a lesson already visited back as it was left (revealed, the prediction).
    void next();
    void previous();
    // Lesson `index` as it was left (revealed, the prediction, the hands), from wherever the panel is.
    void visit(int index);
    void advance(); // reveal, or when revealed the next lesson
    void reveal();
    bool isRevealed() const { return m_revealed; }
    // A choice question open, not yet revealed: 1-4 and A-D pick.
    bool choicesOpen() const;
    // A question not yet revealed, quiz mode or not: side channels (the status bar) keep its figures.
    bool questionOpen() const { return hasLessons() && !m_revealed && !m_finished; }
    // After the last lesson (Page Down once it is revealed): how the class did on each, until Page Up.
    void finish();
    bool isFinished() const { return m_finished; }
    QString summaryText() const;
    void setPrediction(double value);
    void choose(int choice);
    void setQuizMode(bool on);
    // The class's show of hands while a choice question is open: one more hand for `choice` (Shift+1-4), or a
    // count typed in its box. Kept per lesson like the prediction; the reveal draws the tally.
    void addVote(int choice);
    void setVotes(int choice, int hands);
    std::vector<std::uint32_t> votes() const { return m_votes; }
    // Every lesson's hands so far (the current one's included), by 0-based lesson index.
    std::map<int, std::vector<std::uint32_t>> allVotes() const;
    bool hasVotes() const;
    // The hour's tallies as Markdown (kvscope::votesMarkdown), in the interface's language; written to `path`
    // whole or not at all (QSaveFile), an error naming the path otherwise.
    QString votesMarkdown() const;
    bool exportVotes(const QString& path, QString* error) const;
    // Quiz mode with a question not yet revealed: nothing may show the answer's figures.
    bool hidesFigures() const { return m_quiz && questionOpen(); }

    // Three columns for a dock under the page, one for a dock beside it (presenter mode's).
    void setColumns(bool columns);
    bool inColumns() const { return m_columns; }

    QString questionText() const;
    QString answerText() const;   // empty until revealed
    QString feedbackText() const; // how the prediction compares, once revealed

    State state() const;
    void restore(const State& state);

    // The language the lessons are shown in: the interface's.
    static kvscope::Language language();

signals:
    void pageRequested(const QString& page);
    void highlightRequested(const QString& target); // empty: clear
    void coverRequested(const QString& page, bool covered);
    // The lesson's paged run, for the paged page to replay what the answer quotes.
    void simulationRequested(const kvscope::LessonSimulation& simulation);
    // A lesson on the serving page: its figures are the page's at its default settings.
    void servingSettingsRequested();
    void revealed();
    // A lesson that runs the classroom decode (Lesson::experiment) was opened.
    void experimentRequested();
    // Another lesson, the summary, or a restored state: what the window derives from the lesson (its locked and
    // hidden controls) may change.
    void lessonChanged();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void display(int index);
    void enter(int index, bool resume);
    void rememberCurrent();
    void rebuildChoices();
    void fillPicker();
    void markChosen();
    void showSummary(bool on);
    void showVotes();
    void exportVotesDialog();
    QString render(const kvscope::LocalizedText& text) const;
    QString format(double value, int decimals) const;

    ScenarioController* m_controller;
    std::optional<kvscope::LessonSet> m_set;
    int m_index = 0;
    bool m_revealed = false;
    bool m_quiz = false;
    bool m_columns = true;
    bool m_finished = false;
    bool m_predicted = false;
    int m_chosen = -1;
    std::map<int, Visit> m_visits;

    QComboBox* m_picker;
    QLabel* m_question;
    QStackedWidget* m_predictStack;
    QDoubleSpinBox* m_number;
    QLabel* m_unit;
    QWidget* m_choiceBox;
    QVBoxLayout* m_choiceLayout;
    QButtonGroup* m_choices;
    QList<QLabel*> m_choiceTexts;
    std::vector<std::uint32_t> m_votes;
    QWidget* m_voteRow;
    QList<QSpinBox*> m_voteBoxes;
    class VoteTallyWidget* m_tally;
    QPushButton* m_reveal;
    QPushButton* m_previous;
    QPushButton* m_next;
    QLabel* m_feedback;
    QLabel* m_answer;
    QLabel* m_empty;
    QPushButton* m_start;
    QWidget* m_body;
    QWidget* m_nav = nullptr; // picker, Previous, Next
    QBoxLayout* m_bodyLayout = nullptr;
    QVBoxLayout* m_middleLayout = nullptr;
    QLabel* m_summary;
    QPushButton* m_summaryBack;
    QPushButton* m_exportVotes;
};
