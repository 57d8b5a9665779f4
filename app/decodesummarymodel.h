#pragma once

#include "decode.h"

#include <QAbstractTableModel>

#include <vector>

// One finished decode run: what was asked for and what came back.
struct DecodeRun {
    kvscope::gpu::DecodeOptions options;
    kvscope::gpu::DecodeReport report;
};

// The GPU page's run summary: a row per cache mode asked for, in every run shown (a run's
// modes in the order they were asked for; a mode the backend skipped says "not run"), and a
// column per figure of gpu/'s report. Text only formats those figures; ValueRole gives each
// one as the report has it.
class DecodeSummaryModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Cache,
        MsPerStep,
        TokensPerSecond,
        Speedup,
        WeightsFormula,
        KvFormula,
        PeakAllocated,
        Process, // VmRSS on the CPU, the device in use (cudaMemGetInfo) on CUDA
        Tokens,
        TokensAgreeing,
        MaxLogitDiff,
        Ttft,
        TpotMean,
        TpotP90,
        KvPeak,
        ColumnCount
    };
    // The report's figure behind a cell: double milliseconds, tokens/s, speedup and logit
    // difference; qulonglong bytes and token counts; the CacheMode (int) in Cache. Invalid
    // where the cell shows "-".
    static constexpr int ValueRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    void resetData(const std::vector<DecodeRun>& runs);
    void clear() { resetData({}); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        std::size_t run = 0;
        kvscope::gpu::CacheMode mode = kvscope::gpu::CacheMode::None;
        const kvscope::gpu::ModeResult* result = nullptr; // in m_runs[run].report; null: not run
    };
    QString text(const Row& row, int column) const;
    QVariant value(const Row& row, int column) const;

    std::vector<DecodeRun> m_runs;
    std::vector<Row> m_rows;
};
