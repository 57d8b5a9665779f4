#include "focusorder.h"

#include <QAbstractSpinBox>
#include <QWidget>

#include <algorithm>

namespace focusorder {

namespace {

bool takesTabFocus(const QWidget* w) {
    if (!(w->focusPolicy() & Qt::TabFocus) || !w->isEnabled())
        return false;
    // A spin box's line edit is reached through the spin box itself.
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractSpinBox*>(p))
            return false;
    return true;
}

} // namespace

QList<QWidget*> readingOrder(QWidget* root) {
    struct Item {
        QWidget* widget;
        QRect box; // in root's coordinates
    };
    std::vector<Item> items;
    QList<QWidget*> candidates = root->findChildren<QWidget*>();
    candidates.prepend(root);
    for (QWidget* w : candidates) {
        if (!takesTabFocus(w) || !w->isVisibleTo(root) || !w->isEnabled())
            continue;
        items.push_back({w, QRect(w->mapTo(root, QPoint(0, 0)), w->size())});
    }
    // Rows: a widget whose vertical centre lies within the first widget's box of the row
    // belongs to that row (a label, its slider and its spin box), then left to right.
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return a.box.center().y() < b.box.center().y(); });
    QList<QWidget*> ordered;
    std::size_t rowStart = 0;
    while (rowStart < items.size()) {
        const QRect first = items[rowStart].box;
        std::size_t rowEnd = rowStart + 1;
        while (rowEnd < items.size() && items[rowEnd].box.center().y() <= first.bottom())
            ++rowEnd;
        std::stable_sort(items.begin() + std::ptrdiff_t(rowStart), items.begin() + std::ptrdiff_t(rowEnd),
                         [](const Item& a, const Item& b) { return a.box.left() < b.box.left(); });
        for (std::size_t i = rowStart; i < rowEnd; ++i)
            ordered << items[i].widget;
        rowStart = rowEnd;
    }
    return ordered;
}

QWidget* next(const QList<QWidget*>& roots, QWidget* current, bool forward) {
    QList<QWidget*> order;
    for (QWidget* root : roots)
        if (root && root->isVisible())
            order << readingOrder(root);
    if (order.isEmpty())
        return nullptr;
    // The focus may sit inside a compound widget (a spin box's line edit): find its entry.
    qsizetype at = -1;
    for (qsizetype i = 0; i < order.size() && at < 0; ++i)
        if (current && (order[i] == current || order[i]->isAncestorOf(current)))
            at = i;
    if (at < 0)
        return forward ? order.first() : order.last();
    const qsizetype n = order.size();
    return order[(at + (forward ? 1 : n - 1)) % n];
}

} // namespace focusorder
