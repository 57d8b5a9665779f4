#include "sliderspin.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace {
constexpr int kLogSteps = 1000;
}

SliderSpin::SliderSpin(QWidget* parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new QSpinBox(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    m_spin->setGroupSeparatorShown(true);
    m_spin->setKeyboardTracking(false);
    m_spin->setMinimumWidth(95);
    m_spin->setAlignment(Qt::AlignRight);
    m_slider->installEventFilter(this);
    m_spin->installEventFilter(this);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const int v = valueAt(position);
        if (v == m_spin->value())
            return;
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
        describe();
        emit valueChanged(v);
    });
    connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(v));
        describe();
        emit valueChanged(v);
    });
    describe();
}

void SliderSpin::describe() {
    QString text = QLocale().toString(m_spin->value()) + m_spin->suffix();
    if (!m_help.isEmpty())
        text += QStringLiteral(". ") + m_help;
    m_slider->setAccessibleDescription(text);
    m_spin->setAccessibleDescription(text);
}

void SliderSpin::setRange(int minimum, int maximum) {
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setRange(minimum, maximum);
    if (m_log)
        m_slider->setRange(0, kLogSteps);
    else
        m_slider->setRange(minimum, maximum);
    m_slider->setValue(sliderPosition(m_spin->value()));
    describe(); // the spin box may have clamped the value
}

void SliderSpin::setLogScale(bool log) {
    m_log = log;
    setRange(m_spin->minimum(), m_spin->maximum());
}

void SliderSpin::setHelp(const QString& toolTip, const QString& whatsThis) {
    for (QWidget* w : {static_cast<QWidget*>(m_slider), static_cast<QWidget*>(m_spin)}) {
        w->setToolTip(toolTip);
        w->setWhatsThis(whatsThis);
    }
    m_help = toolTip;
    describe();
}

int SliderSpin::powerOfTwoStep(int value, int doublings, int minimum, int maximum) {
    const auto v = std::int64_t(std::max(value, 1));
    std::int64_t floor2 = 1;
    while (floor2 * 2 <= v)
        floor2 *= 2;
    std::int64_t next = floor2;
    if (doublings > 0)
        next = floor2 << doublings; // from 17: 32, 64, ...; from 16: 32, 64, ...
    else if (doublings < 0)
        next = floor2 == v ? floor2 >> -doublings : floor2 >> (-doublings - 1); // from 17: 16, 8; from 16: 8, 4
    return int(std::clamp<std::int64_t>(next, minimum, maximum));
}

bool SliderSpin::eventFilter(QObject* watched, QEvent* event) {
    const bool shortcutOverride = event->type() == QEvent::ShortcutOverride;
    // A disabled control (locked by a lesson) takes no step, whatever sends it the key.
    if (!m_log || !isEnabled() || (event->type() != QEvent::KeyPress && !shortcutOverride))
        return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    int doublings = 0;
    switch (key->key()) {
    case Qt::Key_Right:
        doublings = watched == m_slider ? 1 : 0; // in the spin box Left/Right move the text cursor
        break;
    case Qt::Key_Left:
        doublings = watched == m_slider ? -1 : 0;
        break;
    case Qt::Key_Up:
        doublings = 1;
        break;
    case Qt::Key_Down:
        doublings = -1;
        break;
    case Qt::Key_PageUp:
        doublings = 2;
        break;
    case Qt::Key_PageDown:
        doublings = -2;
        break;
    default:
        break;
    }
    if (doublings == 0)
        return QWidget::eventFilter(watched, event);
    if (shortcutOverride) {
        // These keys are ours while we have the focus: the window's shortcuts for the same
        // keys (step the animation, next lesson) must not take them.
        event->accept();
        return true;
    }
    setValue(powerOfTwoStep(value(), doublings, minimum(), maximum()));
    return true;
}

void SliderSpin::setSuffix(const QString& suffix) {
    m_spin->setSuffix(suffix);
    describe();
}
int SliderSpin::value() const {
    return m_spin->value();
}
int SliderSpin::minimum() const {
    return m_spin->minimum();
}
int SliderSpin::maximum() const {
    return m_spin->maximum();
}

void SliderSpin::setValue(int value) {
    if (value == m_spin->value())
        return;
    m_spin->setValue(value); // the spin box's signal moves the slider and emits valueChanged
}

int SliderSpin::sliderPosition(int value) const {
    if (!m_log)
        return value;
    const double lo = std::log2(std::max(1, m_spin->minimum()));
    const double hi = std::log2(std::max(2, m_spin->maximum()));
    if (hi <= lo)
        return 0;
    return int(std::lround((std::log2(std::max(1, value)) - lo) / (hi - lo) * kLogSteps));
}

int SliderSpin::valueAt(int position) const {
    if (!m_log)
        return position;
    const double lo = std::log2(std::max(1, m_spin->minimum()));
    const double hi = std::log2(std::max(2, m_spin->maximum()));
    double v = std::exp2(lo + (hi - lo) * position / kLogSteps);
    // Snap to powers of two near them, so the common sizes (2K, 8K, 32K) are easy to hit.
    const double nearest = std::exp2(std::round(std::log2(v)));
    if (std::abs(v - nearest) / nearest < 0.03)
        v = nearest;
    return std::clamp(int(std::lround(v)), m_spin->minimum(), m_spin->maximum());
}
