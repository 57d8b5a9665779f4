#include "attentionpage.h"

#include "attentiontablemodel.h"
#include "chartstyle.h"
#include "kvformula.h"
#include "pagelayout.h"
#include "scenariocontroller.h"
#include "sweep.h"
#include "viewtext.h"
#include "wraplabel.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

using namespace Qt::StringLiterals;

const PageKind& AttentionPage::kind() {
    static const PageKind kind{
        .id = u"attention"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Attention"),
        .presenterFields = {kvscope::ScenarioField::Model, kvscope::ScenarioField::KvHeads,
                            kvscope::ScenarioField::KvDtype, kvscope::ScenarioField::Context,
                            kvscope::ScenarioField::Batch, kvscope::ScenarioField::Gpu},
        .quizFigures = {u"attentionChart"_s, u"naiveFormula"_s, u"attentionTable"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new AttentionPage(controller, parent);
        },
    };
    return kind;
}

AttentionPage::AttentionPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_view(new QChartView(new QChart, this))
    , m_perToken(new QBarSet(tr("KV cache per token")))
    , m_naive(new WrapLabel(this))
    , m_model(new AttentionTableModel(this))
    , m_table(new QTableView(this)) {
    setObjectName(kind().id);
    m_view->setObjectName(u"attentionChart"_s);
    m_naive->setObjectName(u"naiveFormula"_s);
    m_table->setObjectName(u"attentionTable"_s);
    m_view->setAccessibleName(tr("KV cache per token by attention kind"));
    m_table->setAccessibleName(tr("Attention kinds compared"));
    m_view->setToolTip(tr("KV bytes per token for MHA, GQA and MQA of the same model"));
    m_view->setWhatsThis(tr("Per token the cache holds 2 x L x H_kv x D_head x bytes. MHA keeps a KV head per query "
                            "head, GQA one per group, MQA a single one: fewer K/V heads stored, a smaller cache. The "
                            "bar of this model is darker."));
    m_naive->setToolTip(tr("The formula with query heads in place of KV heads, against the real one"));
    m_naive->setWhatsThis(tr("Some texts put the query heads where the KV heads belong (or the hidden size where KV "
                             "heads x head size belong). For a GQA model that overstates the cache by query heads / "
                             "KV heads."));
    m_table->setToolTip(tr("Each attention kind's cache now and the largest batch that fits the budget"));
    m_table->setWhatsThis(tr("The largest batch is the number of sequences at this context whose cache fits next to "
                             "the weights in the budget. A trained model's KV heads are part of its weights: this "
                             "compares designs, it is not a setting you can change at inference time."));
    m_table->setTabKeyNavigation(false);
    QChart* chart = m_view->chart();
    chartstyle::apply(chart, tr("KV cache per token by attention kind"));
    auto* series = new QBarSeries;
    m_perToken->setColor(chartstyle::kvCache());
    m_perToken->setLabelColor(palette().color(QPalette::Text)); // outside the bars, on the chart's background
    series->append(m_perToken);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat(u"@value "_s + perTokenUnit());
    series->setLabelsPrecision(6);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    auto* y = new QValueAxis;
    y->setTitleText(tr("%1 per token").arg(perTokenUnit()));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->hide();
    m_view->setRenderHint(QPainter::Antialiasing);

    m_naive->setTextFormat(Qt::RichText);
    m_naive->setWordWrap(true);

    m_table->setModel(m_model);
    // Widths follow the text when the kinds change (another model); a new context or batch
    // changes the figures in place.
    connect(m_model, &QAbstractItemModel::modelReset, m_table, &QTableView::resizeColumnsToContents);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);

    auto* layout = scrollingColumn(this);
    layout->addWidget(m_view, 3);
    auto* naiveBox = new QGroupBox(tr("The naive formula vs the real one"), this);
    (new QVBoxLayout(naiveBox))->addWidget(m_naive);
    layout->addWidget(naiveBox);
    layout->addWidget(m_table, 1);
    // One rule wherever the KV heads change (core/sweep.h withKvHeads), so this table, the KV heads
    // control and `kvscope-cli estimate --kv-heads` give the same largest batch.
    auto* rule = new QLabel(tr("Weights of each variant: changing the KV heads re-estimates only the K/V "
                               "projections (2 x hidden x KV heads x head_dim per layer); a published or typed "
                               "parameter count keeps the rest. The KV heads control and kvscope-cli estimate "
                               "--kv-heads follow the same rule."),
                            this);
    rule->setObjectName(u"attentionRule"_s);
    rule->setWordWrap(true);
    layout->addWidget(rule);

    connect(controller, &ScenarioController::scenarioChanged, this, &AttentionPage::scenarioChanged);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        QFont labels = QApplication::font();
        labels.setPointSizeF(chartstyle::presenter() ? chartstyle::bodyPoints() : labels.pointSizeF());
        labels.setBold(chartstyle::presenter());
        m_perToken->setLabelFont(labels);
        m_perToken->setLabelColor(palette().color(QPalette::Text));
        m_view->setMinimumHeight(chartstyle::presenter() ? 480 : 0); // three-line categories and the axis title whole
        scenarioChanged();
    });
}

QWidget* AttentionPage::exportedChart() const {
    return m_view;
}

QString AttentionPage::naiveText() const {
    return m_naive->text();
}

// The chart's per-token unit: KiB, or kB when the window shows GB.
QString AttentionPage::perTokenUnit() {
    return viewtext::displayUnit() == kvscope::SizeUnit::Decimal ? u"kB"_s : u"KiB"_s;
}
double AttentionPage::perTokenDivisor() {
    return viewtext::displayUnit() == kvscope::SizeUnit::Decimal ? 1000.0 : 1024.0;
}

void AttentionPage::refresh() {
    const auto& s = m_controller->scenario();
    const auto& e = m_controller->estimate();
    m_model->setScenario(s); // the table, and the chart's figures below
    const auto& variants = m_model->variants();

    auto* x = qobject_cast<QBarCategoryAxis*>(m_view->chart()->axes(Qt::Horizontal).value(0));
    auto* y = qobject_cast<QValueAxis*>(m_view->chart()->axes(Qt::Vertical).value(0));
    QStringList labels;
    m_perToken->deselectAllBars();
    m_perToken->setSelectedColor(chartstyle::kvCache().darker(150));
    double top = 1;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const auto& v = variants[i];
        labels << (v.kind == kvscope::AttentionKind::MLA
                       ? tr("MLA latent%1").arg(v.isCurrent ? tr(" (this model)") : QString())
                   : v.windowedKvHeads != 0 ? tr("%1, %2 KV heads, %3 in sliding layers%4")
                                                  .arg(QString::fromStdString(kvscope::attentionKindName(v.kind)))
                                                  .arg(v.kvHeads)
                                                  .arg(v.windowedKvHeads)
                                                  .arg(v.isCurrent ? tr(" (this model)") : QString())
                                            : tr("%1, %2 KV heads%3")
                                                  .arg(QString::fromStdString(kvscope::attentionKindName(v.kind)))
                                                  .arg(v.kvHeads)
                                                  .arg(v.isCurrent ? tr(" (this model)") : QString()));
        const double kib = double(v.kvBytesPerToken) / perTokenDivisor();
        if (m_perToken->count() <= int(i))
            m_perToken->append(kib);
        else if (m_perToken->at(int(i)) != kib)
            m_perToken->replace(int(i), kib);
        top = std::max(top, kib);
        if (v.isCurrent)
            m_perToken->selectBar(int(i));
    }
    // The heads under the kind and "(this model)" under them: on one line a third of the width elided them.
    for (QString& label : labels)
        label.replace(u", "_s, u"<br>"_s).replace(u" ("_s, u"<br>("_s);
    if (x && x->categories() != labels) {
        x->clear();
        x->append(labels);
    }
    if (m_perToken->count() > int(variants.size()))
        m_perToken->remove(int(variants.size()), m_perToken->count() - int(variants.size()));
    QStringList spoken; // the bars' figures for a screen reader
    for (std::size_t i = 0; i < variants.size(); ++i)
        spoken << tr("%1: %2 per token").arg(labels[qsizetype(i)], viewtext::sizeScaled(variants[i].kvBytesPerToken));
    m_view->setAccessibleDescription(spoken.join(u"; "_s));
    if (y) {
        chartstyle::setValueRange(y, top * 1.15);
        if (y->titleText() != tr("%1 per token").arg(perTokenUnit()))
            y->setTitleText(tr("%1 per token").arg(perTokenUnit()));
    }
    if (auto* series = qobject_cast<QBarSeries*>(m_view->chart()->series().value(0)))
        if (series->labelsFormat() != u"@value "_s + perTokenUnit())
            series->setLabelsFormat(u"@value "_s + perTokenUnit());
    const QString title = (tr("%1: KV cache per token by attention kind<br>(%2 layers, %3 query heads, %4 cache)")
                               .arg(QString::fromStdString(s.model.displayName))
                               .arg(s.model.layers)
                               .arg(s.model.heads)
                               .arg(QString::fromStdString(s.kvDtype.name()).toUpper()));
    if (m_view->chart()->title() != title)
        m_view->chart()->setTitle(title);

    if (s.model.mla.kvLoraRank > 0) {
        const QString text = (tr("%1 caches one latent of %2 + %3 values per layer (MLA): %4 per token. "
                                 "The naive formula with %5 heads would say %6, %7x more.")
                                  .arg(QString::fromStdString(s.model.displayName))
                                  .arg(s.model.mla.kvLoraRank)
                                  .arg(s.model.mla.qkRopeHeadDim)
                                  .arg(viewtext::sizeScaled(e.kvBytesPerToken))
                                  .arg(s.model.heads)
                                  .arg(viewtext::sizeScaled(e.kvBytesPerTokenNaive))
                                  .arg(e.naiveFactor, 0, 'f', 1));
        if (m_naive->text() != text)
            m_naive->setText(text);
        return;
    }
    const double factor = e.naiveFactor;
    // One token's cache, whole model, one term per layer kind: where the layers that cache are not all the
    // model's layers, or a kind has heads or a V width of its own, 2 x L x H_kv x D_head is not the figure.
    const kvscope::KvFormula perToken = kvscope::kvFormula(s.model, s.kvDtype, 1, 1);
    if (perToken.terms.empty()) { // a state-space model: no layer caches per token
        const QString text = tr("%1 has no layer that caches K and V per token: its memory per sequence is a fixed "
                                "state, whatever the context (see the memory page), so the naive formula does not "
                                "apply.")
                                 .arg(QString::fromStdString(s.model.displayName));
        if (m_naive->text() != text)
            m_naive->setText(text);
        return;
    }
    const bool plain = perToken.terms.size() == 1 && perToken.terms.front().layers == s.model.layers &&
                       perToken.terms.front().vHeadDim == 0;
    if (!plain) {
        QStringList terms;
        for (const kvscope::KvFormulaTerm& t : perToken.terms) {
            const QString layers = !s.model.hasTwoGeometries() ? tr("%1 layers").arg(t.layers)
                                   : t.windowedKind            ? tr("%1 sliding layers").arg(t.layers)
                                                               : tr("%1 full layers").arg(t.layers);
            terms << (t.vHeadDim != 0
                          ? tr("%1 x %2 KV heads x (%3 + %4)").arg(layers).arg(t.kvHeads).arg(t.headDim).arg(t.vHeadDim)
                          : tr("2 x %1 x %2 KV heads x %3").arg(layers).arg(t.kvHeads).arg(t.headDim));
        }
        const QString text =
            (tr("<b>Naive</b> (query heads in place of KV heads): %1 per token, %2 for this scenario.<br><b>Real</b> "
                "(the "
                "layers that cache, each kind with its own KV heads): (%3) x %4 B = <b>%5</b> per token, %6.<br>The "
                "naive formula overstates this model's cache <b>%7x</b>.")
                 .arg(viewtext::sizeScaled(e.kvBytesPerTokenNaive), viewtext::size(e.kvBytesNaive))
                 .arg(terms.join(u" + "_s))
                 .arg(s.kvDtype.effectiveBytes())
                 .arg(viewtext::sizeScaled(e.kvBytesPerToken), viewtext::size(e.kvBytesAllGpus))
                 .arg(factor, 0, 'g', 3));
        if (m_naive->text() != text)
            m_naive->setText(text);
        return;
    }
    const QString text =
        (tr("<b>Naive</b> (query heads): 2 x %1 layers x %2 heads x %3 x %4 B = <b>%5</b> per token, "
            "%6 for this scenario.<br><b>Real</b> (KV heads): 2 x %1 x %7 x %3 x %4 B = <b>%8</b> per token, "
            "%9.<br>The naive formula overstates this model's cache <b>%10x</b>: the query heads share "
            "%7 KV heads, and that number is fixed by the trained weights.")
             .arg(s.model.layers)
             .arg(s.model.heads)
             .arg(s.model.effectiveHeadDim())
             .arg(s.kvDtype.effectiveBytes())
             .arg(viewtext::sizeScaled(e.kvBytesPerTokenNaive), viewtext::size(e.kvBytesNaive))
             .arg(s.model.kvHeads)
             .arg(viewtext::sizeScaled(e.kvBytesPerToken), viewtext::size(e.kvBytesAllGpus))
             .arg(factor, 0, 'g', 3));
    if (m_naive->text() != text)
        m_naive->setText(text);
}
