#pragma once

#include "scenario.h"
#include "sweep.h"

#include <QAbstractTableModel>

#include <vector>

// The attention page's table: a row per attention kind of the current model (core's
// attentionVariants: MHA, the model's own GQA, MQA; the latent for MLA) with its cache now
// and the largest batch that fits. Text only formats core's figures; ValueRole gives each.
class AttentionTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Attention, KvHeads, KvPerToken, KvCacheNow, Weights, LargestBatch, ColumnCount };
    // The figure behind a cell as core has it: qulonglong bytes, KV heads and batch; the
    // AttentionKind (int) in Attention.
    static constexpr int ValueRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    // Same kinds as before: the rows change in place (dataChanged); else a reset.
    void setScenario(const kvscope::Scenario& scenario);
    const std::vector<kvscope::AttentionVariant>& variants() const { return m_variants; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::uint64_t m_context = 0;
    std::vector<kvscope::AttentionVariant> m_variants;
};
