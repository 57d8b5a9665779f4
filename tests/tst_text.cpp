// core/text.h: the rules for text from outside that the CLI and the window share. Every string
// kept or printed is valid UTF-8 (nlohmann refuses anything else, which ended every --json command
// in "internal error"), cut between characters, and quoted in messages as an excerpt with its length.
#include "enumnames.h"
#include "error.h"
#include "kvsimulator.h"
#include "lesson.h"
#include "text.h"

#include <QtTest>

#include <string>

using namespace Qt::StringLiterals;
using namespace kvscope;

namespace {
QByteArray bytes(const std::string& s) {
    return QByteArray(s.data(), qsizetype(s.size()));
}
} // namespace

class TestText : public QObject {
    Q_OBJECT

private slots:
    // Table 3-7 of the Unicode standard, and U+FFFD per maximal invalid subpart (its section 3.9).
    void validUtf8_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QByteArray>("repaired");
        QTest::addColumn<int>("replaced");
        const QByteArray fffd = "\xEF\xBF\xBD";
        QTest::newRow("ASCII") << QByteArray("config.json") << true << QByteArray("config.json") << 0;
        QTest::newRow("Hangul") << QByteArray("\xEA\xB0\x80") << true << QByteArray("\xEA\xB0\x80") << 0;
        QTest::newRow("4-byte emoji") << QByteArray("\xF0\x9F\x98\x80") << true << QByteArray("\xF0\x9F\x98\x80") << 0;
        QTest::newRow("Latin-1 e-acute") << QByteArray("caf\xE9.json") << false << "caf" + fffd + ".json" << 1;
        QTest::newRow("0xFF") << QByteArray("\xFF") << false << fffd << 1;
        QTest::newRow("overlong slash") << QByteArray("\xC0\xAF") << false << fffd + fffd << 2;
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << false << fffd + fffd + fffd << 3;
        QTest::newRow("past U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << false << fffd + fffd + fffd + fffd << 4;
        QTest::newRow("Hangul cut after two bytes") << QByteArray("a\xEA\xB0") << false << "a" + fffd << 1;
        QTest::newRow("lone continuation") << QByteArray("\x80x") << false << fffd + "x" << 1;
        // Table 3-7's edges.
        QTest::newRow("C2 80") << QByteArray("\xC2\x80") << true << QByteArray("\xC2\x80") << 0;
        QTest::newRow("DF BF") << QByteArray("\xDF\xBF") << true << QByteArray("\xDF\xBF") << 0;
        QTest::newRow("E0 9F 80 (overlong)") << QByteArray("\xE0\x9F\x80") << false << fffd + fffd + fffd << 3;
        QTest::newRow("E0 A0 80") << QByteArray("\xE0\xA0\x80") << true << QByteArray("\xE0\xA0\x80") << 0;
        QTest::newRow("ED 9F BF") << QByteArray("\xED\x9F\xBF") << true << QByteArray("\xED\x9F\xBF") << 0;
        QTest::newRow("F0 8F (overlong)") << QByteArray("\xF0\x8F\xBF\xBF") << false << fffd + fffd + fffd + fffd << 4;
        QTest::newRow("F4 8F BF BF") << QByteArray("\xF4\x8F\xBF\xBF") << true << QByteArray("\xF4\x8F\xBF\xBF") << 0;
        QTest::newRow("F0 90 80 then x") << QByteArray("\xF0\x90\x80x") << false << fffd + "x" << 1;
    }
    void validUtf8() {
        QFETCH(QByteArray, input);
        QFETCH(bool, valid);
        QFETCH(QByteArray, repaired);
        QFETCH(int, replaced);
        const std::string_view text(input.constData(), std::size_t(input.size()));
        QCOMPARE(isValidUtf8(text), valid);
        std::size_t count = 99;
        const std::string out = toValidUtf8(text, &count);
        QCOMPARE(bytes(out), repaired);
        QCOMPARE(int(count), replaced);
        QVERIFY(isValidUtf8(out));
    }

    // 67 Hangul syllables are 201 bytes: a cut at 200 keeps 66 whole ones.
    void cutsBetweenCharacters() {
        std::string hangul;
        for (int i = 0; i < 67; ++i)
            hangul += "\xEA\xB0\x80";
        QCOMPARE(cutUtf8(hangul, 200).size(), std::size_t(198));
        QCOMPARE(boundedName(hangul, 200).size(), std::size_t(198));
        QVERIFY(isValidUtf8(boundedName(hangul, 200)));
        QCOMPARE(cutUtf8("abc", 10), std::string_view("abc"));
        // A whole character followed by stray continuation bytes is kept.
        QCOMPARE(cutUtf8("ab\x80\x80\x80", 4), std::string_view("ab\x80\x80"));
        QCOMPARE(cutUtf8("a\xEA\xB0\x80", 3), std::string_view("a")); // the syllable does not fit
        // Ill-formed text (continuation bytes only) is cut where asked, never to nothing.
        QCOMPARE(cutUtf8(std::string(300, '\x80'), 200).size(), std::size_t(200));
        QVERIFY(isValidUtf8(boundedName(std::string(300, '\x80'), 200)));
    }

    void excerptsGiveTheLength_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("short") << QByteArray("zero") << u"'zero'"_s;
        QTest::newRow("empty") << QByteArray() << u"''"_s;
        QTest::newRow("100 KB") << QByteArray(100'000, 'x') << u"'"_s + QString(40, u'x') + u"...' (100,000 bytes)"_s;
        QTest::newRow("control characters") << QByteArray("a\nb\x1b") << u"'a?b?'"_s;
        QTest::newRow("not UTF-8") << QByteArray("caf\xE9") << u"'caf\uFFFD'"_s;
        QTest::newRow("C1 CSI") << QByteArray("a\xC2\x9B"
                                              "31mb")
                                << u"'a?31mb'"_s;
        QTest::newRow("bidi override") << QByteArray("x\xE2\x80\xAEy\xE2\x81\xA6z") << u"'x?y?z'"_s;
        QTest::newRow("Hangul kept") << QByteArray("\xEA\xB0\x80") << u"'\uAC00'"_s;
    }
    void excerptsGiveTheLength() {
        QFETCH(QByteArray, input);
        QFETCH(QString, quoted);
        QCOMPARE(QString::fromStdString(quoteExcerpt(std::string_view(input.constData(), std::size_t(input.size())))),
                 quoted);
    }

    // A path in a message: a name with an escape sequence recoloured the terminal and one with a newline split
    // the message's line; a 6,000-byte path made a 6,000-byte message.
    void pathsInMessages_data() {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << QByteArray("models/config.json") << u"models/config.json"_s;
        QTest::newRow("escape and newline") << QByteArray("ctl\x1b[31mred\nx.json") << u"ctl?[31mred?x.json"_s;
        QTest::newRow("not UTF-8") << QByteArray("caf\xE9.json") << u"caf\uFFFD.json"_s;
        QTest::newRow("300 bytes, whole") << QByteArray(300, 'a') << QString(300, u'a');
        QTest::newRow("6,009 bytes") << QByteArray(3000, 'x') + QByteArray(3009, 'y')
                                     << QString(200, u'x') + u"...(6,009 bytes)..."_s + QString(60, u'y');
    }
    void pathsInMessages() {
        QFETCH(QByteArray, path);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(pathText(std::filesystem::path(path.toStdString()))), text);
    }

    void wideEncodingsAreNamed_data() {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("encoding");
        QTest::newRow("UTF-16 LE with a mark") << QByteArray("\xFF\xFE{\0\"\0", 6) << u"UTF-16 LE"_s;
        QTest::newRow("UTF-16 BE with a mark") << QByteArray("\xFE\xFF\0{\0\"", 6) << u"UTF-16 BE"_s;
        QTest::newRow("UTF-16 LE, no mark") << QByteArray("{\0\"\0", 4) << u"UTF-16 LE"_s;
        QTest::newRow("UTF-32 LE") << QByteArray("\xFF\xFE\0\0{\0\0\0", 8) << u"UTF-32 LE"_s;
        QTest::newRow("UTF-8 with a mark") << QByteArray("\xEF\xBB\xBF{\"a\":1}") << QString();
        QTest::newRow("plain JSON") << QByteArray("{\"a\":1}") << QString();
    }
    void wideEncodingsAreNamed() {
        QFETCH(QByteArray, head);
        QFETCH(QString, encoding);
        const std::string_view found = wideEncoding(std::string_view(head.constData(), std::size_t(head.size())));
        QCOMPARE(QString::fromUtf8(found.data(), qsizetype(found.size())), encoding);
    }

    // core/enumnames.h: one table gives an enum's names, its parse and the list a refusal prints.
    void enumNameTables() {
        enum class Colour { Red, Green, Blue, Unlisted };
        static constexpr EnumName<Colour> kColours[] = {
            {Colour::Red, "red"}, {Colour::Green, "green"}, {Colour::Blue, "blue"}};
        QCOMPARE(enumName(kColours, Colour::Green), std::string_view("green"));
        QCOMPARE(enumName(kColours, Colour::Unlisted), std::string_view("?"));
        QCOMPARE(enumName(kColours, Colour::Unlisted, "none"), std::string_view("none"));
        QCOMPARE(enumFromName(kColours, "blue"), std::optional(Colour::Blue));
        QCOMPARE(enumFromName(kColours, "Blue"), std::optional<Colour>()); // names are exact
        QCOMPARE(enumFromName(kColours, ""), std::optional<Colour>());
        QCOMPARE(enumNameList(kColours), std::string("red, green or blue"));
        QCOMPARE(enumNameList(kColours, ", "), std::string("red, green, blue"));
        static constexpr EnumName<Colour> kOne[] = {{Colour::Red, "red"}};
        QCOMPARE(enumNameList(kOne), std::string("red"));

        // The tables core reads files with: every name parses back to its value.
        for (const std::string& name : momentKindNames())
            QCOMPARE(momentKindName(parseMomentKind(name).value()), std::string_view(name));
        QCOMPARE(momentKindNames().front(), std::string("first-wait"));
        for (const auto mode : {PreemptionMode::Recompute, PreemptionMode::Swap})
            QCOMPARE(parsePreemptionMode(preemptionModeName(mode)), mode);
        QVERIFY_THROWS_EXCEPTION(Error, parsePreemptionMode("evict"));
        for (int p = 0; p <= static_cast<int>(LessonPage::Gpu); ++p)
            QVERIFY(lessonPageName(static_cast<LessonPage>(p)) != "?");
    }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
