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

    // KV Scope's own settings are a few KiB (a last scenario of a 2^20-layer import some hundreds): a file over
    // kMaxFileBytes is not ours to rewrite on every change (a 100 MB one took 21 s to quit). Called before the first
    // read: such a file is renamed aside to "<file>.too-large" (nothing of it is lost) and the defaults are used.
    static constexpr qint64 kMaxFileBytes = qint64(16) << 20;
    struct SetAside {
        QString path, aside; // the file, and where it went
        qint64 bytes = 0;
        bool renamed = false; // false: it could not be moved, and nothing is saved this run
    };
    // Nothing when the file is fine or absent.
    static std::optional<SetAside> setAsideOversizedFile();
    // What happened, in the interface's language (call it once the translations are installed).
    static QString describe(const SetAside& setAside);

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
