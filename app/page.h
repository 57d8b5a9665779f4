#pragma once

#include <QWidget>

// A page of the main window. Scenario changes mark it stale; only a visible page
// recomputes and redraws, so dragging a slider pays for the page on screen alone.
class Page : public QWidget {
    Q_OBJECT

public:
    using QWidget::QWidget;

    bool isStale() const { return m_stale; }

public slots:
    // Redraws now when visible, else on the next show.
    void scenarioChanged() {
        if (isVisible()) {
            m_stale = false;
            refresh();
        } else {
            m_stale = true;
        }
    }

protected:
    virtual void refresh() = 0;
    void showEvent(QShowEvent* event) override {
        QWidget::showEvent(event);
        if (m_stale) {
            m_stale = false;
            refresh();
        }
    }

private:
    bool m_stale = true;
};
