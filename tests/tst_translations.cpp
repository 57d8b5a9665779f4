// Korean is a first-class language: every string the window shows has a finished Korean
// translation that keeps every placeholder, and the translation file is current with the
// sources (lupdate finds no string the file lacks).
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Message {
    QString context;
    QString source;
    QStringList translations; // one, or the numerus forms
    bool unfinished = false;
    bool obsolete = false;
};

QList<Message> readTs(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + u": "_s + file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == u"name"_s)
                context = xml.readElementText();
            else if (xml.name() == u"message"_s)
                current = Message{context, {}, {}, false, false};
            else if (xml.name() == u"source"_s)
                current.source = xml.readElementText();
            else if (xml.name() == u"translation"_s) {
                const QString type = xml.attributes().value(u"type"_s).toString();
                current.unfinished = type == u"unfinished"_s;
                current.obsolete = type == u"obsolete"_s || type == u"vanished"_s;
                QString text;
                QStringList forms;
                while (!(xml.isEndElement() && xml.name() == u"translation"_s) && !xml.atEnd()) {
                    xml.readNext();
                    if (xml.isStartElement() && xml.name() == u"numerusform"_s)
                        forms << xml.readElementText();
                    else if (xml.isCharacters())
                        text += xml.text();
                }
                current.translations = forms.isEmpty() ? QStringList{text} : forms;
            }
        } else if (xml.isEndElement() && xml.name() == u"message"_s) {
            messages << current;
        }
    }
    if (xml.hasError())
        *error = u"%1: line %2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

// %1..%99, %L1 and %n, sorted: the same multiset must appear in source and translation.
QStringList placeholders(const QString& text) {
    static const QRegularExpression re(u"%(L?\\d{1,2}|n)"_s);
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    return found;
}

QString tsFile(const QString& lang) {
    return QStringLiteral(KVSCOPE_TS_DIR "/kvscope_") + lang + u".ts"_s;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT

private slots:
    void everyMessageIsTranslated_data() {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QStringList>("translations");
        QTest::addColumn<bool>("unfinished");
        // Korean: every string; English: the plural forms ("1 thread", "2 threads").
        for (const QString& lang : {u"ko"_s, u"en"_s}) {
            QString error;
            const QList<Message> messages = readTs(tsFile(lang), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY(messages.size() > (lang == u"ko"_s ? 250 : 2));
            int row = 0;
            for (const Message& m : messages) {
                if (m.obsolete)
                    continue;
                QTest::addRow("%s %d %s", qPrintable(lang), ++row, qPrintable(m.context + u": "_s + m.source.left(50)))
                    << m.context << m.source << m.translations << m.unfinished;
            }
        }
    }
    void everyMessageIsTranslated() {
        QFETCH(QString, source);
        QFETCH(QStringList, translations);
        QFETCH(bool, unfinished);
        QVERIFY2(!unfinished, "marked unfinished");
        for (const QString& t : translations) {
            QVERIFY2(!t.trimmed().isEmpty(), "empty translation");
            QCOMPARE(placeholders(t), placeholders(source));
            // What the code concatenates keeps its edges.
            QCOMPARE(t.startsWith(u' '), source.startsWith(u' '));
            QCOMPARE(t.endsWith(u' '), source.endsWith(u' '));
        }
    }

    // lupdate over the sources adds no message the file lacks: a new tr() string fails here
    // until it is translated.
    void translationFileIsCurrent_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("Korean") << u"ko"_s << QStringList{};
        QTest::newRow("English plurals") << u"en"_s
                                         << QStringList{u"-pluralonly"_s, u"-source-language"_s, u"en"_s,
                                                        u"-target-language"_s, u"en"_s};
    }
    void translationFileIsCurrent() {
        QFETCH(QString, lang);
        QFETCH(QStringList, options);
        QTemporaryDir dir;
        const QString copy = dir.filePath(u"kvscope_%1.ts"_s.arg(lang));
        QVERIFY(QFile::copy(tsFile(lang), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QStringList args;
        const QDir app(QStringLiteral(KVSCOPE_APP_SOURCE_DIR));
        for (const QString& name : app.entryList({u"*.cpp"_s, u"*.h"_s}, QDir::Files))
            args << app.filePath(name);
        args << options << u"-locations"_s << u"none"_s << u"-ts"_s << copy;
        QProcess lupdate;
        lupdate.start(QStringLiteral(KVSCOPE_LUPDATE), args);
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
        QString error;
        const QList<Message> messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList missing;
        for (const Message& m : messages)
            if (!m.obsolete && m.unfinished)
                missing << m.context + u": "_s + m.source;
        QVERIFY2(missing.isEmpty(),
                 qPrintable(u"run update_translations (or update_plural_translations) and translate:\n"_s +
                            missing.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
