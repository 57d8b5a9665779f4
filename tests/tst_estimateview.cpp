// The window says what its estimates assume: the KV formula multiplies to the total it shows
// (a sliding window's S), a typed parameter count is not "published", the KV heads control and the
// attention page follow one rule, an empty cache says why, and one size unit rules every page.
#include "attentionpage.h"
#include "breakdownmodel.h"
#include "controlspanel.h"
#include "fitmapwidget.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "memorypage.h"
#include "scalingpage.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "sweep.h"
#include "testutils.h"
#include "units.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QValueAxis>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

void showAndWait(MainWindow& window, const QString& page = QStringLiteral("memory")) {
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showPage(page));
}

QString axisTitle(QChartView* view) {
    const auto axes = view->chart()->axes(Qt::Vertical);
    return axes.isEmpty() ? QString() : axes.front()->titleText();
}

} // namespace

class TestEstimateView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { Settings::instance()->setSizeUnit(kvscope::SizeUnit::Binary); }
    void cleanup() { Settings::instance()->setSizeUnit(kvscope::SizeUnit::Binary); }

    // Mistral-7B at 32K: its windowed layers keep 4,096 tokens, and the formula puts 4,096 in.
    void formulaUsesTheWindow() {
        ScenarioController controller;
        kvscope::Scenario s = kvscope::withPresetModel(kvscope::defaultScenario(), "mistral-7b");
        s.context = 32768;
        QVERIFY(controller.setScenario(s));
        MainWindow window(&controller);
        showAndWait(window);
        const QString formula = window.memoryPage()->formulaText();
        QVERIFY2(formula.contains(u"4,096</b></span> x "_s), qPrintable(formula)); // S put in
        QVERIFY2(!formula.contains(u"32,768</b></span> x "_s), qPrintable(formula));
        QVERIFY(formula.contains(u"<b>4.00 GiB</b>"_s));
        KV_COMPARE_U64(controller.estimate().kvBytes, 4 * kvscope::GiB);
        // The breakdown's tooltip composes the same term.
        const BreakdownModel* model = window.memoryPage()->breakdownModel();
        const QString how =
            model->data(model->index(BreakdownModel::KvCache, BreakdownModel::Term), Qt::ToolTipRole).toString();
        QVERIFY2(how.contains(u"4,096 tokens"_s), qPrintable(how));
    }

    // A count typed in the Params control is the user's, not the published one.
    void typedParamsAreSetByHand() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        const BreakdownModel* model = window.memoryPage()->breakdownModel();
        const auto weightsHow = [&] {
            return model->data(model->index(BreakdownModel::Weights, BreakdownModel::Term), Qt::ToolTipRole).toString();
        };
        QVERIFY2(weightsHow().contains(u"(published)"_s), qPrintable(weightsHow()));
        auto* params = window.findChild<QDoubleSpinBox*>(u"params"_s);
        QVERIFY(params);
        params->setValue(7.0);
        settle();
        QCOMPARE(controller.scenario().model.paramsSource, kvscope::ParamsSource::UserSet);
        QVERIFY2(weightsHow().contains(u"7,000,000,000 (set by hand)"_s), qPrintable(weightsHow()));
        QVERIFY(!weightsHow().contains(u"published"_s));
        QVERIFY(params->toolTip().contains(u"(set by hand)"_s));
    }

    // The KV heads control, the attention page and `estimate --kv-heads` share withKvHeads.
    void kvHeadsControlAgreesWithTheAttentionPage() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window, u"attention"_s);
        const auto variants = kvscope::attentionVariants(controller.scenario());
        QCOMPARE(variants.back().kind, kvscope::AttentionKind::MQA);
        const QAbstractItemModel* table = window.attentionPage()->table()->model();
        QCOMPARE(table->index(2, 5).data().toString(), u"%1 at 8K tokens"_s.arg(variants.back().maxBatch));
        QComboBox* kv = window.controls()->kvHeads();
        kv->setCurrentIndex(kv->findData(1u));
        QCOMPARE(controller.scenario().model.kvHeads, 1u);
        QCOMPARE(controller.maxBatch(), variants.back().maxBatch);
        KV_COMPARE_U64(controller.estimate().params.total, variants.back().params.total);
        QVERIFY(controller.estimate().params.kvAdjusted);
    }

    void emptyCapacitySaysWhy() {
        ScenarioController controller;
        QVERIFY(controller.setScenario(kvscope::withPresetModel(kvscope::defaultScenario(), "llama-3-70b")));
        MainWindow window(&controller);
        showAndWait(window);
        QVERIFY2(window.memoryPage()->capacityText().contains(u"No KV memory: weights 131.42 GiB"_s),
                 qPrintable(window.memoryPage()->capacityText()));
    }

    // One unit for the whole window: View > Sizes, the table's combo, every page.
    void oneSizeUnit() {
        ScenarioController controller;
        MainWindow window(&controller);
        showAndWait(window);
        QCOMPARE(axisTitle(window.memoryPage()->chart()), u"GiB"_s);
        auto* gb = window.findChild<QAction*>(u"unitGB"_s);
        QVERIFY(gb);
        QVERIFY(!gb->isChecked());
        gb->trigger();
        settle();
        QCOMPARE(Settings::instance()->sizeUnit(), kvscope::SizeUnit::Decimal);
        QVERIFY(window.findChild<QAction*>(u"unitGB"_s)->isChecked());
        // Memory page: chart axis, bars (16.06 GB of weights), breakdown table, verdict, formula.
        QCOMPARE(axisTitle(window.memoryPage()->chart()), u"GB"_s);
        QCOMPARE(qRound(window.memoryPage()->chart()->values(0).value(0) * 100), 1606);
        QCOMPARE(window.memoryPage()->breakdownModel()->unit(), kvscope::SizeUnit::Decimal);
        QVERIFY(window.memoryPage()->verdictText().contains(u" GB"_s));
        QVERIFY(!window.memoryPage()->verdictText().contains(u"GiB"_s));
        QVERIFY(window.memoryPage()->formulaText().contains(u"<b>8.59 GB</b>"_s));
        QVERIFY(window.memoryPage()->capacityText().contains(u"2.10 MB each"_s)); // a 16-token block of 128 KiB
        // Attention page: per token in kB, the cache in GB.
        QVERIFY(window.showPage(u"attention"_s));
        QCOMPARE(window.attentionPage()->table()->model()->index(1, 2).data().toString(), u"131.07 kB"_s);
        QCOMPARE(window.attentionPage()->table()->model()->index(1, 3).data().toString(), u"8.59 GB"_s);
        QCOMPARE(axisTitle(window.attentionPage()->chartView()), u"kB per token"_s);
        // Scaling page: the axis and the fit map's hover text.
        QVERIFY(window.showPage(u"scaling"_s));
        QCOMPARE(axisTitle(window.scalingPage()->chartView()), u"GB per GPU"_s);
        // Back: everything in GiB again, and the table's combo follows the menu.
        window.findChild<QAction*>(u"unitGiB"_s)->trigger();
        settle();
        QCOMPARE(axisTitle(window.scalingPage()->chartView()), u"GiB per GPU"_s);
        QVERIFY(window.showPage(u"memory"_s));
        QCOMPARE(axisTitle(window.memoryPage()->chart()), u"GiB"_s);
        QCOMPARE(window.memoryPage()->breakdownModel()->unit(), kvscope::SizeUnit::Binary);
    }
};

QTEST_MAIN(TestEstimateView)
#include "tst_estimateview.moc"
