#pragma once

#include "hfconfig.h"
#include "scenario.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

class ScenarioController;

struct LaunchOptions {
    QString page;           // --page NAME
    QString screenshot;     // --screenshot FILE
    QString log;            // --log FILE: a server log for the Explain log page
    int simSteps = 0;       // --sim-steps N: advance the paged-memory simulation before showing
    QString language;       // --lang en|ko, for this run only; empty: the saved or system language
    QString palette;        // --palette dark|light|system, for this run only; empty: the saved choice
    bool presenter = false; // --presenter: start in presenter mode (full screen, large type)
    bool quiz = false;      // --quiz: numbers stay hidden until a lesson's answer is revealed
    QString lesson;         // --lesson SET[:N]: open a lesson set (shipped id or file) at lesson N (1-based)
    // --open CODE (or a kvscope: link as the one argument, as the desktop entry passes it): the shared screen. Its
    // scenario is applied again after its lesson opens (a lesson sets its own), with the page the code names.
    QString openCode;
    std::optional<kvscope::Scenario> afterLesson; // the code's scenario, applied again once its lesson is open
    bool afterLessonCustom = false;
    std::uint64_t openStep = 0; // the code's paged step: a position from the start (--sim-steps counts steps on)
    bool fromLink = false;      // the code came as a bare kvscope: link (the desktop entry): errors need a dialog
    QSize windowSize;           // --window-size WxH: for screenshots at a projector's resolution
    QString error;              // non-empty: what was wrong with the command line
    std::optional<kvscope::ImportResult> imported; // --config: how the importer read it (the memory page shows it)
};

// A command-line argument as text, losslessly: UTF-8 where it is, and each byte that is not as a
// lone surrogate U+DC80..U+DCFF (Python's "surrogateescape"), so that a file name that is not
// UTF-8 survives the QString and argumentBytes() gives back the bytes to open it by.
QString argumentText(const char* bytes);
QStringList argumentList(int argc, char** argv);
// The bytes of a path or value given as text: UTF-8, with argumentText()'s escapes undone.
std::string argumentBytes(const QString& text);

// Why `what` cannot be written to `path` before anything is written (core's checkOutputFile: an empty
// name, a device, FIFO, socket or directory in the way), or an empty string when it may be.
QString outputFileProblem(const QString& path, const char* what);
// A path a file dialog gave back, as argumentText() spells paths. Qt decodes directory entries
// lossily (each byte that is not UTF-8 becomes U+FFFD), so a file whose name is not UTF-8 comes
// back as a path that does not exist. Then each component holding U+FFFD is matched against its
// folder's entries decoded the same way (QFile::decodeName); one match gives that entry's bytes.
// Otherwise, or when the path exists, the path as given (the opener says what is wrong with it).
QString recoverDialogPath(const QString& chosen);

// Reads `kvscope --preset NAME --context N --batch N --kv-dtype D ...` and applies the
// scenario options to `controller`. The last session, when given, is the starting point
// unless a model is named or a screenshot is asked for (screenshots are reproducible).
// Errors name the option.
// The --lang value alone, read before anything is translated ("" when absent); an
// unknown value is reported by parseLaunchOptions.
QString requestedLanguage(const QStringList& arguments);
// True when the command line only asks for --help or --version: answered without a display.
bool wantsHelpOrVersion(const QStringList& arguments);

// `pageIds` are the window's pages (pageregistry::ids(), which this QtCore library cannot see), for --help.
LaunchOptions parseLaunchOptions(const QStringList& arguments, ScenarioController& controller,
                                 const std::optional<kvscope::Scenario>& session = std::nullopt,
                                 const QStringList& pageIds = {});
