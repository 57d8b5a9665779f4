#pragma once

#include "decodeworker.h" // the metatype declarations travel with it
#include "page.h"

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
class QTableWidget;
class QTimer;
class QValueAxis;

// The GPU panel: our small GPT decoding live with and without a KV cache, step time and
// KV memory drawn at frame rate while it runs, and a summary with the two-term fit and
// the four memory figures when it ends. Without a CUDA device the same core runs on the
// CPU, and the backend line says so.
class DecodePage : public Page {
    Q_OBJECT

public:
    explicit DecodePage(ScenarioController* controller, QWidget* parent = nullptr);
    ~DecodePage() override;

    void start();
    void stop();
    bool isRunning() const { return m_running; }
    void loadCourseExperiment(int batch); // 500 steps, with and without a cache
    kvscope::gpu::DecodeOptions options() const;
    void setOptions(const kvscope::gpu::DecodeOptions& options);
    const kvscope::gpu::DecodeReport* lastReport() const { return m_haveReport ? &m_report : nullptr; }
    QTableWidget* summary() const { return m_summary; }
    QString backendText() const;
    bool cudaControlsEnabled() const; // the graphs switch and the BF16 choice
    QString estimateText() const;
    int plottedSteps() const; // points drawn so far, all modes
    // The step-time axis's top for these steps, and how many lie above it (scheduler stalls).
    static double timeAxisTop(std::vector<double> stepMs, int* offScale = nullptr);

signals:
    void runRequested(const kvscope::gpu::DecodeOptions& options);

protected:
    void refresh() override {}

private:
    void onStep(const kvscope::gpu::StepRecord& step);
    void onFinished(const kvscope::gpu::DecodeReport& report);
    void flush();                                                   // frame-rate chart update from the pending steps
    void prepareCharts(const kvscope::gpu::DecodeOptions& options); // fresh series and axes for a run
    void setRunning(bool running);
    void fillSummary();
    void updateCudaControls(); // graphs and bf16 only where the run will be on CUDA

    QLabel* m_backend;
    QSpinBox *m_layers, *m_width, *m_heads, *m_kvHeads, *m_batch, *m_steps, *m_prompt, *m_blockSize;
    QCheckBox *m_none, *m_contiguous, *m_paged, *m_graphs;
    QComboBox *m_backendChoice, *m_precision;
    bool m_cudaPresent = false;
    QPushButton *m_run, *m_stop;
    QLabel* m_estimate;
    QLabel* m_reading;
    QChartView* m_timeChart;
    QChartView* m_memoryChart;
    QTableWidget* m_summary;
    QTimer* m_frame;
    QThread m_thread;
    DecodeWorker* m_worker;
    std::vector<kvscope::gpu::StepRecord> m_pending;
    std::map<int, QLineSeries*> m_timeSeries;
    std::map<int, QScatterSeries*> m_kvPoints;
    QLineSeries* m_kvTheory = nullptr;
    QValueAxis *m_timeX, *m_timeY, *m_kvX, *m_kvY;
    double m_maxKv = 1;
    std::vector<double> m_stepMs; // every step time drawn this run, for the time axis's scale
    kvscope::gpu::DecodeReport m_report;
    bool m_haveReport = false;
    bool m_running = false;
    int m_plotted = 0;
};
