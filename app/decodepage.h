#pragma once

#include "decodesummarymodel.h"
#include "decodeworker.h" // the metatype declarations travel with it
#include "page.h"

#include <QElapsedTimer>
#include <QThread>

#include <map>
#include <vector>

class ScenarioController;
class QCheckBox;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QSpinBox;
class QTableView;
class QTableWidget;
class QTimer;
class QValueAxis;

// The GPU panel: our small GPT decoding live with and without a KV cache, step time and
// KV memory drawn at frame rate while it runs, and when it ends a summary, the two-term
// model (least squares and the course's two equations) against the measured steps, and the
// course's figures beside ours. Without a CUDA device the same core runs on the CPU, and
// the backend line says so. A run may go on at a second batch ("then at batch 64"), which
// the first batch's two equations predict, as the course does.
//
// Section 9's cache kinds run here too (dynamic, INT8, and FP8 on CUDA): their TTFT, TPOT, KV
// memory at its peak and the accuracy cost against the contiguous cache go into the summary, and
// a chart puts each kind's KV peak against its TPOT.
class DecodePage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit DecodePage(ScenarioController* controller, QWidget* parent = nullptr);
    ~DecodePage() override;
    std::any keptState() const override; // state()
    void restoreKeptState(const std::any& state) override;
    bool isBusy() const override { return m_running; }

    // One finished run of a sequence: what was asked and what was measured.
    using Run = DecodeRun;

    void start();
    void stop();
    bool isRunning() const { return m_running; }
    // For tests: the worker, which outlives a closed page until the step it is in ends.
    DecodeWorker* worker() const { return m_worker; }
    void loadCourseExperiment(int batch); // 500 steps, with and without a cache
    kvscope::gpu::DecodeOptions options() const;
    void setOptions(const kvscope::gpu::DecodeOptions& options);
    // The batch a run goes on at after the first; 0 when it does not.
    int thenBatch() const;
    void setThenBatch(int batch); // 0: no second run
    const kvscope::gpu::DecodeReport* lastReport() const { return m_runs.empty() ? nullptr : &m_runs.back().report; }
    const std::vector<Run>& runs() const { return m_runs; } // this sequence's finished runs, in order
    // What a language switch must not lose: the settings, the second batch and the finished
    // runs with the one on the charts (a run in progress is not state: the window refuses
    // the switch while one goes on).
    struct State {
        kvscope::gpu::DecodeOptions options;
        int thenBatch = 0;
        std::vector<Run> runs;
        int shownRun = -1;
    };
    State state() const;
    void restoreState(const State& state);
    QTableView* summary() const { return m_summary; }
    DecodeSummaryModel* summaryModel() const { return m_summaryModel; }
    QChartView* kindsChart() const { return m_kindsChart; } // KV peak against TPOT per cache kind
    QTableWidget* fitTable() const { return m_fit; }
    QTableWidget* courseTable() const { return m_course; }
    QString backendText() const;
    bool cudaControlsEnabled() const; // the graphs switch and the BF16 choice
    QString estimateText() const;
    QString readingText() const;
    QString headlineText() const;
    int plottedSteps() const; // points drawn so far, all modes
    int shownRun() const;     // which run of runs() the charts show
    void showRun(int index);

    // The course's experiment at `batch` and the classroom one (the course's model, 24 steps,
    // batch 1 then batch 64: well under a minute on a 2-core CPU).
    static kvscope::gpu::DecodeOptions courseOptions(int batch);
    static kvscope::gpu::DecodeOptions classroomOptions();
    static constexpr int kClassroomThenBatch = 64;
    static constexpr int kClassroomSteps = 24;

    // The step-time axis's top for these steps, and how many lie above it (scheduler stalls).
    static double timeAxisTop(std::vector<double> stepMs, int* offScale = nullptr);
    // A tick interval of 1, 2 or 5 x 10^k giving about `target` intervals over [0, span]
    // (whole numbers when `integral`), and the decimals that print every multiple of it apart.
    static double tickInterval(double span, int target, bool integral);
    static int labelDecimals(double interval);
    static QString formatDuration(double seconds); // "40 s", "3.5 min", "1.6 h"

    // How long a closing page waits for its worker to stop (two frames); after that the worker
    // finishes its step on its own thread, detached, and the application joins it at exit.
    static constexpr int kCloseWaitMs = 66;
    // Decode threads of closed pages still finishing a step.
    static int detachedWorkers();

public slots:
    // Batch 1 then batch 64, 24 steps, with and without a cache: what a teacher presses on a CPU.
    void loadClassroomExperiment();
    // A lesson's (Lesson::experiment): the classroom experiment loaded and started, unless the page already
    // holds both its runs, complete, or a run is under way (the lesson never cuts one short).
    void runClassroomExperiment();

signals:
    void runRequested(const kvscope::gpu::DecodeOptions& options, quint64 ticket);
    void estimateRequested(const QList<kvscope::gpu::DecodeOptions>& runs, int ticket);
    // The sequence ended (done, stopped or failed); runs() holds what it measured.
    void runsFinished();

protected:
    void refresh() override {}

private:
    QList<QPair<class QLabel*, QWidget*>> m_fieldPairs;
    class QGridLayout* m_fieldGrid = nullptr;
    void onStep(const kvscope::gpu::StepRecord& step);
    void onFinished(const kvscope::gpu::DecodeReport& report);
    void runNext();                           // the next run of the sequence
    void showFailure(const QString& message); // in the estimate line, in the palette's error colour
    void flush();                             // frame-rate chart update from the pending steps
    void prepareCharts(const kvscope::gpu::DecodeOptions& options); // fresh series and axes for a run
    void appendSteps(const std::vector<kvscope::gpu::StepRecord>& steps);
    void drawFit(const kvscope::gpu::DecodeReport& report);   // the least-squares line over each mode's steps
    void drawKinds(const kvscope::gpu::DecodeReport& report); // the cache kinds' KV peak against TPOT
    void setAxis(QValueAxis* axis, double top, bool integral);
    void setRunning(bool running);
    void fillSummary();
    void fillFit();
    void fillCourse();
    void fillReading();
    void showTimeLeft();
    void restyle();            // presenter mode: pens, markers, headline sizes
    void updateCudaControls(); // graphs and bf16 only where the run will be on CUDA
    void requestEstimate(const QList<kvscope::gpu::DecodeOptions>& runs, const QString& what);
    void onEstimateReady(double seconds, int ticket);
    QList<kvscope::gpu::DecodeOptions> plannedRuns() const;

    QLabel* m_backend;
    QSpinBox *m_layers, *m_width, *m_heads, *m_kvHeads, *m_batch, *m_steps, *m_prompt, *m_blockSize;
    QCheckBox *m_none, *m_contiguous, *m_paged, *m_dynamic, *m_int8, *m_fp8, *m_graphs, *m_then;
    QSpinBox* m_thenBatch;
    QComboBox *m_backendChoice, *m_precision, *m_shown;
    bool m_cudaPresent = false;
    QPushButton *m_run, *m_stop, *m_course1, *m_course64, *m_classroom;
    QLabel* m_estimate;
    QLabel* m_headline;
    QLabel* m_reading;
    QLabel* m_fitText;
    QChartView* m_timeChart;
    QChartView* m_memoryChart;
    QChartView* m_kindsChart; // KV peak against TPOT, one labelled point per cache kind
    DecodeSummaryModel* m_summaryModel;
    QTableView* m_summary;
    QTableWidget* m_fit;
    QTableWidget* m_course;
    QTimer* m_frame;
    QThread* m_thread; // no parent: deleted by ~DecodePage, or by itself when left to finish a step
    DecodeWorker* m_worker;
    std::vector<kvscope::gpu::StepRecord> m_pending;
    std::vector<kvscope::gpu::StepRecord> m_runSteps; // the run in flight's steps so far: its time left
    QElapsedTimer m_sequenceClock;                    // since Run: what the whole sequence took
    std::map<int, QScatterSeries*> m_timePoints;
    std::map<int, QLineSeries*> m_timeFit;
    std::map<int, QScatterSeries*> m_kvPoints;
    QLineSeries* m_kvTheory = nullptr;
    QValueAxis *m_timeX, *m_timeY, *m_kvX, *m_kvY, *m_kindsX, *m_kindsY;
    QScatterSeries* m_kvPeak = nullptr;          // the dynamic cache's peak in each step
    std::map<int, QScatterSeries*> m_kindPoints; // one point per cache kind on m_kindsChart
    double m_kvDivisor = 1024.0 * 1024.0;        // bytes per unit of the KV chart: MiB, or MB in GB mode
    double m_maxKv = 1;
    std::vector<double> m_stepMs; // every step time drawn, for the time axis's scale
    std::vector<Run> m_runs;
    std::vector<kvscope::gpu::DecodeOptions> m_queue; // runs of the sequence still to go
    kvscope::gpu::DecodeOptions m_current;            // the run in flight
    int m_shownRun = -1;
    int m_ticket = 0;                    // the worker's armEstimate(): estimates answered with another are dropped
    QString m_estimateWhat;              // what the estimate in flight is for, in words
    bool m_estimateForClassroom = false; // no "press Classroom CPU" advice for the classroom run itself
    bool m_running = false;
    int m_plotted = 0;
};
