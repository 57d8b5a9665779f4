#include "settings.h"

#include "error.h"
#include "scenariofile.h"

#include <QFile>
#include <QFileInfo>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace {
constexpr int kWindowLayoutVersion = 1;
constexpr int kMaxRecentFiles = 8;
} // namespace

std::optional<Settings::SetAside> Settings::setAsideOversizedFile() {
    SetAside out;
    out.path = QSettings().fileName();
    const QFileInfo file(out.path);
    if (!file.isFile() || file.size() <= kMaxFileBytes)
        return std::nullopt;
    out.bytes = file.size();
    out.aside = out.path + u".too-large"_s;
    QFile::remove(out.aside); // one set aside before: the newer takes its place
    out.renamed = QFile::rename(out.path, out.aside);
    return out;
}

QString Settings::describe(const SetAside& s) {
    const QString size = QString::fromStdString(kvscope::formatBytes(std::uint64_t(s.bytes), 1));
    const QString limit = QString::fromStdString(kvscope::formatBytes(std::uint64_t(kMaxFileBytes), 0));
    if (!s.renamed)
        return tr("The settings file %1 is %2, over the %3 a KV Scope settings file can be, and could not be set "
                  "aside: settings may be slow to save.")
            .arg(s.path, size, limit);
    return tr("The settings file %1 was %2, over the %3 a KV Scope settings file can be: it was set aside as %4 and "
              "the defaults are used.")
        .arg(s.path, size, limit, s.aside);
}

Settings* Settings::instance() {
    static Settings settings;
    return &settings;
}

std::optional<kvscope::Scenario> Settings::lastScenario(QString* why) const {
    const QByteArray text = QSettings().value(u"session/lastScenario"_s).toByteArray();
    if (text.isEmpty())
        return std::nullopt;
    try {
        return kvscope::scenarioFromText(text.toStdString(), "the saved session");
    } catch (const kvscope::Error& e) {
        // A session from another version, or damaged: start from the default and say why.
        if (why)
            *why = QString::fromUtf8(e.what());
        return std::nullopt;
    }
}

void Settings::setLastScenario(const kvscope::Scenario& scenario) {
    QSettings().setValue(u"session/lastScenario"_s, QByteArray::fromStdString(kvscope::scenarioToText(scenario)));
}

QStringList Settings::recentFiles() const {
    return QSettings().value(u"files/recent"_s).toStringList();
}

void Settings::addRecentFile(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(u"files/recent"_s, files);
    emit recentFilesChanged();
}

QString Settings::language() const {
    return QSettings().value(u"view/language"_s).toString();
}

void Settings::setLanguage(const QString& code) {
    QSettings().setValue(u"view/language"_s, code);
}

QString Settings::colorScheme() const {
    const QString scheme = QSettings().value(u"view/colorScheme"_s).toString();
    return scheme == u"light"_s || scheme == u"dark"_s ? scheme : u"system"_s; // anything else: the desktop's
}

void Settings::setColorScheme(const QString& scheme) {
    QSettings().setValue(u"view/colorScheme"_s, scheme);
}

kvscope::SizeUnit Settings::sizeUnit() const {
    if (!m_sizeUnit)
        m_sizeUnit = QSettings().value(u"view/sizeUnit"_s).toString() == u"GB"_s ? kvscope::SizeUnit::Decimal
                                                                                 : kvscope::SizeUnit::Binary;
    return *m_sizeUnit;
}

void Settings::setSizeUnit(kvscope::SizeUnit unit) {
    if (unit == sizeUnit())
        return;
    QSettings().setValue(u"view/sizeUnit"_s, unit == kvscope::SizeUnit::Decimal ? u"GB"_s : u"GiB"_s);
    m_sizeUnit = unit;
    emit sizeUnitChanged(unit);
}

QByteArray Settings::windowGeometry() const {
    return QSettings().value(u"window/geometry"_s).toByteArray();
}

QByteArray Settings::windowState() const {
    QSettings settings;
    if (settings.value(u"window/layoutVersion"_s).toInt() != kWindowLayoutVersion)
        return {};
    return settings.value(u"window/state"_s).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray& geometry, const QByteArray& state) {
    QSettings settings;
    settings.setValue(u"window/geometry"_s, geometry);
    settings.setValue(u"window/state"_s, state);
    settings.setValue(u"window/layoutVersion"_s, kWindowLayoutVersion);
}
