#pragma once

#include "rooflinerun.h"

#include <QObject>
#include <QString>

#include <atomic>

Q_DECLARE_METATYPE(kvscope::gpu::RooflineReport)
Q_DECLARE_METATYPE(kvscope::gpu::RooflineOptions)

// Measures the roofline on its own thread (gpu::measureRoofline). Signals per run(): progress (0 or
// more), then exactly one of finished or failed. stop() is honoured within a small part of a step.
class RooflineWorker : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

public slots:
    void run(const kvscope::gpu::RooflineOptions& options);
    void stop() { m_stop = true; }
    void arm() { m_stop = false; }

signals:
    void progress(double fraction, const QString& what);
    void finished(const kvscope::gpu::RooflineReport& report);
    void failed(const QString& message);

private:
    std::atomic<bool> m_stop{false};
};
