#include "pagedpage.h"

#include "chartstyle.h"
#include "error.h"
#include "memorymapwidget.h"
#include "scenariocontroller.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

constexpr int kFrameMs = 33; // ~30 frames per second

QString percent(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? u"-"_s : QString::number(100.0 * double(part) / double(whole), 'f', 1) + u'%';
}

} // namespace

PagedPage::PagedPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_workload(new QComboBox(this))
    , m_requests(new QSpinBox(this))
    , m_rate(new QDoubleSpinBox(this))
    , m_policy(new QComboBox(this))
    , m_placement(new QComboBox(this))
    , m_blockSize(new QComboBox(this))
    , m_pool(new QSpinBox(this))
    , m_samples(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_maxModelLen(new QSpinBox(this))
    , m_play(new QPushButton(tr("Play"), this))
    , m_speed(new QSlider(Qt::Horizontal, this))
    , m_counters(new QLabel(this))
    , m_requestInfo(new QLabel(this))
    , m_error(new QLabel(this))
    , m_contiguousMap(new MemoryMapWidget(this))
    , m_pagedMap(new MemoryMapWidget(this))
    , m_contiguousTimeline(new QChartView(new QChart, this))
    , m_pagedTimeline(new QChartView(new QChart, this))
    , m_timer(new QTimer(this)) {
    m_workload->addItem(tr("ShareGPT-like"), u"sharegpt"_s);
    m_workload->addItem(tr("Alpaca-like"), u"alpaca"_s);
    m_workload->addItem(tr("Paper's figure"), u"figure"_s);
    m_workload->setToolTip(
        tr("ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets' "
           "mean lengths. The paper's figure: one request reserves 2,048 slots and stops after 10."));
    m_workload->addItem(tr("Fixed 200 + 200 tokens"), u"fixed:200,200"_s);
    m_workload->addItem(tr("Uniform 1-400 + 1-400"), u"uniform:1-400,1-400"_s);
    m_requests->setRange(1, 100000);
    m_requests->setValue(80);
    m_rate->setRange(0.0, 100.0);
    m_rate->setDecimals(2);
    m_rate->setSingleStep(0.05);
    m_rate->setValue(0.0); // all at once: the server is under load from the first step, as the paper measured
    m_rate->setSpecialValueText(tr("all at once"));
    m_rate->setToolTip(tr("Poisson arrivals per decode step"));
    m_policy->addItem(tr("max length"), int(kvscope::AllocatorKind::Max));
    m_policy->addItem(tr("next power of 2"), int(kvscope::AllocatorKind::Pow2));
    m_policy->addItem(tr("exact (oracle)"), int(kvscope::AllocatorKind::Oracle));
    m_policy->setToolTip(tr("What a contiguous server reserves per request: the maximum model length (Orca-Max), "
                            "the next power of two of its length (Orca-Pow2), or exactly its length (Orca-Oracle)"));
    m_placement->addItem(tr("First fit"));
    m_placement->addItem(tr("Buddy"));
    for (int b : {1, 4, 8, 16, 32, 64, 128, 256})
        m_blockSize->addItem(QString::number(b), b);
    m_blockSize->setCurrentIndex(m_blockSize->findData(16));
    m_pool->setRange(16, 1 << 22);
    m_pool->setValue(8192);
    m_pool->setGroupSeparatorShown(true);
    m_pool->setToolTip(tr("KV pool size in token slots"));
    m_samples->setRange(1, 8);
    m_seed->setRange(0, 1'000'000);
    m_seed->setValue(1);
    m_maxModelLen->setRange(16, 1 << 20);
    m_maxModelLen->setValue(2048);
    m_maxModelLen->setGroupSeparatorShown(true);
    m_speed->setRange(1, 240);
    m_speed->setValue(20);
    m_speed->setToolTip(tr("Decode steps per second"));
    auto* fromScenario = new QPushButton(tr("From the scenario"), this);
    fromScenario->setToolTip(tr("The KV cache tokens the current model leaves on the current GPU"));

    auto* settings = new QGroupBox(tr("Trace and pool"), this);
    auto* form = new QGridLayout(settings);
    const std::pair<QString, QWidget*> fields[] = {
        {tr("Workload"), m_workload}, {tr("Requests"), m_requests},   {tr("Arrivals"), m_rate},
        {tr("Contiguous"), m_policy}, {tr("Placement"), m_placement}, {tr("Block size"), m_blockSize},
        {tr("Pool"), m_pool},         {tr("Samples"), m_samples},     {tr("Max model len"), m_maxModelLen},
        {tr("Seed"), m_seed}};
    int index = 0;
    for (const auto& [label, widget] : fields) {
        form->addWidget(new QLabel(label, this), index / 5 * 1, (index % 5) * 2);
        form->addWidget(widget, index / 5, (index % 5) * 2 + 1);
        ++index;
    }
    form->addWidget(fromScenario, 2, 1);

    auto* restart = new QPushButton(tr("Restart"), this);
    auto* step = new QPushButton(tr("Step"), this);
    auto* transport = new QHBoxLayout;
    transport->addWidget(m_play);
    transport->addWidget(step);
    transport->addWidget(restart);
    transport->addWidget(new QLabel(tr("Speed"), this));
    transport->addWidget(m_speed, 1);
    transport->addWidget(m_counters, 3);

    m_error->setStyleSheet(u"color: #b3261e;"_s);
    m_error->setWordWrap(true);
    m_error->hide();
    m_requestInfo->setWordWrap(true);
    m_requestInfo->setTextFormat(Qt::RichText);
    m_requestInfo->setMinimumHeight(fontMetrics().height() * 2 + 4);
    m_counters->setTextFormat(Qt::RichText);

    auto* legend = new QLabel(tr("Solid: tokens stored. Pale: reserved for tokens still to come. Grey, hatched: never "
                                 "used (internal fragmentation). Red, hatched: free but too small for the next request "
                                 "(external fragmentation). Hover a request to see its blocks."),
                              this);
    legend->setWordWrap(true);

    auto* maps = new QHBoxLayout;
    maps->addWidget(m_contiguousMap, 1);
    maps->addWidget(m_pagedMap, 1);
    auto* timelines = new QHBoxLayout;
    for (QChartView* view : {m_contiguousTimeline, m_pagedTimeline}) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(190);
        chartstyle::apply(view->chart(), QString());
        timelines->addWidget(view, 1);
    }

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(settings);
    layout->addLayout(transport);
    layout->addWidget(m_error);
    layout->addWidget(legend);
    layout->addLayout(maps, 3);
    layout->addWidget(m_requestInfo);
    layout->addLayout(timelines, 2);

    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &PagedPage::tick);
    connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!isPlaying()); });
    connect(step, &QPushButton::clicked, this, &PagedPage::stepOnce);
    connect(restart, &QPushButton::clicked, this, &PagedPage::restart);
    connect(fromScenario, &QPushButton::clicked, this, [this] {
        const auto tokens = m_controller->capacity().tokens;
        m_pool->setValue(int(std::min<std::uint64_t>(tokens, std::uint64_t(m_pool->maximum()))));
    });
    for (QSpinBox* spin : {m_requests, m_pool, m_samples, m_seed, m_maxModelLen})
        connect(spin, &QSpinBox::valueChanged, this, &PagedPage::rebuild);
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, &PagedPage::rebuild);
    for (QComboBox* combo : {m_workload, m_policy, m_placement, m_blockSize})
        connect(combo, &QComboBox::currentIndexChanged, this, &PagedPage::rebuild);
    connect(m_contiguousMap, &MemoryMapWidget::requestHovered, this, &PagedPage::showRequest);
    connect(m_pagedMap, &MemoryMapWidget::requestHovered, this, &PagedPage::showRequest);
    connect(&m_timelineWatcher, &QFutureWatcher<Timeline>::finished, this, [this] {
        const Timeline t = m_timelineWatcher.result();
        if (m_timelineWatcher.property("generation").toInt() != m_generation)
            return; // a newer trace was asked for meanwhile
        if (!t.error.empty())
            return; // the live simulators already said what is wrong
        fillTimeline(m_contiguousTimeline, t.contiguous, tr("Contiguous: where the pool goes, step by step"));
        fillTimeline(m_pagedTimeline, t.paged, tr("Paged: where the pool goes, step by step"));
        m_timelineReady = true;
        moveCursor();
    });
}

PagedPage::~PagedPage() {
    m_timelineWatcher.waitForFinished();
}

bool PagedPage::isPlaying() const {
    return m_timer->isActive();
}

void PagedPage::setPlaying(bool playing) {
    if (playing && m_contiguous && m_paged && m_contiguous->finished() && m_paged->finished())
        restart();
    playing ? m_timer->start() : m_timer->stop();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
}

void PagedPage::refresh() {
    if (!m_built)
        rebuild();
}

std::vector<kvscope::Request> PagedPage::buildTrace(QString* error) const {
    const QString kind = m_workload->currentData().toString();
    if (kind == u"figure"_s)
        return kvscope::paperFigureWorkload();
    try {
        kvscope::WorkloadSpec spec = kvscope::WorkloadSpec::parse(kind.toStdString());
        spec.requests = std::uint32_t(m_requests->value());
        spec.rate = m_rate->value();
        spec.seed = std::uint64_t(m_seed->value());
        return kvscope::generateWorkload(spec);
    } catch (const kvscope::Error& e) {
        *error = QString::fromUtf8(e.what());
        return {};
    }
}

kvscope::SimConfig PagedPage::baseConfig() const {
    kvscope::SimConfig config;
    config.poolSlots = std::uint64_t(m_pool->value());
    config.blockSize = std::uint32_t(m_blockSize->currentData().toInt());
    config.maxModelLen = std::uint32_t(m_maxModelLen->value());
    config.samples = std::uint32_t(m_samples->value());
    config.buddyPlacement = m_placement->currentIndex() == 1;
    return config;
}

void PagedPage::loadPaperFigure() {
    const QSignalBlocker a(m_workload), b(m_pool), c(m_policy), d(m_maxModelLen), e(m_samples);
    m_workload->setCurrentIndex(m_workload->findData(u"figure"_s));
    m_policy->setCurrentIndex(m_policy->findData(int(kvscope::AllocatorKind::Max)));
    m_pool->setValue(4096 + 512);
    m_maxModelLen->setValue(2048);
    m_samples->setValue(1);
    rebuild();
}

void PagedPage::rebuild() {
    m_built = true;
    QString error;
    m_trace = buildTrace(&error);
    m_contiguous.reset();
    m_paged.reset();
    m_timelineReady = false;
    ++m_generation;
    if (error.isEmpty()) {
        try {
            kvscope::SimConfig config = baseConfig();
            config.keepSlotMap = true;
            config.allocator = kvscope::AllocatorKind(m_policy->currentData().toInt());
            m_contiguous = std::make_unique<kvscope::KvSimulator>(config, m_trace);
            config.allocator = kvscope::AllocatorKind::Paged;
            m_paged = std::make_unique<kvscope::KvSimulator>(config, m_trace);
        } catch (const kvscope::Error& e) {
            error = QString::fromUtf8(e.what());
        }
    }
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!m_contiguous) {
        setPlaying(false);
        m_contiguousMap->setMap({}, 1);
        m_pagedMap->setMap({}, 1);
        return;
    }

    // The whole run, for the timeline, off the GUI thread: large traces take a while.
    kvscope::SimConfig config = baseConfig();
    config.recordSteps = true;
    const auto contiguousKind = kvscope::AllocatorKind(m_policy->currentData().toInt());
    const auto trace = m_trace;
    m_timelineWatcher.setProperty("generation", m_generation);
    m_timelineWatcher.setFuture(QtConcurrent::run([config, contiguousKind, trace]() mutable {
        Timeline t;
        try {
            config.allocator = contiguousKind;
            kvscope::KvSimulator contiguous(config, trace);
            contiguous.run();
            t.contiguous = contiguous.steps();
            config.allocator = kvscope::AllocatorKind::Paged;
            kvscope::KvSimulator paged(config, trace);
            paged.run();
            t.paged = paged.steps();
        } catch (const kvscope::Error& e) {
            t.error = e.what();
        }
        return t;
    }));
    stepOnce(); // show the first step at once
}

void PagedPage::restart() {
    rebuild();
}

void PagedPage::advance(int steps) {
    try {
        for (int i = 0; i < steps; ++i) {
            if (m_contiguous && !m_contiguous->finished())
                m_contiguous->step();
            if (m_paged && !m_paged->finished())
                m_paged->step();
        }
    } catch (const kvscope::Error& e) {
        m_error->setText(QString::fromUtf8(e.what()));
        m_error->show();
        setPlaying(false);
    }
}

void PagedPage::stepOnce() {
    advance(1);
    redraw();
}

void PagedPage::tick() {
    // Steps per frame follow the speed slider; the maps repaint once per frame whatever the speed.
    m_stepBudget += m_speed->value() * kFrameMs / 1000.0;
    const int steps = int(m_stepBudget);
    m_stepBudget -= steps;
    advance(steps);
    if (steps > 0)
        redraw();
    if ((!m_contiguous || m_contiguous->finished()) && (!m_paged || m_paged->finished()))
        setPlaying(false);
}

QString PagedPage::countersText() const {
    return m_counters->text();
}

void PagedPage::redraw() {
    if (!m_contiguous || !m_paged)
        return;
    const kvscope::StepStats& c = m_contiguous->lastStep();
    const kvscope::StepStats& p = m_paged->lastStep();
    const std::uint64_t pool = m_contiguous->allocator().poolSlots();
    m_contiguousMap->setMap(m_contiguous->slotMap(), 1);
    m_pagedMap->setMap(m_paged->slotMap(), m_paged->blockSize());
    m_contiguousMap->setTitle(
        tr("Contiguous, %1: %2 tokens · %3 running · %4 waiting")
            .arg(QString::fromStdString(m_contiguous->allocator().name()), percent(c.usage.tokenStates, pool))
            .arg(c.running)
            .arg(c.waiting));
    m_pagedMap->setTitle(tr("Paged, block %1: %2 tokens · %3 running · %4 waiting")
                             .arg(m_paged->blockSize())
                             .arg(percent(p.usage.tokenStates, pool))
                             .arg(p.running)
                             .arg(p.waiting));
    m_counters->setText(
        tr("step <b>%1</b> / %2 &nbsp; finished <b>%3</b> / <b>%4</b> of %5 &nbsp; "
           "preemptions %6 &nbsp; blocks saved by sharing %7")
            .arg(std::max(c.step, p.step) + 1)
            .arg(m_timelineReady ? QString::number(std::max(m_contiguous->summary().steps, m_paged->summary().steps))
                                 : u"..."_s)
            .arg(m_contiguous->summary().requestsFinished)
            .arg(m_paged->summary().requestsFinished)
            .arg(m_trace.size())
            .arg(p.preemptions)
            .arg(p.sharedBlocksSaved));
    moveCursor();
}

void PagedPage::showRequest(std::uint32_t request) {
    m_contiguousMap->setHighlight(request);
    m_pagedMap->setHighlight(request);
    if (request == UINT32_MAX || !m_paged) {
        m_requestInfo->clear();
        return;
    }
    const kvscope::Request& r = m_trace.size() > request ? m_paged->requests()[request] : kvscope::Request{};
    QStringList tables;
    for (const auto& table : m_paged->blockTables()) {
        if (table.request != request)
            continue;
        QStringList entries;
        for (std::size_t i = 0; i < table.blocks.size(); ++i)
            entries << u"%1→%2"_s.arg(i).arg(table.blocks[i]);
        tables << tr("sample %1: %2").arg(table.sample).arg(entries.join(u", "_s));
    }
    m_requestInfo->setText(tr("<b>Request %1</b>: %2 prompt + %3 output tokens, %4 generated so far. "
                              "Block table (logical→physical): %5")
                               .arg(request)
                               .arg(r.promptLen)
                               .arg(r.outputLen)
                               .arg(m_paged->generated(request))
                               .arg(tables.isEmpty() ? tr("not in the paged pool now") : tables.join(u"; "_s)));
}

void PagedPage::fillTimeline(QChartView* view, const std::vector<kvscope::StepStats>& steps, const QString& title) {
    QChart* chart = view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(title);
    if (steps.empty())
        return;
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setRange(0, double(steps.size()));
    x->applyNiceNumbers();
    x->setLabelFormat(u"%d"_s);
    x->setTitleText(tr("step"));
    y->setRange(0, 100);
    y->setLabelFormat(u"%d%%"_s);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    // Five stacked bands; at most ~600 points per band so long runs stay light.
    const std::size_t stride = std::max<std::size_t>(1, steps.size() / 600);
    const std::pair<QString, QColor> bands[] = {{tr("tokens"), chartstyle::kvCache()},
                                                {tr("reserved"), chartstyle::kvCache().lighter(150)},
                                                {tr("internal"), QColor(0xa1, 0xa1, 0xaa)},
                                                {tr("external"), QColor(0xf8, 0x71, 0x71)},
                                                {tr("free"), QColor(0xe4, 0xe4, 0xe7)}};
    std::vector<QList<QPointF>> upper(5);
    for (std::size_t i = 0; i < steps.size(); i += stride) {
        const auto& u = steps[i].usage;
        const double total = double(u.total());
        const double values[] = {double(u.tokenStates), double(u.reserved), double(u.internal), double(u.external),
                                 double(u.free)};
        double sum = 0;
        for (int b = 0; b < 5; ++b) {
            sum += values[b];
            upper[std::size_t(b)].append({double(i), 100.0 * sum / total});
        }
    }
    QLineSeries* lower = nullptr;
    for (int b = 0; b < 5; ++b) {
        auto* top = new QLineSeries(chart);
        top->append(upper[std::size_t(b)]);
        auto* area = new QAreaSeries(top, lower);
        area->setName(bands[b].first);
        area->setColor(bands[b].second);
        area->setBorderColor(bands[b].second.darker(115));
        chart->addSeries(area);
        area->attachAxis(x);
        area->attachAxis(y);
        lower = top;
    }
    auto* cursor = new QLineSeries;
    cursor->setPen(QPen(Qt::black, 2));
    chart->addSeries(cursor);
    cursor->attachAxis(x);
    cursor->attachAxis(y);
    for (auto* marker : chart->legend()->markers(cursor))
        marker->setVisible(false);
    (view == m_contiguousTimeline ? m_contiguousCursor : m_pagedCursor) = cursor;
}

void PagedPage::moveCursor() {
    if (!m_timelineReady || !m_contiguous)
        return;
    const auto place = [](QLineSeries* cursor, std::uint64_t step) {
        if (cursor)
            cursor->replace(QList<QPointF>{{double(step), 0.0}, {double(step), 100.0}});
    };
    place(m_contiguousCursor, m_contiguous->lastStep().step);
    place(m_pagedCursor, m_paged->lastStep().step);
}
