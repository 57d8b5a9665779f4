#include "device.h"

#include <QtTest>

using namespace kvscope::gpu;

class TestDevice : public QObject {
    Q_OBJECT

private slots:
    void cpuDescription() {
        const DeviceInfo cpu = probeCpu();
        QCOMPARE(cpu.backend, Backend::Cpu);
        QVERIFY(!cpu.name.empty());
        QVERIFY(cpu.cpuThreads >= 1);
        QVERIFY(cpu.totalBytes > 0);
        QVERIFY(cpu.freeBytes <= cpu.totalBytes);
    }

    void probeSaysWhy() {
        const DeviceInfo info = probeDevice();
        const QString summary = QString::fromStdString(info.summary());
        if (info.backend == Backend::Cuda) {
            QVERIFY(info.reason.empty());
            QVERIFY(info.totalBytes > 0 && info.freeBytes <= info.totalBytes);
            QVERIFY(info.computeMajor >= 7);
            QVERIFY(summary.startsWith(QLatin1String("CUDA: ")));
        } else {
            // On the CPU the panel must say why: no driver, no device, or no CUDA in this build.
            QVERIFY(!info.reason.empty());
            QVERIFY(summary.startsWith(QLatin1String("CPU: ")));
            QVERIFY(summary.contains(QString::fromStdString(info.reason)));
            QCOMPARE(info.cudaBuilt, info.reason.find("no CUDA backend") == std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestDevice)
#include "tst_device.moc"
