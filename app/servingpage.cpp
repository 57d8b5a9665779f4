#include "servingpage.h"

#include "chartstyle.h"
#include "error.h"
#include "gpus.h"
#include "launchoptions.h"
#include "memorymodel.h"
#include "pagedpage.h"
#include "pagelayout.h"
#include "publictraces.h"
#include "scenario.h"
#include "scenariocontroller.h"
#include "viewtext.h"
#include "workload.h"
#include "wraplabel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
constexpr int kTraceWorkload = 2; // the workload combo's "A trace file…"

// Okabe-Ito, one per allocator in allocatorKinds() order: bluish green, orange, reddish purple, blue (vermillion
// is the target's, as the budget's on the other pages).
QColor allocatorColor(kvscope::AllocatorKind kind) {
    switch (kind) {
    case kvscope::AllocatorKind::Max:
        return {0x00, 0x9e, 0x73};
    case kvscope::AllocatorKind::Pow2:
        return {0xe6, 0x9f, 0x00};
    case kvscope::AllocatorKind::Oracle:
        return {0xcc, 0x79, 0xa7};
    case kvscope::AllocatorKind::Paged:
        return {0x00, 0x72, 0xb2};
    }
    return {};
}

QString rateText(double rate) {
    return QLocale().toString(rate, 'f', rate < 10 ? 2 : 1);
}

} // namespace

const PageKind& ServingPage::kind() {
    static const PageKind kind{
        .id = u"serving"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Serving"),
        .quizFigures = {u"servingHeadline"_s, u"servingTable"_s, u"servingThroughput"_s, u"servingLatency"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new ServingPage(controller, parent);
        },
    };
    return kind;
}

ServingPage::ServingPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_workload(new QComboBox(this))
    , m_requests(new QSpinBox(this))
    , m_rate(new QDoubleSpinBox(this))
    , m_ttft(new QDoubleSpinBox(this))
    , m_tpot(new QDoubleSpinBox(this))
    , m_overhead(new QDoubleSpinBox(this))
    , m_traceSpeed(new QDoubleSpinBox(this))
    , m_admission(new QComboBox(this))
    , m_timeModel(new WrapLabel(this))
    , m_headline(new WrapLabel(this))
    , m_progress(new QProgressBar(this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_table(new QTableWidget(this))
    , m_throughput(new QChartView(new QChart, this))
    , m_latency(new QChartView(new QChart, this))
    , m_tpsX(new QValueAxis)
    , m_tpsY(new QValueAxis)
    , m_ttftX(new QValueAxis)
    , m_ttftY(new QLogValueAxis)
    , m_target(new QLineSeries)
    , m_progressTimer(new QTimer(this)) {
    setObjectName(kind().id);
    m_headline->setObjectName(u"servingHeadline"_s);
    m_table->setObjectName(u"servingTable"_s);
    m_throughput->setObjectName(u"servingThroughput"_s);
    m_latency->setObjectName(u"servingLatency"_s);
    m_headline->setFont(chartstyle::headlineFont());
    m_headline->setTextFormat(Qt::PlainText);
    m_timeModel->setTextFormat(Qt::PlainText);

    m_workload->addItem(tr("ShareGPT-like"));
    m_workload->addItem(tr("Alpaca-like"));
    m_workload->addItem(tr("A trace file…"));
    m_admission->addItem(tr("vLLM's"));
    m_admission->addItem(tr("Conservative"));
    m_admission->addItem(tr("Watermark 10%"));
    m_admission->addItem(tr("Watermark 30%"));
    m_admission->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    explain(m_admission, tr("When the paged server admits a waiting request"),
            tr("vLLM's: when the blocks of its prompt are free (beyond 1%), preempting a running request later if "
               "the pool runs dry. Conservative: only when every running request could grow to the context at "
               "once: never a preemption, a smaller batch. Watermark: as vLLM's, keeping that share of the "
               "blocks free. The contiguous rows reserve their regions whatever is chosen."));
    m_traceSpeed->setRange(0.01, 1000);
    m_traceSpeed->setDecimals(2);
    m_traceSpeed->setValue(1.0);
    m_traceSpeed->setSuffix(tr("x"));
    m_traceSpeed->setEnabled(false);
    explain(m_traceSpeed, tr("A trace's arrivals this many times as fast (2: twice the rate)"),
            tr("A Mooncake or Azure LLM trace replays at its own arrival times, divided by this speed: a busier or "
               "quieter day of the same traffic."));
    // Its items' width is its least: a row of settings in presenter type squeezed it below its text.
    m_workload->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_requests->setRange(50, 100'000);
    m_requests->setSingleStep(100);
    m_requests->setValue(1000);
    m_requests->setGroupSeparatorShown(true);
    m_rate->setRange(0.01, 10'000);
    m_rate->setDecimals(2);
    m_rate->setValue(2.0);
    m_rate->setSuffix(tr(" /s"));
    m_ttft->setRange(0.01, 600);
    m_ttft->setDecimals(2);
    m_ttft->setValue(2.0);
    m_ttft->setSuffix(tr(" s"));
    m_tpot->setRange(1, 10'000);
    m_tpot->setDecimals(0);
    m_tpot->setValue(100);
    m_tpot->setSuffix(tr(" ms"));
    m_overhead->setRange(0, 1000);
    m_overhead->setDecimals(2);
    m_overhead->setSingleStep(0.5);
    m_overhead->setSuffix(tr(" ms"));
    explain(m_workload, tr("The requests every allocator replays"),
            tr("Synthetic traces whose mean lengths match the published datasets, with a long tail; they are not "
               "the datasets. ShareGPT-like: prompts of 161 tokens and outputs of 338 on average; Alpaca-like: 19 "
               "and 58."));
    explain(m_requests, tr("How many requests each replay serves"),
            tr("More requests give steadier percentiles and take longer; every allocator replays the same ones."));
    explain(m_rate, tr("Requests per second arriving, at random (a Poisson process)"),
            tr("The table's figures are at this rate. The charts sweep the rate from low load to past the point "
               "where each allocator stops keeping up."));
    explain(m_ttft, tr("The 90th-percentile time to first token a service promises"),
            tr("A latency target (SLO): 90% of the requests must see their first token within this time. With the "
               "TPOT target it sets each allocator's capacity."));
    explain(m_tpot, tr("The 90th-percentile time per output token after the first"),
            tr("A latency target (SLO) on the pace of generation: 90% of the requests must produce their tokens at "
               "least this fast."));
    explain(m_overhead, tr("A fixed cost added to every step: launches, scheduling, sampling"),
            tr("The roofline sees only bytes and FLOPs. With 0 every step takes its roofline time, a lower bound, so "
               "latencies are best cases and throughputs upper bounds. A measured fixed cost (the GPU page's fit, "
               "a server log) makes them realistic."));

    // The p90s a target is set on; the medians and requests per second are in kvscope-cli simulate.
    m_table->setColumnCount(8);
    // Two-line headers: the table fits a 720-line projector's width in presenter type.
    m_table->setHorizontalHeaderLabels({tr("Allocator"), tr("Tokens\nper s"), tr("TTFT\np90"), tr("TPOT\np90"),
                                        tr("Queue\np90"), tr("Pre-\nemptions"), tr("Capacity\nreq/s"), tr("Users")});
    m_table->setAccessibleName(tr("Each allocator's throughput, latency and capacity"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    explain(m_table, tr("Each allocator at the chosen rate, and the most it sustains within the targets"),
            tr("Tokens/s: output tokens over the run's length. TTFT: arrival to the first token; TPOT: the time "
               "per token after it; the queue: arrival to admission; each as its 90th percentile. Capacity: the "
               "largest Poisson request rate "
               "whose p90 TTFT and TPOT meet the targets; users: the requests in flight at that rate (Little's "
               "law: rate x mean latency)."));

    const auto setUpChart = [](QChartView* view, QAbstractAxis* x, QAbstractAxis* y, const QString& name) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(260);
        view->setAccessibleName(name);
        QChart* chart = view->chart();
        chartstyle::apply(chart, QString());
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        chart->legend()->hide(); // the table's first column, in the lines' colours, is the legend
    };
    setUpChart(m_throughput, m_tpsX, m_tpsY, tr("Output tokens per second against the request rate"));
    setUpChart(m_latency, m_ttftX, m_ttftY, tr("p90 time to first token against the request rate"));
    m_tpsX->setTitleText(tr("requests per second offered"));
    m_tpsY->setTitleText(tr("output tokens per second"));
    m_ttftX->setTitleText(tr("requests per second offered"));
    m_ttftY->setTitleText(tr("p90 TTFT (s, log scale)"));
    m_ttftY->setBase(10);
    m_ttftY->setLabelFormat(u"%g"_s);
    m_tpsX->setLabelFormat(u"%g"_s);
    m_ttftX->setLabelFormat(u"%g"_s);
    const auto addLine = [](QChartView* view, QAbstractAxis* x, QAbstractAxis* y, kvscope::AllocatorKind kind) {
        auto* line = new QLineSeries;
        line->setName(PagedPage::allocatorLabel(kind));
        line->setPen(QPen(allocatorColor(kind), chartstyle::lineWidth(2.5)));
        line->setPointsVisible(true);
        view->chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        return line;
    };
    for (const kvscope::AllocatorInfo& info : kvscope::allocatorKinds()) {
        m_tpsLines.push_back(addLine(m_throughput, m_tpsX, m_tpsY, info.kind));
        m_ttftLines.push_back(addLine(m_latency, m_ttftX, m_ttftY, info.kind));
    }
    m_target->setPen(QPen(chartstyle::budget(), chartstyle::lineWidth(2.5), Qt::DashLine));
    m_latency->chart()->addSeries(m_target);
    m_target->attachAxis(m_ttftX);
    m_target->attachAxis(m_ttftY);
    m_hits = new QChartView(new QChart, this);
    m_hits->setObjectName(u"servingHits"_s);
    m_hitX = new QLogValueAxis;
    m_hitY = new QValueAxis;
    setUpChart(m_hits, m_hitX, m_hitY, tr("Prefix-cache hit rate against cache size"));
    m_hitX->setBase(4);
    m_hitX->setLabelFormat(u"%.0f"_s);
    m_hitX->setTitleText(tr("cache size, tokens (log scale)"));
    m_hitY->setTitleText(tr("hit rate, %"));
    m_hitLine = new QLineSeries;
    m_hitLine->setPen(QPen(allocatorColor(kvscope::AllocatorKind::Paged), chartstyle::lineWidth(3)));
    m_hitLine->setPointsVisible(true);
    m_hitBound = new QLineSeries;
    m_hitBound->setPen(QPen(chartstyle::budget(), chartstyle::lineWidth(2.5), Qt::DashLine));
    for (QLineSeries* line : {m_hitLine, m_hitBound}) {
        m_hits->chart()->addSeries(line);
        line->attachAxis(m_hitX);
        line->attachAxis(m_hitY);
    }
    m_hits->hide();
    explain(m_hits, tr("A Mooncake trace's prefix-cache hit rate against the cache's size, its upper bound dashed"),
            tr("An LRU cache of the trace's own 512-token blocks: a request hits the leading blocks it finds, then "
               "caches its own. The dashed line is the trace's bound, every repeated block a hit, whatever the "
               "cache holds. The pool itself is the middle point; the larger caches are what a host-memory or "
               "disk tier would add."));
    explain(m_throughput, tr("Output tokens per second as the offered load grows, one line per allocator"),
            tr("At low load every allocator serves what arrives. Each line flattens where its pool holds no more "
               "requests at once: the batch, not the GPU, is the limit, and paged blocks hold the most."));
    explain(m_latency, tr("p90 time to first token as the offered load grows, with the target dashed"),
            tr("Past the rate an allocator sustains, requests wait in the queue and the time to first token grows "
               "for as long as they keep coming. Where a line crosses the dashed target is that allocator's "
               "capacity, at the TPOT target too."));

    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(10);
    m_progress->hide();
    m_stop->hide();
    m_stop->setToolTip(tr("Stop the replays; the figures shown stay as they were"));
    m_stop->setAccessibleName(tr("Stop"));
    m_progress->setAccessibleName(tr("Replays done"));
    m_progressTimer->setInterval(200);

    QList<QPair<QLabel*, QWidget*>> pairs{
        {new QLabel(tr("Workload"), this), m_workload},      {new QLabel(tr("Requests"), this), m_requests},
        {new QLabel(tr("Request rate"), this), m_rate},      {new QLabel(tr("TTFT target (p90)"), this), m_ttft},
        {new QLabel(tr("TPOT target (p90)"), this), m_tpot}, {new QLabel(tr("Fixed cost per step"), this), m_overhead},
        {new QLabel(tr("Trace speed"), this), m_traceSpeed}, {new QLabel(tr("Paged admission"), this), m_admission}};
    for (auto& [label, field] : pairs) {
        label->setBuddy(field);
        field->setAccessibleName(label->text());
    }
    m_fieldPairs = pairs;
    m_fieldGrid = new QGridLayout;
    auto* fields = m_fieldGrid;
    auto* status = new QHBoxLayout;
    status->addWidget(m_progress, 1);
    status->addWidget(m_stop);
    auto* charts = new QHBoxLayout;
    charts->addWidget(m_throughput, 1);
    charts->addWidget(m_latency, 1);
    m_caption = new WrapLabel(this);
    m_caption->setText(tr("Each line is one allocator, in its colour in the table; the dashed line is the TTFT "
                          "target. Each point replays the same requests at that rate."));

    auto* layout = scrollingColumn(this);
    layout->addLayout(fields);
    layout->addWidget(m_timeModel);
    m_traceNote = new WrapLabel(this);
    m_traceNote->setTextFormat(Qt::PlainText);
    m_traceNote->hide();
    layout->addWidget(m_traceNote);
    layout->addLayout(status);
    layout->addWidget(m_headline);
    m_paper = new WrapLabel(this);
    m_paper->setObjectName(u"servingPaper"_s);
    layout->addWidget(m_paper);
    layout->addWidget(m_table);
    layout->addLayout(charts, 1);
    layout->addWidget(m_caption);
    layout->addWidget(m_hits);

    for (QSpinBox* box : {m_requests})
        connect(box, &QSpinBox::valueChanged, this, &ServingPage::scenarioChanged);
    for (QDoubleSpinBox* box : {m_rate, m_ttft, m_tpot, m_overhead, m_traceSpeed})
        connect(box, &QDoubleSpinBox::valueChanged, this, &ServingPage::scenarioChanged);
    connect(m_admission, &QComboBox::currentIndexChanged, this, &ServingPage::scenarioChanged);
    connect(m_workload, &QComboBox::activated, this, [this](int index) {
        if (index != kTraceWorkload)
            return;
        const QString path = recoverDialogPath(QFileDialog::getOpenFileName(
            this, tr("Open a request trace"), QString(), tr("Request traces (*.jsonl *.csv *.json);;All files (*)")));
        if (path.isEmpty()) {
            const QSignalBlocker quiet(m_workload);
            m_workload->setCurrentIndex(m_lastWorkload); // cancelled: the workload it was
            return;
        }
        openTrace(path);
    });
    connect(m_workload, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index != kTraceWorkload)
            m_lastWorkload = index;
        m_requests->setEnabled(index != kTraceWorkload); // a trace has its own requests
        m_traceSpeed->setEnabled(index == kTraceWorkload);
        if (index != kTraceWorkload || !m_traceFile.isEmpty())
            scenarioChanged();
    });
    connect(controller, &ScenarioController::scenarioChanged, this, &ServingPage::scenarioChanged);
    connect(m_stop, &QPushButton::clicked, this, &ServingPage::stop);
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, &ServingPage::finished);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_permille)
            m_progress->setValue(m_permille->load());
    });
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        for (QChartView* view : {m_throughput, m_latency, m_hits})
            chartstyle::restyle(view->chart());
        m_headline->setFont(chartstyle::headlineFont());
        m_perRow = 0; // the type size changed: lay the settings out again
        layOutSettings();
        // Large type in a squeezed plot cut the axis titles to "...".
        for (QChartView* view : {m_throughput, m_latency})
            view->setMinimumHeight(chartstyle::presenter() ? 440 : 260);
        showResult();
    });
    layOutSettings();
    showResult();
}

ServingPage::~ServingPage() {
    if (m_cancel)
        *m_cancel = true;
    m_watcher.waitForFinished();
}

QWidget* ServingPage::exportedChart() const {
    return m_throughput;
}

ServingPage::Settings ServingPage::settings() const {
    Settings s;
    s.workload = m_workload->currentIndex();
    s.requests = m_requests->value();
    s.rate = m_rate->value();
    s.ttftSeconds = m_ttft->value();
    s.tpotMs = m_tpot->value();
    s.overheadMs = m_overhead->value();
    s.admission = m_admission->currentIndex();
    s.traceFile = m_traceFile;
    s.traceSpeed = m_traceSpeed->value();
    return s;
}

void ServingPage::applySettings(const Settings& s) {
    m_traceFile = s.traceFile;
    m_traceSpeed->setValue(s.traceSpeed);
    m_admission->setCurrentIndex(s.admission);
    m_workload->setCurrentIndex(s.workload == kTraceWorkload && s.traceFile.isEmpty() ? 0 : s.workload);
    m_requests->setValue(s.requests);
    m_rate->setValue(s.rate);
    m_ttft->setValue(s.ttftSeconds);
    m_tpot->setValue(s.tpotMs);
    m_overhead->setValue(s.overheadMs);
}

void ServingPage::openTrace(const QString& path) {
    m_traceFile = path;
    m_workload->setItemText(kTraceWorkload, tr("Trace: %1").arg(QFileInfo(path).fileName()));
    if (m_workload->currentIndex() == kTraceWorkload)
        scenarioChanged(); // another file, or the same one read again
    else
        m_workload->setCurrentIndex(kTraceWorkload);
}

std::any ServingPage::keptState() const {
    return settings();
}

void ServingPage::restoreKeptState(const std::any& state) {
    if (const auto* s = std::any_cast<Settings>(&state))
        applySettings(*s);
}

bool ServingPage::isRunning() const {
    // Until finished() has taken the run's result: the future may be done with its signal still queued.
    return m_inFlight;
}

void ServingPage::stop() {
    if (m_cancel)
        *m_cancel = true;
    m_restart = false;
}

void ServingPage::refresh() {
    if (isRunning()) { // the newest settings win: the run in flight stops, and this one starts when it has
        *m_cancel = true;
        m_restart = true;
        return;
    }
    start();
}

QString ServingPage::unpricedText(kvscope::ServingUnpriced why, const kvscope::Scenario& s, std::uint64_t pool) {
    switch (why) {
    case kvscope::ServingUnpriced::None:
        break;
    case kvscope::ServingUnpriced::TensorParallel:
        return tr("The replay prices one GPU's steps: tensor parallelism (%1 GPUs) and the traffic between them are "
                  "not timed yet. Set tensor parallelism to 1 to time it.")
            .arg(s.tensorParallel);
    case kvscope::ServingUnpriced::StoredWeights:
        return tr("The replay reads the weights in one dtype: choose one for the weights rather than as the "
                  "checkpoint stores them.");
    case kvscope::ServingUnpriced::NoDataSheet:
        return tr("This GPU has no data-sheet bandwidth and peak, so a step has no time: choose a GPU preset that "
                  "has them (A100, H100, L4, RTX 4090 ...).");
    case kvscope::ServingUnpriced::NoPool:
        return tr("The weights leave no KV memory on this GPU: there is no pool to replay.");
    case kvscope::ServingUnpriced::PoolTooLarge:
        return tr("The KV pool holds %1 tokens, more than the replay's %2: choose a smaller GPU or a lower memory "
                  "utilization.")
            .arg(viewtext::tokens(pool), viewtext::tokens(kvscope::kMaxServingPoolTokens));
    }
    return {};
}

void ServingPage::showUnpriced(const QString& why) {
    m_result.reset();
    m_unpriced = true;
    m_timeModel->setText(why);
    m_resultTimeModel = why;
    showResult();
    emit figuresSettled();
}

void ServingPage::start() {
    const kvscope::Scenario& s = m_controller->scenario();
    const std::uint64_t pool = m_controller->capacity().tokens;
    if (const kvscope::ServingUnpriced why = kvscope::servingUnpriced(s); why != kvscope::ServingUnpriced::None)
        return showUnpriced(unpricedText(why, s, pool));

    m_unpriced = false;
    const Settings chosen = settings();
    kvscope::ServingStudyInput input;
    input.workload = chosen.workload == 1 ? kvscope::WorkloadKind::Alpaca : kvscope::WorkloadKind::ShareGpt;
    input.requestCount = std::uint32_t(chosen.requests);
    input.rate = chosen.rate;
    input.target = {chosen.ttftSeconds, chosen.tpotMs / 1000.0};
    input.fixedSeconds = chosen.overheadMs / 1000.0;
    input.fixedSource = "given on the Serving page";
    constexpr std::pair<kvscope::AdmissionPolicy, double> kAdmissions[] = {
        {kvscope::AdmissionPolicy::Vllm, 0.1},
        {kvscope::AdmissionPolicy::Conservative, 0.1},
        {kvscope::AdmissionPolicy::Watermark, 0.1},
        {kvscope::AdmissionPolicy::Watermark, 0.3},
    };
    std::tie(input.admission, input.watermark) = kAdmissions[std::clamp(chosen.admission, 0, 3)];

    const kvscope::GpuPreset& gpu = kvscope::findGpuPreset(s.gpuId);
    const QLocale locale;
    const QString roof = tr("%1 GB/s, %2 TFLOP/s")
                             .arg(locale.toString(gpu.sheet.bandwidth / 1e9, 'f', 0),
                                  locale.toString(gpu.sheet.peakFlops / 1e12, 'f', 1));
    const QString setting =
        tr("%1 (%2 weights, %3 cache) on the %4: a pool of %5 tokens, requests of up to %6 "
           "tokens (the context).")
            .arg(QString::fromStdString(s.model.displayName), viewtext::weightsName(s),
                 QString::fromStdString(s.kvDtype.name()).toUpper(), QString::fromStdString(gpu.name),
                 viewtext::tokens(pool), viewtext::tokens(std::min<std::uint64_t>(s.context, 1u << 24)));
    m_timeModel->setText(
        setting + u' ' +
        (chosen.overheadMs > 0
             ? tr("Each step is priced on the data sheet (%1) plus %2 fixed.")
                   .arg(roof, viewtext::duration(chosen.overheadMs / 1000))
             : tr("Each step is priced on the data sheet (%1) with no fixed cost: every latency is a best case and "
                  "every throughput an upper bound.")
                   .arg(roof)) +
        (s.speculation.enabled()
             ? u' ' +
                   tr("Speculative decoding is not replayed: its draft and lookahead slots shrink the pool, but every "
                      "step is priced as plain decoding.")
             : QString()));

    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_permille = std::make_shared<std::atomic<int>>(0);
    m_progress->setValue(0);
    m_progress->show();
    m_stop->show();
    m_progressTimer->start();
    const std::string traceBytes = chosen.workload == kTraceWorkload ? argumentBytes(chosen.traceFile) : std::string();
    m_inFlight = true;
    m_watcher.setFuture(QtConcurrent::run([s, input, traceBytes, speed = chosen.traceSpeed, cancel = m_cancel,
                                           permille = m_permille]() mutable {
        Result out;
        try {
            if (!traceBytes.empty()) {
                // The trace first, its reading a tenth of the bar; a public trace brings its times.
                const auto reading = [&](double share) {
                    *permille = int(100 * share);
                    return !cancel->load();
                };
                if (kvscope::detectTraceFileFormat(traceBytes)) {
                    std::optional<kvscope::TimedTrace> trace = kvscope::loadTimedTrace(traceBytes, reading);
                    if (!trace) {
                        out.stopped = true;
                        return out;
                    }
                    out.traceFormat = QString::fromUtf8(kvscope::traceFormatName(trace->format));
                    if (trace->format == kvscope::TraceFormat::Mooncake)
                        out.hitCurve =
                            kvscope::prefixHitCurve(*trace, kvscope::hitCurveSizes(kvscope::capacity(s).tokens));
                    out.traceSpanSeconds = trace->spanSeconds() / speed;
                    input.arrivals = kvscope::arrivalsAtSpeed(*trace, speed);
                    input.requests = std::make_shared<const std::vector<kvscope::Request>>(std::move(trace->requests));
                } else {
                    std::optional<std::vector<kvscope::Request>> lengths = kvscope::loadTraceFile(traceBytes, reading);
                    if (!lengths) {
                        out.stopped = true;
                        return out;
                    }
                    input.requests = std::make_shared<const std::vector<kvscope::Request>>(std::move(*lengths));
                }
                out.traceRequests = input.requests->size();
            }
            std::optional<kvscope::ServingStudy> study = kvscope::servingStudy(s, input, [&](double share) {
                *permille = (traceBytes.empty() ? 0 : 100) + int((traceBytes.empty() ? 1000 : 900) * share);
                return !cancel->load();
            });
            if (study)
                out.rows = std::move(study->rows);
            else
                out.stopped = true;
        } catch (const kvscope::Error& e) {
            out.error = QString::fromUtf8(e.what());
        }
        return out;
    }));
    m_runSettings = chosen;
}

void ServingPage::finished() {
    m_inFlight = false;
    m_progressTimer->stop();
    m_progress->hide();
    m_stop->hide();
    Result r = m_watcher.result();
    if (m_restart) {
        m_restart = false;
        start();
        return;
    }
    if (r.stopped) {
        // A stopped run leaves the last figures as they were, and what they were computed with.
        m_timeModel->setText(m_resultTimeModel);
    } else {
        m_result = std::move(r);
        m_resultSettings = m_runSettings;
        m_resultTimeModel = m_timeModel->text();
    }
    showResult();
    emit figuresSettled();
}

QString ServingPage::timeModelText() const {
    return m_timeModel->text();
}

QString ServingPage::headlineText() const {
    return m_headline->text();
}

void ServingPage::layOutSettings() {
    // As many settings to a row as the page's width holds, at most 3: the page scrolls only down.
    const int spacing = std::max(6, m_fieldGrid->horizontalSpacing());
    const int perRow = fieldsPerRow(m_fieldPairs, width() - 64, 3, spacing);
    if (perRow == m_perRow)
        return;
    m_perRow = perRow;
    layOutFields(m_fieldGrid, m_fieldPairs, perRow);
}

void ServingPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    layOutSettings();
}

void ServingPage::hideEvent(QHideEvent* event) {
    Page::hideEvent(event);
    // A study nobody sees does not hold a core for the page on screen (a class moving on to the next lesson,
    // a student to another tab). A minimized window keeps its run: it is still the page being looked at.
    if (!event->spontaneous() && isRunning()) {
        stop();
        scenarioChanged(); // stale: shown again, the page runs the study again
    }
}

void ServingPage::showResult() {
    // The figures' places stay on screen while the first run is under way (a lesson outlines them at once);
    // only a scenario that cannot be timed, or a run that failed, takes them away.
    const bool failed = m_result && !m_result->error.isEmpty();
    const bool places = !m_unpriced && !failed;
    const bool shown = places && m_result && !m_result->rows.empty();
    m_table->setVisible(places);
    m_throughput->setVisible(places);
    m_latency->setVisible(places);
    m_caption->setVisible(places);
    if (!places || !m_result || !m_result->hitCurve)
        m_hits->setVisible(false);
    if (failed)
        m_headline->setText(m_result->error);
    // Where a trace's requests arrive from: its own times, or the rate when it has none; and the requests no
    // allocator could serve (too long for the context), which the figures leave out.
    const bool trace = m_result && m_result->traceRequests > 0;
    std::uint64_t turnedAway = 0;
    if (m_result && !m_result->rows.empty())
        turnedAway = m_result->rows.front().atRate.pool.requestsRejectedTooLong;
    m_traceNote->setVisible(trace || turnedAway > 0);
    m_traceNote->clear();
    if (trace) {
        const QString name = QFileInfo(m_resultSettings.traceFile).fileName();
        const QString count = QLocale().toString(qulonglong(m_result->traceRequests));
        m_traceNote->setText(
            m_result->traceFormat.isEmpty()
                ? tr("Trace %1: %2 requests, with no arrival times: they arrive at the request rate, at random.")
                      .arg(name, count)
                : tr("Trace %1 (%2): %3 requests over %4 at its own arrival times, %5x as fast; the capacity and "
                     "the sweep offer the same requests at Poisson rates.")
                      .arg(name, m_result->traceFormat, count, viewtext::duration(m_result->traceSpanSeconds),
                           QLocale().toString(m_resultSettings.traceSpeed, 'f', 2)));
    }
    if (turnedAway > 0)
        m_traceNote->setText((m_traceNote->text().isEmpty() ? QString() : m_traceNote->text() + u' ') +
                             tr("%n request(s) longer than the context were turned away; the figures are the others'.",
                                nullptr, int(std::min<std::uint64_t>(turnedAway, INT_MAX))));
    if (!shown) {
        if (!failed)
            m_headline->clear();
        m_paper->clear();
        const auto kinds = kvscope::allocatorKinds();
        m_table->setRowCount(places ? int(kinds.size()) : 0);
        for (int i = 0; places && i < int(kinds.size()); ++i)
            for (int c = 0; c < m_table->columnCount(); ++c)
                m_table->setItem(
                    i, c,
                    new QTableWidgetItem(c == 0 ? PagedPage::allocatorLabel(kinds[std::size_t(i)].kind) : u"…"_s));
        fitTableToRows(m_table, {.resizeToContents = true, .scrollBarRoom = false});
        return;
    }
    const std::vector<Row>& rows = m_result->rows;
    const QLocale locale;

    m_table->setRowCount(int(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& r = rows[i];
        const kvscope::TimedSummary& t = r.atRate;
        const QStringList cells{
            PagedPage::allocatorLabel(r.kind),
            locale.toString(t.outputTokensPerSecond, 'f', 0),
            viewtext::duration(t.ttft.p90),
            viewtext::duration(t.tpot.p90),
            viewtext::duration(t.queueing.p90),
            locale.toString(qulonglong(t.pool.preemptions)),
            !r.capacity.met ? tr("not met")
                            : (r.capacity.atCeiling ? tr("≥ %1") : u"%1"_s).arg(rateText(r.capacity.rate)),
            r.capacity.met ? locale.toString(r.capacity.concurrentUsers, 'f', 1) : u"–"_s,
        };
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(c == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            if (c == 0)
                item->setForeground(allocatorColor(r.kind));
            m_table->setItem(int(i), c, item);
        }
    }
    m_table->resizeColumnsToContents();
    fitTableToRows(m_table, {.resizeToContents = true, .scrollBarRoom = false});

    // The headline: paged against the contiguous policies at the targets, beside the paper's figures.
    const auto rowOf = [&](kvscope::AllocatorKind kind) -> const Row* {
        for (const Row& r : rows)
            if (r.kind == kind)
                return &r;
        return nullptr;
    };
    const Row* paged = rowOf(kvscope::AllocatorKind::Paged);
    const Row* oracle = rowOf(kvscope::AllocatorKind::Oracle);
    const Row* max = rowOf(kvscope::AllocatorKind::Max);
    const QString targets =
        tr("p90 TTFT ≤ %1 and TPOT ≤ %2")
            .arg(viewtext::duration(m_resultSettings.ttftSeconds), viewtext::duration(m_resultSettings.tpotMs / 1000));
    const auto ratio = [&](const Row* other) {
        return paged && other ? kvscope::capacityRatio(paged->capacity, other->capacity) : std::nullopt;
    };
    m_paper->clear();
    if (paged && !paged->capacity.met)
        m_headline->setText(tr("Paged blocks miss %1 even at a low request rate: a step on this GPU is too slow "
                               "for these targets.")
                                .arg(targets));
    else if (const auto overOracle = ratio(oracle), overMax = ratio(max); overOracle && overMax) {
        m_headline->setText(tr("At %1, paged blocks serve %2 requests/s (%3 users at once): %4x the exact "
                               "reservation, %5x the maximum-length one.")
                                .arg(targets, rateText(paged->capacity.rate),
                                     locale.toString(paged->capacity.concurrentUsers, 'f', 0),
                                     locale.toString(*overOracle, 'f', *overOracle < 10 ? 2 : 1),
                                     locale.toString(*overMax, 'f', *overMax < 10 ? 2 : 1)));
        m_paper->setText(tr("Kwon et al. (2023) report 1.7-2.7x over the exact reservation (Orca Oracle) and "
                            "2.7-8x over the maximum length (Orca Max), for OPT-13B on an A100 with ShareGPT at "
                            "similar latency. These figures move with the model, the GPU, the context (what the "
                            "maximum-length policy reserves) and the fixed cost per step."));
    } else if (paged)
        m_headline->setText(tr("At %1, PagedAttention blocks serve %2 requests/s; a contiguous policy misses the "
                               "targets or reaches the search's ceiling, so no ratio is given.")
                                .arg(targets, paged->capacity.atCeiling
                                                  ? tr("at least %1").arg(rateText(paged->capacity.rate))
                                                  : rateText(paged->capacity.rate)));

    // A Mooncake trace's own sharing, against cache size.
    const bool hits = m_result->hitCurve.has_value();
    m_hits->setVisible(hits);
    if (hits) {
        const kvscope::PrefixHitCurve& c = *m_result->hitCurve;
        QList<QPointF> points;
        for (const kvscope::PrefixHitPoint& p : c.points)
            points.append({double(p.capacityTokens), 100.0 * p.hitRate});
        m_hitLine->replace(points);
        m_hitLine->setName(tr("hit rate"));
        m_hitBound->replace({{points.front().x(), 100.0 * c.upperBound}, {points.back().x(), 100.0 * c.upperBound}});
        m_hitBound->setName(tr("upper bound %1%").arg(QLocale().toString(100.0 * c.upperBound, 'f', 1)));
        m_hitX->setRange(points.front().x(), points.back().x());
        chartstyle::setValueRange(m_hitY, std::max(100.0 * c.upperBound, 1.0) * 1.15);
        m_hits->chart()->setTitle(tr("Prefix-cache hit rate of the trace's blocks against cache size"));
        m_hits->chart()->legend()->show();
    }

    // The charts: each allocator's sweep; the TTFT target across the latency chart.
    double xMax = 0, tpsMax = 0, ttftMin = m_resultSettings.ttftSeconds, ttftMax = m_resultSettings.ttftSeconds;
    for (std::size_t i = 0; i < rows.size() && i < m_tpsLines.size(); ++i) {
        QList<QPointF> tps, ttft;
        for (const kvscope::RatePoint& p : rows[i].sweep) {
            tps.append({p.rate, p.summary.outputTokensPerSecond});
            const double t = std::max(p.summary.ttft.p90, 1e-4);
            ttft.append({p.rate, t});
            xMax = std::max(xMax, p.rate);
            tpsMax = std::max(tpsMax, p.summary.outputTokensPerSecond);
            ttftMin = std::min(ttftMin, t);
            ttftMax = std::max(ttftMax, t);
        }
        m_tpsLines[i]->replace(tps);
        m_ttftLines[i]->replace(ttft);
        for (QLineSeries* line : {m_tpsLines[i], m_ttftLines[i]})
            line->setPen(QPen(allocatorColor(rows[i].kind),
                              chartstyle::lineWidth(rows[i].kind == kvscope::AllocatorKind::Paged ? 3.5 : 2)));
    }
    m_target->setName(tr("TTFT target %1").arg(viewtext::duration(m_resultSettings.ttftSeconds)));
    for (QValueAxis* x : {m_tpsX, m_ttftX}) {
        x->setRange(0, xMax);
        x->applyNiceNumbers();
    }
    m_target->replace({{0.0, m_resultSettings.ttftSeconds}, {m_ttftX->max(), m_resultSettings.ttftSeconds}});
    chartstyle::setValueRange(m_tpsY, tpsMax * 1.1);
    m_ttftY->setRange(std::pow(10.0, std::floor(std::log10(ttftMin))), std::pow(10.0, std::ceil(std::log10(ttftMax))));
    m_throughput->chart()->setTitle(tr("Throughput against offered load"));
    m_latency->chart()->setTitle(tr("p90 time to first token against offered load"));
}
