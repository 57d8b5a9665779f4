#pragma once

#include <QWidget>

class BreakdownModel;
class ScenarioController;
class QLabel;
class QTableView;

// The memory breakdown of the current scenario against the GPU budget.
class MemoryPage : public QWidget {
    Q_OBJECT

public:
    explicit MemoryPage(ScenarioController* controller, QWidget* parent = nullptr);

    BreakdownModel* breakdownModel() const { return m_breakdown; }
    QString verdictText() const;

private:
    void refresh();

    ScenarioController* m_controller;
    BreakdownModel* m_breakdown;
    QLabel* m_verdict;
    QLabel* m_formula;
    QTableView* m_table;
};
