#include "overlay.h"

#include "chartstyle.h"

#include <QCoreApplication>
#include <QEvent>
#include <QPainter>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace overlay {
namespace {

// A cover is a child of its target that keeps the target's whole rectangle. A highlight is drawn outside its
// target, so that the ring never hides what it marks (a "8,192" read as "8.192", clipped subscripts): it is a
// sibling over the target's rectangle grown by the ring, within the parent. Both let clicks through where they
// should and follow the target as it moves, resizes, shows or hides.
class Mark : public QWidget {
public:
    enum class Kind { Highlight, Cover };
    Mark(QWidget* target, Kind kind, const QString& text)
        : QWidget(kind == Kind::Highlight && target->parentWidget() ? target->parentWidget() : target)
        , m_kind(kind)
        , m_text(text)
        , m_target(target) {
        setObjectName(kind == Kind::Highlight ? u"lessonHighlight"_s : u"quizCover"_s);
        setAttribute(Qt::WA_TransparentForMouseEvents, kind == Kind::Highlight);
        setAttribute(Qt::WA_NoSystemBackground);
        target->installEventFilter(this);
        if (parentWidget() != target) {
            connect(target, &QObject::destroyed, this, [this] {
                hide(); // at once: a neighbour's event before the deletion must not measure a target that is gone
                deleteLater();
            });
            // The ring stops short of its neighbours, so it follows them too: a line above the target that
            // appears or grows later (figures that arrive from a background run) moves the free space.
            for (QWidget* other : parentWidget()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
                if (other != target && other != this)
                    other->installEventFilter(this);
        }
        follow();
        setVisible(parentWidget() == target || target->isVisible());
    }
    Kind kind() const { return m_kind; }
    // The ring's width, and how far outside the target it is drawn.
    static qreal ringWidth() { return chartstyle::lineWidth(4); }
    static int outside() { return int(std::ceil(ringWidth())) + 2; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (!m_target)
            return false;
        if (watched != m_target) { // a neighbour: where it is bounds the ring
            switch (event->type()) {
            case QEvent::Move:
            case QEvent::Resize:
            case QEvent::Show:
            case QEvent::Hide:
                if (isVisible())
                    follow();
                break;
            default:
                break;
            }
            return false;
        }
        switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize:
            follow();
            break;
        case QEvent::Show:
            follow();
            show();
            break;
        case QEvent::Hide:
            if (parentWidget() != m_target)
                hide();
            break;
        default:
            break;
        }
        return false;
    }
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        if (m_kind == Kind::Highlight) {
            const qreal width = ringWidth();
            painter.setPen(QPen(chartstyle::highlight(), width));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(QRectF(rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2), 6, 6);
            return;
        }
        painter.fillRect(rect(), palette().window());
        painter.setPen(QPen(palette().color(QPalette::Mid), 2, Qt::DashLine));
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
        QFont font = painter.font();
        font.setPointSizeF(chartstyle::headlinePoints());
        font.setBold(true);
        painter.setFont(font);
        painter.setPen(palette().color(QPalette::WindowText));
        const QRect upper = rect().adjusted(8, 8, -8, -rect().height() / 2);
        painter.drawText(upper, Qt::AlignHCenter | Qt::AlignBottom, u"?"_s);
        font.setPointSizeF(chartstyle::bodyPoints());
        font.setBold(false);
        painter.setFont(font);
        painter.drawText(rect().adjusted(8, rect().height() / 2, -8, -8),
                         Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_text);
    }

private:
    void follow() {
        if (parentWidget() == m_target) {
            setGeometry(m_target->rect());
        } else {
            // Out as far as the ring needs, but only into free space: never over a neighbour (layouts leave
            // a few pixels between widgets; where that is less than the ring, it overlaps the target's edge).
            const QRect t = m_target->geometry();
            const QRect bounds = parentWidget()->rect();
            int left = std::min(outside(), t.left() - bounds.left());
            int top = std::min(outside(), t.top() - bounds.top());
            int right = std::min(outside(), bounds.right() - t.right());
            int bottom = std::min(outside(), bounds.bottom() - t.bottom());
            for (QWidget* other : parentWidget()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
                if (other == m_target || other == this || other->isHidden() || dynamic_cast<Mark*>(other))
                    continue;
                const QRect o = other->geometry();
                const bool besideRows = o.bottom() >= t.top() && o.top() <= t.bottom();
                const bool besideColumns = o.right() >= t.left() && o.left() <= t.right();
                if (besideRows && o.right() < t.left())
                    left = std::min(left, t.left() - o.right() - 1);
                if (besideRows && o.left() > t.right())
                    right = std::min(right, o.left() - t.right() - 1);
                if (besideColumns && o.bottom() < t.top())
                    top = std::min(top, t.top() - o.bottom() - 1);
                if (besideColumns && o.top() > t.bottom())
                    bottom = std::min(bottom, o.top() - t.bottom() - 1);
            }
            setGeometry(t.adjusted(-std::max(0, left), -std::max(0, top), std::max(0, right), std::max(0, bottom)));
        }
        raise();
    }

    Kind m_kind;
    QString m_text;
    QPointer<QWidget> m_target; // null once destroyed (a highlight is then deleted later)
};

// Keeps a highlighted widget in view in the scroll area around it, until the highlight goes or the user scrolls
// that area. Not once: the page lays out the lesson's scenario over a few passes, and figures a background run
// fills in later (a line of readings above the chart) push the outlined widget down after it was first shown.
class InView : public QObject {
public:
    InView(QWidget* target, QScrollArea* area, QObject* owner)
        : QObject(owner)
        , m_target(target)
        , m_area(area) {
        target->installEventFilter(this);
        if (area->widget())
            area->widget()->installEventFilter(this);
        // Only the user's own scrolling triggers an action (a wheel, a drag, a key); setValue below does not.
        connect(area->verticalScrollBar(), &QAbstractSlider::actionTriggered, this, [this] {
            m_done = true;
            deleteLater();
        });
        schedule();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        // The content widget moves as the area scrolls; only its size says the page changed.
        const bool moved = event->type() == QEvent::Move && watched == m_target;
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show || moved)
            schedule();
        return false;
    }

private:
    void schedule() {
        if (m_pending || m_done)
            return;
        m_pending = true;
        QTimer::singleShot(0, this, [this] {
            m_pending = false;
            if (!m_done)
                scroll();
        });
    }
    void scroll() {
        auto* mark = qobject_cast<QWidget*>(parent());
        if (!m_target || !m_area || !m_area->widget() || !m_target->isVisible() || (mark && mark->isHidden()))
            return; // gone, hidden, or a highlight already cleared (deleted at the next pass)
        // Every pending layout first: the scroll area sizes its content on a posted request, and a figure shown for
        // the lesson's scenario settles its height over a few passes of its own (a word-wrapped label's height
        // follows the width it is given).
        QRect rect;
        for (int pass = 0; pass < 4; ++pass) {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            if (!m_target || !m_area || !m_area->widget())
                return;
            const QRect now(m_target->mapTo(m_area->widget(), QPoint()), m_target->size());
            if (now == rect)
                break;
            rect = now;
        }
        // Its whole height (ensureWidgetVisible takes a chart view's focus point, its top edge), or its top when it
        // is taller than the view; the pages scroll only down.
        QScrollBar* bar = m_area->verticalScrollBar();
        const int view = m_area->viewport()->height();
        if (rect.top() < bar->value() || rect.height() > view)
            bar->setValue(rect.top());
        else if (rect.bottom() >= bar->value() + view)
            bar->setValue(rect.bottom() + 1 - view);
    }

    QPointer<QWidget> m_target;
    QPointer<QScrollArea> m_area;
    bool m_pending = false;
    bool m_done = false; // the user scrolled
};

void clear(QWidget* root, Mark::Kind kind) {
    const auto name = kind == Mark::Kind::Highlight ? u"lessonHighlight"_s : u"quizCover"_s;
    for (QWidget* w : root->findChildren<QWidget*>(name)) {
        w->hide();
        w->setObjectName(QString()); // gone for findChildren at once, deleted at the next event loop pass
        w->deleteLater();
    }
}

int count(QWidget* root, Mark::Kind kind) {
    const auto name = kind == Mark::Kind::Highlight ? u"lessonHighlight"_s : u"quizCover"_s;
    return int(root->findChildren<QWidget*>(name).size());
}

} // namespace

void highlight(QWidget* target) {
    auto* mark = new Mark(target, Mark::Kind::Highlight, QString());
    for (QWidget* p = target->parentWidget(); p; p = p->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(p)) {
            new InView(target, area, mark);
            break;
        }
}
void clearHighlights(QWidget* root) {
    clear(root, Mark::Kind::Highlight);
}
void cover(QWidget* target, const QString& text) {
    new Mark(target, Mark::Kind::Cover, text);
}
void clearCovers(QWidget* root) {
    clear(root, Mark::Kind::Cover);
}
int highlightCount(QWidget* root) {
    return count(root, Mark::Kind::Highlight);
}
int coverCount(QWidget* root) {
    return count(root, Mark::Kind::Cover);
}

} // namespace overlay
