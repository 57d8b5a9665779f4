#pragma once

#include <QMainWindow>

class ScenarioController;
class QTabWidget;

// Assembles the controls panel and the pages; holds no memory arithmetic and no page logic.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(ScenarioController* controller, QWidget* parent = nullptr);

    // "memory", "attention", ...; returns false for an unknown name.
    bool showPage(const QString& name);
    QStringList pageNames() const;
    // Renders the whole window into a PNG (works on the offscreen platform).
    bool saveScreenshot(const QString& path);

private:
    void updateTitle();

    ScenarioController* m_controller;
    QTabWidget* m_pages;
};
