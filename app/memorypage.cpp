#include "memorypage.h"

#include "breakdownmodel.h"
#include "chartstyle.h"
#include "draftmapview.h"
#include "emphasisdelegate.h"
#include "gpus.h"
#include "memorychart.h"
#include "modelruletext.h"
#include "roofline.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "sweep.h"
#include "viewhtml.h"
#include "viewtext.h"
#include "wraplabel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
// The weight chart: the course's table (FP32, BF16, INT8, plain INT4), then INT4 as real
// quantized files store it, with one FP16 scale per 128 weights (4.125 bits).
const std::vector<kvscope::DType>& weightChartDtypes() {
    static const std::vector<kvscope::DType> dtypes{kvscope::DType::fp32(), kvscope::DType::bf16(),
                                                    kvscope::DType::int8(), kvscope::DType::int4(),
                                                    kvscope::DType::quantized(kvscope::DTypeKind::INT4, 128)};
    return dtypes;
}
} // namespace

const PageKind& MemoryPage::kind() {
    static const PageKind kind{
        .id = u"memory"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Memory"),
        .quizFigures = {u"verdict"_s, u"kvFormula"_s, u"breakdown"_s, u"capacity"_s, u"memoryChart"_s,
                        u"weightsChart"_s, u"speculation"_s, u"draftMapCaption"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new MemoryPage(controller, parent);
        },
    };
    return kind;
}

MemoryPage::MemoryPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_breakdown(new BreakdownModel(this))
    , m_chart(new MemoryChart(this))
    , m_axis(new QComboBox(this))
    , m_lockAxis(new QCheckBox(tr("Lock scale"), this))
    , m_unit(new QComboBox(this))
    , m_verdict(new WrapLabel(this))
    , m_verdictNote(new WrapLabel(this))
    , m_capacity(new WrapLabel(this))
    , m_formula(new WrapLabel(this))
    , m_formulaLegend(new WrapLabel(this))
    , m_tpot(new WrapLabel(this))
    , m_speculation(new WrapLabel(this))
    , m_speculationBox(new QGroupBox(tr("Speculative decoding"), this))
    , m_draftMap(new DraftMapView(this))
    , m_modelRule(new WrapLabel(this))
    , m_table(new QTableView(this))
    , m_weightsView(new QChartView(new QChart, this))
    , m_weightsSet(new QBarSet(tr("Weights"))) {
    setObjectName(kind().id);
    m_chart->setObjectName(u"memoryChart"_s);
    m_verdict->setObjectName(u"verdict"_s);
    m_capacity->setObjectName(u"capacity"_s);
    m_formula->setObjectName(u"kvFormula"_s);
    m_table->setObjectName(u"breakdown"_s);
    m_weightsView->setObjectName(u"weightsChart"_s);
    // Names a screen reader says (the descriptions are the tooltips, and the charts' figures).
    m_table->setAccessibleName(tr("Breakdown (per GPU)"));
    m_weightsView->setAccessibleName(tr("Weights alone by dtype"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_capacity->setTextFormat(Qt::RichText);
    m_capacity->setWordWrap(true);
    m_capacity->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_modelRule->setObjectName(u"modelRule"_s);
    m_modelRule->setTextFormat(Qt::RichText);
    m_modelRule->setWordWrap(true);
    m_modelRule->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_modelRule->setToolTip(tr("How KV Scope read the imported config.json: the family rule that gave the KV heads"));
    m_modelRule->setWhatsThis(tr("Each model family names its attention layout differently (num_key_value_heads, "
                                 "multi_query, multi_query_group_num, new_decoder_architecture...). This line says "
                                 "which rule decided the KV heads, which layers cache per token, and which keys "
                                 "KV Scope did not use."));
    m_modelRule->hide();
    m_tpot->setObjectName(u"tpotBound"_s);
    m_tpot->setTextFormat(Qt::RichText);
    m_tpot->setWordWrap(true);
    m_tpot->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tpot->setToolTip(tr("The fastest a decode step can be on this GPU's data sheet: max(bytes / bandwidth, FLOPs / "
                          "peak)"));
    m_tpot->setWhatsThis(tr("One decode step reads every weight it multiplies once (an untied embedding table is only "
                            "looked up) and the whole KV cache of every sequence, and "
                            "computes about two FLOPs per weight per sequence. Divided by the data sheet's memory "
                            "bandwidth and peak FLOP/s, the larger time is a lower bound on the time per output "
                            "token: kernel launches, element-wise work and activations only add to it. The Roofline "
                            "page measures the same on this machine."));
    m_speculation->setObjectName(u"speculation"_s);
    m_speculation->setTextFormat(Qt::RichText);
    m_speculation->setWordWrap(true);
    m_speculation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_speculation->setToolTip(tr("What the drafter adds to memory, and the speedup its acceptance rate gives on the "
                                 "data sheet's roofline"));
    m_speculation->setWhatsThis(
        tr("Each step the model checks k draft tokens in one pass. A token is kept when it and every draft before it "
           "were accepted, and the model adds one of its own, so a step keeps (1 - a^(k+1)) / (1 - a) tokens on "
           "average. The pass costs about one plain step while decoding is memory-bound (the weights are read once "
           "for all k + 1 tokens) and about k + 1 steps once it is compute-bound: speculation pays at small batches "
           "and costs at large ones."));
    m_formula->setTextFormat(Qt::RichText);
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdictNote->setObjectName(u"verdictNote"_s);
    m_verdictNote->setTextFormat(Qt::RichText);
    m_formulaLegend->setObjectName(u"kvFormulaLegend"_s);
    m_formulaLegend->setTextFormat(Qt::RichText);
    m_formulaLegend->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_axis->setToolTip(tr("One bar per context length, or per batch"));
    m_axis->setWhatsThis(tr("By context: the same batch at 2K, 8K and 32K tokens (and the current context). By "
                            "batch: the same context at batch 1, 8 and 32 (and the current batch)."));
    m_unit->setToolTip(tr("GiB (1024³ bytes) as nvidia-smi and PyTorch count, or GB (10⁹ bytes) as cards are sold"));
    m_lockAxis->setWhatsThis(tr("While locked the value axis keeps its top when bars shrink, so halving the batch "
                                "visibly halves the cache; it still grows when a bar would be cut."));
    m_lockAxis->setToolTip(tr("Keep the scale while you compare: the axis grows when a bar would be cut, never "
                              "shrinks"));
    m_verdict->setToolTip(tr("Weights + KV cache + estimates, against the budget (card x utilization)"));
    m_verdict->setWhatsThis(tr("The verdict compares the sum of the four terms with the budget line. It is not an "
                               "out-of-memory guarantee: the allocator's reserve, fragmentation and other processes "
                               "are not in the sum, so a computed 23 GiB can still fail on a 24 GiB card."));
    m_formula->setToolTip(tr("The KV cache formula with this scenario's numbers put in"));
    m_formula->setWhatsThis(tr("KV bytes = 2 x L x B x S x H_kv x D_head x bytes per element. The 2 is one K and one "
                               "V per token; each symbol has the colour of the number put in for it."));
    m_chart->setToolTip(tr("Stacked memory per GPU for each context (or batch); hover a bar for every term"));
    m_chart->setWhatsThis(tr("Each bar stacks the weights (loaded once), the KV cache (grows with every token of "
                             "every request) and the estimated activations and CUDA context, against the whole card "
                             "(dotted) and the budget the server may use (dashed)."));
    m_table->setToolTip(tr("Every term in bytes; hover a row for how it is computed"));
    m_table->setWhatsThis(tr("The figures behind the bars, per GPU. Activations and the CUDA context are estimates; "
                             "what nvidia-smi shows is larger still: it adds the allocator's cached blocks and the "
                             "CUDA context of every process."));
    m_capacity->setToolTip(tr("What vLLM prints at start-up for this scenario"));
    m_capacity->setWhatsThis(tr("vLLM gives the cache what is left of memory x utilization after weights, activations "
                                "and non-torch memory, in whole blocks of 16 tokens: tokens = blocks x 16; "
                                "concurrency = tokens / tokens per request."));
    m_weightsView->setToolTip(tr("The same parameters stored in each format: bytes = parameters x bits / 8"));
    m_weightsView->setWhatsThis(tr("Weights alone in FP32, BF16, INT8 and INT4, and INT4 with one FP16 scale per 128 "
                                   "weights (4.125 bits) as real quantized files store it. The chosen format is "
                                   "darker and marked (now)."));

    m_axis->addItem(tr("Bars by context"));
    m_axis->addItem(tr("Bars by batch"));
    m_unit->addItem(tr("GiB (1024³)"));
    m_unit->addItem(tr("GB (10⁹)"));
    m_unit->setCurrentIndex(Settings::instance()->sizeUnit() == kvscope::SizeUnit::Decimal ? 1 : 0);
    m_breakdown->setUnit(Settings::instance()->sizeUnit());

    m_table->setModel(m_breakdown);
    m_table->setItemDelegate(new EmphasisDelegate(m_table)); // the total and the budget in bold
    m_table->hideColumn(BreakdownModel::Source);             // shown as each row's tooltip
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setTabKeyNavigation(false); // Tab leaves the table instead of walking its cells

    // Weights alone in four formats, the current one highlighted.
    QChart* weights = m_weightsView->chart();
    chartstyle::apply(weights, tr("Weights alone by dtype"));
    auto* weightsSeries = new QBarSeries;
    m_weightsSet->setColor(chartstyle::weights().lighter(135));
    m_weightsSet->setSelectedColor(chartstyle::weights().darker(140)); // the chosen format: darker and "(now)"
    m_weightsSet->setLabelColor(palette().color(QPalette::Text));      // outside the bars, on the chart's background
    weightsSeries->append(m_weightsSet);
    weightsSeries->setLabelsVisible(true);
    weightsSeries->setLabelsFormat(u"@value"_s);
    weightsSeries->setLabelsPrecision(6); // the values are rounded to 0.01 GiB: 26.08, 13.04, 6.52, 3.26
    weightsSeries->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    weights->addSeries(weightsSeries);
    auto* weightsX = new QBarCategoryAxis;
    auto* weightsY = new QValueAxis;
    weightsY->setTitleText(viewtext::unitName());
    weights->addAxis(weightsX, Qt::AlignBottom);
    weights->addAxis(weightsY, Qt::AlignLeft);
    weightsSeries->attachAxis(weightsX);
    weightsSeries->attachAxis(weightsY);
    weights->legend()->hide();
    m_weightsView->setRenderHint(QPainter::Antialiasing);
    m_weightsView->setMinimumHeight(200);

    auto* left = new QVBoxLayout;
    auto* chartControls = new QHBoxLayout;
    chartControls->addWidget(m_axis);
    chartControls->addWidget(m_lockAxis);
    chartControls->addStretch(1);
    // The verdict and its note read as one paragraph; the note is a label of its own because it
    // stays the same while the verdict changes with every slider step (a rich-text label is laid
    // out again, all of it, whenever its text changes).
    auto* verdictBlock = new QVBoxLayout;
    verdictBlock->setSpacing(0);
    verdictBlock->addWidget(m_verdict);
    verdictBlock->addWidget(m_verdictNote);
    left->addLayout(verdictBlock);
    left->addWidget(m_modelRule);
    left->addLayout(chartControls);
    left->addWidget(m_chart, 1);

    auto* right = new QVBoxLayout;
    auto* formulaBox = new QGroupBox(tr("KV cache formula, with this scenario's numbers"), this);
    auto* formulaLayout = new QVBoxLayout(formulaBox);
    formulaLayout->setSpacing(12); // room for a lesson's ring around the formula, outside its text
    formulaLayout->addWidget(m_formula);
    formulaLayout->addWidget(m_formulaLegend);
    right->addWidget(formulaBox);
    auto* tableBox = new QGroupBox(tr("Breakdown (per GPU)"), this);
    auto* tableLayout = new QVBoxLayout(tableBox);
    auto* unitRow = new QHBoxLayout;
    unitRow->addStretch(1);
    unitRow->addWidget(m_unit);
    tableLayout->addLayout(unitRow);
    tableLayout->addWidget(m_table);
    right->addWidget(tableBox);
    auto* capacityBox = new QGroupBox(tr("Capacity, as vLLM reports it"), this);
    (new QVBoxLayout(capacityBox))->addWidget(m_capacity);
    right->addWidget(capacityBox);
    auto* tpotBox = new QGroupBox(tr("Time per output token (lower bound)"), this);
    (new QVBoxLayout(tpotBox))->addWidget(m_tpot);
    right->addWidget(tpotBox);
    auto* speculationLayout = new QVBoxLayout(m_speculationBox);
    speculationLayout->addWidget(m_speculation);
    speculationLayout->addWidget(m_draftMap);
    m_speculationBox->setVisible(false);
    right->addWidget(m_speculationBox);
    right->addWidget(m_weightsView, 1);

    m_table->resizeColumnsToContents();
    // The figures beside the chart scroll when large type needs more height than a
    // projector has; nothing is cut.
    auto* rightWidget = new QWidget(this);
    rightWidget->setObjectName(u"memoryFigures"_s);
    rightWidget->setLayout(right);
    // On a desk the figures stand beside the chart; in presenter mode's large type the page
    // becomes one column, like slides: verdict and chart first, the figures below as the
    // class scrolls. Either way nothing is cut.
    auto* leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    m_main = leftWidget;
    m_side = rightWidget;
    auto* content = new QWidget(this);
    m_columns = new QBoxLayout(QBoxLayout::LeftToRight, content);
    m_columns->setContentsMargins(0, 0, 0, 0);
    m_columns->addWidget(leftWidget, 3);
    m_columns->addWidget(rightWidget, 2);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(u"memoryScroll"_s);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    arrangeColumns();

    connect(m_axis, &QComboBox::currentIndexChanged, this, &MemoryPage::scenarioChanged);
    connect(m_lockAxis, &QCheckBox::toggled, m_chart, &MemoryChart::setAxisLocked);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        arrangeColumns();
        m_verdict->clear(); // its headline size (or the palette, its colour) changed: render it again
        m_weightsSet->setLabelColor(palette().color(QPalette::Text));
        // On a projector the class reads GiB; the exact bytes stay in normal mode and the exports.
        m_table->setColumnHidden(BreakdownModel::Bytes, chartstyle::presenter());
        scenarioChanged();
        QTimer::singleShot(0, m_table, [this] { m_table->resizeColumnsToContents(); });
    });
    // The combo is a shortcut to the window's one size unit (View > Sizes): both set the setting,
    // and every page follows it.
    connect(m_unit, &QComboBox::currentIndexChanged, this, [](int index) {
        Settings::instance()->setSizeUnit(index == 1 ? kvscope::SizeUnit::Decimal : kvscope::SizeUnit::Binary);
    });
    connect(Settings::instance(), &Settings::sizeUnitChanged, this, [this](kvscope::SizeUnit unit) {
        const QSignalBlocker block(m_unit);
        m_unit->setCurrentIndex(unit == kvscope::SizeUnit::Decimal ? 1 : 0);
        m_breakdown->setUnit(unit);
        m_table->resizeColumnsToContents();
    });
    connect(controller, &ScenarioController::scenarioChanged, this, &MemoryPage::scenarioChanged);
}

QWidget* MemoryPage::exportedChart() const {
    return m_chart;
}

std::any MemoryPage::keptState() const {
    return std::pair{axis(), isAxisLocked()};
}

void MemoryPage::restoreKeptState(const std::any& state) {
    if (const auto* kept = std::any_cast<std::pair<int, bool>>(&state)) {
        setAxis(kept->first);
        setAxisLocked(kept->second);
    }
}

void MemoryPage::arrangeColumns() {
    const bool presenter = chartstyle::presenter();
    m_oneColumn = presenter || width() < kTwoColumnMinWidth;
    m_columns->setDirection(m_oneColumn ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    m_side->setMinimumWidth(m_oneColumn ? 0 : 520); // the breakdown table whole, with its GiB and share columns
    m_side->setMaximumWidth(m_oneColumn ? QWIDGETSIZE_MAX : 620);
    // Stacked, the chart's column and the figures' meet at the columns' spacing alone: the one's
    // bottom margin and the other's top margin had been added to it.
    // The style's margins are read again each time: presenter mode and the palette switch styles.
    for (QWidget* column : {m_main, m_side})
        column->layout()->unsetContentsMargins();
    if (m_oneColumn) {
        QMargins main = m_main->layout()->contentsMargins(), side = m_side->layout()->contentsMargins();
        main.setBottom(0);
        side.setTop(0);
        m_main->layout()->setContentsMargins(main);
        m_side->layout()->setContentsMargins(side);
    }
    // Presenter type needs the height: at 420 px the line labels could not keep clear of the bars' figures.
    m_chart->setMinimumHeight(presenter ? 520 : (m_oneColumn ? 380 : 0));
    m_weightsView->setMinimumHeight(presenter ? 360 : 200); // its two-line categories in large type
}

void MemoryPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    if ((chartstyle::presenter() || width() < kTwoColumnMinWidth) != m_oneColumn)
        arrangeColumns();
}

QString MemoryPage::verdictText() const {
    return m_verdict->text();
}
QString MemoryPage::capacityText() const {
    return m_capacity->text();
}
void MemoryPage::setImportedModel(const std::optional<kvscope::ImportResult>& imported) {
    m_imported = imported;
    scenarioChanged(); // redraw now when visible, else on the next show
}

QString MemoryPage::modelRuleText() const {
    return m_modelRule->text();
}

QString MemoryPage::formulaText() const {
    return m_formula->text();
}
QString MemoryPage::tpotText() const {
    return m_tpot->text();
}
QString MemoryPage::speculationText() const {
    return m_speculation->text();
}

namespace {
QString rateText(double perSecond, const QString& unit) {
    static const char* prefixes[] = {"", "k", "M", "G", "T", "P"};
    int i = 0;
    while (perSecond >= 1000.0 && i < 5) {
        perSecond /= 1000.0;
        ++i;
    }
    return QLocale().toString(perSecond, 'f', perSecond < 10 ? 2 : 1) + u' ' + QLatin1String(prefixes[i]) + unit;
}

QString msText(double seconds) {
    const double ms = seconds * 1000.0;
    return QLocale().toString(ms, 'f', ms < 1 ? 3 : ms < 100 ? 2 : 1);
}
} // namespace

// The data-sheet TPOT bound of the scenario, from core (kvscope::roofline::predictScenario).
static QString tpotHtml(const kvscope::Scenario& s) {
    std::optional<kvscope::roofline::Prediction> p;
    try {
        p = kvscope::roofline::predictScenario(s);
    } catch (const std::exception&) {
        p.reset();
    }
    if (!p) {
        if (s.gpuId == "custom")
            return MemoryPage::tr("No TPOT bound for a card typed by hand: choose a GPU preset with data-sheet "
                                  "figures.");
        return MemoryPage::tr("No TPOT bound: the %1 preset carries no data-sheet bandwidth and peak.")
            .arg(QString::fromStdString(s.gpuId));
    }
    const kvscope::GpuPreset& gpu = kvscope::findGpuPreset(s.gpuId);
    const bool memory = p->reading.bound == kvscope::roofline::Bound::Memory;
    const QString head = (memory ? MemoryPage::tr("TPOT ≥ %1 ms: memory-bound")
                                 : MemoryPage::tr("TPOT ≥ %1 ms: "
                                                  "compute-bound"))
                             .arg(msText(p->tpotSeconds));
    return u"<b>"_s + head.toHtmlEscaped() + u"</b><br>"_s +
           MemoryPage::tr("A lower bound from the data sheet of the %1 (%2, %3 dense %4), at batch %5 and "
                          "%6 tokens: a step moves %7 and computes %8; bytes / bandwidth = %9 ms, FLOPs / "
                          "peak = %10 ms.")
               .arg(QString::fromStdString(gpu.name), rateText(gpu.sheet.bandwidth, u"B/s"_s),
                    rateText(gpu.sheet.peakFlops, u"FLOP/s"_s), QString::fromStdString(gpu.sheet.peakDtype).toUpper(),
                    QLocale().toString(qulonglong(s.batch)), QLocale().toString(qulonglong(s.context)),
                    viewtext::size(p->work.bytes), rateText(double(p->work.flops), u"FLOP"_s),
                    msText(p->reading.memorySeconds))
               .arg(msText(p->reading.computeSeconds))
               .toHtmlEscaped();
}
// "2.13x", or "0.64x (slower)" below 1: a ratio near or under 1 keeps two significant digits.
static QString speculativeSpeedupText(double speedup) {
    const QString x = MemoryPage::tr("%1x").arg(QLocale().toString(speedup, speedup >= 1.0 ? 'f' : 'g', 2));
    return speedup < 1.0 ? MemoryPage::tr("%1 (slower)").arg(x) : x;
}

// Speculative decoding's memory and speedup, from core (kvscope::speculativeMemory in the estimate,
// kvscope::speculativeSpeedup); empty while it is off.
static QString speculationHtml(const kvscope::Scenario& s, const kvscope::Estimate& e) {
    const kvscope::Speculation& spec = s.speculation;
    if (!spec.enabled())
        return {};
    const kvscope::SpeculativeMemory& m = e.speculative;
    const QLocale locale;
    QString html =
        u"<b>"_s +
        MemoryPage::tr("%1, acceptance %2: adds %3")
            .arg(viewtext::speculationName(spec), locale.toString(spec.acceptance, 'f', 2), viewtext::size(m.total()))
            .toHtmlEscaped() +
        u"</b><br>"_s;
    QStringList parts;
    if (m.draftWeightBytes > 0)
        parts << MemoryPage::tr("draft weights %1").arg(viewtext::size(m.draftWeightBytes));
    if (m.draftKvBytes > 0)
        parts << MemoryPage::tr("draft KV %1 (%2 B per token)")
                     .arg(viewtext::sizeScaled(m.draftKvBytes), locale.toString(qulonglong(m.draftKvBytesPerToken)));
    parts << MemoryPage::tr("lookahead slots %1 (%2 tokens)")
                 .arg(viewtext::sizeScaled(m.lookaheadKvBytes), locale.toString(qulonglong(m.lookaheadTokens)));
    html += parts.join(MemoryPage::tr(", ")).toHtmlEscaped() + u"."_s;
    if (m.vocabularyDiffers)
        html += u"<br><b>"_s +
                MemoryPage::tr("⚠ The draft's vocabulary is not the model's: no server pairs them, so these figures "
                               "describe a pairing that cannot run.")
                    .toHtmlEscaped() +
                u"</b>"_s;
    std::optional<kvscope::SpeculativeSpeedup> r;
    std::optional<kvscope::SpeedupRefusal> why;
    QString failure; // core's reason, where it could not price the steps (a size past 64 bits)
    try {
        why = kvscope::speedupRefusal(s);
        r = kvscope::speculativeSpeedup(s);
    } catch (const std::exception& error) {
        failure = QString::fromUtf8(error.what());
    }
    html += u"<br>"_s;
    if (!failure.isEmpty())
        return html + MemoryPage::tr("No speedup: %1").arg(failure).toHtmlEscaped();
    if (!r) {
        using R = kvscope::SpeedupRefusal;
        const QString reason =
            why == R::TensorParallel ? MemoryPage::tr("No speedup under tensor parallelism: the step model is for one "
                                                      "GPU.")
            : why == R::WeightsAsStored
                ? MemoryPage::tr("No speedup for weights as stored: choose a weight dtype for the step model.")
                : MemoryPage::tr("No speedup for a card without data-sheet figures: choose a GPU preset.");
        return html + reason.toHtmlEscaped();
    }
    const auto bound = [](kvscope::roofline::Bound b) {
        return b == kvscope::roofline::Bound::Memory ? MemoryPage::tr("memory-bound") : MemoryPage::tr("compute-bound");
    };
    const QString draft =
        r->draftSeconds > 0.0
            ? MemoryPage::tr(" + %1 draft steps x %2").arg(spec.tokens).arg(viewtext::duration(r->draftSeconds))
            : QString();
    html += MemoryPage::tr("A step keeps (1 - a^(k+1)) / (1 - a) = %1 tokens on average. Checking %2 tokens per "
                           "sequence takes %3 (%4)%5, against %6 for a plain step (%7): <b>%8</b> the tokens per "
                           "second at batch %9.")
                .arg(locale.toString(r->expectedTokens, 'f', 2))
                .arg(spec.tokens + 1)
                .arg(viewtext::duration(r->verifySeconds), bound(r->verifyBound), draft,
                     viewtext::duration(r->decodeSeconds), bound(r->decodeBound), speculativeSpeedupText(r->speedup),
                     locale.toString(qulonglong(s.batch)));
    html += u"<br><small>"_s +
            MemoryPage::tr("Each time is a lower bound on the data sheet's roofline, so the ratio is optimistic: a "
                           "fixed cost per pass (launches, the sampler) would fall on the check and on each draft "
                           "step.")
                .toHtmlEscaped() +
            u"</small>"_s;
    return html;
}

int MemoryPage::axis() const {
    return m_axis->currentIndex();
}
bool MemoryPage::isAxisLocked() const {
    return m_lockAxis->isChecked();
}
void MemoryPage::setAxisLocked(bool locked) {
    m_lockAxis->setChecked(locked);
}
void MemoryPage::setAxis(int axis) {
    m_axis->setCurrentIndex(axis);
}

void MemoryPage::setPinned(const std::optional<kvscope::Scenario>& pinned) {
    m_pinned = pinned;
    scenarioChanged();
}

std::vector<std::uint64_t> MemoryPage::axisValues() const {
    // The scaling page's lines are the same values (core/sweep.h).
    return kvscope::courseValues(m_controller->scenario(),
                                 m_axis->currentIndex() == 1 ? kvscope::SweepAxis::Batch : kvscope::SweepAxis::Context);
}

void MemoryPage::refresh() {
    const auto& s = m_controller->scenario();
    const auto& e = m_controller->estimate();
    const bool byBatch = m_axis->currentIndex() == 1;
    const auto values = axisValues();
    const auto estimates = byBatch ? kvscope::estimatesAtBatches(s, values) : kvscope::estimatesAtContexts(s, values);
    std::vector<MemoryChart::Bar> bars;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const bool current = values[i] == (byBatch ? s.batch : s.context);
        QString label = byBatch ? tr("batch %1").arg(values[i]) : viewtext::tokens(values[i]);
        if (current)
            label += tr(" (now)");
        const std::uint64_t tokens = byBatch ? s.context : values[i];
        bars.push_back({label, estimates[i], current, s.model.maxContext > 0 && tokens > s.model.maxContext});
    }
    // The imported rule describes the model only while its shape is the one imported.
    const bool imported = m_imported && m_imported->shape.id == s.model.id &&
                          m_imported->shape.layers == s.model.layers && m_imported->shape.heads == s.model.heads &&
                          m_imported->shape.kvHeads == s.model.kvHeads &&
                          m_imported->shape.effectiveHeadDim() == s.model.effectiveHeadDim();
    // An unverified import's figures carry the mark where they are read: the bars' title, the verdict, capacity.
    const bool unverified = imported && m_imported->confidence == kvscope::Confidence::Unverified;
    const QString mark =
        unverified ? u"<b>"_s + ModelRuleText::unverifiedMark().toHtmlEscaped() + u"</b> "_s : QString();
    const QString title =
        (unverified ? ModelRuleText::unverifiedMark() + u'\n' : QString()) +
        (byBatch ? tr("%1 at %2 tokens, by batch")
                       .arg(QString::fromStdString(s.model.displayName), viewtext::tokens(s.context))
                 : tr("%1, batch %2, by context").arg(QString::fromStdString(s.model.displayName)).arg(s.batch));
    if (m_chart->chart()->title() != title)
        m_chart->chart()->setTitle(title);
    m_chart->setBars(
        bars, e.budgetBytes,
        tr("budget %1 (%2% of the card)").arg(viewtext::size(e.budgetBytes)).arg(s.utilization * 100.0, 0, 'f', 0),
        e.gpuMemoryBytes, tr("card %1").arg(viewtext::size(e.gpuMemoryBytes, std::nullopt, 0)));
    if (m_pinned) {
        try {
            m_chart->setPinned(byBatch ? kvscope::estimatesAtBatches(*m_pinned, values)
                                       : kvscope::estimatesAtContexts(*m_pinned, values));
        } catch (const std::exception&) {
            m_chart->setPinned(std::nullopt);
        }
    } else {
        m_chart->setPinned(std::nullopt);
    }

    m_breakdown->resetData(s, e);
    if (!m_tableSized) {
        m_table->resizeColumnsToContents();
        m_tableSized = true;
    }
    const auto setIfChanged = [](QLabel* label, const QString& text) {
        if (label->text() != text) // a rich-text relayout is a good part of a frame
            label->setText(text);
    };
    setIfChanged(m_verdict, mark + viewtext::verdictHtml(e));
    setIfChanged(m_verdictNote, viewtext::verdictNoteHtml()); // the same text unless the language changed
    setIfChanged(m_modelRule, imported ? ModelRuleText::html(*m_imported, s.model) : QString());
    if (m_modelRule->isVisibleTo(this) != imported)
        m_modelRule->setVisible(imported);
    const bool noState = e.sequenceState.stateLayers == 0 && e.sequenceState.crossLayers == 0;
    if (m_table->isRowHidden(BreakdownModel::SequenceState) != noState)
        m_table->setRowHidden(BreakdownModel::SequenceState, noState);
    setIfChanged(m_formula, viewtext::kvFormulaHtml(s, e));
    setIfChanged(m_formulaLegend, viewtext::kvFormulaLegendHtml(s.model));
    if (m_formulaLegend->isVisibleTo(this) == m_formulaLegend->text().isEmpty())
        m_formulaLegend->setVisible(!m_formulaLegend->text().isEmpty());
    setIfChanged(m_tpot, tpotHtml(s));
    setIfChanged(m_speculation, speculationHtml(s, e));
    if (m_speculationBox->isVisibleTo(this) != s.speculation.enabled())
        m_speculationBox->setVisible(s.speculation.enabled());
    m_draftMap->setScenario(s);
    // The drafter's rows only while speculation is on (n-gram has no weights and no cache of its own).
    for (const auto& [row, shown] : {std::pair{BreakdownModel::DraftWeights, e.speculative.draftWeightBytes > 0},
                                     std::pair{BreakdownModel::DraftKv, e.speculative.draftKvBytes > 0},
                                     std::pair{BreakdownModel::Lookahead, s.speculation.enabled()}})
        if (m_table->isRowHidden(row) == shown)
            m_table->setRowHidden(row, !shown);
    const QString empty = viewtext::capacityEmptyHtml(m_controller->capacity());
    setIfChanged(m_capacity,
                 mark + viewtext::capacityHtml(m_controller->capacity()) +
                     (empty.isEmpty() ? QString() : u"<br>"_s + empty) + u"<br>"_s +
                     viewtext::limitsHtml(m_controller->maxBatch(), s.context, m_controller->maxContext(), s.batch));

    const auto weights = kvscope::weightsByDtype(s, weightChartDtypes());
    QStringList categories;
    QStringList spoken; // the bars' figures for a screen reader
    double top = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const double gib = std::round(viewtext::inUnit(weights[i].bytesPerGpu) * 100.0) / 100.0;
        if (m_weightsSet->count() <= int(i))
            m_weightsSet->append(gib);
        else if (m_weightsSet->at(int(i)) != gib)
            m_weightsSet->replace(int(i), gib);
        top = std::max(top, gib);
        const bool chosen = !e.weightsAsStored && weights[i].dtype == s.weightDtype; // none while as stored
        if (m_weightsSet->isBarSelected(int(i)) != chosen)
            m_weightsSet->setBarSelected(int(i), chosen);
        const kvscope::DType& d = weights[i].dtype;
        // Group and scale on lines of their own ("INT4" over "G128"): five formats share the width.
        QString name = QString::fromStdString(d.name()).toUpper().replace(u'-', u"<br>"_s);
        if (chosen)
            name += u"<br>"_s + tr("(now)");
        categories << name;
        spoken << QString::fromStdString(d.name()).toUpper() + u' ' + viewtext::size(weights[i].bytesPerGpu) +
                      (chosen ? tr(" (now)") : QString());
    }
    if (m_weightsView->accessibleDescription() != spoken.join(u", "_s))
        m_weightsView->setAccessibleDescription(spoken.join(u", "_s));
    auto* x = qobject_cast<QBarCategoryAxis*>(m_weightsView->chart()->axes(Qt::Horizontal).value(0));
    if (x && x->categories() != categories) {
        x->clear();
        x->append(categories);
    }
    auto* y = qobject_cast<QValueAxis*>(m_weightsView->chart()->axes(Qt::Vertical).value(0));
    if (y && y->titleText() != viewtext::unitName())
        y->setTitleText(viewtext::unitName());
    if (y && (top * 1.2 > y->max() || top * 1.2 < y->max() * 0.6))
        chartstyle::setValueRange(y, top * 1.2);
}

QStringList MemoryPage::weightLabels() const {
    QStringList out;
    for (int i = 0; i < m_weightsSet->count(); ++i)
        out << QLocale().toString(m_weightsSet->at(i), 'f', 2);
    return out;
}
