#pragma once

#include <QList>

class QVBoxLayout;
#include <QPair>
#include <QString>

class QGridLayout;
class QLabel;
class QTableView;
class QWidget;

// Label-and-field pairs in rows of `perRow` pairs: a page lays its settings out four or
// five to a row on a desk and fewer in presenter mode's large type, from the same widgets.
// Any `trailing` widget goes under the first field column after the last row.
void layOutFields(QGridLayout* grid, const QList<QPair<QLabel*, QWidget*>>& fields, int perRow,
                  QWidget* trailing = nullptr);

// How many label-and-field pairs fit a row `available` pixels wide (at most `most`, at least 1): each column as
// wide as its widest label and field need, `spacing` between them. A combo box's whole current text is made
// its minimum first, so that the row never cuts it.
int fieldsPerRow(const QList<QPair<QLabel*, QWidget*>>& fields, int available, int most, int spacing);

// A control's or chart's tooltip (one line) and What's This text (the longer explanation,
// with the formula where one applies), set together.
void explain(QWidget* widget, const QString& toolTip, const QString& whatsThis);

// A page's content as one column that scrolls vertically when large type needs more height
// than the screen has (presenter mode on a 720-line projector), instead of being cut.
// Returns the column's layout; the page itself gets a margin-less layout holding the area.
QVBoxLayout* scrollingColumn(QWidget* page);

// A table as tall as its header and rows, so that its page scrolls and the table never does. Columns and rows are
// sized to their contents first unless `resizeToContents` is false (a table whose widths the user or the page
// keeps); `scrollBarRoom` keeps the height of the horizontal scroll bar too, for columns wider than the page.
struct TableFit {
    bool resizeToContents = true;
    bool scrollBarRoom = true;
};
void fitTableToRows(QTableView* table, TableFit fit = {});
