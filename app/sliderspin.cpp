#include "sliderspin.h"

#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <cmath>

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

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const int v = valueAt(position);
        if (v == m_spin->value())
            return;
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
        emit valueChanged(v);
    });
    connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(v));
        emit valueChanged(v);
    });
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
}

void SliderSpin::setLogScale(bool log) {
    m_log = log;
    setRange(m_spin->minimum(), m_spin->maximum());
}

void SliderSpin::setSuffix(const QString& suffix) {
    m_spin->setSuffix(suffix);
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
