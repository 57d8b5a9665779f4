#include "fitmapwidget.h"

#include "chartstyle.h"
#include "viewtext.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

using namespace Qt::StringLiterals;

FitMapWidget::FitMapWidget(QWidget* parent)
    : QWidget(parent) {
    setMouseTracking(true);
    // paintEvent fills every pixel: a new map repaints this widget alone, not the group box and
    // page background under it.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Fit map"));
}

void FitMapWidget::setMap(const kvscope::FitMap& map, std::uint64_t currentContext, std::uint64_t currentBatch) {
    m_map = map;
    m_currentContext = currentContext;
    m_currentBatch = currentBatch;
    updateGeometry(); // another row count wants another height
    update();
    // What a screen reader says for the grid: per batch the largest context that fits (read
    // off core's fit flags), then the current cell's hover text.
    QStringList rows;
    QString current;
    for (std::size_t r = 0; r < m_map.batches.size(); ++r) {
        QString largest = tr("none");
        for (std::size_t c = 0; c < m_map.contexts.size(); ++c) {
            if (m_map.fitsAt(r, c))
                largest = viewtext::tokens(m_map.contexts[c]);
            if (m_map.batches[r] == currentBatch && m_map.contexts[c] == currentContext)
                current = cellToolTip(int(r), int(c));
        }
        rows << tr("batch %1: %2").arg(m_map.batches[r]).arg(largest);
    }
    QString text = tr("Largest context that fits, per batch: %1.").arg(rows.join(u", "_s));
    if (!current.isEmpty())
        text += u' ' + current;
    if (accessibleDescription() != text)
        setAccessibleDescription(text);
}

QSize FitMapWidget::minimumSizeHint() const {
    // Every row at least a line of its label's type high (presenter type too), or the labels overlap.
    const int rows = std::max<int>(9, int(m_map.batches.size()));
    const QFontMetrics fm = fontMetrics();
    return {fm.horizontalAdvance(tr("batch 1024")) + 12 + 8 * fm.horizontalAdvance(u"8K"_s),
            std::max(220, rows * (fm.height() + 2) + 8 + fm.height() * 2 + 8)};
}

QRect FitMapWidget::gridRect() const {
    const int left = fontMetrics().horizontalAdvance(tr("batch 1024")) + 12;
    const int bottom = fontMetrics().height() * 2 + 8;
    return rect().adjusted(left, 8, -8, -bottom);
}

QPoint FitMapWidget::cellAt(const QPoint& position) const {
    const QRect grid = gridRect();
    const int columns = int(m_map.contexts.size());
    const int rows = int(m_map.batches.size());
    if (!grid.contains(position) || columns == 0 || rows == 0)
        return {-1, -1};
    const int column = (position.x() - grid.left()) * columns / grid.width();
    const int rowFromTop = (position.y() - grid.top()) * rows / grid.height();
    return {column, rows - 1 - rowFromTop};
}

QString FitMapWidget::cellToolTip(int row, int column) const {
    const auto r = std::size_t(row);
    const auto c = std::size_t(column);
    return tr("Context %1, batch %2: %3 of a %4 budget - %5")
        .arg(viewtext::tokens(m_map.contexts[c]))
        .arg(m_map.batches[r])
        .arg(viewtext::size(m_map.total(r, c)), viewtext::size(m_map.budgetBytes),
             m_map.fitsAt(r, c) ? tr("fits") : tr("over budget"));
}

void FitMapWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const QRect grid = gridRect();
    const int columns = int(m_map.contexts.size());
    const int rows = int(m_map.batches.size());
    if (columns == 0 || rows == 0)
        return;
    const double cellW = double(grid.width()) / columns;
    const double cellH = double(grid.height()) / rows;
    painter.setPen(palette().color(QPalette::Base));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const QRectF cell(grid.left() + c * cellW, grid.bottom() - (r + 1) * cellH, cellW, cellH);
            const bool fits = m_map.fitsAt(std::size_t(r), std::size_t(c));
            // Colour and a mark: a tick or a cross reads the same to every eye.
            const QPalette& p = palette();
            painter.fillRect(cell.adjusted(1, 1, -1, -1), fits ? chartstyle::fitsFill(p) : chartstyle::overFill(p));
            if (cell.height() >= 10 && cell.width() >= 10) {
                painter.setPen(fits ? chartstyle::good(p) : chartstyle::bad(p));
                painter.drawText(cell, Qt::AlignCenter, fits ? u"✓"_s : u"✗"_s);
            }
        }
    }
    painter.setPen(palette().color(QPalette::Text));
    const QFontMetrics fm = fontMetrics();
    for (int c = 0; c < columns; ++c) {
        const QRectF label(grid.left() + c * cellW, grid.bottom() + 4, cellW, fm.height());
        painter.drawText(label, Qt::AlignCenter, viewtext::tokens(m_map.contexts[std::size_t(c)]));
    }
    painter.drawText(QRect(grid.left(), grid.bottom() + fm.height() + 6, grid.width(), fm.height()), Qt::AlignCenter,
                     tr("context (tokens per sequence)"));
    for (int r = 0; r < rows; ++r) {
        const QRectF label(0, grid.bottom() - (r + 1) * cellH, grid.left() - 6, cellH);
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, tr("batch %1").arg(m_map.batches[std::size_t(r)]));
    }
    // Outline the current scenario's cell when it is on the grid.
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            if (m_map.batches[std::size_t(r)] == m_currentBatch && m_map.contexts[std::size_t(c)] == m_currentContext) {
                painter.setPen(QPen(chartstyle::pinned(palette()), 3));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(QRectF(grid.left() + c * cellW, grid.bottom() - (r + 1) * cellH, cellW, cellH)
                                     .adjusted(2, 2, -2, -2));
            }
        }
    }
}

bool FitMapWidget::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() >= 0)
            QToolTip::showText(help->globalPos(), cellToolTip(cell.y(), cell.x()), this);
        else
            QToolTip::hideText();
        return true;
    }
    if (event->type() == QEvent::FontChange) // presenter type: taller rows
        updateGeometry();
    return QWidget::event(event);
}
