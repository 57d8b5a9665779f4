#include "breakdownmodel.h"

#include "itemroles.h"
#include "kvformula.h"
#include "viewtext.h"

#include <QLocale>
#include <QStringList>

using namespace Qt::StringLiterals;

BreakdownModel::BreakdownModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void BreakdownModel::resetData(const kvscope::Scenario& scenario, const kvscope::Estimate& estimate) {
    if (!m_valid) {
        beginResetModel();
        m_scenario = scenario;
        m_estimate = estimate;
        m_valid = true;
        endResetModel();
        return;
    }
    // The rows and columns stay: new figures are a change of data, not a new model, so a view
    // keeps its hidden rows, selection and section sizes and repaints the cells.
    m_scenario = scenario;
    m_estimate = estimate;
    emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void BreakdownModel::setUnit(kvscope::SizeUnit unit) {
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit dataChanged(index(0, Size), index(RowCount - 1, Size));
    emit headerDataChanged(Qt::Horizontal, Size, Size);
}

std::uint64_t BreakdownModel::bytes(int row) const {
    switch (row) {
    case Weights:
        return m_estimate.weightBytes;
    case KvCache:
        return m_estimate.kvBytes;
    case SequenceState:
        return m_estimate.sequenceStateBytes;
    case DraftWeights:
        return m_estimate.speculative.draftWeightBytes;
    case DraftKv:
        return m_estimate.speculative.draftKvBytes;
    case Lookahead:
        return m_estimate.speculative.lookaheadKvBytes;
    case Activations:
        return m_estimate.activationBytes;
    case Runtime:
        return m_estimate.runtimeBytes;
    case Total:
        return m_estimate.totalBytes;
    case Budget:
        return m_estimate.budgetBytes;
    }
    return 0;
}

int BreakdownModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_valid ? 0 : RowCount;
}
int BreakdownModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString BreakdownModel::termName(int row) const {
    switch (row) {
    case Weights:
        return tr("Weights");
    case KvCache:
        return tr("KV cache");
    case SequenceState:
        return tr("Per-sequence state");
    case DraftWeights:
        return m_scenario.speculation.method == kvscope::DraftMethod::Eagle ? tr("EAGLE head") : tr("Draft model");
    case DraftKv:
        return tr("Draft KV cache");
    case Lookahead:
        return tr("Lookahead slots");
    case Activations:
        return tr("Activations (estimate)");
    case Runtime:
        return m_estimate.communicationBytes > 0 ? tr("CUDA context + NCCL (estimate)") : tr("CUDA context (estimate)");
    case Total:
        return tr("Total");
    case Budget:
        return tr("Budget");
    }
    return {};
}

QString BreakdownModel::sourceText(int row) const {
    const QLocale locale;
    switch (row) {
    case Weights:
        if (m_estimate.weightsAsStored)
            return tr("the checkpoint's bytes as its quantization_config stores them (%1)")
                .arg(QString::fromStdString(m_scenario.model.stored->method));
        return tr("parameters %1 x %2 bits / 8")
            .arg(viewtext::paramsProvenance(m_estimate.params))
            .arg(m_scenario.weightDtype.effectiveBits());
    case KvCache: {
        // One line per term of core's formula: a sliding window's layers hold the window, not the context.
        QStringList terms;
        const auto f = kvscope::kvFormula(m_scenario.model, m_scenario.kvDtype, m_scenario.context, m_scenario.batch,
                                          kvscope::PerGpu{m_scenario.tensorParallel});
        for (const kvscope::KvFormulaTerm& t : f.terms)
            terms << (f.indexer ? tr("%1 layers x %2 tokens x %3 sequences x (%4 values x %5 bytes + a %6-byte "
                                     "indexer key)")
                                      .arg(t.layers)
                                      .arg(locale.toString(qulonglong(t.tokens)))
                                      .arg(locale.toString(qulonglong(t.batch)))
                                      .arg(t.latent + t.rope)
                                      .arg(locale.toString(f.bytesPerElement, 'g', 4))
                                      .arg(t.indexerBytes)
                      : f.mla ? tr("%1 layers x %2 values per token x %3 tokens x %4 sequences x %5 bytes")
                                    .arg(t.layers)
                                    .arg(t.latent + t.rope)
                                    .arg(locale.toString(qulonglong(t.tokens)))
                                    .arg(locale.toString(qulonglong(t.batch)))
                                    .arg(locale.toString(f.bytesPerElement, 'g', 4))
                              : tr("2 (K and V) x %1 layers x %2 KV heads x %3 values per head x %4 tokens x %5 "
                                   "sequences x %6 bytes")
                                    .arg(t.layers)
                                    .arg(t.kvHeads)
                                    .arg(t.headDim)
                                    .arg(locale.toString(qulonglong(t.tokens)))
                                    .arg(locale.toString(qulonglong(t.batch)))
                                    .arg(locale.toString(f.bytesPerElement, 'g', 4)));
        return terms.join(u"\n+ "_s);
    }
    case SequenceState: {
        // Fixed per sequence, whatever its length: state layers (SSM, linear attention) and the
        // image tokens cross-attention layers cache.
        const kvscope::SequenceState& q = m_estimate.sequenceState;
        if (q.stateLayers == 0 && q.crossLayers == 0)
            return tr("none: every layer caches per token (the KV cache above)");
        if (q.convDtype != q.recurrentDtype) // the config keeps the recurrent state in its own dtype
            return tr("(%1 state layers x (%2 conv values x %3 bytes + %4 recurrent values x %5 bytes) + %6 "
                      "cross-attention layers x %7 image tokens x %8 bytes) x %9 sequences")
                .arg(q.stateLayers)
                .arg(locale.toString(qulonglong(q.convValuesPerLayer)))
                .arg(q.convDtype.effectiveBytes())
                .arg(locale.toString(qulonglong(q.recurrentValuesPerLayer)))
                .arg(q.recurrentDtype.effectiveBytes())
                .arg(q.crossLayers)
                .arg(locale.toString(qulonglong(q.crossTokens)))
                .arg(locale.toString(qulonglong(q.crossBytesPerTokenPerLayer)))
                .arg(locale.toString(qulonglong(m_scenario.batch)));
        return tr("(%1 state layers x %2 values x %3 bytes + %4 cross-attention layers x %5 image tokens x %6 bytes) x "
                  "%7 sequences")
            .arg(q.stateLayers)
            .arg(locale.toString(qulonglong(q.stateValuesPerLayer)))
            .arg(m_estimate.stateDtype.effectiveBytes())
            .arg(q.crossLayers)
            .arg(locale.toString(qulonglong(q.crossTokens)))
            .arg(locale.toString(qulonglong(q.crossBytesPerTokenPerLayer)))
            .arg(locale.toString(qulonglong(m_scenario.batch)));
    }
    case DraftWeights: {
        const kvscope::SpeculativeMemory& m = m_estimate.speculative;
        if (m_scenario.speculation.method == kvscope::DraftMethod::Eagle)
            return tr("one decoder layer of the model's shape and a 2h x h fc (vLLM's llama_eagle.py): %1 parameters "
                      "x %2 bits / 8; the embedding and LM head are the model's own")
                .arg(locale.toString(qulonglong(m.draftParams)))
                .arg(m_scenario.weightDtype.effectiveBits());
        if (m.draftParams == 0)
            return tr("none: n-gram lookup drafts from the text itself");
        return tr("%1 parameters x %2 bits / 8, split like the model's")
            .arg(locale.toString(qulonglong(m.draftParams)))
            .arg(m_scenario.weightDtype.effectiveBits());
    }
    case DraftKv: {
        const kvscope::SpeculativeMemory& m = m_estimate.speculative;
        if (m.draftKvBytesPerToken == 0)
            return tr("none: n-gram lookup keeps no cache");
        return tr("%1 bytes per token x (%2 + %3 draft tokens) x %4 sequences, in the same blocks as the model's")
            .arg(locale.toString(qulonglong(m.draftKvBytesPerToken)))
            .arg(locale.toString(qulonglong(m_scenario.context)))
            .arg(m_scenario.speculation.tokens)
            .arg(locale.toString(qulonglong(m_scenario.batch)));
    }
    case Lookahead:
        return tr("the model's cache of %1 draft tokens per sequence x %2 sequences, held while they are checked")
            .arg(m_scenario.speculation.tokens)
            .arg(locale.toString(qulonglong(m_scenario.batch)));
    case Activations:
        return tr("one %1-token prefill chunk + logits; an estimate").arg(m_scenario.prefillChunkTokens);
    case Runtime:
        if (m_estimate.communicationBytes > 0)
            return tr("typical CUDA context with cuBLAS (%1) + NCCL's buffers under tensor parallelism (%2, the step "
                      "vLLM measured from one H100 to two); an estimate")
                .arg(viewtext::size(m_estimate.runtimeBytes - m_estimate.communicationBytes, m_unit, 0),
                     viewtext::size(m_estimate.communicationBytes, m_unit, 2));
        return tr("typical CUDA context with cuBLAS; an estimate");
    case Total:
        return tr("sum of the terms above");
    case Budget:
        return tr("%1 x utilization %2")
            .arg(viewtext::size(m_scenario.gpuMemoryBytes, m_unit, 1))
            .arg(m_scenario.utilization);
    }
    return {};
}

QVariant BreakdownModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    const std::uint64_t value = bytes(row);
    if (role == BytesRole)
        return QVariant::fromValue(qulonglong(value));
    if (role == Qt::TextAlignmentRole)
        return index.column() == Term || index.column() == Source ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == itemroles::EmphasisRole)
        return row == Total || row == Budget; // drawn bold by the view's EmphasisDelegate
    if (role == Qt::ToolTipRole)
        return sourceText(row);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Term:
        return termName(row);
    case Bytes:
        return QLocale().toString(qulonglong(value));
    case Size:
        return QString::fromStdString(kvscope::formatBytesIn(value, m_unit));
    case Share:
        return m_estimate.budgetBytes == 0
                   ? QString()
                   : QString::number(100.0 * double(value) / double(m_estimate.budgetBytes), 'f', 1) + u" %"_s;
    case Source:
        return sourceText(row);
    }
    return {};
}

QVariant BreakdownModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Term:
        return tr("Term");
    case Bytes:
        return tr("Bytes");
    case Size:
        return m_unit == kvscope::SizeUnit::Binary ? tr("GiB") : tr("GB");
    case Share:
        return tr("Share of budget");
    case Source:
        return tr("How it is computed");
    }
    return {};
}

QString BreakdownModel::toCsv() const {
    QStringList lines{u"term,bytes,gib,gb,share_of_budget"_s};
    for (int row = 0; row < RowCount; ++row) {
        const std::uint64_t value = bytes(row);
        lines << u"\"%1\",%2,%3,%4,%5"_s.arg(termName(row))
                     .arg(value)
                     .arg(kvscope::toGiB(value), 0, 'f', 4)
                     .arg(kvscope::toGB(value), 0, 'f', 4)
                     .arg(m_estimate.budgetBytes ? double(value) / double(m_estimate.budgetBytes) : 0.0, 0, 'f', 4);
    }
    return lines.join(u'\n') + u'\n';
}

QString BreakdownModel::toMarkdown() const {
    QStringList lines{u"| %1 | %2 | %3 | %4 |"_s.arg(
                          headerData(Term, Qt::Horizontal).toString(), headerData(Bytes, Qt::Horizontal).toString(),
                          headerData(Size, Qt::Horizontal).toString(), headerData(Share, Qt::Horizontal).toString()),
                      u"| --- | ---: | ---: | ---: |"_s};
    for (int row = 0; row < RowCount; ++row)
        lines << u"| %1 | %2 | %3 | %4 |"_s.arg(data(index(row, Term)).toString(), data(index(row, Bytes)).toString(),
                                                data(index(row, Size)).toString(), data(index(row, Share)).toString());
    return lines.join(u'\n') + u'\n';
}
