#pragma once

#include "page.h"

class ScenarioController;
class QBarSet;
class QChartView;
class QLabel;
class QTableWidget;

// MHA, GQA and MQA side by side for the current model: KV per token, the cache at this
// context and batch, and the largest batch each would fit. Plus the naive formula.
class AttentionPage : public Page {
    Q_OBJECT

public:
    explicit AttentionPage(ScenarioController* controller, QWidget* parent = nullptr);

    QChartView* chartView() const { return m_view; }
    QTableWidget* table() const { return m_table; }
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
    QTableWidget* m_table;
};
