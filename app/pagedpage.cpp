#include "pagedpage.h"

#include "chartstyle.h"
#include "error.h"
#include "forkdiagramwidget.h"
#include "launchoptions.h"
#include "memorymapwidget.h"
#include "pagelayout.h"
#include "scenariocontroller.h"
#include "servingpage.h"
#include "viewtext.h"

#include <QAreaSeries>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QShowEvent>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;
using kvscope::SlotKind;

namespace {

constexpr int kFrameMs = 33;            // ~30 frames per second
constexpr std::size_t kMaxPoints = 400; // per series: long runs stay light to redraw every frame
constexpr int kFigurePool = 4096 + 512; // the paper's figure: two 2,048-slot reservations and a hole

QString percent(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? u"-"_s : QString::number(100.0 * double(part) / double(whole), 'f', 1) + u'%';
}

// The smallest 1, 2 or 5 x 10^k at or above `value`: an axis end that does not jump every step.
double niceCeil(double value) {
    if (value <= 1)
        return 1;
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * decade >= value)
            return m * decade;
    return 10 * decade;
}

// Indices of the steps to draw: every `stride`-th of the first `count`, and always the last.
std::vector<std::size_t> sampled(std::size_t count, std::size_t strideBasis) {
    std::vector<std::size_t> out;
    if (count == 0)
        return out;
    const std::size_t stride = std::max<std::size_t>(1, (strideBasis + kMaxPoints - 1) / kMaxPoints);
    for (std::size_t i = 0; i < count; i += stride)
        out.push_back(i);
    if (out.back() != count - 1)
        out.push_back(count - 1);
    return out;
}

// An axis from 0 to `end` with ticks at round numbers (about `ticks` of them) that never move as data grows.
void setAxisEnd(QValueAxis* axis, double end, int ticks) {
    const double interval = niceCeil(end / ticks);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    // Qt lays the ticks out at each change: never let an old small interval meet a new long range
    // (thousands of tick items for a moment).
    if (interval > axis->tickInterval()) {
        axis->setTickInterval(interval);
        axis->setRange(0, end);
    } else {
        axis->setRange(0, end);
        axis->setTickInterval(interval);
    }
}

// The edge of a timeline band: the map's colour of its kind, darker where the fill is solid.
QColor bandBorder(SlotKind kind) {
    switch (kind) {
    case SlotKind::Token:
        return MemoryMapWidget::requestColor(0).darker(130);
    case SlotKind::Reserved:
        return MemoryMapWidget::requestColor(0);
    case SlotKind::Internal:
        return MemoryMapWidget::internalColor();
    case SlotKind::External:
        return MemoryMapWidget::externalColor();
    case SlotKind::Free:
    case SlotKind::Cached:
        break;
    }
    return MemoryMapWidget::freeColor().darker(130);
}

void hideFromLegend(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

} // namespace

QString PagedPage::bandName(SlotKind kind) {
    switch (kind) {
    case SlotKind::Token:
        return tr("tokens");
    case SlotKind::Reserved:
        return tr("reserved");
    case SlotKind::Internal:
        return tr("internal");
    case SlotKind::External:
        return tr("external");
    case SlotKind::Free:
    case SlotKind::Cached:
        break;
    }
    return tr("free");
}

QString PagedPage::allocatorLabel(kvscope::AllocatorKind kind) {
    switch (kind) {
    case kvscope::AllocatorKind::Max:
        return tr("max length");
    case kvscope::AllocatorKind::Pow2:
        return tr("next power of 2");
    case kvscope::AllocatorKind::Oracle:
        return tr("exact (oracle)");
    case kvscope::AllocatorKind::Paged:
        return tr("PagedAttention blocks");
    }
    return {};
}

const PageKind& PagedPage::kind() {
    static const PageKind kind{
        .id = u"paged"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Paged memory"),
        .panel = PanelUse::OwnInputsProjected,
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new PagedPage(controller, parent);
        },
    };
    return kind;
}

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
    , m_sampling(new QComboBox(this))
    , m_seed(new QSpinBox(this))
    , m_maxModelLen(new QSpinBox(this))
    , m_play(new QPushButton(tr("Play"), this))
    , m_speed(new QSlider(Qt::Horizontal, this))
    , m_scrub(new QSlider(Qt::Horizontal, this))
    , m_moments(new QComboBox(this))
    , m_showWholeRun(new QCheckBox(tr("Show the whole run"), this))
    , m_prefixCache(new QCheckBox(tr("Prefix caching"), this))
    , m_hostTier(new QDoubleSpinBox(this))
    , m_diskTier(new QDoubleSpinBox(this))
    , m_counters(new QLabel(this))
    , m_details(new QLabel(this))
    , m_seconds(new QLabel(this))
    , m_requestInfo(new QLabel(this))
    , m_forkDiagram(new ForkDiagramWidget(this))
    , m_error(new QLabel(this))
    , m_contiguousMap(new MemoryMapWidget(this))
    , m_pagedMap(new MemoryMapWidget(this))
    , m_timer(new QTimer(this)) {
    setObjectName(kind().id);
    m_workload->addItem(tr("ShareGPT-like"), u"sharegpt"_s);
    m_workload->addItem(tr("Alpaca-like"), u"alpaca"_s);
    m_workload->addItem(tr("Paper's figure"), u"figure"_s);
    m_workload->addItem(tr("Fixed 200 + 200 tokens"), u"fixed:200,200"_s);
    m_workload->addItem(tr("Uniform 1-400 + 1-400"), u"uniform:1-400,1-400"_s);
    // ";prompts=N:P" puts one of N shared system prompts of P tokens before each prompt (CLI: --system-prompts).
    m_workload->addItem(tr("Shared prompts 4 × 200"), u"sharegpt;prompts=4:200"_s);
    // Trace files bring long names: the combo keeps its width and elides them.
    m_workload->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_workload->setMinimumContentsLength(18);
    m_requests->setRange(1, 100000);
    m_requests->setValue(80);
    m_rate->setRange(0.0, 100.0);
    m_rate->setDecimals(2);
    m_rate->setSingleStep(0.05);
    m_rate->setValue(0.0); // all at once: the server is under load from the first step, as the paper measured
    m_rate->setSpecialValueText(tr("all at once"));
    // Sized as SGLang sizes HiCache's host pool, a ratio of the GPU's (--hicache-ratio, default 2).
    for (QDoubleSpinBox* tier : {m_hostTier, m_diskTier}) {
        tier->setRange(0.0, tier == m_hostTier ? 16.0 : 64.0);
        tier->setDecimals(1);
        tier->setSingleStep(tier == m_hostTier ? 0.5 : 2.0);
        tier->setSuffix(tr(" × pool"));
        tier->setSpecialValueText(tr("none"));
        tier->setEnabled(false); // with prefix caching
    }
    for (const kvscope::AllocatorInfo& info : kvscope::allocatorKinds())
        if (info.contiguous)
            m_policy->addItem(allocatorLabel(info.kind), int(info.kind));
    m_placement->addItem(tr("First fit"));
    m_placement->addItem(tr("Buddy"));
    for (int b : {1, 4, 8, 16, 32, 64, 128, 256})
        m_blockSize->addItem(QString::number(b), b);
    m_blockSize->setCurrentIndex(m_blockSize->findData(16));
    m_pool->setRange(16, 1 << 22);
    m_pool->setValue(PoolSettings{}.pool);
    m_pool->setGroupSeparatorShown(true);
    m_samples->setRange(1, 8);
    m_sampling->addItem(tr("parallel samples"), int(kvscope::SamplingMode::Parallel));
    m_sampling->addItem(tr("beam search"), int(kvscope::SamplingMode::Beam));
    m_seed->setRange(0, 1'000'000);
    m_seed->setValue(1);
    m_maxModelLen->setRange(16, 1 << 20);
    m_maxModelLen->setValue(PoolSettings{}.maxModelLen);
    m_maxModelLen->setGroupSeparatorShown(true);
    m_speed->setRange(1, 240);
    m_speed->setValue(20);
    auto* fromScenario = new QPushButton(tr("From the scenario"), this);
    auto* restart = new QPushButton(tr("Restart"), this);
    auto* step = new QPushButton(tr("Step"), this);
    auto* openTraceButton = new QPushButton(tr("Open trace…"), this);
    m_stopRun = new QPushButton(tr("Stop the whole-run simulation"), this);
    m_stopRun->hide();
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(250);

    // Names for lessons and tests; every control says what it does and, where one applies, its formula.
    const std::pair<QWidget*, const char16_t*> names[] = {{m_workload, u"workload"},
                                                          {m_requests, u"requests"},
                                                          {m_rate, u"arrivals"},
                                                          {m_policy, u"contiguousPolicy"},
                                                          {m_placement, u"placement"},
                                                          {m_blockSize, u"blockSize"},
                                                          {m_pool, u"pool"},
                                                          {m_samples, u"samples"},
                                                          {m_sampling, u"sampling"},
                                                          {m_seed, u"seed"},
                                                          {m_maxModelLen, u"maxModelLen"},
                                                          {m_play, u"play"},
                                                          {step, u"step"},
                                                          {restart, u"restart"},
                                                          {m_speed, u"speed"},
                                                          {m_scrub, u"scrubber"},
                                                          {m_moments, u"moments"},
                                                          {m_showWholeRun, u"showWholeRun"},
                                                          {m_counters, u"counters"},
                                                          {m_error, u"error"},
                                                          {m_details, u"details"},
                                                          {m_seconds, u"seconds"},
                                                          {fromScenario, u"fromScenario"},
                                                          {openTraceButton, u"openTrace"},
                                                          {m_prefixCache, u"prefixCache"},
                                                          {m_hostTier, u"hostTier"},
                                                          {m_diskTier, u"diskTier"},
                                                          {m_stopRun, u"stopRun"},
                                                          {m_contiguousMap, u"contiguousMap"},
                                                          {m_pagedMap, u"pagedMap"},
                                                          {m_forkDiagram, u"forkDiagram"}};
    for (const auto& [widget, name] : names)
        widget->setObjectName(QString::fromUtf16(name));
    explain(m_workload, tr("The request trace both servers replay"),
            tr("ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets' mean lengths "
               "(ShareGPT 161 prompt + 338 output tokens, Alpaca 19 + 58). The paper's figure: one request "
               "reserves 2,048 slots and stops after 10 tokens; it brings its own pool. Shared prompts: a "
               "ShareGPT-like question behind one of 4 system prompts of 200 tokens, for prefix caching."));
    explain(m_requests, tr("How many requests the trace holds"),
            tr("The number of requests in the synthetic trace; both servers get the same ones, in the same order."));
    explain(m_rate, tr("Poisson arrivals per decode step"),
            tr("New requests arrive at random, on average λ per decode step (a gap of 1/λ steps). "
               "At 0 every request arrives at step 0, so the server is under load from the start."));
    explain(m_policy, tr("What a contiguous server reserves per request"),
            tr("Max length reserves the maximum model length for every request (Orca-Max); next power of 2 "
               "reserves 2^⌈log₂(prompt + output)⌉ slots (Orca-Pow2); exact reserves prompt + output, which only "
               "an oracle knows in advance (Orca-Oracle)."));
    explain(m_placement, tr("Where a contiguous reservation goes in the pool"),
            tr("First fit takes the lowest free hole large enough. Buddy rounds every reservation up to a power "
               "of two and splits and merges holes in halves."));
    explain(m_blockSize, tr("Token slots per PagedAttention block (vLLM's default is 16)"),
            tr("A sequence of n tokens holds ⌈n / block size⌉ blocks, so at most block size − 1 slots of its last "
               "block stay empty."));
    explain(m_pool, tr("KV pool size in token slots"),
            tr("One slot holds one token's K and V over every layer. A real server's pool is "
               "(GPU memory × utilization − weights − activations − runtime) ÷ KV bytes per token."));
    explain(m_samples, tr("Parallel samples per request"),
            tr("Each request generates this many outputs from one prompt. Paged blocks of the shared prompt are "
               "stored once and copied on write; contiguous servers reserve a region per sample."));
    explain(m_sampling, tr("What the samples of one request are"),
            tr("Parallel samples: independent outputs of one prompt, sharing its blocks. Beam search: each step every "
               "beam continues a parent beam; a beam chosen twice shares its blocks and copies the last partial one "
               "on write, a beam chosen by none is dropped and frees its own blocks. Hover a request to see its "
               "beams' block tables, shared entries in bold. Memory saved = blocks saved ÷ blocks held unshared."));
    explain(m_seed, tr("Random seed of the synthetic trace"),
            tr("The same seed gives the same trace on every machine, so a class sees the same run."));
    explain(m_maxModelLen, tr("Longest sequence the model accepts (prompt + output)"),
            tr("Caps prompt + output of every request; the max-length policy reserves exactly this many slots "
               "per request."));
    explain(fromScenario, tr("The KV cache tokens the current model leaves on the current GPU"),
            tr("Sets the pool to the capacity of the scenario on the left: "
               "tokens = KV budget ÷ KV bytes per token."));
    explain(openTraceButton, tr("Replay a request trace file"),
            tr("A CSV file with the header prompt_len,output_len[,arrival_step] or JSON Lines with the same keys, "
               "as kvscope-cli simulate --workload reads it. Both servers replay it."));
    explain(m_prefixCache, tr("The paged server keeps shared prompt blocks for later requests"),
            tr("Automatic prefix caching: a full block of a shared system prompt is found by a hash of its tokens "
               "and of the blocks before it. When its last request ends it stays in the pool, free but holding its "
               "K and V (orange stripes), until a block is needed and it is evicted, least recently used first. "
               "Hit rate = prompt tokens found cached ÷ prompt tokens."));
    explain(m_hostTier, tr("Host memory under the paged pool keeps the prefix blocks it evicts"),
            tr("KV offloading (SGLang's HiCache, vLLM's CPU offloading, LMCache): a cached prefix block the pool "
               "evicts is copied to host memory, least recently used going first when the tier is full. A later "
               "request whose prefix is not in the pool loads those blocks back over PCIe instead of computing "
               "them. Its size is a multiple of the pool, as SGLang's --hicache-ratio sets it (default 2). Needs "
               "prefix caching. The blocks it holds are off the GPU: the line above the maps counts them."));
    explain(m_diskTier, tr("A local drive under the host tier keeps the blocks the host tier evicts"),
            tr("The third level (SGLang's HiCache L3, LMCache's local disk): blocks the host tier evicts go to an "
               "NVMe drive, and are loaded back over its PCIe 4.0 x4 link. Needs a host tier."));
    explain(m_stopRun, tr("Stop simulating the whole run in the background"),
            tr("A long trace takes a while to simulate to its end for the total and the whole-run charts; the replay "
               "itself goes on without it."));
    explain(m_play, tr("Play or pause the replay"),
            tr("Replays both servers step by step at the chosen speed; at the end, Play starts again."));
    explain(step, tr("One decode step"),
            tr("Runs one decode step on both servers: every running request stores one more token."));
    explain(restart, tr("Back to step 1 with the same trace"),
            tr("Starts both servers again from an empty pool with the same trace."));
    explain(m_scrub, tr("Every step of the run: drag to go back or forward (Left, Shift+Left, Shift+Right)"),
            tr("Goes to any step of the replay, back as well as forward: going back replays the same trace from "
               "the start, so both servers stand exactly where they stood at that step."));
    explain(m_moments, tr("Jump to a moment of the whole run"),
            tr("Once the whole run has been simulated, lists the steps worth stopping at for each server: the first "
               "request left waiting, the first preemption, the most requests running at once, the end."));
    explain(m_speed, tr("Decode steps per second"),
            tr("How many decode steps the replay runs per second; the maps repaint once per frame at any speed."));
    explain(m_showWholeRun, tr("Draw the charts to the end of the run"),
            tr("Off, the charts grow with the replay so the class can predict before they see. On, they show the "
               "whole run at once, with a line at the current step."));
    explain(m_counters, tr("Replay progress and finished requests of each server"),
            tr("The current decode step out of the steps until both servers have finished every request, and how "
               "many requests each server has finished."));
    explain(m_details, tr("Paged server's preemptions and sharing"),
            tr("A preemption evicts a running request when no block is free; it recomputes its tokens when it "
               "returns. Blocks saved by sharing: prompt blocks stored once for several samples."));
    explain(m_seconds, tr("The same two replays in seconds"),
            tr("Each step of both replays priced on the scenario's model and GPU data sheet: the bytes it moves over "
               "the bandwidth against its FLOPs over the peak, the larger, so every time is a lower bound. The "
               "page's arrivals come in decode steps; a step of arrivals lasts one request's step with an empty "
               "cache. The Serving page sweeps request rates and finds the rate that meets latency targets."));
    explain(m_contiguousMap, tr("The contiguous server's pool, one square per token slot"),
            tr("Each request owns one region sized by the policy. Share of a kind = its slots ÷ pool slots. "
               "Hover a request to see it in both maps."));
    explain(m_pagedMap, tr("The paged server's pool, one square per token slot, in physical block order"),
            tr("Each request holds blocks anywhere in the pool, taken one at a time as it grows. Share of a kind "
               "= its slots ÷ pool slots. Hover a request to see its block table."));

    auto* settings = new QGroupBox(tr("Trace and pool"), this);
    auto* form = new QGridLayout(settings);
    const std::pair<QString, QWidget*> fields[] = {
        {tr("Workload"), m_workload},  {tr("Requests"), m_requests},   {tr("Arrivals"), m_rate},
        {tr("Contiguous"), m_policy},  {tr("Placement"), m_placement}, {tr("Block size"), m_blockSize},
        {tr("Pool"), m_pool},          {tr("Samples"), m_samples},     {tr("Max model len"), m_maxModelLen},
        {tr("Seed"), m_seed},          {tr("Sequences"), m_sampling},  {tr("Paged"), m_prefixCache},
        {tr("Host tier"), m_hostTier}, {tr("Disk tier"), m_diskTier}};
    for (const auto& [label, widget] : fields) {
        auto* text = new QLabel(label, this);
        text->setToolTip(widget->toolTip());
        text->setBuddy(widget);
        m_fieldPairs.append({text, widget});
    }
    m_fieldGrid = form;
    m_fromScenario = fromScenario;
    layOutSettings();

    // The buttons, then the speed: one row, or two where the page is narrow (see layOutSettings).
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(openTraceButton);
    buttons->addWidget(m_play);
    buttons->addWidget(step);
    buttons->addWidget(restart);
    auto* speedRow = new QHBoxLayout;
    speedRow->addWidget(new QLabel(tr("Speed"), this));
    speedRow->addWidget(m_speed, 1);
    speedRow->addWidget(m_showWholeRun);
    speedRow->addWidget(m_stopRun);
    auto* transport = new QBoxLayout(QBoxLayout::LeftToRight);
    transport->addLayout(buttons);
    transport->addLayout(speedRow, 1);
    m_transport = transport;

    const auto colourError = [this] { m_error->setStyleSheet(u"color: %1;"_s.arg(chartstyle::bad().name())); };
    colourError();
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, m_error, colourError);
    m_error->setWordWrap(true);
    m_error->hide();
    m_requestInfo->setWordWrap(true);
    m_requestInfo->setTextFormat(Qt::RichText);
    m_requestInfo->setMinimumHeight(fontMetrics().height() * 2 + 4);
    m_counters->setTextFormat(Qt::RichText);
    m_counters->setWordWrap(true);
    m_details->setWordWrap(true);
    m_seconds->setWordWrap(true);
    m_seconds->setTextFormat(Qt::PlainText);
    m_seconds->hide();

    m_legendText = new QLabel(tr("Every square is one token slot; each request has its own colour (blues, "
                                 "greens, purples, yellows). Solid: stored tokens. Pale with dots: reserved for "
                                 "tokens still to come. Grey, hatched: never used (internal fragmentation). "
                                 "Vermillion, cross-hatched: free but too small for the next request (external "
                                 "fragmentation). Hover a request to see its blocks."),
                              this);
    m_legendText->setWordWrap(true);
    auto* sameKv = new QLabel(tr("Paging stores exactly the same K and V: every token still takes 2 × layers × KV "
                                 "heads × head_dim × bytes, so the cache's mathematical size is unchanged; only the "
                                 "waste around it goes."),
                              this);
    sameKv->setObjectName(u"sameKv"_s);
    sameKv->setWordWrap(true);
    explain(sameKv, tr("What paging changes and what it does not"),
            tr("KV bytes = 2 × layers × batch × tokens × KV heads × head_dim × bytes per element, with or without "
               "paging; paging only removes the reserved, internal and external waste around those bytes."));
    m_bodyLabels = {sameKv, m_details, m_seconds, m_requestInfo};

    // A drawn legend: the maps' own swatches, with words beside them.
    auto* legend = new QWidget(this);
    legend->setObjectName(u"mapLegend"_s);
    explain(legend, tr("What the squares of the two maps mean"),
            tr("Stored tokens are solid in their request's colour; reserved slots pale with dots; internal "
               "fragmentation grey with \\ hatching; external fragmentation vermillion cross-hatching; free slots "
               "plain."));
    // Three entries and three more: side by side, or one above the other where the page is narrow.
    auto* legendRows = new QBoxLayout(QBoxLayout::LeftToRight, legend);
    legendRows->setContentsMargins(0, 0, 0, 0);
    m_legendRows = legendRows;
    QHBoxLayout* legendRow = nullptr;
    const std::pair<SlotKind, QString> kinds[] = {{SlotKind::Token, tr("tokens stored")},
                                                  {SlotKind::Reserved, tr("reserved (tokens to come)")},
                                                  {SlotKind::Internal, tr("internal fragmentation (never used)")},
                                                  {SlotKind::External, tr("external fragmentation (hole too small)")},
                                                  {SlotKind::Cached, tr("cached prefix (free, kept for reuse)")},
                                                  {SlotKind::Free, tr("free")}};
    for (const auto& [kind, text] : kinds) {
        if (m_swatches.size() % 3 == 0) {
            legendRow = new QHBoxLayout;
            legendRows->addLayout(legendRow);
        }
        auto* swatch = new QLabel(legend);
        auto* words = new QLabel(text, legend);
        m_swatches.emplace_back(swatch, kind);
        m_bodyLabels << words;
        m_legendWords << words;
        legendRow->addWidget(swatch);
        legendRow->addWidget(words);
        legendRow->addSpacing(12);
    }
    legendRows->addStretch(1);

    auto* maps = new QHBoxLayout;
    maps->addWidget(m_contiguousMap, 1);
    maps->addWidget(m_pagedMap, 1);

    m_contiguousShares.view = new QChartView(new QChart, this);
    m_pagedShares.view = new QChartView(new QChart, this);
    m_batch.view = new QChartView(new QChart, this);
    m_contiguousShares.view->setObjectName(u"contiguousTimelineChart"_s);
    m_pagedShares.view->setObjectName(u"pagedTimelineChart"_s);
    m_batch.view->setObjectName(u"batchChart"_s);
    m_contiguousShares.view->setAccessibleName(tr("Contiguous pool"));
    m_pagedShares.view->setAccessibleName(tr("Paged pool"));
    m_batch.view->setAccessibleName(tr("Running requests"));
    m_contiguousMap->setAccessibleName(tr("Contiguous pool, slot by slot"));
    m_pagedMap->setAccessibleName(tr("Paged pool, slot by slot"));
    m_speed->setAccessibleName(tr("Speed"));
    setUpShareChart(m_contiguousShares);
    setUpShareChart(m_pagedShares);
    contiguousTimelineChart()->setTitle(tr("Contiguous pool"));
    pagedTimelineChart()->setTitle(tr("Paged pool"));
    setUpBatchChart();
    const QString shareFormula = tr("Each band is one kind's share of the pool, step by step: share = slots of that "
                                    "kind ÷ pool slots; the five bands add up to 100%. The vertical line is the "
                                    "current step.");
    explain(m_contiguousShares.view, tr("Where the contiguous server's pool goes, step by step"), shareFormula);
    explain(m_pagedShares.view, tr("Where the paged server's pool goes, step by step"), shareFormula);
    explain(m_batch.view, tr("Running requests per step (the batch) on each server"),
            tr("Paging admits a request as soon as its first blocks are free, so more requests run at once. "
               "Mean batch under load = sum of running requests over the steps where requests wait ÷ those "
               "steps (dashed lines); the drain at the end, with nothing left to admit, is not counted."));
    auto* timelines = new QWidget(this);
    timelines->setObjectName(u"pagedTimeline"_s); // lessons highlight the charts together
    m_timelineGrid = new QGridLayout(timelines);
    m_timelineGrid->setContentsMargins(0, 0, 0, 0);
    for (QChartView* view : {m_contiguousShares.view, m_pagedShares.view, m_batch.view}) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(190);
    }
    arrangeTimelines(false);

    // Presenter mode's large type can outgrow a small window: the page scrolls rather than squeeze its charts.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(u"pagedScroll"_s);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    // The scrubber: every step of the run, and the moments worth jumping to.
    auto* scrubRow = new QHBoxLayout;
    auto* scrubLabel = new QLabel(tr("Step", "the scrubber's label: which step of the run is shown"), this);
    scrubLabel->setBuddy(m_scrub);
    scrubRow->addWidget(scrubLabel);
    scrubRow->addWidget(m_scrub, 1);
    scrubRow->addWidget(m_moments);
    m_scrub->setRange(1, 1);
    m_scrub->setAccessibleName(tr("Step of the run"));
    m_moments->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_moments->setMinimumContentsLength(18);
    layout->addWidget(settings);
    layout->addLayout(transport);
    layout->addLayout(scrubRow);
    layout->addWidget(m_counters);
    layout->addWidget(m_details);
    layout->addWidget(m_seconds);
    layout->addWidget(m_error);
    layout->addWidget(m_legendText);
    layout->addLayout(maps, 3);
    layout->addWidget(legend); // one legend for the maps and the timelines below: they share the patterns
    layout->addWidget(m_requestInfo);
    layout->addWidget(m_forkDiagram);
    layout->addWidget(timelines, 2);
    layout->addWidget(sameKv);

    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &PagedPage::tick);
    connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!isPlaying()); });
    connect(m_scrub, &QSlider::valueChanged, this, [this](int value) { seek(std::uint64_t(value)); });
    connect(m_moments, &QComboBox::activated, this, [this](int index) {
        const qulonglong position = m_moments->itemData(index).toULongLong();
        if (position > 0)
            seek(position);
        m_moments->setCurrentIndex(0); // the list stays a menu of moments
    });
    connect(step, &QPushButton::clicked, this, &PagedPage::stepOnce);
    connect(restart, &QPushButton::clicked, this, &PagedPage::restart);
    connect(openTraceButton, &QPushButton::clicked, this, &PagedPage::chooseTraceFile);
    connect(m_stopRun, &QPushButton::clicked, this, &PagedPage::stopBackgroundRun);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        m_stopRun->setVisible(m_timelineWatcher.isRunning() && !m_timelineStopped && m_runClock.elapsed() > 1000);
        updateCounters();
    });
    connect(fromScenario, &QPushButton::clicked, this, [this] {
        const auto tokens = m_controller->capacity().tokens;
        m_pool->setValue(int(std::min<std::uint64_t>(tokens, std::uint64_t(m_pool->maximum()))));
    });
    connect(m_showWholeRun, &QCheckBox::toggled, this, &PagedPage::updateCharts);
    connect(m_prefixCache, &QCheckBox::toggled, this, &PagedPage::rebuild);
    connect(m_prefixCache, &QCheckBox::toggled, this, &PagedPage::enableTiers);
    connect(m_hostTier, &QDoubleSpinBox::valueChanged, this, &PagedPage::enableTiers);
    for (QDoubleSpinBox* tier : {m_hostTier, m_diskTier})
        connect(tier, &QDoubleSpinBox::valueChanged, this, &PagedPage::rebuild);
    for (QSpinBox* spin : {m_requests, m_pool, m_samples, m_seed, m_maxModelLen})
        connect(spin, &QSpinBox::valueChanged, this, &PagedPage::rebuild);
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, &PagedPage::rebuild);
    connect(m_workload, &QComboBox::currentIndexChanged, this, &PagedPage::workloadChosen);
    for (QComboBox* combo : {m_policy, m_placement, m_blockSize, m_sampling})
        connect(combo, &QComboBox::currentIndexChanged, this, &PagedPage::rebuild);
    connect(m_contiguousMap, &MemoryMapWidget::requestHovered, this, &PagedPage::showRequest);
    connect(m_pagedMap, &MemoryMapWidget::requestHovered, this, &PagedPage::showRequest);
    connect(&m_timelineWatcher, &QFutureWatcher<Timeline>::finished, this, [this] {
        // A rebuild that failed (a bad trace) started no run, so the watcher still watches the
        // previous trace's: its result, possibly already on its way, belongs to a trace not shown.
        if (m_runGeneration != m_generation)
            return;
        m_progressTimer->stop();
        m_stopRun->hide();
        Timeline t = m_timelineWatcher.result();
        if (!t.error.empty()) {
            m_timelineFailed = true; // the live simulators say what is wrong; the total says it will not come
            updateCounters();
            emit figuresSettled();
            return;
        }
        m_timeline = std::move(t);
        m_timelineReady = true;
        fillMoments();
        startTiming();
        updateCounters();
        updateCharts();
        redraw(); // the scrubber now spans the whole run
        if (const std::optional<kvscope::LessonMoment> moment = std::exchange(m_pendingMoment, std::nullopt))
            standAtMoment(*moment);
        if (!m_timingWatcher.isRunning())
            emit figuresSettled();
    });
    connect(&m_timingWatcher, &QFutureWatcher<Timing>::finished, this, [this] {
        Timing t = m_timingWatcher.result();
        if (t.generation != m_timingGeneration || t.error == "stopped") {
            // A newer run or scenario took its place (started now: it could not while this one ran), or it was
            // stopped when the page was hidden.
            startTiming();
            updateCounters();
            if (!hasPendingFigures())
                emit figuresSettled();
            return;
        }
        m_timing = std::move(t);
        updateCounters();
        emit figuresSettled();
    });
    // The replays' pool and requests are the page's own; the model and GPU that price their steps are the
    // scenario's.
    connect(controller, &ScenarioController::scenarioChanged, this, [this] {
        dropTiming();
        startTiming();
        updateCounters();
    });
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, &PagedPage::applyPresentation);
    applyPresentation();
}

std::any PagedPage::keptState() const {
    return paged() ? std::any(settings()) : std::any();
}

void PagedPage::restoreKeptState(const std::any& state) {
    if (const auto* kept = std::any_cast<Settings>(&state))
        applySettings(*kept);
}

PagedPage::~PagedPage() {
    if (m_runCancel)
        *m_runCancel = true; // a long background run stops at its next report instead of holding the window
    if (m_timingCancel)
        *m_timingCancel = true;
    m_timelineWatcher.waitForFinished();
    m_timingWatcher.waitForFinished();
}

void PagedPage::dropTiming() {
    if (m_timingCancel)
        *m_timingCancel = true;
    m_timing.reset();
    m_timingStale = false;
    ++m_timingGeneration;
}

std::optional<PagedPage::Timing> PagedPage::timingBase(const kvscope::Scenario& scenario) const {
    if (m_trace.empty())
        return std::nullopt;
    Timing base;
    base.generation = m_timingGeneration;
    base.model = QString::fromStdString(scenario.model.displayName);
    base.allAtOnce =
        std::all_of(m_trace.begin(), m_trace.end(), [](const kvscope::Request& r) { return r.arrivalStep == 0; });
    // The page's own pool: the scenario's capacity does not limit these replays.
    const kvscope::ServingUnpriced why = kvscope::servingUnpriced(scenario);
    if (why == kvscope::ServingUnpriced::TensorParallel || why == kvscope::ServingUnpriced::StoredWeights ||
        why == kvscope::ServingUnpriced::NoDataSheet)
        base.unpriced = ServingPage::unpricedText(why, scenario, 0);
    return base;
}

PagedPage::Timing PagedPage::timeReplays(Timing base, const kvscope::Scenario& scenario, kvscope::SimConfig config,
                                         kvscope::AllocatorKind contiguous, const std::vector<kvscope::Request>& trace,
                                         const std::function<bool(double)>& progress) {
    Timing t = std::move(base);
    if (!t.unpriced.isEmpty())
        return t;
    try {
        const std::optional<kvscope::ServingSetup> setup = kvscope::servingSetup(scenario);
        if (!setup) {
            t.error = "the GPU has no data sheet";
            return t;
        }
        t.gpu = QString::fromStdString(setup->gpuName);
        t.arrivalStepSeconds = kvscope::unloadedStepSeconds(setup->pricer, setup->time);
        const std::vector<double> arrivals = kvscope::arrivalsFromSteps(trace, t.arrivalStepSeconds);
        config.recordSteps = config.keepSlotMap = config.recordEvents = false;
        const auto half = [&](int which) {
            return [&, which](double share) { return !progress || progress((which + share) / 2); };
        };
        config.allocator = contiguous;
        t.contiguous = kvscope::replayTimed(config, trace, arrivals, setup->pricer, setup->time, half(0));
        config.allocator = kvscope::AllocatorKind::Paged;
        if (t.contiguous)
            t.paged = kvscope::replayTimed(config, trace, arrivals, setup->pricer, setup->time, half(1));
        if (!t.contiguous || !t.paged)
            t.error = "stopped";
    } catch (const kvscope::Error& e) {
        t.error = e.what();
    }
    return t;
}

void PagedPage::startTiming() {
    if (!m_timelineReady || m_timing || m_timingWatcher.isRunning())
        return;
    if (!isVisible()) {
        m_timingStale = true; // timed when shown
        return;
    }
    m_timingStale = false;
    const kvscope::Scenario scenario = m_controller->scenario();
    std::optional<Timing> base = timingBase(scenario);
    if (!base)
        return;
    if (!base->unpriced.isEmpty()) {
        m_timing = std::move(base);
        return;
    }
    m_timingCancel = std::make_shared<std::atomic<bool>>(false);
    m_timingWatcher.setFuture(
        QtConcurrent::run([base = std::move(*base), scenario, config = baseConfig(), kind = contiguousKind(),
                           trace = m_trace, cancel = m_timingCancel]() mutable {
            return timeReplays(std::move(base), scenario, config, kind, trace, [&](double) { return !cancel->load(); });
        }));
}

void PagedPage::showEvent(QShowEvent* event) {
    Page::showEvent(event);
    if (m_timingStale) {
        startTiming();
        updateCounters();
    }
}

void PagedPage::hideEvent(QHideEvent* event) {
    Page::hideEvent(event);
    // Not while minimized: that is still the page being looked at.
    if (!event->spontaneous() && m_timingWatcher.isRunning()) {
        dropTiming();
        m_timingStale = true;
    }
}

QString PagedPage::secondsText() const {
    if (!m_timelineReady || m_quiz) // quiz mode shows the run only as far as it is replayed
        return {};
    if (!m_timing)
        return m_timingWatcher.isRunning() ? tr("In seconds: timing both replays on the scenario's GPU…") : QString();
    const Timing& t = *m_timing;
    if (!t.unpriced.isEmpty())
        return tr("In seconds: not timed. %1").arg(t.unpriced);
    if (!t.error.empty() || !t.contiguous || !t.paged)
        return tr("In seconds: not timed: %1").arg(QString::fromStdString(t.error));
    const QLocale locale;
    const auto side = [&](const QString& name, const kvscope::TimedSummary& s) {
        return tr("%1: %2 tokens/s, p90 TTFT %3, p90 TPOT %4")
            .arg(name, locale.toString(s.outputTokensPerSecond, 'f', 0), viewtext::duration(s.ttft.p90),
                 viewtext::duration(s.tpot.p90));
    };
    const QString arrivals =
        t.allAtOnce
            ? tr("every request at once")
            : tr("a step of arrivals lasts %1, one request's step").arg(viewtext::duration(t.arrivalStepSeconds));
    return tr("In seconds, %1 priced on the data sheet of the %2 (lower bounds; %3): %4 · %5. Request rates and "
              "latency targets: the Serving page.")
        .arg(t.model, t.gpu, arrivals, side(allocatorLabel(contiguousKind()), *t.contiguous),
             side(allocatorLabel(kvscope::AllocatorKind::Paged), *t.paged));
}

QString PagedPage::tierText(const kvscope::SimSummary& summary, const kvscope::StepStats& step) {
    const QLocale locale;
    const auto held = [&](std::size_t t) {
        return tr("%1 of %2 blocks")
            .arg(locale.toString(step.tierBlocks[t]), locale.toString(summary.tierCapacityBlocks[t]));
    };
    const QString now = summary.tierCapacityBlocks[1] > 0
                            ? tr("· off the GPU now: host tier %1, disk tier %2").arg(held(0), held(1))
                            : tr("· off the GPU now: host tier %1").arg(held(0));
    const QString saved =
        summary.tierCapacityBlocks[1] > 0
            ? tr("· loaded back instead of computed: %1 tokens from the host, %2 from the disk (hit rate with the "
                 "tiers %3)")
                  .arg(locale.toString(qulonglong(summary.tierHitTokens[0])),
                       locale.toString(qulonglong(summary.tierHitTokens[1])),
                       locale.toString(100.0 * summary.allTierHitRate(), 'f', 1) + u'%')
            : tr("· loaded back instead of computed: %1 tokens from the host (hit rate with the tier %2)")
                  .arg(locale.toString(qulonglong(summary.tierHitTokens[0])),
                       locale.toString(100.0 * summary.allTierHitRate(), 'f', 1) + u'%');
    return now + u' ' + saved;
}

void PagedPage::enableTiers() {
    m_hostTier->setEnabled(m_prefixCache->isChecked());
    m_diskTier->setEnabled(m_prefixCache->isChecked() && m_hostTier->value() > 0);
}

void PagedPage::stopBackgroundRun() {
    if (m_runCancel)
        *m_runCancel = true;
    m_timelineStopped = true;
    m_stopRun->hide();
    updateCounters();
}

void PagedPage::setUpShareChart(ShareChart& c) {
    QChart* chart = c.view->chart();
    chartstyle::apply(chart, QString());
    c.x = new QValueAxis(chart);
    c.y = new QValueAxis(chart);
    c.x->setLabelFormat(u"%d"_s);
    c.x->setTitleText(tr("step"));
    c.y->setRange(0, 100);
    c.y->setTickCount(3);
    c.y->setLabelFormat(u"%d%%"_s);
    chart->addAxis(c.x, Qt::AlignBottom);
    chart->addAxis(c.y, Qt::AlignLeft);
    QLineSeries* lower = nullptr;
    for (std::size_t b = 0; b < kvscope::kShareBands.size(); ++b) {
        c.upper[b] = new QLineSeries(chart);
        c.areas[b] = new QAreaSeries(c.upper[b], lower);
        c.areas[b]->setName(bandName(kvscope::kShareBands[b]));
        chart->addSeries(c.areas[b]);
        c.areas[b]->attachAxis(c.x);
        c.areas[b]->attachAxis(c.y);
        lower = c.upper[b];
    }
    c.cursor = new QLineSeries(chart);
    chart->addSeries(c.cursor);
    c.cursor->attachAxis(c.x);
    c.cursor->attachAxis(c.y);
    // The bands share the maps' patterns, which the drawn legend above names: no room is spent on a second one.
    chart->legend()->hide();
}

void PagedPage::setUpBatchChart() {
    QChart* chart = m_batch.view->chart();
    chartstyle::apply(chart, tr("Running requests"));
    m_batch.x = new QValueAxis(chart);
    m_batch.y = new QValueAxis(chart);
    m_batch.x->setLabelFormat(u"%d"_s);
    m_batch.x->setTitleText(tr("step"));
    m_batch.y->setLabelFormat(u"%d"_s);
    chart->addAxis(m_batch.x, Qt::AlignBottom);
    chart->addAxis(m_batch.y, Qt::AlignLeft);
    for (QLineSeries** series :
         {&m_batch.contiguous, &m_batch.paged, &m_batch.contiguousMean, &m_batch.pagedMean, &m_batch.cursor}) {
        *series = new QLineSeries(chart);
        chart->addSeries(*series);
        (*series)->attachAxis(m_batch.x);
        (*series)->attachAxis(m_batch.y);
    }
    for (QLineSeries* series : {m_batch.contiguousMean, m_batch.pagedMean, m_batch.cursor})
        hideFromLegend(chart, series);
}

void PagedPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    layOutSettings();
}

void PagedPage::layOutSettings() {
    // Five settings to a row were wider than the page at 1280 px (the page scrolls only down, so the right
    // side was cut off): fewer to a row when they do not fit, and fewer in presenter mode's large type.
    const int spacing = std::max(6, m_fieldGrid->horizontalSpacing());
    // The group box's frame and margins, the grid's own, the page's margins and a scroll bar.
    const QMargins grid = m_fieldGrid->contentsMargins();
    const int available = width() - 64 - grid.left() - grid.right();
    const int perRow = fieldsPerRow(m_fieldPairs, available, chartstyle::presenter() ? 3 : 5, spacing);
    if (m_transport) {
        const int oneRow = m_transport->itemAt(0)->minimumSize().width() +
                           m_transport->itemAt(1)->minimumSize().width() + std::max(6, m_transport->spacing()) + 64;
        m_transport->setDirection(oneRow <= width() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    }
    if (m_legendRows) {
        const int oneRow = m_legendRows->itemAt(0)->minimumSize().width() +
                           m_legendRows->itemAt(1)->minimumSize().width() + std::max(6, m_legendRows->spacing()) + 64;
        m_legendRows->setDirection(oneRow <= width() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    }
    if (perRow == m_perRow)
        return;
    m_perRow = perRow;
    layOutFields(m_fieldGrid, m_fieldPairs, perRow, m_fromScenario);
}

void PagedPage::applyPresentation() {
    m_perRow = 0; // the type size changed: lay the settings out again
    layOutSettings();
    const bool presenter = chartstyle::presenter();
    QFont headline = font();
    headline.setPointSizeF(chartstyle::headlinePoints());
    m_counters->setFont(headline);
    for (QLabel* label : m_bodyLabels) {
        if (presenter) {
            QFont body = font();
            body.setPointSizeF(chartstyle::bodyPoints());
            label->setFont(body);
        } else {
            label->setFont(QFont()); // back to the page's font
        }
    }
    m_legendText->setVisible(!presenter);
    for (QChartView* view : {m_contiguousShares.view, m_pagedShares.view, m_batch.view})
        view->setMinimumHeight(presenter ? 300 : 190);
    arrangeTimelines(presenter);
    for (MemoryMapWidget* map : {m_contiguousMap, m_pagedMap})
        map->setMinimumHeight(presenter ? 280 : 200);
    // A narrow window or presenter type wraps the legend's words rather than widen the page.
    for (QLabel* words : m_legendWords)
        words->setWordWrap(true);
    const int side = presenter ? 28 : 16;
    for (const auto& [label, kind] : m_swatches)
        label->setPixmap(QPixmap::fromImage(MemoryMapWidget::swatch(kind, side)));

    // The bands wear the maps' patterns (a request's solid blue, pale dots, hatching, cross-hatching, plain).
    for (ShareChart* c : {&m_contiguousShares, &m_pagedShares}) {
        for (std::size_t b = 0; b < kvscope::kShareBands.size(); ++b) {
            c->areas[b]->setBrush(MemoryMapWidget::brush(kvscope::kShareBands[b]));
            c->areas[b]->setPen(QPen(bandBorder(kvscope::kShareBands[b]), chartstyle::lineWidth(1)));
        }
        c->cursor->setPen(QPen(chartstyle::pinned(palette()), chartstyle::lineWidth(2)));
    }
    // Contiguous in the text's colour (dark grey, or light grey on a dark palette), paged blue:
    // apart in lightness too, so they read in greyscale.
    const QColor contiguousColor = chartstyle::isDark(palette()) ? QColor(0xc8, 0xc8, 0xc8) : QColor(0x33, 0x33, 0x33);
    const QColor pagedColor = chartstyle::weights();
    m_batch.contiguous->setPen(QPen(contiguousColor, chartstyle::lineWidth(2)));
    m_batch.paged->setPen(QPen(pagedColor, chartstyle::lineWidth(2.5)));
    m_batch.contiguousMean->setPen(QPen(contiguousColor, chartstyle::lineWidth(1.5), Qt::DashLine));
    m_batch.pagedMean->setPen(QPen(pagedColor, chartstyle::lineWidth(1.5), Qt::DashLine));
    m_batch.cursor->setPen(QPen(chartstyle::pinned(palette()), chartstyle::lineWidth(1), Qt::DotLine));
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

void PagedPage::arrangeTimelines(bool twoRows) {
    // Three charts in a row; in presenter type the batch chart gets a row of its own, so that its legend (the
    // two means a lesson quotes) is read whole rather than elided.
    for (QChartView* view : {m_contiguousShares.view, m_pagedShares.view, m_batch.view})
        m_timelineGrid->removeWidget(view);
    m_timelineGrid->addWidget(m_contiguousShares.view, 0, 0);
    m_timelineGrid->addWidget(m_pagedShares.view, 0, 1);
    if (twoRows)
        m_timelineGrid->addWidget(m_batch.view, 1, 0, 1, 2);
    else
        m_timelineGrid->addWidget(m_batch.view, 0, 2);
    for (int column = 0; column < 3; ++column)
        m_timelineGrid->setColumnStretch(column, column < 2 || !twoRows ? 1 : 0);
}

void PagedPage::setQuizMode(bool on) {
    m_quiz = on;
    m_showWholeRun->setVisible(!on);
    updateCharts();
    updateCounters();
}

void PagedPage::setShowWholeRun(bool on) {
    m_showWholeRun->setChecked(on);
}

bool PagedPage::showsWholeRun() const {
    return !m_quiz && m_showWholeRun->isChecked() && m_timelineReady;
}

std::uint64_t PagedPage::totalSteps() const {
    return m_timelineReady ? std::max(m_timeline.contiguousSummary.steps, m_timeline.pagedSummary.steps) : 0;
}

QChart* PagedPage::contiguousTimelineChart() const {
    return m_contiguousShares.view->chart();
}
QChart* PagedPage::pagedTimelineChart() const {
    return m_pagedShares.view->chart();
}
QChart* PagedPage::batchChart() const {
    return m_batch.view->chart();
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
        const qsizetype prompts = kind.indexOf(u";prompts="_s);
        kvscope::WorkloadSpec spec =
            kvscope::WorkloadSpec::parse(argumentBytes(kind.left(prompts))); // a path as its bytes
        if (prompts >= 0)
            spec.parseSharedPrompts(kind.mid(prompts + 9).toStdString(), "workload");
        spec.requests = std::uint32_t(m_requests->value());
        spec.rate = m_rate->value();
        spec.seed = std::uint64_t(m_seed->value());
        if (spec.kind != kvscope::WorkloadKind::Trace)
            return kvscope::generateWorkload(spec);
        // A trace file is read once, not on every change of a control (a 2M-line one takes seconds): again only
        // when the file changed on disk.
        std::error_code fileError;
        const auto modified = std::filesystem::last_write_time(spec.traceFile, fileError);
        const auto size = fileError ? 0 : std::filesystem::file_size(spec.traceFile, fileError);
        if (!fileError && m_traceCache.path == spec.traceFile && m_traceCache.modified == modified &&
            m_traceCache.size == size)
            return m_traceCache.requests;
        // The first reading runs on a pool thread (2M lines take seconds) under a bar with Stop; the window
        // waits in a local event loop, so it keeps painting while the modal bar keeps its controls still.
        QProgressDialog dialog(tr("Reading the request trace…"), tr("Stop"), 0, 1000, const_cast<PagedPage*>(this));
        dialog.setWindowTitle(tr("Request trace"));
        dialog.setWindowModality(Qt::WindowModal);
        // A file of 8 MiB or more takes a second or so to read: the bar at once; a smaller one only if it drags.
        dialog.setMinimumDuration(!fileError && size >= (std::uintmax_t(8) << 20) ? 0 : 500);
        dialog.setAutoReset(false);
        dialog.setValue(0); // its clock starts here: shown once the reading looks to take over half a second
        struct Reading {
            std::optional<std::vector<kvscope::Request>> requests;
            QString error;
        };
        auto cancel = std::make_shared<std::atomic<bool>>(false);
        auto share = std::make_shared<std::atomic<int>>(0);
        QFutureWatcher<Reading> watcher;
        QEventLoop wait;
        connect(&watcher, &QFutureWatcher<Reading>::finished, &wait, &QEventLoop::quit);
        QTimer tick; // the bar follows the reading, and Stop (or cancel()) reaches it within a tick
        tick.setInterval(50);
        connect(&tick, &QTimer::timeout, &dialog, [&dialog, share, cancel] {
            if (dialog.wasCanceled())
                *cancel = true;
            else
                dialog.setValue(*share);
        });
        watcher.setFuture(QtConcurrent::run([spec, cancel, share]() -> Reading {
            try {
                return {kvscope::generateWorkload(spec,
                                                  [&](double fraction) {
                                                      *share = int(fraction * 1000);
                                                      return !*cancel;
                                                  }),
                        {}};
            } catch (const kvscope::Error& e) {
                return {std::nullopt, QString::fromUtf8(e.what())};
            }
        }));
        tick.start();
        if (!watcher.isFinished())
            wait.exec();
        tick.stop();
        Reading reading = watcher.result();
        if (!reading.error.isEmpty()) {
            *error = reading.error;
            return {};
        }
        std::optional<std::vector<kvscope::Request>>& read = reading.requests;
        if (!read) {
            *error = tr("The trace was not read: stopped. Choose it again to read it.");
            return {};
        }
        if (!fileError)
            m_traceCache = {spec.traceFile, modified, size, *read};
        return *read;
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
    config.prefixCache = m_prefixCache->isChecked();
    config.sampling = kvscope::SamplingMode(m_sampling->currentData().toInt());
    // The tiers in whole pools' worth of slots, only where they apply (a disk under a host tier, both under a
    // prefix cache): a control left set while its parent is off adds nothing.
    // A tier holds whole blocks: at least one, however small the share of a small pool.
    const auto tierSlots = [&](double pools) {
        return pools > 0 ? std::max<std::uint64_t>(std::uint64_t(std::llround(pools * double(config.poolSlots))),
                                                   config.blockSize)
                         : 0;
    };
    if (config.prefixCache && m_hostTier->value() > 0) {
        config.hostTierSlots = tierSlots(m_hostTier->value());
        config.diskTierSlots = tierSlots(m_diskTier->value());
    }
    return config;
}

kvscope::AllocatorKind PagedPage::contiguousKind() const {
    return kvscope::AllocatorKind(m_policy->currentData().toInt());
}

bool PagedPage::figureChosen() const {
    return m_workload->currentData().toString() == u"figure"_s;
}

void PagedPage::applyFigureSettings() {
    const QSignalBlocker a(m_pool), b(m_policy), c(m_maxModelLen), d(m_samples);
    m_policy->setCurrentIndex(m_policy->findData(int(kvscope::AllocatorKind::Max)));
    m_pool->setValue(kFigurePool);
    m_maxModelLen->setValue(2048);
    m_samples->setValue(1);
}

void PagedPage::workloadChosen() {
    const bool figure = figureChosen();
    if (figure && !m_inFigure) {
        m_beforeFigure =
            PoolSettings{m_pool->value(), m_policy->currentIndex(), m_maxModelLen->value(), m_samples->value()};
        applyFigureSettings();
    } else if (!figure && m_inFigure) {
        // Back to what was there before the figure, not the figure's small pool under a big trace.
        const PoolSettings s = m_beforeFigure.value_or(PoolSettings{});
        const QSignalBlocker a(m_pool), b(m_policy), c(m_maxModelLen), d(m_samples);
        m_pool->setValue(s.pool);
        m_policy->setCurrentIndex(s.policyIndex);
        m_maxModelLen->setValue(s.maxModelLen);
        m_samples->setValue(s.samples);
        m_beforeFigure.reset();
    }
    m_inFigure = figure;
    for (QWidget* w : {static_cast<QWidget*>(m_requests), static_cast<QWidget*>(m_rate), static_cast<QWidget*>(m_seed)})
        w->setEnabled(!figure); // the figure's two requests are fixed
    rebuild();
}

PagedPage::Settings PagedPage::settings() const {
    return {m_workload->currentData().toString(),
            m_requests->value(),
            m_pool->value(),
            m_samples->value(),
            m_seed->value(),
            m_maxModelLen->value(),
            m_blockSize->currentData().toInt(),
            m_rate->value(),
            m_policy->currentData().toInt(),
            m_placement->currentIndex(),
            m_speed->value(),
            showsWholeRun() && !m_quiz,
            m_prefixCache->isChecked(),
            m_sampling->currentIndex() == 1,
            m_hostTier->value(),
            m_diskTier->value()};
}

void PagedPage::applySettings(const Settings& s) {
    const QList<QObject*> controls{m_workload,    m_requests, m_rate,     m_policy,  m_placement,
                                   m_blockSize,   m_pool,     m_samples,  m_seed,    m_maxModelLen,
                                   m_prefixCache, m_sampling, m_hostTier, m_diskTier};
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QObject* control : controls)
        blockers.push_back(std::make_unique<QSignalBlocker>(control));
    if (m_workload->findData(s.workload) < 0)
        m_workload->addItem(s.workload, s.workload);
    m_workload->setCurrentIndex(m_workload->findData(s.workload));
    m_requests->setValue(s.requests);
    m_rate->setValue(s.rate);
    m_policy->setCurrentIndex(std::max(0, m_policy->findData(s.policy)));
    m_placement->setCurrentIndex(s.placement);
    if (m_blockSize->findData(s.blockSize) < 0)
        m_blockSize->addItem(QString::number(s.blockSize), s.blockSize);
    m_blockSize->setCurrentIndex(m_blockSize->findData(s.blockSize));
    m_pool->setValue(s.pool);
    m_samples->setValue(s.samples);
    m_seed->setValue(s.seed);
    m_maxModelLen->setValue(s.maxModelLen);
    m_speed->setValue(s.speed);
    m_prefixCache->setChecked(s.prefixCache);
    m_sampling->setCurrentIndex(s.beam ? 1 : 0);
    m_hostTier->setValue(s.hostTier);
    m_diskTier->setValue(s.diskTier);
    blockers.clear();
    enableTiers();
    m_inFigure = figureChosen();
    for (QWidget* w : {static_cast<QWidget*>(m_requests), static_cast<QWidget*>(m_rate), static_cast<QWidget*>(m_seed)})
        w->setEnabled(!m_inFigure);
    setShowWholeRun(s.wholeRun);
    rebuild();
}

void PagedPage::applyLessonSimulation(const kvscope::LessonSimulation& sim) {
    const QList<QObject*> controls{m_workload,  m_requests, m_rate,    m_policy, m_placement,
                                   m_blockSize, m_pool,     m_samples, m_seed,   m_maxModelLen};
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QObject* control : controls)
        blockers.push_back(std::make_unique<QSignalBlocker>(control));
    const QString workload = QString::fromStdString(sim.workload);
    if (m_workload->findData(workload) < 0)
        m_workload->addItem(workload, workload); // a teacher's fixed:P,O or uniform:... workload
    m_workload->setCurrentIndex(m_workload->findData(workload));
    m_requests->setValue(int(sim.requests));
    m_rate->setValue(0.0);
    m_policy->setCurrentIndex(m_policy->findData(int(sim.contiguous)));
    m_placement->setCurrentIndex(0);
    if (m_blockSize->findData(int(sim.blockSize)) < 0)
        m_blockSize->addItem(QString::number(sim.blockSize), int(sim.blockSize));
    m_blockSize->setCurrentIndex(m_blockSize->findData(int(sim.blockSize)));
    m_pool->setValue(int(sim.poolTokens));
    m_samples->setValue(1);
    const QSignalBlocker sampling(m_sampling), cache(m_prefixCache), host(m_hostTier),
        disk(m_diskTier); // a lesson's run shares nothing
    m_sampling->setCurrentIndex(0);
    m_prefixCache->setChecked(false);
    m_hostTier->setValue(0.0);
    m_diskTier->setValue(0.0);
    enableTiers();
    m_seed->setValue(int(std::min<std::uint64_t>(sim.seed, std::uint64_t(m_seed->maximum()))));
    m_maxModelLen->setValue(int(sim.maxModelLen));
    blockers.clear();
    // A lesson's run is never the paper's figure: its settings are the lesson's, not a restore.
    m_inFigure = false;
    m_beforeFigure.reset();
    for (QWidget* w : {static_cast<QWidget*>(m_requests), static_cast<QWidget*>(m_rate), static_cast<QWidget*>(m_seed)})
        w->setEnabled(true);
    rebuild();
}

void PagedPage::loadPaperFigure() {
    if (!figureChosen()) {
        m_workload->setCurrentIndex(m_workload->findData(u"figure"_s)); // workloadChosen() does the rest
        return;
    }
    applyFigureSettings();
    rebuild();
}

void PagedPage::chooseTraceFile() {
    const QString path = recoverDialogPath(QFileDialog::getOpenFileName(
        this, tr("Open a request trace"), QString(), tr("Request traces (*.csv *.jsonl *.json);;All files (*)")));
    if (!path.isEmpty())
        openTrace(path);
}

QString PagedPage::errorText() const {
    return m_error->text();
}

bool PagedPage::openTrace(const QString& path) {
    // The path is the combo's data, as kvscope-cli's --workload takes it; the item shows the file's name.
    if (m_workload->findData(path) < 0)
        m_workload->addItem(tr("Trace: %1").arg(QFileInfo(path).fileName()), path);
    const int before = m_workload->currentIndex();
    m_workload->setCurrentIndex(m_workload->findData(path)); // workloadChosen() rebuilds
    if (m_workload->currentIndex() == before)
        rebuild(); // the same file again: read it again, it may have changed
    return m_error->text().isEmpty();
}

void PagedPage::rebuild() {
    m_built = true;
    // A new run: the block table shown belongs to the old one.
    m_shownRequest = UINT32_MAX;
    m_requestInfo->clear();
    m_forkDiagram->clear();
    m_contiguousMap->setHighlight(UINT32_MAX);
    m_pagedMap->setHighlight(UINT32_MAX);
    QString error;
    m_trace = buildTrace(&error);
    m_contiguous.reset();
    m_paged.reset();
    m_timelineReady = false;
    m_timelineFailed = false;
    m_timelineStopped = false;
    m_timeline = {};
    dropTiming();
    m_pendingMoment.reset(); // a moment of the run that was asked for, not of this one
    ++m_generation;
    // The previous trace's background run is of no use any more, whether or not this trace starts
    // one of its own: tell it to stop, and stop showing its progress.
    if (m_runCancel)
        *m_runCancel = true;
    m_progressTimer->stop();
    m_stopRun->hide();
    fillMoments();
    if (error.isEmpty())
        error = makeSimulators();
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!m_contiguous) {
        setPlaying(false);
        m_contiguousMap->setMap({}, 1);
        m_pagedMap->setMap({}, 1);
        m_counters->clear();
        m_details->clear();
        m_seconds->clear();
        m_seconds->hide();
        updateCharts();
        return;
    }

    // The whole run, off the GUI thread (large traces take a while): the total and the teacher's full picture.
    kvscope::SimConfig config = baseConfig();
    config.recordSteps = true;
    const auto kind = contiguousKind();
    const auto trace = m_trace;
    m_runGeneration = m_generation;
    m_runCancel = std::make_shared<std::atomic<bool>>(false);
    m_runProgress = std::make_shared<std::atomic<int>>(0);
    m_timelineStopped = false;
    m_progressTimer->start();
    m_runClock.start();
    m_timelineWatcher.setFuture(
        QtConcurrent::run([config, kind, trace, cancel = m_runCancel, progress = m_runProgress]() mutable {
            Timeline t;
            // Progress in per mille over both runs; a stop request ends the run at its next report.
            const auto report = [&](int half) {
                return [&, half](double fraction) {
                    *progress = 500 * half + int(500 * fraction);
                    return !*cancel;
                };
            };
            try {
                config.allocator = kind;
                kvscope::KvSimulator contiguous(config, trace);
                if (!contiguous.run(report(0))) {
                    t.error = "stopped";
                    return t;
                }
                t.contiguous = contiguous.steps();
                t.contiguousSummary = contiguous.summary();
                config.allocator = kvscope::AllocatorKind::Paged;
                kvscope::KvSimulator paged(config, trace);
                if (!paged.run(report(1))) {
                    t.error = "stopped";
                    return t;
                }
                t.paged = paged.steps();
                t.pagedSummary = paged.summary();
            } catch (const kvscope::Error& e) {
                t.error = e.what();
            }
            return t;
        }));
    stepOnce(); // show the first step at once
}

QString PagedPage::makeSimulators() {
    m_contiguous.reset();
    m_paged.reset();
    m_position = 0;
    try {
        kvscope::SimConfig config = baseConfig();
        config.keepSlotMap = true;
        config.recordSteps = true; // the charts draw the steps replayed so far
        config.allocator = contiguousKind();
        m_contiguous = std::make_unique<kvscope::KvSimulator>(config, m_trace);
        config.allocator = kvscope::AllocatorKind::Paged;
        m_paged = std::make_unique<kvscope::KvSimulator>(config, m_trace);
    } catch (const kvscope::Error& e) {
        m_contiguous.reset();
        m_paged.reset();
        return QString::fromUtf8(e.what());
    }
    return {};
}

void PagedPage::fillMoments() {
    const QSignalBlocker block(m_moments);
    m_moments->clear();
    m_moments->addItem(tr("Jump to…"), 0ull);
    m_moments->setEnabled(m_timelineReady);
    if (!m_timelineReady)
        return;
    const auto add = [this](const std::vector<kvscope::StepStats>& steps, const QString& allocator) {
        for (const kvscope::RunMoment& m : kvscope::runMoments(steps)) {
            const qulonglong position = m.step + 1; // the steps replayed to stand at it
            QString what;
            switch (m.kind) {
            case kvscope::MomentKind::FirstWait:
                what = tr("%1: the first request left waiting (step %2)").arg(allocator).arg(position);
                break;
            case kvscope::MomentKind::FirstPreemption:
                what = tr("%1: the first preemption (step %2)").arg(allocator).arg(position);
                break;
            case kvscope::MomentKind::PeakBatch:
                what = tr("%1: the most requests running, %3 (step %2)").arg(allocator).arg(position).arg(m.value);
                break;
            case kvscope::MomentKind::Finished:
                what = tr("%1: every request finished (step %2)").arg(allocator).arg(position);
                break;
            }
            m_moments->addItem(what, position);
        }
    };
    add(m_timeline.contiguous, allocatorLabel(contiguousKind()));
    add(m_timeline.paged, allocatorLabel(kvscope::AllocatorKind::Paged));
}

void PagedPage::standAtMoment(const kvscope::LessonMoment& moment) {
    if (!m_timelineReady) {
        m_pendingMoment = moment;
        return;
    }
    for (const kvscope::RunMoment& m : kvscope::runMoments(moment.paged ? m_timeline.paged : m_timeline.contiguous))
        if (m.kind == moment.kind)
            return seek(m.step + 1); // the steps replayed to stand at it, as the "Jump to" list
}

void PagedPage::seek(std::uint64_t position) {
    if (!m_contiguous || !m_paged)
        return;
    setPlaying(false);
    const std::uint64_t total = totalSteps();
    position = std::max<std::uint64_t>(position, 1);
    if (total > 0)
        position = std::min(position, total);
    if (position == m_position)
        return;
    if (position < m_position) {
        // Back: the same trace replayed from the start to there (the run is deterministic).
        if (const QString error = makeSimulators(); !error.isEmpty()) {
            m_error->setText(error);
            m_error->show();
            return;
        }
    }
    advance(int(std::min<std::uint64_t>(position - m_position, std::uint64_t(std::numeric_limits<int>::max()))));
    redraw();
}

void PagedPage::stepBy(int delta) {
    const std::int64_t target = std::int64_t(m_position) + delta;
    seek(std::uint64_t(std::max<std::int64_t>(target, 1)));
}

void PagedPage::restart() {
    rebuild();
}

void PagedPage::advance(int steps) {
    try {
        for (int i = 0; i < steps; ++i) {
            const bool contiguousRuns = m_contiguous && !m_contiguous->finished();
            const bool pagedRuns = m_paged && !m_paged->finished();
            if (!contiguousRuns && !pagedRuns)
                break;
            if (contiguousRuns)
                m_contiguous->step();
            if (pagedRuns)
                m_paged->step();
            ++m_position;
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
    return m_counters->text() + u' ' + m_details->text();
}

void PagedPage::redraw() {
    if (!m_contiguous || !m_paged)
        return;
    {
        // The scrubber spans the whole run once it is known, else the steps replayed so far.
        const QSignalBlocker block(m_scrub);
        const std::uint64_t span = std::max<std::uint64_t>({totalSteps(), m_position, 1});
        const auto clampInt = [](std::uint64_t v) { return int(std::min<std::uint64_t>(v, INT_MAX)); };
        m_scrub->setRange(1, clampInt(span));
        m_scrub->setValue(clampInt(std::max<std::uint64_t>(m_position, 1)));
    }
    const kvscope::StepStats& c = m_contiguous->lastStep();
    const kvscope::StepStats& p = m_paged->lastStep();
    const std::uint64_t pool = m_contiguous->allocator().poolSlots();
    m_contiguousMap->setMap(m_contiguous->slotMap(), 1);
    m_pagedMap->setMap(m_paged->slotMap(), m_paged->blockSize());
    const QString placement = m_placement->currentIndex() == 1 ? tr("buddy") : tr("first fit");
    m_contiguousMap->setTitle(tr("Contiguous (%1, %2): %3 tokens · %4 running · %5 waiting")
                                  .arg(allocatorLabel(contiguousKind()), placement, percent(c.usage.tokenStates, pool))
                                  .arg(c.running)
                                  .arg(c.waiting));
    m_pagedMap->setTitle(tr("Paged, block %1: %2 tokens · %3 running · %4 waiting")
                             .arg(m_paged->blockSize())
                             .arg(percent(p.usage.tokenStates, pool))
                             .arg(p.running)
                             .arg(p.waiting));
    if (m_shownRequest != UINT32_MAX)
        showRequest(m_shownRequest); // its block table as it is now, not as it was when hovered
    else
        updateForkDiagram();
    updateCounters();
    updateCharts();
}

void PagedPage::updateCounters() {
    if (!m_contiguous || !m_paged)
        return;
    const std::uint64_t step = std::max(m_contiguous->lastStep().step, m_paged->lastStep().step) + 1;
    // The total needs the whole run, which the background simulates; until it is back, say so.
    const int perMille = m_runProgress ? m_runProgress->load() : 0;
    const QString total = m_timelineReady     ? QString::number(totalSteps())
                          : m_timelineStopped ? tr("– (the whole-run simulation was stopped)")
                          : m_timelineFailed  ? tr("– (this trace cannot finish: see the message below)")
                          : perMille > 0      ? tr("… (the whole run is still being simulated: %1)")
                                               .arg(QLocale().toString(perMille / 10.0, 'f', 1) + u'%')
                                         : tr("… (the whole run is still being simulated)");
    const kvscope::SimSummary c = m_contiguous->summary();
    const kvscope::SimSummary pagedSummary = m_paged->summary();
    // Each count names its server: "3 / 24 of 80" read as one fraction.
    m_counters->setText(tr("step <b>%1</b> / %2 &nbsp;·&nbsp; requests finished: contiguous <b>%3</b> of %5, "
                           "paged <b>%4</b> of %5")
                            .arg(step)
                            .arg(total)
                            .arg(c.requestsFinished)
                            .arg(pagedSummary.requestsFinished)
                            .arg(m_trace.size()));
    const kvscope::StepStats& p = m_paged->lastStep();
    QString details =
        tr("Paged: %1 preemptions · %2 blocks saved by sharing").arg(p.preemptions).arg(p.sharedBlocksSaved);
    if (m_paged->config().samples > 1)
        details += u' ' + tr("(memory saved: %1 now, %2 on average)")
                              .arg(QLocale().toString(100.0 * p.sharingSaving(), 'f', 1) + u'%',
                                   QLocale().toString(100.0 * pagedSummary.meanSharingSaving, 'f', 1) + u'%');
    if (c.requestsRejectedTooLong > 0 || c.requestsCapped > 0)
        details += u' ' + tr("· max model length: %1 requests rejected (prompt too long), %2 outputs cut")
                              .arg(c.requestsRejectedTooLong)
                              .arg(c.requestsCapped);
    if (c.requestsRejectedPool > 0 || pagedSummary.requestsRejectedPool > 0)
        details += u' ' + tr("· never fit the pool, rejected: contiguous %1, paged %2")
                              .arg(c.requestsRejectedPool)
                              .arg(pagedSummary.requestsRejectedPool);
    if (pagedSummary.prefixCache)
        details += u' ' + tr("· prefix cache: hit rate %1, %2 cached blocks free but kept")
                              .arg(QLocale().toString(100.0 * pagedSummary.prefixHitRate, 'f', 1) + u'%')
                              .arg(p.cachedFreeBlocks);
    if (pagedSummary.offloading)
        details += u' ' + tierText(pagedSummary, p);
    m_details->setText(details);
    const QString seconds = secondsText();
    m_seconds->setText(seconds);
    m_seconds->setVisible(!seconds.isEmpty());
}

void PagedPage::fillShareChart(ShareChart& chart, const std::vector<kvscope::StepStats>& steps, std::uint64_t current,
                               double xMax) {
    std::array<QList<QPointF>, kvscope::kShareBands.size()> upper;
    for (const std::size_t i : sampled(steps.size(), m_timelineReady ? std::size_t(totalSteps()) : steps.size())) {
        const auto edges = kvscope::stackedSharePercents(steps[i].usage);
        for (std::size_t b = 0; b < edges.size(); ++b)
            upper[b].append({double(steps[i].step), edges[b]});
    }
    for (std::size_t b = 0; b < upper.size(); ++b)
        chart.upper[b]->replace(upper[b]);
    if (steps.empty())
        chart.cursor->clear();
    else
        chart.cursor->replace(QList<QPointF>{{double(current), 0.0}, {double(current), 100.0}});
    setAxisEnd(chart.x, xMax, 4);
}

void PagedPage::updateCharts() {
    if (!m_contiguous || !m_paged) {
        for (ShareChart* c : {&m_contiguousShares, &m_pagedShares})
            fillShareChart(*c, {}, 0, 1);
        for (QLineSeries* s :
             {m_batch.contiguous, m_batch.paged, m_batch.contiguousMean, m_batch.pagedMean, m_batch.cursor})
            s->clear();
        return;
    }
    // Predict, then reveal: the live simulators' steps end at the current step; the background
    // run's go to the end and are drawn only when the teacher asks for them.
    const bool whole = showsWholeRun();
    const auto& contiguousSteps = whole ? m_timeline.contiguous : m_contiguous->steps();
    const auto& pagedSteps = whole ? m_timeline.paged : m_paged->steps();
    const std::uint64_t current = std::max(m_contiguous->lastStep().step, m_paged->lastStep().step);
    const double xMax =
        m_timelineReady ? double(std::max<std::uint64_t>(1, totalSteps())) : niceCeil(double(current + 1));
    fillShareChart(m_contiguousShares, contiguousSteps, current, xMax);
    fillShareChart(m_pagedShares, pagedSteps, current, xMax);

    // The batch, and its mean under load (over the steps where requests wait: the figure the lessons and the
    // paper compare; the drain at the end would pull it down) so far, or over the whole run, from core's summary.
    const kvscope::SimSummary& contiguousSummary = whole ? m_timeline.contiguousSummary : m_contiguous->summary();
    const kvscope::SimSummary& pagedSummary = whole ? m_timeline.pagedSummary : m_paged->summary();
    // Until a request has waited there is no load to speak of: the mean over the steps so far, said as such.
    const double contiguousMean = contiguousSummary.meanBatchUnderLoad();
    const double pagedMean = pagedSummary.meanBatchUnderLoad();
    double yMax = std::max(contiguousMean, pagedMean);
    const auto fillBatch = [&](QLineSeries* series, QLineSeries* mean, const std::vector<kvscope::StepStats>& steps,
                               double meanValue) {
        QList<QPointF> points;
        for (const std::size_t i : sampled(steps.size(), m_timelineReady ? std::size_t(totalSteps()) : steps.size())) {
            points.append({double(steps[i].step), double(steps[i].running)});
            yMax = std::max(yMax, double(steps[i].running));
        }
        series->replace(points);
        if (points.isEmpty())
            mean->clear();
        else
            mean->replace(QList<QPointF>{{0.0, meanValue}, {points.back().x(), meanValue}});
    };
    fillBatch(m_batch.contiguous, m_batch.contiguousMean, contiguousSteps, contiguousMean);
    fillBatch(m_batch.paged, m_batch.pagedMean, pagedSteps, pagedMean);
    m_batch.contiguous->setName(
        (contiguousSummary.underLoad() ? tr("contiguous: mean %1 under load") : tr("contiguous: mean %1"))
            .arg(contiguousMean, 0, 'f', 1));
    m_batch.paged->setName(
        (pagedSummary.underLoad() ? tr("paged: mean %1 under load") : tr("paged: mean %1")).arg(pagedMean, 0, 'f', 1));
    setAxisEnd(m_batch.y, std::max(4.0, yMax * 1.1), 3);
    m_batch.cursor->replace(QList<QPointF>{{double(current), 0.0}, {double(current), m_batch.y->max()}});
    setAxisEnd(m_batch.x, xMax, 4);
}

QString PagedPage::requestInfoText() const {
    return m_requestInfo->text();
}

void PagedPage::updateForkDiagram() {
    const bool sharing = m_paged && m_paged->config().samples > 1;
    m_forkDiagram->setVisible(sharing);
    if (!sharing)
        return;
    m_forkDiagram->setRows(int(m_paged->config().samples));
    std::uint32_t request = m_shownRequest;
    if (request == UINT32_MAX) {
        const std::vector<std::uint32_t> running = m_paged->runningRequests();
        if (running.empty()) {
            m_forkDiagram->clear();
            return;
        }
        request = running.front();
    }
    m_forkDiagram->setDiagram(kvscope::forkDiagram(m_paged->blockTables(), request, m_paged->blockSize()),
                              m_paged->config().sampling == kvscope::SamplingMode::Beam);
}

void PagedPage::showRequest(std::uint32_t request) {
    m_shownRequest = request;
    m_contiguousMap->setHighlight(request);
    m_pagedMap->setHighlight(request);
    updateForkDiagram();
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
        for (std::size_t i = 0; i < table.blocks.size(); ++i) {
            const QString entry = u"%1→%2"_s.arg(i).arg(table.blocks[i]);
            entries << (i < table.shared.size() && table.shared[i] ? u"<b>"_s + entry + u"</b>"_s : entry);
        }
        tables << (m_paged->config().sampling == kvscope::SamplingMode::Beam ? tr("beam %1: %2") : tr("sample %1: %2"))
                      .arg(table.sample)
                      .arg(entries.join(u", "_s));
    }
    m_requestInfo->setText(tr("<b>Request %1</b>: %2 prompt + %3 output tokens, %4 generated so far. "
                              "Block table (logical→physical): %5")
                               .arg(request)
                               .arg(r.promptLen)
                               .arg(r.outputLen)
                               .arg(m_paged->generated(request))
                               .arg(tables.isEmpty() ? tr("not in the paged pool now") : tables.join(u"; "_s)));
}
