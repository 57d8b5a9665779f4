#pragma once

#include "decode.h"

#include <QObject>

#include <atomic>

Q_DECLARE_METATYPE(kvscope::gpu::StepRecord)
Q_DECLARE_METATYPE(kvscope::gpu::DecodeReport)
Q_DECLARE_METATYPE(kvscope::gpu::DecodeOptions)

// Runs the decode core on its own thread. Results travel as values; stop() is honoured
// within one decode step.
class DecodeWorker : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

public slots:
    // A short probe first (2 steps per mode) to estimate the run's duration, then the run.
    void run(const kvscope::gpu::DecodeOptions& options);
    void stop() { m_stop = true; }

signals:
    void estimated(double seconds);
    void stepMeasured(const kvscope::gpu::StepRecord& step);
    void finished(const kvscope::gpu::DecodeReport& report);
    void failed(const QString& message);

private:
    std::atomic<bool> m_stop{false};
};

// Seconds a full run should take, from the probe's per-mode step costs.
double estimateRunSeconds(const kvscope::gpu::DecodeOptions& options, const kvscope::gpu::DecodeReport& probe);
