#include "explainlogpage.h"

#include "chartstyle.h"
#include "error.h"
#include "inputfile.h"
#include "launchoptions.h"
#include "pagelayout.h"
#include "presets.h"
#include "scenariocontroller.h"
#include "text.h"
#include "units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace Qt::StringLiterals;
using namespace kvscope;

namespace {

// Sizes in the unit the engine prints, with its two decimals: MiB for llama.cpp, else GiB.
// The log's format as the window names it; core's logFormatName stays the JSON's English id.
QString formatName(LogFormat format) {
    switch (format) {
    case LogFormat::VllmV0Blocks:
        return ExplainLogPage::tr("vLLM V0 (# GPU blocks, no memory profile)");
    case LogFormat::VllmV0Profile:
        return ExplainLogPage::tr("vLLM V0 (before 0.7: memory profiling results)");
    case LogFormat::VllmV0Table:
        return ExplainLogPage::tr("vLLM V0 (0.6.5: the memory profiling table)");
    case LogFormat::VllmV0Split:
        return ExplainLogPage::tr("vLLM V0 (0.7.x: weights, non-torch and activation memory apart)");
    case LogFormat::VllmV1:
        return ExplainLogPage::tr("vLLM V1 (available KV cache memory, GPU KV cache size)");
    case LogFormat::LlamaCppKvSelf:
        return ExplainLogPage::tr("llama.cpp (KV self size)");
    case LogFormat::LlamaCppKvCache:
        return ExplainLogPage::tr("llama.cpp (llama_kv_cache: cells, layers, sequences)");
    case LogFormat::SGLang:
        return ExplainLogPage::tr("SGLang (KV Cache is allocated)");
    case LogFormat::Unknown:
        break;
    }
    return ExplainLogPage::tr("an unknown format");
}

QString sizeText(double bytes, bool mebibytes) {
    if (mebibytes)
        return QString::number(bytes / double(MiB), 'f', 2) + u" MiB"_s;
    return QString::number(bytes / double(GiB), 'f', 2) + u" GiB"_s;
}

QString grouped(double value) {
    return QString::fromStdString(groupThousands(static_cast<std::uint64_t>(std::max(value, 0.0))));
}

QString checkValue(LogCheckKind kind, double value, bool mebibytes) {
    switch (kind) {
    case LogCheckKind::ConcurrencyFromTokens:
        return QString::number(value, 'f', 2) + u"x"_s;
    case LogCheckKind::TokensFromKvMemory:
    case LogCheckKind::TokensFromBlocks:
    case LogCheckKind::PoolTokensMatch:
    case LogCheckKind::TokensFromConcurrency:
        return grouped(value);
    default:
        return sizeText(value, mebibytes);
    }
}

QString termValue(CompareTerm term, double value, bool mebibytes) {
    switch (term) {
    case CompareTerm::KvBytesPerToken:
        return grouped(value) + u" B"_s;
    case CompareTerm::KvTokens:
        return grouped(value);
    case CompareTerm::Concurrency:
        return QString::number(value, 'f', 2) + u"x"_s;
    default:
        return sizeText(value, mebibytes);
    }
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

// What failed and why, as the failure line says (the CLI words the same in app/cli/explainlog.cpp).
QString failureText(const ServerLog& l) {
    const bool mib = l.engine == LogEngine::LlamaCpp;
    switch (l.failure.kind) {
    case LogFailureKind::MaxLenDoesNotFit:
        if (l.kvNeeded && l.kvAvailable && l.maxModelLen)
            return ExplainLogPage::tr("one request of max_model_len %1 needs %2 of KV cache, but only %3 is available")
                .arg(QLocale().toString(qulonglong(l.maxModelLen->value)), sizeText(l.kvNeeded->bytes, mib),
                     sizeText(l.kvAvailable->bytes, mib));
        if (l.maxModelLen && l.suggestedMaxModelLen)
            return ExplainLogPage::tr("max_model_len %1 is more than the %2 tokens the KV cache holds")
                .arg(QLocale().toString(qulonglong(l.maxModelLen->value)),
                     QLocale().toString(qulonglong(l.suggestedMaxModelLen->value)));
        return ExplainLogPage::tr("one request of the full max_model_len does not fit in the KV cache");
    case LogFailureKind::NoCacheBlocks:
        return ExplainLogPage::tr("no memory is left for the KV cache blocks: weights, activations and non-torch "
                                  "memory take the whole budget");
    case LogFailureKind::NotEnoughMemory:
        return ExplainLogPage::tr(
            "SGLang found no memory for its KV pool (raise --mem-fraction-static or free GPU memory)");
    case LogFailureKind::WeightsLeaveNoMemory:
        return ExplainLogPage::tr("the loaded weights leave no memory for the KV pool: SGLang's profiled token count "
                                  "is zero or negative");
    case LogFailureKind::NegativeKvMemory:
        return ExplainLogPage::tr(
                   "the KV memory is %1: weights, activations and non-torch memory exceed total x utilization")
            .arg(l.kvMemory ? sizeText(l.kvMemory->bytes, mib) : u"0"_s);
    case LogFailureKind::KvCacheAllocation:
        return ExplainLogPage::tr("llama.cpp could not allocate the KV cache's buffer");
    case LogFailureKind::ComputeBuffers:
        return ExplainLogPage::tr("llama.cpp could not allocate its compute buffers (the activations' memory)");
    case LogFailureKind::OutOfMemory:
        return ExplainLogPage::tr("the GPU ran out of memory");
    case LogFailureKind::ModelLoad:
        return ExplainLogPage::tr("the model could not be loaded");
    case LogFailureKind::EngineFailed:
        return ExplainLogPage::tr("the engine stopped during start-up; the log says no more than that");
    case LogFailureKind::None:
        break;
    }
    return {};
}

constexpr int kDebounceMs = 200; // a paste is one change; typing pauses are longer than this

// The log's text box. A paste the box cannot lay out quickly goes to the page whole instead of into the box.
class LogBox : public QPlainTextEdit {
public:
    using QPlainTextEdit::QPlainTextEdit;
    std::function<bool(const QString&)> takeLarge; // true when it took the text

protected:
    void insertFromMimeData(const QMimeData* source) override {
        if (source->hasText() && takeLarge && takeLarge(source->text()))
            return;
        QPlainTextEdit::insertFromMimeData(source);
    }
};

bool tooLargeToShow(const QString& text) {
    if (text.size() > ExplainLogPage::kShowWholeMaxChars)
        return true;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf(u'\n', start);
        end = end < 0 ? text.size() : end;
        if (end - start > ExplainLogPage::kShowLineMaxChars)
            return true;
        start = end + 1;
    }
    return false;
}

} // namespace

const PageKind& ExplainLogPage::kind() {
    static const PageKind kind{
        .id = u"log"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Explain log"),
        .panel = PanelUse::OwnInputs,
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new ExplainLogPage(controller, parent);
        },
    };
    return kind;
}

ExplainLogPage::ExplainLogPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_text(new LogBox(this))
    , m_open(new QPushButton(tr("Open log..."), this))
    , m_model(new QComboBox(this))
    , m_run(new QComboBox(this))
    , m_runLabel(new QLabel(tr("&Start-up:"), this))
    , m_summary(new QLabel(this))
    , m_figures(new QTableWidget(this))
    , m_terms(new QTableWidget(this))
    , m_view(new QChartView(new QChart, this))
    , m_series(new QStackedBarSeries)
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis)
    , m_differences(new QLabel(this))
    , m_debounce(new QTimer(this)) {
    setObjectName(kind().id);
    m_previewNote = new QLabel(this);
    m_previewNote->setObjectName(u"logPreviewNote"_s);
    m_previewNote->setWordWrap(true);
    m_previewNote->hide();
    static_cast<LogBox*>(m_text)->takeLarge = [this](const QString& text) {
        if (!tooLargeToShow(text))
            return false;
        setLogText(text); // a paste this large replaces the box: it is a whole log
        return true;
    };
    m_text->setObjectName(u"logText"_s);
    m_model->setObjectName(u"logModel"_s);
    m_run->setObjectName(u"logRun"_s);
    m_runLabel->setBuddy(m_run);
    explain(m_run, tr("Which start-up of the paste is explained"),
            tr("A paste that holds a restart (two version banners, a second model load after the first one's "
               "memory lines) is read as one start-up after another, each on its own, never mixed. The last "
               "is shown first."));
    m_summary->setObjectName(u"logSummary"_s);
    m_figures->setObjectName(u"logFigures"_s);
    m_terms->setObjectName(u"logTerms"_s);
    m_view->setObjectName(u"logChart"_s);
    m_figures->setAccessibleName(tr("The log's figures checked"));
    m_terms->setAccessibleName(tr("The server's terms beside KV Scope's"));
    m_view->setAccessibleName(tr("Per GPU: the server's own terms and KV Scope's"));
    m_differences->setObjectName(u"logDifferences"_s);
    setAcceptDrops(true);

    m_text->setPlaceholderText(tr("Paste a vLLM, llama.cpp or SGLang start-up log here, open one, or drop a file "
                                  "on this page."));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->viewport()->installEventFilter(this);
    m_text->installEventFilter(this);
    m_text->setAccessibleName(tr("Server log"));
    explain(m_text, tr("The server's start-up log, as pasted"),
            tr("Paste the lines a server prints while it starts: vLLM's memory profiling and KV cache lines, "
               "llama.cpp's KV self size and buffer sizes, SGLang's KV Cache is allocated line. Timestamps, "
               "colours and lines the terminal wrapped are fine; lines that are not understood are counted "
               "and ignored."));
    explain(m_open, tr("Read a log file of at most 16 MiB"),
            tr("Opens a saved server log. You can also drop a "
               "file on this page."));

    m_model->addItem(tr("The model the log names"), QString());
    if (m_controller) {
        const auto scenarioName = [this] {
            return tr("The scenario's model (%1)")
                .arg(QString::fromStdString(m_controller->scenario().model.displayName));
        };
        m_model->addItem(scenarioName(), u"scenario"_s);
        connect(m_controller, &ScenarioController::scenarioChanged, this, [this, scenarioName] {
            m_model->setItemText(1, scenarioName());
            if (m_model->currentData().toString() == u"scenario"_s)
                explainNow();
        });
    }
    for (const ModelPresetInfo& info : modelPresets())
        m_model->addItem(QString::fromStdString(info.displayName), QString::fromStdString(info.id));
    explain(m_model, tr("The model KV Scope estimates for the comparison"),
            tr("By default the preset whose name the log states (\"meta-llama/Llama-3.1-8B-Instruct\" is "
               "Llama-3.1-8B). Pick one when the log names none or a model KV Scope has no preset for; "
               "the scenario's model is the one a config.json opened in the window describes."));
    auto* modelLabel = new QLabel(tr("&Model:"), this);
    modelLabel->setBuddy(m_model);

    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_differences->setWordWrap(true);
    m_differences->setTextFormat(Qt::RichText);
    m_differences->setTextInteractionFlags(Qt::TextSelectableByMouse);
    explain(m_differences, tr("Why the server's figures and KV Scope's differ"),
            tr("Each difference is named: what the server measured that KV Scope estimates (activation peak, "
               "non-torch memory), what it rounds (whole blocks), what it holds back (utilization) and how it "
               "splits (tensor parallelism)."));

    for (QTableWidget* table : {m_figures, m_terms}) {
        table->verticalHeader()->hide();
        // Rows as tall as their text: presenter mode's 18 pt does not fit the desk's row height.
        table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->setWordWrap(false);
    }
    m_figures->setColumnCount(4);
    m_figures->setHorizontalHeaderLabels({tr("Figure"), tr("Stated in the log"), tr("Recomputed"), tr("Check")});
    m_figures->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < 4; ++column) // widths follow the type size (presenter mode's 18 pt)
        m_figures->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    explain(m_figures, tr("What the log states next to what its other figures imply"),
            tr("Each row recomputes one printed figure from the others: tokens from the KV memory and the bytes "
               "per token in whole blocks, concurrency as tokens / max_model_len, vLLM's subtraction of weights, "
               "activations and non-torch memory from total x utilization, K + V for llama.cpp. A row that does "
               "not agree within the printed rounding is marked ✗ DISAGREES."));
    m_terms->setColumnCount(3);
    m_terms->setHorizontalHeaderLabels({tr("Term"), tr("Server (log)"), tr("KV Scope estimate")});
    m_terms->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_terms->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_terms->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    explain(m_terms, tr("The server's terms beside KV Scope's, one by one"),
            tr("KV Scope's estimate for the same model, dtypes, context, utilization and tensor parallelism. "
               "Its tokens and concurrency are computed for the server's own KV memory, so they test the bytes "
               "per token alone."));

    QChart* chart = m_view->chart();
    chartstyle::apply(chart, tr("Per GPU: the server's own terms and KV Scope's"));
    const QString names[] = {tr("Weights"), tr("Activation peak"), tr("Non-torch memory"), tr("KV cache"),
                             tr("CUDA graphs")};
    const QColor colors[] = {chartstyle::weights(), chartstyle::activations(), chartstyle::runtime(),
                             chartstyle::kvCache(), QColor(0x00, 0x9e, 0x73)};
    for (int i = 0; i < 5; ++i) {
        m_sets[i] = new QBarSet(names[i]);
        m_sets[i]->setColor(colors[i]);
        m_sets[i]->setBorderColor(palette().color(QPalette::Base));
        m_series->append(m_sets[i]);
    }
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsCenter);
    m_series->setLabelsFormat(u"@value"_s);
    m_series->setLabelsPrecision(3);
    chart->addSeries(m_series);
    m_categories->append({tr("Server (log)"), tr("KV Scope estimate")});
    chart->addAxis(m_categories, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_values->setTitleText(tr("GiB per GPU"));
    chartstyle::restyle(chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    explain(m_view, tr("Stacked bars: the server's terms and KV Scope's, per GPU"),
            tr("Left, what the log says each term took; right, KV Scope's estimate of the same terms. A term the "
               "log does not print is left out of its bar (see the table)."));

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_open);
    controls->addSpacing(12);
    controls->addWidget(modelLabel);
    controls->addWidget(m_model);
    controls->addSpacing(12);
    controls->addWidget(m_runLabel);
    controls->addWidget(m_run);
    m_runLabel->hide();
    m_run->hide();
    controls->addStretch(1);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(controls);
    leftLayout->addWidget(m_previewNote);
    leftLayout->addWidget(m_text, 1);
    leftLayout->addWidget(m_summary);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_view, 3);
    rightLayout->addWidget(m_terms, 2);

    auto* top = new QSplitter(Qt::Horizontal, this);
    m_split = top;
    top->addWidget(left);
    top->addWidget(right);
    top->setStretchFactor(0, 2); // the chart and the terms get the larger share
    top->setStretchFactor(1, 3);
    top->setChildrenCollapsible(false);

    auto* layout = scrollingColumn(this);
    layout->addWidget(top, 3);
    layout->addWidget(m_figures, 2);
    layout->addWidget(m_differences);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &ExplainLogPage::explainNow);
    connect(m_text, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    // Edited or pasted over, the text is no longer the file whose bytes were counted, nor the log a preview showed.
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        if (m_settingText)
            return;
        m_fileInvalidUtf8 = 0;
        if (m_preview) {
            m_preview = false;
            m_wholeText.clear();
            m_previewNote->hide();
        }
    });
    connect(m_model, &QComboBox::currentIndexChanged, this, &ExplainLogPage::explainNow);
    connect(m_run, &QComboBox::currentIndexChanged, this, &ExplainLogPage::showRun);
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = recoverDialogPath(QFileDialog::getOpenFileName(this, tr("Open a server log"), QString(),
                                                                            tr("Logs (*.log *.txt);;All files (*)")));
        if (!path.isEmpty())
            openLog(path);
    });
    const auto restyle = [this] {
        arrange();
        QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        if (chartstyle::presenter())
            mono.setPointSizeF(chartstyle::bodyPoints() * 0.8); // the log is read, not presented: a little smaller
        m_text->setFont(mono);
        m_view->setMinimumHeight(chartstyle::presenter() ? 420 : 260);
        for (QBarSet* set : m_sets) // the gap between terms in the background's colour
            set->setBorderColor(palette().color(QPalette::Base));
        scenarioChanged();
    };
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, restyle);
    restyle();
    explainNow();
}

QWidget* ExplainLogPage::exportedChart() const {
    return m_view;
}

std::any ExplainLogPage::keptState() const {
    const QString text = logText();
    return text.isEmpty() ? std::any() : std::any(text);
}

void ExplainLogPage::restoreKeptState(const std::any& state) {
    if (const auto* kept = std::any_cast<QString>(&state))
        setLogText(*kept);
}

void ExplainLogPage::setLogText(const QString& text) {
    showLogText(text, 0);
}

void ExplainLogPage::showLogText(const QString& text, std::size_t invalidUtf8) {
    m_preview = tooLargeToShow(text);
    m_wholeText = m_preview ? text : QString();
    m_settingText = true;
    if (!m_preview) {
        m_text->setPlainText(text);
    } else {
        // The first lines, each cut: what a reader checks the explanation against, laid out in milliseconds.
        QString shown;
        qsizetype start = 0;
        int lines = 0;
        for (; start < text.size() && lines < kPreviewLines; ++lines) {
            qsizetype end = text.indexOf(u'\n', start);
            end = end < 0 ? text.size() : end;
            const qsizetype length = end - start;
            shown += length > kPreviewLineChars
                         ? text.mid(start, kPreviewLineChars) + u"… "_s +
                               tr("(%1 more characters)").arg(QLocale().toString(length - kPreviewLineChars))
                         : text.mid(start, length);
            shown += u'\n';
            start = end + 1;
        }
        m_text->setPlainText(shown);
        const qsizetype total = text.count(u'\n') + (text.endsWith(u'\n') ? 0 : 1);
        m_previewNote->setText(
            tr("A log of %1 characters in %2 lines is too large to show here: the box shows its first %3 lines, each "
               "cut at %4 characters, and the explanation reads all of it. Typing in the box makes what it shows the "
               "log again.")
                .arg(QLocale().toString(text.size()), QLocale().toString(total), QLocale().toString(lines),
                     QLocale().toString(kPreviewLineChars)));
    }
    m_previewNote->setVisible(m_preview);
    m_settingText = false;
    m_fileInvalidUtf8 = invalidUtf8;
    m_debounce->stop();
    explainNow();
}

QString ExplainLogPage::logText() const {
    return m_preview ? m_wholeText : m_text->toPlainText();
}

bool ExplainLogPage::openLog(const QString& path) {
    try {
        // The bytes made valid here, where they enter, counted: the text box holds text, not bytes.
        std::size_t replaced = 0;
        const std::string valid =
            toValidUtf8(readInputFile(argumentBytes(path), kServerLogMaxBytes, "server log"), &replaced);
        showLogText(QString::fromUtf8(valid.data(), qsizetype(valid.size())), replaced);
        return true;
    } catch (const Error& e) {
        m_error = QString::fromUtf8(e.what());
        m_summary->setText(u"<b>✗</b> "_s + tr("Cannot read the log: %1").arg(m_error.toHtmlEscaped()));
        return false;
    }
}

void ExplainLogPage::setModelPreset(const QString& presetId) {
    const int index = m_model->findData(presetId);
    m_model->setCurrentIndex(index >= 0 ? index : 0);
    explainNow();
}

bool ExplainLogPage::eventFilter(QObject* watched, QEvent* event) {
    // A file dropped on the text box is opened, not pasted as its path.
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
        auto* drag = static_cast<QDropEvent*>(event);
        if (drag->mimeData()->hasUrls()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QList<QUrl> urls = drop->mimeData()->urls();
        if (!urls.isEmpty() && urls.first().isLocalFile()) {
            openLog(recoverDialogPath(urls.first().toLocalFile())); // a dropped name that is not UTF-8 too
            drop->acceptProposedAction();
            return true;
        }
    }
    return Page::eventFilter(watched, event);
}

void ExplainLogPage::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().constFirst().isLocalFile())
        event->acceptProposedAction();
}

void ExplainLogPage::dropEvent(QDropEvent* event) {
    openLog(recoverDialogPath(event->mimeData()->urls().constFirst().toLocalFile()));
    event->acceptProposedAction();
}

namespace {
constexpr qsizetype kBackgroundBytes = 1 << 20; // below this a parse takes milliseconds
} // namespace

void ExplainLogPage::explainNow() {
    const int generation = ++m_generation;
    const QString text = logText();
    std::optional<ModelShape> model;
    Outcome outcome;
    try {
        const QString preset = m_model->currentData().toString();
        if (preset == u"scenario"_s && m_controller)
            model = m_controller->scenario().model;
        else if (!preset.isEmpty())
            model = loadPreset(preset.toStdString());
    } catch (const Error& e) {
        outcome.error = QString::fromUtf8(e.what());
    }
    const auto work = [model](const std::string& utf8) {
        Outcome out;
        out.model = model;
        try {
            out.runs = parseServerLogRuns(utf8);
            out.explanation = explainServerLog(out.runs.back(), model);
        } catch (const Error& e) {
            out.error = QString::fromUtf8(e.what());
        }
        return out;
    };
    if (text.trimmed().isEmpty() || !outcome.error.isEmpty()) {
        apply(std::move(outcome));
    } else if (text.size() < kBackgroundBytes) {
        apply(work(text.toStdString()));
    } else {
        m_summary->setText(tr("Reading %1 of log...").arg(QLocale().formattedDataSize(text.size())));
        m_watcher.disconnect(this);
        connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this, generation] {
            if (generation == m_generation)
                apply(m_watcher.result());
        });
        m_watcher.setFuture(QtConcurrent::run(work, text.toStdString()));
    }
}

void ExplainLogPage::apply(Outcome outcome) {
    m_explanation = std::move(outcome.explanation);
    m_runs = std::move(outcome.runs);
    m_runModel = std::move(outcome.model);
    m_error = std::move(outcome.error);
    {
        const QSignalBlocker block(m_run);
        m_run->clear();
        for (const ServerLog& run : m_runs)
            m_run->addItem(
                tr("%1 of %2 (lines %3 to %4)")
                    .arg(run.run)
                    .arg(run.runs)
                    .arg(QLocale().toString(qulonglong(run.firstLine)), QLocale().toString(qulonglong(run.lastLine))));
        m_run->setCurrentIndex(m_run->count() - 1);
    }
    m_run->setVisible(m_runs.size() > 1);
    m_runLabel->setVisible(m_runs.size() > 1);
    scenarioChanged(); // redraws at the next event-loop turn when shown, else when next shown
}

void ExplainLogPage::showRun(int index) {
    if (index < 0 || std::size_t(index) >= m_runs.size())
        return;
    try {
        m_explanation = explainServerLog(m_runs[std::size_t(index)], m_runModel);
        m_error.clear();
    } catch (const Error& e) {
        m_explanation.reset();
        m_error = QString::fromUtf8(e.what());
    }
    scenarioChanged();
}

QString ExplainLogPage::summaryText() const {
    return m_summary->text();
}

void ExplainLogPage::refresh() {
    if (!m_explanation) {
        if (m_error.isEmpty())
            m_summary->setText(tr("Paste a start-up log to see what the server's memory lines say, what they imply "
                                  "and how they compare with KV Scope's estimate."));
        else
            m_summary->setText(u"<b>✗</b> "_s + tr("Cannot explain this text: %1").arg(m_error.toHtmlEscaped()));
        m_figures->setRowCount(0);
        m_terms->setRowCount(0);
        m_differences->clear();
        for (QBarSet* set : m_sets)
            set->remove(0, set->count());
        return;
    }
    const LogExplanation& x = *m_explanation;
    const ServerLog& log = x.log;
    QStringList lines;
    if (log.failed) { // what failed first, and what would have fit where the log says
        lines << u"<b>✗ "_s + tr("Failed to start: %1").arg(failureText(log)).toHtmlEscaped() + u"</b>"_s;
        if (log.failedAllocation)
            lines << tr("The allocation that failed: %1")
                         .arg(sizeText(log.failedAllocation->bytes, log.engine == LogEngine::LlamaCpp))
                         .toHtmlEscaped();
        if (log.suggestedMaxModelLen && log.suggestedFromBlocks)
            lines << tr("The largest max_model_len that fits: %1 tokens (its GPU blocks x block size)")
                         .arg(QLocale().toString(qulonglong(log.suggestedMaxModelLen->value)))
                         .toHtmlEscaped();
        else if (log.suggestedMaxModelLen)
            lines << tr("The largest max_model_len that fits: %1 tokens (the server's own estimate)")
                         .arg(QLocale().toString(qulonglong(log.suggestedMaxModelLen->value)))
                         .toHtmlEscaped();
        if (log.suggestedMemFraction)
            lines << tr("The server's way out: raise --mem-fraction-static above %1")
                         .arg(QString::number(log.suggestedMemFraction->value, 'f', 3))
                         .toHtmlEscaped();
        if (log.failure.line > 0)
            lines << tr("Line %1: %2")
                         .arg(QLocale().toString(qulonglong(log.failure.line)),
                              QString::fromStdString(excerpt(log.failure.text, 160)))
                         .toHtmlEscaped();
    }
    // Named by its engine where no memory line of a known format was printed (a start that failed before it).
    QString engine = log.format == LogFormat::Unknown && log.engine != LogEngine::Unknown
                         ? QString::fromStdString(logEngineName(log.engine))
                         : formatName(log.format);
    engine = log.versionGuessed ? tr("%1, version not printed (told by its lines' format)").arg(engine)
                                : tr("%1, version %2").arg(engine, QString::fromStdString(log.version));
    lines << u"<b>"_s + engine.toHtmlEscaped() + u"</b>"_s;
    if (log.runs > 1)
        lines << tr("Start-up %1 of %2 in this paste (lines %3 to %4); pick another above.")
                     .arg(log.run)
                     .arg(log.runs)
                     .arg(QLocale().toString(qulonglong(log.firstLine)), QLocale().toString(qulonglong(log.lastLine)));
    if (log.engine == LogEngine::LlamaCpp)
        lines << tr("llama.cpp's cache and buffer sizes are totals over its devices, not per GPU.");
    if (!log.model.empty())
        lines << tr("Model in the log: %1").arg(QString::fromStdString(log.model).toHtmlEscaped());
    if (x.model)
        lines << (x.modelSource == LogModelSource::LogName ? tr("Compared with the preset %1 (matched by name)")
                                                           : tr("Compared with %1 (given)"))
                     .arg(QString::fromStdString(x.model->displayName).toHtmlEscaped());
    else
        lines << tr("No preset matches the log's model: pick one to compare with KV Scope's estimate.");
    if (!x.comparisonError.empty())
        lines << u"✗ "_s + tr("No comparison with KV Scope's estimate: %1")
                               .arg(QString::fromStdString(x.comparisonError).toHtmlEscaped());
    lines << tr("Lines: %1 read, %2 understood, %3 ignored")
                 .arg(QLocale().toString(qulonglong(log.lines)), QLocale().toString(qulonglong(log.understood)),
                      QLocale().toString(qulonglong(log.ignored)));
    if (const std::size_t replaced = std::max(log.invalidUtf8, m_fileInvalidUtf8); replaced > 0)
        lines << tr("%n byte sequence(s) were not UTF-8 and are shown as U+FFFD.", nullptr, int(replaced));
    if (!x.recomputed.checks.empty())
        lines << (x.recomputed.consistent() && log.failed
                      ? QString(u"✓ "_s +
                                tr("The log's numbers agree with each other; the server still did not start."))
                  : x.recomputed.consistent()
                      ? QString(u"✓ "_s + tr("The log's numbers agree with each other."))
                      : QString(u"<b>✗ "_s + tr("The log's numbers DISAGREE with each other: see the checks above.") +
                                u"</b>"_s));
    m_summary->setText(lines.join(u"<br>"_s));
    fillFigures();
    fillTerms();
    fillChart();
    fillDifferences();
}

void ExplainLogPage::fillFigures() {
    const LogExplanation& x = *m_explanation;
    const LogRecomputation& r = x.recomputed;
    const bool mib = x.log.engine == LogEngine::LlamaCpp;
    m_figures->setRowCount(0);
    const auto addRow = [&](const QString& name, const QString& stated, const QString& recomputed, const QString& check,
                            bool bad) {
        const int row = m_figures->rowCount();
        m_figures->insertRow(row);
        m_figures->setItem(row, 0, cell(name));
        m_figures->setItem(row, 1, cell(stated, Qt::AlignRight | Qt::AlignVCenter));
        m_figures->setItem(row, 2, cell(recomputed, Qt::AlignRight | Qt::AlignVCenter));
        auto* result = cell(check);
        if (bad) { // the word and the cross say it; bold and the colour only repeat it
            QFont font = result->font();
            font.setBold(true);
            result->setFont(font);
            result->setForeground(chartstyle::bad());
        }
        m_figures->setItem(row, 3, result);
    };
    const ServerLog& log = x.log;
    // What the server stated of its cache's size, each as printed (a figure no check below uses would be missing
    // from the page, where the CLI lists it: a failed start's 229 blocks, a hybrid's token line and concurrency).
    const auto statedRow = [&](const QString& name, const QString& value) {
        addRow(name, value, u"-"_s, QString(), false);
    };
    if (log.maxModelLen)
        statedRow(tr("max_model_len / context"), grouped(double(log.maxModelLen->value)));
    if (log.gpuBlocks)
        statedRow(tr("GPU blocks"), grouped(double(log.gpuBlocks->value)));
    if (log.kvTokens)
        statedRow(tr("KV cache tokens"), grouped(double(log.kvTokens->value)));
    if (log.concurrency)
        statedRow(tr("Maximum concurrency"), QLocale().toString(log.concurrency->value, 'f', 2) + u"x"_s);
    for (const LogRankSize& rank : log.kvMemoryByRank) {
        const bool smallest = rank.rank == log.kvMemoryRank;
        const QString note = !smallest                   ? QString()
                             : r.ranksMayHoldOtherLayers ? tr("the smallest (ranks may hold other layers)")
                                                         : tr("the smallest: vLLM sizes every rank's cache by it");
        addRow(tr("KV cache memory, %1").arg(QString::fromStdString(rank.rank)), sizeText(rank.size.bytes, mib), u"-"_s,
               note, false);
    }
    // ollama's plan, printed before llama.cpp allocates: estimates, so named.
    const auto estimate = [&](const QString& name, const std::optional<LogSize>& size) {
        if (size)
            addRow(name, sizeText(size->bytes, mib), u"-"_s, tr("ollama's estimate, before loading"), false);
    };
    estimate(tr("KV cache memory"), log.estimatedKv);
    estimate(tr("Weights"), log.estimatedWeights);
    estimate(tr("Compute graph"), log.estimatedGraph);
    for (std::size_t i = 0; i < log.kvCaches.size(); ++i) {
        const LogKvCache& c = log.kvCaches[i];
        if (log.kvCaches.size() == 1 && c.kind.empty())
            break; // the one cache is the KV memory's own row
        const QString name = c.kind == "recurrent" ? tr("Recurrent state")
                             : c.kind == "draft"   ? tr("Draft model's KV cache (not in the total)")
                             : c.kind == "latent"  ? tr("MLA latent cache")
                             : c.kind.empty()      ? tr("KV cache")
                                                   : tr("%1 KV cache").arg(QString::fromStdString(c.kind));
        QString stated = sizeText(c.size.bytes, mib);
        if (c.cells > 0)
            stated = tr("%1 (%2 cells, %3 layers)").arg(stated, grouped(double(c.cells)), grouped(double(c.layers)));
        const std::uint64_t perCell = i < r.cacheBytesPerCell.size() ? r.cacheBytesPerCell[i] : 0;
        addRow(name, stated, perCell > 0 ? tr("%1 B per cell").arg(grouped(double(perCell))) : u"-"_s, QString(),
               false);
    }
    if (r.perTokenUndefined && r.ranksMayHoldOtherLayers)
        addRow(tr("KV bytes per token"), u"-"_s, u"-"_s,
               tr("ranks differ and may hold other layers (pipeline stages): no per-token figure"), false);
    else if (r.perTokenUndefined && r.tokenRule == LogTokenRule::BlocksPerGroup)
        addRow(tr("KV bytes per token"), u"-"_s, u"-"_s,
               tr("several KV cache groups (hybrid or sliding-window layers): vLLM's token line is blocks / groups x "
                  "the attention block and undercounts; its concurrency is the figure to trust"),
               false);
    else if (r.perTokenUndefined && r.tokenRule == LogTokenRule::ConcurrencyTimesMaxLen)
        addRow(tr("KV bytes per token"), u"-"_s, u"-"_s,
               tr("vLLM's token line is concurrency x max_model_len, not blocks x block size: no figure per token"),
               false);
    else if (r.perTokenUndefined && r.tokenRule == LogTokenRule::Unknown)
        addRow(tr("KV bytes per token"), u"-"_s, u"-"_s,
               tr("several KV cache groups, and the log does not show which rule made vLLM's token line: no figure "
                  "per token"),
               false);
    else if (r.perTokenUndefined)
        addRow(tr("KV bytes per token"), u"-"_s, u"-"_s,
               log.hybrid ? tr("hybrid: attention pages are as large as the mamba state's; vLLM's token count is "
                               "blocks / groups x block size, so trust its concurrency")
                          : tr("several caches: a token takes a cell in each; see each cache's bytes per cell"),
               false);
    if (r.kvBytesPerTokenAtMost > 0) // one rank's memory over the smallest rank's tokens: a bound
        addRow(
            tr("KV bytes per token"), u"-"_s, tr("at most %1 B").arg(grouped(double(r.kvBytesPerTokenAtMost))),
            x.log.kvMemoryRank.empty()
                ? tr("one rank's KV memory over vLLM's tokens, which are the smallest rank's: a bound, not the figure")
                : tr("%1's KV memory over vLLM's tokens, which are the smallest rank's: a bound, not the figure")
                      .arg(QString::fromStdString(x.log.kvMemoryRank)),
            false);
    if (r.kvBytesPerToken > 0) {
        QString perToken = grouped(double(r.kvBytesPerToken)) + u" B"_s;
        QString note;
        if (r.bytesPerTokenFromModel)
            note = tr("the model's: the log prints no KV size");
        else if (r.bytesPerTokenHigh > r.bytesPerTokenLow)
            note = tr("printed rounding allows %1 to %2")
                       .arg(grouped(double(r.bytesPerTokenLow)), grouped(double(r.bytesPerTokenHigh)));
        addRow(tr("KV bytes per token"), u"-"_s, perToken, note, false);
        if (r.kBytesPerToken > 0)
            addRow(tr("K bytes per token"), u"-"_s, grouped(double(r.kBytesPerToken)) + u" B"_s, QString(), false);
    }
    for (const LogCheck& c : r.checks) {
        QString name;
        switch (c.kind) {
        case LogCheckKind::BudgetFromTotal:
            name = tr("budget = total GPU memory x utilization");
            break;
        case LogCheckKind::KvFromProfileV0:
            name = tr("KV = total x utilization - peak torch memory (weights included) - non-torch");
            break;
        case LogCheckKind::KvFromProfileSplit:
            name = tr("KV = total x utilization - weights - activation peak - non-torch");
            break;
        case LogCheckKind::TokensFromKvMemory:
            name = tr("tokens = KV memory / bytes per token, in whole blocks");
            break;
        case LogCheckKind::TokensFromBlocks:
            name = tr("tokens = blocks x block size");
            break;
        case LogCheckKind::ConcurrencyFromTokens:
            name = tr("concurrency = tokens / max_model_len");
            break;
        case LogCheckKind::KPlusVIsTotal:
            name = tr("KV size = K + V");
            break;
        case LogCheckKind::KvBuffersMatchTotal:
            name = tr("KV size = the KV buffers added up");
            break;
        case LogCheckKind::WeightsFromAvailDrop:
            name = tr("weights = free memory before loading - free memory after");
            break;
        case LogCheckKind::PoolTokensMatch:
            name = tr("#tokens = max_total_num_tokens");
            break;
        case LogCheckKind::KvMemoryNotNegative:
            name = tr("KV memory is not negative");
            break;
        case LogCheckKind::KvFromNonKv:
            name = tr("KV = requested memory - all non-KV memory");
            break;
        case LogCheckKind::TokensFromConcurrency:
            name = tr("tokens = concurrency x max_model_len, rounded down");
            break;
        }
        // A negative KV size is the server's failure, not two figures that disagree.
        const bool negative = c.kind == LogCheckKind::KvMemoryNotNegative && c.result == LogCheckResult::Disagrees;
        QString result = u"≈ "_s + tr("differs, explained below");
        if (negative)
            result = u"✗ "_s + tr("NEGATIVE");
        else if (c.result == LogCheckResult::Agrees)
            result = u"✓ "_s + tr("agrees");
        else if (c.result == LogCheckResult::Disagrees)
            result = u"✗ "_s + tr("DISAGREES");
        const bool single = c.kind == LogCheckKind::KvMemoryNotNegative;
        addRow(name, checkValue(c.kind, c.stated, mib), single ? u"-"_s : checkValue(c.kind, c.recomputed, mib), result,
               c.result == LogCheckResult::Disagrees);
    }
}

void ExplainLogPage::fillTerms() {
    m_terms->setRowCount(0);
    const LogExplanation& x = *m_explanation;
    if (!x.comparison)
        return;
    const bool mib = x.log.engine == LogEngine::LlamaCpp;
    for (const TermComparison& t : x.comparison->terms) {
        QString name;
        switch (t.term) {
        case CompareTerm::Weights:
            name = tr("Weights");
            break;
        case CompareTerm::ActivationPeak:
            name = tr("Activation peak");
            break;
        case CompareTerm::NonTorch:
            name = tr("Non-torch memory");
            break;
        case CompareTerm::KvMemory:
            name = tr("KV cache memory");
            break;
        case CompareTerm::KvBytesPerToken:
            name = tr("KV bytes per token");
            break;
        case CompareTerm::KvTokens:
            name = tr("KV cache tokens");
            break;
        case CompareTerm::Concurrency:
            name = tr("Maximum concurrency");
            break;
        }
        const int row = m_terms->rowCount();
        m_terms->insertRow(row);
        m_terms->setItem(row, 0, cell(name));
        // A figure the server printed, or one its lines add up to (said so): never the second shown as the first.
        QString server = tr("not in the log");
        if (t.hasServer && t.serverRecomputed)
            server = tr("%1 (from its lines)").arg(termValue(t.term, t.server, mib));
        else if (t.hasServer)
            server = termValue(t.term, t.server, mib);
        auto* serverCell = cell(server, Qt::AlignRight | Qt::AlignVCenter);
        if (t.hasServer && t.serverLine > 0)
            serverCell->setToolTip(t.serverRecomputed
                                       ? tr("Recomputed from line %1 and the lines like it").arg(t.serverLine)
                                       : tr("Printed on line %1").arg(t.serverLine));
        m_terms->setItem(row, 1, serverCell);
        m_terms->setItem(row, 2, cell(termValue(t.term, t.kvscope, mib), Qt::AlignRight | Qt::AlignVCenter));
    }
}

QStringList ExplainLogPage::barCategories() const {
    return m_categories->categories();
}

void ExplainLogPage::fillChart() {
    for (QBarSet* set : m_sets)
        set->remove(0, set->count());
    const LogExplanation& x = *m_explanation;
    // Core's two bars (server, KV Scope), drawn in GiB.
    const LogBars bars = logBars(x);
    for (std::size_t i = 0; i < kLogBarTerms; ++i)
        *m_sets[i] << bars.server[i] / double(GiB) << bars.kvscope[i] / double(GiB);
    const double top = std::max(bars.serverTotal, bars.kvscopeTotal) / double(GiB);
    chartstyle::setValueRange(m_values, std::max(top * 1.05, 0.1));
    m_series->setLabelsVisible(chartstyle::presenter());
    // Value labels a room can read, as on the memory page's bars.
    QFont labels = font();
    labels.setPointSizeF(chartstyle::bodyPoints());
    labels.setBold(true);
    for (QBarSet* set : m_sets)
        set->setLabelFont(labels);
    // The model goes under KV Scope's bar, so that the title stays short enough for a projector.
    // llama.cpp's figures are totals over its devices: the chart says so rather than "per GPU".
    const bool totals = x.log.engine == LogEngine::LlamaCpp;
    m_view->chart()->setTitle(totals ? tr("Over all devices: the server's own terms and KV Scope's")
                                     : tr("Per GPU: the server's own terms and KV Scope's"));
    m_values->setTitleText(totals ? tr("GiB over all devices") : tr("GiB per GPU"));
    // A log that prints no size (only blocks, tokens, a failure) draws an empty bar: the axis says why.
    m_categories->replace(m_categories->at(0),
                          bars.serverTotal > 0 ? tr("Server (log)") : tr("Server (log): no sizes printed"));
    m_categories->replace(m_categories->at(1),
                          x.model ? tr("KV Scope: %1").arg(QString::fromStdString(x.model->displayName))
                                  : tr("KV Scope: pick a model"));
    chartstyle::restyle(m_view->chart());
}

void ExplainLogPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    arrange();
}

void ExplainLogPage::arrange() {
    // Stacked, the chart gets the page's whole width and the page scrolls.
    const bool stacked = chartstyle::presenter() || width() < kSideBySideMinWidth;
    if (m_split)
        m_split->setOrientation(stacked ? Qt::Vertical : Qt::Horizontal);
    m_text->setMinimumHeight(stacked ? m_text->fontMetrics().lineSpacing() * 8 : 0); // the log stays readable
}

void ExplainLogPage::fillDifferences() {
    const LogExplanation& x = *m_explanation;
    if (!x.comparison || x.comparison->differences.empty()) {
        m_differences->clear();
        return;
    }
    const bool mib = x.log.engine == LogEngine::LlamaCpp;
    const auto size = [&](double bytes) { return sizeText(bytes, mib); };
    QStringList items;
    for (const LogDifference& d : x.comparison->differences) {
        QString text;
        switch (d.kind) {
        case DifferenceKind::ActivationPeak:
            text = tr("activation peak: the server measured %1 in its profiling run; KV Scope estimates %2 for one "
                      "prefill chunk")
                       .arg(size(d.server), size(d.kvscope));
            break;
        case DifferenceKind::NonTorchMemory:
            text = tr("non-torch memory (CUDA context, NCCL, cuBLAS): the server measured %1; KV Scope assumes a "
                      "typical %2")
                       .arg(size(d.server), size(d.kvscope));
            break;
        case DifferenceKind::BlockRounding:
            text = tr("block rounding: the cache is whole blocks of %1 tokens (%2 each), so %3 of the KV memory stays "
                      "unused")
                       .arg(QString::number(x.recomputed.blockSize),
                            QString::fromStdString(formatBytes(std::uint64_t(std::max(d.kvscope, 0.0)))),
                            QString::fromStdString(formatBytes(std::uint64_t(std::max(d.server, 0.0)))));
            break;
        case DifferenceKind::Utilization:
            text = tr("utilization: the server may use %1 of the card and holds back %2")
                       .arg(QString::number(d.kvscope, 'f', 2), size(d.server));
            break;
        case DifferenceKind::TensorParallel:
            text = tr("tensor parallelism: every figure is per GPU of %1; the weights are split and each GPU keeps "
                      "%2 KV heads")
                       .arg(grouped(d.server), grouped(d.kvscope));
            break;
        case DifferenceKind::SlidingOrHybrid:
            text = tr("sliding window: %1 layers keep only the last %2 tokens, so vLLM's concurrency is not tokens "
                      "/ max_model_len")
                       .arg(grouped(d.kvscope), grouped(d.server));
            break;
        case DifferenceKind::WeightsDiffer:
            text = tr("weights: the server loaded %1; parameters x dtype give %2 (quantization scales, extra or tied "
                      "tensors)")
                       .arg(size(d.server), size(d.kvscope));
            break;
        case DifferenceKind::KvPerTokenDiffers:
            text = tr("KV bytes per token: the log implies %1 B, the model's shape gives %2 B: another model, cache "
                      "dtype or TP split?")
                       .arg(grouped(d.server), grouped(d.kvscope));
            break;
        case DifferenceKind::RequestPool:
            text = tr("memory pools: SGLang took %1 but K + V are %2; the rest is its request-to-token table")
                       .arg(size(d.server), size(d.kvscope));
            break;
        case DifferenceKind::CudaGraphs:
            text = tr("CUDA graphs: %1 taken after the KV cache was sized, outside KV Scope's sum").arg(size(d.server));
            break;
        case DifferenceKind::ComputeBuffers:
            text = tr("compute buffers: llama.cpp reserves %1 for activations; KV Scope estimates %2")
                       .arg(size(d.server), size(d.kvscope));
            break;
        case DifferenceKind::ServerFailed:
            text = tr("the server failed to start: its KV memory is %1, so weights, activations and non-torch memory "
                      "exceed total x utilization")
                       .arg(size(d.server));
            break;
        }
        items << u"<li>"_s + text.toHtmlEscaped() + u"</li>"_s;
    }
    m_differences->setText(u"<b>"_s + tr("Why they differ:").toHtmlEscaped() + u"</b><ul>"_s + items.join(QString()) +
                           u"</ul>"_s);
}
