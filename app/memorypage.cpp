#include "memorypage.h"

#include "breakdownmodel.h"
#include "chartstyle.h"
#include "memorychart.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "sweep.h"
#include "viewtext.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
// The weight chart compares the formats a student meets first.
const std::vector<kvscope::DType>& weightChartDtypes() {
    static const std::vector<kvscope::DType> dtypes{kvscope::DType::fp32(), kvscope::DType::bf16(),
                                                    kvscope::DType::int8(),
                                                    kvscope::DType::quantized(kvscope::DTypeKind::INT4, 128)};
    return dtypes;
}
} // namespace

MemoryPage::MemoryPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_breakdown(new BreakdownModel(this))
    , m_chart(new MemoryChart(this))
    , m_axis(new QComboBox(this))
    , m_unit(new QComboBox(this))
    , m_verdict(new QLabel(this))
    , m_capacity(new QLabel(this))
    , m_formula(new QLabel(this))
    , m_table(new QTableView(this))
    , m_weightsView(new QChartView(new QChart, this))
    , m_weightsSet(new QBarSet(tr("Weights"))) {
    m_verdict->setTextFormat(Qt::RichText);
    m_capacity->setTextFormat(Qt::RichText);
    m_capacity->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formula->setTextFormat(Qt::RichText);
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont formulaFont = m_formula->font();
    formulaFont.setPointSizeF(formulaFont.pointSizeF() * 1.15);
    m_formula->setFont(formulaFont);

    m_axis->addItem(tr("Bars by context"));
    m_axis->addItem(tr("Bars by batch"));
    m_unit->addItem(tr("GiB (1024³)"));
    m_unit->addItem(tr("GB (10⁹)"));
    m_unit->setCurrentIndex(Settings::instance()->sizeUnit() == kvscope::SizeUnit::Decimal ? 1 : 0);
    m_breakdown->setUnit(Settings::instance()->sizeUnit());

    m_table->setModel(m_breakdown);
    m_table->hideColumn(BreakdownModel::Source); // shown as each row's tooltip
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    // Weights alone in four formats, the current one highlighted.
    QChart* weights = m_weightsView->chart();
    chartstyle::apply(weights, tr("Weights alone by dtype"));
    auto* weightsSeries = new QBarSeries;
    m_weightsSet->setColor(chartstyle::weights());
    m_weightsSet->setSelectedColor(chartstyle::kvCache());
    m_weightsSet->setLabelColor(Qt::black);
    weightsSeries->append(m_weightsSet);
    weightsSeries->setLabelsVisible(true);
    weightsSeries->setLabelsFormat(u"@value GiB"_s);
    weightsSeries->setLabelsPrecision(3);
    weightsSeries->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    weights->addSeries(weightsSeries);
    auto* weightsX = new QBarCategoryAxis;
    for (const auto& d : weightChartDtypes())
        weightsX->append(QString::fromStdString(d.name()).toUpper());
    auto* weightsY = new QValueAxis;
    weightsY->setTitleText(tr("GiB"));
    weightsY->setLabelFormat(u"%.0f"_s);
    weights->addAxis(weightsX, Qt::AlignBottom);
    weights->addAxis(weightsY, Qt::AlignLeft);
    weightsSeries->attachAxis(weightsX);
    weightsSeries->attachAxis(weightsY);
    weights->legend()->hide();
    m_weightsView->setRenderHint(QPainter::Antialiasing);
    m_weightsView->setMinimumHeight(200);
    weightsX->setLabelsFont([&] {
        QFont f = weightsX->labelsFont();
        f.setPointSizeF(f.pointSizeF() * 0.9);
        return f;
    }());

    auto* left = new QVBoxLayout;
    auto* chartControls = new QHBoxLayout;
    chartControls->addWidget(m_axis);
    chartControls->addStretch(1);
    left->addWidget(m_verdict);
    left->addLayout(chartControls);
    left->addWidget(m_chart, 1);

    auto* right = new QVBoxLayout;
    auto* formulaBox = new QGroupBox(tr("KV cache formula, with this scenario's numbers"), this);
    (new QVBoxLayout(formulaBox))->addWidget(m_formula);
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
    right->addWidget(m_weightsView, 1);

    m_table->resizeColumnsToContents();
    auto* rightWidget = new QWidget(this);
    rightWidget->setLayout(right);
    rightWidget->setMinimumWidth(440);
    rightWidget->setMaximumWidth(560);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    layout->addWidget(rightWidget);

    connect(m_axis, &QComboBox::currentIndexChanged, this, &MemoryPage::scenarioChanged);
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto unit = index == 1 ? kvscope::SizeUnit::Decimal : kvscope::SizeUnit::Binary;
        m_breakdown->setUnit(unit);
        Settings::instance()->setSizeUnit(unit);
        m_table->resizeColumnsToContents();
    });
    connect(controller, &ScenarioController::scenarioChanged, this, &MemoryPage::scenarioChanged);
}

QString MemoryPage::verdictText() const {
    return m_verdict->text();
}
QString MemoryPage::capacityText() const {
    return m_capacity->text();
}
void MemoryPage::setAxis(int axis) {
    m_axis->setCurrentIndex(axis);
}

void MemoryPage::setPinned(const std::optional<kvscope::Scenario>& pinned) {
    m_pinned = pinned;
    scenarioChanged();
}

std::vector<std::uint64_t> MemoryPage::axisValues() const {
    const auto& s = m_controller->scenario();
    std::vector<std::uint64_t> values = m_axis->currentIndex() == 1 ? std::vector<std::uint64_t>{1, 8, 32}
                                                                    : std::vector<std::uint64_t>{2048, 8192, 32768};
    const std::uint64_t current = m_axis->currentIndex() == 1 ? s.batch : s.context;
    if (std::find(values.begin(), values.end(), current) == values.end())
        values.push_back(current);
    std::sort(values.begin(), values.end());
    return values;
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
        bars.push_back({label, estimates[i], current});
    }
    const QString title =
        (byBatch ? tr("%1 at %2 tokens, by batch")
                       .arg(QString::fromStdString(s.model.displayName), viewtext::tokens(s.context))
                 : tr("%1, batch %2, by context").arg(QString::fromStdString(s.model.displayName)).arg(s.batch));
    if (m_chart->chart()->title() != title)
        m_chart->chart()->setTitle(title);
    m_chart->setBars(
        bars, e.budgetBytes,
        tr("budget %1 (%2% of the card)").arg(viewtext::size(e.budgetBytes)).arg(s.utilization * 100.0, 0, 'f', 0),
        e.gpuMemoryBytes, tr("card %1").arg(viewtext::size(e.gpuMemoryBytes, kvscope::SizeUnit::Binary, 0)));
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
    setIfChanged(m_verdict, viewtext::verdictHtml(e));
    setIfChanged(m_formula, viewtext::kvFormulaHtml(s, e));
    setIfChanged(m_capacity, viewtext::capacityHtml(m_controller->capacity()));

    const auto weights = kvscope::weightsByDtype(s, weightChartDtypes());
    double top = 1;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const double gib = std::round(kvscope::toGiB(weights[i].bytesPerGpu) * 100.0) / 100.0;
        if (m_weightsSet->count() <= int(i))
            m_weightsSet->append(gib);
        else if (m_weightsSet->at(int(i)) != gib)
            m_weightsSet->replace(int(i), gib);
        top = std::max(top, gib);
    }
    // Highlight the chosen dtype's bar.
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const bool chosen = weights[i].dtype == s.weightDtype;
        if (m_weightsSet->isBarSelected(int(i)) != chosen)
            m_weightsSet->setBarSelected(int(i), chosen);
    }
    auto* y = qobject_cast<QValueAxis*>(m_weightsView->chart()->axes(Qt::Vertical).value(0));
    if (y && (top * 1.2 > y->max() || top * 1.2 < y->max() * 0.6)) {
        y->setRange(0, top * 1.2);
        y->applyNiceNumbers();
    }
}
