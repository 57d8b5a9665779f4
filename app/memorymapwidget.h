#pragma once

#include "kvsimulator.h"

#include <QImage>
#include <QWidget>

class QBrush;

// A KV pool drawn slot by slot: each request in its own colour, solid where tokens are
// stored, pale where slots are reserved for tokens to come, grey with "\" hatching where
// they will never be used (internal fragmentation), vermillion cross-hatching for free
// holes too small for the next request (external). Drawn as one image at the widget's
// pixel size, so a pool of 100,000 slots repaints at frame rate. The hatching is laid in
// screen space, a line every few pixels, so it stays visible when a slot is 2-3 pixels
// wide; request colours are blues, greens, purples and yellows, never the vermillion of
// external fragmentation, and the kinds differ in pattern as well as colour (CVD-safe).
class MemoryMapWidget : public QWidget {
    Q_OBJECT

public:
    explicit MemoryMapWidget(QWidget* parent = nullptr);

    void setMap(const std::vector<kvscope::SlotCell>& map, std::uint32_t blockSize);
    void setTitle(const QString& title);
    QString title() const { return m_title; }
    QFont titleFont() const;                  // bold; titlePoints() in presenter mode
    void setHighlight(std::uint32_t request); // UINT32_MAX: none
    std::uint32_t requestAt(const QPoint& position) const;
    // Where the cells are drawn, in widget coordinates, and one cell's side in pixels.
    QRectF mapArea() const;
    double cellSize() const;

    // The colours, shared with the page's legend and timelines.
    static QColor requestColor(std::uint32_t request);  // from a CVD-safe cycle of eight
    static QColor reservedColor(std::uint32_t request); // a pale tint of the request's colour
    static QColor externalColor();                      // vermillion (chartstyle::over())
    static QColor internalColor();                      // dark grey
    static QColor freeColor();
    static QColor cachedColor(); // prefix-cache blocks no one holds: orange stripes
    // The colour of a slot of this kind at pixel (x, y); `line` is the hatching's width in pixels.
    static QRgb shade(kvscope::SlotKind kind, std::uint32_t request, int x, int y, int line);
    // A legend swatch (tokens and reserved show three request colours side by side).
    static QImage swatch(kvscope::SlotKind kind, int side);
    // A tiling brush with the kind's pattern, for charts that must match the maps.
    static QBrush brush(kvscope::SlotKind kind);

    QSize sizeHint() const override { return {480, 360}; }

signals:
    void requestHovered(std::uint32_t request); // UINT32_MAX when over no request

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override; // a palette change repaints the cells' background

private:
    struct Layout {
        int columns = 1, rows = 1;
        double cell = 1.0;
        QRectF area;
    };
    Layout layout() const;
    int titleHeight() const;
    void rebuildImage();

    std::vector<kvscope::SlotCell> m_map;
    std::uint32_t m_blockSize = 1;
    std::uint32_t m_highlight = UINT32_MAX;
    QString m_title;
    QImage m_image; // the cells at one image pixel per widget pixel
};
