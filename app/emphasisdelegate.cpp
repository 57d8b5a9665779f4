#include "emphasisdelegate.h"

#include "itemroles.h"

void EmphasisDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.data(itemroles::EmphasisRole).toBool())
        option->font.setBold(true);
}
