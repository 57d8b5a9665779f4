#include "attentiontablemodel.h"

#include "viewtext.h"

#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

void AttentionTableModel::setScenario(const kvscope::Scenario& scenario) {
    auto variants = kvscope::attentionVariants(scenario);
    const bool sameKinds = std::equal(
        variants.begin(), variants.end(), m_variants.begin(), m_variants.end(),
        [](const kvscope::AttentionVariant& a, const kvscope::AttentionVariant& b) { return a.kind == b.kind; });
    if (!sameKinds)
        beginResetModel();
    m_variants = std::move(variants);
    m_context = scenario.context;
    if (!sameKinds)
        endResetModel();
    else if (!m_variants.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::DisplayRole, ValueRole});
}

int AttentionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_variants.size());
}

int AttentionTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttentionTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Attention:
        return tr("Attention");
    case KvHeads:
        return tr("KV heads");
    case KvPerToken:
        return tr("KV per token");
    case KvCacheNow:
        return tr("KV cache now");
    case Weights:
        return tr("Weights");
    case LargestBatch:
        return tr("Largest batch that fits");
    }
    return {};
}

QVariant AttentionTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const kvscope::AttentionVariant& v = m_variants[std::size_t(index.row())];
    const bool latent = v.kind == kvscope::AttentionKind::MLA;
    if (role == ValueRole) {
        switch (index.column()) {
        case Attention:
            return int(v.kind);
        case KvHeads:
            return latent ? QVariant() : QVariant(v.kvHeads);
        case KvPerToken:
            return qulonglong(v.kvBytesPerToken);
        case KvCacheNow:
            return qulonglong(v.kvBytes);
        case Weights:
            return qulonglong(v.weightBytes);
        case LargestBatch:
            return qulonglong(v.maxBatch);
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Attention:
        return QString(QString::fromStdString(kvscope::attentionKindName(v.kind)) +
                       (v.isCurrent ? tr(" (this model)") : QString()));
    case KvHeads:
        if (latent)
            return tr("latent");
        return v.windowedKvHeads != 0 ? tr("%1 (sliding layers: %2)").arg(v.kvHeads).arg(v.windowedKvHeads)
                                      : QString::number(v.kvHeads);
    case KvPerToken:
        return viewtext::sizeScaled(v.kvBytesPerToken);
    case KvCacheNow:
        return viewtext::size(v.kvBytes);
    case Weights:
        return viewtext::size(v.weightBytes);
    case LargestBatch:
        return tr("%1 at %2 tokens").arg(QLocale().toString(qulonglong(v.maxBatch)), viewtext::tokens(m_context));
    }
    return {};
}
