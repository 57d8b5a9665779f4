#pragma once

#include "page.h"
#include "pergpu.h"

#include <QString>

#include <optional>

class MemoryChart;
class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableWidget;
class ScenarioController;

// A bar per GPU (issue 30): the scenario's weights, KV cache, state and estimates on each GPU of a deployment of
// tensor parallelism (the panel's), pipeline stages, data-parallel attention groups and expert parallelism, against
// the budget line, the GPU that runs out first marked; a table of the same, and what is copied and where. Every
// figure is core's (core/pergpu.h).
class PerGpuPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit PerGpuPage(ScenarioController* controller, QWidget* parent = nullptr);
    QWidget* exportedChart() const override;

    kvscope::Parallelism parallelism() const; // the page's choice (tensor parallelism is the scenario's)
    void setParallelism(const kvscope::Parallelism& parallel);
    const std::optional<kvscope::PerGpuEstimate>& shown() const { return m_shown; }

    MemoryChart* chart() const { return m_chart; }
    QTableWidget* table() const { return m_table; }
    QString summaryText() const;
    QString refusalText() const; // why nothing is drawn; empty when the split is drawn
    QComboBox* groupsBox() const { return m_groups; }
    QSpinBox* stagesBox() const { return m_stages; }
    QCheckBox* expertBox() const { return m_expert; }

protected:
    void refresh() override;
    void changeEvent(QEvent* event) override;

private:
    void offerChoices(const kvscope::Scenario& scenario);
    void refuse(const QString& why);

    ScenarioController* m_controller;
    QSpinBox* m_stages;
    QComboBox* m_groups;
    QCheckBox* m_expert;
    QLabel* m_summary;
    QLabel* m_refusal;
    MemoryChart* m_chart;
    QTableWidget* m_table;
    std::optional<kvscope::PerGpuEstimate> m_shown;
    int m_wantedGroups = 1;           // kept while a scenario offers fewer choices
    int m_wantedStages = 1;           // and the stages asked for, while a model has fewer layers
    QString m_stagesTip, m_expertTip; // the controls' own tooltips, back once a scenario's reason is gone
};
