#include "lessonpanel.h"

#include "chartstyle.h"
#include "classvote.h"
#include "error.h"
#include "language.h"
#include "launchoptions.h"
#include "scenariocontroller.h"
#include "votetallywidget.h"

#include <QBoxLayout>
#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <filesystem>

using namespace Qt::StringLiterals;

namespace {

// The lesson picker shows "Lesson 9 of 14" (the title is the question's heading, just below) and lists the
// titles when opened: a title in 18 pt is wider than the lesson column of a 1280-pixel projector.
class LessonPicker : public QComboBox {
public:
    using QComboBox::QComboBox;

    QString shownText() const {
        return currentIndex() < 0 ? QString() : LessonPanel::tr("Lesson %1 of %2").arg(currentIndex() + 1).arg(count());
    }
    QSize minimumSizeHint() const override { return sizeFor(QComboBox::minimumSizeHint()); }
    QSize sizeHint() const override { return sizeFor(QComboBox::sizeHint()); }

protected:
    void paintEvent(QPaintEvent*) override {
        QStylePainter painter(this);
        QStyleOptionComboBox option;
        initStyleOption(&option);
        option.currentText = shownText();
        painter.drawComplexControl(QStyle::CC_ComboBox, option);
        painter.drawControl(QStyle::CE_ComboBoxLabel, option);
    }

private:
    QSize sizeFor(QSize base) const {
        QStyleOptionComboBox option;
        initStyleOption(&option);
        const QString widest = LessonPanel::tr("Lesson %1 of %2").arg(count()).arg(count());
        const QSize text(fontMetrics().horizontalAdvance(widest) + fontMetrics().averageCharWidth(),
                         fontMetrics().height());
        const QSize size = style()->sizeFromContents(QStyle::CT_ComboBox, &option, text, this);
        return {size.width(), std::max(size.height(), base.height())};
    }
};

} // namespace

LessonPanel::LessonPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_picker(new LessonPicker(this))
    , m_question(new QLabel(this))
    , m_predictStack(new QStackedWidget(this))
    , m_number(new QDoubleSpinBox(this))
    , m_unit(new QLabel(this))
    , m_choiceBox(new QWidget(this))
    , m_choiceLayout(new QVBoxLayout(m_choiceBox))
    , m_choices(new QButtonGroup(this))
    , m_voteRow(new QWidget(this))
    , m_tally(new VoteTallyWidget(this))
    , m_reveal(new QPushButton(tr("Reveal the answer"), this))
    , m_previous(new QPushButton(tr("Previous"), this))
    , m_next(new QPushButton(tr("Next"), this))
    , m_feedback(new QLabel(this))
    , m_answer(new QLabel(this))
    , m_empty(new QLabel(this))
    , m_start(new QPushButton(tr("Start the course hour"), this))
    , m_body(new QWidget(this))
    , m_summary(new QLabel(this))
    , m_summaryBack(new QPushButton(tr("Back to the last lesson"), this))
    , m_exportVotes(new QPushButton(tr("Export the class votes..."), this)) {
    setObjectName(u"lessonPanel"_s);
    m_picker->setToolTip(tr("Jump to a lesson: any lesson opens again from here, the summary's too"));
    m_picker->setObjectName(u"lessonPicker"_s);
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::RichText);
    m_question->setObjectName(u"lessonQuestion"_s);
    m_answer->setWordWrap(true);
    m_answer->setTextFormat(Qt::RichText);
    m_answer->setObjectName(u"lessonAnswer"_s);
    m_feedback->setWordWrap(true);
    // Read from the top down, whatever height the dock gives them.
    m_question->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_answer->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_feedback->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_feedback->setTextFormat(Qt::RichText);
    m_number->setRange(-1e12, 1e12);
    m_number->setDecimals(2);
    m_number->setGroupSeparatorShown(true);
    m_number->setToolTip(tr("Type the class's prediction, then reveal (Enter)"));
    m_number->setObjectName(u"lessonPrediction"_s);
    m_number->setAccessibleName(tr("Your prediction"));
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_reveal->setToolTip(tr("Show the answer with the app's own figures (Enter or Page Down)"));
    m_previous->setToolTip(tr("The previous lesson (Page Up)"));
    m_previous->setObjectName(u"lessonPrevious"_s);
    m_next->setObjectName(u"lessonNext"_s);
    m_reveal->setObjectName(u"lessonReveal"_s);
    m_next->setToolTip(tr("The next lesson (Enter or Page Down once revealed)"));
    m_empty->setText(tr("No lessons open. Start the course hour here, or open a teacher's own lesson file with "
                        "File > Open Lessons..."));
    m_empty->setWordWrap(true);
    m_start->setToolTip(tr("The course's check questions as guided lessons, in the interface's language"));
    connect(m_start, &QPushButton::clicked, this, [this] {
        QString error;
        open(u"course"_s, &error);
    });
    setWhatsThis(tr("Guided lessons: each one sets up the scenario and page, asks a question, lets the class predict, "
                    "then reveals the answer with the figures this app computes and outlines where to look."));

    auto* numberRow = new QWidget(this);
    auto* numberLayout = new QHBoxLayout(numberRow);
    numberLayout->setContentsMargins(0, 0, 0, 0);
    numberLayout->addWidget(new QLabel(tr("Prediction:"), numberRow));
    numberLayout->addWidget(m_number, 1);
    numberLayout->addWidget(m_unit);
    m_predictStack->addWidget(numberRow);
    m_predictStack->addWidget(m_choiceBox);

    // The picker and the buttons sit above the lesson, so that the summary after the last lesson keeps them.
    m_nav = new QWidget(this);
    auto* nav = new QHBoxLayout(m_nav);
    nav->setContentsMargins(0, 0, 0, 0);
    nav->addWidget(m_picker, 1);
    nav->addWidget(m_previous);
    nav->addWidget(m_next);

    auto* left = new QVBoxLayout;
    left->addWidget(m_question, 1);
    auto* middle = m_middleLayout = new QVBoxLayout;
    middle->addWidget(m_predictStack);
    // The show of hands under the choices, while the question is open (filled by rebuildChoices).
    m_voteRow->setObjectName(u"lessonVotes"_s);
    m_voteRow->setToolTip(tr("Count the class's hands for each choice (Shift+1 to Shift+4 adds one)"));
    new QHBoxLayout(m_voteRow);
    m_voteRow->layout()->setContentsMargins(0, 0, 0, 0);
    m_voteRow->hide();
    middle->addWidget(m_voteRow);
    middle->addWidget(m_reveal);
    middle->addStretch(1); // under the page: prediction and button at the top of their column
    auto* right = new QVBoxLayout;
    // The tally beside the feedback line ("✓ Right: B)"), not under it: a revealed lesson keeps its height.
    auto* feedbackRow = new QHBoxLayout;
    feedbackRow->addWidget(m_feedback, 2);
    feedbackRow->addWidget(m_tally, 3, Qt::AlignTop);
    right->addLayout(feedbackRow);
    m_tally->hide();
    right->addWidget(m_answer, 1);

    m_bodyLayout = new QBoxLayout(QBoxLayout::LeftToRight, m_body);
    m_bodyLayout->setContentsMargins(0, 0, 0, 0);
    m_bodyLayout->addLayout(left);
    m_bodyLayout->addLayout(middle);
    m_bodyLayout->addLayout(right);
    setColumns(true);

    auto* layout = new QVBoxLayout(this);
    auto* emptyRow = new QHBoxLayout;
    emptyRow->addWidget(m_empty, 1);
    emptyRow->addWidget(m_start);
    layout->addLayout(emptyRow);
    layout->addWidget(m_nav);
    m_nav->hide();
    layout->addWidget(m_body);
    m_body->hide();
    m_summary->setObjectName(u"lessonSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setToolTip(tr("✓ right, ✗ not quite, – no prediction or not revealed."));
    m_summary->hide();
    m_summaryBack->setToolTip(tr("The last lesson, as it was left (Page Up)"));
    m_summaryBack->hide();
    connect(m_summaryBack, &QPushButton::clicked, this, &LessonPanel::previous);
    layout->addWidget(m_summary);
    auto* summaryButtons = new QHBoxLayout;
    summaryButtons->addWidget(m_summaryBack);
    summaryButtons->addWidget(m_exportVotes);
    summaryButtons->addStretch(1);
    layout->addLayout(summaryButtons);
    m_exportVotes->setObjectName(u"lessonExportVotes"_s);
    m_exportVotes->setToolTip(tr("Save every lesson's show of hands as a Markdown summary"));
    m_exportVotes->hide();
    connect(m_exportVotes, &QPushButton::clicked, this, &LessonPanel::exportVotesDialog);
    layout->addStretch(1); // a short lesson or the summary reads from the top, not from the middle

    connect(m_picker, &QComboBox::activated, this, [this](int index) { goTo(index); });
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previous);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::advance);
    connect(m_number, &QDoubleSpinBox::valueChanged, this, [this] { m_predicted = true; });
    connect(m_choices, &QButtonGroup::idClicked, this, [this](int id) {
        m_chosen = id;
        markChosen();
    });
    // The right/wrong colour follows the palette (light or dark set).
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        if (hasLessons())
            display(m_index);
    });
}

void LessonPanel::setColumns(bool columns) {
    // Columns under the page (question | prediction | answer); one column beside it, read top to bottom.
    m_bodyLayout->setDirection(columns ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    const int stretches[3] = {columns ? 6 : 0, columns ? 3 : 0, columns ? 6 : 1};
    for (int i = 0; i < 3; ++i)
        m_bodyLayout->setStretch(i, stretches[i]);
    // Beside the page the column reads straight down: no gap after the reveal button.
    if (QLayoutItem* gap = m_middleLayout->itemAt(m_middleLayout->count() - 1); gap && gap->spacerItem())
        gap->spacerItem()->changeSize(0, 0, QSizePolicy::Minimum,
                                      columns ? QSizePolicy::Expanding : QSizePolicy::Fixed);
    m_middleLayout->invalidate();
    m_columns = columns;
}

kvscope::Language LessonPanel::language() {
    return language::current() == u"ko"_s ? kvscope::Language::Ko : kvscope::Language::En;
}

bool LessonPanel::open(const QString& spec, QString* error) {
    // SET[:N]: a trailing :N picks the lesson; a bare id names a shipped set, anything else a file.
    QString name = spec;
    int index = 0;
    if (const qsizetype colon = spec.lastIndexOf(u':'); colon > 0) {
        bool ok = false;
        const int n = spec.mid(colon + 1).toInt(&ok);
        if (ok) {
            name = spec.left(colon);
            index = n - 1;
        }
    }
    try {
        kvscope::LessonSet set;
        const auto shipped = kvscope::shippedLessonSetIds();
        if (std::find(shipped.begin(), shipped.end(), name.toStdString()) != shipped.end())
            set = kvscope::loadShippedLessonSet(name.toStdString());
        else if (std::error_code ec; std::filesystem::exists(argumentBytes(name), ec)) // its bytes, not Qt's
            set = kvscope::loadLessonFile(argumentBytes(name));
        else {
            QStringList ids;
            for (const auto& id : shipped)
                ids << QString::fromStdString(id);
            *error =
                tr("'%1' is neither a lesson file nor a shipped lesson set (%2)").arg(name.left(80), ids.join(u", "_s));
            return false;
        }
        if (index < 0 || index >= int(set.lessons.size())) {
            *error = tr("%1 has lessons 1 to %2, not %3").arg(name.left(80)).arg(set.lessons.size()).arg(index + 1);
            return false;
        }
        setLessonSet(set, index);
        return true;
    } catch (const kvscope::Error& e) {
        *error = QString::fromUtf8(e.what());
        return false;
    }
}

void LessonPanel::fillPicker() {
    m_picker->clear();
    for (const kvscope::Lesson& lesson : m_set->lessons)
        m_picker->addItem(tr("%1. %2").arg(lesson.index + 1).arg(QString::fromStdString(lesson.title.in(language()))));
    // What the closed picker shows, for a check that nothing is cut.
    m_picker->setProperty("shownText", static_cast<LessonPicker*>(m_picker)->shownText());
}

void LessonPanel::setLessonSet(const kvscope::LessonSet& set, int index) {
    m_set = set;
    fillPicker();
    m_empty->setVisible(!hasLessons());
    m_start->setVisible(!hasLessons());
    m_body->setVisible(hasLessons());
    m_nav->setVisible(hasLessons());
    showSummary(false);
    // A new set: nothing visited, nothing of the old set's current lesson carried over.
    m_revealed = false;
    m_chosen = -1;
    m_predicted = false;
    if (hasLessons())
        goTo(std::clamp(index, 0, count() - 1));
    m_visits.clear(); // after goTo: entering remembers the lesson it leaves, the old set's
}

int LessonPanel::count() const {
    return m_set ? int(m_set->lessons.size()) : 0;
}

const kvscope::Lesson* LessonPanel::currentLesson() const {
    return hasLessons() ? &m_set->lessons[std::size_t(m_index)] : nullptr;
}

void LessonPanel::goTo(int index) {
    if (m_finished)
        showSummary(false);
    enter(index, false);
}

void LessonPanel::rememberCurrent() {
    if (hasLessons())
        m_visits[m_index] = {m_revealed, m_number->value(), m_chosen, m_predicted, m_votes};
}

bool LessonPanel::choicesOpen() const {
    const kvscope::Lesson* lesson = currentLesson();
    return lesson && !m_revealed && !m_finished && lesson->predict.kind == kvscope::LessonPrediction::Kind::Choice;
}

void LessonPanel::enter(int index, bool resume) {
    if (!hasLessons())
        return;
    rememberCurrent();
    m_index = std::clamp(index, 0, count() - 1);
    const auto visit = m_visits.find(m_index);
    const bool back = resume && visit != m_visits.end();
    m_revealed = back && visit->second.revealed;
    m_chosen = back ? visit->second.chosen : -1;
    const kvscope::Lesson& lesson = *currentLesson();
    // The hands counted when the class last saw it (Page Up or Down back to it); a lesson started afresh has none.
    m_votes = back ? visit->second.votes : std::vector<std::uint32_t>{};
    m_votes.resize(lesson.predict.kind == kvscope::LessonPrediction::Kind::Choice ? lesson.predict.choices.size() : 0);
    // The scenario first, so that the page the class is sent to already shows it.
    m_controller->setScenario(lesson.scenario, false);
    emit highlightRequested(QString());
    if (lesson.simulation)
        emit simulationRequested(*lesson.simulation);
    if (lesson.page == kvscope::LessonPage::Serving)
        emit servingSettingsRequested();
    emit pageRequested(QString::fromUtf8(kvscope::lessonPageName(lesson.page)));
    if (lesson.experiment == kvscope::LessonExperiment::Classroom)
        emit experimentRequested();
    {
        const QSignalBlocker quiet(m_number); // the lesson's own value, not the class's prediction
        m_number->setValue(back ? visit->second.typed : 0);
    }
    m_predicted = back && visit->second.predicted;
    display(m_index);
    if (m_revealed) {
        emit revealed();
        emit highlightRequested(QString::fromStdString(lesson.highlight));
    } else {
        emit coverRequested(QString::fromUtf8(kvscope::lessonPageName(lesson.page)), m_quiz);
        // The class's number goes straight into the box: no click before typing.
        if (lesson.predict.kind == kvscope::LessonPrediction::Kind::Number) {
            m_number->setFocus(Qt::OtherFocusReason);
            m_number->selectAll();
        }
    }
    emit lessonChanged();
}

void LessonPanel::next() {
    if (m_finished)
        return;
    if (m_index + 1 < count())
        enter(m_index + 1, true);
    else if (m_revealed)
        finish();
}

void LessonPanel::previous() {
    if (m_finished) { // from the summary back to the last lesson, as it was left
        showSummary(false);
        enter(m_index, true);
    } else if (m_index > 0) {
        enter(m_index - 1, true);
    }
}

void LessonPanel::visit(int index) {
    if (m_finished)
        showSummary(false);
    enter(index, true);
}

void LessonPanel::finish() {
    if (!hasLessons() || m_finished)
        return;
    rememberCurrent();
    emit highlightRequested(QString());
    showSummary(true);
}

void LessonPanel::showSummary(bool on) {
    m_finished = on;
    m_summary->setText(on ? summaryText() : QString());
    m_summary->setVisible(on);
    m_summaryBack->setVisible(on);
    m_exportVotes->setVisible(on && hasVotes());
    m_body->setVisible(hasLessons() && !on);
    emit lessonChanged();
}

QString LessonPanel::summaryText() const {
    if (!hasLessons())
        return {};
    int right = 0, predicted = 0, revealedCount = 0;
    QStringList rows;
    for (int i = 0; i < count(); ++i) {
        const kvscope::Lesson& lesson = m_set->lessons[std::size_t(i)];
        const QString title = QString::fromStdString(lesson.title.in(language())).toHtmlEscaped();
        const auto visit = m_visits.find(i);
        QString mark = u"–"_s;
        if (visit != m_visits.end() && visit->second.revealed) {
            ++revealedCount;
            const bool choice = lesson.predict.kind == kvscope::LessonPrediction::Kind::Choice;
            const bool made = choice ? visit->second.chosen >= 0 : visit->second.predicted;
            bool correct = false;
            if (made) {
                try {
                    correct = choice ? kvscope::predictionIsCorrect(lesson, visit->second.chosen)
                                     : kvscope::predictionIsCorrect(lesson, visit->second.typed);
                } catch (const std::exception&) {
                    correct = false; // a figure that cannot be computed: the lesson said so when revealed
                }
                ++predicted;
            }
            right += correct ? 1 : 0;
            mark = !made ? u"–"_s : correct ? u"✓"_s : u"✗"_s;
        }
        // The mark says it (the legend is under the table); a word beside every title wrapped the rows of a
        // 15-lesson course past a 720-line projector.
        rows << u"<tr><td>%1</td><td>%2.&nbsp;</td><td>%3</td></tr>"_s.arg(mark).arg(i + 1).arg(title);
    }
    const QString head =
        predicted > 0 ? tr("<b>The lessons are done.</b> The class was right on %1 of %2 predictions; %3 of %4 lessons "
                           "revealed.")
                            .arg(right)
                            .arg(predicted)
                            .arg(revealedCount)
                            .arg(count())
                      : tr("<b>The lessons are done.</b> No prediction was made; %1 of %2 lessons revealed.")
                            .arg(revealedCount)
                            .arg(count());
    // One line for the show of hands, every lesson counted as the export counts them (the export has each one's).
    const kvscope::VoteSummary votes = kvscope::summarizeVotes(*m_set, allVotes());
    const QString hands =
        // Each lesson's tally is the export button's, just below: a seventeenth lesson left no room to say so here.
        votes.hands > 0
            ? u"<br>"_s + tr("Show of hands: %1 of %2 hands right (%3 %) over %n lesson(s).", nullptr, votes.lessons)
                              .arg(votes.rightHands)
                              .arg(votes.hands)
                              .arg(votes.rightPercent)
            : QString();
    // No cell spacing or padding: fifteen rows of it were two lines of a 720-line projector. That the picker opens
    // any lesson again is its tooltip's to say: a sixteenth lesson left no room for the line here.
    // What the marks mean is the summary's tooltip: an eighteenth lesson left no room for the line in Korean.
    return head + hands + u"<table cellspacing=\"0\" cellpadding=\"0\">%1</table>"_s.arg(rows.join(QString()));
}

void LessonPanel::advance() {
    if (!hasLessons())
        return;
    if (!m_revealed)
        reveal();
    else
        next();
}

void LessonPanel::reveal() {
    if (!hasLessons() || m_revealed)
        return;
    m_revealed = true;
    display(m_index);
    emit revealed();
    emit highlightRequested(QString::fromStdString(currentLesson()->highlight));
}

void LessonPanel::setPrediction(double value) {
    m_number->setValue(value);
    m_predicted = true;
}

void LessonPanel::choose(int choice) {
    QAbstractButton* button = m_choices->button(choice);
    if (!button || m_revealed)
        return; // no such choice here (a 3-choice question's D), or the answer is out
    button->setChecked(true);
    m_chosen = choice;
    markChosen();
}

void LessonPanel::setQuizMode(bool on) {
    m_quiz = on;
    if (hasLessons() && !m_revealed)
        emit coverRequested(QString::fromUtf8(kvscope::lessonPageName(currentLesson()->page)), on);
}

QString LessonPanel::format(double value, int decimals) const {
    return QLocale().toString(value, 'f', decimals);
}

QString LessonPanel::render(const kvscope::LocalizedText& text) const {
    const kvscope::Lesson& lesson = *currentLesson();
    try {
        const std::string rendered =
            kvscope::renderLessonText(text.in(language()), lesson, [this](double value, int decimals) {
                return format(value, decimals).toStdString();
            });
        return QString::fromStdString(rendered).toHtmlEscaped().replace(u'\n', u"<br>"_s);
    } catch (const std::exception& e) {
        // A figure that cannot be computed (a teacher's simulation that fails) is said in
        // place of the text; the class and the window go on.
        return u"<span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            tr("This lesson's figures cannot be computed: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
}

namespace {

// A choice's text: wraps to the panel's width (a radio button's own text does not), keeps full contrast once
// the answer is revealed, and a click on it picks its choice.
class ChoiceText : public QLabel {
public:
    ChoiceText(QAbstractButton* button, QWidget* parent)
        : QLabel(parent)
        , m_button(button) {
        setWordWrap(true);
        setTextFormat(Qt::RichText);
        setBuddy(button);
    }

protected:
    void mousePressEvent(QMouseEvent* event) override {
        if (!m_button->testAttribute(Qt::WA_TransparentForMouseEvents))
            m_button->click();
        QLabel::mousePressEvent(event);
    }

private:
    QAbstractButton* m_button;
};

} // namespace

void LessonPanel::rebuildChoices() {
    for (QAbstractButton* button : m_choices->buttons())
        m_choices->removeButton(button);
    while (QLayoutItem* item = m_choiceLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_choiceTexts.clear();
    const kvscope::Lesson& lesson = *currentLesson();
    // The letter is a button in the type size (18 pt on a projector), to be seen and hit from the lectern; the
    // chosen one is pressed and its text bold.
    const int side = QFontMetrics(font()).height() * 8 / 5;
    for (std::size_t i = 0; i < lesson.predict.choices.size(); ++i) {
        const int id = int(i);
        auto* row = new QWidget(m_choiceBox);
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto* button = new QToolButton(row);
        button->setText(QChar(u'A' + id));
        button->setCheckable(true);
        button->setObjectName(u"lessonChoice%1"_s.arg(id));
        button->setMinimumSize(side, side);
        button->setAccessibleName(render(lesson.predict.choices[i]));
        auto* text = new ChoiceText(button, row);
        QString body = render(lesson.predict.choices[i]);
        if (m_revealed && id == lesson.predict.answer) // the right one, marked in the answer's colour
            body = u"<span style='color:%1; font-weight:600'>✓ %2</span>"_s.arg(chartstyle::good().name(), body);
        text->setText(body);
        rowLayout->addWidget(button, 0, Qt::AlignTop);
        rowLayout->addWidget(text, 1);
        m_choices->addButton(button, id);
        m_choiceLayout->addWidget(row);
        m_choiceTexts << text;
        if (id == m_chosen)
            button->setChecked(true);
    }
    markChosen();

    // The show of hands: a box per choice, typed or stepped (or Shift+digit), labelled by its letter.
    auto* voteLayout = static_cast<QHBoxLayout*>(m_voteRow->layout());
    while (QLayoutItem* item = voteLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_voteBoxes.clear();
    voteLayout->addWidget(new QLabel(tr("Hands:"), m_voteRow));
    for (std::size_t i = 0; i < lesson.predict.choices.size(); ++i) {
        const int id = int(i);
        auto* label = new QLabel(QString(QChar(u'A' + id)), m_voteRow);
        auto* box = new QSpinBox(m_voteRow);
        box->setRange(0, int(kvscope::kMaxHandsPerChoice));
        box->setObjectName(u"lessonVotes%1"_s.arg(id));
        box->setAccessibleName(tr("Hands for choice %1").arg(QChar(u'A' + id)));
        box->setValue(i < m_votes.size() ? int(m_votes[i]) : 0);
        label->setBuddy(box);
        box->installEventFilter(this); // Shift+1-4 stay the vote keys while a box has focus
        connect(box, &QSpinBox::valueChanged, this, [this, id](int hands) {
            if (std::size_t(id) < m_votes.size())
                m_votes[std::size_t(id)] = std::uint32_t(hands);
        });
        voteLayout->addWidget(label);
        voteLayout->addWidget(box, 1);
        m_voteBoxes << box;
    }
}

void LessonPanel::addVote(int choice) {
    if (!choicesOpen() || choice < 0 || choice >= m_voteBoxes.size())
        return;
    QSpinBox* box = m_voteBoxes[choice];
    box->setValue(std::min(box->value() + 1, box->maximum())); // the box's own signal keeps m_votes
}

void LessonPanel::setVotes(int choice, int hands) {
    if (!choicesOpen() || choice < 0 || choice >= m_voteBoxes.size())
        return;
    m_voteBoxes[choice]->setValue(hands); // clamped to 0..kMaxHandsPerChoice by the box
}

std::map<int, std::vector<std::uint32_t>> LessonPanel::allVotes() const {
    std::map<int, std::vector<std::uint32_t>> all;
    for (const auto& [index, visit] : m_visits)
        if (!visit.votes.empty())
            all[index] = visit.votes;
    if (hasLessons() && !m_votes.empty())
        all[m_index] = m_votes;
    return all;
}

bool LessonPanel::hasVotes() const {
    for (const auto& [index, hands] : allVotes())
        for (const std::uint32_t count : hands)
            if (count > 0)
                return true;
    return false;
}

QString LessonPanel::votesMarkdown() const {
    if (!hasLessons())
        return {};
    const QString title = QString::fromStdString(m_set->title.in(language()));
    const kvscope::VoteSummaryWords words{tr("Class votes: %1").arg(title).toStdString(),
                                          tr("Choice").toStdString(),
                                          tr("Hands").toStdString(),
                                          tr("Share").toStdString(),
                                          tr("Right: %1 of %2 hands (%3 %)").toStdString(),
                                          tr("No hands were counted.").toStdString()};
    return QString::fromStdString(kvscope::votesMarkdown(*m_set, allVotes(), language(), words));
}

bool LessonPanel::exportVotes(const QString& path, QString* error) const {
    if (const QString problem = outputFileProblem(path, "class votes"); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    QSaveFile file(path);
    const QByteArray text = votesMarkdown().toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit()) {
        *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void LessonPanel::exportVotesDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the class votes"), u"class-votes.md"_s,
                                                      tr("Markdown (*.md);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportVotes(path, &error))
        QMessageBox::warning(this, tr("Export the class votes"), error);
}

void LessonPanel::showVotes() {
    const kvscope::Lesson* lesson = currentLesson();
    const bool choice = lesson && lesson->predict.kind == kvscope::LessonPrediction::Kind::Choice;
    m_voteRow->setVisible(choice && !m_revealed);
    kvscope::VoteTally tally;
    if (choice && m_revealed)
        tally = kvscope::tallyVotes(*lesson, m_votes); // sizes and counts are the boxes': never refused here
    m_tally->setTally(tally);
    m_tally->setVisible(tally.total > 0);
}

void LessonPanel::markChosen() {
    for (qsizetype i = 0; i < m_choiceTexts.size(); ++i) {
        QFont bold = m_choiceTexts[i]->font();
        bold.setBold(i == m_chosen);
        m_choiceTexts[i]->setFont(bold);
    }
}

void LessonPanel::display(int index) {
    const kvscope::Lesson& lesson = m_set->lessons[std::size_t(index)];
    if (m_picker->currentIndex() != index)
        m_picker->setCurrentIndex(index);
    m_picker->setProperty("shownText", static_cast<LessonPicker*>(m_picker)->shownText());
    m_question->setText(u"<b>%1</b><br>%2"_s.arg(QString::fromStdString(lesson.title.in(language())).toHtmlEscaped(),
                                                 render(lesson.question)));
    const bool number = lesson.predict.kind == kvscope::LessonPrediction::Kind::Number;
    m_predictStack->setCurrentIndex(number ? 0 : 1);
    // A stack is as tall as its tallest page: the hidden one is ignored, so a number question does not keep the
    // last choice question's four rows of empty space.
    for (int i = 0; i < m_predictStack->count(); ++i)
        m_predictStack->widget(i)->setSizePolicy(QSizePolicy::Preferred, i == m_predictStack->currentIndex()
                                                                             ? QSizePolicy::Preferred
                                                                             : QSizePolicy::Ignored);
    m_predictStack->updateGeometry();
    if (number)
        m_unit->setText(QString::fromStdString(lesson.predict.unit.in(language())));
    else
        rebuildChoices();
    m_number->setReadOnly(m_revealed); // read-only, not disabled: the class's figure stays legible
    // Once revealed the choice stays as the class made it. The buttons stop taking clicks and focus but are not
    // disabled: a disabled text is grey on grey, which a projector washes out.
    for (QAbstractButton* button : m_choices->buttons()) {
        button->setAttribute(Qt::WA_TransparentForMouseEvents, m_revealed);
        button->setFocusPolicy(m_revealed ? Qt::NoFocus : Qt::StrongFocus);
    }
    // Once revealed the button moves on (as Enter and Page Down do); a disabled button would be grey on grey.
    m_reveal->setText(!m_revealed           ? tr("Reveal the answer")
                      : index + 1 < count() ? tr("Next lesson")
                                            : tr("Finish: the summary"));
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count());
    m_answer->setText(m_revealed ? render(lesson.answer) : QString());
    m_feedback->setText(m_revealed ? feedbackText() : QString());
    showVotes();
}

QString LessonPanel::questionText() const {
    return m_question->text();
}

QString LessonPanel::answerText() const {
    return m_answer->text();
}

QString LessonPanel::feedbackText() const {
    const kvscope::Lesson* lesson = currentLesson();
    if (!lesson || !m_revealed)
        return {};
    const QString good = u"<span style='color:%1; font-weight:600'>%2</span>"_s.arg(chartstyle::good().name());
    const QString bad = u"<span style='color:%1; font-weight:600'>%2</span>"_s.arg(chartstyle::bad().name());
    if (lesson->predict.kind == kvscope::LessonPrediction::Kind::Choice) {
        const int answer = lesson->predict.answer;
        const QString right = tr("%1)").arg(QChar(u'A' + answer));
        if (m_chosen < 0)
            return tr("The answer is %1").arg(right);
        return kvscope::predictionIsCorrect(*lesson, m_chosen)
                   ? good.arg(tr("✓ Right: %1").arg(right))
                   : bad.arg(tr("✗ Not quite: the answer is %1").arg(right));
    }
    double figure = 0;
    try {
        figure = kvscope::lessonFigure(*lesson, lesson->predict.figure);
    } catch (const std::exception& e) {
        return bad.arg(
            tr("This lesson's figures cannot be computed: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
    // A whole figure without decimals, any other with two.
    const auto decimalsOf = [](double v) { return std::abs(v - std::round(v)) < 1e-9 ? 0 : 2; };
    const int decimals = decimalsOf(figure);
    const QString unit = QString::fromStdString(lesson->predict.unit.in(language()));
    const QString value = QString(format(figure, decimals) + u' ' + unit).trimmed();
    if (!m_predicted) // nothing typed: the figure, without judging a 0 nobody said
        return tr("The app computes %1").arg(value);
    const double typed = m_number->value();
    const QString yours = QString(format(typed, m_number->decimals()) + u' ' + unit).trimmed();
    // Right in another unit (the class said GiB where the question asked GB): say so, with both figures.
    int match = -1;
    double other = 0;
    try {
        match = kvscope::matchingFigure(*lesson, typed);
        if (match > 0)
            other = kvscope::lessonFigure(*lesson, lesson->predict.alternates[std::size_t(match - 1)].figure);
    } catch (const std::exception& e) {
        return bad.arg(
            tr("This lesson's figures cannot be computed: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
    if (match > 0) {
        const auto& alternate = lesson->predict.alternates[std::size_t(match - 1)];
        const QString otherUnit = QString::fromStdString(alternate.unit.in(language()));
        const QString otherValue = QString(format(other, decimalsOf(other)) + u' ' + otherUnit).trimmed();
        return good.arg(tr("✓ Your %1 is right in %2: the app computes %3 = %4")
                            .arg(format(typed, m_number->decimals()), otherUnit, value, otherValue));
    }
    return match == 0 ? good.arg(tr("✓ Your %1 is right: the app computes %2").arg(yours, value))
                      : bad.arg(tr("✗ Your %1; the app computes %2").arg(yours, value));
}

LessonPanel::State LessonPanel::state() const {
    return {m_set, m_index, m_revealed, m_number->value(), m_chosen, m_visits, m_finished, m_predicted, m_votes};
}

void LessonPanel::restore(const State& state) {
    if (!state.set)
        return;
    m_set = state.set;
    fillPicker();
    m_empty->setVisible(!hasLessons());
    m_start->setVisible(!hasLessons());
    m_body->setVisible(hasLessons());
    m_nav->setVisible(hasLessons());
    if (!hasLessons())
        return;
    // The scenario is the controller's already: show the lesson without applying it again.
    m_index = std::clamp(state.index, 0, count() - 1);
    m_revealed = state.revealed;
    m_chosen = state.chosen;
    m_visits = state.visits;
    {
        const QSignalBlocker quiet(m_number);
        m_number->setValue(state.typed);
    }
    m_predicted = state.predicted;
    m_votes = state.votes;
    if (const kvscope::Lesson* lesson = currentLesson())
        m_votes.resize(lesson->predict.kind == kvscope::LessonPrediction::Kind::Choice ? lesson->predict.choices.size()
                                                                                       : 0);
    display(m_index);
    if (state.finished) {
        showSummary(true);
    } else if (m_revealed) {
        emit revealed(); // the window shows what a reveal shows (a paged lesson's whole run)
        emit highlightRequested(QString::fromStdString(currentLesson()->highlight));
    } else
        emit coverRequested(QString::fromUtf8(kvscope::lessonPageName(currentLesson()->page)), m_quiz);
    emit lessonChanged();
}

bool LessonPanel::eventFilter(QObject* watched, QEvent* event) {
    // A vote box would take Shift+digit as text (ShortcutOverride accepted), so the window's Shift+1-4 would stop
    // counting once a box had focus: leave those keys to the shortcuts. Shift+1 arrives as '!' on most layouts.
    if (event->type() == QEvent::ShortcutOverride && m_voteBoxes.contains(qobject_cast<QSpinBox*>(watched))) {
        const auto* key = static_cast<QKeyEvent*>(event);
        static constexpr int kVoteKeys[] = {Qt::Key_1,      Qt::Key_2,  Qt::Key_3,          Qt::Key_4,
                                            Qt::Key_Exclam, Qt::Key_At, Qt::Key_NumberSign, Qt::Key_Dollar};
        if ((key->modifiers() & Qt::ShiftModifier) &&
            std::find(std::begin(kVoteKeys), std::end(kVoteKeys), key->key()) != std::end(kVoteKeys)) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LessonPanel::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        advance();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}
