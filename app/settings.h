#pragma once

#include "scenario.h"
#include "units.h"

#include <QByteArray>
#include <QObject>
#include <QStringList>

#include <optional>

// Every persistent setting, typed. The QSettings keys live only in settings.cpp.
class Settings : public QObject {
    Q_OBJECT

public:
    static Settings* instance();

    // nullopt when none or unreadable; `why` then says what was wrong with a saved one.
    std::optional<kvscope::Scenario> lastScenario(QString* why = nullptr) const;
    void setLastScenario(const kvscope::Scenario& scenario);

    QStringList recentFiles() const;
    void addRecentFile(const QString& path);

    // "en" or "ko"; empty: follow the system locale.
    QString language() const;
    void setLanguage(const QString& code);

    // The window's palette: "system" (the default: the desktop's), "light" or "dark".
    QString colorScheme() const;
    void setColorScheme(const QString& scheme);

    kvscope::SizeUnit sizeUnit() const;
    void setSizeUnit(kvscope::SizeUnit unit);

    // Window geometry and dock/toolbar state, tagged with a layout version.
    QByteArray windowGeometry() const;
    QByteArray windowState() const; // empty when saved by another layout version
    void setWindowGeometry(const QByteArray& geometry, const QByteArray& state);

signals:
    void recentFilesChanged();
    void sizeUnitChanged(kvscope::SizeUnit unit);

private:
    Settings() = default;
    mutable std::optional<kvscope::SizeUnit> m_sizeUnit; // read once: every size label asks for it
};
