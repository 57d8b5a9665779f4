#pragma once

#include "sweep.h"

#include <QWidget>

#include <algorithm>

// A context x batch grid, each cell green when the scenario fits and red when it does not,
// the current scenario outlined. Painted in one pass; hover shows the cell's total.
class FitMapWidget : public QWidget {
    Q_OBJECT

public:
    explicit FitMapWidget(QWidget* parent = nullptr);

    void setMap(const kvscope::FitMap& map, std::uint64_t currentContext, std::uint64_t currentBatch);
    const kvscope::FitMap& map() const { return m_map; }
    // The cell under a widget position, or {-1, -1}.
    QPoint cellAt(const QPoint& position) const;
    QString cellToolTip(int row, int column) const;

    QSize sizeHint() const override { return {640, std::max(320, minimumSizeHint().height())}; }
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect gridRect() const;

    kvscope::FitMap m_map;
    std::uint64_t m_currentContext = 0;
    std::uint64_t m_currentBatch = 0;
};
