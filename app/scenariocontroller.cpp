#include "scenariocontroller.h"

#include "error.h"

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent) {
    setScenario(kvscope::defaultScenario());
}

bool ScenarioController::setScenario(const kvscope::Scenario& scenario, bool custom) {
    try {
        // Compute everything first so that a bad value changes nothing the user sees.
        const kvscope::Estimate estimate = kvscope::estimate(scenario);
        const kvscope::Capacity capacity = kvscope::capacity(scenario);
        const std::uint64_t maxBatch = kvscope::maxBatchForContext(scenario);
        const std::uint64_t maxContext = kvscope::maxContextForBatch(scenario);
        m_scenario = scenario;
        m_estimate = estimate;
        m_capacity = capacity;
        m_maxBatch = maxBatch;
        m_maxContext = maxContext;
        m_custom = custom;
        if (!m_error.isEmpty()) {
            m_error.clear();
            m_errorField.reset();
            emit errorChanged(m_error);
        }
        emit scenarioChanged();
        return true;
    } catch (const kvscope::Error& e) {
        m_error = QString::fromUtf8(e.what());
        m_errorField = e.field();
        emit errorChanged(m_error);
        return false;
    }
}
