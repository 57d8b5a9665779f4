#include "pergpupage.h"

#include "chartstyle.h"
#include "error.h"
#include "memorychart.h"
#include "pagelayout.h"
#include "scenariocontroller.h"
#include "viewtext.h"
#include "wraplabel.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString layerRange(const kvscope::GpuShare& g) {
    return PerGpuPage::tr("%1-%2").arg(g.firstLayer).arg(g.firstLayer + g.layerCount - 1);
}
} // namespace

const PageKind& PerGpuPage::kind() {
    static const PageKind kind{
        .id = u"pergpu"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Per GPU"),
        .quizFigures = {u"perGpuChart"_s, u"perGpuTable"_s, u"perGpuSummary"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new PerGpuPage(controller, parent);
        },
    };
    return kind;
}

PerGpuPage::PerGpuPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_stages(new QSpinBox(this))
    , m_groups(new QComboBox(this))
    , m_expert(new QCheckBox(tr("&Expert parallelism"), this))
    , m_summary(new WrapLabel(this))
    , m_refusal(new WrapLabel(this))
    , m_chart(new MemoryChart(this))
    , m_table(new QTableWidget(this)) {
    setObjectName(kind().id);
    m_chart->setObjectName(u"perGpuChart"_s);
    m_table->setObjectName(u"perGpuTable"_s);
    m_summary->setObjectName(u"perGpuSummary"_s);
    m_refusal->setObjectName(u"perGpuRefusal"_s);
    m_summary->setTextFormat(Qt::PlainText);
    m_refusal->setTextFormat(Qt::PlainText);
    m_refusal->hide();

    m_stages->setRange(1, int(kvscope::kMaxPipelineStages));
    explain(m_stages, tr("Pipeline stages: the layers split into this many groups of the panel's tensor-parallel GPUs"),
            tr("vLLM's split: the layers divided evenly, the remainder one apiece to the stages before the last, "
               "from the second-to-last back. The first stage holds the token embedding, the last the final norm "
               "and the LM head (a copy of a tied embedding)."));
    explain(m_groups, tr("Attention in this many data-parallel groups of the tensor-parallel GPUs"),
            tr("SGLang's data-parallel attention (vLLM: data parallelism with tensor parallelism inside each rank): "
               "each group keeps whole attention weights for its GPUs and only its own sequences' cache. For MLA, "
               "whose latent every GPU of a group keeps whole, this divides the cache instead of copying it."));
    explain(m_expert, tr("MoE: whole routed experts on each GPU instead of a slice of every expert"),
            tr("Expert parallelism: each GPU of a stage holds whole experts, the experts divided among the GPUs (the "
               "first ones one more when they do not divide evenly); attention, dense MLPs and shared experts "
               "split as before."));
    m_table->setColumnCount(9);
    m_table->setHorizontalHeaderLabels({tr("GPU"), tr("Stage"), tr("Layers"), tr("Sequences"), tr("Weights"),
                                        tr("KV cache"), tr("Total"), tr("Headroom"), tr("Holds")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    m_table->setAccessibleName(tr("Each GPU's memory"));
    explain(m_table, tr("Each GPU's layers, sequences and memory"),
            tr("Weights: the GPU's share of the scenario's weight bytes, by the parameters it holds. KV cache: its "
               "layers' K and V for its group's sequences. Total adds the per-sequence state and the activation and "
               "runtime estimates (the CUDA context, and NCCL's buffers when there is more than one GPU), the same on "
               "every GPU."));
    m_chart->setAccessibleName(tr("Memory per GPU against the budget"));
    m_stagesTip = m_stages->toolTip();
    m_expertTip = m_expert->toolTip();

    auto* controls = new QHBoxLayout;
    auto* stagesLabel = new QLabel(tr("Pipeline &stages"), this);
    auto* groupsLabel = new QLabel(tr("Attention &groups"), this);
    stagesLabel->setBuddy(m_stages);
    groupsLabel->setBuddy(m_groups);
    controls->addWidget(stagesLabel);
    controls->addWidget(m_stages);
    controls->addSpacing(24);
    controls->addWidget(groupsLabel);
    controls->addWidget(m_groups);
    controls->addSpacing(24);
    controls->addWidget(m_expert);
    controls->addStretch(1);

    auto* layout = scrollingColumn(this);
    layout->addLayout(controls);
    layout->addWidget(m_refusal);
    layout->addWidget(m_summary);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_table);

    connect(m_stages, &QSpinBox::valueChanged, this, [this](int stages) {
        m_wantedStages = stages;
        scenarioChanged();
    });
    connect(m_groups, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            m_wantedGroups = m_groups->itemData(index).toInt();
        scenarioChanged();
    });
    connect(m_expert, &QCheckBox::toggled, this, &PerGpuPage::scenarioChanged);
    connect(controller, &ScenarioController::scenarioChanged, this, &PerGpuPage::scenarioChanged);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        m_chart->setMinimumHeight(chartstyle::presenter() ? 420 : 300);
        scenarioChanged();
    });
    m_chart->setMinimumHeight(300);
}

QWidget* PerGpuPage::exportedChart() const {
    return m_chart;
}

kvscope::Parallelism PerGpuPage::parallelism() const {
    return {std::uint32_t(m_stages->value()), std::uint32_t(std::max(1, m_groups->currentData().toInt())),
            m_expert->isEnabled() && m_expert->isChecked()};
}

void PerGpuPage::setParallelism(const kvscope::Parallelism& parallel) {
    m_wantedGroups = int(parallel.dataAttention);
    m_wantedStages = int(parallel.pipeline);
    m_stages->setValue(int(parallel.pipeline));
    m_expert->setChecked(parallel.expert);
    if (const int at = m_groups->findData(int(parallel.dataAttention)); at >= 0)
        m_groups->setCurrentIndex(at);
    scenarioChanged();
}

QString PerGpuPage::summaryText() const {
    return m_refusal->isHidden() ? m_summary->text() : QString();
}

QString PerGpuPage::refusalText() const {
    return m_refusal->isHidden() ? QString() : m_refusal->text();
}

void PerGpuPage::changeEvent(QEvent* event) {
    Page::changeEvent(event);
    if (event->type() == QEvent::FontChange) // presenter type: the columns follow it
        QMetaObject::invokeMethod(
            this, [this] { fitTableToRows(m_table); }, Qt::QueuedConnection);
}

// The choices the scenario allows, asked of core: every attention-group count it can split, the stages up to its
// layers, expert parallelism for an MoE model with an expert for every GPU. A per-sequence state keeps one stage
// and one group (core does not split it yet), said in the controls' tooltips.
void PerGpuPage::offerChoices(const kvscope::Scenario& s) {
    const QSignalBlocker stages(m_stages), groups(m_groups), expert(m_expert);
    const kvscope::LayerCounts counts = s.model.layerCounts();
    const bool state = counts.state > 0 || counts.cross > 0;
    // Core's bounds: a layer a stage, kMaxPipelineStages, kMaxSplitGpus in all.
    m_stages->setMaximum(
        int(std::min<std::uint64_t>({kvscope::kMaxPipelineStages, s.model.layers,
                                     std::max<std::uint64_t>(1, kvscope::kMaxSplitGpus / s.tensorParallel)})));
    m_stages->setEnabled(!state);
    m_stages->setValue(state ? 1 : m_wantedStages); // a lesson's split survives the previous model's maximum
    m_groups->clear();
    for (std::uint32_t d = 1; d <= s.tensorParallel; ++d) {
        if (s.tensorParallel % d != 0 || (state && d > 1))
            continue;
        try {
            kvscope::perGpuEstimate(s, {1, d, false});
        } catch (const kvscope::Error&) {
            continue; // a group of T / d GPUs cannot split the heads
        }
        m_groups->addItem(d == 1 ? tr("1 (all GPUs together)")
                                 : tr("%1 groups of %2 GPU(s)").arg(d).arg(s.tensorParallel / d),
                          int(d));
    }
    const int at = m_groups->findData(m_wantedGroups);
    m_groups->setCurrentIndex(at >= 0 ? at : 0);
    m_groups->setEnabled(m_groups->count() > 1);
    const bool experts = s.model.isMoe() && s.model.moe.experts >= s.tensorParallel;
    m_expert->setEnabled(experts);
    const QString stateWhy = tr("%1 keeps a per-sequence state: splitting it across stages or attention groups is "
                                "not modelled yet")
                                 .arg(QString::fromStdString(s.model.displayName));
    m_stages->setToolTip(state ? stateWhy : m_stagesTip);
    m_expert->setToolTip(experts           ? m_expertTip
                         : s.model.isMoe() ? tr("Expert parallelism needs an expert for every GPU of a stage")
                                           : tr("A dense model has no routed experts to place"));
}

void PerGpuPage::refuse(const QString& why) {
    m_shown.reset();
    m_refusal->setText(why);
    m_refusal->show();
    m_summary->hide();
    m_chart->hide();
    m_table->hide();
}

void PerGpuPage::refresh() {
    const kvscope::Scenario& s = m_controller->scenario();
    offerChoices(s);
    try {
        m_shown = kvscope::perGpuEstimate(s, parallelism());
    } catch (const kvscope::Error& e) {
        // The choices offered avoid core's refusals; one that still comes is said in core's words.
        return refuse(tr("This split cannot be made: %1").arg(QString::fromUtf8(e.what())));
    }
    m_refusal->hide();
    m_summary->show();
    m_chart->show();
    m_table->show();
    const kvscope::PerGpuEstimate& p = *m_shown;
    const kvscope::Estimate& whole = m_controller->estimate();

    // The bars: each GPU as the memory page draws a scenario, the tightest one marked.
    std::vector<MemoryChart::Bar> bars;
    const bool few = p.gpus.size() <= 8;
    for (const kvscope::GpuShare& g : p.gpus) {
        kvscope::Estimate e;
        e.weightBytes = g.weightBytes;
        e.kvBytes = g.kvBytes;
        e.sequenceStateBytes = g.stateBytes;
        e.activationBytes = g.activationBytes;
        e.runtimeBytes = g.runtimeBytes;
        e.communicationBytes = g.communicationBytes;
        e.totalBytes = g.totalBytes;
        e.budgetBytes = p.budgetBytes;
        e.gpuMemoryBytes = whole.gpuMemoryBytes;
        e.fits = g.fits;
        e.headroomBytes = g.headroomBytes;
        // The tightest GPU marked, unless every GPU holds the same (then none is first).
        const bool marked = g.index == p.tightest && !p.alike;
        QString label = few ? tr("GPU %1").arg(g.index) : QString::number(g.index);
        if (marked)
            label += !few ? tr("!") : g.fits ? tr(" (least room)") : tr(" (first out)");
        bars.push_back({label, e, marked, false});
    }
    const QString title =
        tr("%1 on %2 GPUs: a bar per GPU").arg(QString::fromStdString(s.model.displayName)).arg(p.gpus.size());
    if (m_chart->chart()->title() != title)
        m_chart->chart()->setTitle(title);
    m_chart->setBars(
        bars, p.budgetBytes,
        tr("budget %1 (%2% of the card)").arg(viewtext::size(p.budgetBytes)).arg(s.utilization * 100.0, 0, 'f', 0),
        whole.gpuMemoryBytes, tr("card %1").arg(viewtext::size(whole.gpuMemoryBytes, std::nullopt, 0)));

    // The summary: the layout, what is copied, the first GPU to run out.
    QStringList stages;
    for (const std::uint32_t n : p.stageLayers)
        stages << QString::number(n);
    QStringList lines;
    lines << tr("%1 GPUs: %2 pipeline stage(s) of %3 tensor-parallel GPU(s); layers per stage: %4.")
                 .arg(p.gpus.size())
                 .arg(p.pipeline)
                 .arg(p.tensor)
                 .arg(stages.join(tr(", ")));
    const kvscope::GpuShare& first = p.gpus.front();
    if (p.dataAttention > 1) {
        QStringList sequences;
        for (std::uint32_t r = 0; r < p.tensor; r += p.attentionGpus)
            sequences << QLocale().toString(qulonglong(p.gpus[r].sequences));
        lines << tr("Attention in %1 groups of %2 GPU(s), each with its own sequences: %3.")
                     .arg(p.dataAttention)
                     .arg(p.attentionGpus)
                     .arg(sequences.join(tr(", ")));
    }
    if (p.expert)
        lines << (p.expertsFewest == p.expertsMost
                      ? tr("Expert parallelism: %1 whole routed experts on each GPU of a stage.").arg(p.expertsMost)
                      : tr("Expert parallelism: %1 or %2 whole routed experts on a GPU: the experts do not divide "
                           "evenly, and the GPUs with more run out first.")
                            .arg(p.expertsFewest)
                            .arg(p.expertsMost));
    if (first.kvCopies > 1)
        lines << (s.model.mla.kvLoraRank > 0
                      ? tr("MLA's latent is whole on each of the %1 GPUs of an attention group: the group holds its "
                           "cache %1 times.")
                            .arg(first.kvCopies)
                      : tr("More GPUs than KV heads in a group: each KV head is kept on %1 GPUs, the cache held %1 "
                           "times.")
                            .arg(first.kvCopies));
    const kvscope::GpuShare& tight = p.gpus[p.tightest];
    const QString spare =
        viewtext::size(std::uint64_t(tight.headroomBytes < 0 ? -tight.headroomBytes : tight.headroomBytes));
    if (p.alike)
        lines << (tight.fits ? tr("Every GPU holds the same: %1 of the %2 budget, %3 to spare.")
                             : tr("Every GPU holds the same: %1 against the %2 budget, short by %3."))
                     .arg(viewtext::size(tight.totalBytes), viewtext::size(p.budgetBytes), spare);
    else
        lines << (tight.fits ? tr("Least room: GPU %1 (stage %2), %3 of the %4 budget, %5 to spare.")
                             : tr("First to run out: GPU %1 (stage %2), %3 against the %4 budget, short by %5."))
                     .arg(tight.index)
                     .arg(tight.stage)
                     .arg(viewtext::size(tight.totalBytes), viewtext::size(p.budgetBytes), spare);
    if (p.gpus.front().communicationBytes > 0)
        lines << tr("Weights: each GPU's share of the parameters it holds. Activations and the CUDA context are the "
                    "one-GPU estimates on every GPU, the sampled logits on the last stage only. Every GPU also holds "
                    "NCCL's buffers, %1: an estimate, the step vLLM measured from one H100 to two (its log's "
                    "non-torch memory, 1.79 to 3.58 GiB); the Explain log page shows your server's own figure.")
                     .arg(viewtext::size(p.gpus.front().communicationBytes));
    else
        lines << tr("Weights: each GPU's share of the parameters it holds. Activations and the CUDA context are the "
                    "one-GPU estimates, the sampled logits included.");
    if (s.speculation.enabled())
        lines << tr("Speculative decoding's draft and lookahead slots are not in these bars; the Memory page sizes "
                    "them: %1.")
                     .arg(viewtext::size(m_controller->estimate().speculative.total()));
    m_summary->setText(lines.join(u'\n'));

    // The table.
    m_table->setRowCount(int(p.gpus.size()));
    for (const kvscope::GpuShare& g : p.gpus) {
        QStringList holds;
        if (g.embedding)
            holds << tr("embedding");
        if (g.lmHead)
            holds << tr("LM head");
        if (g.routedExperts > 0)
            holds << tr("%n expert(s)", nullptr, int(g.routedExperts));
        if (g.kvCopies > 1)
            holds << tr("KV ×%1").arg(g.kvCopies);
        if (g.index == p.tightest && !p.alike)
            holds << (g.fits ? tr("least room") : tr("runs out first"));
        const QString cells[] = {QString::number(g.index),
                                 QString::number(g.stage),
                                 layerRange(g),
                                 QLocale().toString(qulonglong(g.sequences)),
                                 viewtext::size(g.weightBytes),
                                 viewtext::size(g.kvBytes),
                                 viewtext::size(g.totalBytes),
                                 g.fits ? viewtext::size(std::uint64_t(g.headroomBytes))
                                        : u"−"_s + viewtext::size(std::uint64_t(-g.headroomBytes)),
                                 holds.join(tr(", "))};
        for (int c = 0; c < 9; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 3 && c <= 7)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 7 && !g.fits)
                item->setForeground(chartstyle::bad(palette()));
            m_table->setItem(int(g.index), c, item);
        }
    }
    fitTableToRows(m_table);
}
