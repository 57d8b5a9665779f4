#pragma once

#include <Qt>

// Item data roles shared by the QtCore models and the widgets that show them. A model in
// kvscope_appcore cannot make a QFont (QtGui); it says which rows stand out and the view's
// EmphasisDelegate draws them bold.
namespace itemroles {
constexpr int EmphasisRole = Qt::UserRole + 100; // bool: a total or a limit, drawn bold
} // namespace itemroles
