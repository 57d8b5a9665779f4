#pragma once

#include "page.h"

#include <vector>

class FitMapWidget;
class ScenarioController;
class QChartView;
class QCheckBox;
class QComboBox;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

// How memory grows with context for several batch sizes, against the budget, and the
// whole fits / does-not-fit frontier over context x batch.
class ScalingPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit ScalingPage(ScenarioController* controller, QWidget* parent = nullptr);
    QWidget* exportedChart() const override;

    QChartView* chartView() const { return m_view; }
    FitMapWidget* fitMap() const { return m_fitMap; }
    // Batch lines in order (tests read their points back).
    const std::vector<QLineSeries*>& lines() const { return m_lines; }

protected:
    void refresh() override;

private:
    void setLogY(bool log);

    ScenarioController* m_controller;
    QChartView* m_view;
    QComboBox* m_quantity;
    QCheckBox* m_logY;
    FitMapWidget* m_fitMap;
    QLogValueAxis* m_x;
    QValueAxis* m_yLinear;
    QLogValueAxis* m_yLog;
    std::vector<QLineSeries*> m_lines;
    QLineSeries* m_budget;
};
