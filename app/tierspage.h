#pragma once

#include "page.h"

#include <QList>

class QChartView;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QSpinBox;
class QTableWidget;
class ScenarioController;

// KV beyond the GPU (issue 30): the tiers under the GPU's KV pool (host memory, a local drive) and the tokens each
// holds; for one request of the scenario's context, the time to read its cache back over each link against the time
// to compute it again (a prefill on the GPU's data-sheet roofline), on a chart along the context with the lengths
// where the two change places; and the same bytes handed from a prefill server to a decode server. Every figure is
// core's (core/kvtiers.h); the formulas are shown with the scenario's numbers.
class TiersPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit TiersPage(ScenarioController* controller, QWidget* parent = nullptr);
    QWidget* exportedChart() const override;

    double hostRatio() const;
    void setHostRatio(double ratio); // the host tier as a multiple of the GPU's KV pool
    int diskGb() const;
    void setDiskGb(int gigabytes); // 0: no disk tier

    QTableWidget* ladder() const { return m_ladder; } // a row per tier
    QTableWidget* links() const { return m_links; }   // a row per link
    QChartView* chartView() const { return m_view; }
    // The chart's lines, recompute first, then one per host and disk link in kvLinks() order.
    const QList<QLineSeries*>& lines() const { return m_lines; }
    QScatterSeries* crossovers() const { return m_crossovers; } // where a line meets the recompute
    QString formulasText() const;
    QString unpricedText() const; // why nothing is shown; empty when the scenario is priced

protected:
    void refresh() override;
    void changeEvent(QEvent* event) override;

private:
    void showUnpriced(const QString& why);
    void restyle();

    ScenarioController* m_controller;
    QDoubleSpinBox* m_hostRatio;
    QSpinBox* m_diskGb;
    QLabel* m_unpriced;
    QLabel* m_formulas;
    QTableWidget* m_ladder;
    QTableWidget* m_links;
    QChartView* m_view;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    QList<QLineSeries*> m_lines;
    QLineSeries* m_request; // a vertical line at the scenario's context
    QScatterSeries* m_crossovers;
};
