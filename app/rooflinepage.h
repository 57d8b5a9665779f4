#pragma once

#include "page.h"
#include "rooflineworker.h"

#include <QString>
#include <QThread>

#include <optional>

class QChartView;
class QCheckBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QProgressBar;
class QPushButton;
class QScatterSeries;
class QTableWidget;

// The roofline of this machine: its measured memory bandwidth and peak FLOP/s as two lines on
// log-log axes meeting at the ridge point, our small GPT's decode steps (one series per context,
// batch 1 to 256 along it) and its prefills on them, and a reading of every point in words. The
// bytes and FLOPs are core's (core/roofline.h); only the times are measured.
class RooflinePage : public Page {
    Q_OBJECT

public:
    static const PageKind& kind();
    explicit RooflinePage(QWidget* parent = nullptr);
    ~RooflinePage() override;
    QWidget* exportedChart() const override;
    std::any keptState() const override; // a measured report
    void restoreKeptState(const std::any& state) override;
    bool isBusy() const override { return m_running; }

    void start(); // measures with the page's options (quick or full grid) off the GUI thread
    void stop();
    bool isRunning() const { return m_running; }
    bool quick() const;
    void setQuick(bool quick);

    // Shows a measurement (the worker's, or a synthetic one in tests).
    void setReport(const kvscope::gpu::RooflineReport& report);
    const std::optional<kvscope::gpu::RooflineReport>& report() const { return m_report; }

    QChartView* chartView() const { return m_view; }
    QTableWidget* table() const { return m_table; }
    QString backendText() const;
    QString roofText() const;
    QString readingText() const; // one line per point
    QString statusText() const;
    // The reading of one point as the page words it (translated).
    static QString reading(const kvscope::gpu::RooflinePoint& point);

signals:
    void runRequested(const kvscope::gpu::RooflineOptions& options);
    void runFinished();

protected:
    void refresh() override {}

private:
    void onFinished(const kvscope::gpu::RooflineReport& report);
    void setRunning(bool running);
    void drawChart();
    void fillTable();
    void restyle();

    QLabel* m_backend;
    QLabel* m_roof;
    QLabel* m_status;
    QLabel* m_reading;
    QCheckBox* m_quick;
    QPushButton* m_run;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QChartView* m_view;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    QLineSeries* m_memoryRoof;
    QLineSeries* m_computeRoof;
    QScatterSeries* m_ridge;
    QScatterSeries* m_prefill;
    QList<QScatterSeries*> m_decode; // one per context
    QTableWidget* m_table;
    QThread* m_thread;
    RooflineWorker* m_worker;
    bool m_running = false;
    std::optional<kvscope::gpu::RooflineReport> m_report;
};
