#include "decodepage.h"

#include <algorithm>
#include <cmath>

#include "chartstyle.h"
#include "coursedata.h"
#include "decodesummarymodel.h"
#include "decodetext.h"
#include "decodeworker.h"
#include "error.h"
#include "pagelayout.h"
#include "units.h"
#include "viewtext.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

using namespace Qt::StringLiterals;
using namespace kvscope::gpu;

namespace {
using decodetext::modeLabel;
using decodetext::ms;
using decodetext::percent;

// Okabe-Ito from chartstyle: vermillion, blue, bluish green stay apart under the common
// colour-vision deficiencies; the marker shape (circle, square, triangle) tells the modes
// apart without colour.
QColor modeColor(CacheMode mode) {
    switch (mode) {
    case CacheMode::None:
        return chartstyle::budget();
    case CacheMode::Contiguous:
        return chartstyle::weights();
    case CacheMode::Paged:
        return chartstyle::fits();
    case CacheMode::Dynamic:
        return chartstyle::kvCache();
    case CacheMode::Int8:
        return chartstyle::activations();
    case CacheMode::Fp8:
        return chartstyle::highlight();
    }
    return Qt::black;
}

// The legend's short name: the check box's.
QString shortLabel(CacheMode mode) {
    switch (mode) {
    case CacheMode::None:
        return QCoreApplication::translate("DecodePage", "no cache");
    case CacheMode::Contiguous:
        return QCoreApplication::translate("DecodePage", "contiguous");
    case CacheMode::Paged:
        return QCoreApplication::translate("DecodePage", "paged");
    case CacheMode::Dynamic:
        return QCoreApplication::translate("DecodePage", "dynamic");
    case CacheMode::Int8:
        return QCoreApplication::translate("DecodePage", "INT8");
    case CacheMode::Fp8:
        return QCoreApplication::translate("DecodePage", "FP8");
    }
    return {};
}

QScatterSeries::MarkerShape modeMarker(CacheMode mode) {
    switch (mode) {
    case CacheMode::None:
        return QScatterSeries::MarkerShapeCircle;
    case CacheMode::Contiguous:
        return QScatterSeries::MarkerShapeRectangle;
    case CacheMode::Paged:
        return QScatterSeries::MarkerShapeTriangle;
    case CacheMode::Dynamic:
        return QScatterSeries::MarkerShapeStar;
    case CacheMode::Int8:
        return QScatterSeries::MarkerShapeRotatedRectangle;
    case CacheMode::Fp8:
        return QScatterSeries::MarkerShapePentagon;
    }
    return QScatterSeries::MarkerShapeCircle;
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
    a->setTickType(QValueAxis::TicksDynamic);
    a->setTickAnchor(0);
    return a;
}

// A ratio to one decimal, or to two significant digits below 1: a measured 0.04x must not read "0.0x", nor 0.96x
// "1.0x".
QString times(double ratio) {
    return QCoreApplication::translate("DecodePage", "%1x")
        .arg(ratio >= 1.0 ? QString::number(ratio, 'f', 1) : QString::number(ratio, 'g', 2));
}

// A figure as the course text prints it: 1.5, 1.22, 21.8, 2.7.
QString quoted(double value) {
    return QString::number(value, 'g', 4);
}

const ModeResult* modeIn(const DecodeReport& r, CacheMode mode) {
    for (const ModeResult& m : r.modes)
        if (m.mode == mode)
            return &m;
    return nullptr;
}

// The cached mode a report's headline figures use: contiguous, else paged.
const ModeResult* cachedIn(const DecodeReport& r) {
    const ModeResult* m = modeIn(r, CacheMode::Contiguous);
    return m ? m : modeIn(r, CacheMode::Paged);
}

// +12% above, -25% below.
QString signedPercent(double share) {
    const long rounded = std::lround(100.0 * share);
    return QCoreApplication::translate("DecodePage", "%1%2%")
        .arg(rounded > 0   ? u"+"_s
             : rounded < 0 ? u"−"_s
                           : QString())
        .arg(std::labs(rounded));
}

// A signed difference in ms: +2.98, −267, 0.00.
QString signedMs(double value) {
    const double a = std::abs(value);
    const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    const QString digits = QString::number(a, 'f', decimals);
    const bool zero = digits.toDouble() == 0.0;
    return (zero ? QString() : value > 0 ? u"+"_s : u"−"_s) + digits;
}
} // namespace

const PageKind& DecodePage::kind() {
    static const PageKind kind{
        .id = u"gpu"_s,
        .title = QT_TRANSLATE_NOOP("Page", "GPU decode"),
        .panel = PanelUse::OwnInputs,
        .quizFigures = {u"decodeSummary"_s, u"decodeCourse"_s, u"decodeFit"_s, u"decodeFitText"_s, u"decodeHeadline"_s,
                        u"decodeReading"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new DecodePage(controller, parent);
        },
    };
    return kind;
}

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
    , m_dynamic(new QCheckBox(tr("dynamic"), this))
    , m_int8(new QCheckBox(tr("INT8"), this))
    , m_fp8(new QCheckBox(tr("FP8"), this))
    , m_graphs(new QCheckBox(tr("CUDA graphs"), this))
    , m_then(new QCheckBox(tr("then at batch"), this))
    , m_thenBatch(spin(this, 1, 1024, kClassroomThenBatch))
    , m_backendChoice(new QComboBox(this))
    , m_precision(new QComboBox(this))
    , m_shown(new QComboBox(this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_course1(new QPushButton(tr("Course experiment, batch 1"), this))
    , m_course64(new QPushButton(tr("Course experiment, batch 64"), this))
    , m_classroom(new QPushButton(tr("Classroom CPU"), this))
    , m_estimate(new QLabel(this))
    , m_headline(new QLabel(this))
    , m_reading(new QLabel(this))
    , m_fitText(new QLabel(this))
    , m_timeChart(new QChartView(new QChart, this))
    , m_memoryChart(new QChartView(new QChart, this))
    , m_kindsChart(new QChartView(new QChart, this))
    , m_summaryModel(new DecodeSummaryModel(this))
    , m_summary(new QTableView(this))
    , m_fit(new QTableWidget(this))
    , m_course(new QTableWidget(this))
    , m_frame(new QTimer(this))
    , m_thread(new QThread)
    , m_worker(new DecodeWorker)
    , m_timeX(axis(tr("step")))
    , m_timeY(axis(tr("ms per step")))
    , m_kvX(axis(tr("step")))
    , m_kvY(axis(tr("MiB held")))
    , m_kindsX(axis(tr("TPOT, ms (mean of the one-token steps)")))
    , m_kindsY(axis(tr("KV cache at its peak, MiB"))) {
    setObjectName(kind().id);
    qRegisterMetaType<StepRecord>();
    qRegisterMetaType<DecodeReport>();
    qRegisterMetaType<DecodeOptions>();
    qRegisterMetaType<QList<DecodeOptions>>();
    m_timeChart->setObjectName(u"decodeTimeChart"_s);
    m_memoryChart->setObjectName(u"decodeMemoryChart"_s);
    m_kindsChart->setObjectName(u"decodeKindsChart"_s);
    m_summary->setObjectName(u"decodeSummary"_s);
    m_course->setObjectName(u"decodeCourse"_s);
    m_fit->setObjectName(u"decodeFit"_s);
    m_timeChart->setAccessibleName(tr("Step time chart"));
    m_memoryChart->setAccessibleName(tr("KV cache held"));
    m_kindsChart->setAccessibleName(tr("Cache kinds: KV memory at its peak against TPOT"));
    m_summary->setAccessibleName(tr("Run summary"));
    m_fit->setAccessibleName(tr("Step time model against the measured steps"));
    m_course->setAccessibleName(tr("The course's figures beside this machine's"));
    m_shown->setAccessibleName(tr("Charts show"));
    m_fitText->setObjectName(u"decodeFitText"_s);
    m_reading->setObjectName(u"decodeReading"_s);
    m_headline->setObjectName(u"decodeHeadline"_s);
    m_estimate->setObjectName(u"decodeEstimate"_s);
    m_classroom->setObjectName(u"decodeClassroom"_s);
    m_course1->setObjectName(u"decodeCourse1"_s);
    m_course64->setObjectName(u"decodeCourse64"_s);

    const DeviceInfo device = probeDevice();
    m_cudaPresent = device.backend == Backend::Cuda;
    m_backend->setTextFormat(Qt::RichText);
    m_backend->setWordWrap(true);
    m_backend->setText(
        m_cudaPresent
            ? tr("<b>%1</b><br>The decode core runs on this GPU: cuBLAS for the matrix products, our own kernels "
                 "for attention, norms and sampling; step times by CUDA events, memory by cudaMemGetInfo.")
                  .arg(viewtext::deviceLine(device).toHtmlEscaped())
            : tr("<b>Runs on the CPU</b> (%1). The formulas are the same; the timings are a CPU's.")
                  .arg(viewtext::deviceLine(device).toHtmlEscaped()));
    m_backendChoice->addItem(tr("Auto"), int(BackendChoice::Auto));
    m_backendChoice->addItem(tr("CPU"), int(BackendChoice::Cpu));
    m_backendChoice->addItem(tr("CUDA"), int(BackendChoice::Cuda));
    if (!m_cudaPresent) { // offered only where a device answers; the backend line says why not
        if (auto* model = qobject_cast<QStandardItemModel*>(m_backendChoice->model()))
            model->item(2)->setEnabled(false);
        m_backendChoice->setItemData(2, viewtext::deviceReason(device.reason), Qt::ToolTipRole);
    }
    m_precision->addItem(u"FP32"_s, int(Precision::Fp32));
    m_precision->addItem(u"BF16"_s, int(Precision::Bf16));
    for (QCheckBox* box : {m_none, m_contiguous, m_paged})
        box->setChecked(true);
    for (QCheckBox* box : {m_dynamic, m_int8, m_fp8})
        box->setChecked(false); // the cache kinds: ticked by the teacher when section 9 comes
    m_then->setChecked(false);
    m_thenBatch->setEnabled(false);
    connect(m_then, &QCheckBox::toggled, m_thenBatch, &QWidget::setEnabled);
    m_shown->setEnabled(false);
    updateCudaControls();
    connect(m_backendChoice, &QComboBox::currentIndexChanged, this, &DecodePage::updateCudaControls);
    m_stop->setEnabled(false);

    // Every control and chart explains itself: a tooltip, and What's This with the formula.
    explain(m_layers, tr("Decoder layers L of our GPT (the course's: 8)"),
            tr("Decoder layers L. Each layer holds 12 × width² weights and stores K and V for every token: "
               "KV bytes per token = 2 × L × H_kv × D_head × 4 B in FP32."));
    explain(m_width, tr("Model width d_model (the course's: 512)"),
            tr("Model width d_model. Parameters ≈ 12 × L × width² + (vocabulary + context) × width; the head size is "
               "D_head = width / heads."));
    explain(m_heads, tr("Query heads; the head size is width / heads"),
            tr("Query heads. Each reads all K/V of its group: D_head = width / heads (the CUDA kernels take 64 or "
               "128)."));
    explain(m_kvHeads, tr("K/V heads H_kv, dividing the query heads: MHA = heads, GQA fewer, MQA 1"),
            tr("K/V heads H_kv (a divisor of the query heads). The cache scales with them: KV bytes = 2 × L × B × "
               "tokens × H_kv × D_head × 4 B in FP32."));
    explain(m_batch, tr("Sequences B decoded together"),
            tr("Batch B: sequences decoded together. An uncached step pushes B × (prefix) tokens through the model, a "
               "cached one B tokens; KV bytes = 2 × L × B × tokens × H_kv × D_head × 4 B."));
    explain(m_steps, tr("Tokens generated per sequence"),
            tr("Steps: tokens generated per sequence. Without a cache step t recomputes all prompt + t tokens, so the "
               "uncached work grows with steps²; with one it grows with steps."));
    explain(m_prompt, tr("Random prompt tokens per sequence"),
            tr("Prompt length: seeded random tokens per sequence. A cached mode pushes them through once, in step 0; "
               "the uncached mode again in every step."));
    explain(m_blockSize, tr("Tokens per block of the paged cache"),
            tr("Paged block size. The paged cache holds whole blocks: held bytes = blocks held by all sequences × "
               "block size × 2 × L × H_kv × D_head × 4 B, at most one partly filled block per sequence."));
    explain(m_none, tr("Run without a cache: every step recomputes the whole prefix"),
            tr("No cache: step t pushes all prompt + t tokens of every sequence through the model again. Nothing is "
               "stored: 0 B of cache."));
    explain(m_contiguous, tr("Run with a contiguous cache reserved for the whole length up front"),
            tr("Contiguous cache: one region per sequence sized for prompt + steps tokens from the start; each step "
               "pushes one new token and reads the stored K and V."));
    explain(m_paged, tr("Run with a paged cache that grows block by block"),
            tr("Paged cache: fixed-size blocks handed out in shuffled order as the sequences grow, read through a "
               "block table (PagedAttention)."));
    explain(m_dynamic, tr("Run with a dynamic cache that is reallocated and copied at every step"),
            tr("Dynamic cache (Hugging Face's DynamicCache, torch.cat): each step allocates a cache exactly one token "
               "longer and copies the old one into it, so it holds only the tokens so far, but every step pays a "
               "copy of the whole cache, and during the copy the old and the new cache are held at once."));
    explain(m_int8, tr("Run with K and V stored as INT8, one FP32 scale per token and KV head"),
            tr("INT8 cache: each token's K (and V) vector of each KV head is stored as 8-bit integers with one FP32 "
               "scale (max |x| / 127), reserved up front like the contiguous cache: 8 + 32 / D_head bits per value "
               "instead of 32. Attention dequantizes as it reads. Its tokens and logits are compared with the "
               "contiguous (FP32) cache's."));
    explain(m_fp8, tr("Run with K and V stored as FP8 (E4M3), one FP32 scale per token and KV head; CUDA only"),
            tr("FP8 cache: E4M3 values (3 mantissa bits, up to ±448) with one FP32 scale per token and KV head, "
               "dequantized inside the CUDA attention kernel. FP8 is a GPU format: the CPU backend does not run it."));
    explain(m_graphs,
            tr("Replay the one-token step as a CUDA graph: one launch instead of ~90, so the launch cost of a small "
               "model's step disappears. Needs the CUDA backend."),
            tr("CUDA graphs remove the fixed cost a of step = a + b × tokens (kernel launches); the per-token cost b "
               "stays."));
    explain(m_then, tr("Run the same experiment again at a second batch and predict it from the first"),
            tr("Then at batch: after the first run the same experiment runs at this batch, and the first batch's "
               "two equations (a + b, a + N b) predict its step times, as the course predicts batch 64 from batch 1."));
    explain(m_thenBatch, tr("The second run's batch (the course's: 64)"),
            tr("The batch of the second run. Its cache is this batch / the first batch times larger: KV bytes = 2 × L "
               "× B × tokens × H_kv × D_head × 4 B."));
    explain(m_backendChoice, tr("Where the decode core runs: Auto takes CUDA when a device answers"),
            tr("Backend: CUDA runs cuBLAS and our kernels on the GPU (times by CUDA events); the CPU runs the same "
               "forward pass with BLAS and two threads (times by the steady clock)."));
    explain(m_precision, tr("BF16 halves the weights and the KV cache; it needs the CUDA backend"),
            tr("Precision of the weights, the matrix inputs and the cache: 4 B per value in FP32, 2 B in BF16, so KV "
               "bytes = 2 × L × B × tokens × H_kv × D_head × 2 B in BF16."));
    explain(m_run, tr("Probe 2 steps to estimate the time, then run each checked mode in turn"),
            tr("Run: short probes estimate the run's length, then each checked mode generates the tokens; step "
               "times and the cache held are drawn as they are measured."));
    explain(m_stop, tr("End the run within one step"),
            tr("Stop ends the run within one step. The page then reports only what was measured and names what was "
               "not (no speedup without both modes complete)."));
    explain(m_course1,
            tr("The course's experiment at batch 1: 500 steps, with and without a cache. %1 on the course's RTX 4090; "
               "about 2 min on a 2-core CPU.")
                .arg(formatDuration(kvscope::kCourseDecode.gpuBatch1RunSeconds())),
            tr("Loads the course's batch-1 run: 8 layers, width 512, prompt 1, 500 steps, no cache and contiguous. The "
               "course measured 1.5 and 1.22 ms per step on an RTX 4090 (1.2x) and 3.6x on a CPU."));
    explain(
        m_course64,
        tr("The course's experiment at batch 64: 500 steps, with and without a cache. %1 on the course's RTX 4090, "
           "but about two hours or more on a 2-core CPU (an uncached step recomputes 64 × up to 500 tokens): in class, "
           "press Classroom CPU.")
            .arg(formatDuration(kvscope::kCourseDecode.gpuBatch64RunSeconds())),
        tr("Loads the course's batch-64 run (8 layers, width 512, 500 steps). The course measured 21.8 and 2.7 ms "
           "per step (8.0x); the uncached work is 64 × (1 + 2 + ... + 500) = 8.0 million token passes, hours on a "
           "CPU. The page estimates this machine's time as soon as it is loaded."));
    explain(m_classroom,
            tr("What to press in class on a CPU: the course's model at batch 1, then batch %1, %2 steps each, with and "
               "without a cache. Well under a minute on a 2-core CPU; both gaps show.")
                .arg(kClassroomThenBatch)
                .arg(kClassroomSteps),
            tr("Classroom CPU: the course's 8-layer, width-512 model, prompt 1, %1 steps, no cache and contiguous, at "
               "batch 1 and then batch %2. Batch %2's uncached steps push %3 tokens through the model (%2 × (1 + ... "
               "+ %1)) instead of the course's 8 million, and batch 1's two equations predict batch %2.")
                .arg(kClassroomSteps)
                .arg(kClassroomThenBatch)
                .arg(QLocale().toString(qlonglong(kClassroomThenBatch) * kClassroomSteps * (kClassroomSteps + 1) / 2)));
    explain(m_shown, tr("Which run the charts show"),
            tr("After a run at two batches, pick the batch whose steps the charts draw; the tables list both."));
    explain(m_estimate, tr("How long the run will take on this machine, from short probes"),
            tr("The estimate times 2 steps of each mode at this batch, and 2 steps at batch 1 from the run's mean "
               "prefix; an uncached step costs a + b × tokens (a: a cached step, b: per token at the mean prefix), a "
               "cached step the same every time."));
    explain(m_headline, tr("Uncached time / cached time per step, measured here, beside the course's"),
            tr("Speedup = mean uncached step / mean contiguous-cache step, only where both modes completed. The "
               "course measured 1.2x at batch 1 and 8.0x at batch 64 on an RTX 4090."));
    explain(m_reading, tr("What the run measured, in words"),
            tr("The reading states the speedup, the fixed share of a step (a / (a + b × tokens)) and whether the "
               "tokens agree, and names what a stopped run did not measure."));
    explain(m_timeChart,
            tr("Each point is one measured decode step; the dashed lines are the least-squares model step = a + b × "
               "tokens"),
            tr("Step time: one marker per measured step (circle: no cache, square: contiguous, triangle: paged). The "
               "dashed line of the same colour is step = a + b × (tokens computed in that step), fitted by least "
               "squares over every step of every completed mode."));
    explain(m_memoryChart, tr("Cache memory held after each step (markers) against the formula (dash-dot line)"),
            tr("KV cache held: markers are what our allocator holds after each step (contiguous reserves the whole "
               "length at once, paged grows by blocks, no cache holds 0 B); the line is KV bytes = 2 × L × B × "
               "tokens × H_kv × D_head × 4 B in FP32."));
    explain(m_summary, tr("Per mode: step time, throughput, speedup and the four memory figures"),
            tr("Weights = parameters × 4 B (FP32); KV = 2 × L × B × tokens × H_kv × D_head × 4 B; peak allocated is "
               "our allocator's peak; the process figure is what the system reports (VmRSS, or cudaMemGetInfo)."));
    explain(m_fit, tr("The two-term model step = a + b × tokens against the measured mean step of each mode"),
            tr("Predicted ms per step = a + b × (mean tokens per step), by least squares over the run's steps and by "
               "the course's two equations (a + B b = cached step, a + N b = uncached step). The last column is what "
               "the model misses: measured − predicted."));
    explain(m_fitText, tr("The two fits' a and b"),
            tr("Least squares fits a and b to every step; the course's method solves two equations from two mean "
               "steps. a is the fixed cost of a step, b the cost of each token pushed through the model."));
    explain(m_course, tr("The course's measured figures beside this machine's, with where each came from"),
            tr("Course: the course text's small GPT on an RTX 4090 (and a CPU for batch 1's 3.6x), 500 steps. This "
               "run: measured here, with the steps this run used; fewer steps give a smaller uncached prefix, so a "
               "smaller speedup."));

    auto* settings = new QGroupBox(tr("Model and run"), this);
    auto* settingsLayout = new QVBoxLayout(settings);
    m_fieldGrid = new QGridLayout;
    settingsLayout->addLayout(m_fieldGrid);
    const std::pair<QString, QWidget*> fields[] = {
        {tr("Layers"), m_layers}, {tr("Width"), m_width}, {tr("Heads"), m_heads},   {tr("KV heads"), m_kvHeads},
        {tr("Batch"), m_batch},   {tr("Steps"), m_steps}, {tr("Prompt"), m_prompt}, {tr("Block size"), m_blockSize}};
    for (const auto& [label, widget] : fields) {
        auto* text = new QLabel(label, this);
        text->setBuddy(widget);
        text->setToolTip(widget->toolTip());
        m_fieldPairs.append({text, widget});
    }
    layOutFields(m_fieldGrid, m_fieldPairs, 4);
    auto* backendRow = new QHBoxLayout;
    backendRow->addWidget(new QLabel(tr("Backend"), this));
    backendRow->addWidget(m_backendChoice);
    backendRow->addWidget(new QLabel(tr("Precision"), this));
    backendRow->addWidget(m_precision);
    backendRow->addSpacing(12);
    backendRow->addWidget(m_then);
    backendRow->addWidget(m_thenBatch);
    backendRow->addStretch(1);
    settingsLayout->addLayout(backendRow);
    // Two rows of modes: seven in one were wider than the page beside a projector's lesson column.
    auto* modes = new QGridLayout;
    modes->addWidget(new QLabel(tr("Modes:"), this), 0, 0);
    int mode = 0;
    for (QCheckBox* box : {m_none, m_contiguous, m_paged, m_dynamic, m_int8, m_fp8, m_graphs}) {
        modes->addWidget(box, mode / 4, 1 + mode % 4);
        ++mode;
    }
    modes->setColumnStretch(5, 1);
    settingsLayout->addLayout(modes);
    auto* presets = new QHBoxLayout;
    presets->addWidget(new QLabel(tr("Presets:"), this));
    presets->addWidget(m_classroom);
    presets->addWidget(m_course1);
    presets->addWidget(m_course64);
    presets->addStretch(1);
    settingsLayout->addLayout(presets);
    QFont bold = m_classroom->font();
    bold.setBold(true);
    m_classroom->setFont(bold); // the one a teacher should press on a CPU

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addWidget(new QLabel(tr("Charts show"), this));
    buttons->addWidget(m_shown);
    buttons->addWidget(m_estimate, 1);
    m_estimate->setWordWrap(true);
    m_reading->setWordWrap(true);
    m_reading->setTextFormat(Qt::RichText); // "Not trustworthy" in bold
    m_headline->setWordWrap(true);
    m_fitText->setWordWrap(true);
    m_fitText->setTextFormat(Qt::RichText);

    for (auto [view, title, x, y] :
         {std::tuple{m_timeChart, tr("Step time · dashed: a + b × tokens"), m_timeX, m_timeY},
          std::tuple{m_memoryChart, tr("KV cache held"), m_kvX, m_kvY}}) {
        view->setRenderHint(QPainter::Antialiasing);
        chartstyle::apply(view->chart(), title);
        view->chart()->addAxis(x, Qt::AlignBottom);
        view->chart()->addAxis(y, Qt::AlignLeft);
        view->setMinimumHeight(320);
    }
    auto* charts = new QHBoxLayout;
    charts->addWidget(m_timeChart, 1);
    charts->addWidget(m_memoryChart, 1);
    // The cache kinds side by side: memory at its peak against time per output token.
    m_kindsChart->setRenderHint(QPainter::Antialiasing);
    chartstyle::apply(m_kindsChart->chart(), tr("Cache kinds: KV memory at its peak against TPOT"));
    m_kindsChart->chart()->addAxis(m_kindsX, Qt::AlignBottom);
    m_kindsChart->chart()->addAxis(m_kindsY, Qt::AlignLeft);
    m_kindsChart->setMinimumHeight(300);
    explain(m_kindsChart, tr("One point per cache kind: its TPOT (mean one-token step) and the most KV memory it held"),
            tr("Each point is one cache kind of the run shown: across, its time per output token (the mean of the "
               "steps after the prompt's); up, the most KV cache memory it held in any step (the dynamic cache's "
               "peak is during its copy, old and new together). Down and to the left is better on both."));

    m_summary->setModel(m_summaryModel);
    m_fit->setColumnCount(7);
    m_course->setColumnCount(3);
    for (QTableView* table : std::initializer_list<QTableView*>{m_summary, m_fit, m_course}) {
        table->setTabKeyNavigation(false); // Tab leaves the table instead of walking its cells
        table->verticalHeader()->hide();
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->horizontalHeader()->setStretchLastSection(true);
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        table->setWordWrap(false);
    }
    for (QTableView* table : std::initializer_list<QTableView*>{m_summary, m_fit, m_course}) {
        // Each table as tall as its rows: the page scrolls, the tables do not.
        table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        fitTableToRows(table, {.resizeToContents = false, .scrollBarRoom = true});
    }

    // Everything in one scrolling column, so that nothing is squeezed when the reading grows
    // (presenter mode sets it at headline size) or a small screen is all there is.
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(m_backend);
    layout->addWidget(settings);
    layout->addLayout(buttons);
    layout->addLayout(charts, 1);
    layout->addWidget(m_kindsChart);
    layout->addWidget(m_headline);
    layout->addWidget(m_reading);
    layout->addWidget(m_summary);
    layout->addWidget(m_fitText);
    layout->addWidget(m_fit);
    layout->addWidget(m_course);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    // The thread has no parent: a closing page may leave it to finish a step on its own (see ~DecodePage).
    m_thread->setObjectName(u"decode"_s);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &DecodePage::runRequested, m_worker, &DecodeWorker::run);
    connect(this, &DecodePage::estimateRequested, m_worker, &DecodeWorker::estimate);
    connect(m_worker, &DecodeWorker::estimateReady, this, &DecodePage::onEstimateReady);
    connect(m_worker, &DecodeWorker::stepMeasured, this, &DecodePage::onStep);
    connect(m_worker, &DecodeWorker::finished, this, &DecodePage::onFinished);
    connect(m_worker, &DecodeWorker::estimated, this, [this](double seconds) {
        const int total = int(m_runs.size() + m_queue.size()) + 1;
        const QString which =
            total > 1 ? tr(" (batch %1, run %2 of %3)").arg(m_current.batch).arg(m_runs.size() + 1).arg(total)
                      : QString();
        if (std::isinf(seconds))
            return m_estimate->setText(tr("The short probes alone ran past %1 on this machine%2: this run will take "
                                          "long. Stop and lower the steps, batch or model size.")
                                           .arg(formatDuration(DecodeWorker::kProbeBudgetSeconds), which));
        m_estimate->setText(seconds > 120 ? tr("Estimated %1 on this machine from short probes%2: Stop and lower "
                                               "the steps or batch if that is too long.")
                                                .arg(formatDuration(seconds), which)
                            : seconds < 1
                                ? tr("Estimated under a second from short probes%1.").arg(which)
                                : tr("Estimated %1 from short probes%2.").arg(formatDuration(seconds), which));
    });
    connect(m_worker, &DecodeWorker::failed, this, [this](const QString& message) {
        m_queue.clear();
        setRunning(false);
        showFailure(message);
        emit runsFinished();
    });
    m_thread->start();
    m_frame->setInterval(33);
    connect(m_frame, &QTimer::timeout, this, &DecodePage::flush);
    connect(m_run, &QPushButton::clicked, this, &DecodePage::start);
    connect(m_stop, &QPushButton::clicked, this, &DecodePage::stop);
    connect(m_course1, &QPushButton::clicked, this, [this] { loadCourseExperiment(1); });
    connect(m_course64, &QPushButton::clicked, this, [this] { loadCourseExperiment(64); });
    connect(m_classroom, &QPushButton::clicked, this, &DecodePage::loadClassroomExperiment);
    connect(m_shown, &QComboBox::activated, this, [this](int index) { showRun(index); });
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, &DecodePage::restyle);
    prepareCharts(options()); // empty axes and the formula's line before the first run
    fillCourse();
    restyle();
    m_reading->setText(tr("Press Run: each mode generates the tokens in turn; step times and the cache held appear as "
                          "they are measured, against the formula's line. On a CPU, press Classroom CPU first."));
}

std::any DecodePage::keptState() const {
    return state();
}

void DecodePage::restoreKeptState(const std::any& state) {
    if (const auto* kept = std::any_cast<State>(&state))
        restoreState(*kept);
}

namespace {
// Decode threads whose page closed while they finished a step. Touched on the GUI thread only.
std::vector<QPointer<QThread>>& detachedThreads() {
    static std::vector<QPointer<QThread>> threads;
    return threads;
}

// At QCoreApplication's destruction: a detached run polls its stop per layer and per chunk, so
// it ends within a fraction of a second; wait for it, so that the process does not exit (and
// unload BLAS) under a running product. A thread that does not end in time is left, not killed.
void joinDetachedThreads() {
    for (const QPointer<QThread>& thread : detachedThreads())
        if (thread && thread->wait(QDeadlineTimer(10000)))
            delete thread.data();
    detachedThreads().clear();
}
} // namespace

int DecodePage::detachedWorkers() {
    auto& threads = detachedThreads();
    threads.erase(std::remove_if(threads.begin(), threads.end(), [](const QPointer<QThread>& t) { return !t; }),
                  threads.end());
    return int(threads.size());
}

DecodePage::~DecodePage() {
    // Never block the close on a step: ask the worker to stop, give it a frame, and when it is
    // still inside a step let it finish on its own. The worker lives on its thread and holds
    // nothing of the page (its run's options are copies); disconnecting first means none of
    // its signals reaches this page any more, and its deleteLater is wired to the thread's end.
    m_worker->shutdown();
    disconnect(m_worker, nullptr, this, nullptr);
    m_thread->quit();
    if (m_thread->wait(QDeadlineTimer(kCloseWaitMs))) {
        delete m_thread;
        return;
    }
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    if (m_thread->isFinished()) // it ended between the wait and the connection
        m_thread->deleteLater();
    static const bool joinAtExit = (qAddPostRoutine(joinDetachedThreads), true);
    Q_UNUSED(joinAtExit);
    detachedThreads().emplace_back(m_thread);
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
QString DecodePage::readingText() const {
    return m_reading->text();
}
QString DecodePage::headlineText() const {
    return m_headline->text();
}
int DecodePage::plottedSteps() const {
    return m_plotted;
}
int DecodePage::shownRun() const {
    return m_shownRun;
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
    if (m_dynamic->isChecked())
        o.modes.push_back(CacheMode::Dynamic);
    if (m_int8->isChecked())
        o.modes.push_back(CacheMode::Int8);
    if (m_fp8->isEnabled() && m_fp8->isChecked())
        o.modes.push_back(CacheMode::Fp8);
    o.backend = BackendChoice(m_backendChoice->currentData().toInt());
    o.precision = m_precision->isEnabled() ? Precision(m_precision->currentData().toInt()) : Precision::Fp32;
    o.graphs = m_graphs->isEnabled() && m_graphs->isChecked();
    return o;
}

void DecodePage::updateCudaControls() {
    const bool cuda = m_cudaPresent && BackendChoice(m_backendChoice->currentData().toInt()) != BackendChoice::Cpu;
    m_graphs->setEnabled(cuda);
    m_precision->setEnabled(cuda);
    m_fp8->setEnabled(cuda); // a GPU format
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
    m_dynamic->setChecked(has(CacheMode::Dynamic));
    m_int8->setChecked(has(CacheMode::Int8));
    m_fp8->setChecked(has(CacheMode::Fp8));
    m_backendChoice->setCurrentIndex(m_backendChoice->findData(int(o.backend)));
    m_precision->setCurrentIndex(m_precision->findData(int(o.precision)));
    m_graphs->setChecked(o.graphs);
}

int DecodePage::thenBatch() const {
    return m_then->isChecked() ? m_thenBatch->value() : 0;
}

void DecodePage::setThenBatch(int batch) {
    m_then->setChecked(batch > 0);
    if (batch > 0)
        m_thenBatch->setValue(batch);
}

DecodeOptions DecodePage::courseOptions(int batch) {
    DecodeOptions o; // docs/domain.md section 7: 8 layers, width 512, 500 steps, with and without a cache
    o.batch = std::uint32_t(batch);
    o.steps = kvscope::kCourseDecode.steps;
    o.promptLen = 1;
    o.modes = {CacheMode::None, CacheMode::Contiguous};
    return o;
}

DecodeOptions DecodePage::classroomOptions() {
    // The course's model and modes, 24 steps instead of 500: batch 64's uncached steps push
    // 64 x (1 + ... + 24) = 19,200 tokens through the model instead of 8 million. On a 2-core
    // CPU both batches take about 20 s (under a minute with the machine shared), and the gap
    // shows at both (about 2x and 10x there).
    DecodeOptions o = courseOptions(1);
    o.steps = kClassroomSteps;
    return o;
}

QList<DecodeOptions> DecodePage::plannedRuns() const {
    QList<DecodeOptions> runs{options()};
    if (thenBatch() > 0 && std::uint32_t(thenBatch()) != runs.front().batch) {
        runs.append(runs.front());
        runs.back().batch = std::uint32_t(thenBatch());
    }
    return runs;
}

void DecodePage::requestEstimate(const QList<DecodeOptions>& runs, const QString& what) {
    m_ticket = m_worker->armEstimate(); // drops the previous preset's probe, in flight or queued
    m_estimateWhat = what;
    m_estimateForClassroom = thenBatch() > 0;
    m_estimate->setText(tr("%1 Estimating this machine's time (short probes)...").arg(what));
    emit estimateRequested(runs, m_ticket);
}

void DecodePage::onEstimateReady(double seconds, int ticket) {
    if (ticket != m_ticket || m_running)
        return; // another preset was loaded since, or a run started
    if (seconds < 0) {
        m_estimate->setText(tr("%1 No estimate: press Run to see what stops it.").arg(m_estimateWhat));
        return;
    }
    // Probes past their budget mean a run far longer than a lesson allows: the same advice.
    const QString advice = seconds > 120 && !m_estimateForClassroom
                               ? tr(" Too long for a lesson on this machine: press Classroom CPU (both batches in "
                                    "well under a minute).")
                               : QString();
    if (std::isinf(seconds)) {
        m_estimate->setText(tr("%1 Too long to estimate: the short probes alone ran past %2 on this machine.")
                                .arg(m_estimateWhat, formatDuration(DecodeWorker::kProbeBudgetSeconds)) +
                            advice);
        return;
    }
    m_estimate->setText(
        tr("%1 Estimated %2 on this machine (short probes).%3").arg(m_estimateWhat, formatDuration(seconds), advice));
}

void DecodePage::loadCourseExperiment(int batch) {
    if (m_running)
        return;
    setOptions(courseOptions(batch));
    setThenBatch(0);
    const double gpuSeconds = batch == 64  ? kvscope::kCourseDecode.gpuBatch64RunSeconds()
                              : batch == 1 ? kvscope::kCourseDecode.gpuBatch1RunSeconds()
                                           : 0.0;
    const QString what = gpuSeconds > 0
                             ? tr("The course's experiment at batch %1 (500 steps): %2 on the course's RTX 4090.")
                                   .arg(batch)
                                   .arg(formatDuration(gpuSeconds))
                             : tr("The course's experiment at batch %1 (500 steps).").arg(batch);
    requestEstimate({options()}, what);
}

void DecodePage::loadClassroomExperiment() {
    if (m_running)
        return;
    setOptions(classroomOptions());
    setThenBatch(kClassroomThenBatch);
    requestEstimate(plannedRuns(), tr("Classroom CPU: the course's model at batch 1, then batch %1, %2 steps each, "
                                      "with and without a cache.")
                                       .arg(kClassroomThenBatch)
                                       .arg(kClassroomSteps));
}

void DecodePage::runClassroomExperiment() {
    if (m_running)
        return;
    const DecodeOptions classroom = classroomOptions();
    const auto hasRun = [&](std::uint32_t batch) {
        return std::any_of(m_runs.begin(), m_runs.end(), [&](const Run& run) {
            const DecodeOptions& o = run.options;
            return !run.report.stopped && o.batch == batch && o.steps == classroom.steps &&
                   o.promptLen == classroom.promptLen && o.model.layers == classroom.model.layers &&
                   o.model.width == classroom.model.width && o.model.heads == classroom.model.heads &&
                   o.model.kvHeads == classroom.model.kvHeads && o.modes == classroom.modes;
        });
    };
    if (hasRun(classroom.batch) && hasRun(std::uint32_t(kClassroomThenBatch)))
        return;
    loadClassroomExperiment();
    start();
}

QString DecodePage::formatDuration(double seconds) {
    if (seconds < 90)
        return tr("%1 s").arg(seconds, 0, 'f', seconds < 10 ? 1 : 0);
    if (seconds < 90 * 60)
        return tr("%1 min").arg(seconds / 60.0, 0, 'f', 1);
    return tr("%1 h").arg(seconds / 3600.0, 0, 'f', 1);
}

void DecodePage::setRunning(bool running) {
    m_running = running;
    m_run->setEnabled(!running);
    m_stop->setEnabled(running);
    for (QPushButton* preset : {m_course1, m_course64, m_classroom})
        preset->setEnabled(!running);
    m_shown->setEnabled(!running && m_runs.size() > 1);
    running ? m_frame->start() : m_frame->stop();
}

double DecodePage::tickInterval(double span, int target, bool integral) {
    if (!(span > 0) || target < 1)
        return 1.0;
    const double raw = span / target;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double interval = 10 * magnitude;
    for (const double m : {1.0, 2.0, 5.0})
        if (m * magnitude >= raw * (1 - 1e-9)) {
            interval = m * magnitude;
            break;
        }
    return integral ? std::max(1.0, std::round(interval)) : interval;
}

int DecodePage::labelDecimals(double interval) {
    // Ticks sit at multiples of the interval from 0: as many decimals as the interval has.
    for (int d = 0; d < 9; ++d) {
        const double scaled = interval * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled))
            return d;
    }
    return 9;
}

void DecodePage::setAxis(QValueAxis* a, double top, bool integral) {
    // Integral axes (steps) end at the last step; value axes at the next tick above the top.
    const double interval = tickInterval(top, 5, integral);
    a->setTickInterval(interval);
    a->setRange(0, integral ? std::max(1.0, top) : std::max(interval, std::ceil(top / interval - 1e-9) * interval));
    // One-digit labels are narrower than the "..." Qt Charts keeps beside a vertical axis's title, which
    // then loses its room (Korean's taller line showed it as a bare "⋮"): value axes under 10 get a decimal.
    const int decimals = std::max(labelDecimals(interval), !integral && a->max() < 10 ? 1 : 0);
    a->setLabelFormat(u"%.%1f"_s.arg(decimals));
}

void DecodePage::prepareCharts(const DecodeOptions& o) {
    // Fresh series for this run.
    for (QChart* chart : {m_timeChart->chart(), m_memoryChart->chart(), m_kindsChart->chart()})
        chart->removeAllSeries();
    m_kindPoints.clear();
    m_kvPeak = nullptr;
    m_timePoints.clear();
    m_timeFit.clear();
    m_kvPoints.clear();
    m_pending.clear();
    m_plotted = 0;
    m_stepMs.clear();
    m_timeY->setTitleText(tr("ms per step"));
    m_maxKv = 1;
    for (const CacheMode mode : o.modes) {
        const int key = int(mode);
        auto* points = new QScatterSeries;
        points->setName(shortLabel(mode));
        m_timeChart->chart()->addSeries(points);
        points->attachAxis(m_timeX);
        points->attachAxis(m_timeY);
        m_timePoints[key] = points;
        auto* kv = new QScatterSeries;
        kv->setName(shortLabel(mode));
        m_memoryChart->chart()->addSeries(kv);
        kv->attachAxis(m_kvX);
        kv->attachAxis(m_kvY);
        m_kvPoints[key] = kv;
    }
    for (const CacheMode mode : o.modes) { // after the markers, so that the lines draw over them
        auto* fit = new QLineSeries;
        fit->setName(tr("%1: a + b × tokens").arg(modeLabel(mode)));
        m_timeChart->chart()->addSeries(fit);
        fit->attachAxis(m_timeX);
        fit->attachAxis(m_timeY);
        fit->setVisible(false); // until the run's fit exists; the chart's title says what the dashes are
        m_timeFit[int(mode)] = fit;
    }
    // MiB, or MB when the window shows GB; fixed for the run so that its points share one scale.
    const bool decimal = viewtext::displayUnit() == kvscope::SizeUnit::Decimal;
    m_kvDivisor = decimal ? 1e6 : double(kvscope::MiB);
    m_kvY->setTitleText(decimal ? tr("MB held") : tr("MiB held"));
    // The formula's line: 2 x L x B x tokens x kvHeads x headDim x element bytes, token by token.
    m_kvTheory = new QLineSeries;
    m_kvTheory->setName(tr("formula"));
    QList<QPointF> theory;
    for (std::uint32_t s = 0; s <= o.steps; ++s)
        theory.append(
            {double(s), double(kvBytesByFormula(o.model, o.batch, o.promptLen + s, o.precision)) / m_kvDivisor});
    m_kvTheory->append(theory);
    m_memoryChart->chart()->addSeries(m_kvTheory);
    m_kvTheory->attachAxis(m_kvX);
    m_kvTheory->attachAxis(m_kvY);
    // The dynamic cache's peak in each step (old and new cache during its copy), where it runs.
    if (std::find(o.modes.begin(), o.modes.end(), CacheMode::Dynamic) != o.modes.end()) {
        m_kvPeak = new QScatterSeries;
        m_kvPeak->setName(tr("dynamic: peak during the copy"));
        m_memoryChart->chart()->addSeries(m_kvPeak);
        m_kvPeak->attachAxis(m_kvX);
        m_kvPeak->attachAxis(m_kvY);
    }
    setAxis(m_kindsX, 1.0, false);
    setAxis(m_kindsY, 1.0, false);
    m_kindsY->setTitleText(decimal ? tr("KV cache at its peak, MB") : tr("KV cache at its peak, MiB"));
    // The paged cache may hold up to a block more than the tokens.
    const bool paged = std::find(o.modes.begin(), o.modes.end(), CacheMode::Paged) != o.modes.end();
    m_maxKv =
        double(kvBytesByFormula(o.model, o.batch, o.promptLen + o.steps + (paged ? o.blockSize : 0), o.precision)) /
        m_kvDivisor;
    setAxis(m_timeX, o.steps, true);
    setAxis(m_kvX, o.steps, true);
    setAxis(m_kvY, m_maxKv * 1.1, false);
    setAxis(m_timeY, 1.0, false);
    restyle();
}

void DecodePage::restyle() {
    layOutFields(m_fieldGrid, m_fieldPairs, chartstyle::presenter() ? 2 : 4);
    // Large type needs taller plots, or the vertical axis titles are elided along their length.
    m_timeChart->setMinimumHeight(chartstyle::presenter() ? 460 : 320);
    m_memoryChart->setMinimumHeight(chartstyle::presenter() ? 460 : 320);
    m_kindsChart->setMinimumHeight(chartstyle::presenter() ? 540 : 300);
    // Presenter mode: thicker lines, bigger markers, the headline figures and the reading at headline size.
    const qreal marker = chartstyle::presenter() ? 10.0 : 6.0;
    for (auto& [key, points] : m_timePoints) {
        const CacheMode mode = CacheMode(key);
        for (QScatterSeries* s : {points, m_kvPoints[key]}) {
            if (!s)
                continue;
            s->setColor(modeColor(mode));
            s->setBorderColor(Qt::transparent); // a white border would swallow small markers
            s->setMarkerShape(modeMarker(mode));
            s->setMarkerSize(mode == CacheMode::Paged ? marker * 1.3 : marker);
        }
        if (QLineSeries* fit = m_timeFit[key])
            fit->setPen(QPen(modeColor(mode), chartstyle::lineWidth(2.0), Qt::DashLine));
    }
    if (m_kvTheory)
        m_kvTheory->setPen(QPen(chartstyle::pinned(), chartstyle::lineWidth(1.5), Qt::DashDotLine));
    if (m_kvPeak) {
        m_kvPeak->setColor(modeColor(CacheMode::Dynamic).lighter(130));
        m_kvPeak->setBorderColor(modeColor(CacheMode::Dynamic));
        m_kvPeak->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        m_kvPeak->setMarkerSize(marker * 0.6);
    }
    for (auto& [key, point] : m_kindPoints) {
        point->setColor(modeColor(CacheMode(key)));
        point->setBorderColor(Qt::transparent);
        point->setMarkerShape(modeMarker(CacheMode(key)));
        point->setMarkerSize(marker * 1.6);
        QFont labels = QApplication::font();
        labels.setPointSizeF(chartstyle::bodyPoints());
        point->setPointLabelsFont(labels);
        point->setPointLabelsColor(chartstyle::pinned()); // the palette's ink: readable on light and dark
    }
    m_headline->setFont(chartstyle::headlineFont());
    QFont reading = QApplication::font();
    reading.setPointSizeF(chartstyle::presenter() ? chartstyle::headlinePoints() : chartstyle::bodyPoints() * 1.1);
    m_reading->setFont(reading);
    QFont body = QApplication::font();
    body.setPointSizeF(chartstyle::bodyPoints());
    for (QWidget* w : {static_cast<QWidget*>(m_fitText), static_cast<QWidget*>(m_estimate)})
        w->setFont(body);
}

void DecodePage::start() {
    if (m_running)
        return;
    m_ticket = m_worker->armEstimate(); // no estimate is asked with it: one still in flight or queued is dropped
    const QList<DecodeOptions> runs = plannedRuns();
    // The shape is checked here, before the charts take core's formula of it: the two head
    // spin boxes pass through impossible pairs (8 KV heads, 4 query heads) on the way to a shape.
    try {
        for (const DecodeOptions& run : runs)
            run.model.validate();
    } catch (const kvscope::Error& e) {
        showFailure(QString::fromUtf8(e.what()));
        return;
    }
    m_queue.assign(runs.begin(), runs.end());
    m_runs.clear();
    m_shownRun = -1;
    m_shown->clear();
    m_summaryModel->clear();
    m_fit->setRowCount(0);
    m_fitText->clear();
    m_reading->clear();
    m_headline->clear();
    fillCourse();
    m_sequenceClock.start();
    runNext();
}

void DecodePage::showFailure(const QString& message) {
    m_estimate->setText(u"<span style='color:%1'>%2</span>"_s.arg(chartstyle::bad().name(), message.toHtmlEscaped()));
}

void DecodePage::runNext() {
    m_current = m_queue.front();
    m_queue.erase(m_queue.begin());
    prepareCharts(m_current);
    m_runSteps.clear();
    m_estimate->setText(tr("Probing..."));
    setRunning(true);
    emit runRequested(m_current, m_worker->arm()); // a Stop from now on is this run's
}

void DecodePage::stop() {
    if (!m_running)
        return;
    m_queue.clear(); // the rest of the sequence does not start
    m_worker->stop();
}

void DecodePage::onStep(const StepRecord& step) {
    m_pending.push_back(step);
}

double DecodePage::timeAxisTop(std::vector<double> stepMs, int* offScale) {
    return kvscope::gpu::stepTimeAxisTop(stepMs, offScale); // a stall does not set the scale (gpu/runestimate.h)
}

void DecodePage::appendSteps(const std::vector<StepRecord>& steps) {
    // One append per series for the steps since the last frame.
    std::map<int, QList<QPointF>> times, kv;
    QList<QPointF> peaks;
    for (const StepRecord& s : steps) {
        times[int(s.mode)].append({double(s.step), s.milliseconds});
        kv[int(s.mode)].append({double(s.step), double(s.kvBytesHeld) / m_kvDivisor});
        if (s.mode == CacheMode::Dynamic && s.kvBytesPeak > s.kvBytesHeld) {
            peaks.append({double(s.step), double(s.kvBytesPeak) / m_kvDivisor});
            m_maxKv = std::max(m_maxKv, double(s.kvBytesPeak) / m_kvDivisor);
        }
        m_stepMs.push_back(s.milliseconds);
        m_maxKv = std::max(m_maxKv, double(s.kvBytesHeld) / m_kvDivisor);
    }
    m_plotted += int(steps.size());
    for (auto& [key, points] : times)
        if (auto it = m_timePoints.find(key); it != m_timePoints.end())
            it->second->append(points);
    for (auto& [key, points] : kv)
        if (auto it = m_kvPoints.find(key); it != m_kvPoints.end())
            it->second->append(points);
    if (m_kvPeak && !peaks.isEmpty())
        m_kvPeak->append(peaks);
    int offScale = 0;
    const double top = timeAxisTop(m_stepMs, &offScale);
    m_timeY->setTitleText(offScale > 0 ? tr("ms per step (%n off scale)", "", offScale) : tr("ms per step"));
    setAxis(m_timeY, top, false);
    setAxis(m_kvY, m_maxKv * 1.1, false);
}

void DecodePage::flush() {
    if (m_pending.empty())
        return;
    std::vector<StepRecord> steps;
    steps.swap(m_pending);
    appendSteps(steps);
    if (m_running) {
        m_runSteps.insert(m_runSteps.end(), steps.begin(), steps.end());
        showTimeLeft();
    }
}

void DecodePage::showTimeLeft() {
    // The probes' estimate until every mode still to run has a measured step to price it
    // with; from then on the run's own steps, so a load that starts or stops mid-run shows.
    const double seconds = kvscope::gpu::remainingRunSeconds(m_current, m_runSteps);
    if (seconds < 0)
        return;
    const int total = int(m_runs.size() + m_queue.size()) + 1;
    const QString which =
        total > 1 ? tr(" (batch %1, run %2 of %3)").arg(m_current.batch).arg(m_runs.size() + 1).arg(total) : QString();
    m_estimate->setText(seconds < 1
                            ? tr("Under a second left, from this run's own steps%1.").arg(which)
                            : tr("About %1 left, from this run's own steps%2.").arg(formatDuration(seconds), which));
}

void DecodePage::drawFit(const DecodeReport& r) {
    // The least-squares line at each step's token count, over the steps of every mode.
    if (!r.fitMeasured)
        return;
    for (const ModeResult& m : r.modes) {
        const auto it = m_timeFit.find(int(m.mode));
        if (it == m_timeFit.end() || m.steps.empty())
            continue;
        const std::vector<double> line = predictSteps(r.leastSquares(), m.steps);
        QList<QPointF> points;
        for (std::size_t s = 0; s < line.size(); ++s)
            points.append({double(m.steps[s].step), line[s]});
        it->second->replace(points);
        it->second->setVisible(true);
        for (QLegendMarker* marker : m_timeChart->chart()->legend()->markers(it->second))
            marker->setVisible(false); // one entry per mode: the markers; the title names the dashes
    }
}

void DecodePage::drawKinds(const DecodeReport& r) {
    // One labelled point per cache kind that measured a one-token step: (TPOT mean, KV peak).
    m_kindsChart->chart()->removeAllSeries();
    m_kindPoints.clear();
    double right = 0, top = 0;
    for (const ModeResult& m : r.modes) {
        if (m.mode == CacheMode::None || m.latency.tpotSteps == 0)
            continue;
        auto* point = new QScatterSeries;
        point->setName(shortLabel(m.mode));
        const double y = double(m.peakKvBytes) / m_kvDivisor;
        point->append(m.latency.tpotMeanMs, y);
        // The label is the kind's name (no @ tags: the text as it is).
        point->setPointLabelsFormat(shortLabel(m.mode));
        point->setPointLabelsVisible(true);
        point->setPointLabelsClipping(false);
        m_kindsChart->chart()->addSeries(point);
        point->attachAxis(m_kindsX);
        point->attachAxis(m_kindsY);
        m_kindPoints[int(m.mode)] = point;
        right = std::max(right, m.latency.tpotMeanMs);
        top = std::max(top, y);
    }
    setAxis(m_kindsX, std::max(right * 1.25, 1e-3), false);
    setAxis(m_kindsY, std::max(top * 1.25, 1e-3), false);
    restyle();
}

DecodePage::State DecodePage::state() const {
    return {options(), thenBatch(), m_runs, m_shownRun};
}

void DecodePage::restoreState(const State& s) {
    setOptions(s.options);
    setThenBatch(s.thenBatch);
    if (s.runs.empty())
        return;
    m_runs = s.runs;
    m_shown->clear();
    for (const Run& run : m_runs)
        m_shown->addItem(tr("batch %1").arg(run.report.batch));
    fillSummary();
    fillFit();
    fillCourse();
    fillReading();
    showRun(std::clamp(s.shownRun, 0, int(m_runs.size()) - 1));
    m_shown->setEnabled(m_runs.size() > 1);
}

void DecodePage::showRun(int index) {
    if (index < 0 || index >= int(m_runs.size()) || m_running)
        return;
    const Run& run = m_runs[std::size_t(index)];
    prepareCharts(run.options);
    std::vector<StepRecord> steps;
    for (const ModeResult& m : run.report.modes)
        steps.insert(steps.end(), m.steps.begin(), m.steps.end());
    appendSteps(steps);
    drawFit(run.report);
    drawKinds(run.report);
    m_shownRun = index;
    m_shown->setCurrentIndex(index);
}

void DecodePage::onFinished(const DecodeReport& report) {
    flush();
    if (report.modes.empty()) { // stopped during the probe
        m_queue.clear();
        setRunning(false);
        m_estimate->clear();
        if (m_runs.empty()) {
            m_reading->setText(tr("Stopped before the first step: nothing was measured."));
        } else {
            showRun(int(m_runs.size()) - 1);
            m_reading->setText(
                m_reading->text() + u' ' +
                tr("Batch %1 was stopped before its first step: nothing measured there.").arg(m_current.batch));
        }
        emit runsFinished();
        return;
    }
    m_runs.push_back({m_current, report});
    drawFit(report);
    drawKinds(report);
    m_shownRun = int(m_runs.size()) - 1;
    m_shown->addItem(tr("batch %1").arg(report.batch));
    m_shown->setCurrentIndex(m_shownRun);
    fillSummary();
    fillFit();
    fillCourse();
    fillReading();
    if (!report.stopped && !m_queue.empty())
        return runNext();
    m_queue.clear();
    setRunning(false);
    // The estimate is over: what it took instead, so nothing on screen still counts down.
    const double took = double(m_sequenceClock.elapsed()) / 1000.0;
    m_estimate->setText(report.stopped ? tr("Stopped after %1.").arg(formatDuration(took))
                                       : tr("Done in %1.").arg(formatDuration(took)));
    emit runsFinished();
}

void DecodePage::fillSummary() {
    m_summaryModel->resetData(m_runs);
    m_summary->resizeColumnsToContents();
    fitTableToRows(m_summary, {.resizeToContents = false, .scrollBarRoom = true});
}

void DecodePage::fillFit() {
    // Each run's fits in words, and each mode's mean step against both predictions. From the
    // second run on, the two equations are the first run's: the course's batch-1 a and b
    // predicting batch 64.
    if (m_runs.empty())
        return;
    const DecodeReport& first = m_runs.front().report;
    QStringList lines;
    for (const Run& run : m_runs) {
        const DecodeReport& r = run.report;
        QString leastSquares;
        if (r.fitValid)
            leastSquares = tr("least squares over %1 steps: step = %2 ms + %3 ms × tokens")
                               .arg(r.fitSteps)
                               .arg(ms(r.fitAms), ms(r.fitBms));
        else if (r.fitMeasured)
            leastSquares = tr("least squares does not split the steps into a positive a and b (a = %1 ms, b = %2 ms)")
                               .arg(ms(r.fitSolvedAms), ms(r.fitSolvedBms));
        else
            leastSquares = tr("least squares not measured (no completed mode with steps of different sizes)");
        const TwoPointFit& t = r.twoPoint;
        const QString two = t.measured ? tr("two equations: a + %1 b = %2 ms (%3, one token per sequence), a + %4 b "
                                            "= %5 ms (no cache, mean tokens) give a = %6 ms, b = %7 ms")
                                             .arg(t.cachedTokens, 0, 'f', 0)
                                             .arg(ms(t.cachedMs), modeLabel(t.cachedMode))
                                             .arg(t.uncachedTokens, 0, 'f', 1)
                                             .arg(ms(t.uncachedMs), ms(t.solved.aMs), ms(t.solved.bMs))
                                       : tr("two equations not measured (they need complete runs with and without a "
                                            "cache)");
        const QString physical =
            t.measured && t.constrained
                ? tr("; a negative cost is not physical (noise), so the predictions use the closest line with a, b ≥ "
                     "0: a = %1 ms, b = %2 ms")
                      .arg(ms(t.model.aMs), ms(t.model.bMs))
                : QString();
        lines << tr("<b>Batch %1</b>: %2; %3.").arg(r.batch).arg(leastSquares, two + physical);
    }
    m_fitText->setText(lines.join(u"<br>"_s));

    m_fit->setHorizontalHeaderLabels({tr("Batch"), tr("Cache"), tr("Tokens per step"), tr("Measured ms/step"),
                                      tr("Least squares"), tr("Two equations (batch %1's a, b)").arg(first.batch),
                                      tr("Measured − predicted")});
    int rows = 0;
    for (const Run& run : m_runs)
        rows += int(checkStepModel({}, run.report).size());
    m_fit->setRowCount(rows);
    int row = 0;
    for (const Run& run : m_runs) {
        const DecodeReport& r = run.report;
        const std::vector<ModeCheck> least = checkStepModel(r.leastSquares(), r);
        const std::vector<ModeCheck> two = checkStepModel(first.twoPoint.model, r);
        for (std::size_t i = 0; i < least.size(); ++i) {
            const ModeCheck& c = least[i];
            const QStringList cells{
                QString::number(r.batch),
                modeLabel(c.mode) + (c.completed ? QString() : tr(" (stopped)")),
                QString::number(c.meanTokens, 'f', 1),
                ms(c.measuredMs),
                r.fitMeasured ? ms(c.predictedMs) : u"-"_s,
                first.twoPoint.measured ? ms(two[i].predictedMs) : u"-"_s,
                first.twoPoint.measured
                    ? tr("%1 ms (%2)").arg(signedMs(two[i].missedMs), signedPercent(two[i].missedShare))
                    : u"-"_s};
            for (int col = 0; col < cells.size(); ++col)
                m_fit->setItem(row, col, new QTableWidgetItem(cells[col]));
            ++row;
        }
    }
    m_fit->resizeColumnsToContents();
    fitTableToRows(m_fit, {.resizeToContents = false, .scrollBarRoom = true});
}

void DecodePage::fillCourse() {
    // The course's figures (docs/domain.md section 7) beside this sequence's, each saying where it came from.
    const kvscope::CourseDecodeFigures& c = kvscope::kCourseDecode;
    const kvscope::StepModel course = kvscope::courseStepModel();
    const auto runAt = [&](std::uint32_t batch) -> const DecodeReport* {
        for (auto it = m_runs.rbegin(); it != m_runs.rend(); ++it)
            if (it->report.batch == batch)
                return &it->report;
        return nullptr;
    };
    const DecodeReport* b1 = runAt(1);
    const DecodeReport* b64 = runAt(64);
    const auto notRun = [] { return tr("not run at this batch"); };
    const auto stepPair = [&](const DecodeReport* r) -> QString {
        if (!r)
            return notRun();
        const ModeResult* none = modeIn(*r, CacheMode::None);
        const ModeResult* cached = cachedIn(*r);
        if (!none || !cached || !none->completed || !cached->completed)
            return tr("not measured (a mode stopped or was not run)");
        return tr("%1 / %2 ms").arg(ms(none->msPerStep), ms(cached->msPerStep));
    };
    const auto speedup = [&](const DecodeReport* r) -> QString {
        if (!r)
            return notRun();
        return r->speedupMeasured() ? times(r->speedup) : tr("not measured (a mode stopped or was not run)");
    };
    QString fit = b1 ? tr("not measured (a mode stopped or was not run)") : notRun();
    if (b1 && b1->twoPoint.measured)
        fit = tr("a = %1 ms, b = %2 ms").arg(ms(b1->twoPoint.model.aMs), ms(b1->twoPoint.model.bMs));
    QString predicted = notRun();
    if (b1 && b64 && b1->twoPoint.measured) {
        const std::vector<ModeCheck> checks = checkStepModel(b1->twoPoint.model, *b64);
        const auto find = [&](CacheMode mode) -> const ModeCheck* {
            for (const ModeCheck& m : checks)
                if (m.mode == mode && m.completed)
                    return &m;
            return nullptr;
        };
        const ModeCheck* none = find(CacheMode::None);
        const ModeCheck* cached = find(CacheMode::Contiguous);
        cached = cached ? cached : find(CacheMode::Paged);
        predicted = none && cached ? tr("%1 / %2 ms (measured %3 / %4)")
                                         .arg(ms(none->predictedMs), ms(cached->predictedMs), ms(none->measuredMs),
                                              ms(cached->measuredMs))
                                   : tr("not measured (a mode stopped)");
    } else if (b1 && b64) {
        predicted = tr("not measured (batch 1's two equations are missing)");
    }
    QString thisRun = tr("not run yet");
    if (!m_runs.empty()) {
        const DecodeReport& r = m_runs.front().report;
        thisRun = tr("%1 layers, width %2, %3, %4 steps, prompt %5")
                      .arg(r.model.layers)
                      .arg(r.model.width)
                      .arg(QString::fromStdString(precisionName(r.precision)).toUpper())
                      .arg(r.stepsRequested)
                      .arg(r.promptLen);
    }
    const QList<QStringList> rows{
        {tr("Run"), tr("%1 layers, width %2, FP32, %3 steps, prompt 1").arg(c.layers).arg(c.width).arg(c.steps),
         thisRun},
        {tr("Batch 1: ms/step, no cache / cache"),
         tr("%1 / %2 ms").arg(quoted(c.gpuBatch1UncachedMs), quoted(c.gpuBatch1CachedMs)), stepPair(b1)},
        {tr("Batch 1: speedup"),
         tr("%1 (on the course's CPU: %2)").arg(times(c.gpuBatch1Speedup), times(c.cpuBatch1Speedup)), speedup(b1)},
        {tr("Batch 1: two equations"), tr("a = %1 ms, b = %2 ms").arg(course.aMs, 0, 'f', 2).arg(course.bMs, 0, 'f', 4),
         fit},
        {tr("Batch 64: ms/step, no cache / cache"),
         tr("%1 / %2 ms").arg(quoted(c.gpuBatch64UncachedMs), quoted(c.gpuBatch64CachedMs)), stepPair(b64)},
        {tr("Batch 64: speedup"), times(c.gpuBatch64Speedup), speedup(b64)},
        {tr("Batch 64 from batch 1's a, b: no cache / cache"),
         tr("%1 / %2 ms (measured %3 / %4)")
             .arg(quoted(c.gpuBatch64PredictedUncachedMs), quoted(c.gpuBatch64PredictedCachedMs),
                  quoted(c.gpuBatch64UncachedMs), quoted(c.gpuBatch64CachedMs)),
         predicted},
    };
    const bool cuda = !m_runs.empty() && m_runs.front().report.backend == Backend::Cuda;
    m_course->setHorizontalHeaderLabels(
        {tr("Figure"), tr("Course (RTX 4090, from the course text)"),
         cuda ? tr("This run (CUDA, this machine)") : tr("This run (CPU, this machine)")});
    m_course->setRowCount(int(rows.size()));
    for (int row = 0; row < int(rows.size()); ++row)
        for (int col = 0; col < 3; ++col)
            m_course->setItem(row, col, new QTableWidgetItem(rows[row][col]));
    m_course->resizeColumnsToContents();
    fitTableToRows(m_course, {.resizeToContents = false, .scrollBarRoom = true});
}

void DecodePage::fillReading() {
    // Composed here from the report's fields, through tr(); nothing is claimed that was not measured.
    if (m_runs.empty())
        return;
    const DecodeReport& r = m_runs.back().report;
    QStringList headline;
    for (const Run& run : m_runs)
        headline << (!run.report.speedupMeasured() ? tr("not measured at batch %1").arg(run.report.batch)
                     : !run.report.noise.steady()  ? tr("%1 at batch %2 (not trustworthy: the machine was busy)")
                                                        .arg(times(run.report.speedup))
                                                        .arg(run.report.batch)
                     // A cache cannot make a step slower: below 1x something the probes missed was measured.
                     : run.report.speedup < 1.0
                         ? tr("%1 at batch %2 (below 1x: not trustworthy)")
                               .arg(times(run.report.speedup))
                               .arg(run.report.batch)
                         : tr("%1 at batch %2").arg(times(run.report.speedup)).arg(run.report.batch));
    m_headline->setText(tr("Speedup with a cache: %1 · course (RTX 4090): %2 at batch 1, %3 at batch 64")
                            .arg(headline.join(tr(", ")), times(kvscope::kCourseDecode.gpuBatch1Speedup),
                                 times(kvscope::kCourseDecode.gpuBatch64Speedup)));

    QStringList text;
    // Where it ran, and why, from the report's fields (the reasons gpu/ words in English stay out).
    const DecodeOptions& asked = m_runs.back().options;
    if (r.backend == Backend::Cuda)
        text << tr("On CUDA, %1%2.")
                    .arg(QString::fromStdString(precisionName(r.precision)).toUpper(),
                         r.graphs ? tr(", cached steps replayed as a CUDA graph") : QString());
    else if (asked.backend == BackendChoice::Cpu)
        text << tr("On the CPU, as chosen.");
    else if (r.device.backend != Backend::Cuda)
        text << tr("On the CPU: no CUDA device answered.");
    else if (!cudaSupportsShape(r.model))
        text << tr("On the CPU: the CUDA kernels take a head size of 64 or 128, this model's is %1.")
                    .arg(r.model.headDim());
    else
        text << tr("On the CPU: cuBLAS could not be opened.");
    // How steady the machine was: a busy one measures its load, not the model.
    const RunNoise& noise = r.noise;
    if (noise.loadChanged())
        text << tr("<b>Not trustworthy:</b> this machine's speed changed during the run (a fixed workload timed "
                   "before each mode took %1% longer at its slowest), so these times measure the load as much as the "
                   "model. Close other programs and run again.")
                    .arg(percent(noise.probeSpread));
    else if (noise.scattered())
        text << tr("<b>Not trustworthy:</b> steps of the same size scattered by %1% about their median (%2% or less "
                   "is steady), so these times measure the load as much as the model. Close other programs and run "
                   "again.")
                    .arg(percent(noise.stepScatter), percent(kMaxStepScatter));
    else if (noise.probed() && noise.scatterMeasured())
        text << tr("The machine stayed steady: equal steps within %1% of their median, a fixed workload within %2%.")
                    .arg(percent(noise.stepScatter), percent(noise.probeSpread));
    if (r.speedupMeasured() && r.speedup < 1.0)
        text << tr("At batch %1 the cached steps ran %2 <i>slower</i> than recomputing the prefix: the cache cannot "
                   "make a step slower, so this is the machine's load, not the model.")
                    .arg(r.batch)
                    .arg(times(1.0 / r.speedup));
    else if (r.speedupMeasured())
        text << tr("At batch %1 each cached step pushed %n token(s), one per sequence, instead of the whole prefix, "
                   "and ran %2 faster.",
                   "", int(r.batch))
                    .arg(r.batch)
                    .arg(times(r.speedup));
    else
        text
            << tr("Speedup not measured at batch %1: it needs complete runs without a cache and with a contiguous one.")
                   .arg(r.batch);
    if (r.fitValid)
        text << tr("Fixed cost is %1% of a cached step and %2% of an uncached one (least squares).")
                    .arg(percent(r.fixedCostShareCached), percent(r.fixedCostShareUncached));
    else if (r.fitMeasured)
        text << tr("The two-term model does not split these steps into a positive fixed and per-token cost: too few "
                   "or too noisy steps.");
    else
        text << tr("No two-term fit: no completed mode with steps of different sizes.");
    if (!r.tokensCompared)
        text << tr("Tokens not compared: fewer than two modes completed.");
    else
        text << (r.tokensIdentical ? tr("Every exact mode generated the same tokens.")
                                   : tr("The modes generated DIFFERENT tokens: the cache is wrong."));
    for (const ModeResult& m : r.modes) {
        const Accuracy& a = m.accuracy;
        if (!a.compared || a.isReference || !isQuantized(m.mode))
            continue;
        text << (a.firstDifferentStep < 0
                     ? tr("The %1 kept every greedy token of the contiguous cache; its logits differ by up to %2.")
                           .arg(modeLabel(m.mode), QString::number(a.maxLogitDiff, 'g', 2))
                     : tr("The %1 first chose another token at step %2 (logits up to %3 apart until then); %4 of %5 "
                          "tokens agree.")
                           .arg(modeLabel(m.mode))
                           .arg(a.firstDifferentStep)
                           .arg(QString::number(a.maxLogitDiff, 'g', 2))
                           .arg(a.tokensAgreeing)
                           .arg(a.tokensCompared));
    }
    if (!r.skippedModes.empty())
        text << tr("FP8 was skipped: it needs the CUDA backend.");
    if (r.stopped) {
        for (const ModeResult& m : r.modes)
            if (!m.completed)
                text << tr("Stopped after %1 of %2 steps in the %3 mode.")
                            .arg(m.steps.size())
                            .arg(r.stepsRequested)
                            .arg(modeLabel(m.mode));
        QStringList notRun;
        for (const CacheMode mode : m_runs.back().options.modes)
            if (!modeIn(r, mode))
                notRun << modeLabel(mode);
        if (!notRun.isEmpty())
            text << tr("Not run: %1.").arg(notRun.join(tr(", ")));
    }
    // The course's lesson: batch 1's two equations against a larger batch.
    if (m_runs.size() > 1 && m_runs.front().report.twoPoint.measured) {
        const DecodeReport& first = m_runs.front().report;
        const std::vector<ModeCheck> checks = checkStepModel(first.twoPoint.model, r);
        const ModeCheck* none = nullptr;
        const ModeCheck* cached = nullptr;
        for (const ModeCheck& c : checks) {
            if (c.completed && c.mode == CacheMode::None)
                none = &c;
            if (c.completed && c.mode != CacheMode::None && !cached)
                cached = &c;
        }
        if (none && cached) {
            text << tr("Batch %1's two equations predict %2 ms (no cache) and %3 ms (cache) per step at batch %4; "
                       "measured %5 and %6 ms (%7 and %8 against the prediction).")
                        .arg(first.batch)
                        .arg(ms(none->predictedMs), ms(cached->predictedMs))
                        .arg(r.batch)
                        .arg(ms(none->measuredMs), ms(cached->measuredMs), signedPercent(none->missedShare),
                             signedPercent(cached->missedShare));
            const kvscope::CourseDecodeFigures& c = kvscope::kCourseDecode;
            text << tr("On the course's GPU the same method predicted %1 and %2 ms against %3 and %4 measured; the "
                       "course puts the gap down to reading the cache, which grows with the context and has no term "
                       "in the model.")
                        .arg(quoted(c.gpuBatch64PredictedUncachedMs), quoted(c.gpuBatch64PredictedCachedMs),
                             quoted(c.gpuBatch64UncachedMs), quoted(c.gpuBatch64CachedMs));
            // The course's GPU ran slower than predicted in both modes; a CPU often runs faster, and
            // a class that sees the opposite sign deserves the reason.
            const bool below = none->missedShare < 0 || cached->missedShare < 0;
            if (below && r.backend == Backend::Cpu)
                text << tr("Here a step ran <i>faster</i> than batch %1's a and b predict, the opposite of the "
                           "course's GPU. On a CPU batch 1's b is paid in matrix-vector products, where every token "
                           "reads every weight from memory; at batch %2 one read of the weights serves %2 rows, so a "
                           "token costs less than b. The course's GPU at batch 1 was bound by launching kernels "
                           "instead, so its b was small and batch 64's cache reads came on top.")
                            .arg(first.batch)
                            .arg(r.batch);
            else if (below)
                text << tr("Here a step ran <i>faster</i> than batch %1's a and b predict, the opposite of the "
                           "course's GPU: this device kept more of batch %2's work in parallel than batch %1 used, "
                           "so a token cost less than b.")
                            .arg(first.batch)
                            .arg(r.batch);
        }
    }
    m_reading->setText(text.join(u' '));
}
