#pragma once

#include "scenario.h"

#include <QChartView>

#include <optional>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

// Stacked weights / KV / estimate bars, one per context (or batch), against the budget
// line. The figures arrive as core/ Estimates; this class only draws them.
class MemoryChart : public QChartView {
    Q_OBJECT

public:
    enum class Axis { Context, Batch };
    struct Bar {
        QString label; // "8K (current)"
        kvscope::Estimate estimate;
        bool current = false;
        bool beyondMaxContext = false; // more tokens than the model was trained for: marked on the chart
    };

    explicit MemoryChart(QWidget* parent = nullptr);

    void setBars(const std::vector<Bar>& bars, std::uint64_t budgetBytes, const QString& budgetLabel,
                 std::uint64_t cardBytes, const QString& cardLabel);
    // Outlines of a pinned scenario's bars (same categories); nullopt clears them.
    void setPinned(const std::optional<std::vector<kvscope::Estimate>>& pinned);

    // Read back by tests: GiB values of each set, in category order.
    QList<qreal> values(int set) const;
    QString setName(int set) const; // its name in the legend
    qreal budgetGiB() const;
    qreal cardGiB() const;
    QStringList categories() const;
    int pinnedOutlineCount() const;
    // The value written above each bar ("23.63 GiB"), in category order; for tests.
    QStringList totalLabels() const;
    qreal axisTop() const;
    // Where the line labels, the totals and the lines lie in the scene, for layout tests.
    enum class Line { Budget, Card };
    QRectF lineLabelRect(Line line) const;
    qreal lineY(Line line) const;
    QList<QRectF> totalLabelRects() const;

    // Locked: the value axis keeps its scale while the bars change (it grows only when a bar
    // would be cut), so a class compares heights; unlocked it fits the tallest bar.
    void setAxisLocked(bool locked);
    bool isAxisLocked() const { return m_axisLocked; }

protected:
    void changeEvent(QEvent* event) override; // a palette change recolours the labels and lines

private:
    // The accessible description: every bar's weights, KV cache and total, and the budget, in words.
    void describe(std::uint64_t budgetBytes, std::uint64_t cardBytes);
    void showHover(bool on, int index, QBarSet* set);
    void placeLineLabels();
    void showBudgetText();
    void placeTotalLabels();
    // Scene boxes of the figures written on the bars (Qt Charts' centred values), which the
    // line labels keep clear of.
    QList<QRectF> barValueRects() const;
    QList<QRectF> barValueRects(std::size_t bar) const; // one bar's
    void restyle();

    QStackedBarSeries* m_series;
    std::vector<QBarSet*> m_sets;
    QLineSeries* m_budget;
    QLineSeries* m_card;
    class QGraphicsSimpleTextItem* m_budgetLabel;
    class QGraphicsSimpleTextItem* m_cardLabel;
    class QGraphicsRectItem* m_budgetBack; // a pale box behind each line label, so bars never hide it
    class QGraphicsRectItem* m_cardBack;
    std::vector<QLineSeries*> m_pinned;
    QBarCategoryAxis* m_xAxis;
    QValueAxis* m_lineXAxis;
    QValueAxis* m_yAxis;
    std::vector<Bar> m_bars;
    std::vector<class QGraphicsSimpleTextItem*> m_totals;
    bool m_axisLocked = false;
    QString m_budgetText; // the budget line's label as given; shown on two lines in presenter mode
};
