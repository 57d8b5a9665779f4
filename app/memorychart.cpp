#include "memorychart.h"

#include "chartstyle.h"
#include "units.h"
#include "viewtext.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

MemoryChart::MemoryChart(QWidget* parent)
    : QChartView(new QChart, parent)
    , m_series(new QStackedBarSeries)
    , m_budget(new QLineSeries)
    , m_card(new QLineSeries)
    , m_budgetLabel(new QGraphicsSimpleTextItem(chart()))
    , m_cardLabel(new QGraphicsSimpleTextItem(chart()))
    , m_budgetBack(new QGraphicsRectItem(chart()))
    , m_cardBack(new QGraphicsRectItem(chart()))
    , m_xAxis(new QBarCategoryAxis)
    , m_lineXAxis(new QValueAxis)
    , m_yAxis(new QValueAxis) {
    // No antialiasing: every shape here is axis-aligned (bars, the budget and card lines, the grid),
    // so it looks the same without, and antialiased grid and dashed lines were a third of a
    // slider frame's painting (text keeps its own antialiasing).
    setRenderHint(QPainter::Antialiasing, false);
    QChart* c = chart();
    chartstyle::apply(c, tr("Memory per GPU"));
    const std::pair<QString, QColor> sets[] = {{tr("Weights"), chartstyle::weights()},
                                               {tr("KV cache"), chartstyle::kvCache()},
                                               {tr("Per-sequence state"), chartstyle::sequenceState()},
                                               {tr("Activations (est.)"), chartstyle::activations()},
                                               {tr("CUDA ctx (est.)"), chartstyle::runtime()},
                                               {tr("Speculative (draft, slots)"), chartstyle::speculative()}};
    for (const auto& [name, color] : sets) {
        auto* set = new QBarSet(name);
        set->setColor(color);
        set->setBorderColor(color.darker(130));
        connect(set, &QBarSet::hovered, this, [this, set](bool on, int index) { showHover(on, index, set); });
        m_series->append(set);
        m_sets.push_back(set);
    }
    m_series->setBarWidth(0.6);
    // The two large terms carry their value inside the bar; the small estimates would only
    // clutter it (their values are in the hover text and the breakdown).
    m_series->setLabelsVisible(true);
    m_series->setLabelsFormat(u"@value"_s);
    m_series->setLabelsPrecision(4);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsCenter);
    m_sets[0]->setLabelColor(Qt::white);
    m_sets[1]->setLabelColor(Qt::black);
    m_sets[2]->setLabelColor(Qt::transparent);
    m_sets[3]->setLabelColor(Qt::transparent);
    m_sets[4]->setLabelColor(Qt::transparent);
    m_sets[5]->setLabelColor(Qt::transparent);
    c->addSeries(m_series);
    c->addAxis(m_xAxis, Qt::AlignBottom);
    c->addAxis(m_yAxis, Qt::AlignLeft);
    m_series->attachAxis(m_xAxis);
    m_series->attachAxis(m_yAxis);
    m_yAxis->setTitleText(viewtext::unitName());

    // The budget line lives on a hidden value axis spanning the categories.
    c->addSeries(m_budget);
    c->addAxis(m_lineXAxis, Qt::AlignBottom);
    m_lineXAxis->setVisible(false);
    m_budget->attachAxis(m_lineXAxis);
    m_budget->attachAxis(m_yAxis);
    // The whole card, as the course draws it: the budget is what the server may use of it.
    c->addSeries(m_card);
    m_card->attachAxis(m_lineXAxis);
    m_card->attachAxis(m_yAxis);
    // The two lines are labelled on the plot itself; the legend keeps only the stacked terms.
    for (QLineSeries* line : {m_budget, m_card})
        for (auto* marker : c->legend()->markers(line))
            marker->setVisible(false);
    QFont labelFont = m_budgetLabel->font();
    labelFont.setBold(true);
    m_budgetLabel->setFont(labelFont);
    m_budgetLabel->setZValue(20);
    m_cardLabel->setZValue(20);
    for (QGraphicsRectItem* back : {m_budgetBack, m_cardBack}) {
        back->setPen(Qt::NoPen);
        back->setZValue(19);
    }
    setAccessibleName(tr("Memory per GPU chart"));
    connect(c, &QChart::plotAreaChanged, this, &MemoryChart::placeTotalLabels);
    connect(c, &QChart::plotAreaChanged, this, &MemoryChart::placeLineLabels);
    connect(chartstyle::Style::instance(), &chartstyle::Style::changed, this, &MemoryChart::restyle);
    restyle();
}

void MemoryChart::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        restyle();
}

void MemoryChart::restyle() {
    // Colours from this view's palette: the line labels are text on the chart's background,
    // on a box of that background so bars never hide them; the values inside the bars keep
    // white on blue and black on orange (at least 4.9:1 on both palettes).
    const QPalette& p = palette();
    m_budget->setPen(QPen(chartstyle::budget(), chartstyle::lineWidth(3), Qt::DashLine));
    m_card->setPen(QPen(chartstyle::mutedText(p), chartstyle::lineWidth(2), Qt::DotLine));
    m_budgetLabel->setBrush(chartstyle::budgetText(p));
    m_cardLabel->setBrush(chartstyle::mutedText(p));
    for (QGraphicsRectItem* back : {m_budgetBack, m_cardBack}) {
        QColor base = p.color(QPalette::Base);
        base.setAlpha(225);
        back->setBrush(base);
    }
    for (std::size_t i = 0; i < m_totals.size() && i < m_bars.size(); ++i)
        m_totals[i]->setBrush(m_bars[i].beyondMaxContext ? chartstyle::bad(p) : p.color(QPalette::Text));
    for (QLineSeries* outline : m_pinned)
        outline->setPen(QPen(chartstyle::pinned(p), 2, Qt::DashLine));
    QFont labels = font();
    labels.setPointSizeF(chartstyle::presenter() ? chartstyle::bodyPoints() : labels.pointSizeF());
    labels.setBold(true);
    m_series->setLabelsVisible(true);
    for (QBarSet* set : m_sets)
        set->setLabelFont(labels);
    m_budgetLabel->setFont(labels);
    m_cardLabel->setFont(labels);
    for (auto* total : m_totals)
        total->setFont(labels);
    showBudgetText();
    placeTotalLabels(); // first: the line labels keep clear of the totals
    placeLineLabels();
}

void MemoryChart::setBars(const std::vector<Bar>& bars, std::uint64_t budgetBytes, const QString& budgetLabel,
                          std::uint64_t cardBytes, const QString& cardLabel) {
    m_bars = bars;
    if (m_yAxis->titleText() != viewtext::unitName()) // the window's size unit (View > Sizes)
        m_yAxis->setTitleText(viewtext::unitName());
    QStringList labels;
    double top = std::max(viewtext::inUnit(budgetBytes), viewtext::inUnit(cardBytes));
    std::vector<QList<qreal>> values(m_sets.size());
    for (const Bar& bar : bars) {
        labels << bar.label;
        const auto& e = bar.estimate;
        values[0] << viewtext::inUnit(e.weightBytes);
        values[1] << viewtext::inUnit(e.kvBytes);
        values[2] << viewtext::inUnit(e.sequenceStateBytes);
        values[3] << viewtext::inUnit(e.activationBytes);
        values[4] << viewtext::inUnit(e.runtimeBytes);
        values[5] << viewtext::inUnit(e.speculative.total());
        top = std::max(top, viewtext::inUnit(e.totalBytes));
    }
    for (std::size_t i = 0; i < m_sets.size(); ++i) {
        QBarSet* set = m_sets[i];
        if (set->count() == values[i].size()) {
            for (int j = 0; j < int(values[i].size()); ++j) // in place: no relayout of the bars
                if (set->at(j) != values[i][j])
                    set->replace(j, values[i][j]);
        } else {
            set->remove(0, set->count());
            set->append(values[i]);
        }
    }
    // Per-sequence state (SSM state, image cross-attention cache) is in the legend only when a model has it.
    const bool anyState =
        std::any_of(bars.begin(), bars.end(), [](const Bar& b) { return b.estimate.sequenceStateBytes > 0; });
    // Speculative decoding's draft and slots likewise, only when it is on.
    const bool anySpeculation =
        std::any_of(bars.begin(), bars.end(), [](const Bar& b) { return b.estimate.speculative.total() > 0; });
    // The runtime names NCCL's buffers when a bar holds them (tensor parallelism, a split over several GPUs).
    const bool anyCommunication =
        std::any_of(bars.begin(), bars.end(), [](const Bar& b) { return b.estimate.communicationBytes > 0; });
    const QString runtimeName = anyCommunication ? tr("CUDA ctx + NCCL (est.)") : tr("CUDA ctx (est.)");
    if (m_sets[4]->label() != runtimeName)
        m_sets[4]->setLabel(runtimeName);
    for (auto* marker : chart()->legend()->markers(m_series)) {
        if (marker->label() == m_sets[2]->label() && marker->isVisible() != anyState)
            marker->setVisible(anyState);
        if (marker->label() == m_sets[5]->label() && marker->isVisible() != anySpeculation)
            marker->setVisible(anySpeculation);
    }
    if (m_xAxis->categories() != labels) {
        m_xAxis->clear();
        m_xAxis->append(labels);
    }
    const double n = double(bars.size());
    if (m_lineXAxis->max() != n - 0.5)
        m_lineXAxis->setRange(-0.5, n - 0.5);
    // Replacing a series' points relayouts it even when they are equal: compare first.
    const auto setLine = [](QLineSeries* line, const QList<QPointF>& points) {
        if (line->points() != points)
            line->replace(points);
    };
    const double budget = viewtext::inUnit(budgetBytes);
    setLine(m_budget, {{-0.5, budget}, {n - 0.5, budget}});
    const double card = viewtext::inUnit(cardBytes);
    setLine(m_card, {{-0.5, card}, {n - 0.5, card}});
    if (m_card->name() != cardLabel) {
        m_card->setName(cardLabel);
        m_cardLabel->setText(cardLabel);
    }
    if (m_budget->name() != budgetLabel) {
        m_budget->setName(budgetLabel);
        m_budgetText = budgetLabel;
        showBudgetText();
    }
    // Tidy ticks with headroom above the tallest bar; only touch the axis when the range
    // moves. A locked axis never shrinks, so a halved bar looks half as tall.
    const double wanted = top * 1.12;
    if (wanted > m_yAxis->max() || (!m_axisLocked && wanted < m_yAxis->max() * 0.6)) {
        chartstyle::setValueRange(m_yAxis, wanted);
    }

    // The total above each bar, and a mark on bars past the model's maximum context.
    while (m_totals.size() < bars.size()) {
        auto* label = new QGraphicsSimpleTextItem(chart());
        label->setZValue(21);
        label->setFont(m_budgetLabel->font());
        m_totals.push_back(label);
    }
    while (m_totals.size() > bars.size()) {
        delete m_totals.back();
        m_totals.pop_back();
    }
    for (std::size_t i = 0; i < bars.size(); ++i) {
        QString text = viewtext::size(bars[i].estimate.totalBytes);
        if (bars[i].beyondMaxContext)
            text += u'\n' + tr("past the model's maximum context");
        m_totals[i]->setText(text);
        m_totals[i]->setBrush(bars[i].beyondMaxContext ? chartstyle::bad(palette()) : palette().color(QPalette::Text));
    }
    placeTotalLabels(); // first: the line labels keep clear of the totals
    placeLineLabels();
    describe(budgetBytes, cardBytes);
}

void MemoryChart::describe(std::uint64_t budgetBytes, std::uint64_t cardBytes) {
    // What a screen reader says for the chart: each bar's figures in words, from the same
    // Estimates the bars and their labels show.
    QStringList bars;
    for (const Bar& bar : m_bars) {
        const auto& e = bar.estimate;
        QString line = tr("%1: weights %2, KV cache %3, total %4, %5")
                           .arg(bar.label, viewtext::size(e.weightBytes), viewtext::size(e.kvBytes),
                                viewtext::size(e.totalBytes), e.fits ? tr("fits the budget") : tr("over the budget"));
        if (e.speculative.total() > 0)
            line += tr(", of which speculative decoding %1").arg(viewtext::size(e.speculative.total()));
        bars << line;
    }
    const QString text = tr("%1. Budget %2 of a %3 card. %4.")
                             .arg(chart()->title(), viewtext::size(budgetBytes),
                                  viewtext::size(cardBytes, std::nullopt, 0), bars.join(u"; "_s));
    if (accessibleDescription() != text)
        setAccessibleDescription(text);
}

void MemoryChart::setAxisLocked(bool locked) {
    m_axisLocked = locked;
}

qreal MemoryChart::axisTop() const {
    return m_yAxis->max();
}

QStringList MemoryChart::totalLabels() const {
    QStringList out;
    for (const auto* label : m_totals)
        out << label->text();
    return out;
}

void MemoryChart::showBudgetText() {
    // Presenter type makes "budget 21.60 GiB (90% of the card)" as wide as two bars: its note goes on a
    // second line, so the label fits beside the bars' figures.
    QString text = m_budgetText;
    if (chartstyle::presenter()) {
        const qsizetype note = text.indexOf(u" ("_s);
        if (note > 0)
            text.replace(note, 1, u'\n');
    }
    m_budgetLabel->setText(text);
}

QRectF MemoryChart::lineLabelRect(Line line) const {
    return (line == Line::Card ? m_cardLabel : m_budgetLabel)->sceneBoundingRect();
}

qreal MemoryChart::lineY(Line line) const {
    const QLineSeries* series = line == Line::Card ? m_card : m_budget;
    if (series->count() == 0)
        return 0;
    return chart()->mapToScene(chart()->mapToPosition(series->at(0), const_cast<QLineSeries*>(series))).y();
}

QList<QRectF> MemoryChart::totalLabelRects() const {
    QList<QRectF> out;
    for (const auto* label : m_totals)
        out << label->sceneBoundingRect();
    return out;
}

QList<QRectF> MemoryChart::barValueRects() const {
    QList<QRectF> out;
    for (std::size_t i = 0; i < m_bars.size(); ++i)
        out << barValueRects(i);
    return out;
}

QList<QRectF> MemoryChart::barValueRects(std::size_t i) const {
    // Qt Charts writes each shown set's value at the centre of its segment (LabelsCenter).
    QList<QRectF> out;
    {
        double base = 0;
        for (QBarSet* set : m_sets) {
            const int at = int(i);
            const double value = at < set->count() ? set->at(at) : 0.0;
            if (set->labelColor().alpha() > 0 && value > 0) {
                const QFontMetricsF metrics(set->labelFont());
                const QString text = QString::number(value, 'g', m_series->labelsPrecision());
                const QPointF centre = chart()->mapToPosition(QPointF(double(i), base + value / 2), m_budget);
                const QSizeF size(metrics.horizontalAdvance(text) + 4,
                                  metrics.height() + 2); // the glyphs and a pixel round
                out << QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size);
            }
            base += value;
        }
    }
    return out;
}

void MemoryChart::placeTotalLabels() {
    const qreal lines[] = {m_budget->count() ? chart()->mapToPosition(m_budget->at(0), m_budget).y() : -1e9,
                           m_card->count() ? chart()->mapToPosition(m_card->at(0), m_card).y() : -1e9};
    for (std::size_t i = 0; i < m_totals.size() && i < m_bars.size(); ++i) {
        const double total = viewtext::inUnit(m_bars[i].estimate.totalBytes);
        const double shown = std::min(total, m_yAxis->max());
        const QPointF top = chart()->mapToPosition(QPointF(double(i), shown), m_budget);
        // A third of a line above the bar: clear of a thin segment's centred value.
        const QRectF box = m_totals[i]->boundingRect();
        qreal y = top.y() - box.height() * 4 / 3;
        // A thin top segment's centred value sticks out above the bar: the total goes above it, never over it.
        for (const QRectF& value : barValueRects(i))
            y = std::min(y, value.top() - box.height() - 1);
        // A total that would straddle the budget or card line goes above it, so the line stays readable
        // (lower line first: lifting it over the budget may bring it onto the card).
        for (const qreal line : lines[0] > lines[1] ? std::array{lines[0], lines[1]} : std::array{lines[1], lines[0]})
            if (y < line + 1 && y + box.height() > line - 1)
                y = line - box.height() - 2;
        m_totals[i]->setPos(top.x() - box.width() / 2, std::max(chart()->plotArea().top(), y));
    }
}

void MemoryChart::placeLineLabels() {
    const QRectF plot = chart()->plotArea();
    // What a line label must not cover: the bars' figures and the totals above them.
    QList<QRectF> figures = barValueRects();
    for (const auto* total : m_totals)
        figures << QRectF(total->pos(), total->boundingRect().size());
    // Area of the figures a box would cover: 0 is clear.
    const auto covered = [&](const QRectF& r) {
        qreal area = 0;
        for (const QRectF& f : figures) {
            const QRectF both = f.intersected(r);
            area += both.width() * both.height();
        }
        return area;
    };
    const auto place = [&](QGraphicsSimpleTextItem* label, QGraphicsRectItem* back, QLineSeries* line, bool above) {
        if (line->count() == 0)
            return;
        const QPointF at = chart()->mapToPosition(line->at(1), line);
        const QSizeF box = label->boundingRect().size();
        // By its line, on its own side: at the right end, else the first place leftwards that covers none of
        // the bars' figures, else wherever it covers the least of them.
        QList<qreal> xs;
        for (qreal x = plot.right() - box.width() - 6; x > plot.left(); x -= 8)
            xs << x;
        xs << plot.left() + 6;
        const qreal y = above ? at.y() - box.height() - 1 : at.y() + 1;
        QRectF best;
        qreal bestCover = -1;
        for (const qreal x : xs) {
            const QRectF r(
                QPointF(std::clamp(x, plot.left() + 3, std::max(plot.left() + 3, plot.right() - box.width() - 3)), y),
                box);
            const qreal cover = covered(r.adjusted(-3, 0, 3, 0));
            if (bestCover < 0 || cover < bestCover) {
                best = r;
                bestCover = cover;
            }
            if (cover == 0)
                break;
        }
        label->setPos(best.topLeft());
        back->setRect(QRectF(label->pos(), box).adjusted(-3, 0, 3, 0));
        figures << back->rect(); // the second label keeps clear of the first
    };
    // The card line sits above the budget line: label it above, the budget below.
    place(m_cardLabel, m_cardBack, m_card, true);
    place(m_budgetLabel, m_budgetBack, m_budget, false);
}

void MemoryChart::setPinned(const std::optional<std::vector<kvscope::Estimate>>& pinned) {
    for (QLineSeries* series : m_pinned) {
        chart()->removeSeries(series);
        delete series;
    }
    m_pinned.clear();
    if (!pinned)
        return;
    QPen pen(chartstyle::pinned(palette()), 2, Qt::DashLine);
    for (std::size_t i = 0; i < pinned->size(); ++i) {
        const auto& e = (*pinned)[i];
        const double x = double(i);
        const double total = viewtext::inUnit(e.totalBytes);
        const double weights = viewtext::inUnit(e.weightBytes);
        auto* outline = new QLineSeries;
        outline->setName(i == 0 ? tr("Pinned scenario") : QString());
        outline->setPen(pen);
        // The pinned bar's outline, with a notch where its weights end.
        outline->append(
            {{x - 0.3, 0}, {x - 0.3, total}, {x + 0.3, total}, {x + 0.3, 0}, {x + 0.3, weights}, {x - 0.3, weights}});
        chart()->addSeries(outline);
        outline->attachAxis(m_lineXAxis);
        outline->attachAxis(m_yAxis);
        m_pinned.push_back(outline);
    }
    for (std::size_t i = 1; i < m_pinned.size(); ++i)
        for (auto* marker : chart()->legend()->markers(m_pinned[i]))
            marker->setVisible(false);
}

QList<qreal> MemoryChart::values(int set) const {
    QList<qreal> out;
    for (int i = 0; i < m_sets[std::size_t(set)]->count(); ++i)
        out << m_sets[std::size_t(set)]->at(i);
    return out;
}

QString MemoryChart::setName(int set) const {
    return m_sets[std::size_t(set)]->label();
}

qreal MemoryChart::budgetGiB() const {
    return m_budget->count() ? m_budget->at(0).y() : 0.0;
}
qreal MemoryChart::cardGiB() const {
    return m_card->count() ? m_card->at(0).y() : 0.0;
}
QStringList MemoryChart::categories() const {
    return m_xAxis->categories();
}
int MemoryChart::pinnedOutlineCount() const {
    return int(m_pinned.size());
}

void MemoryChart::showHover(bool on, int index, QBarSet* set) {
    if (!on || index < 0 || std::size_t(index) >= m_bars.size()) {
        QToolTip::hideText();
        return;
    }
    const auto& e = m_bars[std::size_t(index)].estimate;
    QToolTip::showText(
        QCursor::pos(),
        tr("<b>%1</b> (%2)<br>Weights: %3<br>KV cache: %4<br>Activations (estimate): %5<br>"
           "CUDA context (estimate): %6<br><b>Total: %7</b> of a %8 budget")
                .arg(m_bars[std::size_t(index)].label, set->label(), viewtext::size(e.weightBytes),
                     viewtext::size(e.kvBytes), viewtext::size(e.activationBytes), viewtext::size(e.runtimeBytes),
                     viewtext::size(e.totalBytes), viewtext::size(e.budgetBytes)) +
            (e.communicationBytes > 0 ? tr("<br>of the CUDA context, NCCL's buffers (estimate): %1")
                                            .arg(viewtext::size(e.communicationBytes))
                                      : QString()) +
            (e.sequenceStateBytes > 0 ? tr("<br>Per-sequence state: %1").arg(viewtext::size(e.sequenceStateBytes))
                                      : QString()) +
            (e.speculative.total() > 0
                 ? tr("<br>Speculative decoding: draft weights %1, draft KV %2, lookahead slots %3")
                       .arg(viewtext::size(e.speculative.draftWeightBytes), viewtext::size(e.speculative.draftKvBytes),
                            viewtext::size(e.speculative.lookaheadKvBytes))
                 : QString()),
        this);
}
