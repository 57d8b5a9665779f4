#include "tierspage.h"

#include "chartstyle.h"
#include "error.h"
#include "gpus.h"
#include "kvtiers.h"
#include "memorymodel.h"
#include "pagelayout.h"
#include "roofline.h"
#include "scenariocontroller.h"
#include "servingreplay.h"
#include "units.h"
#include "viewtext.h"
#include "wraplabel.h"

#include <QChart>
#include <QChartView>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <string>

using namespace Qt::StringLiterals;

namespace {
// The chart's links: the host's and the drives' (the network links carry a hand-off, in the table and formulas).
bool drawn(const kvscope::HostLink& link) {
    return kvscope::kvLinkRole(link) != kvscope::KvLinkRole::Network;
}

// Okabe-Ito: the recompute in the text's colour, PCIe in blue and sky blue, the drives in orange and vermillion.
QColor linkColor(std::string_view id, const QPalette& palette) {
    if (id == "pcie4-x16")
        return {0x00, 0x72, 0xb2};
    if (id == "pcie5-x16")
        return {0x56, 0xb4, 0xe9};
    if (id == "nvme-gen4")
        return {0xd5, 0x5e, 0x00};
    if (id == "nvme-gen5")
        return {0xe6, 0x9f, 0x00};
    return chartstyle::isDark(palette) ? QColor(0xd0, 0xd0, 0xd0) : QColor(0x22, 0x22, 0x22);
}

QString linkName(std::string_view id) {
    if (id == "pcie4-x16")
        return TiersPage::tr("PCIe 4.0 x16");
    if (id == "pcie5-x16")
        return TiersPage::tr("PCIe 5.0 x16");
    if (id == "nvme-gen4")
        return TiersPage::tr("NVMe drive, PCIe 4.0 x4");
    if (id == "nvme-gen5")
        return TiersPage::tr("NVMe drive, PCIe 5.0 x4");
    if (id == "eth-100g")
        return TiersPage::tr("100 Gb Ethernet");
    if (id == "ib-ndr")
        return TiersPage::tr("InfiniBand NDR");
    if (id == "nvlink4")
        return TiersPage::tr("NVLink 4");
    return QString::fromUtf8(id.data(), qsizetype(id.size()));
}

// The chart's legend, short enough for one row of five lines.
QString legendName(std::string_view id) {
    if (id == "nvme-gen4")
        return TiersPage::tr("NVMe, PCIe 4.0");
    if (id == "nvme-gen5")
        return TiersPage::tr("NVMe, PCIe 5.0");
    return linkName(id);
}

QString roleName(kvscope::KvLinkRole role) {
    switch (role) {
    case kvscope::KvLinkRole::Host:
        return TiersPage::tr("host memory");
    case kvscope::KvLinkRole::Disk:
        return TiersPage::tr("local drive");
    case kvscope::KvLinkRole::Network:
        return TiersPage::tr("another server");
    }
    return {};
}

QString count(std::uint64_t n) {
    return QLocale().toString(qulonglong(n));
}

// "3.6", "1.04": two decimals near 1, where one would read "1.0 times as fast".
QString ratioText(double ratio) {
    return QLocale().toString(ratio, 'f', ratio < 1.1 ? 2 : 1);
}

// "1-269, 9,562-131,072", "always", "never": the lengths at which reloading is faster.
QString rangesText(const std::vector<kvscope::TokenRange>& ranges, std::uint64_t longest) {
    if (ranges.empty())
        return TiersPage::tr("never");
    if (ranges.size() == 1 && ranges[0] == kvscope::TokenRange{1, longest})
        return TiersPage::tr("always");
    QStringList parts;
    for (const kvscope::TokenRange& r : ranges)
        parts << TiersPage::tr("%1-%2").arg(count(r.first), count(r.last));
    return parts.join(TiersPage::tr(", "));
}

QTableWidget* makeTable(QWidget* parent, const QStringList& headers, const QString& name) {
    auto* table = new QTableWidget(parent);
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setAccessibleName(name);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed); // as wide as its columns, no grey beside them
    return table;
}

// `numbers`: the columns whose figures line up on the right.
void fill(QTableWidget* table, const QList<QStringList>& rows, std::initializer_list<int> numbers) {
    table->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r)
        for (int c = 0; c < int(rows[r].size()); ++c) {
            auto* item = new QTableWidgetItem(rows[r][c]);
            if (std::find(numbers.begin(), numbers.end(), c) != numbers.end())
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(r, c, item);
        }
    fitTableToRows(table);
}

} // namespace

const PageKind& TiersPage::kind() {
    static const PageKind kind{
        .id = u"tiers"_s,
        .title = QT_TRANSLATE_NOOP("Page", "KV tiers"),
        .quizFigures = {u"tiersFormulas"_s, u"tierLadder"_s, u"tierLinks"_s, u"tiersChart"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new TiersPage(controller, parent);
        },
    };
    return kind;
}

TiersPage::TiersPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_hostRatio(new QDoubleSpinBox(this))
    , m_diskGb(new QSpinBox(this))
    , m_unpriced(new WrapLabel(this))
    , m_formulas(new WrapLabel(this))
    , m_ladder(makeTable(this,
                         {tr("Tier"), tr("Size"), tr("Tokens"), tr("Requests\nof this length"), tr("Link to\nthe GPU"),
                          tr("One request\nback")},
                         tr("The tiers under the GPU and what each holds")))
    , m_links(makeTable(
          this,
          {tr("Link"), tr("To"), tr("Bandwidth"), tr("This\nrequest"), tr("Faster"), tr("Reload faster\nat (tokens)")},
          tr("Each link's time for this request against computing it again")))
    , m_view(new QChartView(new QChart, this))
    , m_x(new QLogValueAxis)
    , m_y(new QLogValueAxis)
    , m_request(new QLineSeries)
    , m_crossovers(new QScatterSeries) {
    setObjectName(kind().id);
    m_formulas->setObjectName(u"tiersFormulas"_s);
    m_ladder->setObjectName(u"tierLadder"_s);
    m_links->setObjectName(u"tierLinks"_s);
    m_view->setObjectName(u"tiersChart"_s);
    m_unpriced->setObjectName(u"tiersUnpriced"_s);
    m_formulas->setTextFormat(Qt::RichText);
    m_unpriced->setTextFormat(Qt::PlainText);
    m_unpriced->hide();

    m_hostRatio->setRange(0.25, 64.0);
    m_hostRatio->setDecimals(2);
    m_hostRatio->setSingleStep(0.5);
    m_hostRatio->setValue(kvscope::kHostPoolRatio);
    m_hostRatio->setSuffix(tr("× the GPU pool"));
    explain(m_hostRatio, tr("Host memory given to the KV cache, as a multiple of the GPU's KV pool"),
            tr("SGLang's hierarchical cache sizes its host pool this way (--hicache-ratio, default 2): evicted "
               "blocks wait in host memory instead of being dropped."));
    m_diskGb->setRange(0, 100'000);
    m_diskGb->setSingleStep(500);
    m_diskGb->setValue(1000);
    m_diskGb->setSuffix(tr(" GB"));
    m_diskGb->setSpecialValueText(tr("none"));
    explain(m_diskGb, tr("A local drive given to the KV cache, GB (decimal, as drives are sold); 0: none"),
            tr("The tier under host memory: an NVMe drive holds far more tokens, read back at a few GB/s."));

    explain(m_ladder, tr("Each tier's size, the tokens and requests it holds, and its way back to the GPU"),
            tr("Tokens: the tier's bytes over the model's K and V bytes per token. Requests: whole caches of the "
               "scenario's context. One request back: its cache over the tier's link at the link's line rate."));
    explain(m_links, tr("Each link's time for this request's cache against computing it again"),
            tr("Reload: the cache's bytes over the link's line rate (PCI-SIG, IEEE 802.3, NVIDIA data sheets). The "
               "network links carry the hand-off of prefill/decode disaggregation. Recompute: a prefill of the "
               "request's tokens on the GPU's data-sheet roofline."));
    explain(m_view, tr("Time to bring a request's cache back against its length, per link, and to compute it again"),
            tr("Both axes are logarithmic. Reloading grows with the bytes, straight up the chart; computing again "
               "reads the weights once for a short cache and grows with FLOPs, quadratically at long contexts. A "
               "dot marks where a link's line crosses the recompute's: the faster of the two changes there."));

    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(300);
    m_view->setAccessibleName(tr("Reload against recompute along the context"));
    QChart* chart = m_view->chart();
    chartstyle::apply(chart, QString());
    m_x->setBase(4);
    m_x->setLabelFormat(u"%.0f"_s);
    m_x->setTitleText(tr("request's cache, tokens (log scale)"));
    m_y->setBase(10);
    m_y->setLabelFormat(u"%g"_s);
    m_y->setTitleText(tr("time, ms (log scale)"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    const auto addSeries = [&](QAbstractSeries* series) {
        chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    };
    auto* recompute = new QLineSeries;
    recompute->setName(tr("compute again"));
    m_lines << recompute;
    addSeries(recompute);
    for (const kvscope::HostLink& link : kvscope::kvLinks())
        if (drawn(link)) {
            auto* line = new QLineSeries;
            line->setName(legendName(link.id));
            m_lines << line;
            addSeries(line);
        }
    m_crossovers->setName(tr("the faster changes"));
    m_crossovers->setMarkerSize(11);
    addSeries(m_crossovers);
    addSeries(m_request);

    // Two small fields as wide as their text: a row of their own, the rest of it empty.
    auto* fields = new QHBoxLayout;
    auto* hostLabel = new QLabel(tr("H&ost memory"), this);
    auto* diskLabel = new QLabel(tr("Local &drive"), this);
    hostLabel->setBuddy(m_hostRatio);
    diskLabel->setBuddy(m_diskGb);
    fields->addWidget(hostLabel);
    fields->addWidget(m_hostRatio);
    fields->addSpacing(24);
    fields->addWidget(diskLabel);
    fields->addWidget(m_diskGb);
    fields->addStretch(1);

    auto* layout = scrollingColumn(this);
    layout->addLayout(fields);
    layout->addWidget(m_unpriced);
    layout->addWidget(m_formulas);
    layout->addWidget(m_ladder);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_links);

    connect(m_hostRatio, &QDoubleSpinBox::valueChanged, this, &TiersPage::scenarioChanged);
    connect(m_diskGb, &QSpinBox::valueChanged, this, &TiersPage::scenarioChanged);
    connect(controller, &ScenarioController::scenarioChanged, this, &TiersPage::scenarioChanged);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        chartstyle::restyle(m_view->chart());
        m_view->setMinimumHeight(chartstyle::presenter() ? 460 : 300);
        scenarioChanged();
    });
}

void TiersPage::changeEvent(QEvent* event) {
    Page::changeEvent(event);
    // Presenter type reaches the tables after their last fill: their columns and rows follow it (cut to "GP..."
    // before). Queued: the children take the new font in the same call, after this one.
    if (event->type() == QEvent::FontChange)
        QMetaObject::invokeMethod(
            this,
            [this] {
                fitTableToRows(m_ladder);
                fitTableToRows(m_links);
            },
            Qt::QueuedConnection);
}

QWidget* TiersPage::exportedChart() const {
    return m_view;
}

double TiersPage::hostRatio() const {
    return m_hostRatio->value();
}

void TiersPage::setHostRatio(double ratio) {
    m_hostRatio->setValue(ratio);
}

int TiersPage::diskGb() const {
    return m_diskGb->value();
}

void TiersPage::setDiskGb(int gigabytes) {
    m_diskGb->setValue(gigabytes);
}

QString TiersPage::formulasText() const {
    return m_unpriced->isHidden() ? m_formulas->text() : QString();
}

QString TiersPage::unpricedText() const {
    return m_unpriced->isHidden() ? QString() : m_unpriced->text();
}

void TiersPage::showUnpriced(const QString& why) {
    m_unpriced->setText(why);
    m_unpriced->show();
    m_formulas->clear();
    for (QWidget* w : {static_cast<QWidget*>(m_formulas), static_cast<QWidget*>(m_ladder),
                       static_cast<QWidget*>(m_links), static_cast<QWidget*>(m_view)})
        w->hide();
}

void TiersPage::restyle() {
    const QPalette& p = palette();
    const QColor text = linkColor({}, p);
    m_lines[0]->setPen(QPen(text, chartstyle::lineWidth(3.5)));
    int i = 1;
    for (const kvscope::HostLink& link : kvscope::kvLinks())
        if (drawn(link)) {
            const bool drive = kvscope::kvLinkRole(link) == kvscope::KvLinkRole::Disk;
            m_lines[i++]->setPen(
                QPen(linkColor(link.id, p), chartstyle::lineWidth(2.5), drive ? Qt::DashLine : Qt::SolidLine));
        }
    m_crossovers->setColor(text);
    m_crossovers->setBorderColor(p.color(QPalette::Base));
    m_request->setPen(QPen(chartstyle::budget(), chartstyle::lineWidth(2), Qt::DotLine));
}

void TiersPage::refresh() {
    namespace kv = kvscope;
    const kv::Scenario& s = m_controller->scenario();
    QString why;
    switch (kv::servingUnpriced(s)) {
    case kv::ServingUnpriced::TensorParallel:
        why = tr("The tiers are priced for one GPU's cache: with tensor parallelism each of the %1 GPUs holds part of "
                 "every token, and their traffic is not modelled here yet. Set tensor parallelism to 1.")
                  .arg(s.tensorParallel);
        break;
    case kv::ServingUnpriced::StoredWeights:
        why = tr("Computing a cache again reads the weights in one dtype: choose one for the weights rather than as "
                 "the checkpoint stores them.");
        break;
    case kv::ServingUnpriced::NoDataSheet:
        why = tr("This GPU has no data-sheet bandwidth and peak, so computing a cache again has no time: choose a GPU "
                 "preset that has them (A100, H100, L4, RTX 4090 ...).");
        break;
    case kv::ServingUnpriced::NoPool:
        why = tr("The weights leave no memory for a KV pool on this GPU: no cache is held, so none is evicted or read "
                 "back. Choose a larger GPU or smaller weights.");
        break;
    case kv::ServingUnpriced::None:
    case kv::ServingUnpriced::PoolTooLarge:
        break;
    }
    switch (kv::tierRefusal(s.model, s.kvDtype)) {
    case kv::TierRefusal::SequenceState:
        why = tr("%1 keeps a per-sequence state (state-space, linear or cross attention) beside or instead of K and "
                 "V a token: moving that state between tiers is not modelled yet, so nothing here is priced.")
                  .arg(QString::fromStdString(s.model.displayName));
        break;
    case kv::TierRefusal::NoKv:
        why = tr("%1 caches no K and V per token: there is nothing to move between tiers.")
                  .arg(QString::fromStdString(s.model.displayName));
        break;
    case kv::TierRefusal::None:
        break;
    }
    if (!why.isEmpty())
        return showUnpriced(why);
    m_unpriced->hide();
    for (QWidget* w : {static_cast<QWidget*>(m_formulas), static_cast<QWidget*>(m_ladder),
                       static_cast<QWidget*>(m_links), static_cast<QWidget*>(m_view)})
        w->show();
    restyle();

    const kv::GpuPreset& gpu = kv::findGpuPreset(s.gpuId);
    const kv::roofline::Roof roof = *kv::roofline::dataSheetRoof(gpu);
    const kv::roofline::StepPricer pricer(s.model, s.weightDtype, s.kvDtype);
    const std::uint64_t perToken = pricer.kvBytesPerToken();
    const std::uint64_t tokens = std::max<std::uint64_t>(s.context, 1);
    const std::uint64_t longest = kv::tierHorizon(s.model, tokens);
    const kv::Capacity cap = kv::capacity(s);
    const kv::KvTier pool = kv::kvTier(cap.kvMemoryBytes, perToken);
    const kv::KvTier host = kv::hostTierByRatio(cap.kvMemoryBytes, m_hostRatio->value(), perToken);
    const bool hasDisk = m_diskGb->value() > 0; // (an optional here warned "may be used uninitialized" in GCC 12)
    const kv::KvTier disk = kv::diskTier(std::uint64_t(m_diskGb->value()), perToken);

    struct LinkRow {
        const kv::HostLink* link;
        kv::ReloadOrRecompute cost;
        kv::ReloadCurve curve;
    };
    std::vector<LinkRow> rows;
    for (const kv::HostLink& link : kv::kvLinks())
        rows.push_back({&link, kv::reloadOrRecompute(pricer, roof, tokens, link.bandwidth),
                        kv::reloadCurve(pricer, roof, link.bandwidth, longest)});
    const kv::ReloadOrRecompute& request = rows.front().cost;
    const auto rowOf = [&](std::string_view id) -> const LinkRow& {
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const LinkRow& r) { return r.link->id == id; });
        if (row == rows.end())
            throw kv::Error("the tiers page: no link " + std::string(id) + " among core's kvLinks()");
        return *row;
    };
    const QString gpuName = QString::fromStdString(gpu.name);

    // The formulas with the scenario's numbers, in decimal bytes as the links' rates are: "524.3 MB ÷ 31.5 GB/s"
    // reads as the division it is (500.00 MiB over GB/s did not).
    const QString size = viewtext::rate(double(request.bytes), u"B"_s);
    QStringList lines;
    if (const kv::KvGrowth growth = kv::kvGrowth(s.model, s.kvDtype); growth.windowedLayers > 0)
        lines << tr("<b>A request's cache:</b> %1 tokens = %2: %3 of its %4 layers keep only their last %5 tokens")
                     .arg(count(tokens), size)
                     .arg(growth.windowedLayers)
                     .arg(growth.windowedLayers + growth.fullLayers)
                     .arg(count(growth.windowTokens));
    else
        lines
            << tr("<b>A request's cache:</b> %1 tokens × %2 B a token = %3").arg(count(tokens), count(perToken), size);
    // Host memory over either PCIe generation, a drive over its slower link when there is one.
    for (const auto& [id, other] : {std::pair{"pcie4-x16", "pcie5-x16"}, {"nvme-gen4", "nvme-gen5"}}) {
        const LinkRow& row = rowOf(id);
        const LinkRow& faster = rowOf(other);
        if (kv::kvLinkRole(*row.link) == kv::KvLinkRole::Disk && !hasDisk)
            continue;
        lines << tr("<b>Reload from %1:</b> %2 ÷ %3 (%4) = %5; over %6, %7")
                     .arg(roleName(kv::kvLinkRole(*row.link)), size, viewtext::rate(row.link->bandwidth, u"B/s"_s),
                          linkName(id), viewtext::duration(row.cost.reloadSeconds), linkName(other),
                          viewtext::duration(faster.cost.reloadSeconds));
    }
    const kv::roofline::Reading& again = request.recompute;
    lines
        << tr("<b>Compute it again</b> (a prefill of %1 tokens on the %2's data sheet, its dense BF16 peak): max(%3 ÷ "
              "%4, %5 ÷ %6) = max(%7, %8) = %9, %10")
               .arg(count(tokens), gpuName, viewtext::rate(double(request.recomputeWork.bytes), u"B"_s),
                    viewtext::rate(roof.bandwidth, u"B/s"_s),
                    viewtext::rate(double(request.recomputeWork.flops), u"FLOP"_s),
                    viewtext::rate(roof.peakFlops, u"FLOP/s"_s), viewtext::duration(again.memorySeconds),
                    viewtext::duration(again.computeSeconds), viewtext::duration(again.lowerBoundSeconds))
               .arg(again.bound == kv::roofline::Bound::Memory ? tr("memory-bound") : tr("compute-bound"));
    const LinkRow& ib = rowOf("ib-ndr");
    const LinkRow& eth = rowOf("eth-100g");
    lines << tr("<b>Hand-off</b> (the prompt computed on one server, decoded on another): %1 ÷ %2 (%3) = %4; over "
                "%5, %6")
                 .arg(size, viewtext::rate(ib.link->bandwidth, u"B/s"_s), linkName(ib.link->id),
                      viewtext::duration(ib.cost.reloadSeconds), linkName(eth.link->id),
                      viewtext::duration(eth.cost.reloadSeconds));
    // Which is faster from host memory, over each PCIe generation, and by how much.
    QStringList verdicts;
    for (const std::string_view id : {"pcie4-x16", "pcie5-x16"}) {
        const LinkRow& row = rowOf(id);
        verdicts << (row.cost.reloadFaster() ? tr("over %1 reading it back is %2 times as fast as computing it again")
                                                   .arg(linkName(id), ratioText(row.cost.reloadSpeedup()))
                                             : tr("over %1 computing it again is %2 times as fast as reading it back")
                                                   .arg(linkName(id), ratioText(row.cost.recomputeSpeedup())));
    }
    lines << tr("From host memory: %1.").arg(verdicts.join(tr("; ")));
    lines << tr("<i>Lower bounds: each link at its line rate (a drive or a network stack reads less), the prefill at "
                "its roofline time; the copy's overlap with compute is left out.</i>");
    m_formulas->setText(lines.join(u"<br>"_s));

    // The tier ladder.
    const auto linkTimes = [&](kv::KvLinkRole role) {
        QStringList names, times;
        for (const LinkRow& row : rows)
            if (kv::kvLinkRole(*row.link) == role) {
                names << linkName(row.link->id);
                times << viewtext::duration(row.cost.reloadSeconds);
            }
        return std::pair{names.join(u"\n"_s), times.join(u"\n"_s)};
    };
    QList<QStringList> ladder;
    ladder << QStringList{tr("GPU KV pool"),
                          viewtext::size(pool.bytes),
                          count(cap.tokens), // whole blocks, as vLLM reports the pool
                          count(pool.requestsOf(request.bytes)),
                          tr("GPU memory, %1").arg(viewtext::rate(roof.bandwidth, u"B/s"_s)),
                          tr("in place")};
    const auto [hostNames, hostTimes] = linkTimes(kv::KvLinkRole::Host);
    ladder << QStringList{tr("Host memory"),  viewtext::size(host.bytes),
                          count(host.tokens), count(host.requestsOf(request.bytes)),
                          hostNames,          hostTimes};
    if (hasDisk) {
        const auto [diskNames, diskTimes] = linkTimes(kv::KvLinkRole::Disk);
        ladder << QStringList{tr("Local drive"),  viewtext::size(disk.bytes),
                              count(disk.tokens), count(disk.requestsOf(request.bytes)),
                              diskNames,          diskTimes};
    }
    fill(m_ladder, ladder, {1, 2, 3, 5});

    // Every link, the network's too.
    QList<QStringList> links;
    for (const LinkRow& row : rows)
        links << QStringList{linkName(row.link->id),
                             roleName(kv::kvLinkRole(*row.link)),
                             viewtext::rate(row.link->bandwidth, u"B/s"_s),
                             viewtext::duration(row.cost.reloadSeconds),
                             row.cost.reloadFaster() ? tr("reload") : tr("compute again"),
                             rangesText(kv::reloadFasterRanges(row.curve, longest), longest)};
    links << QStringList{tr("Compute again"), gpuName,  QString(), viewtext::duration(again.lowerBoundSeconds),
                         QString(),           QString()};
    fill(m_links, links, {2, 3});

    // The chart: core's lengths for the drawn links' curves (powers of two, the request's, each crossing).
    std::vector<kv::ReloadCurve> curves;
    for (const LinkRow& row : rows)
        if (drawn(*row.link))
            curves.push_back(row.curve);
    const std::vector<std::uint64_t> lengths = kv::tierChartLengths(curves, tokens, longest);
    const auto ms = [](double seconds) { return 1000.0 * seconds; };
    QList<QList<QPointF>> points(m_lines.size());
    double low = ms(again.lowerBoundSeconds), high = low;
    for (const std::uint64_t n : lengths) {
        int i = 1;
        for (const LinkRow& row : rows)
            if (drawn(*row.link)) {
                const kv::ReloadOrRecompute at = kv::reloadOrRecompute(pricer, roof, n, row.link->bandwidth);
                if (i == 1)
                    points[0].append({double(n), ms(at.recompute.lowerBoundSeconds)});
                points[i++].append({double(n), ms(at.reloadSeconds)});
            }
    }
    for (const QList<QPointF>& line : points)
        for (const QPointF& p : line) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
    for (int i = 0; i < int(m_lines.size()); ++i)
        m_lines[i]->replace(points[i]);
    QList<QPointF> dots;
    QStringList spoken;
    for (const LinkRow& row : rows)
        if (drawn(*row.link))
            for (const kv::TierCrossover& change : row.curve.changes) {
                const kv::ReloadOrRecompute at =
                    kv::reloadOrRecompute(pricer, roof, change.tokens, row.link->bandwidth);
                dots.append({double(change.tokens), ms(at.recompute.lowerBoundSeconds)});
                spoken << tr("%1: %2 from %3 tokens")
                              .arg(linkName(row.link->id),
                                   change.reloadFaster ? tr("reload faster") : tr("compute again faster"),
                                   count(change.tokens));
            }
    m_crossovers->replace(dots);
    const double bottom = std::pow(10.0, std::floor(std::log10(low)));
    const double top = std::pow(10.0, std::ceil(std::log10(high)));
    m_request->replace({{double(tokens), bottom}, {double(tokens), top}});
    m_request->setName(tr("this request"));
    chartstyle::setLogRange(m_x, 1.0, double(longest));
    chartstyle::setLogRange(m_y, bottom, top);
    const QString title =
        tr("%1 on the %2: reload or compute again").arg(QString::fromStdString(s.model.displayName), gpuName);
    if (m_view->chart()->title() != title)
        m_view->chart()->setTitle(title);
    m_view->setAccessibleDescription(spoken.isEmpty() ? tr("No link's line crosses the recompute's.")
                                                      : spoken.join(u"; "_s));
}
