#include "decodesummarymodel.h"

#include "decodetext.h"
#include "viewtext.h"

#include <QLocale>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;
using decodetext::ms;

void DecodeSummaryModel::resetData(const std::vector<DecodeRun>& runs) {
    beginResetModel();
    m_runs = runs;
    m_rows.clear();
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const DecodeReport& r = m_runs[i].report;
        for (const CacheMode mode : m_runs[i].options.modes) {
            Row row{i, mode, nullptr};
            for (const ModeResult& m : r.modes)
                if (m.mode == mode && !row.result)
                    row.result = &m;
            m_rows.push_back(row);
        }
    }
    endResetModel();
}

int DecodeSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DecodeSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DecodeSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Cache:
        return tr("Cache");
    case MsPerStep:
        return tr("ms/step");
    case TokensPerSecond:
        return tr("tokens/s");
    case Speedup:
        return tr("Speedup");
    case WeightsFormula:
        return tr("Weights (formula)");
    case KvFormula:
        return tr("KV (formula)");
    case PeakAllocated:
        return tr("Peak allocated (ours)");
    case Process: // what the last run's backend measures
        return !m_runs.empty() && m_runs.back().report.backend == Backend::Cuda ? tr("Device in use (cudaMemGetInfo)")
                                                                                : tr("Process (VmRSS)");
    case Tokens:
        return tr("Tokens");
    case TokensAgreeing:
        return tr("Tokens agreeing");
    case MaxLogitDiff:
        return tr("Max |logit diff|");
    case Ttft:
        return tr("TTFT");
    case TpotMean:
        return tr("TPOT mean");
    case TpotP90:
        return tr("TPOT p90");
    case KvPeak:
        return tr("KV peak");
    }
    return {};
}

QVariant DecodeSummaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    if (role == Qt::DisplayRole)
        return text(row, index.column());
    if (role == ValueRole)
        return value(row, index.column());
    return {};
}

QString DecodeSummaryModel::text(const Row& row, int column) const {
    const DecodeReport& r = m_runs[row.run].report;
    const ModeResult* m = row.result;
    if (column == Cache) {
        const QString name = m_runs.size() > 1 ? tr("batch %1, %2").arg(r.batch).arg(decodetext::modeLabel(row.mode))
                                               : decodetext::modeLabel(row.mode);
        if (!m)
            return name + tr(" (not run)");
        return m->completed ? name
                            : name + tr(" (stopped after %1 of %2 steps)").arg(m->steps.size()).arg(r.stepsRequested);
    }
    if (!m)
        return u"-"_s;
    const Accuracy& a = m->accuracy;
    switch (column) {
    case MsPerStep:
        return ms(m->msPerStep);
    case TokensPerSecond:
        return QString::number(m->tokensPerSecond, 'f', 1);
    case Speedup:
        return m->speedupVsNone > 0
                   ? tr("%1x").arg(QLocale().toString(m->speedupVsNone, m->speedupVsNone >= 0.095 ? 'f' : 'g', 2))
                   : u"-"_s;
    case WeightsFormula:
        return viewtext::sizeScaled(m->memory.theoreticalWeightBytes);
    case KvFormula:
        return viewtext::sizeScaled(m->memory.theoreticalKvBytes);
    case PeakAllocated:
        return viewtext::sizeScaled(m->memory.peakAllocatedBytes);
    case Process:
        return viewtext::sizeScaled(m->memory.processBytes);
    case Tokens:
        return !m->completed       ? tr("stopped")
               : !r.tokensCompared ? tr("not compared")
               : r.tokensIdentical ? tr("identical")
                                   : tr("DIFFER");
    case TokensAgreeing: // the accuracy cost against the contiguous (reference) cache
        if (a.isReference)
            return tr("reference");
        if (a.compared && a.firstDifferentStep < 0)
            return tr("%1 of %2 (100%)").arg(a.tokensAgreeing).arg(a.tokensCompared);
        if (a.compared)
            return tr("%1 of %2 (%3%), first differs at step %4")
                .arg(a.tokensAgreeing)
                .arg(a.tokensCompared)
                .arg(decodetext::percent(a.agreementShare()))
                .arg(a.firstDifferentStep);
        return tr("not compared");
    case MaxLogitDiff:
        return a.compared && !a.isReference ? QString::number(a.maxLogitDiff, 'g', 3) : u"-"_s;
    case Ttft:
        return m->latency.ttftMeasured ? tr("%1 ms").arg(ms(m->latency.ttftMs)) : u"-"_s;
    case TpotMean:
        return m->latency.tpotSteps > 0 ? tr("%1 ms").arg(ms(m->latency.tpotMeanMs)) : u"-"_s;
    case TpotP90:
        return m->latency.tpotSteps > 0 ? tr("%1 ms").arg(ms(m->latency.tpotP90Ms)) : u"-"_s;
    case KvPeak:
        return row.mode == CacheMode::None ? u"-"_s : viewtext::sizeScaled(m->peakKvBytes);
    }
    return {};
}

QVariant DecodeSummaryModel::value(const Row& row, int column) const {
    if (column == Cache)
        return int(row.mode);
    const ModeResult* m = row.result;
    if (!m)
        return {};
    const Accuracy& a = m->accuracy;
    switch (column) {
    case MsPerStep:
        return m->msPerStep;
    case TokensPerSecond:
        return m->tokensPerSecond;
    case Speedup:
        return m->speedupVsNone > 0 ? QVariant(m->speedupVsNone) : QVariant();
    case WeightsFormula:
        return qulonglong(m->memory.theoreticalWeightBytes);
    case KvFormula:
        return qulonglong(m->memory.theoreticalKvBytes);
    case PeakAllocated:
        return qulonglong(m->memory.peakAllocatedBytes);
    case Process:
        return qulonglong(m->memory.processBytes);
    case Tokens:
        return {};
    case TokensAgreeing:
        return a.compared && !a.isReference ? QVariant(qulonglong(a.tokensAgreeing)) : QVariant();
    case MaxLogitDiff:
        return a.compared && !a.isReference ? QVariant(a.maxLogitDiff) : QVariant();
    case Ttft:
        return m->latency.ttftMeasured ? QVariant(m->latency.ttftMs) : QVariant();
    case TpotMean:
        return m->latency.tpotSteps > 0 ? QVariant(m->latency.tpotMeanMs) : QVariant();
    case TpotP90:
        return m->latency.tpotSteps > 0 ? QVariant(m->latency.tpotP90Ms) : QVariant();
    case KvPeak:
        return row.mode == CacheMode::None ? QVariant() : QVariant(qulonglong(m->peakKvBytes));
    }
    return {};
}
