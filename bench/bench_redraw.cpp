// Drives the window offscreen through 1,000 control changes per page and times each one from the
// change to a repainted window, next to the 16.7 ms frame budget (60 Hz).
//
// One change, one frame: the control is set (its signal runs the controller's recompute), then
// the event loop runs as it would after a real slider event: the page's coalesced redraw runs,
// and the window paints what changed. The time stops when that frame has painted the
// page's chart; a change that left the chart untouched gets a forced repaint of it, so every
// figure includes a chart paint. The "update" and "paint" columns split that time where the
// window's paint request arrives. A second table sends a burst of 10 slider values in one
// event-loop turn (a fast drag between two frames) and times it to the painted frame.
#include "attentionpage.h"
#include "benchargs.h"
#include "controlspanel.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "memorypage.h"
#include "scalingpage.h"
#include "scenariocontroller.h"
#include "sliderspin.h"

#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QElapsedTimer>
#include <QStandardPaths>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

struct Result {
    double median;
    double p99;
};

Result percentiles(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms[ms.size() * 99 / 100]};
}

// Watches the window for its paint request (the end of the update, the start of the paint) and
// the chart's viewport for its paint.
class FrameWatch : public QObject {
public:
    FrameWatch(QWidget* window, QWidget* viewport)
        : m_window(window)
        , m_viewport(viewport) {
        window->installEventFilter(this);
        viewport->installEventFilter(this);
    }
    void start() {
        m_timer.start();
        m_paintRequestNs = -1;
        m_chartPainted = false;
    }
    bool chartPainted() const { return m_chartPainted; }
    // Nanoseconds from start() to the first paint request, or `fallback` when none came.
    qint64 paintRequestNs(qint64 fallback) const { return m_paintRequestNs < 0 ? fallback : m_paintRequestNs; }
    qint64 elapsedNs() const { return m_timer.nsecsElapsed(); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_window && event->type() == QEvent::UpdateRequest && m_paintRequestNs < 0)
            m_paintRequestNs = m_timer.nsecsElapsed();
        if (watched == m_viewport && event->type() == QEvent::Paint)
            m_chartPainted = true;
        return false;
    }

private:
    QWidget* m_window;
    QWidget* m_viewport;
    QElapsedTimer m_timer;
    qint64 m_paintRequestNs = -1;
    bool m_chartPainted = false;
};

struct PageResult {
    Result total;
    double updateMedian;
    double paintMedian;
    int forced; // changes whose frame did not repaint the chart (a repaint was forced)
};

// The event loop after the change until the frame has painted the chart (a redraw posted by the
// change, then the paint request it posts: two or three turns), else the chart's paint forced.
// Returns true when the paint had to be forced.
bool finishFrame(FrameWatch& watch, QChartView* chart) {
    for (int turn = 0; turn < 3 && !watch.chartPainted(); ++turn)
        QApplication::processEvents();
    if (watch.chartPainted())
        return false;
    chart->viewport()->repaint();
    return true;
}

// The measuring functions stay out of line so that a profile (perf record -g) names them.

// The floor: repainting the same chart with nothing changed.
[[gnu::noinline]] Result repaintOnly(MainWindow& window, const char* page, QChartView* visibleChart) {
    window.showPage(QString::fromLatin1(page));
    QApplication::processEvents();
    std::vector<double> ms;
    QElapsedTimer timer;
    for (int i = 0; i < 300; ++i) {
        timer.start();
        visibleChart->viewport()->repaint();
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return percentiles(ms);
}

void change(ControlsPanel* c, int i) {
    switch (i % 4) {
    case 0:
        c->batch()->setValue(1 + (i * 7) % 64);
        break;
    case 1:
        c->context()->setValue(512 + (i * 97) % 30000);
        break;
    case 2:
        c->layers()->setValue(16 + i % 32);
        break;
    case 3:
        c->kvDtype()->setCurrentIndex(i % c->kvDtype()->count());
        break;
    }
}

[[gnu::noinline]] PageResult measure(MainWindow& window, const char* page, QChartView* chart, int changes) {
    window.showPage(QString::fromLatin1(page));
    QApplication::processEvents();
    ControlsPanel* c = window.controls();
    FrameWatch watch(&window, chart->viewport());
    std::vector<double> total, update, paint;
    int forced = 0;
    for (int i = 0; i < changes; ++i) {
        watch.start();
        change(c, i);
        forced += finishFrame(watch, chart) ? 1 : 0;
        const qint64 end = watch.elapsedNs();
        const qint64 split = watch.paintRequestNs(end);
        total.push_back(double(end) / 1e6);
        update.push_back(double(split) / 1e6);
        paint.push_back(double(end - split) / 1e6);
    }
    return {percentiles(total), percentiles(update).median, percentiles(paint).median, forced};
}

// A fast drag: 10 context values in one event-loop turn, then the frame.
[[gnu::noinline]] Result burst(MainWindow& window, const char* page, QChartView* chart, int bursts) {
    window.showPage(QString::fromLatin1(page));
    QApplication::processEvents();
    ControlsPanel* c = window.controls();
    FrameWatch watch(&window, chart->viewport());
    std::vector<double> ms;
    for (int i = 0; i < bursts; ++i) {
        watch.start();
        for (int k = 0; k < 10; ++k)
            c->context()->setValue(1024 + ((i * 10 + k) * 211) % 30000);
        finishFrame(watch, chart);
        ms.push_back(double(watch.elapsedNs()) / 1e6);
    }
    return percentiles(ms);
}

} // namespace

int main(int argc, char** argv) {
    // --page NAME (memory, attention, scaling) measures one page, for a profile of it alone.
    const char* only = nullptr;
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
        if (i > 0 && std::strcmp(argv[i], "--page") == 0 && i + 1 < argc)
            only = argv[++i];
        else
            rest.push_back(argv[i]);
    }
    int restCount = int(rest.size());
    const auto args = kvscope::bench::parseBenchArgs(
        restCount, rest.data(),
        "Drives the window offscreen through 1,000 control changes per page and times each one from the change\n"
        "to a repainted window (the event loop runs until the frame has painted the chart), next to the 16.7 ms\n"
        "frame budget (60 Hz); then bursts of 10 slider values in one turn. About 30 s.\n"
        "--page NAME (memory, attention or scaling) measures one page.",
        "200 changes per page instead of 1,000");
    const int changes = args.quick ? 200 : 1000;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    ScenarioController controller;
    MainWindow window(&controller);
    window.resize(1440, 900);
    window.show();
    QApplication::processEvents();

    constexpr double frame = 16.7;
    constexpr double medianTarget = 5.0;
    const std::pair<const char*, QChartView*> pages[] = {
        {"memory", window.memoryPage()->chart()},
        {"attention", window.attentionPage()->chartView()},
        {"scaling", window.scalingPage()->chartView()},
    };
    bool known = only == nullptr;
    for (const auto& page : pages)
        known = known || std::strcmp(page.first, only) == 0;
    if (!known) {
        std::fprintf(stderr, "%s: unknown page '%s' (memory, attention or scaling)\n", argv[0], only);
        return 2;
    }

    std::printf("redraw after one control change, %d changes per page (offscreen, this machine)\n", changes);
    std::printf("targets: median < %.1f ms and p99 < %.1f ms (one 60 Hz frame)\n", medianTarget, frame);
    std::printf("%-10s %9s %9s %8s %9s %9s %7s %14s\n", "page", "median ms", "p99 ms", "target", "update ms",
                "paint ms", "forced", "repaint alone");
    for (const auto& [name, chart] : pages) {
        if (only && std::strcmp(name, only) != 0)
            continue;
        const PageResult r = measure(window, name, chart, changes);
        const Result floor = repaintOnly(window, name, chart);
        std::printf("%-10s %9.2f %9.2f %8s %9.2f %9.2f %7d %11.2f ms\n", name, r.total.median, r.total.p99,
                    r.total.median < medianTarget && r.total.p99 < frame ? "MET" : "MISSED", r.updateMedian,
                    r.paintMedian, r.forced, floor.median);
    }
    std::printf("\nburst of 10 context values in one event-loop turn, then the frame (%d bursts per page)\n",
                changes / 10);
    std::printf("%-10s %9s %9s\n", "page", "median ms", "p99 ms");
    for (const auto& [name, chart] : pages) {
        if (only && std::strcmp(name, only) != 0)
            continue;
        const Result r = burst(window, name, chart, changes / 10);
        std::printf("%-10s %9.2f %9.2f\n", name, r.median, r.p99);
    }
    return 0;
}
