#include "mainwindow.h"

#include "attentionpage.h"
#include "breakdownmodel.h"
#include "chartstyle.h"
#include "controlspanel.h"
#include "decodepage.h"
#include "device.h"
#include "error.h"
#include "explainlogpage.h"
#include "focusorder.h"
#include "hfconfig.h"
#include "inputkind.h"
#include "language.h"
#include "launchoptions.h"
#include "lessonpanel.h"
#include "memorychart.h"
#include "memorypage.h"
#include "modelruletext.h"
#include "overlay.h"
#include "pagedpage.h"
#include "pageregistry.h"
#include "pergpupage.h"
#include "rooflinepage.h"
#include "scalingpage.h"
#include "scenarioargs.h"
#include "scenariocode.h"
#include "scenariocontroller.h"
#include "scenariodiff.h"
#include "scenariofile.h"
#include "servingpage.h"
#include "settings.h"
#include "viewtext.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPalette>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QWhatsThis>

using namespace Qt::StringLiterals;

namespace {
// The keys of the page in tab `index`: Ctrl+1 to Ctrl+9, then Ctrl+0 for the tenth (the key after 9 on the
// keyboard's row); none past ten. Key names, the same in every language.
QString pageShortcut(int index) {
    return index < 9 ? u"Ctrl+%1"_s.arg(index + 1) : index == 9 ? u"Ctrl+0"_s : QString();
}
} // namespace

MainWindow::MainWindow(ScenarioController* controller, QWidget* parent)
    : QMainWindow(parent)
    , m_controller(controller)
    , m_scenarioDock(new QDockWidget(this))
    , m_lessonDock(new QDockWidget(this))
    , m_toolbar(new QToolBar(this)) {
    setObjectName(u"mainWindow"_s);
    m_normalFont = QApplication::font();
    m_scenarioDock->setObjectName(u"scenarioDock"_s);
    m_scenarioDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_scenarioDock);
    m_lessonDock->setObjectName(u"lessonDock"_s);
    m_lessonDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                              QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_lessonDock);
    m_lessonDock->hide();
    m_toolbar->setObjectName(u"mainToolbar"_s);
    m_toolbar->setMovable(false);
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    addToolBar(Qt::TopToolBarArea, m_toolbar);
    setAcceptDrops(true);
    qApp->installEventFilter(this);
    connect(m_lessonDock, &QDockWidget::visibilityChanged, this, [this] {
        updateLessonKeys();
        applyFolding();
    });
    // Beside the page the lesson reads in one column, under it in three.
    connect(m_lessonDock, &QDockWidget::dockLocationChanged, this, [this](Qt::DockWidgetArea area) {
        if (m_lessons)
            m_lessons->setColumns(area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea);
        if (!m_placingLessonDock && area != Qt::NoDockWidgetArea)
            m_lessonDockArea[m_presenter ? 1 : 0] = area; // the teacher's choice, for this mode
    });

    m_narrated = controller->scenario();
    m_narratedEstimate = controller->estimate();
    connect(controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    connect(controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateConfidenceBanner);
    connect(controller, &ScenarioController::scenarioChanged, this, &MainWindow::narrateChange);
    connect(controller, &ScenarioController::errorChanged, this, [this](const QString& error) {
        if (!error.isEmpty())
            statusBar()->showMessage(tr("Not applied: %1").arg(error), 8000);
    });
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] { applyFolding(); });

    buildUi();
    resize(1440, 900);
    // Only a restored geometry is held to the screen: the 1440 x 900 default stays for headless
    // screenshots, whose offscreen screen is 800 x 800.
    const bool restored = restoreGeometry(Settings::instance()->windowGeometry());
    restoreState(Settings::instance()->windowState());
    if (restored)
        keepOnScreen();
}

// A saved geometry is the settings file's, which anyone can edit: one of 10^9 pixels restored a
// 32767 x 32767 window off screen that took 7 GB to paint. The window fits the screen it is on
// (the primary one when it is on none) and overlaps it.
void MainWindow::keepOnScreen() {
    QScreen* target = QGuiApplication::screenAt(geometry().center());
    if (!target)
        target = QGuiApplication::primaryScreen();
    if (!target)
        return;
    const QRect available = target->availableGeometry();
    QRect g = geometry();
    if (g.width() <= available.width() && g.height() <= available.height() && available.intersects(g))
        return;
    g.setSize(g.size().boundedTo(available.size()).expandedTo(minimumSizeHint().boundedTo(available.size())));
    if (!available.contains(g))
        g.moveTopLeft(available.topLeft());
    setWindowState(windowState() & ~(Qt::WindowMaximized | Qt::WindowFullScreen)); // without showing it yet
    setGeometry(g);
}

MainWindow::~MainWindow() {
    qApp->removeEventFilter(this);
    // A box being typed in commits its value when it loses focus: let it do so now, while the window is whole,
    // rather than from QWidget's destructor (the controller would narrate into a half-destroyed window).
    if (QWidget* focused = QApplication::focusWidget(); focused && isAncestorOf(focused))
        focused->clearFocus();
    // QWidget's destructor hides the docks and pages after this class's members are gone:
    // nothing of theirs may call back into this window then.
    m_controller->disconnect(this);
    m_lessonDock->disconnect(this);
    m_scenarioDock->disconnect(this);
    m_pages->disconnect(this);
    // Leave the process's font and style as they were (tests build many windows).
    if (m_presenter) {
        chartstyle::Style::instance()->setPresenter(false);
        QApplication::setFont(m_normalFont);
    }
}

void MainWindow::buildUi() {
    // Keep what the user made across a rebuild: the page, what each page keeps (Page::keptState), the lesson.
    const QString page = m_pages ? currentPageName() : QString();
    std::vector<std::pair<QString, std::any>> kept;
    for (const Page* p : pageList())
        kept.emplace_back(p->objectName(), p->keptState());
    std::optional<LessonPanel::State> lessonState;
    if (m_lessons)
        lessonState = m_lessons->state();

    // The previous interface goes at once (this runs from queued calls, never from its own
    // widgets' handlers), so that nothing finds two of a widget.
    delete takeCentralWidget();
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"pages"_s);
    for (const PageKind* kind : pageregistry::kinds())
        m_pages->addTab(kind->create(m_controller, m_pages), kind->translatedTitle());
    // The pages the window itself talks to (the lessons, the paged page's keys, File > Open).
    m_memory = findChild<MemoryPage*>();
    m_attention = findChild<AttentionPage*>();
    m_scaling = findChild<ScalingPage*>();
    m_paged = findChild<PagedPage*>();
    m_decode = findChild<DecodePage*>();
    m_roofline = findChild<RooflinePage*>();
    m_log = findChild<ExplainLogPage*>();
    for (int i = 0; i < m_pages->count(); ++i)
        m_pages->setTabToolTip(i, pageShortcut(i));
    // The banner sits above the tabs, so that every page that uses the figures carries it.
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    m_confidenceBanner = new QLabel(central);
    m_confidenceBanner->setObjectName(u"confidenceBanner"_s);
    m_confidenceBanner->setWordWrap(true);
    m_confidenceBanner->setTextFormat(Qt::PlainText);
    m_confidenceBanner->setContentsMargins(10, 6, 10, 6);
    m_confidenceBanner->setAutoFillBackground(true);
    QPalette bannerPalette = m_confidenceBanner->palette();
    bannerPalette.setColor(QPalette::Window, QColor(0xfd, 0xe6, 0x8a)); // amber, readable in both schemes
    bannerPalette.setColor(QPalette::WindowText, QColor(0x3d, 0x2b, 0x00));
    m_confidenceBanner->setPalette(bannerPalette);
    m_confidenceBanner->hide();
    centralLayout->addWidget(m_confidenceBanner);
    centralLayout->addWidget(m_pages, 1);
    setCentralWidget(central);
    if (m_imported)
        m_memory->setImportedModel(m_imported); // kept across a language switch
    updateConfidenceBanner();
    connect(m_pages, &QTabWidget::currentChanged, this, &MainWindow::pageChanged);

    QWidget* oldControls = m_scenarioDock->widget();
    m_controls = new ControlsPanel(m_controller, this);
    auto* scroll = new QScrollArea(m_scenarioDock);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_controls->sizeHint().width() + 24);
    m_scenarioDock->setWidget(scroll);
    m_scenarioDock->setWindowTitle(tr("Scenario"));
    delete oldControls;
    connect(m_controls, &ControlsPanel::openConfigRequested, this, [this] {
        const QString path = recoverDialogPath(QFileDialog::getOpenFileName(
            this, tr("Open a Hugging Face config.json"), QString(), tr("Model config (*.json);;All files (*)")));
        if (!path.isEmpty())
            openConfig(path);
    });

    QWidget* oldLessons = m_lessonDock->widget();
    m_lessons = new LessonPanel(m_controller, m_lessonDock);
    // The lesson scrolls in its dock rather than push the window past a 720-line projector.
    auto* lessonScroll = new QScrollArea(m_lessonDock);
    lessonScroll->setWidget(m_lessons);
    lessonScroll->setWidgetResizable(true);
    lessonScroll->setFrameShape(QFrame::NoFrame);
    lessonScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    lessonScroll->setMinimumHeight(120);
    m_lessonDock->setWidget(lessonScroll);
    m_lessonDock->setWindowTitle(tr("Lessons"));
    delete oldLessons;
    connect(m_lessons, &LessonPanel::pageRequested, this, [this](const QString& name) {
        // A per-GPU lesson sets the page's split before the page shows it.
        const kvscope::Lesson* lesson = m_lessons->currentLesson();
        if (auto* perGpu = findChild<PerGpuPage*>(); perGpu && lesson && lesson->page == kvscope::LessonPage::PerGpu)
            perGpu->setParallelism(lesson->parallel);
        showPage(name);
    });
    connect(m_lessons, &LessonPanel::simulationRequested, m_paged, &PagedPage::applyLessonSimulation);
    if (auto* serving = findChild<ServingPage*>())
        connect(m_lessons, &LessonPanel::servingSettingsRequested, serving, &ServingPage::applyLessonSettings);
    connect(m_lessons, &LessonPanel::highlightRequested, this, [this](const QString& target) {
        overlay::clearHighlights(this);
        // The page drawn for the lesson's scenario first: a figure it shows only for some scenarios (speculative
        // decoding's) is hidden until its redraw, and a ring around a hidden widget stays hidden.
        if (auto* shown = qobject_cast<Page*>(m_pages->currentWidget()))
            shown->flush();
        auto* widget = target.isEmpty() ? nullptr : findChild<QWidget*>(target);
        if (!widget)
            return;
        overlay::highlight(widget); // and brought into view, kept there while the page settles
    });
    // A page a lesson opens starts at its top, not where the last lesson left it.
    connect(m_lessons, &LessonPanel::pageRequested, this, [this] {
        for (auto* area : m_pages->currentWidget()->findChildren<QScrollArea*>())
            area->verticalScrollBar()->setValue(0);
    });
    connect(m_lessons, &LessonPanel::pageRequested, this, [this] { updateLessonKeys(); });
    connect(m_lessons, &LessonPanel::revealed, this, [this] { updateLessonKeys(); });
    connect(m_lessons, &LessonPanel::lessonChanged, this, [this] {
        updateLessonKeys();
        applyFolding();
    });
    connect(m_lessons, &LessonPanel::coverRequested, this, [this](const QString& lessonPage, bool covered) {
        overlay::clearCovers(this);
        if (!covered)
            return;
        const PageKind* kind = pageregistry::find(lessonPage);
        for (const QString& name : kind ? kind->quizFigures : QStringList())
            if (auto* widget = findChild<QWidget*>(name))
                overlay::cover(widget, tr("Predict first: the figures appear when the answer is revealed"));
        m_paged->setQuizMode(true);
    });
    connect(m_lessons, &LessonPanel::revealed, this, [this] {
        overlay::clearCovers(this);
        // A paged lesson's answer quotes its whole run: once revealed the charts draw all of it (quiz mode or
        // not), not an empty chart at step 1 beside the answer's means.
        const kvscope::Lesson* lesson = m_lessons->currentLesson();
        const bool pagedLesson = lesson && lesson->page == kvscope::LessonPage::Paged;
        m_paged->setQuizMode(m_quiz && !pagedLesson);
        if (pagedLesson)
            m_paged->setShowWholeRun(true);
        if (pagedLesson && lesson->moment)
            m_paged->standAtMoment(*lesson->moment); // the moment the answer talks about
    });
    connect(m_lessons, &LessonPanel::experimentRequested, m_decode, &DecodePage::runClassroomExperiment);

    // Combo boxes follow their items' width in every type size (presenter mode's 18 pt too).
    for (QComboBox* combo : findChildren<QComboBox*>())
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    buildMenus();
    buildShortcuts();

    m_toolbar->clear();
    m_toolbar->addAction(m_presenterAction);
    m_toolbar->addAction(m_lessonsAction);
    m_toolbar->addAction(m_quizAction);
    m_toolbar->setWindowTitle(tr("Toolbar"));

    for (const auto& [id, state] : kept)
        if (Page* p = state.has_value() ? findChild<Page*>(id) : nullptr)
            p->restoreKeptState(state);
    m_lessons->setQuizMode(m_quiz);
    const Qt::DockWidgetArea lessonArea = dockWidgetArea(m_lessonDock);
    m_lessons->setColumns(lessonArea != Qt::LeftDockWidgetArea && lessonArea != Qt::RightDockWidgetArea);
    m_paged->setQuizMode(m_quiz);
    if (lessonState)
        m_lessons->restore(*lessonState);
    updateLessonKeys(); // the shortcuts were built before the lesson came back
    if (!page.isEmpty())
        showPage(page);
    m_memory->setPinned(m_pinned);
    updateTitle();
    pageChanged();
}

void MainWindow::buildMenus() {
    for (QMenu* menu : std::as_const(m_menus))
        menu->deleteLater();
    m_menus.clear();
    menuBar()->clear();

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open..."), QKeySequence::Open, this, [this] {
        const QString path = recoverDialogPath(QFileDialog::getOpenFileName(
            this, tr("Open a config.json, scenario, lesson file, trace or server log"), QString(),
            tr("KV Scope files, model configs, traces and logs (*.json *.jsonl *.csv *.log *.txt);;All files (*)")));
        if (!path.isEmpty())
            openFile(path);
    });
    file->addAction(tr("&Save Scenario As..."), QKeySequence::Save, this, [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), u"scenario.kvscope.json"_s,
                                                    tr("KV Scope scenario (*.json)"));
        if (!path.isEmpty())
            saveScenario(path);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    disconnect(Settings::instance(), &Settings::recentFilesChanged, this, nullptr);
    connect(Settings::instance(), &Settings::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addAction(tr("Open &config.json..."), this, [this] { emit m_controls->openConfigRequested(); });
    file->addAction(tr("Open &Lessons..."), this, [this] {
        const QString path = recoverDialogPath(QFileDialog::getOpenFileName(
            this, tr("Open a lesson file"), QString(), tr("KV Scope lessons (*.json);;All files (*)")));
        if (!path.isEmpty())
            openLessons(path);
    });
    file->addSeparator();
    file->addAction(tr("Export Chart as &PNG..."), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export chart"), u"kvscope-chart.png"_s, tr("PNG image (*.png)"));
        if (!path.isEmpty())
            exportChart(path);
    });
    file->addAction(tr("Export Chart as S&VG..."), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export chart"), u"kvscope-chart.svg"_s, tr("SVG image (*.svg)"));
        if (!path.isEmpty())
            exportChart(path);
    });
    file->addAction(tr("Save &Breakdown as CSV..."), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save breakdown"), u"kvscope-breakdown.csv"_s, tr("CSV (*.csv)"));
        if (!path.isEmpty())
            saveTableCsv(path);
    });
    file->addAction(tr("Copy Breakdown as &Markdown"), QKeySequence(u"Ctrl+Shift+C"_s), this,
                    &MainWindow::copyTableMarkdown);
    file->addSeparator();
    file->addAction(tr("Copy Scenario Lin&k"), QKeySequence(u"Ctrl+Shift+K"_s), this, &MainWindow::copyScenarioCode);
    file->addAction(tr("Open Scenario L&ink..."), this, [this] {
        bool ok = false;
        const QString code =
            QInputDialog::getText(this, tr("Open scenario link"), tr("Paste a scenario code (kvscope:?v=1&...):"),
                                  QLineEdit::Normal, QGuiApplication::clipboard()->text().trimmed().left(4096), &ok);
        if (ok && !code.trimmed().isEmpty())
            openScenarioCode(code);
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    // Ctrl+Q whatever the platform theme: QKeySequence::Quit is empty where a theme follows
    // Windows' keys (the offscreen platform, some desktops).
    QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    if (!quitKeys.contains(QKeySequence(u"Ctrl+Q"_s)))
        quitKeys.prepend(QKeySequence(u"Ctrl+Q"_s));
    quit->setShortcuts(quitKeys);
    m_menus << file;

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_presenterAction = view->addAction(tr("&Presenter Mode"));
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presenterAction->setCheckable(true);
    m_presenterAction->setChecked(m_presenter);
    m_presenterAction->setToolTip(tr("Projector layout: full screen, large type, thick lines, value labels (F5; "
                                     "Escape leaves)"));
    connect(m_presenterAction, &QAction::toggled, this, [this](bool on) { setPresenterMode(on); });
    m_lessonsAction = m_lessonDock->toggleViewAction();
    m_lessonsAction->setText(tr("&Lessons"));
    m_lessonsAction->setShortcut(QKeySequence(u"Ctrl+L"_s));
    m_lessonsAction->setToolTip(tr("The course hour as guided questions: predict, then reveal (Ctrl+L)"));
    view->addAction(m_lessonsAction);
    m_quizAction = view->addAction(tr("&Quiz Mode"));
    m_quizAction->setCheckable(true);
    m_quizAction->setChecked(m_quiz);
    m_quizAction->setShortcut(QKeySequence(u"Ctrl+K"_s));
    m_quizAction->setToolTip(tr("Hide a lesson's figures until its answer is revealed (Ctrl+K)"));
    connect(m_quizAction, &QAction::toggled, this, &MainWindow::setQuizMode);
    view->addSeparator();
    QMenu* go = view->addMenu(tr("Go &to Page"));
    for (int i = 0; i < m_pages->count(); ++i) {
        QAction* action = go->addAction(m_pages->tabText(i));
        action->setShortcut(QKeySequence(pageShortcut(i)));
        connect(action, &QAction::triggered, this, [this, i] { m_pages->setCurrentIndex(i); });
    }
    view->addSeparator();
    m_pinAction = view->addAction(tr("Pi&n This Scenario as Reference"), QKeySequence(u"Ctrl+P"_s));
    m_pinAction->setCheckable(true);
    m_pinAction->setChecked(m_pinned.has_value());
    connect(m_pinAction, &QAction::toggled, this, &MainWindow::setPinned);
    view->addAction(tr("Reset to the Course's &Reference Scenario"), this,
                    [this] { m_controller->setScenario(kvscope::defaultScenario()); });
    view->addSeparator();
    // One size unit for the whole window (charts, labels, tooltips, the breakdown table), remembered.
    QMenu* unitMenu = view->addMenu(tr("&Sizes"));
    auto* units = new QActionGroup(unitMenu);
    // Named copies of the pairs' members: clang before 16 cannot capture structured bindings.
    for (const auto& choice : {std::pair{kvscope::SizeUnit::Binary, tr("&GiB (1024³ bytes)")},
                               std::pair{kvscope::SizeUnit::Decimal, tr("G&B (10⁹ bytes)")}}) {
        const kvscope::SizeUnit unit = choice.first;
        QAction* action = unitMenu->addAction(choice.second);
        action->setObjectName(unit == kvscope::SizeUnit::Binary ? u"unitGiB"_s : u"unitGB"_s);
        action->setCheckable(true);
        action->setChecked(Settings::instance()->sizeUnit() == unit);
        units->addAction(action);
        connect(action, &QAction::triggered, this, [unit] { Settings::instance()->setSizeUnit(unit); });
        connect(Settings::instance(), &Settings::sizeUnitChanged, action,
                [action, unit](kvscope::SizeUnit now) { action->setChecked(now == unit); });
    }
    QMenu* languageMenu = view->addMenu(tr("Lan&guage"));
    auto* languages = new QActionGroup(languageMenu);
    for (const QString& code : language::available()) {
        QAction* action = languageMenu->addAction(language::nativeName(code));
        action->setCheckable(true);
        action->setChecked(code == language::current());
        action->setData(code);
        languages->addAction(action);
        // Queued: the menu that triggered the switch is rebuilt by it.
        connect(action, &QAction::triggered, this, [this, code] {
            QMetaObject::invokeMethod(
                this, [this, code] { setLanguage(code); }, Qt::QueuedConnection);
        });
    }
    // Light or dark whatever the desktop says (a projector, a screenshot), remembered; System follows the desktop.
    QMenu* paletteMenu = view->addMenu(tr("Pal&ette"));
    auto* schemes = new QActionGroup(paletteMenu);
    using chartstyle::Scheme;
    for (const auto& choice : {std::pair{Scheme::System, tr("&System (the desktop's colours)")},
                               std::pair{Scheme::Light, tr("&Light")}, std::pair{Scheme::Dark, tr("&Dark")}}) {
        const Scheme scheme = choice.first;
        QAction* action = paletteMenu->addAction(choice.second);
        action->setObjectName(u"palette-"_s + chartstyle::schemeName(scheme));
        action->setCheckable(true);
        action->setChecked(chartstyle::Style::instance()->scheme() == scheme);
        schemes->addAction(action);
        connect(action, &QAction::triggered, this, [scheme] {
            Settings::instance()->setColorScheme(chartstyle::schemeName(scheme));
            // Queued: the style is re-applied to every widget, the open menu's included.
            QMetaObject::invokeMethod(
                chartstyle::Style::instance(), [scheme] { chartstyle::Style::instance()->setScheme(scheme); },
                Qt::QueuedConnection);
        });
    }
    m_menus << view;

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence(Qt::Key_F1), this, &MainWindow::showCheatSheet);
    help->addAction(tr("What's &This?"), QKeySequence(u"Shift+F1"_s), this, [] { QWhatsThis::enterWhatsThisMode(); });
    help->addSeparator();
    help->addAction(tr("&About KV Scope"), this,
                    [this] { QMessageBox::about(this, tr("About KV Scope"), aboutText()); });
    m_menus << help;
}

void MainWindow::buildShortcuts() {
    for (QAction* action : std::as_const(m_windowActions)) {
        removeAction(action);
        delete action;
    }
    m_windowActions.clear();
    m_pagedKeys.clear();
    const auto add = [this](const QKeySequence& keys, auto&& slot) {
        auto* action = new QAction(this);
        action->setShortcut(keys);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        m_windowActions << action;
        return action;
    };
    m_leavePresenter = add(QKeySequence(Qt::Key_Escape), [this] { setPresenterMode(false); });
    m_leavePresenter->setEnabled(m_presenter);
    add(QKeySequence(u"?"_s), [this] { showCheatSheet(); });
    // The paged animation's keys act only while its page is shown, so that arrows and the
    // space bar keep their usual meaning in the other pages' controls.
    m_pagedKeys << add(QKeySequence(Qt::Key_Space), [this] { m_paged->setPlaying(!m_paged->isPlaying()); });
    m_pagedKeys << add(QKeySequence(Qt::Key_Right), [this] { m_paged->stepOnce(); });
    // Scrubbing the replay: back one step, or ten back or forward.
    m_pagedKeys << add(QKeySequence(Qt::Key_Left), [this] { m_paged->stepBy(-1); });
    m_pagedKeys << add(QKeySequence(Qt::SHIFT | Qt::Key_Left), [this] { m_paged->stepBy(-10); });
    m_pagedKeys << add(QKeySequence(Qt::SHIFT | Qt::Key_Right), [this] { m_paged->stepBy(10); });
    m_pagedKeys << add(QKeySequence(Qt::Key_R), [this] { m_paged->restart(); });
    // A presenter's clicker sends Page Down / Page Up: reveal then next, and back; its blank-screen button sends
    // B or '.'. A key that moves the lesson also lifts the black screen, as a slide show does.
    m_lessonKeys.clear();
    m_lessonKeys << add(QKeySequence(Qt::Key_PageDown), [this] {
        setBlackScreen(false);
        m_lessons->advance();
    });
    m_lessonKeys << add(QKeySequence(Qt::Key_PageUp), [this] {
        setBlackScreen(false);
        m_lessons->previous();
    });
    // B is the second choice while choices are open (the cheat sheet says so); '.' always blanks.
    m_lessonKeys << add(QKeySequence(Qt::Key_B), [this] {
        if (!isBlackScreen() && m_lessons->choicesOpen())
            m_lessons->choose(1);
        else
            setBlackScreen(!isBlackScreen());
    });
    m_lessonKeys << add(QKeySequence(Qt::Key_Period), [this] { setBlackScreen(!isBlackScreen()); });
    m_choiceKeys.clear();
    for (int i = 0; i < 4; ++i) {
        m_choiceKeys << add(QKeySequence(Qt::Key(Qt::Key_1 + i)), [this, i] { m_lessons->choose(i); });
        if (i != 1) // B is above
            m_choiceKeys << add(QKeySequence(Qt::Key(Qt::Key_A + i)), [this, i] { m_lessons->choose(i); });
        // The show of hands: one more for choice i.
        m_choiceKeys << add(QKeySequence(Qt::SHIFT | Qt::Key(Qt::Key_1 + i)), [this, i] { m_lessons->addVote(i); });
    }
    updateLessonKeys();
}

QString MainWindow::aboutText() const {
    const kvscope::gpu::DeviceInfo device = kvscope::gpu::probeDevice();
    const auto version = [](int v) { return u"%1.%2"_s.arg(v / 1000).arg((v % 1000) / 10); };
    QString cuda;
    if (!device.cudaBuilt)
        cuda = tr("not built in: the decode core runs on the CPU");
    else if (device.driverVersion == 0)
        cuda = tr("runtime %1, no driver: the decode core runs on the CPU").arg(version(device.runtimeVersion));
    else
        cuda = tr("runtime %1, driver %2").arg(version(device.runtimeVersion), version(device.driverVersion));
    return tr("<b>KV Scope %1</b><p>See where an LLM's inference memory goes: weights, KV cache and the overheads "
              "around them, against a GPU's budget.</p><p>Licence: MIT.<br>Qt %2 (built with %3).<br>CUDA: "
              "%4.<br>%5</p>")
        .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR), cuda,
             viewtext::deviceLine(device).toHtmlEscaped());
}

QString MainWindow::cheatSheetText() const {
    QStringList pageTitles;
    for (const PageKind* kind : pageregistry::kinds())
        pageTitles << kind->translatedTitle();
    const std::pair<QString, QString> rows[] = {
        {pageTitles.size() > 9 ? tr("Ctrl+1 ... Ctrl+9, Ctrl+0") : tr("Ctrl+1 ... Ctrl+%1").arg(pageTitles.size()),
         tr("Switch page: %1").arg(pageTitles.join(tr(", ")))},
        {tr("F5"), tr("Presenter mode on or off")},
        {tr("Escape"), tr("Leave presenter mode")},
        {tr("Ctrl+L"), tr("Show or hide the lessons")},
        {tr("Ctrl+K"), tr("Quiz mode: hide a lesson's figures until revealed")},
        {tr("Enter or Page Down"), tr("In a lesson: reveal the answer, then go to the next lesson")},
        {tr("Page Up"), tr("The previous lesson, as it was left")},
        {tr("B or ."), tr("In a lesson: black screen (any key or a click brings it back); B picks B while choices "
                          "are open")},
        {tr("1-4 or A-D"), tr("In a lesson: pick a choice")},
        {tr("Shift+1 ... Shift+4"), tr("In a lesson: one more hand for choice A to D (the class vote)")},
        {tr("Space"), tr("Paged memory: play or pause")},
        {tr("Right"), tr("Paged memory: one step")},
        {tr("Left"), tr("Paged memory: one step back")},
        {tr("Shift+Left / Shift+Right"), tr("Paged memory: ten steps back or forward")},
        {tr("R"), tr("Paged memory: restart")},
        {tr("Left / Right on Context or Batch"), tr("Halve or double")},
        {tr("Page Down / Page Up on a focused Context or Batch"), tr("Divide or multiply by 4")},
        {tr("Ctrl+P"), tr("Pin the scenario as a reference outline")},
        {tr("Shift+F1"), tr("What's This: click a control or chart to hear what it shows")},
        {tr("F1 or ?"), tr("This list")},
    };
    QString html = u"<table cellspacing='6'>"_s;
    for (const auto& [keys, what] : rows)
        html += u"<tr><td><b>%1</b></td><td>%2</td></tr>"_s.arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    return html + u"</table>"_s;
}

void MainWindow::showCheatSheet() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QLabel(cheatSheetText(), &dialog);
    text->setTextFormat(Qt::RichText);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.exec();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = Settings::instance()->recentFiles();
    for (const QString& path : files)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openScenario(path); })
            ->setToolTip(path);
    m_recentMenu->setEnabled(!files.isEmpty());
}

QStringList MainWindow::pageNames() const {
    QStringList names;
    for (const Page* page : pageList())
        names << page->objectName();
    return names;
}

QList<Page*> MainWindow::pageList() const {
    QList<Page*> pages;
    for (int i = 0; m_pages && i < m_pages->count(); ++i)
        if (auto* page = qobject_cast<Page*>(m_pages->widget(i)))
            pages << page;
    return pages;
}

Page* MainWindow::currentPage() const {
    return m_pages ? qobject_cast<Page*>(m_pages->currentWidget()) : nullptr;
}

QString MainWindow::currentPageName() const {
    return m_pages->currentWidget() ? m_pages->currentWidget()->objectName() : QString();
}

bool MainWindow::showPage(const QString& name) {
    for (int i = 0; i < m_pages->count(); ++i) {
        if (m_pages->widget(i)->objectName() == name) {
            m_pages->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void MainWindow::pageChanged() {
    const bool paged = m_pages->currentWidget() == m_paged;
    for (QAction* action : std::as_const(m_pagedKeys))
        action->setEnabled(paged);
    applyFolding();
}

void MainWindow::applyFolding() {
    const PageKind* kind = pageregistry::find(currentPageName());
    const PanelUse panel = kind ? kind->panel : PanelUse::Scenario;
    // A page with its own model and settings needs no panel; on a projector neither does a page whose own inputs
    // are enough, nor a lesson (it sets the scenario itself: the page and the lesson share the screen). Elsewhere a
    // projector shows the few controls the page answers to.
    const bool hideDock =
        panel == PanelUse::OwnInputs || (m_presenter && (panel == PanelUse::OwnInputsProjected || lessonsActive()));
    m_scenarioDock->setVisible(!hideDock);
    using F = ControlsPanel::Field;
    if (!m_presenter)
        m_controls->showAllFields();
    else if (kind && !kind->presenterFields.isEmpty())
        m_controls->showOnly(kind->presenterFields);
    else {
        // And what the scenario has moved off its default, so that the bars a class sees have their cause on screen:
        // tensor parallelism above 1, speculative decoding on.
        QList<F> fields{F::Model, F::WeightDtype, F::KvDtype, F::Context, F::Batch, F::Gpu};
        const kvscope::Scenario& s = m_controller->scenario();
        if (s.tensorParallel > 1)
            fields << F::TensorParallel;
        if (s.speculation.enabled())
            fields << F::Speculation;
        m_controls->showOnly(fields);
    }
    // The panel is as wide as its widest row in the current type size, never wider than a
    // quarter of the screen's width in presenter mode.
    auto* scroll = qobject_cast<QScrollArea*>(m_scenarioDock->widget());
    if (scroll) {
        const int wanted = m_controls->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 4;
        scroll->setMinimumWidth(m_presenter ? std::min(wanted, std::max(320, width() / 4)) : wanted);
    }
}

bool MainWindow::focusNextPrevChild(bool next) {
    const QList<QWidget*> roots{m_scenarioDock->isVisible() ? m_controls : nullptr, m_pages->tabBar(),
                                m_pages->currentWidget(), m_lessonDock->isVisible() ? m_lessons : nullptr};
    if (QWidget* target = focusorder::next(roots, QApplication::focusWidget(), next)) {
        target->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
        return true;
    }
    return QMainWindow::focusNextPrevChild(next);
}

bool MainWindow::lessonsActive() const {
    // Not hidden rather than visible: at start-up the lessons open before the window is shown.
    return !m_lessonDock->isHidden() && m_lessons && m_lessons->hasLessons();
}

void MainWindow::updateLessonKeys() {
    const bool active = lessonsActive();
    for (QAction* action : std::as_const(m_lessonKeys))
        action->setEnabled(active);
    for (QAction* action : std::as_const(m_choiceKeys))
        action->setEnabled(active && m_lessons->choicesOpen());
    if (!active)
        setBlackScreen(false);
    // The open lesson's locked and hidden controls; every control back once no lesson is open.
    QStringList locked, hidden;
    if (const kvscope::Lesson* lesson = active && !m_lessons->isFinished() ? m_lessons->currentLesson() : nullptr) {
        for (const std::string& name : lesson->lockedControls)
            locked << QString::fromStdString(name);
        for (const std::string& name : lesson->hiddenControls)
            hidden << QString::fromStdString(name);
    }
    if (m_controls)
        m_controls->setLessonRestrictions(locked, hidden);
}

bool MainWindow::isBlackScreen() const {
    return m_blackScreen && m_blackScreen->isVisible();
}

void MainWindow::setBlackScreen(bool on) {
    if (on == isBlackScreen())
        return;
    if (!m_blackScreen) {
        m_blackScreen = new QWidget(this);
        m_blackScreen->setObjectName(u"blackScreen"_s);
        m_blackScreen->setAutoFillBackground(true);
        QPalette black = m_blackScreen->palette();
        black.setColor(QPalette::Window, Qt::black);
        m_blackScreen->setPalette(black);
        m_blackScreen->setAccessibleName(tr("Black screen: any key or a click brings the lesson back"));
        m_blackScreen->installEventFilter(this);
    }
    if (on) {
        m_blackScreen->setGeometry(rect());
        m_blackScreen->raise();
        m_blackScreen->show();
    } else {
        m_blackScreen->hide();
    }
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    // The black screen lifts on a click, or on a key that is not one of the clicker's (those act themselves).
    if (event->type() == QEvent::MouseButtonPress && m_blackScreen && watched == m_blackScreen) {
        setBlackScreen(false);
        return true;
    }
    if (event->type() == QEvent::KeyPress && m_swallowKey) {
        m_swallowKey = false; // the key that lifted the black screen does nothing else
        return true;
    }
    if (event->type() == QEvent::KeyPress && isBlackScreen()) {
        const int pressed = static_cast<QKeyEvent*>(event)->key();
        if (pressed != Qt::Key_B && pressed != Qt::Key_Period && pressed != Qt::Key_PageDown &&
            pressed != Qt::Key_PageUp) {
            setBlackScreen(false);
            return true;
        }
    }
    if (event->type() == QEvent::Resize && watched == this && m_presenter) // after the resize, not inside it
        QTimer::singleShot(0, this, &MainWindow::fitPresenterType);
    if (event->type() == QEvent::Resize && watched == this && m_blackScreen)
        m_blackScreen->setGeometry(rect());
    if (event->type() != QEvent::ShortcutOverride)
        return QMainWindow::eventFilter(watched, event);
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != this)
        return false;
    const int key = static_cast<QKeyEvent*>(event)->key();
    // On a black screen a shortcut's key (Escape, F5, a choice key) only lifts it: nothing acts unseen.
    if (isBlackScreen() && key != Qt::Key_PageDown && key != Qt::Key_PageUp && key != Qt::Key_B &&
        key != Qt::Key_Period) {
        setBlackScreen(false);
        m_swallowKey = true; // accepted: no shortcut fires; the key press that follows is eaten below
        event->accept();
        return true;
    }
    // While a lesson is open the clicker's keys are the lesson's, whatever has focus: a box or a slider with
    // focus would otherwise take Page Down as a big step (batch 16 -> 4). A field for words keeps B and '.';
    // an editable number box keeps '.', its decimal point ("15.88" typed as a prediction).
    const bool clicker = key == Qt::Key_PageDown || key == Qt::Key_PageUp;
    const bool blank = key == Qt::Key_B || key == Qt::Key_Period;
    if (lessonsActive() && (clicker || blank)) {
        const auto* line = qobject_cast<QLineEdit*>(widget);
        const auto* spin = qobject_cast<QAbstractSpinBox*>(widget);
        if (!spin && line)
            spin = qobject_cast<QAbstractSpinBox*>(line->parentWidget());
        const bool words =
            (line && !line->isReadOnly() && !qobject_cast<QAbstractSpinBox*>(line->parentWidget()) &&
             !qobject_cast<QComboBox*>(line->parentWidget())) ||
            (qobject_cast<QPlainTextEdit*>(widget) && !static_cast<QPlainTextEdit*>(widget)->isReadOnly());
        const bool decimal = key == Qt::Key_Period && spin && !spin->isReadOnly() && spin->isEnabled();
        if ((blank && words) || decimal) {
            event->accept(); // typed as a letter, or as the decimal point
            return false;
        }
        // Filtered unaccepted: no control (a SliderSpin's own filter, a box's line edit) claims the key, so the
        // window's shortcut takes it.
        return true;
    }
    const bool text = qobject_cast<QLineEdit*>(widget) || qobject_cast<QAbstractSpinBox*>(widget);
    const bool view = qobject_cast<QAbstractItemView*>(widget) != nullptr;
    bool owns = false;
    switch (key) {
    case Qt::Key_Space:
        owns = qobject_cast<QAbstractButton*>(widget) || view || text || qobject_cast<QComboBox*>(widget);
        break;
    case Qt::Key_Right:
    case Qt::Key_Left:
        owns = qobject_cast<QAbstractSlider*>(widget) || view || text || qobject_cast<QTabBar*>(widget);
        break;
    case Qt::Key_R:
        owns = view || text || qobject_cast<QComboBox*>(widget);
        break;
    case Qt::Key_PageDown:
    case Qt::Key_PageUp:
        owns = qobject_cast<QAbstractSlider*>(widget) || view || text;
        break;
    default:
        // A lesson's choice keys (1-4, A-D) are typed as themselves in a box.
        owns = text && ((key >= Qt::Key_1 && key <= Qt::Key_4) || (key >= Qt::Key_A && key <= Qt::Key_D));
        break;
    }
    if (owns)
        event->accept(); // the key goes to the control, not to the window's shortcut
    return false;
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
}

bool MainWindow::setLanguage(const QString& code) {
    if (code == language::current())
        return true;
    const QList<Page*> pages = pageList();
    if (std::ranges::any_of(pages, &Page::isBusy)) {
        // Rebuilding the interface would end the run: the switch waits for it.
        reportError(tr("Language not changed"), tr("Stop the decode run first, or let it finish, then switch the "
                                                   "language."));
        for (QAction* action : m_menus.value(1) ? m_menus.value(1)->findChildren<QAction*>() : QList<QAction*>())
            if (action->data().toString() == language::current())
                action->setChecked(true);
        return false;
    }
    if (!language::install(code))
        return false;
    Settings::instance()->setLanguage(code);
    buildUi();
    statusBar()->showMessage(tr("Language: %1").arg(language::nativeName(code)), 4000);
    return true;
}

void MainWindow::setPresenterMode(bool on, bool fullScreen) {
    if (on == m_presenter) {
        if (on && fullScreen && !isFullScreen())
            showFullScreen();
        return;
    }
    m_presenter = on;
    {
        const QSignalBlocker block(m_presenterAction);
        m_presenterAction->setChecked(on);
    }
    m_leavePresenter->setEnabled(on);
    if (on) {
        m_normalFont = QApplication::font();
        chartstyle::Style::instance()->setPresenterScale(chartstyle::presenterScaleFor(height()));
        QFont large = m_normalFont;
        large.setPointSizeF(chartstyle::presenterPoints());
        QApplication::setFont(large);
    } else {
        QApplication::setFont(m_normalFont);
    }
    chartstyle::Style::instance()->setPresenter(on); // pages restyle; the panel folds
    if (on && fullScreen) {
        m_statesBeforePresenter = windowState();
        showFullScreen();
    } else if (!on && isFullScreen()) {
        setWindowState(m_statesBeforePresenter & ~Qt::WindowFullScreen);
        show();
    }
    placeLessonDock();
    applyFolding();
    statusBar()->showMessage(on ? tr("Presenter mode: Escape or F5 to leave") : tr("Presenter mode off"), 4000);
}

void MainWindow::fitPresenterType() {
    // Full screen on a projector of another height (or a window resized): the type follows the image.
    if (!m_presenter)
        return;
    const qreal scale = chartstyle::presenterScaleFor(height());
    if (qFuzzyCompare(scale, chartstyle::Style::instance()->presenterScale()))
        return;
    QFont large = QApplication::font();
    large.setPointSizeF(18.0 * scale);
    QApplication::setFont(large);
    chartstyle::Style::instance()->setPresenterScale(scale); // pages restyle
    placeLessonDock();
    applyFolding();
}

void MainWindow::placeLessonDock() {
    // A projector is wide and short: the lesson goes beside the page, 38% of the width, so that question,
    // answer and the outlined figure are all in view. At a desk it sits under the page.
    // Where the teacher put it in this mode wins, and keeps its size.
    const std::optional<Qt::DockWidgetArea> chosen = m_lessonDockArea[m_presenter ? 1 : 0];
    const Qt::DockWidgetArea area = chosen ? *chosen : m_presenter ? Qt::RightDockWidgetArea : Qt::BottomDockWidgetArea;
    if (!m_lessonDock->isFloating() && dockWidgetArea(m_lessonDock) != area) {
        m_placingLessonDock = true;
        addDockWidget(area, m_lessonDock);
        m_placingLessonDock = false;
    }
    if (m_lessonDock->isHidden() || m_lessonDock->isFloating() || chosen)
        return;
    if (area == Qt::RightDockWidgetArea)
        resizeDocks({m_lessonDock}, {std::max(360, width() * 19 / 50)}, Qt::Horizontal);
    else
        resizeDocks({m_lessonDock}, {height() / 3}, Qt::Vertical);
}

void MainWindow::setQuizMode(bool on) {
    m_quiz = on;
    if (m_quizAction && m_quizAction->isChecked() != on) {
        const QSignalBlocker block(m_quizAction);
        m_quizAction->setChecked(on);
    }
    m_lessons->setQuizMode(on);
    m_paged->setQuizMode(on);
}

bool MainWindow::openLessons(const QString& spec) {
    QString error;
    // Shown first, so that the first lesson's scenario change is narrated as a lesson's (without its figures).
    const bool wasShown = m_lessonDock->isVisible();
    m_lessonDock->show();
    if (!m_lessons->open(spec, &error)) {
        m_lessonDock->setVisible(wasShown);
        reportError(tr("Cannot open lessons"), error);
        return false;
    }
    placeLessonDock();
    updateLessonKeys();
    applyFolding();
    return true;
}

QString MainWindow::scenarioCode() const {
    kvscope::SharedScreen screen;
    screen.scenario = m_controller->scenario();
    screen.page = currentPageName().toStdString();
    // A shipped set's lesson only: a teacher's own file is not on the student's machine.
    if (const kvscope::LessonSet* set = m_lessons->lessonSet(); set && lessonsActive())
        if (kvscope::isShippedLessonSet(*set))
            screen.lesson = set->id + ":" + std::to_string(m_lessons->currentIndex() + 1);
    // The step only with a lesson whose run it is: the paged page's own settings (workload, policy) are not in a
    // code, so a step on them would replay another trace on the student's machine.
    const kvscope::Lesson* lesson = lessonsActive() ? m_lessons->currentLesson() : nullptr;
    if (!screen.lesson.empty() && lesson && lesson->simulation)
        screen.step = std::min<std::uint64_t>(m_paged->position(), kvscope::kScenarioCodeMaxStep);
    try {
        return QString::fromStdString(kvscope::encodeScenarioCode(screen));
    } catch (const kvscope::Error&) {
        return {}; // a scenario the controller holds is valid; nothing else can fail here
    }
}

void MainWindow::copyScenarioCode() {
    const QString code = scenarioCode();
    QGuiApplication::clipboard()->setText(code);
    statusBar()->showMessage(kvscope::scenarioCodeIsShort(m_controller->scenario())
                                 ? tr("Scenario link copied (%n character(s)): paste it into File > Open Scenario "
                                      "Link, or give it to kvscope --open or kvscope-cli --code",
                                      nullptr, int(code.size()))
                                 : tr("Scenario link copied: %n character(s), long because this model is not a preset "
                                      "and travels whole",
                                      nullptr, int(code.size())),
                             10000);
}

bool MainWindow::openScenarioCode(const QString& code) {
    kvscope::SharedScreen screen;
    try {
        screen = kvscope::decodeScenarioCode(code.toStdString());
    } catch (const kvscope::Error& e) {
        reportError(tr("Cannot open scenario link"), QString::fromUtf8(e.what()));
        return false;
    }
    const QString page = QString::fromStdString(screen.page);
    if (!page.isEmpty() && !pageNames().contains(page)) {
        reportError(tr("Cannot open scenario link"),
                    tr("scenario code: field 'page' is '%1'; pages: %2").arg(page, pageNames().join(u", "_s)));
        return false;
    }
    // Everything checked before anything changes: the scenario's own limits (a product past 64 bits)...
    try {
        kvscope::checkScenarioArgs(screen.scenario);
    } catch (const kvscope::Error& e) {
        reportError(tr("Cannot open scenario link"), QString::fromUtf8(e.what()));
        return false;
    }
    if (!screen.lesson.empty()) {
        // ...then the lesson: the set already open is kept with its predictions and the class's hands, the lesson
        // brought back as it was left; another set opens afresh.
        const QString spec = QString::fromStdString(screen.lesson);
        const QString setId = spec.section(u':', 0, 0);
        const int index = spec.section(u':', 1).toInt() - 1;
        const kvscope::LessonSet* open = m_lessons->lessonSet();
        if (open && lessonsActive() && QString::fromStdString(open->id) == setId &&
            kvscope::isShippedLessonSet(*open) && index < m_lessons->count())
            m_lessons->visit(index);
        else if (!openLessons(spec))
            return false; // openLessons said why
    }
    // The lesson set up its own scenario and page: the code's are what the sender saw.
    if (!m_controller->setScenario(screen.scenario, !kvscope::scenarioCodeIsShort(screen.scenario))) {
        reportError(tr("Cannot open scenario link"), m_controller->error());
        return false;
    }
    if (!page.isEmpty())
        showPage(page);
    if (screen.step > 0)
        m_paged->seek(screen.step);
    return true;
}

bool MainWindow::saveScreenshot(const QString& path) {
    if (const QString problem = outputFileProblem(path, "screenshot"); !problem.isEmpty()) {
        m_lastError = problem;
        return false;
    }
    // Beside the target and renamed over it: a full disk or a read-only folder leaves the old file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        m_lastError = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    if (!grab().save(&file, "PNG") || !file.commit()) {
        const QString why = file.errorString().isEmpty() ? tr("the image could not be written") : file.errorString();
        file.cancelWriting();
        m_lastError = tr("%1: %2").arg(path, why);
        return false;
    }
    return true;
}

void MainWindow::reportError(const QString& title, const QString& message) {
    m_lastError = message;
    statusBar()->showMessage(message, 10000);
    if (!m_quiet)
        QMessageBox::warning(this, title, message);
}

bool MainWindow::openScenario(const QString& path) {
    try {
        const kvscope::Scenario s = kvscope::loadScenarioFile(argumentBytes(path));
        if (!m_controller->setScenario(s, true)) {
            reportError(tr("Cannot open scenario"), m_controller->error());
            return false;
        }
        Settings::instance()->addRecentFile(path);
        statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
        return true;
    } catch (const kvscope::Error& e) {
        reportError(tr("Cannot open scenario"), QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::saveScenario(const QString& path) {
    try {
        kvscope::saveScenarioFile(m_controller->scenario(), argumentBytes(path));
        Settings::instance()->addRecentFile(path);
        statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
        return true;
    } catch (const kvscope::Error& e) {
        reportError(tr("Cannot save scenario"), QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::openConfig(const QString& path) {
    try {
        const kvscope::ImportResult imported = kvscope::importHfConfigFile(argumentBytes(path));
        kvscope::Scenario s = m_controller->scenario();
        s.model = imported.shape;
        s.tensorParallel = 1;
        // A quantized checkpoint is weighed as it is stored; its 16-bit dtype is the compute dtype.
        s.weightsAsStored = imported.shape.stored.has_value();
        if (imported.shape.stored)
            s.weightDtype = imported.shape.stored->rest;
        setImportedModel(imported); // before the scenario: the page shows its family rule
        if (!m_controller->setScenario(s, true)) {
            reportError(tr("Cannot use this config"), m_controller->error());
            return false;
        }
        QStringList notes;
        for (const kvscope::ImportNote& note : imported.notes)
            notes << viewtext::importNote(note);
        statusBar()->showMessage(notes.isEmpty() ? tr("Imported %1").arg(path)
                                                 : tr("Imported %1 - %2").arg(path, notes.join(u"; "_s)),
                                 10000);
        return true;
    } catch (const kvscope::Error& e) {
        reportError(tr("Cannot read config.json"), QString::fromUtf8(e.what()));
        return false;
    }
}

void MainWindow::setImportedModel(const std::optional<kvscope::ImportResult>& imported) {
    m_imported = imported;
    if (m_memory)
        m_memory->setImportedModel(imported);
    updateConfidenceBanner();
}

void MainWindow::updateConfidenceBanner() {
    if (!m_confidenceBanner)
        return;
    // Only while the scenario's model is the one imported (the memory page's test, on the shape).
    const kvscope::ModelShape& m = m_controller->scenario().model;
    const bool show = m_imported && m_imported->confidence == kvscope::Confidence::Unverified &&
                      m_imported->shape.id == m.id && m_imported->shape.layers == m.layers &&
                      m_imported->shape.heads == m.heads && m_imported->shape.kvHeads == m.kvHeads &&
                      m_imported->shape.effectiveHeadDim() == m.effectiveHeadDim();
    const QString text = show ? ModelRuleText::unverifiedBanner(*m_imported) : QString();
    if (m_confidenceBanner->text() != text)
        m_confidenceBanner->setText(text);
    if (m_confidenceBanner->isVisibleTo(this) != show)
        m_confidenceBanner->setVisible(show);
}

QString MainWindow::confidenceBannerText() const {
    return m_confidenceBanner && !m_confidenceBanner->isHidden() ? m_confidenceBanner->text() : QString();
}

QWidget* MainWindow::currentChart() const {
    const auto* page = qobject_cast<const Page*>(m_pages->currentWidget());
    return page ? page->exportedChart() : nullptr;
}

bool MainWindow::exportChart(const QString& path) {
    QWidget* view = currentChart();
    if (!view)
        view = m_pages->currentWidget();
    const bool svg = path.endsWith(u".svg"_s, Qt::CaseInsensitive);
    if (!svg && !path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
        reportError(tr("Cannot export chart"), tr("%1: use a .png or .svg file name").arg(path));
        return false;
    }
    if (const QString problem = outputFileProblem(path, "chart"); !problem.isEmpty()) {
        reportError(tr("Cannot export chart"), problem);
        return false;
    }
    // Written beside the target and renamed over it: a failed export leaves the old file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        reportError(tr("Cannot export chart"), tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    bool written = false;
    if (svg) {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(view->size());
        generator.setViewBox(view->rect());
        generator.setTitle(windowTitle());
        QPainter painter;
        if (painter.begin(&generator)) {
            view->render(&painter);
            written = painter.end();
        }
    } else {
        written = view->grab().save(&file, "PNG");
    }
    if (!written || !file.commit()) {
        file.cancelWriting();
        reportError(tr("Cannot export chart"),
                    tr("%1: %2").arg(path, file.errorString().isEmpty() ? tr("the image could not be written")
                                                                        : file.errorString()));
        return false;
    }
    return true;
}

bool MainWindow::saveTableCsv(const QString& path) {
    if (const QString problem = outputFileProblem(path, "breakdown table"); !problem.isEmpty()) {
        reportError(tr("Cannot save breakdown"), problem);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        reportError(tr("Cannot save breakdown"), tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    file.write(m_memory->breakdownModel()->toCsv().toUtf8());
    if (!file.commit()) {
        reportError(tr("Cannot save breakdown"), tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

void MainWindow::copyTableMarkdown() {
    QApplication::clipboard()->setText(m_memory->breakdownModel()->toMarkdown());
    statusBar()->showMessage(tr("Breakdown copied as a Markdown table"), 4000);
}

void MainWindow::setPinned(bool pinned) {
    if (pinned)
        m_pinned = m_controller->scenario();
    else
        m_pinned.reset();
    if (m_pinAction->isChecked() != pinned) {
        const QSignalBlocker block(m_pinAction);
        m_pinAction->setChecked(pinned);
    }
    m_memory->setPinned(m_pinned);
}

void MainWindow::updateTitle() {
    const auto& s = m_controller->scenario();
    setWindowTitle(
        tr("KV Scope - %1%2")
            .arg(QString::fromStdString(s.model.displayName), m_controller->isCustom() ? tr(" (custom)") : QString()));
}

void MainWindow::narrateChange() {
    const kvscope::Scenario& now = m_controller->scenario();
    const kvscope::Estimate& e = m_controller->estimate();
    const kvscope::ScenarioDiff diff = kvscope::diffScenarios(m_narrated, m_narratedEstimate, now, e);
    const kvscope::Scenario before = m_narrated;
    m_narrated = now;
    m_narratedEstimate = e;
    // While a quiz question is open the narration names the change, not the figures it gives away.
    // In a lesson (quiz mode or not) the status bar is a side channel: it must not answer before the reveal.
    const bool figures = !(lessonsActive() && m_lessons->questionOpen());
    const QString text = viewtext::changeNarration(diff, before, now, figures);
    if (!text.isEmpty())
        statusBar()->showMessage(text, 8000);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    Settings::instance()->setLastScenario(m_controller->scenario());
    if (!m_presenter) // a full-screen projector layout is not the window to come back to
        Settings::instance()->setWindowGeometry(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().size() == 1 &&
        event->mimeData()->urls().constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    openFile(recoverDialogPath(event->mimeData()->urls().constFirst().toLocalFile()));
    event->acceptProposedAction();
}

bool MainWindow::openFile(const QString& path) {
    // Only a regular file is read: a directory or a FIFO would block the window (each opener checks again).
    const QFileInfo info(path);
    if (!info.isFile()) {
        reportError(tr("Cannot open file"),
                    info.exists() ? tr("%1 is not a regular file").arg(path) : tr("%1 does not exist").arg(path));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        reportError(tr("Cannot open file"), tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    const QByteArray head = file.read(qint64(64) * 1024);
    file.close();
    switch (kvscope::detectInputKind(std::string_view(head.constData(), std::size_t(head.size())))) {
    case kvscope::InputKind::Scenario:
        return openScenario(path);
    case kvscope::InputKind::Lessons:
        return openLessons(path);
    case kvscope::InputKind::ModelConfig:
        return openConfig(path);
    case kvscope::InputKind::Trace:
        showPage(PagedPage::kind().id);
        if (!m_paged->openTrace(path)) {
            reportError(tr("Cannot replay the trace"), m_paged->errorText());
            return false;
        }
        return true;
    case kvscope::InputKind::ServerLog:
        showPage(ExplainLogPage::kind().id);
        if (!m_log->openLog(path)) {
            reportError(tr("Cannot read the log"), m_log->errorText());
            return false;
        }
        return true;
    case kvscope::InputKind::Unknown:
        break;
    }
    reportError(tr("Cannot open file"),
                tr("%1 is not a file KV Scope knows: expected a Hugging Face config.json, a KV Scope scenario or "
                   "lesson file, a request trace (CSV or JSON Lines) or a server start-up log")
                    .arg(path));
    return false;
}
