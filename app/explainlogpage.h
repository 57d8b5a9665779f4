#pragma once

#include "page.h"
#include "serverlog.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <iterator>

#include <optional>

#include <QFutureWatcher>

#include <string>
#include <vector>

class ScenarioController;
class QBarCategoryAxis;
class QBarSet;
class QChartView;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedBarSeries;
class QTableWidget;
class QTimer;
class QValueAxis;

// "Explain my log": a pasted or opened server start-up log (vLLM, llama.cpp, SGLang) read by
// core/serverlog, its own decomposition drawn beside KV Scope's estimate for the same model and
// settings, the stated and recomputed figures in a table with disagreements flagged in words,
// and the differences named. Parsing 16 MiB takes well under a second (measured in the report),
// so it runs on the GUI thread, a moment after the last keystroke.
class ExplainLogPage : public Page {
    Q_OBJECT

public:
    // With a controller the model picker also offers the scenario's model (a config.json the
    // window opened, say); its changes re-explain the log when that model is picked.
    static const PageKind& kind();
    explicit ExplainLogPage(ScenarioController* controller = nullptr, QWidget* parent = nullptr);
    QWidget* exportedChart() const override;
    std::any keptState() const override; // the log's text
    void restoreKeptState(const std::any& state) override;

    // Replaces the text box's content and explains it now (tests, Open log..., a drop).
    void setLogText(const QString& text);
    QString logText() const;
    // Reads a file of at most 16 MiB; false, with the reason in errorText(), when it cannot.
    bool openLog(const QString& path);
    // A preset id, "scenario" for the scenario's model, or empty for the model the log names.
    void setModelPreset(const QString& presetId);

    const std::optional<kvscope::LogExplanation>& explanation() const { return m_explanation; }
    QString errorText() const { return m_error; }
    bool isReading() const { return m_watcher.isRunning(); }
    QString summaryText() const;
    QTableWidget* figuresTable() const { return m_figures; }
    QTableWidget* termsTable() const { return m_terms; }
    QChartView* chartView() const { return m_view; }
    // Weights, activation peak, non-torch memory, KV cache, CUDA graphs; index 0 the server, 1 KV Scope.
    QList<QBarSet*> barSets() const { return {std::begin(m_sets), std::end(m_sets)}; }
    QStringList barCategories() const; // the chart's two bars' labels
    QLabel* differencesLabel() const { return m_differences; }
    QPlainTextEdit* textBox() const { return m_text; }
    // A log too large to lay out in the box (over kShowWholeMaxChars, or a line over kShowLineMaxChars: a
    // 16 MiB one-line paste had frozen the window for 20 s) is read whole but shown as its first lines, each cut;
    // typing in the box makes what it shows the log again.
    static constexpr qsizetype kShowWholeMaxChars = qsizetype(1) << 20;
    static constexpr qsizetype kShowLineMaxChars = 10'000;
    static constexpr int kPreviewLines = 2'000;
    static constexpr qsizetype kPreviewLineChars = 1'000;
    bool showsPreview() const { return m_preview; }
    QLabel* previewNote() const { return m_previewNote; }
    // The start-ups of the paste, shown one at a time (the last by default).
    QComboBox* runPicker() const { return m_run; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void refresh() override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    // A file dropped anywhere on this page is read as a log (elsewhere the window opens it as a config).
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void showLogText(const QString& text, std::size_t invalidUtf8); // and what openLog counted
    // The log beside the chart on a wide page; above it in presenter mode or under kSideBySideMinWidth,
    // where half the width elided the chart's title, axis title and categories.
    void arrange();
    static constexpr int kSideBySideMinWidth = 1100; // px of page
    class QSplitter* m_split = nullptr;
    void explainNow();
    void fillFigures();
    void fillTerms();
    void fillChart();
    void fillDifferences();

    ScenarioController* m_controller;
    QPlainTextEdit* m_text;
    QString m_wholeText;        // the log itself while the box shows a preview of it
    bool m_preview = false;     // the box shows a preview; m_wholeText is the log
    bool m_settingText = false; // the box is being filled by the page, not typed in
    QLabel* m_previewNote = nullptr;
    QPushButton* m_open;
    QComboBox* m_model;
    QComboBox* m_run; // which start-up of a paste that holds several; hidden for one
    QLabel* m_runLabel;
    QLabel* m_summary;
    QTableWidget* m_figures;
    QTableWidget* m_terms;
    QChartView* m_view;
    QStackedBarSeries* m_series;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_values;
    QBarSet* m_sets[kvscope::kLogBarTerms] = {}; // core's LogBarTerm order
    QLabel* m_differences;
    QTimer* m_debounce;
    // Pastes over 1 MiB are parsed on a worker thread (16 MiB takes about a second); a newer
    // text makes an older result stale, told by the generation.
    struct Outcome {
        std::optional<kvscope::LogExplanation> explanation; // of the last start-up
        std::vector<kvscope::ServerLog> runs;               // every start-up of the paste
        std::optional<kvscope::ModelShape> model;           // the one picked, for another run
        QString error;
    };
    QFutureWatcher<Outcome> m_watcher;
    int m_generation = 0;
    void apply(Outcome outcome);
    void showRun(int index);
    std::optional<kvscope::LogExplanation> m_explanation;
    std::vector<kvscope::ServerLog> m_runs;
    std::optional<kvscope::ModelShape> m_runModel;
    QString m_error;
    std::size_t m_fileInvalidUtf8 = 0; // byte sequences of the opened file that were not UTF-8
};
