#include "rooflinepage.h"

#include "chartstyle.h"
#include "error.h"
#include "pagelayout.h"
#include "viewtext.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QTableWidget>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;
namespace rl = kvscope::roofline;

namespace {
// Okabe-Ito, one colour per context (the roofs are black and grey, the prefills vermillion).
const QColor kContextColors[] = {QColor(0x00, 0x72, 0xb2), QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                 QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9)};
constexpr int kMaxContexts = 5;

QString number(double value, int decimals) {
    return QLocale().toString(value, 'f', decimals);
}

QString intensityText(double intensity) {
    return number(intensity, intensity < 10 ? 2 : intensity < 100 ? 1 : 0);
}

} // namespace

const PageKind& RooflinePage::kind() {
    static const PageKind kind{
        .id = u"roofline"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Roofline"),
        .panel = PanelUse::OwnInputs,
        .create = [](ScenarioController*, QWidget* parent) -> Page* { return new RooflinePage(parent); },
    };
    return kind;
}

RooflinePage::RooflinePage(QWidget* parent)
    : Page(parent)
    , m_backend(new QLabel(this))
    , m_roof(new QLabel(this))
    , m_status(new QLabel(this))
    , m_reading(new QLabel(this))
    , m_quick(new QCheckBox(tr("Quick (about a minute on a 2-core CPU)"), this))
    , m_run(new QPushButton(tr("Measure this machine"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_progress(new QProgressBar(this))
    , m_view(new QChartView(new QChart, this))
    , m_x(new QLogValueAxis)
    , m_y(new QLogValueAxis)
    , m_memoryRoof(new QLineSeries)
    , m_computeRoof(new QLineSeries)
    , m_ridge(new QScatterSeries)
    , m_prefill(new QScatterSeries)
    , m_table(new QTableWidget(this))
    , m_thread(new QThread)
    , m_worker(new RooflineWorker) {
    qRegisterMetaType<RooflineReport>();
    qRegisterMetaType<RooflineOptions>();
    setObjectName(kind().id);
    m_view->setObjectName(u"rooflineChart"_s);
    m_table->setObjectName(u"rooflineTable"_s);
    m_view->setAccessibleName(tr("Roofline chart"));
    m_table->setAccessibleName(tr("Measured steps"));
    m_reading->setObjectName(u"rooflineReading"_s);
    m_backend->setObjectName(u"rooflineBackend"_s);
    m_roof->setObjectName(u"rooflineRoof"_s);
    for (QLabel* label : {m_backend, m_roof, m_status, m_reading}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_quick->setChecked(true);
    m_stop->setEnabled(false);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setVisible(false);

    explain(m_view, tr("Measured FLOP/s against FLOPs per byte, both on log scales; hover a point for its reading"),
            tr("A step can go no faster than the lower of two roofs: memory bandwidth x arithmetic intensity "
               "(the slanted line) and the peak FLOP/s (the flat line). They meet at the ridge point. A decode "
               "step reads every weight for one token per sequence: about one FLOP per byte at batch 1, far left "
               "of the ridge, so it is memory-bound. A larger batch reuses each weight for more tokens and moves "
               "right; a longer context adds cache bytes and pulls it back. A prefill multiplies every weight by "
               "many tokens at once and lands on the compute side."));
    explain(m_table, tr("Every measured step: bytes and FLOPs from core's formulas, the time measured"),
            tr("Intensity = FLOPs / bytes. Achieved = FLOPs (or bytes) / measured time. Share of the roof = the "
               "fastest time the roofs allow / the measured time."));
    explain(m_quick, tr("Contexts 64 and 256 and a 40-second budget; off: contexts up to 1,024 and four minutes"),
            tr("The largest runs are skipped when they would pass the budget; the page lists them."));

    QChart* chart = m_view->chart();
    chartstyle::apply(chart, tr("Roofline of this machine"));
    m_x->setBase(10);
    m_x->setLabelFormat(u"%g"_s);
    m_x->setTitleText(tr("arithmetic intensity (FLOP/byte, log scale)"));
    m_y->setBase(10);
    m_y->setLabelFormat(u"%g"_s);
    m_y->setTitleText(tr("GFLOP/s (log scale)"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    const auto add = [&](QXYSeries* series) {
        chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    };
    m_memoryRoof->setName(tr("bandwidth roof"));
    m_computeRoof->setName(tr("compute roof"));
    m_ridge->setName(tr("ridge point"));
    m_prefill->setName(tr("prefill"));
    m_prefill->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_prefill->setColor(chartstyle::budget());
    m_ridge->setMarkerShape(QScatterSeries::MarkerShapeStar);
    add(m_memoryRoof);
    add(m_computeRoof);
    add(m_ridge);
    for (int i = 0; i < kMaxContexts; ++i) {
        auto* series = new QScatterSeries;
        series->setColor(kContextColors[i]);
        series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        add(series);
        m_decode.append(series);
    }
    add(m_prefill);
    // Nothing is drawn before a measurement: no empty legend entries, axes over a typical range.
    for (QAbstractSeries* series : chart->series())
        series->setVisible(false);
    chartstyle::setLogRange(m_x, 0.1, 1000);
    chartstyle::setLogRange(m_y, 1, 1000);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(360);
    // Hover: the point's reading in words (a point is found by its coordinates in the report).
    const auto hover = [this](const QPointF& at, bool entered) {
        if (!entered || !m_report) {
            QToolTip::hideText();
            return;
        }
        const RooflinePoint* best = nullptr;
        double bestDistance = 1e300;
        for (const RooflinePoint& p : m_report->points) {
            const double dx = std::log10(std::max(p.reading.intensity, 1e-9)) - std::log10(std::max(at.x(), 1e-9));
            const double dy =
                std::log10(std::max(p.reading.achievedFlops / 1e9, 1e-9)) - std::log10(std::max(at.y(), 1e-9));
            if (dx * dx + dy * dy < bestDistance) {
                bestDistance = dx * dx + dy * dy;
                best = &p;
            }
        }
        if (best)
            QToolTip::showText(QCursor::pos(),
                               reading(*best) + u"\n"_s +
                                   tr("%1 ms measured, %2 achieved, %3 moved per second")
                                       .arg(number(best->milliseconds, best->milliseconds < 100 ? 2 : 0),
                                            viewtext::rate(best->reading.achievedFlops, u"FLOP/s"_s),
                                            viewtext::rate(best->reading.achievedBandwidth, u"B/s"_s)),
                               m_view);
    };
    connect(m_prefill, &QScatterSeries::hovered, this, hover);
    for (QScatterSeries* series : m_decode)
        connect(series, &QScatterSeries::hovered, this, hover);
    connect(m_ridge, &QScatterSeries::hovered, this, [this](const QPointF&, bool entered) {
        if (entered && m_report)
            QToolTip::showText(QCursor::pos(),
                               tr("Ridge point: %1 FLOP/byte. Left of it a step is memory-bound, right of it "
                                  "compute-bound.")
                                   .arg(intensityText(rl::ridgePoint(m_report->roof.roof))),
                               m_view);
        else
            QToolTip::hideText();
    });

    m_table->setColumnCount(9);
    m_table->setHorizontalHeaderLabels({tr("Step"), tr("Batch"), tr("Context"), tr("FLOP/byte"), tr("ms"),
                                        tr("GFLOP/s"), tr("GB/s"), tr("Of the roof"), tr("Bound")});
    m_table->verticalHeader()->hide();
    // Rows follow the text whatever its size (presenter mode's 18 pt arrives as a font change).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setTabKeyNavigation(false);
    m_table->setMinimumHeight(200);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_run);
    controls->addWidget(m_stop);
    controls->addWidget(m_quick);
    controls->addWidget(m_progress, 3);
    controls->addStretch(1); // the buttons keep their size while the progress bar is hidden
    auto* layout = scrollingColumn(this);
    layout->addWidget(m_backend);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(m_roof);
    layout->addWidget(m_view, 3);
    auto* readingBox = new QGroupBox(tr("Reading"), this);
    (new QVBoxLayout(readingBox))->addWidget(m_reading);
    layout->addWidget(readingBox);
    auto* tableBox = new QGroupBox(tr("Measured steps"), this);
    (new QVBoxLayout(tableBox))->addWidget(m_table);
    layout->addWidget(tableBox, 2);

    // Which backend will measure, before anything runs.
    const DeviceInfo device = probeDevice();
    m_backend->setText(device.backend == Backend::Cuda
                           ? tr("Measured on the GPU: %1").arg(QString::fromStdString(device.summary()))
                           : tr("Measured on the CPU: %1. No GPU: %2.")
                                 .arg(QString::fromStdString(device.name), viewtext::deviceReason(device.reason)));
    m_status->setText(tr("Not measured yet: press Measure this machine."));
    m_reading->setText(tr("The reading of every step appears here after a measurement."));

    m_worker->moveToThread(m_thread);
    m_thread->setObjectName(u"roofline"_s);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &RooflinePage::runRequested, m_worker, &RooflineWorker::run);
    connect(m_worker, &RooflineWorker::progress, this, [this](double fraction, const QString& what) {
        m_progress->setValue(int(std::lround(fraction * 100)));
        m_status->setText(tr("Measuring: %1").arg(what));
    });
    connect(m_worker, &RooflineWorker::finished, this, &RooflinePage::onFinished);
    connect(m_worker, &RooflineWorker::failed, this, [this](const QString& message) {
        setRunning(false);
        m_status->setText(tr("The measurement failed: %1").arg(message));
        emit runFinished();
    });
    m_thread->start();
    connect(m_run, &QPushButton::clicked, this, &RooflinePage::start);
    connect(m_stop, &QPushButton::clicked, this, &RooflinePage::stop);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, &RooflinePage::restyle);
    restyle();
}

QWidget* RooflinePage::exportedChart() const {
    return m_view;
}

std::any RooflinePage::keptState() const {
    return m_report ? std::any(*m_report) : std::any();
}

void RooflinePage::restoreKeptState(const std::any& state) {
    if (const auto* kept = std::any_cast<kvscope::gpu::RooflineReport>(&state))
        setReport(*kept);
}

RooflinePage::~RooflinePage() {
    m_worker->stop();
    disconnect(m_worker, nullptr, this, nullptr);
    m_thread->quit();
    m_thread->wait(); // a stop ends a step within a small part of it; a ceiling takes a second at most
    delete m_thread;
}

bool RooflinePage::quick() const {
    return m_quick->isChecked();
}

void RooflinePage::setQuick(bool quick) {
    m_quick->setChecked(quick);
}

void RooflinePage::start() {
    if (m_running)
        return;
    m_worker->arm();
    RooflineOptions options;
    options.quick = m_quick->isChecked();
    setRunning(true);
    m_status->setText(tr("Measuring: the memory bandwidth first"));
    emit runRequested(options);
}

void RooflinePage::stop() {
    if (m_running) {
        m_worker->stop();
        m_status->setText(tr("Stopping after the current step..."));
    }
}

void RooflinePage::setRunning(bool running) {
    m_running = running;
    m_run->setEnabled(!running);
    m_quick->setEnabled(!running);
    m_stop->setEnabled(running);
    m_progress->setVisible(running);
    if (running)
        m_progress->setValue(0);
}

void RooflinePage::onFinished(const RooflineReport& report) {
    setRunning(false);
    setReport(report);
    emit runFinished();
}

QString RooflinePage::reading(const RooflinePoint& point) {
    const rl::Reading& r = point.reading;
    const bool memory = r.bound == rl::Bound::Memory;
    const QString i = intensityText(r.intensity), share = number(r.shareOfRoof * 100.0, 0);
    if (point.kind == PointKind::Prefill)
        return (memory ? tr("Prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound")
                       : tr("Prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the compute roof: compute-bound"))
            .arg(point.batch)
            .arg(point.context)
            .arg(i, share);
    return (memory ? tr("Batch %1, context %2: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound")
                   : tr("Batch %1, context %2: %3 FLOP/byte, %4% of the compute roof: compute-bound"))
        .arg(point.batch)
        .arg(point.context)
        .arg(i, share);
}

void RooflinePage::setReport(const RooflineReport& report) {
    m_report = report;
    const MeasuredRoof& m = report.roof;
    const bool cuda = m.backend == Backend::Cuda;
    m_backend->setText(cuda
                           ? tr("Measured on the GPU: %1").arg(QString::fromStdString(m.device))
                           : tr("Measured on the CPU (%1 threads): %2. %3")
                                 .arg(m.threads)
                                 .arg(QString::fromStdString(m.device),
                                      report.backendWhy.empty()
                                          ? QString()
                                          : tr("No GPU was used: %1.").arg(viewtext::deviceReason(report.backendWhy))));
    const double ridge = rl::ridgePoint(m.roof);
    m_roof->setText(
        cuda ? tr("Memory roof %1 (device-to-device copy); compute roof %2 (cuBLAS %3 GEMM; BF16: %4); "
                  "ridge point %5 FLOP/byte.")
                   .arg(viewtext::rate(m.roof.bandwidth, u"B/s"_s), viewtext::rate(m.roof.peakFlops, u"FLOP/s"_s),
                        QString::fromStdString(precisionName(report.precision)).toUpper(),
                        viewtext::rate(m.gemmBf16Flops, u"FLOP/s"_s), intensityText(ridge))
             : tr("Memory roof %1 (read-only sum; STREAM triad %2); compute roof %3 (OpenBLAS SGEMM); "
                  "ridge point %4 FLOP/byte.")
                   .arg(viewtext::rate(m.roof.bandwidth, u"B/s"_s), viewtext::rate(m.triadBandwidth, u"B/s"_s),
                        viewtext::rate(m.roof.peakFlops, u"FLOP/s"_s), intensityText(ridge)));
    QString status = tr("Steps measured: %1, in %2 s.").arg(report.points.size()).arg(number(report.seconds, 0));
    if (!report.skipped.empty())
        status += u' ' + tr("Skipped (time budget or memory): %1.").arg(report.skipped.size());
    if (report.stopped)
        status += u' ' + tr("Stopped before the end.");
    m_status->setText(status);
    QStringList lines;
    for (const RooflinePoint& p : report.points)
        lines << reading(p);
    m_reading->setText(lines.isEmpty() ? tr("No step was measured.") : lines.join(u'\n'));
    // A screen reader hears the roofs and every point's reading, the chart's figures in words.
    m_view->setAccessibleDescription(m_roof->text() + u' ' + lines.join(u"; "_s));
    drawChart();
    fillTable();
}

void RooflinePage::drawChart() {
    if (!m_report)
        return;
    const RooflineReport& r = *m_report;
    const rl::Roof roof = r.roof.roof;
    if (!roof.valid())
        return;
    const double ridge = rl::ridgePoint(roof);
    double xMin = ridge / 100.0, xMax = ridge * 100.0;
    for (const RooflinePoint& p : r.points) {
        xMin = std::min(xMin, p.reading.intensity / 2.0);
        xMax = std::max(xMax, p.reading.intensity * 2.0);
    }
    xMin = std::pow(10.0, std::floor(std::log10(std::max(xMin, 1e-3))));
    xMax = std::pow(10.0, std::ceil(std::log10(xMax)));
    const double g = 1e9; // the y axis is in GFLOP/s
    m_memoryRoof->replace(QList<QPointF>{{xMin, roof.bandwidth * xMin / g}, {ridge, roof.peakFlops / g}});
    m_computeRoof->replace(QList<QPointF>{{ridge, roof.peakFlops / g}, {xMax, roof.peakFlops / g}});
    m_ridge->replace(QList<QPointF>{{ridge, roof.peakFlops / g}});
    for (QXYSeries* series : {static_cast<QXYSeries*>(m_memoryRoof), static_cast<QXYSeries*>(m_computeRoof),
                              static_cast<QXYSeries*>(m_ridge)})
        series->setVisible(true);
    double yMin = roof.bandwidth * xMin / g;
    std::map<std::uint32_t, QList<QPointF>> byContext;
    QList<QPointF> prefill;
    for (const RooflinePoint& p : r.points) {
        const QPointF at(std::max(p.reading.intensity, xMin), std::max(p.reading.achievedFlops / g, 1e-6));
        yMin = std::min(yMin, at.y());
        if (p.kind == PointKind::Prefill)
            prefill.append(at);
        else
            byContext[p.context].append(at);
    }
    m_prefill->replace(prefill);
    m_prefill->setVisible(!prefill.isEmpty());
    int i = 0;
    for (const auto& [context, points] : byContext) {
        if (i >= kMaxContexts)
            break;
        m_decode[i]->replace(points);
        m_decode[i]->setName(tr("decode, context %1").arg(context));
        m_decode[i]->setVisible(true);
        ++i;
    }
    for (; i < kMaxContexts; ++i) {
        m_decode[i]->clear();
        m_decode[i]->setVisible(false);
    }
    chartstyle::setLogRange(m_x, xMin, xMax);
    chartstyle::setLogRange(m_y, std::pow(10.0, std::floor(std::log10(std::max(yMin, 1e-6)))),
                            std::pow(10.0, std::ceil(std::log10(roof.peakFlops / g * 1.5))));
    m_view->chart()->setTitle(r.roof.backend == Backend::Cuda ? tr("Roofline of this machine (GPU)")
                                                              : tr("Roofline of this machine (CPU)"));
    restyle();
}

void RooflinePage::fillTable() {
    m_table->setRowCount(0);
    if (!m_report)
        return;
    const auto& points = m_report->points;
    m_table->setRowCount(int(points.size()));
    for (int row = 0; row < int(points.size()); ++row) {
        const RooflinePoint& p = points[std::size_t(row)];
        const rl::Reading& x = p.reading;
        const QStringList cells{p.kind == PointKind::Prefill ? tr("prefill") : tr("decode"),
                                QString::number(p.batch),
                                QString::number(p.context),
                                intensityText(x.intensity),
                                number(p.milliseconds, p.milliseconds < 100 ? 2 : 0),
                                number(x.achievedFlops / 1e9, 1),
                                number(x.achievedBandwidth / 1e9, 1),
                                number(x.shareOfRoof * 100.0, 0) + u'%',
                                x.bound == rl::Bound::Memory ? tr("memory-bound") : tr("compute-bound")};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(c == 0 || c == 8 ? Qt::AlignLeft | Qt::AlignVCenter
                                                    : Qt::AlignRight | Qt::AlignVCenter);
            item->setToolTip(reading(p));
            m_table->setItem(row, c, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
}

void RooflinePage::restyle() {
    // The roofs and the ridge in the text's colours, so that they read on a light and a dark palette.
    const qreal width = chartstyle::lineWidth(2.5);
    const QPalette palette = m_view->palette();
    m_memoryRoof->setPen(QPen(palette.color(QPalette::WindowText), width));
    m_computeRoof->setPen(QPen(chartstyle::mutedText(palette), width, Qt::DashLine));
    m_ridge->setColor(palette.color(QPalette::WindowText));
    m_ridge->setBorderColor(palette.color(QPalette::Window));
    const qreal marker = chartstyle::presenter() ? 16 : 10;
    for (QScatterSeries* s : m_decode)
        s->setMarkerSize(marker);
    m_prefill->setMarkerSize(marker);
    m_ridge->setMarkerSize(marker * 1.6);
    // Text follows the application's font (presenter mode sets 18 pt there); rows follow the text.
    // After the font change has reached the table (it is delivered as an event).
    QTimer::singleShot(0, m_table, [table = m_table] { table->resizeColumnsToContents(); });
    m_view->setMinimumHeight(chartstyle::presenter() ? 480 : 360);
    chartstyle::restyle(m_view->chart());
}

QString RooflinePage::backendText() const {
    return m_backend->text();
}
QString RooflinePage::roofText() const {
    return m_roof->text();
}
QString RooflinePage::readingText() const {
    return m_reading->text();
}
QString RooflinePage::statusText() const {
    return m_status->text();
}
