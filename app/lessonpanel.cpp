#include "lessonpanel.h"

#include "chartstyle.h"
#include "error.h"
#include "language.h"
#include "scenariocontroller.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

LessonPanel::LessonPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_picker(new QComboBox(this))
    , m_question(new QLabel(this))
    , m_predictStack(new QStackedWidget(this))
    , m_number(new QDoubleSpinBox(this))
    , m_unit(new QLabel(this))
    , m_choiceBox(new QWidget(this))
    , m_choiceLayout(new QVBoxLayout(m_choiceBox))
    , m_choices(new QButtonGroup(this))
    , m_reveal(new QPushButton(tr("Reveal the answer"), this))
    , m_previous(new QPushButton(tr("Previous"), this))
    , m_next(new QPushButton(tr("Next"), this))
    , m_feedback(new QLabel(this))
    , m_answer(new QLabel(this))
    , m_empty(new QLabel(this))
    , m_start(new QPushButton(tr("Start the course hour"), this))
    , m_body(new QWidget(this)) {
    setObjectName(u"lessonPanel"_s);
    m_picker->setToolTip(tr("Jump to a lesson"));
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::RichText);
    m_question->setObjectName(u"lessonQuestion"_s);
    m_answer->setWordWrap(true);
    m_answer->setTextFormat(Qt::RichText);
    m_answer->setObjectName(u"lessonAnswer"_s);
    m_feedback->setWordWrap(true);
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

    auto* nav = new QHBoxLayout;
    nav->addWidget(m_picker, 1);
    nav->addWidget(m_previous);
    nav->addWidget(m_next);

    auto* left = new QVBoxLayout;
    left->addLayout(nav);
    left->addWidget(m_question, 1);
    auto* middle = new QVBoxLayout;
    middle->addWidget(m_predictStack);
    middle->addWidget(m_reveal);
    middle->addStretch(1);
    auto* right = new QVBoxLayout;
    right->addWidget(m_feedback);
    right->addWidget(m_answer, 1);

    auto* bodyLayout = new QHBoxLayout(m_body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->addLayout(left, 6);
    bodyLayout->addLayout(middle, 3);
    bodyLayout->addLayout(right, 6);

    auto* layout = new QVBoxLayout(this);
    auto* emptyRow = new QHBoxLayout;
    emptyRow->addWidget(m_empty, 1);
    emptyRow->addWidget(m_start);
    layout->addLayout(emptyRow);
    layout->addWidget(m_body);
    m_body->hide();

    connect(m_picker, &QComboBox::activated, this, [this](int index) { goTo(index); });
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previous);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::reveal);
    connect(m_choices, &QButtonGroup::idClicked, this, [this](int id) { m_chosen = id; });
    // The right/wrong colour follows the palette (light or dark set).
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        if (hasLessons())
            m_feedback->setText(feedbackText());
    });
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
        else if (QFileInfo::exists(name))
            set = kvscope::loadLessonFile(name.toStdString());
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

void LessonPanel::setLessonSet(const kvscope::LessonSet& set, int index) {
    m_set = set;
    m_picker->clear();
    for (const kvscope::Lesson& lesson : m_set->lessons)
        m_picker->addItem(tr("%1. %2").arg(lesson.index + 1).arg(QString::fromStdString(lesson.title.in(language()))));
    m_empty->setVisible(!hasLessons());
    m_start->setVisible(!hasLessons());
    m_body->setVisible(hasLessons());
    if (hasLessons())
        goTo(std::clamp(index, 0, count() - 1));
    m_visits.clear(); // a new set: nothing visited yet
}

int LessonPanel::count() const {
    return m_set ? int(m_set->lessons.size()) : 0;
}

const kvscope::Lesson* LessonPanel::currentLesson() const {
    return hasLessons() ? &m_set->lessons[std::size_t(m_index)] : nullptr;
}

void LessonPanel::goTo(int index) {
    enter(index, false);
}

void LessonPanel::rememberCurrent() {
    if (hasLessons())
        m_visits[m_index] = {m_revealed, m_number->value(), m_chosen};
}

bool LessonPanel::choicesOpen() const {
    const kvscope::Lesson* lesson = currentLesson();
    return lesson && !m_revealed && lesson->predict.kind == kvscope::LessonPrediction::Kind::Choice;
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
    // The scenario first, so that the page the class is sent to already shows it.
    m_controller->setScenario(lesson.scenario, false);
    emit highlightRequested(QString());
    if (lesson.simulation)
        emit simulationRequested(*lesson.simulation);
    emit pageRequested(QString::fromUtf8(kvscope::lessonPageName(lesson.page)));
    m_number->setValue(back ? visit->second.typed : 0);
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
}

void LessonPanel::next() {
    if (m_index + 1 < count())
        enter(m_index + 1, true);
}

void LessonPanel::previous() {
    if (m_index > 0)
        enter(m_index - 1, true);
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
}

void LessonPanel::choose(int choice) {
    QAbstractButton* button = m_choices->button(choice);
    if (!button || m_revealed)
        return; // no such choice here (a 3-choice question's D), or the answer is out
    button->setChecked(true);
    m_chosen = choice;
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

void LessonPanel::rebuildChoices() {
    for (QAbstractButton* button : m_choices->buttons()) {
        m_choices->removeButton(button);
        delete button;
    }
    const kvscope::Lesson& lesson = *currentLesson();
    for (std::size_t i = 0; i < lesson.predict.choices.size(); ++i) {
        auto* button = new QRadioButton(tr("%1) %2").arg(QChar(u'A' + int(i))).arg(render(lesson.predict.choices[i])),
                                        m_choiceBox);
        m_choices->addButton(button, int(i));
        m_choiceLayout->addWidget(button);
        if (int(i) == m_chosen)
            button->setChecked(true);
    }
}

void LessonPanel::display(int index) {
    const kvscope::Lesson& lesson = m_set->lessons[std::size_t(index)];
    if (m_picker->currentIndex() != index)
        m_picker->setCurrentIndex(index);
    m_question->setText(
        tr("<b>Lesson %1 of %2: %3</b><br>%4")
            .arg(index + 1)
            .arg(count())
            .arg(QString::fromStdString(lesson.title.in(language())).toHtmlEscaped(), render(lesson.question)));
    const bool number = lesson.predict.kind == kvscope::LessonPrediction::Kind::Number;
    m_predictStack->setCurrentIndex(number ? 0 : 1);
    if (number)
        m_unit->setText(QString::fromStdString(lesson.predict.unit.in(language())));
    else
        rebuildChoices();
    m_number->setEnabled(!m_revealed);
    for (QAbstractButton* button : m_choices->buttons())
        button->setEnabled(!m_revealed);
    m_reveal->setEnabled(!m_revealed);
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count());
    m_answer->setText(m_revealed ? render(lesson.answer) : QString());
    m_feedback->setText(m_revealed ? feedbackText() : QString());
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
    const int decimals = std::abs(figure - std::round(figure)) < 1e-9 ? 0 : 2;
    const QString unit = QString::fromStdString(lesson->predict.unit.in(language()));
    const QString value = QString(format(figure, decimals) + u' ' + unit).trimmed();
    const double typed = m_number->value();
    const QString yours = QString(format(typed, m_number->decimals()) + u' ' + unit).trimmed();
    return kvscope::predictionIsCorrect(*lesson, typed)
               ? good.arg(tr("✓ Your %1 is right: the app computes %2").arg(yours, value))
               : bad.arg(tr("✗ Your %1; the app computes %2").arg(yours, value));
}

LessonPanel::State LessonPanel::state() const {
    return {m_set, m_index, m_revealed, m_number->value(), m_chosen, m_visits};
}

void LessonPanel::restore(const State& state) {
    if (!state.set)
        return;
    m_set = state.set;
    m_picker->clear();
    for (const kvscope::Lesson& lesson : m_set->lessons)
        m_picker->addItem(tr("%1. %2").arg(lesson.index + 1).arg(QString::fromStdString(lesson.title.in(language()))));
    m_empty->setVisible(!hasLessons());
    m_start->setVisible(!hasLessons());
    m_body->setVisible(hasLessons());
    if (!hasLessons())
        return;
    // The scenario is the controller's already: show the lesson without applying it again.
    m_index = std::clamp(state.index, 0, count() - 1);
    m_revealed = state.revealed;
    m_chosen = state.chosen;
    m_visits = state.visits;
    m_number->setValue(state.typed);
    display(m_index);
    if (m_revealed)
        emit highlightRequested(QString::fromStdString(currentLesson()->highlight));
    else
        emit coverRequested(QString::fromUtf8(kvscope::lessonPageName(currentLesson()->page)), m_quiz);
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
