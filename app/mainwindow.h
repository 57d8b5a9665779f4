#pragma once

#include "hfconfig.h"
#include "scenario.h"

#include <QMainWindow>
#include <QPointer>

#include <optional>

class AttentionPage;
class ControlsPanel;
class DecodePage;
class ExplainLogPage;
class LessonPanel;
class MemoryPage;
class Page;
class PagedPage;
class ScalingPage;
class ScenarioController;
class QActionGroup;
class QChartView;
class QDockWidget;
class QMenu;
class QTabWidget;
class QToolBar;

// Assembles the controls panel, the pages, the lessons, the menus and the session; holds
// no memory arithmetic and no page logic. Every translated string is made in buildUi(),
// so a language switch rebuilds the interface around the same scenario.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(ScenarioController* controller, QWidget* parent = nullptr);
    ~MainWindow() override;

    // A page by its id (pageregistry: "memory", "paged", "log", ...); false for an unknown id.
    bool showPage(const QString& name);
    QStringList pageNames() const;
    QString currentPageName() const;
    Page* currentPage() const; // the page on screen
    // Renders the whole window into a PNG (works on the offscreen platform).
    bool saveScreenshot(const QString& path);

    ControlsPanel* controls() const { return m_controls; }
    MemoryPage* memoryPage() const { return m_memory; }
    // The config the scenario's model came from (--config, File > Open): the memory page shows its rule,
    // and an unverified one puts a banner over every page while it is the scenario's model.
    void setImportedModel(const std::optional<kvscope::ImportResult>& imported);
    QString confidenceBannerText() const; // empty while no banner shows
    AttentionPage* attentionPage() const { return m_attention; }
    ScalingPage* scalingPage() const { return m_scaling; }
    PagedPage* pagedPage() const { return m_paged; }
    DecodePage* decodePage() const { return m_decode; }
    class RooflinePage* rooflinePage() const {
        return m_roofline;
    }
    ExplainLogPage* explainLogPage() const { return m_log; }
    LessonPanel* lessons() const { return m_lessons; }
    bool isBlackScreen() const;
    QDockWidget* scenarioDock() const { return m_scenarioDock; }

    // File operations; each reports failure in a message box and changes nothing on failure.
    // File > Open and a drop: a config.json, scenario, lesson file, trace or server log, told by content.
    bool openFile(const QString& path);
    bool openScenario(const QString& path);
    bool saveScenario(const QString& path);
    bool openConfig(const QString& path);
    bool exportChart(const QString& path); // .png or .svg, the visible page's main chart
    bool saveTableCsv(const QString& path);
    void copyTableMarkdown();
    void setPinned(bool pinned);
    bool isPinned() const { return m_pinned.has_value(); }
    // A lesson set: a shipped id ("course") or a file, optionally ":N" for the Nth lesson.
    bool openLessons(const QString& spec);
    // The screen as a scenario code (core/scenariocode.h): the scenario, the page, a shipped lesson set's lesson and
    // the paged replay's step. File > Copy Scenario Link puts it on the clipboard.
    QString scenarioCode() const;
    void copyScenarioCode();
    // Opens a code's screen: its lesson (which sets its own scenario), then the code's scenario, page and step;
    // an error names the field and changes nothing.
    bool openScenarioCode(const QString& code);

    // "en" or "ko": installs the language, rebuilds every widget around the same
    // scenario, page and lesson, and remembers the choice. False for an unknown code.
    bool setLanguage(const QString& code);
    // Projector layout: full screen (unless told otherwise), 18 pt text, 28 pt headline
    // figures, thick lines, value labels, the scenario panel folded to what the page uses.
    void setPresenterMode(bool on, bool fullScreen = true);
    bool isPresenterMode() const { return m_presenter; }
    // A lesson's figures stay hidden until its answer is revealed.
    void setQuizMode(bool on);
    bool isQuizMode() const { return m_quiz; }
    // The About box: version, licence, the Qt and CUDA versions in use and the decode device.
    QString aboutText() const;
    // The keyboard cheat sheet (F1 or ?), as shown.
    QString cheatSheetText() const;
    void showCheatSheet();

    // Message boxes are skipped (only the status bar speaks) when quiet, for tests.
    void setQuiet(bool quiet) { m_quiet = quiet; }
    void keepOnScreen(); // a restored or asked-for geometry shrunk and moved onto a screen
    QString lastError() const { return m_lastError; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;
    // Gives the animation's and the lessons' keys (Space, Right, R, Page Up/Down) to the
    // focused control when that control uses them: a check box keeps Space, a slider Right.
    bool eventFilter(QObject* watched, QEvent* event) override;
    // Tab follows the screen: the scenario panel, the page tabs, the page, the lesson.
    bool focusNextPrevChild(bool next) override;

private:
    void buildUi();
    void buildMenus();
    void buildShortcuts();
    void rebuildRecentMenu();
    void updateTitle();
    void narrateChange();
    void pageChanged();
    void applyFolding(); // which scenario controls the current page and mode show
    void reportError(const QString& title, const QString& message);
    QWidget* currentChart() const; // the page's exported chart, null for the whole page
    QList<Page*> pageList() const; // in tab order; empty before the first build

    void updateConfidenceBanner();

    ScenarioController* m_controller;
    QTabWidget* m_pages = nullptr;
    class QLabel* m_confidenceBanner = nullptr;
    std::optional<kvscope::ImportResult> m_imported;
    ControlsPanel* m_controls = nullptr;
    MemoryPage* m_memory = nullptr;
    AttentionPage* m_attention = nullptr;
    ScalingPage* m_scaling = nullptr;
    PagedPage* m_paged = nullptr;
    DecodePage* m_decode = nullptr;
    class RooflinePage* m_roofline = nullptr;
    ExplainLogPage* m_log = nullptr;
    LessonPanel* m_lessons = nullptr;
    QDockWidget* m_scenarioDock = nullptr;
    QDockWidget* m_lessonDock = nullptr;
    QToolBar* m_toolbar = nullptr;
    QList<QMenu*> m_menus;
    QList<QAction*> m_windowActions; // shortcuts that live on the window, rebuilt with the UI
    QMenu* m_recentMenu = nullptr;
    QAction* m_pinAction = nullptr;
    QAction* m_presenterAction = nullptr;
    QAction* m_quizAction = nullptr;
    QAction* m_lessonsAction = nullptr;
    QAction* m_leavePresenter = nullptr;
    QList<QAction*> m_pagedKeys;     // Space, Right, R: only while the paged page is shown
    QList<QAction*> m_lessonKeys;    // Page Down, Page Up, B, '.': only while lessons are open and shown
    QList<QAction*> m_choiceKeys;    // 1-4, A-D: only while a lesson's choices are open
    bool m_swallowKey = false;       // the key press after a shortcut key lifted the black screen
    QPointer<QWidget> m_blackScreen; // B or '.' in a lesson: the projector goes black until a key or a click
    void updateLessonKeys();
    void placeLessonDock();  // beside the page in presenter mode, under it otherwise
    void fitPresenterType(); // presenter type for the window's height (chartstyle::presenterScaleFor)
    bool lessonsActive() const;
    void setBlackScreen(bool on);
    std::optional<kvscope::Scenario> m_pinned;
    kvscope::Scenario m_narrated; // the scenario the status bar last described
    kvscope::Estimate m_narratedEstimate;
    QFont m_normalFont;
    Qt::WindowStates m_statesBeforePresenter = Qt::WindowNoState;
    // Where the teacher put the lesson dock, at the desk [0] and in presenter mode [1]: kept over the default
    // placement when the mode or the type size changes. Unset until the dock is moved by hand.
    std::optional<Qt::DockWidgetArea> m_lessonDockArea[2];
    bool m_placingLessonDock = false; // placeLessonDock is moving it: not the teacher
    QString m_lastError;
    bool m_quiet = false;
    bool m_presenter = false;
    bool m_quiz = false;
};
