#include "dtype.h"
#include "error.h"
#include "testutils.h"

#include <QtTest>

using namespace kvscope;

class TestDType : public QObject {
    Q_OBJECT

private slots:
    void parse_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<double>("effectiveBits");
        QTest::newRow("fp32") << QStringLiteral("fp32") << QStringLiteral("fp32") << 32.0;
        QTest::newRow("float32") << QStringLiteral("float32") << QStringLiteral("fp32") << 32.0;
        QTest::newRow("torch.bfloat16") << QStringLiteral("torch.bfloat16") << QStringLiteral("bf16") << 16.0;
        QTest::newRow("BF16 upper") << QStringLiteral("BF16") << QStringLiteral("bf16") << 16.0;
        QTest::newRow("float16") << QStringLiteral("float16") << QStringLiteral("fp16") << 16.0;
        QTest::newRow("half") << QStringLiteral("half") << QStringLiteral("fp16") << 16.0;
        QTest::newRow("fp8") << QStringLiteral("float8_e4m3fn") << QStringLiteral("fp8") << 8.0;
        QTest::newRow("int8") << QStringLiteral("int8") << QStringLiteral("int8") << 8.0;
        QTest::newRow("int4") << QStringLiteral("int4") << QStringLiteral("int4") << 4.0;
        QTest::newRow("int4 g128") << QStringLiteral("int4-g128") << QStringLiteral("int4-g128") << 4.125;
        QTest::newRow("int4 g32") << QStringLiteral("int4-g32") << QStringLiteral("int4-g32") << 4.5;
        QTest::newRow("int8 g64 bf16") << QStringLiteral("int8-g64-bf16") << QStringLiteral("int8-g64-bf16") << 8.25;
        QTest::newRow("int4 g128 fp32") << QStringLiteral("int4-g128-fp32") << QStringLiteral("int4-g128-fp32") << 4.25;
        // Issue 24: the FP4 formats checkpoints ship. MXFP4: 4 bits + an 8-bit E8M0 scale per 32; NVFP4: 4 bits +
        // an FP8 scale per 16; DeepSeek's FP8: one FP32 scale per 128 x 128 block.
        QTest::newRow("mxfp4") << QStringLiteral("mxfp4") << QStringLiteral("mxfp4") << 4.25;
        QTest::newRow("fp4 g32") << QStringLiteral("fp4-g32") << QStringLiteral("mxfp4") << 4.25;
        QTest::newRow("fp4 g32 e8m0") << QStringLiteral("fp4-g32-e8m0") << QStringLiteral("mxfp4") << 4.25;
        QTest::newRow("nvfp4") << QStringLiteral("NVFP4") << QStringLiteral("nvfp4") << 4.5;
        // FP4 always names its scale: "fp4-g32" alone reads as E8M0, so an FP16 scale must survive a round trip.
        QTest::newRow("fp4 g32 fp16") << QStringLiteral("fp4-g32-fp16") << QStringLiteral("fp4-g32-fp16") << 4.5;
        QTest::newRow("fp8 blocks") << QStringLiteral("fp8-g16384-fp32") << QStringLiteral("fp8-g16384-fp32")
                                    << 8.0 + 32.0 / 16384;
        // AWQ and GPTQ: a 16-bit scale and a zero point of the element's width per group (4 + 20 / 128 bits);
        // bitsandbytes' double quantization keeps an 8-bit absmax per 64.
        QTest::newRow("int4 g128 zero points")
            << QStringLiteral("int4-g128-fp16-zp") << QStringLiteral("int4-g128-fp16-zp") << 4.15625;
        QTest::newRow("int8 g64 bf16 zero points")
            << QStringLiteral("int8-g64-bf16-zp") << QStringLiteral("int8-g64-bf16-zp") << 8.0 + 24.0 / 64;
        QTest::newRow("int4 g64 int8") << QStringLiteral("int4-g64-int8") << QStringLiteral("int4-g64-int8") << 4.125;
    }
    void parse() {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QFETCH(double, effectiveBits);
        const DType d = DType::parse(text.toStdString());
        QCOMPARE(QString::fromStdString(d.name()), canonical);
        QCOMPARE(d.effectiveBits(), effectiveBits);
        QCOMPARE(DType::parse(d.name()), d); // the canonical name parses back
    }

    void rejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("empty") << QString() << QStringLiteral("empty");
        QTest::newRow("unknown") << QStringLiteral("int3") << QStringLiteral("unknown format 'int3'");
        QTest::newRow("float with group")
            << QStringLiteral("bf16-g128") << QStringLiteral("only int4, int8, fp8 and fp4");
        QTest::newRow("scale as element") << QStringLiteral("e8m0") << QStringLiteral("a scale format");
        QTest::newRow("fp4 without scales") << QStringLiteral("fp4") << QStringLiteral("block scales");
        QTest::newRow("bad group") << QStringLiteral("int4-128") << QStringLiteral("g<N>");
        QTest::newRow("zero group") << QStringLiteral("int4-g0") << QStringLiteral("whole number");
        QTest::newRow("group junk") << QStringLiteral("int4-g12x") << QStringLiteral("whole number");
        QTest::newRow("bad scale") << QStringLiteral("int4-g128-int4") << QStringLiteral("scales are");
        QTest::newRow("not zero points") << QStringLiteral("int4-g128-fp16-x") << QStringLiteral("only be zp");
        QTest::newRow("float zero points")
            << QStringLiteral("fp8-g128-fp16-zp") << QStringLiteral("only int4 and int8");
        QTest::newRow("too many parts") << QStringLiteral("int4-g128-fp16-zp-x") << QStringLiteral("too many");
        QTest::newRow("int8 scales of fp8") << QStringLiteral("fp8-g128-int8") << QStringLiteral("int8 for int4");
        QTest::newRow("zero points, no scale")
            << QStringLiteral("int4-g128-zp") << QStringLiteral("follow the scale's name");
    }
    void rejects() {
        QFETCH(QString, text);
        QFETCH(QString, why);
        QString message;
        const QByteArray whyUtf8 = why.toUtf8();
        QVERIFY2(throwsErrorContaining([&] { DType::parse(text.toStdString(), "--kv-dtype"); },
                                       {"--kv-dtype", whyUtf8.constData(), "expected one of"}, &message),
                 qPrintable(message));
    }

    void storageRoundsUpToBytes() {
        QCOMPARE(DType::int4().storageBytes(3), std::uint64_t(2)); // 12 bits -> 2 bytes
        QCOMPARE(DType::int4().storageBits(3), std::uint64_t(12));
        // 130 values in groups of 128 need 2 scales.
        QCOMPARE(DType::parse("int4-g128").storageBits(130), std::uint64_t(130 * 4 + 2 * 16));
        // Zero points per group as well: 2 x (16 + 4).
        QCOMPARE(DType::parse("int4-g128-fp16-zp").storageBits(130), std::uint64_t(130 * 4 + 2 * 20));
    }

    void labelsShowScaleOverhead() {
        QCOMPARE(QString::fromStdString(DType::parse("int4-g128").label()),
                 QStringLiteral("INT4 (g128, FP16 scales: 4.125 bits)"));
        QCOMPARE(QString::fromStdString(DType::parse("int4-g128-fp16-zp").label()),
                 QStringLiteral("INT4 (g128, FP16 scales and zero points: 4.156 bits)"));
        QCOMPARE(QString::fromStdString(DType::bf16().label()), QStringLiteral("BF16"));
    }

    void standardListParsesBack() {
        for (const DType& d : standardDTypes())
            QCOMPARE(DType::parse(d.name()), d);
    }
};

QTEST_GUILESS_MAIN(TestDType)
#include "tst_dtype.moc"
