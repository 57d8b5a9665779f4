#pragma once

#include "page.h"

#include <QStringList>
#include <QStringView>

#include <span>

// The window's pages in tab order, one row each (the page's kind(), declared in its own file). A new page is its
// own files, its row in pageregistry.cpp, its line in app/CMakeLists.txt and its test.
namespace pageregistry {

std::span<const PageKind* const> kinds();
const PageKind* find(QStringView id); // null for an id no page has
QStringList ids();                    // in tab order

} // namespace pageregistry
