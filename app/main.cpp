// kvscope: the desktop window. Parses the command line, restores the last session and
// assembles the main window; everything else lives in kvscope_applib.
#include "launchoptions.h"
#include "mainwindow.h"
#include "pagedpage.h"
#include "scenariocontroller.h"
#include "settings.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("KV Scope"));
    QApplication::setOrganizationName(QStringLiteral("KVScope"));
    QApplication::setOrganizationDomain(QStringLiteral("kvscope.org"));
    QApplication::setApplicationVersion(QStringLiteral(KVSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("org.kvscope.KVScope"));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("kvscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    ScenarioController controller;
    const LaunchOptions options = parseLaunchOptions(app.arguments(), controller, Settings::instance()->lastScenario());
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "kvscope: %s\n", qPrintable(options.error));
        return 2;
    }

    MainWindow window(&controller);
    if (!options.page.isEmpty() && !window.showPage(options.page)) {
        std::fprintf(stderr, "kvscope: --page: unknown page '%s'; pages: %s\n", qPrintable(options.page),
                     qPrintable(window.pageNames().join(QStringLiteral(", "))));
        return 2;
    }
    window.show();
    for (int i = 0; i < options.simSteps; ++i)
        window.pagedPage()->stepOnce();

    if (!options.screenshot.isEmpty()) {
        // Let the first frame lay out and paint, then grab and leave.
        QTimer::singleShot(300, &window, [&] {
            const bool ok = window.saveScreenshot(options.screenshot);
            if (!ok)
                std::fprintf(stderr, "kvscope: --screenshot: cannot write '%s'\n", qPrintable(options.screenshot));
            QApplication::exit(ok ? 0 : 1);
        });
    }
    return QApplication::exec();
}
