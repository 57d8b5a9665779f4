#include "memorymapwidget.h"

#include "chartstyle.h"

#include <QBrush>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

using kvscope::SlotKind;

namespace {

// Requests cycle through eight colours chosen to stay apart from the fragmentation colours
// (vermillion, grey) under deuteranopia, protanopia and on a washed-out projector: Okabe and
// Ito's blue, yellow, bluish green and sky blue, and four of our own (purples, a light green,
// a dark teal). Neighbouring ids alternate dark and light, so two adjacent regions never blur.
constexpr std::array<QRgb, 8> kRequestColors = {
    0xff0072b2, // blue (chartstyle::weights)
    0xfff0e442, // yellow (Okabe-Ito)
    0xff009e73, // bluish green (chartstyle::fits)
    0xff56b4e9, // sky blue (chartstyle::highlight)
    0xff6a3d9a, // purple
    0xffb3de69, // light yellow-green
    0xff1f5f5b, // dark teal
    0xffa48bcb, // lavender
};
constexpr QRgb kFree = 0xfff4f4f5;
constexpr QRgb kInternalBase = 0xffcfcfcf;
constexpr QRgb kInternalLine = 0xff4a4a4a;
constexpr QRgb kExternalBase = 0xfff6c9a8; // a pale vermillion under the hatching
constexpr QRgb kCachedLine = 0xffe69f00;   // Okabe-Ito orange, the KV cache's colour everywhere
constexpr QRgb kCachedBase = 0xfffbe7b5;   // a pale orange between its stripes

QRgb mix(QRgb a, QRgb b, int bPercent) {
    const auto channel = [&](int x, int y) { return (x * (100 - bPercent) + y * bPercent) / 100; };
    return qRgb(channel(qRed(a), qRed(b)), channel(qGreen(a), qGreen(b)), channel(qBlue(a), qBlue(b)));
}

QRgb paleOf(QRgb color) {
    return mix(color, 0xffffffff, 60);
}

int hatchLine() {
    return chartstyle::presenter() ? 2 : 1; // pixels; the period is four lines
}

int positiveMod(int value, int period) {
    const int m = value % period;
    return m < 0 ? m + period : m;
}

} // namespace

MemoryMapWidget::MemoryMapWidget(QWidget* parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(240, 200);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        rebuildImage(); // the hatching's line width and the title's size follow the mode
        updateGeometry();
        update();
    });
}

QColor MemoryMapWidget::requestColor(std::uint32_t request) {
    return QColor(kRequestColors[request % kRequestColors.size()]);
}

QColor MemoryMapWidget::reservedColor(std::uint32_t request) {
    return QColor(paleOf(kRequestColors[request % kRequestColors.size()]));
}

QColor MemoryMapWidget::externalColor() {
    return chartstyle::over();
}

QColor MemoryMapWidget::internalColor() {
    return QColor(kInternalLine);
}

QColor MemoryMapWidget::cachedColor() {
    return QColor(kCachedLine);
}

QColor MemoryMapWidget::freeColor() {
    return QColor(kFree);
}

QRgb MemoryMapWidget::shade(SlotKind kind, std::uint32_t request, int x, int y, int line) {
    const int period = 4 * line;
    switch (kind) {
    case SlotKind::Free:
        return kFree;
    case SlotKind::Token:
        return kRequestColors[request % kRequestColors.size()];
    case SlotKind::Reserved: {
        // Pale, with a dot of the request's own colour every period: "held for later".
        const QRgb full = kRequestColors[request % kRequestColors.size()];
        return positiveMod(x, period) < line && positiveMod(y, period) < line ? full : paleOf(full);
    }
    case SlotKind::Internal:
        // "\" hatching: never used, inside a reservation.
        return positiveMod(x - y, period) < line ? kInternalLine : kInternalBase;
    case SlotKind::Cached:
        // Horizontal stripes: free to take, but still holding a cached prefix's K and V.
        return positiveMod(y, period) < line ? kCachedLine : kCachedBase;
    case SlotKind::External: {
        // Cross-hatching: free, but too small a hole for the next request.
        static const QRgb vermillion = chartstyle::over().rgb();
        return positiveMod(x - y, period) < line || positiveMod(x + y, period) < line ? vermillion : kExternalBase;
    }
    }
    return kFree;
}

QImage MemoryMapWidget::swatch(SlotKind kind, int side) {
    QImage image(side, side, QImage::Format_RGB32);
    const int line = hatchLine();
    for (int y = 0; y < side; ++y) {
        auto* out = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < side; ++x) {
            // Stored and reserved slots take their request's colour: show three of them.
            const auto request = std::uint32_t(std::min(2, 3 * x / std::max(1, side)));
            out[x] = x == 0 || y == 0 || x == side - 1 || y == side - 1 ? qRgb(0x40, 0x40, 0x40)
                                                                        : shade(kind, request, x, y, line);
        }
    }
    return image;
}

QBrush MemoryMapWidget::brush(SlotKind kind) {
    constexpr int tile = 16; // a multiple of both hatching periods (4 and 8 pixels)
    QImage image(tile, tile, QImage::Format_RGB32);
    const int line = hatchLine();
    for (int y = 0; y < tile; ++y) {
        auto* out = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < tile; ++x)
            out[x] = shade(kind, 0, x, y, line);
    }
    return QBrush(image);
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

QFont MemoryMapWidget::titleFont() const {
    QFont bold = font();
    bold.setBold(true);
    if (chartstyle::presenter())
        bold.setPointSizeF(chartstyle::titlePoints());
    return bold;
}

void MemoryMapWidget::setHighlight(std::uint32_t request) {
    if (m_highlight == request)
        return;
    m_highlight = request;
    rebuildImage();
    update();
}

int MemoryMapWidget::titleHeight() const {
    // Presenter mode's large title wraps; it keeps at least two lines so the map seldom moves as the numbers change.
    const QFontMetrics metrics(titleFont());
    if (!chartstyle::presenter())
        return metrics.lineSpacing() + 6;
    const int needed =
        metrics.boundingRect(QRect(0, 0, std::max(1, width() - 8), 10000), Qt::TextWordWrap, m_title).height();
    return std::clamp(needed, 2 * metrics.lineSpacing(), 3 * metrics.lineSpacing()) + 6;
}

MemoryMapWidget::Layout MemoryMapWidget::layout() const {
    Layout l;
    const int titleHeight = this->titleHeight();
    l.area = QRectF(rect().adjusted(2, titleHeight, -2, -2));
    const double n = std::max<double>(1.0, double(m_map.size()));
    // Square cells as large as fit; rows are whole blocks so a block never wraps.
    double cell = std::sqrt(std::max(1.0, l.area.width() * l.area.height()) / n);
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

QRectF MemoryMapWidget::mapArea() const {
    const Layout l = layout();
    return {l.area.topLeft(), QSizeF(m_image.width(), m_image.height())};
}

double MemoryMapWidget::cellSize() const {
    return layout().cell;
}

void MemoryMapWidget::rebuildImage() {
    const Layout l = layout();
    const int width = int(std::floor(l.columns * l.cell));
    const int height = int(std::floor(l.rows * l.cell));
    if (m_map.empty() || width <= 0 || height <= 0) {
        m_image = QImage();
        return;
    }
    // One image pixel per widget pixel: the hatching is laid in these coordinates, so a
    // hole or a reservation shows its pattern even when each of its slots is 2 pixels wide.
    m_image = QImage(width, height, QImage::Format_RGB32);
    const QRgb background = palette().color(QPalette::Base).rgb();
    const int line = hatchLine();
    std::vector<int> columnOf(static_cast<std::size_t>(width));
    for (int x = 0; x < width; ++x)
        columnOf[std::size_t(x)] = std::min(l.columns - 1, int(x / l.cell));
    for (int y = 0; y < height; ++y) {
        auto* out = reinterpret_cast<QRgb*>(m_image.scanLine(y));
        const std::size_t rowStart = std::size_t(std::min(l.rows - 1, int(y / l.cell))) * std::size_t(l.columns);
        for (int x = 0; x < width; ++x) {
            const std::size_t index = rowStart + std::size_t(columnOf[std::size_t(x)]);
            if (index >= m_map.size()) {
                out[x] = background;
                continue;
            }
            const kvscope::SlotCell& c = m_map[index];
            QRgb color = shade(c.kind, c.request, x, y, line);
            if (m_highlight != UINT32_MAX && c.request != m_highlight && c.kind != SlotKind::Free &&
                c.kind != SlotKind::Cached)
                color = mix(color, 0xffffffff, 70); // fade the others, keep their pattern
            out[x] = color;
        }
    }
}

void MemoryMapWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    rebuildImage();
}

void MemoryMapWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        rebuildImage();
        update();
    }
}

void MemoryMapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().color(QPalette::Text));
    const QFont title = titleFont();
    p.setFont(title);
    const QRect titleRect(4, 0, width() - 8, titleHeight() - 2);
    if (chartstyle::presenter())
        p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_title);
    else
        p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(title).elidedText(m_title, Qt::ElideRight, titleRect.width()));
    if (m_map.empty())
        return;
    const Layout l = layout();
    if (m_image.width() != int(std::floor(l.columns * l.cell)) || m_image.height() != int(std::floor(l.rows * l.cell)))
        rebuildImage();
    if (m_image.isNull())
        return;
    const QPointF origin = l.area.topLeft();
    p.drawImage(origin, m_image);

    // Block outlines where a block is wide enough to show one; row lines only where cells are large.
    if (m_blockSize > 1 && l.cell >= 2 && l.cell * m_blockSize >= 8) {
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(QColor(255, 255, 255, 200), 1));
        const double right = origin.x() + m_image.width();
        const double bottom = origin.y() + m_image.height();
        if (l.cell >= 4)
            for (int r = 0; r <= l.rows; ++r)
                p.drawLine(QPointF(origin.x(), origin.y() + r * l.cell), QPointF(right, origin.y() + r * l.cell));
        const int blocksPerRow = std::max(1, l.columns / int(m_blockSize));
        for (int b = 0; b <= blocksPerRow; ++b) {
            const double x = origin.x() + b * int(m_blockSize) * l.cell;
            p.drawLine(QPointF(x, origin.y()), QPointF(x, bottom));
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
