#pragma once

#include <QList>
#include <QPair>

class QGridLayout;
class QLabel;
class QWidget;

// Label-and-field pairs in rows of `perRow` pairs: a page lays its settings out four or
// five to a row on a desk and fewer in presenter mode's large type, from the same widgets.
// Any `trailing` widget goes under the first field column after the last row.
void layOutFields(QGridLayout* grid, const QList<QPair<QLabel*, QWidget*>>& fields, int perRow,
                  QWidget* trailing = nullptr);
