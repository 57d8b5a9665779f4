#pragma once

#include "classvote.h"

#include <QWidget>

// The class's show of hands after a reveal: one bar across the lesson's column, split by each choice's share of
// the hands and labelled "A 29 %", the answer's part framed in the "right" colour with a tick; one line high, so
// that a revealed lesson still fits a 720-line projector. Figures come from kvscope::tallyVotes.
class VoteTallyWidget : public QWidget {
    Q_OBJECT

public:
    explicit VoteTallyWidget(QWidget* parent = nullptr);

    void setTally(const kvscope::VoteTally& tally);
    const kvscope::VoteTally& tally() const { return m_tally; }
    // "A: 2 hands, 29 %; B: ..." for a screen reader and for tests.
    QString spokenText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QString figureText(const kvscope::VoteShare& share) const;
    int rowHeight() const;

    kvscope::VoteTally m_tally;
};
