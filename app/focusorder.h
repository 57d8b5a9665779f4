#pragma once

#include <QList>

class QWidget;

// Tab order that follows the screen: within each root, rows top to bottom and left to
// right inside a row; the roots one after another. Hidden widgets keep their place in
// the chain but Qt skips them, so one chain serves every page and mode.
namespace focusorder {

// The focusable descendants of `root` (root included) in reading order.
QList<QWidget*> readingOrder(QWidget* root);
// Chains the reading orders of `roots` (null roots are skipped) with QWidget::setTabOrder.
void chain(const QList<QWidget*>& roots);

} // namespace focusorder
