#include "chartstyle.h"

#include <QChart>
#include <QFont>
#include <QGraphicsScene>
#include <QLegend>

namespace chartstyle {

void apply(QChart* chart, const QString& title) {
    chart->setTitle(title);
    QFont font = chart->titleFont();
    font.setPointSize(12);
    font.setBold(true);
    chart->setTitleFont(font);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Chart items move on every slider tick; a BSP index would be rebuilt each time.
    if (chart->scene())
        chart->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
}

} // namespace chartstyle
