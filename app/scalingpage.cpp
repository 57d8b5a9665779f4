#include "scalingpage.h"

#include "chartstyle.h"
#include "fitmapwidget.h"
#include "pagelayout.h"
#include "scenariocontroller.h"
#include "sweep.h"
#include "viewtext.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
// Okabe-Ito: blue, bluish green, reddish purple, and the text's colour (near black, or light
// grey on a dark palette); the budget is vermillion.
QColor lineColor(std::size_t i, const QPalette& palette) {
    const QColor colors[] = {QColor(0x00, 0x72, 0xb2), QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7)};
    return i < 3 ? colors[i] : chartstyle::isDark(palette) ? QColor(0xd0, 0xd0, 0xd0) : QColor(0x22, 0x22, 0x22);
}
constexpr std::size_t kMaxLines = 4; // batches 1, 8, 32 and the current one
} // namespace

const PageKind& ScalingPage::kind() {
    static const PageKind kind{
        .id = u"scaling"_s,
        .title = QT_TRANSLATE_NOOP("Page", "Scaling"),
        .quizFigures = {u"scalingChart"_s, u"fitMap"_s},
        .create = [](ScenarioController* controller, QWidget* parent) -> Page* {
            return new ScalingPage(controller, parent);
        },
    };
    return kind;
}

ScalingPage::ScalingPage(ScenarioController* controller, QWidget* parent)
    : Page(parent)
    , m_controller(controller)
    , m_view(new QChartView(new QChart, this))
    , m_quantity(new QComboBox(this))
    , m_logY(new QCheckBox(tr("Log scale"), this))
    , m_fitMap(new FitMapWidget(this))
    , m_x(new QLogValueAxis)
    , m_yLinear(new QValueAxis)
    , m_yLog(new QLogValueAxis(this)) // the page owns it while the chart shows the linear axis
    , m_budget(new QLineSeries) {
    setObjectName(kind().id);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setObjectName(u"scalingChart"_s);
    m_fitMap->setObjectName(u"fitMap"_s);
    m_view->setAccessibleName(tr("Memory per GPU against context"));
    m_view->setToolTip(tr("Memory per GPU against context, one line per batch, with the budget"));
    m_view->setWhatsThis(tr("The KV cache grows linearly with the context and with the batch: each line is straight "
                            "on linear axes, and x4 context is x4 cache. Where a line crosses the dashed budget, that "
                            "batch stops fitting."));
    m_fitMap->setToolTip(tr("Which context x batch pairs fit the budget: ✓ fits, ✗ over budget"));
    m_fitMap->setWhatsThis(tr("Every cell is one scenario at that context and batch: weights + KV + estimates against "
                              "the budget. The outlined cell is the current scenario. Hover a cell for its total."));
    m_quantity->setToolTip(tr("Draw the KV cache alone, or everything against the budget"));
    m_logY->setToolTip(tr("A log scale shows small and large totals on one chart"));
    QChart* chart = m_view->chart();
    chartstyle::apply(chart, QString());
    m_quantity->addItem(tr("KV cache only"));
    m_quantity->addItem(tr("Total (weights + KV + estimates)"));
    m_quantity->setCurrentIndex(1);

    m_x->setBase(2);
    m_x->setLabelFormat(u"%.0f"_s);
    m_x->setTitleText(tr("context (tokens per sequence, log scale)"));
    m_yLinear->setTitleText(tr("%1 per GPU").arg(viewtext::unitName()));
    m_yLog->setBase(10);
    m_yLog->setLabelFormat(u"%g"_s);
    m_yLog->setTitleText(tr("%1 per GPU (log scale)").arg(viewtext::unitName()));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_yLinear, Qt::AlignLeft);

    // The series are made once and updated in place: rebuilding them costs a frame.
    for (std::size_t i = 0; i < kMaxLines; ++i) {
        auto* line = new QLineSeries;
        line->setPointsVisible(true);
        chart->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_yLinear);
        m_lines.push_back(line);
    }
    m_budget->setPen(QPen(chartstyle::budget(), 3, Qt::DashLine));
    chart->addSeries(m_budget);
    m_budget->attachAxis(m_x);
    m_budget->attachAxis(m_yLinear);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Show"), this));
    controls->addWidget(m_quantity);
    controls->addWidget(m_logY);
    controls->addStretch(1);

    auto* mapBox = new QGroupBox(tr("Fit map: which context and batch fit the budget"), this);
    (new QVBoxLayout(mapBox))->addWidget(m_fitMap);

    auto* layout = scrollingColumn(this);
    layout->addLayout(controls);
    layout->addWidget(m_view, 3);
    layout->addWidget(mapBox, 2);

    connect(m_quantity, &QComboBox::currentIndexChanged, this, &ScalingPage::scenarioChanged);
    connect(m_logY, &QCheckBox::toggled, this, [this](bool log) {
        setLogY(log);
        scenarioChanged();
    });
    connect(controller, &ScenarioController::scenarioChanged, this, &ScalingPage::scenarioChanged);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, [this] {
        m_budget->setPen(QPen(chartstyle::budget(), chartstyle::lineWidth(3), Qt::DashLine));
        // Large type in a squeezed plot left every tick label and the axis title as "...".
        m_view->setMinimumHeight(chartstyle::presenter() ? 460 : 0);
        scenarioChanged();
    });
}

QWidget* ScalingPage::exportedChart() const {
    return m_view;
}

void ScalingPage::setLogY(bool log) {
    QChart* chart = m_view->chart();
    QAbstractAxis* from = log ? static_cast<QAbstractAxis*>(m_yLinear) : m_yLog;
    QAbstractAxis* to = log ? static_cast<QAbstractAxis*>(m_yLog) : m_yLinear;
    chart->removeAxis(from); // the chart gives the axis back to us; we keep it for the next toggle
    from->setParent(this);   // owned by the page while off the chart (it leaked at exit before)
    chart->addAxis(to, Qt::AlignLeft);
    for (QLineSeries* line : m_lines)
        line->attachAxis(to);
    m_budget->attachAxis(to);
    chartstyle::restyle(chart); // the axis put in wears the palette's colours and the mode's fonts
}

void ScalingPage::refresh() {
    const auto& s = m_controller->scenario();
    const auto& current = m_controller->estimate();
    const bool total = m_quantity->currentIndex() == 1;
    // The same sweep as `kvscope-cli sweep --over context` (core/sweep.h).
    const kvscope::ScalingSweep sweep = kvscope::scalingSweep(s, kvscope::SweepAxis::Context);
    const auto& contexts = sweep.points;
    const auto& batches = sweep.lines;
    m_yLinear->setTitleText(tr("%1 per GPU").arg(viewtext::unitName()));
    m_yLog->setTitleText(tr("%1 per GPU (log scale)").arg(viewtext::unitName()));

    double top = viewtext::inUnit(current.budgetBytes);
    double bottom = top;
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        QLineSeries* line = m_lines[i];
        if (i >= batches.size()) {
            line->clear();
            line->setVisible(false);
            continue;
        }
        const std::uint64_t batch = batches[i];
        const auto& estimates = sweep.estimates[i];
        QList<QPointF> points;
        points.reserve(qsizetype(contexts.size()));
        for (std::size_t c = 0; c < contexts.size(); ++c) {
            const double value =
                std::max(viewtext::inUnit(total ? estimates[c].totalBytes : estimates[c].kvBytes), 1e-3);
            points.append({double(contexts[c]), value});
            top = std::max(top, value);
            bottom = std::min(bottom, value);
        }
        if (line->points() != points)
            line->replace(points);
        line->setVisible(true);
        // A name or pen set, even to the same value, lays the legend and the whole chart out again.
        const QString name = tr("batch %1%2").arg(batch).arg(batch == s.batch ? tr(" (now)") : QString());
        if (line->name() != name)
            line->setName(name);
        // Colour and dash tell the lines apart; the current batch is the thickest.
        QPen pen(lineColor(i, palette()), chartstyle::lineWidth(batch == s.batch ? 3.5 : 2));
        pen.setStyle(batch == s.batch ? Qt::SolidLine : i % 2 ? Qt::DashDotLine : Qt::SolidLine);
        if (line->pen() != pen)
            line->setPen(pen);
    }
    // For a screen reader: each line's figure at the current context (a point of the sweep), and the budget.
    QStringList spoken;
    for (std::size_t i = 0; i < batches.size() && i < m_lines.size(); ++i)
        for (std::size_t c = 0; c < contexts.size(); ++c)
            if (contexts[c] == s.context)
                spoken << tr("batch %1: %2 at %3 tokens")
                              .arg(batches[i])
                              .arg(viewtext::size(total ? sweep.estimates[i][c].totalBytes
                                                        : sweep.estimates[i][c].kvBytes),
                                   viewtext::tokens(s.context));
    spoken << tr("Budget %1").arg(viewtext::size(current.budgetBytes));
    m_view->setAccessibleDescription(spoken.join(u"; "_s));
    const double budgetGiB = viewtext::inUnit(current.budgetBytes);
    if (const QList<QPointF> budget{{double(contexts.front()), budgetGiB}, {double(contexts.back()), budgetGiB}};
        m_budget->points() != budget)
        m_budget->replace(budget);
    if (const QString name = tr("Budget %1").arg(viewtext::size(current.budgetBytes)); m_budget->name() != name)
        m_budget->setName(name);
    m_x->setRange(double(contexts.front()), double(contexts.back()));
    if (m_logY->isChecked())
        m_yLog->setRange(std::pow(10.0, std::floor(std::log10(bottom))), std::pow(10.0, std::ceil(std::log10(top))));
    else
        chartstyle::setValueRange(m_yLinear, std::min(top, budgetGiB * 4) * 1.1);
    const QString title =
        tr("%1: %2 against context<br>(%3 weights, %4 cache)")
            .arg(QString::fromStdString(s.model.displayName), total ? tr("total memory") : tr("KV cache"),
                 viewtext::weightsName(s), QString::fromStdString(s.kvDtype.name()).toUpper());
    if (m_view->chart()->title() != title) // setting it lays the whole chart out again
        m_view->chart()->setTitle(title);

    // The same map as `kvscope-cli fitmap`.
    m_fitMap->setMap(kvscope::scenarioFitMap(s), s.context, s.batch);
}
