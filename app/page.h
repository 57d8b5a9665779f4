#pragma once

#include "scenario.h"

#include <QList>
#include <QStringList>
#include <QWidget>

#include <any>

class Page;
class QLabel;
class ScenarioController;

// What the scenario panel beside a page is to it.
enum class PanelUse {
    Scenario,           // the page draws the scenario: the panel shows
    OwnInputsProjected, // on a projector the page's own inputs are enough (the paged page's trace and pool)
    OwnInputs,          // the page has its own model and settings: the panel folds away
};

// What a page declares to the window, in the page's own file (its static kind()). The table in
// pageregistry.cpp lists the kinds in tab order; the tabs, Ctrl+1..N, Go to Page, --page and its help,
// the cheat sheet, quiz mode's covers and the panel's folding all read it, so a page's id is written once.
struct PageKind {
    QString id;        // --page NAME, a lesson's "page", a scenario code's page=; also the page's objectName
    const char* title; // the tab's title: source text in the context "Page" (QT_TRANSLATE_NOOP)
    PanelUse panel = PanelUse::Scenario;
    // The panel's rows on a projector; empty: the model, both dtypes, context, batch and the GPU.
    QList<kvscope::ScenarioField> presenterFields{};
    // The widgets (objectNames) quiz mode covers until a lesson's answer is revealed.
    QStringList quizFigures{};
    Page* (*create)(ScenarioController* controller, QWidget* parent) = nullptr;

    QString translatedTitle() const;
};

// A page of the main window. Scenario changes mark it stale; only a visible page
// recomputes and redraws, so dragging a slider pays for the page on screen alone, and it
// redraws once per turn of the event loop however many changes arrive in that turn (a fast
// drag sends several values between two frames).
// A figure core cannot compute for this page (a sweep whose size passes 64 bits) is said in
// a banner on the page instead of ending the program; the next redraw that works removes it.
class Page : public QWidget {
    Q_OBJECT

public:
    // Every page redraws when the window's size unit (GiB or GB) changes.
    explicit Page(QWidget* parent = nullptr);

    bool isStale() const { return m_stale; }
    QString refreshError() const; // empty when the last redraw worked

    // Runs a redraw that a change scheduled, now (for code that reads the page's figures at once).
    void flush();

    // The chart File > Export Chart writes; none: the whole page is exported.
    virtual QWidget* exportedChart() const { return nullptr; }
    // What the user made on the page that a language switch keeps (the window is rebuilt around the same
    // scenario): keptState() of the old page goes to restoreKeptState() of the new one. Empty: nothing.
    virtual std::any keptState() const { return {}; }
    virtual void restoreKeptState(const std::any& state) { Q_UNUSED(state); }
    // A run the rebuild would end (a measurement in flight): the language switch waits for it.
    virtual bool isBusy() const { return false; }
    // Figures still being computed off the GUI thread after a change; figuresSettled() says when they are
    // shown (a headless --screenshot of the page waits for it).
    virtual bool hasPendingFigures() const { return false; }

signals:
    void figuresSettled();

public slots:
    // Redraws at the next turn of the event loop when visible, else on the next show.
    void scenarioChanged();

protected:
    virtual void refresh() = 0;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void safeRefresh();
    void placeBanner();

    bool m_stale = true;
    bool m_flushQueued = false;
    QLabel* m_error = nullptr;
};
