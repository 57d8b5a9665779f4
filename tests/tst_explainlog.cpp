// The Explain log page, offscreen: a fixture's figures reach the table, the chart and the
// differences; disagreements and junk are said in words; the window opens it with Ctrl+0.
#include "chartstyle.h"
#include "explainlogpage.h"
#include "mainwindow.h"
#include "scenariocontroller.h"
#include "testutils.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChartView>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString fixture(const char* name) {
    QFile file(testDataPath("logs/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return QString::fromUtf8(file.readAll());
}

// The row of `table` whose first column starts with `name`; -1 when none does.
int rowOf(const QTableWidget* table, const QString& name) {
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->item(row, 0)->text().startsWith(name))
            return row;
    return -1;
}

QString at(const QTableWidget* table, int row, int column) {
    return row >= 0 && table->item(row, column) ? table->item(row, column)->text() : QString();
}

// The bar sets of the page's stacked chart, by legend name.
QBarSet* setNamed(const ExplainLogPage& page, const QString& name) {
    for (QBarSet* set : page.barSets())
        if (set->label() == name)
            return set;
    return nullptr;
}

} // namespace

class TestExplainLog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The A10 log (vLLM 0.7.x) against Llama-3.1-8B: the table shows the stated and recomputed
    // figures with every check agreeing, the terms and the named differences.
    // Issue 26: a 16 MiB one-line log pasted into the box froze the window for 20 s, laying the line out. A log
    // the box cannot lay out quickly is read whole and shown as its first lines, cut; the same log as a file and
    // as a paste give the same explanation as one the box shows whole.
    void hugeLogIsReadWholeAndShownInPart() {
        const QString log = fixture("vllm-v0-llama-3.1-8b-a10-oracle-1.log");
        const auto figures = [](const ExplainLogPage& p) {
            QStringList cells;
            for (int row = 0; row < p.figuresTable()->rowCount(); ++row)
                for (int column = 0; column < p.figuresTable()->columnCount(); ++column)
                    cells << at(p.figuresTable(), row, column);
            return cells;
        };
        ExplainLogPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setModelPreset(u"llama-3.1-8b"_s);
        page.setLogText(log);
        settle();
        QVERIFY(!page.showsPreview());
        QVERIFY(page.explanation());
        const QStringList whole = figures(page);
        QVERIFY(!whole.isEmpty());
        // The same log with one junk line of 16 MiB less the log in front: too large for the box.
        const QString junk(ExplainLogPage::kShowWholeMaxChars * 16 - log.size() - 1, u'x');
        const QString huge = junk + u'\n' + log;
        page.textBox()->clear();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isReading(), 30000);
        QGuiApplication::clipboard()->setText(huge);
        page.textBox()->paste(); // what Ctrl+V, the context menu and a middle click do: insertFromMimeData
        QVERIFY(page.showsPreview());
        QVERIFY(page.previewNote()->isVisibleTo(&page));
        QVERIFY2(page.previewNote()->text().contains(u"16,777,216 characters"_s),
                 qPrintable(page.previewNote()->text()));
        QCOMPARE(page.logText(), huge);
        QVERIFY(page.textBox()->toPlainText().size() < 2 * ExplainLogPage::kShowWholeMaxChars);
        QVERIFY(page.textBox()->toPlainText().contains(u"more characters)"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isReading(), 60000);
        settle();
        QVERIFY(page.explanation());
        QCOMPARE(figures(page), whole);
        // Typing in the box: what it shows is the log again.
        QTest::keyClick(page.textBox(), Qt::Key_End, Qt::ControlModifier);
        QTest::keyClicks(page.textBox(), u" "_s);
        QVERIFY(!page.showsPreview());
        QVERIFY(!page.previewNote()->isVisibleTo(&page));
        QCOMPARE(page.logText(), page.textBox()->toPlainText());
        // A short line-free paste goes into the box as it always did.
        page.textBox()->clear();
        QGuiApplication::clipboard()->setText(u"INFO hello"_s);
        page.textBox()->paste();
        QVERIFY(!page.showsPreview());
        QCOMPARE(page.textBox()->toPlainText(), u"INFO hello"_s);
    }

    void showsTheFixturesFigures() {
        ExplainLogPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setModelPreset(u"llama-3.1-8b"_s);
        page.setLogText(fixture("vllm-v0-llama-3.1-8b-a10-oracle-1.log"));
        settle();
        QVERIFY(page.explanation());

        const QString summary = page.summaryText();
        QVERIFY2(summary.contains(u"vLLM V0 (0.7.x"_s), qPrintable(summary));
        QVERIFY(summary.contains(u"Compared with Llama-3.1-8B (given)"_s));
        // Seven lines (the newline that ends the last starts none); the refusal line is read too.
        QVERIFY2(summary.contains(u"Lines: 7 read, 6 understood, 1 ignored"_s), qPrintable(summary));
        QVERIFY(summary.contains(u"Failed to start: max_model_len 131,072 is more than the 37,696 tokens"_s));
        QVERIFY(summary.contains(u"✓ The log's numbers agree with each other; the server still did not start."_s));

        QCOMPARE(page.barCategories().value(0), u"Server (log)"_s); // it prints sizes: its bar has them
        const QTableWidget* figures = page.figuresTable();
        const int perToken = rowOf(figures, u"KV bytes per token"_s);
        QCOMPARE(at(figures, perToken, 2), u"131,072 B"_s);
        const int kv = rowOf(figures, u"KV = total x utilization - weights"_s);
        QCOMPARE(at(figures, kv, 1), u"4.60 GiB"_s);
        QCOMPARE(at(figures, kv, 2), u"4.60 GiB"_s);
        QCOMPARE(at(figures, kv, 3), u"✓ agrees"_s);
        const int tokens = rowOf(figures, u"tokens = KV memory"_s);
        QCOMPARE(at(figures, tokens, 1), u"37,696"_s);
        const int concurrency = rowOf(figures, u"concurrency ="_s);
        QCOMPARE(at(figures, concurrency, 1), u"0.29x"_s);
        QCOMPARE(at(figures, concurrency, 2), u"0.29x"_s);
        for (int row = 0; row < figures->rowCount(); ++row)
            QVERIFY(!at(figures, row, 3).contains(u"DISAGREES"_s));

        const QTableWidget* terms = page.termsTable();
        QCOMPARE(terms->rowCount(), 7);
        QCOMPARE(at(terms, rowOf(terms, u"Weights"_s), 1), u"14.99 GiB"_s);
        QCOMPARE(at(terms, rowOf(terms, u"KV bytes per token"_s), 2), u"131,072 B"_s);

        const QString differences = page.differencesLabel()->text();
        QVERIFY(differences.contains(u"activation peak: the server measured 0.22 GiB"_s));
        QVERIFY(differences.contains(u"non-torch memory"_s));
        QVERIFY(differences.contains(u"block rounding"_s));
        QVERIFY(differences.contains(u"utilization: the server may use 0.90"_s));

        // The stacked bars: the server's weights and KV on the left, KV Scope's on the right.
        QBarSet* weights = setNamed(page, u"Weights"_s);
        QBarSet* cache = setNamed(page, u"KV cache"_s);
        QVERIFY(weights && cache);
        QCOMPARE(round2(weights->at(0)), 14.99);
        QCOMPARE(round2(cache->at(0)), 4.60);
        QVERIFY(weights->at(1) > 14.0 && weights->at(1) < 15.5);
        QVERIFY(cache->at(1) > 0);
    }

    // The model named in the log picks the preset; a log whose numbers disagree says so in words.
    void flagsDisagreementInWords() {
        ExplainLogPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setLogText(u"INFO vllm serve \"meta-llama/Llama-3.1-8B-Instruct\"\n"
                        "INFO [kv_cache_utils.py:634] GPU KV cache size: 158,656 tokens\n"
                        "INFO [kv_cache_utils.py:637] Maximum concurrency for 32,768 tokens per request: 9.68x\n"_s);
        settle();
        QVERIFY(page.summaryText().contains(u"Compared with the preset Llama-3.1-8B (matched by name)"_s));
        QVERIFY(page.summaryText().contains(u"DISAGREE"_s));
        const int row = rowOf(page.figuresTable(), u"concurrency ="_s);
        QCOMPARE(at(page.figuresTable(), row, 3), u"✗ DISAGREES"_s);
        QCOMPARE(at(page.figuresTable(), row, 2), u"4.84x"_s);
        QVERIFY(page.figuresTable()->item(row, 3)->font().bold());
    }

    // The scenario's model (a config.json the window opened) can be the one compared; changing the
    // scenario's model re-explains the log.
    void scenarioModel() {
        ScenarioController controller;
        ExplainLogPage page(&controller);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setLogText(fixture("vllm-v1-qwen2-7b-a100-1.log"));
        settle();
        QVERIFY(!page.explanation()->model); // Qwen2-7B-Instruct matches no preset
        page.setModelPreset(u"scenario"_s);
        settle();
        QCOMPARE(page.explanation()->model->displayName, std::string("Llama-3.1-8B"));
        QVERIFY(controller.setScenario(kvscope::withPresetModel(controller.scenario(), "qwen2.5-7b")));
        settle();
        QCOMPARE(page.explanation()->model->displayName, std::string("Qwen2.5-7B"));
        // Qwen2.5-7B has Qwen2-7B's cache: 28 layers x 4 KV heads x 128 x 2 x 2 B, as the log implies.
        QVERIFY(page.differencesLabel()->text().contains(u"block rounding"_s));
        QVERIFY(!page.differencesLabel()->text().contains(u"KV bytes per token: the log implies"_s));
        QVERIFY(page.summaryText().contains(u"Compared with Qwen2.5-7B (given)"_s));
    }

    void notALogIsSaid() {
        ExplainLogPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setLogText(u"Dear class,\nplease bring your laptops.\n"_s);
        settle();
        QVERIFY(!page.explanation());
        QVERIFY(page.summaryText().contains(u"not a server start-up log"_s));
        QCOMPARE(page.figuresTable()->rowCount(), 0);
        page.setLogText(QString());
        settle();
        QVERIFY(page.summaryText().contains(u"Paste a start-up log"_s));
        QVERIFY(!page.openLog(u"/no/such/file.log"_s));
        QVERIFY(page.errorText().contains(u"/no/such/file.log"_s));
    }

    // A paste over 1 MiB is read on a worker thread; the page says so, then shows the figures.
    void largePasteInTheBackground() {
        ExplainLogPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QString text = fixture("vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log");
        while (text.size() < (2 << 20))
            text += u"Loading safetensors checkpoint shards: 100% Completed | 7/7 [02:50<00:00, 24.29s/it]\n"_s;
        page.setLogText(text);
        QTRY_VERIFY_WITH_TIMEOUT(page.explanation().has_value(), 30000);
        QVERIFY(!page.isReading());
        QVERIFY(page.summaryText().contains(u"0.13.0+faa43dbf.nv26.01"_s));
        QCOMPARE(at(page.figuresTable(), rowOf(page.figuresTable(), u"KV bytes per token"_s), 2), u"49,152 B"_s);
        // A newer short paste wins over an older long one still being read.
        page.setLogText(text);
        page.setLogText(fixture("vllm-v1-qwen2-7b-a100-1.log"));
        settle();
        QVERIFY(page.summaryText().contains(u"0.10.1.1"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isReading(), 30000);
        QTest::qWait(50);
        QVERIFY(page.summaryText().contains(u"0.10.1.1"_s));
    }

    // A negative KV size: the server failed; the figures themselves do not disagree.
    void negativeKvIsAFailure() {
        ExplainLogPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setLogText(fixture("vllm-v1-nemotron-nano-4b-gb10-negative-1.log"));
        settle();
        const int row = rowOf(page.figuresTable(), u"KV memory is not negative"_s);
        QCOMPARE(at(page.figuresTable(), row, 1), u"-2.51 GiB"_s);
        QCOMPARE(at(page.figuresTable(), row, 3), u"✗ NEGATIVE"_s);
        QVERIFY(page.summaryText().startsWith(u"<b>✗ Failed to start: the KV memory is -2.51 GiB"_s));
        QVERIFY(page.summaryText().contains(u"Line 10: "_s));
    }

    // A refused start opens the summary with what failed, the largest length that fits and the
    // line; a TP log names each rank; a paste of two start-ups offers both, the last first.
    void failuresRanksAndRuns() {
        ExplainLogPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setLogText(fixture("vllm-v1-max-seq-len-error-pp8-1.log"));
        settle();
        const QString refused = page.summaryText();
        QVERIFY2(refused.startsWith(u"<b>✗ Failed to start: one request of max_model_len 202,752 needs 71.16 GiB of "
                                    "KV cache, but only 28.57 GiB is available</b>"_s),
                 qPrintable(refused));
        QVERIFY(refused.contains(u"The largest max_model_len that fits: 81,392 tokens"_s));
        QVERIFY(refused.contains(u"version not printed"_s));
        QVERIFY(!page.runPicker()->isVisible());

        page.setLogText(fixture("vllm-v1-qwen3-vl-30b-a3b-tp4-3090-1.log"));
        settle();
        const QTableWidget* figures = page.figuresTable();
        for (const QString& rank : {u"TP0"_s, u"TP1"_s, u"TP2"_s, u"TP3"_s}) {
            const int row = rowOf(figures, u"KV cache memory, "_s + rank);
            QVERIFY2(row >= 0, qPrintable(rank));
            QCOMPARE(at(figures, row, 1), u"2.31 GiB"_s);
        }
        QCOMPARE(at(figures, rowOf(figures, u"KV bytes per token"_s), 2), u"24,576 B"_s);

        page.setLogText(fixture("vllm-v0-llama-3.1-8b-3090-two-runs-1.log"));
        settle();
        QVERIFY(page.runPicker()->isVisible());
        QCOMPARE(page.runPicker()->count(), 2);
        QCOMPARE(page.runPicker()->currentIndex(), 1);
        QVERIFY(page.summaryText().contains(u"Start-up 2 of 2 in this paste"_s));
        QVERIFY(page.summaryText().startsWith(u"<b>✗ Failed to start"_s));
        page.runPicker()->setCurrentIndex(0);
        settle();
        QVERIFY(page.summaryText().contains(u"Start-up 1 of 2 in this paste"_s));
        QVERIFY(!page.summaryText().contains(u"Failed to start"_s));

        page.setLogText(fixture("llamacpp-gpt-oss-20b-iswa-3070-1.log"));
        settle();
        QVERIFY(!page.runPicker()->isVisible());
        QVERIFY(page.summaryText().contains(u"totals over its devices"_s));
        const int swa = rowOf(page.figuresTable(), u"SWA KV cache"_s);
        QVERIFY(swa >= 0);
        QCOMPARE(at(page.figuresTable(), swa, 2), u"24,576 B per cell"_s);
        QVERIFY(page.summaryText().contains(u"✓ The log's numbers agree with each other."_s));
    }

    // What the server stated of its cache reaches the table even where no check uses it, as the CLI lists it:
    // the page showed a refused vLLM 0.2 start's 229 blocks and a hybrid's token line and concurrency nowhere.
    void statedFiguresWithoutACheck_data() {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("figure");
        QTest::addColumn<QString>("stated");
        QTest::newRow("0.2: blocks") << u"vllm-v0-0.2-gpu-blocks-1.log"_s << u"GPU blocks"_s << u"229"_s;
        QTest::newRow("0.2: max_model_len") << u"vllm-v0-0.2-gpu-blocks-1.log"_s << u"max_model_len"_s << u"4,096"_s;
        QTest::newRow("hybrid: tokens") << u"vllm-v1-0.19-qwen3.5-27b-hybrid-h20-1.log"_s << u"KV cache tokens"_s
                                        << u"290,864"_s;
        QTest::newRow("hybrid: concurrency")
            << u"vllm-v1-0.19-qwen3.5-27b-hybrid-h20-1.log"_s << u"Maximum concurrency"_s << u"33.04x"_s;
    }
    void statedFiguresWithoutACheck() {
        QFETCH(QString, log);
        QFETCH(QString, figure);
        QFETCH(QString, stated);
        ExplainLogPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setLogText(fixture(log.toUtf8().constData()));
        settle();
        const int row = rowOf(page.figuresTable(), figure);
        QVERIFY2(row >= 0, qPrintable(figure));
        QCOMPARE(at(page.figuresTable(), row, 1), stated);
        // Neither log prints a size: the server's bar is empty, and its label says why.
        QCOMPARE(page.barCategories().value(0), u"Server (log): no sizes printed"_s);
    }

    void opensAFile() {
        ExplainLogPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.openLog(testDataPath("logs/llamacpp-llama-2-7b-q4km-rtx3090-1.log")));
        settle();
        QVERIFY(page.summaryText().contains(u"llama.cpp (KV self size)"_s));
        QVERIFY(page.summaryText().contains(u"70 ignored"_s));
        QCOMPARE(at(page.figuresTable(), rowOf(page.figuresTable(), u"KV size = K + V"_s), 2), u"1024.00 MiB"_s);
    }

    // The last page: Ctrl+0 (the tenth) opens it, its own model picker replaces the scenario panel, and a
    // pasted log survives a language switch (which rebuilds the window).
    // Presenter mode's 18 pt text clipped in the tables' desk-sized rows, and the bars' value
    // labels stayed small: rows follow the text, labels take the presenter size.
    void presenterModeSizesRowsAndLabels() {
        ExplainLogPage page;
        page.resize(1600, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setModelPreset(u"llama-3.1-8b"_s);
        page.setLogText(fixture("vllm-v0-llama-3.1-8b-a10-oracle-1.log"));
        settle();
        QVERIFY(page.explanation());
        chartstyle::Style::instance()->setPresenter(true);
        QCoreApplication::processEvents();
        const QTableWidget* figures = page.figuresTable();
        QVERIFY2(
            figures->rowHeight(0) >= QFontMetrics(figures->font()).height(),
            qPrintable(
                u"row %1 px for text %2 px"_s.arg(figures->rowHeight(0)).arg(QFontMetrics(figures->font()).height())));
        const auto* view = page.findChild<QChartView*>(u"logChart"_s);
        QVERIFY(view && !view->chart()->series().isEmpty());
        const auto* bars = qobject_cast<QAbstractBarSeries*>(view->chart()->series().constFirst());
        QVERIFY(bars);
        const QList<QBarSet*> sets = bars->barSets();
        QVERIFY(!sets.isEmpty());
        for (const QBarSet* set : sets)
            QCOMPARE(set->labelFont().pointSizeF(), chartstyle::bodyPoints());
        chartstyle::Style::instance()->setPresenter(false);
    }

    void lastPageInTheWindow() {
        ScenarioController controller;
        MainWindow window(&controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.pageNames().size(), 10); // the serving, tiers, per-GPU and roofline pages came before it
        QCOMPARE(window.pageNames().at(9), u"log"_s);
        QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(window.currentPageName(), u"log"_s);
        QVERIFY(!window.scenarioDock()->isVisible());
        QVERIFY(window.cheatSheetText().contains(u"Ctrl+1 ... Ctrl+9, Ctrl+0"_s));
        window.explainLogPage()->setLogText(fixture("vllm-v1-qwen2-7b-a100-1.log"));
        settle();
        QVERIFY(window.explainLogPage()->summaryText().contains(u"0.10.1.1"_s));
        QVERIFY(window.setLanguage(u"en"_s));
        QTRY_COMPARE(window.currentPageName(), u"log"_s);
        QVERIFY(window.explainLogPage()->logText().contains(u"GPU KV cache size: 464,848 tokens"_s));
        QVERIFY(window.explainLogPage()->explanation());
        QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
        QVERIFY(window.scenarioDock()->isVisible());
    }
};

QTEST_MAIN(TestExplainLog)
#include "tst_explainlog.moc"
