#pragma once

#include "kvsimulator.h"
#include "page.h"

#include <QFutureWatcher>

#include <memory>

class MemoryMapWidget;
class ScenarioController;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;

// Contiguous reservation and PagedAttention blocks replaying the same request trace side
// by side: two live memory maps, counters, and a timeline of where the pool's slots went.
class PagedPage : public Page {
    Q_OBJECT

public:
    explicit PagedPage(ScenarioController* controller, QWidget* parent = nullptr);
    ~PagedPage() override;

    // For tests and the command line: run state and the two simulators.
    void restart();
    void stepOnce();
    void setPlaying(bool playing);
    bool isPlaying() const;
    void loadPaperFigure(); // the preset: a 2,048-slot reservation that stops after 10 tokens
    const kvscope::KvSimulator* contiguous() const { return m_contiguous.get(); }
    const kvscope::KvSimulator* paged() const { return m_paged.get(); }
    MemoryMapWidget* contiguousMap() const { return m_contiguousMap; }
    MemoryMapWidget* pagedMap() const { return m_pagedMap; }
    QString countersText() const;
    // True once the background run that feeds the timeline has finished.
    bool timelineReady() const { return m_timelineReady; }

protected:
    void refresh() override;

private:
    struct Timeline {
        std::vector<kvscope::StepStats> contiguous, paged;
        std::string error;
    };
    std::vector<kvscope::Request> buildTrace(QString* error) const;
    kvscope::SimConfig baseConfig() const;
    void rebuild();          // new trace and simulators from the controls
    void advance(int steps); // both simulators; an error stops the animation and is shown
    void tick();
    void redraw();
    void showRequest(std::uint32_t request);
    void fillTimeline(QChartView* view, const std::vector<kvscope::StepStats>& steps, const QString& title);
    void moveCursor();

    ScenarioController* m_controller;
    QComboBox* m_workload;
    QSpinBox* m_requests;
    QDoubleSpinBox* m_rate;
    QComboBox* m_policy;
    QComboBox* m_placement;
    QComboBox* m_blockSize;
    QSpinBox* m_pool;
    QSpinBox* m_samples;
    QSpinBox* m_seed;
    QSpinBox* m_maxModelLen;
    QPushButton* m_play;
    QSlider* m_speed;
    QLabel* m_counters;
    QLabel* m_requestInfo;
    QLabel* m_error;
    MemoryMapWidget* m_contiguousMap;
    MemoryMapWidget* m_pagedMap;
    QChartView* m_contiguousTimeline;
    QChartView* m_pagedTimeline;
    QLineSeries* m_contiguousCursor = nullptr;
    QLineSeries* m_pagedCursor = nullptr;
    QTimer* m_timer;
    std::vector<kvscope::Request> m_trace;
    std::unique_ptr<kvscope::KvSimulator> m_contiguous;
    std::unique_ptr<kvscope::KvSimulator> m_paged;
    double m_stepBudget = 0; // fractional steps carried between frames
    QFutureWatcher<Timeline> m_timelineWatcher;
    int m_generation = 0;
    bool m_timelineReady = false;
    bool m_built = false;
};
