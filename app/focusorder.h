#pragma once

#include <QList>

class QWidget;

// Tab order that follows the screen: within each root, rows top to bottom and left to
// right inside a row; the roots one after another. Computed when Tab is pressed, from
// where the widgets are now, so every page, mode and language is covered without editing
// Qt's focus chain (which compound widgets make fragile).
namespace focusorder {

// The focusable, visible, enabled descendants of `root` (root included) in reading order.
QList<QWidget*> readingOrder(QWidget* root);
// The widget after (or before) `current` in the reading order of `roots` taken one after
// another, wrapping around; null when none takes focus.
QWidget* next(const QList<QWidget*>& roots, QWidget* current, bool forward);

} // namespace focusorder
