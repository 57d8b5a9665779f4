#include "fieldgrid.h"

#include <QGridLayout>
#include <QLabel>

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
