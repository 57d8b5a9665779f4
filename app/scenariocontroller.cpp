#include "scenariocontroller.h"

#include "error.h"

#include <QLocale>

#include <algorithm>

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
            m_errorRefusal.reset();
            emit errorChanged(QString());
        }
        emit scenarioChanged();
        return true;
    } catch (const kvscope::Error& e) {
        m_error = QString::fromUtf8(e.what());
        m_errorField = e.field();
        m_errorRefusal = e.field() ? e.refusal() : std::nullopt;
        emit errorChanged(error());
        return false;
    }
}

QString ScenarioController::error() const {
    if (m_errorField && m_errorRefusal)
        return refusalText(*m_errorField, *m_errorRefusal);
    return m_error;
}

QString ScenarioController::refusalText(kvscope::ScenarioField field, const kvscope::Refusal& refusal) {
    using kvscope::RefusalKind;
    using kvscope::ScenarioField;
    // The utilization is a fraction; every other value a count (of GPUs).
    const QString value = refusal.kind == RefusalKind::OutOfRange
                              ? QLocale().toString(refusal.value, 'g', 6)
                              : QLocale().toString(qulonglong(std::max(refusal.value, 0.0)));
    const QString heads = QLocale().toString(qulonglong(refusal.heads));
    switch (refusal.kind) {
    case RefusalKind::BelowOne:
        if (field == ScenarioField::Context)
            return tr("The context must be at least 1 token.");
        if (field == ScenarioField::Batch)
            return tr("The batch must be at least 1 sequence.");
        return tr("The tensor-parallel degree must be at least 1.");
    case RefusalKind::NotPositive:
        return tr("The card's memory must be greater than 0.");
    case RefusalKind::OutOfRange:
        return tr("The memory utilization must be above 0 and at most 1 (it was %1).").arg(value);
    case RefusalKind::UnevenQueryHeads:
        return tr("%1 GPUs cannot split the model's %2 query heads evenly: choose a tensor-parallel degree that "
                  "divides %2.")
            .arg(value, heads);
    case RefusalKind::UnevenKvHeads:
        return tr("%1 GPUs cannot split the model's %2 KV heads evenly: choose a tensor-parallel degree that divides "
                  "%2.")
            .arg(value, heads);
    case RefusalKind::KvHeadsNotReplicable:
        return tr("With more GPUs than KV heads each head is copied to several GPUs, so the %1 GPUs must be a "
                  "multiple of the model's %2 KV heads.")
            .arg(value, heads);
    case RefusalKind::EagleHeadUnknown:
        return tr("KV Scope does not know this model's EAGLE head (it knows the one vLLM builds for a dense "
                  "transformer): choose a draft model or n-gram lookup, or turn speculative decoding off.");
    }
    return {};
}
