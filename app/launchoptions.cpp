#include "launchoptions.h"

#include "error.h"
#include "hfconfig.h"
#include "inputfile.h"
#include "presets.h"
#include "scenarioargs.h"
#include "scenariocode.h"
#include "scenariocontroller.h"
#include "text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <dirent.h>

using namespace Qt::StringLiterals;

namespace {

// lupdate files these strings under "LaunchOptions".
struct Text {
    Q_DECLARE_TR_FUNCTIONS(LaunchOptions)
};

// The shared parser's error (core/scenarioargs.h) in the window's language: the CLI prints the same
// English.
QString optionErrorText(const kvscope::OptionValueError& e) {
    const QString option = QString::fromStdString(e.option());
    const QString value = QString::fromStdString(e.value());
    switch (e.kind()) {
    case kvscope::OptionValueError::Kind::NotWholeNumber:
        return Text::tr("--%1 expects a whole number, got %2").arg(option, QString::fromStdString(e.quoted()));
    case kvscope::OptionValueError::Kind::NotNumber:
        return Text::tr("--%1 expects a number, got %2").arg(option, QString::fromStdString(e.quoted()));
    case kvscope::OptionValueError::Kind::WholeOutOfRange:
    case kvscope::OptionValueError::Kind::NumberOutOfRange:
        break;
    }
    return Text::tr("--%1 must be between %2 and %3, got %4")
        .arg(option, QString::fromStdString(e.min()), QString::fromStdString(e.max()), value);
}

std::optional<std::string> valueOf(const QCommandLineParser& parser, const QString& name) {
    return parser.isSet(name) ? std::optional(argumentBytes(parser.value(name))) : std::nullopt;
}

} // namespace

QString argumentText(const char* bytes) {
    const std::string_view text(bytes);
    if (kvscope::isValidUtf8(text))
        return QString::fromUtf8(text.data(), qsizetype(text.size()));
    // Each byte of an ill-formed sequence becomes U+DC80 + (byte - 0x80); ASCII is never escaped.
    QString out;
    std::size_t run = 0; // where the current run of well-formed characters began
    std::size_t i = 0;
    const auto flush = [&] { out += QString::fromUtf8(text.data() + run, qsizetype(i - run)); };
    while (i < text.size()) {
        const std::size_t length = kvscope::utf8SequenceAt(text, i);
        if (length > 0) {
            i += length;
            continue;
        }
        flush();
        out += QChar(char16_t(0xDC00 + static_cast<unsigned char>(text[i])));
        run = ++i;
    }
    flush();
    return out;
}

QStringList argumentList(int argc, char** argv) {
    QStringList list;
    for (int i = 0; i < argc; ++i)
        list << argumentText(argv[i]);
    return list;
}

std::string argumentBytes(const QString& text) {
    std::string out;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const bool escaped = i < text.size() && text[i].unicode() >= 0xDC80 && text[i].unicode() <= 0xDCFF &&
                             (i == 0 || !text[i - 1].isHighSurrogate());
        if (i < text.size() && !escaped)
            continue;
        out += text.mid(start, i - start).toStdString();
        if (escaped)
            out += char(text[i].unicode() - 0xDC00);
        start = i + 1;
    }
    return out;
}

QString outputFileProblem(const QString& path, const char* what) {
    try {
        kvscope::checkOutputFile(argumentBytes(path), what);
        return {};
    } catch (const kvscope::Error& e) {
        return QString::fromUtf8(e.what());
    }
}

QString recoverDialogPath(const QString& chosen) {
    if (chosen.isEmpty() || !chosen.contains(QChar::ReplacementCharacter) || QFileInfo::exists(chosen))
        return chosen;
    std::string bytes;
    const QStringList parts = chosen.split(u'/');
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString& part = parts[i];
        if (i > 0)
            bytes += '/';
        if (!part.contains(QChar::ReplacementCharacter)) {
            bytes += part.toStdString();
            continue;
        }
        DIR* dir = ::opendir(bytes.empty() ? "." : bytes.c_str());
        if (!dir)
            return chosen;
        std::string match;
        int matches = 0;
        while (const dirent* entry = ::readdir(dir))
            if (QFile::decodeName(QByteArray(entry->d_name)) == part) {
                match = entry->d_name;
                ++matches;
            }
        ::closedir(dir);
        if (matches != 1) // none, or two names that decode alike: no telling which was meant
            return chosen;
        bytes += match;
    }
    return argumentText(bytes.c_str());
}

QString requestedLanguage(const QStringList& arguments) {
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a.startsWith(u"--lang="_s))
            return a.mid(7);
        if (a == u"--lang"_s && i + 1 < arguments.size())
            return arguments[i + 1];
    }
    return {};
}

bool wantsHelpOrVersion(const QStringList& arguments) {
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == u"--help"_s || a == u"-h"_s || a == u"--help-all"_s || a == u"--version"_s || a == u"-v"_s)
            return true;
    }
    return false;
}

namespace {
// --help and --version: printed, and the exit status says whether they reached standard output (closed
// or a full disk: exit 2 with the reason, as kvscope-cli does), where QCommandLineParser exits 0 regardless.
[[noreturn]] void printAndExit(const QString& text) {
    const QByteArray bytes = text.toLocal8Bit();
    errno = 0;
    const bool written =
        std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout) == std::size_t(bytes.size()) &&
        std::fflush(stdout) == 0 && !std::ferror(stdout);
    if (!written) {
        const int code = errno;
        std::fprintf(stderr, "kvscope: cannot write to standard output (%s)\n",
                     code != 0 ? std::strerror(code) : "write error");
        std::exit(2);
    }
    std::exit(0);
}
} // namespace

LaunchOptions parseLaunchOptions(const QStringList& arguments, ScenarioController& controller,
                                 const std::optional<kvscope::Scenario>& session, const QStringList& pageIds) {
    QCommandLineParser parser;
    parser.setApplicationDescription(Text::tr("KV Scope: see where an LLM's inference memory goes."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {u"preset"_s, Text::tr("Model preset (see kvscope-cli presets)."), u"NAME"_s},
        {u"config"_s, Text::tr("A Hugging Face config.json to open."), u"FILE"_s},
        {u"context"_s, Text::tr("Tokens per sequence."), u"N"_s},
        {u"batch"_s, Text::tr("Concurrent sequences."), u"N"_s},
        {u"weight-dtype"_s,
         Text::tr("Weight storage (fp32, bf16, int8, int4-g128, ..., or stored: a quantized config's own bytes)."),
         u"D"_s},
        {u"kv-dtype"_s, Text::tr("KV cache storage."), u"D"_s},
        {u"gpu"_s, Text::tr("GPU preset."), u"NAME"_s},
        {u"utilization"_s, Text::tr("gpu_memory_utilization, 0-1."), u"F"_s},
        {u"tp"_s, Text::tr("Tensor-parallel GPUs."), u"N"_s},
        {u"speculative"_s, Text::tr("Speculative decoding: none, ngram, eagle or draft:PRESET."), u"METHOD"_s},
        {u"draft-tokens"_s, Text::tr("Draft tokens per step (speculative decoding), 1-16."), u"K"_s},
        {u"acceptance"_s, Text::tr("Chance each draft token is accepted, 0-1."), u"A"_s},
        {u"page"_s, Text::tr("Page to open: %1.").arg(pageIds.join(u", "_s)), u"NAME"_s},
        {u"screenshot"_s, Text::tr("Render the window to a PNG file and exit."), u"FILE"_s},
        {u"log"_s, Text::tr("A server start-up log to explain (opens the Explain log page)."), u"FILE"_s},
        {u"sim-steps"_s, Text::tr("Advance the paged-memory simulation by N steps first."), u"N"_s},
        {u"lang"_s,
         Text::tr("Interface language for this run: en or ko (default: the saved choice, else the system's)."),
         u"LANG"_s},
        {u"palette"_s,
         Text::tr("Colours for this run: dark, light (Fusion's palettes, the same on every desktop) or system (the "
                  "desktop's palette); default: the saved choice (View > Palette)."),
         u"SCHEME"_s},
        {u"presenter"_s, Text::tr("Start in presenter mode: full screen, large type, high contrast (F5 toggles).")},
        {u"quiz"_s, Text::tr("Quiz mode: a lesson's figures stay hidden until its answer is revealed.")},
        {u"lesson"_s,
         Text::tr("Open a lesson set (a shipped id such as 'course', or a lesson file), optionally at lesson N."),
         u"SET[:N]"_s},
        {u"window-size"_s, Text::tr("Window size for screenshots, e.g. 1920x1080."), u"WxH"_s},
        {u"open"_s,
         Text::tr("A scenario code or kvscope: link (File > Copy Scenario Link): its scenario, page, lesson and step; "
                  "the options above change it."),
         u"CODE"_s},
    });
    // One dash and a word (-preset) would be read as the letters -p -r -e ...: refused as kvscope-cli
    // refuses it, naming the option meant.
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == u"--"_s)
            break;
        if (a.size() > 2 && a[0] == u'-' && a[1] != u'-' && a[1].isLetter()) {
            LaunchOptions refused;
            const QString name = a.mid(1).section(u'=', 0, 0).left(40);
            refused.error = Text::tr("unknown option '%1': options take two dashes, --%2").arg(a.left(40), name);
            return refused;
        }
    }
    // parse(), not process(): process() exits 1 on an unknown option, where every error of both
    // programs exits 2 (README, "Exit status").
    if (!parser.parse(arguments)) {
        LaunchOptions refused;
        refused.error = QString::fromStdString(kvscope::excerpt(parser.errorText().toStdString(), 200));
        return refused;
    }
    if (parser.isSet(u"help-all"_s) || parser.isSet(u"help"_s))
        printAndExit(parser.helpText());
    if (parser.isSet(u"version"_s))
        printAndExit(QCoreApplication::applicationName() + u' ' + QCoreApplication::applicationVersion() + u'\n');

    LaunchOptions options;
    // An option given with an empty value would be taken as not given (a headless --screenshot '' then
    // never ends): each names what it expects.
    static const std::pair<QString, QString> kNamed[] = {
        {u"page"_s, u"NAME"_s}, {u"log"_s, u"FILE"_s},       {u"lesson"_s, u"SET[:N]"_s}, {u"screenshot"_s, u"FILE"_s},
        {u"open"_s, u"CODE"_s}, {u"preset"_s, u"NAME"_s},    {u"config"_s, u"FILE"_s},    {u"gpu"_s, u"NAME"_s},
        {u"lang"_s, u"LANG"_s}, {u"palette"_s, u"SCHEME"_s}, {u"window-size"_s, u"WxH"_s}};
    for (const auto& [name, valueName] : kNamed) {
        if (parser.isSet(name) && parser.value(name).isEmpty()) {
            options.error = Text::tr("--%1 was given an empty value: expected %2").arg(name, valueName);
            return options;
        }
    }
    options.page = parser.value(u"page"_s);
    options.log = parser.value(u"log"_s);
    options.presenter = parser.isSet(u"presenter"_s);
    options.quiz = parser.isSet(u"quiz"_s);
    options.lesson = parser.value(u"lesson"_s);
    if (parser.isSet(u"lang"_s)) {
        options.language = parser.value(u"lang"_s);
        if (options.language != u"en"_s && options.language != u"ko"_s) {
            options.error = Text::tr("--lang expects en or ko, got '%1'").arg(options.language.left(40));
            return options;
        }
    }
    if (parser.isSet(u"palette"_s)) {
        options.palette = parser.value(u"palette"_s);
        if (options.palette != u"dark"_s && options.palette != u"light"_s && options.palette != u"system"_s) {
            options.error = Text::tr("--palette expects dark, light or system, got '%1'").arg(options.palette.left(40));
            return options;
        }
    }
    if (parser.isSet(u"window-size"_s)) {
        const QStringList parts = parser.value(u"window-size"_s).split(u'x');
        bool okW = false, okH = false;
        const int w = parts.size() == 2 ? parts[0].toInt(&okW) : 0;
        const int h = parts.size() == 2 ? parts[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 640 || h < 480 || w > 7680 || h > 4320) {
            options.error = Text::tr("--window-size expects WIDTHxHEIGHT between 640x480 and 7680x4320, got '%1'")
                                .arg(parser.value(u"window-size"_s).left(40));
            return options;
        }
        options.windowSize = QSize(w, h);
    }
    options.screenshot = parser.value(u"screenshot"_s);
    if (!options.screenshot.isEmpty()) {
        if (const QString problem = outputFileProblem(options.screenshot, "screenshot"); !problem.isEmpty()) {
            options.error = u"--screenshot: "_s + problem;
            return options;
        }
    }
    // A kvscope: link is the one argument the desktop entry gives (Exec=kvscope %u).
    QStringList positional = parser.positionalArguments();
    if (positional.size() == 1 && !parser.isSet(u"open"_s) &&
        kvscope::isScenarioCode(positional.front().toStdString())) {
        options.openCode = positional.takeFirst();
        options.fromLink = true;
    } else
        options.openCode = parser.value(u"open"_s);
    if (!positional.isEmpty()) {
        options.error = Text::tr("unexpected argument '%1'").arg(positional.constFirst());
        return options;
    }

    std::optional<kvscope::SharedScreen> shared;
    if (!options.openCode.isEmpty()) {
        try {
            shared = kvscope::decodeScenarioCode(options.openCode.toStdString());
        } catch (const kvscope::Error& e) {
            options.error = u"--open: "_s + QString::fromUtf8(e.what());
            return options;
        }
        if (options.page.isEmpty())
            options.page = QString::fromStdString(shared->page);
        if (options.lesson.isEmpty())
            options.lesson = QString::fromStdString(shared->lesson);
        options.openStep = shared->step;
    }

    const bool fromSession =
        session && options.screenshot.isEmpty() && !parser.isSet(u"preset"_s) && !parser.isSet(u"config"_s) && !shared;
    kvscope::Scenario s = shared ? shared->scenario : fromSession ? *session : controller.scenario();
    try {
        // The same model options as kvscope-cli, by the same function (core/scenarioargs.h).
        options.imported = kvscope::applyModelSource(s, valueOf(parser, u"preset"_s), valueOf(parser, u"config"_s));
        // The options kvscope-cli takes too, by its parser (core/scenarioargs.h): same limits, same errors.
        kvscope::applyScenarioArgs(s, {valueOf(parser, u"weight-dtype"_s), valueOf(parser, u"kv-dtype"_s),
                                       valueOf(parser, u"gpu"_s), valueOf(parser, u"context"_s),
                                       valueOf(parser, u"batch"_s), valueOf(parser, u"utilization"_s),
                                       valueOf(parser, u"tp"_s), valueOf(parser, u"speculative"_s),
                                       valueOf(parser, u"draft-tokens"_s), valueOf(parser, u"acceptance"_s)});
        if (const auto steps = valueOf(parser, u"sim-steps"_s))
            options.simSteps = int(kvscope::parseWholeOption({"sim-steps", 0, 1u << 24}, *steps));
        kvscope::checkScenarioArgs(s);
    } catch (const kvscope::OptionValueError& e) {
        options.error = optionErrorText(e);
        return options;
    } catch (const kvscope::Error& e) {
        options.error = QString::fromUtf8(e.what());
        return options;
    }
    const bool custom = shared ? !kvscope::scenarioCodeIsShort(s) : fromSession || controller.isCustom();
    if (!controller.setScenario(s, custom))
        options.error = controller.error();
    if (shared && !options.lesson.isEmpty()) {
        options.afterLesson = s; // the lesson sets its own scenario as it opens: the code's goes back over it
        options.afterLessonCustom = custom;
    }
    return options;
}
