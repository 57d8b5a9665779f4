#pragma once

#include <QString>

class QWidget;

// Marks drawn over other widgets for lessons: a highlight ring around the control or
// chart that shows an answer, and an opaque cover that hides a figure until it is
// revealed (quiz mode). Each follows its target's size and goes when cleared.
namespace overlay {

// The ring also brings its target into view in the scroll area around it, and keeps it there as the page
// lays out and fills in, until the highlight is cleared or the user scrolls that area.
void highlight(QWidget* target);
void clearHighlights(QWidget* root);
void cover(QWidget* target, const QString& text);
void clearCovers(QWidget* root);
// For tests: the marks on `root`'s descendants.
int highlightCount(QWidget* root);
int coverCount(QWidget* root);

} // namespace overlay
