#pragma once

#include <QWidget>

class QSlider;
class QSpinBox;

// A slider and a spin box that always agree. With log scale the slider moves in equal
// steps of log2(value), so 128 to 1M tokens fit one sweep of the hand, and the keyboard
// moves by powers of two: arrows halve or double (from 17, Right gives 32 and Left 16),
// Page Up and Page Down multiply or divide by 4, on the slider and in the spin box alike.
class SliderSpin : public QWidget {
    Q_OBJECT

public:
    explicit SliderSpin(QWidget* parent = nullptr);

    void setRange(int minimum, int maximum);
    void setLogScale(bool log);
    bool isLogScale() const { return m_log; }
    void setSuffix(const QString& suffix);
    int value() const;
    int minimum() const;
    int maximum() const;
    QSlider* slider() const { return m_slider; }
    QSpinBox* spinBox() const { return m_spin; }
    // Tooltip and What's This for both halves at once. The tooltip is also the halves'
    // accessible description, after the current figure ("8,192 tokens. Tokens per sequence...").
    void setHelp(const QString& toolTip, const QString& whatsThis);

    // The value `doublings` powers of two above (or, negative, below) `value`, snapped to
    // a power of two, within [minimum, maximum].
    static int powerOfTwoStep(int value, int doublings, int minimum, int maximum);

public slots:
    void setValue(int value); // emits valueChanged only when the value changes

signals:
    void valueChanged(int value);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // A screen reader reads the slider's position (0-1000 on a log scale): the description
    // says the value itself, with the spin box's suffix.
    void describe();
    int sliderPosition(int value) const;
    int valueAt(int position) const;

    QSlider* m_slider;
    QSpinBox* m_spin;
    bool m_log = false;
    QString m_help;
};
