#pragma once

#include "scenario.h"
#include "units.h"

#include <QAbstractTableModel>

// The memory breakdown of one scenario as a table: weights, KV cache, per-sequence state, speculative decoding's
// draft and slots, the two labelled estimates, the total and the budget, each in bytes, GiB (or GB) and share of
// budget.
class BreakdownModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Term, Bytes, Size, Share, Source, ColumnCount };
    // DraftWeights, DraftKv and Lookahead: speculative decoding's terms (0, and hidden by the page, when it is off).
    enum Row {
        Weights,
        KvCache,
        SequenceState,
        DraftWeights,
        DraftKv,
        Lookahead,
        Activations,
        Runtime,
        Total,
        Budget,
        RowCount
    };
    static constexpr int BytesRole = Qt::UserRole + 1; // the exact byte count as qulonglong

    explicit BreakdownModel(QObject* parent = nullptr);

    // A scenario's figures: the first call resets the model, later ones change its data (the rows
    // are always the same terms).
    void resetData(const kvscope::Scenario& scenario, const kvscope::Estimate& estimate);
    void setUnit(kvscope::SizeUnit unit);
    kvscope::SizeUnit unit() const { return m_unit; }
    std::uint64_t bytes(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The table as CSV (exact bytes) and as a Markdown table, for homework and slides.
    QString toCsv() const;
    QString toMarkdown() const;

private:
    QString termName(int row) const;
    QString sourceText(int row) const;

    kvscope::Scenario m_scenario;
    kvscope::Estimate m_estimate;
    kvscope::SizeUnit m_unit = kvscope::SizeUnit::Binary;
    bool m_valid = false;
};
