#include "controlspanel.h"

#include "chartstyle.h"
#include "dtype.h"
#include "error.h"
#include "gpus.h"
#include "lesson.h"
#include "presets.h"
#include "scenariocontroller.h"
#include "sliderspin.h"
#include "sweep.h"
#include "units.h"
#include "viewtext.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <QLocale>

#include <cmath>
#include <limits>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

QString dtypeItemText(const kvscope::DType& d) {
    return viewtext::dtypeLabel(d);
}

void fillDtypes(QComboBox* combo) {
    for (const auto& d : kvscope::standardDTypes())
        combo->addItem(dtypeItemText(d), QString::fromStdString(d.name()));
}

// Selects the item whose data is `value`, adding it when missing (a dtype from a file).
void selectData(QComboBox* combo, const QVariant& value, const QString& text) {
    int index = combo->findData(value);
    if (index < 0) {
        combo->addItem(text, value);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
}

} // namespace

ControlsPanel::ControlsPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_preset(new QComboBox(this))
    , m_modelNote(new QLabel(this))
    , m_layers(new SliderSpin(this))
    , m_hidden(new SliderSpin(this))
    , m_heads(new SliderSpin(this))
    , m_kvHeads(new QComboBox(this))
    , m_headDim(new SliderSpin(this))
    , m_headDimAuto(new QCheckBox(tr("hidden / heads"), this))
    , m_params(new QDoubleSpinBox(this))
    , m_paramsAuto(new QCheckBox(tr("from the shape"), this))
    , m_context(new SliderSpin(this))
    , m_batch(new SliderSpin(this))
    , m_weightDtype(new QComboBox(this))
    , m_kvDtype(new QComboBox(this))
    , m_gpu(new QComboBox(this))
    , m_gpuMemory(new QDoubleSpinBox(this))
    , m_utilization(new QDoubleSpinBox(this))
    , m_tp(new QComboBox(this))
    , m_speculative(new QComboBox(this))
    , m_draftModel(new QComboBox(this))
    , m_draftTokens(new QSpinBox(this))
    , m_acceptance(new QDoubleSpinBox(this))
    , m_error(new QLabel(this))
    , m_lessonNote(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    // Above the groups, where the class looks for a control the lesson took away.
    m_lessonNote->setObjectName(u"lessonControlsNote"_s);
    m_lessonNote->setWordWrap(true);
    m_lessonNote->setFrameShape(QFrame::StyledPanel);
    m_lessonNote->setMargin(4);
    m_lessonNote->hide();
    layout->addWidget(m_lessonNote);

    auto* modelBox = new QGroupBox(tr("Model"), this);
    auto* modelForm = new QFormLayout(modelBox);
    buildModelGroup(modelForm);
    layout->addWidget(modelBox);
    m_groups << modelBox;
    m_context->setObjectName(u"context"_s);
    m_batch->setObjectName(u"batch"_s);
    m_kvHeads->setObjectName(u"kvHeads"_s);
    m_weightDtype->setObjectName(u"weightDtype"_s);
    m_kvDtype->setObjectName(u"kvDtype"_s);
    m_layers->setObjectName(u"layers"_s);
    m_gpu->setObjectName(u"gpu"_s);
    m_params->setObjectName(u"params"_s);

    auto* workBox = new QGroupBox(tr("Storage and workload"), this);
    auto* workForm = new QFormLayout(workBox);
    fillDtypes(m_weightDtype);
    fillDtypes(m_kvDtype);
    addRow(workForm, Field::WeightDtype, tr("Weight dtype"), m_weightDtype);
    m_weightDtype->setToolTip(tr("How each weight is stored: weights = parameters x bits / 8"));
    m_weightDtype->setWhatsThis(
        tr("The storage format of the weights. Weight bytes = parameters x bits / 8: a 7B model is 26.08 GiB in "
           "FP32, 13.04 in BF16, 6.52 in INT8 and 3.26 in INT4. Grouped formats (INT4-G128) add one FP16 scale per "
           "group, so their bits are a little above 4."));
    addRow(workForm, Field::KvDtype, tr("KV cache dtype"), m_kvDtype);
    m_kvDtype->setToolTip(tr("How each cached key and value is stored: the last factor of the KV formula"));
    m_kvDtype->setWhatsThis(tr("The storage format of the KV cache: it sets the bytes per element in KV = 2 x L x B x "
                               "S x H_kv x D_head x bytes. FP8 halves the cache of BF16; the weights are unaffected."));
    m_context->setLogScale(true);
    m_context->setSuffix(tr(" tok"));
    addRow(workForm, Field::Context, tr("Context"), m_context);
    m_context->setHelp(tr("Tokens per sequence (S): the cache grows linearly with it. Arrows halve or double, "
                          "Page Up/Down multiply or divide by 4"),
                       tr("Tokens kept per sequence: the prompt plus everything generated so far (S in the KV "
                          "formula). Four times the context is four times the cache."));
    m_batch->setRange(1, 1024);
    m_batch->setLogScale(true);
    addRow(workForm, Field::Batch, tr("Batch"), m_batch);
    m_batch->setHelp(tr("Concurrent sequences (B): each keeps its own cache. Arrows halve or double, Page Up/Down "
                        "multiply or divide by 4"),
                     tr("Requests served at the same time (B in the KV formula). Every request keeps its own keys "
                        "and values, so batch x8 is cache x8; the weights are loaded once whatever the batch."));
    layout->addWidget(workBox);
    m_groups << workBox;

    auto* gpuBox = new QGroupBox(tr("GPU"), this);
    auto* gpuForm = new QFormLayout(gpuBox);
    for (const auto& gpu : kvscope::gpuPresets()) {
        // "RTX 4090 (24 GB)": the vendor's prefixes would crowd out the card on a projector.
        const QString name = QString::fromStdString(gpu.name);
        QString shown = name;
        shown.remove(u"NVIDIA "_s).remove(u"GeForce "_s);
        m_gpu->addItem(shown, QString::fromStdString(gpu.id));
        m_gpu->setItemData(m_gpu->count() - 1, name, Qt::ToolTipRole);
    }
    m_gpu->addItem(tr("Custom"), u"custom"_s);
    addRow(gpuForm, Field::Gpu, tr("Card"), m_gpu);
    m_gpu->setToolTip(tr("The GPU whose memory is the budget line"));
    m_gpu->setWhatsThis(tr("The card the scenario runs on. Its memory x utilization is the budget the bars are "
                           "compared with."));
    m_gpuMemory->setRange(1, 2048);
    m_gpuMemory->setDecimals(1);
    m_gpuMemory->setSuffix(tr(" GiB"));
    addRow(gpuForm, Field::GpuMemory, tr("Memory"), m_gpuMemory);
    m_gpuMemory->setToolTip(tr("Memory of one GPU, in GiB (1024^3 bytes)"));
    m_gpuMemory->setWhatsThis(tr("Memory of one card. Changing it makes the card a custom one."));
    m_utilization->setRange(0.30, 1.00);
    m_utilization->setSingleStep(0.01);
    m_utilization->setDecimals(2);
    m_utilization->setToolTip(tr("vLLM's gpu_memory_utilization: the share of the card the server may use"));
    m_utilization->setWhatsThis(tr("vLLM's gpu_memory_utilization. Budget = card memory x utilization; the rest is "
                                   "left for other processes and fragmentation."));
    addRow(gpuForm, Field::Utilization, tr("Utilization"), m_utilization);
    for (int tp : {1, 2, 4, 8, 16})
        m_tp->addItem(QString::number(tp), tp);
    m_tp->setToolTip(tr("Tensor parallelism: weights and KV heads split across this many GPUs"));
    m_tp->setWhatsThis(tr("Tensor parallelism splits the weights and the KV heads evenly across GPUs; with fewer KV "
                          "heads than GPUs each GPU keeps a copy of one head. Figures are per GPU."));
    addRow(gpuForm, Field::TensorParallel, tr("Tensor parallel"), m_tp);
    layout->addWidget(gpuBox);
    m_groups << gpuBox;

    auto* specBox = new QGroupBox(tr("Speculative decoding"), this);
    auto* specForm = new QFormLayout(specBox);
    buildSpeculationGroup(specForm);
    layout->addWidget(specBox);
    m_groups << specBox;

    m_error->setWordWrap(true);
    const auto colourError = [this] { m_error->setStyleSheet(u"color: %1;"_s.arg(chartstyle::bad().name())); };
    colourError();
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, m_error, colourError);
    m_error->hide();
    layout->addWidget(m_error);
    layout->addStretch(1);

    // Workload and GPU edits keep the model as it is.
    connect(m_weightDtype, &QComboBox::currentIndexChanged, this, [this] {
        const QString chosen = m_weightDtype->currentData().toString();
        if (chosen == QLatin1String(kvscope::kStoredWeights)) { // the checkpoint's own bytes (a quantized config)
            m_controller->edit([&](kvscope::Scenario& s) {
                s.weightsAsStored = true;
                if (s.model.stored)
                    s.weightDtype = s.model.stored->rest; // the compute dtype beside the stored matrices
            });
            return;
        }
        const auto d = kvscope::DType::parse(chosen.toStdString());
        m_controller->edit([&](kvscope::Scenario& s) {
            s.weightDtype = d;
            s.weightsAsStored = false;
        });
    });
    connect(m_kvDtype, &QComboBox::currentIndexChanged, this, [this] {
        const auto d = kvscope::DType::parse(m_kvDtype->currentData().toString().toStdString());
        m_controller->edit([&](kvscope::Scenario& s) { s.kvDtype = d; });
    });
    connect(m_context, &SliderSpin::valueChanged, this,
            [this](int v) { m_controller->edit([&](kvscope::Scenario& s) { s.context = std::uint64_t(v); }); });
    connect(m_batch, &SliderSpin::valueChanged, this,
            [this](int v) { m_controller->edit([&](kvscope::Scenario& s) { s.batch = std::uint64_t(v); }); });
    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        const QString id = m_gpu->currentData().toString();
        if (id == u"custom"_s) {
            m_controller->edit([](kvscope::Scenario& s) { s.gpuId = "custom"; });
            return;
        }
        const auto& gpu = kvscope::findGpuPreset(id.toStdString());
        m_controller->edit([&](kvscope::Scenario& s) {
            s.gpuId = gpu.id;
            s.gpuMemoryBytes = gpu.memoryBytes;
        });
    });
    connect(m_gpuMemory, &QDoubleSpinBox::valueChanged, this, [this](double gib) {
        m_controller->edit([&](kvscope::Scenario& s) {
            s.gpuId = "custom";
            s.gpuMemoryBytes = kvscope::bytesFromGiB(gib);
        });
    });
    connect(m_utilization, &QDoubleSpinBox::valueChanged, this,
            [this](double u) { m_controller->edit([&](kvscope::Scenario& s) { s.utilization = u; }); });
    connect(m_tp, &QComboBox::currentIndexChanged, this, [this] {
        const auto tp = std::uint32_t(m_tp->currentData().toInt());
        m_controller->edit([&](kvscope::Scenario& s) { s.tensorParallel = tp; });
    });

    describeRows();
    connect(controller, &ScenarioController::scenarioChanged, this, &ControlsPanel::syncFromScenario);
    connect(controller, &ScenarioController::errorChanged, this, [this](const QString& error) {
        m_error->setText(error);
        m_error->setVisible(!error.isEmpty());
        markRefusedField(error.isEmpty() ? std::nullopt : m_controller->errorField(), error);
        if (!error.isEmpty())
            syncFromScenario(); // put the controls back to the last valid scenario
    });
    syncFromScenario();
}

void ControlsPanel::buildModelGroup(QFormLayout* form) {
    for (const auto& preset : kvscope::modelPresets())
        m_preset->addItem(QString::fromStdString(preset.displayName), QString::fromStdString(preset.id));
    m_preset->addItem(tr("Custom"), u"custom"_s);
    m_preset->setToolTip(tr("A model's shape, as published; loads in the dtype it was published in"));
    m_preset->setWhatsThis(tr("Loads a real model's shape (layers, heads, KV heads, head size) from its Hugging Face "
                              "config, and its weight and cache dtype as published."));
    auto* open = new QPushButton(tr("Open config.json..."), this);
    open->setToolTip(tr("Read any model's shape from its Hugging Face config.json"));
    m_openConfig = open;
    connect(open, &QPushButton::clicked, this, &ControlsPanel::openConfigRequested);
    addRow(form, Field::Model, tr("Preset"), m_preset);
    form->addRow(QString(), open);
    m_modelNote->setWordWrap(true);
    form->addRow(m_modelNote);

    m_layers->setRange(1, 160);
    addRow(form, Field::Layers, tr("Layers"), m_layers);
    m_layers->setHelp(tr("Decoder layers (L): every layer keeps its own K and V"),
                      tr("Transformer blocks (L in the KV formula). Each layer stores one K and one V tensor per "
                         "token, so the cache grows linearly with the layers."));
    m_hidden->setRange(64, 32768);
    m_hidden->setLogScale(true);
    addRow(form, Field::Hidden, tr("Hidden size"), m_hidden);
    m_hidden->setHelp(tr("Model width (d_model); head size = hidden / query heads unless stated"),
                      tr("The width of the residual stream. With no stated head_dim, D_head = hidden / query heads."));
    m_heads->setRange(1, 256);
    addRow(form, Field::Heads, tr("Query heads"), m_heads);
    m_heads->setHelp(tr("Attention heads that ask (queries); they share the KV heads"),
                     tr("Query heads. The naive formula wrongly uses this count in place of the KV heads."));
    m_kvHeads->setToolTip(tr("Only divisors of the query heads: each KV head serves a whole group"));
    m_kvHeads->setWhatsThis(
        tr("Key/value heads (H_kv): MHA keeps one per query head, GQA one per group of query "
           "heads, MQA a single one. The cache is proportional to this number, and it is fixed by the trained "
           "weights."));
    addRow(form, Field::KvHeads, tr("KV heads"), m_kvHeads);
    m_headDim->setRange(8, 512);
    m_headDim->setHelp(tr("Width of one head (D_head)"), tr("Values per head in K and in V (D_head)."));
    m_headDimAuto->setToolTip(tr("Use hidden / query heads"));
    auto* headDimRow = new QWidget(this);
    auto* headDimLayout = new QHBoxLayout(headDimRow);
    headDimLayout->setContentsMargins(0, 0, 0, 0);
    headDimLayout->addWidget(m_headDim, 1);
    headDimLayout->addWidget(m_headDimAuto);
    addRow(form, Field::HeadDim, tr("Head dim"), headDimRow);
    m_params->setRange(0.001, 2000);
    m_params->setDecimals(3);
    m_params->setSuffix(tr(" B", "billions of parameters"));
    m_params->setKeyboardTracking(false);
    m_params->setToolTip(tr("Parameters, in billions"));
    m_params->setWhatsThis(tr("The parameter count P of weights = P x bits / 8. Computed from the shape, or typed "
                              "when unticked."));
    m_paramsAuto->setToolTip(tr("Count the parameters from the shape"));
    auto* paramsRow = new QWidget(this);
    auto* paramsLayout = new QHBoxLayout(paramsRow);
    paramsLayout->setContentsMargins(0, 0, 0, 0);
    paramsLayout->addWidget(m_params, 1);
    paramsLayout->addWidget(m_paramsAuto);
    addRow(form, Field::Params, tr("Parameters"), paramsRow);

    connect(m_preset, &QComboBox::currentIndexChanged, this, &ControlsPanel::applyPreset);
    connect(m_layers, &SliderSpin::valueChanged, this, [this](int v) {
        m_controller->edit([&](kvscope::Scenario& s) { s.model.layers = std::uint32_t(v); }, true);
    });
    connect(m_hidden, &SliderSpin::valueChanged, this, [this](int v) {
        m_controller->edit([&](kvscope::Scenario& s) { s.model.hidden = std::uint32_t(v); }, true);
    });
    connect(m_heads, &SliderSpin::valueChanged, this, [this](int v) {
        m_controller->edit(
            [&](kvscope::Scenario& s) {
                s.model.heads = std::uint32_t(v);
                // Keep the largest KV-head count that still divides the new query heads.
                std::uint32_t kv = std::min(s.model.kvHeads, s.model.heads);
                while (s.model.heads % kv != 0)
                    --kv;
                s.model.kvHeads = kv;
            },
            true);
    });
    connect(m_kvHeads, &QComboBox::currentIndexChanged, this, [this] {
        const auto kv = std::uint32_t(m_kvHeads->currentData().toUInt());
        if (kv == 0)
            return;
        // The rule of the attention page and `kvscope-cli estimate --kv-heads` (core/sweep.h withKvHeads):
        // only the K/V projection weights are re-estimated, a published or typed count keeps the rest.
        kvscope::Scenario next = m_controller->scenario();
        try {
            next.model = kvscope::withKvHeads(next.model, kv);
        } catch (const kvscope::Error&) {
            next.model.kvHeads = kv; // not a divisor: let the controller say why
            next.model.paramsOverride = 0;
        }
        m_controller->setScenario(next, true);
    });
    connect(m_headDim, &SliderSpin::valueChanged, this, [this](int v) {
        m_controller->edit([&](kvscope::Scenario& s) { s.model.headDim = std::uint32_t(v); }, true);
    });
    connect(m_headDimAuto, &QCheckBox::toggled, this, [this](bool automatic) {
        m_controller->edit([&](kvscope::Scenario& s) { s.model.headDim = automatic ? 0 : s.model.effectiveHeadDim(); },
                           true);
    });
    connect(m_params, &QDoubleSpinBox::valueChanged, this, [this](double billions) {
        m_controller->edit([&](kvscope::Scenario& s) {
            s.model.paramsOverride = std::uint64_t(std::llround(billions * 1e9));
            s.model.paramsSource = kvscope::ParamsSource::UserSet; // typed: not the published count
            s.model.paramsKvAdjusted = false;
        });
    });
    connect(m_paramsAuto, &QCheckBox::toggled, this, [this](bool automatic) {
        m_controller->edit([&](kvscope::Scenario& s) {
            s.model.paramsOverride = automatic ? 0 : kvscope::parameterCount(s.model);
            s.model.paramsSource = kvscope::ParamsSource::UserSet;
            s.model.paramsKvAdjusted = false;
        });
    });
}

void ControlsPanel::applyPreset(int index) {
    const QString id = m_preset->itemData(index).toString();
    if (id == u"custom"_s)
        return;
    // A preset loads as published: the course's small GPT in FP32, Llama in BF16.
    m_controller->setScenario(kvscope::withPresetModel(m_controller->scenario(), id.toStdString()), false);
}

QLabel* ControlsPanel::rowLabel(Field field) const {
    for (const Row& row : m_rows)
        if (row.field == field)
            return qobject_cast<QLabel*>(row.form->labelForField(row.widget));
    return nullptr;
}

void ControlsPanel::markRefusedField(std::optional<Field> field, const QString& reason) {
    if (m_marked && m_marked->label) {
        m_marked->label->setText(m_marked->text);
        m_marked->label->setToolTip(m_marked->toolTip);
        m_marked->label->setStyleSheet(QString());
    }
    m_marked.reset();
    QLabel* label = field ? rowLabel(*field) : nullptr;
    if (!label)
        return;
    m_marked = Marked{label, label->text(), label->toolTip()};
    label->setText(tr("⚠ %1").arg(m_marked->text));
    label->setToolTip(tr("Not applied: %1").arg(reason));
    label->setStyleSheet(u"color: %1; font-weight: bold;"_s.arg(chartstyle::bad().name()));
}

void ControlsPanel::addRow(QFormLayout* form, Field field, const QString& label, QWidget* widget) {
    form->addRow(label, widget);
    m_rows.push_back({field, form, widget});
    // A screen reader names every part of the row by its label (the slider and the number
    // box of a SliderSpin, the box and its check box) and reads the tooltip as description.
    QList<QWidget*> parts{widget};
    parts += widget->findChildren<QWidget*>(); // nested too: the slider and box of a SliderSpin inside a row widget
    for (QWidget* part : parts) {
        if (!(part->focusPolicy() & Qt::TabFocus) || qobject_cast<QAbstractSpinBox*>(part->parentWidget()))
            continue;
        if (part->accessibleName().isEmpty())
            part->setAccessibleName(part == widget || !qobject_cast<QAbstractButton*>(part)
                                        ? label
                                        : label + u": "_s + qobject_cast<QAbstractButton*>(part)->text());
    }
}

void ControlsPanel::buildSpeculationGroup(QFormLayout* form) {
    using kvscope::DraftMethod;
    m_speculative->setObjectName(u"speculative"_s);
    m_draftModel->setObjectName(u"draftModel"_s);
    m_draftTokens->setObjectName(u"draftTokens"_s);
    m_acceptance->setObjectName(u"acceptance"_s);
    m_speculative->addItem(tr("Off"), int(DraftMethod::None));
    m_speculative->addItem(tr("N-gram lookup"), int(DraftMethod::Ngram));
    m_speculative->addItem(tr("EAGLE head"), int(DraftMethod::Eagle));
    m_speculative->addItem(tr("Draft model"), int(DraftMethod::Model));
    addRow(form, Field::Speculation, tr("Drafts from"), m_speculative);
    m_speculative->setToolTip(tr("Speculative decoding: a cheap proposer drafts tokens, the model checks them all in "
                                 "one step"));
    m_speculative->setWhatsThis(
        tr("Speculative decoding. N-gram lookup drafts from the text so far (no weights, no cache); an EAGLE head is "
           "one decoder layer fed the model's hidden state; a draft model is a smaller model of the same tokenizer. "
           "Each step the model checks k drafts at once and keeps those it agrees with, plus one of its own. Memory: "
           "the drafter's weights and cache, and k lookahead slots per sequence (2k with an EAGLE head or a draft "
           "model, which drafts again after the check)."));
    for (const kvscope::ModelPresetInfo& preset : kvscope::modelPresets())
        m_draftModel->addItem(QString::fromStdString(preset.displayName), QString::fromStdString(preset.id));
    addRow(form, Field::Speculation, tr("Draft model"), m_draftModel);
    m_draftModel->setToolTip(tr("The smaller model that drafts: it must share the model's tokenizer (KV Scope compares "
                                "only the vocabulary sizes)"));
    m_draftTokens->setRange(1, int(kvscope::kMaxDraftTokens));
    addRow(form, Field::Speculation, tr("Draft tokens (k)"), m_draftTokens);
    m_draftTokens->setToolTip(tr("Tokens drafted per step (vLLM's num_speculative_tokens): each sequence holds k "
                                 "lookahead slots, 2k with an EAGLE head or a draft model"));
    m_acceptance->setRange(0.0, 1.0);
    m_acceptance->setSingleStep(0.05);
    m_acceptance->setDecimals(2);
    addRow(form, Field::Speculation, tr("Acceptance rate"), m_acceptance);
    m_acceptance->setToolTip(tr("The chance each draft token is accepted, given the ones before it were: it sets the "
                                "speedup, not the memory"));
    m_acceptance->setWhatsThis(
        tr("The chance each draft token is accepted, given that the ones before it were. vLLM logs a mean acceptance "
           "length, the tokens a step keeps ((1 - a^(k+1)) / (1 - a) here), and a draft acceptance rate, accepted "
           "over drafted, which is lower than this chance: at 0.7 and k = 3 it reads 51%."));
    connect(m_speculative, &QComboBox::currentIndexChanged, this, [this] {
        const auto method = DraftMethod(m_speculative->currentData().toInt());
        m_controller->edit([&](kvscope::Scenario& s) {
            s.speculation.method = method;
            // core's pick of a draft of the model's vocabulary (a draft model only)
            s.speculation.draftPreset =
                method == DraftMethod::Model ? kvscope::suggestedDraftPreset(s.model) : std::string();
        });
    });
    connect(m_draftModel, &QComboBox::currentIndexChanged, this, [this] {
        const std::string draft = m_draftModel->currentData().toString().toStdString();
        m_controller->edit([&](kvscope::Scenario& s) {
            if (s.speculation.method == DraftMethod::Model)
                s.speculation.draftPreset = draft;
        });
    });
    connect(m_draftTokens, &QSpinBox::valueChanged, this, [this](int k) {
        m_controller->edit([&](kvscope::Scenario& s) { s.speculation.tokens = std::uint32_t(k); });
    });
    connect(m_acceptance, &QDoubleSpinBox::valueChanged, this,
            [this](double a) { m_controller->edit([&](kvscope::Scenario& s) { s.speculation.acceptance = a; }); });
}

void ControlsPanel::describeRows() {
    // After every tooltip is set: each part's description is its tooltip, or its row's.
    for (const Row& row : std::as_const(m_rows)) {
        QList<QWidget*> parts{row.widget};
        parts += row.widget->findChildren<QWidget*>();
        for (QWidget* part : parts)
            if (part->accessibleDescription().isEmpty())
                part->setAccessibleDescription(part->toolTip().isEmpty() ? row.widget->toolTip() : part->toolTip());
    }
}

void ControlsPanel::showOnly(const QList<Field>& fields) {
    // Few rows, large type: each label above its control, which gets the panel's whole width.
    for (const Row& row : std::as_const(m_rows)) {
        row.form->setRowWrapPolicy(QFormLayout::WrapAllRows);
        row.form->setRowVisible(row.widget, fields.contains(row.field));
    }
    m_openConfig->setVisible(false);
    m_modelNote->setVisible(true);
    for (QGroupBox* group : std::as_const(m_groups)) {
        bool any = false;
        for (const Row& row : std::as_const(m_rows))
            any = any || (row.form->parentWidget() == group && fields.contains(row.field));
        group->setVisible(any);
    }
    applyLessonRestrictions();
}

void ControlsPanel::showAllFields() {
    for (const Row& row : std::as_const(m_rows)) {
        row.form->setRowWrapPolicy(QFormLayout::DontWrapRows);
        row.form->setRowVisible(row.widget, true);
    }
    m_openConfig->setVisible(true);
    for (QGroupBox* group : std::as_const(m_groups))
        group->setVisible(true);
    applyLessonRestrictions();
}

void ControlsPanel::setLessonRestrictions(const QStringList& locked, const QStringList& hidden) {
    if (locked == m_lessonLocked && hidden == m_lessonHidden)
        return;
    m_lessonLocked = locked;
    m_lessonHidden = hidden;
    applyLessonRestrictions();
}

void ControlsPanel::applyLessonRestrictions() {
    // Enabled as the scenario allows (an MLA model's KV heads never), unless the lesson locks it; a hidden row is
    // taken off its form (folding shows rows again first, then calls this).
    const bool mla = m_controller->scenario().model.mla.kvLoraRank > 0;
    QStringList lockedLabels, hiddenLabels; // the rows' own labels, as the class reads them on the panel
    for (const std::string& target : kvscope::lessonControlTargets()) {
        const QString name = QString::fromStdString(target);
        auto* control = findChild<QWidget*>(name);
        if (!control)
            continue;
        const bool locked = m_lessonLocked.contains(name);
        control->setEnabled(!locked && !(control == m_kvHeads && mla));
        control->setProperty("lockedByLesson", locked);
        const bool hidden = m_lessonHidden.contains(name);
        for (const Row& row : std::as_const(m_rows)) {
            if (row.widget != control)
                continue;
            if (hidden)
                row.form->setRowVisible(row.widget, false);
            const auto* label = qobject_cast<QLabel*>(row.form->labelForField(row.widget));
            const QString text = label ? QString(label->text()).remove(u'&').remove(u':') : name;
            if (locked)
                lockedLabels << text;
            else if (hidden)
                hiddenLabels << text;
        }
    }
    QStringList note;
    if (!lockedLabels.isEmpty())
        note << tr("This lesson fixes %1: its question is about the value it set.").arg(lockedLabels.join(tr(", ")));
    if (!hiddenLabels.isEmpty())
        note << tr("The lesson hides %1 until it closes.").arg(hiddenLabels.join(tr(", ")));
    if (!lockedLabels.isEmpty())
        note << tr("Every control comes back when the lesson closes.");
    m_lessonNote->setText(note.join(u' '));
    m_lessonNote->setVisible(!note.isEmpty());
}

bool ControlsPanel::isFieldVisible(Field field) const {
    for (const Row& row : m_rows)
        if (row.field == field)
            return row.widget->isVisibleTo(this);
    return false;
}

void ControlsPanel::syncFromScenario() {
    const kvscope::Scenario& s = m_controller->scenario();
    const kvscope::ModelShape& m = s.model;
    const QList<QObject*> controls{m_preset,      m_layers,      m_hidden,     m_heads,       m_kvHeads, m_headDim,
                                   m_headDimAuto, m_params,      m_paramsAuto, m_context,     m_batch,   m_weightDtype,
                                   m_kvDtype,     m_gpu,         m_gpuMemory,  m_utilization, m_tp,      m_speculative,
                                   m_draftModel,  m_draftTokens, m_acceptance};
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QObject* control : controls)
        blockers.push_back(std::make_unique<QSignalBlocker>(control));

    const int presetIndex =
        m_controller->isCustom() ? m_preset->findData(u"custom"_s) : m_preset->findData(QString::fromStdString(m.id));
    m_preset->setCurrentIndex(presetIndex >= 0 ? presetIndex : m_preset->findData(u"custom"_s));
    // A model none of whose layers attends (Mamba) has no attention kind to name: its heads controls size nothing.
    QString note = m.layerCounts().kv == 0 && m.layerCounts().cross == 0
                       ? tr("No attention layer: a fixed state per sequence, no KV cache")
                       : tr("%1 attention").arg(QString::fromStdString(kvscope::attentionKindName(m.attentionKind())));
    if (m.isMoe())
        note += tr(", %1 experts (%2 active)").arg(m.moe.experts).arg(m.moe.expertsPerToken);
    if (m.windowedLayerCount() > 0)
        note += tr(", %1-token sliding window on %2 layers").arg(m.slidingWindow).arg(m.windowedLayerCount());
    if (m.windowedAttention) // the controls below are the full layers'; the sliding ones keep their own heads
        note += tr(" (their own %1 KV heads x %2; the heads and head dim below are the full layers')")
                    .arg(m.windowedAttention->kvHeads)
                    .arg(m.windowedAttention->headDim);
    if (m.maxContext > 0)
        note += tr(", max context %1").arg(QLocale().toString(qulonglong(m.maxContext)));
    if (m_modelNote->text() != note)
        m_modelNote->setText(note);

    // The sliders cover the usual models; an imported shape beyond them widens the range
    // rather than show a clamped number beside figures computed from the real one.
    const auto widen = [](SliderSpin* control, int normalMin, int normalMax, std::uint64_t value) {
        const int top = int(std::max<std::uint64_t>(std::uint64_t(normalMax), value));
        const int bottom = int(std::min<std::uint64_t>(std::uint64_t(normalMin), value));
        if (control->maximum() != top || control->minimum() != bottom)
            control->setRange(bottom, top);
        control->setValue(int(value));
    };
    widen(m_layers, 1, 160, m.layers);
    widen(m_hidden, 64, 32768, m.hidden);
    widen(m_heads, 1, 256, m.heads);
    // The divisor list only changes with the query heads; rebuilding it costs a relayout.
    const bool mla = m.mla.kvLoraRank > 0;
    if (mla) {
        // An MLA model caches one latent per token, not per-head K and V: nothing to choose.
        m_kvHeads->clear();
        m_kvHeads->addItem(tr("latent (MLA): %1 + %2 values").arg(m.mla.kvLoraRank).arg(m.mla.qkRopeHeadDim), 0u);
    } else if (m_kvHeads->count() == 0 || m_kvHeads->itemData(0).toUInt() != m.heads) {
        m_kvHeads->clear();
        for (std::uint32_t kv = m.heads; kv >= 1; --kv) {
            if (m.heads % kv != 0)
                continue;
            const QString kind = kv == m.heads ? u"MHA"_s : kv == 1 ? u"MQA"_s : u"GQA"_s;
            m_kvHeads->addItem(u"%1  (%2)"_s.arg(kv).arg(kind), kv);
        }
    }
    m_kvHeads->setCurrentIndex(mla ? 0 : m_kvHeads->findData(m.kvHeads));
    m_kvHeads->setEnabled(!mla && !m_lessonLocked.contains(m_kvHeads->objectName()));
    if (mla)
        m_kvHeads->setToolTip(tr("This model caches an MLA latent, not per-head K and V"));
    if (mla && m.mla.qkNopeHeadDim > 0) {
        // An MLA head is not hidden / heads wide: show its key (nope + rope), fixed by the model.
        m_headDimAuto->setChecked(false);
        m_headDimAuto->setEnabled(false);
        m_headDim->setEnabled(false);
        widen(m_headDim, 8, 512, m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim);
        m_headDim->setHelp(tr("MLA: each head's key is %1 + %2 values (nope + rope) and its value %3; the cache "
                              "holds the latent, not these")
                               .arg(m.mla.qkNopeHeadDim)
                               .arg(m.mla.qkRopeHeadDim)
                               .arg(m.mla.vHeadDim != 0 ? m.mla.vHeadDim : m.effectiveHeadDim()),
                           tr("Values per head in K and in V (D_head)."));
    } else {
        m_headDimAuto->setEnabled(true);
        m_headDimAuto->setChecked(m.headDim == 0);
        m_headDim->setEnabled(m.headDim != 0);
        m_headDim->setHelp(tr("Width of one head (D_head)"), tr("Values per head in K and in V (D_head)."));
        widen(m_headDim, 8, 512, m.effectiveHeadDim());
    }

    const auto params = kvscope::parameterCount(m);
    m_paramsAuto->setChecked(m.paramsOverride == 0);
    m_params->setEnabled(m.paramsOverride != 0);
    m_params->setValue(double(params) / 1e9);
    // Where the count comes from: published (a preset or config), set by hand, or estimated.
    m_params->setToolTip(
        tr("Parameters, in billions: %1").arg(viewtext::paramsProvenance(kvscope::parameterBreakdown(m))));

    const int maxContext = int(std::min<std::uint64_t>(std::max<std::uint64_t>(m.maxContext, 8192), 1u << 20));
    const int contextMax = std::max(maxContext, int(std::min<std::uint64_t>(s.context, 1u << 24)));
    if (m_context->maximum() != contextMax || m_context->minimum() != 128)
        m_context->setRange(128, contextMax);
    // A scenario file or the command line may go past what the controls show (2^40 tokens, 2^32
    // sequences): they show their end rather than a wrapped int.
    m_context->setValue(int(std::min<std::uint64_t>(s.context, std::uint64_t(contextMax))));
    m_batch->setValue(int(std::min<std::uint64_t>(s.batch, std::uint64_t(std::numeric_limits<int>::max()))));
    // "As stored" is offered while the model is a quantized checkpoint's, and chosen when the scenario says so.
    const QString stored = QString::fromLatin1(kvscope::kStoredWeights);
    if (const int at = m_weightDtype->findData(stored); at >= 0 && !m.stored)
        m_weightDtype->removeItem(at);
    if (m.stored) {
        const QString text = tr("As stored (%1)").arg(QString::fromStdString(m.stored->method));
        if (const int at = m_weightDtype->findData(stored); at < 0)
            m_weightDtype->insertItem(0, text, stored);
        else
            m_weightDtype->setItemText(at, text);
    }
    if (s.weightsAsStored && m.stored)
        m_weightDtype->setCurrentIndex(m_weightDtype->findData(stored));
    else
        selectData(m_weightDtype, QString::fromStdString(s.weightDtype.name()), dtypeItemText(s.weightDtype));
    selectData(m_kvDtype, QString::fromStdString(s.kvDtype.name()), dtypeItemText(s.kvDtype));
    selectData(m_gpu, QString::fromStdString(s.gpuId), QString::fromStdString(s.gpuId));
    m_gpuMemory->setValue(kvscope::toGiB(s.gpuMemoryBytes));
    m_utilization->setValue(s.utilization);
    selectData(m_tp, int(s.tensorParallel), QString::number(s.tensorParallel));
    const kvscope::Speculation& spec = s.speculation;
    m_speculative->setCurrentIndex(std::max(0, m_speculative->findData(int(spec.method))));
    // Empty unless a draft model drafts: a preset shown there would read as part of the scenario.
    m_draftModel->setCurrentIndex(spec.method == kvscope::DraftMethod::Model
                                      ? m_draftModel->findData(QString::fromStdString(spec.draftPreset))
                                      : -1);
    m_draftTokens->setValue(int(spec.tokens));
    m_acceptance->setValue(spec.acceptance);
    // The rest of the group means nothing while speculation is off, and the draft only for a draft model.
    const auto enable = [this](QWidget* control, bool on) {
        control->setEnabled(on && !m_lessonLocked.contains(control->objectName()));
    };
    enable(m_draftModel, spec.method == kvscope::DraftMethod::Model);
    enable(m_draftTokens, spec.enabled());
    enable(m_acceptance, spec.enabled());
}
