#pragma once

#include "page.h"

class AttentionTableModel;
class ScenarioController;
class QBarSet;
class QChartView;
class QLabel;
class QTableView;

// MHA, GQA and MQA side by side for the current model: KV per token, the cache at this
// context and batch, and the largest batch each would fit. Plus the naive formula.
class AttentionPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit AttentionPage(ScenarioController* controller, QWidget* parent = nullptr);
    QWidget* exportedChart() const override;

    QChartView* chartView() const { return m_view; }
    QTableView* table() const { return m_table; }
    AttentionTableModel* tableModel() const { return m_model; }
    QString naiveText() const;

protected:
    void refresh() override;

private:
    static QString perTokenUnit();
    static double perTokenDivisor();

    ScenarioController* m_controller;
    QChartView* m_view;
    QBarSet* m_perToken;
    QLabel* m_naive;
    AttentionTableModel* m_model;
    QTableView* m_table;
};
