#pragma once

#include "kvsimulator.h"
#include "lesson.h"
#include "page.h"
#include "servingreplay.h"

#include <QElapsedTimer>
#include <QFutureWatcher>

#include <array>
#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>

class ForkDiagramWidget;
class MemoryMapWidget;
class ScenarioController;
class QAreaSeries;
class QChart;
class QChartView;
class QCheckBox;
class QGridLayout;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;
class QValueAxis;

// Contiguous reservation and PagedAttention blocks replaying the same request trace side
// by side: two live memory maps, counters, a timeline of where each pool's slots went and
// a chart of the running batch. Timelines grow with the replay (predict, then reveal);
// "Show the whole run" draws the background run's full picture for a teacher.
class PagedPage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit PagedPage(ScenarioController* controller, QWidget* parent = nullptr);
    ~PagedPage() override;
    std::any keptState() const override; // the trace, pool and policy settings of a replay that ran
    void restoreKeptState(const std::any& state) override;

    // Run state (the main window binds Space, Right and R to these) and the two simulators.
    void restart();
    void stepOnce();
    // Scrubbing: the replay at `position` steps from the start (1 = the first step), backwards by replaying
    // the same trace from the start; stepBy moves from the current position. Both pause the animation.
    void seek(std::uint64_t position);
    // Stand at a named moment of the whole run (a lesson's, at its reveal): now when the run is
    // known, else as soon as it is; a new run before then drops it. Nothing when the run has no
    // such moment (a pool that never refuses a request has no first wait).
    void standAtMoment(const kvscope::LessonMoment& moment);
    void stepBy(int delta);
    std::uint64_t position() const { return m_position; }
    QSlider* scrubber() const { return m_scrub; }
    QComboBox* momentChoice() const { return m_moments; } // "Jump to": the whole run's named moments
    void setPlaying(bool playing);
    bool isPlaying() const;
    void loadPaperFigure(); // the preset: a 2,048-slot reservation that stops after 10 tokens
    // A CSV or JSON Lines trace file as the workload (what "Open trace…" does after its dialog);
    // a file that cannot be read or parsed is named in the page's error line.
    // False (with the page's error shown, errorText() saying it) when the trace cannot be read or replayed.
    bool openTrace(const QString& path);
    QString errorText() const;
    QString requestInfoText() const; // the hovered request's line, with its block table now
    // Quiz mode: the charts reveal the run only as it is replayed, and the "Show the whole
    // run" box is hidden, whatever it was set to.
    void setQuizMode(bool on);
    bool quizMode() const { return m_quiz; }
    void setShowWholeRun(bool on); // the teacher's box
    bool showsWholeRun() const;    // true when the charts draw past the current step

    const kvscope::KvSimulator* contiguous() const { return m_contiguous.get(); }
    const kvscope::KvSimulator* paged() const { return m_paged.get(); }
    MemoryMapWidget* contiguousMap() const { return m_contiguousMap; }
    MemoryMapWidget* pagedMap() const { return m_pagedMap; }
    QChart* contiguousTimelineChart() const;
    QChart* pagedTimelineChart() const;
    QChart* batchChart() const;
    QString countersText() const; // the headline counters, then the details
    // The same two replays in seconds (issue 29): the page's requests and pool, each step priced on the scenario's
    // model and GPU data sheet (core's replayTimed), once the whole run is known; the scenario panel's changes
    // time them again. Nothing until then; `unpriced` says why a scenario cannot be timed.
    struct Timing {
        std::optional<kvscope::TimedSummary> contiguous, paged;
        double arrivalStepSeconds = 0.0; // a step of the page's arrivals (core's unloadedStepSeconds)
        bool allAtOnce = false;          // every request arrives at step 0
        QString model, gpu;
        QString unpriced;   // translated; empty when timed
        std::string error;  // core's, when the replay failed
        int generation = 0; // the page's m_timingGeneration when it started
    };
    const std::optional<Timing>& timing() const { return m_timing; }
    bool timingRunning() const { return m_timingWatcher.isRunning(); }
    QString secondsText() const; // the line under the counters: the comparison in seconds, or why there is none
    // The offload tiers' part of the details line: what they hold at this step, and what they saved so far.
    static QString tierText(const kvscope::SimSummary& summary, const kvscope::StepStats& step);
    // The whole run or its timing still being computed (a headless --screenshot waits for them).
    bool hasPendingFigures() const override { return m_timelineWatcher.isRunning() || m_timingWatcher.isRunning(); }
    QLabel* headlineCounters() const { return m_counters; }
    // True once the background run that gives the total and the whole run has finished.
    bool timelineReady() const { return m_timelineReady; }
    std::uint64_t totalSteps() const; // steps until both have finished; 0 until timelineReady()
    // The whole run's summaries (contiguous, paged) once timelineReady(); for lessons and tests.
    std::pair<kvscope::SimSummary, kvscope::SimSummary> runSummaries() const {
        return {m_timeline.contiguousSummary, m_timeline.pagedSummary};
    }
    // A lesson's run: its workload, requests, pool, maximum length, block size, seed and
    // contiguous policy, all at once, arriving together, one sample, first fit; restarts.
    void applyLessonSimulation(const kvscope::LessonSimulation& simulation);
    // The trace and pool settings, for a language switch: the run itself restarts from step 1.
    struct Settings {
        QString workload;
        int requests = 0, pool = 0, samples = 1, seed = 1, maxModelLen = 2048, blockSize = 16;
        double rate = 0;
        int policy = 0, placement = 0, speed = 20;
        bool wholeRun = false;
        bool prefixCache = false;
        bool beam = false;
        double hostTier = 0, diskTier = 0; // offload tiers, in pools (0: none)
    };
    Settings settings() const;
    void applySettings(const Settings& settings);
    // The translated name of an allocator policy, for titles and legends.
    static QString allocatorLabel(kvscope::AllocatorKind kind);
    // The translated name of a timeline band (core's kShareBands).
    static QString bandName(kvscope::SlotKind kind);

protected:
    void refresh() override;
    void resizeEvent(QResizeEvent* event) override;
    // A hidden page stops timing its replays; shown, it times them again if they were left untimed.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void arrangeTimelines(bool twoRows); // the batch chart beside the pools, or below them
    // Settings to a row: as many as the page's width holds, at most 5 (3 in presenter mode).
    void layOutSettings();
    QList<QPair<class QLabel*, QWidget*>> m_fieldPairs;
    int m_perRow = 0;
    class QBoxLayout* m_transport = nullptr;
    class QBoxLayout* m_legendRows = nullptr;
    class QGridLayout* m_fieldGrid = nullptr;
    QWidget* m_fromScenario = nullptr;
    struct Timeline {
        std::vector<kvscope::StepStats> contiguous, paged;
        kvscope::SimSummary contiguousSummary, pagedSummary;
        std::string error;
    };
    struct PoolSettings {
        int pool = 8192, policyIndex = 0, maxModelLen = 2048, samples = 1;
    };
    // One timeline chart: the stacked shares of the pool (core's kShareBands) and the step cursor.
    struct ShareChart {
        QChartView* view = nullptr;
        std::array<QLineSeries*, kvscope::kShareBands.size()> upper{}; // kShareBands' order, bottom to top
        std::array<QAreaSeries*, kvscope::kShareBands.size()> areas{};
        QLineSeries* cursor = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;
    };
    // The batch chart: running requests per step for each allocator, their means dashed.
    struct BatchChart {
        QChartView* view = nullptr;
        QLineSeries* contiguous = nullptr;
        QLineSeries* paged = nullptr;
        QLineSeries* contiguousMean = nullptr;
        QLineSeries* pagedMean = nullptr;
        QLineSeries* cursor = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;
    };

    std::vector<kvscope::Request> buildTrace(QString* error) const;
    kvscope::SimConfig baseConfig() const;
    kvscope::AllocatorKind contiguousKind() const;
    bool figureChosen() const;
    void workloadChosen(); // the paper's figure brings its own pool; leaving it restores the previous one
    void applyFigureSettings();
    void rebuild();           // new trace and simulators from the controls
    void enableTiers();       // the host tier with prefix caching, the disk tier with a host tier
    QString makeSimulators(); // both simulators at the start of m_trace; the error, or nothing
    void fillMoments();       // the "Jump to" list from the whole run, once it is back
    void advance(int steps);  // both simulators; an error stops the animation and is shown
    void tick();
    void redraw();
    void updateCounters();
    void updateCharts();
    void updateForkDiagram(); // the shown request's, else the oldest running one's
    void showRequest(std::uint32_t request);
    void chooseTraceFile();
    void setUpShareChart(ShareChart& chart);
    void setUpBatchChart();
    void fillShareChart(ShareChart& chart, const std::vector<kvscope::StepStats>& steps, std::uint64_t current,
                        double xMax);
    void applyPresentation(); // fonts, pens and swatches for the current presenter mode

    ScenarioController* m_controller;
    QComboBox* m_workload;
    QSpinBox* m_requests;
    QDoubleSpinBox* m_rate;
    QComboBox* m_policy;
    QComboBox* m_placement;
    QComboBox* m_blockSize;
    QSpinBox* m_pool;
    QSpinBox* m_samples;
    QComboBox* m_sampling; // parallel samples or beam search
    QSpinBox* m_seed;
    QSpinBox* m_maxModelLen;
    QPushButton* m_play;
    QSlider* m_speed;
    QSlider* m_scrub; // every step of the run; dragging it seeks
    std::optional<kvscope::LessonMoment> m_pendingMoment;
    struct TraceCache { // the last trace file read, while it is unchanged on disk
        std::string path;
        std::filesystem::file_time_type modified;
        std::uintmax_t size = 0;
        std::vector<kvscope::Request> requests;
    };
    mutable TraceCache m_traceCache; // standAtMoment before the whole run was known
    QComboBox* m_moments;            // the named moments of the run (core's runMoments)
    std::uint64_t m_position = 0;    // steps replayed since the simulators were made
    QCheckBox* m_showWholeRun;
    QCheckBox* m_prefixCache; // the paged server keeps shared-prefix blocks (automatic prefix caching)
    // Tiers under the paged pool for the prefix blocks it evicts (issue 30), in multiples of the pool.
    QDoubleSpinBox* m_hostTier;
    QDoubleSpinBox* m_diskTier;
    QLabel* m_counters; // headline: step and finished requests
    QLabel* m_details;  // preemptions and shared blocks
    QLabel* m_seconds;  // the two replays in seconds (secondsText)
    QLabel* m_requestInfo;
    ForkDiagramWidget* m_forkDiagram; // the shown request's block tables, while samples or beams share
    QLabel* m_error;
    QLabel* m_legendText;        // the long legend sentence; the drawn legend stands in for it in presenter mode
    QList<QLabel*> m_bodyLabels; // follow the presenter's body size
    std::vector<std::pair<QLabel*, kvscope::SlotKind>> m_swatches;
    QList<QLabel*> m_legendWords;
    MemoryMapWidget* m_contiguousMap;
    MemoryMapWidget* m_pagedMap;
    ShareChart m_contiguousShares;
    ShareChart m_pagedShares;
    BatchChart m_batch;
    QTimer* m_timer;
    std::vector<kvscope::Request> m_trace;
    std::unique_ptr<kvscope::KvSimulator> m_contiguous;
    std::unique_ptr<kvscope::KvSimulator> m_paged;
    double m_stepBudget = 0; // fractional steps carried between frames
    QFutureWatcher<Timeline> m_timelineWatcher;
    Timeline m_timeline;     // the background run, valid when m_timelineReady
    int m_generation = 0;    // bumped by every rebuild
    int m_runGeneration = 0; // the rebuild whose background run m_timelineWatcher watches
    QGridLayout* m_timelineGrid = nullptr;
    bool m_timelineReady = false;
    bool m_timelineFailed = false;  // the background run met a request that can never fit
    bool m_timelineStopped = false; // the teacher stopped the background run
    // The background run's progress (per mille of requests settled) and its stop flag; a new run
    // gets new ones, and the old run is told to stop.
    std::shared_ptr<std::atomic<int>> m_runProgress;
    std::shared_ptr<std::atomic<bool>> m_runCancel;
    QTimer* m_progressTimer = nullptr; // redraws the counters while the background run goes on
    QPushButton* m_stopRun = nullptr;  // shown once the background run has taken a second
    QElapsedTimer m_runClock;
    void stopBackgroundRun();
    // The timing's figures known on the GUI thread (the model, the arrivals, why a scenario cannot be timed);
    // nothing without requests.
    std::optional<Timing> timingBase(const kvscope::Scenario& scenario) const;
    // The two timed replays (core's replayTimed), off the GUI thread; error "stopped" when `progress` says stop.
    static Timing timeReplays(Timing base, const kvscope::Scenario& scenario, kvscope::SimConfig config,
                              kvscope::AllocatorKind contiguous, const std::vector<kvscope::Request>& trace,
                              const std::function<bool(double)>& progress);
    void startTiming(); // after the whole run, or a scenario change: the comparison in seconds, off the GUI thread
    void dropTiming();  // a new run or a change: the figures in seconds no longer hold
    QFutureWatcher<Timing> m_timingWatcher;
    std::shared_ptr<std::atomic<bool>> m_timingCancel;
    std::optional<Timing> m_timing;
    int m_timingGeneration = 0; // bumped by every dropTiming(): a result of an older one is dropped
    bool m_timingStale = false; // left untimed while hidden
    bool m_built = false;
    bool m_quiz = false;
    bool m_inFigure = false;
    std::uint32_t m_shownRequest = UINT32_MAX;  // the request whose block table is shown, redrawn every step
    std::optional<PoolSettings> m_beforeFigure; // what the figure replaced, restored when it is left
};
