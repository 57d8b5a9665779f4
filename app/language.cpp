#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

using namespace Qt::StringLiterals;

namespace language {
namespace {

struct Installed {
    QString code = u"en"_s;
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed() {
    static Installed state;
    return state;
}

QLocale localeFor(const QString& code) {
    return code == u"ko"_s ? QLocale(QLocale::Korean, QLocale::SouthKorea)
                           : QLocale(QLocale::English, QLocale::UnitedStates);
}

} // namespace

QStringList available() {
    return {u"en"_s, u"ko"_s};
}

QString systemDefault() {
    const QStringList languages = QLocale::system().uiLanguages();
    return !languages.isEmpty() && languages.constFirst().startsWith(u"ko"_s) ? u"ko"_s : u"en"_s;
}

QString resolve(const QString& requested, const QString& saved) {
    if (!requested.isEmpty())
        return available().contains(requested) ? requested : QString();
    if (available().contains(saved))
        return saved;
    return systemDefault();
}

bool install(const QString& code) {
    if (!available().contains(code))
        return false;
    Installed& state = installed();
    if (state.app)
        QCoreApplication::removeTranslator(state.app.get());
    if (state.qt)
        QCoreApplication::removeTranslator(state.qt.get());
    state.app.reset();
    state.qt.reset();
    const QLocale locale = localeFor(code);
    // English is the source; its file holds the plural forms alone ("1 thread", "2 threads").
    auto app = std::make_unique<QTranslator>();
    if (app->load(u":/i18n/kvscope_"_s + code + u".qm"_s)) {
        QCoreApplication::installTranslator(app.get());
        state.app = std::move(app);
    }
    if (code != u"en"_s) {
        // Qt's own strings (OK/Cancel, standard shortcuts); optional: the program is usable without them.
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt.get());
            state.qt = std::move(qt);
        }
    }
    QLocale::setDefault(locale);
    state.code = code;
    return true;
}

QString current() {
    return installed().code;
}

QString nativeName(const QString& code) {
    return code == u"ko"_s ? u"한국어"_s : u"English"_s;
}

} // namespace language
