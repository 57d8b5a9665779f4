// kvscope: the desktop window. Parses the command line, picks the language, restores the
// last session and assembles the main window; everything else lives in kvscope_applib.
#include "chartstyle.h"
#include "decodepage.h"
#include "explainlogpage.h"
#include "language.h"
#include "launchoptions.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "pagedpage.h"
#include "pageregistry.h"
#include "scenariocontroller.h"
#include "settings.h"

#include <QApplication>
#include <QGuiApplication>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

// How long a headless --screenshot waits for a decode run a lesson started (the classroom experiment takes
// about a minute on a 2-core CPU) before it stops the run and grabs what is there.
constexpr int kScreenshotRunWaitMs = 300'000;

void describeApplication() {
    QCoreApplication::setApplicationName(QStringLiteral("KV Scope"));
    QCoreApplication::setOrganizationName(QStringLiteral("KVScope"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("kvscope.org"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KVSCOPE_VERSION));
}

// Qt aborts with a page of plugin advice when no display answers; say it in one line.
bool displayAvailable() {
    const char* platform = std::getenv("QT_QPA_PLATFORM");
    if (platform && *platform && std::string_view(platform).substr(0, 3) != "xcb")
        return true; // offscreen, wayland, ... : Qt will tell
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (display && *display) || (wayland && *wayland);
}

// QT_SCALE_FACTOR scales every pixel of the window. Qt itself crashes drawing frames at 0 and at 32 and above
// (QFusionStyle's border pixmaps), and a factor past 8 makes a window larger than any screen: refused, in one line.
constexpr double kMinScaleFactor = 0.25, kMaxScaleFactor = 8.0;
QString scaleFactorProblem() {
    const QByteArray value = qgetenv("QT_SCALE_FACTOR");
    if (value.isEmpty())
        return {};
    bool ok = false;
    const double factor = value.toDouble(&ok);
    if (ok && factor >= kMinScaleFactor && factor <= kMaxScaleFactor)
        return {};
    return QStringLiteral("QT_SCALE_FACTOR=%1 is not a scale this window can be drawn at: expected a number from %2 "
                          "to %3 (or unset it)")
        .arg(QString::fromLocal8Bit(value.left(40)))
        .arg(kMinScaleFactor)
        .arg(kMaxScaleFactor);
}

} // namespace

int main(int argc, char** argv) {
    const QStringList arguments = argumentList(argc, argv);
    // --help and --version need no display: answer them from a core application.
    if (wantsHelpOrVersion(arguments)) {
        QCoreApplication app(argc, argv);
        describeApplication();
        language::install(language::resolve(requestedLanguage(arguments), QString()));
        ScenarioController controller;
        // Prints and exits, unless the command line is wrong around --help: then exit 2, as the CLI.
        const LaunchOptions refused =
            parseLaunchOptions(argumentList(argc, argv), controller, std::nullopt, pageregistry::ids());
        if (refused.error.isEmpty()) // "--help" was an option's value ("--page --help"): nothing to answer
            return 0;
        std::fprintf(stderr, "kvscope: %s\n", qPrintable(refused.error));
        return 2;
    }
    if (const QString problem = scaleFactorProblem(); !problem.isEmpty()) {
        std::fprintf(stderr, "kvscope: %s\n", qPrintable(problem));
        return 2;
    }
    if (!displayAvailable()) {
        std::fprintf(stderr, "kvscope: no display (DISPLAY and WAYLAND_DISPLAY are unset); for a headless render use "
                             "QT_QPA_PLATFORM=offscreen kvscope --screenshot FILE\n");
        return 2;
    }

    QApplication app(argc, argv);
    describeApplication();
    QGuiApplication::setDesktopFileName(QStringLiteral("org.kvscope.KVScope"));
    // Before the first read of a setting: a file that is not ours to rewrite is set aside (Settings::kMaxFileBytes).
    const std::optional<Settings::SetAside> setAside = Settings::setAsideOversizedFile();

    const QString requested = requestedLanguage(arguments);
    const QString lang = language::resolve(requested, Settings::instance()->language());
    if (!lang.isEmpty())
        language::install(lang);

    const QString settingsProblem = setAside ? Settings::describe(*setAside) : QString();
    if (setAside)
        std::fprintf(stderr, "kvscope: %s\n", qPrintable(settingsProblem));
    ScenarioController controller;
    QString sessionProblem;
    const auto session = Settings::instance()->lastScenario(&sessionProblem);
    // Our own list, not app.arguments(): Qt decodes argv lossily, and a file name need not be UTF-8.
    // Built again now: QApplication has taken its own options (-platform, -style, -session) out of argv.
    const LaunchOptions options =
        parseLaunchOptions(argumentList(argc, argv), controller, session, pageregistry::ids());
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "kvscope: %s\n", qPrintable(options.error));
        // A link clicked on the desktop has no terminal to read stderr: say it on screen (never headless, where
        // a dialog would wait for a click no one gives).
        const QString platform = QGuiApplication::platformName();
        if (options.fromLink && platform != QStringLiteral("offscreen") && platform != QStringLiteral("minimal"))
            QMessageBox::critical(nullptr, QCoreApplication::translate("main", "KV Scope cannot open this link"),
                                  options.error);
        return 2;
    }

    // Before the window is built: every widget starts in the scheme's colours.
    const QString scheme = options.palette.isEmpty() ? Settings::instance()->colorScheme() : options.palette;
    chartstyle::Style::instance()->setScheme(chartstyle::parseScheme(scheme).value_or(chartstyle::Scheme::System));

    if (!options.page.isEmpty() && !pageregistry::find(options.page)) {
        std::fprintf(stderr, "kvscope: --page: unknown page '%s'; pages: %s\n", qPrintable(options.page.left(40)),
                     qPrintable(pageregistry::ids().join(QStringLiteral(", "))));
        return 2;
    }
    MainWindow window(&controller);
    // The command line's own errors go to stderr: a dialog would wait for a click no one gives
    // (a headless --screenshot with a bad lesson file never finished).
    window.setQuiet(true);
    if (options.imported)
        window.setImportedModel(options.imported);
    if (!options.page.isEmpty())
        window.showPage(options.page);
    if (!options.log.isEmpty()) {
        if (!window.explainLogPage()->openLog(options.log)) {
            std::fprintf(stderr, "kvscope: --log: %s\n", qPrintable(window.explainLogPage()->errorText()));
            return 2;
        }
        if (options.page.isEmpty())
            window.showPage(ExplainLogPage::kind().id);
    }
    // Quiz mode before the lessons: the first lesson's scenario must not announce its figures.
    window.setQuizMode(options.quiz);
    if (!options.lesson.isEmpty() && !window.openLessons(options.lesson)) {
        std::fprintf(stderr, "kvscope: --lesson: %s\n", qPrintable(window.lastError()));
        return 2;
    }
    if (options.afterLesson) { // a shared screen: the sender's scenario and page over the lesson's own
        controller.setScenario(*options.afterLesson, options.afterLessonCustom);
        if (!options.page.isEmpty())
            window.showPage(options.page);
    }
    if (!settingsProblem.isEmpty())
        window.statusBar()->showMessage(settingsProblem, 15000);
    else if (!sessionProblem.isEmpty())
        window.statusBar()->showMessage(
            QCoreApplication::translate("main", "The last session could not be restored (%1); starting from the "
                                                "course's reference scenario.")
                .arg(sessionProblem.left(200)),
            15000);
    if (options.windowSize.isValid())
        window.resize(options.windowSize);
    if (options.presenter)
        window.setPresenterMode(true, /*fullScreen=*/!options.windowSize.isValid());
    if (!options.presenter || options.windowSize.isValid())
        window.show();
    // One replay to there and one redraw: the run stops at its end (16,777,216 redraws of a
    // finished run never ended).
    if (options.simSteps > 0)
        window.pagedPage()->stepBy(options.simSteps);
    else if (options.openStep > 0) // a shared code's step is a position, as the sender's page showed it
        window.pagedPage()->seek(options.openStep);
    // Headless, a dialog has no one to answer it.
    window.setQuiet(!options.screenshot.isEmpty());

    if (!options.screenshot.isEmpty()) {
        const auto grab = [&] {
            const bool ok = window.saveScreenshot(options.screenshot);
            if (!ok)
                std::fprintf(stderr, "kvscope: --screenshot: %s\n", qPrintable(window.lastError()));
            QApplication::exit(ok ? 0 : 2);
        };
        // Let the first frame lay out and paint, then grab and leave. A decode run a lesson started (the classroom
        // experiment) is what the picture is for: it is awaited, at most kScreenshotRunWaitMs, then stopped.
        QTimer::singleShot(400, &window, [&window, grab] {
            DecodePage* decode = window.decodePage();
            if (Page* shown = window.currentPage(); shown && shown->hasPendingFigures()) {
                // A page whose figures are still being computed (the serving page's replays) is waited for.
                QObject::connect(shown, &Page::figuresSettled, &window,
                                 [&window, grab] { QTimer::singleShot(200, &window, grab); });
                return;
            }
            if (!decode->isRunning())
                return grab();
            QObject::connect(decode, &DecodePage::runsFinished, &window,
                             [&window, grab] { QTimer::singleShot(200, &window, grab); });
            QTimer::singleShot(kScreenshotRunWaitMs, &window, [decode] { decode->stop(); });
        });
    }
    return QApplication::exec();
}
