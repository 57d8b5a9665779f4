#include "decodepage.h"

#include <algorithm>

#include "chartstyle.h"
#include "decodeworker.h"
#include "units.h"
#include "viewtext.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;

namespace {
const QColor kModeColors[] = {QColor(0xdc, 0x26, 0x26), QColor(0x25, 0x63, 0xeb), QColor(0x05, 0x96, 0x69)};

QString modeLabel(CacheMode mode) {
    switch (mode) {
    case CacheMode::None:
        return QCoreApplication::translate("DecodePage", "no cache");
    case CacheMode::Contiguous:
        return QCoreApplication::translate("DecodePage", "contiguous cache");
    case CacheMode::Paged:
        return QCoreApplication::translate("DecodePage", "paged cache");
    }
    return {};
}

QSpinBox* spin(QWidget* parent, int lo, int hi, int value) {
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    s->setValue(value);
    return s;
}

QValueAxis* axis(const QString& title) {
    auto* a = new QValueAxis;
    a->setTitleText(title);
    a->setLabelFormat(u"%g"_s);
    return a;
}
} // namespace

DecodePage::DecodePage(ScenarioController*, QWidget* parent)
    : Page(parent)
    , m_backend(new QLabel(this))
    , m_layers(spin(this, 1, 64, 8))
    , m_width(spin(this, 16, 4096, 512))
    , m_heads(spin(this, 1, 64, 8))
    , m_kvHeads(spin(this, 1, 64, 8))
    , m_batch(spin(this, 1, 1024, 1))
    , m_steps(spin(this, 1, 4096, 64))
    , m_prompt(spin(this, 1, 4096, 16))
    , m_blockSize(spin(this, 1, 256, 16))
    , m_none(new QCheckBox(tr("no cache"), this))
    , m_contiguous(new QCheckBox(tr("contiguous"), this))
    , m_paged(new QCheckBox(tr("paged"), this))
    , m_graphs(new QCheckBox(tr("CUDA graphs"), this))
    , m_backendChoice(new QComboBox(this))
    , m_precision(new QComboBox(this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_estimate(new QLabel(this))
    , m_reading(new QLabel(this))
    , m_timeChart(new QChartView(new QChart, this))
    , m_memoryChart(new QChartView(new QChart, this))
    , m_summary(new QTableWidget(this))
    , m_frame(new QTimer(this))
    , m_worker(new DecodeWorker)
    , m_timeX(axis(tr("step")))
    , m_timeY(axis(tr("ms per step")))
    , m_kvX(axis(tr("step")))
    , m_kvY(axis(tr("KV cache held (MiB)"))) {
    qRegisterMetaType<StepRecord>();
    qRegisterMetaType<DecodeReport>();
    qRegisterMetaType<DecodeOptions>();
    const DeviceInfo device = probeDevice();
    m_cudaPresent = device.backend == Backend::Cuda;
    m_backend->setTextFormat(Qt::RichText);
    m_backend->setWordWrap(true);
    m_backend->setText(
        m_cudaPresent
            ? tr("<b>%1</b><br>The decode core runs on this GPU: cuBLAS for the matrix products, our own kernels "
                 "for attention, norms and sampling; step times by CUDA events, memory by cudaMemGetInfo.")
                  .arg(QString::fromStdString(device.summary()).toHtmlEscaped())
            : tr("<b>Runs on the CPU</b> (%1). The formulas are the same; the timings are a CPU's.")
                  .arg(QString::fromStdString(device.summary()).toHtmlEscaped()));
    m_backendChoice->addItem(tr("Auto"), int(BackendChoice::Auto));
    m_backendChoice->addItem(tr("CPU"), int(BackendChoice::Cpu));
    m_backendChoice->addItem(tr("CUDA"), int(BackendChoice::Cuda));
    if (!m_cudaPresent) { // offered only where a device answers; the backend line says why not
        if (auto* model = qobject_cast<QStandardItemModel*>(m_backendChoice->model()))
            model->item(2)->setEnabled(false);
        m_backendChoice->setItemData(2, QString::fromStdString(device.reason), Qt::ToolTipRole);
    }
    m_precision->addItem(u"FP32"_s, int(Precision::Fp32));
    m_precision->addItem(u"BF16"_s, int(Precision::Bf16));
    m_precision->setToolTip(tr("BF16 halves the weights and the KV cache; it needs the CUDA backend"));
    for (QCheckBox* box : {m_none, m_contiguous, m_paged})
        box->setChecked(true);
    m_graphs->setToolTip(tr("Replay the one-token step as a CUDA graph: one launch instead of ~90, so the launch "
                            "cost of a small model's step disappears. Needs the CUDA backend."));
    updateCudaControls();
    connect(m_backendChoice, &QComboBox::currentIndexChanged, this, &DecodePage::updateCudaControls);
    m_stop->setEnabled(false);

    auto* settings = new QGroupBox(tr("Model and run"), this);
    auto* grid = new QGridLayout(settings);
    const std::pair<QString, QWidget*> fields[] = {
        {tr("Layers"), m_layers}, {tr("Width"), m_width}, {tr("Heads"), m_heads},   {tr("KV heads"), m_kvHeads},
        {tr("Batch"), m_batch},   {tr("Steps"), m_steps}, {tr("Prompt"), m_prompt}, {tr("Block size"), m_blockSize}};
    int i = 0;
    for (const auto& [label, widget] : fields) {
        grid->addWidget(new QLabel(label, this), i / 4, (i % 4) * 2);
        grid->addWidget(widget, i / 4, (i % 4) * 2 + 1);
        ++i;
    }
    auto* modes = new QHBoxLayout;
    modes->addWidget(new QLabel(tr("Backend"), this));
    modes->addWidget(m_backendChoice);
    modes->addWidget(new QLabel(tr("Precision"), this));
    modes->addWidget(m_precision);
    modes->addSpacing(12);
    modes->addWidget(new QLabel(tr("Modes:"), this));
    for (QCheckBox* box : {m_none, m_contiguous, m_paged, m_graphs})
        modes->addWidget(box);
    auto* course1 = new QPushButton(tr("Course experiment, batch 1"), this);
    auto* course64 = new QPushButton(tr("Course experiment, batch 64"), this);
    modes->addStretch(1);
    modes->addWidget(course1);
    modes->addWidget(course64);
    grid->addLayout(modes, 2, 0, 1, 8);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_estimate, 1);
    m_estimate->setWordWrap(true);
    m_reading->setWordWrap(true);
    QFont readingFont = m_reading->font();
    readingFont.setPointSizeF(readingFont.pointSizeF() * 1.1);
    m_reading->setFont(readingFont);

    for (auto [view, title, x, y] :
         {std::tuple{m_timeChart, tr("Step time"), m_timeX, m_timeY},
          std::tuple{m_memoryChart, tr("KV cache: measured (points) and formula (line)"), m_kvX, m_kvY}}) {
        view->setRenderHint(QPainter::Antialiasing);
        chartstyle::apply(view->chart(), title);
        view->chart()->addAxis(x, Qt::AlignBottom);
        view->chart()->addAxis(y, Qt::AlignLeft);
        view->setMinimumHeight(220);
    }
    auto* charts = new QHBoxLayout;
    charts->addWidget(m_timeChart, 1);
    charts->addWidget(m_memoryChart, 1);

    m_summary->setColumnCount(9);
    m_summary->setHorizontalHeaderLabels({tr("Cache"), tr("ms/step"), tr("tokens/s"), tr("Speedup"),
                                          tr("Weights (formula)"), tr("KV (formula)"), tr("Peak allocated (ours)"),
                                          tr("Process (VmRSS)"), tr("Tokens")});
    m_summary->verticalHeader()->hide();
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->horizontalHeader()->setStretchLastSection(true);
    m_summary->setMaximumHeight(140);
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_backend);
    layout->addWidget(settings);
    layout->addLayout(buttons);
    layout->addLayout(charts, 1);
    layout->addWidget(m_reading);
    layout->addWidget(m_summary);

    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &DecodePage::runRequested, m_worker, &DecodeWorker::run);
    connect(m_worker, &DecodeWorker::stepMeasured, this, &DecodePage::onStep);
    connect(m_worker, &DecodeWorker::finished, this, &DecodePage::onFinished);
    connect(m_worker, &DecodeWorker::estimated, this, [this](double seconds) {
        m_estimate->setText(seconds > 120
                                ? tr("Estimated %1 min on this machine from a 2-step probe: Stop and lower the "
                                     "steps or batch if that is too long.")
                                      .arg(seconds / 60.0, 0, 'f', 1)
                            : seconds < 1 ? tr("Estimated under a second from a 2-step probe.")
                                          : tr("Estimated %1 s from a 2-step probe.").arg(seconds, 0, 'f', 1));
    });
    connect(m_worker, &DecodeWorker::failed, this, [this](const QString& message) {
        setRunning(false);
        m_estimate->setText(u"<span style='color:#b3261e'>%1</span>"_s.arg(message.toHtmlEscaped()));
    });
    m_thread.start();
    m_frame->setInterval(33);
    connect(m_frame, &QTimer::timeout, this, &DecodePage::flush);
    connect(m_run, &QPushButton::clicked, this, &DecodePage::start);
    connect(m_stop, &QPushButton::clicked, this, &DecodePage::stop);
    connect(course1, &QPushButton::clicked, this, [this] { loadCourseExperiment(1); });
    connect(course64, &QPushButton::clicked, this, [this] { loadCourseExperiment(64); });
    prepareCharts(options()); // empty axes and the formula's line before the first run
    m_reading->setText(tr("Press Run: each mode generates the tokens in turn; step times and the cache held appear as "
                          "they are measured, against the formula's line."));
}

DecodePage::~DecodePage() {
    m_worker->stop(); // closing mid-run is safe: the run ends within a step
    m_thread.quit();
    m_thread.wait();
}

QString DecodePage::backendText() const {
    return m_backend->text();
}
bool DecodePage::cudaControlsEnabled() const {
    return m_graphs->isEnabled() && m_precision->isEnabled();
}
QString DecodePage::estimateText() const {
    return m_estimate->text();
}
int DecodePage::plottedSteps() const {
    return m_plotted;
}

DecodeOptions DecodePage::options() const {
    DecodeOptions o;
    o.model.layers = std::uint32_t(m_layers->value());
    o.model.width = std::uint32_t(m_width->value());
    o.model.heads = std::uint32_t(m_heads->value());
    o.model.kvHeads = std::uint32_t(m_kvHeads->value());
    o.batch = std::uint32_t(m_batch->value());
    o.steps = std::uint32_t(m_steps->value());
    o.promptLen = std::uint32_t(m_prompt->value());
    o.blockSize = std::uint32_t(m_blockSize->value());
    // The position table grows with the run (the course's model has 512 positions).
    o.model.maxContext = std::max(512u, o.promptLen + o.steps);
    o.modes.clear();
    if (m_none->isChecked())
        o.modes.push_back(CacheMode::None);
    if (m_contiguous->isChecked())
        o.modes.push_back(CacheMode::Contiguous);
    if (m_paged->isChecked())
        o.modes.push_back(CacheMode::Paged);
    o.backend = BackendChoice(m_backendChoice->currentData().toInt());
    o.precision = m_precision->isEnabled() ? Precision(m_precision->currentData().toInt()) : Precision::Fp32;
    o.graphs = m_graphs->isEnabled() && m_graphs->isChecked();
    return o;
}

void DecodePage::updateCudaControls() {
    const bool cuda = m_cudaPresent && BackendChoice(m_backendChoice->currentData().toInt()) != BackendChoice::Cpu;
    m_graphs->setEnabled(cuda);
    m_precision->setEnabled(cuda);
    if (!cuda)
        m_precision->setCurrentIndex(0);
}

void DecodePage::setOptions(const DecodeOptions& o) {
    m_layers->setValue(int(o.model.layers));
    m_width->setValue(int(o.model.width));
    m_heads->setValue(int(o.model.heads));
    m_kvHeads->setValue(int(o.model.kvHeads));
    m_batch->setValue(int(o.batch));
    m_steps->setValue(int(o.steps));
    m_prompt->setValue(int(o.promptLen));
    m_blockSize->setValue(int(o.blockSize));
    const auto has = [&](CacheMode m) { return std::find(o.modes.begin(), o.modes.end(), m) != o.modes.end(); };
    m_none->setChecked(has(CacheMode::None));
    m_contiguous->setChecked(has(CacheMode::Contiguous));
    m_paged->setChecked(has(CacheMode::Paged));
    m_backendChoice->setCurrentIndex(m_backendChoice->findData(int(o.backend)));
    m_precision->setCurrentIndex(m_precision->findData(int(o.precision)));
    m_graphs->setChecked(o.graphs);
}

void DecodePage::loadCourseExperiment(int batch) {
    DecodeOptions o; // DOMAIN.md section 7: 8 layers, width 512, 500 steps, with and without a cache
    o.batch = std::uint32_t(batch);
    o.steps = 500;
    o.promptLen = 1;
    o.modes = {CacheMode::None, CacheMode::Contiguous};
    setOptions(o);
    m_estimate->setText(tr("The course's experiment. Press Run: a 2-step probe estimates the time first."));
}

void DecodePage::setRunning(bool running) {
    m_running = running;
    m_run->setEnabled(!running);
    m_stop->setEnabled(running);
    running ? m_frame->start() : m_frame->stop();
}

void DecodePage::prepareCharts(const DecodeOptions& o) {
    // Fresh series for this run.
    for (QChart* chart : {m_timeChart->chart(), m_memoryChart->chart()})
        chart->removeAllSeries();
    m_timeSeries.clear();
    m_kvPoints.clear();
    m_pending.clear();
    m_plotted = 0;
    m_stepMs.clear();
    m_timeY->setTitleText(tr("ms per step"));
    m_maxKv = 1;
    m_haveReport = false;
    m_summary->setRowCount(0);
    m_reading->clear();
    for (const CacheMode mode : o.modes) {
        const int key = int(mode);
        auto* line = new QLineSeries;
        line->setName(modeLabel(mode));
        line->setPen(QPen(kModeColors[key], 2));
        m_timeChart->chart()->addSeries(line);
        line->attachAxis(m_timeX);
        line->attachAxis(m_timeY);
        m_timeSeries[key] = line;
        auto* points = new QScatterSeries;
        points->setName(modeLabel(mode));
        points->setColor(kModeColors[key]);
        points->setMarkerSize(6);
        m_memoryChart->chart()->addSeries(points);
        points->attachAxis(m_kvX);
        points->attachAxis(m_kvY);
        m_kvPoints[key] = points;
    }
    // The formula's line: 2 x L x B x tokens x kvHeads x headDim x element bytes, token by token.
    m_kvTheory = new QLineSeries;
    m_kvTheory->setName(tr("formula (tokens held)"));
    m_kvTheory->setPen(QPen(Qt::black, 2, Qt::DashLine));
    for (std::uint32_t s = 0; s <= o.steps; ++s)
        m_kvTheory->append(double(s), double(kvBytesByFormula(o.model, o.batch, o.promptLen + s, o.precision)) /
                                          double(kvscope::MiB));
    m_memoryChart->chart()->addSeries(m_kvTheory);
    m_kvTheory->attachAxis(m_kvX);
    m_kvTheory->attachAxis(m_kvY);
    m_maxKv = double(kvBytesByFormula(o.model, o.batch, o.promptLen + o.steps + o.blockSize, o.precision)) /
              double(kvscope::MiB);
    m_timeX->setRange(0, o.steps);
    m_kvX->setRange(0, o.steps);
    m_kvY->setRange(0, m_maxKv * 1.1);
}

void DecodePage::start() {
    if (m_running)
        return;
    const DecodeOptions o = options();
    prepareCharts(o);
    m_estimate->setText(tr("Probing..."));
    setRunning(true);
    emit runRequested(o);
}

void DecodePage::stop() {
    if (m_running)
        m_worker->stop();
}

void DecodePage::onStep(const StepRecord& step) {
    m_pending.push_back(step);
}

double DecodePage::timeAxisTop(std::vector<double> stepMs, int* offScale) {
    // The 95th percentile with a margin, not the maximum: on a shared machine one step in a
    // few hundred stalls for the scheduler, and a single spike would flatten every line.
    // With fewer than 20 steps there is no telling a spike from the trend: the maximum.
    if (stepMs.empty()) {
        if (offScale)
            *offScale = 0;
        return 1.0;
    }
    std::vector<double> sorted = stepMs;
    const std::size_t rank = sorted.size() < 20 ? sorted.size() - 1 : sorted.size() * 95 / 100;
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(rank), sorted.end());
    const double top = std::max(sorted[rank] * (sorted.size() < 20 ? 1.15 : 1.3), 1e-3);
    if (offScale)
        *offScale = int(std::count_if(stepMs.begin(), stepMs.end(), [&](double ms) { return ms > top; }));
    return top;
}

void DecodePage::flush() {
    if (m_pending.empty())
        return;
    // Append the steps that arrived since the last frame, one replace per series.
    std::map<int, QList<QPointF>> times, kv;
    for (const StepRecord& s : m_pending) {
        times[int(s.mode)].append({double(s.step), s.milliseconds});
        kv[int(s.mode)].append({double(s.step), double(s.kvBytesHeld) / double(kvscope::MiB)});
        m_stepMs.push_back(s.milliseconds);
        m_maxKv = std::max(m_maxKv, double(s.kvBytesHeld) / double(kvscope::MiB));
    }
    m_plotted += int(m_pending.size());
    m_pending.clear();
    for (auto& [key, points] : times)
        if (auto it = m_timeSeries.find(key); it != m_timeSeries.end())
            it->second->append(points);
    for (auto& [key, points] : kv)
        if (auto it = m_kvPoints.find(key); it != m_kvPoints.end())
            it->second->append(points);
    int offScale = 0;
    const double top = timeAxisTop(m_stepMs, &offScale);
    m_timeY->setTitleText(offScale > 0 ? tr("ms per step (%n slower step(s) above the axis)", "", offScale)
                                       : tr("ms per step"));
    m_timeY->setRange(0, top);
    m_timeY->applyNiceNumbers();
    m_kvY->setRange(0, m_maxKv * 1.1);
    m_kvY->applyNiceNumbers();
}

void DecodePage::onFinished(const DecodeReport& report) {
    flush();
    setRunning(false);
    if (report.modes.empty())
        return; // stopped during the probe
    m_report = report;
    m_haveReport = true;
    fillSummary();
}

void DecodePage::fillSummary() {
    const DecodeReport& r = m_report;
    m_summary->setRowCount(int(r.modes.size()));
    for (int row = 0; row < int(r.modes.size()); ++row) {
        const ModeResult& m = r.modes[std::size_t(row)];
        const QString speedup = m.speedupVsNone > 0 ? QString::number(m.speedupVsNone, 'f', 2) + u'x' : u"-"_s;
        const QStringList cells{modeLabel(m.mode) + (m.completed ? QString() : tr(" (stopped)")),
                                QString::number(m.msPerStep, 'f', 2),
                                QString::number(m.tokensPerSecond, 'f', 1),
                                speedup,
                                QString::fromStdString(kvscope::formatBytes(m.memory.theoreticalWeightBytes)),
                                QString::fromStdString(kvscope::formatBytes(m.memory.theoreticalKvBytes)),
                                QString::fromStdString(kvscope::formatBytes(m.memory.peakAllocatedBytes)),
                                QString::fromStdString(kvscope::formatBytes(m.memory.processBytes)),
                                r.tokensIdentical ? tr("identical") : tr("DIFFER")};
        for (int c = 0; c < cells.size(); ++c)
            m_summary->setItem(row, c, new QTableWidgetItem(cells[c]));
    }
    const bool cuda = r.backend == Backend::Cuda;
    m_summary->setHorizontalHeaderItem(
        7, new QTableWidgetItem(cuda ? tr("Device in use (cudaMemGetInfo)") : tr("Process (VmRSS)")));
    m_summary->resizeColumnsToContents();
    const QString uncachedShare = r.fitValid && r.fixedCostShareUncached > 0
                                      ? tr(" Fixed cost is %1% of an uncached step (least squares over every step).")
                                            .arg(100 * r.fixedCostShareUncached, 0, 'f', 0)
                                      : QString();
    const QString where = cuda ? tr("On CUDA, %1%2 (%3). ")
                                     .arg(QString::fromStdString(precisionName(r.precision)).toUpper(),
                                          r.graphs ? tr(", cached steps replayed as a CUDA graph") : QString(),
                                          QString::fromStdString(r.backendWhy))
                               : tr("On the CPU (%1). ").arg(QString::fromStdString(r.backendWhy));
    m_reading->setText(where + QString::fromStdString(r.reading) + uncachedShare +
                       (r.stopped ? tr(" (Stopped before the end.)") : QString()));
}
