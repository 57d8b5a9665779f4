#pragma once

#include <QWidget>

class QLabel;

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
