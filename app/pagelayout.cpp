#include "pagelayout.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

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

int fieldsPerRow(const QList<QPair<QLabel*, QWidget*>>& fields, int available, int most, int spacing) {
    // A combo box's minimum leaves its longest item cut ("first f"): its whole text is its minimum here.
    for (const auto& pair : fields)
        if (auto* combo = qobject_cast<QComboBox*>(pair.second)) {
            combo->setMinimumWidth(0);
            combo->setMinimumWidth(combo->sizeHint().width());
        }
    int perRow = std::max(1, most);
    for (; perRow > 1; --perRow) {
        int needed = (2 * perRow - 1) * spacing;
        for (int column = 0; column < perRow; ++column) {
            int label = 0, field = 0;
            for (qsizetype i = column; i < fields.size(); i += perRow) {
                // What the grid will hold them to: the hint, or a minimum set on the widget when larger.
                const auto least = [](const QWidget* w) {
                    return std::max(w->minimumSizeHint().width(), w->minimumWidth());
                };
                label = std::max(label, least(fields[i].first));
                field = std::max(field, least(fields[i].second));
            }
            needed += label + field;
        }
        if (needed <= available)
            break;
    }
    return perRow;
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

void fitTableToRows(QTableView* table, TableFit fit) {
    if (fit.resizeToContents) {
        table->resizeColumnsToContents();
        table->resizeRowsToContents();
    }
    table->setFixedHeight(table->horizontalHeader()->sizeHint().height() + 2 * table->frameWidth() +
                          table->verticalHeader()->length() +
                          (fit.scrollBarRoom ? table->horizontalScrollBar()->sizeHint().height() : 0));
}
