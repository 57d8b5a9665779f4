#pragma once

#include <QString>
#include <QStringList>

// The interface language: English (the source) or Korean. Until the user picks one it
// follows the system locale; `--lang` sets it for one run. Installing a language loads
// our translation and Qt's own (dialog buttons, shortcuts) and makes it the default
// QLocale, so numbers follow the language too. Widgets are rebuilt by the main window
// after a switch; nothing here touches them.
namespace language {

QStringList available(); // "en", "ko"
// "ko" when the system's UI languages start with Korean, else "en".
QString systemDefault();
// The language for this run: `requested` when given ("en"/"ko"), else the saved choice,
// else the system's. Unknown codes give "".
QString resolve(const QString& requested, const QString& saved);
// Installs the translators for `code` and sets the default locale; false for an unknown
// code (nothing changes then).
bool install(const QString& code);
QString current();
// The language's own name for a menu: "English", "한국어".
QString nativeName(const QString& code);

} // namespace language
