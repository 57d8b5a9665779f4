#include "chartstyle.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QEvent>
#include <QFont>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QLegend>
#include <QLogValueAxis>
#include <QPointer>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace chartstyle {

namespace {

// `b` over `a` at `amount` (0 to 1): grid and axis lines between the background and the text.
QColor mix(const QColor& a, const QColor& b, double amount) {
    const auto channel = [&](int x, int y) { return int(std::lround(x + (y - x) * amount)); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()), channel(a.blue(), b.blue()));
}

// A chart's palette is its view's (the widget's, which follows the application's).
QPalette paletteOf(const QChart* chart) {
    if (chart->scene())
        for (const QGraphicsView* view : chart->scene()->views())
            return view->palette();
    return QApplication::palette();
}

// Restyles a chart when its view's palette changes (the application's, or the view's own).
class PaletteFollower : public QObject {
public:
    PaletteFollower(QChart* chart, QObject* view)
        : QObject(chart)
        , m_chart(chart) {
        view->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::PaletteChange)
            restyle(m_chart);
        return false;
    }

private:
    QChart* m_chart;
};

} // namespace

QString schemeName(Scheme scheme) {
    switch (scheme) {
    case Scheme::Light:
        return u"light"_s;
    case Scheme::Dark:
        return u"dark"_s;
    case Scheme::System:
        break;
    }
    return u"system"_s;
}

std::optional<Scheme> parseScheme(const QString& name) {
    for (Scheme s : {Scheme::System, Scheme::Light, Scheme::Dark})
        if (name == schemeName(s))
            return s;
    return std::nullopt;
}

QPalette lightPalette() {
    if (QStyle* fusion = QStyleFactory::create(u"Fusion"_s)) {
        QPalette palette = fusion->standardPalette();
        delete fusion;
        // Fusion's selection (#308cc6) gives white text 3.6:1; a deeper blue gives 5.2:1 (AA).
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
            palette.setColor(group, QPalette::Highlight, QColor(0x2f, 0x6e, 0xb5));
        return palette;
    }
    return QApplication::style()->standardPalette();
}

QPalette darkPalette() {
    // Text #e8e8e8 on a #262626 window (12:1) and a #1c1c1c base (14:1); disabled text 4.6:1.
    QPalette p;
    const QColor window(0x26, 0x26, 0x26), base(0x1c, 0x1c, 0x1c), text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x8a, 0x8a, 0x8a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::ToolTipBase, QColor(0x32, 0x32, 0x32));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5a, 0x5a));
    p.setColor(QPalette::Dark, QColor(0x14, 0x14, 0x14));
    p.setColor(QPalette::Shadow, QColor(0x00, 0x00, 0x00));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6e, 0xb5)); // white on it: 5.2:1
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x7a, 0xb8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xc7, 0x9c, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(0x2c, 0x2c, 0x2c));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4a, 0x4a));
    return p;
}

bool isDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightnessF() < palette.color(QPalette::WindowText).lightnessF();
}

double contrastRatio(const QColor& a, const QColor& b) {
    const auto luminance = [](const QColor& c) {
        const auto linear = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const QColor rgb = c.toRgb();
        return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Light set: at least 4.5:1 on Fusion's #efefef window and on white; dark set: on #262626 and #1c1c1c.
QColor good(const QPalette& palette) {
    return isDark(palette) ? QColor(0x4f, 0xd1, 0xa5) : QColor(0x00, 0x7a, 0x5a);
}
QColor bad(const QPalette& palette) {
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
}
QColor budgetText(const QPalette& palette) {
    return isDark(palette) ? QColor(0xff, 0x7a, 0x45) : QColor(0xa0, 0x40, 0x00);
}
QColor mutedText(const QPalette& palette) {
    return isDark(palette) ? QColor(0xb0, 0xb0, 0xb0) : QColor(0x57, 0x57, 0x57);
}
QColor pinned(const QPalette& palette) {
    return isDark(palette) ? palette.color(QPalette::Text) : QColor(0x11, 0x18, 0x27);
}
QColor symbol(char symbol, const QPalette& palette) {
    const bool dark = isDark(palette);
    switch (symbol) {
    case '2':
        return dark ? QColor(0xe6, 0xb3, 0x5c) : QColor(0x7a, 0x4b, 0x00);
    case 'L':
        return dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x67, 0xa5);
    case 'B':
        return dark ? QColor(0xf0, 0xa0, 0x50) : QColor(0x9c, 0x4e, 0x00);
    case 'S':
        return dark ? QColor(0x4f, 0xd1, 0xa5) : QColor(0x00, 0x7a, 0x5a);
    case 'H':
        return dark ? QColor(0xe8, 0x8f, 0xc4) : QColor(0xa8, 0x44, 0x7e);
    case 'D':
        return dark ? QColor(0xa9, 0xa1, 0xff) : QColor(0x5a, 0x4f, 0xcf);
    default:
        return dark ? QColor(0xc8, 0xc8, 0xc8) : QColor(0x44, 0x44, 0x44);
    }
}
QColor fitsFill(const QPalette& palette) {
    return isDark(palette) ? QColor(0x12, 0x4a, 0x3a) : QColor(0xdc, 0xf5, 0xeb);
}
QColor overFill(const QPalette& palette) {
    return isDark(palette) ? QColor(0x5c, 0x24, 0x1e) : QColor(0xf7, 0xcf, 0xb4);
}

Style* Style::instance() {
    static Style style;
    return &style;
}

void Style::setPresenter(bool on) {
    if (on == m_presenter)
        return;
    m_presenter = on;
    emit changed();
}

void Style::watchPalette() {
    if (m_watching || !qobject_cast<QApplication*>(QCoreApplication::instance()))
        return;
    m_watching = true;
    m_systemStyle = QApplication::style()->name();
    m_systemToolTips = QToolTip::palette();
    qApp->installEventFilter(this);
}

bool Style::eventFilter(QObject* watched, QEvent* event) {
    // The desktop's palette changed (or someone set the application's): widgets take their new
    // palettes one after another in this same call, so recolour once they all have it.
    if (event->type() == QEvent::ApplicationPaletteChange && watched == qApp && !m_pending) {
        m_pending = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (!m_pending)
                    return;
                m_pending = false;
                emit changed();
            },
            Qt::QueuedConnection);
    }
    return false;
}

void Style::setScheme(Scheme scheme) {
    watchPalette();
    m_scheme = scheme;
    if (scheme == Scheme::System) {
        if (!m_overridden) // the desktop's style and palette are still in place: leave them be
            return;
        if (!m_systemStyle.isEmpty() && QApplication::style()->name() != m_systemStyle)
            QApplication::setStyle(m_systemStyle);
        // An empty palette resolves to the platform theme's, and keeps following it.
        QApplication::setPalette(QPalette());
        QToolTip::setPalette(m_systemToolTips);
        m_overridden = false;
    } else {
        m_overridden = true;
        if (QApplication::style()->name() != u"fusion"_s)
            QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(scheme == Scheme::Dark ? darkPalette() : lightPalette());
        QToolTip::setPalette(QApplication::palette()); // tooltips keep a palette of their own: the scheme's
    }
    // Qt hands the widgets their new palettes through posted events: deliver them now, so
    // that every widget has its palette when the pages recolour.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::ApplicationPaletteChange);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::PaletteChange);
    m_pending = false; // one `changed`, at once
    emit changed();
}

void Style::setPresenterScale(qreal scale) {
    if (qFuzzyCompare(scale, m_presenterScale))
        return;
    m_presenterScale = scale;
    if (m_presenter)
        emit changed();
}

qreal presenterScaleFor(int imageHeight) {
    // A projector throws its whole image on the same wall: a 720-line image draws each pixel 1.5x as large as a
    // 1080-line one, so 12 pt there reads as 18 pt does at 1080. Steps of half a point, never above 18.
    const qreal scale = std::clamp(qreal(imageHeight) / 1080.0, 2.0 / 3.0, 1.0);
    return std::round(scale * 36.0) / 36.0;
}
qreal presenterPoints() {
    return 18.0 * Style::instance()->presenterScale();
}
qreal bodyPoints() {
    return presenter() ? presenterPoints() : QApplication::font().pointSizeF();
}
qreal titlePoints() {
    return presenter() ? presenterPoints() : 12.0;
}
qreal headlinePoints() {
    return presenter() ? 28.0 * Style::instance()->presenterScale() : 16.0;
}
QFont headlineFont() {
    QFont font = QApplication::font();
    font.setPointSizeF(headlinePoints());
    font.setBold(true);
    return font;
}
qreal lineWidth(qreal normal) {
    return presenter() ? normal * 2.0 : normal;
}

void recolor(QChart* chart, const QPalette& palette) {
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    chart->legend()->setBorderColor(mix(base, text, 0.3));
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(mix(base, text, 0.55));
        axis->setGridLineColor(mix(base, text, 0.18));
        axis->setMinorGridLineColor(mix(base, text, 0.09));
    }
}

void restyle(QChart* chart) {
    recolor(chart, paletteOf(chart));
    QFont title = QApplication::font();
    title.setPointSizeF(titlePoints());
    title.setBold(true);
    chart->setTitleFont(title);
    QFont body = QApplication::font();
    body.setPointSizeF(presenter() ? bodyPoints() : body.pointSizeF());
    chart->legend()->setFont(body);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(body);
        QFont axisTitle = body;
        axisTitle.setBold(presenter());
        axis->setTitleFont(axisTitle);
    }
}

int decimalsFor(double interval) {
    if (!(interval > 0) || interval >= 1.0)
        return 0;
    for (int decimals = 1; decimals < 6; ++decimals) {
        const double scaled = interval * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6)
            return decimals;
    }
    return 6;
}

void setLogRange(QLogValueAxis* axis, double min, double max) {
    axis->setRange(min * (1.0 - 1e-9), max * (1.0 + 1e-9));
}

void setValueRange(QValueAxis* axis, double top) {
    // Qt's nice numbers are worked out on a detached axis first: every range set on a chart's
    // axis lays its labels out again at once, and setting the raw range then the nice one did
    // that twice on every slider frame, even when the nice range came out the same.
    static QValueAxis scratch;
    scratch.setTickCount(axis->tickCount());
    scratch.setRange(axis->min(), axis->max());
    scratch.setRange(0, top > 0 ? top : 1.0);
    scratch.applyNiceNumbers();
    const int ticks = std::max(2, scratch.tickCount());
    const double interval = (scratch.max() - scratch.min()) / (ticks - 1);
    // At least one decimal under 10: a one-digit label is narrower than the "..." Qt Charts reserves beside
    // a vertical axis's title, which is then elided.
    const int decimals = std::max(decimalsFor(interval), scratch.max() < 10 ? 1 : 0);
    const QString format = QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f");
    if (axis->min() == scratch.min() && axis->max() == scratch.max() && axis->tickCount() == scratch.tickCount() &&
        axis->labelFormat() == format)
        return;
    axis->setTickCount(scratch.tickCount());
    axis->setRange(scratch.min(), scratch.max());
    axis->setLabelFormat(format);
}

void apply(QChart* chart, const QString& title) {
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Chart items move on every slider tick; a BSP index would be rebuilt each time.
    if (chart->scene())
        chart->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    restyle(chart);
    Style::instance()->watchPalette();
    if (chart->scene())
        for (QGraphicsView* view : chart->scene()->views())
            new PaletteFollower(chart, view);
    // Axes are usually added after this call: restyle once more when the page is built.
    QPointer<QChart> guard(chart);
    QTimer::singleShot(0, chart, [guard] {
        if (guard)
            restyle(guard);
    });
    QObject::connect(Style::instance(), &Style::changed, chart, [chart] { restyle(chart); });
}

} // namespace chartstyle
