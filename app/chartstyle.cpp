#include "chartstyle.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QFont>
#include <QGraphicsScene>
#include <QLegend>
#include <QPointer>
#include <QTimer>
#include <QValueAxis>

#include <cmath>

namespace chartstyle {

Style* Style::instance() {
    static Style style;
    return &style;
}

void Style::setPresenter(bool on) {
    if (on == m_presenter)
        return;
    m_presenter = on;
    emit changed();
}

qreal bodyPoints() {
    return presenter() ? 18.0 : QApplication::font().pointSizeF();
}
qreal titlePoints() {
    return presenter() ? 18.0 : 12.0;
}
qreal headlinePoints() {
    return presenter() ? 28.0 : 16.0;
}
QFont headlineFont() {
    QFont font = QApplication::font();
    font.setPointSizeF(headlinePoints());
    font.setBold(true);
    return font;
}
qreal lineWidth(qreal normal) {
    return presenter() ? normal * 2.0 : normal;
}

void restyle(QChart* chart) {
    QFont title = QApplication::font();
    title.setPointSizeF(titlePoints());
    title.setBold(true);
    chart->setTitleFont(title);
    QFont body = QApplication::font();
    body.setPointSizeF(presenter() ? bodyPoints() : body.pointSizeF());
    chart->legend()->setFont(body);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(body);
        QFont axisTitle = body;
        axisTitle.setBold(presenter());
        axis->setTitleFont(axisTitle);
    }
}

int decimalsFor(double interval) {
    if (!(interval > 0) || interval >= 1.0)
        return 0;
    for (int decimals = 1; decimals < 6; ++decimals) {
        const double scaled = interval * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6)
            return decimals;
    }
    return 6;
}

void setValueRange(QValueAxis* axis, double top) {
    axis->setRange(0, top > 0 ? top : 1.0);
    axis->applyNiceNumbers();
    const int ticks = std::max(2, axis->tickCount());
    const double interval = (axis->max() - axis->min()) / (ticks - 1);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsFor(interval)) + QStringLiteral("f"));
}

void apply(QChart* chart, const QString& title) {
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Chart items move on every slider tick; a BSP index would be rebuilt each time.
    if (chart->scene())
        chart->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    restyle(chart);
    // Axes are usually added after this call: restyle once more when the page is built.
    QPointer<QChart> guard(chart);
    QTimer::singleShot(0, chart, [guard] {
        if (guard)
            restyle(guard);
    });
    QObject::connect(Style::instance(), &Style::changed, chart, [chart] { restyle(chart); });
}

} // namespace chartstyle
