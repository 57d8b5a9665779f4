#include "memorymapwidget.h"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

using kvscope::SlotKind;

MemoryMapWidget::MemoryMapWidget(QWidget* parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(240, 200);
}

QColor MemoryMapWidget::requestColor(std::uint32_t request) {
    // Golden-angle hues: neighbouring request ids get clearly different colours.
    const int hue = int(std::fmod(request * 137.508, 360.0));
    return QColor::fromHsv(hue, 150 + int(request % 3) * 35, 200 - int(request % 2) * 40);
}

void MemoryMapWidget::setMap(const std::vector<kvscope::SlotCell>& map, std::uint32_t blockSize) {
    m_map = map;
    m_blockSize = std::max(1u, blockSize);
    rebuildImage();
    update();
}

void MemoryMapWidget::setTitle(const QString& title) {
    m_title = title;
    update();
}

void MemoryMapWidget::setHighlight(std::uint32_t request) {
    if (m_highlight == request)
        return;
    m_highlight = request;
    rebuildImage();
    update();
}

MemoryMapWidget::Layout MemoryMapWidget::layout() const {
    Layout l;
    const int titleHeight = fontMetrics().height() + 6;
    l.area = QRectF(rect().adjusted(2, titleHeight, -2, -2));
    const double n = std::max<double>(1.0, double(m_map.size()));
    // Square cells as large as fit; rows are whole blocks so a block never wraps.
    double cell = std::sqrt(l.area.width() * l.area.height() / n);
    int columns = 1;
    for (; cell > 0.05; cell *= 0.97) {
        columns = std::max(1, int(l.area.width() / cell));
        if (m_blockSize > 1 && columns >= int(m_blockSize))
            columns -= columns % int(m_blockSize);
        const int rows = int(std::ceil(n / columns));
        if (rows * cell <= l.area.height())
            break;
    }
    l.columns = columns;
    l.rows = int(std::ceil(n / columns));
    l.cell = cell;
    return l;
}

void MemoryMapWidget::rebuildImage() {
    const Layout l = layout();
    m_image = QImage(l.columns, l.rows, QImage::Format_RGB32);
    m_image.fill(QColor(0xf4, 0xf4, 0xf5));
    for (std::size_t i = 0; i < m_map.size(); ++i) {
        const kvscope::SlotCell& c = m_map[i];
        QColor color;
        switch (c.kind) {
        case SlotKind::Free:
            color = QColor(0xf4, 0xf4, 0xf5);
            break;
        case SlotKind::External:
            color = QColor(0xfc, 0xa5, 0xa5);
            break;
        case SlotKind::Token:
            color = requestColor(c.request);
            break;
        case SlotKind::Reserved:
            color = requestColor(c.request).lighter(165);
            break;
        case SlotKind::Internal:
            color = QColor(0xd4, 0xd4, 0xd8);
            break;
        }
        if (m_highlight != UINT32_MAX && c.request != m_highlight && c.kind != SlotKind::Free)
            color = QColor::fromHsv(color.hsvHue(), color.hsvSaturation() / 4, std::min(255, color.value() + 40));
        m_image.setPixel(int(i % std::size_t(l.columns)), int(i / std::size_t(l.columns)), color.rgb());
    }
}

void MemoryMapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().color(QPalette::Text));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRect(4, 0, width() - 8, fontMetrics().height() + 4), Qt::AlignLeft | Qt::AlignVCenter, m_title);
    if (m_map.empty())
        return;
    const Layout l = layout();
    if (m_image.width() != l.columns || m_image.height() != l.rows)
        const_cast<MemoryMapWidget*>(this)->rebuildImage();
    const QRectF target(l.area.topLeft(), QSizeF(l.columns * l.cell, l.rows * l.cell));
    p.drawImage(target, m_image); // one pixel per slot, scaled: cheap at any pool size

    // Level of detail: hatching and block outlines only where a cell is big enough to show them.
    if (l.cell >= 5) {
        p.setRenderHint(QPainter::Antialiasing, false);
        for (std::size_t i = 0; i < m_map.size(); ++i) {
            const auto kind = m_map[i].kind;
            if (kind != SlotKind::Internal && kind != SlotKind::External)
                continue;
            const QRectF cell(target.left() + double(i % std::size_t(l.columns)) * l.cell,
                              target.top() + double(i / std::size_t(l.columns)) * l.cell, l.cell, l.cell);
            p.fillRect(cell, QBrush(kind == SlotKind::Internal ? QColor(0x71, 0x71, 0x7a) : QColor(0xdc, 0x26, 0x26),
                                    Qt::BDiagPattern));
        }
    }
    if (m_blockSize > 1 && l.cell * m_blockSize >= 6) {
        p.setPen(QPen(QColor(255, 255, 255, 200), 1));
        const int blocksPerRow = std::max(1, l.columns / int(m_blockSize));
        for (int r = 0; r <= l.rows; ++r)
            p.drawLine(QPointF(target.left(), target.top() + r * l.cell),
                       QPointF(target.right(), target.top() + r * l.cell));
        for (int b = 0; b <= blocksPerRow; ++b) {
            const double x = target.left() + b * int(m_blockSize) * l.cell;
            p.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()));
        }
    }
}

std::uint32_t MemoryMapWidget::requestAt(const QPoint& position) const {
    const Layout l = layout();
    const QPointF local = QPointF(position) - l.area.topLeft();
    if (local.x() < 0 || local.y() < 0)
        return UINT32_MAX;
    const int column = int(local.x() / l.cell);
    const int row = int(local.y() / l.cell);
    if (column >= l.columns || row >= l.rows)
        return UINT32_MAX;
    const std::size_t index = std::size_t(row) * std::size_t(l.columns) + std::size_t(column);
    return index < m_map.size() ? m_map[index].request : UINT32_MAX;
}

void MemoryMapWidget::mouseMoveEvent(QMouseEvent* event) {
    emit requestHovered(requestAt(event->position().toPoint()));
}
void MemoryMapWidget::leaveEvent(QEvent*) {
    emit requestHovered(UINT32_MAX);
}
