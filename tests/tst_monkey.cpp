// The monkey: thousands of random but valid actions on the window from a fixed seed (sliders,
// spin boxes, combos, check boxes, buttons, page switches, good and bad files, language and
// presenter toggles). After every action the window must be alive, the controls and the
// memory figures must equal core/'s for the scenario the controller holds, and Qt must have
// logged no warning. Prints the actions taken, the seed and the failures.
//   KVSCOPE_MONKEY_SEED=N      another seed (default 20261201)
//   KVSCOPE_MONKEY_ACTIONS=N   another count (default 2,000)
#include "controlspanel.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "memorypage.h"
#include "scenario.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "sliderspin.h"
#include "sweep.h"
#include "units.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include <random>

using namespace Qt::StringLiterals;

namespace {

// Everything Qt logs at warning level or above while the monkey runs, but the offscreen
// platform's own notice that it cannot resize native windows (not the app's doing).
QStringList g_warnings;
QtMessageHandler g_previous = nullptr;

void recordWarnings(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type != QtDebugMsg && type != QtInfoMsg && !message.contains(u"propagateSizeHints"_s))
        g_warnings << message;
    if (g_previous)
        g_previous(type, context, message);
}

std::uint64_t envNumber(const char* name, std::uint64_t fallback) {
    bool ok = false;
    const std::uint64_t value = qEnvironmentVariable(name).toULongLong(&ok);
    return ok ? value : fallback;
}

// A button the monkey may press: enabled, shown, and not one that opens a file dialog (by the
// convention its label ends in an ellipsis) or a menu.
bool pressable(const QAbstractButton* button) {
    const QString text = button->text();
    if (text.endsWith(u"..."_s) || text.endsWith(QChar(0x2026)))
        return false;
    if (const auto* tool = qobject_cast<const QToolButton*>(button); tool && tool->menu())
        return false;
    if (const auto* push = qobject_cast<const QPushButton*>(button); push && push->menu())
        return false;
    return true;
}

// What a refused file must leave alone: the scenario's identity and its figures.
QString fingerprint(const kvscope::Scenario& s) {
    const kvscope::Estimate e = kvscope::estimate(s);
    return u"%1 L%2 ctx%3 b%4 %5 %6 total%7"_s.arg(QString::fromStdString(s.model.id))
        .arg(s.model.layers)
        .arg(s.context)
        .arg(s.batch)
        .arg(QString::fromStdString(s.gpuId))
        .arg(QString::fromStdString(s.kvDtype.name()))
        .arg(e.totalBytes);
}

template <typename W> QList<W*> usable(QWidget* root) {
    QList<W*> out;
    for (W* w : root->findChildren<W*>())
        if (w->isVisibleTo(root) && w->isEnabled())
            out << w;
    return out;
}

} // namespace

class TestMonkey : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear(); // the same seed, the same run: no language or size unit left by the last one
    }

    void randomActionsKeepTheWindowTrue() {
        const std::uint64_t seed = envNumber("KVSCOPE_MONKEY_SEED", 20261201);
        const std::uint64_t actions = envNumber("KVSCOPE_MONKEY_ACTIONS", 2000);
        std::mt19937_64 rng(seed);
        auto pick = [&](std::size_t n) { return std::size_t(rng() % n); };

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString good = dir.filePath(u"good.kvscope.json"_s);
        const QString bad = dir.filePath(u"bad.kvscope.json"_s);
        const QString badConfig = dir.filePath(u"config.json"_s);
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"format\": \"kvscope-scenario\", \"version\": 1, \"scenario\": [[[[[[");
            QFile c(badConfig);
            QVERIFY(c.open(QIODevice::WriteOnly));
            c.write("{\"model_type\": \"llama\", \"num_hidden_layers\": -3, \"hidden_size\": \"wide\"}");
        }
        const QString realConfig = QFINDTESTDATA("data/hf-configs/falcon-falcon-7b.json");
        QVERIFY(!realConfig.isEmpty());

        ScenarioController controller;
        MainWindow window(&controller);
        window.setQuiet(true); // errors go to the status bar, not to a modal box
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.saveScenario(good));

        // The window's pages: the stack that holds the memory page. Found again after every
        // action: a language switch rebuilds the whole window.
        auto pageStack = [&window]() -> QStackedWidget* {
            for (auto* candidate : window.findChildren<QStackedWidget*>())
                for (int i = 0; i < candidate->count(); ++i)
                    if (candidate->widget(i)->objectName() == u"memory"_s)
                        return candidate;
            return nullptr;
        };
        QStackedWidget* stack = pageStack();
        QVERIFY(stack);
        QStringList pages;
        for (int i = 0; i < stack->count(); ++i)
            pages << stack->widget(i)->objectName();
        QVERIFY(pages.contains(u"memory"_s));

        // A modal dialog would stop the monkey: close any that opens, and count it as a failure.
        QStringList modals;
        QTimer modalWatch;
        connect(&modalWatch, &QTimer::timeout, this, [&] {
            if (QWidget* modal = QApplication::activeModalWidget()) {
                modals << modal->windowTitle();
                if (auto* dialog = qobject_cast<QDialog*>(modal))
                    dialog->reject();
                else
                    modal->close();
            }
        });
        modalWatch.start(50);

        g_warnings.clear();
        g_previous = qInstallMessageHandler(recordWarnings);
        auto restoreHandler = qScopeGuard([] { qInstallMessageHandler(g_previous); });

        QStringList failures;
        QMap<QString, int> counts;
        auto fail = [&](std::uint64_t step, const QString& action, const QString& what) {
            if (failures.size() < 20)
                failures << u"action %1 (%2): %3"_s.arg(step).arg(action, what);
        };

        for (std::uint64_t step = 0; step < actions; ++step) {
            QString action;
            stack = pageStack();
            if (!stack) {
                fail(step, u"-"_s, u"the window has no pages"_s);
                break;
            }
            QWidget* page = stack->currentWidget();
            const std::size_t roll = pick(100); // the share of each kind of action, in percent
            switch (roll < 40   ? 0
                    : roll < 60 ? 1
                    : roll < 68 ? 2
                    : roll < 78 ? 3
                    : roll < 88 ? 4
                    : roll < 94 ? 5
                    : roll < 97 ? 6
                                : 7) {
            case 0: { // 40%: a slider or spin box anywhere visible (the dock's controls or the page's)
                auto spins = usable<QSpinBox>(&window);
                if (spins.isEmpty())
                    break;
                QSpinBox* spin = spins[qsizetype(pick(std::size_t(spins.size())))];
                // Mostly small values, sometimes anywhere in the range (the long sweeps stay quick).
                const qint64 span = qint64(spin->maximum()) - spin->minimum();
                const qint64 reach = pick(4) == 0 ? span : std::min<qint64>(span, 4096);
                spin->setValue(int(spin->minimum() + qint64(rng() % std::uint64_t(reach + 1))));
                action = u"spin %1"_s.arg(spin->objectName().isEmpty() ? spin->accessibleName() : spin->objectName());
                break;
            }
            case 1: { // 20%: a combo box
                auto combos = usable<QComboBox>(&window);
                if (combos.isEmpty())
                    break;
                QComboBox* combo = combos[qsizetype(pick(std::size_t(combos.size())))];
                if (combo->count() > 0)
                    combo->setCurrentIndex(int(pick(std::size_t(combo->count()))));
                action = u"combo %1"_s.arg(combo->accessibleName());
                break;
            }
            case 2: { // 8%: a check box or radio button on the page
                QList<QAbstractButton*> toggles;
                for (auto* b : usable<QCheckBox>(page))
                    toggles << b;
                for (auto* b : usable<QRadioButton>(page))
                    toggles << b;
                if (toggles.isEmpty())
                    break;
                QAbstractButton* b = toggles[qsizetype(pick(std::size_t(toggles.size())))];
                b->click();
                action = u"toggle %1"_s.arg(b->text());
                break;
            }
            case 3: { // 10%: a push or tool button on the page (play, step, run, stop, restart, ...)
                QList<QAbstractButton*> buttons;
                for (auto* b : usable<QAbstractButton>(page))
                    if (!qobject_cast<QCheckBox*>(b) && !qobject_cast<QRadioButton*>(b) && pressable(b))
                        buttons << b;
                if (buttons.isEmpty())
                    break;
                QAbstractButton* b = buttons[qsizetype(pick(std::size_t(buttons.size())))];
                b->click();
                action = u"button %1"_s.arg(b->text());
                break;
            }
            case 4: // 10%: another page
                window.showPage(pages[qsizetype(pick(std::size_t(pages.size())))]);
                action = u"page %1"_s.arg(stack->currentWidget()->objectName());
                break;
            case 5: { // 6%: files, good and bad: the bad ones change nothing
                const QString before = fingerprint(controller.scenario());
                switch (pick(4)) {
                case 0:
                    if (!window.openScenario(good))
                        fail(step, u"open good"_s, u"a scenario the window saved was refused"_s);
                    action = u"open good scenario"_s;
                    break;
                case 1:
                    if (window.openScenario(bad))
                        fail(step, u"open bad"_s, u"a broken scenario file was accepted"_s);
                    if (fingerprint(controller.scenario()) != before)
                        fail(step, u"open bad"_s, u"a refused file changed the scenario"_s);
                    action = u"open bad scenario"_s;
                    break;
                case 2:
                    if (window.openConfig(badConfig))
                        fail(step, u"open bad config"_s, u"a config with negative layers was accepted"_s);
                    if (fingerprint(controller.scenario()) != before)
                        fail(step, u"open bad config"_s, u"a refused config changed the scenario"_s);
                    action = u"open bad config"_s;
                    break;
                default:
                    if (!window.openConfig(realConfig))
                        fail(step, u"open config"_s, u"Falcon-7B's config was refused"_s);
                    action = u"open Falcon-7B config"_s;
                    break;
                }
                break;
            }
            case 6: // 3%
                window.setLanguage(pick(2) ? u"ko"_s : u"en"_s);
                action = u"language"_s;
                break;
            default: // 3%
                window.setPresenterMode(!window.isPresenterMode(), false);
                action = u"presenter"_s;
                break;
            }
            if (action.isEmpty())
                action = u"nothing to do"_s;
            counts[action.section(u' ', 0, 0)]++;
            QApplication::processEvents();
            stack = pageStack();
            if (!stack) {
                fail(step, action, u"the window has no pages"_s);
                break;
            }
            if (!window.isVisible())
                fail(step, action, u"the window is gone"_s);
            // The controls show the scenario the figures are computed from (no clamping). Asked
            // for again each time: a language switch rebuilds them.
            ControlsPanel* controls = window.controls();
            const kvscope::Scenario& s = controller.scenario();
            if (std::uint64_t(controls->batch()->value()) != s.batch ||
                std::uint64_t(controls->context()->value()) != s.context ||
                std::uint32_t(controls->layers()->value()) != s.model.layers)
                fail(step, action,
                     u"controls show batch %1, context %2, layers %3; the scenario has %4, %5, %6"_s
                         .arg(controls->batch()->value())
                         .arg(controls->context()->value())
                         .arg(controls->layers()->value())
                         .arg(s.batch)
                         .arg(s.context)
                         .arg(s.model.layers));
            // The figures are core's for that scenario.
            const kvscope::Estimate fresh = kvscope::estimate(s);
            if (fresh.totalBytes != controller.estimate().totalBytes || fresh.kvBytes != controller.estimate().kvBytes)
                fail(step, action, u"the controller's estimate is stale"_s);
            // And the memory chart, when it is on screen, draws them.
            if (stack->currentWidget()->objectName() == u"memory"_s) {
                MemoryChart* chart = window.memoryPage()->chart();
                const kvscope::SizeUnit unit = Settings::instance()->sizeUnit(); // GiB or GB, as View > Sizes says
                const int now = int(chart->categories().indexOf(
                    QRegularExpression(u".*\\(.*\\)"_s))); // the scenario's own bar is the marked one
                if (now >= 0) {
                    if (!qFuzzyCompare(chart->values(1).value(now) + 1.0, kvscope::toUnit(fresh.kvBytes, unit) + 1.0))
                        fail(step, action,
                             u"memory chart KV %1, core %2"_s.arg(chart->values(1).value(now))
                                 .arg(kvscope::toUnit(fresh.kvBytes, unit)));
                    if (!qFuzzyCompare(chart->values(0).value(now) + 1.0,
                                       kvscope::toUnit(fresh.weightBytes, unit) + 1.0))
                        fail(step, action,
                             u"memory chart weights %1, core %2"_s.arg(chart->values(0).value(now))
                                 .arg(kvscope::toUnit(fresh.weightBytes, unit)));
                }
                if (!qFuzzyCompare(chart->budgetGiB(), kvscope::toUnit(fresh.budgetBytes, unit)))
                    fail(step, action, u"the budget line is not core's budget"_s);
            }
            if (!g_warnings.isEmpty()) {
                for (const QString& w : std::as_const(g_warnings))
                    fail(step, action, u"Qt warned: "_s + w);
                g_warnings.clear();
            }
        }
        modalWatch.stop();
        for (const QString& title : std::as_const(modals))
            failures << u"a modal dialog opened: "_s + title;

        QStringList tally;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            tally << u"%1 %2"_s.arg(it.key()).arg(it.value());
        qInfo().noquote() << u"monkey: %1 actions, seed %2, %3 failures (%4)"_s.arg(actions)
                                 .arg(seed)
                                 .arg(failures.size())
                                 .arg(tally.join(u", "_s));
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
    }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
