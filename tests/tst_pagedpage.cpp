// The Paged Memory page, offscreen: the same trace in both maps, the paper's figure,
// play/step/restart, and the background timeline.
#include "mainwindow.h"
#include "memorymapwidget.h"
#include "pagedpage.h"
#include "scenariocontroller.h"
#include "testutils.h"

#include <QStandardPaths>
#include <QtTest>

using namespace Qt::StringLiterals;
using kvscope::SlotKind;

namespace {
// The window on its Paged memory page, shown (pages redraw only while visible).
PagedPage* showPagedPage(MainWindow& window) {
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.showPage(QStringLiteral("paged")))
        qFatal("the window did not show its paged page");
    return window.pagedPage();
}

std::size_t countKind(const std::vector<kvscope::SlotCell>& map, SlotKind kind) {
    return std::size_t(std::count_if(map.begin(), map.end(), [kind](const auto& c) { return c.kind == kind; }));
}
} // namespace

class TestPagedPage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void bothMapsReplayTheSameTrace() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        QVERIFY(page->contiguous() && page->paged());
        QCOMPARE(page->contiguous()->requests().size(), page->paged()->requests().size());
        for (int i = 0; i < 50; ++i)
            page->stepOnce();
        QCOMPARE(page->contiguous()->lastStep().step, std::uint64_t(50));
        QCOMPARE(page->paged()->lastStep().step, std::uint64_t(50));
        // Under load the paged pool holds far more tokens than max reservation.
        const auto& c = page->contiguous()->lastStep().usage;
        const auto& p = page->paged()->lastStep().usage;
        QVERIFY(p.tokenStates > 3 * c.tokenStates);
        QVERIFY(page->countersText().contains(u"step <b>51</b>"_s));
        QTRY_VERIFY_WITH_TIMEOUT(page->timelineReady(), 20000);
    }

    void paperFigure() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->loadPaperFigure();
        // After the first step, request A's 2,048-slot reservation holds 8 tokens and will never use 2,038.
        const auto& map = page->contiguous()->slotMap();
        std::size_t internalOfA = 0;
        for (const auto& cell : map)
            internalOfA += cell.request == 0 && cell.kind == SlotKind::Internal ? 1 : 0;
        QCOMPARE(internalOfA, std::size_t(2038));
        // The same two requests paged: under one block of waste each.
        const auto& paged = page->paged()->slotMap();
        QVERIFY(countKind(paged, SlotKind::Internal) + countKind(paged, SlotKind::Reserved) < 2 * 16);
        QCOMPARE(paged.size(), map.size());
    }

    void playPauseAndRestart() {
        ScenarioController controller;
        MainWindow window(&controller);
        PagedPage* page = showPagedPage(window);
        page->setPlaying(true);
        QVERIFY(page->isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(page->paged()->lastStep().step >= 3, 5000);
        page->setPlaying(false);
        const auto stoppedAt = page->paged()->lastStep().step;
        QTest::qWait(150);
        QCOMPARE(page->paged()->lastStep().step, stoppedAt); // pause stops within a frame
        page->restart();
        QCOMPARE(page->paged()->lastStep().step, std::uint64_t(0));
    }

    void hoverHighlightsARequest() {
        MemoryMapWidget map;
        map.resize(400, 300);
        std::vector<kvscope::SlotCell> cells(256);
        for (std::size_t i = 0; i < 64; ++i)
            cells[i] = {7, SlotKind::Token, false};
        map.setMap(cells, 16);
        QSignalSpy hovered(&map, &MemoryMapWidget::requestHovered);
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        QTest::mouseMove(&map, QPoint(8, 30));
        QVERIFY(!hovered.isEmpty());
        QCOMPARE(hovered.last().first().toUInt(), 7u);
        QCOMPARE(map.requestAt(QPoint(399, 299)), UINT32_MAX);
    }
};

QTEST_MAIN(TestPagedPage)
#include "tst_pagedpage.moc"
