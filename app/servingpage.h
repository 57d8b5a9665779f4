#pragma once

#include "page.h"
#include "publictraces.h"
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
    // Why a scenario cannot be timed, in words (empty for None); `pool` is its KV capacity in tokens.
    static QString unpricedText(kvscope::ServingUnpriced why, const kvscope::Scenario& scenario, std::uint64_t pool);

    // One allocator's answers, in kvscope::allocatorKinds() order (core's servingStudy).
    using Row = kvscope::ServingStudyRow;
    struct Result {
        std::vector<Row> rows;
        // A trace workload: its requests, the span of its arrival times (0 when it has none) and its format.
        std::size_t traceRequests = 0;
        double traceSpanSeconds = 0.0;
        QString traceFormat; // "mooncake", "azure", or empty for the project's own format (no times)
        std::optional<kvscope::PrefixHitCurve> hitCurve; // a Mooncake trace: its blocks' hit rate against cache size
        QString error;                                   // core's refusal; empty when the rows are there
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
        int admission = 0;        // the paged row's: vLLM's, conservative, a 10% or a 30% watermark
        QString traceFile;        // workload 2: a trace file (a path as argumentText() spells it)
        double traceSpeed = 1.0;  // a timed trace's arrivals this many times as fast
    };
    Settings settings() const;
    void applySettings(const Settings& settings);
    void applyLessonSettings() { applySettings(Settings{}); } // what a serving lesson's figures are computed with

    // A trace file as the workload (what "A trace file…" does after its dialog): a Mooncake or Azure trace
    // replays at its own times, the project's own format at the rate. A file that cannot be read is said on
    // the page.
    void openTrace(const QString& path);
    bool isRunning() const;
    void stop();
    const std::optional<Result>& result() const { return m_result; } // the last finished run
    QString headlineText() const;
    QString timeModelText() const;
    QTableWidget* table() const { return m_table; }
    QChartView* throughputChart() const { return m_throughput; }
    QChartView* latencyChart() const { return m_latency; }
    QChartView* hitChart() const { return m_hits; }
    bool hasPendingFigures() const override { return isRunning(); }

protected:
    void refresh() override;
    void resizeEvent(QResizeEvent* event) override;
    // Hidden (another tab), a run stops and the page goes stale: the next show runs it again.
    void hideEvent(QHideEvent* event) override;

private:
    void start();
    void finished();
    void showResult();
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
    QDoubleSpinBox* m_traceSpeed;
    QComboBox* m_admission;
    QChartView* m_hits = nullptr; // a Mooncake trace's prefix-cache hit rate against cache size
    QLineSeries* m_hitLine = nullptr;
    QLineSeries* m_hitBound = nullptr;
    class QLogValueAxis* m_hitX = nullptr;
    QValueAxis* m_hitY = nullptr;
    QString m_traceFile;
    int m_lastWorkload = 0; // the workload before "A trace file…" was picked: back to it when the dialog is cancelled
    QLabel* m_timeModel;
    QLabel* m_headline;
    QLabel* m_caption = nullptr;
    QLabel* m_paper = nullptr;     // the paper's ratios beside ours
    QLabel* m_traceNote = nullptr; // a trace workload's requests and where their arrivals come from
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
    bool m_inFlight = false; // a run started and its result not yet taken
    std::optional<Result> m_result;
    Settings m_resultSettings; // what the shown result was run with
    Settings m_runSettings;    // what the run in flight was started with
    QString m_resultTimeModel; // the time model's words for the shown result
};
