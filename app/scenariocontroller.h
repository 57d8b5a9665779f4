#pragma once

#include "error.h"
#include "scenario.h"

#include <QObject>
#include <QString>

#include <optional>

// Owns the scenario the window shows and the figures core/ computed for it. Widgets set
// fields through it and read results from it; none of them computes memory.
class ScenarioController : public QObject {
    Q_OBJECT

public:
    explicit ScenarioController(QObject* parent = nullptr);

    const kvscope::Scenario& scenario() const { return m_scenario; }
    const kvscope::Estimate& estimate() const { return m_estimate; }
    const kvscope::Capacity& capacity() const { return m_capacity; }
    std::uint64_t maxBatch() const { return m_maxBatch; }
    std::uint64_t maxContext() const { return m_maxContext; }
    // Empty when the scenario is valid; otherwise why it is not, and the figures are the last valid ones. A
    // refused input (kvscope::Error::refusal) is worded here, in the interface's language at the time of the
    // call; any other error is core's message.
    QString error() const;
    // The sentence for a refused scenario input, through tr(): the value and the heads it names.
    static QString refusalText(kvscope::ScenarioField field, const kvscope::Refusal& refusal);
    // The input core refused, when its message names one (kvscope::Error::field); empty otherwise.
    std::optional<kvscope::ScenarioField> errorField() const { return m_errorField; }
    bool isCustom() const { return m_custom; }

    // Replaces the whole scenario (a preset, a file, a restored session).
    bool setScenario(const kvscope::Scenario& scenario, bool custom = false);
    // Applies one change; the scenario becomes "custom" when the model shape changes.
    template <typename Edit> bool edit(Edit&& change, bool shapeChange = false) {
        kvscope::Scenario next = m_scenario;
        change(next);
        if (shapeChange)
            next.model.paramsOverride = 0;
        return setScenario(next, m_custom || shapeChange);
    }

signals:
    void scenarioChanged();
    void errorChanged(const QString& error);

private:
    kvscope::Scenario m_scenario;
    kvscope::Estimate m_estimate;
    kvscope::Capacity m_capacity;
    std::uint64_t m_maxBatch = 0;
    std::uint64_t m_maxContext = 0;
    std::optional<kvscope::ScenarioField> m_errorField;
    std::optional<kvscope::Refusal> m_errorRefusal;
    QString m_error; // core's message
    bool m_custom = false;
};
