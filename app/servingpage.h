#pragma once

#include "page.h"
#include "servingreplay.h"

#include <QFutureWatcher>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class ScenarioController;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;
class QValueAxis;

// What the KV pool's allocator buys a server in time: the scenario's model on its GPU's data sheet, every
// allocator replaying the same requests (core/servingreplay.h), with tokens per second, TTFT and TPOT at the
// chosen rate, the largest rate meeting a p90 latency target, and throughput and p90 TTFT against offered
// load. The replays run off the GUI thread after each change, with progress and a Stop button.
class ServingPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit ServingPage(ScenarioController* controller, QWidget* parent = nullptr);
    ~ServingPage() override;
    QWidget* exportedChart() const override;
    std::any keptState() const override;
    void restoreKeptState(const std::any& state) override;

    // One allocator's answers, in kvscope::allocatorKinds() order (core's servingStudy).
    using Row = kvscope::ServingStudyRow;
    struct Result {
        std::vector<Row> rows;
        QString error; // core's refusal; empty when the rows are there
        bool stopped = false;
    };
    // The settings a run reads (tests set them; the page's controls show them). The defaults are
    // ServingStudyInput's, which a lesson's figures assume.
    struct Settings {
        int workload = 0; // 0 ShareGPT-like, 1 Alpaca-like
        int requests = 1000;
        double rate = 2.0;        // requests per second
        double ttftSeconds = 2.0; // p90 target
        double tpotMs = 100.0;    // p90 target
        double overheadMs = 0.0;  // fixed cost per step
    };
    Settings settings() const;
    void applySettings(const Settings& settings);
    void applyLessonSettings() { applySettings(Settings{}); } // what a serving lesson's figures are computed with

    bool isRunning() const;
    void stop();
    const std::optional<Result>& result() const { return m_result; } // the last finished run
    QString headlineText() const;
    QString timeModelText() const;
    QTableWidget* table() const { return m_table; }
    QChartView* throughputChart() const { return m_throughput; }
    QChartView* latencyChart() const { return m_latency; }
    bool hasPendingFigures() const override { return isRunning(); }

protected:
    void refresh() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void start();
    void finished();
    void showResult();
    void fitTable();                       // columns to their contents, the height to its rows
    void layOutSettings();                 // settings to a row as the width holds
    void showUnpriced(const QString& why); // no run: the reason in place of the figures

    ScenarioController* m_controller;
    QList<QPair<QLabel*, QWidget*>> m_fieldPairs;
    class QGridLayout* m_fieldGrid = nullptr;
    int m_perRow = 0;
    QComboBox* m_workload;
    QSpinBox* m_requests;
    QDoubleSpinBox* m_rate;
    QDoubleSpinBox* m_ttft;
    QDoubleSpinBox* m_tpot;
    QDoubleSpinBox* m_overhead;
    QLabel* m_timeModel;
    QLabel* m_headline;
    QLabel* m_caption = nullptr;
    QLabel* m_paper = nullptr; // the paper's ratios beside ours
    QProgressBar* m_progress;
    QPushButton* m_stop;
    QTableWidget* m_table;
    QChartView* m_throughput;
    QChartView* m_latency;
    QValueAxis* m_tpsX;
    QValueAxis* m_tpsY;
    QValueAxis* m_ttftX;
    QLogValueAxis* m_ttftY;
    std::vector<QLineSeries*> m_tpsLines, m_ttftLines; // per allocator
    QLineSeries* m_target;                             // the TTFT target, dashed
    QTimer* m_progressTimer;
    QFutureWatcher<Result> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<int>> m_permille;
    bool m_unpriced = false; // the scenario cannot be timed: the reason stands in place of the figures
    bool m_restart = false;  // a change arrived while a run was going: run again when it ends
    std::optional<Result> m_result;
    Settings m_resultSettings; // what the shown result was run with
};
