// Issue 12's desktop manners: the light and the dark palette both readable (charts, painted
// widgets and rich text follow the palette, live), the choice remembered, a name for every
// control a screen reader lands on, figures in the descriptions, and the standard shortcuts.
#include "attentionpage.h"
#include "chartstyle.h"
#include "controlspanel.h"
#include "fitmapwidget.h"
#include "launchoptions.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "memorypage.h"
#include "scalingpage.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "sliderspin.h"
#include "testutils.h"
#include "viewtext.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTextEdit>
#include <QToolTip>
#include <QtTest>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// WCAG 2 relative luminance and contrast ratio, written out here rather than taken from
// chartstyle, so the test checks the colours and not the app's own arithmetic.
double luminance(const QColor& color) {
    const auto channel = [](int v) {
        const double c = v / 255.0;
        return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const QColor c = color.toRgb();
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void showAndWait(MainWindow& window, const QString& page = u"memory"_s) {
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showPage(page));
}

chartstyle::Scheme schemeOf(const QString& name) {
    return chartstyle::parseScheme(name).value_or(chartstyle::Scheme::System);
}

// The colours a chart draws its frame and text in.
struct ChartColours {
    QColor background, title, axisLabels, axisTitle, legend;
};
ChartColours coloursOf(const QChart* chart) {
    ChartColours c;
    c.background = chart->backgroundBrush().color();
    c.title = chart->titleBrush().color();
    c.legend = chart->legend()->labelColor();
    const QList<QAbstractAxis*> axes = chart->axes();
    if (!axes.isEmpty()) {
        c.axisLabels = axes.constFirst()->labelsColor();
        c.axisTitle = axes.constFirst()->titleBrush().color();
    }
    return c;
}

// The colours of every `color:#rrggbb` in a rich text.
QList<QColor> htmlColours(const QString& html) {
    QList<QColor> out;
    static const QRegularExpression colour(u"color:\\s*(#[0-9a-fA-F]{6})"_s);
    for (auto it = colour.globalMatch(html); it.hasNext();)
        out << QColor(it.next().captured(1));
    return out;
}

// Widgets a user reaches (or a screen reader lands on): they need a name.
bool isInteractive(const QWidget* w) {
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QAbstractSlider*>(w) ||
           qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QComboBox*>(w) ||
           qobject_cast<const QAbstractItemView*>(w) || qobject_cast<const QChartView*>(w) ||
           qobject_cast<const QLineEdit*>(w) || qobject_cast<const QPlainTextEdit*>(w) ||
           qobject_cast<const QTextEdit*>(w) || qobject_cast<const FitMapWidget*>(w) || w->inherits("MemoryMapWidget");
}

// Parts Qt builds inside a control, which a screen reader presents as that control: a spin
// box's or combo box's line edit, a combo's popup list, a table's headers and corner button,
// a scroll area's scroll bars, a tab bar's scroll arrows, a dock's float/close buttons (Qt
// names them itself), and the menu and tool bars' overflow buttons (Qt's own, shown only when the
// bar is too narrow; the menus behind them are named).
bool isPartOfAnotherControl(const QWidget* w) {
    const QWidget* parent = w->parentWidget();
    if (qobject_cast<const QScrollBar*>(w) || qobject_cast<const QHeaderView*>(w))
        return true;
    for (const QWidget* p = parent; p; p = p->parentWidget())
        if (qobject_cast<const QAbstractSpinBox*>(p) || qobject_cast<const QComboBox*>(p) ||
            qobject_cast<const QTabBar*>(p) || qobject_cast<const QMenu*>(p) ||
            (qobject_cast<const QAbstractItemView*>(p) && qobject_cast<const QAbstractButton*>(w)) ||
            p->inherits("QComboBoxPrivateContainer"))
            return true;
    if (parent && qobject_cast<const QDockWidget*>(parent) && qobject_cast<const QAbstractButton*>(w))
        return true; // QDockWidgetTitleButton
    return w->inherits("QToolBarExtension") || w->objectName() == u"qt_menubar_ext_button"_s;
}

QString accessibleName(QWidget* w) {
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(w);
    return iface ? iface->text(QAccessible::Name) : QString();
}

} // namespace

class TestPalette : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void cleanup() {
        chartstyle::Style::instance()->setScheme(chartstyle::Scheme::System);
        Settings::instance()->setColorScheme(u"system"_s);
    }

    // The two palettes KV Scope installs: text at least 7:1 on window and base, the selection
    // readable, and the dark one dark.
    void palettesAreReadable_data() {
        QTest::addColumn<QString>("scheme");
        QTest::newRow("light") << u"light"_s;
        QTest::newRow("dark") << u"dark"_s;
    }
    void palettesAreReadable() {
        QFETCH(QString, scheme);
        const QPalette p = scheme == u"dark"_s ? chartstyle::darkPalette() : chartstyle::lightPalette();
        QCOMPARE(chartstyle::isDark(p), scheme == u"dark"_s);
        QCOMPARE(p.color(QPalette::Window).lightnessF() < 0.3, scheme == u"dark"_s);
        QVERIFY(contrast(p.color(QPalette::WindowText), p.color(QPalette::Window)) >= 7.0);
        QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= 7.0);
        QVERIFY(contrast(p.color(QPalette::ButtonText), p.color(QPalette::Button)) >= 7.0);
        QVERIFY(contrast(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)) >= 4.5);
        QVERIFY(contrast(p.color(QPalette::ToolTipText), p.color(QPalette::ToolTipBase)) >= 4.5);
        // chartstyle's own ratio agrees with the one written out here.
        QVERIFY(std::abs(chartstyle::contrastRatio(Qt::black, Qt::white) - 21.0) < 1e-9);
        QVERIFY(std::abs(chartstyle::contrastRatio(p.color(QPalette::Text), p.color(QPalette::Base)) -
                         contrast(p.color(QPalette::Text), p.color(QPalette::Base))) < 1e-4); // QColor's float channels
    }

    // Every text colour of the light and the dark set: at least 4.5:1 (WCAG AA) on the
    // palette's window (labels) and base (charts, tables), and the fit map's marks on their cells.
    void textColoursContrast_data() { palettesAreReadable_data(); }
    void textColoursContrast() {
        QFETCH(QString, scheme);
        const QPalette p = scheme == u"dark"_s ? chartstyle::darkPalette() : chartstyle::lightPalette();
        const std::pair<const char*, QColor> colours[] = {
            {"good", chartstyle::good(p)},         {"bad", chartstyle::bad(p)},
            {"budget", chartstyle::budgetText(p)}, {"muted", chartstyle::mutedText(p)},
            {"2", chartstyle::symbol('2', p)},     {"L", chartstyle::symbol('L', p)},
            {"B", chartstyle::symbol('B', p)},     {"S", chartstyle::symbol('S', p)},
            {"H", chartstyle::symbol('H', p)},     {"D", chartstyle::symbol('D', p)},
            {"bytes", chartstyle::symbol('b', p)}, {"pinned", chartstyle::pinned(p)},
        };
        for (const auto& [name, colour] : colours)
            for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base}) {
                const double ratio = contrast(colour, p.color(role));
                QVERIFY2(ratio >= 4.5,
                         qPrintable(u"%1 %2 on %3: %4:1"_s.arg(QLatin1String(name), colour.name(), p.color(role).name())
                                        .arg(ratio, 0, 'f', 2)));
            }
        QVERIFY(contrast(chartstyle::good(p), chartstyle::fitsFill(p)) >= 4.5);
        QVERIFY(contrast(chartstyle::bad(p), chartstyle::overFill(p)) >= 4.5);
    }

    // Switching the palette with the window open recolours the charts, the painted widgets
    // and the rich text to the new palette's colours.
    void paletteSwitchRecoloursTheWindow_data() { palettesAreReadable_data(); }
    void paletteSwitchRecoloursTheWindow() {
        QFETCH(QString, scheme);
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        // From the other scheme to this one, live.
        chartstyle::Style::instance()->setScheme(schemeOf(scheme == u"dark"_s ? u"light"_s : u"dark"_s));
        const ChartColours before = coloursOf(window.memoryPage()->chart()->chart());
        chartstyle::Style::instance()->setScheme(schemeOf(scheme));
        const QPalette expected = scheme == u"dark"_s ? chartstyle::darkPalette() : chartstyle::lightPalette();
        const QColor base = expected.color(QPalette::Base);
        const QColor text = expected.color(QPalette::Text);
        QCOMPARE(QApplication::palette().color(QPalette::Base), base);
        // Tooltips (the charts' hover text) keep a palette of their own: they get the scheme's.
        QCOMPARE(QToolTip::palette().color(QPalette::ToolTipBase), expected.color(QPalette::ToolTipBase));
        QCOMPARE(QToolTip::palette().color(QPalette::ToolTipText), expected.color(QPalette::ToolTipText));

        const ChartColours after = coloursOf(window.memoryPage()->chart()->chart());
        QVERIFY2(after.background != before.background,
                 qPrintable(before.background.name() + u" "_s + after.background.name() + u" "_s +
                            window.memoryPage()->chart()->palette().color(QPalette::Base).name()));
        QCOMPARE(after.background, base);
        QCOMPARE(after.title, text);
        QCOMPARE(after.axisLabels, text);
        QCOMPARE(after.axisTitle, text);
        QCOMPARE(after.legend, text);
        QVERIFY2(contrast(after.axisLabels, after.background) >= 4.5,
                 qPrintable(u"%1 on %2"_s.arg(after.axisLabels.name(), after.background.name())));
        QCOMPARE(chartstyle::isDark(window.memoryPage()->chart()->palette()), scheme == u"dark"_s);

        // Every chart of every page, not only the memory chart.
        for (const QString& page : window.pageNames()) {
            QVERIFY(window.showPage(page));
            for (QChartView* view : window.findChildren<QChartView*>()) {
                if (view->window() != &window || !view->isVisible())
                    continue;
                const ChartColours c = coloursOf(view->chart());
                QVERIFY2(c.background == base && c.title == text,
                         qPrintable(u"%1/%2: background %3, title %4"_s.arg(page, view->objectName(),
                                                                            c.background.name(), c.title.name())));
                if (!view->chart()->axes().isEmpty())
                    QVERIFY2(c.axisLabels == text, qPrintable(page + u'/' + view->objectName()));
            }
        }

        // Labels outside the bars (attention, weights alone) are text on the chart's background.
        QVERIFY(window.showPage(u"attention"_s));
        auto* attention = window.findChild<QChartView*>(u"attentionChart"_s);
        QVERIFY(attention);
        const auto* bars = qobject_cast<QBarSeries*>(attention->chart()->series().value(0));
        QVERIFY(bars && !bars->barSets().isEmpty());
        QVERIFY(contrast(bars->barSets().constFirst()->labelColor(), base) >= 4.5);

        // Rich text: every colour in the verdict and the KV formula reads on the window.
        QVERIFY(window.showPage(u"memory"_s));
        const QString html = window.memoryPage()->verdictText() + window.memoryPage()->formulaText();
        const QList<QColor> colours = htmlColours(html);
        QVERIFY(colours.size() >= 8); // the verdict's word and the formula's symbols
        for (const QColor& c : colours)
            QVERIFY2(contrast(c, expected.color(QPalette::Window)) >= 4.5,
                     qPrintable(c.name() + u" on "_s + expected.color(QPalette::Window).name()));

        // A painted widget: the fit map's background is the palette's base.
        QVERIFY(window.showPage(u"scaling"_s));
        auto* fitMap = window.findChild<FitMapWidget*>(u"fitMap"_s);
        QVERIFY(fitMap);
        const QImage image = fitMap->grab().toImage();
        QCOMPARE(image.pixelColor(1, 1), base);
    }

    // A palette change the app did not make (the desktop's, under System) reaches the charts too.
    void desktopPaletteChangeIsFollowed() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        QApplication::setPalette(chartstyle::darkPalette());
        const QColor base = chartstyle::darkPalette().color(QPalette::Base);
        QTRY_COMPARE(window.memoryPage()->chart()->chart()->backgroundBrush().color(), base);
        QTRY_VERIFY(
            htmlColours(window.memoryPage()->verdictText()).value(0) == chartstyle::good(QApplication::palette()) ||
            htmlColours(window.memoryPage()->verdictText()).value(0) == chartstyle::bad(QApplication::palette()));
        QApplication::setPalette(chartstyle::lightPalette());
        QTRY_COMPARE(window.memoryPage()->chart()->chart()->backgroundBrush().color(),
                     chartstyle::lightPalette().color(QPalette::Base));
    }

    // View > Palette > Dark is applied and remembered; the next start reads it back.
    void darkPaletteIsRemembered() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        auto* dark = window.findChild<QAction*>(u"palette-dark"_s);
        QVERIFY(dark);
        QVERIFY(dark->isCheckable());
        dark->trigger();
        QCOMPARE(Settings::instance()->colorScheme(), u"dark"_s);
        QCOMPARE(QSettings().value(u"view/colorScheme"_s).toString(), u"dark"_s);
        QTRY_COMPARE(chartstyle::Style::instance()->scheme(), chartstyle::Scheme::Dark);
        QCOMPARE(QApplication::palette().color(QPalette::Window), chartstyle::darkPalette().color(QPalette::Window));
        QCOMPARE(QApplication::style()->name(), u"fusion"_s);
        // A window built afterwards (a language switch rebuilds it, a new start builds it) shows it checked.
        MainWindow second(&controller);
        auto* darkAgain = second.findChild<QAction*>(u"palette-dark"_s);
        QVERIFY(darkAgain && darkAgain->isChecked());
        // An unknown saved value falls back to the desktop's palette.
        QSettings().setValue(u"view/colorScheme"_s, u"purple"_s);
        QCOMPARE(Settings::instance()->colorScheme(), u"system"_s);
    }

    void paletteLaunchOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("palette");
        QTest::addColumn<QString>("error");
        QTest::newRow("dark") << QStringList{u"--palette"_s, u"dark"_s} << u"dark"_s << QString();
        QTest::newRow("light") << QStringList{u"--palette=light"_s} << u"light"_s << QString();
        QTest::newRow("system") << QStringList{u"--palette"_s, u"system"_s} << u"system"_s << QString();
        QTest::newRow("absent") << QStringList{} << QString() << QString();
        QTest::newRow("unknown") << QStringList{u"--palette"_s, u"blue"_s} << QString()
                                 << u"--palette expects dark, light or system, got 'blue'"_s;
    }
    void paletteLaunchOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, palette);
        QFETCH(QString, error);
        ScenarioController controller;
        const LaunchOptions options = parseLaunchOptions(QStringList{u"kvscope"_s} + args, controller);
        QCOMPARE(options.error, error);
        if (error.isEmpty())
            QCOMPARE(options.palette, palette);
    }

    // Every control a user can reach, on every page, has a name a screen reader says.
    void everyControlHasAnAccessibleName() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.openLessons(u"course"_s); // the lesson panel's controls too
        showAndWait(window);
        QStringList unnamed;
        int checked = 0;
        for (const QString& page : window.pageNames()) {
            QVERIFY(window.showPage(page)); // pages build some controls when first shown
            QCoreApplication::processEvents();
        }
        for (QWidget* w : window.findChildren<QWidget*>()) {
            if (!isInteractive(w) || isPartOfAnotherControl(w))
                continue;
            ++checked;
            if (accessibleName(w).trimmed().isEmpty())
                unnamed << u"%1 '%2' in %3"_s.arg(QLatin1String(w->metaObject()->className()), w->objectName(),
                                                  w->parentWidget()
                                                      ? QLatin1String(w->parentWidget()->metaObject()->className())
                                                      : QLatin1String("-"));
        }
        QVERIFY2(checked > 60, qPrintable(QString::number(checked)));
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u"\n"_s)));
    }

    // The memory chart's description reads the figures the bars show, and follows a control.
    void memoryChartDescriptionFollowsControls() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        MemoryChart* chart = window.memoryPage()->chart();
        QVERIFY(!accessibleName(chart).isEmpty());
        const QString before = chart->accessibleDescription();
        const kvscope::Estimate e8 = controller.estimate();
        QVERIFY2(before.contains(viewtext::size(e8.kvBytes)), qPrintable(before));     // 8.00 GiB
        QVERIFY2(before.contains(viewtext::size(e8.weightBytes)), qPrintable(before)); // 14.96 GiB
        QVERIFY2(before.contains(viewtext::size(e8.budgetBytes)), qPrintable(before));
        QVERIFY(before.contains(u"8.00 GiB"_s)); // docs/domain.md: 8K x batch 8 = 8 GiB of cache

        window.controls()->batch()->setValue(16);
        settle();
        const QString after = chart->accessibleDescription();
        QVERIFY(after != before);
        QVERIFY2(after.contains(u"16.00 GiB"_s), qPrintable(after)); // batch x2: cache x2
        QVERIFY2(after.contains(viewtext::size(controller.estimate().kvBytes)), qPrintable(after));
        // What the screen reader gets is the description itself.
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(chart);
        QVERIFY(iface);
        QCOMPARE(iface->text(QAccessible::Description), after);
    }

    // The other charts with figures describe them too, from the same core figures (docs/domain.md's).
    void chartsDescribeTheirFigures() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        const QString weights = window.memoryPage()->weightsChart()->accessibleDescription();
        QVERIFY2(weights.contains(u"BF16 14.96 GiB (now)"_s), qPrintable(weights));
        QVERIFY2(weights.contains(u"FP32 29.92 GiB"_s), qPrintable(weights));

        QVERIFY(window.showPage(u"attention"_s));
        const QString attention = window.findChild<QChartView*>(u"attentionChart"_s)->accessibleDescription();
        QVERIFY2(attention.contains(u"512.00 KiB per token"_s), qPrintable(attention)); // MHA, 32 KV heads
        QVERIFY2(attention.contains(u"128.00 KiB per token"_s), qPrintable(attention)); // GQA, 8
        QVERIFY2(attention.contains(u"16.00 KiB per token"_s), qPrintable(attention));  // MQA, 1

        QVERIFY(window.showPage(u"scaling"_s));
        const QString scaling = window.findChild<QChartView*>(u"scalingChart"_s)->accessibleDescription();
        QVERIFY2(scaling.contains(u"batch 8: 23.63 GiB at 8K tokens"_s), qPrintable(scaling)); // the memory chart's bar
        QVERIFY2(scaling.contains(u"Budget 21.60 GiB"_s), qPrintable(scaling));
        auto* fitMap = window.findChild<FitMapWidget*>(u"fitMap"_s);
        QVERIFY(fitMap);
        const QString map = fitMap->accessibleDescription();
        // 8K x batch 8 is 23.63 GiB against a 21.60 GiB budget; batch 1 fits up to 32K.
        QVERIFY2(map.contains(u"batch 1: 32K"_s), qPrintable(map));
        QVERIFY2(map.contains(u"batch 256: none"_s), qPrintable(map));
        QVERIFY2(map.contains(u"Context 8K, batch 8: 23.63 GiB of a 21.60 GiB budget - over budget"_s),
                 qPrintable(map));
        window.controls()->batch()->setValue(1);
        QTRY_VERIFY(fitMap->accessibleDescription().contains(u"Context 8K, batch 1:"_s));
        QVERIFY(fitMap->accessibleDescription().contains(u"- fits"_s));
    }

    // A log-scale slider's position (0-1000) means nothing to a listener: its description
    // says the value.
    void sliderDescriptionReadsTheValue() {
        ScenarioController controller;
        MainWindow window(&controller);
        SliderSpin* context = window.controls()->context();
        QVERIFY(context->isLogScale());
        context->setValue(32768);
        QVERIFY2(context->slider()->accessibleDescription().startsWith(QLocale().toString(32768)),
                 qPrintable(context->slider()->accessibleDescription()));
        QVERIFY(context->slider()->accessibleDescription().contains(context->slider()->toolTip()));
        context->slider()->setValue(context->slider()->minimum());
        QVERIFY(context->slider()->accessibleDescription().startsWith(QLocale().toString(context->minimum())));
    }

    // Ctrl+O, Ctrl+S, Ctrl+Q and F1 each belong to one action (an ambiguous shortcut fires
    // nothing), and Ctrl+Q closes the window.
    void standardShortcuts_data() {
        QTest::addColumn<QKeySequence>("keys");
        QTest::addColumn<QString>("actionText");
        QTest::newRow("open") << QKeySequence(QKeySequence::Open) << u"&Open..."_s;
        QTest::newRow("save") << QKeySequence(u"Ctrl+S"_s) << u"&Save Scenario As..."_s;
        QTest::newRow("quit") << QKeySequence(u"Ctrl+Q"_s) << u"&Quit"_s;
        QTest::newRow("help") << QKeySequence(Qt::Key_F1) << u"&Keyboard Shortcuts"_s;
    }
    void standardShortcuts() {
        QFETCH(QKeySequence, keys);
        QFETCH(QString, actionText);
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        QStringList owners;
        for (QAction* action : window.findChildren<QAction*>())
            for (const QKeySequence& k : action->shortcuts())
                if (k == keys)
                    owners << action->text();
        QCOMPARE(owners, QStringList{actionText});
        if (keys == QKeySequence(u"Ctrl+Q"_s)) {
            window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            QTest::keyClick(&window, Qt::Key_Q, Qt::ControlModifier);
            QTRY_VERIFY(!window.isVisible());
        }
    }
};

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
