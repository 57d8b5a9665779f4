#pragma once

#include "kvsimulator.h"

#include <QWidget>

// One request's block tables as a tree (core's ForkDiagram): a row per sample or beam, a column
// per logical block, one cell per physical block spanning every row that reads it. Shared cells
// are outlined, cached prefix blocks take the map's cached colour, and each cell fills as far as
// the tokens it holds. With more columns than fit, the first and the newest are drawn, an
// ellipsis between them.
class ForkDiagramWidget : public QWidget {
    Q_OBJECT

public:
    explicit ForkDiagramWidget(QWidget* parent = nullptr);

    void setDiagram(const kvscope::ForkDiagram& diagram, bool beams);
    void setRows(int rows); // the height kept for this many rows, so that the page does not jump
    void clear();
    const kvscope::ForkDiagram& diagram() const { return m_diagram; }
    // The columns drawn, in order (-1 for the ellipsis), at the current width.
    QList<int> visibleColumns() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int rowHeight() const;
    int labelWidth() const;
    int minCellWidth() const;
    QString rowLabel(std::uint32_t sample) const;
    QString captionText() const;
    void updateDescription();

    kvscope::ForkDiagram m_diagram;
    bool m_beams = false;
    bool m_empty = true;
    int m_rows = 2;
};
