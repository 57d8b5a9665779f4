#pragma once

#include "scenario.h"

#include <QMainWindow>

#include <optional>

class AttentionPage;
class ControlsPanel;
class DecodePage;
class MemoryPage;
class PagedPage;
class ScalingPage;
class ScenarioController;
class QChartView;
class QMenu;
class QTabWidget;

// Assembles the controls panel, the pages, the menus and the session; holds no memory
// arithmetic and no page logic.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(ScenarioController* controller, QWidget* parent = nullptr);

    // "memory", "attention", "scaling"; false for an unknown name.
    bool showPage(const QString& name);
    QStringList pageNames() const;
    // Renders the whole window into a PNG (works on the offscreen platform).
    bool saveScreenshot(const QString& path);

    ControlsPanel* controls() const { return m_controls; }
    MemoryPage* memoryPage() const { return m_memory; }
    AttentionPage* attentionPage() const { return m_attention; }
    ScalingPage* scalingPage() const { return m_scaling; }
    PagedPage* pagedPage() const { return m_paged; }
    DecodePage* decodePage() const { return m_decode; }

    // File operations; each reports failure in a message box and changes nothing on failure.
    bool openScenario(const QString& path);
    bool saveScenario(const QString& path);
    bool openConfig(const QString& path);
    bool exportChart(const QString& path); // .png or .svg, the visible page's main chart
    bool saveTableCsv(const QString& path);
    void copyTableMarkdown();
    void setPinned(bool pinned);
    bool isPinned() const { return m_pinned.has_value(); }

    // Message boxes are skipped (only the status bar speaks) when quiet, for tests.
    void setQuiet(bool quiet) { m_quiet = quiet; }
    QString lastError() const { return m_lastError; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void rebuildRecentMenu();
    void updateTitle();
    void reportError(const QString& title, const QString& message);
    QChartView* currentChart() const;

    ScenarioController* m_controller;
    QTabWidget* m_pages;
    ControlsPanel* m_controls;
    MemoryPage* m_memory;
    AttentionPage* m_attention;
    ScalingPage* m_scaling;
    PagedPage* m_paged;
    DecodePage* m_decode;
    QMenu* m_recentMenu = nullptr;
    QAction* m_pinAction = nullptr;
    std::optional<kvscope::Scenario> m_pinned;
    QString m_lastError;
    bool m_quiet = false;
};
