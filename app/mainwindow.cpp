#include "mainwindow.h"

#include "attentionpage.h"
#include "breakdownmodel.h"
#include "controlspanel.h"
#include "decodepage.h"
#include "error.h"
#include "hfconfig.h"
#include "memorychart.h"
#include "memorypage.h"
#include "pagedpage.h"
#include "scalingpage.h"
#include "scenariocontroller.h"
#include "scenariofile.h"
#include "settings.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QSaveFile>
#include <QScrollArea>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTabWidget>

using namespace Qt::StringLiterals;

MainWindow::MainWindow(ScenarioController* controller, QWidget* parent)
    : QMainWindow(parent)
    , m_controller(controller)
    , m_pages(new QTabWidget(this))
    , m_controls(new ControlsPanel(controller, this))
    , m_memory(new MemoryPage(controller, m_pages))
    , m_attention(new AttentionPage(controller, m_pages))
    , m_scaling(new ScalingPage(controller, m_pages))
    , m_paged(new PagedPage(controller, m_pages))
    , m_decode(new DecodePage(controller, m_pages)) {
    setObjectName(u"mainWindow"_s);
    m_memory->setObjectName(u"memory"_s);
    m_attention->setObjectName(u"attention"_s);
    m_scaling->setObjectName(u"scaling"_s);
    m_paged->setObjectName(u"paged"_s);
    m_decode->setObjectName(u"gpu"_s);
    m_pages->addTab(m_memory, tr("Memory"));
    m_pages->addTab(m_attention, tr("Attention"));
    m_pages->addTab(m_scaling, tr("Scaling"));
    m_pages->addTab(m_paged, tr("Paged memory"));
    m_pages->addTab(m_decode, tr("GPU decode"));
    setCentralWidget(m_pages);

    auto* dock = new QDockWidget(tr("Scenario"), this);
    dock->setObjectName(u"scenarioDock"_s);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    auto* scroll = new QScrollArea(dock);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_controls->sizeHint().width() + 24);
    dock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    buildMenus();
    setAcceptDrops(true);
    connect(m_controls, &ControlsPanel::openConfigRequested, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a Hugging Face config.json"), QString(),
                                                          tr("Model config (*.json);;All files (*)"));
        if (!path.isEmpty())
            openConfig(path);
    });
    connect(controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    connect(controller, &ScenarioController::errorChanged, this, [this](const QString& error) {
        if (!error.isEmpty())
            statusBar()->showMessage(tr("Not applied: %1").arg(error), 8000);
    });
    updateTitle();
    resize(1440, 900);
    restoreGeometry(Settings::instance()->windowGeometry());
    restoreState(Settings::instance()->windowState());
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Scenario..."), QKeySequence::Open, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(), tr("KV Scope scenario (*.json)"));
        if (!path.isEmpty())
            openScenario(path);
    });
    file->addAction(tr("&Save Scenario As..."), QKeySequence::Save, this, [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), u"scenario.kvscope.json"_s,
                                                    tr("KV Scope scenario (*.json)"));
        if (!path.isEmpty())
            saveScenario(path);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(Settings::instance(), &Settings::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addAction(tr("Open &config.json..."), this, [this] { emit m_controls->openConfigRequested(); });
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
    file->addAction(tr("Save Breakdown as &CSV..."), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save breakdown"), u"kvscope-breakdown.csv"_s, tr("CSV (*.csv)"));
        if (!path.isEmpty())
            saveTableCsv(path);
    });
    file->addAction(tr("Copy Breakdown as &Markdown"), QKeySequence(u"Ctrl+Shift+C"_s), this,
                    &MainWindow::copyTableMarkdown);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_pinAction = view->addAction(tr("&Pin This Scenario as Reference"), QKeySequence(u"Ctrl+P"_s));
    m_pinAction->setCheckable(true);
    connect(m_pinAction, &QAction::toggled, this, &MainWindow::setPinned);
    view->addAction(tr("Reset to the Course's &Reference Scenario"), this,
                    [this] { m_controller->setScenario(kvscope::defaultScenario()); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About KV Scope"), this, [this] {
        QMessageBox::about(this, tr("About KV Scope"),
                           tr("<b>KV Scope %1</b><p>See where an LLM's inference memory goes: weights, KV cache "
                              "and the overheads around them, against a GPU's budget.</p>")
                               .arg(QApplication::applicationVersion()));
    });
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
    for (int i = 0; i < m_pages->count(); ++i)
        names << m_pages->widget(i)->objectName();
    return names;
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

bool MainWindow::saveScreenshot(const QString& path) {
    return grab().save(path, "PNG");
}

void MainWindow::reportError(const QString& title, const QString& message) {
    m_lastError = message;
    statusBar()->showMessage(message, 10000);
    if (!m_quiet)
        QMessageBox::warning(this, title, message);
}

bool MainWindow::openScenario(const QString& path) {
    try {
        const kvscope::Scenario s = kvscope::loadScenarioFile(path.toStdString());
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
        kvscope::saveScenarioFile(m_controller->scenario(), path.toStdString());
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
        const kvscope::ImportResult imported = kvscope::importHfConfigFile(path.toStdString());
        kvscope::Scenario s = m_controller->scenario();
        s.model = imported.shape;
        s.tensorParallel = 1;
        if (!m_controller->setScenario(s, true)) {
            reportError(tr("Cannot use this config"), m_controller->error());
            return false;
        }
        QStringList notes;
        for (const auto& note : imported.notes)
            notes << QString::fromStdString(note);
        statusBar()->showMessage(notes.isEmpty() ? tr("Imported %1").arg(path)
                                                 : tr("Imported %1 - %2").arg(path, notes.join(u"; "_s)),
                                 10000);
        return true;
    } catch (const kvscope::Error& e) {
        reportError(tr("Cannot read config.json"), QString::fromUtf8(e.what()));
        return false;
    }
}

QChartView* MainWindow::currentChart() const {
    QWidget* page = m_pages->currentWidget();
    if (page == m_attention)
        return m_attention->chartView();
    if (page == m_scaling)
        return m_scaling->chartView();
    if (page == m_paged || page == m_decode)
        return nullptr; // its maps are plain widgets: the whole page is exported
    return m_memory->chart();
}

bool MainWindow::exportChart(const QString& path) {
    QWidget* view = currentChart();
    if (!view)
        view = m_pages->currentWidget();
    if (path.endsWith(u".svg"_s, Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(view->size());
        generator.setViewBox(view->rect());
        generator.setTitle(windowTitle());
        QPainter painter;
        if (!painter.begin(&generator)) {
            reportError(tr("Cannot export chart"), tr("%1: cannot write the SVG file").arg(path));
            return false;
        }
        view->render(&painter);
        painter.end();
        return QFileInfo(path).size() > 0;
    }
    if (!view->grab().save(path)) {
        reportError(tr("Cannot export chart"), tr("%1: cannot write the image (use .png or .svg)").arg(path));
        return false;
    }
    return true;
}

bool MainWindow::saveTableCsv(const QString& path) {
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

void MainWindow::closeEvent(QCloseEvent* event) {
    Settings::instance()->setLastScenario(m_controller->scenario());
    Settings::instance()->setWindowGeometry(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().size() == 1 &&
        event->mimeData()->urls().constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = event->mimeData()->urls().constFirst().toLocalFile();
    // A KV Scope scenario names its format; anything else is tried as a model config.
    QFile file(path);
    const bool isScenario = file.open(QIODevice::ReadOnly) && file.peek(4096).contains("\"kvscope-scenario\"");
    if (isScenario)
        openScenario(path);
    else
        openConfig(path);
    event->acceptProposedAction();
}
