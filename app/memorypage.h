#pragma once

#include "hfconfig.h"
#include "scenario.h"

#include "page.h"

#include <optional>

class BreakdownModel;
class DraftMapView;
class MemoryChart;
class ScenarioController;
class QChartView;
class QBarSet;
class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;

// The page a class sees first: stacked memory bars against the budget, the verdict, the
// KV formula with the numbers in, the breakdown table, vLLM's capacity lines and the
// weights in four dtypes.
class MemoryPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit MemoryPage(ScenarioController* controller, QWidget* parent = nullptr);
    QWidget* exportedChart() const override;
    std::any keptState() const override; // the sweep's axis and its lock
    void restoreKeptState(const std::any& state) override;

    BreakdownModel* breakdownModel() const { return m_breakdown; }
    MemoryChart* chart() const { return m_chart; }
    QChartView* weightsChart() const { return m_weightsView; }
    QString verdictText() const;
    QString capacityText() const;
    QString formulaText() const;
    // The data-sheet lower bound on the time per output token (core/roofline.h), as shown.
    QString tpotText() const;
    QString speculationText() const;                      // empty while speculative decoding is off
    DraftMapView* draftMap() const { return m_draftMap; } // the drafts' slots, step by step
    // The weights-by-dtype bars as shown (GiB to two decimals) and their categories.
    QStringList weightLabels() const;
    QCheckBox* axisLock() const { return m_lockAxis; }
    void setAxis(int axis); // 0 = context, 1 = batch
    int axis() const;
    bool isAxisLocked() const;
    void setAxisLocked(bool locked);
    void setPinned(const std::optional<kvscope::Scenario>& pinned);
    // The family rule of an imported config.json, shown while the scenario's model is that model.
    void setImportedModel(const std::optional<kvscope::ImportResult>& imported);
    QString modelRuleText() const;
    // One column (chart, then the figures below) in presenter mode or when the page is too
    // narrow for the chart beside the breakdown table (a 1280- or 1366-pixel laptop screen).
    bool isOneColumn() const { return m_oneColumn; }
    // Below this page width the columns stack: the table's 520 px beside a readable chart.
    static constexpr int kTwoColumnMinWidth = 1000;

protected:
    void refresh() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    std::vector<std::uint64_t> axisValues() const;
    void arrangeColumns();

    ScenarioController* m_controller;
    BreakdownModel* m_breakdown;
    MemoryChart* m_chart;
    QComboBox* m_axis;
    QCheckBox* m_lockAxis;
    QComboBox* m_unit;
    QLabel* m_verdict;
    QLabel* m_verdictNote; // what the verdict compares: the same for every scenario
    QLabel* m_capacity;
    QLabel* m_formula;
    QLabel* m_formulaLegend; // what the formula's symbols stand for
    QLabel* m_tpot;          // TPOT lower bound from the GPU's data sheet
    QLabel* m_speculation;   // speculative decoding: what the drafter adds and the speedup it buys
    class QGroupBox* m_speculationBox;
    DraftMapView* m_draftMap;
    QLabel* m_modelRule; // how the imported config was read ("Falcon, multi_query: 1 KV head (MQA)")
    std::optional<kvscope::ImportResult> m_imported;
    QTableView* m_table;
    QChartView* m_weightsView;
    QWidget* m_main; // the verdict and the chart
    QWidget* m_side; // the figures beside (or, in presenter mode, under) the chart
    class QBoxLayout* m_columns;
    QBarSet* m_weightsSet;
    std::optional<kvscope::Scenario> m_pinned;
    bool m_tableSized = false;
    bool m_oneColumn = false;
};
