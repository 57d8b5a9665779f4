#pragma once
// kvscope-cli run as a process, the way a script runs it: the CLI test suites share this.
// KVSCOPE_CLI_PATH is the built binary (tests/CMakeLists.txt defines it for those suites).
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

#include <algorithm>

struct CliResult {
    int exitCode = -1; // -2: did not finish (killed), -3: crashed
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    QString text() const { return QString::fromUtf8(out); }
};

// The CLI picks its language from LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as the window does;
// each run starts without them, so that the tests read the same on a Korean desktop.
// `environment` ("NAME=value") sets what a test needs; `input` is written to standard input.
// A run that does not finish in two minutes is killed: a guard against a hang, not a speed target.
inline CliResult runCli(const QStringList& args, const QStringList& environment = {}, const QByteArray& input = {}) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"})
        env.remove(QLatin1String(name));
    for (const QString& setting : environment)
        env.insert(setting.section(u'=', 0, 0), setting.section(u'=', 1));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(KVSCOPE_CLI_PATH), args);
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(120'000)) {
        process.kill();
        process.waitForFinished();
        return {-2, process.readAllStandardOutput(), QByteArrayLiteral("did not finish")};
    }
    if (process.exitStatus() != QProcess::NormalExit)
        return {-3, process.readAllStandardOutput(), "crashed: " + process.readAllStandardError()};
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

inline bool hasHangul(const QString& s) {
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

// The numbers a text shows (8,192 and 0.90 and 2023), as a set: word order differs between languages.
inline QSet<QString> numbersIn(const QString& s) {
    static const QRegularExpression number(QStringLiteral("\\d+(?:[.,]\\d+)*"));
    QSet<QString> out;
    for (const auto& match : number.globalMatch(s))
        out.insert(match.captured());
    return out;
}
