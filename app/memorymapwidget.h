#pragma once

#include "kvsimulator.h"

#include <QImage>
#include <QWidget>

// A KV pool drawn slot by slot: each request in its own colour, solid where tokens are
// stored, pale where slots are reserved for tokens to come, hatched where they will
// never be used (internal), red-hatched for unusable free holes (external). Drawn as one
// image with a pixel per slot, so a pool of 100,000 slots repaints at frame rate; outlines
// and hatching appear when cells are large enough to see them.
class MemoryMapWidget : public QWidget {
    Q_OBJECT

public:
    explicit MemoryMapWidget(QWidget* parent = nullptr);

    void setMap(const std::vector<kvscope::SlotCell>& map, std::uint32_t blockSize);
    void setTitle(const QString& title);
    void setHighlight(std::uint32_t request); // UINT32_MAX: none
    std::uint32_t requestAt(const QPoint& position) const;
    static QColor requestColor(std::uint32_t request);

    QSize sizeHint() const override { return {480, 360}; }

signals:
    void requestHovered(std::uint32_t request); // UINT32_MAX when over no request

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct Layout {
        int columns = 1, rows = 1;
        double cell = 1.0;
        QRectF area;
    };
    Layout layout() const;
    void rebuildImage();

    std::vector<kvscope::SlotCell> m_map;
    std::uint32_t m_blockSize = 1;
    std::uint32_t m_highlight = UINT32_MAX;
    QString m_title;
    QImage m_image;
};
