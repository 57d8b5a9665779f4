#pragma once

#include <QWidget>

class QSlider;
class QSpinBox;

// A slider and a spin box that always agree. With log scale the slider moves in equal
// steps of log2(value), so 128 to 1M tokens fit one sweep of the hand.
class SliderSpin : public QWidget {
    Q_OBJECT

public:
    explicit SliderSpin(QWidget* parent = nullptr);

    void setRange(int minimum, int maximum);
    void setLogScale(bool log);
    void setSuffix(const QString& suffix);
    int value() const;
    int minimum() const;
    int maximum() const;
    QSlider* slider() const { return m_slider; }
    QSpinBox* spinBox() const { return m_spin; }

public slots:
    void setValue(int value); // emits valueChanged only when the value changes

signals:
    void valueChanged(int value);

private:
    int sliderPosition(int value) const;
    int valueAt(int position) const;

    QSlider* m_slider;
    QSpinBox* m_spin;
    bool m_log = false;
};
