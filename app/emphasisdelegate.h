#pragma once

#include <QStyledItemDelegate>

// Draws the cells whose model says itemroles::EmphasisRole in bold: the font a QtCore model
// cannot give.
class EmphasisDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};
