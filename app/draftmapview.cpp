#include "draftmapview.h"

#include "memorymapwidget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
// A short demonstration: a few sequences of a short prompt and answer, enough steps to see blocks fill and free.
constexpr std::uint32_t kShownSequences = 6;
constexpr std::uint32_t kPromptTokens = 24;
constexpr std::uint32_t kOutputTokens = 80;
constexpr std::uint32_t kLargestBlock = 256; // DraftWalk's bound; a larger block would show one block per sequence
constexpr int kPhaseMs = 700;

} // namespace

DraftMapView::DraftMapView(QWidget* parent)
    : QWidget(parent)
    , m_map(new MemoryMapWidget(this))
    , m_caption(new QLabel(this))
    , m_step(new QPushButton(tr("Step"), this))
    , m_play(new QPushButton(tr("Play"), this))
    , m_timer(new QTimer(this)) {
    m_map->setObjectName(u"draftMap"_s);
    m_caption->setObjectName(u"draftMapCaption"_s);
    m_step->setObjectName(u"draftMapStep"_s);
    m_play->setObjectName(u"draftMapPlay"_s);
    // A few sequences' blocks: a strip, not a page (the pool's free blocks would take the rest of its height).
    m_map->setMinimumHeight(140);
    m_map->setMaximumHeight(200);
    m_map->setAccessibleName(tr("Draft slots in the paged pool"));
    m_map->setToolTip(tr("One square per token slot, in physical block order: solid, stored tokens; dotted, draft "
                         "tokens waiting for the check; grey hatching, slots a sequence holds but does not use (a "
                         "rejected draft's, or the end of its last block)"));
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_step->setToolTip(tr("One phase: the drafts written, or their check"));
    m_play->setCheckable(true);
    m_play->setToolTip(tr("A phase every 0.7 s"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_step);
    buttons->addWidget(m_play);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_map);
    layout->addLayout(buttons);
    layout->addWidget(m_caption);
    m_timer->setInterval(kPhaseMs);
    connect(m_timer, &QTimer::timeout, this, &DraftMapView::advance);
    connect(m_step, &QPushButton::clicked, this, &DraftMapView::advance);
    connect(m_play, &QPushButton::toggled, this, &DraftMapView::setPlaying);
}

void DraftMapView::setScenario(const kvscope::Scenario& s) {
    if (!s.speculation.enabled()) {
        setPlaying(false);
        m_config.reset();
        m_walk.reset();
        return;
    }
    kvscope::DraftWalkConfig c;
    c.sequences = std::uint32_t(std::clamp<std::uint64_t>(s.batch, 1, kShownSequences));
    c.blockSize = std::min(s.blockSize, kLargestBlock);
    c.draftTokens = s.speculation.tokens;
    c.lookaheadTokens = std::uint32_t(kvscope::slotsPerSequence(s.speculation) - s.speculation.tokens);
    c.acceptance = s.speculation.acceptance;
    c.promptTokens = kPromptTokens;
    c.outputTokens = kOutputTokens;
    if (m_config == c)
        return;
    m_config = c;
    restart();
}

void DraftMapView::restart() {
    if (!m_config)
        return;
    m_walk = std::make_unique<kvscope::DraftWalk>(*m_config);
    m_walk->advance(); // open on the first drafts: the dotted slots are the point
    display();
}

void DraftMapView::advance() {
    if (!m_walk)
        return;
    if (!m_walk->advance()) {
        restart();
        return;
    }
    display();
}

void DraftMapView::setPlaying(bool on) {
    if (on && !m_walk)
        on = false;
    if (m_play->isChecked() != on)
        m_play->setChecked(on); // comes back here once through toggled
    on ? m_timer->start() : m_timer->stop();
    m_play->setText(on ? tr("Pause") : tr("Play"));
}

bool DraftMapView::isPlaying() const {
    return m_timer->isActive();
}

QString DraftMapView::captionText() const {
    return m_caption->text();
}

void DraftMapView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange && m_walk)
        display();
}

void DraftMapView::display() {
    const kvscope::DraftWalk& w = *m_walk;
    m_map->setMap(w.slotMap(), w.config().blockSize);
    const QLocale locale;
    m_map->setTitle(tr("%n sequence(s), block %1", "", int(w.config().sequences)).arg(w.config().blockSize));
    std::uint32_t offered = 0, accepted = 0;
    for (const kvscope::DraftWalkSequence& s : w.sequences()) {
        offered += s.offered;
        accepted += s.accepted;
    }
    QString text;
    switch (w.phase()) {
    case kvscope::DraftPhase::Start:
    case kvscope::DraftPhase::Drafted:
        text = tr("Step %1: each sequence writes its last token and up to %2 drafts into lookahead slots (dotted), "
                  "%3 in all.")
                   .arg(w.step())
                   .arg(w.config().draftTokens)
                   .arg(offered);
        if (w.config().lookaheadTokens > 0)
            text += u' ' + tr("It holds %1 slots more for the drafts its drafter proposes after the check (grey).")
                               .arg(w.config().lookaheadTokens);
        break;
    case kvscope::DraftPhase::Checked:
        text = tr("Step %1, checked: %2 of %3 drafts accepted and stored; the rest of their slots are emptied (grey), "
                  "to be written over by the next drafts.")
                   .arg(w.step())
                   .arg(accepted)
                   .arg(offered);
        break;
    case kvscope::DraftPhase::Finished:
        text = tr("Every sequence has finished: all %1 blocks are free again.").arg(w.poolBlocks());
        break;
    }
    if (w.sequenceSteps() > 0) // after the first check
        text += u' ' +
                tr("So far %1 tokens per sequence per step, against %2 from the formula.")
                    .arg(locale.toString(w.tokensPerStep(), 'f', 2),
                         locale.toString(kvscope::expectedTokensPerStep(w.config().acceptance, w.config().draftTokens),
                                         'f', 2));
    m_caption->setText(text);
}
