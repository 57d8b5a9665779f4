#pragma once

#include "draftwalk.h"
#include "scenario.h"

#include <QWidget>

#include <memory>
#include <optional>

class MemoryMapWidget;
class QLabel;
class QPushButton;
class QTimer;

// Speculative decoding's draft slots in a paged pool, step by step (core's DraftWalk): a few of the scenario's
// sequences with its block size, draft tokens and acceptance rate. Each step shows twice: the drafts written into
// lookahead slots (dotted), then the check, the accepted ones stored and the rejected slots emptied. Step moves
// one phase; Play moves one phase every 0.7 s; the walk starts again when the scenario's speculation changes.
class DraftMapView : public QWidget {
    Q_OBJECT

public:
    explicit DraftMapView(QWidget* parent = nullptr);

    // The scenario's speculation: a new walk when its settings differ from the one shown (none while it is off).
    void setScenario(const kvscope::Scenario& scenario);
    void advance();           // one phase (restarts after the walk has finished)
    void setPlaying(bool on); // a phase every 0.7 s
    bool isPlaying() const;
    QString captionText() const;
    const kvscope::DraftWalk* walk() const { return m_walk.get(); }
    MemoryMapWidget* map() const { return m_map; }

protected:
    void changeEvent(QEvent* event) override; // the caption in the new language

private:
    void display();
    void restart();

    MemoryMapWidget* m_map;
    QLabel* m_caption;
    QPushButton* m_step;
    QPushButton* m_play;
    QTimer* m_timer;
    std::optional<kvscope::DraftWalkConfig> m_config;
    std::unique_ptr<kvscope::DraftWalk> m_walk;
};
