#pragma once

#include <QString>

class QWidget;

// Marks drawn over other widgets for lessons: a highlight ring around the control or
// chart that shows an answer, and an opaque cover that hides a figure until it is
// revealed (quiz mode). Each follows its target's size and goes when cleared.
namespace overlay {

void highlight(QWidget* target);
void clearHighlights(QWidget* root);
void cover(QWidget* target, const QString& text);
void clearCovers(QWidget* root);
// For tests: the marks on `root`'s descendants.
int highlightCount(QWidget* root);
int coverCount(QWidget* root);

} // namespace overlay
