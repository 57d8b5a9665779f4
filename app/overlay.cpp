#include "overlay.h"

#include "chartstyle.h"

#include <QEvent>
#include <QPainter>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace overlay {
namespace {

// A child of its target that keeps the target's whole rectangle and lets clicks through.
class Mark : public QWidget {
public:
    enum class Kind { Highlight, Cover };
    Mark(QWidget* target, Kind kind, const QString& text)
        : QWidget(target)
        , m_kind(kind)
        , m_text(text) {
        setObjectName(kind == Kind::Highlight ? u"lessonHighlight"_s : u"quizCover"_s);
        setAttribute(Qt::WA_TransparentForMouseEvents, kind == Kind::Highlight);
        setAttribute(Qt::WA_NoSystemBackground);
        setGeometry(target->rect());
        target->installEventFilter(this);
        raise();
        show();
    }
    Kind kind() const { return m_kind; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == parent() && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) {
            setGeometry(parentWidget()->rect());
            raise();
        }
        return false;
    }
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        if (m_kind == Kind::Highlight) {
            const qreal width = chartstyle::lineWidth(4);
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
    Kind m_kind;
    QString m_text;
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
    new Mark(target, Mark::Kind::Highlight, QString());
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
