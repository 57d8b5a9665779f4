#include "pagelayout.h"

#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

void layOutFields(QGridLayout* grid, const QList<QPair<QLabel*, QWidget*>>& fields, int perRow, QWidget* trailing) {
    for (const auto& [label, field] : fields) {
        grid->removeWidget(label);
        grid->removeWidget(field);
    }
    if (trailing)
        grid->removeWidget(trailing);
    perRow = std::max(1, perRow);
    int i = 0;
    for (const auto& [label, field] : fields) {
        grid->addWidget(label, i / perRow, (i % perRow) * 2);
        grid->addWidget(field, i / perRow, (i % perRow) * 2 + 1);
        ++i;
    }
    if (trailing)
        grid->addWidget(trailing, (i + perRow - 1) / perRow, 1);
    // Columns of a wider layout that are now empty must not keep their stretch.
    for (int c = 0; c < grid->columnCount(); ++c)
        grid->setColumnStretch(c, c < perRow * 2 && c % 2 == 1 ? 1 : 0);
}

QVBoxLayout* scrollingColumn(QWidget* page) {
    auto* content = new QWidget(page);
    auto* column = new QVBoxLayout(content);
    auto* area = new QScrollArea(page);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* outer = new QVBoxLayout(page);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(area);
    return column;
}

void explain(QWidget* widget, const QString& toolTip, const QString& whatsThis) {
    widget->setToolTip(toolTip);
    widget->setWhatsThis(whatsThis);
}
