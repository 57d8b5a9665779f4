#include "votetallywidget.h"

#include "chartstyle.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>

using namespace Qt::StringLiterals;

VoteTallyWidget::VoteTallyWidget(QWidget* parent)
    : QWidget(parent) {
    setObjectName(u"lessonVoteTally"_s);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void VoteTallyWidget::setTally(const kvscope::VoteTally& tally) {
    m_tally = tally;
    setAccessibleDescription(spokenText());
    setToolTip(spokenText());
    updateGeometry();
    update();
}

QString VoteTallyWidget::figureText(const kvscope::VoteShare& share) const {
    return tr("%n hand(s) · %1 %", nullptr, int(share.hands)).arg(share.percent);
}

QString VoteTallyWidget::spokenText() const {
    QStringList parts;
    for (std::size_t i = 0; i < m_tally.shares.size(); ++i)
        parts << tr("%1: %2%3")
                     .arg(QChar(u'A' + int(i)))
                     .arg(figureText(m_tally.shares[i]))
                     .arg(m_tally.shares[i].right ? tr(" (the answer)") : QString());
    return parts.join(u"; "_s);
}

int VoteTallyWidget::rowHeight() const {
    return fontMetrics().height() * 8 / 5;
}

QSize VoteTallyWidget::sizeHint() const {
    // One bar across the column: a lesson on a 720-line projector has no room for a row per choice.
    return {fontMetrics().averageCharWidth() * 24, rowHeight()};
}

void VoteTallyWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

void VoteTallyWidget::paintEvent(QPaintEvent*) {
    // The hands as one bar split by share: each choice's part labelled "A 43 %" in the window's text colour on the
    // palette's base colours (full contrast on light and dark), the answer's part framed in the "right" colour,
    // bold, with a tick. A part too narrow for its label keeps its letter, or nothing (the tooltip has it all).
    if (m_tally.total == 0)
        return;
    QPainter painter(this);
    const QFontMetrics metrics = fontMetrics();
    const int height = rowHeight();
    const QColor ink = palette().color(QPalette::WindowText);
    const QColor fills[2] = {palette().color(QPalette::Base), palette().color(QPalette::AlternateBase)};
    const QColor frame = chartstyle::mutedText(palette());
    const int width = this->width() - 1;
    int left = 0;
    std::uint32_t before = 0;
    for (std::size_t i = 0; i < m_tally.shares.size(); ++i) {
        const kvscope::VoteShare& share = m_tally.shares[i];
        if (share.hands == 0)
            continue;
        before += share.hands;
        const int right = int(std::lround(double(width) * before / double(m_tally.total)));
        const QRect part(left, 0, right - left, height - 1);
        left = right;
        painter.fillRect(part, fills[i % 2]);
        painter.setPen(QPen(share.right ? chartstyle::good(palette()) : frame, share.right ? 3 : 1));
        painter.drawRect(
            part.adjusted(share.right ? 1 : 0, share.right ? 1 : 0, share.right ? -1 : 0, share.right ? -1 : 0));
        QFont font = this->font();
        font.setBold(share.right);
        painter.setFont(font);
        painter.setPen(share.right ? chartstyle::good(palette()) : ink);
        const QString letter = (share.right ? u"✓ "_s : QString()) + QChar(u'A' + int(i));
        const QString full = u"%1 %2 %"_s.arg(letter).arg(share.percent);
        const QFontMetrics bold(font);
        const int room = part.width() - metrics.averageCharWidth();
        const QString label = bold.horizontalAdvance(full) <= room     ? full
                              : bold.horizontalAdvance(letter) <= room ? letter
                                                                       : QString();
        painter.drawText(part, Qt::AlignCenter, label);
    }
}
